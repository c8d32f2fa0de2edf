"""Data files: the catalog, the engine-default tables, data errors, the face tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.dystopian_wars.helpers import catalog_file
from warbench.core.catalog import DataFileError
from warbench.core.dice import ScriptedDice, pool
from warbench.core.engine import Game
from warbench.core.odds import pool_dist
from warbench.core.ruleset import SetupError
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.data import load_data
from warbench.rulesets.dystopian_wars.pools import TEST_TABLE, hit_table, wing_table
from warbench.rulesets.dystopian_wars.setup import octagon

SOURCE_CATEGORIES = {
    "fleet-carrier", "dreadnought", "battleship", "submarine", "gunship", "cruiser",
    "destroyer", "frigate", "escort", "corvette", "sky-fortress", "airship", "gyro", "rotor",
    "bomber", "aeroplane", "mobile-airfield", "land-ship", "burrower", "troop-transport",
    "bombard", "tank", "heavy-walker", "creature", "robot", "fortification",
}


def test_the_catalog_covers_every_category_of_the_four_nations() -> None:
    """DW-CATEGORIES, DW-SIZES, DW-FIG: every naval, aerial and land category the source
    names (creatures, robots and fortifications too), the four nations, five sizes; every
    stat line is an engine default.
    Also shows DW-FORTIFICATIONS.
    """
    data = load_data()
    assert {spec.category for spec in data.models.values()} == SOURCE_CATEGORIES
    assert {spec.nation for spec in data.models.values()} == {
        "britannia", "prussia", "blazing-sun", "federated-states"
    }
    assert {spec.size for spec in data.models.values()} == {
        "tiny", "small", "medium", "large", "massive"
    }
    assert all(spec.engine_default for spec in data.models.values())
    assert any(spec.diving for spec in data.models.values())
    assert all(spec.flying for spec in data.models.values() if spec.domain == "aerial")


def test_weapons_on_several_arcs_fire_from_each_with_full_dice() -> None:
    """DW-PORT-STARBOARD: a P/S broadside becomes one mount per side with the whole AD."""
    spec = load_data().models["britannia-battleship"]
    port, starboard = spec.mount("broadside (port)"), spec.mount("broadside (starboard)")
    assert port is not None and starboard is not None
    assert port.ad == starboard.ad == (6, 5, 3, 0)
    assert (port.arc, starboard.arc) == ("port", "starboard")


def test_critical_table_and_deck_are_engine_defaults() -> None:
    """DW-CRIT-TABLE, DW-CARDS-DECK: a D8 critical table and a 52-card STAR deck."""
    data = load_data()
    assert data.critical_sides == 8 and len(data.criticals) == 8
    assert len(data.deck) == 52
    assert {card.kind for card in data.cards.values()} == {"S", "T", "A", "R"}
    assert {card.sturginium for card in data.cards.values()} == {1, 2, 3}
    assert data.catalog["britannia-battleship"].source == "engine default"


def test_a_user_catalog_replaces_and_adds_entries(tmp_path: Path) -> None:
    """DW-DATA-REPLACE: a user's catalog file adds to (or replaces) the shipped entries."""
    rules = DystopianWarsRuleset(catalog_file(tmp_path))
    assert "test-battleship" in rules.data.models
    assert "britannia-battleship" in rules.data.models


def test_dw_cards_deck_a_card_effect_its_kind_is_not_played_with_is_refused(
    tmp_path: Path,
) -> None:
    """DW-CARDS-DECK, DW-CARDS-A: each kind of card is played where only some effects mean
    anything (an A card on one model: more dice, an easier number or a repair); a
    player's deck giving an A card a speed effect, which the engine would have spread over
    the whole squadron, is refused naming the file, the card and the effects allowed."""
    shipped = (Path(str(DystopianWarsRuleset().shipped_data)) / "cards.toml").read_text()
    steady = '[cards.range-finders]'
    assert steady in shipped
    start = shipped.index(steady)
    end = shipped.index("[cards.", start + 1)
    card = shipped[start:end]
    assert 'effect = "steady-aim"' in card
    (tmp_path / "cards.toml").write_text(
        shipped[:start] + card.replace('effect = "steady-aim"', 'effect = "speed"')
        + shipped[end:])
    with pytest.raises(DataFileError) as caught:
        _ = DystopianWarsRuleset(data_dir=tmp_path).data
    assert ("cards.toml: cards.range-finders: a card of kind A carries one of gunnery,"
            " steady-aim, repair, not 'speed'") in str(caught.value)


