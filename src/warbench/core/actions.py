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
import difflib
import json
import math
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pydantic

from warbench.core.catalog import problem_texts
from warbench.core.plain import to_plain


class ActionFormatError(ValueError):
    """JSON that does not describe a known, well-formed action."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; subclasses give ``tag="..."`` in their class statement."""

    TAG: ClassVar[str] = ""

    def __init_subclass__(cls, tag: str = "") -> None:
        # No super() call: the slotted dataclass decorator rebuilt this class, which breaks
        # the zero-argument form, and object.__init_subclass__ does nothing.
        if tag:
            cls.TAG = tag

    def to_plain(self) -> dict[str, Any]:
        """The JSON-ready form: ``{"type": tag, **fields}``."""
        plain: dict[str, Any] = {"type": self.TAG}
        for field in dataclasses.fields(self):
            plain[field.name] = to_plain(getattr(self, field.name))
        return plain


_STRICT_ADAPTERS: dict[type[Action], pydantic.TypeAdapter[Any]] = {}


def _adapter(action_type: type[Action]) -> pydantic.TypeAdapter[Any]:
    adapter = _STRICT_ADAPTERS.get(action_type)
    if adapter is None:
        adapter = _STRICT_ADAPTERS[action_type] = pydantic.TypeAdapter(action_type)
    return adapter


def _validate_fields(action_type: type[Action], fields: Mapping[str, Any]) -> Action:
    """The one strict check of an action's fields: :class:`ActionFormatError` if any field
    is not JSON of its declared type (``true`` for an int, ``1.0`` for an int, NaN)."""
    tag = action_type.TAG
    try:
        text = json.dumps(fields, allow_nan=False)
    except (TypeError, ValueError) as error:  # NaN, infinity, a set, an object
        raise ActionFormatError(f"action {tag!r}: not JSON data: {error}") from None
    try:
        # Strict JSON validation: true is no integer and "1" no number, while arrays
        # still fill tuple fields and whole numbers fill float fields.
        action: Action = _adapter(action_type).validate_json(text, strict=True)
    except pydantic.ValidationError as error:
        problems = "; ".join(problem_texts(error, dict(fields), whole="(action)"))
        raise ActionFormatError(f"action {tag!r}: {problems}") from None
    return action


_Check = Callable[[Any], bool]
_FAST_CHECKS: dict[type[Action], list[tuple[str, _Check]] | None] = {}


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
    if type(action) not in _FAST_CHECKS:
        _FAST_CHECKS[type(action)] = _fast_checks(type(action))
    checks = _FAST_CHECKS[type(action)]
    if checks is not None and all(check(getattr(action, name)) for name, check in checks):
        return None  # the common case, without pydantic: bots check thousands of actions
    # The raw field values, not to_plain's: that writes NaN as the string "nan".
    plain = {field.name: getattr(action, field.name) for field in dataclasses.fields(action)}
    try:
        _validate_fields(type(action), plain)
    except ActionFormatError as error:
        return str(error)
    return None


class ActionCodec:
    """Decodes plain action dicts into the action types a ruleset declared."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self._types: dict[str, type[Action]] = {}
        for action_type in types:
            if not action_type.TAG:
                raise ActionFormatError(f"{action_type.__name__} has no tag")
            if action_type.TAG in self._types:
                raise ActionFormatError(f"two action types share the tag {action_type.TAG!r}")
            self._types[action_type.TAG] = action_type

    @property
    def tags(self) -> tuple[str, ...]:
        """The tags this codec knows, sorted."""
        return tuple(sorted(self._types))

    def decode(self, data: Any) -> Action:
        """The action that ``data`` describes, or :class:`ActionFormatError` saying why not."""
        if not isinstance(data, Mapping):
            raise ActionFormatError(f"an action must be a JSON object, got {data!r}")
        tag = data.get("type")
        if not isinstance(tag, str):
            raise ActionFormatError(f"action {dict(data)!r} has no string 'type'")
        action_type = self._types.get(tag)
        if action_type is None:
            close = difflib.get_close_matches(tag, self._types, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise ActionFormatError(f"unknown action type {tag!r}{hint}")
        fields = {key: value for key, value in data.items() if key != "type"}
        known = {field.name for field in dataclasses.fields(action_type)}
        unknown = sorted(set(fields) - known)
        if unknown:
            raise ActionFormatError(f"action {tag!r} has no field {', '.join(unknown)}")
        return _validate_fields(action_type, fields)
