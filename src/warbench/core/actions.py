"""Actions: the frozen values players hand to the engine, with a type tag and a JSON form.

A ruleset declares each action as a frozen, slotted dataclass that subclasses
:class:`Action` and names its tag::

    @dataclass(frozen=True, slots=True)
    class Fire(Action, tag="fire"):
        squadron: int
        target: int

The tag and the fields make the JSON form (``{"type": "fire", "squadron": 3, "target": 7}``);
an :class:`ActionCodec` turns such JSON back into the action, checking every field.

>>> @dataclass(frozen=True, slots=True)
... class Pass(Action, tag="doctest-pass"):
...     reason: str = ""
>>> Pass().to_plain()
{'type': 'doctest-pass', 'reason': ''}
>>> ActionCodec([Pass]).decode({"type": "doctest-pass"})
Pass(reason='')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from warbench.core.tagged import Tagged, TaggedCodec, TaggedFormatError


class ActionFormatError(TaggedFormatError):
    """JSON that does not describe a known, well-formed action."""


@dataclass(frozen=True, slots=True)
class Action(Tagged):
    """Base of every action; subclasses give ``tag="..."`` in their class statement."""


class ActionCodec(TaggedCodec[Action]):
    """Decodes plain action dicts into the action types a ruleset declared."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        super().__init__(types, noun="action", error=ActionFormatError)
