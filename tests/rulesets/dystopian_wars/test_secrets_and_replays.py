"""Hidden hands for search, and journals of older rules versions refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.core.engine import Game
from warbench.core.journal import Journal
from warbench.core.plain import REDACTED
from warbench.core.replay import ReplayMismatch, replay
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


def test_a_journal_of_an_older_rules_version_is_refused_naming_both_versions() -> None:
    """DW-REPLAY: a commodore mirror recorded with rules version 0.1 (before the issue 12
    rule fixes changed how models turn, touch and board) is refused with a message that
    leads with both versions, not a bare hash error."""
    journal = Journal.load(OLD_JOURNAL)
    assert journal.version == "0.1" and RULES.version == "0.21"
    with pytest.raises(ReplayMismatch) as caught:
        replay(journal)
    message = str(caught.value)
    assert message.startswith(
        "journal written by dystopian-wars 0.1, replayed with 0.21: the rules changed between "
        "these versions, so this journal replays only with version 0.1 ("
    )
