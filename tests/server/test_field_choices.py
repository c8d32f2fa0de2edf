"""A parameter space's form lists the fields that name a piece as choices in words (the
seat's own labels of them), each a value some legal action gives that field; yes/no
fields are a choice of no and yes; other fields stay typed. A weapon is listed for the
chosen unit alone; a Dystopian Wars attack's guns are boxes to tick, the targets listed for
each set of guns fired together; a value outside the lists comes back in words (or said to
name nothing). HORDES' forms: test_field_choices_hordes.py."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from itertools import combinations, product
from pathlib import Path
from typing import Any

import pytest

from tests.server.test_board import _game, _play_until
from warbench.core.decisions import Decision
from warbench.core.rng import RandomStream
from warbench.server.snapshot import snapshot


def _drawing(tag: str) -> Callable[[Decision], bool]:
    """Whether a decision has a space of ``tag`` that draws legal actions."""
    def wanted(decision: Decision) -> bool:
        return any(tag == space.action_type.TAG and space.sample(RandomStream.from_seed(1), 1)
                   for space in decision.spaces)
    return wanted


def _form(snap: dict[str, Any], tag: str) -> dict[str, dict[str, Any]]:
    space = next(s for d in snap["decisions"] for s in d["spaces"] if s["type"] == tag)
    return {field["name"]: field for field in space["fields"]}


def _choices(field: dict[str, Any]) -> dict[Any, str]:
    return {value: words for value, words in field["choices"]}


def test_robogear_shoot_form_lists_units_weapons_and_targets_by_their_labels() -> None:
    from warbench.rulesets.robogear.actions import Shoot

    game = _game("robogear")
    decision = _play_until(game, _drawing("rg-shoot"), bot="commander")
    seat = decision.player
    space = next(s for s in decision.spaces if s.action_type is Shoot)
    snap = snapshot(game, seat)
    form = _form(snap, "rg-shoot")
    labels = {shape["label"] for shape in snap["scene"]["shapes"]}
    units, weapons, targets = (_choices(form[name]) for name in ("unit", "weapon", "target"))
    assert units and targets and weapons
    # every unit and target reads as the seat's label of that piece on the table
    for number, words in {**units, **targets}.items():
        assert words in labels and words.startswith(f"{number} "), words
    assert all(not words.isdigit() for words in weapons.values())
    # every target listed is one some listed shooter may shoot with some listed weapon
    for target in targets:
        assert any(space.validate(Shoot(unit, weapon, target)) is None
                   for unit, weapon in product(units, weapons)), targets[target]
    assert form["at_pilot"]["choices"] == [[False, "no"], [True, "yes"]]


def test_armada_fire_form_lists_fleets_and_targets_by_name_and_keeps_typed_fields() -> None:
    from warbench.rulesets.armada.actions import Fire

    game = _game("armada")
    decision = _play_until(game, _drawing("armada-fire"))
    seat = decision.player
    space = next(s for s in decision.spaces if s.action_type is Fire)
    snap = snapshot(game, seat)
    form = _form(snap, "armada-fire")
    view = game.observe(seat).state
    fleets, targets = _choices(form["fleet"]), _choices(form["target"])
    assert fleets and targets
    for number, words in {**fleets, **targets}.items():
        assert words == view.fleets[number].name
    assert all(view.fleets[number].side == seat for number in fleets)
    assert all(view.fleets[number].side != seat for number in targets)
    for target in targets:
        assert any(space.validate(Fire(fleet, target)) is None for fleet in fleets)
    assert _choices(form["mine"]) == {-1: "none"}  # the default, in words
    assert form["superweapon"]["choices"] == [[False, "no"], [True, "yes"]]
    assert "choices" not in form["also"]  # a list of fleets: typed


def test_full_thrust_salvo_form_lists_the_launcher_by_its_design_label() -> None:
    """FT-SALVO-LAUNCH, FT-SEQ-ORDNANCE: the salvo launch form lists its ship by name and
    its system by the label the ship's design gives it, numbered among systems alike (a
    weapon and a fire control read the same way: Resolute's 'class-2 beam 1')."""
    from warbench.rulesets.full_thrust.actions import AssignWeapon, DeclareTarget, LaunchSalvo
    from warbench.rulesets.full_thrust.words import system_name

    game = _game("full-thrust")
    rules, lib = game.ruleset, game.ruleset.data
    decision = _play_until(game, _drawing("ft-launch-salvo"))
    space = next(s for s in decision.spaces if s.action_type is LaunchSalvo)
    view = game.observe(decision.player).state
    form = _form(snapshot(game, decision.player), "ft-launch-salvo")
    ships, systems = _choices(form["ship"]), _choices(form["system"])
    assert ships and systems
    for number, words in systems.items():
        assert words == " / ".join(system_name(lib.designs[view.ships[ship].design], number)
                                   for ship in ships)
        assert "launcher" in words
        assert any(space.validate(LaunchSalvo(ship, number, view.ships[ship].x,
                                              view.ships[ship].y)) is None for ship in ships)
    resolute = view.ships.index(next(s for s in view.ships if s.name == "Resolute"))
    assert rules.field_value_words(view, AssignWeapon(resolute, 10), "system") == "class-2 beam 1"
    assert rules.field_value_words(view, AssignWeapon(resolute, 11), "system") == "class-2 beam 2"
    assert rules.field_value_words(view, DeclareTarget(resolute, 2), "control") == "fire control 2"


