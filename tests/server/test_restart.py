"""Nothing lost: every accepted action is in SQLite, and a restarted server resumes each game
exactly (its journal replayed, every state hash verified), including after ``kill -9``."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import auth, create, first_action, state, wait_for_decision
from warbench.server.app import create_app


def _play(client: TestClient, game: dict, link: str, count: int) -> None:
    for _ in range(count):
        snap = wait_for_decision(client, game["id"], link)
        response = client.post(
            f"/api/games/{game['id']}/actions",
            json={"action": first_action(snap)},
            headers=auth(link),
        )
        assert response.status_code == 200, response.text


def test_a_new_app_on_the_same_file_continues_every_game(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        people = create(client, "full-thrust", [{"kind": "person"}, {"kind": "person"}])
        versus_bot = create(
            client, "dystopian-wars", [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
        )
        _play(client, people, people["seats"][0]["link"], 3)
        _play(client, versus_bot, versus_bot["seats"][0]["link"], 3)
        before = {
            game["id"]: (
                state(client, game["id"], game["seats"][0]["link"]),
                client.app.state.hub.room(game["id"]).session.game.hash(),
            )  # type: ignore[attr-defined]
            for game in (people, versus_bot)
        }
    with TestClient(create_app(db)) as client:
        for game in (people, versus_bot):
            link = game["seats"][0]["link"]
            snap, true_hash = before[game["id"]]
            room = client.app.state.hub.room(game["id"])  # type: ignore[attr-defined]
            assert room.session.game.hash() == true_hash
            resumed = state(client, game["id"], link)
            assert resumed["step"] >= snap["step"] and resumed["scene"]["title"]
        _play(client, people, people["seats"][0]["link"], 2)
        _play(client, versus_bot, versus_bot["seats"][0]["link"], 2)
        listed = {item["id"]: item for item in client.get("/api/games").json()}
        assert listed[people["id"]]["actions"] == 5


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(db: Path, port: int, *options: str) -> subprocess.Popen[bytes]:
    """``warbench serve`` on ``port`` over ``db`` (with more ``options``), once it answers."""
    args = ["serve", "--port", str(port), "--db", str(db), *options]
    code = f"from warbench.cli import main; main({args!r})"
    server = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError("the server did not start")


def test_after_kill_9_a_real_server_resumes_every_accepted_action(db: Path) -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = _start(db, port)
    try:
        game = httpx.post(
            f"{base}/api/games",
            json={
                "ruleset": "full-thrust",
                "seats": [{"kind": "person"}, {"kind": "person"}],
                "seed": 11,
            },
        ).json()
        link = game["seats"][0]["link"]
        accepted = []
        for _ in range(3):
            snap = httpx.get(f"{base}/api/games/{game['id']}/state", headers=auth(link)).json()
            action = first_action(snap)
            reply = httpx.post(
                f"{base}/api/games/{game['id']}/actions",
                json={"action": action},
                headers=auth(link),
            )
            assert reply.status_code == 200
            accepted.append(reply.json()["number"])
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
        server = _start(db, port)
        snap = httpx.get(f"{base}/api/games/{game['id']}/state", headers=auth(link)).json()
        assert snap["step"] == accepted[-1] == 3
        reply = httpx.post(
            f"{base}/api/games/{game['id']}/actions",
            json={"action": first_action(snap)},
            headers=auth(link),
        )
        assert reply.status_code == 200 and reply.json()["number"] == 4
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def test_a_journal_that_no_longer_replays_is_named_and_the_other_games_resume(db: Path) -> None:
    import sqlite3

    with TestClient(create_app(db)) as client:
        broken = create(client, "full-thrust", [{"kind": "person"}, {"kind": "person"}])
        fine = create(client, "full-thrust", [{"kind": "person"}, {"kind": "person"}])
        _play(client, broken, broken["seats"][0]["link"], 1)
        _play(client, fine, fine["seats"][0]["link"], 1)
    with sqlite3.connect(db) as connection:  # the stored hash no longer matches
        connection.execute("UPDATE actions SET hash = 'x' WHERE game = ?", (broken["id"],))
    with TestClient(create_app(db)) as client:
        refused = client.get(
            f"/api/games/{broken['id']}/state", headers=auth(broken["seats"][0]["link"])
        )
        assert refused.status_code == 409 and "cannot be resumed" in refused.json()["detail"]
        assert state(client, fine["id"], fine["seats"][0]["link"])["step"] == 1


def test_serve_refuses_a_file_that_is_no_store_of_games_and_leaves_it_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`serve --db` given a results file of `simulate` (or any other file) says so in one
    line and writes nothing to it, where it used to crash at start-up after adding its
    tables to the user's results."""
    from warbench.cli import main

    results = tmp_path / "runs.sqlite"
    assert main(["simulate", "full-thrust", "--games", "1", "--db", str(results), "--json"]) == 0
    before = results.read_bytes()
    junk = tmp_path / "notes.sqlite"
    junk.write_text("not a database")
    capsys.readouterr()
    for path, said in ((results, "is a results file of warbench simulate"),
                       (junk, "not a SQLite file of games")):
        assert main(["serve", "--port", "1", "--db", str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.err.startswith(f"warbench: error: {path}") and said in captured.err
        assert captured.err.count("\n") == 1 and "Warbench table on" not in captured.out
    assert results.read_bytes() == before and junk.read_text() == "not a database"
