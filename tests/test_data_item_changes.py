"""A designer's changes file naming one item of an array (journey 5): one weapon's dice, one
army entry's count, written as a table keyed by the item's name instead of the whole array
(docs/simulate.md, "Your own data")."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from warbench import ruleset
from warbench.cli import USAGE_ERROR, main
from warbench.core.catalog import DataFileError
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars.combat import mount_dice

TURRET = "[britannia-cruiser.weapons.turret]\nad = [7, 6, 5, 3]\n"
FLAK = ('add = ["britannia-cruiser.weapons.flak"]\n[britannia-cruiser.weapons.flak]\n'
        'kind = "gunnery"\ngrade = "secondary"\narcs = ["fore270"]\nad = [2, 2, 0, 0]\n')


def folder_with(tmp_path: Path, name: str, text: str) -> Path:
    """A player's data folder holding the one file ``name`` with ``text``."""
    folder = tmp_path / "my-data"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text)
    return folder


def cruiser_guns(folder: Path | None) -> list[tuple[str, tuple[int, ...], int]]:
    """Each gun of the first Britannian cruiser in a Dystopian Wars game played with
    ``folder``: its name, its attack dice by range band and what it rolls in band 1."""
    game = Game.new(ruleset("dystopian-wars", data_dir=folder), seed=1)
    cruiser = next(model for model in game.state.models if model.cls == "britannia-cruiser")
    spec = game.data.models[cruiser.cls]
    return [(mount.name, mount.ad, mount_dice(game.state, game.data, spec, cruiser, mount, 1))
            for mount in spec.mounts]


