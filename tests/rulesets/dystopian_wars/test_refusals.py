"""Every refusal names the rule that forbids it (DW-ACTIONS and each rule's own ID)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tests.refusal_walk import named_rules
from tests.refusal_walk import refusals as walk
from warbench.core.actions import Action
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import Board, Deploy, Fire, Move, Pivot

RULES = DystopianWarsRuleset()
TABLE = Path(__file__).parents[3] / "docs" / "rules" / "dystopian-wars.md"



def variants(action: Action, models: int) -> list[Action]:
    """Actions near ``action`` that the rules may refuse: other targets (own models, out
    of range, arc or sight), other models, unknown numbers, too many dice or points, paths
    too long, too sharp or backward, deployments off the table."""
    found: list[Action] = []
    if isinstance(action, Fire):
        uid, mount = action.guns[0]
        found += [dataclasses.replace(action, target=t) for t in (*range(models), models + 3)]
        found += [Fire(((uid, mount), (uid, mount)), action.target),
                  Fire(((uid, "no such gun"),), action.target),
                  Fire(((models + 2, mount),), action.target),
                  Fire(action.guns, action.target, dice=-1), Fire(action.guns, action.target, 99),
                  Fire(((uid, "aa"),), action.target), Fire(((uid, "cc"),), action.target),
                  Fire((), action.target)]
        found += [Fire(((other, mount),), action.target) for other in range(models)]
    elif isinstance(action, Move):
        found += [dataclasses.replace(action, path=path) for path in (
            (99.0,), (-1.0,), (0.5, 90.0, 1.0), (1.0, 45.0), (0.0,), (float("nan"),))]
        found += [dataclasses.replace(action, backward=True), dataclasses.replace(
            action, level="submerged"), dataclasses.replace(action, level="obscured"),
            dataclasses.replace(action, mine_at=0.5), dataclasses.replace(action, all_stop=True),
            dataclasses.replace(action, ram=False), dataclasses.replace(action, ram_at=0),
            dataclasses.replace(action, model=models + 1)]
    elif isinstance(action, Board):
        found += [dataclasses.replace(action, ap=99), dataclasses.replace(action, ap=0),
                  dataclasses.replace(action, target=models + 1),
                  dataclasses.replace(action, model=models + 1)]
        found += [dataclasses.replace(action, target=t) for t in range(models)]
    elif isinstance(action, Deploy):
        found += [dataclasses.replace(action, x=-50.0), dataclasses.replace(action, x=36.0,
                                                                           y=24.0),
                  dataclasses.replace(action, squadron=99),
                  dataclasses.replace(action, y=float("inf"))]
    elif isinstance(action, Pivot):
        found += [dataclasses.replace(action, degrees=200.0),
                  dataclasses.replace(action, model=models + 1)]
    return found


def refusals(seed: int, setup: dict, steps: int) -> list[str]:  # type: ignore[type-arg]
    """The reasons given for illegal variants of the actions of a random game."""
    return walk(Game.new(RULES, setup, seed=seed), seed, variants,
                lambda state: len(state.models), steps,
                lambda action: isinstance(action, Fire | Board))  # fired or boarded twice


def skirmish(**changes: object) -> dict:  # type: ignore[type-arg]
    """The demo table, each fleet cut to three squadrons."""
    setup = RULES.default_setup()
    for fleet in setup["fleets"]:
        fleet["squadrons"] = fleet["squadrons"][:3]
    setup.update(changes)
    return setup


def test_dw_actions_every_refusal_ends_with_a_rule_id_of_the_table() -> None:
    """DW-ACTIONS (and every rule refusing an action): illegal variants of the actions of
    seeded random games (another target, model or weapon, unknown numbers, a gun fired
    twice, too many dice or points, paths too long or too sharp, a deployment off the
    table, the wrong seat, an action of an earlier step) are refused with a reason ending
    with a rule ID of docs/rules/dystopian-wars.md."""
    reasons = [
        *refusals(1, RULES.default_setup(), 3000),
        *refusals(2, RULES.default_setup(), 3000),
        *refusals(11, skirmish(turns=3, deployment="alternate", terrain="random"), 3000),
    ]
    named = named_rules(reasons, "DW", TABLE)
    # the walk reaches the rules' own refusals, not only the engine's checks
    assert {"DW-ACTIONS", "DW-ALTERNATE", "DW-ARCS", "DW-RANGE-BANDS", "DW-NO-OWN-TARGETS",
            "DW-SIGHT", "DW-ALL-ARCS", "DW-SPLIT-FIRE", "DW-MV", "DW-TURN",
            "DW-BOARD-LIMITS", "DW-DEPLOY-ALTERNATE"} <= named
    assert any(r.startswith("player ") and "owes no decision" in r for r in reasons)
    assert any("is not a legal answer" in r for r in reasons)
