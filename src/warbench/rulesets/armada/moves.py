"""Fleet movement: ordinary moves, stunts, the flight of a routed fleet, a disabled drift.

Ordinary moves use the core hex movement (speed, turn distance, passing through other
fleets but never ending on one). Stunts are built here from the same pieces; their exact
movement is an engine default taken from the general starship rules (see the docs).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from warbench.core.hexgrid import (
    Hex,
    HexPose,
    IllegalHexMove,
    move_plan,
    offset_distance,
    reachable,
    reachable_steps,
)
from warbench.core.words import possessive
from warbench.rulesets.armada.actions import Move
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.names import fleet_label
from warbench.rulesets.armada.state import ACTIVE, DESTROYED, ROUTED, ArmadaState, Fleet

#: Pilot DC base of each stunt that needs a check (plus a quarter of the fleet's tier).
STUNT_DC_BASE: Final = {"back-off": 10, "flip-and-burn": 15, "slide": 10}
#: The rule an ordinary move breaks, by what the core's hex movement says it breaks
#: (``IllegalHexMove.breaks``); badly written steps are the engine's own check.
HEX_MOVE_RULES: Final = {"speed": "ARM-MOVE-SPEED", "turn": "ARM-MOVE-TURN",
                         "end": "ARM-MOVE-THROUGH"}


def fleet_speed(fleet: Fleet) -> int:
    """Hexes the fleet may move this round (one fewer with damaged engines, more when a
    chief engineer boosted it)."""
    engines = 1 if "engines" in fleet.criticals else 0
    return max(0, fleet.speed + fleet.this_round.speed_bonus - engines)


def turn_distance(fleet: Fleet) -> int:
    """Hexes the fleet must move before each turn this round (one less when boosted)."""
    return max(0, fleet.turn_distance - fleet.this_round.turn_bonus)


def stunt_dc(fleet: Fleet, stunt: str) -> int | None:
    """The piloting DC of ``stunt`` for ``fleet``: the stunt's base + tier // 4; ``None``
    when the stunt needs no check (turn in place, an ordinary move)."""
    base = STUNT_DC_BASE.get(stunt)
    return None if base is None else base + fleet.tier // 4


#: A stunt check failed by this much or more is a bad failure (a back off does not move).
BAD_FAILURE: Final = 5
#: The AC penalty, to the end of the round, of a back off that failed badly.
BACK_OFF_AC_PENALTY: Final = 4


def _line(start: HexPose, direction: int, count: int) -> tuple[Hex, ...]:
    hexes = [start.hex]
    for _ in range(count):
        hexes.append(hexes[-1].neighbor(direction))
    return tuple(hexes[1:])


@dataclass(frozen=True, slots=True, init=False)
class Plan:
    """Where a move ends, and the hexes it enters in order (the last is the end; none
    when the fleet stays in its hex)."""

    end: HexPose
    path: tuple[Hex, ...]

    def __init__(self, end: HexPose, path: tuple[Hex, ...]) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "path", path)

    def __reduce__(self) -> tuple[type[Plan], tuple[HexPose, tuple[Hex, ...]]]:
        """Pickled as the call that makes it again (a compiled class's ``__new__`` runs its
        ``__init__``)."""
        return Plan, (self.end, self.path)


def mine_hexes(state: ArmadaState, tables: Tables) -> set[Hex]:
    """Hexes active gravity mines slow: each mine's hex and its neighbours."""
    rounds = tables.rounds.gravity_mines.rounds
    affected: set[Hex] = set()
    for mine in state.mines:
        if mine.active(state.round, rounds):
            affected.update((mine.hex, *mine.hex.neighbors()))
    return affected


