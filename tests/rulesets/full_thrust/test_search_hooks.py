"""What Full Thrust hands its search bot: the admiral's own favourites at a decision."""

from __future__ import annotations

import warbench
from warbench.core.engine import Game
from warbench.rulesets.full_thrust.actions import DeclareTarget, WriteOrders
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.testing import alternatives_along

RULES = warbench.ruleset("full-thrust")


def test_the_admirals_alternatives_are_open_and_led_by_its_own_choice() -> None:
    """Over a seeded battle: every alternative is legal for the seat that sees it; for orders
    and fire the first is the admiral's own choice (it ranks by the admiral's measures) and
    the orders offered turn differently; asking for them leaves its choice alone."""
    game = Game.new(RULES, seed=5)
    ranked: set[type] = set()
    for before, lines in alternatives_along(game, [AdmiralBot(1), AdmiralBot(2)], 120, 3):
        if isinstance(before, WriteOrders | DeclareTarget) and len(lines) > 1 and not getattr(
                before, "shroud", False):
            assert lines[0] == before
            ranked.add(type(before))
        if isinstance(before, WriteOrders) and not before.shroud:
            assert len({line.turn for line in lines if isinstance(line, WriteOrders)}) == len(lines)
    assert ranked == {WriteOrders, DeclareTarget}
