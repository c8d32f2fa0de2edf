"""What a Full Thrust seat sees of a ship's guns: the reach of every weapon it can fire in
its fire arcs, the damage each ship carries, and the fire of a moment drawn over the arcs and
bands used (every direct-fire weapon's bands; plasma bolts, salvos and fighters with the
reach they strike within).

A weapon's reach is the one the rules judge a shot by (:func:`~.fire.weapon_reach` for a
direct-fire weapon, :func:`~.salvos.launch_reach` for a launcher placing its marker): a beam
battery of class *k* reaches ``k * beam_band`` MU, losing a die at every band; a K-gun, a
pulse torpedo or a submunition pack to the last line of its range table. The scene draws,
for a selected ship, one wedge per weapon and run of neighbouring arcs it fires into (a
whole circle for all six), named by the weapon, with a line at every band where the bands
are evenly spaced. Weapons alike (same name, arcs and reach) are drawn once, counted.
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
from warbench.rulesets.full_thrust.arcs import ALL_ARCS, ARC_BITS, ARC_NAMES, heading_of
from warbench.rulesets.full_thrust.events import FighterAttack, SalvoAttack, WeaponFired
from warbench.rulesets.full_thrust.events_alien import PlasmaStrike
from warbench.rulesets.full_thrust.fire import DIRECT_FIRE, weapon_reach
from warbench.rulesets.full_thrust.library import Library, SystemSpec
from warbench.rulesets.full_thrust.names import group_label, ship_label, ship_labels
from warbench.rulesets.full_thrust.pods import INTERCEPTOR, POD_LAUNCHER
from warbench.rulesets.full_thrust.salvos import LAUNCHERS, launch_reach
from warbench.rulesets.full_thrust.state import FullThrustState, Ship

#: The six 60-degree fire arcs, in the order of ``ARC_NAMES``.
ARCS = tuple(Arc.centered(60.0, 60.0 * index) for index in range(len(ARC_NAMES)))


def gun_reach(library: Library, state: FullThrustState) -> dict[str, tuple[Reach, ...]]:
    """For each ship on the table, by its label (:mod:`.names`), the reach of each weapon it
    can fire: working (not knocked out) and with a shot left for the battle."""
    reaches: dict[str, tuple[Reach, ...]] = {}
    labels = ship_labels(state.ships)
    for ship in state.ships:
        if ship.active:
            reaches[labels[ship.id]] = _ship_reach(library, ship)
    return reaches


def _ship_reach(library: Library, ship: Ship) -> tuple[Reach, ...]:
    """One ship's wedges: per weapon kind alike and run of neighbouring arcs."""
    systems = library.designs[ship.design].systems
    alike: Counter[tuple[str, int, float, float]] = Counter()
    for number, spec in enumerate(systems):
        if spec.kind not in DIRECT_FIRE and spec.kind not in LAUNCHERS:
            continue
        if spec.kind == POD_LAUNCHER and spec.mode == INTERCEPTOR:  # point defence only
            continue
        if number >= len(ship.damage) or ship.damage[number] or not ship.has_shots(number):
            continue
        if spec.kind in DIRECT_FIRE:
            radius, band = weapon_reach(library, spec), _even_band(weapon_bands(library, spec))
        else:
            radius, band = launch_reach(library, spec.kind), 0.0
        alike[(spec.label, spec.arcs, radius, band)] += 1
    heading = heading_of(ship.facing)
    wedges = []
    for (label, arcs, radius, band), count in alike.items():
        name = label + (f" x{count}" if count > 1 else "")
        for start, end in arc_runs(arcs):
            turn = 0.0 if end - start >= 360.0 else heading
            wedges.append(Reach(radius, turn + start, turn + end, band, name))
    return tuple(wedges)


