"""Attack odds a ruleset offers: named attacks, their options, and the exact answer.

A ruleset lists its attacks (``Ruleset.attacks()``): each has a name, a line of help, a
pydantic model of its options (each field with a default and a description, which the CLI
and ``docs/odds.md`` show), and a method giving the exact :class:`OddsAnswer`. Rulesets build
the answer from the same face tables and rule functions their games roll with, so the odds
and the game cannot drift apart.
"""

from __future__ import annotations

import difflib
import math
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import annotated_types
import pydantic

from warbench.core.data_errors import problem_texts
from warbench.core.limits import MAX_ODDS_COUNT, MAX_ODDS_NUMBER
from warbench.core.odds import Dist


class AttackOptionsError(ValueError):
    """Options that an attack does not take, or values it cannot use."""


def dice_in_all(total: int, how: str) -> int:
    """``total``, the dice an attack rolls in all (``how``: where they come from), or
    :class:`AttackOptionsError` past :data:`MAX_ODDS_COUNT`: each option may be within its
    bound while their product is not.

    >>> dice_in_all(24, "4 batteries of 6 dice")
    24
    >>> dice_in_all(600, "100 batteries of 6 dice")
    Traceback (most recent call last):
    ...
    warbench.core.attacks.AttackOptionsError: 100 batteries of 6 dice: 600 dice in all; at...
    """
    if total > MAX_ODDS_COUNT:
        raise AttackOptionsError(
            f"{how}: {total} dice in all; at most {MAX_ODDS_COUNT} dice in one odds query")
    return total


@dataclass(frozen=True, slots=True)
class OddsAnswer:
    """The exact result of an attack: a distribution and the ruleset's named outcomes.

    ``outcome`` names what the distribution counts (``hits``, ``damage``); ``named`` gives
    the probabilities of the ruleset's outcomes (``none``, ``damage``, ``critical``);
    ``others`` those of the other pieces the attack may reach beside its target (the
    models under a blast's template), by piece; ``facts`` what holds of the target before
    the attack and is said beside the chances with none of its own (``target's mind
    crippled already``); ``withheld`` why no exact odds can be given for the action
    (:meth:`withholding`: its distribution means nothing, the web table says why instead).
    """

    distribution: Dist
    outcome: str = "hits"
    named: Mapping[str, float] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    others: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    facts: tuple[str, ...] = ()
    withheld: str = ""

    @classmethod
    def withholding(cls, reason: str) -> OddsAnswer:
        """No exact odds, and ``reason`` why (what the odds would need that is not known
        yet), said in place of numbers.

        >>> OddsAnswer.withholding("the answer is not chosen yet").to_plain()["withheld"]
        'the answer is not chosen yet'
        """
        return cls(Dist.constant(0), "", withheld=reason)

    def to_plain(self) -> dict[str, Any]:
        """The JSON form ``{"distribution": {...}, "mean": x, "outcomes": {...}}`` (and
        ``"others": {piece: {...}}`` where the attack reaches other pieces, ``"facts"``
        where there are any)."""
        plain: dict[str, Any] = {
            "outcome": self.outcome,
            "distribution": {str(v): p for v, p in self.distribution.items() if p > 0},
            "mean": self.distribution.mean,
            "outcomes": dict(self.named),
            "truncated_mass": self.distribution.truncated_mass,
            "notes": list(self.notes),
        }
        if self.others:
            plain["others"] = {piece: dict(named) for piece, named in self.others.items()}
        if self.facts:
            plain["facts"] = list(self.facts)
        if self.withheld:
            plain["withheld"] = self.withheld
        return plain


class AttackOdds(ABC):
    """One kind of attack whose odds a ruleset can answer exactly."""

    name: ClassVar[str]
    summary: ClassVar[str]
    options_model: ClassVar[type[pydantic.BaseModel]]

    @abstractmethod
    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        """The exact answer for ``options`` (an instance of :attr:`options_model`)."""

    def parse_options(self, pairs: Sequence[str]) -> pydantic.BaseModel:
        """Options from ``key=value`` words, every problem named at once."""
        values: dict[str, str] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key:
                raise AttackOptionsError(f"{self.name}: {pair!r} is not key=value")
            name = key.strip().replace("-", "_")
            if name in values:
                raise AttackOptionsError(f"{self.name}: {key.strip()} is given twice")
            values[name] = value.strip()
        known = set(self.options_model.model_fields)
        unknown = sorted(set(values) - known)
        if unknown:
            raise AttackOptionsError(
                f"{self.name} takes no option {_unknown_words(unknown, known)} (options: "
                f"{', '.join(sorted(known))})"
            )
        try:
            options = self.options_model.model_validate(values)
        except pydantic.ValidationError as error:
            problems = "; ".join(problem_texts(error, values, whole="(options)", plain=True))
            raise AttackOptionsError(f"{self.name}: {problems}") from None
        self._check_limits(options)
        return options

    def _check_limits(self, options: pydantic.BaseModel) -> None:
        """Refuse counts over :data:`MAX_ODDS_COUNT` (unless the option sets its own upper
        bound) and numbers that are not finite or exceed :data:`MAX_ODDS_NUMBER`."""
        for name, info in type(options).model_fields.items():
            value = getattr(options, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            if isinstance(value, float) and not math.isfinite(value):
                raise AttackOptionsError(f"{self.name}: {name}={value}: give a finite number")
            if isinstance(value, float) and abs(value) > MAX_ODDS_NUMBER:
                bound = f"at most {MAX_ODDS_NUMBER:g}" if value > 0 else \
                    f"at least {-MAX_ODDS_NUMBER:g}"
                raise AttackOptionsError(f"{self.name}: {name}={value:g}: {bound}")
            bounded = any(
                isinstance(item, annotated_types.Le | annotated_types.Lt) for item in info.metadata
            )
            if isinstance(value, int) and not bounded and abs(value) > MAX_ODDS_COUNT:
                bound = f"at most {MAX_ODDS_COUNT}" if value > 0 else f"at least {-MAX_ODDS_COUNT}"
                raise AttackOptionsError(f"{self.name}: {name}={value}: {bound}")

    def option_help(self) -> list[tuple[str, str, str]]:
        """``(name, default, description)`` for each option, for help pages."""
        rows = []
        for name, info in self.options_model.model_fields.items():
            default = "required" if info.is_required() else repr(info.default)
            rows.append((name, default, info.description or ""))
        return rows


def _unknown_words(unknown: Sequence[str], known: set[str]) -> str:
    """The options no attack takes, each with the known one it likely meant.

    >>> _unknown_words(["class", "zzz"], {"beam_class", "range"})
    'class (did you mean beam_class?), zzz'
    """
    words = []
    for key in unknown:
        close = difflib.get_close_matches(key, sorted(known), n=1)
        words.append(f"{key} (did you mean {close[0]}?)" if close else key)
    return ", ".join(words)
