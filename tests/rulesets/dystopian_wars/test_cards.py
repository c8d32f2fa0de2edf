"""STAR cards: hidden hands, turn cards laid face down, countering, reactions, the end phase."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    model,
    owed,
    play,
    refresh,
    scripted,
    setup,
    squadron,
    state,
    texts,
)
from warbench.core.engine import Game, IllegalAction
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Command,
    Decline,
    Discard,
    Fire,
    Move,
    PlayCard,
)
from warbench.rulesets.dystopian_wars.attack_rolls import squadron_card_dice
from warbench.rulesets.dystopian_wars.boarding_rules import boarding_bonus
from warbench.rulesets.dystopian_wars.cards import entitlement
from warbench.rulesets.dystopian_wars.command import take_test
from warbench.rulesets.dystopian_wars.gunnery import Gunnery
from warbench.rulesets.dystopian_wars.repairs import Repairs
from warbench.rulesets.dystopian_wars.state import CardPlay

DUEL = setup(
    [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
     squadron("britannia-escort", (10.0, 6.0, 0.0), (13.0, 6.0, 0.0))],
    [squadron("prussia-battleship", (36.0, 26.0, 180.0), name="Kaiserin")],
    cards=True,
)

#: Three cruisers, the third 20 inches from the pair: out of command when they activate.
SPLIT = setup(
    [squadron("britannia-cruiser", (20.0, 10.0, 0.0), (23.0, 10.0, 0.0), (50.0, 10.0, 0.0))],
    [squadron("prussia-battleship", (36.0, 40.0, 180.0))],
    cards=True,
)


def split_with_card(card: str) -> Game:
    """The split squadron activated, the pair commanded, the straggler through its
    command test, and ``card`` played on the pair (not countered)."""
    game = scripted(SPLIT, [*P0_FIRST, *([6] * 40)])
    state(game).hands[0].value[:] = [card]
    state(game).hands[1].value[:] = []
    refresh(game)
    play(game, Activate(0), Command(0))
    assert PlayCard(card) in owed(game).options
    play(game, PlayCard(card), Decline())
    assert not model(game, 2).broken  # passed its command test: it may use cards
    return game


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


def test_dw_cards_hidden_a_seats_table_says_its_own_hand_and_only_how_many_others_hold(
) -> None:
    """DW-CARDS-HIDDEN (USERS journey 2): each seat's table says its own hand by name and
    how many cards the other player holds, never which; a spectator's says no hand. Walked
    in a referee game, a hand was told once, in the log line of the draw, and then only
    where a decision offered a card."""
    from warbench.server.snapshot import SPECTATOR, snapshot

    game = Game.new(DystopianWarsRuleset(), seed=4)
    data = game.ruleset.data  # type: ignore[attr-defined]
    hands = [hand.value for hand in state(game).hands]
    for seat in (0, 1):
        title = snapshot(game, seat)["scene"]["title"]
        assert title.startswith("Dystopian Wars, turn ")
        said = title.split("your hand: ")[1]
        own = {data.cards[key].name for key in hands[seat]}
        assert all(name in said for name in own)
        assert f"player {2 - seat} holds {len(hands[1 - seat])} cards" in said
        theirs_only = {data.cards[key].name for key in hands[1 - seat]} - own
        assert theirs_only and not any(name in title for name in theirs_only)
    assert "hand" not in snapshot(game, SPECTATOR)["scene"]["title"]


def test_the_cards_drawn_name_who_drew_them_and_only_the_drawer_sees_them() -> None:
    """DW-CARDS-HIDDEN, DW-CARDS-DRAW: the line telling which cards came names the player
    who drew them and the cards by name, so a view of every seat's events (a referee's,
    `warbench replay` without --player) tells the two hands apart; a seat sees its own
    hand's line only, a spectator neither."""
    from warbench.rulesets.dystopian_wars.events import OwnCards

    game = Game.new(DystopianWarsRuleset(), seed=4)
    cards = game.ruleset.data.cards  # type: ignore[attr-defined]
    hands = [state(game).hands[player].value for player in (0, 1)]
    lines = [e for e in game.events if isinstance(e, OwnCards)]
    for player, line in enumerate(lines):
        names = ", ".join(cards[card].name for card in line.cards)
        assert line.text == f"player {player + 1} draws {names}"
        assert sorted(line.cards) == sorted(hands[player])
        assert [e for e in game.events_for(player) if isinstance(e, OwnCards)] == [line]
    assert not [e for e in game.events if isinstance(e, OwnCards) and e.visible_to is None]


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
    assert "player 1 counters Full steam ahead with Sturginium dampener" in texts(game)
    assert game_state.in_play == []
    assert owed(game).prompt == "activate a squadron"


