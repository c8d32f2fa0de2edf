"""The results store: runs and their games in one SQLite file.

Each finished game is written as soon as it comes back, inside a transaction, and a game is
keyed by its run and index, so a run killed at any moment can be resumed without losing or
repeating a game (:meth:`ResultStore.open_run` with ``resume=True``).

A game's journal is stored when the run keeps journals; otherwise :func:`load_journal`
plays the game again from its stored set-up, seed and bots, and checks that it ends in the
recorded state.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from warbench.core.botspec import UnknownBot
from warbench.core.journal import Journal
from warbench.core.limits import MAX_SQLITE_INT
from warbench.core.lists import ArmyList
from warbench.core.plain import HASH_FORMAT
from warbench.core.registry import ruleset as find_ruleset
from warbench.core.replay import DataMismatch, ReplayMismatch, data_mismatch
from warbench.core.sim.closing import Closing
from warbench.core.sim.plan import GamePlan, Side
from warbench.core.sim.play import GameRecord, play_to_end

#: Bumped when the tables change shape. A column added that older files lack (``runs.data``,
#: ``runs.data_dir``) is added to them when they are opened for writing, and read as unknown
#: until then.
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    version TEXT NOT NULL,
    seed TEXT NOT NULL,
    games INTEGER NOT NULL,
    scenario TEXT,
    sides TEXT NOT NULL,
    bots TEXT NOT NULL,
    setups TEXT NOT NULL,
    max_decisions INTEGER NOT NULL,
    created TEXT NOT NULL,
    data TEXT,
    data_dir TEXT
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    idx INTEGER NOT NULL,
    seed TEXT NOT NULL,
    army_hashes TEXT NOT NULL,
    result TEXT NOT NULL,
    scores TEXT NOT NULL,
    length INTEGER NOT NULL,
    summary TEXT NOT NULL,
    journal TEXT,
    UNIQUE (run_id, idx)
);
"""


class StoreError(ValueError):
    """A results file that is not one, or a run or game it does not hold."""


class StoredGameMismatch(ReplayMismatch):
    """A game stored without its journal that, played again, ends in another state."""


def _row_id(value: int, what: str) -> int:
    """``value`` if SQLite can hold it as a row id, else :class:`StoreError`."""
    if isinstance(value, bool) or not 1 <= value <= MAX_SQLITE_INT:
        raise StoreError(f"{what} {value}: ids run from 1 to {MAX_SQLITE_INT}")
    return value


@dataclass(frozen=True, slots=True)
class StoredRun:
    """A run in the store: its id, the number of games asked for, and those already stored."""

    id: int
    games: int
    done: frozenset[int]


@dataclass(frozen=True, slots=True)
class RunInfo:
    """What the store knows of a run: enough to rebuild its plan and label its sides."""

    id: int
    ruleset: str
    version: str
    seed: int
    games: int
    scenario: str | None
    sides: tuple[Side, ...]
    bots: tuple[str, ...]
    setups: tuple[dict[str, Any], ...]
    max_decisions: int
    #: The digest of the player's data folder the run was played with (``None``: the
    #: shipped data), and whether the store recorded it (runs stored before it did: no).
    data: str | None = None
    data_recorded: bool = False
    #: The data folder's path as the run was given it (``None``: unknown or shipped data).
    data_dir: str | None = None

    def data_words(self) -> str:
        """The run's data in words, for reports: ``--data FOLDER (digest ...)`` as the run
        was given it, as :func:`~warbench.core.sim.report.data_words` says of a run."""
        if not self.data_recorded:
            return "not recorded"
        if self.data is None:
            return "the shipped data"
        if self.data_dir is None:
            return f"a data folder, digest {self.data}"
        return f"--data {self.data_dir} (digest {self.data})"


#: Columns of ``runs`` added after files were written without them.
_ADDED_COLUMNS = ("data", "data_dir")


