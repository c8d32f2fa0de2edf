"""A heuristic ROBOGEAR bot that decides from its seat's observation only.

It takes the action worth most damage per resource point (shots weighted by the exact hit
chance, the target's points and how hard it hits back, finishing kills first; blasts by the
enemies under the marker, grenades, rams it expects to win, run-overs, fights), turns fixed
guns onto targets, and otherwise closes in on the enemy it rates most
worth attacking: the one it can hurt most, leaning on the player with the most points left,
so in a free-for-all it does not simply chase the nearest.
"""

from __future__ import annotations

import math
from math import hypot
from typing import Final

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.geometry.vectors import to_radians
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream
from warbench.core.rounding import round_to
from warbench.rulesets.robogear.actions import (
    Activate,
    ChooseEdge,
    Deploy,
    EndTurn,
    Heal,
    Melee,
    Move,
    Ram,
    RunOver,
    Shoot,
    Throw,
    Turn,
)
from warbench.rulesets.robogear.chances import tables_hit_chance
from warbench.rulesets.robogear.data import RobogearData, UnitRecord, steps
from warbench.rulesets.robogear.fire import fan_line, shot_refusal, weapon_block
from warbench.rulesets.robogear.moves import movement, ram_power, rate
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.positions import best_move
from warbench.rulesets.robogear.roster import in_battle
from warbench.rulesets.robogear.sheets import book
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import (
    Sight,
    band,
    band_of,
    gap,
    heading_to,
    hidden_share,
    path_blocker,
)

#: The bot holds its ground for the first 1/PATIENT_SHARE of the battle's rounds (2 of the
#: default 8): it lets the enemy beside it come and shoots it down, then closes in.
PATIENT_SHARE: Final = 4


class CommanderBot:
    """Greedy damage per resource, with a leader-aware choice of enemy."""

    name = "commander"

    def __init__(self, seed: int = 0) -> None:
        self.rng = RandomStream.from_seed(seed)

    def alternatives(self, observation: Observation[RobogearState, RobogearData],
                     decision: Decision, count: int) -> list[Action]:
        """Its next-best actions, its own choice first (:mod:`.bots_search`)."""
        from warbench.rulesets.robogear.bots_search import alternatives

        return alternatives(self, observation, decision, count)

    def choose(self, observation: Observation[RobogearState, RobogearData],
               decision: Decision) -> Action:
        state, data = observation.state, observation.data
        options = decision.options
        if options and isinstance(options[0], Activate):
            foes = _foes(state, decision.player)
            return max(options, key=lambda a: _element_value(state, data, a, foes)
                       if isinstance(a, Activate) else 0.0)
        edges = [a for a in options if isinstance(a, ChooseEdge)]
        if edges:
            return max(edges, key=lambda a: _edge_room(state, a.edge))
        if not any(isinstance(a, EndTurn) for a in options):
            return options[0]
        deploy = [s for s in decision.spaces if s.action_type is Deploy]
        if deploy:
            for candidate in deploy[0].sample(self.rng, 1):
                return candidate
        shares = _shares(state, data)
        weights = _leader_weights(state, data, shares)
        sight = Sight(state, data)
        best, value = None, 0.0
        for action in options:
            worth = _worth(state, data, action, weights, sight)
            if worth > value:
                best, value = action, worth
        aim = _aim_fixed(state, data, decision, weights, sight)
        if aim is not None and aim[1] > value and _lawful(decision, aim[0]):
            return aim[0]
        if best is not None:
            return best
        for action in options:
            if isinstance(action, Heal):
                return action
        patient = state.round <= state.max_rounds // PATIENT_SHARE or _leading(
            state, data, decision.player, shares)
        # the same state throughout: the leaders' weights are not worked out again
        move = _place(state, data, decision, sight, weights)
        if move is None and not patient:
            move = _advance(state, data, decision, weights)
        return move if move is not None else next(a for a in options if isinstance(a, EndTurn))


