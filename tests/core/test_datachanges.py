"""A player's ``NAME.changes.toml``: only what differs from a data file, merged over it key by
key (docs/simulate.md, "Your own data"), with errors naming the file that set the key."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest
from pydantic import Field

from tests.duel import Duel, DuelState
from warbench.core.catalog import Catalog, DataFileError, DataFilesError, DataModel, Record
from warbench.core.datachanges import merge_changes
from warbench.core.datafolder import DataFolder, DataFolderError
from warbench.core.engine import Game
from warbench.core.replay import ReplayMismatch, replay
from warbench.core.rng import RandomStream

SHIPS = """\
[cutter]
name = "Cutter"
points = 30
traits = ["fast"]
[[cutter.guns]]
name = "bow gun"
dice = [2, 1]
reach = 12
[[cutter.guns]]
name = "stern gun"
dice = [1, 1]
reach = 6

[ironclad]
name = "Ironclad"
points = 90
"""
RULES = """\
hp = 8
[sea]
calm = 1
storm = 3
"""


class Gun(DataModel):
    name: str
    dice: tuple[int, int]
    reach: int


class Ship(Record):
    name: str
    points: int = Field(ge=1)
    guns: tuple[Gun, ...] = ()
    traits: tuple[str, ...] = ()


class Rules(DataModel):
    hp: int
    sea: dict[str, int]


ShipData = tuple[Catalog[Ship], Rules]


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    folder = tmp_path / "shipped"
    folder.mkdir()
    (folder / "ships.toml").write_text(SHIPS)
    (folder / "rules.toml").write_text(RULES)
    (folder / "notes.json").write_text("{}\n")
    return folder


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    return folder


def ship_duel(shipped: Path) -> type[Duel]:
    class ShipDuel(Duel):
        """Duel whose hit points and ships come from data files."""

        shipped_data: ClassVar[Path | None] = shipped

        def load_data(self, folder: DataFolder) -> ShipData:
            ships = folder.read_catalog("ships.toml", Ship, kind="ship")
            folder.check_references("rules.toml", "ships.toml", "ship", (
                (("sea", key), key) for key in folder.read_model("rules.toml", Rules).sea
                if key in ("cutter", "ironclad")), ships)
            return ships, folder.read_model("rules.toml", Rules)

        def new_state(
            self, setup: Mapping[str, Any], players: int, rng: RandomStream
        ) -> DuelState:
            return super().new_state({**setup, "hp": self.data[1].hp}, players, rng)

    return ShipDuel


def data(shipped: Path, mine: Path, **files: str) -> ShipData:
    """The ships and rules read with ``files`` (name with dots as underscores: text) in the
    player's folder."""
    for name, text in files.items():
        (mine / name.replace("_", ".")).write_text(text)
    loaded: ShipData = ship_duel(shipped)(mine).data
    return loaded


def problem(shipped: Path, mine: Path, **files: str) -> str:
    """The message of the error reading ``files`` gives."""
    with pytest.raises((DataFileError, DataFilesError)) as caught:
        data(shipped, mine, **files)
    return str(caught.value)


def test_tables_merge_key_by_key_and_other_values_replace_the_base(
    shipped: Path, mine: Path
) -> None:
    """One changed number keeps every other key of the entry and of the file;
    an array (traits) and an array of tables (guns) replace the base's whole; a nested table
    (sea) merges key by key."""
    ships, rules = data(shipped, mine, ships_changes_toml="[cutter]\npoints = 35\n",
                        rules_changes_toml="[sea]\nstorm = 4\n")
    assert ships["cutter"].points == 35
    assert ships["cutter"].name == "Cutter" and len(ships["cutter"].guns) == 2
    assert ships["ironclad"].points == 90
    assert rules.hp == 8 and rules.sea == {"calm": 1, "storm": 4}
    changes = ('[cutter]\ntraits = ["slow"]\n[[cutter.guns]]\nname = "swivel"\ndice = [1, 1]\n'
               "reach = 3\n")
    ships, _ = data(shipped, mine, ships_changes_toml=changes)
    assert ships["cutter"].traits == ("slow",) and ships["cutter"].points == 30
    assert [gun.name for gun in ships["cutter"].guns] == ["swivel"]


