"""Considering an action before taking it: a dragged Full Thrust course previewed by the
engine's own movement, the rules' reason for an illegal one, a clicked target's odds, and
readable options for every ruleset."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.rulesets.full_thrust.helpers import battle, orders, ship
from tests.server.helpers import Socket, auth, create, state
from warbench.core.agents import RandomAgent
from warbench.core.engine import Game
from warbench.core.registry import available_rulesets, ruleset
from warbench.rulesets.full_thrust.actions import Launch, MoveGroup
from warbench.server.consider import consider
from warbench.server.snapshot import snapshot

PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def _consider(client: TestClient, game: dict[str, Any], seat: int, body: Any) -> Any:
    return client.post(
        f"/api/games/{game['id']}/consider", json=body, headers=auth(game["seats"][seat]["link"])
    )


def _own_ships(snap: dict[str, Any]) -> list[dict[str, Any]]:
    shapes = snap["scene"]["shapes"]
    return [s for s in shapes if s.get("player") == snap["seat"] and "heading" in s]


def _shape(snap: dict[str, Any], label: str) -> dict[str, Any]:
    return next(s for s in snap["scene"]["shapes"] if s["label"] == label)


def test_ft_move_cinematic_a_dragged_course_ends_where_the_preview_said(
    client: TestClient,
) -> None:
    """FT-MOVE-CINEMATIC: each ship's orders set by dragging it 5 MU ahead and 3 MU to
    starboard; after both seats wrote orders and ships moved, every ship stands exactly
    where its ghost stood, facing the ghost's way."""
    game = create(client, "full-thrust", PEOPLE)
    link = game["seats"][0]["link"]
    snap = state(client, game["id"], link)
    ghosts = {}
    for piece in _own_ships(snap):
        heading = math.radians(piece["heading"])
        point = {
            "x": piece["x"] + 5 * math.sin(heading) + 3 * math.cos(heading),
            "y": piece["y"] + 5 * math.cos(heading) - 3 * math.sin(heading),
        }
        reply = _consider(client, game, 0, {"drag": {"label": piece["label"], **point}}).json()
        assert reply["type"] == "considered" and reply["reason"] is None, reply
        assert reply["action"]["type"] == "ft-orders" and reply["text"].startswith(piece["label"])
        (ghost,) = reply["ghosts"]
        assert ghost["label"] == piece["label"]
        assert math.hypot(ghost["x"] - point["x"], ghost["y"] - point["y"]) < 3.0
        ghosts[piece["label"]] = ghost
        taken = client.post(
            f"/api/games/{game['id']}/actions", json={"action": reply["action"]}, headers=auth(link)
        )
        assert taken.status_code == 200, taken.text
    assert len(ghosts) == 5
    moved = _play_on_until_ships_move(client, game)
    for label, ghost in ghosts.items():
        now = _shape(moved, label)
        assert (now["x"], now["y"], now["heading"]) == (ghost["x"], ghost["y"], ghost["heading"])


