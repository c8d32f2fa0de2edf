"""A heuristic HORDES bot that decides from its seat's observation only.

It manages fury (leaches all it can, forces beasts only up to one below their FURY unless
the blow may win, clears a frenzied beast, keeps two fury on its warlock for transfers),
transfers damage to the sturdiest beast, keeps its warlock behind its beasts, and sends
everything at the enemy warlock when it can reach it.
"""

from __future__ import annotations

import math
from math import atan2, hypot
from typing import Any, Final, TypeVar

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.geometry.vectors import to_degrees
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream
from warbench.core.rounding import round_to
from warbench.rulesets.hordes.actions import (
    Activate,
    Attack,
    Cast,
    Charge,
    ClearFury,
    DamageBoost,
    Done,
    Feat,
    FreeStrike,
    GoFirst,
    Headbutt,
    Heal,
    Leach,
    Move,
    Place,
    Reave,
    Shake,
    Slam,
    StandUp,
    Transfer,
    Upkeep,
)
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.exact import attack_chances, boxes_dist
from warbench.rulesets.hordes.profile import boxes_left, is_crippled, stat
from warbench.rulesets.hordes.rolls import dice_count
from warbench.rulesets.hordes.space import gap, melee_reach, run_out
from warbench.rulesets.hordes.state import HordesState, Model

#: Fury the bot's warlock keeps for transferring damage.
RESERVE: Final = 2
#: The rise in the chance to destroy the target worth a boost even out of the reserve.
KILL_GAIN: Final = 0.1
#: The rise in expected boxes (toward crippling) worth a boost out of spare fury.
BOXES_GAIN: Final = 1.0
#: The rise in the chance to hit worth boosting an attack roll out of spare fury.
HIT_GAIN: Final = 0.15


class WarlockBot:
    """Fury-minded heuristic play: beasts charge, the warlock shoots spells from behind."""

    name = "warlock"

    def __init__(self, seed: int = 0) -> None:
        self.rng = RandomStream.from_seed(seed)

    def choose(self, observation: Observation[Any, Any], decision: Decision) -> Action:
        state: HordesState = observation.state
        data: HordesData = observation.data
        me = decision.player
        options = decision.options
        kinds = {type(option) for option in options}
        if GoFirst in kinds:
            return GoFirst(me)
        if any(space.action_type is Place for space in decision.spaces):
            return _deploy(state, data, me, decision)
        for pick in (
            _leach,
            _upkeep,
            _shake,
            _clear,
            _transfer,
            _reave,
            _strike,
            _damage_boost,
            _stand,
            _activate,
        ):
            chosen = pick(state, data, me, options)
            if chosen is not None:
                return chosen
        if (
            decision.spaces
            and Done in kinds
            and not any(isinstance(o, Charge | Attack | Cast | Feat | Heal) for o in options)
            and len(options) == 1
        ):
            return Done()  # movement legs after the first: stop
        return _activation(state, data, me, decision)

    def alternatives(
        self, observation: Observation[Any, Any], decision: Decision, count: int
    ) -> list[Action]:
        """Up to ``count`` actions this bot rates next (for the search bot's root
        candidates; :mod:`~warbench.rulesets.hordes.bots_search`)."""
        from warbench.rulesets.hordes.bots_search import alternatives

        return alternatives(observation, decision, count)


A = TypeVar("A", bound=Action)


def _deploy(state: HordesState, data: HordesData, me: int, decision: Decision) -> Action:
    """The warlock 3" from the edge behind the middle of the line, beasts 7" from it
    side by side; both opposite the enemy warlock once it stands on the table."""
    uid = next(u for u in state.unplaced if state.models[u].owner == me)
    model = state.models[uid]
    size = data.settings.table
    enemy = next(
        (m for m in state.models if m.owner != me and not m.beast and m.uid not in state.unplaced),
        None,
    )
    centre = size / 2 if enemy is None else min(max(enemy.x, 12.0), size - 12.0)
    beasts = [m for m in state.models if m.owner == me and m.beast]
    if model.beast:
        gaps = 1.5 * (len(beasts) - 1)
        x = centre - (sum(2 * data.radii[b.card] for b in beasts) + gaps) / 2
        for beast in beasts:
            x += data.radii[beast.card]
            if beast is model:
                break
            x += data.radii[beast.card] + 1.5
        depth = 7.0
    else:
        x, depth = centre, 3.0
    y = depth if me == 0 else size - depth
    heading = 0.0 if me == 0 else 180.0
    for shift in (0.0, 1.5, -1.5, 3.0, -3.0, 4.5, -4.5, 6.0, -6.0, 9.0, -9.0):
        place = Place(uid, round_to(x + shift, 3), round_to(y, 3), heading)
        if any(space.validate(place) is None for space in decision.spaces):
            return place
    rng_places = decision.spaces[0].sample(RandomStream.from_seed(uid), 1)
    return rng_places[0]


