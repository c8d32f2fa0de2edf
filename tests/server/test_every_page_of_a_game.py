"""Every page the web table sends while a game is played can be built: at each step of a
seeded game of each ruleset (its heuristic bot against random play), each seat owed a
decision is sent its snapshot (the table, the forms, each option's words and exact odds)
and, at the end, every seat and the spectator theirs, each as JSON. A page that cannot be
built is a request that fails and a table that stands still (a HORDES AOE out of range broke
every such page once, where only a direct hit's template covered a model)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from warbench.core.botspec import make_bot
from warbench.core.catalog import parse_toml
from warbench.core.engine import Game
from warbench.core.list_reading import read_list
from warbench.core.match import play_next_decision
from warbench.core.registry import ruleset
from warbench.server.snapshot import SPECTATOR, seat_units, snapshot

#: At most this many decisions of each game (whole games: a Dystopian Wars one is about 800).
STEPS = 1500


def _hordes_lists() -> dict[str, Any]:
    """The shipped Ashen lists against each other (the set-up that found the AOE case)."""
    rules = ruleset("hordes")
    folder = Path(rules.shipped_data or ".") / "lists"
    armies = [read_list(parse_toml((folder / f"{name}.toml").read_text(), name), name).army
              for name in ("ashen-hask", "ashen-vesk")]
    return rules.setup_for(armies, "standard")


#: (ruleset, its heuristic bot, set-up: None for the default, seed)
GAMES = [
    ("dystopian-wars", "commodore", None, 3),
    ("armada", "tactician", None, 3),
    ("full-thrust", "admiral", None, 3),
    ("hordes", "warlock", "ashen lists", 0),
    ("robogear", "commander", None, 3),
]


def _pages(game: Game[Any, Any], seats: list[int]) -> None:
    for seat in seats:
        page = snapshot(game, seat, units=seat_units(game, seat))
        json.dumps(page, allow_nan=False)
        if seat != SPECTATOR:
            assert len(page["decisions"]) == len(
                [d for d in game.pending() if d.player == seat])


@pytest.mark.parametrize(("ruleset_id", "bot", "setup", "seed"), GAMES,
                         ids=[game[0] for game in GAMES])
def test_every_page_a_seat_is_sent_during_a_game_can_be_built(
    ruleset_id: str, bot: str, setup: str | None, seed: int,
) -> None:
    rules = ruleset(ruleset_id)
    game = Game.new(rules, _hordes_lists() if setup else None, seed=seed)
    agents = [make_bot(rules, bot, seed), *(make_bot(rules, "random", seed + seat)
                                            for seat in range(1, game.state.players))]
    while not game.is_over and len(game.journal.entries) < STEPS:
        _pages(game, sorted({d.player for d in game.pending()}))
        play_next_decision(game, agents)
    _pages(game, [*range(game.state.players), SPECTATOR])
