"""Data files and army lists are strictly typed: a value of the wrong type is one error line.

A designer's own data folder (``--data DIR``) used to coerce what it could: ``hull = "21"``
played with hull 21, ``true`` became 1 and ``ftl = "yes"`` became true. Every record read
from a data file is a :class:`~warbench.core.catalog.DataModel`, whose numbers, booleans and
strings are now strict (an integer still fills a float: TOML writes ``width = 72``); a
mistake is one line naming the file, the key path, what was expected and what was found,
and the command exits 2 without a traceback.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import warbench
from warbench.cli import USAGE_ERROR, main
from warbench.core.catalog import (
    STRICT_SCALARS,
    Catalog,
    DataFileError,
    DataModel,
    load_model,
)
from warbench.core.lists import ArmyList

RULESETS = Path(warbench.__file__).parent / "rulesets"
DATA = {
    "armada": RULESETS / "armada" / "data",
    "dystopian-wars": RULESETS / "dystopian_wars" / "data",
    "full-thrust": RULESETS / "full_thrust" / "data",
    "hordes": RULESETS / "hordes" / "data",
    "robogear": RULESETS / "robogear" / "data",
}
LISTS = {
    "armada": RULESETS / "armada" / "data" / "lists" / "comet-corsairs.toml",
    "dystopian-wars": RULESETS / "dystopian_wars" / "data" / "fleets" / "britannia-1000.toml",
    "full-thrust": RULESETS / "full_thrust" / "data" / "lists" / "concord-line.toml",
    "hordes": RULESETS / "hordes" / "data" / "lists" / "ashen-hask.toml",
    "robogear": RULESETS / "robogear" / "lists" / "ashen-host.toml",
}


def edited(text: str, anchor: str, old: str, new: str) -> str:
    """``text`` with the first ``old`` after ``anchor`` replaced by ``new``."""
    start = text.index(anchor)
    at = text.index(old, start)
    return text[:at] + new + text[at + len(old):]


def data_folder(tmp_path: Path, ruleset: str, name: str, anchor: str, old: str, new: str) -> Path:
    """A player's data folder holding one shipped file of ``ruleset`` with one edit."""
    folder = tmp_path / "my-data"
    folder.mkdir()
    shipped = (DATA[ruleset] / name).read_text()
    (folder / name).write_text(edited(shipped, anchor, old, new))
    return folder


