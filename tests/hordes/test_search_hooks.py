"""What HORDES hands its search bot: the warlock's next-best actions."""

from __future__ import annotations

import warbench
from warbench.core.engine import Game
from warbench.rulesets.hordes.actions import Activate, Attack, Charge, Move
from warbench.rulesets.hordes.bots import WarlockBot
from warbench.rulesets.hordes.standing import standing
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



def test_the_standing_weighs_the_boxes_race_and_the_warlocks_danger() -> None:
    """The search's value of a cut-off HORDES play-out (HOR-VICTORY, HOR-TURN-LIMIT): sides
    nearly level at the opening, the values of both sides add to 1; boxes marked on a side
    lower its standing, on its warlock more than the same boxes on a beast, and a beast
    destroyed counts all its boxes."""
    game = Game.new(RULES, seed=0)
    first, second = standing(game)
    assert abs(first - 0.5) < 0.01 and first + second == 1.0
    models = game.state.models
    beast, warlock = models[5], models[4]  # player 1's magma titan and warlock
    beast.spiral = [1, 1, 1, 0, 0, 0]
    on_beast = standing(game)[0]
    beast.spiral = [0] * 6
    warlock.damage = 3
    on_warlock = standing(game)[0]
    assert first < on_beast < on_warlock
    warlock.damage = 0
    beast.alive = False
    assert standing(game)[0] > on_warlock
