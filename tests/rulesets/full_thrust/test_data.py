"""Data files, the Fleet Book design rules, fleets and army lists."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from warbench.core.catalog import DataFileError, engine_defaults
from warbench.core.engine import Game
from warbench.core.lists import ArmyList, UnitEntry, validate
from warbench.core.ruleset import SetupError
from warbench.rulesets.full_thrust import FullThrustRuleset
from warbench.rulesets.full_thrust.data import BeamRecord, DesignRecord
from warbench.rulesets.full_thrust.design import (
    cost_sheet,
    design_problems,
    hull_descriptor,
    hull_rows,
    weapon_mass,
)
from warbench.rulesets.full_thrust.library import DATA_DIR, load_library
from warbench.rulesets.full_thrust.names import ship_labels

from .helpers import RULES

LIB = load_library()


def copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def design(**fields: object) -> DesignRecord:
    base: dict[str, object] = {"name": "Test", "mass": 20, "thrust": 4, "hull": 6}
    base.update(fields)
    return DesignRecord.model_validate(base)


def test_every_shipped_design_is_legal_and_priced_by_the_fleet_book() -> None:
    """FT-DESIGN-MASS, FT-DESIGN-COSTS: parts add up to the MASS; points match."""
    for key, record in LIB.design_records.items():
        assert design_problems(record, LIB.costs) == [], key
        assert LIB.designs[key].points == record.points


def test_design_costs_line_by_line() -> None:
    """FT-DESIGN-COSTS: a destroyer's MASS and points, part by part."""
    sheet = cost_sheet(LIB.design_records["harrier"], LIB.costs)
    lines = {name: (mass, points) for name, mass, points in sheet.lines}
    assert lines["basic hull"] == (0, 36)
    assert lines["hull integrity"] == (10, 20)
    assert lines["main drive"] == (11, 22)  # 5% x thrust 6 of 36 = 10.8, to the nearest
    assert lines["FTL drive"] == (4, 8)  # 10% of 36 = 3.6, to the nearest
    assert lines["pulse torpedo"] == (4, 12)
    assert lines["fire controls"] == (1, 4)
    assert lines["PDS"] == (1, 3)
    assert sheet.mass_used == 36 and sheet.points == 120


def test_beam_mass_by_class_and_arcs() -> None:
    """FT-DESIGN-COSTS: class 1 one MASS; class 2 two or three; class 3+ doubles, +25%/arc."""
    costs = LIB.costs

    def beam(size: int, arcs: tuple[str, ...]) -> int:
        record = BeamRecord.model_validate({"kind": "beam", "class": size, "arcs": arcs})
        return weapon_mass(record, costs)

    assert beam(1, ("all",)) == 1
    assert beam(2, ("F", "FP", "FS")) == 2
    assert beam(2, ("all",)) == 3
    assert beam(3, ("F",)) == 4
    assert beam(3, ("F", "FP", "FS")) == 6
    assert beam(4, ("F", "FP", "FS")) == 12


def test_screens_mass_has_a_minimum() -> None:
    """FT-DESIGN-COSTS: level-1 screens 5% of MASS but at least 3; level-2 10%, at least 6."""
    small = cost_sheet(design(screens=1), LIB.costs)
    assert dict((n, m) for n, m, _ in small.lines)["screens"] == 3
    big = cost_sheet(design(mass=140, hull=40, screens=2), LIB.costs)
    assert dict((n, m) for n, m, _ in big.lines)["screens"] == 14


