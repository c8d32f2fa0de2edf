"""The `warbench` command: help, rulesets, demo, replay, render, list, and one-line errors."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
import typer.main

from tests.duel import Duel
from warbench.cli import USAGE_ERROR, VERIFY_FAILED, app, main
from warbench.core import registry
from warbench.core.lists import ArmyList


@pytest.fixture
def journal_file(duel_registered: None, tmp_path: Path) -> Path:
    assert main(["demo", "test-duel", "--seed", "3", "--out", str(tmp_path), "--quiet"]) == 0
    return tmp_path / "test-duel-seed3.json"


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("rulesets", "demo", "replay", "render"):
        assert command in out


@pytest.mark.parametrize(
    ("command", "sentence"),
    [
        (["list", "validate"], "A list that cannot be checked at all (unreadable TOML, a wrong"
                               " type in the list's own keys,"),
        (["render"], "and attacks with the arcs and range bands they used."),
    ],
)
def test_a_commands_help_is_never_broken_mid_sentence(
    command: list[str],
    sentence: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Typer keeps a help's line breaks after its first paragraph: `list validate --help`
    broke at the docstring's width ("A list that cannot be" / "checked (unreadable ...")."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main([*command, "--help"]) == 0
    assert sentence in capsys.readouterr().out


def test_rulesets_lists_installed_ones(
    duel_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    assert "test-duel" in out and "2-4" in out


def test_demo_writes_a_journal_and_a_picture(
    duel_registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--seed", "5", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Result:" in out and "shoots at" in out
    journal = json.loads((tmp_path / "test-duel-seed5.json").read_text())
    assert journal["ruleset"] == "test-duel" and journal["entries"]
    assert (tmp_path / "test-duel-seed5.svg").read_text().lstrip().startswith("<?xml")


def test_demo_takes_a_bot_for_each_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Journey 6: an agent against a bot in `demo`, one --bot per seat in order (HORDES:
    random against the warlock); a count that is neither one nor the seats' is a one-line
    error, not the last --bot for every seat."""
    assert main(["demo", "hordes", "--out", str(tmp_path), "--quiet",
                 "--bot", "random", "--bot", "warlock"]) == 0
    assert "random vs warlock bots" in capsys.readouterr().out
    journal = json.loads((tmp_path / "hordes-seed1.json").read_text())
    assert journal["played_by"] == ["random", "warlock"]
    assert main(["demo", "hordes", "--out", str(tmp_path), "--bot", "random", "--bot",
                 "random", "--bot", "random"]) == 2
    assert "--bot was given 3 times for 2 seats" in capsys.readouterr().err


def test_replay_verifies_and_narrates(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["replay", str(journal_file)]) == 0
    out = capsys.readouterr().out
    assert "every hash matches" in out and "shoots at" in out