def test_dystopian_wars_launch_lists_the_wing_by_its_model_name() -> None:
    """DW-LAUNCH, DW-CAP: a carrier's launches name the wing they launch by its model's
    name, as a form listing them would, for either launch (on patrol or on its own)."""
    from tests.rulesets.dystopian_wars.helpers import model, owed, play, refresh, scripted
    from tests.rulesets.dystopian_wars.test_flyers import CARRIER, P0_FIRST
    from warbench.rulesets.dystopian_wars.actions import Activate, Launch
    from warbench.server.choices import field_choices

    game = scripted(CARRIER, P0_FIRST)
    model(game, 1).carried_by = 0
    refresh(game)
    play(game, Activate(0))
    launches = [o for o in owed(game).options if isinstance(o, Launch)]
    view = game.observe(0).state
    assert len(launches) == 2 and view.models[1].name == "Britannic fighter wing"

    def words(action: Any, name: str) -> str | None:
        return game.ruleset.field_value_words(view, action, name)

    assert field_choices({"name": "wing", "type": "int"}, launches, words) == [
        [1, "Britannic fighter wing"]]


def cruisers_declaring() -> Any:
    """DW-LINKED: player 0's three British cruisers (Warden 1 to 3, models 0 to 2) abreast
    after their move, declaring attacks: the Prussian battleship Kaiserin 1 (3) ahead to
    starboard, farther from Warden 1 than from the others, and two frigates (Hagel 1 and 2,
    4 and 5) to port. 21 attacks are offered: each gun alone at each target it reaches,
    and all the guns of a kind that reach a target linked, the strongest first."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted, setup, squadron
    from warbench.rulesets.dystopian_wars.actions import Activate, Move

    game = scripted(setup(
        [squadron("britannia-cruiser", (30.0, 10.0, 0.0), (33.0, 10.0, 0.0), (36.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (48.0, 12.0, 180.0)),
         squadron("prussia-frigate", (20.0, 20.0, 180.0), (24.0, 22.0, 180.0))],
    ), P0_FIRST)
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)), Move(2, (2.0,)))
    return game


def test_dystopian_wars_fire_form_ticks_guns_in_words_and_lists_the_targets_they_reach(
) -> None:
    """DW-LINKED, DW-ACTIONS: the Fire form's guns are not typed: they are boxes to tick,
    each gun that may fire now (every gun of an attack the decision offers) in words, and
    the target list holds, for each set of guns the legal attacks fire together, the
    targets they fire at. Any of the guns of one such set ticked together (fewer than the
    linked attack holds too) at any of its targets is an attack the rules allow; guns of
    two kinds are not. A move's path, a tuple of numbers, stays typed."""
    from warbench.rulesets.dystopian_wars.actions import Fire
    from warbench.rulesets.dystopian_wars.gunnery import FireSpace

    game = cruisers_declaring()
    decision = game.pending()[0]
    space = next(s for s in decision.spaces if isinstance(s, FireSpace))
    fires = [o for o in decision.options if isinstance(o, Fire)]
    assert len(fires) == 21
    form = _form(snapshot(game, 0), Fire.TAG)
    members = {tuple(gun): words for gun, words in form["guns"]["members"]}
    assert set(members) == {gun for fire in fires for gun in fire.guns}
    assert members[(0, "turret")] == "Warden 1's turret"
    assert members[(2, "broadside (port)")] == "Warden 3's broadside (port)"
    assert "choices" not in form["guns"]
    follow = form["target"]["per_members"]
    assert follow["field"] == "guns"
    together = {tuple(tuple(gun) for gun in guns): set(_choices({"choices": choices}))
                for guns, choices in follow["choices"]}
    assert together == {fire.guns: {f.target for f in fires if f.guns == fire.guns}
                        for fire in fires}
    assert together[((1, "turret"), (2, "turret"), (0, "turret"))] == {3}  # the focus first
    for guns, targets in together.items():
        for size in range(1, len(guns) + 1):
            for some in combinations(guns, size):
                for target in targets:
                    assert space.validate(Fire(some, target)) is None, (some, target)
    assert space.validate(Fire(((0, "turret"), (0, "broadside (port)")), 4)) is not None


