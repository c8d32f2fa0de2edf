"""Hidden hands for search, and journals played before kernel 2 still replaying."""

from __future__ import annotations

from pathlib import Path

from warbench.core.engine import Game
from warbench.core.journal import Journal
from warbench.core.plain import REDACTED
from warbench.core.replay import replay
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.state import DWState

RULES = DystopianWarsRuleset()
OLD_JOURNAL = Path(__file__).parent / "data" / "kernel1-commodore-mirror-150.json"


def _opening(seed: int) -> Game[DWState, object]:
    game = Game.new(RULES, seed=seed, players=2)
    while not any(decision.player == 0 for decision in game.pending()):
        decision = game.pending()[0]
        game.apply(decision.player, CommodoreBot(seed).choose(game.observe(decision.player),
                                                               decision))
    return game  # type: ignore[return-value]


def test_unseen_cards_are_dealt_again_keeping_sizes_and_own_hand() -> None:
    """DW-CARDS-HIDDEN: a seat's observation hides the other hands and every deck; a
    sample deals them again from the cards those players may still hold, hands and decks
    keeping their sizes, the seat's own hand unchanged."""
    game = _opening(2)
    observed = game.observe(0).state
    assert observed.hands[1].value is REDACTED
    assert observed.decks[0].value is REDACTED
    true = game.state
    hands_seen = set()
    for seed in range(8):
        sample = game.observe(0).sample(seed).state
        assert sample.hands[0].value == true.hands[0].value
        assert [len(h.value) for h in sample.hands] == [len(h.value) for h in true.hands]
        assert [len(d.value) for d in sample.decks] == [len(d.value) for d in true.decks]
        assert sorted(sample.hands[1].value + sample.decks[1].value) == sorted(
            true.hands[1].value + true.decks[1].value
        )
        hands_seen.add(tuple(sample.hands[1].value))
    assert len(hands_seen) > 1


def test_commodore_chooses_alike_whatever_the_opponent_holds() -> None:
    """DW-CARDS-HIDDEN: the commodore bot answers the same when the opponent holds other
    cards (the opponent's hand redealt from its unseen cards)."""
    game = _opening(4)
    decision = next(d for d in game.pending() if d.player == 0)
    chosen = CommodoreBot(4).choose(game.observe(0), decision)
    for seed in range(4):
        other = game.observe(0).sample(seed)
        other.state.rng = game.state.rng.copy()
        twin = other.observe(0)
        assert twin.state.hands[1].value is REDACTED
        assert CommodoreBot(4).choose(twin, twin.decisions[0]) == chosen


def test_a_journal_of_the_first_kernel_replays_with_every_hash() -> None:
    """DW-REPLAY: a commodore mirror recorded before kernel 2 (typed events, stage enums,
    the shared roll-off, alternation and free movement) replays to the same state hashes."""
    journal = Journal.load(OLD_JOURNAL)
    game = replay(journal)
    assert game.hash() == journal.entries[-1].hash
