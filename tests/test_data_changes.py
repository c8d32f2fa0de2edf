"""A designer's changes file in `--data DIR` (journey 5): one line of what differs from a
shipped data file, read by every ruleset's loader and every command that takes --data."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from warbench import ruleset
from warbench.cli import USAGE_ERROR, main
from warbench.core.catalog import DataFileError
from warbench.core.datafolder import DataFolder, DataFolderError
from warbench.core.engine import Game
from warbench.rulesets.armada.data import load_data as armada_data
from warbench.rulesets.dystopian_wars.data import DATA_DIR as DW_DATA
from warbench.rulesets.dystopian_wars.data import load_data as dw_data
from warbench.rulesets.full_thrust.library import library_from
from warbench.rulesets.hordes.data import load_data as hordes_data
from warbench.rulesets.hordes.profile import stat
from warbench.rulesets.robogear.data import load_data as robogear_data

FLEET = DW_DATA / "fleets" / "britannia-1000.toml"


def folder_with(tmp_path: Path, files: dict[str, str]) -> Path:
    """A player's data folder holding ``files`` (name: text)."""
    folder = tmp_path / "my-data"
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


def cruiser_record(new_id: str) -> str:
    """The shipped Britannian cruiser's whole record under the id ``new_id``."""
    shipped = (DW_DATA / "models.toml").read_text()
    start = shipped.index("[britannia-cruiser]\n")
    end = shipped.index("\n[britannia-", start + 1)
    while shipped.startswith("\n[[britannia-cruiser.", end):
        end = shipped.index("\n[britannia-", end + 1)
    return shipped[start:end].replace("britannia-cruiser", new_id) + "\n"


def validate(fleet: Path, folder: Path | None, capsys: pytest.CaptureFixture[str]) -> str:
    """What `list validate dystopian-wars FLEET [--data FOLDER]` prints."""
    data = [] if folder is None else ["--data", str(folder)]
    main(["list", "validate", "dystopian-wars", str(fleet), *data])
    return capsys.readouterr().out


def test_dw_data_replace_one_changed_points_line_reprices_the_catalog_and_lists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-DATA-REPLACE, DW-FLEET-PRICE: `models.changes.toml` holding only the cruiser's
    points makes `catalog` show them and `list validate` price the three cruisers of the
    shipped 1000-point list with them (985 points, valid, with the shipped data)."""
    folder = folder_with(tmp_path, {"models.changes.toml": "[britannia-cruiser]\npoints = 70\n"})
    assert main(["catalog", "dystopian-wars", "--unit", "britannia-cruiser", "--data",
                 str(folder)]) == 0
    card = capsys.readouterr().out
    assert "Warden-pattern cruiser — 70 points" in card and "MV" in card
    assert "985 of 1000 points, valid" in validate(FLEET, None, capsys)
    assert "1015 of 1000 points, 1 violation" in validate(FLEET, folder, capsys)
    assert main(["catalog", "dystopian-wars", "--json", "--data", str(folder)]) == 0
    records = json.loads(capsys.readouterr().out)
    assert records["britannia-cruiser"]["points"] == 70
    assert records["britannia-cruiser"]["name"] == "Warden-pattern cruiser"


def test_dw_data_replace_a_changes_file_adds_a_model_class(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-DATA-REPLACE: a model class the shipped catalog lacks, written whole in the changes
    file and named in its `add`, is priced in a list that names it."""
    record = cruiser_record("britannia-picket-cruiser").replace("\npoints = 60\n",
                                                                "\npoints = 40\n")
    folder = folder_with(tmp_path, {
        "models.changes.toml": 'add = ["britannia-picket-cruiser"]\n' + record})
    pickets = tmp_path / "pickets.toml"
    pickets.write_text(FLEET.read_text().replace('"britannia-cruiser"',
                                                 '"britannia-picket-cruiser"'))
    assert "925 of 1000 points, valid" in validate(pickets, folder, capsys)
    assert 'unknown unit "britannia-picket-cruiser"' in validate(pickets, None, capsys)


