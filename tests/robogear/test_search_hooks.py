"""What ROBOGEAR hands its search bot: the commander's next-best lines (RG-BOT-STRENGTH)."""

from __future__ import annotations

from tests.robogear.helpers import RULES
from warbench.core.engine import Game
from warbench.rulesets.robogear.actions import Activate, EndTurn, Move, Shoot, Turn
from warbench.rulesets.robogear.bots import CommanderBot
from warbench.testing import alternatives_along


def test_the_commanders_alternatives_are_open_and_led_by_its_own_choice() -> None:
    """Over a seeded three-player battle: every alternative is legal for the seat that sees
    it, the first is the commander's own choice, asking leaves that choice alone, and a
    unit's turn offers other lines (another shot, a move, ending the turn)."""
    game = Game.new(RULES, None, seed=3, players=3)
    offered: set[type] = set()
    bots = [CommanderBot(s) for s in range(3)]
    for before, lines in alternatives_along(game, bots, 250, 4):
        if lines:
            assert lines[0] == before
        offered.update(type(line) for line in lines[1:])
    assert Activate in offered and EndTurn in offered
    assert offered & {Move, Turn} and Shoot in offered
