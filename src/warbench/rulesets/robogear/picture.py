"""A picture of the ROBOGEAR table: terrain, craters, every unit with its armour track, and
the shots of a moment, over the weapon's arc (a fixed weapon's line of fire, all round for
turrets, turntables and troopers) and the range band it fired in."""

from __future__ import annotations

import math
from collections.abc import Sequence

from warbench.core.events import Event
from warbench.core.geometry import Arc, RangeBands
from warbench.core.table import Attack, Piece, TablePicture
from warbench.core.words import player_name
from warbench.rulesets.robogear.data import SECTIONS, RobogearData
from warbench.rulesets.robogear.events import Damaged, ShotResolved
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.sheets import book
from warbench.rulesets.robogear.state import RobogearState, armour_level, section
from warbench.rulesets.robogear.table import band, gap

BAND_NAMES = ("short", "medium", "long")


def table_picture(data: RobogearData, state: RobogearState) -> TablePicture:
    """Terrain (buildings with their slots held), craters and every unit on the table, with
    its armour track and resource."""
    pieces = [
        Piece(f"{b.name} ({b.height:+.1f}" + (
            f", {sum(u.alive and u.inside == i for u in state.units)}/{b.slots} slots held"
            if b.slots else "") + ")", (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2,
              shape="rect", size=b.x1 - b.x0, length=b.y1 - b.y0)
        for i, b in enumerate(state.terrain)
    ]
    pieces += [Piece("crater", x, y, size=1.0) for x, y in state.craters]
    for unit in state.units:
        if not unit.alive or unit.reserve or unit.carried_by >= 0 or state.round == 0:
            continue
        record = data.units[unit.type]
        part = section(record, unit.damage)
        pieces.append(Piece(
            unit_label(data, unit), unit.x, unit.y, size=unit.radius, heading=unit.facing,
            player=unit.player, unit=unit.type, key=str(unit.id),
            # "section" said: the armour track's colours are not the players' colours
            damage=f"{track(record.cells, unit.damage)} {SECTIONS[part]} section"
            f" L{armour_level(record, unit.damage)} R{record.resource[part]}"
            + (" (inside)" if unit.inside >= 0 else ""),
        ))
    return TablePicture(state.width, state.height, tuple(pieces),
                        title=f"ROBOGEAR, round {state.round}{team_words(state)}", units="steps")


def team_words(state: RobogearState) -> str:
    """Who plays with whom, for a title: ``, player 1 + player 3 v player 2 + player 4``;
    nothing without teams.

    >>> from types import SimpleNamespace
    >>> team_words(SimpleNamespace(teams=[0, 1, 0, 1]))
    ', player 1 + player 3 v player 2 + player 4'
    >>> team_words(SimpleNamespace(teams=[]))
    ''
    """
    if not state.teams or len(set(state.teams)) == len(state.teams):
        return ""
    sides = [[p for p, t in enumerate(state.teams) if t == team]
             for team in sorted(set(state.teams))]
    return ", " + " v ".join(" + ".join(map(player_name, side)) for side in sides)


def unit_label(data: RobogearData, unit: Unit) -> str:
    """The unit's label on the table (and its name on the web table): number and name."""
    return f"{unit.id} {data.units[unit.type].name}"


def unit_words(state: RobogearState, data: RobogearData, index: int) -> str:
    """The label of unit ``index`` when there is one, else ``unit <index>``."""
    units = state.units
    return unit_label(data, units[index]) if 0 <= index < len(units) else f"unit {index}"


def track(cells: int, damage: int) -> str:
    """An armour track: ``#`` for cells left, ``.`` for cells lost.

    >>> track(6, 2)
    '..####'
    """
    return "." * min(cells, damage) + "#" * max(0, cells - damage)


def attacks_drawn(
    data: RobogearData, state: RobogearState, events: Sequence[Event]
) -> tuple[Attack, ...]:
    """Every shot in ``events``: who fired what at whom (named, as the target may be gone
    from the table after it), its roll against the defence and the damage it did."""
    marks: list[Attack] = []
    for index, event in enumerate(events):
        if not isinstance(event, ShotResolved):
            continue
        shooter, target = state.units[event.unit], state.units[event.target]
        damage = next((e.amount for e in events[index + 1:index + 3]
                       if isinstance(e, Damaged) and e.unit == event.target), 0)
        reach = band(gap(shooter, target), book(data).band_edges)
        label = (f"{unit_label(data, shooter)}: {event.weapon} at {unit_label(data, target)}\n"
                 f"{event.accuracy} vs {event.defence}: "
                 + (f"hit, {damage} damage" if event.hit else "miss"))
        if reach is not None:
            label = f"{label} ({BAND_NAMES[reach]})"
        marks.append(Attack.fired(
            (shooter.x, shooter.y), shooter.facing, (target.x, target.y),
            arc=_arc(data, shooter, target, event.weapon),
            bands=RangeBands(tuple(edge + shooter.radius for edge in data.measures.band_edges)),
            band=None if reach is None else reach + 1,
            label=label, player=shooter.player, hit=event.hit,
        ))
    return tuple(marks)


def _arc(data: RobogearData, shooter: Unit, target: Unit, weapon_name: str) -> Arc | None:
    """A fixed weapon fires along the facing: the narrow arc its line sweeps over the target's
    base; turrets, turntables, troopers and thrown grenades fire all round."""
    record = data.units[shooter.type]
    weapon = next((w for w in record.weapons if w.name == weapon_name), None)
    if weapon is None or weapon.turret or record.turntable or shooter.kind == "trooper":
        return None
    distance = max(math.dist((shooter.x, shooter.y), (target.x, target.y)), target.radius)
    return Arc.centered(max(2 * math.degrees(math.atan2(target.radius, distance)), 2.0))