def test_dw_data_replace_changes_go_over_the_players_own_models_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-DATA-REPLACE, DW-DATA-ERRORS: a player's `models.toml` adds its classes to the
    shipped ones, and `models.changes.toml` changes both; a mistake in an entry of the
    player's own file names that file, one in an entry the changes file touched names it."""
    folder = folder_with(tmp_path, {
        "models.toml": cruiser_record("britannia-heavy-cruiser"),
        "models.changes.toml": "[britannia-heavy-cruiser]\npoints = 90\n"
                               "[britannia-cruiser]\npoints = 70\n"})
    heavy = tmp_path / "heavy.toml"
    heavy.write_text(FLEET.read_text().replace('"britannia-cruiser"',
                                               '"britannia-heavy-cruiser"'))
    assert "1075 of 1000 points" in validate(heavy, folder, capsys)
    assert "1015 of 1000 points" in validate(FLEET, folder, capsys)
    mine = folder / "models.toml"
    mine.write_text(mine.read_text().replace("\nhp = 5\n", '\nhp = "five"\n'))
    (folder / "models.changes.toml").write_text("[britannia-frigate]\npoints = -5\n")
    assert main(["list", "validate", "dystopian-wars", str(FLEET), "--data", str(folder)]) == 2
    err = capsys.readouterr().err
    assert (f"{folder / 'models.changes.toml'}: britannia-frigate.points: expected at least 0,"
            " got the integer -5") in err
    assert f'{mine}: britannia-heavy-cruiser.hp: expected an integer, got the string "five"' in err


def test_dw_data_errors_a_typo_in_a_changes_file_is_one_line_naming_it_and_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-DATA-ERRORS: a misspelt key or entry of a changes file is refused before any game,
    in one line naming the changes file, the key path and the key likely meant."""
    folder = folder_with(tmp_path, {"models.changes.toml": "[britannia-cruiser]\npionts = 70\n"})
    args = ["simulate", "dystopian-wars", "--games", "1", "--data", str(folder)]
    assert main(args) == USAGE_ERROR
    err = capsys.readouterr().err
    assert err == (f"warbench: error: {folder / 'models.changes.toml'}: britannia-cruiser.pionts:"
                   ' the shipped models.toml has no "pionts" to change, did you mean "points"?'
                   " (read as an addition: unknown key)\n")
    (folder / "models.changes.toml").write_text("[britania-cruiser]\npoints = 70\n")
    assert main(args) == USAGE_ERROR
    err = capsys.readouterr().err
    assert err == (f"warbench: error: {folder / 'models.changes.toml'}: britania-cruiser: the"
                   ' shipped models.toml has no entry "britania-cruiser" to change, did you mean'
                   ' "britannia-cruiser"? (to add a new entry, name it at the top of this file:'
                   ' add = ["britania-cruiser"])\n')


def test_dw_data_errors_a_whole_misspelt_model_class_is_refused_not_added(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-DATA-ERRORS, DW-DATA-REPLACE: the cruiser's whole record at 70 points under a
    misspelt id is refused before any game (it used to be a new class, and the shipped
    cruiser kept its 60 points), one line naming the file, the id meant and how to add one;
    with `add` naming it, it is a class of its own."""
    record = cruiser_record("britania-cruiser").replace("\npoints = 60\n", "\npoints = 70\n")
    folder = folder_with(tmp_path, {"models.changes.toml": record})
    assert main(["list", "validate", "dystopian-wars", str(FLEET), "--data", str(folder)]) == 2
    assert capsys.readouterr().err == (
        f"warbench: error: {folder / 'models.changes.toml'}: britania-cruiser: the shipped"
        ' models.toml has no entry "britania-cruiser" to change, did you mean'
        ' "britannia-cruiser"? (to add a new entry, name it at the top of this file: add ='
        ' ["britania-cruiser"])\n')
    (folder / "models.changes.toml").write_text('add = ["britania-cruiser"]\n' + record)
    assert "985 of 1000 points, valid" in validate(FLEET, folder, capsys)


