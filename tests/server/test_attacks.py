"""The web table draws the last attacks each seat has seen (issue 15): the same marks
``warbench render --at N`` draws for that step, made only from the events the seat may see."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.helpers import create, state
from warbench.core.agents import RandomAgent
from warbench.core.engine import Game
from warbench.core.moments import SeenAttacks, scene_at
from warbench.core.registry import ruleset
from warbench.core.scene import attack_to_plain
from warbench.server.snapshot import SPECTATOR

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def _with_attacks(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        snap = state(client, game["id"], game["spectator"])
        if snap["scene"]["attacks"]:
            return snap
        assert time.monotonic() < deadline, "no attack was ever drawn"
        time.sleep(0.05)


def test_the_table_draws_the_last_attacks_as_render_draws_that_step(client: TestClient) -> None:
    """Full Thrust fire (FT-FIRE): the spectator's table carries the attack marks of the
    last step with fire, equal to ``render --at`` that step's, and says which step."""
    game = create(client, "full-thrust", BOTS)
    snap = _with_attacks(client, game)
    step = snap["attacks_step"]
    assert f"of action {step})" in snap["scene"]["title"]
    journal = client.app.state.hub.room(game["id"]).session.journal  # type: ignore[attr-defined]
    rendered = scene_at(journal, ruleset("full-thrust"), at=step)
    assert snap["scene"]["attacks"] == [attack_to_plain(a) for a in rendered.attacks]
    attacks = len(snap["scene"]["attacks"])
    assert [label["text"] for label in snap["scene"]["labels"][-attacks:]] == [
        a.label for a in rendered.attacks
    ]


def test_attacks_are_drawn_only_from_events_the_seat_may_see() -> None:
    """Secrecy: a step's fire made visible to seat 0 alone is drawn for seat 0 only; seat 1
    and the spectators get no mark of it and keep the last attacks they did see."""
    rules = ruleset("hordes")
    game = Game.new(rules, rules.default_setup(), seed=7, players=2)
    seen, bots, step = SeenAttacks(rules, [0, 1, SPECTATOR]), [RandomAgent(0), RandomAgent(1)], 0
    hidden_step = None
    while hidden_step is None and step < 500:
        decision = game.pending()[0]
        first = len(game.events)
        game.apply(decision.player, bots[decision.player].choose(game.observe(decision.player),
                                                                 decision))
        step += 1
        events = game.events[first:]
        if rules.attacks_drawn(game.state, events) and 1 in seen.kept:
            events = [dataclasses.replace(e, visible_to=frozenset({0})) for e in events]
            hidden_step = step
        seen.saw(game.state, step, events)
    assert hidden_step is not None, "no second attack in 500 steps"
    assert seen.last(0)[0] == hidden_step and seen.last(0)[1]
    for viewer in (1, SPECTATOR):
        assert 0 < seen.last(viewer)[0] < hidden_step


def test_a_seats_last_attacks_go_once_it_acts_again_and_a_spectators_stay() -> None:
    """A mark is drawn where its pieces stood: a seat that has acted since has seen it and
    its pieces may have moved on (a HORDES charger left an old arrow pointing at empty
    table). Seat by seat, the marks go at that seat's next action drawing none; the other
    seat's and the spectator's stay until they see newer attacks."""
    rules = ruleset("hordes")
    game = Game.new(rules, rules.default_setup(), seed=7, players=2)
    seen, bots, step = SeenAttacks(rules, [0, 1, SPECTATOR]), [RandomAgent(0), RandomAgent(1)], 0
    checked = 0
    while checked < 5 and step < 800:
        decision = game.pending()[0]
        actor, first = decision.player, len(game.events)
        before = {viewer: seen.last(viewer) for viewer in (0, 1, SPECTATOR)}
        game.apply(actor, bots[actor].choose(game.observe(actor), decision))
        step += 1
        events = game.events[first:]
        seen.saw(game.state, step, events, actor)
        if before[actor][1] and not rules.attacks_drawn(game.state, events):
            assert seen.last(actor) == (0, ())  # the actor's old marks are gone
            other = 1 - actor
            assert seen.last(other) == before[other]  # the other seat's stay
            assert seen.last(SPECTATOR) == before[SPECTATOR]
            checked += 1
    assert checked == 5, "too few actions after an attack in 800 steps"
