"""Data files: loading, validation errors that name file, key path and reason, catalogs."""

from __future__ import annotations

import difflib
import pickle
import re
from pathlib import Path
from typing import Annotated

import pytest
from pydantic import Field

from warbench.core.catalog import (
    ENGINE_DEFAULT,
    Catalog,
    DataFileError,
    DataModel,
    Record,
    UnknownEntry,
    ValueNames,
    engine_defaults,
    load_model,
    load_toml,
    parse_model,
    parse_toml,
)
from warbench.core.data_errors import DataProblem, format_path


class Ship(Record):
    id: str
    points: int
    tags: tuple[str, ...] = ()


class Fleet(DataModel):
    name: str
    units: tuple[Ship, ...]


class Weapon(Record):
    damage: int
    range: float = 12.0


class Armoury(DataModel):
    weapons: dict[str, Weapon]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


FLEET = """
name = "Home fleet"
[[units]]
id = "frigate"
points = 25
tags = ["small"]
[[units]]
id = "cruiser"
points = 50
"""


def test_good_file_loads_into_frozen_records(tmp_path: Path) -> None:
    fleet = load_model(write(tmp_path, "fleet.toml", FLEET), Fleet)
    assert fleet.name == "Home fleet"
    assert [(ship.id, ship.points, ship.tags) for ship in fleet.units] == [
        ("frigate", 25, ("small",)),
        ("cruiser", 50, ()),
    ]
    assert fleet.units[0].source == "rules"
    with pytest.raises(ValueError):
        fleet.units[0].points = 1


def test_bad_type_names_file_key_path_reason_and_value(tmp_path: Path) -> None:
    path = write(tmp_path, "fleet.toml", FLEET.replace("points = 25", 'points = "ten"'))
    with pytest.raises(DataFileError) as caught:
        load_model(path, Fleet)
    message = str(caught.value)
    assert message == f'{path}: units[0].points: expected an integer, got the string "ten"'
    assert caught.value.source == str(path)
    (problem,) = caught.value.problems
    assert problem.where == "units[0].points"
    assert problem.reason == 'expected an integer, got the string "ten"'


def test_missing_key_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "fleet.toml", FLEET.replace("points = 50\n", ""))
    with pytest.raises(
        DataFileError, match=r"fleet\.toml: units\[1\]\.points: missing required key$"
    ):
        load_model(path, Fleet)


def test_extra_key_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "fleet.toml", FLEET + 'colour = "grey"\n')
    with pytest.raises(DataFileError, match=r"fleet\.toml: units\[1\]\.colour: unknown key$"):
        load_model(path, Fleet)


def test_every_problem_is_reported_one_line_each(tmp_path: Path) -> None:
    text = 'name = 3\n[[units]]\nid = "a"\npoints = "x"\nspeed = 4\n[[units]]\nid = "b"\n'
    with pytest.raises(DataFileError) as caught:
        load_model(write(tmp_path, "fleet.toml", text), Fleet)
    lines = str(caught.value).splitlines()
    assert [line.split(": ")[1] for line in lines] == [
        "name",
        "units[0].points",
        "units[0].speed",
        "units[1].points",
    ]
    assert all(line.startswith(f"{tmp_path / 'fleet.toml'}: ") for line in lines)


def test_keys_that_are_not_bare_are_quoted(tmp_path: Path) -> None:
    path = write(tmp_path, "guns.toml", '[weapons."heavy gun"]\ndamage = 2.5\n')
    with pytest.raises(DataFileError, match=r'guns\.toml: weapons\."heavy gun"\.damage: '):
        load_model(path, Armoury)


def test_wrong_container_type_says_what_it_got() -> None:
    with pytest.raises(DataFileError, match=r"^f\.toml: units: expected an array, got a table$"):
        parse_model({"name": "x", "units": {"a": 1}}, Fleet, "f.toml")


def test_malformed_toml_gives_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.toml", 'name = "x"\npoints = = 3\n')
    with pytest.raises(DataFileError) as caught:
        load_toml(path)
    assert str(caught.value) == f"{path}: line 2, column 10: Invalid value"


def test_malformed_toml_at_end_of_file_still_gives_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.toml", 'name = "x"\ntags = ["a",')
    with pytest.raises(DataFileError, match=r"bad\.toml: line 2, column 13: "):
        load_toml(path)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(DataFileError) as caught:
        load_model(path, Fleet)
    assert str(caught.value) == f"{path}: file not found"


def test_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b'name = "caf\xe9"\n')
    with pytest.raises(DataFileError, match=r"latin\.toml: byte 11: not UTF-8 text"):
        load_toml(path)


