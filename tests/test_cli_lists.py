"""`warbench list validate` and the list checks of `simulate`, as a player sees them."""

from __future__ import annotations

from pathlib import Path

import pytest

import warbench
from warbench.cli import USAGE_ERROR, main
from warbench.rulesets import hordes
from warbench.rulesets.dystopian_wars.data import DATA_DIR as DW_DATA
from warbench.rulesets.full_thrust.library import DATA_DIR as FT_DATA

FT_LISTS = FT_DATA / "lists"
HORDES_DATA = Path(hordes.__file__).parent / "data"
DW_FLEETS = DW_DATA / "fleets"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_fighter_group_on_a_ship_without_bays_is_named_once_with_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FT-FLEET-LIST: a Khaldra (no hangar bay) given a heavy fighter group is one problem,
    saying why (it was an unknown option and also '1 fighter groups but ... 0 hangar
    bays')."""
    light = write(tmp_path / "light.toml", (
        'name = "Light"\nruleset = "full-thrust"\nfaction = "kravak"\npoints = 1000\n'
        '[[units]]\nunit = "khaldra"\noptions = ["heavy"]\n'
    ))
    assert main(["list", "validate", str(light)]) == 1
    out = capsys.readouterr().out
    assert "1 violation" in out and "hangar_bays" not in out
    assert ("units[0] (entry 1, khaldra).options[0]: 'heavy': this ship has no hangar bay,"
            " and fighter groups ride in a carrier's bays (FT-FLEET-LIST) [refused_option]"
            ) in out


def test_full_thrust_list_validate_refuses_what_simulate_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FT-FLEET-LIST: hangar loads must fit the bays. `list validate` called a Drakhan
    (2 bays) with 4 groups valid, and `simulate` then refused it naming neither file nor
    key; now both name the file's entry, and simulate names the file."""
    overfull = write(tmp_path / "overfull.toml", (
        'name = "Overfull"\nruleset = "full-thrust"\nfaction = "kravak"\npoints = 1000\n'
        '[[units]]\nunit = "drakhan"\n'
        'options = ["heavy", "standard", "standard", "standard"]\n'
    ))
    assert main(["list", "validate", str(overfull)]) == 1
    out = capsys.readouterr().out
    assert "units[0] (entry 1, drakhan).options: 4 fighter groups but Drakhan" in out
    assert "has 2 hangar bays [hangar_bays]" in out
    args = ["simulate", "full-thrust", "--army", str(overfull),
            "--army", str(FT_LISTS / "concord-line.toml"), "--games", "1"]
    assert main(args) == USAGE_ERROR
    err = capsys.readouterr().err
    assert f"{overfull}: units[0] (entry 1, drakhan).options: 4 fighter groups" in err


def test_a_lists_faction_is_checked_and_other_factions_units_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FT-KV-FLEET: a Full Thrust list of faction "klingon" was read as human without a
    word, and a human Citadel in a Kra'Vak list was an "unknown unit"; the faction is now
    checked against the ruleset's, and a design of another race is named as such. The
    report names the file."""
    klingon = write(tmp_path / "klingon.toml", (
        'name = "Bad FT"\nruleset = "full-thrust"\nfaction = "klingon"\n'
        '[[units]]\nunit = "lancer"\n'
    ))
    assert main(["list", "validate", str(klingon)]) == 1
    out = capsys.readouterr().out
    assert f"{klingon}: Bad FT (full-thrust)" in out
    assert 'faction: unknown faction "klingon" (factions: concord, directorate, human, ij,' in out
    mixed = write(tmp_path / "mixed.toml", (
        'name = "Mixed"\nruleset = "full-thrust"\nfaction = "kravak"\n'
        '[[units]]\nunit = "vorrun"\n[[units]]\nunit = "citadel"\n'
    ))
    assert main(["list", "validate", str(mixed)]) == 1
    out = capsys.readouterr().out
    assert ('units[1] (entry 2, citadel).unit: "citadel" is a human design; a kravak fleet'
            " fields Kra'Vak designs only [other_faction]") in out
    assert "unknown" not in out


def test_a_dystopian_wars_fleet_names_a_nation_and_may_field_any_nations_models(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-FLEET-NATION (engine reading): a fleet's faction is one of the four nations
    ("atlantis" was accepted); its models may be of any nation, as the seed lets existing
    models stand for other factions, mercenaries or allies (l.15)."""
    shipped = DW_FLEETS / "britannia-1000.toml"
    atlantis = write(tmp_path / "atlantis.toml",
                     shipped.read_text().replace('faction = "britannia"', 'faction = "atlantis"'))
    assert main(["list", "validate", str(atlantis)]) == 1
    assert 'faction: unknown faction "atlantis" (factions: britannia, prussia, blazing-sun,' \
        in capsys.readouterr().out
    allied = write(tmp_path / "allied.toml", shipped.read_text().replace(
        'unit = "britannia-cruiser"', 'unit = "prussia-cruiser"'))
    assert main(["list", "validate", str(allied)]) == 0
    assert f"{allied}: Britannian home fleet (dystopian-wars)" in capsys.readouterr().out


def test_the_points_header_shows_the_cap_the_list_is_held_to(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-LISTS: a warlock's warbeast points raise the cap, so "18 of 15 points,
    valid" read as a list over its cap; the header now shows the cap itself (21) and the
    points the list states."""
    ashen = HORDES_DATA / "lists" / "ashen-hask.toml"
    assert main(["list", "validate", str(ashen)]) == 0
    assert "18 of 21 points (the cap; the list states 15), valid" in capsys.readouterr().out


def test_a_data_file_given_as_a_list_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A models.toml given to `list validate` printed one "unknown key" per model, about
    8 KB; it is now one line naming the file."""
    models = DW_DATA / "models.toml"
    assert main(["list", "validate", "dystopian-wars", str(models)]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert err == (
        f"warbench: error: {models}: not an army list: it has no name, ruleset or units key"
        " (an army list names itself, its ruleset and its [[units]])\n"
    )


def test_a_constraint_naming_a_tag_no_unit_has_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A --constraints count on the misspelt `tag:battleshp` selected nothing and was
    accepted silently; it is refused naming the file, the key and the likely tag."""
    rules = write(tmp_path / "club.toml", (
        'name = "club"\n[[constraints]]\nkind = "points_cap"\n'
        '[[constraints]]\nkind = "count"\nselector = "tag:battleshp | unit:britannia-cruser"\n'
        "max = 1\n"
    ))
    fleet = DW_FLEETS / "britannia-1000.toml"
    assert main(["list", "validate", str(fleet), "--constraints", str(rules)]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert (f"{rules}: constraints[1].selector: tag:battleshp: no unit has this tag, did you"
            ' mean "battleship"?; constraints[1].selector: unit:britannia-cruser: unknown unit'
            ' "britannia-cruser", did you mean "britannia-cruiser"') in err


def _broken_lists(tmp_path: Path) -> tuple[Path, Path]:
    """A list whose TOML does not parse and one whose key has the wrong type."""
    unparsable = write(tmp_path / "unparsable.toml", 'name = "Half\nruleset = "full-thrust"\n')
    wrong_type = write(tmp_path / "wrong-type.toml", (
        'name = "Wrong"\nruleset = "full-thrust"\npoints = "lots"\n'
        '[[units]]\nunit = "lancer"\n'
    ))
    return unparsable, wrong_type


def test_a_broken_list_does_not_hide_the_other_lists_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`list validate` stopped at the first list it could not read, so the violations of
    the lists after it went unreported. Each broken list now gets one error line naming
    its file and key, every readable list its full report, and the exit status is 2."""
    unparsable, wrong_type = _broken_lists(tmp_path)
    klingon = write(tmp_path / "klingon.toml", (
        'name = "Bad FT"\nruleset = "full-thrust"\nfaction = "klingon"\n'
        '[[units]]\nunit = "lancer"\n'
    ))
    good = FT_LISTS / "concord-line.toml"
    args = ["list", "validate", "full-thrust", str(unparsable), str(good), str(wrong_type),
            str(klingon)]
    assert main(args) == USAGE_ERROR
    captured = capsys.readouterr()
    assert f"{good}: " in captured.out and ", valid" in captured.out
    assert f"{klingon}: Bad FT (full-thrust)" in captured.out
    assert 'faction: unknown faction "klingon"' in captured.out
    errors = captured.err.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith(f"warbench: error: {unparsable}: line 1, column ")
    assert errors[1] == (
        f'warbench: error: {wrong_type}: points: expected an integer, got the string "lots"'
    )
    assert "Traceback" not in captured.err


def test_a_list_for_another_ruleset_is_named_and_the_rest_are_still_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list for another ruleset among several is one error line; the others report."""
    other = DW_FLEETS / "britannia-1000.toml"
    good = FT_LISTS / "concord-line.toml"
    assert main(["list", "validate", "full-thrust", str(other), str(good)]) == USAGE_ERROR
    captured = capsys.readouterr()
    assert captured.err == (
        f"warbench: error: {other}: ruleset: a list for dystopian-wars, not full-thrust\n"
    )
    # the first report printed starts the output: no blank line stands for the refused list
    assert captured.out.startswith(f"{good}: ")


def test_simulate_and_tournament_name_every_broken_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`simulate` and `tournament` named only the first list they could not read; they
    still stop before any game, but name every broken list, each with its key."""
    unparsable, wrong_type = _broken_lists(tmp_path)
    good = str(FT_LISTS / "concord-line.toml")
    args = ["simulate", "full-thrust", "--army", str(unparsable), "--army", str(wrong_type),
            "--army", good, "--games", "1"]
    assert main(args) == USAGE_ERROR
    err = capsys.readouterr().err
    assert err.count("\n") == 1  # one line
    assert f"{unparsable}: line 1, column " in err
    assert f'{wrong_type}: points: expected an integer, got the string "lots"' in err
    assert main(["tournament", "full-thrust", good, str(wrong_type), str(unparsable),
                 "--games", "1"]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert f"{unparsable}: line 1" in err and f"{wrong_type}: points:" in err


@pytest.mark.parametrize(("ruleset_id", "shipped"), [
    ("full-thrust", "full_thrust/data/lists/concord-line.toml"),
    ("hordes", "hordes/data/lists/ashen-vesk.toml"),
])
def test_a_role_the_ruleset_does_not_know_is_named_not_ignored(
    ruleset_id: str, shipped: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FT-FLEET-LIST, HOR-LISTS (journey 3): Full Thrust ships and HORDES models take no
    roles, so a role written on
    an entry (a misspelling, or another game's "flagship") is a broken rule at its path,
    as Dystopian Wars' and Armada's unknown roles are."""
    text = (Path(warbench.__file__).parent / "rulesets" / shipped).read_text()
    broken = tmp_path / "roled.toml"
    broken.write_text(text.replace("[[units]]\n", '[[units]]\nrole = "flagship"\n', 1))
    assert main(["list", "validate", ruleset_id, str(broken)]) == 1
    out = capsys.readouterr().out
    assert 'units[0] (entry 1, ' in out and ').role: unknown role "flagship"' in out
    assert "gives no roles" in out


def test_a_hordes_list_of_another_faction_than_its_warlock_is_broken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """HOR-LISTS: a battlegroup's faction is its warlock's; a list naming another, or one
    no model has, says so."""
    text = (Path(warbench.__file__).parent / "rulesets/hordes/data/lists/ashen-vesk.toml"
            ).read_text()
    for faction, said in (("thornwood", 'the list is thornwood, its warlock'),
                          ("bogus", 'unknown faction "bogus"')):
        broken = tmp_path / f"{faction}.toml"
        broken.write_text(text.replace('faction = "ashen"', f'faction = "{faction}"'))
        assert main(["list", "validate", "hordes", str(broken)]) == 1
        assert said in capsys.readouterr().out


def test_a_full_thrust_fighter_groups_flags_may_come_in_any_order() -> None:
    """FT-FLEET-LIST, FT-FTR-OPT-FTL: "standard+ftl+ace" is the same hangar load as
    "standard+ace+ftl" (it was refused as an unknown option, and the near-miss suggestions
    did not include the order the validator wanted); both cost the same."""
    from warbench import ruleset
    from warbench.core.catalog import load_model
    from warbench.core.lists import ArmyList

    rules = ruleset("full-thrust")
    shipped = load_model(FT_LISTS / "directorate-carriers.toml", ArmyList)
    prices = []
    for load in ("standard+ace+ftl", "standard+ftl+ace", "ftl+standard+ace"):
        units = list(shipped.units)
        carrier = next(i for i, u in enumerate(units) if "standard" in u.options)
        options = [load if o == "standard" else o for o in units[carrier].options]
        units[carrier] = units[carrier].model_copy(update={"options": tuple(options)})
        report = rules.validate_list(shipped.model_copy(update={"units": tuple(units)}))
        prices.append((report.ok, report.total_points))
    assert prices[0] == prices[1] and prices[0][0]
    assert not prices[2][0]  # the fighter type comes first


def test_a_lists_broken_rules_are_one_to_a_line_when_simulate_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FT-FLEET-LIST: `simulate` refuses a list before any game, naming every rule it
    breaks one to a line under a count (they were joined on one line of 1,500 characters);
    one alone stays one line."""
    broken = write(tmp_path / "broken.toml", (
        'name = "Broken"\nruleset = "full-thrust"\nfaction = "kravak"\npoints = 1000\n'
        '[[units]]\nunit = "khaldra"\noptions = ["heavy"]\n'
        '[[units]]\nunit = "drakhan"\noptions = ["torpedo", "laser"]\n'
    ))
    args = ["simulate", "full-thrust", str(broken), "--against",
            str(FT_LISTS / "concord-line.toml"), "--games", "1"]
    assert main(args) == USAGE_ERROR
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "warbench: error: 3 problems in the lists:"
    assert len(lines) == 4 and all(line.startswith(f"  {broken}: units[") for line in lines[1:])
    single = write(tmp_path / "single.toml", broken.read_text().split("[[units]]\nunit = \"d")[0])
    assert main([*args[:2], str(single), *args[3:]]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"warbench: error: {single}: units[0]")


def test_a_format_for_a_ruleset_with_one_set_of_list_rules_says_to_leave_it_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """FT-FLEET-LIST: Full Thrust has no list formats; `--format tournament` said "(formats:
    none)", as if its lists had no rules at all."""
    args = ["list", "validate", "full-thrust", str(FT_LISTS / "concord-line.toml"),
            "--format", "tournament"]
    assert main(args) == USAGE_ERROR
    assert ("full-thrust has no list format 'tournament': its lists have one set of rules,"
            " checked without --format") in capsys.readouterr().err


def _typo_list(tmp_path: Path, ruleset_id: str) -> tuple[Path, list[str]]:
    """A shipped list with one entry's count typed as a word (and, in Dystopian Wars, a key
    entries do not take in another) and a rule broken by an entry after them; the lines its
    report must hold, in order."""
    if ruleset_id == "dystopian-wars":
        text = (DW_FLEETS / "britannia-1000.toml").read_text()
        text = text.replace('"britannia-cruiser"\ncount = 3', '"britannia-cruiser"\ncount = "two"')
        text = text.replace('"britannia-destroyer"\ncount = 3', '"britannia-destroyer"\ncount = 9')
        text = text.replace('name = "Recon flight"', 'name = "Recon flight"\ncolour = "red"')
        lines = [
            'units[2] (entry 3, Warden squadron).count: expected an integer, got the string "two"',
            "units[8] (entry 9, Recon flight).colour: unknown key",
            "units: the rules were checked without entries 3 and 9, which could not be read:"
            " their points are not counted",
            'units[6] (entry 7, Lancer squadron).count: 9 models, but "britannia-destroyer"'
            " takes 2 to 4 [unit_size]",
        ]
    else:
        text = (HORDES_DATA / "lists" / "ashen-hask.toml").read_text()
        text = text.replace('unit = "obsidian-horror"\n',
                            'unit = "obsidian-horror"\ncount = "two"\n')
        text = text.replace('unit = "ember-jackal"', 'unit = "ember-jackl"')
        lines = [
            'units[1] (entry 2, obsidian-horror).count: expected an integer, got the string "two"',
            "units: the rules were checked without entry 2, which could not be read: its points"
            " are not counted",
            # the file's fourth entry, though the third of the entries the rules were checked on
            'units[3] (entry 4, ember-jackl).unit: unknown unit "ember-jackl", did you mean'
            ' "ember-jackal"? [unknown_unit]',
        ]
    return write(tmp_path / f"{ruleset_id}-typos.toml", text), lines


@pytest.mark.parametrize("ruleset_id", ["dystopian-wars", "hordes"])
def test_list_validate_names_an_unreadable_entry_and_every_rule_the_rest_breaks(
    ruleset_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """USERS journey 3 (DW-SQUADRON-SIZE, DW-FLEET-PRICE; HOR-LISTS): `list validate` stopped
    at an entry it could not read (`count = "two"`, a key entries do not take) and printed
    that alone, so the list builder fixed it only to meet the next problem. The report now
    names each unreadable entry with its problem, checks the rules on the other entries all
    the same (their paths the file's), says which entries were left out, and the list is not
    legal (exit 1): the lines the web lobby shows."""
    typos, expected = _typo_list(tmp_path, ruleset_id)
    args = ["list", "validate", ruleset_id, str(typos)]
    args += ["--format", "tournament"] if ruleset_id == "dystopian-wars" else []
    assert main(args) == 1
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines[0].startswith(f"{typos}: ")
    unread = "2 unreadable entries" if ruleset_id == "dystopian-wars" else "1 unreadable entry"
    assert f", {unread}, " in lines[0] and " violation" in lines[0]
    found = [line.strip() for line in lines[1:]]
    assert [line for line in found if line in expected] == expected, captured.out


def test_an_unreadable_entrys_points_are_left_out_of_the_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-FLEET-PRICE: the list's total counts the entries read, as the line says: the
    Britannian fleet less its Warden cruisers and its Recon flight."""
    typos, _ = _typo_list(tmp_path, "dystopian-wars")
    fixed = write(tmp_path / "fixed.toml", typos.read_text().replace('count = "two"', "count = 3")
                  .replace('colour = "red"\n', ""))
    without = write(tmp_path / "without.toml", "[[units]]".join(
        part for part in fixed.read_text().split("[[units]]")
        if "Warden squadron" not in part and "Recon flight" not in part))
    totals = []
    for path in (typos, without):
        main(["list", "validate", "dystopian-wars", str(path), "--format", "open"])
        totals.append(capsys.readouterr().out.split(": ")[2].split(" of ")[0])
    assert totals[0] == totals[1]


@pytest.mark.parametrize("ruleset_id", ["dystopian-wars", "hordes"])
def test_simulate_and_tournament_refuse_a_list_naming_its_unreadable_entry_and_broken_rules(
    ruleset_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """USERS journey 3 (DW-SQUADRON-SIZE; HOR-LISTS): `simulate` (with --army, with
    --against) and `tournament` named only the entry they could not read; they now refuse
    the list before any game with the same lines as `list validate`, each after its file
    (`--against FILE` for an opponent's)."""
    typos, expected = _typo_list(tmp_path, ruleset_id)
    other = (DW_FLEETS / "prussia-1000.toml" if ruleset_id == "dystopian-wars"
             else HORDES_DATA / "lists" / "thornwood-orrin.toml")
    runs = {
        "": ["simulate", ruleset_id, "--army", str(typos), "--army", str(other)],
        "--against ": ["simulate", ruleset_id, str(other), "--against", str(typos)],
        "tournament": ["tournament", ruleset_id, str(other), str(typos)],
    }
    for prefix, args in runs.items():
        assert main([*args, "--games", "1"]) == USAGE_ERROR
        captured = capsys.readouterr()
        assert "game" not in captured.out
        lines = captured.err.splitlines()
        assert lines[0].startswith("warbench: error: ") and "problems in the lists" in lines[0]
        where = f"  {prefix if prefix != 'tournament' else ''}{typos}: "
        assert [line.removeprefix(where) for line in lines[1:] if line.startswith(where)
                and line.removeprefix(where) in expected] == expected, captured.err
