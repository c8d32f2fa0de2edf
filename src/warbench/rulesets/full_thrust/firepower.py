"""What a ship's weapons bring to bear from a pose, as the admiral weighs its orders.

The expected beam-style dice of its working, loaded direct-fire weapons on a point
(weapon_values.py gives each weapon's mean damage) and the plasma bolts it could place next
turn. The weapons are worked out once per decision (:class:`Arms`): nothing changes them
while orders are written, and the admiral weighs every order of a ship against every enemy.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from math import hypot
from typing import TypeAlias

from warbench.rulesets.full_thrust.arcs import ALL_ARCS, arcs_containing
from warbench.rulesets.full_thrust.fire import DIRECT_FIRE, weapon_reach
from warbench.rulesets.full_thrust.library import Library, ShipClass, SystemSpec
from warbench.rulesets.full_thrust.phalon import PLASMA_LAUNCHER
from warbench.rulesets.full_thrust.salvos import LAUNCHERS
from warbench.rulesets.full_thrust.state import (
    IN_HANGAR,
    IN_SPACE,
    SCREENING,
    FullThrustState,
    Ship,
)
from warbench.rulesets.full_thrust.weapon_values import BEAM_DIE_VALUE, mean_damage, range_step

#: A direct-fire weapon a ship may fire now and its reach (see :func:`ready_guns`).
Gun: TypeAlias = tuple[SystemSpec, float]


def ready_guns(lib: Library, cls: ShipClass, ship: Ship) -> tuple[Gun, ...]:
    """The working direct-fire weapons of ``ship`` with a shot left, in system order, each
    with its reach: what :func:`firepower` counts, worked out once for the many poses a
    decision weighs (nothing in a decision changes them)."""
    return tuple(
        (system, weapon_reach(lib, system))
        for index, system in enumerate(cls.systems)
        if not ship.damage[index] and ship.has_shots(index) and system.kind in DIRECT_FIRE
    )


def firepower(lib: Library, cls: ShipClass, ship: Ship, x: float, y: float, facing: int,
              tx: float, ty: float) -> float:
    """Expected beam-style dice (pulse torpedoes as two) a ship at (x, y, facing) brings
    on the point (tx, ty), counting working weapons only."""
    return guns_firepower(lib, ready_guns(lib, cls, ship), x, y, facing, tx, ty)


def guns_firepower(lib: Library, guns: Sequence[Gun], x: float, y: float, facing: int,
                   tx: float, ty: float) -> float:
    """:func:`firepower` of the weapons ``guns``."""
    return firepower_at(lib, guns, hypot(tx - x, ty - y), x, y, facing, tx, ty)


def firepower_at(lib: Library, guns: Sequence[Gun], distance: float, x: float, y: float,
                 facing: int, tx: float, ty: float) -> float:
    """:func:`guns_firepower` at the point ``distance`` MU away (``hypot(tx - x, ty - y)``,
    worked out by the caller); the arcs are worked out only when a gun reaches it."""
    arcs = -1
    total = 0.0
    for system, reach in guns:
        if distance > reach:
            continue
        if arcs < 0:
            arcs = arcs_containing(x, y, facing, tx, ty)
        if system.arcs & arcs:
            total += mean_damage(lib, system, distance, 0) / BEAM_DIE_VALUE[0]
    return total


def bearing_sum(lib: Library, guns: Sequence[Gun], distance: float, arcs: int) -> float:
    """:func:`firepower_at` on a point ``distance`` MU away in the arcs ``arcs``."""
    total = 0.0
    for system, reach in guns:
        if distance <= reach and system.arcs & arcs:
            total += mean_damage(lib, system, distance, 0) / BEAM_DIE_VALUE[0]
    return total


def ready_launchers(state: FullThrustState, cls: ShipClass, ship: Ship) -> tuple[SystemSpec, ...]:
    """The plasma launchers of ``ship`` that work and are loaded next turn, in system order
    (what :func:`bolts_bearing` counts)."""
    return tuple(
        system for index, system in enumerate(cls.systems)
        if system.kind == PLASMA_LAUNCHER and not ship.damage[index]
        and state.turn + 1 >= ship.recharge.get(index, 0)
    )


@dataclass(frozen=True, slots=True)
class Arms:
    """What a ship may shoot with, worked out once for all the orders one decision weighs
    (nothing changes them while orders are written): its ready guns and its ready plasma
    launchers.

    It keeps the firepower it worked out (:meth:`firepower`) by what the sum reads: the
    target's arcs (those the guns have), how many of the guns' reaches the distance passes
    and each range step of :func:`range_step`; and the most firepower at a range (every
    gun bearing) by the last two. Nothing invalidates them: an ``Arms`` lives for one
    decision, and its guns do not change."""

    lib: Library
    guns: tuple[Gun, ...]
    launchers: tuple[SystemSpec, ...]
    #: The guns' reaches, each once, shortest first.
    reaches: tuple[float, ...]
    #: Every arc any gun fires into.
    arcs: int
    #: The range steps the guns' mean damages read, each once.
    steps: tuple[Callable[[float], Hashable], ...]
    #: Firepower kept by (arcs, reaches passed, range steps...).
    kept: dict[tuple[Hashable, ...], float] = field(default_factory=dict)
    #: The most firepower (every gun in reach bearing) by (reaches passed, range steps...).
    most: dict[tuple[Hashable, ...], float] = field(default_factory=dict)

    @classmethod
    def of(cls, state: FullThrustState, lib: Library, design: ShipClass, ship: Ship) -> Arms:
        """The arms of ``ship`` now."""
        guns = ready_guns(lib, design, ship)
        arcs = 0
        steps: dict[str, Callable[[float], Hashable]] = {}
        for system, _ in guns:
            arcs |= system.arcs
            step = range_step(lib, system)
            if step is not None:
                steps.setdefault(*step)
        return cls(lib, guns, ready_launchers(state, design, ship),
                   tuple(sorted({reach for _, reach in guns})), arcs, tuple(steps.values()))

    def firepower(self, distance: float, x: float, y: float, facing: int,
                  tx: float, ty: float) -> float:
        """:func:`firepower_at` of the guns (the same float), kept by what it reads."""
        return self.stronger(-1.0, distance, x, y, facing, tx, ty)

    def stronger(self, power: float, distance: float, x: float, y: float, facing: int,
                 tx: float, ty: float) -> float:
        """``max(power, self.firepower(...))``; the arcs are worked out only when the guns
        in reach, all bearing, would beat ``power`` (a sum of fewer of the same
        non-negative terms, in the same order, is never a larger float)."""
        passed = bisect_left(self.reaches, distance)  # reaches shorter than the distance
        if passed == len(self.reaches):
            return power if power > 0.0 else 0.0
        steps = self.steps
        reach = ((passed, steps[0](distance)) if len(steps) == 1  # most ships: beams alone
                 else (passed, *[step(distance) for step in steps]))
        most = self.most.get(reach)
        if most is None:
            most = self.most[reach] = bearing_sum(self.lib, self.guns, distance, ALL_ARCS)
        if most <= power:
            return power
        arcs = arcs_containing(x, y, facing, tx, ty) & self.arcs
        key = (arcs, *reach)
        bearing = self.kept.get(key)
        if bearing is None:
            bearing = self.kept[key] = bearing_sum(self.lib, self.guns, distance, arcs)
        return bearing if bearing > power else power


def bolts_bearing(lib: Library, launchers: Sequence[SystemSpec], x: float, y: float,
                  facing: int, enemies: Sequence[tuple[float, float]]) -> float:
    """Beam dice (halved for point defence) of the plasma bolts that ``launchers`` of a
    Phalon ship ending at (x, y, facing) could place next turn on an enemy then in reach
    and in the arcs."""
    reach = lib.rules.phalon.plasma_reach
    total = 0.0
    for system in launchers:
        if any(hypot(ex - x, ey - y) <= reach
               and arcs_containing(x, y, facing, ex, ey) & system.arcs for ex, ey in enemies):
            total += system.level * 0.5
    return total


def point_defence_wanted(state: FullThrustState, lib: Library, player: int) -> bool:
    """Whether ``player``'s enemies still field what point defence shoots at: fighter
    groups out or aboard, salvos or bolts on the table, or loaded salvo or plasma
    launchers (a scattergun kept for them may be worth more than its shot at a ship)."""
    if any(group.player != player and group.count > 0
           and group.status in (IN_HANGAR, IN_SPACE, SCREENING) for group in state.groups):
        return True
    if any(m.player != player for m in state.salvos) or any(
            b.player != player for b in state.bolts):
        return True
    return any(
        system.kind in LAUNCHERS and not enemy.damage[index] and enemy.has_shots(index)
        for enemy in state.enemies(player)
        for index, system in enumerate(lib.designs[enemy.design].systems)
    )
