"""Secrecy: a Full Thrust seat never receives the other's written orders before the reveal,
in any message (log lines, decisions, scene), and no message carries the true state hash."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

from tests.server.helpers import Socket, create, state

PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def _orders(snap: dict) -> list[dict]:
    """For each decision, an order unlike the default (the fastest, hardest turn offered)."""
    return [
        max(
            decision["options"],
            key=lambda o: (o["action"].get("speed", 0), o["action"].get("turn", 0)),
        )["action"]
        for decision in snap["decisions"]
        if decision["options"] and decision["options"][0]["action"]["type"] == "ft-orders"
    ]


def _objects(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _objects(value)
    elif isinstance(node, list):
        for value in node:
            yield from _objects(value)


def test_written_orders_reach_no_other_seat_or_spectator_before_the_reveal(
    client: TestClient,
) -> None:
    game = create(client, "full-thrust", PEOPLE)
    writer = Socket(client, game["id"], game["seats"][0]["link"])
    rival = Socket(client, game["id"], game["seats"][1]["link"])
    spectator = Socket(client, game["id"], game["spectator"])
    orders = _orders(writer.next_of("state"))
    rival_orders = _orders(rival.next_of("state"))
    spectator.next_of("state")
    for order in orders:
        writer.send({"type": "act", "action": order})
        writer.next_of("accepted")
    secret_lines = [  # the writer's log lines of its orders (its options say orders too)
        line
        for text in writer.received
        for line in json.loads(text).get("log", [])
        if re.search(r"speed \d+ -> \d+", line)
    ]
    assert len(secret_lines) == len(orders), secret_lines
    for _ in orders:  # one broadcast per accepted order
        rival.next_of("state")
        spectator.next_of("state")
    true_hash = client.app.state.hub.room(game["id"]).session.game.hash()  # type: ignore[attr-defined]
    for socket in (rival, spectator):
        everything = "\n".join(socket.received)
        for line in secret_lines:
            assert line not in everything
        objects = [item for text in socket.received for item in _objects(json.loads(text))]
        for order in orders:
            fields = ("ship", "speed", "turn")
            assert not any(all(item.get(key) == order[key] for key in fields) for item in objects)
        assert true_hash not in everything
    # Once the rival's orders are in (and both carriers' launches), the turn goes on past
    # the written orders.
    for order in rival_orders:
        rival.send({"type": "act", "action": order})
        rival.next_of("accepted")
    for seat, socket in ((0, writer), (1, rival)):
        while done := _launches_done(state(client, game["id"], game["seats"][seat]["link"])):
            socket.send({"type": "act", "action": done})
            socket.next_of("accepted")
    session = client.app.state.hub.room(game["id"]).session  # type: ignore[attr-defined]
    assert session.game.state.phase > 1
    for socket in (writer, rival, spectator):
        socket.close()


def _launches_done(snap: dict[str, Any]) -> dict[str, Any] | None:
    """The 'no more launches' answer to a carrier's launch decision in the orders, if owed."""
    for decision in snap["decisions"]:
        for option in decision["options"]:
            if option["action"]["type"] == "ft-launches-done":
                return dict(option["action"])
    return None
