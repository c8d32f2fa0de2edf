"""Playing over HTTP and websockets: tokens, refusals, malformed and oversized input."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import Socket, auth, create, first_action, state, wait_for_decision
from warbench.core.actions import Action
from warbench.core.engine import Game
from warbench.server.app import create_app
from warbench.server.store import Store

PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def _journal_length(client: TestClient, game_id: str) -> int:
    room = client.app.state.hub.room(game_id)  # type: ignore[attr-defined]
    return len(room.session.journal.entries)


def test_an_action_without_the_right_token_is_refused_403_and_changes_nothing(
    client: TestClient,
) -> None:
    game = create(client, "full-thrust", PEOPLE)
    link = game["seats"][0]["link"]
    action = first_action(state(client, game["id"], link))
    for headers in ({}, {"Authorization": "Bearer wrong"}, auth(game["seats"][1]["link"] + "x")):
        response = client.post(
            f"/api/games/{game['id']}/actions", json={"action": action}, headers=headers
        )
        assert response.status_code == 403
    assert client.get(f"/api/games/{game['id']}/state").status_code == 403
    assert _journal_length(client, game["id"]) == 0
    accepted = client.post(
        f"/api/games/{game['id']}/actions", json={"action": action}, headers=auth(link)
    )
    assert accepted.status_code == 200 and accepted.json()["number"] == 1


def test_a_seat_cannot_act_for_another_seat(client: TestClient) -> None:
    game = create(client, "full-thrust", PEOPLE)
    other = first_action(state(client, game["id"], game["seats"][1]["link"]))
    response = client.post(
        f"/api/games/{game['id']}/actions",
        json={"action": other},
        headers=auth(game["seats"][0]["link"]),
    )
    assert response.status_code == 409 and "not a legal answer" in response.json()["reason"]
    assert _journal_length(client, game["id"]) == 0


def test_spectators_cannot_act(client: TestClient) -> None:
    game = create(client, "full-thrust", PEOPLE)
    action = first_action(state(client, game["id"], game["seats"][0]["link"]))
    response = client.post(
        f"/api/games/{game['id']}/actions", json={"action": action}, headers=auth(game["spectator"])
    )
    assert response.status_code == 403
    socket = Socket(client, game["id"], game["spectator"])
    socket.next_of("state")
    socket.send({"type": "act", "action": action})
    assert socket.next_of("error")["status"] == 403
    socket.close()


def test_malformed_http_bodies_get_a_clear_400(client: TestClient) -> None:
    game = create(client, "full-thrust", PEOPLE)
    url, headers = f"/api/games/{game['id']}/actions", auth(game["seats"][0]["link"])
    assert "not JSON" in client.post(url, content=b"{oops", headers=headers).json()["detail"]
    assert client.post(url, json={"nope": 1}, headers=headers).status_code == 400
    bad = client.post(url, json={"action": {"type": "ft-orders", "ship": "x"}}, headers=headers)
    assert bad.status_code == 400 and "malformed action" in bad.json()["message"]
    big = client.post(url, content=b"[" + b"1," * 40_000 + b"1]", headers=headers)
    assert big.status_code == 413
    assert _journal_length(client, game["id"]) == 0


def test_a_wrong_websocket_token_is_refused_and_closed(client: TestClient) -> None:
    game = create(client, "full-thrust", PEOPLE)
    with client.websocket_connect(f"/ws/{game['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "guess"}))
        reply = ws.receive_json()
        assert reply["status"] == 403 and reply["type"] == "error"


def test_a_link_to_no_game_says_so_not_wrong_token(client: TestClient) -> None:
    """A mistyped or cut-short link names the game it cannot find, over the socket as over
    HTTP, rather than blaming the token."""
    game = create(client, "full-thrust", PEOPLE)
    token = game["seats"][0]["link"].split("#", 1)[1]
    with client.websocket_connect("/ws/nosuchgame") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        reply = ws.receive_json()
    assert reply == {"type": "error", "status": 404,
                     "message": "no game 'nosuchgame' on this server: check the link"}
    assert client.get("/api/games/nosuchgame/state").status_code == 404


def test_malformed_and_oversized_messages_get_an_error_and_the_socket_stays_open(
    client: TestClient,
) -> None:
    game = create(client, "full-thrust", PEOPLE)
    socket = Socket(client, game["id"], game["seats"][0]["link"])
    snap = socket.next_of("state")
    for message, expected in (
        ("not json", "not JSON"),
        ('{"type": "dance"}', "unknown message type"),
        ("x" * 70_000, "too large"),
        ({"type": "act", "action": {"type": "warp"}}, "unknown action type"),
    ):
        socket.send(message)
        assert expected in socket.next_of("error")["message"]
    socket.send({"type": "act", "action": first_action(snap)})
    assert socket.next_of("accepted")["number"] == 1
    socket.close()


def test_an_illegal_action_is_refused_with_the_rules_reason(client: TestClient) -> None:
    """Journey 1: an order the drive cannot give is refused, checked or taken, over the
    socket or HTTP, with the rules' reason in words (FT-MOVE-CINEMATIC), not "is not a legal
    answer" to every ship's orders owed."""
    game = create(client, "full-thrust", PEOPLE)
    socket = Socket(client, game["id"], game["seats"][0]["link"])
    socket.next_of("state")
    order = {"type": "ft-orders", "ship": 0, "speed": 99, "turn": 0}
    reason = "the order needs 99 thrust but the drive gives"
    socket.send({"type": "check", "action": order})
    assert reason in socket.next_of("checked")["reason"]
    socket.send({"type": "act", "action": order})
    assert socket.next_of("refused")["reason"].startswith(reason)
    socket.close()
    refused = client.post(f"/api/games/{game['id']}/actions", json={"action": order},
                          headers=auth(game["seats"][0]["link"]))
    assert refused.status_code == 409 and refused.json()["reason"].startswith(reason)
    assert _journal_length(client, game["id"]) == 0


