"""What HORDES hands its search bot: the warlock's next-best actions."""

from __future__ import annotations

import warbench
from warbench.core.engine import Game
from warbench.rulesets.hordes.actions import Activate, Attack, Charge, Move
from warbench.rulesets.hordes.bots import WarlockBot

RULES = warbench.ruleset("hordes")


def test_the_warlocks_alternatives_are_open_lines_and_leave_its_own_choice_alone() -> None:
    """Over a seeded game: every alternative is legal for the seat that sees it, the warlock
    chooses the same with or without being asked for them, and activations offer other
    models to activate and other lines (charges, attacks, moves)."""
    game = Game.new(RULES, seed=5)
    bots = [WarlockBot(1), WarlockBot(2)]
    offered: set[type] = set()
    for _ in range(160):
        if game.is_over:
            break
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        bot = bots[decision.player]
        before = bot.choose(observation, decision)
        lines = bot.alternatives(observation, decision, 3)
        assert len(lines) <= 3
        assert all(observation.check(line) is None for line in lines), lines
        assert bot.choose(observation, decision) == before
        offered.update(type(line) for line in lines if line != before)
        game.apply(decision.player, before)
    assert {Activate, Move} <= offered and offered & {Attack, Charge}

