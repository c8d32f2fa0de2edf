"""Every HORDES refusal names the rule that forbids it (HOR-ACTIONS and each rule's own
IDs)."""

from __future__ import annotations

from pathlib import Path

from tests.refusal_walk import named_rules, numeric_variants
from tests.refusal_walk import refusals as walk
from warbench.core.engine import Game
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.actions import Attack, Charge, Slam

RULES = HordesRuleset()
TABLE = Path(__file__).parents[2] / "docs" / "rules" / "hordes.md"


def test_hor_actions_every_refusal_ends_with_rule_ids_of_the_table() -> None:
    """HOR-ACTIONS (and every rule refusing an action): illegal variants of the actions of
    seeded random games (other models, targets and amounts, moves too long or off the
    table, the wrong seat, an action of an earlier step, an attack taken twice) are
    refused with a reason ending with rule IDs of docs/rules/hordes.md."""
    reasons: list[str] = []
    for seed in (1, 2, 3):
        game = Game.new(RULES, seed=seed, players=2)
        reasons += walk(game, seed, numeric_variants, lambda state: len(state.models), 400,
                        lambda action: isinstance(action, Attack | Charge | Slam))
    named = named_rules(reasons, "HOR", TABLE)
    assert {"HOR-ACTIONS", "HOR-CHARGE", "HOR-MOVE-BASES"} <= named
    assert any("is not a legal answer" in r or "is not part of" in r for r in reasons)
