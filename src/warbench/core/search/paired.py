"""Root candidates compared world by world: the paired gain over the heuristic's choice.

Every root candidate plays the same sampled worlds (common random numbers), so the fair
comparison of a candidate with the heuristic's choice is the difference of their values
in each world both played: its mean is the gain, and the spread of the differences says
how sure that gain is (:class:`Gain`). With the budget's ``paired`` a candidate replaces
the heuristic's choice only when its gain clears the ``margin`` by that many standard
errors' worth of evidence (:func:`paired_answer`); with ``extend`` the search plays more
worlds while some candidate's case is still open (:func:`open_cases`).

>>> gain = Gain.between({1: 0.6, 2: 0.7, 3: 0.5}, {1: 0.5, 2: 0.5, 3: 0.5})
>>> round(gain.mean, 3), round(gain.error, 3), gain.worlds
(0.1, 0.058, 3)
>>> gain.clears(margin=0.05, certainty=1.0), gain.clears(margin=0.05, certainty=2.0)
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: One root candidate's value to the searching seat in each world it played (by world).
Values = Mapping[int, float]


@dataclass(frozen=True, slots=True)
class Gain:
    """A candidate's mean gain over the heuristic's choice in the worlds both played, the
    standard error of that mean (infinite with fewer than two worlds), and those worlds."""

    mean: float
    error: float
    worlds: int

    @classmethod
    def between(cls, candidate: Values, prior: Values) -> Gain:
        """The gain of ``candidate`` over ``prior`` on the worlds both were played in."""
        gaps = [candidate[world] - prior[world] for world in candidate if world in prior]
        if not gaps:
            return cls(0.0, math.inf, 0)
        mean = sum(gaps) / len(gaps)
        if len(gaps) < 2:
            return cls(mean, math.inf, len(gaps))
        spread = sum((gap - mean) ** 2 for gap in gaps) / (len(gaps) - 1)
        return cls(mean, math.sqrt(spread / len(gaps)), len(gaps))

    @property
    def sure(self) -> bool:
        """Whether the gain is at least two standard errors from zero, either way."""
        return abs(self.mean) >= 2.0 * self.error

    def clears(self, margin: float, certainty: float) -> bool:
        """Whether the gain is above zero, at least ``margin``, and at least ``certainty``
        standard errors (no test of the error when ``certainty`` is 0)."""
        sure = certainty == 0 or self.mean >= certainty * self.error
        return self.mean > 0 and self.mean >= margin and sure


@dataclass(frozen=True, slots=True)
class RootRecord:
    """One searched decision as its answer saw it (kept in ``SearchBot.roots`` when that is
    a list): the kind of decision (the action type of the heuristic's choice), the worlds
    that choice was played in, each other root candidate's :class:`Gain` over it in the
    candidates' order, and whether another candidate was the answer."""

    kind: str
    worlds: int
    gains: tuple[Gain, ...]
    overruled: bool

    @classmethod
    def of(
        cls, kind: str, keys: Sequence[str], played: Mapping[str, Values], overruled: bool
    ) -> RootRecord:
        """The record of a root whose candidates are ``keys``, the heuristic's first."""
        prior = played.get(keys[0], {})
        gains = tuple(Gain.between(played.get(key, {}), prior) for key in keys[1:])
        return cls(kind, len(prior), gains, overruled)


def paired_answer(
    played: Mapping[str, Values], prior: str, margin: float, certainty: float
) -> str:
    """The key of the candidate to answer with: the one of the best mean gain over the
    ``prior`` (the heuristic's choice) if that gain clears ``margin`` and ``certainty``,
    else the prior."""
    base = played.get(prior, {})
    gains = {key: Gain.between(values, base) for key, values in played.items() if key != prior}
    cleared = [key for key, gain in gains.items() if gain.clears(margin, certainty)]
    return max(cleared, key=lambda key: gains[key].mean, default=prior)


def open_cases(
    played: Mapping[str, Values], prior: str, margin: float, certainty: float
) -> Sequence[str]:
    """The candidates ahead of the ``prior`` whose gain does not yet clear the bar: the
    ones more worlds could still decide for or against."""
    base = played.get(prior, {})
    found = []
    for key, values in played.items():
        if key == prior:
            continue
        gain = Gain.between(values, base)
        if gain.mean > 0 and not gain.clears(margin, certainty):
            found.append(key)
    return found