def odds(folder: Path | None, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """`odds dystopian-wars gunnery` of the cruiser's turret at a Prussian cruiser, as JSON."""
    data = [] if folder is None else ["--data", str(folder)]
    assert main(["odds", "dystopian-wars", "gunnery", "shooter=britannia-cruiser",
                 "weapon=turret", "band=1", "target=prussia-cruiser", "--json", *data]) == 0
    answer: dict[str, Any] = json.loads(capsys.readouterr().out)
    return answer


def test_dw_ad_one_weapons_dice_changed_by_its_name_reach_catalog_odds_and_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-AD, DW-DATA-REPLACE: `[britannia-cruiser.weapons.turret]` with only `ad` gives the
    turret 7/6/5/3 dice in the catalog, the odds and the game; the broadside keeps its
    shipped dice and every other key of the turret stays."""
    folder = folder_with(tmp_path, "models.changes.toml", TURRET)
    assert main(["catalog", "dystopian-wars", "--json", "--data", str(folder)]) == 0
    turret, broadside = json.loads(capsys.readouterr().out)["britannia-cruiser"]["weapons"]
    assert turret == {**turret, "name": "turret", "ad": [7, 6, 5, 3], "grade": "primary",
                      "arcs": ["fore270"]}
    assert broadside["name"] == "broadside" and broadside["ad"] == [4, 4, 2, 0]
    assert odds(None, capsys)["notes"][0] == "6 dice, hitting on 3+"
    changed = odds(folder, capsys)
    assert changed["notes"][0] == "7 dice, hitting on 3+"
    assert changed["mean"] == pytest.approx(7.0)
    assert cruiser_guns(None)[0] == ("turret", (6, 5, 4, 2), 6)
    guns = cruiser_guns(folder)
    assert guns[0] == ("turret", (7, 6, 5, 3), 7)
    assert guns[1:] == cruiser_guns(None)[1:]


def test_dw_data_replace_a_new_name_adds_a_weapon_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-DATA-REPLACE: a weapon name the cruiser lacks, written whole under it, is a new
    weapon after the shipped ones (which keep their places), on the card and in the game."""
    folder = folder_with(tmp_path, "models.changes.toml", FLAK)
    shipped = cruiser_guns(None)
    assert cruiser_guns(folder) == [*shipped, ("flak", (2, 2, 0, 0), 2)]
    assert main(["catalog", "dystopian-wars", "--unit", "britannia-cruiser", "--data",
                 str(folder)]) == 0
    card = capsys.readouterr().out
    assert card.index("turret") < card.index("broadside") < card.index("flak")


@pytest.mark.parametrize(("text", "message"), [
    (TURRET.replace(".turret]", ".turet]"),
     'britannia-cruiser.weapons.turet: the shipped models.toml has no item "turet" to change,'
     ' did you mean "turret"? (to add a new item, name it at the top of this file: add ='
     ' ["britannia-cruiser.weapons.turet"])'),
    (FLAK.replace('arcs = ["fore270"]\n', ""),
     "britannia-cruiser.weapons.flak.arcs: missing required key"),
    ('[britannia-cruiser.weapons.turret]\narcs = ["fore271"]\n',
     'britannia-cruiser.weapons.turret.arcs[0]: expected "fore", "aft", "port", "starboard",'
     ' "fore180", "aft180", "fore270", "aft270", "all", "channel" or "aft-channel", got the'
     ' string "fore271"'),
])
def test_dw_data_errors_a_misspelt_or_incomplete_weapon_is_one_line_naming_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    """DW-DATA-ERRORS: a misspelt weapon name (with the one likely meant), a new weapon
    lacking a key and a misspelt arc are refused before any game, one line naming the changes
    file and the key path as written (the weapon's name, not its place); the misspelt arc
    only, not also a length the array has ("has 1 value, needs at least 1")."""
    folder = folder_with(tmp_path, "models.changes.toml", text)
    args = ["simulate", "dystopian-wars", "--games", "1", "--data", str(folder)]
    assert main(args) == USAGE_ERROR
    assert capsys.readouterr().err == (
        f"warbench: error: {folder / 'models.changes.toml'}: {message}\n")


def test_dw_data_replace_a_journal_played_with_a_changed_weapon_needs_that_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-DATA-REPLACE: a game played with the turret's changed dice records the folder's
    digest and replays with it; once the file gives other dice, the replay is refused."""
    folder = folder_with(tmp_path, "models.changes.toml", TURRET)
    out = tmp_path / "out"
    assert main(["demo", "dystopian-wars", "--bot", "random", "--seed", "3", "--quiet",
                 "--out", str(out), "--data", str(folder)]) == 0
    journal = out / "dystopian-wars-seed3.json"
    digest = ruleset("dystopian-wars", data_dir=folder).data_digest
    assert json.loads(journal.read_text())["data"] == digest is not None
    capsys.readouterr()
    assert main(["replay", str(journal), "--quiet", "--data", str(folder)]) == 0
    (folder / "models.changes.toml").write_text(TURRET.replace("7, 6", "8, 6"))
    assert main(["replay", str(journal), "--quiet", "--data", str(folder)]) == USAGE_ERROR
    assert "played with other data" in capsys.readouterr().err


def _brute_fist(data: Any) -> list[tuple[str, int, tuple[str, ...]]]:
    return [(weapon.name, weapon.pow, weapon.qualities)
            for weapon in data.models["oakhide-brute"].weapons]


def _walker_guns(data: Any) -> list[tuple[str, int | None]]:
    unit = data.units["ferrum-walker"]
    return [(gun.name, gun.ammo) for gun in unit.weapons] + [
        (claw.name, claw.power) for claw in unit.melee]


def _ferrum_army(data: Any) -> list[tuple[str, int]]:
    return [(entry.unit, entry.count) for entry in data.armies["ferrum"].units]


def _concord_ships(data: Any) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(ship.name, ship.design, ship.fighters)
            for ship in data.fleet_records["concord"].ships]


def _vanguard_officers(data: Any) -> list[tuple[str, int]]:
    return [(officer.name, officer.ranks) for officer in data.armadas["vanguard-3"].officers]


def _tiers(data: Any) -> list[tuple[int, int, int]]:
    return [(row.tier, row.armada_build_points, row.fleet_cost["small"])
            for row in data.tables.tiers]


@pytest.mark.parametrize(("ruleset_id", "name", "text", "read", "changed"), [
    ("hordes", "models.toml", '[oakhide-brute.weapons."Branch Fist"]\npow = 7\n',
     _brute_fist, {0: ("Branch Fist", 7, ("critical_knockdown",))}),
    ("robogear", "units.toml",
     '[ferrum-walker.weapons.autocannon]\nammo = 12\n[ferrum-walker.melee."power claw"]\n'
     "power = 3\n", _walker_guns, {0: ("autocannon", 12), 2: ("power claw", 3)}),
    ("robogear", "armies.toml", "[ferrum.units.ferrum-rifleman]\ncount = 4\n",
     _ferrum_army, {4: ("ferrum-rifleman", 4)}),
    ("full-thrust", "fleets.toml", '[concord.ships.Harbour]\nfighters = ["heavy"]\n',
     _concord_ships, {1: ("Harbour", "haven", ("heavy",))}),
    ("armada", "armadas.toml", "[vanguard-3.officers.Osk]\nranks = 4\n",
     _vanguard_officers, {1: ("Osk", 4)}),
    ("armada", "tiers.toml", "[tiers.3]\narmada_build_points = 80\n", _tiers,
     {2: (3, 80, 9)}),
])
def test_every_ruleset_changes_one_item_of_an_array_by_its_name(
    tmp_path: Path, ruleset_id: str, name: str, text: str,
    read: Callable[[Any], list[Any]], changed: dict[int, Any],
) -> None:
    """HOR-STATS, RG-SHEET, RG-LISTS, FT-DATA, ARM-DATA, ARM-ARMADA-BP: each ruleset's arrays
    of named tables change one item by its name (a HORDES weapon, a ROBOGEAR gun and claw,
    an army's entry by its unit, a Full Thrust fleet's ship, an Armada officer, a tier by its
    number), the item's other keys and the other items as shipped."""
    shipped = read(ruleset(ruleset_id).data)
    folder = folder_with(tmp_path, name.replace(".toml", ".changes.toml"), text)
    mine = read(ruleset(ruleset_id, data_dir=folder).data)
    assert len(mine) == len(shipped)
    for place, (old, new) in enumerate(zip(shipped, mine, strict=True)):
        assert new == changed.get(place, old) and (place not in changed or new != old)


def test_rg_lists_an_army_entry_changed_by_its_unit_fields_that_many(tmp_path: Path) -> None:
    """RG-LISTS: the Ferrum army's riflemen entry given a count of 4 by its unit fields four
    riflemen in the default battle (three shipped), the rest of the army as shipped."""
    folder = folder_with(tmp_path, "armies.changes.toml",
                         "[ferrum.units.ferrum-rifleman]\ncount = 4\n")

    def first_army(data_dir: Path | None) -> dict[str, int]:
        game = Game.new(ruleset("robogear", data_dir=data_dir), seed=1)
        counts: dict[str, int] = {}
        for unit in game.state.units:
            if unit.player == 0:
                counts[unit.type] = counts.get(unit.type, 0) + 1
        return counts

    shipped, mine = first_army(None), first_army(folder)
    assert (shipped["ferrum-rifleman"], mine["ferrum-rifleman"]) == (3, 4)
    assert {**mine, "ferrum-rifleman": 3} == shipped


NAMELESS = "have no name, unit or tier to find one by"


@pytest.mark.parametrize(("ruleset_id", "name", "text", "where", "reason"), [
    ("full-thrust", "designs.toml", "[lancer.weapons.beam]\nclass = 3\n", "lancer.weapons",
     f"the items of this array in the shipped designs.toml {NAMELESS}"),
    ("hordes", "feats.toml", "[ashfall.effects.stat]\namount = -3\n", "ashfall.effects",
     f"the items of this array in the shipped feats.toml {NAMELESS}"),
    ("dystopian-wars", "formats.toml", "[formats.tournament.constraints.x]\nmax = 3\n",
     "formats.tournament.constraints", "item [0] of this array in the shipped formats.toml"
     " has no name (a string or an integer), so its items cannot be found by name"),
])
def test_an_array_whose_items_have_no_name_is_changed_only_whole(
    tmp_path: Path, ruleset_id: str, name: str, text: str, where: str, reason: str
) -> None:
    """FT-DATA, HOR-STATS, DW-DATA-ERRORS: a Full Thrust design's weapons, a HORDES feat's
    effects and Dystopian Wars' format constraints have no name for each item; a table
    naming one is refused at the array's key path, saying to write the array whole."""
    changes = name.replace(".toml", ".changes.toml")
    folder = folder_with(tmp_path, changes, text)
    with pytest.raises(DataFileError) as caught:
        _ = ruleset(ruleset_id, data_dir=folder).data
    assert str(caught.value) == (
        f"{folder / changes}: {where}: {reason}: write {where} whole (one [[{where}]] per item)")
