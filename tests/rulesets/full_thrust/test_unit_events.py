"""Unit events: armour and hull boxes marked, and ships destroyed, per design id."""

from __future__ import annotations

from collections import Counter

from warbench.core.match import play_match
from warbench.core.replay import replay
from warbench.rulesets.full_thrust import FullThrustRuleset
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.context import battle
from warbench.rulesets.full_thrust.state import DESTROYED

RULES = FullThrustRuleset()


def test_unit_events_match_the_boxes_marked_and_ships_lost_in_a_bot_game() -> None:
    """Per player and design, the unit_damaged amounts add up to the armour and hull boxes
    the final state shows marked, every destroyed ship has one unit_destroyed, and damage
    is credited to designs on the table."""
    result = play_match(RULES, [AdmiralBot(1), AdmiralBot(2)], seed=1)
    ships = battle(replay(result.journal)).ships
    damaged: Counter[tuple[int, str]] = Counter()
    destroyed: Counter[tuple[int, str]] = Counter()
    dealers: set[tuple[int, str]] = set()
    for event in result.events:
        key = (int(event.data.get("player", -1)), str(event.data.get("unit_type")))
        if event.kind == "unit_damaged":
            damaged[key] += event.data["amount"]
            if "by_player" in event.data:
                dealers.add((event.data["by_player"], event.data["by_unit_type"]))
        elif event.kind == "unit_destroyed":
            destroyed[key] += 1
    shown: Counter[tuple[int, str]] = Counter()
    lost: Counter[tuple[int, str]] = Counter()
    for ship in ships:
        shown[ship.player, ship.design] += ship.armour_hits + ship.hull_hits
        lost[ship.player, ship.design] += ship.status == DESTROYED
    assert +damaged == +shown and sum(shown.values()) > 0
    assert +destroyed == +lost and sum(lost.values()) > 0
    assert dealers and dealers <= {(ship.player, ship.design) for ship in ships}
