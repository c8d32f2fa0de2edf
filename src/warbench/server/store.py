"""The server's SQLite store: each game is its journal, one row per accepted action.

A game row holds what the journal's head holds (ruleset, version, setup, seed, players,
referee, data digest, opening faces and hash), who sits in each seat (a person or which
bot), and the digests of the seat tokens (never the tokens themselves). Every accepted
action is one row of ``actions``, committed before the server acknowledges or broadcasts
it, so a restart rebuilds every game by replaying its rows. In referee mode the faces
typed so far for an action (or opening) still waiting on more dice are one row of
``pending``, committed before the server asks for the rest, so a restart asks only for
those.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warbench.core.journal import Journal, JournalEntry

#: The seat of a one-screen table's token: it acts and sees as whichever person seat is to
#: act (the hub's ``ONE_SCREEN``).
ONE_SCREEN_SEAT = -3

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    ruleset TEXT NOT NULL,
    seats TEXT NOT NULL,
    head TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS tokens (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    player INTEGER NOT NULL,
    action TEXT NOT NULL,
    hash TEXT,
    faces TEXT,
    PRIMARY KEY (game, number)
);
CREATE TABLE IF NOT EXISTS pending (
    game TEXT PRIMARY KEY REFERENCES games(id),
    player INTEGER,
    action TEXT,
    faces TEXT NOT NULL
);
"""

#: Game statuses, as the lobby lists them.
OPEN, PLAYING, FINISHED = "open", "in progress", "finished"


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: a person, or a bot of the ruleset by name."""

    kind: str
    bot: str = ""

    def to_plain(self) -> dict[str, str]:
        """JSON form ``{"kind": ..., "bot": ...}``."""
        return {"kind": self.kind, "bot": self.bot}


@dataclass(frozen=True, slots=True)
class Pending:
    """A referee game's action (``None``: its opening) waiting on dice, with the faces
    already typed for it."""

    player: int | None
    action: Any
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A stored game: its id, seats, status, the journal of its accepted actions, and the
    action waiting on dice, if any."""

    id: str
    created: float
    seats: tuple[Seat, ...]
    status: str
    result: str
    journal: Journal
    pending: Pending | None = None


class StoreFileError(ValueError):
    """A ``--db`` file that is not the web table's game store: nothing is written to it."""