def test_errors_survive_pickling_between_processes() -> None:
    error = DataFileError("f.toml", [DataProblem("units[0]", "unknown key")])
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.problems) == (str(error), error.problems)
    assert isinstance(copy, ValueError)
    missing = UnknownEntry("unit", "dredd", ["dread"])
    assert str(pickle.loads(pickle.dumps(missing))) == str(missing)


def test_format_path() -> None:
    assert format_path(()) == ""
    assert format_path(("units", 0, "points")) == "units[0].points"
    assert format_path(("a-b", "c d", 2)) == 'a-b."c d"[2]'


# ---------------------------------------------------------------------------- engine defaults


class CriticalRow(Record):
    roll: int
    effect: str


class CriticalTable(Record):
    rows: tuple[CriticalRow, ...]
    note: Record = Record()


def test_engine_defaults_lists_key_paths_of_engine_chosen_records() -> None:
    table = parse_model(
        {
            "source": ENGINE_DEFAULT,
            "rows": [
                {"roll": 1, "effect": "fire"},
                {"roll": 2, "effect": "adrift", "source": ENGINE_DEFAULT},
            ],
            "note": {"source": ENGINE_DEFAULT},
        },
        CriticalTable,
        "crits.toml",
    )
    assert engine_defaults(table) == ["", "rows[1]", "note"]
    assert engine_defaults(CriticalTable(rows=())) == []


def test_engine_defaults_in_a_catalog_are_keyed_by_id() -> None:
    guns = Catalog.from_data(
        {"cannon": {"damage": 2}, "torpedo": {"damage": 3, "source": ENGINE_DEFAULT}},
        Weapon,
        "guns.toml",
    )
    assert engine_defaults(guns) == ["torpedo"]


# ---------------------------------------------------------------------------- catalogs


def test_catalog_from_a_table_per_id(tmp_path: Path) -> None:
    path = write(tmp_path, "guns.toml", "[cannon]\ndamage = 2\n[torpedo]\ndamage = 3\nrange = 30\n")
    guns = Catalog.load(path, Weapon, kind="weapon")
    assert list(guns) == ["cannon", "torpedo"]
    assert guns["torpedo"] == Weapon(damage=3, range=30)
    assert len(guns) == 2
    assert "cannon" in guns
    assert "mortar" not in guns
    assert guns.get("mortar") is None


def test_catalog_from_an_array_of_tables_gives_models_their_id(tmp_path: Path) -> None:
    ships = Catalog.load(
        write(tmp_path, "ships.toml", FLEET.replace('name = "Home fleet"', "")), Ship
    )
    assert ships["cruiser"] == Ship(id="cruiser", points=50)


def test_catalog_table_per_id_fills_the_id_field() -> None:
    ships = Catalog.from_data({"frigate": {"points": 25}}, Ship, "ships.toml")
    assert ships["frigate"].id == "frigate"


def test_catalog_id_that_contradicts_its_table_name() -> None:
    with pytest.raises(DataFileError, match=r'^s\.toml: frigate\.id: id "cruiser" differs'):
        Catalog.from_data({"frigate": {"id": "cruiser", "points": 25}}, Ship, "s.toml")


def test_catalog_reports_duplicate_ids_with_both_positions(tmp_path: Path) -> None:
    text = '[[guns]]\nid = "cannon"\ndamage = 1\n[[guns]]\nid = "rocket"\ndamage = 2\n'
    text += '[[guns]]\nid = "cannon"\ndamage = 3\n'
    path = write(tmp_path, "guns.toml", text)
    with pytest.raises(DataFileError) as caught:
        Catalog.load(path, Weapon)
    assert str(caught.value) == (f'{path}: guns[2].id: duplicate id "cannon" (first at guns[0].id)')


def test_duplicate_table_names_are_a_toml_error_with_position(tmp_path: Path) -> None:
    path = write(tmp_path, "guns.toml", "[cannon]\ndamage = 1\n[cannon]\ndamage = 2\n")
    with pytest.raises(DataFileError, match=r"guns\.toml: line 3, column \d+: .*cannon"):
        Catalog.load(path, Weapon)


def test_catalog_reports_every_bad_entry_at_once() -> None:
    data = {
        "guns": [
            {"id": "cannon", "damage": "lots"},
            {"damage": 1},
            {"id": 7, "damage": 1},
            {"id": "rocket", "damage": 2, "speed": 9},
        ]
    }
    with pytest.raises(DataFileError) as caught:
        Catalog.from_data(data, Weapon, "guns.toml")
    assert [p.where for p in caught.value.problems] == [
        "guns[0].damage",
        "guns[1].id",
        "guns[2].id",
        "guns[3].speed",
    ]


