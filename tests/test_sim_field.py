"""`warbench simulate RULESET MINE.toml --against A.toml --against B.toml`: one list against
each list expected at an event, in one run (USERS journey 3)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from rich.console import Console

from tests.core.test_sim_plan import ListDuel
from tests.test_sim_cli import run, write_list
from warbench import field_cli, sim_cli, sim_common
from warbench.cli import USAGE_ERROR, main
from warbench.core import registry
from warbench.core.sim.field_report import demoted
from warbench.core.sim.plan import ArmyListRejected, BadMatchup
from warbench.core.sim.store import load_journal
from warbench.sim_cli import SimulateOptionError, register


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[typer.Typer]:
    """A warbench app with only the sim commands and only the test game installed, its
    output wide enough that no cell wraps."""
    monkeypatch.setattr(registry, "_factories", {ListDuel.id: ListDuel})
    monkeypatch.setattr(registry, "_instances", {})
    monkeypatch.setattr(registry, "_load_entry_points", lambda: None)
    wide = Console(width=200, soft_wrap=True)
    for module in (sim_cli, sim_common, field_cli):
        monkeypatch.setattr(module, "console", wide)
    commands = typer.Typer(pretty_exceptions_enable=False)
    register(commands)
    yield commands


@pytest.fixture
def lists(tmp_path: Path) -> dict[str, Path]:
    return {
        name: write_list(tmp_path, name, unit)
        for name, unit in (("Veterans", "veteran"), ("Recruits", "recruit"),
                           ("Champions", "champion"))
    }


def test_against_plays_the_list_against_each_opponent_with_an_overall_line(
    app: typer.Typer, lists: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Each opponent's games are exactly the games `simulate MINE THEIRS` plays with the
    same seed (the seats alternating the same way); the overall line pools them all."""
    mine, recruits, champions = (str(path) for path in lists.values())
    run(app, "simulate", "test-list-duel", mine, "--against", recruits, "--against",
        champions, "--games", "6", "--seed", "3", "--json")
    field = json.loads(capsys.readouterr().out)
    assert field["mode"] == "field" and field["list"] == "Veterans"
    assert field["games_per_opponent"] == 6 and field["played"] == 12
    opponents = field["opponents"]
    assert [item["label"] for item in opponents] == ["Recruits", "Champions"]
    for item in opponents:
        outcomes = [item[kind]["count"] for kind in ("wins", "draws", "losses")]
        assert item["games"] == 6 and sum(outcomes) == 6
        assert set(item["wins"]) == {"count", "of", "rate", "interval"}
        assert item["bots"] == ["calm", "calm"] and item["notable"]
    overall = field["overall"]
    assert overall["games"] == 12
    assert overall["wins"]["count"] == sum(item["wins"]["count"] for item in opponents)
    low, high = overall["wins"]["interval"]
    assert low <= overall["wins"]["rate"] <= high
    for item, theirs in zip(opponents, (recruits, champions), strict=True):
        run(app, "simulate", "test-list-duel", mine, theirs, "--games", "6", "--seed", "3",
            "--json")
        alone = json.loads(capsys.readouterr().out)
        assert alone["summary"] == item["summary"]
        assert alone["summary"]["sides"][0]["wins"] == item["wins"]


