"""Referee mode (people type the faces the rules ask for) and the replay viewer's API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.duel import Duel
from tests.server.helpers import Socket, auth, create, first_action, state, wait_for_decision
from warbench.core.agents import RandomAgent
from warbench.core.engine import Game, IllegalAction
from warbench.core.match import play_match
from warbench.core.moments import SeenAttacks
from warbench.core.registry import ruleset
from warbench.core.replay import replay_steps
from warbench.server.app import create_app
from warbench.server.session import GameSession, NeedFaces
from warbench.server.store import Seat, Store


def _answer_dice_until_a_decision(socket: Socket, snap: dict) -> dict:
    """Type 3s for every roll asked until the seat owes a decision; return that state."""
    typed = 0
    while snap["roll"] and typed < 200:
        socket.send({"type": "faces", "faces": [3] * snap["roll"]["count"]})
        snap = socket.next_of("state")
        typed += 1
    return snap


def test_a_referee_game_asks_the_person_for_faces_and_journals_them(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        game = create(
            client,
            "dystopian-wars",
            [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
            referee=True,
        )
        socket = Socket(client, game["id"], game["seats"][0]["link"])
        snap = socket.next_of("state")
        assert snap["referee"] and snap["roll"]["sides"] == 6  # the opening rolls battle orders
        socket.send({"type": "faces", "faces": [9]})
        assert "not on a d6" in socket.next_of("refused")["reason"]
        snap = _answer_dice_until_a_decision(socket, snap)
        assert any("rolled 1d6 for their battle order: 3" in line for line in snap["log"])
        for _ in range(4):
            while not snap["decisions"] and not snap["roll"]:
                snap = socket.next_of("state")
            snap = _answer_dice_until_a_decision(socket, snap)
            if snap["decisions"]:
                socket.send({"type": "act", "action": first_action(snap)})
                snap = socket.next_of("state")
        socket.close()
        journal = client.app.state.hub.room(game["id"]).session.journal  # type: ignore[attr-defined]
        assert journal.referee and journal.opening_faces and journal.entries
        steps = len(journal.entries)
    with TestClient(create_app(db)) as client:  # the typed faces replay after a restart
        room = client.app.state.hub.room(game["id"])  # type: ignore[attr-defined]
        assert len(room.session.journal.entries) >= steps


def test_a_journal_replays_step_by_step_as_a_seat_or_a_spectator(client: TestClient) -> None:
    rules = ruleset("full-thrust")
    result = play_match(rules, [RandomAgent(1), RandomAgent(2)], seed=4, max_decisions=40)
    loaded = client.post("/api/replays", content=result.journal.dumps().encode()).json()
    assert loaded["steps"] == 40 and loaded["seats"] == [None, 0, 1]
    first = client.get(f"/api/replays/{loaded['id']}/0").json()
    seat_zero = client.get(f"/api/replays/{loaded['id']}/10?seat=0").json()
    spectator = client.get(f"/api/replays/{loaded['id']}/10").json()
    assert first["step"] == 0 and first["scene"]["shapes"]
    assert len(seat_zero["log"]) > len(spectator["log"])  # seat 0 saw its own orders written
    assert client.get(f"/api/replays/{loaded['id']}/99").status_code == 404
    bad = client.post("/api/replays", content=b'{"ruleset": "full-thrust"}')
    assert bad.status_code == 400 and "the journal" in bad.json()["detail"]


def test_the_viewer_says_what_a_journals_hashes_proved_and_who_it_says_played(
    client: TestClient,
) -> None:
    """USERS journey 6: a published journal with every state's hash is "every hash
    matches", with who the journal says played each seat (its own word); the same moves
    with their hashes taken out replay all the same but are said to verify nothing, not
    "every state hash verified"."""
    rules = ruleset("full-thrust")
    result = play_match(rules, [RandomAgent(1), RandomAgent(2)], seed=4, max_decisions=30)
    plain = json.loads(result.journal.dumps())
    plain["played_by"] = ["my_agents.py:make_agent", "search"]
    loaded = client.post("/api/replays", content=json.dumps(plain).encode()).json()
    assert loaded["verified"] == "every hash matches"
    assert loaded["played_by"] == ["my_agents.py:make_agent", "search"]
    plain["opening_hash"] = None
    for entry in plain["entries"]:
        entry.pop("hash", None)
    bare = client.post("/api/replays", content=json.dumps(plain).encode()).json()
    assert bare["steps"] == 30
    assert bare["verified"] == "the journal records no state hash, so nothing was verified"

def test_a_replay_draws_the_last_attacks_each_viewer_saw_as_the_table_did(
    client: TestClient,
) -> None:
    """FT-PICTURE in the replay viewer: a step after a volley draws its attacks, as the live
    table drew them for that seat ("last seen: N attacks of action S"), and names each side
    in the legend; the opening draws none."""
    rules = ruleset("full-thrust")
    result = play_match(rules, [RandomAgent(1), RandomAgent(2)], seed=4, max_decisions=400)
    loaded = client.post("/api/replays", content=result.journal.dumps().encode()).json()
    seen = SeenAttacks(rules, [0])
    steps = replay_steps(result.journal, rules=rules)
    shown = 0
    for number, game in steps:
        seen.saw(game.state, number, game.events[shown:])
        shown = len(game.events)
        if seen.last(0)[1]:
            break
    step, marks = seen.last(0)
    assert marks, "no attack in the first 400 decisions"
    drawn = client.get(f"/api/replays/{loaded['id']}/{step}?seat=0").json()
    assert len(drawn["scene"]["attacks"]) == len(marks)
    assert f"(last seen: {len(marks)} attack" in drawn["scene"]["title"]
    assert drawn["sides"] == list(rules.default_side_names(2))
    assert client.get(f"/api/replays/{loaded['id']}/0?seat=0").json()["scene"]["attacks"] == []


def test_a_stored_game_replays_only_as_the_tokens_seat(client: TestClient) -> None:
    game = create(client, "full-thrust", [{"kind": "person"}, {"kind": "person"}])
    link = game["seats"][1]["link"]
    snap = client.get(f"/api/games/{game['id']}/state", headers=auth(link)).json()
    client.post(
        f"/api/games/{game['id']}/actions", json={"action": first_action(snap)}, headers=auth(link)
    )
    loaded = client.post(f"/api/games/{game['id']}/replay", headers=auth(link)).json()
    assert loaded["seats"] == [1] and loaded["steps"] == 1
    other = client.get(f"/api/replays/{loaded['id']}/1?seat=0")
    assert other.status_code == 404
    assert other.json()["detail"] == "this replay may not be seen as player 1, only as player 2"
    watcher = client.get(f"/api/replays/{loaded['id']}/1").json()["detail"]
    assert watcher == "this replay may not be seen as a spectator, only as player 2"
    assert client.post(f"/api/games/{game['id']}/replay").status_code == 403


def test_a_game_stored_by_simulate_replays_from_its_uploaded_results_file(
    client: TestClient, tmp_path: Path
) -> None:
    from warbench.cli import main

    lists = Path(__file__).parents[2] / "src/warbench/rulesets/armada/data/lists"
    db = tmp_path / "results.sqlite"
    status = main(
        [
            "simulate",
            "armada",
            "--army",
            str(lists / "comet-corsairs.toml"),
            "--army",
            str(lists / "vanguard-picket.toml"),
            "--games",
            "1",
            "--bot",
            "random",
            "--db",
            str(db),
        ]
    )
    assert status == 0
    loaded = client.post("/api/replays/results?game=1", content=db.read_bytes())
    assert loaded.status_code == 200, loaded.text
    replay = loaded.json()
    assert replay["ruleset"] == "armada" and replay["steps"] > 0
    last = client.get(f"/api/replays/{replay['id']}/{replay['steps']}?seat=1").json()
    assert any(shape["kind"] == "hex" for shape in last["scene"]["shapes"])
    missing = client.post("/api/replays/results?game=99", content=db.read_bytes())
    assert missing.status_code == 400
    assert missing.json()["detail"] == "the results file holds no game 99"  # no server path
    assert client.post("/api/replays/results?game=0", content=db.read_bytes()).json()[
        "detail"] == "game 0: games are numbered from 1"
    junk = client.post("/api/replays/results?game=1", content=b"not a database")
    assert junk.status_code == 400


def test_a_referee_game_against_the_commodore_is_played_over_http(client: TestClient) -> None:
    """Journey 2 without a browser: faces typed over HTTP, the bot's rolls included."""
    game = create(
        client,
        "dystopian-wars",
        [{"kind": "person"}, {"kind": "bot", "bot": "commodore"}],
        referee=True,
    )
    game_id, link = game["id"], game["seats"][0]["link"]
    waiting = state(client, game_id, link)  # the opening's dice not typed yet: the table
    assert waiting["roll"] and waiting["step"] == 0  # is drawn as the set-up lays it out
    rules = ruleset("dystopian-wars")
    # which colour is whose is said before the opening rolls too, as once they are in
    assert waiting["sides"] == list(rules.side_names(rules.default_setup(), 2))
    real = Game.new(rules, rules.default_setup(), seed=7)  # the game once they are typed
    drawn = rules.scene(rules.observe(real.state, 0), {}).to_plain()["shapes"]
    assert [(s["label"], s["x"], s["y"]) for s in waiting["scene"]["shapes"]] == [
        (s["label"], s["x"], s["y"]) for s in drawn]
    bad = client.post(f"/api/games/{game_id}/faces", json={"faces": [7]}, headers=auth(link))
    assert bad.status_code == 409 and "not on a d6" in bad.json()["reason"]
    assert client.post(
        f"/api/games/{game_id}/faces", json={"dice": [3]}, headers=auth(link)
    ).status_code == 400
    spectator = auth(game["spectator"])
    assert client.post(
        f"/api/games/{game_id}/faces", json={"faces": [3]}, headers=spectator
    ).status_code == 403
    actions = typed = 0
    while actions < 12:
        snap = wait_for_decision(client, game_id, link)
        assert not snap["over"]
        if snap["roll"]:
            faces = [2 + typed % 4] * snap["roll"]["count"]
            reply = client.post(
                f"/api/games/{game_id}/faces", json={"faces": faces}, headers=auth(link)
            )
            assert reply.status_code in (200, 202), reply.text
            typed += 1
            continue
        reply = client.post(
            f"/api/games/{game_id}/actions", json={"action": first_action(snap)}, headers=auth(link)
        )
        assert reply.status_code in (200, 202), reply.text
        actions += 1
    journal = client.app.state.hub.room(game_id).session.journal  # type: ignore[attr-defined]
    assert typed > 1 and len(journal.entries) > actions  # the commodore moved between them
    assert any(entry.faces for entry in journal.entries)


