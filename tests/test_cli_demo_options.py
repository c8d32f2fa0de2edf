"""`warbench demo --players/--scenario` and `warbench render --db --game`: the command-line
ends of USERS.md journeys 5 (a 2 v 2 ROBOGEAR battle) and 7 (a stored game drawn step by
step)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from warbench.cli import USAGE_ERROR, main
from warbench.core.catalog import load_model
from warbench.core.engine import Game
from warbench.core.lists import ArmyList
from warbench.core.registry import ruleset
from warbench.rulesets.dystopian_wars.data import DATA_DIR as DW_DATA
from warbench.rulesets.dystopian_wars.data import load_fleet


def test_a_four_player_2v2_robogear_demo_runs_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["demo", "robogear", "--players", "4", "--scenario", "2v2", "--quiet"]
    assert main([*argv, "--out", str(tmp_path)]) == 0
    journal_path = tmp_path / "robogear-seed1-4p-2v2.json"
    journal = json.loads(journal_path.read_text())
    assert journal["players"] == 4 and journal["setup"]["teams"] == [0, 1, 0, 1]
    assert (tmp_path / "robogear-seed1-4p-2v2.svg").exists()
    capsys.readouterr()
    assert main(["replay", str(journal_path), "--quiet"]) == 0
    assert "every hash matches" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["robogear", "--players", "5"], "--players 5: robogear is played by 2 to 4 players"),
        (["robogear", "--players", "1"], "--players 1: robogear is played by 2 to 4 players"),
        (["robogear", "--scenario", "2v2"],
         "--scenario 2v2: a 2v2 game needs four players, one army each, not 3"),
        (["robogear", "--players", "4", "--scenario", "zork"], "--scenario zork: scenario"),
        (["hordes", "--scenario", "2v2"], "--scenario 2v2: hordes offers no set-up options"),
        (["--players", "3"], "--players and --scenario need a RULESET"),
    ],
)
def test_demo_refuses_a_player_count_or_scenario_the_ruleset_does_not_take(
    argv: list[str], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", *argv, "--out", str(tmp_path)]) == USAGE_ERROR
    captured = capsys.readouterr()
    assert expected in captured.err and len(captured.err.strip().splitlines()) == 1
    assert not list(tmp_path.glob("*.json"))


@pytest.fixture(scope="module")
def results_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("render-db") / "runs.sqlite"
    assert main(["simulate", "full-thrust", "--games", "1", "--db", str(db), "--json"]) == 0
    return db


def test_render_draws_a_stored_game_after_a_step(results_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "step.svg"
    assert main(["render", "--db", str(results_db), "--game", "1", "--at", "2",
                 "--out", str(out)]) == 0
    assert "after action 2" in out.read_text()


def test_render_names_the_side_in_each_seat_in_a_legend(
    results_db: Path, tmp_path: Path
) -> None:
    """A stored game's picture says which colour is which side (the run's labels, in the
    game's seats); a journal of the default set-up names its forces."""
    out = tmp_path / "end.svg"
    assert main(["render", "--db", str(results_db), "--game", "1", "--out", str(out)]) == 0
    svg = out.read_text()
    assert "Concord strike group (player 1)" in svg
    assert "Directorate carrier group (player 2)" in svg
    assert main(["demo", "full-thrust", "--out", str(tmp_path), "--quiet"]) == 0
    (picture,) = tmp_path.glob("full-thrust-*.svg")
    assert "Concord strike group (player 1)" in picture.read_text()


def test_a_dystopian_wars_journal_of_a_list_game_names_its_fleets(tmp_path: Path) -> None:
    """A journal of a game between lists (not the default set-up) draws a legend naming
    each fleet by its list, as the set-up names it, not ``player k``."""
    journal = tmp_path / "game.json"
    rules = ruleset("dystopian-wars")
    armies = [load_fleet(DW_DATA / "fleets" / name) for name in ("prussia-patrol-500.toml",
                                                                 "britannia-patrol-500.toml")]
    game = Game.new(rules, rules.setup_for(armies, "random-terrain"), seed=4)
    game.journal.save(journal)
    out = tmp_path / "start.svg"
    assert main(["render", str(journal), "--out", str(out)]) == 0
    svg = out.read_text()
    assert "Prussian patrol (player 1)" in svg and "Britannian patrol (player 2)" in svg


@pytest.mark.parametrize("ruleset_id", ["full-thrust", "armada", "robogear", "hordes"])
def test_a_journal_of_a_list_game_names_each_side_by_its_list(
    ruleset_id: str, tmp_path: Path
) -> None:
    """Full Thrust, Armada, ROBOGEAR and HORDES name each side of any set-up: a list game's
    by its list (the set-up writes the force out with its name), a shipped force's by its
    id, as the default set-up's always were."""
    rules = ruleset(ruleset_id)
    assert rules.shipped_data is not None
    folder = rules.shipped_data / "lists"
    if not folder.is_dir():  # ROBOGEAR keeps its lists beside its data
        folder = rules.shipped_data.parent / "lists"
    lists = sorted(folder.glob("*.toml"))[:2]
    assert len(lists) == 2
    armies = [load_model(path, ArmyList) for path in lists]
    game = Game.new(rules, rules.setup_for(armies), seed=2)
    journal = tmp_path / "game.json"
    game.journal.save(journal)
    out = tmp_path / "start.svg"
    assert main(["render", str(journal), "--out", str(out)]) == 0
    svg = out.read_text()
    for seat, army in enumerate(armies):
        assert f"{army.name} (player {seat + 1})" in svg
    assert rules.side_names(rules.default_setup(), 2) == rules.default_side_names(2)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["render"], "render needs a JOURNAL file, or --db FILE --game ID"),
        (["render", "--game", "1"], "--db and --game go together"),
        (["render", "x.json", "--db", "r.sqlite", "--game", "1"], "not both"),
        (["render", "--db", "missing.sqlite", "--game", "1"], "missing.sqlite: file not found"),
    ],
)
def test_render_source_mistakes(
    argv: list[str],
    expected: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([*argv, "--out", "x.svg"]) == USAGE_ERROR
    captured = capsys.readouterr()
    assert expected in captured.err and len(captured.err.strip().splitlines()) == 1
    assert not (tmp_path / "x.svg").exists()


def test_a_robogear_game_of_teams_names_each_armys_partner() -> None:
    """RG-WIN-TEAMS: in 2 v 2 each army's name says its partner (two armies may share a name,
    as the default 2 v 2's two Ferrum groups do), in pictures' legends and the web table's
    key; a game of every army for itself names them alone."""
    rules = ruleset("robogear")
    teams = rules.side_names(rules.default_setup_with(["2v2"], 4), 4)
    assert teams[0].endswith("(with player 3)") and teams[3].endswith("(with player 2)")
    assert teams[0].split(" (")[0] == teams[3].split(" (")[0]  # the same list, told apart
    assert "with" not in " ".join(rules.side_names(rules.default_setup(), 4))
