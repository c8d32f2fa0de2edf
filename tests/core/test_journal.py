"""Journals: saving and loading with precise errors, and replaying them bit for bit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.duel import Duel
from warbench.core import registry
from warbench.core.agents import RandomAgent
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.core.journal import Journal, JournalFileError
from warbench.core.match import play_match
from warbench.core.replay import ReplayMismatch, replay, replay_steps


def played(players: int = 2, seed: int = 3) -> tuple[Journal, str]:
    """A finished game's journal and final hash."""
    result = play_match(Duel(), [RandomAgent(seat) for seat in range(players)], seed=seed)
    return result.journal, result.final_hash


def reloaded(journal: Journal) -> Journal:
    """An independent copy of ``journal`` through its JSON text (safe to tamper with)."""
    return Journal.loads(journal.dumps())


class OtherGame(Duel):
    id = "test-other"


class DuelTwo(Duel):
    version = "2"


# ----------------------------------------------------------------- save and load


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    journal, final = played(3)
    path = tmp_path / "game.json"
    journal.save(path)
    loaded = Journal.load(path)
    assert loaded == journal
    assert loaded.to_plain() == journal.to_plain()
    assert replay(loaded, rules=Duel()).hash() == final
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no partial file left


def test_saved_file_is_plain_json_with_the_game_recipe(tmp_path: Path) -> None:
    journal, _ = played()
    journal.save(tmp_path / "game.json")
    data = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert {key: data[key] for key in ("format", "ruleset", "version", "seed", "players")} == {
        "format": 2,
        "ruleset": "test-duel",
        "version": "1",
        "seed": 3,
        "players": 2,
    }
    assert data["setup"] == Duel().default_setup()
    assert "faces" not in data["entries"][0]  # not a referee game
    assert set(data["entries"][0]) == {"player", "action", "hash"}


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    with pytest.raises(JournalFileError, match=r"nowhere\.json: file not found"):
        Journal.load(path)


def test_a_directory_is_not_a_journal(tmp_path: Path) -> None:
    with pytest.raises(JournalFileError, match="cannot read"):
        Journal.load(tmp_path)


def test_a_file_that_is_not_utf8_is_named_with_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"ruleset": "caf\xe9"}')
    with pytest.raises(JournalFileError, match=r"latin1\.json: byte 16: not UTF-8 text"):
        Journal.load(path)


def test_malformed_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n "ruleset": "test-duel",\n "seed": ,\n}', encoding="utf-8")
    with pytest.raises(JournalFileError, match=r"broken\.json: not a journal \(journals are "
                       r"JSON\): line 3, column 10: Expecting value"):
        Journal.load(path)


def test_a_file_of_another_kind_is_said_not_to_be_a_journal(tmp_path: Path) -> None:
    """A person replaying the wrong file (a list, a picture's text) is told it is no journal."""
    path = tmp_path / "my-list.toml"
    path.write_text('name = "Vanguard"\n', encoding="utf-8")
    with pytest.raises(JournalFileError, match=r"my-list\.toml: not a journal"):
        Journal.load(path)


def plain_with(**changes: Any) -> dict[str, Any]:
    plain = played()[0].to_plain()
    plain.update(changes)
    return plain


@pytest.mark.parametrize(
    ("data", "fault"),
    [
        (plain_with(entries=[{"player": "zero", "action": {}}]), "journal: entries[0].player: "),
        (plain_with(entries=[{"action": {}}]), "journal: entries[0].player: missing required"),
        (plain_with(seed=[1]), "journal: seed: "),
        ({"ruleset": "test-duel"}, "journal: version: missing required key"),
        ([1, 2], "journal: (top): "),
    ],
)
def test_wrong_shape_names_the_key(data: Any, fault: str) -> None:
    with pytest.raises(JournalFileError) as error:
        Journal.from_plain(data)
    assert fault in str(error.value)


def test_extra_keys_are_refused_by_name() -> None:
    with pytest.raises(JournalFileError, match="journal: comment: unknown key"):
        Journal.from_plain(plain_with(comment="hi"))
    entries = [{"player": 0, "action": {"type": "pass"}, "note": "x"}]
    with pytest.raises(JournalFileError, match=r"journal: entries\[0\]\.note: unknown key"):
        Journal.from_plain(plain_with(entries=entries))


def test_loads_names_its_source() -> None:
    with pytest.raises(
        JournalFileError, match=r"^upload: not a journal \(journals are JSON\): line 1, column 1"
    ):
        Journal.loads("", source="upload")


def test_a_journal_of_another_format_is_refused() -> None:
    with pytest.raises(
        JournalFileError, match="journal: format: this Warbench reads journal format 2, not 99"
    ):
        Journal.from_plain(plain_with(format=99))


def test_a_format_1_journal_is_refused_for_its_old_hashes_not_as_a_mismatch() -> None:
    """A journal written before state hashes changed kind (format 1) is refused on loading,
    saying why, instead of failing its first hash check on replay."""
    with pytest.raises(JournalFileError) as refused:
        Journal.from_plain(plain_with(format=1))
    assert str(refused.value) == (
        "journal: format: this Warbench reads journal format 2, not 1 (format 1 journals"
        " record state hashes of an older kind, which this Warbench no longer computes:"
        " replay it with the Warbench that wrote it)"
    )


# ----------------------------------------------------------------- replay


def test_replay_reproduces_the_final_hash() -> None:
    for players in (2, 3, 4):
        journal, final = played(players, seed=players)
        assert replay(journal, rules=Duel()).hash() == final