def test_faces_that_are_not_a_list_of_whole_numbers_are_malformed(client: TestClient) -> None:
    """docs/play.md: 400 for a malformed request, 409 for faces the rules refuse; the roll
    is still asked for after either."""
    game = create(client, "dystopian-wars", [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                  referee=True)
    game_id, headers = game["id"], auth(game["seats"][0]["link"])
    for faces in ("3", None, 3, {"a": 1}, ["3"], [True], [2.0]):
        reply = client.post(f"/api/games/{game_id}/faces", json={"faces": faces}, headers=headers)
        assert reply.status_code == 400, (faces, reply.text)
        assert "whole numbers" in reply.json()["message"]
    assert client.post(
        f"/api/games/{game_id}/faces", json={"faces": [7]}, headers=headers
    ).status_code == 409
    socket = Socket(client, game_id, game["seats"][0]["link"])
    socket.next_of("state")
    socket.send({"type": "faces", "faces": "3"})
    assert "whole numbers" in socket.next_of("error")["message"]
    socket.close()
    assert state(client, game_id, game["seats"][0]["link"])["roll"]["sides"] == 6


def test_each_dice_prompt_says_whose_roll_it_is(client: TestClient) -> None:
    """USERS journey 2, DW-BATTLE-ORDERS: one person rolls for both sides; the battle-order
    rolls of seats 0 and 1 are asked for by name, as a phrase ("player 1's battle order":
    it read "battle order, player 1", a key more than words), one face as "1 face"."""
    game = create(client, "dystopian-wars", [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                  referee=True)
    game_id, link = game["id"], game["seats"][0]["link"]
    labels = []
    for _ in range(2):
        roll = state(client, game_id, link)["roll"]
        labels.append(roll["label"])
        reply = client.post(f"/api/games/{game_id}/faces", json={"faces": [3]}, headers=auth(link))
        assert reply.status_code in (200, 202), reply.text
    assert labels == ["player 1's battle order", "player 2's battle order"]
    assert str(NeedFaces(6, 1, labels[0])) == "player 1's battle order: type 1 face of a d6"


def test_faces_typed_for_the_opening_survive_a_restart(db: Path) -> None:
    """Faces acknowledged with 202 are kept: after a restart only the missing roll is asked
    for, and the faces typed before it are the ones the game used."""
    with TestClient(create_app(db)) as client:
        game = create(client, "dystopian-wars",
                      [{"kind": "person"}, {"kind": "bot", "bot": "random"}], referee=True)
        game_id, link = game["id"], game["seats"][0]["link"]
        reply = client.post(f"/api/games/{game_id}/faces", json={"faces": [5]}, headers=auth(link))
        assert reply.status_code in (200, 202) and state(client, game_id, link)["roll"]
    with TestClient(create_app(db)) as client:
        assert state(client, game_id, link)["roll"]["label"] == "player 2's battle order"
        reply = client.post(f"/api/games/{game_id}/faces", json={"faces": [2]}, headers=auth(link))
        assert reply.status_code == 200, reply.text
        journal = client.app.state.hub.room(game_id).session.journal  # type: ignore[attr-defined]
        assert journal.opening_faces[:2] == [5, 2]
        assert journal.played_by == ["person", "random"]  # who sits where, kept in the store


def test_faces_typed_for_a_waiting_action_survive_a_restart(tmp_path: Path) -> None:
    """An action waiting on a second roll (the duel's initiative: one die per player) keeps
    its first face across a restart, and is asked only for the second."""
    store = Store(tmp_path / "games.sqlite")
    people = [Seat("person"), Seat("person")]
    session = GameSession.create("g1", Duel(), people, store, {}, setup={}, seed=1,
                                 referee=True)
    session.act(0, {"type": "stance", "stance": "guarded"})
    with pytest.raises(NeedFaces):
        session.act(1, {"type": "stance", "stance": "guarded"})
    with pytest.raises(NeedFaces):
        session.supply_faces([6])  # acknowledged: the second player's die is wanted now
    record = store.load("g1")
    assert record is not None
    restored = GameSession.restore(record, Duel(), store)
    assert restored.roll is not None and restored.roll.count == 1 and restored.typed == [6]
    assert restored.supply_faces([2]) == 2
    assert restored.journal.entries[-1].faces == [6, 2]
    again = store.load("g1")
    assert again is not None and again.pending is None


def test_faces_of_an_action_refused_after_its_roll_are_not_handed_to_the_next(
    tmp_path: Path,
) -> None:
    """The duel's gamble is refused when its die shows 1: that face is spent, and the
    next roll asks for faces of its own (none kept in the store either)."""
    store = Store(tmp_path / "games.sqlite")
    session = GameSession.create("g2", Duel(), [Seat("person"), Seat("person")], store, {},
                                 setup={}, seed=1, referee=True)
    session.act(0, {"type": "stance", "stance": "guarded"})
    with pytest.raises(NeedFaces):
        session.act(1, {"type": "stance", "stance": "guarded"})
    with pytest.raises(NeedFaces):
        session.supply_faces([6])
    session.supply_faces([2])  # player 0 acts first
    with pytest.raises(NeedFaces):
        session.act(0, {"type": "gamble"})
    with pytest.raises(IllegalAction, match="gamble failed"):
        session.supply_faces([1])
    assert session.typed == [] and session.roll is None
    record = store.load("g2")
    assert record is not None and record.pending is None


def test_no_decision_is_offered_while_the_table_waits_for_dice(client: TestClient) -> None:
    """Referee mode: once an action waits for typed faces, the seat's state offers no
    decision (the page shows no button to click: the table would refuse it) until the faces
    are in; no state the seat is sent offers both."""
    game = create(client, "dystopian-wars",
                  [{"kind": "person"}, {"kind": "bot", "bot": "random"}], referee=True)
    link = game["seats"][0]["link"]
    socket = Socket(client, game["id"], link)
    snap = socket.next_of("state")
    for _ in range(300):  # until the person's own action waits for dice
        if snap["roll"] and snap["waiting_for"] == [0]:
            break
        if snap["roll"]:
            socket.send({"type": "faces", "faces": [3] * snap["roll"]["count"]})
        elif snap["decisions"]:
            socket.send({"type": "act", "action": first_action(snap)})
        snap = socket.next_of("state")
    assert snap["roll"] and snap["waiting_for"] == [0], "no action of the person rolled dice"
    assert snap["decisions"] == [] and state(client, game["id"], link)["decisions"] == []
    socket.send({"type": "act", "action": {"type": "end_activation"}})
    assert "waiting for dice" in socket.next_of("refused")["reason"]
    snap = _answer_dice_until_a_decision(socket, snap)
    assert not snap["roll"]
    sent = [json.loads(text) for text in socket.received]
    assert not [m for m in sent if m["type"] == "state" and m["roll"] and m["decisions"]]
    socket.close()


def test_a_move_of_a_unit_without_the_turn_is_refused_for_that_not_its_resource(
    tmp_path: Path,
) -> None:
    """RG-ACTIONS: in a ROBOGEAR 2 v 2, a seat moving its partner's machine while another
    of its own units has the turn is told the machine does not have the turn (the preview
    gave the machine's resource, 0 before its turn); an action no space of its kind takes
    still gets the preview's reason."""
    from warbench.core.agents import RandomAgent
    from warbench.rulesets.robogear.actions import Move

    rules = ruleset("robogear")
    store = Store(tmp_path / "games.sqlite")
    session = GameSession.create("rg", rules, [Seat("person")] * 4, store, {},
                                 setup=rules.default_setup_with(["2v2"], 4), seed=7,
                                 referee=False)
    game, bots = session.game, [RandomAgent(seat) for seat in range(4)]
    assert game is not None
    for _ in range(400):
        decision = game.pending()[0]
        if decision.player == 0 and any(s.action_type is Move for s in decision.spaces):
            break
        session.act(decision.player, bots[decision.player].choose(
            game.observe(decision.player), decision).to_plain())
    partner = next(unit for unit in game.state.units if unit.player == 2 and unit.alive)
    reason = session.check(0, Move(partner.id, 0.0, 2.0).to_plain())
    assert reason is not None and "does not have the turn (RG-ACTIONS)" in reason
    assert "resource" not in reason


def test_faces_for_the_opening_with_more_wanted_are_answered_202_not_accepted(
    client: TestClient,
) -> None:
    """docs/play.md, referee mode over HTTP: 202 when more dice are wanted first, as for an
    action's faces. The first battle-order face of a Dystopian Wars opening was answered 200
    "accepted" (action number null) while the second was still asked for; over the websocket
    too, where the page then said "Faces taken." instead of which roll is next."""
    game = create(client, "dystopian-wars", [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                  referee=True)
    game_id, link = game["id"], game["seats"][0]["link"]
    reply = client.post(f"/api/games/{game_id}/faces", json={"faces": [4]}, headers=auth(link))
    assert reply.status_code == 202, reply.text
    assert reply.json() == {"type": "dice",
                            "message": "player 2's battle order: type 1 face of a d6"}
    assert state(client, game_id, link)["roll"]["label"] == "player 2's battle order"
    socket = Socket(client, game_id, link)
    socket.next_of("state")
    socket.send({"type": "faces", "faces": [2]})  # the last opening face: the game starts
    assert socket.next_of("accepted")["number"] is None
    socket.close()
