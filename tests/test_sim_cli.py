"""`warbench simulate` and `warbench tournament`: JSON output, stores, reports, early errors."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
import typer
from rich.console import Console

from tests.core.test_sim_plan import ListDuel
from warbench import sim_cli
from warbench.cli import main
from warbench.core import registry
from warbench.core.outputs import OutputPathError
from warbench.core.sim.plan import ArmyListRejected, GamePlan
from warbench.core.sim.play import GameRecord, play_game
from warbench.core.sim.stats import MeanInterval
from warbench.core.sim.store import ResultStore, load_journal
from warbench.core.sim.summary import Rate, UnitSummary
from warbench.sim_cli import (
    SimulateOptionError,
    check_comparable,
    points_table,
    register,
    signed,
    units_table,
)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[typer.Typer]:
    """A warbench app with only the sim commands and only the test game installed."""
    monkeypatch.setattr(registry, "_factories", {ListDuel.id: ListDuel})
    monkeypatch.setattr(registry, "_instances", {})
    monkeypatch.setattr(registry, "_load_entry_points", lambda: None)
    commands = typer.Typer(pretty_exceptions_enable=False)
    register(commands)
    yield commands


def write_list(folder: Path, name: str, unit: str, points: int = 20) -> Path:
    path = folder / f"{name.lower()}.toml"
    path.write_text(
        f'name = "{name}"\nruleset = "test-list-duel"\npoints = {points}\n'
        f'[[units]]\nunit = "{unit}"\n'
    )
    return path


def run(app: typer.Typer, *args: str) -> None:
    app(args=list(args), standalone_mode=False)


def test_simulate_prints_json_results(
    app: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    veterans = write_list(tmp_path, "Veterans", "veteran")
    recruits = write_list(tmp_path, "Recruits", "recruit")
    run(
        app,
        "simulate",
        "test-list-duel",
        "--army",
        str(veterans),
        "--army",
        str(recruits),
        "--games",
        "12",
        "--seed",
        "3",
        "--json",
    )
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == "test-list-duel" and data["seed"] == 3
    assert data["bots"] == ["calm", "calm"] and data["played"] == 12
    assert data["run_id"] is None and data["comparison"] == []
    summary = data["summary"]
    assert summary["games"] == 12
    assert [side["label"] for side in summary["sides"]] == ["Veterans", "Recruits"]
    wins = summary["sides"][0]["wins"]
    assert set(wins) == {"count", "of", "rate", "interval"} and wins["of"] == 12
    assert len(summary["seats"]) == 2 and summary["length"]["count"] == 12
    assert {unit["unit_type"] for unit in summary["units"]} == {"veteran", "recruit"}


def test_simulate_stores_resumes_compares_and_reports(
    app: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lists = [
        write_list(tmp_path, "Veterans", "veteran"),
        write_list(tmp_path, "Recruits", "recruit"),
    ]
    db, page = tmp_path / "r.sqlite", tmp_path / "out.html"
    base = [
        "simulate",
        "test-list-duel",
        "--army",
        str(lists[0]),
        "--army",
        str(lists[1]),
        "--db",
        str(db),
    ]
    run(app, *base, "--games", "5")
    out = capsys.readouterr().out
    assert "Veterans" in out and "Stored as run 1" in out and "--game ID" in out
    # journey 5: the strangest games are named with the command that steps through them
    assert "Games worth replaying:" in out and "longest:" in out
    assert f"`warbench replay --db {db} --game " in out
    run(app, *base, "--games", "8", "--resume", "--compare", "1", "--report", str(page), "--json")
    data = json.loads(capsys.readouterr().out)
    assert data["run_id"] == 1 and data["played"] == 3 and data["game_ids"] == [1, 8]
    assert [item["label"] for item in data["comparison"]] == ["Veterans", "Recruits"]
    assert page.read_text().startswith("<!DOCTYPE html>")
    assert load_journal(db, 8).entries
    # luck of winners vs losers: stored games keep their sides' game luck (issue #18)
    luck = data["luck"]
    assert 0 < luck["decisive_games"] <= 8 and 0 < luck["winners_mean_luck"] < 1
    assert len(luck["mean_luck_by_side"]) == 2
    assert "Luck of winners and losers" in page.read_text()
    notable = {item["kind"]: item for item in data["notable"]}
    longest = notable["longest"]
    assert longest["replay"] == f"warbench replay --db {db} --game {longest['game_id']}"
    assert longest["game_id"] == longest["index"] + 1  # run 1's games are ids 1 to 8
    assert "luckiest" in notable and "Games worth replaying" in page.read_text()
    assert longest["replay"] in page.read_text()


def test_bad_armies_fail_before_any_game_with_the_validators_messages(
    app: typer.Typer, tmp_path: Path
) -> None:
    good = write_list(tmp_path, "Veterans", "veteran")
    bad = write_list(tmp_path, "Greedy", "champion", points=15)
    db = tmp_path / "r.sqlite"
    with pytest.raises(ArmyListRejected) as caught:
        run(
            app,
            "simulate",
            "test-list-duel",
            "--army",
            str(good),
            "--army",
            str(bad),
            "--db",
            str(db),
        )
    assert str(caught.value) == (
        f"{bad}: units: total 20 points exceeds the cap of 15 by 5 [points_cap]"
    )
    assert not db.exists()  # nothing was stored, no game was played


def test_simulate_takes_lists_as_tournament_does_or_with_army(
    app: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list builder who types `simulate RULESET a.toml b.toml`, as `tournament` takes
    lists, gets the same run as with `--army a.toml --army b.toml` (it was an error)."""
    veterans = write_list(tmp_path, "Veterans", "veteran")
    recruits = write_list(tmp_path, "Recruits", "recruit")
    common = ("--games", "6", "--seed", "5", "--json")
    run(app, "simulate", "test-list-duel", str(veterans), str(recruits), *common)
    positional = json.loads(capsys.readouterr().out)
    run(app, "simulate", "test-list-duel", "--army", str(veterans), "--army", str(recruits),
        *common)
    with_army = json.loads(capsys.readouterr().out)
    assert positional.pop("seconds") >= 0 and with_army.pop("seconds") >= 0
    assert positional == with_army
    assert [side["label"] for side in positional["summary"]["sides"]] == ["Veterans", "Recruits"]


