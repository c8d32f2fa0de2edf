"""The SQLite results store, and replaying a stored game from it."""

from __future__ import annotations

import html
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.core.test_sim_plan import ListDuel, sides
from warbench.core import registry
from warbench.core.replay import replay
from warbench.core.sim.plan import GamePlan, prepare
from warbench.core.sim.report import write_report
from warbench.core.sim.runner import simulate
from warbench.core.sim.store import ResultStore, StoreError, load_journal
from warbench.core.sim.summary import summarize


@pytest.fixture
def list_duel_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_factories", {ListDuel.id: ListDuel})
    monkeypatch.setattr(registry, "_instances", {})
    monkeypatch.setattr(registry, "_load_entry_points", lambda: None)
    yield


def plan_for(*, journals: bool) -> GamePlan:
    return prepare(ListDuel(), sides("veteran", "recruit"), seed=8, keep_journals=journals)


def test_records_come_back_as_they_were_played(tmp_path: Path) -> None:
    plan = plan_for(journals=False)
    with ResultStore(tmp_path / "r.sqlite") as store:
        result = simulate(plan, 6, store=store)
        info = store.run(result.run_id or 0)
    assert result.records == simulate(plan, 6).records
    assert info.ruleset == ListDuel.id and info.seed == 8 and info.games == 6
    assert [side.label for side in info.sides] == ["veteran", "recruit"]
    assert info.sides[0].army == plan.sides[0].army
    assert info.setups == plan.setups and info.bots == ("calm", "calm")


def test_games_rows_hold_seed_army_hashes_result_and_summary(tmp_path: Path) -> None:
    plan = plan_for(journals=False)
    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:
        result = simulate(plan, 2, store=store)
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT idx, seed, army_hashes, result, scores, length, summary, journal"
            " FROM games ORDER BY idx"
        ).fetchall()
    veteran, recruit = (side.hash for side in plan.sides)
    assert [json.loads(row[2]) for row in rows] == [[veteran, recruit], [recruit, veteran]]
    for row, record in zip(rows, result.records, strict=True):
        assert int(row[1]) == record.seed and row[5] == record.length
        assert row[3] == ("draw" if len(record.winners) != 1 else f"win:{record.winners[0]}")
        assert json.loads(row[4]) == list(record.scores)
        assert json.loads(row[6])["final_hash"] == record.final_hash
        assert row[7] is None  # journals are kept only when asked


@pytest.mark.parametrize("journals", [True, False])
def test_a_stored_game_replays_to_its_recorded_end(
    tmp_path: Path, list_duel_registered: None, journals: bool
) -> None:
    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:
        result = simulate(plan_for(journals=journals), 3, store=store)
    for game_id, record in zip(result.game_ids, result.records, strict=True):
        journal = load_journal(db, game_id)
        assert journal.seed == record.seed and journal.entries
        assert all(entry.hash for entry in journal.entries)
        assert replay(journal).hash() == record.final_hash


def test_a_game_without_journal_needs_the_same_ruleset_version(
    tmp_path: Path, list_duel_registered: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:
        result = simulate(plan_for(journals=False), 1, store=store)
    monkeypatch.setattr(ListDuel, "version", "2")
    with pytest.raises(StoreError, match="stored without its journal by test-list-duel 1; 2 is"):
        load_journal(db, result.game_ids[0])


def test_a_game_stored_with_an_old_kind_of_hash_is_refused_not_called_changed(
    tmp_path: Path, list_duel_registered: None
) -> None:
    """A game stored without its journal by a Warbench of hash format 1 (its summary names
    no format) cannot be checked by playing it again: the refusal says so."""
    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:
        result = simulate(plan_for(journals=False), 1, store=store)
    with sqlite3.connect(db) as connection:
        (summary,) = connection.execute("SELECT summary FROM games").fetchone()
        old = json.loads(summary)
        assert old.pop("hash_format") == 2
        connection.execute("UPDATE games SET summary = ?", (json.dumps(old),))
    with pytest.raises(StoreError, match="state hash of format 1; this Warbench computes format 2"):
        load_journal(db, result.game_ids[0])


def test_missing_games_and_files_are_reported(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:
        simulate(plan_for(journals=False), 1, store=store)
        with pytest.raises(StoreError, match="holds no run 7"):
            store.run(7)
    with pytest.raises(StoreError, match="holds no game 99"):
        load_journal(db, 99)
    with pytest.raises(StoreError, match="file not found"):
        load_journal(tmp_path / "nothing.sqlite", 1)
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database at all, but long enough to have a header " * 4)
    with pytest.raises(StoreError, match="not a warbench results file"):
        ResultStore(text)


def test_a_results_file_from_before_the_data_column_is_read_and_extended(
    tmp_path: Path, list_duel_registered: None
) -> None:
    """Files written before runs recorded their data still read (the data is "not
    recorded", so a replay is checked by its end state alone) and gain the column when
    opened for writing; runs stored since record the shipped data."""
    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:
        old = simulate(plan_for(journals=False), 1, store=store)
    with sqlite3.connect(db) as connection:
        connection.execute("ALTER TABLE runs DROP COLUMN data")
    with ResultStore(db, readonly=True) as store:
        assert not store.run(old.run_id or 0).data_recorded
    assert load_journal(db, old.game_ids[0]).entries
    with ResultStore(db) as store:
        new = simulate(plan_for(journals=False), 2, store=store)
        assert store.run(old.run_id or 0).data_words() == "not recorded"
        assert store.run(new.run_id or 0).data_words() == "the shipped data"


def test_a_results_file_from_before_points_destroyed_still_loads_and_reports(
    tmp_path: Path,
) -> None:
    """Unit tallies stored before they counted points (six figures a row) still load: the
    run resumes and its report shows its units, with "-" for points destroyed and a note
    saying they were not recorded, rather than zeros or an error."""
    db = tmp_path / "r.sqlite"
    plan = plan_for(journals=False)
    with ResultStore(db) as store:
        simulate(plan, 2, store=store)
    with sqlite3.connect(db) as connection:
        for game_id, summary in connection.execute("SELECT id, summary FROM games").fetchall():
            old = json.loads(summary)
            old["units"] = [row[:6] for row in old["units"]]  # as an older Warbench wrote
            connection.execute("UPDATE games SET summary = ? WHERE id = ?",
                               (json.dumps(old), game_id))
    with ResultStore(db) as store:
        result = simulate(plan, 3, store=store, resume=True)  # one game more, counted
    assert [tally.points_destroyed for tally in result.records[0].units] == [None, None]
    assert result.records[2].units[0].points_destroyed is not None
    summary = summarize(plan.sides, result.records)
    veteran = summary.units[0]
    assert veteran.damage_taken == pytest.approx(
        sum(r.units[0].damage_taken for r in result.records) / 3)
    assert veteran.points_destroyed is None
    assert veteran.to_plain()["points_destroyed_per_game"] is None
    page = html.unescape(write_report(tmp_path / "r.html", result, summary).read_text())
    assert "Points destroyed: not recorded (-): these games were stored before" in page
    units = page[page.index("<h2>Units</h2>"):]
    row = units[units.index("<td>veteran"):]
    assert row[: row.index("</tr>")].endswith("<td>-</td><td>-</td>")
