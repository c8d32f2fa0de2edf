"""Shared helpers of the server tests: creating games, talking to a seat, waiting for bots."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient


def create(
    client: TestClient, ruleset: str, seats: list[dict[str, str]], **extra: Any
) -> dict[str, Any]:
    """Create a game through the API; return its JSON (id, seat links, spectator link)."""
    response = client.post(
        "/api/games", json={"ruleset": ruleset, "seats": seats, "seed": 7, **extra}
    )
    assert response.status_code == 201, response.text
    return response.json()


def token(link: str) -> str:
    """The token in a seat or spectator link (it travels in the fragment)."""
    return link.split("#", 1)[1]


def auth(link: str) -> dict[str, str]:
    """The Authorization header of a link's token."""
    return {"Authorization": f"Bearer {token(link)}"}


def state(client: TestClient, game_id: str, link: str) -> dict[str, Any]:
    """A seat's snapshot over HTTP."""
    response = client.get(f"/api/games/{game_id}/state", headers=auth(link))
    assert response.status_code == 200, response.text
    return response.json()


def wait_for_decision(
    client: TestClient, game_id: str, link: str, timeout: float = 60
) -> dict[str, Any]:
    """Poll a seat's snapshot until it owes a decision (bots move in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        snap = state(client, game_id, link)
        if snap["decisions"] or snap["over"] or snap["roll"]:
            return snap
        assert time.monotonic() < deadline, "the seat never came to owe a decision"
        time.sleep(0.05)


def first_action(snap: dict[str, Any]) -> dict[str, Any]:
    """A legal action from a snapshot: the first option, else a space's first sample."""
    for decision in snap["decisions"]:
        if decision["options"]:
            return decision["options"][0]["action"]
        for space in decision["spaces"]:
            if space["samples"]:
                return space["samples"][0]
    raise AssertionError("the snapshot offers no action")


#: Sockets a test opened and has not closed: the client fixture closes them, so a test that
#: fails half-way does not leave the app waiting for them at shutdown.
OPEN_SOCKETS: list[Socket] = []


class Socket:
    """A websocket to one game, greeted with a token, that keeps every message it gets."""

    def __init__(self, client: TestClient, game_id: str, link: str) -> None:
        self._context = client.websocket_connect(f"/ws/{game_id}")
        self.ws = self._context.__enter__()
        OPEN_SOCKETS.append(self)
        self.received: list[str] = []
        self.ws.send_text(json.dumps({"type": "hello", "token": token(link)}))
        self.welcome = self.next()

    def next(self) -> dict[str, Any]:
        """The next message (kept as text too)."""
        text = self.ws.receive_text()
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        return message

    def next_of(self, kind: str) -> dict[str, Any]:
        """The next message of ``kind``, keeping the others."""
        while True:
            message = self.next()
            if message["type"] == kind:
                return message

    def send(self, message: Any) -> None:
        """Send a message (a string is sent as it is)."""
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))

    def close(self) -> None:
        """Close the socket (once)."""
        if self in OPEN_SOCKETS:
            OPEN_SOCKETS.remove(self)
            self._context.__exit__(None, None, None)
