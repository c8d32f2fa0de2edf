"""What Dystopian Wars rolls with no dice pool of their own are worth, for luck reports.

A **critical table** roll is rated by the harm of the row it shows, in half hull points
(engine default, DW-LUCK): each hull point the row costs on top of the critical's 2 counts
2, a raging fire 3 (one fire costs 1.5 hull points on average: it goes out on 1-3, burns a
point on 4-6 and spreads on a 6, so ``F = 1/3 (1 + F) + 1/6 (1 + 2F)``, ``F = 3/2``), any
other marker 1 (a lost capability valued at half a hull point). A row that a submerged beast
rolls again (a raging fire) does nothing itself: 0. Higher is better for a side rolling
against an enemy, worse for a side rolling against its own model.

>>> from warbench.rulesets.dystopian_wars.data import Critical
>>> fire = Critical(1, "Raging fire", "raging-fire", 0, True, "")
>>> blast = Critical(8, "Magazine explosion", "raging-fire", 1, True, "")
>>> critical_harm(fire), critical_harm(blast), critical_harm(fire, fire_rolled_again=True)
(3, 5, 0)

A **battle order** is rated by the enemy points it asks the roller to destroy or capture
(the least over the enemy fleets; an order no enemy fleet can meet asks for the whole
fleet): fewer is better.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from warbench.core.events import RollEffect
from warbench.core.words import player_name, possessive
from warbench.rulesets.dystopian_wars.data import Critical, RulesData
from warbench.rulesets.dystopian_wars.state import DWState, Model

#: Harm of a raging fire, in half hull points (1.5 hull points on average).
FIRE_HARM = 3
#: Harm of any other lasting marker, in half hull points (engine default).
MARKER_HARM = 1
#: A battle order the enemy fleet gives no target for asks for all of it.
ORDER_SHARES = {1: 0.7, 3: 0.5, 5: 0.5}


def critical_harm(row: Critical, *, fire_rolled_again: bool = False) -> int:
    """The harm of one critical table row in half hull points (module text)."""
    if fire_rolled_again and row.marker == "raging-fire":
        return 0
    marker = FIRE_HARM if row.marker == "raging-fire" else MARKER_HARM if row.marker else 0
    return 2 * row.extra_damage + marker


def critical_effect(
    roller: int, target_player: int, rows: Sequence[Critical], face: int, purpose: str,
    *, fire_rolled_again: bool = False,
) -> RollEffect:
    """One critical table roll of ``face``, rated for ``roller`` by the row's harm."""
    harms = tuple(critical_harm(row, fire_rolled_again=fire_rolled_again) for row in rows)
    return RollEffect(
        roller, purpose, harms[face - 1], 1, sides=len(rows), values=harms,
        higher_is_better=roller != target_player,
    )


def order_cost(state: DWState, data: RulesData, player: int, order: int) -> int:
    """The enemy points battle order ``order`` asks ``player`` to destroy or capture: the
    least over the enemy fleets (the whole fleet when the order has nothing to aim at)."""
    costs = []
    for enemy in state.opponents(player):
        fleet = [m for m in state.models if m.player == enemy]
        points = {m.uid: data.models[m.cls].points for m in fleet}
        whole = sum(points.values())

        def of(*sizes: str, fleet: list[Model] = fleet, points: dict[int, int] = points) -> int:
            return sum(points[m.uid] for m in fleet if data.models[m.cls].size in sizes)

        share = math.ceil(ORDER_SHARES.get(order, 0.0) * whole)
        if order == 1:
            cost = share
        elif order == 2:
            cost = of("large", "massive") or whole
        elif order == 3:
            cost = max(share, of("medium"))
        elif order == 4:
            cost = sum(points[m.uid] for m in fleet if state.squadrons[m.squadron].core) or whole
        elif order == 5:
            cost = max(share, of("small"))
        else:
            uid = state.commodore[enemy]
            cost = points[uid] if uid >= 0 else whole
        costs.append(cost)
    return min(costs, default=0)


def order_words(player: int) -> str:
    """A battle order roll in words for people (its label, ``battle order``, is its key).

    >>> order_words(0)
    "player 1's battle order"
    """
    return f"{possessive(player_name(player))} battle order"


def order_effect(state: DWState, data: RulesData, player: int, order: int) -> RollEffect:
    """A battle order roll rated for ``player`` by the points its order asks for."""
    costs = tuple(order_cost(state, data, player, face) for face in range(1, 7))
    return RollEffect(player, "battle order", costs[order - 1], 1, values=costs,
                      higher_is_better=False, told=order_words(player))
