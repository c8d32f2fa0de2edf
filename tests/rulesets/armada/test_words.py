"""What a person reads of Armada: prompts naming fleets, options in words (shots at mines,
mine laying, self-destructs, conjures: hexes from a fleet on the board, mines by the
board's key), moves with a distance and a facing in words, helm checks with their totals
and ties explained, hits and damage as the table reads them (hull never below 0)."""

from __future__ import annotations

import re

from tests.rulesets.armada.helpers import armada, battle, fleet, hold_position, texts
from warbench.core.actions import Action
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.core.registry import ruleset
from warbench.rulesets.armada.actions import (
    Decline,
    Fire,
    LayMines,
    Move,
    Order,
    SelfDestruct,
)
from warbench.rulesets.armada.gunnery import FireSpace
from warbench.rulesets.armada.helm import MoveSpace
from warbench.rulesets.armada.mines import MinesWindow
from warbench.rulesets.armada.state import Mine

LANCE = fleet("Lance", 3, "medium", "destroyer", "flagship")
GRUDGE = fleet("Grudge", 3, "medium", "capital", "flagship")
def act(game: Game, *actions: Action) -> None:
    """Each action by the player who owes the decision now."""
    for action in actions:
        game.apply(game.pending()[0].player, action)


RAW = re.compile(r"\[\d|-1\b|\(\(|hexes \(|fleet \d|target -|mine 0\b|\d+,-?\d+")


def test_move_and_fire_forms_name_their_fleets_without_repeating_the_verb() -> None:
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[0, -6, 3]]], [5, 2])
    state = game.state
    tables = game.ruleset.data.tables
    move = MoveSpace(state, tables, [0, 1], "ARM-HELM-HALVES")
    fire = FireSpace(state, tables, [0])
    assert move.description == "Lance or Grudge (an ordinary move or a stunt)"
    assert fire.description == "by Lance"
    assert "Lance may not move now (only Grudge may" in (
        MoveSpace(state, tables, [1], "ARM-HELM-HALVES").validate(Move(0)) or "")


def test_every_option_a_person_is_offered_reads_in_words() -> None:
    rules = ruleset("armada")
    game = battle([fleet("Layer", 3, "medium", "destroyer", "flagship", "gravity-mines")],
                  [GRUDGE], [[[0, 0, 0]], [[0, -10, 3]]], [1, 2])
    state = game.state
    state.mines.append(Mine(0, -2, 0, 0, 1, 1))
    said = {
        Fire(0, -1, mine=0): "Layer fires at gravity mine m0",
        LayMines(0, ((0, -2), (1, -2))):
            "Layer lays gravity mines 2 hexes north of Layer and 2 hexes north-east of Layer",
        SelfDestruct(0, 1): "Layer self-destructs, attacking Grudge",
        SelfDestruct(0, -1): "Layer self-destructs (no fleet next to it)",
        Decline(0): "Layer does not self-destruct",
    }
    for action, words in said.items():
        assert rules.action_text(state, action) == words
        assert not RAW.search(words), words
    # the board marks that mine with the key the words use
    keys = [piece.key for piece in rules.table(state).pieces if piece.label == "mine"]
    assert keys == ["m0"]
    assert rules.field_value_words(state, Fire(0, -1, mine=0), "mine") == "mine m0"


def test_a_conjure_names_its_hex_from_the_officers_fleet() -> None:
    rules = ruleset("armada")
    game = Game.new(rules, seed=1, players=2)
    state = game.state
    officer = state.officers[0]
    home = state.fleets[officer.fleet]
    order = Order(0, "conjure", q=home.q, r=home.r - 3)
    text = rules.action_text(state, order)
    assert text.endswith(f"conjure debris 3 hexes north of {home.name}"), text
    assert rules.field_value_words(state, order, "q") == f"3 hexes north of {home.name}"


