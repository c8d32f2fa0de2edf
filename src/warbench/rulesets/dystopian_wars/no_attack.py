"""Why an activated part of a squadron has no attack to declare, in words (the Fire form's
``ParamSpace.unavailable``): no model left, every gun fired, or for each gun left the reason
that holds, judged against every enemy it may attack rather than the nearest enemy alone
(a wing of tiny flyers no battery may target says nothing of the battleship out of range).
"""

from __future__ import annotations

from warbench.rulesets.dystopian_wars.attack_listing import (
    GunFrame,
    enemy_targets,
    gun_key,
    guns_of,
)
from warbench.rulesets.dystopian_wars.combat import kind_refusal, shot_refusal
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.option_words import guns_words
from warbench.rulesets.dystopian_wars.state import DWState, Model
from warbench.rulesets.dystopian_wars.world import World, world_of

#: Reasons named (each with the guns it holds for) when no attack may be declared.
REASONS_SHOWN = 3
#: Guns named one by one in such a reason; more are counted.
GUNS_NAMED = 3


def no_attack_reason(state: DWState, data: RulesData, frame: GunFrame) -> str:
    """Why the part activated has no attack to declare, in words: no model of it left, every
    gun fired (DW-SPLIT-FIRE: a gun fires once an activation), or for each gun left the
    reason that holds (:func:`_gun_verdict`), guns with the same one named together."""
    models = [state.models[uid] for uid in frame.part if state.models[uid].active]
    if not models:
        return "no model of this activation is left to fire"
    left = [(model, mount) for model in models for mount in guns_of(data, model)
            if frame.used.get(gun_key(model.uid, mount), 0) >= 0]
    if not left:
        names = ", ".join(model.name for model in models)
        return f"every gun of {names} has fired this activation"
    enemies = enemy_targets(state, models[0].player)
    if not enemies:
        return "no enemy is left on the table"
    world = world_of(state, data)
    why: dict[_Verdict, list[tuple[int, str]]] = {}  # each verdict: the guns it holds for
    apart: dict[_Verdict, float] = {}  # and how far the nearest of them is from its enemy
    for model, mount in left:
        verdict, distance = _gun_verdict(state, data, world, model, mount, enemies)
        why.setdefault(verdict, []).append((model.uid, mount))
        apart[verdict] = min(apart.get(verdict, distance), distance)
    said = [_verdict_words(state, verdict, guns, apart[verdict])
            for verdict, guns in list(why.items())[:REASONS_SHOWN]]
    more = len(why) - REASONS_SHOWN
    tail = f"; and {more} more reason{'s' * (more != 1)}" if more > 0 else ""
    return "no gun left can reach an enemy: " + "; ".join(said) + tail


#: Why one gun may not fire: the nearest enemy it may attack (-1: none on the table) and
#: why not; the nearest enemy it never attacks that is nearer still, if any (-1: none),
#: and why it never does.
_Verdict = tuple[int, str, int, str]


def _gun_verdict(
    state: DWState, data: RulesData, world: World, model: Model, mount: str,
    enemies: list[Model],
) -> tuple[_Verdict, float]:
    """Judge ``model``'s gun ``mount`` against every enemy: those of a kind it never attacks
    (:func:`~.combat.kind_refusal`: a tiny flyer for its batteries) are set aside, and the
    reason given is the rules' reason at the nearest of the others (out of range, out of
    arc, no line of sight...), with the nearer enemy it never attacks where there is one;
    with no other enemy on the table, why it attacks none (the nearest's reason). With the
    verdict, how far that enemy is, edge to edge."""
    by_distance = sorted(enemies, key=lambda enemy: (world.gap(model.uid, enemy.uid), enemy.uid))
    never: tuple[int, str] | None = None
    for enemy in by_distance:
        kind = kind_refusal(state, data, model, mount, enemy)
        if kind is not None:
            never = never or (enemy.uid, kind)
            continue
        reason, _ = shot_refusal(state, data, model, mount, enemy, world=world)
        nearer = never or (-1, "")
        return (enemy.uid, reason or "no shot", *nearer), world.gap(model.uid, enemy.uid)
    assert never is not None
    return (-1, never[1], -1, ""), 0.0


def _verdict_words(
    state: DWState, verdict: _Verdict, guns: list[tuple[int, str]], distance: float
) -> str:
    """A verdict in words, for the guns it holds for (``distance``: from the nearest of
    them to the enemy it names)."""
    target, reason, nearer, why_never = verdict
    named = _guns_short(state, guns)
    they = "they" if len(guns) > 1 else "it"
    if target < 0:
        return f"{named}: no enemy on the table is one {they} may attack: {reason}"
    models = {uid for uid, _ in guns}
    away = "away" if len(models) == 1 else "from the nearest of them"
    # a reason of range already says how far ("... is 13.1 inches away, beyond 8 inches")
    far = "" if "inches" in reason else f", {distance:.1f} inches {away}"
    words = (f"{named} at {state.models[target].name}, the nearest enemy {they} may attack"
             f"{far}: {reason}")
    if nearer >= 0:
        words += f" ({state.models[nearer].name} is nearer, but {why_never})"
    return words


def _guns_short(state: DWState, guns: list[tuple[int, str]]) -> str:
    """A few guns by name; more as a count and the models that carry them (a squadron's
    nine turrets and broadsides read "9 guns of Warden 1, Warden 2 and Warden 3")."""
    if len(guns) <= GUNS_NAMED:
        return guns_words(state, tuple(guns))
    names = list(dict.fromkeys(state.models[uid].name for uid, _ in guns))
    carriers = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{len(guns)} guns of {carriers}"
