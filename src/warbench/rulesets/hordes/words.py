"""HORDES actions in words for people at the table, with the models as the board labels
them (a name shared told apart: ``Mosshound 2``, :mod:`.names`); the readable fallback
(:func:`~warbench.core.preview.action_words`) for the rest."""

from __future__ import annotations

from warbench.core.actions import Action
from warbench.core.preview import action_words, unnamed
from warbench.core.words import player_name
from warbench.rulesets.hordes import actions as act
from warbench.rulesets.hordes.board import mover
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.names import model_label
from warbench.rulesets.hordes.rush import rush_reaches
from warbench.rulesets.hordes.state import HordesState


def action_text(data: HordesData, state: HordesState, action: Action) -> str:
    """``action`` in words, the models it names as the board labels them."""

    def name(uid: int) -> str:
        if not 0 <= uid < len(state.models):
            return "nobody"
        return model_label(data, state.models, state.models[uid])

    def weapon(number: int) -> str:
        model = mover(state)
        weapons = data.models[model.card].weapons if model is not None else ()
        return weapons[number].name if 0 <= number < len(weapons) else f"weapon {number}"

    def aimed(uid: int) -> str:
        """A blow's or magic attack's target, ``your own`` when it is the actor's model."""
        actor = mover(state)
        if actor is None or not 0 <= uid < len(state.models):
            return name(uid)
        return f"your own {name(uid)}" if state.models[uid].owner == actor.owner else name(uid)

    boosts = _boosts(action)
    if isinstance(action, act.Rile):
        times = "once" if action.amount == 1 else f"{action.amount} times"
        return f"rile: force the beast {times} for fury"
    if isinstance(action, act.Discard | act.ClearFury):
        return f"remove {action.amount} fury"
    if isinstance(action, act.Hold):
        return "hold: stay in place"
    if isinstance(action, act.Feat):
        return "use the feat"
    if isinstance(action, act.Activate):
        return f"activate {name(action.model)}"
    if isinstance(action, act.Charge | act.Slam | act.Headbutt):
        return f"{type(action).__name__.lower()} {aimed(action.target)}{_stop(action)}"
    if isinstance(action, act.Attack):
        return f"attack {aimed(action.target)} with {weapon(action.weapon)}{boosts}"
    if isinstance(action, act.Cast):
        record = data.spells.get(action.spell)
        spell = _spell_name(data, action.spell)
        target = aimed(action.target) if record is not None and record.off else name(action.target)
        return f"cast {spell} on {target}{boosts}"
    if isinstance(action, act.Animus):
        return f"{name(action.beast)}'s animus on {name(action.target)}"
    if isinstance(action, act.Heal):
        return f"heal {name(action.target)} by {action.amount} for {action.amount} fury"
    if isinstance(action, act.Leach):
        if 0 <= action.source < len(state.models) and not state.models[action.source].beast:
            # HOR-LEACH-LIFE: a warlock leaching its own life takes 1 damage per fury point
            return (f"leach {action.amount} fury from {name(action.source)}'s own life"
                    f" ({action.amount} damage to {name(action.source)})")
        return f"leach {action.amount} fury from {name(action.source)}"
    if isinstance(action, act.Transfer):
        if action.beast < 0:
            return "take the damage"
        return f"transfer the damage to {name(action.beast)}"
    if isinstance(action, act.DamageBoost):
        if not action.boost:
            return "roll the damage unboosted"
        return f"boost the damage roll on {aimed(action.target)} (1 fury)"
    if isinstance(action, act.FreeStrike):
        return "let it go" if action.weapon < 0 else f"free strike with {weapon(action.weapon)}"
    if isinstance(action, act.Place):
        return (f"place {name(action.model)} at ({action.x:.1f}, {action.y:.1f}), facing"
                f" {action.heading:.0f}°")
    if isinstance(action, act.GoFirst):
        return f"{player_name(action.player)} deploys and plays first"
    if isinstance(action, act.StandUp):
        return f"stand up, giving up the {'movement' if action.give_up == 'move' else 'action'}"
    if isinstance(action, act.Shake):
        return f"{name(action.model)} stands up (1 fury)"
    if isinstance(action, act.Upkeep):
        spell = _spell_name(data, action.spell)
        if action.keep:
            return f"keep {spell} on {name(action.target)} (1 fury)"
        return f"let {spell} on {name(action.target)} expire"
    return action_words(action)


