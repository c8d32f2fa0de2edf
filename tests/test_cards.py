"""Stat cards: ``warbench catalog RULESET --unit ID`` for every ruleset (issue 18).

Each test reads the card a player sees and checks it against the catalog entry the rules
play with: statistics, weapons with their arcs and range bands, traits and points.
"""

from __future__ import annotations

import json
import re

import pytest

from warbench.cli import USAGE_ERROR, main
from warbench.cli_catalog import catalog_columns, entry_sides
from warbench.core.cards import CardWeapon, UnitCard
from warbench.core.registry import ruleset


def _card(capsys: pytest.CaptureFixture[str], ruleset_id: str, unit: str) -> list[str]:
    """The printed card, one list entry per line, box characters and padding removed."""
    assert main(["catalog", ruleset_id, "--unit", unit]) == 0
    out = capsys.readouterr().out
    return [" ".join(re.sub("[│╭╮╰╯─]", " ", line).split()) for line in out.splitlines()]


def _row(lines: list[str], start: str) -> str:
    return next(line for line in lines if line.startswith(start))


def test_dystopian_wars_card_shows_the_fig(capsys: pytest.CaptureFixture[str]) -> None:
    """DW-AD, DW-ARCS: attack dice per 8-inch range band and arc, the profile, traits."""
    lines = _card(capsys, "dystopian-wars", "britannia-battleship")
    assert lines[0].startswith("Sovereign-pattern battleship — 160 points")
    assert "weapon arcs 0-8\" 8-16\" 16-24\" 24-32\" notes" in lines
    assert _row(lines, "fore turret") == "fore turret fore 270° 9 7 5 3 primary"
    assert _row(lines, "torpedoes") == "torpedoes fore 5 5 4 - secondary"
    assert "MV turn HP DR CR AA CC AP" in lines and '7" 3" 8 6 10 6 4 8' in lines
    assert _row(lines, "icon").startswith("icon may lead the fleet as its commodore")


def test_armada_card_gives_range_bands_in_hexes(capsys: pytest.CaptureFixture[str]) -> None:
    """ARM-LIST-CATALOG: a template's statistics; its range as short, long and extreme bands
    with the gunnery check's modifier in each."""
    card = ruleset("armada").unit_card("capital-large-t3")
    assert card is not None and card.points == 15
    (gunnery,) = card.weapons
    assert gunnery.bands == (("short ≤5", "+0"), ("long 6-10", "-2"), ("extreme 11-15", "-4"))
    assert gunnery.arcs == "fore, port, starboard" and gunnery.notes == "1d12 damage"
    assert dict(card.stats)["HP"] == "16"
    lines = _card(capsys, "armada", "admiral")
    assert _row(lines, "orders") == "orders rally, encourage, taunt"


def test_full_thrust_card_bands_each_weapon(capsys: pytest.CaptureFixture[str]) -> None:
    """FT beams lose a die every 12 MU; a submunition's dice fall with range; points are
    the Fleet Book's."""
    card = ruleset("full-thrust").unit_card("wasp")
    assert card is not None and card.points == 99
    weapons = {weapon.name: weapon for weapon in card.weapons}
    assert weapons["class-2 beam battery"].bands == (("0-12", "2d"), ("12-24", "1d"))
    assert weapons["class-2 beam battery"].arcs == "FP F FS"
    assert weapons["submunition pack"].bands == (("0-6", "3d"), ("6-12", "2d"), ("12-18", "1d"))
    assert weapons["submunition pack"].notes == "one shot"
    lines = _card(capsys, "full-thrust", "fighters/torpedo")
    assert lines[0].startswith("Torpedo fighters — 36 points")
    assert _row(lines, "against ships") == "against ships torpedo +0"


def test_hordes_card_reads_like_the_model_card(capsys: pytest.CaptureFixture[str]) -> None:
    """HOR-CARDS, HOR-STATS, HOR-WEAPON-STATS, HOR-REACH: the stat line, P+S of melee
    weapons, a reach weapon's 2-inch melee range, spells and the feat in words."""
    lines = _card(capsys, "hordes", "maelis")
    assert "SPD STR MAT RAT DEF ARM FURY damage" in lines
    assert "6 5 5 5 16 14 7 17 boxes" in lines
    assert _row(lines, "Rowan Staff") == 'Rowan Staff front 180° P+S 10 POW 5, reach'
    assert _row(lines, "feat: Heartwood Ward").endswith("ARM +3 for friends in its control area")
    assert _row(lines, "Brings") == "Brings 6 warbeast points to its battlegroup."


