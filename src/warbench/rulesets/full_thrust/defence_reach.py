"""Which point defence can defend a ship, and where each system can fire.

A ship under attack is defended by its own working point defence and by that of a friend
whose area defence fire control reaches it (FT-SEQ-ADFC). Every system fires all round
except a Phalon pulser, which fires only at an attacker whose marker lies in its arcs
(FT-PH-PULSER-PD): the one kind of point defence a fighter group can fly away from
(FT-SEQ-TARGETS, :mod:`.arc_escape`).
"""

from __future__ import annotations

import math

from warbench.rulesets.full_thrust.arcs import ALL_ARCS, arcs_containing
from warbench.rulesets.full_thrust.library import Library, SystemSpec
from warbench.rulesets.full_thrust.phalon import PULSER
from warbench.rulesets.full_thrust.pods import INTERCEPTOR, POD_LAUNCHER, pod_ready
from warbench.rulesets.full_thrust.savasku import SPICULE
from warbench.rulesets.full_thrust.state import FullThrustState, Ship


def covers(ship: Ship, spec: SystemSpec, x: float, y: float) -> bool:
    """Whether ``ship``'s point defence system ``spec`` can fire at a marker at ``(x, y)``:
    a pulser only into its arcs (a marker on the ship itself lies in all of them), every
    other system all round."""
    if spec.kind != PULSER:
        return True
    return bool(arcs_containing(ship.x, ship.y, ship.facing, x, y) & spec.arcs)


def arc_limited(spec: SystemSpec) -> bool:
    """Whether ``spec`` is point defence that does not cover all six arcs (a pulser
    mounted in fewer)."""
    return spec.kind == PULSER and spec.arcs & ALL_ARCS != ALL_ARCS


def defence_systems(lib: Library, ship: Ship) -> list[int]:
    """Working, unused point defence of ``ship``: PDS, class-1 beams, K1 guns, loaded
    scatterguns, pulsers, (with attack power left) spicules and (with the biomass and power
    for a pod) interceptor pod launchers; none while its vapour shroud is up."""
    cls = lib.designs[ship.design]
    if ship.shrouded:
        return []
    return [
        index
        for index, system in enumerate(cls.systems)
        if (
            system.kind in ("pds", "scattergun", PULSER)
            or (system.kind == SPICULE and ship.attack_power > 0)
            or (system.kind == POD_LAUNCHER and system.mode == INTERCEPTOR
                and pod_ready(lib, ship, system))
            or (system.kind in ("beam", "k_gun") and system.level == 1)
        )
        and not ship.damage[index]
        and not ship.is_used(index)
        and ship.has_shots(index)
    ]


def defenders(state: FullThrustState, lib: Library, ship: Ship) -> list[Ship]:
    """``ship`` and every friend whose area defence fire control can cover it."""
    reach = lib.rules.weapons.adfc_reach
    found = [ship]
    for friend in state.fleet(ship.player):
        if friend.id == ship.id or friend.covering not in (-1, ship.id):
            continue
        cls = lib.designs[friend.design]
        has_adfc = any(
            system.kind == "adfc" and not friend.damage[index]
            for index, system in enumerate(cls.systems)
        )
        if has_adfc and math.hypot(friend.x - ship.x, friend.y - ship.y) <= reach + 1e-9:
            found.append(friend)
    return found


def arc_watchers(state: FullThrustState, lib: Library, ship: Ship) -> list[tuple[Ship, SystemSpec]]:
    """The working point defence with limited arcs that could defend ``ship``: its own and
    its ADFC neighbours', each with the ship it is mounted on."""
    found = []
    for defender in defenders(state, lib, ship):
        specs = lib.designs[defender.design].systems
        found += [
            (defender, specs[index])
            for index in defence_systems(lib, defender)
            if arc_limited(specs[index])
        ]
    return found
