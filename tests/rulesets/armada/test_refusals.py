"""Every Armada refusal names the rule that forbids it (ARM-ACTIONS and each rule's own IDs),
as far as a walk of random battles with illegal variants of their actions reaches."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from tests.refusal_walk import named_rules, numeric_variants
from tests.refusal_walk import refusals as walk
from tests.rulesets.armada.helpers import armada, fleet
from warbench.core.actions import Action
from warbench.core.engine import Game
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.actions import (
    ChangeRole,
    Fire,
    HoldFire,
    LayMines,
    Move,
    Order,
    SelfDestruct,
    SpendResolve,
)

RULES = ArmadaRuleset()
TABLE = Path(__file__).parents[3] / "docs" / "rules" / "armada.md"
#: Every order of the tables, a name no table has, and the roles likewise.
ORDERS = (*RULES.data.tables.orders, "transfer", "salute")
ROLES = (*RULES.data.tables.roles, "quartermaster")
#: Choices of an order: boosts, directions, critical conditions, nonsense.
CHOICES = ("", "speed", "ac", "gunnery", "weapons", "communications", "nobody")
#: Steps of a move or stunt: too far, turns too soon or too many, malformed, none.
STEPS = ("F" * 9, "FFF", "RF", "FRRR", "LLLL", "RRR", "LFF", "X", "")
STUNTS = ("", "back-off", "flip-and-burn", "slide", "turn-in-place", "flyby", "warp")


def _officer(index: int) -> dict[str, Any]:
    """An officer of each role in turn, with ranks, a base attack bonus and resolve."""
    roles = ("admiral", "chief-engineer", "chief-spellcaster", "chief-technician", "commander")
    return {"name": f"Officer {index}", "role": roles[index % 5], "ranks": 6, "resolve": 1,
            "base_attack_bonus": 3}


#: Two armadas with every ability and every role aboard, resolve to spend.
ABLE = {
    "armadas": [
        armada("Blue", 6, [fleet("Bulwark", 6, "large", "capital", "flagship", "superweapon"),
                           fleet("Layers", 6, "medium", "destroyer", "gravity-mines"),
                           fleet("Grapple", 6, "small", "fighter", "boarders")],
               [{**_officer(i), "fleet": ("Bulwark", "Layers", "Grapple")[i % 3]}
                for i in range(5)]),
        armada("Red", 6, [fleet("Spine", 6, "large", "capital", "flagship", "array"),
                          fleet("Last Word", 6, "medium", "destroyer", "self-destruct"),
                          fleet("Gnats", 6, "small", "fighter", "interceptors", "emp")],
               [{**_officer(i + 1), "fleet": ("Spine", "Last Word", "Gnats")[i % 3]}
                for i in range(5)]),
    ],
    "distance": 5,
}


def variants(action: Action, fleets: int) -> list[Action]:
    """Actions near ``action`` that the rules may refuse: other fleets, officers, targets
    and numbers (unknown ones too), moves and stunts too long, turned too soon or badly
    written, resolve spent, superweapons and arrays fired without them, every order and
    role tried by the same officer, mines laid too far or in one hex."""
    found = numeric_variants(action, fleets)
    replace = dataclasses.replace
    if isinstance(action, Move):
        found += [replace(action, stunt=stunt, steps=steps, target=target)
                  for stunt in STUNTS for steps in STEPS[::2] for target in (-1, 0)]
        found += [replace(action, steps=steps) for steps in STEPS]
        found += [replace(action, resolve=True), replace(action, stunt="slide", resolve=True)]
    elif isinstance(action, Fire):
        found += [replace(action, superweapon=True), replace(action, resolve=True),
                  replace(action, also=(action.target,)), replace(action, also=(0, 1, 2)),
                  replace(action, also=(fleets - 1,)),
                  replace(action, also=(fleets - 2,), superweapon=True),
                  replace(action, target=-1, mine=0), replace(action, mine=0),
                  replace(action, target=-1, mine=0, resolve=True),
                  replace(action, target=-1, mine=9)]
    elif isinstance(action, Order):
        found += [Order(action.officer, name, target, ally, choice=choice)
                  for name in ORDERS for target in (-1, 0, fleets // 2, fleets - 1)
                  for ally, choice in ((fleets - 1, ""), (0, CHOICES[target % len(CHOICES)]))]
        found += [replace(action, choice=choice) for choice in CHOICES]
        found += [replace(action, resolve=True), replace(action, q=40, r=-40)]
        found += [ChangeRole(action.officer, role) for role in ROLES]
    elif isinstance(action, ChangeRole):
        found += [ChangeRole(officer, role) for officer in range(-1, 12) for role in ROLES]
    elif isinstance(action, LayMines):
        found += [replace(action, hexes=hexes) for hexes in
                  (action.hexes[:1], action.hexes[:1] * 2, ((40, 0), (0, 40)), ())]
    same = getattr(action, "fleet", None)  # the same fleet trying every other kind of action
    if isinstance(same, int):
        found += [HoldFire(same), SpendResolve(same), SelfDestruct(same, 0), Fire(same, 0),
                  Move(same, "F")]
    return found


def refusals(seed: int, setup: dict[str, Any], steps: int) -> list[str]:
    """The reasons given for illegal variants of the actions of a random battle."""
    return walk(Game.new(RULES, setup, seed=seed, players=2), seed, variants,
                lambda state: len(state.fleets), steps,
                lambda action: isinstance(action, Fire | Order))  # fired or ordered twice


def test_arm_actions_every_refusal_a_walk_meets_ends_with_rule_ids_of_the_table() -> None:
    """ARM-ACTIONS (and every rule refusing an action: moves and stunts, gunnery, orders,
    role changes, mines, resolve): illegal variants of the actions of seeded random
    battles (other fleets, officers, targets and numbers, moves too long or turned too
    soon, stunts badly written, every order and role tried by each officer, the wrong
    seat, an action of an earlier step, an attack or an order given twice) are refused
    with a reason ending with rule IDs of docs/rules/armada.md."""
    tier_6 = {"armadas": ["home-guard-6", "corsairs-6"], "distance": 6}
    reasons = [  # seeds meeting a rout, a jam, lost communications, disabled fleets
        *refusals(2, RULES.default_setup(), 300),
        *refusals(2, tier_6, 300),
        *refusals(2, ABLE, 300),
    ]
    named = named_rules(reasons, "ARM", TABLE)
    assert {"ARM-ACTIONS", "ARM-HELM-HALVES", "ARM-MOVE-SPEED", "ARM-MOVE-TURN",
            "ARM-MOVE-THROUGH", "ARM-STUNT-SLIDE", "ARM-STUNT-FLYBY", "ARM-MORALE-FLEE",
            "ARM-GUN-ARC", "ARM-GUN-RANGE", "ARM-GUN-ONCE", "ARM-DMG-DESTROYED", "ARM-DMG-DISABLED",
            "ARM-ABILITY-ARRAY", "ARM-ABILITY-SUPERWEAPON", "ARM-ABILITY-MINES",
            "ARM-OFF-ACTION", "ARM-OFF-RANGE", "ARM-OFF-RESOLVE", "ARM-OFF-ROLE-CHANGE",
            "ARM-OFF-ONE-ROLE", "ARM-OFF-MOVE", "ARM-OFF-JAM", "ARM-OFF-REPAIR",
            "ARM-CRIT-COMMS"} <= named
    assert any("is not a legal answer" in r for r in reasons)