def test_a_new_key_adds_an_entry_and_remove_drops_one(shipped: Path, mine: Path) -> None:
    """A top-level table the base lacks, named in ``add``, is a new ship; ``remove`` drops
    one."""
    changes = ('add = ["monitor"]\nremove = ["ironclad"]\n[monitor]\nname = "Monitor"\n'
               "points = 50\n")
    ships, _ = data(shipped, mine, ships_changes_toml=changes)
    assert list(ships) == ["cutter", "monitor"] and ships["monitor"].points == 50


def test_a_table_in_place_of_an_array_changes_or_adds_items_by_name(
    shipped: Path, mine: Path
) -> None:
    """A table written where the base holds an array of named tables changes
    the item of that name key by key, the other items as they were and in their places; a
    name no item has, named in ``add``, adds an item, named so, at the end; the player's
    full copy is the base where they have one."""
    changes = ('add = ["cutter.guns.swivel"]\n[cutter.guns."stern gun"]\ndice = [2, 2]\n'
               "[cutter.guns.swivel]\ndice = [1, 0]\nreach = 3\n")
    ships, _ = data(shipped, mine, ships_changes_toml=changes)
    assert [(gun.name, gun.dice, gun.reach) for gun in ships["cutter"].guns] == [
        ("bow gun", (2, 1), 12), ("stern gun", (2, 2), 6), ("swivel", (1, 0), 3)]
    assert ships["cutter"].points == 30 and ships["cutter"].traits == ("fast",)
    (mine / "ships.toml").write_text(SHIPS.replace("reach = 6", "reach = 8"))
    (mine / "ships.changes.toml").write_text('[cutter.guns."bow gun"]\nreach = 10\n')
    ships, _ = data(shipped, mine)
    assert [gun.reach for gun in ships["cutter"].guns] == [10, 8]


@pytest.mark.parametrize(("changes", "where", "reason"), [
    ('[cutter.guns."bow gn"]\ndice = [3, 1]\n', 'cutter.guns."bow gn"',
     'the shipped ships.toml has no item "bow gn" to change, did you mean "bow gun"? (to add'
     ' a new item, name it at the top of this file: add = ["cutter.guns.\\"bow gn\\""])'),
    ('add = ["cutter.guns.swivel"]\n[cutter.guns.swivel]\ndice = [1, 0]\n',
     "cutter.guns.swivel.reach", "missing required key"),
    ('[cutter.guns."bow gun"]\ndice = [1]\n', 'cutter.guns."bow gun".dice',
     "has 1 value, needs 2"),
    ('[cutter.guns]\n"bow gun" = 3\n', 'cutter.guns."bow gun"',
     'expected a table of changes to the item whose name is "bow gun", got the integer 3'),
    ('[cutter.guns."bow gun"]\nname = "chaser"\n', 'cutter.guns."bow gun".name',
     'differs from the name "bow gun" the item is written under; to rename an item, write'
     " cutter.guns whole"),
])
def test_a_mistake_in_a_named_item_names_the_changes_file_and_the_key_it_wrote(
    shipped: Path, mine: Path, changes: str, where: str, reason: str
) -> None:
    """A misspelt item name (with the name likely meant, and how to add an item), a new
    item lacking a key, a wrong value, a change that is no table, a rename: one line naming
    the changes file and the key path as it wrote it (the item's name, not its place in the
    array)."""
    assert problem(shipped, mine, ships_changes_toml=changes) == (
        f"{mine / 'ships.changes.toml'}: {where}: {reason}")


WHOLE = "write cutter.guns whole (one [[cutter.guns]] per item)"