def _aim_fixed(state: RobogearState, data: RobogearData, decision: Decision,
               weights: list[float], sight: Sight) -> tuple[Turn, float] | None:
    """The turn on the spot that brings an unfired fixed weapon (a walker's rocket pod, a
    flyer's nose rockets) onto the target where its shot is worth most, with that worth, if
    the unit keeps the resource to fire after turning."""
    turners = [s for s in decision.spaces if s.action_type is Turn]
    if not turners:
        return None
    best, value = None, 0.0
    sheets = book(data)
    edges = sheets.band_edges
    for unit_id in getattr(turners[0], "units", ()):
        unit = state.units[unit_id]
        sheet = sheets.units[unit.type]
        if unit.kind != "machine" or sheet.turntable:
            continue
        row = sheet.gait
        if unit.points_left < row.turn_cost + 1:
            continue
        for index, weapon in enumerate(sheet.weapons):
            if weapon.turret or weapon_block(
                    unit, data.units[unit.type].weapons[index], index) is not None:
                continue
            for target in _enemies(state, unit):
                reach = band(gap(unit, target), edges)
                heading = heading_to(unit, target)
                if reach is None or not weapon.damage[reach] or abs(
                        _swing(heading, unit.facing)) > min(row.max_turn, 180.0):
                    continue
                worth = _shot_worth(state, data, unit, index, target, False, weights, sight)
                if worth <= value:
                    continue
                shot = Shoot(unit.id, index, target.id)
                turned = unit.shallow_copy()
                turned.facing = heading
                if shot_refusal(state, data, turned, shot) is None:
                    best, value = Turn(unit.id, round_to(heading, 4)), worth
    return None if best is None else (best, value)


def _lawful(decision: Decision, action: Move | Turn) -> bool:
    """Whether the decision takes a move or turn the bot built: what ``observation.check``
    answers, asked of the decision's own space for that kind straight away (no option is a
    move or a turn, and no other space takes one), without the engine's way round."""
    for space in decision.spaces:
        if space.action_type is type(action):
            return space.validate(action) is None
    return False


def _edge_room(state: RobogearState, edge: str) -> int:
    """Prefer the edge facing no taken edge (across from one), then any other."""
    across = {"north": "south", "south": "north", "east": "west", "west": "east"}
    taken = [e for e in state.edges if e]
    return sum(2 if across[edge] == e else 0 for e in taken) - sum(
        1 for e in taken if e != across[edge])


def _shares(state: RobogearState, data: RobogearData) -> list[float]:
    """The share of its army's points each player still has (what the last round scores)."""
    sheets = book(data).units
    units = state.units
    worth = [sheets[unit.type].points for unit in units]
    shares = []
    # a player at a time, in whole points: the sums stay native integers (no boxing), and
    # the shares are the floats float sums would give (both exact)
    for player in range(state.players):
        kept = total = 0
        for index, unit in enumerate(units):
            if unit.player == player:
                total += worth[index]
                if unit.alive:
                    kept += worth[index]
        shares.append(kept / (total or 1))
    return shares


def _leading(state: RobogearState, data: RobogearData, player: int,
             shares: list[float] | None = None) -> bool:
    """Whether the player has kept more of its army than every enemy: then it holds its
    ground and lets the enemy come (``shares``: :func:`_shares` of this state, if already
    worked out)."""
    if shares is None:
        shares = _shares(state, data)
    return all(
        shares[other] < shares[player]
        for other in range(state.players)
        if state.enemies(player, other) and in_battle(state, other)
    )


def _leader_weights(state: RobogearState, data: RobogearData,
                    shares: list[float] | None = None) -> list[float]:
    """Each player's weight as a target: enemies who kept more of their army are worth
    much more (the leader is the one to beat; ``shares``: :func:`_shares` of this state,
    if already worked out)."""
    if shares is None:
        shares = _shares(state, data)
    top = max(shares) or 1.0
    return [0.2 + (share / top) ** 4 for share in shares]


