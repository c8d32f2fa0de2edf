"""The journal: a game as (ruleset version, setup, seed, actions), saved as JSON.

Saves, replays, undo, bug reports and network sync are all replays of a journal. Each entry
keeps the state hash reached after its action, so a replay can prove it reached the same
states bit for bit. In referee mode, where people roll real dice, the faces they typed are
kept too (``faces``), since no seed can reproduce them. Two fields record, where known, what
the actions alone do not say: who played each seat (``played_by``: a bot's name, a factory
of one's own, ``person``) and how the game ended (``outcome``, which a replay checks). Both
may be missing (older journals, a game in progress): a journal without them reads and
replays as before.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import pydantic

from warbench.core.data_errors import problem_texts
from warbench.core.limits import (
    MAX_FILE_BYTES,
    MAX_SEED,
    TooLarge,
    loads_json,
    read_limited_text,
)
from warbench.core.procedures import Outcome
from warbench.core.words import as_told, player_name

#: A seed: a whole number from 0 up (``true`` and ``"1"`` are no seeds).
Seed = Annotated[int, pydantic.Field(ge=0, le=MAX_SEED)]
#: A seat number.
Seat = Annotated[int, pydantic.Field(ge=0)]

#: The journal format. 2: state hashes of :data:`~warbench.core.plain.HASH_FORMAT` 2 (format
#: 1 journals hold hashes of the older kind, which this Warbench no longer computes).
JOURNAL_FORMAT = 2


class JournalFileError(ValueError):
    """A journal file that is missing, is not JSON, or does not have a journal's shape."""


@dataclass(slots=True)
class JournalEntry:
    """One applied action: who, what (plain JSON), the state hash after it, typed faces."""

    player: Seat
    action: dict[str, Any]
    hash: str | None = None
    faces: list[int] | None = None


@dataclass(slots=True)
class JournalOutcome:
    """How the journaled game ended: the winning players (none: a draw), scores, why."""

    winners: list[Seat]
    scores: list[float] = field(default_factory=list)
    reason: str = ""

    @classmethod
    def of(cls, outcome: Outcome | None) -> JournalOutcome | None:
        """The record of a game's outcome (``None`` while it goes on)."""
        if outcome is None:
            return None
        return cls(list(outcome.winners), [float(s) for s in outcome.scores], outcome.reason)

    def text(self) -> str:
        """In words, each seat counted from 1: ``won by player 2 (fleet destroyed)``.

        >>> JournalOutcome([1], [], "fleet destroyed").text()
        'won by player 2 (fleet destroyed)'
        >>> JournalOutcome([0], [], "player 1 has conceded").text()
        'won by player 1 (player 2 has conceded)'
        """
        winners = ", ".join(player_name(p) for p in self.winners) or "nobody"
        return f"won by {winners}" + (f" ({as_told(self.reason)})" if self.reason else "")


