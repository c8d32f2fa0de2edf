"""What HORDES hands its search bot: the warlock's next-best actions and a cut-off score."""

from __future__ import annotations

import warbench
from warbench.core.engine import Game
from warbench.rulesets.hordes.actions import Activate, Attack, Charge, Move
from warbench.rulesets.hordes.bots import WarlockBot
from warbench.rulesets.hordes.bots_search import WARLOCK_WEIGHT, search_score

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


def test_the_search_score_counts_marked_boxes_the_enemy_warlocks_three_times() -> None:
    """A play-out cut off before a warlock dies is valued by boxes marked on the enemy:
    a box on the enemy warlock weighs three on a beast (killing it wins: HOR-VICTORY)."""
    game = Game.new(RULES, seed=5)
    assert search_score(game) == (0.0, 0.0)
    warlock = next(m for m in game.state.models if m.owner == 1 and not m.beast)
    beast = next(m for m in game.state.models if m.owner == 0 and m.beast)
    warlock.damage = 2
    beast.spiral[0] = 1
    assert search_score(game) == (2 * WARLOCK_WEIGHT, 1.0)