def arc_runs(arcs: int) -> list[tuple[float, float]]:
    """The arcs of a mask as runs of neighbouring arcs, each ``(start, end)`` in degrees
    from the bow, clockwise (a full circle for all six).

    >>> arc_runs(ARC_BITS["F"] | ARC_BITS["FS"] | ARC_BITS["FP"])
    [(-90.0, 90.0)]
    >>> arc_runs(ARC_BITS["FS"] | ARC_BITS["AP"])
    [(30.0, 90.0), (-150.0, -90.0)]
    """
    if arcs & ALL_ARCS == ALL_ARCS:
        return [(0.0, 360.0)]
    count = len(ARC_NAMES)
    held = [bool(arcs & ARC_BITS[name]) for name in ARC_NAMES]
    runs = []
    for first in range(count):
        if held[first] and not held[first - 1]:
            last = first
            while held[(last + 1) % count]:
                last += 1
            start = 60.0 * first - 30.0 - (360.0 if first > count // 2 else 0.0)
            runs.append((start, start + 60.0 * (last - first + 1)))
    return runs


def _even_band(bands: RangeBands) -> float:
    """The band spacing of evenly spaced bands (0: a single band, or uneven ones)."""
    edges = bands.edges
    if len(edges) < 2:
        return 0.0
    step = edges[0]
    if all(abs(edge - step * (index + 1)) < 1e-9 for index, edge in enumerate(edges)):
        return step
    return 0.0


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


def weapon_bands(library: Library, spec: SystemSpec) -> RangeBands:
    """The range bands of a direct-fire weapon: a beam's one per ``beam_band`` MU, the lines
    of a range table (pulse torpedo, K-gun, submunition), else one band out to its reach."""
    weapons = library.rules.weapons
    tables = {"pulse_torpedo": weapons.pulse_torpedo, "k_gun": weapons.k_gun,
              "submunition": weapons.submunition}
    if spec.kind == "beam":
        return RangeBands(tuple(weapons.beam_band * step for step in range(1, spec.level + 1)))
    if spec.kind in tables:
        return RangeBands(tuple(band.reach for band in tables[spec.kind]))
    return RangeBands((weapon_reach(library, spec),))


def attacks_drawn(
    library: Library, state: FullThrustState, events: Sequence[Event]
) -> tuple[Attack, ...]:
    """The fire of ``events``: each ship's at each target (one mark per pair), then each
    plasma bolt, salvo and fighter group that struck a ship."""
    return ship_fire(library, state, events) + ordnance(library, state, events)


def ship_fire(
    library: Library, state: FullThrustState, events: Sequence[Event]
) -> tuple[Attack, ...]:
    """Each ship's fire at each target, one mark per pair: the weapons fired (by the names
    the design data gives them) and the damage they scored, over the fire arc that bore on
    the target, with the band the target lay in of the longest-reaching weapon among them."""
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
        bands = max((weapon_bands(library, spec) for spec in specs), key=lambda b: b.reach)
        names = Counter(spec.label for spec in specs)
        weapons = ", ".join(name + (f" x{n}" if n > 1 else "") for name, n in names.items())
        damage = sum(shot.damage for shot in shots)
        marks.append(Attack.fired(
            (ship.x, ship.y), pose.heading, (target.x, target.y), arc=arc, bands=bands,
            label=f"{ship_label(state, ship)}: {weapons}\n{_damage_words(damage)}",
            player=ship.player,
            hit=damage > 0,
        ))
    return tuple(marks)


def ordnance(
    library: Library, state: FullThrustState, events: Sequence[Event]
) -> tuple[Attack, ...]:
    """Plasma bolts, salvos and fighter groups that struck: a line from the marker to the
    ship, all round, with the reach it strikes within (burst radius, missile attack radius,
    fighter attack range). A marker already off the table (cleared at the end of the turn)
    is not drawn."""
    marks = []
    for event in events:
        if not isinstance(event, PlasmaStrike | SalvoAttack | FighterAttack):
            continue
        marker = _marker(library, state, event)
        if marker is None:
            continue
        name, x, y, player, reach = marker
        target = state.ships[event.ship]
        marks.append(Attack.fired(
            (x, y), 0.0, (target.x, target.y), bands=RangeBands((reach,)), band=1,
            label=f"{name}\n{_damage_words(event.damage)}", player=player,
            hit=event.damage > 0,
        ))
    return tuple(marks)


def _damage_words(damage: int) -> str:
    """An attack's label's second line, as the log says it: ``3 damage`` or ``misses``."""
    return f"{damage} damage" if damage else "misses"


def _marker(
    library: Library, state: FullThrustState, event: PlasmaStrike | SalvoAttack | FighterAttack
) -> tuple[str, float, float, int, float] | None:
    """Name, position, player and striking reach of the marker that made ``event``."""
    rules = library.rules
    if isinstance(event, PlasmaStrike):
        bolt = next((b for b in state.bolts if b.id == event.bolt), None)
        return None if bolt is None else (
            f"plasma bolt {bolt.id}", bolt.x, bolt.y, bolt.player, rules.phalon.plasma_radius)
    if isinstance(event, SalvoAttack):
        salvo = next((s for s in state.salvos if s.id == event.salvo), None)
        return None if salvo is None else (
            f"salvo {salvo.id}: {event.locks} lock{'s' * (event.locks != 1)}", salvo.x, salvo.y,
            salvo.player, rules.salvo.attack_radius)
    group = state.groups[event.group]
    return group_label(state, group), group.x, group.y, group.player, rules.fighters.attack_range
