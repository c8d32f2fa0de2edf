"""Unit events: hull damage and lost fleets reported per template id, for the sim's table."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from warbench.cli import main
from warbench.core.catalog import load_model
from warbench.core.lists import ArmyList
from warbench.core.match import play_match
from warbench.core.replay import replay
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.damage import unit_type
from warbench.rulesets.armada.data import DATA_DIR
from warbench.rulesets.armada.state import DESTROYED
from warbench.rulesets.armada.templates import fleet_templates
from warbench.testing import unit_tallies

RULES = ArmadaRuleset()
LISTS = [str(DATA_DIR / "lists" / name) for name in ("comet-corsairs.toml", "vanguard-picket.toml")]


def test_unit_events_match_the_hull_damage_and_losses_of_a_bot_game() -> None:
    """Per side and template id, the unit_damaged amounts add up to the hull damage the
    final state shows, and every destroyed fleet has one unit_destroyed."""
    setup = RULES.setup_for([load_model(path, ArmyList) for path in LISTS])
    result = play_match(RULES, [TacticianAgent(1), TacticianAgent(2)], setup=setup, seed=2)
    fleets = replay(result.journal).state.fleets
    tallies = unit_tallies(result.events)
    shown: Counter[tuple[int, str]] = Counter()
    lost: Counter[tuple[int, str]] = Counter()
    for fleet in fleets:
        shown[fleet.side, unit_type(fleet)] += fleet.hull_damage
        lost[fleet.side, unit_type(fleet)] += fleet.status == DESTROYED
    assert +Counter(tallies.damaged) == +shown and sum(shown.values()) > 0
    assert +Counter(tallies.destroyed) == +lost and sum(lost.values()) > 0
    assert tallies.dealers <= {(fleet.side, unit_type(fleet)) for fleet in fleets}


def test_simulate_reports_losses_and_damage_per_template(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """End to end: `warbench simulate armada` with the shipped lists shows fleets lost and
    damage dealt, no longer every fleet at 100% and 0."""
    argv = ["simulate", "armada", "--army", LISTS[0], "--army", LISTS[1], "--games", "4",
            "--seed", "1", "--json"]
    assert main(argv) == 0
    units = json.loads(capsys.readouterr().out)["summary"]["units"]
    assert any(unit["survival"]["rate"] < 1.0 for unit in units)
    assert sum(unit["damage_dealt_per_game"] for unit in units) > 0
    hit = {unit["unit_type"] for unit in units if unit["damage_taken_per_game"] > 0}
    assert hit and hit <= set(fleet_templates())