def _expected(state: RobogearState, data: RobogearData, shooter: Unit, target: Unit,
              amount: int, bonus: int, weights: list[float], sight: Sight) -> float:
    reach = band(gap(shooter, target), book(data).band_edges)
    if reach is None:
        return 0.0
    share = sight.share(shooter, target)
    hard = 1 if target.kind == "trooper" and shooter.kind == "machine" else 0
    chance = tables_hit_chance(book(data), reach, bonus, share, hard)
    sheet = book(data).units[target.type]
    left = sheet.cells - target.damage
    share = 1.0 if amount >= left else 0.5 * amount / max(1, left)
    threat = max((max(w.damage) for w in sheet.weapons), default=0)
    value = chance * share * (sheet.points + 10.0 * threat)
    return value * weights[target.player]


def _worth(state: RobogearState, data: RobogearData, action: Action,
           weights: list[float], sight: Sight) -> float:
    if isinstance(action, Shoot):
        return _shot_worth(state, data, state.units[action.unit], action.weapon,
                           state.units[action.target], action.at_pilot, weights, sight)
    if isinstance(action, Throw):
        unit, target = state.units[action.unit], state.units[action.target]
        return _blast_worth(state, data, unit, target, data.units[unit.type].grenade_damage,
                            data.measures.grenade_blast_cm)
    if isinstance(action, RunOver):
        target = state.units[action.target]
        return 0.66 * data.units[target.type].points
    if isinstance(action, Ram):
        unit, target = state.units[action.unit], state.units[action.target]
        margin = ram_power(data, unit) - ram_power(data, target)
        far = gap(unit, target) >= data.measures.ram_min_steps
        if not far or margin < 3 or data.units[unit.type].chassis == "flyer":
            return 0.0
        return 0.5 * data.units[target.type].points
    if isinstance(action, Melee):
        unit, target = state.units[action.unit], state.units[action.target]
        mine = data.units[unit.type].wounds - unit.damage + data.units[unit.type].brawler
        theirs = data.units[target.type].wounds - target.damage + data.units[target.type].brawler
        return 3.0 * (mine - theirs + 1)
    return 0.0


def _shot_worth(state: RobogearState, data: RobogearData, unit: Unit, index: int,
                target: Unit, at_pilot: bool, weights: list[float], sight: Sight) -> float:
    """What :func:`_worth` gives a shot of the unit's weapon ``index`` at ``target`` (its
    pilot if ``at_pilot``), without the action built (the aiming weighs every weapon
    against every enemy)."""
    weapon = data.units[unit.type].weapons[index]
    shooter = state.units[unit.carried_by] if unit.carried_by >= 0 else unit
    reach = band(gap(shooter, target), book(data).band_edges)
    if reach is None:
        return 0.0
    amount = weapon.damage[reach]
    if at_pilot:
        return 0.3 * amount * data.units[target.type].points / 10
    if "blast" in weapon.traits or "indirect" in weapon.traits:
        return _blast_worth(state, data, unit, target, amount, weapon.blast_cm)
    worth = _expected(state, data, shooter, target, amount, weapon.bonus, weights, sight)
    if "fan" in weapon.traits:  # the sweep counts: friends on the line weigh against it
        worth += sum(data.units[o.type].points * (0.3 if state.enemies(unit.player, o.player)
                                                  else -1.0)
                     for o in fan_line(state, data, unit, target, weapon))
    return worth / weapon.cost


def _blast_worth(state: RobogearState, data: RobogearData, unit: Unit, target: Unit,
                 amount: int, diameter_cm: float) -> float:
    radius = steps(diameter_cm) / 2
    total = 0.0
    for other in state.units:
        if not other.on_table:
            continue
        if hypot(other.x - target.x, other.y - target.y) > radius + other.radius:
            continue
        record = data.units[other.type]
        left = record.cells - other.damage
        share = min(amount, left) / max(1, left) * record.points
        total += share * (1 if state.enemies(unit.player, other.player) else -2)
    return 0.6 * total


