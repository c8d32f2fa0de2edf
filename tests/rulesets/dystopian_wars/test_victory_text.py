"""DW-END-TURNS, DW-VP, DW-BATTLE-ORDERS, DW-END-DESTROYED: what the table tells the players
of how a game is won and how it stands (``Ruleset.victory``), that the standing names the
fleet the engine then makes the winner, and that it tells a seat nothing hidden from it."""

from __future__ import annotations

from tests.rulesets.dystopian_wars.helpers import RULES, model, owed, seeded, setup, squadron
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars.actions import Idle
from warbench.rulesets.dystopian_wars.events import BattleOrder
from warbench.rulesets.dystopian_wars.state import DWState
from warbench.server.snapshot import SPECTATOR

#: Player 0: Sovereign (a battleship, large, 160 points: model 0), two cruisers (60 each:
#: 1-2) and three frigates (25 each: 3-5), 355 points; player 1: Kaiserin (its commodore's
#: battleship, 160: model 6) and three frigates (7-9).
FLEETS = (
    [squadron("britannia-battleship", (36.0, 6.0, 0.0), name="Sovereign"),
     squadron("britannia-cruiser", (20.0, 6.0, 0.0), (24.0, 6.0, 0.0)),
     squadron("britannia-frigate", (50.0, 6.0, 0.0), (53.0, 6.0, 0.0), (56.0, 6.0, 0.0))],
    [squadron("prussia-battleship", (36.0, 42.0, 180.0), name="Kaiserin", commodore=True),
     squadron("prussia-frigate", (50.0, 42.0, 180.0), (53.0, 42.0, 180.0),
              (56.0, 42.0, 180.0))],
)


def _sink(game: Game, *uids: int) -> None:
    for uid in uids:
        lost = model(game, uid)
        lost.alive, lost.fate = False, "destroyed"


def _play_out(game: Game) -> None:
    """Every squadron activates and does nothing until the game is over."""
    while not game.is_over:
        options = owed(game).options
        game.apply(owed(game).player, Idle() if Idle() in options else options[0])


def _said(game: Game, seat: int) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    said = RULES.victory(RULES.observe(game.state, seat))
    assert said is not None
    return said.how, said.standing, said.headline


def test_dw_vp_the_standing_counts_victory_points_and_names_the_winner_of_the_last_turn(
) -> None:
    """DW-VP, DW-END-TURNS, DW-CONCEDE: a frigate of player 2 (seat 1) sunk is 25 victory
    points to player 1 (seat 0); the table says the rules (the last turn, victory points, a
    fleet left alone, concession where the set-up allows it), each fleet's points and losses,
    and that player 1 would win if the last turn ended now, as the engine rules when the last
    turn ends (the reason the state keeps names seats by index)."""
    game = seeded(setup(*FLEETS, turns=2), seed=3)
    _sink(game, 7)
    how, standing, headline = _said(game, 0)
    assert how == (
        "Player 1 against player 2.",
        "A fleet with no model left in play (every one destroyed, captured or off the table)"
        " is out; when one fleet alone is left on the table the game ends at once and its"
        " player wins (DW-END-DESTROYED).",
        "The game ends after turn 2: the fleet with the most victory points wins; equal"
        " points are a draw (DW-END-TURNS).",
        "Victory points: the points of the enemy models a fleet has destroyed or captured;"
        " a prize it still holds (1 or more of its assault points aboard) counts double"
        " (DW-VP).",
    )
    assert standing == (
        "Turn 1 of 2.",
        "player 1: 25 victory points; 0 of 355 points of its fleet lost",
        "player 2: 0 victory points; 25 of 235 points of its fleet lost",
        "If the last turn ended now: player 1 would win on victory points.",
    )
    assert headline == ("Turn 1 of 2 · victory points: player 1 25, player 2 0 · if it"
                        " ended now: player 1 would win")
    _play_out(game)
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert game.outcome.reason == "the last turn ended: player 0 wins on victory points"
    assert not any("would win" in line for line in _said(game, 0)[1])  # over: no guess
    conceding = seeded(setup(*FLEETS, concession=True), seed=3)  # DW-CONCEDE, where allowed
    assert "A player may concede; when every other player has, the last one wins" \
        " (DW-CONCEDE)." in _said(conceding, 0)[0]


def test_dw_battle_orders_a_fleet_that_carried_out_its_order_wins_whatever_its_points(
) -> None:
    """DW-BATTLE-ORDERS: player 1's (seat 0's) order 2 (every large and massive model
    destroyed) is carried out when Kaiserin sinks, though player 2 has sunk more points; the
    standing says each fleet's order, which is carried out, and that the game ends with this
    turn in player 1's favour, as the engine ends it at the end of the turn."""
    game = seeded(setup(*FLEETS, turns=3), seed=3)
    state = game.state
    assert isinstance(state, DWState)
    state.orders = [2, 6]
    _sink(game, 6, 0, 1, 2)  # Kaiserin (160 to player 0); Sovereign and both cruisers (280)
    how, standing, headline = _said(game, 1)
    assert any("(DW-BATTLE-ORDERS)" in line for line in how)
    assert standing[1:] == (
        "player 1: 160 victory points; 280 of 355 points of its fleet lost; battle order 2"
        " (destroy every large and massive model of an enemy fleet): carried out",
        "player 2: 280 victory points; 160 of 235 points of its fleet lost; battle order 6"
        " (capture the commodore of an enemy fleet): not carried out yet",
        "As it stands, the game ends with this turn: player 1 would win by carrying out its"
        " battle order.",
    )
    assert headline.endswith(" · it ends with this turn: player 1 would win by its battle order")
    _play_out(game)
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert game.outcome.reason.startswith("player 0 carried out its battle order")


def test_dw_battle_orders_every_seat_is_told_alike_and_no_card_reaches_the_text() -> None:
    """DW-BATTLE-ORDERS, DW-CARDS-HIDDEN: a battle order is rolled in the open (its log line
    reaches every seat), so each seat and a spectator are told both fleets' orders; the
    hands, the only secrets, are never read: what a seat is told is what the whole truth
    would tell, and no card in a hand is named."""
    game = seeded(setup(*FLEETS, orders=True, cards=True), seed=5)
    state = game.state
    assert isinstance(state, DWState) and all(state.orders)
    assert all(e.visible_to is None for e in game.events if isinstance(e, BattleOrder))
    truth = RULES.victory(state)
    assert truth is not None
    views = [_said(game, seat) for seat in (0, 1, SPECTATOR)]
    assert all(view == (truth.how, truth.standing, truth.headline) for view in views)
    told = " ".join((*truth.standing, truth.headline))
    assert all(f"battle order {order}" in told for order in state.orders)
    cards = {card for hand in state.hands for card in hand.value}
    names = {RULES.data.cards[card].name for card in cards}
    assert cards and not any(name in told for name in names)