@pytest.mark.parametrize(("guns", "reason"), [
    ('guns = [{ name = "bow gun", dice = [2, 1], reach = 12 },'
     ' { name = "bow gun", dice = [1, 1], reach = 6 }]',
     'your ships.toml has two items whose name is "bow gun" here ([0] and [1]), so a change'
     f" cannot say which: {WHOLE}"),
    ('guns = [{ name = "bow gun", dice = [2, 1], reach = 12 }, { dice = [1, 1], reach = 6 }]',
     "item [1] of this array in your ships.toml has no name (a string or an integer), so its"
     f" items cannot be found by name: {WHOLE}"),
    ("guns = [{ dice = [2, 1], reach = 12 }]",
     f"the items of this array in your ships.toml have no name, unit or tier to find one by:"
     f" {WHOLE}"),
    ("guns = []", f"is an empty array in your ships.toml, with no item to change: {WHOLE}"),
])
def test_items_a_name_cannot_tell_apart_are_refused_at_the_key_that_names_one(
    shipped: Path, mine: Path, guns: str, reason: str
) -> None:
    """A changed item is refused, at the array's key path in the changes file,
    where the base's items cannot be told apart by name: two of one name, one without a
    name, none named at all, no item."""
    copy = SHIPS.split("[[cutter.guns]]")[0] + guns + "\n" + SHIPS.split("\n\n")[1]
    assert "ironclad" in copy and "stern" not in copy
    message = problem(shipped, mine, ships_toml=copy,
                      ships_changes_toml='[cutter.guns."bow gun"]\nreach = 10\n')
    assert message == f"{mine / 'ships.changes.toml'}: cutter.guns: {reason}"


def test_changes_go_over_the_players_full_copy(shipped: Path, mine: Path) -> None:
    """With a full ``ships.toml`` of the player's, its changes file changes that
    copy, not the shipped file."""
    copy = SHIPS.replace("points = 30", "points = 40").replace('"Cutter"', '"Revenue cutter"')
    ships, _ = data(shipped, mine, ships_toml=copy, ships_changes_toml="[ironclad]\npoints = 95\n")
    assert ships["cutter"].points == 40 and ships["cutter"].name == "Revenue cutter"
    assert ships["ironclad"].points == 95


@pytest.mark.parametrize(("changes", "where", "reason"), [
    ("[cutter]\npionts = 35\n", "cutter.pionts",
     'the shipped ships.toml has no "pionts" to change, did you mean "points"? (read as an'
     " addition: unknown key)"),
    ("[cuter]\npoints = 35\n", "cuter",
     'the shipped ships.toml has no entry "cuter" to change, did you mean "cutter"? (to add a'
     ' new entry, name it at the top of this file: add = ["cuter"])'),
    ('[cutter]\npoints = "35"\n', "cutter.points", 'expected an integer, got the string "35"'),
    ("[cutter]\npoints = 0\n", "cutter.points", "expected at least 1, got the integer 0"),
    ("[cutter]\nguns = 2\n", "cutter.guns", "expected an array, got the integer 2"),
    ('remove = ["ironklad"]\n', "remove[0]",
     'the shipped ships.toml has no "ironklad" to remove, did you mean "ironclad"?'),
    ('remove = "ironclad"\n', "remove",
     'expected an array of the ids and key paths to remove, got the string "ironclad"'),
    ('remove = ["ironclad"]\n[ironclad]\npoints = 95\n', "ironclad",
     "changed here and removed by remove[0]"),
])
def test_a_mistake_in_a_changes_file_names_it_and_the_key(
    shipped: Path, mine: Path, changes: str, where: str, reason: str
) -> None:
    """A typo'd key (with the key of the base likely meant), a wrong type, a
    value refused once merged, a removal that cannot be done: one line naming the changes
    file and the key path."""
    assert problem(shipped, mine, ships_changes_toml=changes) == (
        f"{mine / 'ships.changes.toml'}: {where}: {reason}")


