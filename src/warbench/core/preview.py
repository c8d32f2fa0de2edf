"""What a person sees of an action before taking it: its words, where pieces would end.

A ruleset says an action in words (``Ruleset.action_text``; :func:`action_words` is the
readable fallback for any action), names the piece an action aims at
(``Ruleset.action_target``, so a click on that piece picks it), and predicts with its own
movement where pieces would stand after it (``Ruleset.action_preview``: a :class:`Preview`
of :class:`Ghost` poses, and the rules' own reason when the action is illegal). The web
table draws the ghosts before the action is committed.

>>> from dataclasses import dataclass
>>> from warbench.core.actions import Action
>>> @dataclass(frozen=True, slots=True)
... class ChargeModel(Action, tag="doctest-charge-model"):
...     model: int
...     target: int
...     run: bool = False
>>> action_words(ChargeModel(2, 5))
'charge model: model 2, target 5'
>>> Ghost("Ajax", 3.0, 4.0, 90.0, ((1.0, 1.0),)).to_plain()["path"]
[[1.0, 1.0]]
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from warbench.core.actions import Action


@dataclass(frozen=True, slots=True)
class Ghost:
    """Where the piece ``label`` of the table picture would stand after an action: at
    ``(x, y)`` facing ``heading`` (degrees clockwise from up the table), having passed
    through the points of ``path`` on the way; ``size`` is its base's radius, for a piece
    not yet on the table (a placement); ``meets`` says in words what stops it there, where
    the rules roll for that (a Dystopian Wars ram or collision)."""

    label: str
    x: float
    y: float
    heading: float | None = None
    path: tuple[tuple[float, float], ...] = ()
    size: float | None = None
    meets: str = ""

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "label": self.label,
            "x": self.x,
            "y": self.y,
            "heading": self.heading,
            "path": [list(point) for point in self.path],
            "size": self.size,
            "meets": self.meets,
        }


@dataclass(frozen=True, slots=True)
class Preview:
    """An action's predicted result: the ghosts of the pieces it moves, and ``refusal``,
    the rules' own reason in words when the action is illegal (``None``: legal, or the
    ruleset leaves the verdict to the engine's check)."""

    ghosts: tuple[Ghost, ...] = ()
    refusal: str | None = None


def action_words(action: Action) -> str:
    """A readable form of any action: its type in words, then its fields that differ
    from their defaults (``pass`` for an action with none)."""
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", type(action).__name__).lower()
    parts = []
    for item in dataclasses.fields(action):
        value = getattr(action, item.name)
        if item.default is not dataclasses.MISSING and value == item.default:
            continue
        parts.append(f"{item.name.replace('_', ' ')} {_value_words(value)}")
    return f"{name}: {', '.join(parts)}" if parts else name


def _value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, tuple | list):
        return "(" + ", ".join(_value_words(item) for item in value) + ")"
    return str(value)


def unnamed(kind: str, value: int, why: str = "not on the table") -> str:
    """A number that names nothing in the state judged from, said so (``Ruleset.
    field_value_words``: what a form shows for a value typed that names no piece).

    >>> unnamed("unit", 17)
    'unit 17 — not on the table'
    """
    return f"{kind} {value} — {why}"
