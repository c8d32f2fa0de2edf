"""Phalon systems read the Fleet Book 2 way: pulsers, plasma bolts, vapour shrouds.

A pulser is set before the battle to one mode: long (1 die to 36 MU), medium (2 dice to
24 MU) or close (6 dice to 12 MU); its dice are read like beam dice. Any pulser may instead
fire one point defence die (a PDS die) at an attacker of its own ship within its arcs.

A plasma bolt launcher of class n places a bolt of strength n up to 30 MU away in phase 4;
it may fire every other turn. The bolt locks on nothing: in phase 8, before missiles, it
strikes every ship within 6 MU of it, friends too, with as many beam-style dice as its
strength left. In phase 7 the ships in its burst (and their ADFC neighbours) may shoot at
it; each point defence kill takes one off its strength (a scattergun takes 1 on a 4-5, 2 on
a 6).

A vapour shroud is raised in the written orders and is hidden like them; once revealed
the ship fires nothing this turn and counts as behind level-2 screens.

>>> from warbench.core.dice import ScriptedDice
>>> bolt_points(ScriptedDice([6, 4, 2, 1]), 3, screens=0)  # 6: 2 and a re-roll of 1
Points(normal=3, penetrating=0)
>>> scattergun_bolt_hits(5), scattergun_bolt_hits(6), scattergun_bolt_hits(3)
(1, 2, 0)
"""

from __future__ import annotations

import math

from warbench.core.dice import DiceSource
from warbench.rulesets.full_thrust.library import Library, SystemSpec
from warbench.rulesets.full_thrust.scoring import SIDES, Points, beam_dice
from warbench.rulesets.full_thrust.state import Bolt, FullThrustState, Salvo, Ship

PLASMA_LAUNCHER = "plasma_launcher"
PULSER = "pulser"
SHROUD = "shroud"


def pulser_dice(lib: Library, spec: SystemSpec, distance: float) -> int:
    """Dice a pulser in its mode rolls at ``distance`` MU (0 beyond its reach).

    >>> from warbench.rulesets.full_thrust.library import load_library
    >>> lib = load_library()
    >>> [pulser_dice(lib, SystemSpec("pulser", "p", mode=m), 20.0) for m in
    ...  ("long", "medium", "close")]
    [1, 2, 0]
    """
    mode = lib.rules.phalon.pulser[spec.mode]
    return mode.dice if distance <= mode.reach + 1e-9 else 0


def pulser_reach(lib: Library, spec: SystemSpec) -> float:
    """How far a pulser in its mode reaches."""
    return lib.rules.phalon.pulser[spec.mode].reach


def bolt_points(source: DiceSource, strength: int, *, screens: int, label: str = "bolt") -> Points:
    """A bolt of ``strength`` strikes one ship behind ``screens``: beam-style dice."""
    return beam_dice(source, strength, screens=screens, label=label)


def scattergun_bolt_hits(face: int) -> int:
    """Strength a scattergun takes off a plasma bolt for its die: 1 on 4-5, 2 on a 6."""
    return 2 if face == SIDES else 1 if face >= 4 else 0


def in_burst(lib: Library, bolt: Bolt, marker: Ship | Salvo) -> bool:
    """Whether a ship or a salvo marker is within the bolt's burst."""
    radius = lib.rules.phalon.plasma_radius
    return math.hypot(marker.x - bolt.x, marker.y - bolt.y) <= radius + 1e-9


def burst_victims(state: FullThrustState, lib: Library, bolt: Bolt) -> list[Ship]:
    """Every ship in the battle, of either side, within the bolt's burst."""
    return [ship for ship in state.ships if ship.active and in_burst(lib, bolt, ship)]


def launcher_ready(state: FullThrustState, ship: Ship, system: int) -> bool:
    """A plasma launcher fires every other turn: ready once its recharge turn comes."""
    return state.turn >= ship.recharge.get(system, 0)


def shroud_written(state: FullThrustState, ship: Ship) -> bool:
    """Whether ``ship``'s own written orders raise its shroud (for its owner's choices in
    phase 4, before the orders are revealed; after that, ``ship.shrouded``)."""
    written = state.orders[ship.id] if ship.id < len(state.orders) else None
    return ship.shrouded or (written is not None and written.value.shroud)