def _of(options: tuple[Action, ...], kind: type[A]) -> list[A]:
    return [option for option in options if isinstance(option, kind)]


def _leach(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> Action | None:
    leaches = [o for o in _of(options, Leach) if state.models[o.source].beast]
    if not _of(options, Leach):
        return None
    return max(leaches, key=lambda o: (o.amount, -o.source)) if leaches else Done()


def _upkeep(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> Action | None:
    upkeeps = _of(options, Upkeep)
    if not upkeeps:
        return None
    warlock = state.warlock(me)
    keep = warlock is not None and warlock.fury > RESERVE + 1
    return next((o for o in upkeeps if o.keep == keep), upkeeps[-1])


def _shake(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> Action | None:
    shakes = _of(options, Shake)
    if not shakes:
        return None
    for shake in shakes:
        model = state.models[shake.model]
        if not model.beast or model.fury + 1 < data.models[model.card].fury:
            return shake
    return Done()


def _clear(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> Action | None:
    clears = _of(options, ClearFury)
    return max(clears, key=lambda o: o.amount) if clears else None


def _transfer(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> Action | None:
    transfers = [o for o in _of(options, Transfer) if o.beast >= 0]
    if not _of(options, Transfer):
        return None
    if not transfers:
        return Transfer(-1)
    return max(transfers, key=lambda o: (boxes_left(data, state.models[o.beast]), -o.beast))


def _reave(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> Action | None:
    return Reave(True) if _of(options, Reave) else None


def _strike(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> Action | None:
    strikes = [o for o in _of(options, FreeStrike) if o.weapon >= 0]
    if not _of(options, FreeStrike):
        return None
    return strikes[0] if strikes else FreeStrike(-1)


def _damage_boost(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> Action | None:
    """Boost a damage roll (HOR-BOOST) on an enemy model when the extra die raises the
    chance to destroy it by ``KILL_GAIN`` (fury from the reserve too), or, with fury to
    spare, the boxes it marks by ``BOXES_GAIN`` on average (toward crippling a beast)."""
    boosts = _of(options, DamageBoost)
    if not boosts:
        return None
    plain = next((b for b in boosts if not b.boost), boosts[0])
    roll = state.stack[-1] if state.stack else None
    attacker_uid, power = getattr(roll, "attacker", None), getattr(roll, "power", None)
    if not isinstance(attacker_uid, int) or not isinstance(power, int):
        return plain
    attacker, target = state.models[attacker_uid], state.models[plain.target]
    if target.owner == me or attacker.fury < 1:
        return plain
    body = is_crippled(data, attacker, "body")
    arm, left = stat(data, target, "arm"), boxes_left(data, target)
    plain_roll = boxes_dist(dice_count(False, body), power, arm)
    boosted_roll = boxes_dist(dice_count(True, body), power, arm)

    def kill(dist: dict[int, float]) -> float:
        return sum(p for boxes, p in dist.items() if boxes >= left)

    def mean(dist: dict[int, float]) -> float:
        return sum(min(boxes, left) * p for boxes, p in dist.items())

    if kill(boosted_roll) - kill(plain_roll) >= KILL_GAIN:
        return DamageBoost(plain.target, True)
    spare = attacker.fury - 1 >= RESERVE
    if spare and mean(boosted_roll) - mean(plain_roll) >= BOXES_GAIN:
        return DamageBoost(plain.target, True)
    return plain


def _stand(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> Action | None:
    return StandUp("move") if _of(options, StandUp) else None


def _activate(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> Action | None:
    activations = _of(options, Activate)
    if not activations and not (len(options) == 1 and isinstance(options[0], Done)):
        return None
    if not activations:
        return Done()
    enemy = _enemy_warlock(state, me)
    models = [state.models[o.model] for o in activations]

    def order(model: Model) -> tuple[int, float]:
        distance = 0.0 if enemy is None else gap(data, model, enemy)
        return (0 if model.beast else 1, distance)

    return Activate(min(models, key=order).uid)


def _enemy_warlock(state: HordesState, me: int) -> Model | None:
    return state.warlock(1 - me)


def hostile_only(
    state: HordesState, data: HordesData, me: int, options: tuple[Action, ...]
) -> tuple[Action, ...]:
    """The options without an attack, charge, slam, headbutt or offensive spell at one of
    ``me``'s own models: legal (the seed allows them) but never the bots' choice."""
    return tuple(o for o in options if not own_blow(state, data, me, o))


def own_blow(state: HordesState, data: HordesData, owner: int, action: Action) -> bool:
    """Whether ``action`` is an attack, charge, slam, headbutt or offensive spell at one of
    ``owner``'s own models (legal: HOR-CHARGE, HOR-SLAM, HOR-COMBAT-ACTION, HOR-OFFENSIVE)."""
    if isinstance(action, Cast):
        record = data.spells.get(action.spell)
        if record is None or not record.off:
            return False
    elif not isinstance(action, Attack | Charge | Slam | Headbutt):
        return False
    target = action.target
    return 0 <= target < len(state.models) and state.models[target].owner == owner


def _activation(state: HordesState, data: HordesData, me: int, decision: Decision) -> Action:
    options = hostile_only(state, data, me, decision.options)
    active = _active_model(state, data, me, decision)
    enemy = _enemy_warlock(state, me)
    warlock = state.warlock(me)
    # Spells, feat and healing first (warlock only), keeping the reserve.
    if active is not None and not active.beast:
        chosen = _magic(state, data, active, options, enemy)
        if chosen is not None:
            return chosen
    all_in = _all_in(state, data, me, enemy)
    attacks = [
        a
        for a in _of(options, Attack)
        if active is None
        or not active.beast
        or a.weapon not in _used(state)
        or active.fury < data.models[active.card].fury - 1
        or (enemy is not None and a.target == enemy.uid)
        or all_in
    ]
    if attacks and active is not None:
        return _best_attack(state, data, active, attacks, enemy)
    charges = _of(options, Charge)
    if charges and active is not None:
        chosen = _charge(state, data, active, charges, enemy, warlock)
        if chosen is not None:
            return chosen
    if decision.spaces and active is not None:
        move = _advance(state, data, active, decision, enemy, warlock)
        if move is not None:
            return move
    return Done() if Done() in options else options[0]


def _active_model(
    state: HordesState, data: HordesData, me: int, decision: Decision
) -> Model | None:
    """The model whose activation asks (the top frame of the stack names it)."""
    uid = getattr(state.stack[-1], "model", None) if state.stack else None
    return state.models[uid] if isinstance(uid, int) else None


def _used(state: HordesState) -> list[int]:
    """Weapons whose first attack the active model has made (extra attacks force it)."""
    used = getattr(state.stack[-1], "used", []) if state.stack else []
    return list(used) if isinstance(used, list) else []


def _magic(
    state: HordesState,
    data: HordesData,
    warlock: Model,
    options: tuple[Action, ...],
    enemy: Model | None,
) -> Action | None:
    spare = warlock.fury - RESERVE
    feats = _of(options, Feat)
    if feats and state.round >= 3:
        return feats[0]
    heals = [h for h in _of(options, Heal) if h.target == warlock.uid and h.amount <= spare]
    if heals and boxes_left(data, warlock) < data.models[warlock.card].damage / 2:
        return max(heals, key=lambda h: h.amount)
    casts = [c for c in _of(options, Cast) if data.spells[c.spell].cost + c.boost_hit <= spare]
    offensive = [
        c
        for c in casts
        if data.spells[c.spell].off
        and _in_range(data, warlock, state.models[c.target], data.spells[c.spell].rng)
    ]
    if offensive:

        def value(cast: Cast) -> tuple[bool, int, bool]:
            target = state.models[cast.target]
            return (target is enemy, data.spells[cast.spell].pow, cast.boost_hit)

        return max(offensive, key=value)
    if _all_in(state, data, warlock.owner, enemy):
        return None  # no buffs: move in and strike at the enemy warlock
    buffs = [
        c
        for c in casts
        if not data.spells[c.spell].off
        and c.target != warlock.uid
        and not any(e.source == c.spell for e in state.models[c.target].effects)
    ]
    if buffs and spare >= 3:
        return buffs[0]
    return None


def _in_range(data: HordesData, caster: Model, target: Model, rng: object) -> bool:
    return isinstance(rng, float | int) and gap(data, caster, target) <= float(rng)


def _best_attack(
    state: HordesState, data: HordesData, active: Model, attacks: list[Attack], enemy: Model | None
) -> Action:
    def value(attack: Attack) -> tuple[bool, int, float, bool]:
        target = state.models[attack.target]
        weapon = data.models[active.card].weapons[attack.weapon]
        in_range = weapon.kind == "melee" or gap(data, active, target) <= weapon.rng
        return (in_range, int(target is enemy), -boxes_left(data, target), not attack.boost_hit)

    best = max(attacks, key=value)
    weapon = data.models[active.card].weapons[best.weapon]
    target = state.models[best.target]
    if weapon.kind == "ranged" and gap(data, active, target) > weapon.rng:
        return Done()
    boosted = Attack(best.weapon, best.target, True)
    sure = weapon.kind == "melee" and target.knocked_down  # an automatic hit
    if boosted in attacks and not sure and active.fury - 1 >= RESERVE:
        # The damage boost is offered after the hit (HOR-BOOST): boost the attack roll
        # only where the extra die raises the chance to hit enough for its fury.
        skill = stat(data, active, "mat" if weapon.kind == "melee" else "rat")
        defence = stat(data, target, "def")
        if attack_chances(3, skill, defence)[0] - attack_chances(2, skill, defence)[0] >= (
            HIT_GAIN
        ):
            return boosted
    plain = Attack(best.weapon, best.target)
    return plain if plain in attacks else best


def _charge(
    state: HordesState,
    data: HordesData,
    active: Model,
    charges: list[Charge],
    enemy: Model | None,
    warlock: Model | None,
) -> Action | None:
    """The charge that reaches its target (the enemy warlock first, then the weakest);
    a warlock charges only a weakened enemy warlock and with fury to spare."""
    if not active.beast:
        if enemy is None or active.fury <= RESERVE:
            return None
        if boxes_left(data, enemy) > 6 and not _all_in(state, data, active.owner, enemy):
            return None
        charges = [c for c in charges if c.target == enemy.uid]
    reachable = [c for c in charges if _reaches(state, data, active, state.models[c.target])]
    if not reachable:
        return None
    return max(
        reachable,
        key=lambda c: (
            state.models[c.target] is enemy,
            -boxes_left(data, state.models[c.target]),
            -c.target,
        ),
    )


def _all_in(state: HordesState, data: HordesData, me: int, enemy: Model | None) -> bool:
    """Time for the warlock to go for the kill: the enemy warlock stands alone, is badly
    hurt, or the last two rounds have come."""
    if enemy is None:
        return False
    alone = not any(m.beast for m in state.living(1 - me))
    hurt = boxes_left(data, enemy) <= 8
    return alone or hurt or state.round >= data.settings.rounds - 1


def _reaches(state: HordesState, data: HordesData, active: Model, target: Model) -> bool:
    """Whether a charge straight at ``target`` ends in melee range of it."""
    budget = stat(data, active, "spd") + 3.0
    if gap(data, active, target) > budget + melee_reach(data, active):
        return False  # out of reach even on open ground: spare the path check
    heading = to_degrees(atan2(target.x - active.x, target.y - active.y)) % 360
    distance, _ = run_out(data, state, active, heading, budget)
    return gap(data, active, target) - distance <= melee_reach(data, active) - 0.05


def _advance(
    state: HordesState,
    data: HordesData,
    active: Model,
    decision: Decision,
    enemy: Model | None,
    warlock: Model | None,
) -> Action | None:
    enemies = [m for m in state.living() if m.owner != active.owner]
    if not enemies:
        return None
    goal = enemy if enemy is not None else enemies[0]
    if active.beast:
        target_x, target_y = goal.x, goal.y
        stop = 1.0
    elif _all_in(state, data, active.owner, enemy):
        target_x, target_y, stop = goal.x, goal.y, 4.0
    else:
        beasts = [m for m in state.living(active.owner) if m.beast] or [active]
        cx = sum(m.x for m in beasts) / len(beasts)
        cy = sum(m.y for m in beasts) / len(beasts)
        back = -1.0 if active.owner == 0 else 1.0
        target_x, target_y, stop = cx, cy + 4.0 * back, 0.0
    dx, dy = target_x - active.x, target_y - active.y
    distance = hypot(dx, dy) - stop
    if distance < 0.2:
        return None
    spd = stat(data, active, "spd")
    heading = to_degrees(atan2(goal.x - active.x, goal.y - active.y)) % 360
    base = atan2(dx, dy)
    best: tuple[float, Move] | None = None
    # Only the move spaces can accept a move; the refusal spaces never do (and spell out
    # why, at a cost).
    moves = [space for space in decision.spaces if space.action_type is Move]
    for turn in (0.0, 0.3, -0.3, 0.6, -0.6, 0.9, -0.9, 1.3, -1.3):
        for fraction in (1.0, 0.6, 0.3):
            length = min(spd - 0.01, distance) * fraction
            x = active.x + math.sin(base + turn) * length
            y = active.y + math.cos(base + turn) * length
            left = hypot(target_x - x, target_y - y)
            if best is not None and left >= best[0]:
                continue
            move = Move(round_to(x, 3), round_to(y, 3), round_to(heading, 1), False)
            if any(space.validate(move) is None for space in moves):
                best = (left, move)
    return None if best is None else best[1]
