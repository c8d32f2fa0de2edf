"""A bot seat with options, as the command line takes them (``search:ms=500``): the lobby
offers the search bot's strengths, the server reads the options with the command line's
parser, refuses a bad one naming the seat, and the game keeps them through a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import create
from warbench.core.botspec import BadBotSpec
from warbench.core.registry import ruleset
from warbench.core.search.bot import SearchFactory
from warbench.core.search.budget import Budget
from warbench.server.app import create_app
from warbench.server.lobby import MAX_SEARCH_MS, seat_bot

CHEAP = "search:iterations=1,depth=2,width=2"


def _budget(client: TestClient, game_id: str, seat: int) -> Budget:
    """The budget of the search bot that plays ``seat`` of a live game."""
    room = client.app.state.hub.room(game_id)  # type: ignore[attr-defined]
    budget: Budget = room.session.bots[seat].budget
    return budget


def _seats(client: TestClient, game_id: str) -> list[dict[str, Any]]:
    """A game's seats as the lobby's list of games shows them."""
    listed = {game["id"]: game for game in client.get("/api/games").json()}
    seats: list[dict[str, Any]] = listed[game_id]["seats"]
    return seats


def test_the_lobby_names_the_search_bots_strengths_and_each_is_a_budget_the_bot_takes(
    client: TestClient,
) -> None:
    """Every ruleset offers its search bot's quick, default and strong budgets, and each
    is options its own search bot accepts; a bot that takes no options is offered none."""
    for info in client.get("/api/rulesets").json():
        assert set(info["bot_options"]) == {"search"}, info["id"]
        strengths = info["bot_options"]["search"]["strengths"]
        assert strengths == {"quick": "ms=100", "default": "", "strong": "ms=2000"}
        for options in strengths.values():
            seat_bot(ruleset(info["id"]), f"search:{options}" if options else "search")


def test_a_bot_seat_plays_the_bot_with_the_options_given_and_the_lobby_lists_them(
    client: TestClient,
) -> None:
    game = create(client, "hordes", [{"kind": "person"}, {"kind": "bot", "bot": CHEAP}])
    budget = _budget(client, game["id"], 1)
    assert (budget.iterations, budget.depth, budget.width) == (1, 2, 2)
    assert _seats(client, game["id"])[1] == {"kind": "bot", "bot": CHEAP}


def test_a_bad_bot_option_is_refused_naming_the_seat_and_the_option_and_nothing_is_made(
    client: TestClient,
) -> None:
    for bot, problem in (
        ("search:foo=1", "player 2: bot 'search' has no option 'foo' (options: iterations, ms,"),
        ("search:ms=fast", "player 2: bot 'search': ms='fast' is not a number"),
        ("random:ms=100", "player 2: bot 'random' of hordes takes no options"),
        ("os:getcwd", "player 2: hordes has no bot 'os' (bots: warlock, random, search)"),
    ):
        response = client.post("/api/games", json={
            "ruleset": "hordes", "seats": [{"kind": "person"}, {"kind": "bot", "bot": bot}]})
        assert response.status_code == 422, bot
        assert response.json()["detail"] == "the seats cannot be filled"
        (said,) = response.json()["problems"]
        assert said.startswith(problem), said
    assert client.get("/api/games").json() == []


def test_a_search_bot_seated_by_the_lobby_thinks_at_most_ten_seconds_a_decision() -> None:
    """A game a visitor makes cannot hold a server thread for hours: a search seat asking
    more than ``MAX_SEARCH_MS`` a decision is refused naming the limit, and every search
    seat, with a budget in worlds or the ruleset's own, stops by it (a budget that finishes
    sooner plays as on the command line)."""
    hordes = ruleset("hordes")
    with pytest.raises(BadBotSpec) as refused:  # the lobby's refusal names the seat before it
        seat_bot(hordes, "search:ms=3600000")
    assert str(refused.value) == (
        "bot 'search' option 'ms': at most 10000 on the web table (asked 3.6e+06)")
    for bot in ("search:iterations=100000", "search", "search:ms=10000"):
        factory = seat_bot(hordes, bot)
        assert isinstance(factory, SearchFactory) and factory.budget.ms == MAX_SEARCH_MS, bot
    assert seat_bot(hordes, "search:ms=150").budget.ms == 150  # type: ignore[attr-defined]
    assert seat_bot(hordes, "search:iterations=100000").budget.iterations == 100000  # type: ignore[attr-defined]


def test_a_bots_options_survive_a_restart_of_the_server(db: Path) -> None:
    bot = "search:iterations=1,ms=150,depth=2"
    with TestClient(create_app(db)) as client:
        game = create(client, "hordes", [{"kind": "person"}, {"kind": "bot", "bot": bot}])
    with TestClient(create_app(db)) as client:
        budget = _budget(client, game["id"], 1)
        assert (budget.iterations, budget.ms, budget.depth) == (1, 150, 2)
        assert _seats(client, game["id"])[1] == {"kind": "bot", "bot": bot}
