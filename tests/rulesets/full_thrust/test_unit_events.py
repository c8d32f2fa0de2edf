"""Unit events: armour and hull boxes marked, and ships destroyed, per design id."""

from __future__ import annotations

from collections import Counter

from warbench.core.match import play_match
from warbench.core.replay import replay
from warbench.rulesets.full_thrust import FullThrustRuleset
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.state import DESTROYED
from warbench.testing import unit_tallies

RULES = FullThrustRuleset()


def test_unit_events_match_the_boxes_marked_and_ships_lost_in_a_bot_game() -> None:
    """Per player and design, the unit_damaged amounts add up to the armour and hull boxes
    the final state shows marked, every destroyed ship has one unit_destroyed, and damage
    is credited to designs on the table."""
    result = play_match(RULES, [AdmiralBot(1), AdmiralBot(2)], seed=1)
    ships = replay(result.journal, rules=RULES).state.ships
    tallies = unit_tallies(result.events)
    shown: Counter[tuple[int, str]] = Counter()
    lost: Counter[tuple[int, str]] = Counter()
    for ship in ships:
        shown[ship.player, ship.design] += ship.armour_hits + ship.hull_hits
        lost[ship.player, ship.design] += ship.status == DESTROYED
    assert +Counter(tallies.damaged) == +shown and sum(shown.values()) > 0
    assert +Counter(tallies.destroyed) == +lost and sum(lost.values()) > 0
    assert tallies.dealers and tallies.dealers <= {(ship.player, ship.design) for ship in ships}
