"""Spells, animi, feats and healing: casting (COST, RNG, AOE, POW, UP, OFF), magic attacks,
upkeep limits, lasting effects and the once-a-game feat."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from warbench.core.geometry import Point
from warbench.rulesets.hordes.actions import ANIMUS, CAST, HEAL, Animus, Cast, Feat, Heal
from warbench.rulesets.hordes.combat import Strike, attack, under_template
from warbench.rulesets.hordes.damage import heal
from warbench.rulesets.hordes.data import Effect, HordesData, SpellRecord
from warbench.rulesets.hordes.events import SpellEffect
from warbench.rulesets.hordes.game import HordesGame, Table, add_fury, knock_down, name
from warbench.rulesets.hordes.profile import boxes_left, can_be_forced
from warbench.rulesets.hordes.sight import Sight
from warbench.rulesets.hordes.space import gap, in_control_area
from warbench.rulesets.hordes.state import Lasting, Model


def ctrl_fury(game: HordesGame, warlock: Model) -> int:
    """The warlock's FURY, which sets its control area (2 x FURY inches)."""
    return game.data.models[warlock.card].fury


def spell_targets(
    game: HordesGame, caster: Model, record: SpellRecord, sight: Sight | None = None
) -> list[Model]:
    """Models a spell may be cast at: the caster for RNG SELF; any other model in sight for
    an offensive spell, the enemy's first (range is measured after declaring); friendly
    models in sight and in range otherwise. ``sight`` keeps the lines of sight of the
    decision being worked out."""
    models = game.state.models
    return [models[uid] for uid in target_uids(game, caster, record, sight)]


def target_uids(
    game: HordesGame, caster: Model, record: SpellRecord, sight: Sight | None = None
) -> tuple[int, ...]:
    """The uids of :func:`spell_targets`, in the same order."""
    if record.rng == "SELF":
        return (caster.uid,)
    state, data = game.state, game.data
    sight = sight or Sight(data, state)

    def work_out() -> tuple[int, ...]:
        found = []
        for model in state.targets_for(caster.owner):
            if record.off:  # a magic attack may target any model in sight (HOR-OFFENSIVE)
                wanted = model is not caster
            else:
                wanted = model.owner == caster.owner and (
                    model is caster or gap(data, caster, model) <= float(record.rng) + 1e-9
                )
            if wanted and (model is caster or sight.sees(caster, model)):  # sight: dearest
                found.append(model.uid)
        return tuple(found)

    # What is read: life, places, cards (radii), owners and sight: all in the sight key.
    return sight.kept(("spell targets", caster.uid, record.rng, record.off), work_out)


#: The boosts an offensive spell's magic attack roll may take when cast: none, or to hit
#: (its damage roll is offered a boost once it hits, HOR-BOOST).
_BOOSTS: Final = (False, True)


@lru_cache(maxsize=4096)
def _casts(spell: str, target: int, cost: int, off: bool, fury: int) -> tuple[Cast, ...]:
    """The casts of ``spell`` (COST ``cost``, offensive or not) at ``target`` that
    ``fury`` pays for, unboosted first: a pure function of its arguments, kept per process
    (nothing invalidates an entry)."""
    boosts = _BOOSTS if off else _BOOSTS[:1]
    return tuple(CAST(spell, target, hit) for hit in boosts if cost + hit <= fury)


def cast_options(game: HordesGame, warlock: Model, sight: Sight | None = None) -> list[Cast]:
    """Every spell the warlock can pay for, at every legal target, with affordable boosts."""
    data = game.data
    sight = sight or Sight(data, game.state)
    options: list[Cast] = []
    fury = warlock.fury
    for spell in data.models[warlock.card].spells:
        record = data.spells[spell]
        if record.cost > fury:
            continue  # not even the unboosted cast is paid for
        for target in target_uids(game, warlock, record, sight):
            options += _casts(spell, target, record.cost, record.off, fury)
    return options


def animus_options(
    game: HordesGame, active: Model, ran: bool, used: bool, sight: Sight | None = None
) -> list[Animus]:
    """Animi usable now: the active beast's own (forced for its COST, once an activation,
    not after a run), or, for an active warlock, those of its beasts in its control area
    (paid with its own fury, cast as the warlock's own spells: SELF is the warlock)."""
    data, state = game.data, game.state
    sight = sight or Sight(data, state)
    options: list[Animus] = []
    if active.beast:
        warlock = state.warlock(active.owner)
        record = data.models[active.card]
        if used or ran or record.animus is None or warlock is None:
            return []
        spell = data.spells[record.animus]
        if can_be_forced(data, active, spell.cost) is None and in_control_area(
            data, warlock, active, ctrl_fury(game, warlock)
        ):
            targets = target_uids(game, active, spell, sight)
            options += [ANIMUS(active.uid, t) for t in targets]
        return options
    ctrl = ctrl_fury(game, active)
    for beast in state.living(active.owner):
        if not beast.beast:
            continue
        animus = data.models[beast.card].animus
        if animus is None:
            continue
        spell = data.spells[animus]
        if spell.cost <= active.fury and in_control_area(data, active, beast, ctrl):
            # a spell on the warlock's own card: SELF means the warlock, and an offensive
            # one's magic attack roll may be boosted (HOR-ANIMUS-WARLOCK, HOR-BOOST)
            boosts = _BOOSTS if spell.off else _BOOSTS[:1]
            options += [
                ANIMUS(beast.uid, t, hit)
                for t in target_uids(game, active, spell, sight)
                for hit in boosts
                if spell.cost + hit <= active.fury
            ]
    return options