def test_a_problem_of_the_base_names_the_base(shipped: Path, mine: Path) -> None:
    """A player's full copy broken in an entry the changes file leaves alone is
    named as the copy; the changes file's own mistake beside it names the changes file."""
    copy = SHIPS.replace("points = 90", 'points = "ninety"')
    message = problem(shipped, mine, ships_toml=copy, ships_changes_toml="[cutter]\npoints = 0\n")
    assert message.splitlines() == [
        f"{mine / 'ships.changes.toml'}: cutter.points: expected at least 1, got the integer 0",
        f'{mine / "ships.toml"}: ironclad.points: expected an integer, got the string "ninety"',
    ]
    (mine / "ships.changes.toml").write_text("[cutter\n")
    assert problem(shipped, mine) == (f"{mine / 'ships.changes.toml'}: line 1, column 8:"
                                      " Expected ']' at the end of a table declaration")


def test_removing_an_entry_another_file_names_is_told_at_the_removal(
    shipped: Path, mine: Path
) -> None:
    """A ship dropped by ``remove`` that the shipped rules still name is told at
    ``remove[i]``, naming the key that names it."""
    (shipped / "rules.toml").write_text(RULES + "ironclad = 2\n")
    message = problem(shipped, mine, ships_changes_toml='remove = ["cutter", "ironclad"]\n')
    assert message == (
        f'{mine / "ships.changes.toml"}: remove[1]: removes the ship "ironclad", which the'
        " shipped rules.toml names (first at sea.ironclad): keep it, or change rules.toml too")


def test_a_changes_file_for_no_shipped_toml_file_is_refused(shipped: Path, mine: Path) -> None:
    """``check`` refuses a changes file of a file the ruleset does not ship (journey 5: a
    misspelt name, with the file likely meant), a changes file of a JSON data file, and one
    written in JSON; a folder holding only a changes file is a data folder."""
    rules = ship_duel(shipped)
    (mine / "ship.changes.toml").write_text("[cutter]\npoints = 35\n")
    with pytest.raises(DataFolderError) as caught:
        rules(mine)
    assert str(caught.value) == (
        f"{mine / 'ship.changes.toml'}: this ruleset has no data file 'ship.toml' to change,"
        ' did you mean "ships.toml"? (its files: notes.json, rules.toml, ships.toml;'
        " NAME.changes.toml changes NAME.toml)")
    (mine / "ship.changes.toml").rename(mine / "ship.toml")  # a misspelt copy: the same
    with pytest.raises(DataFolderError, match=r"no data file 'ship\.toml', did you mean"
                       r' "ships\.toml"\? \(its files'):
        rules(mine)
    (mine / "ship.toml").rename(mine / "ship.changes.toml")
    (mine / "ship.changes.toml").rename(mine / "notes.changes.toml")
    with pytest.raises(DataFolderError, match=r"notes\.changes\.toml: notes\.json is JSON, and a"
                       r" changes file changes a TOML data file only; copy notes\.json into "):
        rules(mine)
    (mine / "notes.changes.toml").rename(mine / "ships.changes.json")
    with pytest.raises(DataFolderError, match=r"ships\.changes\.json: a changes file is TOML:"
                       r" name it ships\.changes\.toml$"):
        rules(mine)
    (mine / "ships.changes.json").rename(mine / "ships.changes.toml")
    assert rules(mine).data[0]["cutter"].points == 35


def test_the_digest_follows_the_changes_file_and_a_replay_needs_it(
    shipped: Path, mine: Path
) -> None:
    """The journal's data digest covers changes files: a game played with one
    replays with it, and is refused once the file says otherwise."""
    (mine / "rules.changes.toml").write_text("hp = 3\n")
    rules = ship_duel(shipped)(mine)
    played = Game.new(rules, seed=4)
    assert played.state.hp == [3, 3] and played.journal.data == rules.data_digest is not None
    assert replay(played.journal, rules=ship_duel(shipped)(mine)).hash() == played.hash()
    (mine / "rules.changes.toml").write_text("hp = 4\n")
    assert ship_duel(shipped)(mine).data_digest != rules.data_digest
    with pytest.raises(ReplayMismatch, match="played with other data"):
        replay(played.journal, rules=ship_duel(shipped)(mine))