def action_target(data: HordesData, state: HordesState, action: Action) -> str | None:
    """The table label of the model an attack, a spell, a charge or an animus aims at."""
    target = getattr(action, "target", None)
    if not isinstance(action, act.Charge | act.Slam | act.Headbutt | act.Attack | act.Cast):
        return None
    if not isinstance(target, int) or not 0 <= target < len(state.models):
        return None
    return model_label(data, state.models, state.models[target])


#: The fold a player's blows at their own models are listed under, after the others:
#: legal, as "a model may attempt a charge against any model in its line of sight" (the
#: seed, l.306-307; HOR-CHARGE, HOR-SLAM, HOR-COMBAT-ACTION), but seldom what is meant.
OWN_MODELS_ASIDE = (
    "at your own models (legal: a model may charge, slam or attack any model it sees)")
#: The fold of charges and slams whose whole run-out ends short of their target: legal
#: (a model may charge any model it sees), but the rush fails and the activation ends
#: once the model has moved (HOR-CHARGE, HOR-SLAM; the seed, l.302-304 and l.386-389).
SHORT_RUSH_ASIDE = (
    'that cannot reach their target (legal: the model rushes SPD + 3" at it, then its'
    " activation ends)")


def action_aside(data: HordesData, state: HordesState, action: Action) -> str | None:
    """:data:`OWN_MODELS_ASIDE` for a blow of the active model at its own side's model,
    :data:`SHORT_RUSH_ASIDE` for a charge or slam at an enemy it cannot reach."""
    from warbench.rulesets.hordes.bots import own_blow

    actor = mover(state)
    if actor is None:
        return None
    if own_blow(state, data, actor.owner, action):
        return OWN_MODELS_ASIDE
    if isinstance(action, act.Charge | act.Slam) and 0 <= action.target < len(state.models):
        target = state.models[action.target]
        if target is not actor and not rush_reaches(
                data, state, actor, target, isinstance(action, act.Slam), action.stop_short):
            return SHORT_RUSH_ASIDE
    return None


def _spell_name(data: HordesData, spell: str) -> str:
    """A spell by its card's name (its id when the data has no such spell)."""
    record = data.spells.get(spell)
    return record.name if record is not None else spell


def _boosts(action: Action) -> str:
    """The attack roll's boost, chosen with the attack (the damage roll's comes later)."""
    return ", boosting the attack roll" if getattr(action, "boost_hit", False) else ""


def _stop(action: act.Charge | act.Slam | act.Headbutt) -> str:
    """Where a charge or slam stops, when short of the full run-out (HOR-CHARGE, HOR-SLAM)."""
    short = getattr(action, "stop_short", 0.0)
    return f', stopping {short:.2f}" short of it' if short > 0 else ""


#: Fields that name a model by its number.
MODEL_FIELDS = frozenset({"model", "target", "beast", "source"})


def field_value_words(
    data: HordesData, state: HordesState, action: Action, field: str
) -> str | None:
    """A model (as the board labels it; ``your own`` where a blow aims at it) or the acting
    model's weapon named by ``action``'s ``field``, in words (one naming nothing on the
    table says so; ``None`` for other fields)."""
    value = getattr(action, field, None)
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    if field in MODEL_FIELDS:
        models = state.models
        if value < 0:
            return "nobody"
        if value >= len(models):
            return unnamed("model", value)
        named = model_label(data, models, models[value])
        if field == "target" and action_aside(data, state, action) == OWN_MODELS_ASIDE:
            return f"your own {named}"
        return named
    if field == "weapon":
        model = mover(state)
        if value < 0:
            return "none"
        if model is None:
            return unnamed("weapon", value, "no model is active")
        weapons = data.models[model.card].weapons
        if not 0 <= value < len(weapons):
            return unnamed("weapon", value,
                           f"not a weapon of {model_label(data, state.models, model)}")
        return weapons[value].name
    return None
