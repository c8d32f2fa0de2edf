"""Armada's forms on the web table read as words: each field captioned and hinted in words
(no ``q``/``r``, no ``int``), each form starting on a legal example of its own kind (the
officers' Order form never on a role change's officer with another's order), and the odds
panel's options in words (no ``False``)."""

from __future__ import annotations

from typing import Any

from warbench.core.engine import Game
from warbench.core.registry import ruleset
from warbench.server.lobby import ruleset_info
from warbench.server.snapshot import snapshot

CODE_WORDS = {"int", "str", "bool", "q", "r", "False", "True", "None"}


def _spaces(game: Game[Any, Any], seat: int) -> list[dict[str, Any]]:
    return [space for decision in snapshot(game, seat)["decisions"]
            for space in decision["spaces"]]


def test_the_armada_order_form_starts_legal_with_fields_in_words() -> None:
    rules = ruleset("armada")
    for seed in range(4):
        game = Game.new(rules, seed=seed, players=2)
        seat = game.pending()[0].player
        order = next(s for s in _spaces(game, seat) if s["type"] == "armada-order")
        for field in order["fields"]:
            assert field["caption"] not in CODE_WORDS and field["hint"] not in CODE_WORDS
        captions = [field["caption"] for field in order["fields"]]
        assert "debris hex: column" in captions and "q" not in captions
        start = order["start"]
        assert start is not None and start["type"] == "armada-order"
        action = rules.codec.decode(start)
        assert game.check(seat, action) is None, (seed, start)


def test_armada_odds_panel_options_read_in_words() -> None:
    info = ruleset_info(ruleset("armada"))
    for attack in info["attacks"].values():
        for option in attack["options"]:
            assert option["default"] not in ("False", "True"), option
            assert "_" not in option["caption"], option