@dataclass(slots=True)
class Journal:
    """Everything needed to replay a game exactly."""

    ruleset: str
    version: str
    setup: dict[str, Any]
    seed: Seed
    players: Annotated[int, pydantic.Field(ge=1)]
    referee: bool = False
    data: str | None = None
    opening_faces: list[int] | None = None
    opening_hash: str | None = None
    entries: list[JournalEntry] = field(default_factory=list)
    format: int = JOURNAL_FORMAT
    #: Who played each seat, where the program that played the game knew it.
    played_by: list[str] | None = None
    #: How the game ended, once it has (set by the engine with the last action).
    outcome: JournalOutcome | None = None

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form, entries without empty fields."""
        plain: dict[str, Any] = {
            "format": self.format,
            "ruleset": self.ruleset,
            "version": self.version,
            "setup": self.setup,
            "seed": self.seed,
            "players": self.players,
            "referee": self.referee,
            "opening_hash": self.opening_hash,
        }
        if self.data is not None:
            plain["data"] = self.data
        if self.opening_faces is not None:
            plain["opening_faces"] = self.opening_faces
        if self.played_by is not None:
            plain["played_by"] = self.played_by
        if self.outcome is not None:
            plain["outcome"] = {"winners": self.outcome.winners, "scores": self.outcome.scores,
                                "reason": self.outcome.reason}
        entries = []
        for entry in self.entries:
            item: dict[str, Any] = {"player": entry.player, "action": entry.action}
            if entry.hash is not None:
                item["hash"] = entry.hash
            if entry.faces is not None:
                item["faces"] = entry.faces
            entries.append(item)
        plain["entries"] = entries
        return plain

    def dumps(self) -> str:
        """The journal as indented JSON text."""
        return json.dumps(self.to_plain(), indent=1)

    def save(self, path: str | Path) -> None:
        """Write the journal to ``path``: first beside it, then moved into place, so a failed
        write never leaves half a journal at ``path``."""
        target = Path(path)
        partial = target.with_name(target.name + ".partial")
        partial.write_text(self.dumps(), encoding="utf-8")
        partial.replace(target)

    @classmethod
    def from_plain(cls, data: Any, source: str = "journal") -> Journal:
        """A journal from parsed JSON; :class:`JournalFileError` names the key at fault."""
        if isinstance(data, dict) and data.get("format", JOURNAL_FORMAT) != JOURNAL_FORMAT:
            raise JournalFileError(_format_refusal(source, data["format"]))
        try:
            text = json.dumps(data, allow_nan=False)
        except (TypeError, ValueError) as error:  # NaN, or an object no JSON holds
            raise JournalFileError(f"{source}: not JSON data ({error})") from None
        try:
            # Strict JSON validation: true is no seed and "1" no player number.
            return _ADAPTER.validate_json(text, strict=True)
        except pydantic.ValidationError as error:
            lines = [f"{source}: {text}" for text in problem_texts(error, data)]
            raise JournalFileError("\n".join(lines)) from None

    @classmethod
    def loads(cls, text: str, source: str = "journal") -> Journal:
        """A journal from JSON text."""
        try:
            data = loads_json(text, source)
        except json.JSONDecodeError as error:
            raise JournalFileError(
                f"{source}: not a journal (journals are JSON): line {error.lineno}, "
                f"column {error.colno}: {error.msg}"
            ) from None
        except TooLarge as error:
            raise JournalFileError(str(error)) from None
        return cls.from_plain(data, source)

    @classmethod
    def load(cls, path: str | Path) -> Journal:
        """Read a journal file."""
        target = Path(path)
        try:
            text = read_limited_text(target, MAX_FILE_BYTES, str(target))
        except FileNotFoundError:
            raise JournalFileError(f"{target}: file not found") from None
        except TooLarge as error:
            raise JournalFileError(str(error)) from None
        except OSError as error:
            raise JournalFileError(f"{target}: cannot read ({error.strerror})") from None
        except UnicodeDecodeError as error:
            raise JournalFileError(f"{target}: byte {error.start}: not UTF-8 text") from None
        return cls.loads(text, str(target))


def _format_refusal(source: str, found: Any) -> str:
    """Why a journal of another format is not read."""
    refusal = (
        f"{source}: format: this Warbench reads journal format {JOURNAL_FORMAT}, not {found!r}"
    )
    if found == 1:
        refusal += (
            " (format 1 journals record state hashes of an older kind, which this Warbench"
            " no longer computes: replay it with the Warbench that wrote it)"
        )
    return refusal


_FORBID_EXTRA = pydantic.ConfigDict(extra="forbid")
JournalEntry.__pydantic_config__ = _FORBID_EXTRA  # type: ignore[attr-defined]
JournalOutcome.__pydantic_config__ = _FORBID_EXTRA  # type: ignore[attr-defined]
Journal.__pydantic_config__ = _FORBID_EXTRA  # type: ignore[attr-defined]
_ADAPTER: pydantic.TypeAdapter[Journal] = pydantic.TypeAdapter(Journal)
