"""A player's data folder replaces Armada's tables in a game, the journal records it, and
a journal of an older ruleset version is refused naming both versions."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.core.catalog import DataFileError
from warbench.core.engine import Game
from warbench.core.journal import Journal
from warbench.core.replay import ReplayMismatch, replay
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.data import ABILITY_NAMES, DATA_DIR, ORDER_NAMES
from warbench.rulesets.armada.orders import EFFECTS

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


def test_arm_data_orders_and_abilities_are_only_those_the_engine_plays(tmp_path: Path) -> None:
    """ARM-DATA, ARM-OFF-ACTION, ARM-ABILITY-COST: what an order or a special ability does is
    code; a player's ``orders.toml`` may retune the orders the engine carries out and
    ``abilities.toml`` the abilities it plays, but a new one (which used to crash the first
    game that gave the order, and to cost build points for nothing as an ability) is
    refused at load, naming the file, the entry and the names the engine knows."""
    assert set(ORDER_NAMES) == set(EFFECTS)
    assert set(ORDER_NAMES) == set(ArmadaRuleset().data.tables.orders)
    assert set(ABILITY_NAMES) == set(ArmadaRuleset().data.tables.abilities)
    mine = tmp_path / "mine"
    mine.mkdir()
    orders = (DATA_DIR / "orders.toml").read_text()
    extra = '\n[rally-cry]\nrole = "admiral"\nphase = "engineering"\ncheck = "none"\n' \
        'target = "ally"\n'
    (mine / "orders.toml").write_text(orders + extra)
    with pytest.raises(DataFileError, match=r"orders.toml: rally-cry: the engine carries out no "
                       r"order 'rally-cry' \(it knows rally, encourage"):
        _ = ArmadaRuleset(data_dir=mine).data
    (mine / "orders.toml").unlink()
    abilities = (DATA_DIR / "abilities.toml").read_text()
    (mine / "abilities.toml").write_text(
        abilities + '\n[stealth]\nname = "Stealth"\ncost = 2\nclasses = ["any"]\n')
    with pytest.raises(DataFileError, match=r"abilities.toml: stealth: the engine plays no "
                       r"ability 'stealth'"):
        _ = ArmadaRuleset(data_dir=mine).data


def test_arm_data_a_journal_of_an_older_version_is_refused_naming_both_versions() -> None:
    """ARM-DATA: a tactician-against-random battle recorded by ruleset version 0.1 (the first
    kernel) no longer replays since the rule fixes of 0.2 (stunt failures, EMP, morale
    and state fields), 0.3 (the audit's), 0.4 (resolve before the checks rolled between
    decisions, ARM-OFF-RESOLVE), 0.5 (resolve on an array's checks and on a shot at a
    mine) and 0.6 (an officer's ranks skill by skill, a duel's communications repairable,
    self-destruct with no fleet adjacent), 0.7 (criticals of hits landing together, a jam's
    random officer), 0.8 (a seat knows of an enemy fleet what its scans taught) and 0.9 (what
    each fleet showed at the table is public and shapes the prior): the
    replay stops at once with a clear mismatch naming the version that wrote the journal and
    the version replaying it."""
    journal = Journal.load(FIXTURES / "kernel1-tactician-vs-random.json")
    assert journal.version == "0.1" and ArmadaRuleset().version == "0.14"
    with pytest.raises(ReplayMismatch) as refused:
        replay(journal)
    assert str(refused.value) == (
        "journal written by armada 0.1, replayed with 0.14: the rules changed between these"
        " versions, so this journal replays only with version 0.1 (the opening state differs"
        " from the journal's)"
    )