def test_dw_data_replace_remove_drops_a_key_or_a_weapon_and_refuses_a_required_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-DATA-REPLACE, DW-DATA-ERRORS: `remove` with a key path drops one key of a model
    class (the cruiser's AA goes to its default, 0) or one weapon by its name (the
    broadside), the rest as shipped; removing its hit points, which a class must have, is
    refused at `remove[0]` before any game, naming the file and the key."""
    folder = folder_with(tmp_path, {"models.changes.toml":
                                    'remove = ["britannia-cruiser.aa",'
                                    ' "britannia-cruiser.weapons.broadside"]\n'})
    cruiser = ruleset("dystopian-wars", data_dir=folder).data.models["britannia-cruiser"]
    shipped = ruleset("dystopian-wars").data.models["britannia-cruiser"]
    assert (cruiser.aa, shipped.aa) == (0, 4)
    assert [mount.name for mount in cruiser.mounts] == ["turret"]
    assert cruiser.points == shipped.points and cruiser.hp == shipped.hp
    (folder / "models.changes.toml").write_text('remove = ["britannia-cruiser.hp"]\n')
    assert main(["simulate", "dystopian-wars", "--games", "1", "--data", str(folder)]) == 2
    assert capsys.readouterr().err == (
        f"warbench: error: {folder / 'models.changes.toml'}: remove[0]: removes"
        " britannia-cruiser.hp, which cannot be left out: missing required key; write the"
        " value you want instead\n")


def test_dw_data_replace_an_example_fleet_in_the_folder_is_refused_not_ignored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-DATA-REPLACE: the example fleets are lists the commands take by path, never read
    from a data folder; a changes file of one would change nothing, so it is refused, naming
    the files Dystopian Wars reads."""
    folder = folder_with(tmp_path, {"fleets/britannia-1000.changes.toml": "points = 1500\n"})
    assert main(["list", "validate", "dystopian-wars", str(FLEET), "--data", str(folder)]) == 2
    assert capsys.readouterr().err == (
        f"warbench: error: {folder / 'fleets' / 'britannia-1000.changes.toml'}: this ruleset"
        " does not read 'fleets/britannia-1000.toml' from a data folder, so it would be ignored"
        " (it reads cards.toml, criticals.toml, formats.toml, models.toml); name a list of your"
        " own on the command line instead\n")


def test_hor_stats_a_changed_arm_reaches_the_game(tmp_path: Path) -> None:
    """HOR-STATS, HOR-LISTS: `models.changes.toml` giving the Oakhide Brute ARM 20 (shipped
    18) is the ARM its model has in a game; a changes file of an example list renames the
    battlegroup that plays the default battle."""
    folder = folder_with(tmp_path, {
        "models.changes.toml": "[oakhide-brute]\narm = 20\n",
        "lists/thornwood-maelis.changes.toml": 'name = "Grove guard"\n'})
    for data_dir, arm, side in ((None, 18, "Thornwood Vanguard"), (folder, 20, "Grove guard")):
        rules = ruleset("hordes", data_dir=data_dir)
        game = Game.new(rules, seed=1)
        brute = next(model for model in game.state.models if model.card == "oakhide-brute")
        assert stat(game.data, brute, "arm") == arm
        assert rules.side_names(rules.default_setup(), 2)[0] == side
        assert rules.data.models["oakhide-brute"].name == "Oakhide Brute"


@pytest.mark.parametrize(("ruleset_id", "target", "change", "changed", "lost", "referrer",
                          "where", "kind"), [
    ("robogear", "units.toml", '[ferrum-walker]\nname = "Long strider"\n',
     lambda data: data.units["ferrum-walker"].name == "Long strider",
     "ferrum-walker", "armies.toml", "ferrum.units[1].unit", "unit"),
    ("hordes", "spells.toml", "[deep-roots]\ncost = 3\n",
     lambda data: data.spells["deep-roots"].cost == 3,
     "deep-roots", "models.toml", "oakhide-brute.animus", "spell or animus"),
    ("full-thrust", "designs.toml", '[haven]\nname = "Haven carrier"\n',
     lambda data: data.design_records["haven"].name == "Haven carrier",
     "haven", "fleets.toml", "concord.ships[1].design", "design"),
    ("armada", "orders.toml", "[taunt]\nbonus = 2\n",
     lambda data: data.tables.orders["taunt"].bonus == 2,
     "taunt", "officers.toml", "admiral.orders[2]", "order"),
])
def test_every_rulesets_loader_reads_changes_and_blames_a_removal(
    tmp_path: Path, ruleset_id: str, target: str, change: str,
    changed: Callable[[object], bool], lost: str, referrer: str, where: str, kind: str,
) -> None:
    """RG-SHEET, HOR-STATS, FT-DATA, ARM-DATA: each ruleset's data reads a changes file (a
    changed value, a key the base left at its default), and an entry it removes that a
    shipped file still names is refused at `remove[0]`, naming that file and key."""
    name = target.removesuffix(".toml")
    folder = folder_with(tmp_path, {f"{name}.changes.toml": change})
    assert changed(ruleset(ruleset_id, data_dir=folder).data)
    (folder / f"{name}.changes.toml").write_text(f'remove = ["{lost}"]\n')
    with pytest.raises(DataFileError) as caught:
        _ = ruleset(ruleset_id, data_dir=folder).data
    changes = folder / f"{name}.changes.toml"
    assert str(caught.value) == (
        f'{changes}: remove[0]: removes the {kind} "{lost}", which the shipped {referrer} names'
        f" (first at {where}): keep it, or change {referrer} too")