def test_a_reaction_card_cancels_hits() -> None:
    """DW-CARDS-R: when its model is attacked the defender may play an R card on it:
    deflector screens cancel 2 hits, and the roll names the card that stopped them (USERS
    journey 2: "2 by a card" left the person at the table asking which)."""
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
    assert rolled.endswith("3 hits (2 stopped by Deflector screens), 1 counts")


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
    declared = next(t for t in texts(game) if "fore turret fires at" in t)
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


def test_dw_cards_s_flank_speed_moves_only_the_commanded_part() -> None:
    """DW-CARDS-S: an S card reaches the squadron's commanded models only (seed l.224: a
    ship out of command distance gets nothing of it). Flank speed lets the commanded pair
    move 10 inches on MV 8; the cruiser out of command keeps its 8 (before 0.7 it moved 10
    as well)."""
    game = split_with_card("flank-speed")
    play(game, Move(0, (10.0,)), Move(1, (10.0,)), CeaseFire())
    assert owed(game).prompt.startswith("move")
    with pytest.raises(IllegalAction, match="more than the 8 allowed"):
        game.apply(0, Move(2, (10.0,)))
    play(game, Move(2, (8.0,)))
    assert (model(game, 0).y, model(game, 1).y, model(game, 2).y) == (20.0, 20.0, 18.0)


@pytest.mark.parametrize("card", ["concentrated-salvo", "marines-ready",
                                  "damage-control-parties", "iron-discipline"])
def test_dw_cards_s_an_s_card_gives_the_model_out_of_command_nothing(card: str) -> None:
    """DW-CARDS-S: the attack dice, assault points, repair rolls and test pass of an S
    card played on the commanded pair reach the pair, not the cruiser out of command
    (before 0.7 every model of the squadron had them)."""
    game = split_with_card(card)
    game_state, data = state(game), RULES.data
    pair, straggler = model(game, 0), model(game, 2)
    if card == "concentrated-salvo":
        assert (squadron_card_dice(game_state, data, pair),
                squadron_card_dice(game_state, data, straggler)) == (2, 0)
    elif card == "marines-ready":
        assert (boarding_bonus(game_state, data, pair),
                boarding_bonus(game_state, data, straggler)) == (2, 0)
    elif card == "damage-control-parties":
        assert (Repairs.allowed(game_state, data, pair),
                Repairs.allowed(game_state, data, straggler)) == (2, 1)
    else:
        assert take_test(game, "bravery", [pair], detached=False, label="bravery test")
        assert take_test(game, "bravery", [straggler], detached=True, label="bravery test")
        passed = [e.data for e in game.events if e.kind == "test_passed"][-2:]
        assert [tuple(e["faces"]) for e in passed] == [(), (6, 6)]  # the straggler's 2D6


