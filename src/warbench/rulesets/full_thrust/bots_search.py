"""What the Full Thrust search bot tries at its root after the admiral's choice.

:func:`alternatives` (through :meth:`~warbench.rulesets.full_thrust.bots.AdmiralBot.
alternatives`) ranks a decision's options by the admiral's own measures, best first,
without changing its choice: orders by the admiral's score of where they take the ship
(the best order of each turn, so that the alternatives are other courses rather than the
same course a little faster or slower; a Sa'Vasku ship's power shares are left to the
admiral), fire by the damage the admiral expects, salvos by their target. Other decisions
(defence, fighters, launches, repairs) have none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.search.budget import Budget
from warbench.rulesets.full_thrust.actions import (
    AssignWeapon,
    DeclareTarget,
    FireShip,
    SalvoTarget,
    WriteOrders,
)
from warbench.rulesets.full_thrust.bots import AdmiralBot, Seen, predicted
from warbench.rulesets.full_thrust.firepower import Arms
from warbench.rulesets.full_thrust.savasku import SAVASKU


def alternatives(bot: AdmiralBot, seen: Seen, decision: Decision, count: int) -> list[Action]:
    """Up to ``count`` of the decision's options, the admiral's favourites first."""
    options = decision.options
    if not options:
        return []
    first = options[0]
    ranked: list[tuple[float, Action]]
    if isinstance(first, WriteOrders):
        ranked = list(_courses(bot, seen, [o for o in options if isinstance(o, WriteOrders)]))
    elif isinstance(first, DeclareTarget | AssignWeapon):
        ranked = [(bot._fire_value(seen, o), o)
                  for o in options if isinstance(o, DeclareTarget | AssignWeapon)]
    elif isinstance(first, FireShip):
        ranked = [(bot._ship_punch(seen, o), o) for o in options if isinstance(o, FireShip)]
    elif isinstance(first, SalvoTarget):
        ranked = [(bot._target_value(seen, o), o) for o in options if isinstance(o, SalvoTarget)]
    else:
        return []
    ranked.sort(key=lambda pair: pair[0], reverse=True)  # stable: ties keep the listed order
    return [option for _, option in ranked[:count]]


#: The search bot's budget unless its options say otherwise: twelve worlds, every candidate
#: in each (the admiral's order and its three next-best courses), play-outs to the end of
#: the movement four turns on (``turns=5``; up to 200 decisions), a gain of half a
#: hundredth that is one standard error sure, up to six more worlds where the root is close
#: (docs/agents.md).
SEARCH_BUDGET: Final = Budget(iterations=12, depth=200, width=4, pilot=0, alternatives=3,
                              extend=6, paired=1.0, margin=0.005, turns=5)


def writes_orders(decision: Decision) -> bool:
    """Whether ``decision`` writes a ship's orders: the decisions the search bot searches
    (:data:`~warbench.core.search.bot.Searched`). At the fire, defence and fighter
    decisions its overrules only added variance (docs/agents.md), so the admiral answers
    them."""
    return any(isinstance(option, WriteOrders) for option in decision.options)


def courses(
    bot: AdmiralBot, seen: Seen, orders: Sequence[WriteOrders], count: int
) -> list[WriteOrders]:
    """Up to ``count`` of ``orders``, the admiral's best order of each turn, best first
    (none for a Sa'Vasku ship, whose orders are power shares as much as courses)."""
    ranked = _courses(bot, seen, orders)
    ranked.sort(key=lambda pair: pair[0], reverse=True)  # stable: ties keep the listed order
    return [order for _, order in ranked[:count]]


def _courses(
    bot: AdmiralBot, seen: Seen, orders: Sequence[WriteOrders]
) -> list[tuple[float, WriteOrders]]:
    """The best order of each turn with its score, scored as the admiral scores orders."""
    state, lib = seen.state, seen.data
    ship = state.ships[orders[0].ship]
    cls = lib.designs[ship.design]
    if cls.race == SAVASKU:
        return []
    enemies = [predicted(enemy) for enemy in state.enemies(ship.player)]
    arms = Arms.of(state, lib, cls, ship)
    best: dict[int, tuple[float, WriteOrders]] = {}
    for order in orders:
        if order.shroud or order.screens or order.repair:
            continue
        score = bot._order_score(state, lib, cls, ship, order, enemies, arms)
        if order.turn not in best or score > best[order.turn][0]:
            best[order.turn] = (score, order)
    return list(best.values())