def _element_value(state: RobogearState, data: RobogearData, action: Activate,
                   foes: list[Unit]) -> float:
    """Give the turn first to the squad that can hit hardest from where it stands."""
    element = state.elements[action.element]
    value = 0.0
    sheets = book(data)
    units, records, edges = state.units, sheets.units, sheets.band_edges
    for squad in element.squads:
        for unit_id in state.squads[squad].units:
            unit = units[unit_id]
            if not unit.on_table:
                value = max(value, 0.1)
                continue
            weapons = records[unit.type].weapons
            # the unit's best damage in each band, once (not again for every target)
            bests = [max((w.damage[reach] for w in weapons), default=0) for reach in range(3)]
            x, y, radius = unit.x, unit.y, unit.radius
            for target in foes:
                # band(gap(unit, target), book(data).band_edges), from the squared distance
                # where that is sure: every squad choice weighs each unit against each enemy
                reach = band_of(x - target.x, y - target.y, radius, target.radius, edges)
                if reach == 3:
                    continue
                value = max(value, bests[reach] * records[target.type].points)
    return value


def _foes(state: RobogearState, player: int) -> list[Unit]:
    """The player's enemies' units on the table."""
    teams = state.teams
    side = teams[player]
    return [t for t in state.units
            # t.on_table spelt out: every decision of the bot lists them
            if t.player != player and teams[t.player] != side and t.alive and not t.reserve
            and t.carried_by < 0]


def _enemies(state: RobogearState, unit: Unit) -> list[Unit]:
    return _foes(state, unit.player)


def _engaged(state: RobogearState, data: RobogearData, unit: Unit,
             weights: list[float]) -> bool:
    """Whether some weapon of the unit already reaches a visible enemy worth fighting (one
    nearly as strong as the strongest) that it can hurt."""
    record = data.units[unit.type]
    for target in _enemies(state, unit):
        if weights[target.player] < 0.7:
            continue
        reach = band(gap(unit, target), book(data).band_edges)
        if reach is None or hidden_share(state, data, unit, target) >= 1.0:
            continue
        for weapon in record.weapons:
            useful = unit.kind != "trooper" or target.kind == "trooper" or (
                "armour_piercing" in weapon.traits)
            if weapon.damage[reach] and useful and "flamer" not in weapon.traits:
                return True
    return False


def _prey(state: RobogearState, data: RobogearData, unit: Unit,
          weights: list[float]) -> Unit | None:
    """The enemy worth closing on: points at stake over distance, leaders weighted up."""
    best, score = None, 0.0
    sheets = book(data).units
    # small arms do nothing to a machine or gun: a trooper without armour-piercing weapons or
    # grenades hunts only troopers
    troopers_only = unit.kind == "trooper" and not unit.grenades and not any(
        w.piercing for w in sheets[unit.type].weapons)
    for target in _enemies(state, unit):
        if troopers_only and target.kind != "trooper":
            continue
        value = sheets[target.type].points * weights[target.player]
        value /= 10.0 + gap(unit, target)
        if value > score:
            best, score = target, value
    return best


def _standoff(data: RobogearData, record: UnitRecord) -> float:
    """How close a unit wants to be: the far edge of its best band (where it hurts most)."""
    edges = (steps(data.measures.short_cm), steps(data.measures.medium_cm),
             steps(data.measures.long_cm))
    best = 0
    for weapon in record.weapons:
        if "flamer" in weapon.traits:
            return steps(data.measures.flame_length_cm) * 0.8
        top = max(weapon.damage)
        best = max(best, max(i for i, d in enumerate(weapon.damage) if d == top))
    return edges[best] * 0.95


def _advance(state: RobogearState, data: RobogearData, decision: Decision,
             weights: list[float] | None = None) -> Action | None:
    """Turn onto or move toward the chosen prey with the first unit that still can
    (``weights``: :func:`_leader_weights` of this state, if already worked out)."""
    movers = [s for s in decision.spaces if s.action_type is Move]
    if not movers:
        return None
    if weights is None:
        weights = _leader_weights(state, data)
    for unit_id in getattr(movers[0], "units", ()):
        unit = state.units[unit_id]
        prey = _prey(state, data, unit, weights)
        if prey is None:
            continue
        record = data.units[unit.type]
        if _engaged(state, data, unit, weights):
            continue
        heading = heading_to(unit, prey)
        stand = _standoff(data, record)
        if gap(unit, prey) <= stand:
            fixed = any(not w.turret for w in record.weapons)
            turn = Turn(unit.id, round_to(heading, 4))
            if fixed and not movement(data, record).any_direction and abs(
                    _swing(heading, unit.facing)) > 0.5 and _lawful(decision, turn):
                return turn
            continue
        action = _step_toward(decision, state, data, unit, heading,
                              max(0.5, gap(unit, prey) - stand * 0.9))
        if action is not None:
            return action
    return None


