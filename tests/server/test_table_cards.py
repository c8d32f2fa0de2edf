"""A click on any piece of a seat's table opens its stat card: every ruleset's pieces carry
the catalog id of the unit they show (Armada's fleets their template, Dystopian Wars' wings
of flyers their class), and the server answers that id's card."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from warbench.core.engine import Game
from warbench.core.registry import available_rulesets, ruleset
from warbench.server.snapshot import snapshot

#: Shapes that are areas of the table (terrain, a control range), not pieces.
AREAS = ("polygon", "ring")


def _table_with_pieces(ruleset_id: str) -> Game[Any, Any]:
    """A fresh game, played by random bots until both sides have pieces on the table
    (ROBOGEAR starts with the table empty: its armies deploy first)."""
    rules = ruleset(ruleset_id)
    game = Game.new(rules, rules.default_setup_with({}, 2), seed=3, players=2)
    agents = [rules.bots()["random"](seat) for seat in (0, 1)]
    for _ in range(400):
        owners = {s["player"] for s in _pieces(game)}
        if owners >= {0, 1}:
            return game
        decision = game.pending()[0]
        game.apply(decision.player, agents[decision.player].choose(
            game.observe(decision.player), decision))
    raise AssertionError(f"{ruleset_id}: no pieces of both sides on the table")


def _pieces(game: Game[Any, Any], seat: int = 0) -> list[dict[str, Any]]:
    shapes = snapshot(game, seat)["scene"]["shapes"]
    return [s for s in shapes if s.get("player") is not None and s["kind"] not in AREAS]


def _unscanned(game: Game[Any, Any], seat: int) -> set[str]:
    """The Armada fleets whose statistics ``seat`` has not learned (ARM-OFF-SCAN)."""
    if game.ruleset.id != "armada":
        return set()
    view = game.view(seat)
    return {fleet["name"] for fleet, known in zip(view["fleets"], view["known"], strict=True)
            if known < 1}


@pytest.mark.parametrize("ruleset_id", available_rulesets())
def test_every_piece_on_the_table_opens_its_stat_card(client: TestClient,
                                                      ruleset_id: str) -> None:
    """Each seat's every piece (its own and the enemy's) names a catalog unit whose card
    ``GET /api/rulesets/{id}/catalog/{unit}`` answers: no click meets "no catalog entry".
    An Armada fleet the seat has not scanned names none: its template is what a scan
    teaches (ARM-OFF-SCAN)."""
    game = _table_with_pieces(ruleset_id)
    cards: dict[str, dict[str, Any]] = {}
    for seat in (0, 1):
        unscanned = _unscanned(game, seat)
        for piece in _pieces(game, seat):
            if piece["label"] in unscanned:
                assert not piece.get("unit"), f"{piece['label']!r} shows what a scan teaches"
                continue
            assert piece.get("unit"), f"{ruleset_id}: {piece['label']!r} names no catalog unit"
            unit = piece["unit"]
            if unit not in cards:
                answer = client.get(f"/api/rulesets/{ruleset_id}/catalog/{unit}")
                assert answer.status_code == 200, answer.text
                cards[unit] = answer.json()
            assert cards[unit]["card"] is not None, f"{ruleset_id}: {unit} has no card"


def test_an_armada_fleet_opens_its_templates_card() -> None:
    """Armada: a fleet's card is its template's (class, size and tier), the profile the
    fleet was built from: its speed and turn distance agree with the fleet's (its hull and
    shields, which a flagship or officers may raise, are in its label)."""
    game = _table_with_pieces("armada")
    fleet = game.state.fleets[0]
    piece = next(s for s in _pieces(game) if s["label"] == fleet.name)
    assert piece["unit"] == f"{fleet.fleet_class}-{fleet.size}-t{fleet.tier}"
    card = game.ruleset.unit_card(piece["unit"]).to_plain()
    stats = dict(card["stats"])
    assert (stats["speed"], stats["turn"]) == (str(fleet.speed), str(fleet.turn_distance))