def test_replay_numbers_each_step_for_render_at(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The narration had no step numbers, so a user could not choose the N of
    `render --at N`; each action's first line now carries its step."""
    capsys.readouterr()
    assert main(["replay", str(journal_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "render --at STEP" in lines[0]
    steps = [int(line[:6]) for line in lines[1:] if line[:6].strip().isdigit()]
    assert len(steps) > 2 and steps == sorted(set(steps)) and steps[0] <= 1


def test_replay_counts_players_from_1_while_player_takes_the_seat_index(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What `replay` prints counts players from 1 ("player 1 writes a stance", "Played by
    ...: player 1 ...", "won by player 2"), never "player 0"; `--player` takes the seat
    index the journal's JSON uses (`--player 0` is player 1), and a seat the game lacks is
    refused naming the indices it has."""
    data = json.loads(journal_file.read_text())
    capsys.readouterr()
    assert main(["replay", str(journal_file), "--player", "0"]) == 0
    out = capsys.readouterr().out
    assert "player 1 writes a stance" in out and "player 2 writes a stance" in out
    played = out.split("Played by")[1]
    assert f": player 1 {data['played_by'][0]}" in played
    assert f", player 2 {data['played_by'][1]}" in played
    winners = data["outcome"]["winners"]
    assert f"won by {', '.join(f'player {seat + 1}' for seat in winners) or 'nobody'}" in out
    assert "player 0" not in out
    assert main(["replay", str(journal_file), "--player", "2"]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert "--player 2: the game has seats 0 to 1 (--player 0 is player 1)" in err


def test_replay_as_a_player_hides_their_rivals_secrets(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["replay", str(journal_file), "--player", "0"]) == 0
    out = capsys.readouterr().out
    assert "you chose" in out  # seat 0's own stance events are shown ...
    everyone = main(["replay", str(journal_file)])
    assert everyone == 0
    assert capsys.readouterr().out.count("you chose") > out.count("you chose")  # ... not others'


def test_replay_of_a_tampered_journal_fails_verification(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(journal_file.read_text())
    data["entries"][3]["hash"] = "0" * 32
    journal_file.write_text(json.dumps(data))
    assert main(["replay", str(journal_file), "--quiet"]) == VERIFY_FAILED
    assert "step 4" in capsys.readouterr().out


def test_render_at_a_step(journal_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "early.svg"
    assert main(["render", str(journal_file), "--at", "2", "--out", str(out)]) == 0
    assert "round 1" in out.read_text() and "after action 2" in out.read_text()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["replay", "no-such-file.json"], "no-such-file.json: file not found"),
        (["demo", "no-such-game"], "unknown ruleset 'no-such-game'"),
        (["demo", "test-duel", "--bot", "genius"], "has no bot 'genius'"),
        (["demo", "--seed", "many"], "Invalid value for '--seed'"),
        (["demo", "--seed", "-1"], "'--seed': Input should be greater than or equal to 0"),
        (["--frobnicate"], "No such option: --frobnicate"),
        (["play-chess"], "No such command"),
    ],
)
def test_user_mistakes_print_one_line_and_exit_2(
    duel_registered: None,
    argv: list[str],
    expected: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == USAGE_ERROR
    err = capsys.readouterr().err
    assert expected in err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "line 1, column 2"),
        ('{"ruleset": "test-duel"}', "version"),
        ("[1, 2]", "(top)"),
    ],
)
def test_malformed_journals_are_named_with_the_reason(
    duel_registered: None,
    tmp_path: Path,
    content: str,
    expected: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["replay", str(bad)]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert str(bad) in err and expected in err and err.count("\n") == 1


def test_render_refuses_a_step_outside_the_game(
    journal_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", str(journal_file), "--at", "99999", "--out", "x.svg"]) == USAGE_ERROR
    assert "--at 99999" in capsys.readouterr().err
    assert main(["render", str(journal_file), "--out", str(tmp_path / "x.gif")]) == USAGE_ERROR
    assert ".svg or .png" in capsys.readouterr().err


def test_replay_luck_reports_each_side(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["replay", str(journal_file), "--quiet", "--luck"]) == 0
    out = capsys.readouterr().out
    assert "game luck percentile" in out and "Rolls that swung the game most" in out
    assert "player 1 shot" in out or "player 2 shot" in out


def test_replay_a_game_stored_by_simulate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "runs.sqlite"
    assert main(["simulate", "full-thrust", "--games", "2", "--db", str(db), "--json"]) == 0
    capsys.readouterr()
    assert main(["replay", "--db", str(db), "--game", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "every hash matches" in out  # and which force sat in each seat (journey 5)
    assert re.search(r"Played by: player 1 admiral \((Concord strike group|Directorate"
                     r" carrier group)\), player 2 admiral \(", out)
    # and the winner by what it played, as in the rest of the line
    assert re.search(r"won by (nobody|player [12] \((Concord strike group|Directorate carrier"
                     r" group)\))\.", out)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["replay"], "needs a JOURNAL file, or --db FILE --game ID"),
        (["replay", "--game", "1"], "--db and --game go together"),
        (["replay", "x.json", "--db", "r.sqlite", "--game", "1"], "not both"),
        (["replay", "--db", "missing.sqlite", "--game", "1"], "missing.sqlite: file not found"),
    ],
)
def test_replay_source_mistakes(
    argv: list[str],
    expected: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == USAGE_ERROR
    assert expected in capsys.readouterr().err


def write_list(path: Path, points: int, duellists: int, ruleset: str = "test-duel") -> Path:
    path.write_text(
        f'name = "{path.stem}"\nruleset = "{ruleset}"\npoints = {points}\n'
        f'[[units]]\nunit = "duellist"\ncount = {duellists}\n',
        encoding="utf-8",
    )
    return path


def test_list_validate_reports_every_list_given(
    duel_registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fair = write_list(tmp_path / "fair.toml", points=30, duellists=3)
    greedy = write_list(tmp_path / "greedy.toml", points=30, duellists=4)
    assert main(["list", "validate", str(fair)]) == 0
    assert "fair (test-duel): 30 of 30 points, valid" in capsys.readouterr().out
    assert main(["list", "validate", str(fair), str(greedy)]) == 1
    out = capsys.readouterr().out
    assert "fair (test-duel): 30 of 30 points, valid" in out
    assert "greedy (test-duel): 40 of 30 points, 1 violation" in out
    assert "exceeds the cap of 30 by 10" in out


def test_list_validate_reports_every_list_beside_one_for_an_unknown_ruleset(
    duel_registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list for a ruleset that is not installed is one error line; it no longer hides
    the report of the list beside it."""
    fair = write_list(tmp_path / "fair.toml", points=30, duellists=3)
    alien = write_list(tmp_path / "alien.toml", points=30, duellists=1, ruleset="chess")
    assert main(["list", "validate", str(fair), str(alien)]) == USAGE_ERROR
    captured = capsys.readouterr()
    assert captured.out.startswith(f"{fair}: ")
    assert f"{alien}: ruleset: unknown ruleset 'chess'" in captured.err
    assert captured.err.count("\n") == 1


def test_list_validate_names_a_list_whose_ruleset_has_no_lists(
    duel_registered: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    class Listless(Duel):
        id = "listless"

        def army_rules(self, army: ArmyList, list_format: str | None = None) -> None:
            return None

    monkeypatch.setattr(registry, "_factories", {"listless": Listless})
    plain = write_list(tmp_path / "plain.toml", points=10, duellists=1, ruleset="listless")
    assert main(["list", "validate", str(plain)]) == USAGE_ERROR
    assert f"{plain}: ruleset: listless has no army lists yet" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["replay", "render"])
def test_a_journal_of_a_ruleset_not_installed_is_named(
    journal_file: Path,
    tmp_path: Path,
    command: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = json.loads(journal_file.read_text())
    data["ruleset"] = "chess"
    journal_file.write_text(json.dumps(data))
    argv = [command, str(journal_file)]
    if command == "render":
        argv += ["--out", str(tmp_path / "x.svg")]
    assert main(argv) == USAGE_ERROR
    err = capsys.readouterr().err
    assert f"{journal_file}: ruleset: unknown ruleset 'chess'" in err and err.count("\n") == 1


def test_demo_refuses_an_out_folder_that_is_a_file(
    duel_registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken"
    taken.write_text("", encoding="utf-8")
    assert main(["demo", "--out", str(taken)]) == USAGE_ERROR
    assert f"--out {taken}: not a folder" in capsys.readouterr().err


def test_list_validate_with_a_ruleset_and_a_format(capsys: pytest.CaptureFixture[str]) -> None:
    fleet = "src/warbench/rulesets/dystopian_wars/data/fleets/britannia-1000.toml"
    assert main(["list", "validate", "dystopian-wars", fleet, "--format", "open"]) == 0
    assert "valid" in capsys.readouterr().out
    assert main(["list", "validate", "dystopian-wars", fleet, "--format", "weird"]) == USAGE_ERROR
    assert "no list format 'weird'" in capsys.readouterr().err
    assert main(["list", "validate", "armada", fleet]) == USAGE_ERROR
    assert "a list for dystopian-wars, not armada" in capsys.readouterr().err


def test_a_journal_records_who_played_and_how_it_ended(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A published journal says which bots played and who won; a journal cut short of its
    recorded end fails verification, one without those fields (older ones) replays as before."""
    data = json.loads(journal_file.read_text())
    assert data["played_by"] == [data["played_by"][0]] * data["players"]
    assert set(data["outcome"]) == {"winners", "scores", "reason"}
    capsys.readouterr()
    assert main(["replay", str(journal_file), "--quiet"]) == 0
    out = capsys.readouterr().out
    # who played is the journal's word: no hash covers it, and the line says so
    assert (f"Played by (as the journal records it; the hashes check the moves, not who chose"
            f" them): player 1 {data['played_by'][0]}") in out and "won by" in out
    assert main(["replay", str(journal_file), "--quiet", "--strict"]) == 0
    capsys.readouterr()
    unhashed = dict(data, entries=[{k: v for k, v in entry.items() if k != "hash"}
                                   for entry in data["entries"]])
    journal_file.write_text(json.dumps(unhashed))
    assert main(["replay", str(journal_file), "--quiet"]) == 0  # what it could, it checked
    assert main(["replay", str(journal_file), "--quiet", "--strict"]) == VERIFY_FAILED
    assert "--strict: 1 recorded hash of" in capsys.readouterr().out
    cut = dict(data, entries=data["entries"][:-1])
    journal_file.write_text(json.dumps(cut))
    assert main(["replay", str(journal_file), "--quiet"]) == VERIFY_FAILED
    out = capsys.readouterr().out
    assert "the journal records the game won by" in out and "it still goes on" in out
    scores = [score + 1 for score in data["outcome"]["scores"]]
    journal_file.write_text(json.dumps(dict(data, outcome=dict(data["outcome"], scores=scores))))
    assert main(["replay", str(journal_file), "--quiet"]) == VERIFY_FAILED
    out = capsys.readouterr().out.replace("\n", " ")  # a tampered score is named as such
    assert f"with scores {', '.join(f'{s:g}' for s in scores)}" in out and "ends with" in out
    older = {key: value for key, value in cut.items() if key not in ("played_by", "outcome")}
    journal_file.write_text(json.dumps(older))
    assert main(["replay", str(journal_file), "--quiet"]) == 0
    assert "in progress" in capsys.readouterr().out


def test_a_journal_saved_from_a_run_names_its_bots(
    duel_registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """USERS journey 6: a journal published from a run shows that "my agent" played."""
    db, saved = tmp_path / "runs.sqlite", tmp_path / "game.journal"
    mine = tmp_path / "my_agents.py"
    mine.write_text("from warbench.core.agents import RandomAgent\n"
                    "def make_agent(seed):\n    return RandomAgent(seed)\n")
    assert main(["simulate", "test-duel", "--games", "1", "--db", str(db), "--journals",
                 "--bot", f"{mine}:make_agent", "--bot", "random", "--json"]) == 0
    assert main(["replay", "--db", str(db), "--game", "1", "--quiet", "--save",
                 str(saved)]) == 0
    journal = json.loads(saved.read_text())
    assert sorted(journal["played_by"]) == sorted([f"{mine}:make_agent", "random"])
    assert journal["outcome"]["winners"] is not None
    with sqlite3.connect(db) as results:  # a run stored before journals named their bots
        stored = json.loads(results.execute("SELECT journal FROM games").fetchone()[0])
        del stored["played_by"]
        results.execute("UPDATE games SET journal = ?", (json.dumps(stored),))
    results.close()
    assert main(["replay", "--db", str(db), "--game", "1", "--quiet", "--save",
                 str(saved)]) == 0
    assert json.loads(saved.read_text())["played_by"] == journal["played_by"]


def test_the_readme_shows_how_to_compare_two_runs_with_options_that_exist() -> None:
    """Journey 5: a designer comparing a variant with the shipped data found the
    significance test (`simulate --compare RUN`) only in `--help` and docs/simulate.md; the
    README now shows it, and every option its `warbench simulate` lines use exists."""
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    lines = [line for line in readme.splitlines() if line.startswith("warbench simulate ")]
    assert any("--compare" in line and "--data" in line for line in lines)
    command = typer.main.get_command(app)
    simulate = command.get_command(None, "simulate")  # type: ignore[attr-defined]
    known = {name for param in simulate.params for name in param.opts}
    for line in lines:
        used = set(re.findall(r"(--[a-z-]+)", line.split("#")[0]))
        assert used <= known, line


def test_python_dash_m_warbench_runs_the_command() -> None:
    """`python -m warbench` (a checkout without the installed script) is the `warbench`
    command: it lists the rulesets, names itself `warbench` in its help, and a bad flag is
    one `warbench: error:` line with status 2."""
    import subprocess
    import sys

    env = {"PYTHONPATH": str(Path(__file__).parents[1] / "src"), "PATH": "/usr/bin:/bin"}
    listed = subprocess.run([sys.executable, "-m", "warbench", "rulesets"], env=env,
                            capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0 and "full-thrust" in listed.stdout
    helped = subprocess.run([sys.executable, "-m", "warbench", "replay", "--help"], env=env,
                            capture_output=True, text=True, timeout=120)
    assert "Usage: warbench replay" in helped.stdout
    wrong = subprocess.run([sys.executable, "-m", "warbench", "rulesets", "--bogus"], env=env,
                           capture_output=True, text=True, timeout=120)
    assert wrong.returncode == USAGE_ERROR
    assert wrong.stderr.strip() == "warbench: error: No such option: --bogus"