def test_dystopian_wars_fire_form_keeps_a_gun_split_in_part_to_split_the_rest(
        tmp_path: Path) -> None:
    """DW-SPLIT-FIRE: a battleship's fore turret has split 7 of its 13 dice at Hagel 1;
    the decision no longer offers the turret (it may not fire whole), but the Fire form
    still lists it to tick, at the three frigates it may split the other 6 dice at (not
    Hagel 1 again), each such split legal."""
    from tests.rulesets.dystopian_wars.helpers import catalog_file, play
    from tests.rulesets.dystopian_wars.test_gunnery import battleship_against_frigates
    from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
    from warbench.rulesets.dystopian_wars.actions import Fire

    game = battleship_against_frigates(DystopianWarsRuleset(catalog_file(tmp_path)), [])
    fore = (0, "fore turret")
    play(game, Fire((fore,), 1, 7))
    assert not [o for o in game.pending()[0].options if isinstance(o, Fire) and fore in o.guns]
    form = _form(snapshot(game, 0), Fire.TAG)
    assert [list(fore), "Dauntless's fore turret"] in form["guns"]["members"]
    follow = dict((tuple(tuple(gun) for gun in guns), choices)
                  for guns, choices in form["target"]["per_members"]["choices"])
    assert _choices({"choices": follow[(fore,)]}) == {2: "Hagel 2", 3: "Hagel 3", 4: "Hagel 4"}
    for target in (2, 3, 4):
        assert game.observe(0).check(Fire((fore,), target, 6)) is None


def test_dystopian_wars_fire_form_starts_on_a_whole_attack_not_a_split() -> None:
    """DW-SPLIT-FIRE: the Fire form starts on the first attack the rules list (a whole
    gun), not on its first sampled example, which may split off a die or two: a person
    taking the form as it opens would not expect a split. Forms of spaces listing nothing
    start on an example of their own kind, the one setting fewest fields off their
    defaults."""
    from warbench.rulesets.dystopian_wars.actions import Fire
    from warbench.rulesets.dystopian_wars.gunnery import FireSpace

    game = cruisers_declaring()
    space = next(s for s in game.pending()[0].spaces if isinstance(s, FireSpace))
    snap = snapshot(game, 0)
    (form,) = [s for d in snap["decisions"] for s in d["spaces"]]
    assert form["start"] == next(iter(space.listed() or ())).to_plain()
    assert form["start"]["dice"] == 0 and form["type"] == Fire.TAG
    moving = snapshot(group_turn(), 0)
    for form in (s for d in moving["decisions"] for s in d["spaces"]):
        own = [x for x in form["samples"] if x["type"] == form["type"]]
        assert (form["start"] is None) == (not own)
        if own:
            least = min(_off_defaults(x, form["fields"]) for x in own)
            assert _off_defaults(form["start"], form["fields"]) <= least


