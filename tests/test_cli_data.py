"""`--data DIR`: a player's own data folder, on every command that plays or validates."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from warbench.cli import USAGE_ERROR, VERIFY_FAILED, main
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
    assert main(["replay", str(journal_path), "--quiet"]) == VERIFY_FAILED
    assert "replay it with --data" in capsys.readouterr().out


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