def test_ft_data_a_journal_needs_the_changes_file_it_was_played_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FT-DATA, FT-END-TURNS: a demo played with `rules.changes.toml` ending the battle after
    turn 2 records its digest; the replay needs that folder, and once the file says turn 3
    the replay is refused before any step."""
    folder = folder_with(tmp_path, {"rules.changes.toml": "[game]\nturns = 2\n"})
    out = tmp_path / "out"
    assert main(["demo", "full-thrust", "--seed", "2", "--quiet", "--out", str(out),
                 "--data", str(folder)]) == 0
    journal = out / "full-thrust-seed2.json"
    assert json.loads(journal.read_text())["setup"]["turns"] == 2
    capsys.readouterr()
    assert main(["replay", str(journal), "--quiet", "--data", str(folder)]) == 0
    (folder / "rules.changes.toml").write_text("[game]\nturns = 3\n")
    assert main(["replay", str(journal), "--quiet", "--data", str(folder)]) == USAGE_ERROR
    assert "played with other data" in capsys.readouterr().err


@pytest.mark.parametrize(("ruleset_id", "load", "target", "change", "where"), [
    ("dystopian-wars", dw_data, "models.toml", "[britannia-cruiser]\npoints = -1\n",
     "britannia-cruiser.points"),
    ("full-thrust", library_from, "designs.toml", "[haven]\nname = 3\n", "haven.name"),
    ("armada", armada_data, "orders.toml", '[taunt]\nbonus = "two"\n', "taunt.bonus"),
    ("hordes", hordes_data, "models.toml", '[oakhide-brute]\narm = "x"\n', "oakhide-brute.arm"),
    ("robogear", robogear_data, "units.toml", "[ferrum-walker]\nname = 3\n",
     "ferrum-walker.name"),
])
def test_each_rulesets_own_loader_called_directly_checks_a_folder_as_ruleset_data_does(
    tmp_path: Path, ruleset_id: str, load: Callable[[DataFolder], object], target: str,
    change: str, where: str,
) -> None:
    """DW-DATA-ERRORS, FT-DATA, ARM-DATA, HOR-STATS, RG-SHEET: a ruleset's data loader
    called from Python on a player's folder (not through `Ruleset.data`) names the changes
    file that set a bad key, not the shipped file under it, and refuses a file of the folder
    it never reads; a player's folder read past the loaders is refused outright."""
    rules = type(ruleset(ruleset_id))
    assert rules.shipped_data is not None
    changes = target.replace(".toml", ".changes.toml")
    folder = folder_with(tmp_path, {changes: change})
    with pytest.raises(DataFileError) as caught:
        load(DataFolder(rules.shipped_data, folder, rules.data_by_entry))
    assert str(caught.value).startswith(f"{folder / changes}: {where}: expected ")
    (folder / changes).unlink()
    (folder / "old-units.toml").write_text("")
    with pytest.raises(DataFolderError, match=r"old-units\.toml: this ruleset does not read"
                       r" 'old-units\.toml' from a data folder, so it would be ignored"):
        load(DataFolder(rules.shipped_data, folder, rules.data_by_entry))
    with pytest.raises(RuntimeError, match=r"read only through DataFolder\.load"):
        DataFolder(rules.shipped_data, folder).load_toml(target)