def _off_defaults(action: dict[str, Any], fields: list[dict[str, Any]]) -> int:
    return sum(1 for f in fields if "default" in f and action.get(f["name"]) != f["default"])


def test_dystopian_wars_move_form_starts_on_a_move_that_drops_no_mine_and_signals_no_all_stop(
) -> None:
    """DW-ALL-STOP, DW-MINES (USERS journey 2): the Move form opens on a legal move that
    signals no all stop and drops no mine, though the first example drawn may do either: a
    person who picks the model and types the path asks for no all stop and no mine (walked
    in a referee game: the Pickets signalled all stop and the Lancers dropped mines that
    nobody had asked for). Played with random choices until a move's first example asks
    for more than a move."""
    from warbench.rulesets.dystopian_wars.actions import Move

    game = _game("dystopian-wars", 1)
    agents = [game.ruleset.bots()["random"](seat) for seat in (0, 1)]
    for _ in range(40):
        decision = game.pending()[0]
        if any(space.action_type is Move for space in decision.spaces):
            snap = snapshot(game, decision.player)
            form = next(s for d in snap["decisions"] for s in d["spaces"] if s["type"] == Move.TAG)
            first = next(x for x in form["samples"] if x["type"] == Move.TAG)
            if first["all_stop"] or first["mine_at"] >= 0:
                break
        game.apply(decision.player,
                   agents[decision.player].choose(game.observe(decision.player), decision))
    else:
        raise AssertionError("no move's first example asked for an all stop or a mine")
    start = form["start"]
    assert not start["all_stop"] and start["mine_at"] < 0 and not start["backward"]
    assert game.check(decision.player, game.ruleset.codec.decode(start)) is None


