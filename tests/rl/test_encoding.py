"""The observation encoding: what a seat knows reaches its vector, what it may not see never
does, and docs/agents.md's slot table is the code's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import warbench.rl
from warbench.core.engine import Game
from warbench.core.registry import ruleset
from warbench.rl.encoding import (
    ENCODING,
    HEADER,
    SIZE,
    ObservationOverflow,
    encode,
    numeric_leaves,
    term_codes,
    view_layout,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "agents.md"


def _vector(game: Game[Any, Any], seat: int) -> np.ndarray:
    observation = game.observe(seat)
    return encode(observation, observation.decisions, 0, 4096)


def test_a_seats_own_cards_are_in_its_vector_and_the_others_are_not() -> None:
    """docs/agents.md: Dystopian Wars' hands are slots 24-28, the seat's own cards; a card
    is its index in the ruleset's deck, so another hand is another vector, while the other
    seat, which may not see the hand, gets the very same vector."""
    game = Game.new(ruleset("dystopian-wars"), seed=1)
    hand = game.state.hands[0].value
    cards = list(game.ruleset.observation_terms())
    before = [_vector(game, seat) for seat in (0, 1)]
    assert [before[0][24 + k] for k in range(3, 8)] == [cards.index(c) + 1 for c in hand]
    hand[:] = ["full-steam"] * len(hand)
    after = [_vector(game, seat) for seat in (0, 1)]
    assert not np.array_equal(before[0], after[0])
    assert np.array_equal(before[1], after[1])


def test_the_environment_names_the_encoding_it_gives() -> None:
    assert warbench.rl.env("hordes").metadata["name"] == f"warbench_v{ENCODING}" == "warbench_v1"


def test_a_view_too_large_for_the_vector_is_an_error_naming_the_size_it_needs() -> None:
    """Nothing is cut off silently: a four-player Dystopian Wars table opens with more
    numbers than 1536 slots (the old default) hold."""
    env = warbench.rl.env("dystopian-wars", players=4, observation_size=1536)
    env.reset(seed=1)
    with pytest.raises(ObservationOverflow, match=r"dystopian-wars: player \d's view has 2\d{3}"
                       r" numbers, more than the 1528 slots after the header: make"
                       r" observation_size at least 2\d{3}"):
        env.observe(env.agent_selection)


ROWS = [("full-thrust", 2), ("hordes", 2), ("dystopian-wars", 2), ("armada", 2),
        ("robogear", 2)]


def _opening(ruleset_id: str, players: int) -> tuple[Game[Any, Any], dict[str, Any]]:
    rules = ruleset(ruleset_id)
    setup = None if players == rules.min_players else rules.default_setup_with([], players)
    game = Game.new(rules, setup, seed=1, players=players)
    return game, game.view(0)


def _layout_row(ruleset_id: str, players: int) -> str:
    game, view = _opening(ruleset_id, players)
    at, parts = HEADER, []
    for key, count in view_layout(view, term_codes(game.ruleset)):
        if count:
            parts.append(f"{key} {at}" if count == 1 else f"{key} {at}-{at + count - 1}")
            at += count
    name = f"`{ruleset_id}`" + (" (2 seats)" if ruleset_id == "robogear" else "")
    return f"| {name} | {at} | {'; '.join(parts)} |"


def _size_row(ruleset_id: str) -> str:
    rules = ruleset(ruleset_id)
    sizes = [
        str(HEADER + len(numeric_leaves(_opening(ruleset_id, players)[1],
                                        term_codes(rules))))
        if rules.min_players <= players <= rules.max_players else "-"
        for players in (2, 3, 4)
    ]
    return f"| `{ruleset_id}` | {' | '.join(sizes)} |"


def test_the_slot_tables_of_docs_agents_md_are_the_codes() -> None:
    """docs/agents.md's slot layout and opening sizes, worked out here from the code: a
    change of the view or the encoding that moves a slot fails this until the doc says so."""
    doc = DOCS.read_text()
    for ruleset_id, players in ROWS:
        row = _layout_row(ruleset_id, players)
        assert row in doc, f"docs/agents.md should have the row\n{row}"
    for ruleset_id, _ in ROWS:
        row = _size_row(ruleset_id)
        assert row in doc, f"docs/agents.md should have the row\n{row}"
        assert all(int(size) <= SIZE for size in row.split(" | ")[1:4] if size.isdigit())
    assert f"The default `observation_size` ({SIZE})" in doc
