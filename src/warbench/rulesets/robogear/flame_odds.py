"""Exact odds of a ROBOGEAR flamer shot (RG-FLAME, RG-FLAME-BUILDING, RG-ODDS-FLAME).

A flame rolls no aim: every unit under the template takes the flamer's short-range damage
once; a trooper behind a covered firing slot takes D6 hits of it, each while it lives; the
pilot of an open machine under it, and the troopers riding it, take D6 hits (one roll for
them all), after the machine's own damage and the critical token that damage may draw. A
carrier the flame destroys throws its riders out, each living on the survival roll where
there is room beside it. :func:`flame_answer` tells all of that over a list of
:class:`Burnt` units, the same way for the web table (:func:`.board.flame_odds`, from the
units the game's template covers) and for ``warbench odds robogear flame`` (units a player
lists), each step as :func:`.shots._flame` and :func:`.shots._hits` apply it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pydantic

from warbench.core.attacks import AttackOdds, AttackOptionsError, OddsAnswer
from warbench.core.odds import Dist
from warbench.core.words import counted
from warbench.rulesets.robogear.data import RobogearData, UnitRecord, WeaponRecord
from warbench.rulesets.robogear.state import Section, section

#: Which riders of a destroyed carrier, of those whose survival roll came up (in order),
#: find room beside it and live (:func:`.table.free_spot`); None: all of them.
Room = Callable[[tuple[bool, ...]], tuple[bool, ...]]

#: The most units one command-line flame may list.
MOST_UNITS = 40


@dataclass(frozen=True, slots=True)
class Burnt:
    """A unit the flame reaches: on the table under the template, behind a firing slot
    it covers (``inside``), or riding the unit at position ``rides`` of the list. ``pilot``:
    the lives of an open machine's pilot; ``room``: for a carrier, who of its riders finds
    room beside it should the flame destroy it."""

    label: str
    record: UnitRecord
    damage: int = 0
    inside: bool = False
    pilot: int = 0
    rides: int = -1
    room: Room | None = None


def _struck(left: int, hits: int, amount: int, deadly: bool) -> tuple[int, bool]:
    """The damage ``hits`` hits of ``amount`` deal to a unit with ``left`` cells, each
    while it lives, and whether it dies (a deadly hit destroys it, dealing no damage)."""
    if deadly:
        return 0, hits > 0
    if amount <= 0:
        return 0, False
    taken = min(hits, -(-left // amount))
    return amount * taken, hits * amount >= left


def _pilot_lives(data: RobogearData, record: UnitRecord, after: int, lives: int,
                 amount: int, deadly: bool) -> dict[int, float]:
    """The lives an open machine's pilot has left after the flame: a critical token drawn
    by the machine's damage (``after`` cells lost; a ``pilot`` token takes a life), then
    the D6 hits, each taking ``amount`` lives (all of them if deadly) while it lives."""
    starts = {lives: 1.0}
    part = section(record, after)
    if record.kind == "machine" and part is not Section.GREEN:
        tables = data.tables
        table = tables.yellow_tokens if part is Section.YELLOW else tables.red_tokens
        starts = {}
        for token in table:
            left = max(0, lives - 1) if token == "pilot" else lives
            starts[left] = starts.get(left, 0.0) + 1 / 6
    ends: dict[int, float] = {}
    for left, p in starts.items():
        for hits in range(1, 7):
            now = left
            for _ in range(hits):
                if now <= 0:
                    break
                now = 0 if deadly else max(0, now - amount)
            ends[now] = ends.get(now, 0.0) + p / 6
    return ends


def _add(line: dict[str, float], key: str, p: float) -> None:
    if p > 1e-12:
        line[key] = line.get(key, 0.0) + p


def _lost(record: UnitRecord) -> str:
    return "killed" if record.kind == "trooper" else "destroyed"


def _thrown_out(data: RobogearData, riders: Sequence[Burnt], room: Room | None) -> list[float]:
    """Each rider's chance to die when its carrier is destroyed: the survival roll (lives
    on ``apc_survive`` or more), then room beside the carrier (:data:`Room`)."""
    survive = min(1.0, max(0.0, (7 - data.measures.apc_survive) / 6))
    killed = [0.0] * len(riders)
    for rolled in itertools.product((True, False), repeat=len(riders)):
        p = 1.0
        for up in rolled:
            p *= survive if up else 1.0 - survive
        if p <= 0:
            continue
        lives = rolled if room is None else room(rolled)
        for number, alive in enumerate(lives):
            if not alive:
                killed[number] += p
    return killed


def flame_lines(data: RobogearData, weapon: WeaponRecord,
                units: Sequence[Burnt]) -> tuple[Dist, list[dict[str, float]]]:
    """The total damage a flame of ``weapon`` deals to ``units`` and a line for each unit:
    ``under the flame`` (on the table or behind a slot) or ``in the carrier under the
    flame`` (a rider), ``takes N`` where the damage it takes is a matter of dice, ``killed``
    or ``destroyed``, ``unhurt`` for a rider that may come out whole, and for an open
    machine the fate of its pilot (``pilot killed``, ``pilot wounded: N lives left of L``,
    ``pilot unhurt``)."""
    amount = max(0, weapon.damage[0])  # a flame reaches no farther than short range
    deadly = "deadly" in weapon.traits
    full = data.measures.pilot_lives
    lines: list[dict[str, float]] = [
        {"in the carrier under the flame" if unit.rides >= 0 else "under the flame": 1.0}
        for unit in units]
    total = Dist.constant(0)
    for number, unit in enumerate(units):
        record = unit.record
        if unit.rides >= 0:
            continue  # with its carrier
        if unit.inside:  # D6 hits through the slot, each while it lives (RG-FLAME-BUILDING)
            taken: dict[int, float] = {}
            for hits in range(1, 7):
                dealt, dead = _struck(record.cells - unit.damage, hits, amount, deadly)
                taken[dealt] = taken.get(dealt, 0.0) + 1 / 6
                _add(lines[number], _lost(record), (1 / 6) * dead)
            for dealt, p in sorted(taken.items()):
                if dealt:
                    _add(lines[number], f"takes {dealt}", p)
            total = total + Dist.from_mapping(taken)
            continue
        riders = [(n, other) for n, other in enumerate(units) if other.rides == number]
        after = min(record.cells, unit.damage + amount)
        if amount <= 0:
            continue  # the flame does nothing to it, nor to anyone inside
        if after >= record.cells:  # destroyed: its pilot with it, its riders thrown out
            _add(lines[number], _lost(record), 1.0)
            if record.cockpit == "open" and unit.pilot > 0:
                _add(lines[number], "pilot killed", 1.0)
            killed = _thrown_out(data, [r for _, r in riders], unit.room)
            for (n, rider), p in zip(riders, killed, strict=True):
                _add(lines[n], _lost(rider.record), p)
                _add(lines[n], "unhurt", 1.0 - p)
            total = total + amount
            continue
        if record.cockpit != "open":
            total = total + amount  # a closed cabin keeps its crew from the flame
            for n, _ in riders:
                _add(lines[n], "unhurt", 1.0)
            continue
        if unit.pilot > 0:
            for left, p in sorted(_pilot_lives(data, record, after, unit.pilot, amount,
                                               deadly).items()):
                key = ("pilot killed" if left == 0 else "pilot unhurt" if left == unit.pilot
                       else f"pilot wounded: {counted(left, 'life')} left of {full}")
                _add(lines[number], key, p)
        group: dict[int, float] = {}
        for hits in range(1, 7):  # one roll of D6 hits for the pilot and every rider
            dealt_all = amount
            for n, rider in riders:
                dealt, dead = _struck(rider.record.cells - rider.damage, hits, amount, deadly)
                dealt_all += dealt
                if dealt:
                    _add(lines[n], f"takes {dealt}", 1 / 6)
                if dead:
                    _add(lines[n], _lost(rider.record), 1 / 6)
                elif not dealt:
                    _add(lines[n], "unhurt", 1 / 6)
            group[dealt_all] = group.get(dealt_all, 0.0) + 1 / 6
        total = total + Dist.from_mapping(group)
    return total, lines


def flame_answer(data: RobogearData, weapon: WeaponRecord, units: Sequence[Burnt],
                 target: int | None) -> OddsAnswer:
    """The answer for a flame over ``units``: the total damage, ``nothing``, the line of
    the unit at ``target`` (the one aimed at) as ``target ...`` (its pilot's as
    ``pilot ...``), a line for each other unit by its label."""
    total, lines = flame_lines(data, weapon, units)
    named: dict[str, float] = {"nothing": total.p(0), "target under the flame": 0.0}
    others: dict[str, dict[str, float]] = {}
    for number, (unit, line) in enumerate(zip(units, lines, strict=True)):
        if number != target:
            others[unit.label] = line
            continue
        for key, p in line.items():
            named[key if key.startswith(("pilot", "target")) else f"target {key}"] = p
    amount = max(0, weapon.damage[0])
    reached = sum(1 for unit in units if unit.rides < 0)
    notes = [f"{counted(reached, 'unit')} under the flame, {amount} damage a hit"]
    if any(unit.record.cockpit == "open" and unit.rides < 0 and not unit.inside
           for unit in units):
        notes.append("the pilot of an open machine and its riders take D6 hits, one roll for"
                     " them all, each for the flamer's damage (RG-FLAME)")
    return OddsAnswer(total, "damage", named, tuple(notes), others=others)


class FlameOptions(pydantic.BaseModel):
    shooter: str = pydantic.Field(default="ferrum-spider", description=(
        "shooter's sheet id: its flamer gives the damage"))
    weapon: int = pydantic.Field(default=0, ge=0, description="weapon number on the sheet")
    units: str = pydantic.Field(default="verdant-rifleman", description=(
        "the units under the template, ';' apart, the first the one aimed at: each a sheet"
        " id, then ',damage:N' (cells lost), ',inside' (a trooper behind a firing slot the"
        " template covers), ',pilot:N' (an open machine's pilot's lives left; 0: none),"
        " ',rides:K' (riding the K-th unit listed)"))


def parse_units(data: RobogearData, text: str) -> list[Burnt]:
    """``units=`` as :class:`Burnt` units labelled ``1 Verdant rifleman`` and so on by
    their place in the list, every problem naming the unit.

    >>> from warbench.rulesets.robogear.ruleset import RobogearRuleset
    >>> found = parse_units(RobogearRuleset().data, "verdant-rover,pilot:2; verdant-rifleman,"
    ...                     "rides:1,damage:1")
    >>> [(u.label, u.damage, u.pilot, u.rides) for u in found]
    [('1 Hare carrier', 0, 2, -1), ('2 Verdant rifleman', 1, 0, 0)]
    """
    entries = [part.strip() for part in text.split(";") if part.strip()]
    if not entries:
        raise AttackOptionsError("units: list at least one unit under the template")
    if len(entries) > MOST_UNITS:
        raise AttackOptionsError(f"units: at most {MOST_UNITS} units under one template")
    found: list[Burnt] = []
    for number, entry in enumerate(entries, 1):
        sheet, *words = [word.strip() for word in entry.split(",")]
        record = data.units.get(sheet)
        if record is None:
            raise AttackOptionsError(f"units: unit {number}: no sheet {sheet!r}")
        values = {"damage": 0, "pilot": -1, "rides": 0}
        inside = False
        for word in words:
            key, sep, value = word.partition(":")
            if word == "inside":
                inside = True
            elif sep and key in values and value.strip().isdigit() and (
                    key != "rides" or int(value) >= 1):
                values[key] = int(value)
            else:
                raise AttackOptionsError(f"units: unit {number}: {word!r} is not damage:N,"
                                         " inside, pilot:N or rides:K (K from 1)")
        found.append(_checked(data, record, number, values, inside))
    for number, unit in enumerate(found, 1):
        if unit.rides >= 0:
            _check_ride(data, found, number, unit)
    return found


def _checked(data: RobogearData, record: UnitRecord, number: int, values: dict[str, int],
             inside: bool) -> Burnt:
    """One listed unit, its options checked against its sheet."""
    where = f"units: unit {number} ({record.name})"
    if values["damage"] >= record.cells:
        raise AttackOptionsError(f"{where}: has only {record.cells} cells")
    pilot = values["pilot"]
    if pilot >= 0 and record.cockpit != "open":
        raise AttackOptionsError(f"{where}: pilot: only an open machine's pilot is burnt")
    if pilot > data.measures.pilot_lives:
        raise AttackOptionsError(f"{where}: a pilot has at most {data.measures.pilot_lives}"
                                 " lives (RG-PILOT-LIVES)")
    if pilot < 0:
        pilot = data.measures.pilot_lives if record.cockpit == "open" else 0
    if inside and (record.kind != "trooper" or values["rides"]):
        raise AttackOptionsError(f"{where}: inside: only a trooper in a building, not"
                                 " riding, shoots from a firing slot")
    return Burnt(f"{number} {record.name}", record, values["damage"], inside, pilot,
                 values["rides"] - 1)


def _check_ride(data: RobogearData, found: list[Burnt], number: int, unit: Burnt) -> None:
    """A rider's carrier: another listed unit, a machine on the table that carries."""
    where = f"units: unit {number} ({unit.record.name})"
    if unit.record.kind == "machine":
        raise AttackOptionsError(f"{where}: rides: a machine rides in no carrier")
    if not 0 <= unit.rides < len(found) or unit.rides == number - 1:
        raise AttackOptionsError(f"{where}: rides: give the number of another listed unit")
    carrier = found[unit.rides]
    if carrier.rides >= 0 or carrier.inside or carrier.record.transport <= 0:
        raise AttackOptionsError(f"{where}: rides: unit {unit.rides + 1} is no carrier on the"
                                 " table")
    aboard = sum(1 for other in found if other.rides == unit.rides)
    if aboard > carrier.record.transport:
        raise AttackOptionsError(f"{where}: rides: the {carrier.record.name} holds"
                                 f" {carrier.record.transport} (RG-INF-APC)")