def _play_on_until_ships_move(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    """Both seats answer what they owe (the other seat's ships hold course, nobody launches)
    until the log says ships moved; seat 0's snapshot then."""
    links = [seat["link"] for seat in game["seats"]]
    for _ in range(60):
        snaps = [state(client, game["id"], link) for link in links]
        if any("moves from" in line for line in snaps[0]["log"]):
            return snaps[0]
        seat = next(i for i, snap in enumerate(snaps) if snap["decisions"])
        options = snaps[seat]["decisions"][0]["options"]
        held = [o["action"] for o in options if o["action"].get("speed") == 0
                and o["action"].get("turn") == 0 and not o["action"].get("shroud")]
        action = held[0] if held else options[-1]["action"]
        taken = client.post(
            f"/api/games/{game['id']}/actions", json={"action": action}, headers=auth(links[seat])
        )
        assert taken.status_code == 200, taken.text
    raise AssertionError("the ships never moved")


def test_ft_move_cinematic_a_course_beyond_the_drive_shows_the_rules_reason_and_is_refused(
    client: TestClient,
) -> None:
    """FT-MOVE-CINEMATIC: dragged far to the side, the course needs more turn than half the
    thrust allows: the page is told that clause, and taking it is refused, changing nothing."""
    game = create(client, "full-thrust", PEOPLE)
    snap = state(client, game["id"], game["seats"][0]["link"])
    piece = _own_ships(snap)[0]
    far = {"label": piece["label"], "x": piece["x"] + 20, "y": piece["y"] - 2}
    reply = _consider(client, game, 0, {"drag": far}).json()
    assert re.search(r"more than the allowance|thrust but the drive gives", reply["reason"])
    assert reply["ghosts"] and reply["action"]["type"] == "ft-orders"
    refused = client.post(
        f"/api/games/{game['id']}/actions",
        json={"action": reply["action"]},
        headers=auth(game["seats"][0]["link"]),
    )
    assert refused.status_code == 409
    assert state(client, game["id"], game["seats"][0]["link"])["step"] == 0
    nudged = dict(reply["action"], turn=0, speed=0)  # the page's fine-tuning: a legal order
    answer = _consider(client, game, 0, {"action": nudged}).json()
    assert answer["reason"] is None and answer["text"].endswith("straight on")


def test_a_drag_of_a_piece_that_owes_nothing_and_bad_requests_get_clear_answers(
    client: TestClient,
) -> None:
    game = create(client, "full-thrust", PEOPLE)
    snap = state(client, game["id"], game["seats"][0]["link"])
    enemy = next(s for s in snap["scene"]["shapes"] if s.get("player") == 1)
    reply = _consider(client, game, 0, {"drag": {"label": enemy["label"], "x": 1, "y": 1}})
    assert reply.status_code == 200
    assert reply.json()["action"] is None and "means nothing now" in reply.json()["reason"]
    for body, words in (
        ({"drag": {"x": 1, "y": 2}}, "drag.label"),
        ({"drag": {"label": "Resolute", "x": "far", "y": 2}}, "drag.x"),
        ({"action": {"type": "no-such-action"}}, "malformed action"),
        ([1, 2], "send"),
    ):
        bad = _consider(client, game, 0, body)
        assert bad.status_code == 400 and words in bad.json()["detail"], bad.text
    spectator = client.post(
        f"/api/games/{game['id']}/consider", json={"drag": {"label": "x", "x": 1, "y": 1}},
        headers=auth(game["spectator"]),
    )
    assert spectator.status_code == 403
    socket = Socket(client, game["id"], game["seats"][0]["link"])
    socket.next_of("state")
    socket.send({"type": "consider", "drag": {"label": 3}})
    assert "drag.label" in socket.next_of("error")["message"]
    socket.send({"type": "consider", "action": snap["decisions"][0]["options"][0]["action"]})
    assert socket.next_of("considered")["reason"] is None  # the connection stayed open
    socket.close()


def test_ft_move_vector_a_considered_order_previews_drift_then_burn() -> None:
    """FT-MOVE-VECTOR: the preview of a vector order runs the drift and the burn: a ship
    drifting 4 MU up the table that burns 2 MU to 3 o'clock ends 2 right, 4 up."""
    game, _ = battle(
        [ship("lancer", "Sabre", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 30.0, facing=6)],
        movement="vector",
    )
    game.state.ships[0].vy = 4.0
    reply = consider(game, 0, {"action": {"type": "ft-orders", "ship": 0, "speed": 2, "turn": 3}})
    (ghost,) = reply["ghosts"]
    assert (ghost["x"], ghost["y"], ghost["heading"]) == (32.0, 14.0, 90.0)
    assert ghost["path"] == [[30.0, 14.0]] and reply["reason"] is None
    dragged = consider(game, 0, {"drag": {"label": "Sabre", "x": 32.0, "y": 14.0}})
    assert (dragged["ghosts"][0]["x"], dragged["ghosts"][0]["y"]) == (32.0, 14.0)
    assert dragged["reason"] is None  # the cheapest legal way there (a push, or a burn)


def test_ft_fire_a_clicked_target_is_named_by_the_lock_aiming_at_it_with_its_odds() -> None:
    """The locks offered name the ship they aim at (a click on it picks the lock); the lock
    considered carries its exact odds; a lock on nothing names no target."""
    game, _ = battle(
        [ship("lancer", "Sabre", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 20.0, facing=6)],
        6, 1,
    )
    orders(game)
    locks = [
        option
        for decision in snapshot(game, 0)["decisions"]
        for option in decision["options"]
        if option["action"]["type"] == "ft-declare"
    ]
    on_pike = next(o for o in locks if o.get("target") == "Pike")
    assert on_pike["action"]["target"] == 1
    assert all("target" not in o for o in locks if o["action"]["target"] == -1)
    reply = consider(game, 0, {"action": on_pike["action"]})
    assert reply["target"] == "Pike" and reply["reason"] is None
    assert reply["odds"]["outcome"] == "hull damage" and reply["odds"]["mean"] > 0


RAW = re.compile(r"^[A-Z]\w*\(.*\)$")


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_every_rulesets_options_read_as_words_not_as_raw_actions(ruleset_id: str) -> None:
    """No option a seat is offered in the first 60 decisions reads as a raw action repr
    (``Charge(target=5)``): each ruleset says it in words, or the readable fallback does."""
    rules = ruleset(ruleset_id)
    game = Game.new(rules, rules.default_setup_with({}, rules.min_players), seed=3,
                    players=rules.min_players)
    agents = [RandomAgent(seat) for seat in range(rules.min_players)]
    labels: list[str] = []
    for _ in range(60):
        if game.is_over:
            break
        decision = game.pending()[0]
        snap = snapshot(game, decision.player)
        labels += [o["label"] for d in snap["decisions"] for o in d["options"]]
        chosen = agents[decision.player].choose(game.observe(decision.player), decision)
        game.apply(decision.player, chosen)
    assert labels
    raw = [label for label in labels if RAW.match(label)]
    assert not raw, raw[:5]


def test_ft_fighters_a_launched_group_dragged_moves_where_its_ghost_stood() -> None:
    """A group launched from its carrier stands on it: dragged while its move is owed, it
    is the group's move to that point (its ghost there); past its reach, the rules'
    reason; the carrier dragged then means nothing."""
    game, _ = battle([ship("haven", "Nest", 30.0, 10.0, fighters=("standard", "heavy"))],
                     [ship("lancer", "Pike", 30.0, 40.0, facing=6)], 6, 1)
    orders(game)
    game.apply(0, Launch(0))
    game.apply(0, Launch(1))
    assert game.pending()[0].prompt == "move Nest S1"
    reply = consider(game, 0, {"drag": {"label": "Nest S1 (6)", "x": 36.0, "y": 20.0}})
    assert reply["action"] == {"type": "ft-move-group", "group": 0, "x": 36.0, "y": 20.0}
    assert reply["reason"] is None and reply["text"] == "Nest S1 (6) moves 11.7 MU to (36.0, 20.0)"
    assert [(g["label"], g["x"], g["y"]) for g in reply["ghosts"]] == [("Nest S1 (6)", 36.0, 20.0)]
    far = consider(game, 0, {"drag": {"label": "Nest S1 (6)", "x": 30.0, "y": 39.0}})
    assert "longer than 24 MU" in far["reason"]
    assert consider(game, 0, {"drag": {"label": "Nest", "x": 30.0, "y": 20.0}})["action"] is None
    game.apply(0, MoveGroup(**{k: v for k, v in reply["action"].items() if k != "type"}))
    group = game.state.groups[0]
    assert (group.x, group.y) == (36.0, 20.0)
