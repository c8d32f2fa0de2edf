"""One screen for every person seat (USERS journey 7: a ROBOGEAR group of four at one
screen): the page shows and acts as the person to act, never as a bot's seat."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.helpers import Socket, auth, create, first_action, state, wait_for_decision


def test_one_screen_follows_the_person_to_act_and_acts_as_them(client: TestClient) -> None:
    game = create(client, "robogear", [{"kind": "person"}] * 4, one_screen=True)
    assert game["one_screen"].startswith(f"/play/{game['id']}#")
    socket = Socket(client, game["id"], game["one_screen"])
    assert socket.welcome["one_screen"] is True
    snap = socket.next_of("state")
    seen_seats: set[int] = set()
    previous = None
    for _ in range(12):
        owing = {decision["player"] for decision in snap["decisions"]}
        assert owing == {snap["seat"]}, "the screen shows the seat that owes the decision"
        assert snap["one_screen"] is True
        if snap["seat"] != previous:  # another person's turn: their own log, all of it
            assert snap["log_from"] == 0
        previous = snap["seat"]
        seen_seats.add(snap["seat"])
        socket.send({"type": "act", "action": first_action(snap)})
        snap = socket.next_of("state")
        assert socket.next_of("accepted")["number"] >= 1
    assert len(seen_seats) >= 2  # the screen went round
    room = client.app.state.hub.room(game["id"])  # type: ignore[attr-defined]
    players = {entry.player for entry in room.session.journal.entries}
    assert players == seen_seats
    socket.close()


def test_one_screen_never_plays_a_bots_seat(client: TestClient) -> None:
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}] * 2
    game = create(client, "robogear", seats, one_screen=True)
    link = game["one_screen"]
    for _ in range(8):
        snap = wait_for_decision(client, game["id"], link)
        assert snap["seat"] in (0, 2) and snap["decisions"]
        reply = client.post(f"/api/games/{game['id']}/actions",
                            json={"action": first_action(snap)}, headers=auth(link))
        assert reply.status_code == 200, reply.text
    assert state(client, game["id"], link)["seat"] in (0, 2)


def test_one_screen_needs_a_person_and_is_only_made_when_asked(client: TestClient) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    refused = client.post("/api/games", json={"ruleset": "robogear", "seats": bots,
                                                "one_screen": True})
    assert refused.status_code == 422 and "one screen needs" in refused.json()["detail"]
    assert "one_screen" not in create(client, "robogear", [{"kind": "person"}] * 2)


def test_rg_win_teams_every_table_of_a_group_says_how_the_battle_is_won(
    client: TestClient,
) -> None:
    """RG-WIN-TEAMS, RG-ROUND-LIMIT on the web table (USERS journey 7): a free-for-all of
    four and a 2 v 2 each send every seat, the one screen and a spectator how the battle is
    won (its sides, the round limit and what it scores) and its standing (every ruleset's
    box: tests/server/test_victory_box.py)."""
    for options, sides, side in (
        ([], "Each of the 4 players against all the others.", "player 4: "),
        (["2v2"], "Two teams: player 1 + player 3 against player 2 + player 4; partners win"
         " or lose together (RG-WIN-TEAMS).", "player 2 + player 4: "),
    ):
        game = create(client, "robogear", [{"kind": "person"}] * 4, one_screen=True,
                      options=options)
        links = [game["one_screen"], game["spectator"], *(s["link"] for s in game["seats"])]
        for link in links:
            victory = state(client, game["id"], link)["victory"]
            assert victory["how"][0] == sides
            assert "after round 8" in victory["how"][-1] and "(RG-ROUND-LIMIT)" in victory[
                "how"][-1]
            assert victory["standing"] == ["Round 0 of 8: the armies are deploying."]
        for _ in range(4):  # the edges chosen, the armies stand: each side's points shown
            snap = state(client, game["id"], game["one_screen"])
            client.post(f"/api/games/{game['id']}/actions", json={"action": first_action(snap)},
                        headers=auth(game["one_screen"]))
        standing = state(client, game["id"], game["one_screen"])["victory"]["standing"]
        assert standing[0] == "Round 1 of 8." and any(line.startswith(side) for line in standing)