@lru_cache(maxsize=4096)
def _heals(uid: int, most: int) -> tuple[Heal, ...]:
    """Healing 1 to ``most`` boxes of model ``uid`` (kept per process: pure)."""
    return tuple(HEAL(uid, n) for n in range(1, most + 1))


def heal_options(game: HordesGame, warlock: Model) -> list[Heal]:
    """Heals the warlock can pay for: itself or its beasts in its control area."""
    if warlock.fury < 1:
        return []  # not even one box is paid for
    data = game.data
    ctrl = ctrl_fury(game, warlock)
    options: list[Heal] = []
    for model in game.state.living(warlock.owner):
        if model is not warlock and not (
            model.beast and in_control_area(data, warlock, model, ctrl)
        ):
            continue
        marked = data.models[model.card].boxes - boxes_left(data, model)
        options += _heals(model.uid, min(marked, warlock.fury))
    return options


def cast(game: HordesGame, warlock: Model, action: Cast) -> None:
    """Pay for and cast a spell (a boosted magic attack roll costs 1 fury more)."""
    record = game.data.spells[action.spell]
    add_fury(game, warlock, -(record.cost + action.boost_hit), "spend")
    target = game.state.models[action.target]
    resolve_spell(game, warlock, action.spell, record, target, "spell", action.boost_hit)


def use_animus(game: HordesGame, active: Model, action: Animus) -> None:
    """A beast forced for its animus, or a warlock paying for a beast's animus."""
    beast = game.state.models[action.beast]
    spell = game.data.models[beast.card].animus or ""
    record = game.data.spells[spell]
    if active.beast:
        add_fury(game, active, record.cost, "force")
    else:  # as if on its own card: a SELF animus lands on the warlock, a boost is paid
        add_fury(game, active, -(record.cost + action.boost_hit), "spend")
    target = game.state.models[action.target]
    resolve_spell(game, active, spell, record, target, "animus", action.boost_hit)


def resolve_spell(
    game: HordesGame,
    caster: Model,
    spell: str,
    record: SpellRecord,
    target: Model,
    origin: str,
    boost_hit: bool,
) -> None:
    """Offensive spells make a magic attack (2d6 + FURY, boosted or not) and hurt (a
    damage roll the warlock may boost just before it, HOR-BOOST) and hinder every model
    they hit (with an AOE every model under the template, HOR-AUTO-EFFECT); others take
    effect on the target, or with an AOE on every model, friendly or enemy, under the
    template centred on it (AOE CTRL: in the caster's control area, HOR-SPELL-STATS)."""
    game.emit(
        SpellEffect(
            caster.uid,
            spell,
            target.uid,
            text=f"{name(game, caster)} casts {record.name} on {name(game, target)}",
        )
    )
    reached: list[Model] = []
    if record.off:
        attack(game, caster, target, spell_strike(record, boost_hit), reached)
    elif record.ctrl:
        warlock = game.state.warlock(caster.owner) if caster.beast else caster
        centre = warlock or caster  # the warlock's control area, also for a beast's animus
        fury = ctrl_fury(game, centre)
        reached = [
            m for m in game.state.living() if in_control_area(game.data, centre, m, fury)
        ]
    elif record.template:
        reached = under_template(game, Point(target.x, target.y), record.template)
    else:
        reached = [target]
    apply_effects(game, caster, spell, record, record.effects, reached, origin)


def spell_strike(record: SpellRecord, boost_hit: bool) -> Strike:
    """The magic attack an offensive spell makes: 2d6 + FURY, its POW, RNG and AOE (the
    odds read it too)."""
    rng = 0.0 if isinstance(record.rng, str) else record.rng
    return Strike("magic", record.pow, rng, record.template, boost_hit=boost_hit,
                  weapon=record.name)


def apply_effects(
    game: HordesGame,
    caster: Model,
    source: str,
    record: SpellRecord | None,
    effects: tuple[Effect, ...],
    targets: list[Model],
    origin: str,
) -> None:
    """Put the effects on the targets (:func:`land_effects`); a fury effect goes to the
    caster once, up to its FURY (engine default)."""
    land_effects(game, caster, source, record, effects, targets, origin)
    for effect in effects:
        if effect.kind == "fury":  # the caster's, once, whatever its targets
            gained = fury_gained(game.data, caster, caster.fury, (effect,))
            add_fury(game, caster, gained - caster.fury, origin)


