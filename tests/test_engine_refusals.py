"""The engine's own refusals (a seat owing nothing, an answer no pending decision offers,
the game over) end with the ruleset's row for the engine's checks, in every ruleset
(DW-ACTIONS, ARM-ACTIONS, FT-ACTIONS, HOR-ACTIONS, RG-ACTIONS)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from warbench.core.actions import Action
from warbench.core.agents import RandomAgent
from warbench.core.engine import Game
from warbench.core.registry import ruleset

TABLES = Path(__file__).parents[1] / "docs" / "rules"
ENGINE_REASONS = ("is not a legal answer", "owes no decision", "the game is over")


@pytest.mark.parametrize("ruleset_id", ["dystopian-wars", "armada", "full-thrust", "hordes",
                                        "robogear"])
def test_the_engines_own_refusals_name_the_rulesets_actions_row(ruleset_id: str) -> None:
    """DW-ACTIONS, ARM-ACTIONS, FT-ACTIONS, HOR-ACTIONS, RG-ACTIONS: over 150 decisions of a
    seeded random game, every earlier answer offered again (out of its step) and the first
    option offered by a seat owing nothing are refused; each refusal the engine itself
    words ends with the ruleset's ``refusal_rule``, a row of its rules table marked engine
    default."""
    rules = ruleset(ruleset_id)
    rule = rules.refusal_rule
    assert rule is not None and rule.endswith("-ACTIONS")
    row = re.search(rf"^\| {rule} \|.*\| engine default \|", (TABLES / f"{ruleset_id}.md")
                    .read_text(), re.MULTILINE)
    assert row, f"no engine-default row {rule} in docs/rules/{ruleset_id}.md"
    game = Game.new(rules, seed=4, players=rules.min_players)
    agents = [RandomAgent(40 + seat) for seat in range(game.players)]
    seen: list[Action] = []
    engine: list[str] = []
    for _ in range(150):
        if game.is_over:
            break
        pending = game.pending()
        decision = pending[0]
        idle = [seat for seat in range(game.players) if all(d.player != seat for d in pending)]
        tried = [(decision.player, old) for old in seen[-10:]]
        if idle and decision.options:
            tried.append((idle[0], decision.options[0]))
        for seat, action in tried:
            reason = game.check(seat, action)
            if reason is not None and any(words in reason for words in ENGINE_REASONS):
                engine.append(reason)
        action = agents[decision.player].choose(game.observe(decision.player), decision)
        seen.append(action)
        game.apply(decision.player, action)
    assert any("is not a legal answer" in reason for reason in engine)
    assert all(reason.endswith(f"({rule})") for reason in engine), [
        reason for reason in engine if not reason.endswith(f"({rule})")][:5]


def test_a_reason_naming_no_rule_or_an_unknown_one_is_reported() -> None:
    """The refusal walks' check (tests/refusal_walk.py) fails on a reason that names no
    rule and on one naming an ID its table lacks, and returns the IDs named."""
    from tests.refusal_walk import named_rules

    table = TABLES / "hordes.md"
    assert named_rules(["no charge (HOR-CHARGE, HOR-FORCE-CTRL)"], "HOR", table) == {
        "HOR-CHARGE", "HOR-FORCE-CTRL"}
    with pytest.raises(AssertionError, match="not allowed"):
        named_rules(["not allowed"], "HOR", table)
    with pytest.raises(AssertionError, match="HOR-TERRAIN-ROUGH"):
        named_rules(["rough (HOR-TERRAIN-ROUGH)"], "HOR", table)
