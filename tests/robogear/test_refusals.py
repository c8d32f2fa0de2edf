"""Every refusal names the rule that forbids it (RG-ACTIONS and each rule's own ID)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from tests.refusal_walk import named_rules
from tests.refusal_walk import refusals as walk
from warbench.core.actions import Action
from warbench.core.engine import Game
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.actions import (
    Activate,
    Board,
    ChooseEdge,
    Deploy,
    Disembark,
    Enter,
    Heal,
    Leave,
    Melee,
    Move,
    Ram,
    Regroup,
    RunOver,
    Shoot,
    Throw,
    Turn,
)

RULES = RobogearRuleset()
TABLE = Path(__file__).parents[2] / "docs" / "rules" / "robogear.md"
#: Actions naming a unit first and an other unit second.
PAIRED = (Shoot, Throw, Ram, RunOver, Melee, Heal)



def variants(action: Action, units: int) -> list[Action]:
    """Actions near ``action`` that the rules may refuse: other units, targets, weapons
    or numbers (unknown ones too), moves too long, angled or backward, turns to the same
    facing, places off the table, regroupings of the wrong squads."""
    found: list[Action] = []
    has_unit = "unit" in {field.name for field in dataclasses.fields(action)}
    others = [*range(units), units + 3, -1]
    if isinstance(action, PAIRED):
        found += [dataclasses.replace(action, target=t) for t in others]
        found += [dataclasses.replace(action, unit=u) for u in others]
    if isinstance(action, Shoot):
        found += [dataclasses.replace(action, weapon=w) for w in (-1, 1, 2, 9)]
        found += [dataclasses.replace(action, at_pilot=True),
                  dataclasses.replace(action, indirect=not action.indirect)]
    elif isinstance(action, Move):
        found += [dataclasses.replace(action, distance=d) for d in (99.0, -1.0, 0.0, 0.3)]
        found += [dataclasses.replace(action, heading=action.heading + h)
                  for h in (37.0, 90.0, 180.0)]
        found += [dataclasses.replace(action, heading=float("nan")),
                  dataclasses.replace(action, unit=units + 1)]
        found += [dataclasses.replace(action, unit=u) for u in range(units)]
    elif isinstance(action, Turn):
        found += [dataclasses.replace(action, facing=f) for f in (0.0, 135.0, 270.0, 400.0)]
        found += [dataclasses.replace(action, unit=u) for u in (*range(units), units + 1)]
    elif isinstance(action, Deploy):
        found += [dataclasses.replace(action, x=-50.0), dataclasses.replace(action, x=30.0,
                                                                           y=20.0),
                  dataclasses.replace(action, unit=units + 2),
                  dataclasses.replace(action, y=float("inf"))]
    elif isinstance(action, Board):
        found += [dataclasses.replace(action, machine=m) for m in others]
        found += [dataclasses.replace(action, unit=u) for u in others]
    elif isinstance(action, Enter):
        found += [dataclasses.replace(action, building=b) for b in (-1, 0, 1, 99)]
        found += [dataclasses.replace(action, unit=u) for u in others]
    elif isinstance(action, Activate):
        found += [Activate(e) for e in (-1, 0, 1, 2, 5, 99)]
    elif isinstance(action, ChooseEdge):
        found += [ChooseEdge(e) for e in ("north", "nowhere", "")]
    elif isinstance(action, Regroup):
        found += [Regroup(join=j, into=i) for j, i in ((0, 0), (0, 1), (1, 2), (0, 99), (-5, 1))]
        found += [Regroup(disband=d) for d in (0, 1, 3, 99)]
    if has_unit:
        found.append(dataclasses.replace(action, unit=units + 7))
        unit = getattr(action, "unit", -1)  # the same unit trying every other kind of action
        aims = {0, 1, units - 1, getattr(action, "target", 2)}
        found += [kind(unit, aim) for kind in (*PAIRED[1:], Board) for aim in aims]
        found += [Disembark(unit), Leave(unit), *(Enter(unit, b) for b in range(4))]
    return found


def refusals(seed: int, setup: dict[str, Any], players: int, steps: int) -> list[str]:
    """The reasons given for illegal variants of the actions of a random game."""
    return walk(Game.new(RULES, setup, seed=seed, players=players), seed, variants,
                lambda state: len(state.units), steps,
                lambda action: isinstance(action, Shoot))  # fired twice


def test_rg_actions_every_refusal_ends_with_a_rule_id_of_the_table() -> None:
    """RG-ACTIONS (and every rule refusing an action): illegal variants of the actions of
    seeded random games of two and three players (other units, targets or weapons,
    unknown numbers, a weapon fired twice, moves too long or angled, the wrong seat, an
    action of an earlier step, each unit trying every other kind of action) are refused
    with a reason ending with a rule ID of docs/rules/robogear.md."""
    base = RULES.default_setup()
    reasons = [
        *refusals(1, base, 2, 3000),
        *refusals(2, base, 3, 3000),
        *refusals(5, {**base, "terrain": "town"}, 2, 3000),
        *refusals(7, {**base, "terrain": "town", "turns": "model"}, 3, 3000),
    ]
    named = named_rules(reasons, "RG", TABLE)
    assert {"RG-ACTIONS", "RG-FIRE-BANDS", "RG-FIRE-LOS", "RG-FIRE-AIM", "RG-FIRE-ONCE",
            "RG-IND", "RG-INF-SMALLARMS", "RG-MOVE-BASES", "RG-MOVE-WHEEL", "RG-ART-CREW",
            "RG-ACT-KINDS", "RG-INF-ACT", "RG-GROUP-FORM", "RG-GROUP-TRAITS", "RG-CC-INF",
            "RG-HEAL", "RG-INF-APC", "RG-RAM-TOUCH", "RG-RUNOVER", "RG-BLD-ENTER"} <= named
    assert any(r.startswith("player ") and "owes no decision" in r for r in reasons)
    assert any("is not a legal answer" in r for r in reasons)