def test_nothing_is_half_loaded_when_a_changes_file_is_wrong(shipped: Path, mine: Path) -> None:
    """A wrong changes file stops the game before it starts, keeps nothing of
    the data read so far, and leaves the files' own data untouched."""
    (mine / "ships.changes.toml").write_text("[cutter]\npoints = 35\n")
    (mine / "rules.changes.toml").write_text('hp = "three"\n')
    rules = ship_duel(shipped)(mine)
    for _ in range(2):
        with pytest.raises(DataFileError, match=r"rules\.changes\.toml: hp: expected an integer"):
            Game.new(rules)
        assert "data" not in vars(rules)
    (mine / "rules.changes.toml").write_text("hp = 3\n")
    assert Game.new(ship_duel(shipped)(mine)).state.hp == [3, 3]
    assert ship_duel(shipped)().data[0]["cutter"].points == 30
    base = {"cutter": {"points": 30, "guns": [{"dice": [2, 1]}]}}
    merged, _ = merge_changes(base, {"cutter": {"points": 35}}, "c.toml", "ships.toml")
    assert base == {"cutter": {"points": 30, "guns": [{"dice": [2, 1]}]}}
    assert merged == {"cutter": {"points": 35, "guns": [{"dice": [2, 1]}]}}


CUTTER = SHIPS.split("\n\n")[0] + "\n"


def test_a_complete_misspelt_entry_or_item_is_refused_not_added(
    shipped: Path, mine: Path
) -> None:
    """A whole ship under a misspelt id, or a whole gun under a misspelt name,
    is refused, naming the id likely meant and how to add one, not played as a new ship (a
    designer who meant to change the cutter would see nothing change); a new id close to
    none is refused too: only ``add`` makes an addition."""
    whole = CUTTER.replace("[cutter", "[cuter").replace("points = 30", "points = 35")
    assert problem(shipped, mine, ships_changes_toml=whole) == (
        f'{mine / "ships.changes.toml"}: cuter: the shipped ships.toml has no entry "cuter" to'
        ' change, did you mean "cutter"? (to add a new entry, name it at the top of this file:'
        ' add = ["cuter"])')
    gun = '[cutter.guns."bow gn"]\ndice = [3, 1]\nreach = 12\n'
    assert problem(shipped, mine, ships_changes_toml=gun).endswith(
        ': cutter.guns."bow gn": the shipped ships.toml has no item "bow gn" to change, did you'
        ' mean "bow gun"? (to add a new item, name it at the top of this file: add ='
        ' ["cutter.guns.\\"bow gn\\""])')
    monitor = CUTTER.replace("[cutter", "[monitor")
    assert problem(shipped, mine, ships_changes_toml=monitor).endswith(
        ': monitor: the shipped ships.toml has no entry "monitor" to change (to add a new'
        ' entry, name it at the top of this file: add = ["monitor"])')
    ships, _ = data(shipped, mine, ships_changes_toml='add = ["cuter"]\n' + whole)
    assert list(ships) == ["cutter", "ironclad", "cuter"] and ships["cutter"].points == 30


@pytest.mark.parametrize(("changes", "where", "reason"), [
    ('add = ["cutter"]\n[cutter]\npoints = 35\n', "add[0]",
     'the shipped ships.toml already has "cutter": add names only new entries and items;'
     " leave it out of add to change it"),
    ('add = ["monitor"]\n[cutter]\npoints = 35\n', "add[0]",
     'this file writes no new entry or array item at "monitor" (add names the ids of new'
     " entries and the key paths of new array items that this file writes)"),
    ('add = ["cutter..guns"]\n', "add[0]",
     'expected an id or a key path (such as cruiser.guns."bow gun"), got "cutter..guns"'),
    ("add = [1]\n", "add",
     "expected an array of the ids of new entries and key paths of new array items, got an"
     " array of other values"),
])
def test_a_mistake_in_add_names_it(
    shipped: Path, mine: Path, changes: str, where: str, reason: str
) -> None:
    """``add`` naming an entry the base has, one the file does not write, or no
    key path at all: one line at ``add[i]``."""
    assert problem(shipped, mine, ships_changes_toml=changes) == (
        f"{mine / 'ships.changes.toml'}: {where}: {reason}")


