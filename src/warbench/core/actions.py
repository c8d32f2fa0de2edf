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

import dataclasses
import math
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from warbench.core.tagged import Tagged, TaggedCodec, TaggedFormatError, validate_fields

#: The metadata key of an action's tuple field holding one value for each member of another
#: tuple field, the one it names (Dystopian Wars' ``Respond.at``: for each answering model
#: of ``models`` the boarding party its roll goes at): a form asks for a value per member.
ONE_PER = "one_per"


class ActionFormatError(TaggedFormatError):
    """JSON that does not describe a known, well-formed action."""


@dataclass(frozen=True, slots=True)
class Action(Tagged):
    """Base of every action; subclasses give ``tag="..."`` in their class statement."""


class ActionCodec(TaggedCodec[Action]):
    """Decodes plain action dicts into the action types a ruleset declared."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        super().__init__(types, noun="action", error=ActionFormatError)


_Check = Callable[[Any], bool]
_FAST_CHECKS: dict[type[Action], list[tuple[str, _Check]] | None] = {}
#: What :data:`_FAST_CHECKS` answers for a type not seen yet.
_UNSEEN: list[tuple[str, _Check]] = []


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_number(value: Any) -> bool:
    return type(value) is int or (type(value) is float and math.isfinite(value))


def _fast_check(hint: Any) -> _Check | None:
    """A quick test that accepts only what strict validation accepts (``None``: none)."""
    simple: dict[Any, _Check] = {
        int: _is_int,
        float: _is_number,
        bool: lambda value: type(value) is bool,
        str: lambda value: type(value) is str,
    }
    if hint in simple:
        return simple[hint]
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = simple.get(args[0])
        if item is not None:
            check = item
            return lambda value: type(value) is tuple and all(map(check, value))
    return None


def _fast_checks(action_type: type[Action]) -> list[tuple[str, _Check]] | None:
    """Quick tests of every field, or ``None`` when some field has none."""
    hints = typing.get_type_hints(action_type)
    checks = []
    for field in dataclasses.fields(action_type):
        check = _fast_check(hints[field.name])
        if check is None:
            return None
        checks.append((field.name, check))
    return checks


def type_refusal(action: Action) -> str | None:
    """``None`` when every field of ``action`` holds its declared type, else why not.

    ``check`` uses it, so an action built in Python with ``True`` or ``1.0`` in an int
    field, or a NaN, is refused exactly as the codec refuses its JSON.

    >>> @dataclass(frozen=True, slots=True)
    ... class Aim(Action, tag="doctest-aim"):
    ...     target: int
    >>> type_refusal(Aim(2)) is None
    True
    >>> type_refusal(Aim(True))
    "action 'doctest-aim': target: Input should be a valid integer (got true)"
    """
    kind = type(action)
    checks = _FAST_CHECKS.get(kind, _UNSEEN)
    if checks is _UNSEEN:
        checks = _FAST_CHECKS[kind] = _fast_checks(kind)
    if checks is not None:
        for name, check in checks:
            if not check(getattr(action, name)):
                break
        else:
            return None  # the common case, without pydantic: bots check thousands of actions
    # The raw field values, not to_plain's: that writes NaN as the string "nan".
    plain = {field.name: getattr(action, field.name) for field in dataclasses.fields(action)}
    try:
        validate_fields(type(action), plain, noun="action", error=ActionFormatError)
    except ActionFormatError as error:
        return str(error)
    return None
