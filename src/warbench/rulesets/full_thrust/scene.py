"""What a Full Thrust seat sees of a ship's guns: the reach of its beams in each fire arc.

A beam battery of class *k* reaches ``k * beam_band`` MU into each of its arcs, losing a die
at every band; the scene draws, for a selected ship, each of the six arcs out to the longest
working battery that covers it, with a line at every band.
"""

from __future__ import annotations

from warbench.core.scene import Reach
from warbench.rulesets.full_thrust.arcs import ARC_BITS, ARC_NAMES, heading_of
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.state import FullThrustState


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