# (ruleset, file, anchor, old, new, the error after the file's path)
WRONG_TYPES = [
    # Full Thrust: the issue's own examples
    ("full-thrust", "designs.toml", "[warden]", "hull = 27", 'hull = "21"',
     'warden.hull: expected an integer, got the string "21"'),
    ("full-thrust", "designs.toml", "[warden]", "hull = 27", "hull = true",
     "warden.hull: expected an integer, got the boolean true"),
    ("full-thrust", "designs.toml", "[warden]", "hull = 27", "hull = 27.0",
     "warden.hull: expected an integer, got the float 27.0"),
    ("full-thrust", "designs.toml", "[warden]", "hull = 27", 'hull = 27\nftl = "yes"',
     'warden.ftl: expected a boolean (true or false), got the string "yes"'),
    ("full-thrust", "designs.toml", "[warden]", "hull = 27", "hull = 27\nftl = 1",
     "warden.ftl: expected a boolean (true or false), got the integer 1"),
    ("full-thrust", "designs.toml", "[warden]", 'name = "Warden-class heavy cruiser"',
     "name = 5", "warden.name: expected a string, got the integer 5"),
    ("full-thrust", "designs.toml", "[warden]", 'arcs = ["FP", "F", "FS"]',
     'arcs = ["FP", 1, "FS"]', "warden.weapons[0].arcs[1]: expected a string, got the integer 1"),
    ("full-thrust", "designs.toml", "[warden]", "class = 3", 'class = "3"',
     'warden.weapons[0].class: expected an integer, got the string "3"'),
    ("full-thrust", "rules.toml", "[game]", "turns = 12", "turns = true",
     "game.turns: expected an integer, got the boolean true"),
    # Dystopian Wars
    ("dystopian-wars", "models.toml", "[britannia-battleship]", "hp = 8", 'hp = "8"',
     'britannia-battleship.hp: expected an integer, got the string "8"'),
    ("dystopian-wars", "models.toml", "[britannia-battleship]", "capital = true", "capital = 1",
     "britannia-battleship.capital: expected a boolean (true or false), got the integer 1"),
    ("dystopian-wars", "models.toml", "[britannia-battleship]",
     'name = "Sovereign-pattern battleship"', "name = 1914",
     "britannia-battleship.name: expected a string, got the integer 1914"),
    ("dystopian-wars", "models.toml", "[[britannia-battleship.weapons]]", "ad = [9, 7, 5, 3]",
     "ad = [9, true, 5, 3]",
     "britannia-battleship.weapons[0].ad[1]: expected an integer, got the boolean true"),
    ("dystopian-wars", "criticals.toml", "[[table.rows]]", "roll = 1", 'roll = "1"',
     'table.rows[0].roll: expected an integer, got the string "1"'),
    # Armada
    ("armada", "abilities.toml", "[boarders]", "cost = 2", 'cost = "2"',
     'boarders.cost: expected an integer, got the string "2"'),
    ("armada", "armadas.toml", "[vanguard-3]", "tier = 3", "tier = 3\ngm_allows_higher_tiers = 1",
     "vanguard-3.gm_allows_higher_tiers: expected a boolean (true or false), got the integer 1"),
    ("armada", "armadas.toml", "[[vanguard-3.officers]]", "ranks = 6", "ranks = true",
     "vanguard-3.officers[0].ranks: expected an integer, got the boolean true"),
    ("armada", "tiers.toml", "[[tiers]]", "armada_build_points = 36",
     "armada_build_points = 36.0",
     "tiers[0].armada_build_points: expected an integer, got the float 36.0"),
    ("armada", "tiers.toml", "[[tiers]]", 'light = "1d4"', "light = 4",
     "tiers[0].damage.light: expected a string, got the integer 4"),
    # HORDES
    ("hordes", "models.toml", "[oakhide-brute]", "spd = 5", 'spd = "5"',
     'oakhide-brute.spd: expected an integer, got the string "5"'),
    ("hordes", "models.toml", "[oakhide-brute]", 'name = "Oakhide Brute"', "name = 7",
     "oakhide-brute.name: expected a string, got the integer 7"),
    ("hordes", "spells.toml", "[bark-skin]", "up = true", "up = 1",
     "bark-skin.up: expected a boolean (true or false), got the integer 1"),
    ("hordes", "spells.toml", "[bark-skin]", "rng = 6", 'rng = "far"',
     'bark-skin.rng: expected a number or "SELF", got the string "far"'),
    ("hordes", "settings.toml", "rounds", "rounds = 7", "rounds = true",
     "rounds: expected an integer, got the boolean true"),
    # ROBOGEAR
    ("robogear", "units.toml", "[ferrum-tank]", "points = 62", 'points = "62"',
     'ferrum-tank.points: expected an integer, got the string "62"'),
    ("robogear", "units.toml", "[ferrum-tank]", "points = 62", 'points = 62\nmedic = "yes"',
     'ferrum-tank.medic: expected a boolean (true or false), got the string "yes"'),
    ("robogear", "units.toml", "[ferrum-tank]", "turret = true", "turret = 1",
     "ferrum-tank.weapons[0].turret: expected a boolean (true or false), got the integer 1"),
    ("robogear", "units.toml", "[ferrum-tank]", 'name = "Anvil battle tank"', "name = 3",
     "ferrum-tank.name: expected a string, got the integer 3"),
    ("robogear", "rules.toml", "[game]", "rounds = 8", "rounds = 8.0",
     "game.rounds: expected an integer, got the float 8.0"),
]


@pytest.mark.parametrize(
    ("ruleset", "name", "anchor", "old", "new", "expected"),
    WRONG_TYPES,
    ids=[f"{case[0]}-{case[1]}-{case[5].split(':')[0]}-{case[4].split()[-1]}"
         for case in WRONG_TYPES],
)
def test_a_wrong_type_in_a_data_file_is_one_line_naming_file_key_and_type(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str, name: str, anchor: str,
    old: str, new: str, expected: str,
) -> None:
    folder = data_folder(tmp_path, ruleset, name, anchor, old, new)
    assert main(["catalog", ruleset, "--data", str(folder)]) == USAGE_ERROR
    captured = capsys.readouterr()
    assert captured.err == f"warbench: error: {folder / name}: {expected}\n"
    assert "Traceback" not in captured.err + captured.out