class FlameOdds(AttackOdds):
    name = "flame"
    summary = ("damage of a flamer's template over the units it covers, and what becomes of"
               " each (D6 hits behind a firing slot, on an open machine's pilot and riders)")
    options_model = FlameOptions

    def __init__(self, data: RobogearData) -> None:
        self.data = data

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, FlameOptions):
            raise AttackOptionsError("flame takes FlameOptions")
        shooter = self.data.units.get(options.shooter)
        if shooter is None:
            raise AttackOptionsError(f"shooter: no sheet {options.shooter!r}")
        if options.weapon >= len(shooter.weapons):
            raise AttackOptionsError(f"weapon: {shooter.name} has {len(shooter.weapons)} weapons")
        weapon = shooter.weapons[options.weapon]
        if "flamer" not in weapon.traits:
            ask = "blast" if {"blast", "indirect"} & set(weapon.traits) else "shot"
            raise AttackOptionsError(f"weapon: the {shooter.name}'s {weapon.name} is no flamer"
                                     f" (ask `{ask}` for it)")
        units = parse_units(self.data, options.units)
        answer = flame_answer(self.data, weapon, units, 0)
        notes = [f"{shooter.name}'s {weapon.name}", *answer.notes]
        amount = weapon.damage[0]
        if any(u.rides >= 0 and 0 < amount >= units[u.rides].record.cells
               - units[u.rides].damage for u in units):
            notes.append(f"a destroyed carrier's riders live on {self.data.measures.apc_survive}"
                         "+ (RG-INF-APC), room beside it taken for granted")
        return OddsAnswer(answer.distribution, answer.outcome, answer.named, tuple(notes),
                          others=answer.others)
