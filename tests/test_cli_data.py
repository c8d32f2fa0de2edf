"""`--data DIR`: a player's own data folder, on every command that plays or validates."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from warbench.cli import USAGE_ERROR, main
from warbench.rulesets.dystopian_wars.data import DATA_DIR as DW_DATA
from warbench.rulesets.full_thrust.library import DATA_DIR as FT_DATA


@pytest.fixture
def short_battles(tmp_path: Path) -> Path:
    """A player's Full Thrust folder whose battles last two turns instead of the shipped 12."""
    folder = tmp_path / "my-data"
    folder.mkdir()
    rules = (FT_DATA / "rules.toml").read_text()
    assert "turns = 12" in rules
    (folder / "rules.toml").write_text(rules.replace("turns = 12", "turns = 2"))
    return folder


def test_a_demo_plays_with_the_players_data_and_its_journal_needs_it(
    short_battles: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    args = ["demo", "full-thrust", "--seed", "2", "--quiet", "--out", str(out)]
    assert main([*args, "--data", str(short_battles)]) == 0
    journal_path = out / "full-thrust-seed2.json"
    journal = json.loads(journal_path.read_text())
    assert journal["setup"]["turns"] == 2 and journal["data"]
    capsys.readouterr()
    assert main(["replay", str(journal_path), "--quiet", "--data", str(short_battles)]) == 0
    assert main(["replay", str(journal_path), "--quiet"]) == USAGE_ERROR
    err = capsys.readouterr().err  # a refusal before any step, not a failed verification
    assert err.startswith("warbench: error: ") and "replay it with --data" in err


def test_a_data_folder_that_cannot_be_used_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["catalog", "full-thrust", "--data", str(tmp_path / "nowhere")]) == USAGE_ERROR
    assert "no such folder" in capsys.readouterr().err
    typo = tmp_path / "typo"
    typo.mkdir()
    shutil.copy(FT_DATA / "designs.toml", typo / "design.toml")
    assert main(["odds", "full-thrust", "--data", str(typo)]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert "design.toml" in err and "no data file" in err and "Traceback" not in err
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("my fleet ideas\n")
    assert main(["simulate", "full-thrust", "--games", "1", "--data", str(empty)]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert f"--data {empty}: holds no data file" in err and "designs.toml" in err
    assert "Traceback" not in err


def test_a_game_simulated_with_the_players_data_replays_from_the_store_with_it(
    short_battles: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game stored without its journal is played again with the run's --data folder, so
    the replay carries that folder's digest (before, it was played with the shipped data
    and the replay with --data was refused)."""
    db = str(tmp_path / "r.sqlite")
    args = ["simulate", "full-thrust", "--games", "1", "--db", db, "--json"]
    assert main([*args, "--data", str(short_battles)]) == 0
    capsys.readouterr()
    replay = ["replay", "--db", db, "--game", "1", "--quiet"]
    assert main([*replay, "--data", str(short_battles)]) == 0
    assert "every hash matches" in capsys.readouterr().out


@pytest.fixture
def dearer_cruisers(tmp_path: Path) -> Path:
    """A player's Dystopian Wars folder: the Britannian cruiser at 200 points instead of 60,
    and a heavy cruiser the shipped catalog lacks (the cruiser's record under a new id)."""
    shipped = (DW_DATA / "models.toml").read_text()
    start = shipped.index("[britannia-cruiser]\n")
    end = shipped.index("\n[britannia-", start + 1)
    while shipped.startswith("\n[[britannia-cruiser.", end):
        end = shipped.index("\n[britannia-", end + 1)
    record = shipped[start:end]
    assert "\npoints = 60\n" in record
    folder = tmp_path / "dw-data"
    folder.mkdir()
    (folder / "models.toml").write_text(
        record.replace("\npoints = 60\n", "\npoints = 200\n") + "\n"
        + record.replace("britannia-cruiser", "britannia-heavy-cruiser") + "\n"
    )
    return folder


def test_dystopian_wars_lists_are_priced_and_checked_with_the_players_data(
    dearer_cruisers: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DW-FLEET-PRICE: `list validate --data` prices a Dystopian Wars list with the
    player's models (before, the shipped points: 985 of 1000, valid), and knows a model
    class the player added; simulate's report prices the list the same way."""
    fleet = DW_DATA / "fleets" / "britannia-1000.toml"
    args = ["list", "validate", "dystopian-wars", str(fleet), "--data", str(dearer_cruisers)]
    assert main(args) == 1
    out = capsys.readouterr().out
    assert "1405 of 1000 points" in out and "points_cap" in out
    heavy = tmp_path / "heavy.toml"
    heavy.write_text(fleet.read_text().replace('"britannia-cruiser"', '"britannia-heavy-cruiser"'))
    args = ["list", "validate", "dystopian-wars", str(heavy), "--data", str(dearer_cruisers)]
    assert main(args) == 0
    assert "985 of 1000 points, valid" in capsys.readouterr().out
    assert main(["list", "validate", "dystopian-wars", str(heavy)]) == 1
    assert 'unknown unit "britannia-heavy-cruiser"' in capsys.readouterr().out
    larger = tmp_path / "larger.toml"
    larger.write_text(fleet.read_text().replace("points = 1000", "points = 1500"))
    report = tmp_path / "r.html"
    args = ["simulate", "dystopian-wars", "--army", str(heavy), "--army", str(larger),
            "--games", "1", "--report", str(report)]
    assert main([*args, "--data", str(dearer_cruisers)]) == 0
    page = report.read_text()
    # a type's cell may carry a note under its name ("never lost" in this one game)
    for unit, spent in (("britannia-cruiser", 600), ("britannia-heavy-cruiser", 180)):
        row = rf"<td>{unit}(<br><small>[^<]*</small>)?</td><td>3</td><td>{spent}</td>"
        assert re.search(row, page), unit


def test_a_run_with_the_players_data_says_so_and_its_replays_need_it(
    short_battles: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report's settings name --data and its digest, its replay commands and the
    "Stored as run" hint carry --data, and a stored game replayed with other data is
    refused before replaying, naming the digest, as a journal is; a run compared with it
    names that run and its data folder as given, as this run's settings do (journey 5: a
    designer comparing two variants reads which folder each run played, not a digest
    alone)."""
    db, page = tmp_path / "r.sqlite", tmp_path / "r.html"
    args = ["simulate", "full-thrust", "--games", "2", "--db", str(db)]
    assert main([*args, "--data", str(short_battles), "--report", str(page)]) == 0
    out = capsys.readouterr().out
    assert f"(warbench replay --db {db} --game ID --data {short_battles})" in out
    html = page.read_text()
    digest = html.split(f"--data {short_battles} (digest ")[1].split(")")[0]
    assert len(digest) == 32
    assert f"--data {short_battles}</td>" in html  # the notable games' replay commands
    assert main(["replay", "--db", str(db), "--game", "1", "--quiet"]) == USAGE_ERROR
    captured = capsys.readouterr()
    assert (f"game 1 (run 1) was played with a player's data folder, {short_battles} (digest"
            f" {digest}); replay it with --data {short_battles}") in " ".join(captured.err.split())
    assert "Replayed" not in captured.out and "verification failed" not in captured.out
    assert main([*args, "--compare", "1", "--report", str(page)]) == 0
    html = page.read_text()
    assert "<h2>Against run 1</h2>" in html
    assert f"data: --data {short_battles} (digest {digest})" in html
    # journey 5: the comparison in words, which way and how sure, on the terminal and page
    verdicts = [line for line in capsys.readouterr().out.splitlines() if " than in run 1 (" in
                line or " as often as in run 1 (" in line]
    assert len(verdicts) == 2 and all("p = " in line and "significant" in line
                                      for line in verdicts)
    assert all(f"<p>{line}</p>" in html for line in verdicts)
    assert main([*args, "--compare", "1", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert plain["data"] == "the shipped data" and plain["compared_run"]["id"] == 1
    assert plain["compared_run"]["data"] == f"--data {short_battles} (digest {digest})"
    assert len(plain["compared_run"]["verdicts"]) == 2
    assert "<td>data</td><td>the shipped data</td>" in html


def test_a_data_file_given_for_the_folder_says_to_give_its_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "my-data"
    folder.mkdir()
    shutil.copy(FT_DATA / "designs.toml", folder / "designs.toml")
    args = ["catalog", "full-thrust", "--data", str(folder / "designs.toml")]
    assert main(args) == USAGE_ERROR
    err = capsys.readouterr().err
    assert err == (f"warbench: error: --data {folder / 'designs.toml'}: is a file; --data takes"
                   f" the folder that holds your data files (--data {folder})\n")
