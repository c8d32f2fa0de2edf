"""The Full Thrust search's belief of the enemy's hidden orders (FT-SEQ-ORDERS): the orders
the admiral would have written from the same table, read from the searching seat's
observation only."""

from __future__ import annotations

from typing import Any

import warbench
from warbench.core.engine import Game, clone_state
from warbench.core.match import play_next_decision
from warbench.core.rng import RandomStream, seed_for
from warbench.rulesets.full_thrust.actions import WriteOrders
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.bots_belief import OWN_CHOICE, LikelyOrders, admiral_orders
from warbench.rulesets.full_thrust.orders import order_options, order_written

RULES = warbench.ruleset("full-thrust")


def seat_one_writing(seed: int) -> Game[Any, Any]:
    """A game at the first decision where seat 1 writes orders (seat 0 has written its)."""
    game = Game.new(RULES, seed=seed)
    bots = [AdmiralBot(1), AdmiralBot(2)]
    while True:
        decision = game.pending()[0]
        if decision.player == 1 and isinstance(decision.options[0], WriteOrders):
            return game
        play_next_decision(game, bots)


def test_the_belief_is_what_the_admiral_wrote() -> None:
    """Each of seat 0's hidden orders is believed to be the admiral's own choice, which is
    the order the admiral in seat 0 did write, launches included (FT-FTR-LAUNCH); its
    other courses are legal and turn apart."""
    for seed in (5, 6):
        game = seat_one_writing(seed)
        belief = admiral_orders(game.observe(1))
        assert isinstance(belief, LikelyOrders)
        written = {i for i, o in enumerate(game.state.orders) if o is not None and o.owner == 0}
        assert set(belief.likely) == written
        for ship, (own, others) in belief.likely.items():
            truth = game.state.orders[ship]
            believed = order_written(own)
            believed.launch.extend(belief.launches[ship])
            assert truth is not None and truth.value == believed
            legal = order_options(game.state, RULES.data, game.state.ships[ship])
            assert own in legal and all(o in legal for o in others)
            assert own not in others and len({o.turn for o in others}) == len(others)


def test_the_belief_reads_nothing_hidden() -> None:
    """Other true orders behind the same observation give the same belief."""
    game = seat_one_writing(5)
    twin = Game(RULES, clone_state(game.state), game.journal, record_hashes=False)
    for ship in twin.state.ships:
        order = twin.state.orders[ship.id]
        if order is not None and order.owner == 0:
            order.value = order_written(order_options(twin.state, RULES.data, ship)[0])
    first, second = admiral_orders(game.observe(1)), admiral_orders(twin.observe(1))
    assert isinstance(first, LikelyOrders) and isinstance(second, LikelyOrders)
    assert (first.likely, first.launches) == (second.likely, second.launches)


def test_the_redraw_writes_the_admirals_choice_in_its_share_of_worlds() -> None:
    """In sampled worlds each hidden order is the admiral's own choice about ``OWN_CHOICE``
    of the time and otherwise one of its other courses; the seat's own orders are left."""
    game = seat_one_writing(5)
    observation = game.observe(1)
    belief = admiral_orders(observation)
    assert isinstance(belief, LikelyOrders)
    ship, (own, others) = next(iter(belief.likely.items()))
    counts = {"own": 0, "other": 0}
    for index in range(200):
        sample = observation.sample(seed_for(3, index))
        belief(sample.state, RandomStream.from_seed(seed_for(4, index)))
        drawn = sample.state.orders[ship]
        assert drawn is not None
        assert drawn.value.launch == list(belief.launches[ship])
        drawn.value.launch = []
        if drawn.value == order_written(own):
            counts["own"] += 1
        else:
            assert drawn.value in [order_written(o) for o in others]
            counts["other"] += 1
    assert abs(counts["own"] / 200 - OWN_CHOICE) < 0.12, counts


def test_nothing_to_believe_when_no_enemy_order_is_hidden() -> None:
    """Seat 0 writes first: it has no enemy order to believe anything of."""
    game = Game.new(RULES, seed=5)
    assert admiral_orders(game.observe(0)) is None
