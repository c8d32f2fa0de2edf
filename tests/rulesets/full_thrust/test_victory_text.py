"""FT-END-TURNS, FT-END-FLEET: what the table tells the players of how a battle is won and
how it stands (``Ruleset.victory``), that the standing names the fleet the engine then
makes the winner, and that written orders, the only secrets, never reach it."""

from __future__ import annotations

from warbench.rulesets.full_thrust.actions import WriteOrders
from warbench.rulesets.full_thrust.damage import apply_points
from warbench.rulesets.full_thrust.scoring import Points
from warbench.server.snapshot import SPECTATOR

from .helpers import RULES, battle, orders, ship


def test_ft_end_turns_the_standing_counts_points_and_names_the_winner_of_the_last_turn(
) -> None:
    """FT-END-TURNS, FT-END-FLEET: Red's harrier destroyed (120 points) and its wasp
    crippled (half of 99) against Blue's picket gone off the table (half of 34): the table
    says how the battle ends and what scores, each fleet's points and ships, and that Blue
    would win if the last turn ended now, as the engine rules when the turn ends."""
    game, _ = battle(
        [ship("lancer", "Sabre", 10, 10), ship("picket", "Scout", 20, 10)],
        [ship("harrier", "Hawk", 60, 40), ship("wasp", "Sting", 40, 40)], 6, 1, turns=1,
    )
    state = game.state
    apply_points(game, state.ships[2], Points(0, 10), "a test")
    state.ships[3].hull_hits = 5
    state.ships[1].status = "disengaged"
    said = RULES.victory(state)
    assert said is not None
    assert said.how == (
        "Blue (player 1) against Red (player 2).",
        "The battle ends at once when at most one fleet still has ships in it (neither"
        " destroyed nor gone off the table): that fleet wins (FT-END-FLEET).",
        "Otherwise it ends after turn 1: each fleet scores the points of the enemy ships"
        " destroyed, half the points of those crippled (half their hull boxes gone) and half"
        " those of the ships that disengaged (left the table); the higher score wins, equal"
        " scores are a draw (FT-END-TURNS).",
    )
    assert said.standing == (
        "Turn 1 of 1.",
        "Blue: 169.5 points scored; 1 of 2 ships in the battle; 1 disengaged",
        "Red: 17 points scored; 1 of 2 ships in the battle (1 crippled); 1 destroyed",
        "If the last turn ended now: Blue would win on points.",
    )
    assert said.headline == ("Turn 1 of 1 · points: Blue 169.5, Red 17 · if it ended now:"
                             " Blue would win")
    orders(game)
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert "Blue wins on points" in game.outcome.reason


def test_ft_end_turns_a_level_score_is_told_as_a_draw_as_the_engine_ends_it() -> None:
    """FT-END-TURNS: nothing lost on either side: the table says a draw, and the engine
    makes the battle a draw when its one turn ends."""
    game, _ = battle([ship("lancer", "Sabre", 10, 10)], [ship("lancer", "Pike", 60, 40)],
                     6, 1, turns=1)
    said = RULES.victory(game.state)
    assert said is not None and said.standing[-1] == "If the last turn ended now: a draw on points."
    orders(game)
    assert game.outcome is not None and game.outcome.winners == ()


def test_ft_seq_orders_the_standing_a_seat_is_told_reads_no_written_order() -> None:
    """FT-SEQ-ORDERS: Blue's orders are written and not yet revealed; Red and a spectator
    are told what Blue is told, the very text the whole truth gives: no order is read."""
    game, _ = battle([ship("lancer", "Sabre", 10, 10)], [ship("lancer", "Pike", 60, 40)],
                     6, 1)
    game.apply(0, WriteOrders(0, 2, 1))
    assert game.state.orders[0] is not None and not game.state.orders[0].revealed
    truth = RULES.victory(game.state)
    assert all(RULES.victory(RULES.observe(game.state, seat)) == truth
               for seat in (0, 1, SPECTATOR))


def test_ft_end_turns_a_fleets_own_name_is_told_as_given_and_a_default_from_1() -> None:
    """FT-END-TURNS: a fleet's name is shown as its player gave it, digits and all ("Player
    2's raiders" stays so), while a fleet left unnamed, kept in the state by its seat's
    index ("Player 0"), is counted from 1 as people count seats."""
    game, _ = battle([ship("lancer", "Sabre", 10, 10)], [ship("harrier", "Hawk", 60, 40)])
    state = game.state
    state.fleet_names[:] = ["Player 2's raiders", "Player 1"]
    said = RULES.victory(state)
    assert said is not None
    assert said.how[0] == "Player 2's raiders (player 1) against Player 2 (player 2)."
    assert "points: Player 2's raiders 0, Player 2 0" in said.headline