def test_robogear_card_gives_damage_by_band(capsys: pytest.CaptureFixture[str]) -> None:
    """RG-SHEET, RG-FIRE-AIM: the armour scale, resource by section, each weapon's damage at
    short, medium and long range (in steps), turret or fixed barrel."""
    lines = _card(capsys, "robogear", "ferrum-tank")
    assert lines[0].startswith("Anvil battle tank — 62 points")
    assert "weapon arcs short 0-8 medium 8-16 long 16-32 notes" in lines
    assert _row(lines, "main cannon") == "main cannon turret 6 5 3 ammo 8"
    assert _row(lines, "hull gun") == "hull gun ahead 3 2 - ammo 12"
    assert "12 11 10 9 8 7 6 5 4 3 2 1 5/4/3 5/4/2 tracked closed" in lines


@pytest.mark.parametrize(
    "ruleset_id", ["dystopian-wars", "armada", "full-thrust", "hordes", "robogear"]
)
def test_every_catalog_entry_has_a_card(ruleset_id: str) -> None:
    """Every entry of every catalog has a card naming it, with its points where it costs."""
    rules = ruleset(ruleset_id)
    entries = rules.catalog()
    assert entries
    for unit_id, record in entries.items():
        card = rules.unit_card(unit_id)
        assert isinstance(card, UnitCard) and card.unit_id == unit_id
        assert card.name == record.name  # type: ignore[attr-defined]
        cost = getattr(record, "points", getattr(record, "cost", None))
        if cost is not None:
            assert card.points == cost


