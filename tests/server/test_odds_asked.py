"""A decision of too many options for their odds to come with the snapshot
(``snapshot.ODDS_OPTIONS``: a Dystopian Wars squadron's attacks, a HORDES warlock's moves
and blows run past forty) is marked ``odds_asked``, and the odds of each option are the
server's answer to ``odds_of``: the same numbers the snapshot gives a smaller decision,
from the seat's observation, none for an option another seat owes."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted
from tests.rulesets.dystopian_wars.test_boarding import ALONGSIDE
from tests.server.helpers import Socket, create, state
from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Move
from warbench.server import snapshot as snapshots
from warbench.server.consider import odds_of
from warbench.server.session import MalformedAction
from warbench.server.snapshot import snapshot

PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def alongside_boarding() -> Any:
    """A Dystopian Wars cruiser alongside an enemy, offered its Board options (their odds:
    DW-ODDS-BOARDING)."""
    game = scripted(ALONGSIDE, [*P0_FIRST, *[1] * 40])
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    return game


def test_a_decision_of_many_options_is_sent_without_their_odds_and_answers_each_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DW-ODDS-BOARDING through ``odds_of``: each option of a decision over the limit is
    answered with the very odds a decision under it carries; an option that declares no
    attack has none, and neither has the other seat, who owes nothing."""
    game = alongside_boarding()
    whole = snapshot(game, 0)["decisions"][0]
    assert not whole["odds_asked"]
    with_odds = [option for option in whole["options"] if "odds" in option]
    assert with_odds and len(with_odds) < len(whole["options"])
    monkeypatch.setattr(snapshots, "ODDS_OPTIONS", len(whole["options"]) - 1)
    asked = snapshot(game, 0)["decisions"][0]
    assert asked["odds_asked"] and not any("odds" in option for option in asked["options"])
    step = snapshot(game, 0)["step"]
    for option in whole["options"]:
        reply = odds_of(game, 0, {"action": option["action"], "step": step})
        assert reply == {"type": "odds_of", "action": option["action"], "step": step,
                         "odds": option.get("odds")}
        assert odds_of(game, 1, {"action": option["action"]})["odds"] is None
    with pytest.raises(MalformedAction, match="malformed action"):
        odds_of(game, 0, {"action": {"type": "no-such-action"}})
    with pytest.raises(MalformedAction, match="the option whose odds are asked"):
        odds_of(game, 0, [1, 2])


def test_odds_of_over_the_websocket_answers_a_seat_and_refuses_a_spectator(
    client: TestClient,
) -> None:
    """A seat's ``odds_of`` comes back with the action and step it sent (a written order
    declares no attack: no odds); a spectator is refused, and a malformed action is named,
    the connection kept open."""
    game = create(client, "full-thrust", PEOPLE)
    snap = state(client, game["id"], game["seats"][0]["link"])
    action = snap["decisions"][0]["options"][0]["action"]
    socket = Socket(client, game["id"], game["seats"][0]["link"])
    socket.next_of("state")
    socket.send({"type": "odds_of", "action": {"type": "no-such-action"}})
    assert "malformed action" in socket.next_of("error")["message"]
    socket.send({"type": "odds_of", "action": action, "step": snap["step"]})
    reply = socket.next_of("odds_of")
    assert reply == {"type": "odds_of", "action": action, "step": snap["step"], "odds": None}
    socket.close()
    watcher = Socket(client, game["id"], game["spectator"])
    watcher.next_of("state")
    watcher.send({"type": "odds_of", "action": action})
    assert watcher.next_of("error")["message"] == "a spectator cannot act"
    watcher.close()