def test_dw_cards_a_a_model_out_of_command_may_take_the_a_card() -> None:
    """DW-CARDS-A: an A card may go on any model of the activated squadron that has no
    break marker, in command or not (seed l.228 bars only a squadron that took an S card
    and a second A card; l.261 a broken model). The cruiser out of command that passed its
    command test is offered Master gunner and its attack rolls 3 more dice; one that failed
    its test is broken and is not offered it (before 0.7 only the commanded pair was)."""
    game = scripted(SPLIT, [*P0_FIRST, *([6] * 40)])
    state(game).hands[0].value[:] = ["master-gunner"]
    state(game).hands[1].value[:] = []
    refresh(game)
    play(game, Activate(0), Command(0))
    assert [o.model for o in owed(game).options if isinstance(o, PlayCard)] == [0, 1, 2]
    play(game, PlayCard("master-gunner", 2), Decline())
    play(game, Move(0, (2.0,)), Move(1, (2.0,)), CeaseFire(), Move(2, (8.0,)))
    play(game, Fire(((2, "turret"),), 3))
    gunnery = state(game).stack[-1]
    assert isinstance(gunnery, Gunnery) and gunnery.attacks[0].bonus == 3

    game = scripted(SPLIT, [*P0_FIRST, *([1] * 40)])  # the straggler fails its test
    state(game).hands[0].value[:] = ["master-gunner"]
    refresh(game)
    play(game, Activate(0), Command(0))
    assert model(game, 2).broken
    assert [o.model for o in owed(game).options if isinstance(o, PlayCard)] == [0, 1]


def test_dw_cards_s_texts_promise_what_the_engine_gives() -> None:
    """DW-CARDS-S, DW-CARDS-DECK: an S card's text names the commanded models it reaches
    (seed l.224), and Iron discipline promises no pass at a command test, which is rolled
    before any card is played (a model failing it may use none, l.261): before 0.7 its
    text promised one."""
    s_cards = [card for card in RULES.data.cards.values() if card.kind == "S"]
    assert s_cards and all("commanded" in card.text for card in s_cards)
    iron = RULES.data.cards["iron-discipline"]
    assert "bravery" in iron.text and "command test" not in iron.text
    assert "command and" not in iron.text


def test_dw_cards_an_attack_says_which_cards_changed_its_dice() -> None:
    """DW-CARDS-A, DW-CARDS-S, DW-CARDS-T (USERS journey 2): the declaration names the A
    card that adds dice, and the roll says why it has more or fewer dice than declared:
    the A card's, the S card's (Concentrated salvo) and a fog card halving them beyond band
    2 (Sea mist). Walked in a referee game, an attack declared with 2 dice rolled 4 with
    nothing said of the card that added them."""
    game = scripted(setup(
        [squadron("britannia-battleship", (20.0, 10.0, 0.0), name="Dauntless")],
        [squadron("prussia-battleship", (20.0, 40.0, 180.0), name="Kaiserin")],
    ), [*P0_FIRST, *[1] * 30])
    play(game, Activate(0), Move(0, (2.0,)))
    state(game).in_play += [CardPlay("master-gunner", 0, model=0, until="activation"),
                            CardPlay("concentrated-salvo", 0, squadron=0, reach=[0]),
                            CardPlay("sea-mist", 1)]
    play(game, Fire(((0, "fore turret"),), 1), CeaseFire())
    lines = texts(game)
    declared = next(line for line in lines if line.startswith("Dauntless's fore turret fires"))
    gunner, salvo = RULES.data.cards["master-gunner"], RULES.data.cards["concentrated-salvo"]
    dice = int(declared.split(": ")[1].split()[0])
    assert f" and {gunner.value} more dice from Master gunner, hitting on" in declared
    band = int(declared.split(" in band ")[1][0])
    assert band >= 3
    rolled = next(line for line in lines if line.startswith("Dauntless rolls"))
    total = (dice + gunner.value + salvo.value) // 2
    assert rolled.startswith(
        f"Dauntless rolls {total} dice ({dice} declared; {gunner.value} more from the action"
        f" card it was declared with; {salvo.value} more from Concentrated salvo; halved by"
        f" Sea mist in band {band}) at Kaiserin")
