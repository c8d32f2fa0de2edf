"""Where a bot's unit wants to stand: in range of the enemy worth hurting, in cover from
the rest (the commander bot's moves; it reads only the state and data it is shown).

A spot is worth the damage the unit can expect to deal from it (weighted by whose army it
hurts) less the damage it can expect to take there: each enemy's best shot at it, through
whatever cover the spot gives.

Speed: what does not depend on the spot (each side's best damage in each band, the
target's life left and points) is worked out once per unit and move (:class:`Duel`); a
spot then costs a distance per enemy, and a line-of-sight check only for the enemies a
weapon reaches from there.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from math import hypot
from operator import itemgetter
from typing import Final

from warbench.core.geometry.vectors import to_radians
from warbench.core.rounding import round_to
from warbench.rulesets.robogear.chances import tables_hit_chance
from warbench.rulesets.robogear.data import RobogearData
from warbench.rulesets.robogear.moves import rate, step_cost
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.sheets import Sheet, book
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import REACH_SLACK, Sight, band_of, gap_at_most

#: How much a point of expected loss counts against a point of expected gain.
CAUTION: Final = 0.6
#: The same for a flyer: few cells and many points, the unit the commander lost most often,
#: so it keeps out of the enemy's reach unless it gains five times what it risks.
FLYER_CAUTION: Final = 5 * CAUTION
#: How much better than staying a spot must be to be worth the resource.
MARGIN: Final = 0.5
#: The turns on the spot (degrees off the facing) a forward-only chassis (a flyer) weighs
#: before a move: without them it could only weigh flying on, deeper into the enemy.
TURNS: Final = (90.0, -90.0)


def _hard(data: RobogearData, shooter: Unit, target: Unit) -> int:
    """The +1 defence of a trooper against machines and of a flyer against the ground."""
    if target.kind == "trooper" and shooter.kind == "machine":
        return 1
    fly = book(data).flyers
    return 1 if target.type in fly and shooter.type not in fly else 0


def best_damage(data: RobogearData, shooter: Unit, target: Unit) -> tuple[int, int, int]:
    """The shooter's best direct-fire damage against the target in each band (short,
    medium, long): no flamers or lobbed shells, no small arms against machines.

    It depends on the shooter's type and whether the target is a trooper alone, so it is
    kept in the data's book by those two."""
    return _damage_by(data, _damage_table(data), shooter, target)


#: A shooter's type and whether the target is a trooper -> its best damage by band.
DamageTable = dict[tuple[str, bool, bool], tuple[int, int, int]]


def _damage_table(data: RobogearData) -> DamageTable:
    """The best damages worked out so far for this data (kept in its :func:`book`)."""
    return book(data).best_damage


def _damage_by(data: RobogearData, table: DamageTable, shooter: Unit,
               target: Unit, lobbed: bool = False) -> tuple[int, int, int]:
    key = (shooter.type, target.kind == "trooper", lobbed)
    found = table.get(key)
    if found is None:
        found = table[key] = _best_damage(data, shooter, target, lobbed)
    return found


def _best_damage(data: RobogearData, shooter: Unit, target: Unit,
                 lobbed: bool = False) -> tuple[int, int, int]:
    """By band: the best direct-fire damage, or with ``lobbed`` the best of the weapons
    that lob shells (they need no sight of the target)."""
    best = [0, 0, 0]
    for weapon in data.units[shooter.type].weapons:
        if "flamer" in weapon.traits or ("indirect" in weapon.traits) != lobbed:
            continue
        if shooter.kind == "trooper" and target.kind != "trooper" and (
                "armour_piercing" not in weapon.traits):
            continue
        for reach in range(3):
            best[reach] = max(best[reach], weapon.damage[reach])
    return best[0], best[1], best[2]


def _band(distance: float, edges: tuple[float, float, float]) -> int:
    """The range band (as table.band) or 3 beyond long range."""
    short, medium, far = edges
    return 0 if distance < short else 1 if distance < medium else 2 if distance <= far else 3


def hurt(state: RobogearState, data: RobogearData, shooter: Unit, target: Unit) -> float:
    """The expected share of the target's remaining life that one best shot takes."""
    distance = hypot(shooter.x - target.x, shooter.y - target.y)
    reach = _band(distance - shooter.radius - target.radius, data.measures.band_edges)
    if reach == 3:
        return 0.0
    best = best_damage(data, shooter, target)[reach]
    return _shot(Sight(state, data), shooter, target, reach, best,
                 data.units[target.type].cells - target.damage)


