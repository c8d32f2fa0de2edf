"""Tagged values: frozen dataclasses named by a tag, and the strict JSON codec they share.

Actions (what players do) and events (what happened) are both tagged values: a frozen,
slotted dataclass whose class statement names its tag. The tag and the fields make the JSON
form (``{"type": "fire", "squadron": 3}``); a :class:`TaggedCodec` turns such JSON back into
the value, checking every field strictly.

>>> @dataclass(frozen=True, slots=True)
... class Ping(Tagged, tag="doctest-ping"):
...     count: int = 1
>>> Ping(2).to_plain()
{'type': 'doctest-ping', 'count': 2}
>>> TaggedCodec([Ping], noun="signal").decode({"type": "doctest-ping", "count": 3})
Ping(count=3)
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

import pydantic

from warbench.core.data_errors import problem_texts
from warbench.core.plain import to_plain
from warbench.core.slot_init import install


class TaggedFormatError(ValueError):
    """JSON that does not describe a known, well-formed tagged value."""


@dataclass(frozen=True, slots=True)
class Tagged:
    """Base of every tagged value; subclasses give ``tag="..."`` in their class statement."""

    TAG: ClassVar[str] = ""

    def __init_subclass__(cls, tag: str = "") -> None:
        # No super() call: the slotted dataclass decorator rebuilt this class, which breaks
        # the zero-argument form, and object.__init_subclass__ does nothing.
        if tag:
            cls.TAG = tag
        # The slotted rebuild made by the dataclass decorator lands here too, with its
        # fields and slots: give it the faster frozen __init__ (slot_init).
        install(cls)

    def to_plain(self) -> dict[str, Any]:
        """The JSON-ready form: ``{"type": tag, **fields}``."""
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        plain: dict[str, Any] = {"type": self.TAG}
        for name in names:
            plain[name] = to_plain(getattr(self, name))
        return plain


#: Each tagged type's field names, in order, found once (a class's fields never change).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


T = TypeVar("T", bound=Tagged)

_ADAPTERS: dict[type[Any], pydantic.TypeAdapter[Any]] = {}


def validate_fields(
    tagged_type: type[T],
    fields: Mapping[str, Any],
    *,
    noun: str = "value",
    error: type[TaggedFormatError] = TaggedFormatError,
) -> T:
    """The one strict check of a tagged value's fields: ``error`` if any field is not JSON
    of its declared type (``true`` or ``1.0`` for an int, NaN, infinity, a set)."""
    tag = tagged_type.TAG
    adapter = _ADAPTERS.get(tagged_type)
    if adapter is None:
        adapter = _ADAPTERS[tagged_type] = pydantic.TypeAdapter(tagged_type)
    try:
        text = json.dumps(dict(fields), allow_nan=False)
    except (TypeError, ValueError) as problem:  # NaN, infinity, a set, an object
        raise error(f"{noun} {tag!r}: not JSON data: {problem}") from None
    try:
        # Strict JSON validation: true is no integer and "1" no number, while arrays
        # still fill tuple fields and whole numbers fill float fields.
        value: T = adapter.validate_json(text, strict=True)
    except pydantic.ValidationError as problem:
        problems = "; ".join(problem_texts(problem, dict(fields), whole=f"({noun})"))
        raise error(f"{noun} {tag!r}: {problems}") from None
    return value


class TaggedCodec(Generic[T]):
    """Decodes plain dicts into the tagged types it was given (``noun`` names them in errors).

    ``error`` is the exception class raised for bad JSON (a :class:`TaggedFormatError`).
    """

    def __init__(
        self,
        types: Iterable[type[T]],
        *,
        noun: str = "value",
        error: type[TaggedFormatError] = TaggedFormatError,
    ) -> None:
        self.noun = noun
        self.error = error
        self._types: dict[str, type[T]] = {}
        for tagged_type in types:
            if not tagged_type.TAG:
                raise error(f"{tagged_type.__name__} has no tag")
            known = self._types.get(tagged_type.TAG)
            if known is not None and known is not tagged_type:
                raise error(f"two {noun} types share the tag {tagged_type.TAG!r}")
            self._types[tagged_type.TAG] = tagged_type

    @property
    def tags(self) -> tuple[str, ...]:
        """The tags this codec knows, sorted."""
        return tuple(sorted(self._types))

    def type_of(self, tag: str) -> type[T] | None:
        """The type registered under ``tag``, if any."""
        return self._types.get(tag)

    def decode(self, data: Any) -> T:
        """The value that ``data`` describes, or the codec's error saying why not."""
        noun, error = self.noun, self.error
        if not isinstance(data, Mapping):
            raise error(f"an {noun} must be a JSON object, got {data!r}")
        tag = data.get("type")
        if not isinstance(tag, str):
            raise error(f"{noun} {dict(data)!r} has no string 'type'")
        tagged_type = self._types.get(tag)
        if tagged_type is None:
            close = difflib.get_close_matches(tag, self._types, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise error(f"unknown {noun} type {tag!r}{hint}")
        fields = {key: value for key, value in data.items() if key != "type"}
        known = {field.name for field in dataclasses.fields(tagged_type)}
        unknown = sorted(set(fields) - known)
        if unknown:
            raise error(f"{noun} {tag!r} has no field {', '.join(unknown)}")
        return validate_fields(tagged_type, fields, noun=noun, error=error)
