"""Games worth replaying: the biggest upset, the luckiest and unluckiest side, the longest game.

A run of a thousand games is summed up by rates, but a designer then wants to watch the
strangest one. :func:`notable_games` picks, from a run's records:

- **upset**: a win by sides whose win rate over the run is lower than that of a side they
  beat, with the widest score margin (least winning score minus best losing score; the
  earliest such game when there are no scores);
- **luckiest** / **unluckiest**: the highest and the lowest game luck percentile any side had
  (``GameRecord.luck``, as ``replay --luck`` rates it);
- **longest**: the most decisions.

Ties go to the earliest game. A figure no record has (no upset, no rated roll) is left out.

>>> from warbench.core.sim.play import GameRecord
>>> games = [GameRecord(0, 0, (0, 1), (0,), (5.0, 1.0), 10, True, "", ""),
...          GameRecord(1, 0, (1, 0), (0,), (4.0, 3.0), 30, True, "", ""),
...          GameRecord(2, 0, (0, 1), (1,), (2.0, 6.0), 20, True, "", "")]
>>> [(game.kind, game.index) for game in notable_games(games, ("A", "B"))]
[('upset', 2), ('longest', 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warbench.core.sim.play import GameRecord


@dataclass(frozen=True, slots=True)
class NotableGame:
    """One game of a run picked for ``kind``, with why in words; ``game_id`` is its id in
    the results file (None when the run was not stored)."""

    kind: str
    index: int
    seed: int
    why: str
    game_id: int | None = None

    @property
    def name(self) -> str:
        """The game in words: ``game ID`` (what ``--game`` takes) when stored, else its
        index in the run."""
        return f"game {self.game_id}" if self.game_id is not None else f"game index {self.index}"

    def replay_command(
        self, db: str | Path | None, data: str | Path | None = None
    ) -> str | None:
        """The command that steps through this game (with the run's ``--data`` folder), or
        None when it was not stored."""
        if db is None or self.game_id is None:
            return None
        return replay_command(db, self.game_id, data)

    def to_plain(
        self, db: str | Path | None = None, data: str | Path | None = None
    ) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "kind": self.kind,
            "index": self.index,
            "seed": self.seed,
            "game_id": self.game_id,
            "why": self.why,
            "replay": self.replay_command(db, data),
        }


def replay_command(db: str | Path, game: int | str, data: str | Path | None = None) -> str:
    """The command replaying stored game ``game`` of ``db``, played with ``data``.

    >>> replay_command("r.sqlite", "ID", "my-data")
    'warbench replay --db r.sqlite --game ID --data my-data'
    """
    return f"warbench replay --db {db} --game {game}" + ("" if data is None else f" --data {data}")


def serve_command(ruleset_id: str, data: str | Path | None) -> str:
    """The command serving the web table with ``ruleset_id`` played with ``data``
    (``None``: the shipped data), whose replay viewer steps through stored games.

    >>> serve_command("full-thrust", "my-data"), serve_command("hordes", None)
    ('warbench serve --data full-thrust=my-data', 'warbench serve')
    """
    return "warbench serve" + ("" if data is None else f" --data {ruleset_id}={data}")


def on_the_board(ruleset_id: str, db: str | Path, data: str | Path | None) -> str:
    """Where the stored games of ``db`` are stepped through on the board, in words.

    >>> print(on_the_board("full-thrust", "r.sqlite", "my-data"))
    ... # doctest: +NORMALIZE_WHITESPACE
    On the board: `warbench serve --data full-thrust=my-data`, then its replay viewer
    (/replay) loads r.sqlite and steps through any game.
    """
    return (f"On the board: `{serve_command(ruleset_id, data)}`, then its replay viewer"
            f" (/replay) loads {db} and steps through any game.")


def _names(labels: Sequence[str], sides: Sequence[int], team: bool = True) -> str:
    """The sides in words: a team joined by ``+``, rivals (``team`` false) listed.

    >>> _names(("A", "B", "C"), (1, 2)), _names(("A", "B", "C"), (0, 1, 2), team=False)
    ('B + C', 'A, B and C')
    """
    names = [labels[side] for side in sides]
    if team or len(names) == 1:
        return " + ".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _wins(count: int) -> str:
    return "1 win" if count == 1 else f"{count} wins"


def _upset(records: Sequence[GameRecord], labels: Sequence[str]) -> tuple[GameRecord, str] | None:
    wins = [0] * len(labels)
    for record in records:
        if record.decisive:
            for side in set(record.winners):
                wins[side] += 1
    best: tuple[float, GameRecord] | None = None
    for record in records:
        if not record.decisive:
            continue
        losers = [side for side in range(len(labels)) if side not in record.winners]
        if max(wins[side] for side in record.winners) >= max(wins[side] for side in losers):
            continue
        margin = 0.0
        if record.scores:
            margin = min(record.scores[s] for s in record.winners) - max(
                record.scores[s] for s in losers
            )
        if best is None or margin > best[0]:
            best = (margin, record)
    if best is None:
        return None
    margin, record = best
    losers = [side for side in range(len(labels)) if side not in record.winners]
    # One winner beating several sides is a free-for-all: the losers were no team.
    rivals = len(record.winners) == 1 and len(losers) > 1
    beaten = _wins(max(wins[s] for s in losers)) + (", the most of them" if rivals else "")
    why = (
        f"upset: {_names(labels, record.winners)} ({_wins(max(wins[s] for s in record.winners))}"
        f" in the run) beat {_names(labels, losers, team=not rivals)} ({beaten})"
    )
    if record.scores:
        scores = " to ".join(f"{record.scores[s]:g}" for s in (*record.winners, *losers))
        if margin > 0:
            why += f", {scores}, the widest margin of any upset"
        else:  # the rules' victory, not the score, decided every upset of the run
            why += f", {scores}: no upset of the run was won on a higher score"
    return record, why


def _luck(
    records: Sequence[GameRecord], labels: Sequence[str], lowest: bool
) -> tuple[GameRecord, str] | None:
    best: tuple[float, GameRecord, int] | None = None
    for record in records:
        for side, value in enumerate(record.luck):
            if value is None:
                continue
            better = best is None or (value < best[0] if lowest else value > best[0])
            if better:
                best = (value, record, side)
    if best is None:
        return None
    value, record, side = best
    word = "unluckiest" if lowest else "luckiest"
    result = {"win": "and won", "loss": "and lost", "draw": "in a draw"}[record.result(side)]
    return record, (
        f"{word}: {labels[side]} rolled at the {value:.1%} luck percentile {result},"
        f" the {'lowest' if lowest else 'highest'} of the run"
    )


def notable_games(
    records: Sequence[GameRecord],
    labels: Sequence[str],
    game_ids: Sequence[int] = (),
) -> tuple[NotableGame, ...]:
    """The notable games of a run of ``records`` between sides named ``labels``;
    ``game_ids[k]`` is the stored id of ``records[k]`` (empty when not stored)."""
    ids = dict(zip((record.index for record in records), game_ids, strict=False))
    picked: list[tuple[str, tuple[GameRecord, str] | None]] = [
        ("upset", _upset(records, labels)),
        ("luckiest", _luck(records, labels, lowest=False)),
        ("unluckiest", _luck(records, labels, lowest=True)),
    ]
    if records:
        longest = max(records, key=lambda record: (record.length, -record.index))
        ending = "" if longest.finished else ", stopped unfinished at the decision limit"
        picked.append(("longest", (longest, f"longest: {longest.length} decisions{ending}")))
    return tuple(
        NotableGame(kind, record.index, record.seed, why, ids.get(record.index))
        for kind, found in picked
        if found is not None
        for record, why in (found,)
    )