def _shot(sight: Sight, shooter: Unit, target: Unit, reach: int, best: int,
          left: int, hard: int | None = None) -> float:
    """The expected share of ``left`` one best shot takes (``hard``: :func:`_hard` of the
    two, if already known)."""
    if best == 0:
        return 0.0
    data = sight.data
    share = sight.share(shooter, target)
    if share >= 1.0:
        return 0.0
    if hard is None:
        hard = _hard(data, shooter, target)
    chance = tables_hit_chance(book(data), reach, 0, share, hard)
    return chance * min(1.0, best / max(1, left))


class Duel:
    """One enemy as seen by the moving unit: what each can deal the other in each band.

    A plain compiled class, not a dataclass: a compiled dataclass keeps the ``__init__``
    the dataclasses module writes, which runs interpreted, and a duel is made for every
    enemy near every unit the commander weighs."""

    foe: Unit
    dealt: tuple[int, int, int]
    taken: tuple[int, int, int]
    foe_left: int
    worth: float
    #: What the foe's lobbing guns (a mortar) deal the unit in each band, sight or not.
    lobbed: tuple[int, int, int]
    #: The foe's +1 defence against the unit (:func:`_hard`), and the unit's against it.
    foe_hard: int
    own_hard: int
    #: Where the foe stands and its base's radius, read once (a spot weighs each duel).
    x: float
    y: float
    radius: float
    #: The most the unit's best shot at the foe can be worth, in any band (the foe's share
    #: of life one hit takes, times its worth): no spot gains more from this foe.
    bound: float

    def __init__(self, data: RobogearData, table: DamageTable, sheet: Sheet, unit: Unit,
                 foe: Unit, weights: list[float]) -> None:
        """``sheet``: the foe's; ``table``: the data's best damages (:func:`_damage_table`)."""
        self.foe = foe
        self.dealt = _damage_by(data, table, unit, foe)
        self.taken = _damage_by(data, table, foe, unit)
        self.lobbed = _damage_by(data, table, foe, unit, True)
        self.foe_left = sheet.cells - foe.damage
        self.worth = sheet.points * weights[foe.player]
        self.foe_hard, self.own_hard = _hard(data, unit, foe), _hard(data, foe, unit)
        self.x, self.y, self.radius = foe.x, foe.y, foe.radius
        dealt = self.dealt
        most = max(max(dealt[0], dealt[1]), dealt[2])  # two-argument max runs natively
        self.bound = min(1.0, most / max(1, self.foe_left)) * self.worth


def duels(data: RobogearData, unit: Unit, foes: list[Unit], weights: list[float]) -> list[Duel]:
    """The spot-independent half of :func:`spot_value` for each enemy."""
    sheets, table = book(data).units, _damage_table(data)
    return [Duel(data, table, sheets[foe.type], unit, foe, weights) for foe in foes]


#: A weighed target's bound (its first item), the key its list is sorted by.
_first = itemgetter(0)


def spot_value(state: RobogearState, data: RobogearData, unit: Unit, foes: list[Unit],
               weights: list[float], armed: bool, known: list[Duel] | None = None,
               sight: Sight | None = None, floor: float = -math.inf) -> float:
    """Gain less caution times loss for ``unit`` standing where it says; ``armed``: it can
    still shoot this turn from there (else the gain counts half, a promise for later);
    ``known``, ``sight``: the unit's duels and the table's sight, if already worked out.

    ``floor``: a spot worth no more than this is of no interest, and its value may come
    back as soon as that is sure (any figure not above ``floor``): the gain first, each
    enemy's threat then only while the spot can still beat it."""
    sight = sight or Sight(state, data)
    sheets = book(data)
    edges = sheets.band_edges
    sheet = sheets.units[unit.type]
    left = sheet.cells - unit.damage
    gain = 0.0
    loss = 0.0
    targets: list[tuple[float, int, int, Duel]] = []
    threats: list[tuple[Unit, int, int, int, int]] = []
    x, y, radius = unit.x, unit.y, unit.radius
    for duel in known if known is not None else duels(data, unit, foes, weights):
        # the band as _band gives it, without the square root where sure: the bot's hottest loop
        reach = band_of(x - duel.x, y - duel.y, radius, duel.radius, edges)
        if reach == 3:
            continue
        dealt, taken, lobbed = duel.dealt[reach], duel.taken[reach], duel.lobbed[reach]
        if dealt:
            targets.append((min(1.0, dealt / max(1, duel.foe_left)) * duel.worth, reach, dealt,
                            duel))
        if taken or lobbed:
            threats.append((duel.foe, reach, taken, lobbed, duel.own_hard))
    factor = 1.0 if armed else 0.5
    # Only the best target counts: one whose sure hit (the bound) cannot beat the best found
    # so far is not looked at (no sight check). The loss is never negative, so a spot whose
    # best bound cannot beat the floor is done with.
    targets.sort(key=_first, reverse=True)  # stable: equal bounds keep their order
    if (targets[0][0] if targets else 0.0) * factor <= floor:
        return floor
    for bound, reach, dealt, duel in targets:
        if bound <= gain:
            break
        gain = max(gain, _shot(sight, unit, duel.foe, reach, dealt, duel.foe_left,
                               duel.foe_hard) * duel.worth)
    caution, points = FLYER_CAUTION if sheet.flyer else CAUTION, sheet.points
    gained = gain * factor
    if gained <= floor:
        return floor
    for foe, reach, taken, lobbed, hard in threats:
        threat = _shot(sight, foe, unit, reach, taken, left, hard)
        if lobbed:
            # a lobbed shell needs no sight of the unit: no cover counts against it
            threat = max(threat, tables_hit_chance(sheets, reach, 0, 0.0, hard)
                         * min(1.0, lobbed / max(1, left)))
        loss += threat
        if gained - caution * loss * points <= floor:
            return floor
    return gained - caution * loss * points