def test_json_keeps_the_data_form(capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` prints the catalog entry's data, as before cards existed."""
    assert main(["catalog", "dystopian-wars", "--unit", "britannia-battleship", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert plain["weapons"][0]["ad"] == [9, 7, 5, 3] and plain["points"] == 160


def test_unknown_unit_names_it_and_close_matches(capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelt unit id is one line naming it and the nearest ids, no traceback."""
    assert main(["catalog", "dystopian-wars", "--unit", "britannia-battleshp"]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "no unit 'britannia-battleshp'" in err and "'britannia-battleship'" in err


def test_bands_become_columns_only_when_every_weapon_shares_them() -> None:
    """The renderer's one choice: a column per band for a shared table, else a list."""
    same = UnitCard("a", "A", "k", 1, weapons=(
        CardWeapon("x", "fore", (("0-8", "1"),)), CardWeapon("y", "aft", (("0-8", "2"),))))
    mixed = UnitCard("b", "B", "k", 1, weapons=(
        CardWeapon("x", "F", (("0-12", "1d"),)), CardWeapon("y", "F", (("0-6", "2+"),))))
    assert same.band_heads() == ("0-8",) and mixed.band_heads() is None


@pytest.mark.parametrize("ruleset_id", ["dystopian-wars", "armada", "full-thrust", "hordes",
                                        "robogear"])
def test_the_catalog_lists_every_entry_and_as_json_all_their_data(
    capsys: pytest.CaptureFixture[str], ruleset_id: str
) -> None:
    """``warbench catalog RULESET`` lists every entry a list may name, by id with a summary
    of its plain fields; with ``--json`` it prints every entry's whole data, keyed by id."""
    entries = ruleset(ruleset_id).catalog()
    assert entries
    assert main(["catalog", ruleset_id, "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert set(plain) == set(entries)
    first = next(iter(entries))
    assert plain[first] == entries[first].model_dump(mode="json")
    assert main(["catalog", ruleset_id]) == 0
    listed = capsys.readouterr().out
    assert all(entry_id[:12] in listed for entry_id in entries)


@pytest.mark.parametrize(
    ("ruleset_id", "side", "member", "outsider"),
    [
        ("dystopian-wars", "prussia", "prussia-fleet-carrier", "britannia-fleet-carrier"),
        ("hordes", "thornwood", "maelis", None),
        ("robogear", "ferrum", "ferrum-tank", None),
        ("full-thrust", "human", "picket", None),
    ],
)
def test_the_catalog_shows_side_and_points_and_keeps_one_side(
    capsys: pytest.CaptureFixture[str],
    ruleset_id: str,
    side: str,
    member: str,
    outsider: str | None,
) -> None:
    """A list builder reads each entry's name, side and points in their own columns, and
    ``--faction`` keeps only that side's entries (every other side's are left out)."""
    entries = ruleset(ruleset_id).catalog()
    assert entries
    record = entries[member]
    assert main(["catalog", ruleset_id, "--faction", side]) == 0
    listed = capsys.readouterr().out
    header = next(line for line in listed.splitlines() if " id " in line)
    assert header.split("┃")[1:-1] and "points" in header and "statistics" in header
    row = next(line for line in listed.splitlines() if line.startswith(f"│ {member} "))
    cells = [cell.strip() for cell in row.split("│")[1:-1]]
    assert cells[2:4] == [side, str(record.points)]  # type: ignore[attr-defined]
    columns = catalog_columns(entries)
    others = [key for key, entry in entries.items() if side not in entry_sides(entry, columns)]
    assert all(f"│ {key} " not in listed for key in others)
    if outsider is not None:
        assert outsider in others


def test_the_catalog_refuses_an_unknown_faction_naming_those_there_are(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--faction`` with a side the catalog lacks is a usage error that names the sides
    there are; a catalog whose entries belong to no side (Armada's) says so."""
    assert main(["catalog", "dystopian-wars", "--faction", "atlantis"]) == USAGE_ERROR
    error = capsys.readouterr().err
    assert "no nation 'atlantis'" in error and "britannia" in error and "prussia" in error
    assert main(["catalog", "armada", "--faction", "vanguard"]) == USAGE_ERROR
    assert "belong to no faction" in capsys.readouterr().err


def test_the_catalog_takes_the_faction_a_list_names(capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped Full Thrust lists name ``faction = "concord"``, which the list validator
    maps to the human designs; ``catalog --faction concord`` was refused ("there are human,
    kravak, ..."). It keeps the entries such a list fields, by the same mapping."""
    rules = ruleset("full-thrust")
    assert rules.shipped_data is not None
    concord = (rules.shipped_data / "lists" / "concord-line.toml").read_text()
    assert 'faction = "concord"' in concord
    assert main(["catalog", "full-thrust", "--faction", "concord"]) == 0
    listed = capsys.readouterr().out
    assert "a concord list fields the human entries" in " ".join(listed.split())
    rows = [line for line in listed.splitlines() if line.startswith("│ ") and "│ " in line[2:]]
    races = {cells[3].strip() for line in rows if (cells := line.split("│"))[3].strip()}
    assert all("human" in race.split(", ") for race in races)
    assert any(line.startswith("│ picket ") for line in rows)
    assert rules.catalog_side("concord") == "human" and rules.catalog_side("kravak") == "kravak"


def test_the_catalog_lists_fighters_under_every_race_that_fields_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """FT-KV-FIGHTERS, FT-SV-PODS: Full Thrust's fighter groups belong to no one race
    but to the races whose carriers field them (``races``); ``--faction kravak`` lists the
    standard and heavy groups Kra'Vak carriers field and not the fast ones, and the race
    column names every race of a fighter type."""
    assert main(["catalog", "full-thrust", "--faction", "kravak"]) == 0
    listed = capsys.readouterr().out
    fighters = [line for line in listed.splitlines() if line.startswith("│ fighters/")]
    assert [line.split("│")[1].strip() for line in fighters] == [
        "fighters/standard", "fighters/heavy"]
    assert all(line.split("│")[3].strip() == "human, kravak" for line in fighters)
    assert main(["catalog", "full-thrust", "--faction", "savasku"]) == 0
    assert "│ fighters/drone " in capsys.readouterr().out


@pytest.mark.parametrize(("faction", "listed"), [("ij", True), ("human", True),
                                                 ("concord", False)])
def test_a_lists_faction_sees_only_the_fighters_its_lists_may_take(
    faction: str, listed: bool, capsys: pytest.CaptureFixture[str],
) -> None:
    """FT-FLEET-LIST: multi-role fighters are the IJ's alone; `--faction concord` filters
    the catalog as the list validator does, so it leaves them out, where the IJ and the
    whole human side see them."""
    assert main(["catalog", "full-thrust", "--faction", faction]) == 0
    assert ("│ fighters/multirole " in capsys.readouterr().out) is listed


def test_an_unknown_faction_names_the_lists_factions_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["catalog", "full-thrust", "--faction", "atlantis"]) == USAGE_ERROR
    error = capsys.readouterr().err
    assert "there are human, kravak, phalon, savasku, or a list's faction: concord," in error