def test_ft_design_costs_percentages_round_to_the_nearest_mass_as_the_fleet_book() -> None:
    """FT-DESIGN-COSTS: each percentage system is rounded on its own to the nearest MASS,
    a half up, never below 1: at MASS 85 a level-1 screen is 4 MASS (4.25) and 12 points,
    FTL 9 (8.5), thrust 4 17; at MASS 24 thrust 6 is 7 (7.2) and FTL 2 (2.4); such a
    design costs out with no MASS left over."""
    weapons = [
        {"kind": "beam", "class": 3, "arcs": ["FP", "F", "FS"]},
        {"kind": "beam", "class": 3, "arcs": ["FP", "F", "FS"]},
        {"kind": "beam", "class": 2, "arcs": ["FP", "F", "FS"]},
        {"kind": "beam", "class": 2, "arcs": ["AP", "A", "AS"]},
        {"kind": "beam", "class": 1, "arcs": "all"},
        {"kind": "beam", "class": 1, "arcs": "all"},
    ]
    cruiser = design(mass=85, thrust=4, ftl=True, screens=1, hull=29, armour=4,
                     fire_controls=2, pds=2, weapons=weapons)
    sheet = cost_sheet(cruiser, LIB.costs)
    lines = {name: (mass, points) for name, mass, points in sheet.lines}
    assert lines["screens"] == (4, 12)
    assert lines["FTL drive"] == (9, 18) and lines["main drive"] == (17, 34)
    assert design_problems(cruiser, LIB.costs) == []
    assert sheet.points == 85 + 58 + 8 + 34 + 18 + 12 + 8 + 6 + 54
    frigate = cost_sheet(design(mass=24, thrust=6, ftl=True, hull=7), LIB.costs)
    small = {name: mass for name, mass, _ in frigate.lines}
    assert (small["main drive"], small["FTL drive"]) == (7, 2)
    tiny = {name: mass for name, mass, _ in cost_sheet(design(mass=6, thrust=1, ftl=True,
                                                                   hull=2), LIB.costs).lines}
    assert (tiny["main drive"], tiny["FTL drive"]) == (1, 1)  # 0.3 and 0.6: never below 1


def test_a_design_whose_parts_do_not_fill_its_mass_is_refused() -> None:
    """FT-DESIGN-MASS: the problem names the MASS used and the parts."""
    problems = design_problems(design(hull=2), LIB.costs)
    assert problems[0][0] == "mass"
    assert "take 9 MASS but the ship has 20 (hull integrity 2, main drive 4" in problems[0][1]



def test_a_design_that_no_longer_fills_its_mass_is_told_the_mass_that_fits() -> None:
    """FT-DESIGN-MASS, FT-DESIGN-COSTS (USERS journey 5): a designer gives the Vorrun three
    more hull boxes. The drive and FTL grow with the MASS, so the parts' own total is not
    the MASS to write; the problem names the MASS the parts fill exactly and its points,
    and the design written so is legal. The points problem says at which MASS it counted."""
    tougher = LIB.design_records["vorrun"].model_copy(update={"hull": 14})
    problems = dict(design_problems(tougher, LIB.costs))
    assert problems["mass"].startswith("the parts take 43 MASS but the ship has 40 (")
    assert problems["mass"].endswith(
        "; the same parts fill a ship of 44 MASS exactly (168 points)")
    assert problems["points"] == "the design costs 161 points at 40 MASS, not 155"
    assert design_problems(tougher.model_copy(update={"mass": 43}), LIB.costs)[0][0] == "mass"
    fixed = tougher.model_copy(update={"mass": 44, "points": 168})
    assert design_problems(fixed, LIB.costs) == []

def test_hull_integrity_needs_a_tenth_of_the_mass() -> None:
    """FT-DESIGN-HULL: hull boxes at least 10% of MASS."""
    problems = dict(design_problems(design(mass=100, hull=9), LIB.costs))
    assert "below 10% of MASS (10)" in problems["hull"]


def test_weapon_arcs_are_checked() -> None:
    """FT-DESIGN-ARCS: class-1 beams fire all round; needle beams have one arc."""
    bad = design(weapons=[{"kind": "beam", "class": 1, "arcs": ["F"]},
                          {"kind": "needle_beam", "arcs": ["F", "FS"]}])
    problems = dict(design_problems(bad, LIB.costs))
    assert problems["weapons[0].arcs"] == "a class-1 beam covers all six arcs"
    assert problems["weapons[1].arcs"] == "a needle beam has one arc"


def test_hull_rows_put_extra_boxes_up_top_and_descriptors_follow_the_share() -> None:
    """FT-HULL-ROWS, FT-DESIGN-DESCRIPTOR."""
    assert hull_rows(10) == (3, 3, 2, 2)
    assert hull_rows(27) == (7, 7, 7, 6)
    assert hull_descriptor(design(mass=100, hull=45, thrust=0), LIB.costs) == "super"
    assert hull_descriptor(design(mass=100, hull=30, thrust=0), LIB.costs) == "average"
    assert hull_descriptor(design(mass=100, hull=10, thrust=0), LIB.costs) == "fragile"


def test_a_bad_design_file_names_the_file_and_key(tmp_path: Path) -> None:
    """FT-DATA: a design whose points are wrong is reported with its key path."""
    data = copy_data(tmp_path)
    text = (data / "designs.toml").read_text().replace("points = 120", "points = 121")
    (data / "designs.toml").write_text(text)
    with pytest.raises(DataFileError) as error:
        load_library(data)
    assert "designs.toml: harrier.points: the design costs 120 points, not 121" in str(error.value)