def test_dystopian_wars_move_form_keeps_its_path_typed_and_no_attack_folds_the_fire_form(
) -> None:
    """DW-MOVE, DW-RANGE-BANDS: a move's path (inches and degrees) is typed, not a list of
    members. Moved, the cruiser has no gun in reach of the battleship across the table:
    the Fire form, whose space lists the parts of every legal attack and has none, is
    marked not possible (folded away, not left with empty boxes to type guns into)."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted, setup, squadron
    from warbench.rulesets.dystopian_wars.actions import Activate, Fire, Move

    game = scripted(setup([squadron("britannia-cruiser", (30.0, 10.0, 0.0))],
                          [squadron("prussia-battleship", (48.0, 44.0, 180.0))]), P0_FIRST)
    play(game, Activate(0))
    path = _form(snapshot(game, 0), Move.TAG)["path"]
    assert "members" not in path and "choices" not in path
    play(game, Move(0, (2.0,)))
    (space,) = [s for d in snapshot(game, 0)["decisions"] for s in d["spaces"]]
    assert space["type"] == Fire.TAG and space["possible"] is False
    # and says why in words: each gun left, the nearest enemy it may attack and the rules'
    # reason; ack-ack and charges attack no enemy on this table (no flyer, no diver)
    assert space["unavailable"] == (
        "no gun left can reach an enemy: Warden 1's turret, Warden 1's broadside (port),"
        " Warden 1's broadside (starboard) at Kaiserin 1, the nearest enemy they may attack,"
        " 32.9 inches away: Kaiserin 1 is beyond range band 4 (DW-RANGE-BANDS);"
        " Warden 1's ack-ack: no enemy on the table is one it may attack: ack-ack attacks"
        " only flyers (DW-AA-CC-BASICS); Warden 1's concussion charges: no enemy on the table"
        " is one it may attack: concussion charges attack only diving models"
        " (DW-AA-CC-BASICS)")


def group_turn() -> Any:
    """RG-GROUP-GLOBAL: group A's turn, a tank (main cannon, hull gun), a walker (autocannon,
    rocket pod) and a rover (pintle gun) sharing it, a walker and a rover of the enemy's
    ahead of them, and a third enemy far off that no shot reaches."""
    from tests.robogear.helpers import army, battle, put, turn_of

    game = battle(army(*((unit, 1, "group:a") for unit in
                         ("ferrum-tank", "ferrum-walker", "ferrum-rover"))),
                  army(("verdant-walker", 1), ("verdant-rover", 1), ("verdant-walker", 1)))
    for unit, (x, y, facing) in enumerate([(26, 10, 0), (34, 10, 0), (42, 10, 0), (26, 20, 180),
                                           (34, 20, 180), (70, 90, 180)]):
        put(game, unit, x, y, facing)
    turn_of(game, 0)
    return game


def test_robogear_shoot_form_lists_the_chosen_units_own_weapons() -> None:
    """RG-GROUP-GLOBAL, RG-FIRE-ONCE: in a group's turn the Shoot form's weapons are listed
    for each unit that may shoot, that unit's own weapons by their own names, each a shot
    the rules allow now; the list of every unit's weapon numbers (names joined) is left for
    a unit typed by hand. Targets are not narrowed."""
    from warbench.rulesets.robogear.actions import Shoot

    game = group_turn()
    space = next(s for s in game.pending()[0].spaces if s.action_type is Shoot)
    form = _form(snapshot(game, 0), "rg-shoot")
    narrowed = form["weapon"]["per_piece"]
    assert narrowed["field"] == "unit"
    own = {unit: _choices({"choices": choices}) for unit, choices in narrowed["choices"]}
    assert own == {0: {0: "main cannon", 1: "hull gun"}, 1: {0: "autocannon", 1: "rocket pod"},
                   2: {0: "pintle gun"}}
    for unit, weapons in own.items():
        for weapon in weapons:
            assert any(space.validate(Shoot(unit, weapon, target)) is None
                       for target in _choices(form["target"])), (unit, weapon)
    assert _choices(form["weapon"])[0] == "pintle gun / main cannon / autocannon"
    assert "per_piece" not in form["target"] and "per_piece" not in form["unit"]


def crowded_group_turn() -> Any:
    """RG-GROUP-GLOBAL, RG-FIRE-AIM: group A's turn, a tank and five riflemen, against a
    walker straight ahead of the tank and five riflemen: 32 legal shots, of which the
    tank's fixed hull gun has one (at the walker, the one enemy its barrel points at)."""
    from tests.robogear.helpers import army, battle, put, turn_of

    game = battle(army(("ferrum-tank", 1, "group:a"), ("ferrum-rifleman", 5, "group:a")),
                  army(("verdant-walker", 1), ("verdant-rifleman", 5)))
    spots = [(20, 10, 0), *((30 + 3 * i, 10, 0) for i in range(5)),
             (20, 22, 180), *((30 + 3 * i, 20, 180) for i in range(5))]
    for unit, (x, y, facing) in enumerate(spots):
        put(game, unit, x, y, facing)
    turn_of(game, 0)
    return game


def test_robogear_shoot_form_lists_every_weapon_a_unit_may_fire_now() -> None:
    """RG-GROUP-GLOBAL, RG-FIRE-AIM: each unit's weapon list holds every weapon it may fire
    now, even one with a single legal shot among many (the hull gun, only at the walker
    ahead): the lists come from every legal shot, not from a handful drawn at random. Each
    listed target is one some unit may shoot, and every such target is listed."""
    from warbench.rulesets.robogear.actions import Shoot

    game = crowded_group_turn()
    space = next(s for s in game.pending()[0].spaces if s.action_type is Shoot)
    state, data = game.state, game.ruleset.data
    legal = [Shoot(unit, weapon, target, *flags)
             for unit in range(6)
             for weapon in range(len(data.units[state.units[unit].type].weapons))
             for target in range(len(state.units))
             for flags in product((False, True), repeat=2)
             if space.validate(Shoot(unit, weapon, target, *flags)) is None]
    assert len(legal) == 32
    form = _form(snapshot(game, 0), "rg-shoot")
    own = {unit: set(_choices({"choices": choices}))
           for unit, choices in form["weapon"]["per_piece"]["choices"]}
    assert own == {unit: {shot.weapon for shot in legal if shot.unit == unit}
                   for unit in {shot.unit for shot in legal}}
    tank = dict(form["weapon"]["per_piece"]["choices"])[0]
    assert tank == [[0, "main cannon"], [1, "hull gun"]]
    assert set(_choices(form["target"])) == {shot.target for shot in legal}
    assert set(_choices(form["unit"])) == {shot.unit for shot in legal}