@dataclass(frozen=True, slots=True, init=False)
class Ground:
    """What of the map a fleet's moves depend on, found once for all the moves weighed in
    one state: the hexes where other fleets stand and the extra hexes of movement that
    entering a hex slowed by gravity mines costs (none already slowed this round)."""

    taken: frozenset[Hex]
    slowed: frozenset[Hex]
    extra: int

    def __init__(self, taken: frozenset[Hex], slowed: frozenset[Hex], extra: int) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "slowed", slowed)
        object.__setattr__(self, "extra", extra)

    def __reduce__(self) -> tuple[type[Ground], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Ground, (self.taken, self.slowed, self.extra)

    @classmethod
    def of(cls, state: ArmadaState, tables: Tables, fleet: Fleet) -> Ground:
        """The ground under ``fleet``'s moves now."""
        taken = frozenset(state.occupied(exclude=fleet.id))
        if fleet.slowed_round == state.round or not state.mines:
            return cls(taken, frozenset(), 0)
        extra = tables.rounds.gravity_mines.entry_cost - 1
        return cls(taken, frozenset(mine_hexes(state, tables)), extra)

    def mine_cost(self, path: tuple[Hex, ...]) -> int:
        """Extra hexes of movement gravity mines cost a move along ``path``: entering the
        first affected hex of the round costs ``entry_cost`` hexes instead of one."""
        slowed = self.slowed
        if slowed and any(hex_ in slowed for hex_ in path):
            return self.extra
        return 0


def mine_cost(state: ArmadaState, tables: Tables, fleet: Fleet, path: tuple[Hex, ...]) -> int:
    """Extra hexes of movement gravity mines cost this move (see :meth:`Ground.mine_cost`)."""
    return Ground.of(state, tables, fleet).mine_cost(path)


def plan_move(
    state: ArmadaState, tables: Tables, fleet: Fleet, move: Move, ground: Ground | None = None
) -> Plan:
    """Where ``move`` takes ``fleet`` if it succeeds and which hexes it enters;
    :class:`IllegalHexMove` says why the move is illegal. ``ground``: the fleet's
    :class:`Ground` now, if the caller has it."""
    ground = ground or Ground.of(state, tables, fleet)
    taken = ground.taken
    speed = fleet_speed(fleet)
    if fleet.morale == ROUTED:
        flight = flee_steps(state, tables, fleet)
        if move.stunt or move.steps != flight:
            raise IllegalHexMove(
                f"the fleet is routed and must flee by {flight!r} (ARM-MORALE-FLEE)"
            )
    steps = move.steps
    limit = speed
    if move.stunt in ("", "flyby"):
        try:
            result = move_plan(
                fleet.pose, steps, speed, turn_distance(fleet), may_end_on=lambda h: h not in taken
            )
        except IllegalHexMove as error:
            rule = HEX_MOVE_RULES.get(error.breaks, "ARM-ACTIONS")
            raise IllegalHexMove(f"{error} ({rule})", error.breaks) from None
        plan = Plan(result.end, result.hexes_entered())
        if move.stunt == "flyby":
            _check_flyby(state, fleet, move, plan)
    elif move.stunt == "turn-in-place":
        if steps not in ("L", "LL", "R", "RR", "RRR"):
            raise IllegalHexMove("turn in place takes L, LL, R, RR or RRR (ARM-STUNT-TURN)")
        return Plan(fleet.pose.turned(len(steps) * (1 if steps[0] == "R" else -1)), ())
    elif move.stunt in ("back-off", "flip-and-burn"):
        limit = speed // 2
        count = len(steps)
        if steps != "F" * count or not 1 <= count <= limit:
            rule = "ARM-STUNT-BACK-OFF" if move.stunt == "back-off" else "ARM-STUNT-FLIP"
            raise IllegalHexMove(
                f"{move.stunt} moves 1 to {limit} hexes, written as that many F ({rule})"
            )
        if move.stunt == "back-off":
            path = _line(fleet.pose, (fleet.facing + 3) % 6, count)
            plan = Plan(HexPose(path[-1], fleet.facing), path)
        else:
            path = _line(fleet.pose, fleet.facing, count)
            plan = Plan(HexPose(path[-1], (fleet.facing + 3) % 6), path)
    elif move.stunt == "slide":
        count = len(steps) - 1
        if len(steps) < 2 or steps[0] not in "LR" or steps[1:] != "F" * count or count > speed:
            raise IllegalHexMove(f"a slide is L or R then 1 to {speed} F (ARM-STUNT-SLIDE)")
        direction = (fleet.facing + (1 if steps[0] == "R" else -1)) % 6
        path = _line(fleet.pose, direction, count)
        plan = Plan(HexPose(path[-1], fleet.facing), path)
    else:
        raise IllegalHexMove(f"unknown stunt {move.stunt!r} (ARM-ACTIONS)")
    if plan.end.hex in taken:
        raise IllegalHexMove(
            f"{move.stunt} would end on {plan.end.hex!r}, where another fleet is (ARM-MOVE-THROUGH)"
        )
    extra = ground.mine_cost(plan.path)
    if extra and len(plan.path) + extra > limit:
        raise IllegalHexMove(
            f"gravity mines slow the fleet: this move needs {len(plan.path) + extra} hexes of "
            f"movement, it has {limit} (ARM-ABILITY-MINES)"
        )
    return plan


def failed_stunt_plan(
    state: ArmadaState,
    tables: Tables,
    fleet: Fleet,
    move: Move,
    margin: int,
    ground: Ground | None = None,
) -> Plan:
    """Where a stunt whose piloting check failed by ``-margin`` leaves the fleet (the
    starship rules): a back off moves 1 hex back, or not at all on a bad failure; a flip
    and burn moves ahead as declared but does not turn about; a slide moves straight ahead
    half the speed. A partial move stops short of hexes where other fleets stand and of
    movement gravity mines take."""
    speed = fleet_speed(fleet)
    ground = ground or Ground.of(state, tables, fleet)
    if move.stunt == "back-off":
        if margin <= -BAD_FAILURE:
            return Plan(fleet.pose, ())
        return _straight(ground, fleet, (fleet.facing + 3) % 6, 1, speed // 2)
    if move.stunt == "flip-and-burn":
        return _straight(ground, fleet, fleet.facing, len(move.steps), speed // 2)
    if move.stunt == "slide":
        return _straight(ground, fleet, fleet.facing, speed // 2, speed // 2)
    return Plan(fleet.pose, ())


def _straight(ground: Ground, fleet: Fleet, direction: int, count: int, limit: int) -> Plan:
    path = _line(fleet.pose, direction, count)
    taken = ground.taken
    while path and (path[-1] in taken or len(path) + ground.mine_cost(path) > limit):
        path = path[:-1]
    return Plan(HexPose(path[-1], fleet.facing), path) if path else Plan(fleet.pose, ())


def _check_flyby(state: ArmadaState, fleet: Fleet, move: Move, plan: Plan) -> None:
    if not 0 <= move.target < len(state.fleets):
        raise IllegalHexMove(
            f"a flyby names the enemy fleet it passes, not {move.target} (ARM-STUNT-FLYBY)"
        )
    target = state.fleets[move.target]
    if target.side == fleet.side or target.status == DESTROYED:
        raise IllegalHexMove(
            f"a flyby passes an enemy fleet on the map, not {fleet_label(state, target)} "
            "(ARM-STUNT-FLYBY)"
        )
    if target.hex not in plan.path:
        raise IllegalHexMove(
            f"the flyby does not pass through {possessive(fleet_label(state, target))} hex "
            "(ARM-STUNT-FLYBY)"
        )


def passed_enemies(state: ArmadaState, fleet: Fleet, path: tuple[Hex, ...]) -> list[Fleet]:
    """Active enemy fleets whose hexes the move passed through, in the order passed."""
    passed: list[Fleet] = []
    for hex_ in path[:-1]:
        for enemy in state.enemies_of(fleet):
            if enemy.status == ACTIVE and enemy.hex == hex_ and enemy not in passed:
                passed.append(enemy)
    return passed


def move_refusal(state: ArmadaState, tables: Tables, fleet: Fleet, move: Move) -> str | None:
    """Why ``move`` is illegal for ``fleet``, or ``None``."""
    try:
        plan_move(state, tables, fleet, move)
    except IllegalHexMove as error:
        return f"{fleet_label(state, fleet)}: {error}"
    return None


def ordinary_moves(state: ArmadaState, tables: Tables, fleet: Fleet) -> dict[HexPose, str]:
    """Every pose an ordinary move reaches, with steps for each (gravity mines may cost
    some of them too much movement by the path found)."""
    ground = Ground.of(state, tables, fleet)
    return dict(_ordinary(fleet.pose, fleet_speed(fleet), turn_distance(fleet), ground))


@lru_cache(maxsize=128)
def _ordinary(start: HexPose, speed: int, turning: int, ground: Ground) -> dict[HexPose, str]:
    """:func:`ordinary_moves` from ``start``, found once for each start, speed, turn
    distance and :class:`Ground` (all they depend on): a bot weighs a fleet that has not
    moved again at each decision. Callers get a copy."""
    taken = ground.taken
    found = reachable(start, speed, turning, may_end_on=lambda h: h not in taken)
    if not ground.slowed:
        return found
    kept: dict[HexPose, str] = {}
    for pose, steps in found.items():
        path = entered_hexes(start, steps)
        if len(path) + ground.mine_cost(path) <= speed:
            kept[pose] = steps
    return kept


def ordinary_steps(state: ArmadaState, tables: Tables, fleet: Fleet) -> list[str]:
    """The steps of :func:`ordinary_moves`, in its order, without their end poses."""
    ground = Ground.of(state, tables, fleet)
    taken, start, speed = ground.taken, fleet.pose, fleet_speed(fleet)
    found = reachable_steps(
        start, speed, turn_distance(fleet), may_end_on=lambda h: h not in taken
    )
    if not ground.slowed:
        return found
    return [
        steps for steps in found
        if len(path := entered_hexes(start, steps)) + ground.mine_cost(path) <= speed
    ]


def entered_hexes(start: HexPose, steps: str) -> tuple[Hex, ...]:
    """The hexes an ordinary move from ``start`` found by :func:`ordinary_moves` enters, in
    order (its ``move_plan(...).hexes_entered()``)."""
    q, r = start.hex.q, start.hex.r
    return tuple(Hex(q + dq, r + dr) for dq, dr in _entered_offsets(start.facing, steps))


@lru_cache(maxsize=32768)
def _entered_offsets(facing: int, steps: str) -> tuple[tuple[int, int], ...]:
    """The hexes ``steps`` enter from the origin with ``facing``, as offsets: a path is the
    same from every start, so it is followed once per facing and steps (speed and turn
    distance only decide whether the steps are legal; these come from a search that kept
    them so)."""
    origin = HexPose(Hex(0, 0), facing)
    path = move_plan(origin, steps, speed=len(steps), turn_distance=0).hexes_entered()
    return tuple((hex_.q, hex_.r) for hex_ in path)


def stunt_moves(state: ArmadaState, tables: Tables, fleet: Fleet) -> list[Move]:
    """Every legal stunt for ``fleet`` (none while routed), flybys last."""
    if fleet.morale == ROUTED:
        return []
    legal = [move for move, _ in stunt_plans(state, tables, fleet)]
    return legal + flyby_moves(state, tables, fleet)


def stunt_plans(
    state: ArmadaState, tables: Tables, fleet: Fleet, ground: Ground | None = None
) -> list[tuple[Move, Plan]]:
    """Every legal stunt for ``fleet`` but flybys (none while routed), each with the
    :func:`plan_move` of its success (``ground`` as there)."""
    if fleet.morale == ROUTED:
        return []
    speed = fleet_speed(fleet)
    candidates = [Move(fleet.id, turns, "turn-in-place") for turns in ("L", "LL", "R", "RR", "RRR")]
    for count in range(1, speed // 2 + 1):
        candidates.append(Move(fleet.id, "F" * count, "back-off"))
        candidates.append(Move(fleet.id, "F" * count, "flip-and-burn"))
    for count in range(1, speed + 1):
        candidates.append(Move(fleet.id, "L" + "F" * count, "slide"))
        candidates.append(Move(fleet.id, "R" + "F" * count, "slide"))
    ground = ground or Ground.of(state, tables, fleet)
    legal: list[tuple[Move, Plan]] = []
    for move in candidates:
        try:
            legal.append((move, plan_move(state, tables, fleet, move, ground)))
        except IllegalHexMove:
            continue
    return legal


def flyby_moves(state: ArmadaState, tables: Tables, fleet: Fleet) -> list[Move]:
    """A flyby past each enemy fleet an ordinary move can pass through (one move each)."""
    q, r = fleet.q, fleet.r
    reach = fleet_speed(fleet) - 1  # a hex passed through, not the last entered
    enemies = {
        (enemy.q - q, enemy.r - r): enemy.id
        for enemy in state.enemies_of(fleet)
        if offset_distance(enemy.q - q, enemy.r - r) <= reach
    }
    if not enemies:
        return []
    found: dict[int, Move] = {}
    for steps in ordinary_steps(state, tables, fleet):
        for offset in _entered_offsets(fleet.facing, steps)[:-1]:  # as hexes from the start
            passed = enemies.get(offset)
            if passed is not None and passed not in found:
                found[passed] = Move(fleet.id, steps, "flyby", target=passed)
    return list(found.values())


def flee_steps(state: ArmadaState, tables: Tables, fleet: Fleet) -> str:
    """The steps of a routed fleet's flight: to the reachable hex farthest from every enemy
    (the first found among equals, so the fewest hexes moved)."""
    enemies = [enemy.hex for enemy in state.enemies_of(fleet)]
    options = ordinary_moves(state, tables, fleet)
    best_steps, best_score = "", -1
    for pose, steps in options.items():
        score = min((pose.hex.distance(enemy) for enemy in enemies), default=0)
        if score > best_score:
            best_steps, best_score = steps, score
    return best_steps


def drift_pose(state: ArmadaState, tables: Tables, fleet: Fleet) -> HexPose:
    """Where a disabled fleet drifts: straight ahead at half speed, stopping short of the
    last hexes of its path that hold another fleet."""
    taken = state.occupied(exclude=fleet.id)
    hexes = [fleet.hex]
    for _ in range(fleet.speed // tables.rounds.drift.speed_divisor):
        hexes.append(hexes[-1].neighbor(fleet.facing))
    while hexes[-1] in taken:
        hexes.pop()
    return HexPose(hexes[-1], fleet.facing)