class ResultStore(Closing):
    """A results file, opened (and created if missing) at ``path``.

    ``readonly`` opens an existing file only to read it: nothing is written, not even the
    tables, so a read-only file can be replayed and an empty one is refused.
    """

    def __init__(self, path: str | Path, *, readonly: bool = False) -> None:
        self.path = Path(path)
        try:
            if readonly:
                uri = f"{self.path.resolve().as_uri()}?mode=ro"
                self._db = sqlite3.connect(uri, uri=True)
            else:
                self._db = sqlite3.connect(self.path)
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION) or (readonly and version != SCHEMA_VERSION):
                self._db.close()
                raise StoreError(
                    f"{self.path}: results format {version}, this warbench reads {SCHEMA_VERSION}"
                    + (" (is it a results file of warbench simulate?)" if version == 0 else "")
                )
            if not readonly:
                with self._db:
                    self._db.executescript(_SCHEMA)
                    self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                    for column in _ADDED_COLUMNS:
                        if not self._has_column(column):
                            self._db.execute(f"ALTER TABLE runs ADD COLUMN {column} TEXT")
            self._data_column = self._has_column("data")
            self._data_dir_column = self._has_column("data_dir")
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path}: not a warbench results file ({error})") from None

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def _has_column(self, name: str) -> bool:
        columns = self._db.execute("PRAGMA table_info(runs)").fetchall()
        return any(column[1] == name for column in columns)

    def open_run(self, plan: GamePlan, games: int, *, resume: bool = False) -> StoredRun:
        """Start a run of ``games`` games of ``plan``, or with ``resume`` continue the last
        stored run of the same plan (raising :class:`StoreError` if there is none).

        A resumed run is extended (never shrunk) to ``games`` games.
        """
        key = plan.key()
        if resume:
            row = self._db.execute(
                "SELECT id, games FROM runs WHERE key = ? ORDER BY id DESC LIMIT 1", (key,)
            ).fetchone()
            if row is None:
                raise StoreError(
                    f"{self.path} holds no run of {plan.ruleset.id} with these sides, bots,"
                    f" scenario and seed {plan.seed} to resume; drop --resume to start one"
                )
            run_id, stored_games = int(row[0]), int(row[1])
            with self._db as db:
                db.execute(
                    "UPDATE runs SET games = ? WHERE id = ?", (max(games, stored_games), run_id)
                )
            rows = self._db.execute("SELECT idx FROM games WHERE run_id = ?", (run_id,))
            done = frozenset(int(index) for (index,) in rows)
            return StoredRun(run_id, max(games, stored_games), done)
        sides = [
            {
                "label": side.label,
                "source": side.source,
                "hash": side.hash,
                "army": None if side.army is None else side.army.model_dump(mode="json"),
                "force": side.force,
            }
            for side in plan.sides
        ]
        with self._db as db:
            cursor = db.execute(
                "INSERT INTO runs (key, ruleset, version, seed, games, scenario, sides, bots,"
                " setups, max_decisions, created, data, data_dir)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    key,
                    plan.ruleset.id,
                    plan.ruleset.version,
                    str(plan.seed),
                    games,
                    plan.scenario,
                    json.dumps(sides),
                    json.dumps(plan.bots),
                    json.dumps(plan.setups),
                    plan.max_decisions,
                    datetime.now(UTC).isoformat(timespec="seconds"),
                    plan.ruleset.data_digest or "",
                    None if plan.ruleset.data_dir is None else str(plan.ruleset.data_dir),
                ),
            )
            assert cursor.lastrowid is not None
            return StoredRun(cursor.lastrowid, games, frozenset())

    def add_games(self, run_id: int, sides: Iterable[str], records: Iterable[GameRecord]) -> None:
        """Store finished games of a run in one transaction; ``sides`` are the army hashes."""
        hashes = list(sides)
        rows = [
            (
                run_id,
                record.index,
                str(record.seed),
                json.dumps([hashes[side] for side in record.seats]),
                _result_text(record),
                json.dumps(list(record.scores)),
                record.length,
                json.dumps({**record.summary(), "hash_format": HASH_FORMAT}),
                record.journal,
            )
            for record in records
        ]
        with self._db as db:
            db.executemany(
                "INSERT INTO games (run_id, idx, seed, army_hashes, result, scores, length,"
                " summary, journal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )

    def records(self, run_id: int, *, journals: bool = False) -> list[GameRecord]:
        """Every stored game of a run, by index."""
        rows = self._db.execute(
            "SELECT idx, seed, summary, journal FROM games WHERE run_id = ? ORDER BY idx",
            (run_id,),
        )
        return [
            GameRecord.from_summary(
                int(index), int(seed), json.loads(summary), journal if journals else None
            )
            for index, seed, summary, journal in rows
        ]

    def game_ids(self, run_id: int) -> list[int]:
        """The store's ids of a run's games, by index (what ``--game`` takes)."""
        rows = self._db.execute("SELECT id FROM games WHERE run_id = ? ORDER BY idx", (run_id,))
        return [int(game_id) for (game_id,) in rows]

    def run(self, run_id: int) -> RunInfo:
        """The run stored as ``run_id``."""
        _row_id(run_id, "run")
        data = "data" if self._data_column else "NULL"
        data_dir = "data_dir" if self._data_dir_column else "NULL"
        row = self._db.execute(
            "SELECT id, ruleset, version, seed, games, scenario, sides, bots, setups,"
            f" max_decisions, {data}, {data_dir} FROM runs WHERE id = ?",
            (run_id,),
        ).fetchone()
        if row is None:
            raise StoreError(f"{self.path} holds no run {run_id}")
        sides = tuple(
            Side(
                side["label"],
                None if side["army"] is None else ArmyList.model_validate(side["army"]),
                side["source"],
                str(side.get("force", "")),
            )
            for side in json.loads(row[6])
        )
        return RunInfo(
            id=int(row[0]),
            ruleset=str(row[1]),
            version=str(row[2]),
            seed=int(row[3]),
            games=int(row[4]),
            scenario=row[5],
            sides=sides,
            bots=tuple(json.loads(row[7])),
            setups=tuple(json.loads(row[8])),
            max_decisions=int(row[9]),
            data=row[10] or None,
            data_recorded=row[10] is not None,
            data_dir=row[11],
        )

    def _game_row(self, game_id: int) -> tuple[Any, ...]:
        """The run id and summary of stored game ``game_id``."""
        _row_id(game_id, "--game")
        row = self._db.execute(
            "SELECT run_id, summary FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"{self.path} holds no game {game_id}")
        return tuple(row)

    def game_run(self, game_id: int) -> RunInfo:
        """The run stored game ``game_id`` was played in (its ruleset, its data...)."""
        return self.run(int(self._game_row(game_id)[0]))

    def seat_labels(self, game_id: int) -> tuple[str, ...]:
        """The label of the side in each seat of stored game ``game_id`` (its list's name,
        or its force's), for a picture's legend."""
        run_id, summary = self._game_row(game_id)
        sides = self.run(int(run_id)).sides
        return tuple(sides[side].label for side in json.loads(summary)["seats"])

    def journal(self, game_id: int, data_dir: str | Path | None = None) -> Journal:
        """The journal of stored game ``game_id``; see :func:`load_journal`."""
        _row_id(game_id, "--game")
        row = self._db.execute(
            "SELECT run_id, idx, summary, journal FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"{self.path} holds no game {game_id}")
        run_id, index, summary, journal = row
        info = self.run(int(run_id))
        rules = find_ruleset(info.ruleset, data_dir)
        if info.data_recorded and info.data != rules.data_digest:
            raise DataMismatch(data_mismatch(
                info.data, rules.data_digest, f"game {game_id} (run {run_id})", info.data_dir))
        if journal is not None:
            kept = Journal.loads(journal, f"{self.path} game {game_id}")
            if kept.played_by is None:  # stored before journals named their players
                kept.played_by = [info.bots[side] for side in json.loads(summary)["seats"]]
            return kept
        if rules.version != info.version:
            raise StoreError(
                f"game {game_id} was stored without its journal by {info.ruleset}"
                f" {info.version}; {rules.version} is installed and may play it differently"
            )
        plan = GamePlan(
            rules,
            info.sides,
            info.setups,
            info.bots,
            info.seed,
            info.scenario,
            info.max_decisions,
        )
        stored = json.loads(summary)
        if stored.get("hash_format", 1) != HASH_FORMAT:
            raise StoreError(
                f"game {game_id} was stored without its journal, with a state hash of format"
                f" {stored.get('hash_format', 1)}; this Warbench computes format {HASH_FORMAT}"
                " and cannot check the game played again: simulate the run anew"
            )
        try:
            game = play_to_end(plan, int(index), record_hashes=True)
        except UnknownBot as error:  # an agent file moved, or a path relative to elsewhere
            raise StoreError(
                f"game {game_id} was stored without its journal, and playing it again needs"
                f" the bots it was played by: {error} (run this from the folder the run was"
                " played in, or keep journals with --journals)"
            ) from None
        if game.hash() != stored["final_hash"]:
            raise StoredGameMismatch(
                f"game {game_id} played again does not end as stored: the ruleset or its"
                " bots have changed, or the run was played with other data (give the run's"
                " --data DIR)"
            )
        return game.journal


def _result_text(record: GameRecord) -> str:
    """``win:0`` (side 0 won), ``win:1+3`` (a team), ``draw`` or ``unfinished``, for people
    reading the table."""
    if not record.finished:
        return "unfinished"
    if record.decisive:
        return "win:" + "+".join(str(winner) for winner in record.winners)
    return "draw"


def load_journal(
    db_path: str | Path, game_id: int, data_dir: str | Path | None = None
) -> Journal:
    """The journal of game ``game_id`` in the results file ``db_path``, ready to replay.

    A game stored without its journal is played again from its seed (with the player's
    data folder ``data_dir`` when the run had one) and checked against the state it was
    recorded to end in.
    """
    path = Path(db_path)
    if not path.is_file():
        raise StoreError(f"{path}: file not found")
    with ResultStore(path, readonly=True) as store:
        return store.journal(game_id, data_dir)