def test_bots_play_their_seats_from_their_observation(client: TestClient) -> None:
    game = create(client, "full-thrust", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    link = game["seats"][0]["link"]
    for _ in range(8):
        snap = wait_for_decision(client, game["id"], link)
        response = client.post(
            f"/api/games/{game['id']}/actions",
            json={"action": first_action(snap)},
            headers=auth(link),
        )
        assert response.status_code == 200, response.text
    assert _journal_length(client, game["id"]) > 8


def test_odds_are_answered_for_an_attack(client: TestClient) -> None:
    answer = client.post(
        "/api/rulesets/full-thrust/odds",
        json={"attack": "beam", "options": {"beam_class": 2, "range": 6}},
    ).json()
    assert answer["answer"]["mean"] > 0
    bad = client.post("/api/rulesets/full-thrust/odds", json={"attack": "laser"})
    assert bad.status_code == 400 and "no attack 'laser'" in bad.json()["detail"]


def test_each_attack_offered_comes_with_its_exact_odds_where_the_ruleset_answers(
    client: TestClient,
) -> None:
    game = create(client, "armada", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    link = game["seats"][0]["link"]
    for _ in range(80):
        snap = wait_for_decision(client, game["id"], link)
        fire = [
            option
            for decision in snap["decisions"]
            for option in decision["options"]
            if option["action"]["type"] == "armada-fire"
        ]
        if fire:
            break
        client.post(
            f"/api/games/{game['id']}/actions",
            json={"action": first_action(snap)},
            headers=auth(link),
        )
    assert fire, "no attack was offered"
    odds = fire[0]["odds"]
    assert odds["outcome"] == "hull damage" and odds["mean"] >= 0
    assert (
        abs(sum(odds["outcomes"][name] for name in ("miss", "shields only", "hull damage")) - 1)
        < 1e-9
    )
    holds = [o for d in snap["decisions"] for o in d["options"] if "odds" not in o]
    assert holds  # holding fire declares no attack: no odds


def pause_the_bots_move(
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[threading.Event, threading.Event]:
    """Make seat 1's first move, once acted on and before the game advances past it, set
    the first event and wait (in the server's thread, holding the room's lock) for the
    second: a move half-way through, as another request may meet it."""
    paused, resume = threading.Event(), threading.Event()
    real_apply, real_advance = Game.apply, Game._advance
    bots_move = threading.local()

    def apply(game: Game, player: int, action: Action) -> list:
        bots_move.on = player == 1
        try:
            return real_apply(game, player, action)
        finally:
            bots_move.on = False

    def advance(game: Game) -> None:  # the bot's move is acted on, not yet advanced
        if getattr(bots_move, "on", False) and not paused.is_set():
            paused.set()
            resume.wait(10)
        real_advance(game)

    monkeypatch.setattr(Game, "apply", apply)
    monkeypatch.setattr(Game, "_advance", advance)
    return paused, resume


def test_a_seats_state_is_never_read_half_way_through_a_bots_move(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/play.md, every change to a game takes its room's lock: GET .../state waited for
    none, so a page or script polling it while a bot's move was applied (in a thread) could
    be sent a state that never was (the move half done: its decisions, not its log), in
    referee mode a move rolled back the moment it asked for dice. It waits for the move."""
    paused, resume = pause_the_bots_move(monkeypatch)
    game = create(client, "full-thrust", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    got: list[dict] = []
    try:
        assert paused.wait(10), "the bot never moved"
        reader = threading.Thread(target=lambda: got.append(
            state(client, game["id"], game["seats"][0]["link"])))
        reader.start()
        reader.join(1.0)
        assert not got, "the state was read half-way through the bot's move"
    finally:
        resume.set()
    reader.join(10)
    assert got and got[0]["step"] >= 1  # read once the move was in


def test_a_one_screen_link_finds_the_person_to_act_between_moves_not_half_way_through_one(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/play.md, one screen for all people: the link acts as whichever person owes the
    decision now. Which person that is was worked out without the room's lock, so a request
    made while a bot's move was applied (in a thread) read the game half-way through it.
    It is worked out once the move is in."""
    from warbench.server.session import GameSession

    paused, resume = pause_the_bots_move(monkeypatch)
    real_screen_seat = GameSession.screen_seat
    read_mid_move: list[bool] = []

    def screen_seat(session: GameSession, previous: int | None) -> int:
        read_mid_move.append(paused.is_set() and not resume.is_set())
        return real_screen_seat(session, previous)

    monkeypatch.setattr(GameSession, "screen_seat", screen_seat)
    game = create(client, "full-thrust", [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                  one_screen=True)
    got: list[dict] = []
    try:
        assert paused.wait(10), "the bot never moved"
        read_mid_move.clear()
        reader = threading.Thread(target=lambda: got.append(
            state(client, game["id"], game["one_screen"])))
        reader.start()
        reader.join(1.0)
        assert not got and not any(read_mid_move), "the person to act was read mid-move"
    finally:
        resume.set()
    reader.join(10)
    assert got and not any(read_mid_move)


def test_a_move_sent_over_a_socket_closed_mid_move_is_finished_pushed_and_answered_by_bots(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A page closed (or its socket dropped) while its move was applied in a thread: the
    socket's handler is cancelled there, and the move was cancelled half-way with it. The
    room's lock was let go while the thread still applied the move (another request could
    read or change the game half-way through it), and the move, committed to the store, was
    never pushed to the seat's other pages nor the spectators, and the bots were never asked
    to answer it: the game stood still. The move is finished as if the page had stayed."""
    paused, resume = threading.Event(), threading.Event()
    real_apply = Game.apply

    def apply(game: Game, player: int, action: Action) -> list:
        if player == 0 and not paused.is_set():
            paused.set()
            resume.wait(10)
        return real_apply(game, player, action)

    game = create(client, "robogear", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    link = game["seats"][0]["link"]
    snap = wait_for_decision(client, game["id"], link)
    room = client.app.state.hub.room(game["id"])  # type: ignore[attr-defined]
    before = len(room.session.journal.entries)
    mover = Socket(client, game["id"], link)
    watcher = Socket(client, game["id"], game["spectator"])
    mover.next_of("state")
    watcher.next_of("state")
    monkeypatch.setattr(Game, "apply", apply)
    mover.send({"type": "act", "action": first_action(snap)})
    try:
        assert paused.wait(10), "the move never started"
        mover.close()  # the page goes away: its handler is cancelled mid-move
        assert room.lock.locked(), "the room's lock was let go half-way through the move"
    finally:
        resume.set()
    wait_for_decision(client, game["id"], link, timeout=10)  # the bot answered the move
    entries = room.session.journal.entries
    assert entries[before].player == 0  # the move is in
    assert any(entry.player == 1 for entry in entries[before + 1:]), "no bot answered it"
    assert watcher.next_of("state")["step"] == before + 1  # and was pushed to the spectator


def test_a_bots_move_under_way_when_the_server_stops_is_finished_and_stored_first(
    db: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server stopped while a bot's move was applied in a thread: the bot's task was
    cancelled there and let go of the room's lock while the thread still applied the move,
    and the store was closed under it, so the move was never stored. The server waits for
    the move, stores it, and only then closes the store."""
    paused, resume = pause_the_bots_move(monkeypatch)
    client = TestClient(create_app(db))
    client.__enter__()
    game = create(client, "full-thrust", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    room = client.app.state.hub.room(game["id"])  # type: ignore[attr-defined]
    held: list[bool] = []

    def look_then_resume() -> None:  # while the server stops
        time.sleep(1.0)
        held.append(room.lock.locked())
        resume.set()

    assert paused.wait(10), "the bot never moved"
    stopping = threading.Thread(target=look_then_resume)
    stopping.start()
    try:
        client.__exit__(None, None, None)
    finally:
        resume.set()
        stopping.join(10)
    assert held == [True], "the room's lock was let go half-way through the bot's move"
    stored = Store(db).load(game["id"])
    assert stored is not None
    assert [entry.player for entry in stored.journal.entries][:1] == [1], "the move was lost"


def test_a_bots_move_still_waiting_for_the_rooms_lock_when_the_server_stops_is_not_started(
    db: Path,
) -> None:
    """A bot whose move waits for the room's lock (held by a person's move) when the server
    stops: the server waits for the lock to be let go, then the bot starts no move (the
    store is about to close under it) and the server finishes stopping."""
    client = TestClient(create_app(db))
    client.__enter__()
    game = create(client, "full-thrust", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    wait_for_decision(client, game["id"], game["seats"][0]["link"])  # the bot has moved
    hub = client.app.state.hub  # type: ignore[attr-defined]
    room = hub.room(game["id"])
    asked: list[int] = []
    real_turns = room.session.bot_turns

    def bot_turns(limit: int) -> int:
        asked.append(limit)
        return real_turns(limit)

    room.session.bot_turns = bot_turns
    portal = client.portal
    assert portal is not None
    portal.call(room.lock.acquire)  # a person's move under way
    portal.call(hub.drive_bots, room)  # the bot asks for the lock and waits
    stopping = threading.Thread(target=client.__exit__, args=(None, None, None))
    stopping.start()
    time.sleep(0.5)
    assert stopping.is_alive(), "the server stopped with a bot's move still waiting"
    portal.call(room.lock.release)  # the person's move ends
    stopping.join(10)
    assert not stopping.is_alive(), "the server never finished stopping"
    assert asked == [], "a bot started a move while the server stopped"
