"""What the Full Thrust search believes of the enemy's written orders.

Orders are written before any is revealed (FT-SEQ-ORDERS), so a seat searching in the
orders phase knows only that the enemy wrote some. The ruleset's ``determinize`` fills each
with any legal order; :func:`admiral_orders` is the search's belief instead: each hidden
order is the one the admiral would have written for that ship from the same table (the
ships have not moved since), or, in a share of the worlds, one of the admiral's next-best
courses, so the search also meets enemies that do not play as it expects; a carrier's
order launches every group ready to go, as the admiral's does (FT-FTR-LAUNCH). It reads
nothing hidden: the admiral scores orders by positions, speeds and damage, and which groups
sit ready in which bays, which everyone sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.rng import RandomStream
from warbench.core.search.bot import Redraw
from warbench.rulesets.full_thrust.actions import WriteOrders
from warbench.rulesets.full_thrust.bots import AdmiralBot, Seen
from warbench.rulesets.full_thrust.bots_search import courses
from warbench.rulesets.full_thrust.fighters import launchable
from warbench.rulesets.full_thrust.orders import order_options, order_written
from warbench.rulesets.full_thrust.state import FullThrustState

#: The share of worlds in which a hidden order is the admiral's own choice; in the rest it
#: is one of its next-best courses (``OTHER_COURSES`` of them), drawn evenly.
OWN_CHOICE = 0.5
OTHER_COURSES = 3


@dataclass(frozen=True, slots=True)
class LikelyOrders:
    """For each enemy ship whose order is hidden: the admiral's own order and its next-best
    courses, and the fighter groups it launches. Called with a sampled state and a stream,
    it writes one of the orders for each."""

    likely: dict[int, tuple[WriteOrders, tuple[WriteOrders, ...]]]
    launches: dict[int, tuple[int, ...]]

    def __call__(self, sampled: FullThrustState, rng: RandomStream) -> None:
        for ship, (own, others) in self.likely.items():
            written = sampled.orders[ship]
            assert written is not None, "a sample keeps every written order"
            chosen = own
            if others and rng.random() >= OWN_CHOICE:
                chosen = others[rng.choice_index(len(others))]
            written.value = order_written(chosen)
            written.value.launch.extend(self.launches[ship])


def admiral_orders(seen: Seen) -> Redraw | None:
    """How to redraw the enemy orders ``seen``'s seat has not seen, or ``None`` if none."""
    state = seen.state
    admiral = AdmiralBot()
    likely: dict[int, tuple[WriteOrders, tuple[WriteOrders, ...]]] = {}
    launches: dict[int, tuple[int, ...]] = {}
    for ship in state.ships:
        written = state.orders[ship.id] if ship.id < len(state.orders) else None
        if written is None or written.visible_to(seen.seat):
            continue
        options = order_options(state, seen.data, ship)
        own = admiral._orders(seen, options)
        assert isinstance(own, WriteOrders)
        others = [o for o in courses(admiral, seen, options, OTHER_COURSES + 1) if o != own]
        likely[ship.id] = (own, tuple(others[:OTHER_COURSES]))
        launches[ship.id] = tuple(
            group.id for group in state.groups
            if group.carrier == ship.id and launchable(state, group)
        )
    return LikelyOrders(likely, launches) if likely else None
