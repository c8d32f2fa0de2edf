"""STAR cards: hidden hands, turn cards laid face down, countering, reactions, the end phase."""

from __future__ import annotations

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    owed,
    play,
    refresh,
    scripted,
    setup,
    squadron,
    state,
    texts,
)
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Decline,
    Discard,
    Fire,
    Move,
    PlayCard,
)
from warbench.rulesets.dystopian_wars.cards import entitlement

DUEL = setup(
    [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
     squadron("britannia-escort", (10.0, 6.0, 0.0), (13.0, 6.0, 0.0))],
    [squadron("prussia-battleship", (36.0, 26.0, 180.0), name="Kaiserin")],
    cards=True,
)


def test_opening_hands_are_dealt_and_hidden() -> None:
    """DW-CARDS-DRAW, DW-CARDS-HIDDEN: one card per squadron deployed, leaving out escorts
    and wings, at most 5; a player's view never shows another player's hand.
    Also shows DW-CARDS-LOSS, DW-CARDS-OWN-DECK.
    """
    game = Game.new(DystopianWarsRuleset(), seed=4)
    game_state = state(game)
    # the 1000-point demo fleets deploy seven squadrons each besides their wings: 5 cards
    assert [len(hand.value) for hand in game_state.hands] == [5, 5]
    view = game.view(0)
    assert view["hands"][1] == {"hidden": True, "owner": 1}
    assert view["hands"][0]["value"] == game_state.hands[0].value
    assert view["decks"][0] == {"hidden": True, "owner": -1}
    data = game.ruleset.data  # type: ignore[attr-defined]
    duel = scripted(DUEL, [])
    assert entitlement(state(duel), data, 0) == 1


def test_turn_cards_are_laid_together_and_may_be_countered() -> None:
    """DW-CARDS-T, DW-CARDS-COUNTER, DW-CARDS-TRASH: both players lay a T card face down
    at once; once revealed, each may be countered by a counter card of equal or higher
    sturginium; a level-3 counter trashes the card."""
    game = scripted(DUEL, P0_FIRST)
    game_state = state(game)
    game_state.hands[0].value[:] = ["seize-the-moment", "sturginium-dampener"]
    game_state.hands[1].value[:] = ["full-steam", "sturginium-annihilator"]
    refresh(game)
    assert sorted(d.player for d in game.pending()) == [0, 1]
    game.apply(0, PlayCard("seize-the-moment"))
    assert game.view(1)["stack"][-1]["chosen"][0] == {"hidden": True, "owner": 0}
    game.apply(1, PlayCard("full-steam"))
    assert owed(game).player == 0 and PlayCard("sturginium-dampener") in owed(game).options
    play(game, PlayCard("sturginium-dampener"))
    assert owed(game).player == 1
    play(game, PlayCard("sturginium-annihilator"))
    assert game_state.trashed[0] == ["seize-the-moment"]
    assert "player 0 counters Full steam ahead with Sturginium dampener" in texts(game)
    assert game_state.in_play == []
    assert owed(game).prompt == "activate a squadron"


def test_a_reaction_card_cancels_hits() -> None:
    """DW-CARDS-R: when its model is attacked the defender may play an R card on it:
    deflector screens cancel 2 hits."""
    game = scripted(DUEL, [*P0_FIRST, 5, 5, 5, 1, 1, 1, 1, 1, 1])
    game_state = state(game)
    game_state.hands[0].value[:] = []
    game_state.hands[1].value[:] = ["deflector-screens"]
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "fore turret"),), 3), CeaseFire())
    decision = owed(game)
    assert decision.player == 1 and PlayCard("deflector-screens", 3) in decision.options
    play(game, PlayCard("deflector-screens", 3))
    assert owed(game).player == 0 and owed(game).options == (Decline(),)  # asked, no counter
    play(game, Decline())
    rolled = next(t for t in texts(game) if t.startswith("Sovereign rolls"))
    assert "3 hits (2 by a card), 1 count" in rolled


def test_a_reaction_card_that_changes_the_number_needed_says_the_new_number() -> None:
    """DW-CARDS-R: hard to port makes the attack need one more to hit; the roll's line says
    the number it now needs (the declaration said the old one), so a referee can check the
    typed dice: 6, 5 and 4 under 4+ would be 4 hits, under 5+ they are 3."""
    game = scripted(DUEL, [*P0_FIRST, 6, 5, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    game_state = state(game)
    game_state.hands[0].value[:] = []
    game_state.hands[1].value[:] = ["hard-to-port"]
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "fore turret"),), 3), CeaseFire())
    declared = next(t for t in texts(game) if "fore turret fire at" in t)
    assert declared.endswith("7 dice in band 2, hitting on 4+")
    play(game, PlayCard("hard-to-port", 3), Decline())
    rolled = next(t for t in texts(game) if t.startswith("Sovereign rolls"))
    assert "Sovereign rolls 7 dice at Kaiserin, now hitting on 5+ (Hard to port): 3 hits" in rolled


def test_end_phase_discard_and_draw_back_up() -> None:
    """DW-CARDS-END: in the end phase a player may discard, then draws back up to what
    their squadrons allow.
    Also shows DW-END-PHASE.
    """
    game = scripted(DUEL, [*P0_FIRST, *P0_FIRST])
    game_state = state(game)
    game_state.hands[0].value[:] = ["flank-speed"]
    game_state.hands[1].value[:] = []
    refresh(game)
    play(game, Activate(0), Decline(), Move(0, (2.0,)), CeaseFire())
    play(game, Activate(2), Move(3, (2.0,)), CeaseFire())
    play(game, Activate(1), Decline(), Move(1, (2.0,)), Move(2, (2.0,)), CeaseFire())
    assert owed(game).prompt == "discard a card, or keep your hand"
    play(game, Discard("flank-speed"))
    assert len(game_state.hands[0].value) == 1
    assert game_state.discards[0] == ["flank-speed"]


def test_dw_cards_end_an_empty_deck_takes_back_the_discards_before_drawing() -> None:
    """DW-CARDS-END, DW-CARDS-OWN-DECK (engine default): a player whose deck has run out
    shuffles their discards (the card discarded this end phase too) back into it and draws
    from them; the other player's discards are not touched."""
    game = scripted(DUEL, [*P0_FIRST, *P0_FIRST])
    game_state = state(game)
    game_state.hands[0].value[:] = ["flank-speed"]
    game_state.hands[1].value[:] = []
    game_state.decks[0].value[:] = []
    game_state.discards[0][:] = ["sea-mist"]
    game_state.discards[1][:] = ["master-gunner"]
    refresh(game)
    play(game, Activate(0), Decline(), Move(0, (2.0,)), CeaseFire())
    play(game, Activate(2), Move(3, (2.0,)), CeaseFire())
    play(game, Activate(1), Decline(), Move(1, (2.0,)), Move(2, (2.0,)), CeaseFire())
    play(game, Discard("flank-speed"))
    hand, deck = game_state.hands[0].value, game_state.decks[0].value
    assert len(hand) == 1 and sorted(hand + deck) == ["flank-speed", "sea-mist"]
    assert game_state.discards == [[], ["master-gunner"]]