def test_remove_drops_a_key_inside_an_entry_or_an_item_by_name(
    shipped: Path, mine: Path
) -> None:
    """``remove`` takes key paths as well as ids: a key inside an entry goes
    back to its default (the cutter's traits), an array item goes by its name (the stern
    gun), everything else as it was; the same file may change another key of that entry."""
    changes = ('remove = ["cutter.traits", \'cutter.guns."stern gun"\']\n'
               '[cutter.guns."bow gun"]\nreach = 10\n')
    ships, _ = data(shipped, mine, ships_changes_toml=changes)
    assert ships["cutter"].traits == () and ships["cutter"].points == 30
    assert [(gun.name, gun.reach) for gun in ships["cutter"].guns] == [("bow gun", 10)]
    assert ships["ironclad"].points == 90


@pytest.mark.parametrize(("changes", "where", "reason"), [
    ('remove = ["cutter.points"]\n', "remove[0]",
     "removes cutter.points, which cannot be left out: missing required key; write the value"
     " you want instead"),
    ('remove = [\'cutter.guns."bow gun".reach\']\n', "remove[0]",
     'removes cutter.guns."bow gun".reach, which cannot be left out: missing required key;'
     " write the value you want instead"),
    ('remove = ["cutter.trait"]\n', "remove[0]",
     'the shipped ships.toml has no "cutter.trait" to remove, did you mean "cutter.traits"?'),
    ('remove = [\'cutter.guns."bow gn"\']\n', "remove[0]",
     'the shipped ships.toml has no item "cutter.guns.\\"bow gn\\"" to remove, did you mean'
     ' "cutter.guns.\\"bow gun\\""?'),
    ('remove = ["cutter.points.low"]\n', "remove[0]",
     'cutter.points is the integer 30 in the shipped ships.toml, with no key "low" to remove'),
    ('remove = ["cutter.traits"]\n[cutter]\ntraits = ["slow"]\n', "cutter.traits",
     "changed here and removed by remove[0]"),
    ('remove = [\'cutter.guns."bow gun"\']\n[[cutter.guns]]\nname = "swivel"\ndice = [1, 0]\n'
     "reach = 3\n", "cutter.guns", "changed here and removed by remove[0]"),
    ('remove = ["cutter", "cutter.points"]\n', "remove[1]",
     "cutter.points is removed already with cutter by remove[0]"),
    ('remove = ["cutter.traits", "cutter.traits"]\n', "remove[1]",
     '"cutter.traits" is already at remove[0]'),
])
def test_a_removal_that_cannot_be_done_names_it(
    shipped: Path, mine: Path, changes: str, where: str, reason: str
) -> None:
    """A key the ship's schema requires (its points, a gun's reach), a key or
    item the base lacks (with the one likely meant), a key under a value that has none, a
    key both removed and written, one removal inside another or listed twice: one line
    naming the changes file and ``remove[i]`` or the key written."""
    assert problem(shipped, mine, ships_changes_toml=changes) == (
        f"{mine / 'ships.changes.toml'}: {where}: {reason}")


def test_a_refused_removal_loads_nothing(shipped: Path, mine: Path) -> None:
    """A removal of a required key stops the game before it starts and keeps
    nothing of the data read; the shipped data is untouched."""
    (mine / "ships.changes.toml").write_text('remove = ["cutter.points"]\n')
    rules = ship_duel(shipped)(mine)
    with pytest.raises(DataFileError, match=r"remove\[0\]: removes cutter\.points"):
        Game.new(rules)
    assert "data" not in vars(rules)
    assert ship_duel(shipped)().data[0]["cutter"].points == 30