def test_the_terminal_shows_a_row_per_opponent_and_the_overall_line(
    app: typer.Typer, lists: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    mine, recruits, champions = (str(path) for path in lists.values())
    run(app, "simulate", "test-list-duel", "--army", mine, "--against", recruits,
        "--against", champions, "--games", "4")
    out = capsys.readouterr().out
    assert out.startswith("test-list-duel: Veterans against 2 lists — 4 games each, seed 1,"
                          " bot calm\n")
    assert "Veterans: results against each list" in out
    rows = {line.split("│")[1].strip(): [cell.strip() for cell in line.split("│")[2:-1]]
            for line in out.splitlines() if line.startswith("│ ")}
    assert rows["Recruits"][0] == "4" and rows["Champions"][0] == "4"
    assert rows["overall"][0] == "8"
    assert int(rows["overall"][1]) == int(rows["Recruits"][1]) + int(rows["Champions"][1])
    assert re.search(r"\d+\.\d% \[\d+\.\d%, \d+\.\d%\]", rows["overall"][4])
    assert "Veterans: units (per game: mean of its 8 games against the field)" in out
    assert re.search(r"^Played 8 games against 2 lists in \d+\.\d s", out, re.MULTILINE)
    assert "Games worth replaying against Recruits:" in out
    assert "Games worth replaying against Champions:" in out
    assert "free-for-all" not in out


def test_every_game_is_stored_and_replayable_and_the_report_has_each_matchup(
    app: typer.Typer, lists: dict[str, Path], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    mine, recruits, champions = (str(path) for path in lists.values())
    db, page = tmp_path / "field.sqlite", tmp_path / "field.html"
    base = ["simulate", "test-list-duel", mine, "--against", recruits, "--against", champions,
            "--db", str(db)]
    run(app, *base, "--games", "3", "--report", str(page))
    out = capsys.readouterr().out
    assert f"Stored in {db} (warbench replay --db {db} --game ID):" in out
    assert "  run 1: Veterans vs Recruits, games 1 to 3" in out
    assert "  run 2: Veterans vs Champions, games 4 to 6" in out
    assert f"On the board: `warbench serve`, then its replay viewer (/replay) loads {db}" in out
    assert f"Report: {page}" in out
    assert all(load_journal(db, game).entries for game in range(1, 7))
    html = page.read_text()
    assert "<h1>Duel with army lists (test game): Veterans against 2 lists</h1>" in html
    assert "<h2>Matchups</h2>" in html and "<td>overall</td><td>6</td>" in html
    # the settings, then each matchup's run: tables of named settings, not a "field" column
    assert html.count("<tr><th>setting</th><th>value</th></tr>") == 3
    assert "<h2>Units of Veterans against the field</h2>" in html
    for number, name in enumerate(("Recruits", "Champions"), start=1):
        assert f'<h2 id="against-{number}">Against {name}</h2>' in html
    assert html.count("<h3>Results</h3>") == 2 and html.count("<h3>A typical game</h3>") == 2
    assert html.count("<svg") == 2 and "Veterans (player " in html  # each typical game's legend
    assert f"warbench replay --db {db} --game " in html
    # --resume continues every opponent's run
    run(app, *base, "--games", "5", "--resume", "--json")
    resumed = json.loads(capsys.readouterr().out)
    assert resumed["played"] == 4
    assert [item["run_id"] for item in resumed["opponents"]] == [1, 2]
    assert [item["games"] for item in resumed["opponents"]] == [5, 5]


def test_what_makes_no_sense_with_against_is_refused_in_one_line_naming_the_option(
    app: typer.Typer, lists: dict[str, Path], tmp_path: Path
) -> None:
    mine, recruits, champions = (str(path) for path in lists.values())
    refusals = [
        ((("--against", recruits)), r"^--against plays your list against each opponent: give"
         r" your list too"),
        ((mine, champions, "--against", recruits), r"^--against plays one list against each"
         r" opponent: give one list \(LIST or --army\), not 2"),
        ((mine, "--against", recruits, "--players", "2"), r"^--players 2 cannot go with"
         r" --against"),
        ((mine, "--against", recruits, "--db", str(tmp_path / "r.sqlite"), "--compare", "1"),
         r"^--compare 1 cannot go with --against"),
    ]
    for argv, message in refusals:
        with pytest.raises(SimulateOptionError, match=message) as caught:
            run(app, "simulate", "test-list-duel", *argv)
        assert "\n" not in str(caught.value)
    armada = tmp_path / "armada.toml"
    armada.write_text('name = "Elsewhere"\nruleset = "armada"\n[[units]]\nunit = "x"\n')
    with pytest.raises(ArmyListRejected, match=(
        rf"^--against {re.escape(str(armada))}: a list for armada, not test-list-duel$"
    )):
        run(app, "simulate", "test-list-duel", mine, "--against", str(armada))
    greedy = write_list(tmp_path, "Greedy", "champion", points=15)
    with pytest.raises(ArmyListRejected, match=(
        rf"^--against {re.escape(str(greedy))}: units: total 20 points exceeds the cap"
    )):
        run(app, "simulate", "test-list-duel", mine, "--against", str(greedy))
    with pytest.raises(BadMatchup, match=r"^--bot: give one bot for every list or one per"
                       r" list \(3: yours, then each --against in order\), not 2"):
        run(app, "simulate", "test-list-duel", mine, "--against", recruits, "--against",
            champions, "--bot", "calm", "--bot", "random")
    assert not (tmp_path / "r.sqlite").exists()


def test_several_lists_without_against_say_they_play_a_free_for_all(
    app: typer.Typer, lists: dict[str, Path], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`simulate RULESET mine a b` silently played one game of three at a table; it says so
    first, and how to play the list against each instead. Two lists, or a ruleset seating
    fewer, say nothing of it (the latter is refused, naming --against)."""
    paths = [str(path) for path in lists.values()]
    page = tmp_path / "ffa.html"
    run(app, "simulate", "test-list-duel", *paths, "--games", "2", "--report", str(page))
    first = capsys.readouterr().out.splitlines()[0]
    assert first == ("A free-for-all of 3 lists: all 3 play at one table in every game; for"
                     " one list against each, use --against.")
    assert "A free-for-all of 3 lists" in page.read_text()
    run(app, "simulate", "test-list-duel", *paths, "--games", "2", "--json")
    assert json.loads(capsys.readouterr().out)["free_for_all"] is True
    run(app, "simulate", "test-list-duel", *paths[:2], "--games", "2")
    assert "free-for-all" not in capsys.readouterr().out
    with pytest.raises(SimulateOptionError, match=(
        r"^5 lists would play at one table, and test-list-duel seats at most 4; for one list"
        r" against each, use --against$"
    )):
        run(app, "simulate", "test-list-duel", *paths, *paths[:2])


def test_one_list_alone_is_told_about_against(app: typer.Typer, lists: dict[str, Path]) -> None:
    with pytest.raises(SimulateOptionError, match=r"one with --against THEIRS.toml"):
        run(app, "simulate", "test-list-duel", str(lists["Veterans"]))


def test_a_field_of_other_points_is_noted_before_the_games(
    app: typer.Typer, lists: dict[str, Path], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    small = write_list(tmp_path, "Small", "recruit", points=10)
    run(app, "simulate", "test-list-duel", str(lists["Veterans"]), "--against", str(small),
        "--against", str(lists["Recruits"]), "--games", "1")
    assert capsys.readouterr().out.startswith(
        "Note: Small is a list of 10 points, yours of 20.\n"
    )


def test_the_dystopian_wars_field_of_journey_three(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shipped Dystopian Wars fleets: a tournament list against three expected lists,
    a game each, through `warbench` itself; a fleet not valid under the format is refused
    naming --against."""
    from warbench.rulesets.dystopian_wars.data import DATA_DIR

    fleets = DATA_DIR / "fleets"
    mine = str(fleets / "britannia-1000.toml")
    field = [str(fleets / f"{name}-1000.toml")
             for name in ("prussia", "blazing-sun", "federated-states")]
    against = [arg for path in field for arg in ("--against", path)]
    assert main(["simulate", "dystopian-wars", mine, *against, "--games", "1",
                 "--format", "tournament", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [item["label"] for item in data["opponents"]] == [
        "Prussian battle squadron", "Blazing Sun battle fleet", "Federated States battle fleet"]
    assert data["overall"]["games"] == 3 and data["list_format"] == "tournament"
    battleships = "".join(
        f'[[units]]\nunit = "britannia-battleship"\nname = "S{n}"\n' for n in range(4)
    )
    open_only = tmp_path / "open.toml"
    open_only.write_text('name = "Open only"\nruleset = "dystopian-wars"\nfaction ='
                         f' "britannia"\npoints = 1000\n{battleships}')
    assert main(["simulate", "dystopian-wars", mine, "--against", str(open_only),
                 "--games", "1"]) == USAGE_ERROR
    lines = capsys.readouterr().err.strip().splitlines()  # each broken rule on its line
    assert lines[0] == f"warbench: error: {len(lines) - 1} problems in the lists:"
    assert all(line.startswith(f"  --against {open_only}: units") for line in lines[1:])
    assert any("core force" in line for line in lines)


def test_headings_move_one_level_down_under_an_opponent() -> None:
    assert demoted(["<h2>Seats</h2><h3>A</h3>"]) == ["<h3>Seats</h3><h4>A</h4>"]