def test_option_mistakes_are_reported_before_playing(app: typer.Typer, tmp_path: Path) -> None:
    one = write_list(tmp_path, "Veterans", "veteran")
    with pytest.raises(SimulateOptionError, match=r"at least two army lists \(LIST... or --army\)"):
        run(app, "simulate", "test-list-duel", "--army", str(one))
    with pytest.raises(SimulateOptionError, match="at least two army lists"):
        run(app, "simulate", "test-list-duel", str(one))
    with pytest.raises(SimulateOptionError, match="--resume needs --db"):
        run(app, "simulate", "test-list-duel", "--resume")
    with pytest.raises(OutputPathError, match=r"folder .* does not exist"):
        run(app, "simulate", "test-list-duel", "--report", str(tmp_path / "no" / "r.html"))


def test_simulate_without_lists_plays_the_default_set_up(
    app: typer.Typer, capsys: pytest.CaptureFixture[str]
) -> None:
    run(app, "simulate", "test-list-duel", "--games", "4", "--bot", "calm")
    out = capsys.readouterr().out
    assert "test-list-duel" in out and "player 1 vs player 2" in out and "Played 4 games" in out
    assert "Each side keeps its seat" in out


def test_tournament_prints_a_win_matrix_and_ratings(
    app: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lists = [
        str(write_list(tmp_path, name, unit))
        for name, unit in (
            ("Recruits", "recruit"),
            ("Veterans", "veteran"),
            ("Champions", "champion"),
        )
    ]
    run(app, "tournament", "test-list-duel", *lists, "--games", "6", "--json")
    data = json.loads(capsys.readouterr().out)
    assert data["lists"] == ["Recruits", "Veterans", "Champions"]
    assert all(data["wins"][i][i] == 0 for i in range(3))
    assert all(
        data["wins"][i][j] + data["wins"][j][i] + data["draws"][i][j] == 6
        for i in range(3)
        for j in range(3)
        if i != j
    )
    assert [rating["label"] for rating in data["ratings"]] == data["lists"]
    run(app, "tournament", "test-list-duel", *lists[:2], "--games", "4")
    out = capsys.readouterr().out
    assert "Win matrix" in out and "Bradley-Terry" in out


def test_tournament_says_how_many_games_it_played_and_how_fast(
    app: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Journey 3: a list builder judges whether a tournament of their lists takes minutes;
    `simulate` ends with "Played N games in S s (R games/s)", `tournament` said nothing."""
    lists = [str(write_list(tmp_path, name, unit))
             for name, unit in (("Recruits", "recruit"), ("Veterans", "veteran"),
                                ("Champions", "champion"))]
    run(app, "tournament", "test-list-duel", *lists, "--games", "4")
    out = capsys.readouterr().out
    assert re.search(r"^Played 12 games at 3 tables in \d+\.\d s \(\d+\.\d games/s\)\.$", out,
                     re.MULTILINE)


def test_tournament_writes_its_report_and_refuses_a_bad_path_before_playing(
    app: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tournament --report t.html` writes the page (win matrix, ratings, each list's units)
    and says where; a report path that cannot be written is refused before any game."""
    lists = [str(write_list(tmp_path, name, unit))
             for name, unit in (("Recruits", "recruit"), ("Veterans", "veteran"))]
    report = tmp_path / "t.html"
    run(app, "tournament", "test-list-duel", *lists, "--games", "4", "--report", str(report))
    assert f"Report: {report}" in capsys.readouterr().out
    page = report.read_text()
    assert "<h2>Win matrix</h2>" in page and "<h3>Recruits (4 games)</h3>" in page
    with pytest.raises(OutputPathError, match=r"folder .* does not exist"):
        run(app, "tournament", "test-list-duel", *lists, "--report",
            str(tmp_path / "no" / "t.html"))


def test_tournament_names_each_lists_bot_and_keeps_journals_for_replay(
    app: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A researcher pits one bot against another: the output says which bot played which
    list, and `--journals` keeps every game's journal in --db for `warbench replay`; the
    output says which run and games each table is stored as (it said nothing)."""
    lists = [str(write_list(tmp_path, name, unit))
             for name, unit in (("Recruits", "recruit"), ("Veterans", "veteran"))]
    with pytest.raises(SimulateOptionError, match="--journals needs --db"):
        run(app, "tournament", "test-list-duel", *lists, "--games", "2", "--journals")
    db = tmp_path / "t.sqlite"
    run(app, "tournament", "test-list-duel", *lists, "--games", "2", "--bot", "calm",
        "--bot", "random", "--db", str(db), "--journals")
    out = capsys.readouterr().out
    assert "Bots: Recruits (calm), Veterans (random)" in out
    # the win matrix and the ratings name each list's bot too, where they differ
    rows = [line for line in out.splitlines() if "Recruits (calm)" in line]
    assert any("Veterans (random)" in line for line in rows)  # the matrix's head
    assert sum(line.startswith("│ Recruits (calm)") for line in rows) == 2  # matrix, ratings
    assert f"Stored in {db} (warbench replay --db {db} --game ID):" in out
    assert "  run 1: Recruits vs Veterans, games 1 to 2" in out
    assert f"On the board: `warbench serve`, then its replay viewer (/replay) loads {db}" in out
    with sqlite3.connect(db) as connection:
        stored = [row[0] for row in connection.execute("SELECT journal FROM games")]
    assert len(stored) == 2 and all(stored)


def test_a_database_that_is_not_one_is_refused(app: typer.Typer, tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA user_version = 9")
    with pytest.raises(ValueError, match="results format 9"):
        run(app, "simulate", "test-list-duel", "--games", "1", "--db", str(db))


def test_a_mirror_is_reported_as_a_mirror(
    app: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same list on both sides is a mirror: said once in the title, the sides numbered,
    a units table for each."""
    veterans = write_list(tmp_path, "Veterans", "veteran")
    run(app, "simulate", "test-list-duel", "--army", str(veterans), "--army", str(veterans),
        "--games", "4", "--bot", "calm")
    out = capsys.readouterr().out
    assert "test-list-duel: Veterans (mirror: every side plays it)" in out
    assert "Veterans #1: units" in out and "Veterans #2: units" in out
    assert "Each side keeps its seat" not in out  # lists swap seats every game
    run(app, "simulate", "test-list-duel", "--army", str(veterans), "--army", str(veterans),
        "--games", "2", "--bot", "calm", "--json")
    plain = json.loads(capsys.readouterr().out)
    assert plain["mirror"] and not plain["fixed_seats"]
    assert plain["matchup"] == "Veterans (mirror: every side plays it)"


def test_unit_ids_are_never_cut_in_a_narrow_terminal() -> None:
    """A cut id ("britannia-batt…") could name two units: the column keeps whole ids."""
    rows = [
        UnitSummary(0, unit, 2, 1, Rate.of(7, 8), 4.25, 24.5)
        for unit in ("britannia-battleship", "britannia-battlecarrier")
    ]
    console = Console(width=72, record=True)
    console.print(units_table("My Britannians", rows))
    text = console.export_text()
    assert "britannia-battleship" in text and "britannia-battlecarrier" in text


def test_the_terminal_unit_table_says_per_game_or_whole_run() -> None:
    """The unit table showed fielded per game beside lost over the whole run; every count
    is now a mean per game and the headers say so."""
    row = UnitSummary(0, "britannia-frigate", 3.0, 0.75, Rate.of(27, 36), 1.5, 2.25)
    table = units_table("My Britannians", [row])
    assert [column.header for column in table.columns] == [
        "unit type", "fielded / game", "lost / game", "survival, whole run [95%]",
        "taken / game", "dealt / game",
    ]
    console = Console(width=160, record=True)
    console.print(table)
    text = console.export_text()
    assert "per game: mean of the run's games" in text
    assert "│ britannia-frigate │ 3              │ 0.75        │ 75.0%" in text
    narrow = Console(width=80, record=True)  # a piped terminal: headers wrap, none cut
    narrow.print(table)
    assert "…" not in narrow.export_text()


def test_the_terminal_says_which_units_earn_their_points() -> None:
    """A list builder reading the terminal sees what each type destroyed per game and per
    100 points its list spends on it, each over its 95% interval (the HTML report's
    figures), in a table that fits 80 columns; "-" where nothing was spent."""
    destroyed = MeanInterval(20, 60.0, 40.0, 80.0)
    rows = [
        UnitSummary(0, "britannia-cruiser", 3.0, 1.0, Rate.of(2, 3), 9.0, 8.0, 50.0, destroyed),
        UnitSummary(0, "britannia-torpedo-bomber-wing", 4.0, 0.0, Rate.of(4, 4), 0.0, 0.0,
                    0.0, MeanInterval(20, 0.0, 0.0, 0.0)),
    ]
    table = points_table("Mine", rows, {"britannia-cruiser": 120})
    assert table is not None
    console = Console(width=80, record=True)
    console.print(table)
    lines = console.export_text().splitlines()
    assert "Mine: which units earn their points" in lines[0]
    cruiser = next(n for n, line in enumerate(lines) if "britannia-cruiser" in line)
    assert "120" in lines[cruiser] and "60.0" in lines[cruiser] and "50.0" in lines[cruiser]
    assert "[40.0, 80.0]" in lines[cruiser + 1] and "[33.3, 66.7]" in lines[cruiser + 1]
    wing = next(line for line in lines if "britannia-torpedo-bomber-wing" in line)
    assert wing.rstrip(" │").endswith("-")
    assert not any("…" in line for line in lines)
    older = UnitSummary(0, "britannia-cruiser", 3.0, 1.0, Rate.of(2, 3), 9.0, 8.0)
    assert points_table("Mine", [older], {}) is None  # stored before points were counted


class BackwardBackend:
    """A backend whose games finish last first, as Ray's may."""

    def batches(self, plan: GamePlan, indices: Sequence[int]) -> Iterator[list[GameRecord]]:
        for index in reversed(indices):
            yield [play_game(plan, index)]

    def close(self) -> None:
        pass


def test_stored_games_are_named_by_their_lowest_and_highest_ids(
    app: typer.Typer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Games stored out of order (Ray) are still reported as the ids they hold, and the
    comparison names the two runs it compares."""
    monkeypatch.setattr(sim_cli, "make_backend", lambda *_, **__: BackwardBackend())
    lists = [
        write_list(tmp_path, "Veterans", "veteran"),
        write_list(tmp_path, "Recruits", "recruit"),
    ]
    base = ["simulate", "test-list-duel", "--army", str(lists[0]), "--army", str(lists[1])]
    db = str(tmp_path / "r.sqlite")
    run(app, *base, "--games", "4", "--db", db)
    assert "Stored as run 1 in" in capsys.readouterr().out
    run(app, *base, "--games", "4", "--seed", "2", "--db", db, "--compare", "1")
    out = capsys.readouterr().out
    assert "games 5 to 8 (warbench replay" in out
    assert "Win rates against run 1" in out and "this run (2)" in out


def test_compare_names_the_run_it_pairs_with_and_refuses_another_rulesets(
    app: typer.Typer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Journey 5: a designer compares a variant run with the baseline. The comparison says
    what run N was (its sides, games and data) and pairs a renamed side with its name there;
    a run of another ruleset or with another number of sides is refused before any game (a
    Dystopian Wars run was z-tested against a Full Thrust one, side by side, silently)."""
    monkeypatch.setattr(sim_cli, "console", Console(width=200, soft_wrap=True))
    recruits = write_list(tmp_path, "Recruits", "recruit")
    db = tmp_path / "r.sqlite"
    base = write_list(tmp_path, "Veterans", "veteran")
    run(app, "simulate", "test-list-duel", str(base), str(recruits), "--games", "4",
        "--db", str(db))
    capsys.readouterr()
    variant = write_list(tmp_path, "Veterans B", "veteran")
    again = ["simulate", "test-list-duel", str(variant), str(recruits), "--games", "4",
             "--db", str(db), "--compare", "1"]
    run(app, *again)
    out = capsys.readouterr().out
    assert "Veterans B (run 1: Veterans)" in out
    assert ("Run 1: Veterans vs Recruits, 4 games, seed 1, scenario default, bots calm, calm,"
            " data: the shipped data; each side is compared with the side in the same place"
            " in that run.") in out
    run(app, *again, "--json")
    pairs = [(item["label"], item["other_label"]) for item in
             json.loads(capsys.readouterr().out)["comparison"]]
    assert pairs == [("Veterans B", "Veterans"), ("Recruits", "Recruits")]
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE runs SET ruleset = 'armada' WHERE id = 1")
    stored = db.stat().st_size
    with pytest.raises(SimulateOptionError, match=(
        rf"^--compare 1: run 1 in {re.escape(str(db))} is a run of armada, not test-list-duel$"
    )):
        run(app, *again)
    with ResultStore(db) as store:
        info = store.run(2)
    with pytest.raises(SimulateOptionError, match=r"run 2 in .* has 4 sides, this run 2"):
        check_comparable(replace(info, sides=info.sides * 2), ListDuel(), 2, db)
    assert db.stat().st_size == stored  # refused before any game


def test_simulate_a_scenario_of_the_default_set_up_with_a_player_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """USERS journey 7 in batch: ROBOGEAR 2 v 2 of the default armies, no lists needed."""
    from warbench.cli import main

    assert main(["simulate", "robogear", "--scenario", "2v2", "--players", "4",
                 "--games", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["bots"]) == 4 and data["scenario"] == "2v2" and data["played"] == 2
    assert main(["simulate", "robogear", "--scenario", "2v2", "--games", "2"]) != 0
    assert "needs four players, one army each, not 2" in capsys.readouterr().err
    assert main(["simulate", "robogear", "--players", "5", "--games", "2"]) != 0
    assert "--players 5: robogear is played by 2 to 4 players, not 5" in capsys.readouterr().err


def test_simulate_and_tournament_check_lists_under_the_format_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-FLEET-OPEN, DW-FLEET-CORE: four battleships make an open fleet but no friendly or
    tournament one. `simulate` and `tournament` had no --format, so such a list could not
    be played, while the scenario error told the user to name a format."""
    from warbench.cli import USAGE_ERROR, main
    from warbench.rulesets.dystopian_wars.data import DATA_DIR

    battleships = "".join(
        f'[[units]]\nunit = "britannia-battleship"\nname = "S{n}"\n' for n in range(4)
    )
    open_only = tmp_path / "open.toml"
    open_only.write_text(
        'name = "Open only"\nruleset = "dystopian-wars"\nfaction = "britannia"\n'
        f"points = 1000\n{battleships}"
    )
    prussia = str(DATA_DIR / "fleets" / "prussia-1000.toml")
    base = ["simulate", "dystopian-wars", "--army", str(open_only), "--army", prussia,
            "--games", "1"]
    assert main(base) == USAGE_ERROR
    assert "core force: a small squadron" in capsys.readouterr().err
    assert main([*base, "--format", "open"]) == 0
    assert ", format open" in capsys.readouterr().out
    assert main(["tournament", "dystopian-wars", str(open_only), prussia, "--games", "1",
                 "--format", "open", "--json"]) == 0
    capsys.readouterr()
    assert main([*base, "--scenario", "open"]) == USAGE_ERROR
    assert "is a list format: check the lists under it with --format open" in (
        capsys.readouterr().err
    )
    assert main([*base, "--format", "open", "--scenario", "foo"]) == USAGE_ERROR
    assert "are list formats: --format)" in capsys.readouterr().err
    assert main(["simulate", "dystopian-wars", "--format", "open", "--games", "1"]) == (
        USAGE_ERROR
    )
    assert "give them with --army" in capsys.readouterr().err


def test_ratings_never_read_minus_zero() -> None:
    """A rating interval printed as "-0 to +164"; a rating rounding to 0 reads +0."""
    assert [signed(value) for value in (-0.3, 0.0, 163.6, -12.5)] == ["+0", "+0", "+164", "-12"]


@pytest.mark.parametrize("ruleset_id", registry.available_rulesets())
def test_every_ruleset_says_what_its_score_counts(ruleset_id: str) -> None:
    """A report's "mean score" means something only if the ruleset says what a score is."""
    assert registry.ruleset(ruleset_id).score_meaning


def test_simulate_and_its_report_say_what_a_score_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`warbench simulate` prints the ruleset's score meaning under the results table, and
    the HTML report says it under its results."""
    report = tmp_path / "run.html"
    assert main(["simulate", "hordes", "--games", "2", "--report", str(report)]) == 0
    meaning = registry.ruleset("hordes").score_meaning
    assert f"A side's score: {meaning}." in " ".join(capsys.readouterr().out.split())
    escaped = meaning.replace("'", "&#x27;")
    assert f"A side's score: {escaped}.</p>" in report.read_text()