@pytest.mark.parametrize("ruleset", sorted(DATA))
def test_simulate_refuses_a_wrong_type_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str
) -> None:
    """The issue's repro: `simulate --data` played with the coerced value."""
    case = next(case for case in WRONG_TYPES if case[0] == ruleset)
    folder = data_folder(tmp_path, *case[:5])
    assert main(["simulate", ruleset, "--games", "2", "--data", str(folder)]) == USAGE_ERROR
    captured = capsys.readouterr()
    assert captured.err == f"warbench: error: {folder / case[1]}: {case[5]}\n"
    assert captured.out == ""


# (ruleset, file, anchor, old, new, where to look, the float it must read)
WHOLE_FOR_FLOAT = [
    ("full-thrust", "rules.toml", "[game]", "width = 72.0", "width = 72",
     lambda data: data.rules.game.width, 72.0),
    ("dystopian-wars", "models.toml", "[britannia-battleship]", "turn = 3.0", "turn = 3",
     lambda data: data.models["britannia-battleship"].turn, 3.0),
    ("hordes", "settings.toml", "table", "table = 48.0", "table = 48",
     lambda data: data.settings.table, 48.0),
    ("robogear", "rules.toml", "[game]", "table_cm = 150.0", "table_cm = 150",
     lambda data: data.rules.game.table_cm, 150.0),
]


@pytest.mark.parametrize(
    ("ruleset", "name", "anchor", "old", "new", "read", "value"),
    WHOLE_FOR_FLOAT,
    ids=[case[0] for case in WHOLE_FOR_FLOAT],
)
def test_a_whole_number_still_fills_a_float(
    tmp_path: Path, ruleset: str, name: str, anchor: str, old: str, new: str, read: Any,
    value: float,
) -> None:
    """TOML writers write ``width = 72``; a float field takes it, as the float 72.0."""
    folder = data_folder(tmp_path, ruleset, name, anchor, old, new)
    found = read(warbench.ruleset(ruleset, data_dir=folder).data)
    assert found == value and type(found) is float


def test_infinity_and_nan_are_refused_in_data_files(tmp_path: Path) -> None:
    folder = data_folder(tmp_path, "robogear", "rules.toml", "[game]", "table_cm = 150.0",
                         "table_cm = inf")
    with pytest.raises(DataFileError) as caught:
        warbench.ruleset("robogear", data_dir=folder).data  # noqa: B018
    assert str(caught.value) == (
        f"{folder / 'rules.toml'}: game.table_cm: expected a finite number, got the float inf"
    )


def test_an_array_entry_id_is_a_string() -> None:
    with pytest.raises(DataFileError) as caught:
        Catalog.from_data({"guns": [{"id": 7}]}, ArmyList, "guns.toml")
    assert str(caught.value) == "guns.toml: guns[0].id: expected a string, got the integer 7"


def test_a_bound_is_worded_the_same_way(tmp_path: Path) -> None:
    folder = data_folder(tmp_path, "full-thrust", "designs.toml", "[warden]", "hull = 27",
                         "hull = 0")
    with pytest.raises(DataFileError) as caught:
        warbench.ruleset("full-thrust", data_dir=folder).data  # noqa: B018
    assert str(caught.value) == (
        f"{folder / 'designs.toml'}: warden.hull: expected at least 1, got the integer 0"
    )


def test_table_keys_still_read_as_numbers() -> None:
    """``[xp_by_cr]`` then ``1 = 400``: TOML keys are strings, an int-keyed table reads them."""
    experience = warbench.ruleset("armada").data.tables.experience
    assert list(experience.xp_by_cr)[:3] == [1, 2, 3]


# (ruleset, anchor in the shipped list, old, new, the error after the list's path)
LIST_MISTAKES = [
    ("armada", "[[units]]", 'name = "Black Comet"', "name = 7",
     "units[0].name: expected a string, got the integer 7"),
    ("armada", "[[units]]", 'options = ["array", "gravity-mines"]',
     'options = ["array", 2]', "units[0].options[1]: expected a string, got the integer 2"),
    ("dystopian-wars", "[[units]]", "count = 3", 'count = "3"',
     'units[2].count: expected an integer, got the string "3"'),
    ("dystopian-wars", "points", "points = 1000", "points = true",
     "points: expected an integer, got the boolean true"),
    ("full-thrust", "[[units]]", 'unit = "citadel"', "unit = 1",
     "units[0].unit: expected a string, got the integer 1"),
    ("full-thrust", "faction", 'faction = "concord"', "faction = true",
     "faction: expected a string, got the boolean true"),
    ("hordes", "points", "points = 15", "points = 15.0",
     "points: expected an integer, got the float 15.0"),
    ("hordes", "[[units]]", 'unit = "hask"', 'unit = "hask"\ncount = true',
     "units[0].count: expected an integer, got the boolean true"),
    ("robogear", "[[units]]", 'role = "command group:armour"', "role = 1",
     "units[0].role: expected a string, got the integer 1"),
    ("robogear", "name", 'name = "Ashen host"', "name = 320",
     "name: expected a string, got the integer 320"),
]


