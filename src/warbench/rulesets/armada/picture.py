"""The hex map as a :class:`~warbench.core.table.TablePicture` for the renderer.

Every fleet still on the map is a hex in its side's colour, with its facing, a label (its
name, told apart from another fleet's of the same name by :mod:`.names`; hull points) and
its template as its catalog unit (for its stat card; an enemy fleet the viewer has not
scanned shows ``?`` for hull and shields and no card, ARM-OFF-SCAN); the
rest of the area around the fleets is drawn as empty hexes; gravity mines are small
circles in their side's colour, conjured debris grey circles. The picture's units are hex
radii, with north up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

from warbench.core.events import Event
from warbench.core.geometry import Arc
from warbench.core.hexgrid import Hex
from warbench.core.table import Attack, Piece, TablePicture
from warbench.rulesets.armada.events import Hit, Missed
from warbench.rulesets.armada.names import fleet_labels
from warbench.rulesets.armada.places import mine_key
from warbench.rulesets.armada.sight import STATISTICS, SeenState
from warbench.rulesets.armada.state import ACTIVE, DESTROYED, ArmadaState, Fleet
from warbench.rulesets.armada.templates import template_id

#: Hexes of empty map drawn around the fleets.
MARGIN_HEXES = 2
#: Centre-to-corner size of a hex in the picture: one unit of the picture is the distance
#: between neighbouring hexes' centres, so its size and the table's ruler read in hexes.
HEX_SIZE = 1.0 / math.sqrt(3.0)
#: Each firing arc's bearings relative to the facing, clockwise (as in
#: :mod:`warbench.core.hexgrid.arcs`: fore and aft 60 degrees, the broadsides 120).
ARC_BEARINGS = {
    "fore": (-30.0, 30.0),
    "starboard": (30.0, 150.0),
    "aft": (150.0, 210.0),
    "port": (210.0, 330.0),
}
#: Radius of a mine marker (debris markers are twice as large).
MARKER_SIZE = 0.3 * HEX_SIZE


def _rows(q: int, low_y: float, high_y: float) -> range:
    """Rows ``r`` of column ``q`` whose centres lie between ``low_y`` and ``high_y``."""
    step = math.sqrt(3.0) * HEX_SIZE
    return range(math.ceil(low_y / step - q / 2), math.floor(high_y / step - q / 2) + 1)


def _frame(state: ArmadaState) -> tuple[float, float, float, float]:
    """The map area drawn: lowest and highest x and y of hex centres, with a margin."""
    fleets = [fleet for fleet in state.fleets if fleet.status != DESTROYED] or state.fleets
    centres = [fleet.hex.to_pixel(HEX_SIZE) for fleet in fleets] or [(0.0, 0.0)]
    pad = MARGIN_HEXES * math.sqrt(3.0) * HEX_SIZE
    low_x, high_x = min(x for x, _ in centres) - pad, max(x for x, _ in centres) + pad
    low_y, high_y = min(y for _, y in centres) - pad, max(y for _, y in centres) + pad
    return low_x, high_x, low_y, high_y


def _placer(state: ArmadaState) -> Callable[[Hex], tuple[float, float]]:
    """Where a hex's centre lies on the picture."""
    low_x, _, _, high_y = _frame(state)

    def place(hex_: Hex) -> tuple[float, float]:
        x, y = hex_.to_pixel(HEX_SIZE)
        return x - low_x + HEX_SIZE, high_y - y + HEX_SIZE  # screen y runs down; ours up

    return place


def hex_centre(state: ArmadaState, hex_: Hex) -> tuple[float, float]:
    """Where the centre of ``hex_`` lies in the picture of ``state``."""
    return _placer(state)(hex_)


def hex_at(state: ArmadaState, x: float, y: float) -> Hex:
    """The hex under the point ``(x, y)`` of the picture of ``state``."""
    low_x, _, _, high_y = _frame(state)
    return Hex.from_pixel(x + low_x - HEX_SIZE, high_y + HEX_SIZE - y, HEX_SIZE)