def test_an_unknown_arc_is_a_data_error(tmp_path: Path) -> None:
    """FT-DATA: arcs must be F, FS, AS, A, AP, FP or all."""
    data = copy_data(tmp_path)
    text = (data / "designs.toml").read_text().replace('arcs = ["F"] },', 'arcs = ["front"] },', 1)
    (data / "designs.toml").write_text(text)
    with pytest.raises(DataFileError, match="unknown arc 'front'"):
        load_library(data)


def test_fleet_files_are_checked_against_designs_and_hangars(tmp_path: Path) -> None:
    """FT-FLEET-LIST: unknown designs, too many groups, unknown fighter types."""
    data = copy_data(tmp_path)
    (data / "fleets.toml").write_text(
        '[bad]\nname = "Bad"\nships = [\n'
        '  { design = "lancr", name = "A" },\n'
        '  { design = "haven", name = "B", fighters = ["heavy", "heavy", "heavy"] },\n'
        '  { design = "haven", name = "C", fighters = ["hevy", "multirole"] },\n]\n'
    )
    with pytest.raises(DataFileError) as error:
        load_library(data)
    message = str(error.value)
    assert 'bad.ships[0].design: unknown design "lancr", did you mean "lancer"?' in message
    assert "bad.ships[1].fighters: 3 fighter groups but Haven-class escort carrier has 2" in message
    assert 'bad.ships[2].fighters[0]: unknown fighter type "hevy"' in message
    assert "bad.ships[2].fighters[1]: multirole fighters are only for ij" in message


def test_fighter_types_carry_the_seed_numbers() -> None:
    """FT-FTR-FAST, FT-FTR-HEAVY, FT-FTR-INTERCEPTOR, FT-FTR-ATTACK, FT-FTR-TORPEDO,
    FT-FTR-LONG-RANGE, FT-FTR-LIGHT, FT-FTR-MULTIROLE, FT-FTR-STANDARD: moves, sizes,
    endurance and points per group."""
    f = LIB.fighters
    assert (f["standard"].move, f["standard"].size, f["standard"].endurance) == (24, 6, 6)
    assert (f["fast"].move, f["fast"].points) == (36, 30)
    assert (f["heavy"].armoured, f["heavy"].points) == (True, 30)
    assert (f["interceptor"].ship_attack, f["interceptor"].dogfight_modifier) == ("none", 1)
    assert f["interceptor"].points == 18
    assert (f["attack"].ship_modifier, f["attack"].dogfight, f["attack"].points) == (1, "six", 24)
    assert (f["torpedo"].ship_attack, f["torpedo"].points) == ("torpedo", 36)
    assert (f["long_range"].endurance, f["long_range"].points) == (9, 24)
    assert (f["light"].size, f["light"].endurance, f["light"].points) == (8, 4, 18)
    assert {k for k in f if k.startswith("light")} == {
        "light", "light_fast", "light_interceptor", "light_attack"
    }
    assert (f["multirole"].roles, f["multirole"].points) == (("attack", "interceptor"), 42)
    assert f["multirole"].factions == ("ij",)


def test_army_lists_are_priced_with_fighters_and_checked_for_points() -> None:
    """FT-FLEET-LIST: ships at design points, hangar options at group points (+1 a
    fighter for FTL), the points cap of the list."""
    army = ArmyList(
        name="Test", ruleset="full-thrust", points=400,
        units=(UnitEntry(unit="haven", options=("heavy", "standard+ftl")),
               UnitEntry(unit="lancer", count=2)),
    )
    rules = RULES.army_rules(army)
    report = validate(army, rules.constraints.constraints, rules.lookup)
    assert report.total_points == 276 + 30 + 18 + 6 + 2 * 79
    assert not report.ok and "exceeds the cap of 400" in str(report)
    assert "multirole" not in rules.lookup["haven"].option_costs
    ij = RULES.army_rules(army.model_copy(update={"faction": "ij"}))
    assert ij.lookup["haven"].option_costs["multirole"] == 42