def test_catalog_entry_must_be_a_table() -> None:
    expected = r"^guns\.toml: cannon: expected a table, got the integer 3$"
    with pytest.raises(DataFileError, match=expected):
        Catalog.from_data({"cannon": 3}, Weapon, "guns.toml")


def test_unknown_id_suggests_close_matches() -> None:
    ships = Catalog.from_data(
        {"dreadnought": {"points": 200}, "frigate": {"points": 25}}, Ship, "s.toml", kind="unit"
    )
    with pytest.raises(UnknownEntry) as caught:
        ships["dreadnaught"]
    assert str(caught.value) == 'unknown unit "dreadnaught", did you mean "dreadnought"?'
    assert caught.value.suggestions == ("dreadnought",)
    assert isinstance(caught.value, KeyError)
    assert isinstance(caught.value, ValueError)
    with pytest.raises(UnknownEntry, match=r'^unknown unit "zeppelin"$'):
        ships["zeppelin"]


class Gun(DataModel):
    damage: Annotated[tuple[int, int, int], ValueNames("short", "medium", "long")]
    at: tuple[float, float] = (0.0, 0.0)
    marks: tuple[int, ...] = Field(default=(), max_length=2)


class Battery(DataModel):
    guns: tuple[Gun, ...]


@pytest.mark.parametrize(
    ("gun", "where", "reason"),
    [
        ({"damage": [6, 5]}, "guns[0].damage", "has 2 values, needs 3 (short, medium, long)"),
        ({"damage": [6, 5, 3, 1]}, "guns[0].damage", "has 4 values, needs 3 (short, medium, long)"),
        ({"damage": []}, "guns[0].damage", "has no values, needs 3 (short, medium, long)"),
        ({"damage": [1, 2, 3], "at": [1.0]}, "guns[0].at", "has 1 value, needs 2"),
        (
            {"damage": [1, 2, 3], "marks": [1, 2, 3]},
            "guns[0].marks",
            "has 3 values, needs at most 2",
        ),
    ],
)
def test_an_array_of_the_wrong_length_says_how_many_values_it_has_and_needs(
    gun: dict[str, object], where: str, reason: str
) -> None:
    with pytest.raises(DataFileError) as caught:
        parse_model({"guns": [gun]}, Battery, "guns.toml")
    assert str(caught.value) == f"guns.toml: {where}: {reason}"


def test_a_counted_array_still_reports_its_values_types() -> None:
    with pytest.raises(DataFileError) as caught:
        parse_model({"guns": [{"damage": [1, "x", 3]}]}, Battery, "guns.toml")
    expected = 'guns.toml: guns[0].damage[1]: expected an integer, got the string "x"'
    assert str(caught.value) == expected
    assert parse_model({"guns": [{"damage": [1, 2, 3]}]}, Battery, "g").guns[0].damage == (1, 2, 3)


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("[gun]\ndamage = 1\ndamage = 2\n", 3, "gun.damage is set twice"),
        ("[[guns]]\nid = 1\n[[guns]]\nid = 2\nid = 3\n", 5, "guns[1].id is set twice"),
        ('[t]\n  "my key" = 1\n  "my key" = 2', 3, 't."my key" is set twice'),
        ("[gun]\nx = 1\n[gun]\n", 3, "table [gun] is declared twice"),
        ("[v]\nw = [\n  { n = 1, n = 2 },\n]\n", 3, "n is set twice in one inline table"),
        ("a = { b = 1 }\na.c = 1\n", 2, "a was written whole as an inline table or array"),
    ],
)
def test_a_key_written_twice_names_its_line_and_key(text: str, line: int, problem: str) -> None:
    with pytest.raises(DataFileError) as caught:
        parse_toml(text, "guns.toml")
    message = str(caught.value)
    assert re.match(rf"guns\.toml: line {line}, column \d+: {re.escape(problem)}", message)
    assert "Cannot" not in message and "Duplicate" not in message


def test_asking_whether_an_id_is_there_works_out_no_suggestions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``id in catalog`` and ``catalog.get(id)`` answer at once: only a lookup that fails
    (``catalog[id]``) works out the close ids its error names. The web table asks ``in`` of
    every value a form shows (scene.units_by_label), which took 75 ms a call when each miss
    built that error."""
    catalog = Catalog(dict, {"dreadnought": {}, "frigate": {}}, kind="unit")

    def no_suggestions(*args: object, **kwargs: object) -> list[str]:
        raise AssertionError("close matches worked out")

    monkeypatch.setattr(difflib, "get_close_matches", no_suggestions)
    assert "frigate" in catalog and "dredd" not in catalog and 3 not in catalog
    assert catalog.get("dredd") is None and catalog.get("dredd", 0) == 0
    assert catalog.get("frigate") == {}
