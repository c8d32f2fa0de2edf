"""A player's own data folder replaces shipped files, and journals record which was used."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tests.duel import Duel, DuelState
from warbench.core.datafolder import DataFolder, DataFolderError
from warbench.core.engine import Game
from warbench.core.replay import ReplayMismatch, replay
from warbench.core.rng import RandomStream


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    folder = tmp_path / "shipped"
    folder.mkdir()
    (folder / "duel.toml").write_text("hp = 8\n")
    return folder


def data_duel(shipped: Path) -> type[Duel]:
    class DataDuel(Duel):
        """Duel whose hit points come from a data file."""

        shipped_data: ClassVar[Path | None] = shipped

        def load_data(self, folder: DataFolder) -> Any:
            return tomllib.loads(folder.path("duel.toml").read_text())

        def new_state(
            self, setup: Mapping[str, Any], players: int, rng: RandomStream
        ) -> DuelState:
            return super().new_state({**setup, "hp": self.data["hp"]}, players, rng)

    return DataDuel


def test_a_players_file_replaces_the_shipped_one(shipped: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "duel.toml").write_text("hp = 3\n")
    rules = data_duel(shipped)(mine)
    game = Game.new(rules)
    assert game.state.hp == [3, 3]
    assert game.journal.data == rules.data_digest is not None
    assert Game.new(data_duel(shipped)()).state.hp == [8, 8]


def test_a_journal_refuses_to_replay_with_other_data(shipped: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "duel.toml").write_text("hp = 3\n")
    played = Game.new(data_duel(shipped)(mine), seed=4)
    assert replay(played.journal, rules=data_duel(shipped)(mine)).hash() == played.hash()
    with pytest.raises(ReplayMismatch, match="replay it with --data"):
        replay(played.journal, rules=data_duel(shipped)())
    (mine / "duel.toml").write_text("hp = 4\n")
    with pytest.raises(ReplayMismatch, match="played with other data"):
        replay(played.journal, rules=data_duel(shipped)(mine))


def test_a_file_the_ruleset_does_not_ship_is_an_error_naming_it(
    shipped: Path, tmp_path: Path
) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "duels.toml").write_text("hp = 3\n")
    with pytest.raises(DataFolderError, match=r"duels.toml.*no data file.*duel.toml"):
        data_duel(shipped)(mine)
    with pytest.raises(DataFolderError, match="no such folder"):
        data_duel(shipped)(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataFolderError, match=r"empty: holds no data file.*duel.toml"):
        data_duel(shipped)(tmp_path / "empty")


def test_a_shipped_file_the_ruleset_never_reads_is_refused_not_ignored(
    shipped: Path, tmp_path: Path
) -> None:
    """A player's copy (or changes file) of a shipped example list that the ruleset takes
    from the package, not from the data folder, would change nothing, and so would a
    changes file of a file the ruleset reads whole (``folder.path``, not ``load_toml``):
    loading the data refuses either, naming the file and what to do."""
    (shipped / "lists").mkdir()
    (shipped / "lists" / "raiders.toml").write_text('name = "Raiders"\n')
    mine = tmp_path / "mine"
    (mine / "lists").mkdir(parents=True)
    (mine / "lists" / "raiders.changes.toml").write_text('name = "Reavers"\n')
    rules = data_duel(shipped)(mine)
    with pytest.raises(DataFolderError) as caught:
        _ = rules.data
    assert str(caught.value) == (
        f"{mine / 'lists' / 'raiders.changes.toml'}: this ruleset does not read"
        " 'lists/raiders.toml' from a data folder, so it would be ignored (it reads duel.toml);"
        " name a list of your own on the command line instead")
    (mine / "lists" / "raiders.changes.toml").unlink()
    (mine / "duel.changes.toml").write_text("hp = 3\n")
    with pytest.raises(DataFolderError) as caught:
        _ = data_duel(shipped)(mine).data
    assert str(caught.value) == (
        f"{mine / 'duel.changes.toml'}: this ruleset reads duel.toml whole, so its changes would"
        f" be ignored; copy duel.toml into {mine} and change it there")
    (mine / "duel.changes.toml").rename(mine / "duel.toml")
    assert data_duel(shipped)(mine).data == {"hp": 3}
