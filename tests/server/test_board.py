"""Parameter spaces set through the board, for every ruleset: a dragged piece's move
previewed by the ruleset's own movement (legal, or refused with the rules' reason) and
ending exactly on its ghost once taken; placements previewed; a clicked piece set as the
target of a parameter space's form, with the exact odds where the ruleset has them."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import auth, create, state
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.core.registry import ruleset
from warbench.core.rng import RandomStream
from warbench.rulesets.robogear.actions import Regroup
from warbench.server.consider import consider
from warbench.server.snapshot import snapshot


def _game(ruleset_id: str, seed: int = 3) -> Game[Any, Any]:
    rules = ruleset(ruleset_id)
    return Game.new(rules, rules.default_setup_with({}, 2), seed=seed, players=2)


def _play_until(game: Game[Any, Any], wanted: Callable[[Decision], bool], limit: int = 400,
                bot: str = "random") -> Decision:
    """Play (random legal choices, or the ruleset's ``bot``) until the first pending
    decision is ``wanted``."""
    agents = [game.ruleset.bots()[bot](seat) for seat in (0, 1)]
    for _ in range(limit):
        decision = game.pending()[0]
        if wanted(decision):
            return decision
        game.apply(decision.player, agents[decision.player].choose(
            game.observe(decision.player), decision))
    raise AssertionError("never reached the decision wanted")


def _has_space(kind: type) -> Callable[[Decision], bool]:
    return lambda decision: any(isinstance(space, kind) for space in decision.spaces)


def _space(decision: Decision, kind: type) -> Any:
    return next(space for space in decision.spaces if isinstance(space, kind))


def _shape(game: Game[Any, Any], seat: int, label_start: str) -> dict[str, Any]:
    return next(s for s in snapshot(game, seat)["scene"]["shapes"]
                if s["label"].startswith(label_start))


def _take(game: Game[Any, Any], seat: int, reply: dict[str, Any]) -> None:
    game.apply(seat, game.ruleset.codec.decode(reply["action"]))


def _ahead(shape: dict[str, Any], forward: float, right: float) -> tuple[float, float]:
    h = math.radians(shape["heading"])
    return (shape["x"] + forward * math.sin(h) + right * math.cos(h),
            shape["y"] + forward * math.cos(h) - right * math.sin(h))


def test_robogear_a_dragged_unit_moves_where_its_ghost_stood_spending_resource() -> None:
    """ROBOGEAR movement: a unit dragged ahead moves straight (its chassis' direction),
    the words say the resource spent; taken, the unit stands on the ghost; dragged far
    beyond its resource, the move is refused with the rule's reason."""
    from warbench.rulesets.robogear.moves import MoveSpace

    game = _game("robogear")
    decision = _play_until(game, _has_space(MoveSpace))
    seat = decision.player
    unit = game.state.units[_space(decision, MoveSpace).units[0]]
    piece = _shape(game, seat, f"{unit.id} ")
    far = _ahead(piece, 60.0, 0.0)
    refused = consider(game, seat, {"drag": {"label": piece["label"], "x": far[0], "y": far[1]}})
    assert refused["reason"] is not None and "resource" in refused["reason"]
    tries = [_ahead(piece, forward, right) for forward, right in ((2, 0), (0, 2), (0, -2))]
    replies = [consider(game, seat, {"drag": {"label": piece["label"], "x": x, "y": y}})
               for x, y in tries]
    near, reply = next((p, r) for p, r in zip(tries, replies, strict=True) if r["reason"] is None)
    assert reply["action"]["type"] == "rg-move" and "resource" in reply["text"]
    (ghost,) = reply["ghosts"]
    assert math.hypot(ghost["x"] - near[0], ghost["y"] - near[1]) < 0.05
    left = unit.points_left
    _take(game, seat, reply)
    moved = game.state.units[unit.id]
    assert (moved.x, moved.y, moved.facing) == (ghost["x"], ghost["y"], ghost["heading"])
    assert f"{left - moved.points_left} resource" in reply["text"]


def test_robogear_a_clicked_enemy_becomes_the_shoot_forms_target_with_its_odds() -> None:
    """ROBOGEAR shooting: the Shoot form (unit and weapon set, no target) aimed at a
    clicked enemy gets that enemy's number as its target, named back by its label, with
    the exact odds of the shot; a friendly piece is no target."""
    from warbench.rulesets.robogear.actions import Shoot

    game = _game("robogear")

    def aimed(option: object) -> bool:  # a plain aimed shot (no template, not indirect)
        if not isinstance(option, Shoot) or option.at_pilot or option.indirect:
            return False
        unit = game.state.units[option.unit]
        weapon = game.ruleset.data.units[unit.type].weapons[option.weapon]
        return not {"blast", "flamer", "indirect"} & set(weapon.traits)

    decision = _play_until(game, lambda d: any(aimed(o) for o in d.options), bot="commander")
    seat = decision.player
    shot = next(o for o in decision.options if aimed(o))
    target = _shape(game, seat, f"{shot.target} ")
    form = {"type": "rg-shoot", "unit": shot.unit, "weapon": shot.weapon}
    reply = consider(game, seat, {"aim": {"label": target["label"], "action": form}})
    assert reply["action"]["target"] == shot.target and reply["target"] == target["label"]
    assert reply["reason"] is None
    weapon = game.ruleset.data.units[game.state.units[shot.unit].type].weapons[shot.weapon]
    assert not {"blast", "flamer", "indirect"} & set(weapon.traits)  # an aimed shot: odds
    assert reply["odds"] is not None and reply["odds"]["mean"] > 0.0
    own = _shape(game, seat, f"{shot.unit} ")
    mine = consider(game, seat, {"aim": {"label": own["label"], "action": form}})
    assert mine["action"] is None or mine["reason"] is not None
    # A click on one's own piece sets the form's acting unit instead (the target kept).
    aimed_form = {**form, "unit": -1, "target": shot.target}
    acting = consider(game, seat, {"aim": {"label": own["label"], "action": aimed_form,
                                           "field": "unit"}})
    assert acting["action"]["unit"] == shot.unit and acting["action"]["target"] == shot.target
    assert acting["reason"] is None


def test_robogear_a_pilot_shot_aimed_at_a_closed_machine_is_a_plain_shot_in_words() -> None:
    """RG-PILOT-OPEN on the web table: the Shoot form set on a shot at an open machine's
    pilot, aimed by a click at another enemy, whose cabin is closed, becomes a plain shot
    at it: its words no longer speak of a pilot (they name the weapon and the target), and
    the verdict is that shot's own (legal here), not the pilot rule's refusal. The pilot
    shot itself is named as one, with its odds."""
    from warbench.core.agents import RandomAgent
    from warbench.core.match import play_next_decision
    from warbench.rulesets.robogear.actions import Shoot

    rules = ruleset("robogear")

    def pilot_shot_offered(game: Game) -> bool:
        return any(isinstance(o, Shoot) and o.at_pilot for o in game.pending()[0].options)

    for seed in range(3, 40):  # the first seeded random game that offers a pilot shot
        game = Game.new(rules, rules.default_setup(), seed=seed, players=2)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while not game.is_over and not pilot_shot_offered(game):
            play_next_decision(game, agents)
        if not game.is_over:
            break
    decision = game.pending()[0]
    seat, options = decision.player, decision.options
    pilot = next(o for o in options if isinstance(o, Shoot) and o.at_pilot)
    plain = next(o for o in options if isinstance(o, Shoot) and not o.at_pilot
                 and (o.unit, o.weapon) == (pilot.unit, pilot.weapon) and o.target != pilot.target
                 and rules.data.units[game.state.units[o.target].type].cockpit == "closed")
    label = _shape(game, seat, f"{plain.target} ")["label"]
    reply = consider(game, seat, {"aim": {"label": label, "action": pilot.to_plain()}})
    assert reply["action"] == plain.to_plain()
    assert reply["reason"] is None and "pilot" not in reply["text"]
    weapon = rules.data.units[game.state.units[pilot.unit].type].weapons[pilot.weapon].name
    assert reply["text"].endswith(f"fires its {weapon} at {label}")
    own = consider(game, seat, {"action": pilot.to_plain()})  # the pilot shot says so
    assert own["reason"] is None and own["text"].endswith(
        f"at the pilot of {rules.action_target(game.state, pilot)}")
    # with its exact odds: the lives the pilot loses (tests/robogear/test_pilot_odds.py)
    assert own["odds"]["outcome"] == "pilot lives lost" and own["odds"]["mean"] > 0
    assert own["odds"]["outcomes"]["hit"] > 0


def test_dystopian_wars_a_dragged_model_turns_within_its_move_and_ends_on_its_ghost() -> None:
    """DW movement (DW-MOVE): dragged ahead and to the side, the move runs straight, turns
    (using part of the move) and ends on its ghost once taken; dragged short of the minimum
    move, the rules' reason is shown."""
    from warbench.rulesets.dystopian_wars.movement import MoveSpace

    game = _game("dystopian-wars")
    decision = _play_until(game, _has_space(MoveSpace))
    seat = decision.player
    model = game.state.models[_space(decision, MoveSpace).movers[0]]
    piece = _shape(game, seat, model.name)
    spec = game.ruleset.data.models[model.cls]
    if spec.min_move > 0:
        short = _ahead(piece, spec.min_move / 4, 0.0)
        reply = consider(game, seat, {"drag": {"label": piece["label"], "x": short[0],
                                               "y": short[1]}})
        assert reply["reason"] is not None and "minimum" in reply["reason"]
    point = _ahead(piece, spec.mv * 0.5, 2.0)
    reply = consider(game, seat, {"drag": {"label": piece["label"], "x": point[0], "y": point[1]}})
    assert reply["reason"] is None, reply
    assert len(reply["action"]["path"]) == 3 and reply["action"]["path"][1] > 0  # a turn
    (ghost,) = reply["ghosts"]
    assert math.hypot(ghost["x"] - point[0], ghost["y"] - point[1]) < 0.5
    _take(game, seat, reply)
    moved = game.state.models[model.uid]
    assert (round(moved.x, 3), round(moved.y, 3), round(moved.heading, 3)) == (
        ghost["x"], ghost["y"], ghost["heading"])


def test_hordes_a_dragged_model_advances_or_runs_and_ends_on_its_ghost() -> None:
    """HOR-MOVE-ADVANCE / HOR-MOVE-RUN: a drag within SPD is an advance, past it a run,
    beyond twice SPD refused with the rule; taken, the model stands on the ghost facing
    the way it went. A placement is previewed with its base."""
    from warbench.rulesets.hordes.deployment import DeploySpace
    from warbench.rulesets.hordes.movement import MoveSpace
    from warbench.rulesets.hordes.names import model_label

    game = _game("hordes")
    placing = _play_until(game, _has_space(DeploySpace))
    place = _space(placing, DeploySpace).sample(RandomStream.from_seed(1), 1)[0]
    placed = consider(game, placing.player, {"action": place.to_plain()})
    (ghost,) = placed["ghosts"]
    assert placed["reason"] is None and ghost["size"] > 0
    assert (ghost["x"], ghost["y"]) == (place.x, place.y)
    decision = _play_until(game, lambda d: _has_space(MoveSpace)(d) and len(
        _space(d, MoveSpace).allowances) == 2)
    seat = decision.player
    space = _space(decision, MoveSpace)
    model = game.state.models[space.model]
    label = model_label(game.ruleset.data, game.state.models, model)
    toward = -1.0 if model.y > 24 else 1.0
    spd = space.allowances[False]
    answers = [consider(game, seat, {"drag": {"label": label, "x": model.x,
                                               "y": model.y + toward * spd * share}})
               for share in (0.5, 1.5, 2.5)]
    assert [a["action"]["run"] for a in answers] == [False, True, True]
    assert "HOR-MOVE" in answers[2]["reason"]
    good = next(a for a in answers[:2] if a["reason"] is None)
    (ghost,) = good["ghosts"]
    _take(game, seat, good)
    moved = game.state.models[model.uid]
    assert (moved.x, moved.y, moved.heading) == (ghost["x"], ghost["y"], ghost["heading"])


def test_armada_a_fleet_dragged_to_a_hex_moves_there_as_the_ghost_showed() -> None:
    """ARM-MOVE: a fleet dragged two hexes ahead takes the ordinary move there, ghost on
    that hex facing ahead; taken, the fleet stands there. Dragged past its speed: refused
    with the rules' reason."""
    from warbench.rulesets.armada.helm import MoveSpace
    from warbench.rulesets.armada.names import fleet_label
    from warbench.rulesets.armada.picture import hex_at, hex_centre

    game = _game("armada")
    decision = _play_until(game, _has_space(MoveSpace))
    seat = decision.player
    fleet = game.state.fleets[_space(decision, MoveSpace).fleets[0]]
    label = fleet_label(game.state, fleet)
    ahead, far = fleet.pose.forward().forward(), fleet.pose
    for _ in range(9):
        far = far.forward()
    x, y = hex_centre(game.state, far.hex)
    refused = consider(game, seat, {"drag": {"label": label, "x": x, "y": y}})
    assert refused["reason"] is not None and "speed" in refused["reason"]
    x, y = hex_centre(game.state, ahead.hex)
    reply = consider(game, seat, {"drag": {"label": label, "x": x, "y": y}})
    assert reply["reason"] is None and reply["action"]["steps"] == "FF", reply
    (ghost,) = reply["ghosts"]
    before = game.state
    landed = hex_at(before, ghost["x"], ghost["y"])
    _take(game, seat, reply)
    moved = game.state.fleets[fleet.id]
    assert (landed, ghost["heading"]) == (moved.hex, 60.0 * moved.facing)


def test_an_aim_request_names_its_problems(client: TestClient) -> None:
    """A click aimed at a form: malformed requests get 400 naming the field; a piece the
    form cannot aim at gets a clear answer, nothing taken."""
    game = create(client, "robogear", [{"kind": "person"}, {"kind": "person"}])
    link = game["seats"][0]["link"]
    for body, words in (
        ({"aim": {"action": {"type": "rg-shoot"}}}, "aim.label"),
        ({"aim": {"label": "x", "action": 3}}, "aim.action"),
        ({"aim": {"label": "x", "action": {"type": "no-such"}}}, "no action"),
        ({"aim": {"label": "x", "action": {"type": "rg-shoot"}, "field": "nope"}}, "aim.field"),
    ):
        reply = client.post(f"/api/games/{game['id']}/consider", json=body, headers=auth(link))
        assert reply.status_code == 400 and words in reply.json()["detail"], reply.text
    reply = client.post(f"/api/games/{game['id']}/consider", headers=auth(link), json={
        "aim": {"label": "nobody", "action": {"type": "rg-shoot", "unit": 0, "weapon": 0}}})
    assert reply.status_code == 200 and reply.json()["reason"] == "nobody is not on the table"
    assert state(client, game["id"], link)["step"] == 0


def test_robogear_activations_and_regroupings_name_units_by_their_numbers_on_the_board() -> None:
    """Four players: seat 3's squads are offered by the units' names and the numbers its
    pieces carry on the board (31 to 41), never by the element numbers (21 to 27), which
    are other seats' unit numbers; a regrouping names both squads, passing says so."""
    rules = ruleset("robogear")
    game = Game.new(rules, rules.default_setup_with([], 4), seed=11, players=4)
    agents = [rules.bots()["random"](seat) for seat in range(4)]
    regroups: list[str] = []
    for _ in range(200):
        decision = game.pending()[0]
        labels = [o["label"] for d in snapshot(game, decision.player)["decisions"]
                  for o in d["options"]]
        if decision.prompt.startswith("form or disband"):
            regroups = labels if decision.player == 3 else regroups
            game.apply(decision.player, Regroup())  # every seat passes: squads as listed
            continue
        if decision.player == 3 and decision.prompt.startswith("choose a squad"):
            break
        game.apply(decision.player, agents[decision.player].choose(
            game.observe(decision.player), decision))
    assert "activate Anvil battle tank 31" in labels
    assert "activate Ferrum rifleman 35, 36, 37, 38" in labels
    pieces = {s["label"] for s in snapshot(game, 3)["scene"]["shapes"] if s.get("player") == 3}
    assert {"31 Anvil battle tank", "35 Ferrum rifleman"} <= pieces
    assert not any("element" in label for label in labels)
    assert regroups[0] == "pass: no more regrouping this round"
    assert "Anvil battle tank 31 joins Strider walker 32" in regroups


def test_dystopian_wars_a_model_dragged_to_its_full_move_goes_straight_and_legal() -> None:
    """DW-MV, DW-MOVE: a cruiser dragged straight ahead to the end of its move, a hair to one
    side, makes the straight move, legal, rather than a nearer one turning towards the
    pointer that the turn's inch takes past the allowance; dragged a little short, straight
    on too, and its words give the whole run ("5.5" ahead"), not a run hidden by a turn of
    less than a degree."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted, setup, squadron
    from warbench.rulesets.dystopian_wars.actions import Activate
    from warbench.rulesets.dystopian_wars.movement import limits_for

    game = scripted(setup([squadron("britannia-cruiser", (30.0, 10.0, 0.0))],
                          [squadron("prussia-battleship", (48.0, 44.0, 180.0))]), P0_FIRST)
    play(game, Activate(0))
    cruiser = game.state.models[0]
    allowance = limits_for(game.state, game.ruleset.data, cruiser).allowance
    for ahead, side in ((allowance, 0.3), (allowance - 0.5, 0.05), (allowance - 0.5, -0.05)):
        reply = consider(game, 0, {"drag": {"label": "Warden 1", "x": cruiser.x + side,
                                            "y": cruiser.y + ahead}})
        assert reply["reason"] is None, (ahead, side, reply["reason"])
        assert reply["action"]["path"] == [round(ahead, 2)], reply["action"]
        assert reply["text"] == f'Warden 1: {ahead:.3g}" ahead'


def _stem(label: str) -> str:
    """A piece's label without the count that changes as it fights (a Dystopian Wars wing's
    tokens, ``x4``; a Full Thrust group's fighters, ``(6)``)."""
    return re.sub(r" (x\d+|\(\d+\))$", "", label)


@pytest.mark.parametrize("ruleset_id", ["dystopian-wars", "robogear", "hordes", "armada",
                                        "full-thrust"])
def test_every_piece_keeps_its_key_on_the_board_all_game(ruleset_id: str) -> None:
    """The key a crowded table draws on a piece (and its legend row) is the piece's own
    number, given by its ruleset, never its place in the picture: mines dropped, wings
    launched, fighters and salvos let loose, models removed or a warlock's control ring gone
    leave every other piece's key as it was, each key names one piece all game, and no two
    pieces of one table share a key."""
    game = _game(ruleset_id, seed=5)
    agents = [game.ruleset.bots()["random"](seat) for seat in (0, 1)]
    named: dict[str, str] = {}
    places: dict[str, set[int]] = {}
    for _ in range(400):
        if game.outcome is not None:
            break
        shapes = game.ruleset.scene(game.observe(0).state, {}).to_plain()["shapes"]
        pieces = [s for s in shapes if "player" in s and s["kind"] not in ("polygon", "ring")]
        keys = [s.get("key", "") for s in pieces]
        assert all(keys), [s["label"] for s in pieces if not s.get("key")]
        assert len(set(keys)) == len(keys), keys
        for shape in pieces:
            assert named.setdefault(shape["key"], _stem(shape["label"])) == _stem(shape["label"])
            places.setdefault(shape["key"], set()).add(shape["index"])
        decision = game.pending()[0]
        game.apply(decision.player, agents[decision.player].choose(
            game.observe(decision.player), decision))
    if not any(len(seen) > 1 for seen in places.values()):
        # nothing left this game before the end (a ROBOGEAR unit lost, a HORDES warlock and
        # its control ring): take the first such piece off and look again
        state = game.state
        if ruleset_id == "robogear":
            next(unit for unit in state.units if unit.alive).alive = False
        else:
            next(model for model in state.models if not model.beast).alive = False
        for shape in _scene_pieces(game):
            assert named[shape["key"]] == _stem(shape["label"])
            places[shape["key"]].add(shape["index"])
    # shapes came or went before some piece (its place in the picture moved), and its key
    # stayed
    assert any(len(seen) > 1 for seen in places.values())


def test_dystopian_wars_a_model_keeps_its_key_when_a_mine_drops_or_a_wing_launches() -> None:
    """The walk of journey 2: Albion was 5 on the board, then 7 after two mines were dropped.
    Each model is keyed by its id (the number its forms and refusals use), each mine by
    ``m`` and its id: neither a mine dropped nor a wing launched renumbers anyone."""
    from warbench.rulesets.dystopian_wars.actions import Launch, Move

    game = _game("dystopian-wars", seed=5)
    state0 = game.state
    albion = next(m for m in state0.models if m.name == "Albion")
    before = {s["label"]: s.get("key") for s in _scene_pieces(game)}
    assert before["Albion"] == str(albion.uid)
    agents = [game.ruleset.bots()["commodore"](seat) for seat in (0, 1)]
    mines = launched = 0
    for _ in range(600):
        if game.outcome is not None or (mines and launched):
            break
        decision = game.pending()[0]
        action = agents[decision.player].choose(game.observe(decision.player), decision)
        mines += isinstance(action, Move) and action.mine_at >= 0
        launched += isinstance(action, Launch)
        game.apply(decision.player, action)
    assert mines and launched
    after = _scene_pieces(game)
    assert any(s["label"] == "mine" and s["key"].startswith("m") for s in after)
    for shape in after:
        if shape["label"] in before:
            assert shape["key"] == before[shape["label"]], shape["label"]
        uid = next((m.uid for m in game.state.models if m.name == _stem(shape["label"])), None)
        if uid is not None:
            assert shape["key"] == str(uid)


def _scene_pieces(game: Game[Any, Any]) -> list[dict[str, Any]]:
    shapes = game.ruleset.scene(game.observe(0).state, {}).to_plain()["shapes"]
    return [s for s in shapes if "player" in s and s["kind"] not in ("polygon", "ring")]
