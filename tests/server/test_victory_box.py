"""How the game is won and its standing, sent beside the board (``Ruleset.victory``): every
ruleset's table sends it to every seat and to spectators, and the replay viewer at each
step; a ruleset that says nothing sends none."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.duel import Duel
from tests.rulesets.armada.test_victory_text import WING, _wing_beaten
from tests.server.helpers import create, state
from warbench.core.agents import RandomAgent
from warbench.core.engine import Game
from warbench.core.match import play_match
from warbench.core.registry import ruleset
from warbench.server.snapshot import SPECTATOR, snapshot

#: Each ruleset, the rule its end names, and how its standing's headline starts.
BOXES = (
    ("dystopian-wars", "(DW-END-TURNS)", "Turn 1 of 6"),
    ("full-thrust", "(FT-END-TURNS)", "Turn 1 of 12"),
    ("armada", "(ARM-END-LIMIT)", "Round 1 of 10"),
    ("hordes", "(HOR-TURN-LIMIT)", "Round 1 of 7"),
    ("robogear", "(RG-ROUND-LIMIT)", "Round 0 of 8"),
)


@pytest.mark.parametrize(("ruleset_id", "rule", "headline"), BOXES,
                         ids=[row[0] for row in BOXES])
def test_every_seat_and_spectator_is_told_how_the_game_is_won(
    client: TestClient, ruleset_id: str, rule: str, headline: str
) -> None:
    """DW-END-TURNS, FT-END-TURNS, ARM-END-LIMIT, HOR-TURN-LIMIT, RG-ROUND-LIMIT (USERS
    journeys 1, 2 and 7): each seat of a new game and its spectator get the box: the rules
    a sentence each (the limit among them), the standing a line each, and its headline."""
    game = create(client, ruleset_id, [{"kind": "person"}] * 2)
    for link in (game["spectator"], *(seat["link"] for seat in game["seats"])):
        victory = state(client, game["id"], link)["victory"]
        assert any(rule in sentence for sentence in victory["how"]), victory["how"]
        assert victory["standing"][0].startswith(headline), victory["standing"]
        assert victory["headline"].startswith(headline), victory["headline"]


def test_the_replay_viewer_tells_the_standing_at_each_step(client: TestClient) -> None:
    """FT-END-TURNS in the replay viewer: each step's frame holds the box as its viewer
    saw it then."""
    result = play_match(ruleset("full-thrust"), [RandomAgent(1), RandomAgent(2)], seed=4,
                        max_decisions=12)
    loaded = client.post("/api/replays", content=result.journal.dumps().encode()).json()
    for step, seat in ((0, ""), (12, "?seat=1")):
        frame = client.get(f"/api/replays/{loaded['id']}/{step}{seat}").json()
        assert frame["victory"]["headline"].startswith("Turn 1 of 12 · points: ")
        assert "(FT-END-FLEET)" in frame["victory"]["how"][1]


def test_a_ruleset_that_says_nothing_sends_no_box() -> None:
    """A ruleset without ``victory`` (the test duel) sends ``None``: the page hides the box."""
    game = Game.new(Duel(), {}, seed=1, players=2)
    assert snapshot(game, 0)["victory"] is None


def test_arm_off_scan_the_box_a_seat_or_spectator_is_sent_holds_no_unscanned_build_point(
) -> None:
    """ARM-OFF-SCAN through the server: Red's seat and a spectator are sent the standing of
    Red's seat's own knowledge: the Wing Red beat but never scanned is named, its build
    points not counted, and what they are sent stays the same whatever the Wing truly
    costs; Blue, its owner, is sent them."""
    game = _wing_beaten()
    sent = {seat: snapshot(game, seat)["victory"] for seat in (0, 1, SPECTATOR)}
    assert "Red 9 · " in sent[0]["headline"]
    game.state.fleets[WING].cost = 99  # type: ignore[attr-defined]
    for seat in (1, SPECTATOR):
        assert snapshot(game, seat)["victory"] == sent[seat]
        assert "Red ? (1 fleet not scanned)" in sent[seat]["headline"]
    assert "Red 99 · " in snapshot(game, 0)["victory"]["headline"]
