"""A player's data folder replaces Armada's tables in a game, the journal records it, and
journals of the first kernel still replay hash for hash."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.core.engine import Game
from warbench.core.journal import Journal
from warbench.core.replay import ReplayMismatch, replay
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.data import DATA_DIR
from warbench.rulesets.armada.events import Experience

FIXTURES = Path(__file__).parent / "data"


def _folder_with_round_limit(tmp_path: Path, rounds: int) -> Path:
    mine = tmp_path / "mine"
    mine.mkdir()
    text = (DATA_DIR / "rounds.toml").read_text()
    assert "rounds = 10\n" in text
    (mine / "rounds.toml").write_text(text.replace("rounds = 10\n", f"rounds = {rounds}\n", 1))
    return mine


def test_arm_data_a_data_folder_replaces_the_round_limit_in_a_game(tmp_path: Path) -> None:
    """ARM-DATA, ARM-END-LIMIT: the round limit comes from the game's own data: a player's
    ``rounds.toml`` with 2 rounds ends the battle after round 2, and the journal records
    the folder's digest, so a replay with the shipped data is refused."""
    rules = ArmadaRuleset(data_dir=_folder_with_round_limit(tmp_path, 2))
    shipped = ArmadaRuleset()
    game = Game.new(rules, rules.default_setup(), seed=3)
    assert game.data.tables.rounds.round_limit.rounds == 2
    assert shipped.data.tables.rounds.round_limit.rounds == 10
    assert game.state.max_rounds == 2
    assert Game.new(shipped, shipped.default_setup(), seed=3).state.max_rounds == 10
    assert game.journal.data == rules.data_digest is not None
    with pytest.raises(ReplayMismatch, match="data"):
        replay(game.journal, rules=shipped)
    assert replay(game.journal, rules=rules).state.max_rounds == 2


def test_arm_data_a_data_folder_replaces_the_ready_made_armadas(tmp_path: Path) -> None:
    """ARM-DATA: the armadas a set-up names by id are read from the game's data: a
    player's ``armadas.toml`` renames one, and a game set up from it shows the new name."""
    mine = tmp_path / "mine"
    mine.mkdir()
    text = (DATA_DIR / "armadas.toml").read_text()
    (mine / "armadas.toml").write_text(text.replace('"Vanguard Picket"', '"My Picket"', 1))
    rules = ArmadaRuleset(data_dir=mine)
    game = Game.new(rules, {"armadas": ["vanguard-3", "raiders-3"]}, seed=1)
    assert game.state.sides[0].name == "My Picket"


def test_arm_xp_a_journal_of_the_first_kernel_replays_hash_for_hash() -> None:
    """ARM-XP: a tactician-against-random battle recorded before kernel 2 (three rounds,
    string events, private roll-off) replays with every state hash matching, to the same
    outcome and experience award."""
    journal = Journal.load(FIXTURES / "kernel1-tactician-vs-random.json")
    game = replay(journal)
    assert game.state.outcome is not None and game.state.outcome.winners == (0,)
    [award] = [event for event in game.events if isinstance(event, Experience)]
    assert (award.side, award.xp, award.xp_each) == (0, 1600, 533)
