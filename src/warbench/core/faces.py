"""Face tables: what each face of a die counts for in a pool.

Many systems do not add up dice; they read each face off a table. Dystopian Wars, for
example, counts 1-3 as a miss, 4-5 as one hit, and 6 as two hits that also roll again.
A :class:`FaceTable` states that once, and both the dice roller (``warbench.core.dice``)
and the exact odds (``warbench.core.odds``) read the same table, so the two cannot drift.

A table may count several channels at once (hits and criticals, normal and penetrating
damage): each face gives one integer per channel.

>>> table = FaceTable.counted(6, {(1, 3): 0, (4, 5): 1, (6, 6): 2}, explode_on=(6,))
>>> table.outcome(6)
FaceOutcome(values=(2,), explodes=True)
>>> table.outcome(2).values
(0,)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


class FaceTableError(ValueError):
    """A face table was described inconsistently."""


@dataclass(frozen=True, slots=True)
class FaceOutcome:
    """What one face counts for: one value per channel, and whether it rolls again."""

    values: tuple[int, ...]
    explodes: bool = False


@dataclass(frozen=True, slots=True)
class FaceTable:
    """The outcome of each face ``1..sides``; ``outcomes[i]`` belongs to face ``i + 1``."""

    sides: int
    outcomes: tuple[FaceOutcome, ...]
    channels: tuple[str, ...] = ("hits",)

    def __post_init__(self) -> None:
        if self.sides < 1:
            raise FaceTableError(f"a die needs at least one side, got {self.sides}")
        if len(self.outcomes) != self.sides:
            raise FaceTableError(
                f"a d{self.sides} needs {self.sides} face outcomes, got {len(self.outcomes)}"
            )
        for face, outcome in enumerate(self.outcomes, start=1):
            if len(outcome.values) != len(self.channels):
                raise FaceTableError(
                    f"face {face} gives {len(outcome.values)} values but the table has "
                    f"{len(self.channels)} channels {self.channels}"
                )
        if all(outcome.explodes for outcome in self.outcomes):
            raise FaceTableError("every face explodes, so a roll would never end")

    def outcome(self, face: int) -> FaceOutcome:
        """The outcome of ``face`` (1-based)."""
        if not 1 <= face <= self.sides:
            raise FaceTableError(f"face {face} is not on a d{self.sides}")
        return self.outcomes[face - 1]

    @property
    def explode_chance(self) -> float:
        """Probability that one die rolls again."""
        return sum(outcome.explodes for outcome in self.outcomes) / self.sides

    @classmethod
    def counted(
        cls,
        sides: int,
        ranges: Mapping[tuple[int, int], int],
        *,
        explode_on: Iterable[int] = (),
        channel: str = "hits",
    ) -> FaceTable:
        """A one-channel table from inclusive face ranges ``{(low, high): value}``.

        Faces not named in ``ranges`` count 0.

        >>> FaceTable.counted(6, {(5, 6): 1}).outcome(5).values
        (1,)
        """
        values = [0] * sides
        named: set[int] = set()
        for (low, high), value in ranges.items():
            if not 1 <= low <= high <= sides:
                raise FaceTableError(f"range {low}-{high} is not on a d{sides}")
            overlap = named.intersection(range(low, high + 1))
            if overlap:
                raise FaceTableError(f"face {min(overlap)} is named by two ranges")
            named.update(range(low, high + 1))
            for face in range(low, high + 1):
                values[face - 1] = value
        exploding = set(explode_on)
        off_die = sorted(face for face in exploding if not 1 <= face <= sides)
        if off_die:
            raise FaceTableError(f"explode_on names face {off_die[0]}, not on a d{sides}")
        return cls(
            sides,
            tuple(FaceOutcome((v,), face in exploding) for face, v in enumerate(values, 1)),
            (channel,),
        )

    @classmethod
    def threshold(cls, sides: int, target: int, *, explode_on: Iterable[int] = ()) -> FaceTable:
        """One success for each die showing ``target`` or more.

        >>> [o.values[0] for o in FaceTable.threshold(6, 4).outcomes]
        [0, 0, 0, 1, 1, 1]
        """
        if target > sides:
            return cls.counted(sides, {}, explode_on=explode_on)
        return cls.counted(sides, {(max(target, 1), sides): 1}, explode_on=explode_on)