def _check_ours(db: sqlite3.Connection, path: Path) -> None:
    """Refuse a file holding other tables than the game store's (a results file of
    ``simulate``), before the store's tables are added to it."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "runs" in tables:
        raise StoreFileError(
            f"{path} is a results file of warbench simulate, not the web table's store of"
            " games: give serve another --db (replay its games in the replay viewer, or with"
            " warbench replay --db)")
    if "games" in tables:
        columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
        if not {"id", "head", "seats", "status"} <= columns:
            raise StoreFileError(f"{path} holds another program's games table: give serve"
                                 " another --db")


class Store:
    """One SQLite file holding every game; safe to share between threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            _check_ours(self._db, self.path)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        except (sqlite3.DatabaseError, StoreFileError) as error:
            self._db.close()
            if isinstance(error, StoreFileError):
                raise
            raise StoreFileError(f"{self.path}: not a SQLite file of games ({error})") from None

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()

    def create(
        self, game_id: str, seats: list[Seat], journal: Journal, digests: dict[int, str]
    ) -> None:
        """Store a new game, its opening and its token digests (seat -1: spectators)."""
        head = _head(journal)
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO games (id, created, ruleset, seats, head, status)"
                " VALUES (?,?,?,?,?,?)",
                (
                    game_id,
                    time.time(),
                    journal.ruleset,
                    json.dumps([seat.to_plain() for seat in seats]),
                    json.dumps(head),
                    OPEN,
                ),
            )
            self._db.executemany(
                "INSERT INTO tokens (game, seat, digest) VALUES (?,?,?)",
                [(game_id, seat, digest) for seat, digest in digests.items()],
            )

    def append(
        self, game_id: str, number: int, entry: JournalEntry, status: str, result: str = ""
    ) -> None:
        """Commit one accepted action (its number counts from 1) and the game's status."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO actions (game, number, player, action, hash, faces)"
                " VALUES (?,?,?,?,?,?)",
                (
                    game_id,
                    number,
                    entry.player,
                    json.dumps(entry.action),
                    entry.hash,
                    None if entry.faces is None else json.dumps(entry.faces),
                ),
            )
            self._db.execute(
                "UPDATE games SET status = ?, result = ? WHERE id = ?", (status, result, game_id)
            )
            self._db.execute("DELETE FROM pending WHERE game = ?", (game_id,))

    def set_opening(self, game_id: str, journal: Journal) -> None:
        """Record a referee game's opening once its typed faces are all in."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "UPDATE games SET head = ? WHERE id = ?", (json.dumps(_head(journal)), game_id)
            )
            self._db.execute("DELETE FROM pending WHERE game = ?", (game_id,))

    def set_pending(self, game_id: str, pending: Pending | None) -> None:
        """Keep the action waiting on dice and the faces typed for it (``None``: none)."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("DELETE FROM pending WHERE game = ?", (game_id,))
            if pending is not None:
                self._db.execute(
                    "INSERT INTO pending (game, player, action, faces) VALUES (?,?,?,?)",
                    (game_id, pending.player, json.dumps(pending.action),
                     json.dumps(list(pending.faces))),
                )

    def token_digests(self, game_id: str) -> dict[int, str]:
        """Every token digest of a game, by seat."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seat, digest FROM tokens WHERE game = ?", (game_id,)
            ).fetchall()
        return {int(seat): str(digest) for seat, digest in rows}

    def summaries(self) -> list[dict[str, Any]]:
        """Every game's id, ruleset, seats, set-up, status, result and action count,
        whether it is played on one screen, and the digest of the data folder it is played
        with (``None``: the shipped data), newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT g.id, g.created, g.ruleset, g.seats, g.head, g.status, g.result,"
                " (SELECT COUNT(*) FROM actions a WHERE a.game = g.id),"
                " EXISTS (SELECT 1 FROM tokens t WHERE t.game = g.id AND t.seat = ?)"
                " FROM games g ORDER BY g.created DESC, g.id", (ONE_SCREEN_SEAT,)
            ).fetchall()
        return [
            {
                "id": game_id,
                "created": created,
                "ruleset": ruleset,
                "seats": json.loads(seats),
                "setup": opening.get("setup", {}),
                "data": opening.get("data"),
                "one_screen": bool(one_screen),
                "status": status,
                "result": result,
                "actions": count,
            }
            for game_id, created, ruleset, seats, head, status, result, count, one_screen
            in rows
            for opening in [json.loads(head)]
        ]

    def load(self, game_id: str) -> GameRecord | None:
        """A stored game with its whole journal, or ``None`` if there is none by that id."""
        with self._lock:
            row = self._db.execute(
                "SELECT created, seats, head, status, result FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                return None
            actions = self._db.execute(
                "SELECT player, action, hash, faces FROM actions WHERE game = ? ORDER BY number",
                (game_id,),
            ).fetchall()
            waiting = self._db.execute(
                "SELECT player, action, faces FROM pending WHERE game = ?", (game_id,)
            ).fetchone()
        created, seats, head, status, result = row
        journal = Journal.from_plain({**json.loads(head), "entries": []}, f"game {game_id}")
        journal.entries = [
            JournalEntry(
                int(player),
                json.loads(action),
                hash_,
                None if faces is None else json.loads(faces),
            )
            for player, action, hash_, faces in actions
        ]
        return GameRecord(
            game_id,
            float(created),
            tuple(Seat(**seat) for seat in json.loads(seats)),
            str(status),
            str(result),
            journal,
            None if waiting is None else Pending(
                None if waiting[0] is None else int(waiting[0]),
                json.loads(waiting[1]),
                tuple(json.loads(waiting[2])),
            ),
        )


def _head(journal: Journal) -> dict[str, Any]:
    head = journal.to_plain()
    del head["entries"]
    return head
