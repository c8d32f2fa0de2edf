"""What HORDES hands its search bot: the warlock's next-best actions."""

from __future__ import annotations

import warbench
from warbench.core.engine import Game
from warbench.rulesets.hordes.actions import Activate, Attack, Charge, Move
from warbench.rulesets.hordes.bots import WarlockBot
from warbench.testing import alternatives_along

RULES = warbench.ruleset("hordes")


def test_the_warlocks_alternatives_are_open_lines_and_leave_its_own_choice_alone() -> None:
    """Over a seeded game: every alternative is legal for the seat that sees it, the warlock
    chooses the same with or without being asked for them, and activations offer other
    models to activate and other lines (charges, attacks, moves)."""
    game = Game.new(RULES, seed=5)
    offered: set[type] = set()
    for before, lines in alternatives_along(game, [WarlockBot(1), WarlockBot(2)], 160, 3):
        offered.update(type(line) for line in lines if line != before)
    assert {Activate, Move} <= offered and offered & {Attack, Charge}

