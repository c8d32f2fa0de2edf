"""What HORDES hands its search bot: the warlock's next-best actions and a turn clock."""

from __future__ import annotations

from itertools import pairwise

import warbench
from tests.hordes.helpers import activate, battle
from warbench.core.actions import Action
from warbench.core.engine import Game
from warbench.core.rng import RandomStream
from warbench.core.search.candidates import sample_candidates
from warbench.rulesets.hordes.actions import Activate, Attack, Charge, Move, Slam
from warbench.rulesets.hordes.bots import WarlockBot
from warbench.rulesets.hordes.bots_search import candidates, player_turn
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



def test_the_search_clock_counts_player_turns_for_keyed_dice() -> None:
    """The search's clock (``player_turn``, which keyed dice key each roll by) starts at the
    first player's first turn and goes up by one each time the turn passes, never back."""
    game = Game.new(RULES, seed=3)
    bots = [WarlockBot(1), WarlockBot(2)]
    seen = [player_turn(game)]
    actives = [game.state.active]
    for _ in range(600):
        if game.is_over:
            break
        decision = game.pending()[0]
        game.apply(decision.player, bots[decision.player].choose(game.observe(decision.player),
                                                                 decision))
        if game.state.unplaced:
            continue  # deployment: no turn has begun yet
        if (player_turn(game), game.state.active) != (seen[-1], actives[-1]):
            seen.append(player_turn(game))
            actives.append(game.state.active)
    assert seen[0] == 2 and len(seen) >= 5
    assert all(later == earlier + 1 for earlier, later in pairwise(seen[1:]))
    assert all(one != other for one, other in pairwise(actives[1:]))


def test_hor_charge_the_search_draws_no_charge_stopping_short() -> None:
    """HOR-CHARGE, HOR-SLAM: the bots charge and slam the whole way: the search's draws
    (``candidates``) leave out the charges and slams stopping short that the decision's
    spaces offer (the core's draws would take them)."""
    game = battle(
        [["maelis", "rootcrusher"], ["vesk", "magma-titan"]],
        [[24, 3, 0], [24, 10, 0], [24, 45, 180], [24, 20, 180]],
    )
    activate(game, 1)
    observation, decision = game.observe(0), game.pending()[0]

    def stops(drawn: list[Action]) -> list[Action]:
        return [a for a in drawn if isinstance(a, Charge | Slam) and a.stop_short > 0]

    assert stops(sample_candidates(observation, decision, RandomStream.from_seed(1), 30))
    assert not stops(candidates(observation, decision, RandomStream.from_seed(1), 30))