def test_a_value_outside_a_forms_lists_is_named_or_said_to_name_nothing() -> None:
    """A form's value typed (or set by a click) comes back from ``consider`` in the
    ruleset's words, field by field: a unit, a weapon and a target by name, and a number
    naming nothing on the seat's table said to be so, beside the rules' refusal."""
    from warbench.rulesets.robogear.actions import Shoot
    from warbench.server.consider import consider

    game = group_turn()
    named = consider(game, 0, {"action": Shoot(2, 0, 5).to_plain()})
    assert named["values"] == {"unit": "2 Rover carrier", "weapon": "pintle gun",
                               "target": "5 Mantis walker"}
    nothing = consider(game, 0, {"action": Shoot(0, 5, 17).to_plain()})
    assert nothing["values"]["weapon"] == "weapon 5 — not a weapon of 0 Anvil battle tank"
    assert nothing["values"]["target"] == "unit 17 — not on the table"
    assert nothing["reason"]
    assert consider(game, 0, {"action": Shoot(17, 0, 3).to_plain()})["values"][
        "weapon"] == "weapon 0 — unit 17 is not on the table"


@pytest.mark.parametrize(("ruleset_id", "action", "field", "words"), [
    ("robogear", ("warbench.rulesets.robogear.actions", "Shoot", (999, 0, 3)), "unit",
     "unit 999 — not on the table"),
    ("full-thrust", ("warbench.rulesets.full_thrust.actions", "LaunchSalvo", (999, 0, 0.0, 0.0)),
     "ship", "ship 999 — not on the table"),
    ("armada", ("warbench.rulesets.armada.actions", "Fire", (0, 999)), "target",
     "fleet 999 — not on the table"),
    ("dystopian-wars", ("warbench.rulesets.dystopian_wars.actions", "Pivot", (999, 0.0)),
     "model", "model 999 — not on the table"),
    ("hordes", ("warbench.rulesets.hordes.actions", "Charge", (999,)), "target",
     "model 999 — not on the table"),
], ids=["robogear", "full-thrust", "armada", "dystopian-wars", "hordes"])
def test_every_ruleset_says_a_piece_number_names_nothing_on_the_table(
    ruleset_id: str, action: tuple[str, str, tuple[Any, ...]], field: str, words: str
) -> None:
    """A piece's number typed in a form that no piece of the seat's table has reads as such
    in every ruleset, not as a bare number."""
    module, name, fields = action
    action_type = getattr(importlib.import_module(module), name)
    game = _game(ruleset_id)
    view = game.observe(0).state
    assert game.ruleset.field_value_words(view, action_type(*fields), field) == words


def test_forms_with_no_legal_action_are_said_to_be_impossible_and_only_those() -> None:
    """RG-GROUP-GLOBAL: in the group's turn of a tank and riflemen, nobody can heal (no
    medic) or board (no carrier), so those forms are marked not possible (the page folds
    them away); Shoot and Move are possible. Only a space that lists every legal action
    can be marked so: one that draws samples (Move) is never, whatever it drew."""
    from warbench.rulesets.robogear.actions import Board, Heal, Move, Shoot

    game = crowded_group_turn()
    decision = game.pending()[0]
    snap = snapshot(game, 0)
    possible = {space["type"]: space["possible"] for d in snap["decisions"]
                for space in d["spaces"]}
    assert possible[Heal.TAG] is False and possible[Board.TAG] is False
    assert possible[Shoot.TAG] is True and possible[Move.TAG] is True
    for space in decision.spaces:
        if possible[space.action_type.TAG] is False:
            assert space.every_legal() == []  # the rules listed them all: none
        listed = space.every_legal()
        if listed is None:
            assert possible[space.action_type.TAG] is True