def test_replay_steps_yields_the_opening_and_every_action() -> None:
    journal, final = played()
    steps = [(number, game.hash()) for number, game in replay_steps(journal, rules=Duel())]
    assert [number for number, _ in steps] == list(range(len(journal.entries) + 1))
    assert [digest for _, digest in steps] == [journal.opening_hash] + [
        entry.hash for entry in journal.entries
    ]
    assert steps[-1][1] == final


def test_replay_finds_the_ruleset_in_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_factories", {"test-duel": Duel})
    monkeypatch.setattr(registry, "_instances", {})
    journal, final = played()
    assert replay(journal).hash() == final


def test_a_tampered_hash_names_the_step() -> None:
    journal = reloaded(played()[0])
    journal.entries[4].hash = "0" * 32
    action = journal.entries[4].action["type"]
    player = journal.entries[4].player
    with pytest.raises(
        ReplayMismatch,
        match=rf"^step 5 \({action} by player {player + 1}\) reached a different state",
    ):
        replay(journal, rules=Duel())
    assert replay(journal, rules=Duel(), verify=False).hash() == played()[1]


def test_a_tampered_opening_hash_is_caught() -> None:
    journal = reloaded(played()[0])
    journal.opening_hash = "f" * 32
    with pytest.raises(ReplayMismatch, match="the opening state differs"):
        replay(journal, rules=Duel())


def test_a_tampered_but_legal_action_is_caught_at_its_step() -> None:
    journal = reloaded(played()[0])
    first = journal.entries[0]
    assert first.action["type"] == "stance"
    flipped = "guarded" if first.action["stance"] == "aggressive" else "aggressive"
    first.action = {"type": "stance", "stance": flipped}
    with pytest.raises(ReplayMismatch, match=r"^step 1 \(stance by player [12]\) reached"):
        replay(journal, rules=Duel())


@pytest.mark.parametrize(
    ("action", "error", "fault"),
    [
        ({"type": "stance", "stance": "reckless"}, ReplayMismatch, "is not a legal answer"),
        ({"type": "stanse", "stance": "guarded"}, JournalFileError, "did you mean 'stance'"),
    ],
)
def test_an_action_that_cannot_be_replayed_names_the_step(
    action: dict[str, Any], error: type[Exception], fault: str
) -> None:
    """A refused action is a mismatch; one no codec reads is a malformed journal (item 11)."""
    journal = reloaded(played()[0])
    journal.entries[1].action = action
    with pytest.raises(error, match=rf"^step 2: the journal's action cannot.*{fault}"):
        replay(journal, rules=Duel())


def test_a_journal_for_another_ruleset_is_refused() -> None:
    journal = played()[0]
    with pytest.raises(ReplayMismatch, match="the journal is a test-duel game, not test-other"):
        replay(journal, rules=OtherGame())


def test_a_mismatch_under_another_version_says_so() -> None:
    journal = reloaded(played()[0])
    journal.entries[0].hash = "0" * 32
    message = r"journal written by test-duel 1, replayed with 2: the rules changed"
    with pytest.raises(ReplayMismatch, match=message):
        replay(journal, rules=DuelTwo())


def referee_journal() -> tuple[Journal, str]:
    game = Game.new(Duel(), seed=4, dice=ScriptedDice([6, 2, 3, 5, 4, 4, 1, 2] * 40))
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(12):
        decision = game.pending()[0]
        action = agents[decision.player].choose(game.observe(decision.player), decision)
        if game.check(decision.player, action) is None and action.TAG != "gamble":
            game.apply(decision.player, action)
    return game.journal, game.hash()


def test_a_referee_journal_replays_from_its_faces() -> None:
    journal, final = referee_journal()
    assert journal.referee and any(entry.faces for entry in journal.entries)
    assert replay(reloaded(journal), rules=Duel()).hash() == final


def test_a_tampered_referee_face_is_caught() -> None:
    journal = reloaded(referee_journal()[0])
    step, entry = next((n, e) for n, e in enumerate(journal.entries, 1) if e.faces)
    assert entry.faces == [6, 2]  # the initiative roll: player 0 goes first
    entry.faces = [2, 6]
    with pytest.raises(ReplayMismatch, match=rf"^step {step} "):
        replay(journal, rules=Duel())


def test_a_referee_face_off_the_die_is_a_replay_mismatch() -> None:
    journal = reloaded(referee_journal()[0])
    step, entry = next((n, e) for n, e in enumerate(journal.entries, 1) if e.faces)
    assert entry.faces is not None
    entry.faces[0] = 9
    with pytest.raises(ReplayMismatch, match=rf"^step {step}: .*9 is not on a d6"):
        replay(journal, rules=Duel())


def test_missing_referee_faces_are_a_replay_mismatch() -> None:
    journal = reloaded(referee_journal()[0])
    for entry in journal.entries:
        if entry.faces:
            entry.faces = []
    with pytest.raises(ReplayMismatch, match=r"^step \d+: .*left in the script"):
        replay(journal, rules=Duel())


def test_surplus_referee_faces_are_a_replay_mismatch() -> None:
    journal = reloaded(referee_journal()[0])
    journal.entries[-1].faces = [*(journal.entries[-1].faces or []), 3]
    with pytest.raises(ReplayMismatch, match=rf"^step {len(journal.entries)}"):
        replay(journal, rules=Duel())
