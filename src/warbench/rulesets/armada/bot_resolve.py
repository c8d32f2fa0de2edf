"""The tactician's answer when its armada may spend resolve on a check rolled between
decisions (ARM-OFF-RESOLVE, :mod:`.resolve`).

It spends a point where the second d20 changes the most: on a free attack or the boarders'
check whose hit chance is doubtful (as on its own gunnery), on a morale check while routing
is a real danger, on a rally's re-test whose success is in doubt; it keeps its points at the
admiral's helm check (moving later is worth less than a hit or a fleet that holds).
"""

from __future__ import annotations

from typing import Final

from warbench.rulesets.armada.bot_orders import hit_chance
from warbench.rulesets.armada.combat import gunnery_for
from warbench.rulesets.armada.damage import FreeAttack
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.gunnery import Boarding
from warbench.rulesets.armada.morale import (
    MORALE_MARGIN,
    MoraleChecks,
    RallyRetest,
    morale_check_modifier,
)
from warbench.rulesets.armada.resolve import Check
from warbench.rulesets.armada.state import ArmadaState, Fleet

#: Spend resolve on an attack whose hit chance lies in this range (its own gunnery's too).
RESOLVE_RANGE: Final = (0.2, 0.65)
#: Spend resolve on a morale check (or a rally's re-test) when the second die takes at
#: least this much off the chance of the outcome feared (routing; staying routed).
MORALE_GAIN: Final = 0.1


def spends_resolve(state: ArmadaState, tables: Tables, check: Check) -> bool:
    """Whether the tactician spends a resolve point on ``check``."""
    if isinstance(check, FreeAttack):
        attacker, target = state.fleets[check.attacker], state.fleets[check.target]
        return doubtful_attack(state, tables, attacker, target, check.halved)
    if isinstance(check, Boarding):
        fleet = state.fleets[check.fleets[0]]
        return doubtful_attack(state, tables, fleet, state.fleets[fleet.boarding], True)
    if isinstance(check, MoraleChecks):
        test = check.tests[0]
        fleet = state.fleets[test.fleet]
        modifier = morale_check_modifier(state, fleet, use=False)
        return twice_gain(chance_at_most(test.dc - modifier - MORALE_MARGIN)) >= MORALE_GAIN
    if isinstance(check, RallyRetest):
        fleet = state.fleets[check.routed]
        modifier = morale_check_modifier(state, fleet, use=False)
        return twice_gain(chance_at_most(fleet.rout_dc - modifier - 1)) >= MORALE_GAIN
    return False  # the helm check


def doubtful_attack(
    state: ArmadaState, tables: Tables, attacker: Fleet, target: Fleet, halved: bool
) -> bool:
    """Whether an attack at close range (a free attack, boarders) hits with a chance in
    :data:`RESOLVE_RANGE`."""
    gunnery = gunnery_for(state, tables, attacker, target, close=True, halved=halved)
    low, high = RESOLVE_RANGE
    return low <= hit_chance(gunnery.modifier, gunnery.armor_class) <= high


def chance_at_most(face: int) -> float:
    """The chance that a d20 rolls ``face`` or less.

    >>> chance_at_most(5), chance_at_most(0), chance_at_most(25)
    (0.25, 0.0, 1.0)
    """
    return min(20, max(0, face)) / 20


def twice_gain(chance: float) -> float:
    """How much rolling twice and keeping the better takes off the ``chance`` of a low
    outcome (it then needs both dice low).

    >>> twice_gain(0.5), twice_gain(1.0)
    (0.25, 0.0)
    """
    return chance - chance * chance