def test_robogear_move_examples_name_the_unit_as_the_table_labels_it() -> None:
    """A ROBOGEAR move reads as its other actions do, the unit by its table label first
    ("0 Anvil battle tank moves ..."), not "Anvil battle tank 0 moves"."""
    from warbench.rulesets.robogear.actions import Move

    game = crowded_group_turn()
    space = next(s for d in snapshot(game, 0)["decisions"] for s in d["spaces"]
                 if s["type"] == Move.TAG)
    assert space["sample_words"]
    labels = {f"{unit.id} {game.ruleset.data.units[unit.type].name}" for unit in game.state.units}
    for words in space["sample_words"]:
        assert words.split(" moves ")[0] in labels, words


def armada_orders_moment() -> Any:
    """ARM-OFF-ACTION: a seeded Armada game (random play) at the first decision of seat 0
    where three or more officers may give orders; its decision and Order space."""
    from warbench.core.agents import RandomAgent
    from warbench.core.engine import Game
    from warbench.core.registry import ruleset
    from warbench.rulesets.armada.actions import Order

    game = Game.new(ruleset("armada"), seed=1, players=2)
    agent = RandomAgent(1)
    for _ in range(600):
        decision = game.pending()[0]
        space = next((s for s in decision.spaces if s.action_type is Order), None)
        officers = {o.officer for o in space.every_legal() or []} if space else set()
        if space is not None and decision.player == 0 and len(officers) > 2:
            return game, decision, space
        game.apply(decision.player, agent.choose(game.observe(decision.player), decision))
    raise AssertionError("no decision with three officers' orders in 600")


def test_armada_order_form_lists_each_officers_own_legal_orders_by_name() -> None:
    """ARM-OFF-ACTION: an officer's order form lists the officers, the orders, fleets and
    choices by name, from every order legal now (``OrderSpace.every_legal``: the listing of
    the rules, none left to chance), each officer's own orders alone (an admiral's
    encouragement, a chief technician's scan). Role changes, which the same space offers
    as examples, give the Order form's lists nothing."""
    from warbench.rulesets.armada.actions import Order

    game, decision, space = armada_orders_moment()
    legal = [action for action in space.every_legal() or [] if isinstance(action, Order)]
    assert legal and all(space.validate(action) is None for action in legal)
    form = _form(snapshot(game, decision.player), Order.TAG)
    view = game.observe(decision.player).state
    assert set(_choices(form["officer"])) == {order.officer for order in legal}
    officers = _choices(form["officer"])
    for officer, words in officers.items():
        assert words.startswith(view.officers[officer].name)
    own = {officer: set(_choices({"choices": choices}))
           for officer, choices in form["order"]["per_piece"]["choices"]}
    assert own == {officer: {o.order for o in legal if o.officer == officer} for officer in own}
    assert set(_choices(form["fleet"])) == {order.fleet for order in legal}
    assert _choices(form["choice"]).get("") in (None, "none")


