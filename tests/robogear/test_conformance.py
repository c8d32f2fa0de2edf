"""The conformance kit on ROBOGEAR with 2, 3 and 4 players, each against all and 2 v 2
(RG-ROUND-*, RG-WIN-*)."""

from __future__ import annotations

from warbench.core.registry import register, ruleset
from warbench.rulesets.robogear import RobogearRuleset
from warbench.testing import assert_conforms

RULES = RobogearRuleset()


def test_robogear_conforms_with_two_three_and_four_players() -> None:
    """Also RG-WIN-MISSION, RG-ACT-OVERVIEW, RG-BLD-TOWN.
    Random games end, replay bit for bit, refuse cleanly, keep views and observations
    honest, with 2, 3 and 4 players, every mission and teams, and on the town table."""
    setups = [
        {**RULES.default_setup(), "rounds": 4},
        {"armies": ["ashen", "verdant", "ferrum", "ashen"], "mission": "capture", "rounds": 3},
        {"armies": ["ferrum", "ashen", "verdant", "verdant"], "mission": "commander",
         "rounds": 3, "edges": ["south", "north", "east", "west"]},
        {"armies": ["verdant", "ashen", "ferrum", "ferrum"], "terrain": "town", "rounds": 4},
    ]
    report = assert_conforms(RULES, games=5, setups=setups, player_counts=[2, 3, 4])
    assert report.games == 5 and report.decisions > 0


def test_robogear_two_versus_two_conforms() -> None:
    """RG-WIN-TEAMS: 2 v 2 games play to the end under the kit."""
    setup = {"armies": ["ferrum", "verdant", "ashen", "ferrum"], "teams": [0, 1, 0, 1],
             "mission": "hold", "rounds": 3}
    assert_conforms(RULES, games=1, setups=[setup], player_counts=[4])


def test_robogear_registers() -> None:
    register(RobogearRuleset)
    assert ruleset("robogear").max_players == 4
