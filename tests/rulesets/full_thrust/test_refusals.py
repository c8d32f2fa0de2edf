"""Full Thrust refusals name the rule that forbids them (FT-ACTIONS and each rule's own
IDs), as far as a walk of random games with illegal variants of their actions reaches."""

from __future__ import annotations

from pathlib import Path

from tests.refusal_walk import named_rules, numeric_variants
from tests.refusal_walk import refusals as walk
from warbench.core.engine import Game
from warbench.rulesets.full_thrust import FullThrustRuleset
from warbench.rulesets.full_thrust.actions import LaunchSalvo, MoveGroup

RULES = FullThrustRuleset()
TABLE = Path(__file__).parents[3] / "docs" / "rules" / "full-thrust.md"


def test_ft_actions_every_refusal_a_walk_meets_ends_with_rule_ids_of_the_table() -> None:
    """FT-ACTIONS (and the rules refusing an action: FT-SALVO-LAUNCH, FT-FTR-STANDARD...):
    illegal variants of the actions of seeded random games (other ships, systems, groups
    and targets, moves and markers too far or off the table, the wrong seat, an action of
    an earlier step, a group moved or a salvo launched twice) are refused with a reason
    ending with rule IDs of docs/rules/full-thrust.md."""
    reasons: list[str] = []
    for seed in (1, 2):
        game = Game.new(RULES, seed=seed, players=2)
        reasons += walk(game, seed, numeric_variants, lambda state: len(state.ships), 300,
                        lambda action: isinstance(action, MoveGroup | LaunchSalvo))
    named = named_rules(reasons, "FT", TABLE)
    assert {"FT-ACTIONS", "FT-SALVO-LAUNCH", "FT-FTR-STANDARD"} <= named
