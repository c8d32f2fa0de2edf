"""What a Full Thrust seat sees of a ship's guns: the reach of its beams in each fire arc,
the damage each ship carries, and the fire of a moment drawn over the arcs and bands used.

A beam battery of class *k* reaches ``k * beam_band`` MU into each of its arcs, losing a die
at every band; the scene draws, for a selected ship, each of the six arcs out to the longest
working battery that covers it, with a line at every band.
"""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Sequence

from warbench.core.events import Event
from warbench.core.geometry import Arc, Point, Pose, RangeBands
from warbench.core.scene import Reach
from warbench.core.table import Attack
from warbench.rulesets.full_thrust.arcs import ARC_BITS, ARC_NAMES, heading_of
from warbench.rulesets.full_thrust.events import WeaponFired
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.state import FullThrustState, Ship

#: The six 60-degree fire arcs, in the order of ``ARC_NAMES``.
ARCS = tuple(Arc.centered(60.0, 60.0 * index) for index in range(len(ARC_NAMES)))


def beam_reach(library: Library, state: FullThrustState) -> dict[str, tuple[Reach, ...]]:
    """For each ship on the table, by name, the reach of its working beams in each arc."""
    band = library.rules.weapons.beam_band
    reaches: dict[str, tuple[Reach, ...]] = {}
    for ship in state.ships:
        if not ship.active:
            continue
        design = library.designs[ship.design]
        heading = heading_of(ship.facing)
        arcs = []
        for index, name in enumerate(ARC_NAMES):
            classes = [
                spec.level
                for number, spec in enumerate(design.systems)
                if spec.kind == "beam"
                and spec.arcs & ARC_BITS[name]
                and number < len(ship.damage)
                and not ship.damage[number]
            ]
            if classes:
                centre = heading + 60.0 * index
                arcs.append(Reach(max(classes) * band, centre - 30.0, centre + 30.0, band, name))
        reaches[ship.name] = tuple(arcs)
    return reaches


def damage_text(library: Library, ship: Ship) -> str:
    """Boxes of hull and armour left, and how many systems are down."""
    design = library.designs[ship.design]
    if not ship.active:
        return "destroyed" if ship.status == "destroyed" else ship.status
    parts = [f"hull {max(design.hull - ship.hull_hits, 0)}/{design.hull}"]
    if design.armour:
        parts.append(f"armour {max(design.armour - ship.armour_hits, 0)}/{design.armour}")
    down = sum(1 for level in ship.damage if level)
    if down:
        parts.append(f"{down} system{'s' * (down != 1)} down")
    return " ".join(parts)


def attacks_drawn(
    library: Library, state: FullThrustState, events: Sequence[Event]
) -> tuple[Attack, ...]:
    """Each ship's fire at each target in ``events``, one mark per pair: the weapons fired
    and the damage they scored, over the fire arc that bore on the target, with the range
    band of the longest beam among them."""
    fired: dict[tuple[int, int], list[WeaponFired]] = {}
    for event in events:
        if isinstance(event, WeaponFired):
            fired.setdefault((event.ship, event.target), []).append(event)
    marks = []
    for (ship_id, target_id), shots in fired.items():
        ship, target = state.ships[ship_id], state.ships[target_id]
        systems = library.designs[ship.design].systems
        specs = [systems[shot.system] for shot in shots]
        pose = Pose(ship.x, ship.y, heading_of(ship.facing))
        relative = pose.relative_bearing(Point(target.x, target.y))
        arcs = functools.reduce(operator.or_, (spec.arcs for spec in specs))
        arc = next((ARCS[index] for index, name in enumerate(ARC_NAMES)
                    if arcs & ARC_BITS[name] and ARCS[index].contains(relative)), None)
        beams = [spec.level for spec in specs if spec.kind == "beam" and spec.level]
        bands = None
        if beams:
            band = library.rules.weapons.beam_band
            bands = RangeBands(tuple(band * step for step in range(1, max(beams) + 1)))
        names = Counter(f"{s.kind}-{s.level}" if s.level else s.kind for s in specs)
        weapons = ", ".join(name + (f" x{n}" if n > 1 else "") for name, n in names.items())
        damage = sum(shot.damage for shot in shots)
        marks.append(Attack.fired(
            (ship.x, ship.y), pose.heading, (target.x, target.y), arc=arc, bands=bands,
            label=f"{ship.name}: {weapons}\n{damage} damage", player=ship.player,
            hit=damage > 0,
        ))
    return tuple(marks)