def best_move(state: RobogearState, data: RobogearData, unit: Unit, foes: list[Unit],
              weights: list[float], aim: float,
              legal: Callable[[float, float], bool],
              sight: Sight | None = None) -> tuple[float, float] | None:
    """The (heading, distance) of the unit's best straight move, or None if staying is as
    good. Headings tried: toward ``aim`` and around it (any-direction chassis), else
    forward, back and sideways, and for a chassis that only moves forward (a flyer) also
    90 degrees to either side after a turn on the spot (:data:`TURNS`; then the heading
    differs from its facing and the unit turns first); lengths: all, half or one point of
    its resource (after the turn)."""
    sheet = book(data).units[unit.type]
    row = sheet.gait
    shot = min((w.cost for w in sheet.weapons), default=99)
    # No spot is farther than the longest move from here: an enemy beyond long range from
    # every one of them (with slack) is left out of their weighing, where it would count
    # for nothing (here too: it is one of them).
    far = data.measures.band_edges[2] + unit.points_left * max(row.forward, row.back,
                                                               row.side) + REACH_SLACK
    near = [foe for foe in foes
            if gap_at_most(unit.x - foe.x, unit.y - foe.y, unit.radius, foe.radius, far)]
    known = duels(data, unit, near, weights)
    sight = sight or Sight(state, data)
    here = spot_value(state, data, unit, near, weights, unit.points_left >= shot, known, sight)
    if row.any_direction:
        headings = [(aim + turn) % 360 for turn in (0, 45, -45, 90, -90, 135, -135, 180)]
    else:
        headings = [unit.facing % 360, (unit.facing + 180) % 360,
                    (unit.facing + 90) % 360, (unit.facing - 90) % 360]
    turns: dict[float, int] = {}
    if row.forward_only:
        turns = {(unit.facing + off) % 360: row.turn_cost for off in TURNS
                 if abs(off) <= row.max_turn}
    best, value = None, here + MARGIN * sheet.points / 10
    # A spot gains at most the best duel's bound and loses nothing at best: when that does
    # not beat staying, no spot can (the same answer, without weighing them).
    if max((duel.bound for duel in known), default=0.0) <= value:
        return None
    there = unit.shallow_copy()
    for heading in dict.fromkeys(headings + list(turns)):
        turned, turn = heading in turns, turns.get(heading, 0)
        speed = row.forward if turned else rate(row, heading - unit.facing)[0]
        left = unit.points_left - turn
        if speed <= 0 or left <= 0:
            continue
        rad = to_radians(heading)
        for points in sorted({left, max(1, left // 2), 1}):
            distance = round_to(points * speed, 3)
            step = step_cost(row, 0.0 if turned else heading - unit.facing, distance)
            cost = step if isinstance(step, str) else turn + step
            there.x = unit.x + math.sin(rad) * distance
            there.y = unit.y + math.cos(rad) * distance
            if isinstance(cost, str) or not (
                    unit.radius <= there.x <= state.width - unit.radius
                    and unit.radius <= there.y <= state.height - unit.radius):
                continue
            worth = spot_value(state, data, there, foes, weights,
                               unit.points_left - cost >= shot, known, sight, value)
            if worth > value and legal(round_to(heading, 4), distance):
                best, value = (round_to(heading, 4), distance), worth
    return best
