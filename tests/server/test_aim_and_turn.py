"""A click or a drag on the board that must fill in what a form leaves out: an enemy clicked
while the attack form names no guns gets a legal attack on it (the web table's own
behaviour, no rule of the game: its odds shown); a piece turned on the spot by dragging its rotate
handle gets the ruleset's turn, previewed with its ghost and the rules' reason."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.test_board import _game, _has_space, _play_until, _shape, _space, _take
from warbench.server.consider import consider
from warbench.server.session import MalformedAction
from warbench.server.snapshot import snapshot


def test_dystopian_wars_an_enemy_clicked_with_no_guns_chosen_gets_a_legal_attack() -> None:
    """The Fire form with its ``guns`` empty, aimed at an enemy: the guns come from a legal
    attack on that model, the note says so, the verdict is legal with its exact odds, and
    the engine takes it as it is."""
    from warbench.rulesets.dystopian_wars.actions import Fire

    game = _game("dystopian-wars")
    decision = _play_until(game, lambda d: any(isinstance(o, Fire) for o in d.options))
    seat = decision.player
    legal = next(o for o in decision.options if isinstance(o, Fire))
    target = game.ruleset.action_target(game.observe(seat).state, legal)
    reply = consider(game, seat, {"aim": {"label": target, "action": {"type": "fire"}}})
    assert reply["action"] is not None and reply["target"] == target
    assert reply["reason"] is None and reply["odds"] is not None
    assert "guns" in reply["note"] and target in reply["note"]
    # Guns the person chose are kept (no note): the click only sets the target.
    chosen = {"type": "fire", "guns": [list(gun) for gun in legal.guns]}
    kept = consider(game, seat, {"aim": {"label": target, "action": chosen}})
    assert kept["action"]["guns"] == chosen["guns"] and kept["note"] == ""
    game.apply(seat, game.ruleset.codec.decode(reply["action"]))


def _turn(game: Any, seat: int, label: str, heading: float) -> dict[str, Any]:
    return consider(game, seat, {"turn": {"label": label, "heading": heading}})


def test_robogear_a_unit_turned_on_the_spot_faces_where_its_ghost_faced() -> None:
    """ROBOGEAR turns: Shift+drag asks for the unit's turn on the spot; its ghost stands
    where the unit is, facing the new way, with the rules' verdict; taken, the unit faces
    exactly that way."""
    from warbench.rulesets.robogear.moves import TurnSpace

    game = _game("robogear")
    decision = _play_until(game, _has_space(TurnSpace))
    seat = decision.player
    unit = game.state.units[_space(decision, TurnSpace).units[0]]
    piece = _shape(game, seat, f"{unit.id} ")
    heading = (unit.facing + 90.0) % 360.0
    reply = _turn(game, seat, piece["label"], heading)
    assert reply["action"] == {"type": "rg-turn", "unit": unit.id, "facing": heading}
    (ghost,) = reply["ghosts"]
    assert (ghost["x"], ghost["y"], ghost["heading"]) == (unit.x, unit.y, heading)
    assert reply["reason"] is None
    _take(game, seat, reply)
    assert game.state.units[unit.id].facing == heading
    enemy = next(s for s in snapshot(game, seat)["scene"]["shapes"]
                 if s.get("player") not in (None, seat))
    assert _turn(game, seat, enemy["label"], 0.0)["reason"].endswith("cannot turn on the "
                                                                     "spot now")


def test_dystopian_wars_a_land_model_turned_pivots_within_its_limit() -> None:
    """Dystopian Wars pivots (DW-LAND-PIVOT): a tank with its move to make, turned, pivots
    by the signed turn of least size (ghost on the spot, facing the new way) and, taken,
    faces there; a land ship turned 120 degrees is refused with the rule's limit; a model
    that may not pivot now is told so."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted, setup, squadron
    from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Idle
    from warbench.rulesets.dystopian_wars.setup import octagon

    game = scripted(setup(
        [squadron("britannia-tank", (10.0, 10.0, 0.0)),
         squadron("britannia-land-ship", (30.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0))],
        surface="land",  # the tanks' table; the battleship afloat on a lake
        terrain=[{"name": "the Mere", "kind": "water", "density": "dense",
                  "points": octagon(36.0, 38.0, 9.0)}],
    ), (*P0_FIRST, *P0_FIRST))
    play(game, Activate(0))
    tank, ship = game.state.models[0], game.state.models[2]
    reply = _turn(game, 0, tank.name, 315.0)
    assert reply["action"] == {"type": "pivot", "model": 0, "degrees": -45.0}
    assert reply["reason"] is None
    (ghost,) = reply["ghosts"]
    assert (ghost["x"], ghost["y"], ghost["heading"]) == (tank.x, tank.y, 315.0)
    assert _turn(game, 0, ship.name, 90.0)["reason"] == f"{ship.name} cannot turn on the spot now"
    _take(game, 0, reply)
    assert game.state.models[0].heading == ghost["heading"]
    play(game, CeaseFire(), Activate(2), Idle(), Activate(1))
    land_ship = game.state.models[1]
    refused = _turn(game, 0, land_ship.name, 120.0)
    assert refused["action"]["type"] == "pivot" and "at most 90 degrees" in refused["reason"]


def test_hordes_a_model_turned_on_the_spot_makes_a_leg_of_no_length() -> None:
    """HORDES: the model moving, turned, takes a leg of no length (costing no movement)
    that ends facing the new way; taken, it stands where it stood, facing there."""
    from warbench.rulesets.hordes.movement import MoveSpace

    game = _game("hordes")
    decision = _play_until(game, _has_space(MoveSpace))
    seat = decision.player
    model = game.state.models[_space(decision, MoveSpace).model]
    piece = next(s for s in snapshot(game, seat)["scene"]["shapes"]
                 if s["label"].startswith(game.ruleset.data.models[model.card].name)
                 and (s["x"], s["y"]) == (model.x, model.y))
    heading = round((model.heading + 120.0) % 360.0, 1)
    reply = _turn(game, seat, piece["label"], heading)
    assert reply["reason"] is None and reply["action"]["type"] == "move"
    _take(game, seat, reply)
    turned = game.state.models[model.uid]
    assert (turned.x, turned.y, turned.heading) == (model.x, model.y, heading)


def test_a_turn_request_names_its_problems() -> None:
    """A malformed turn names the field; nothing is taken."""
    game = _game("robogear")
    for bad, field in (({"heading": 3}, "turn.label"), ({"label": "x", "heading": "n"},
                                                        "turn.heading")):
        with pytest.raises(MalformedAction, match=field):
            consider(game, 0, {"turn": bad})