def _damage_label(fleet: Fleet, unknown: bool) -> str:
    """A fleet's hull and shields as its viewer knows them (``?`` before a scan teaches
    them), and its status unless active."""
    status = "" if fleet.status == ACTIVE else f" {fleet.status}"
    if unknown:
        return f"hull ? shields ?{status}"
    return f"hull {max(fleet.hull, 0)}/{fleet.hull_points} shields {fleet.shields}{status}"


def table_picture(state: ArmadaState) -> TablePicture:
    """The map: fleets as coloured hexes with facing ticks, empty hexes around them; each
    fleet keyed by its id all game (the number a form's ``fleet`` or ``target`` holds), a
    gravity mine by ``m`` and the number its forms name it by."""
    fleets = [fleet for fleet in state.fleets if fleet.status != DESTROYED] or state.fleets
    low_x, high_x, low_y, high_y = _frame(state)
    border = HEX_SIZE
    place = _placer(state)

    known = state.known if isinstance(state, SeenState) else None
    occupied = {fleet.hex for fleet in fleets}
    pieces: list[Piece] = []
    first_q = math.ceil(low_x / (1.5 * HEX_SIZE))
    last_q = math.floor(high_x / (1.5 * HEX_SIZE))
    for q in range(first_q, last_q + 1):
        for r in _rows(q, low_y, high_y):
            if Hex(q, r) not in occupied:
                x, y = place(Hex(q, r))
                pieces.append(Piece("", x, y, shape="hex", size=HEX_SIZE))
    labels = fleet_labels(state.fleets)
    for fleet in fleets:
        x, y = place(fleet.hex)
        unknown = known is not None and known[fleet.id] < STATISTICS  # ARM-OFF-SCAN
        pieces.append(
            Piece(
                labels[fleet.id],
                x,
                y,
                shape="hex",
                size=HEX_SIZE,
                heading=60.0 * fleet.facing,
                player=fleet.side,
                faded=fleet.status != ACTIVE,
                damage=_damage_label(fleet, unknown),
                unit="" if unknown else template_id(fleet.fleet_class, fleet.size, fleet.tier),
                key=str(fleet.id),
            )
        )
    for number, mine in enumerate(state.mines):
        x, y = place(mine.hex)
        pieces.append(Piece("mine", x, y, size=MARKER_SIZE, player=mine.side,
                            key=mine_key(number)))
    for debris in state.debris:
        x, y = place(Hex(debris.q, debris.r))
        pieces.append(Piece("debris", x, y, size=2 * MARKER_SIZE))
    return TablePicture(
        high_x - low_x + 2 * border,
        high_y - low_y + 2 * border,
        tuple(pieces),
        title=f"Armada, round {state.round}",
        units="hexes",
    )


def attacks_drawn(state: ArmadaState, events: Sequence[Event]) -> tuple[Attack, ...]:
    """Each fleet's gunnery at each target in ``events``, one mark per pair: the checks
    against the target's AC and the damage dealt, over the firing arc the checks went
    through and the range band the target lay in (hex rings drawn as circles through the
    centres of the hexes straight ahead of each side)."""
    shots: dict[tuple[int, int], list[Hit | Missed]] = {}
    for event in events:
        if isinstance(event, Hit | Missed):
            shots.setdefault((event.attacker, event.target), []).append(event)
    place = _placer(state)
    step = math.sqrt(3.0) * HEX_SIZE
    marks = []
    labels = fleet_labels(state.fleets)
    for (attacker_id, target_id), checks in shots.items():
        attacker, target = state.fleets[attacker_id], state.fleets[target_id]
        first = checks[0]
        hits = [check for check in checks if isinstance(check, Hit)]
        damage = sum(check.damage for check in hits)
        result = f"{damage} damage" if hits else "misses"  # as the log says it
        bearings = ARC_BEARINGS.get(first.arc)
        mark = Attack.fired(
            place(attacker.hex), 60.0 * attacker.facing, place(target.hex),
            arc=Arc.between(*bearings) if bearings else None,
            label=f"{labels[attacker_id]} at {labels[target_id]}: "
            f"{', '.join(str(c.check) for c in checks)} vs AC {first.ac}\n"
            f"{first.arc or 'any arc'}, {first.band}: {result}",
            player=attacker.side, hit=damage > 0,
        )
        near, far = first.hexes
        marks.append(replace(mark, near=near * step, far=far * step))
    return tuple(marks)