def submarines_and_destroyers() -> Any:
    """DW-SUBMERGED, DW-MINES: player 0's two British submarines activated (Trident 1 and
    2), then its destroyers (Lancer 1 and 2), which carry mines on their stern rails, far
    from the enemy battleship."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted, setup, squadron
    from warbench.rulesets.dystopian_wars.actions import Activate

    game = scripted(setup(
        [squadron("britannia-submarine", (20.0, 10.0, 0.0), (24.0, 10.0, 0.0), name="Trident"),
         squadron("britannia-destroyer", (40.0, 10.0, 0.0), (44.0, 10.0, 0.0), name="Lancer")],
        [squadron("prussia-battleship", (48.0, 44.0, 180.0))]), P0_FIRST)
    play(game, Activate(0))
    return game


def test_dystopian_wars_move_form_says_the_level_and_the_mine_in_words() -> None:
    """DW-SUBMERGED, DW-OBSCURED, DW-MINES: a move's level is a list in words, every level
    the chosen model may move at ("" keeps its level: "stays at its level"; a submarine
    may dive or surface), whatever the examples drew; where a mine drops is typed (inches
    along the path), its value said in words beside it: -1 "no mine", 3.5 "drop a mine at
    3.5 inches along the path"."""
    from warbench.rulesets.dystopian_wars.actions import Move

    game = submarines_and_destroyers()
    snap = snapshot(game, 0)
    form = _form(snap, Move.TAG)
    level = form["level"]
    assert _choices(level)[""] == "stays at its level"
    by_model = {model: _choices({"choices": choices})
                for model, choices in level["per_piece"]["choices"]}
    assert by_model[0] == {"": "stays at its level", "surface": "surfaces (at the surface)",
                           "submerged": "dives (submerged)"}
    assert level["per_piece"]["field"] == "model"
    mine = form["mine_at"]
    assert mine["worded"] is True and "choices" not in mine
    space = next(s for d in snap["decisions"] for s in d["spaces"] if s["type"] == Move.TAG)
    assert all(said["mine_at"] == "no mine" and said["level"] for said in space["sample_values"])
    words = game.ruleset.field_value_words
    seen = game.observe(0).state
    assert words(seen, Move(2, (3.0,), mine_at=3.5), "mine_at") == (
        "drop a mine at 3.5 inches along the path")
    assert words(seen, Move(2, (3.0,), mine_at=1.0), "mine_at") == (
        "drop a mine at 1 inch along the path")
    assert words(seen, Move(2, (3.0,)), "mine_at") == "no mine"
    assert words(seen, Move(0, (3.0,), level="obscured"), "level") == (
        "climbs into the clouds (obscured)")


def test_dystopian_wars_split_dice_are_a_list_bounded_by_the_dice_the_gun_has_left(
        tmp_path: Path) -> None:
    """DW-SPLIT-FIRE: an attack's dice are a list, not a bare number: "all its dice (no
    split)", then "split fire: 1 die here" up to the most dice the gun ticked has at a
    target; a gun split in part lists only what it has left (no whole attack), and the
    attack's words say how many of how many it splits and what is left for other targets.
    Linked guns cannot split: 0 alone."""
    from tests.rulesets.dystopian_wars.helpers import catalog_file, play
    from tests.rulesets.dystopian_wars.test_gunnery import battleship_against_frigates
    from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
    from warbench.rulesets.dystopian_wars.actions import Fire

    game = cruisers_declaring()
    dice = _form(snapshot(game, 0), Fire.TAG)["dice"]
    assert _choices(dice)[0] == "all its dice (no split)"
    assert _choices(dice)[1] == "split fire: 1 die here"
    follow = dict((tuple(tuple(gun) for gun in guns), choices)
                  for guns, choices in dice["per_members"]["choices"])
    linked = next(choices for guns, choices in follow.items() if len(guns) > 1)
    assert [value for value, _ in linked] == [0]
    turret = follow[((0, "turret"),)]
    most = max(value for value, _ in turret)
    assert [value for value, _ in turret] == list(range(most + 1))

    game = battleship_against_frigates(DystopianWarsRuleset(catalog_file(tmp_path)), [])
    fore = (0, "fore turret")
    play(game, Fire((fore,), 1, 7))
    dice = _form(snapshot(game, 0), Fire.TAG)["dice"]
    follow = dict((tuple(tuple(gun) for gun in guns), choices)
                  for guns, choices in dice["per_members"]["choices"])
    assert [value for value, _ in follow[(fore,)]] == [1, 2, 3, 4, 5, 6]  # 6 of 13 left
    seen = game.observe(0).state
    assert game.ruleset.action_text(seen, Fire((fore,), 2, 2)) == (
        "Dauntless's fore turret at Hagel 2 (2 of the 6 dice it has left, split fire;"
        " 4 left for other targets)")

