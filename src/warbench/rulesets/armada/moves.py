"""Fleet movement: ordinary moves, stunts, the flight of a routed fleet, a disabled drift.

Ordinary moves use the core hex movement (speed, turn distance, passing through other
fleets but never ending on one). Stunts are built here from the same pieces; their exact
movement is an engine default taken from the general starship rules (see the docs).
"""

from __future__ import annotations

from warbench.core.hexgrid import Hex, HexPose, IllegalHexMove, move_plan, reachable
from warbench.rulesets.armada.actions import Move
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.state import ROUTED, ArmadaState, Fleet

#: Pilot DC base of each stunt that needs a check (plus a quarter of the fleet's tier).
STUNT_DC_BASE = {"back-off": 10, "flip-and-burn": 15, "slide": 10}


def fleet_speed(fleet: Fleet) -> int:
    """Hexes the fleet may move this round (one fewer with damaged engines)."""
    return max(0, fleet.speed - (1 if "engines" in fleet.criticals else 0))


def stunt_dc(fleet: Fleet, stunt: str) -> int | None:
    """The piloting DC of ``stunt`` for ``fleet``: the stunt's base + tier // 4; ``None``
    when the stunt needs no check (turn in place, an ordinary move)."""
    base = STUNT_DC_BASE.get(stunt)
    return None if base is None else base + fleet.tier // 4


def _free(state: ArmadaState, fleet: Fleet) -> set[Hex]:
    return state.occupied(exclude=fleet.id)


def _straight(start: HexPose, direction: int, count: int) -> HexPose:
    hex_ = start.hex
    for _ in range(count):
        hex_ = hex_.neighbor(direction)
    return HexPose(hex_, start.facing)


def end_pose(state: ArmadaState, fleet: Fleet, move: Move) -> HexPose:
    """Where ``move`` takes ``fleet`` if it succeeds; :class:`IllegalHexMove` says why not."""
    taken = _free(state, fleet)
    speed = fleet_speed(fleet)
    if fleet.morale == ROUTED:
        flight = flee_steps(state, fleet)
        if move.stunt or move.steps != flight:
            raise IllegalHexMove(f"the fleet is routed and must flee by {flight!r}")
    if move.stunt == "":
        return move_plan(
            fleet.pose,
            move.steps,
            speed,
            fleet.turn_distance,
            may_end_on=lambda hex_: hex_ not in taken,
        ).end
    steps = move.steps
    if move.stunt == "turn-in-place":
        if steps not in ("L", "LL", "R", "RR", "RRR"):
            raise IllegalHexMove("turn in place takes L, LL, R, RR or RRR")
        return fleet.pose.turned(len(steps) * (1 if steps[0] == "R" else -1))
    if move.stunt in ("back-off", "flip-and-burn"):
        count = len(steps)
        if steps != "F" * count or not 1 <= count <= speed // 2:
            raise IllegalHexMove(
                f"{move.stunt} moves 1 to {speed // 2} hexes, written as that many F"
            )
        if move.stunt == "back-off":
            pose = _straight(fleet.pose, (fleet.facing + 3) % 6, count)
        else:
            pose = _straight(fleet.pose, fleet.facing, count).turned(3)
    elif move.stunt == "slide":
        count = len(steps) - 1
        if len(steps) < 2 or steps[0] not in "LR" or steps[1:] != "F" * count or count > speed:
            raise IllegalHexMove(f"a slide is L or R then 1 to {speed} F")
        direction = (fleet.facing + (1 if steps[0] == "R" else -1)) % 6
        pose = _straight(fleet.pose, direction, count)
    else:
        raise IllegalHexMove(f"unknown stunt {move.stunt!r}")
    if pose.hex in taken:
        raise IllegalHexMove(f"{move.stunt} would end on {pose.hex!r}, where another fleet is")
    return pose


def move_refusal(state: ArmadaState, fleet: Fleet, move: Move) -> str | None:
    """Why ``move`` is illegal for ``fleet``, or ``None``."""
    try:
        end_pose(state, fleet, move)
    except IllegalHexMove as error:
        return f"{fleet.name}: {error}"
    return None


def ordinary_moves(state: ArmadaState, fleet: Fleet) -> dict[HexPose, str]:
    """Every pose an ordinary move reaches, with steps for each."""
    taken = _free(state, fleet)
    return reachable(
        fleet.pose, fleet_speed(fleet), fleet.turn_distance, may_end_on=lambda h: h not in taken
    )


def stunt_moves(state: ArmadaState, fleet: Fleet) -> list[Move]:
    """Every legal stunt for ``fleet`` (none while routed)."""
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
    return [move for move in candidates if move_refusal(state, fleet, move) is None]


def flee_steps(state: ArmadaState, fleet: Fleet) -> str:
    """The steps of a routed fleet's flight: to the reachable hex farthest from every enemy
    (the first found among equals, so the fewest hexes moved)."""
    enemies = [enemy.hex for enemy in state.enemies_of(fleet)]
    taken = _free(state, fleet)
    options = reachable(
        fleet.pose, fleet_speed(fleet), fleet.turn_distance, may_end_on=lambda h: h not in taken
    )
    best_steps, best_score = "", -1
    for pose, steps in options.items():
        score = min((pose.hex.distance(enemy) for enemy in enemies), default=0)
        if score > best_score:
            best_steps, best_score = steps, score
    return best_steps


def drift_pose(state: ArmadaState, tables: Tables, fleet: Fleet) -> HexPose:
    """Where a disabled fleet drifts: straight ahead at half speed, stopping short of the
    last hexes of its path that hold another fleet."""
    taken = _free(state, fleet)
    hexes = [fleet.hex]
    for _ in range(fleet.speed // tables.rounds.drift.speed_divisor):
        hexes.append(hexes[-1].neighbor(fleet.facing))
    while hexes[-1] in taken:
        hexes.pop()
    return HexPose(hexes[-1], fleet.facing)