def land_effects(
    game: Table,
    caster: Model,
    source: str,
    record: SpellRecord | None,
    effects: tuple[Effect, ...],
    targets: list[Model],
    origin: str,
) -> None:
    """The effects on the targets, all but a caster's fury: stat changes last one round
    (until the caster's side starts its next turn) or, for upkeep spells (a warlock's upkeep
    animus too), while upkept. Each is friendly or enemy by the side of its caster
    (HOR-UPKEEP); an animus ends the older one on each target (HOR-ANIMUS). The odds land
    an offensive spell's effects so on a quiet copy of the game, each model then as its
    damage roll finds it (HOR-SPELL-STATS, HOR-ACTION-ODDS)."""
    state = game.state
    # a warlock's spell is upkept, and so is a beast's animus the warlock uses as a spell of
    # its own card; a beast pays no upkeep (HOR-UPKEEP, HOR-ANIMUS-WARLOCK)
    upkept = record is not None and record.up and (
        origin == "spell" or (origin == "animus" and not caster.beast)
    )
    if upkept and any(target.alive for target in targets):
        # one of each upkeep spell of a warlock in play: its older cast ends, once, before
        # this one lands on all its models (HOR-UPKEEP)
        for entry in [u for u in state.upkeep if u[0] == caster.uid and u[1] == source]:
            end_upkeep(game, entry)
    for target in targets:
        if not target.alive:
            continue
        enemy = target.owner != caster.owner
        if upkept:
            _make_room(game, target, enemy)
        if origin == "animus":
            _end_animus(game, target)
        for effect in effects:
            if effect.kind == "stat" and effect.stat is not None:
                target.effects.append(
                    Lasting(
                        source,
                        origin,
                        effect.stat,
                        effect.amount,
                        caster.uid,
                        -1 if upkept else caster.owner,
                        enemy,
                    )
                )
            elif effect.kind == "heal":
                heal(game, target, effect.amount)
            elif effect.kind == "knockdown":
                knock_down(game, target)
        if upkept:
            state.upkeep.append((caster.uid, source, target.uid))


def fury_gained(data: HordesData, caster: Model, fury: int, effects: tuple[Effect, ...]
                ) -> int:
    """The fury ``caster``, holding ``fury``, holds once the fury ``effects`` among
    ``effects`` have given it theirs, each never past its FURY (engine default). An
    offensive spell's effects land once its attack roll is made, before its damage rolls,
    so the odds count this fury for the damage boosts too (HOR-SPELL-STATS, HOR-BOOST)."""
    cap = data.models[caster.card].fury
    for effect in effects:
        if effect.kind == "fury":
            fury += max(0, min(effect.amount, cap - fury))
    return fury


def _end_animus(game: Table, target: Model) -> None:
    """One animus on a model at a time: the older one ends, an upkept one's upkeep too
    (HOR-ANIMUS)."""
    older = {(e.caster, e.source) for e in target.effects if e.origin == "animus"}
    for entry in [u for u in game.state.upkeep if u[2] == target.uid and u[:2] in older]:
        end_upkeep(game, entry)
    target.effects = [e for e in target.effects if e.origin != "animus"]


def _make_room(game: Table, target: Model, enemy: bool) -> None:
    """One friendly and one enemy upkeep spell per model: the older one of that side
    (``enemy``: the other side's) expires."""
    state = game.state
    for entry in list(state.upkeep):
        if entry[2] == target.uid and (state.models[entry[0]].owner != target.owner) == enemy:
            end_upkeep(game, entry)


def end_upkeep(game: Table, entry: tuple[int, str, int]) -> None:
    """An upkeep spell expires: its effects leave the model."""
    caster, spell, target = entry
    model = game.state.models[target]
    model.effects = [
        e
        for e in model.effects
        if not (e.source == spell and e.caster == caster and e.expires == -1)
    ]
    if entry in game.state.upkeep:
        game.state.upkeep.remove(entry)


def feat(game: HordesGame, warlock: Model, action: Feat) -> None:
    """The warlock's feat: its effects on the models in its control area, for one round."""
    record_id = game.data.models[warlock.card].feat or ""
    record = game.data.feats[record_id]
    warlock.feat_used = True
    game.emit(
        SpellEffect(
            warlock.uid,
            record_id,
            warlock.uid,
            text=f"{name(game, warlock)} uses the feat {record.name}",
        )
    )
    fury = ctrl_fury(game, warlock)
    for effect in record.effects:
        if effect.scope in ("self", "target"):
            chosen = [warlock]
        else:
            friendly = effect.scope == "friendly_ctrl"
            chosen = [
                m
                for m in game.state.living()
                if (m.owner == warlock.owner) == friendly
                and in_control_area(game.data, warlock, m, fury)
            ]
        apply_effects(game, warlock, record_id, None, (effect,), chosen, "feat")


def heal_action(game: HordesGame, warlock: Model, action: Heal) -> None:
    """Spend 1 fury per box healed."""
    add_fury(game, warlock, -action.amount, "spend")
    heal(game, game.state.models[action.target], action.amount)