def test_setup_for_builds_fleets_and_refuses_overfull_hangars() -> None:
    """FT-FLEET-LIST: a set-up from army lists; too many groups for the bays is refused."""
    blue = ArmyList(name="Blue", ruleset="full-thrust",
                    units=(UnitEntry(unit="haven", options=("heavy",)),))
    red = ArmyList(name="Red", ruleset="full-thrust", units=(UnitEntry(unit="lancer", count=2),))
    setup = RULES.setup_for([blue, red])
    assert [s["name"] for s in setup["fleets"][1]["ships"]] == ["Lancer 1", "Lancer 2"]
    assert setup["fleets"][0]["ships"][0]["fighters"] == ["heavy"]
    started = Game.new(RULES, setup)
    assert [d.prompt for d in started.pending()][-1] == "write orders for Lancer 2"
    crowded = blue.model_copy(update={"units": (
        UnitEntry(unit="haven", options=("heavy", "heavy", "heavy")),)})
    with pytest.raises(SetupError, match="3 fighter groups but Haven-class"):
        RULES.setup_for([crowded, red])
    with pytest.raises(SetupError, match="use 'cinematic' or 'vector'"):
        RULES.setup_for([blue, red], "hex")


def test_ft_names_ships_a_list_gives_one_name_are_numbered_over_the_whole_list() -> None:
    """FT-NAMES: two entries of one design, two ships each, are Lancer 1 to Lancer 4 in the
    list's order (each ship a name, and a label, of its own; their labels read Lancer 1 1,
    Lancer 2 1, ... before rules version 9); a design named once keeps its bare name; two
    entries of one ship named alike keep the name, and their labels number them."""
    red = ArmyList(name="Red", ruleset="full-thrust", units=(
        UnitEntry(unit="lancer", count=2), UnitEntry(unit="haven"),
        UnitEntry(unit="lancer", count=2), UnitEntry(unit="picket", name="Kite"),
        UnitEntry(unit="picket", name="Kite")))
    blue = ArmyList(name="Blue", ruleset="full-thrust", units=(UnitEntry(unit="haven"),))
    setup = RULES.setup_for([blue, red])
    names = [s["name"] for s in setup["fleets"][1]["ships"]]
    assert names == ["Lancer 1", "Lancer 2", "Haven", "Lancer 3", "Lancer 4", "Kite", "Kite"]
    state = Game.new(RULES, setup).state
    assert list(ship_labels(state.ships))[1:] == [
        "Lancer 1", "Lancer 2", "Haven (P2)", "Lancer 3", "Lancer 4", "Kite 1", "Kite 2"]


def test_bad_setups_are_refused_with_the_reason() -> None:
    """FT-SETUP: unknown keys, fleets, designs and options name what is wrong."""
    with pytest.raises(SetupError, match="unknown key 'speed'"):
        Game.new(RULES, {"speed": 3})
    with pytest.raises(SetupError, match='unknown fleet "concrd", did you mean "concord"'):
        Game.new(RULES, {"fleets": ["concrd", "line"]})
    with pytest.raises(SetupError, match="one fleet per player"):
        Game.new(RULES, {"fleets": ["concord"]})
    with pytest.raises(SetupError, match="optional rules among"):
        Game.new(RULES, {"options": {"psychic_pilots": True}})
    with pytest.raises(SetupError, match="movement: 'hex'"):
        Game.new(RULES, {"movement": "hex"})


def test_catalog_lists_designs_and_fighters() -> None:
    """The catalog holds every design and fighter type."""
    entries = RULES.catalog()
    assert "citadel" in entries and "fighters/torpedo" in entries


def test_engine_defaults_are_marked_in_the_data() -> None:
    """FT-DATA: every number the sources do not give is marked as an engine default."""
    assert sorted(engine_defaults(LIB.rules)) == [
        "fighter_defaults", "game", "kravak_defaults", "pods", "salvo"
    ]
    assert engine_defaults(LIB.costs) == ["defaults"]


def test_a_players_data_folder_replaces_only_the_files_it_holds(tmp_path: Path) -> None:
    """FT-DATA: ``FullThrustRuleset(data_dir=...)`` reads the player's files first and the
    shipped ones for the rest; the journal's data digest names the player's files."""
    mine = tmp_path / "mine"
    mine.mkdir()
    rules_text = (DATA_DIR / "rules.toml").read_text()
    (mine / "rules.toml").write_text(rules_text.replace("turns = 12 ", "turns = 5  ", 1))
    own = FullThrustRuleset(data_dir=mine)
    assert own.data.rules.game.turns == 5
    assert own.data.designs.keys() == RULES.data.designs.keys()
    assert own.default_setup()["turns"] == 5
    game = Game.new(own, own.default_setup(), seed=1)
    assert game.journal.data == own.data_digest is not None
    assert RULES.data_digest is None