def test_declining_to_lay_mines_says_so() -> None:
    game = battle([fleet("Layer", 3, "medium", "destroyer", "flagship", "gravity-mines")],
                  [GRUDGE], [[[0, 0, 0]], [[0, -10, 3]]], [1, 2, 10, 3], max_rounds=4)
    hold_position(game)
    assert isinstance(game.top, MinesWindow)
    option = game.pending()[0].options[0]
    assert game.ruleset.action_text(game.state, option) == (
        "Layer does not lay its gravity mines yet")
    act(game, LayMines(0, ((0, -2), (1, -2))))
    assert texts(game, "mines") == [
        "Layer lays gravity mines: mine m0 2 hexes north of Layer and mine m1 2 hexes "
        "north-east of Layer"]


def test_a_move_is_logged_with_its_distance_and_facing_in_words() -> None:
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[0, -8, 3]]], [5, 2])
    act(game, Move(0, "FFR") if game.pending()[0].player == 0 else Move(1, "FF"))
    moved = texts(game, "moved")
    assert moved and not RAW.search(moved[0]) and "facing " in moved[0]
    assert re.fullmatch(r"\w+ moves 2 hexes, now facing (north-east|south), \d+ hexes? "
                        r"(north|south)[\w-]* of \w+", moved[0]), moved


def test_a_tied_helm_check_says_each_total_to_its_side_and_why_it_is_asked_again() -> None:
    """ARM-HELM-TIES: both sides without an admiral roll 3 on the d6, then 5 and 2."""
    blue = [LANCE, fleet("B2", 3, "small", "fighter")]
    red = [GRUDGE, fleet("R2", 3, "small", "fighter")]
    game = battle(blue, red, [[[0, 0, 0], [2, -1, 0]], [[0, -8, 3], [2, -9, 3]]],
                  [3, 3, 5, 2])
    assert texts(game, "helm-tie") == [
        "the helm checks of Blue and Red tie: they check again (ARM-HELM-TIES)"]
    own = [event.text for event in game.events_for(0) if event.kind == "helm-check"]
    assert own == ["Blue's helm check (no admiral): 3 on the d6",
                   "Blue's helm check (no admiral): 5 on the d6"]
    assert all(event.visible_to == frozenset({event.data["side"]})
               for event in game.events if event.kind == "helm-check")


def test_damage_reads_as_the_table_shows_it() -> None:
    """A hit the shields stop says so; a hull past 0 reads 0, with the fleet's status."""
    from types import SimpleNamespace

    from warbench.rulesets.armada.damage import damaged_text

    lance = SimpleNamespace(hull=-5, hull_points=20, shields=0)
    assert damaged_text("Lance", lance, 22, 4) == (
        "Lance takes 22 damage: 4 stopped by the shields, 18 to the hull; hull 0/20, disabled "
        "(16 more damage destroys it)")
    grudge = SimpleNamespace(hull=20, hull_points=20, shields=2)
    assert damaged_text("Grudge", grudge, 1, 1) == (
        "Grudge takes 1 damage: all of it stopped by the shields (2 shield points left); "
        "hull 20/20")


def test_the_set_up_distance_and_an_armadas_helm_check_read_as_english() -> None:
    """ARM-SETUP-DIST, ARM-HELM-D6: one hex is '1 hex', and an armada whose name ends in s
    owns its helm check with an apostrophe alone ('Talons' helm check')."""
    game = Game.new(ruleset("armada"), {"armadas": ["vanguard-3", "raiders-3"], "distance": 1},
                    seed=1)
    assert texts(game, "deployed") == ["the armadas deploy 1 hex apart"]
    talons = armada("Talons", 3, [GRUDGE])
    game = Game.new(ruleset("armada"), {"armadas": [armada("Blue", 3, [LANCE]), talons],
                                        "distance": 3}, dice=ScriptedDice([4, 2]))
    told = [event.text for event in game.events if event.kind == "helm-check"]
    assert "Talons' helm check (no admiral): 2 on the d6" in told