def test_data_file_errors_name_the_file_and_key(tmp_path: Path) -> None:
    """DW-DATA-ERRORS: a broken FIG is refused with the file, the key path and the reason."""
    broken = catalog_file(tmp_path, """
[bad-ship]
name = "Bad"
nation = "britannia"
category = "cruiser"
domain = "naval"
size = "medium"
points = 10
dr = 4
cr = 6
mv = 8
base = [1.0, 3.0]
[[bad-ship.weapons]]
name = "gun"
arcs = ["sideways"]
ad = [1, 1, 1, 1]
""")
    with pytest.raises(DataFileError) as caught:
        _ = DystopianWarsRuleset(data_dir=broken).data
    message = str(caught.value)
    assert "models.toml: bad-ship.hp: missing required key" in message
    assert "bad-ship.weapons[0].arcs[0]" in message


def test_hit_table_counts_and_explodes_only_natural_sixes() -> None:
    """DW-HIT-TABLE, DW-NATURAL-ONE, DW-MODIFIED-SIX: 4-5 one hit, 6 two and roll again; a
    1 always fails; a 5 made good by a modifier is one hit, never rolling again."""
    table = hit_table(4)
    assert [table.outcome(f).values[0] for f in range(1, 7)] == [0, 0, 0, 1, 1, 2]
    assert [table.outcome(f).explodes for f in range(1, 7)] == [False] * 5 + [True]
    easy = hit_table(1)
    assert easy.outcome(1).values == (0,)
    assert easy.outcome(5).values == (1,) and not easy.outcome(5).explodes
    assert pool(ScriptedDice([6, 6, 4, 1]), 2, table).totals == (5,)


def test_tests_and_wings_have_their_own_tables() -> None:
    """DW-TEST-DICE, DW-AA-WING: tests count 4-5 one and 6 two without rolling again;
    against wings a 6 kills a token and rolls again, other successes force aborts."""
    assert not any(outcome.explodes for outcome in TEST_TABLE.outcomes)
    wings = wing_table(4)
    assert wings.channels == ("kills", "aborts")
    assert wings.outcome(6).values == (1, 0) and wings.outcome(6).explodes


def test_exact_odds_read_the_same_tables() -> None:
    """DW-ODDS-TABLES: the face tables feed the exact odds unchanged (13 dice on 4+
    average 10.4 hits)."""
    assert pool_dist(13, hit_table(4)).mean == pytest.approx(10.4)


def test_tiny_flyers_carry_no_model_assigned_rules_of_their_own() -> None:
    """DW-TINY-MAR (engine default): the source is cut off before the tiny flyers' MARs, so
    every wing class flies with no trait but flying, its rules coming from its wing type."""
    data = load_data()
    wings = [spec for spec in data.models.values() if spec.tiny]
    assert wings
    assert all(spec.traits == frozenset({"flying"}) and spec.wing for spec in wings)


def test_a_portal_cannot_be_placed_on_the_table() -> None:
    """DW-MK-PORTAL (engine default): the source names the portal marker but gives no rules
    for it, so a set-up placing a portal is refused with the kinds it may use."""
    rules = DystopianWarsRuleset()
    setup = rules.default_setup()
    setup["terrain"] = [{"name": "the Gate", "kind": "portal", "points": octagon(30, 24, 2)}]
    with pytest.raises(SetupError, match=r"terrain\[0\]\.kind.*portal"):
        Game.new(rules, setup, seed=1)