def _swing(heading: float, facing: float) -> float:
    """The signed turn from ``facing`` to ``heading``, in (-180, 180]."""
    return (heading - facing + 180) % 360 - 180


def _step_toward(decision: Decision, state: RobogearState, data: RobogearData, unit: Unit,
                 heading: float, room: float) -> Action | None:
    """A move toward ``heading`` (at most ``room`` steps), going around friends in the way:
    a unit that moves any way steps aside; one that moves only forward keeps going while it
    faces within 60 degrees of the heading, else turns onto the heading or the nearest
    direction within 90 degrees of it whose path is clear."""
    row = movement(data, data.units[unit.type])
    directions = [heading] + [heading + side * off for off in (30, 60, 90) for side in (1, -1)]
    if row.any_direction:
        speed = row.forward
        for direction in directions:
            for scale in (1.0, 0.5):
                action = Move(unit.id, round_to(direction % 360, 4),
                              round_to(min(unit.points_left * speed, room) * scale, 3))
                if action.distance > 0.2 and _lawful(decision, action):
                    return action
        return None
    if abs(_swing(heading, unit.facing)) <= 60:
        speed = rate(row, 0.0)[0] or row.forward
        for scale in (1.0, 0.6, 0.3):
            action = Move(unit.id, round_to(unit.facing % 360, 4),
                          round_to(min(unit.points_left * speed, room) * scale, 3))
            if action.distance > 0.2 and _lawful(decision, action):
                return action
    if unit.points_left < 2:
        return None
    limit = min(row.max_turn, 180.0)
    for direction in directions:
        if abs(_swing(direction, unit.facing)) > limit or abs(
                _swing(direction, unit.facing)) < 5:
            continue
        rad = to_radians(direction)
        reach = min(4.0, room)
        if path_blocker(state, data, unit, unit.x + math.sin(rad) * reach,
                        unit.y + math.cos(rad) * reach) is not None:
            continue
        turn = Turn(unit.id, round_to(direction % 360, 4))
        if _lawful(decision, turn):
            return turn
    return None


def _turns_first(data: RobogearData, unit: Unit, heading: float) -> bool:
    """Whether a move :func:`best_move` found is a turn on the spot first: any heading off
    the facing of a chassis that only moves forward (a flyer)."""
    return movement(data, data.units[unit.type]).forward_only and abs(
        _swing(heading, unit.facing)) > 1.0


def _place(state: RobogearState, data: RobogearData, decision: Decision, sight: Sight,
           weights: list[float] | None = None) -> Action | None:
    """Move the first unit that has a better spot: in range of its prey, in cover
    (``sight``: the table's, as the decision found it; ``weights``: :func:`_leader_weights`
    of this state, if already worked out)."""
    movers = [s for s in decision.spaces if s.action_type is Move]
    if not movers:
        return None
    if weights is None:
        weights = _leader_weights(state, data)
    for unit_id in getattr(movers[0], "units", ()):
        unit = state.units[unit_id]
        if not unit.on_table or unit.points_left <= 0:
            continue
        foes = _enemies(state, unit)
        prey = _prey(state, data, unit, weights)
        aim = heading_to(unit, prey) if prey is not None else unit.facing

        def legal(heading: float, distance: float, unit: Unit = unit) -> bool:
            if _turns_first(data, unit, heading):
                return _lawful(decision, Turn(unit.id, heading))
            return _lawful(decision, Move(unit.id, heading, distance))

        found = best_move(state, data, unit, foes, weights, aim, legal, sight)
        if found is not None:
            if _turns_first(data, unit, found[0]):
                return Turn(unit.id, found[0])
            return Move(unit.id, found[0], found[1])
    return None
