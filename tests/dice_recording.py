"""A dice source for tests that records every request it answers (what was rolled, under
which label and words), to check what the rules asked the dice for."""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.dice import DiceSource


@dataclass(frozen=True, slots=True)
class DiceRecord:
    """One request a source answered: what was rolled and what for (its label, and its
    words for people where they differ)."""

    sides: int
    faces: tuple[int, ...]
    label: str = ""
    told: str = ""


class RecordingDice:
    """A source that passes requests to ``inner`` and records each one answered.

    """

    __slots__ = ("inner", "records")

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.records: list[DiceRecord] = []

    def faces(self, sides: int, count: int, *, label: str = "", told: str = "") -> list[int]:
        """Faces from the inner source, recorded."""
        faces = self.inner.faces(sides, count, label=label, told=told)
        self.records.append(DiceRecord(sides, tuple(faces), label, told))
        return faces

    def drain(self) -> list[DiceRecord]:
        """The records so far, oldest first, leaving none behind."""
        records, self.records = self.records, []
        return records