@pytest.mark.parametrize(
    ("ruleset", "anchor", "old", "new", "expected"),
    LIST_MISTAKES,
    ids=[f"{case[0]}-{case[4].split(':')[0]}" for case in LIST_MISTAKES],
)
def test_a_wrong_type_in_an_army_list_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str, anchor: str, old: str,
    new: str, expected: str,
) -> None:
    """A wrong type in the list's own keys is one error line naming the file and key (exit
    2); one in an entry is that entry's line in the list's report, the entry named, the
    list checked without it and not legal (exit 1)."""
    path = tmp_path / "my-list.toml"
    path.write_text(edited(LISTS[ruleset].read_text(), anchor, old, new))
    entry = re.match(r"units\[(\d+)\]", expected)
    status = main(["list", "validate", ruleset, str(path)])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    if entry is None:
        assert status == USAGE_ERROR
        assert captured.err == f"warbench: error: {path}: {expected}\n"
    else:
        assert status == 1 and captured.err == ""
        head = f"  {entry.group(0)} (entry {int(entry.group(1)) + 1}, "
        assert any(line.startswith(head) and line.endswith(expected[entry.end():])
                   for line in captured.out.splitlines()), captured.out
        assert "1 unreadable entry" in captured.out.splitlines()[0]
    with pytest.raises(DataFileError):
        load_model(path, ArmyList)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("max = 1", 'max = "1"', 'constraints[0].max: expected an integer, got the string "1"'),
        ("exactly = true", "exactly = 1",
         "constraints[1].exactly: expected a boolean (true or false), got the integer 1"),
        ("max_percent = 50", "max_percent = true",
         "constraints[2].max_percent: expected a number, got the boolean true"),
    ],
)
def test_a_wrong_type_in_a_constraint_set_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, expected: str
) -> None:
    """Constraint sets (``--constraints``) were coerced too: ``exactly = 1`` read as true."""
    rules = (
        '[[constraints]]\nkind = "count"\nselector = "*"\nmax = 1\n'
        '[[constraints]]\nkind = "unique_role"\nrole = "flagship"\nexactly = true\n'
        '[[constraints]]\nkind = "percentage_cap"\nselector = "*"\nmax_percent = 50\n'
    )
    path = tmp_path / "format.toml"
    path.write_text(rules.replace(old, new))
    args = ["list", "validate", "armada", str(LISTS["armada"]), "--constraints", str(path)]
    assert main(args) == USAGE_ERROR
    assert capsys.readouterr().err == f"warbench: error: {path}: {expected}\n"


def _loose_scalars(schema: Any, path: str = "") -> list[str]:
    """Where a core schema checks an int, float, bool or str without ``strict``."""
    if isinstance(schema, dict):
        found = []
        if schema.get("type") in STRICT_SCALARS and not schema.get("strict"):
            found.append(path or "(top)")
        for key, value in schema.items():
            if key not in ("keys_schema", "serialization", "metadata"):
                found += _loose_scalars(value, f"{path}.{key}")
        return found
    if isinstance(schema, list | tuple):
        return [hit for index, item in enumerate(schema)
                for hit in _loose_scalars(item, f"{path}[{index}]")]
    return []


def _subclasses(cls: type) -> list[type]:
    return [sub for direct in cls.__subclasses__() for sub in (direct, *_subclasses(direct))]


def test_every_data_model_of_every_ruleset_is_strict() -> None:
    """The one mechanism (``DataModel``) reaches every record of every ruleset."""
    for ruleset in DATA:
        warbench.ruleset(ruleset).data  # noqa: B018 - imports and loads every data model
    models = {model for model in _subclasses(DataModel) if model.__module__.startswith("warbench")}
    modules = {model.__module__.split(".")[2] for model in models
               if model.__module__.startswith("warbench.rulesets.")}
    assert modules >= {"armada", "dystopian_wars", "full_thrust", "hordes", "robogear"}
    loose = {model.__qualname__: _loose_scalars(model.__pydantic_core_schema__)
             for model in models}
    assert {name: where for name, where in loose.items() if where} == {}
