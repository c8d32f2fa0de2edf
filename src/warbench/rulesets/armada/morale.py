"""Morale: the morale check at half hull points, the tests a rout makes nearby allies take,
and a rally's re-test of a routed fleet (ARM-MORALE-*, ARM-OFF-RALLY).

Each check rolls between decisions, so an officer aboard may spend resolve on it first
(:mod:`.resolve`): the tests still to come wait in a :class:`MoraleChecks` with the check
being asked about.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.words import possessive
from warbench.rulesets.armada.combat import armor_class, check_modifiers, roll_d20
from warbench.rulesets.armada.context import ArmadaGame
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.events import MoraleTested
from warbench.rulesets.armada.luck import check_effect, morale_effect
from warbench.rulesets.armada.names import fleet_label
from warbench.rulesets.armada.officers import encouragement, encouragement_due
from warbench.rulesets.armada.resolve import Check, Then, roll_or_offer
from warbench.rulesets.armada.state import (
    ACTIVE,
    INSPIRED,
    ROUTED,
    SHAKEN,
    STEADY,
    ArmadaState,
    Fleet,
)

#: Morale check margins: passing by this much inspires, failing by this much routs.
MORALE_MARGIN = 5


def morale_check_modifier(state: ArmadaState, fleet: Fleet, *, use: bool = True) -> int:
    """A morale check's modifier: the fleet's check modifier, the admiral's officer bonus
    (aboard, or a rally's; they do not stack), the modifiers on all checks, encouragement
    (used up by the check, unless ``use`` is false: what the next check would have)."""
    bonus = max(state.officer_bonus(fleet, "admiral"), fleet.this_round.rally_bonus)
    extra = encouragement(fleet, bonus) if use else encouragement_due(fleet, bonus)
    return fleet.check_modifier + bonus + check_modifiers(fleet) + extra


@dataclass(slots=True)
class MoraleTest:
    """A morale check ``fleet`` is to take against ``dc``: its own at half hull points, or
    (``rout_induced``) one a routed ally within reach makes it take, if it is still at half
    hull points or less when its turn comes."""

    fleet: int
    dc: int
    rout_induced: bool = False

    def due(self, state: ArmadaState) -> bool:
        """Whether the test is still taken: the fleet is active and not routed (nor at more
        than half hull points, for a rout's test), and no rout-induced test it passed this
        round spares it."""
        fleet = state.fleets[self.fleet]
        if fleet.status != ACTIVE or fleet.morale == ROUTED:
            return False
        if self.rout_induced and 2 * fleet.hull > fleet.hull_points:
            return False
        return state.round != fleet.morale_safe_round


@dataclass(slots=True)
class MoraleChecks(Check):
    """Morale checks to roll in order, the first one next; then ``then``."""

    tests: list[MoraleTest]
    then: Then | None = None

    def fleet(self, state: ArmadaState) -> int:
        return self.tests[0].fleet

    def words(self, state: ArmadaState) -> str:
        test = self.tests[0]
        named = fleet_label(state, state.fleets[test.fleet])
        return f"{possessive(named)} morale check against DC {test.dc}"

    def roll(self, game: ArmadaGame, twice: bool) -> None:
        test, rest = self.tests[0], self.tests[1:]
        allies = roll_morale(game, game.data.tables, test, twice)
        morale_tests(game, allies + rest, self.then)


def morale_tests(game: ArmadaGame, tests: list[MoraleTest], then: Then | None = None) -> None:
    """Roll the morale tests still due, in order (a rout's tests of its allies next), each
    after its armada's answer on resolve where an officer aboard could spend it; then
    ``then``."""
    queue = list(tests)
    while queue and not queue[0].due(game.state):
        queue.pop(0)
    if queue:
        roll_or_offer(game, MoraleChecks(queue, then))  # rolls the rest after the first
    elif then is not None:
        then.resume(game)


def roll_morale(
    game: ArmadaGame, tables: Tables, test: MoraleTest, twice: bool
) -> list[MoraleTest]:
    """A morale check (the d20 twice, the better kept, with ``twice``): pass by 5+
    inspires, pass by less does nothing, fail by 1-4 shakes, fail by 5+ routs. A fleet that
    passes a test a rout made it take takes tests no more this round. Returns the tests a
    rout makes allies within 2 hexes take (those at half hull or less when their turn
    comes)."""
    state = game.state
    fleet = state.fleets[test.fleet]
    named = fleet_label(state, fleet)  # the dice's label, their key, keeps the name
    natural = roll_d20(game.dice_for(fleet.side), f"{fleet.name} morale", twice=twice,
                       told=f"{named} morale")
    modifier = morale_check_modifier(state, fleet)
    check = natural + modifier
    game.emit(morale_effect(fleet.side, f"{fleet.name} morale", natural, modifier, test.dc,
                            MORALE_MARGIN, twice, told=f"{named} morale"))
    margin = check - test.dc
    if margin >= 0 and test.rout_induced:
        fleet.morale_safe_round = state.round
    if margin >= MORALE_MARGIN:
        fleet.morale, fleet.morale_until = INSPIRED, state.round + 1
    elif margin <= -MORALE_MARGIN:
        fleet.morale, fleet.routed_round, fleet.rout_dc = ROUTED, state.round, test.dc
    elif margin < 0:
        fleet.morale, fleet.morale_until = SHAKEN, state.round + 1
    game.emit(MoraleTested(
        fleet.id, check, test.dc, fleet.morale,
        text=f"{named} tests morale: {check} against DC {test.dc}, now {fleet.morale}",
    ))
    if fleet.morale != ROUTED:
        return []
    routed_ac = armor_class(state, fleet)
    radius = tables.rounds.rout.allied_test_radius
    return [
        MoraleTest(ally.id, routed_ac, rout_induced=True)
        for ally in state.fleets
        if ally.side == fleet.side and ally.id != fleet.id
        and ally.hex.distance(fleet.hex) <= radius
    ]


@dataclass(slots=True)
class RallyRetest(Check):
    """A rallied fleet that is routed re-tests its morale against the DC that routed it; on
    a success it is routed no more (ARM-OFF-RALLY)."""

    routed: int

    def fleet(self, state: ArmadaState) -> int:
        return self.routed

    def words(self, state: ArmadaState) -> str:
        fleet = state.fleets[self.routed]
        return f"{possessive(fleet_label(state, fleet))} rally re-test against DC {fleet.rout_dc}"

    def roll(self, game: ArmadaGame, twice: bool) -> None:
        state = game.state
        fleet = state.fleets[self.routed]
        named = fleet_label(state, fleet)
        natural = roll_d20(game.dice_for(fleet.side), f"{fleet.name} rally", twice=twice,
                           told=f"{named} rally")
        check = natural + morale_check_modifier(state, fleet)
        fleet.morale = STEADY if check >= fleet.rout_dc else ROUTED
        game.emit(check_effect(fleet.side, f"{fleet.name} rally", fleet.morale == STEADY,
                               fleet.rout_dc - (check - natural), twice, told=f"{named} rally"))
        game.emit(MoraleTested(
            fleet.id, check, fleet.rout_dc, fleet.morale,
            text=f"{named} tests morale to rally: {check} against DC {fleet.rout_dc}, "
            f"now {fleet.morale}",
        ))


def rally_retest(game: ArmadaGame, fleet: Fleet) -> None:
    """The rallied fleet's re-test, if it is routed (after its armada's answer on resolve,
    where an officer aboard could spend it)."""
    if fleet.morale == ROUTED:
        roll_or_offer(game, RallyRetest(fleet.id))
