"""Plain data: turning game states into JSON-ready values, hashing them, hiding secrets.

A state is made of dataclasses, lists, dicts, tuples, enums and numbers. :func:`to_plain`
turns any such value into JSON-ready dicts and lists, in one canonical form, so that two
equal states give the same text and so the same :func:`state_hash`. Dataclass values carry
their class name under the key ``"@"`` so that two procedures with the same fields differ.

Secrets are values wrapped in :class:`Hidden`: their owner sees them; with a ``viewer`` set,
everyone else sees only that something is hidden there. A dataclass field whose metadata
holds ``referee_only=True`` (the random stream, say: whoever knew it could foresee the
dice) is left out of every player's view but still counts in the hash.

>>> to_plain(Hidden(owner=1, value="charge"), viewer=0)
{'hidden': True, 'owner': 1}
>>> to_plain(Hidden(owner=1, value="charge"), viewer=1)
{'hidden': False, 'owner': 1, 'revealed': False, 'value': 'charge'}
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")

#: The viewer that sees everything (the referee, the journal, the hash).
OMNISCIENT = -1


class Redacted(enum.Enum):
    """What an observation holds in place of a secret its seat may not see."""

    REDACTED = "redacted"

    def __repr__(self) -> str:
        return "REDACTED"


#: The one placeholder for a secret in an observed state.
REDACTED = Redacted.REDACTED


@dataclass(slots=True)
class Hidden(Generic[T]):
    """A value only its owner may see, until it is revealed to all."""

    owner: int
    value: T
    revealed: bool = False

    def visible_to(self, viewer: int) -> bool:
        """Whether ``viewer`` may see the value (``OMNISCIENT`` sees all)."""
        return self.revealed or viewer in (OMNISCIENT, self.owner)

    @staticmethod
    def unseen_in(value: Any, viewer: int) -> list[Hidden[Any]]:
        """Every secret inside ``value`` that ``viewer`` may not see, outermost first.

        >>> Hidden.unseen_in([Hidden(0, "a"), Hidden(1, "b")], viewer=0)
        [Hidden(owner=1, value='b', revealed=False)]
        """
        found: list[Hidden[Any]] = []
        _collect_unseen(value, viewer, found)
        return found


def _collect_unseen(value: Any, viewer: int, found: list[Hidden[Any]]) -> None:
    kind = type(value)
    if kind in _AS_IS or value is None or kind is float:
        return
    if kind is Hidden:
        if not value.visible_to(viewer):
            found.append(value)
        _collect_unseen(value.value, viewer, found)
    elif kind is list or kind is tuple or kind is set or kind is frozenset:
        for item in value:
            _collect_unseen(item, viewer, found)
    elif kind is dict:
        for item in value.values():
            _collect_unseen(item, viewer, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            _collect_unseen(getattr(value, item.name), viewer, found)


class PlainEncodingError(ValueError):
    """A state held a value that has no plain form (a function, a file, a generator)."""


def to_plain(value: Any, viewer: int = OMNISCIENT) -> Any:
    """The canonical JSON-ready form of ``value``, as ``viewer`` may see it.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Ship:
    ...     name: str
    ...     hull: tuple[int, ...]
    >>> to_plain(Ship("Ajax", (3, 2)))
    {'@': 'Ship', 'name': 'Ajax', 'hull': [3, 2]}
    """
    kind = type(value)
    if kind in _AS_IS or value is None:
        return value
    if kind is float:
        return value if value == value else "nan"
    if kind is list or kind is tuple:
        return [to_plain(item, viewer) for item in value]
    fields = _DATACLASS_FIELDS.get(kind)
    if fields is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = _DATACLASS_FIELDS[kind] = tuple(
            (field.name, bool(field.metadata.get("referee_only", False)))
            for field in dataclasses.fields(value)
        )
    if fields is not None and kind is not Hidden:
        plain: dict[str, Any] = {"@": kind.__name__}
        for name, referee_only in fields:
            if viewer == OMNISCIENT or not referee_only:
                plain[name] = to_plain(getattr(value, name), viewer)
        return plain
    if kind is dict:
        return {str(key): to_plain(item, viewer) for key, item in value.items()}
    return _to_plain_rare(value, viewer)


#: Types whose values are already plain (exact types: subclasses take the slow path).
_AS_IS: frozenset[type] = frozenset({int, str, bool})
#: Per dataclass type: (field name, referee only) for each field, found once.
_DATACLASS_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}


def _to_plain_rare(value: Any, viewer: int) -> Any:
    """The less common cases of :func:`to_plain`: floats, enums, secrets, sets, subclasses."""
    if isinstance(value, float):
        return value if value == value else "nan"
    if isinstance(value, enum.Enum):
        return to_plain(value.value, viewer)
    if isinstance(value, Hidden):
        if not value.visible_to(viewer):
            return {"hidden": True, "owner": value.owner}
        return {
            "hidden": False,
            "owner": value.owner,
            "revealed": value.revealed,
            "value": to_plain(value.value, viewer),
        }
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, list | tuple):
        return [to_plain(item, viewer) for item in value]
    if isinstance(value, set | frozenset):
        items = [to_plain(item, viewer) for item in value]
        return sorted(items, key=_sort_key)
    if isinstance(value, dict):
        return {str(key): to_plain(item, viewer) for key, item in value.items()}
    to_plain_method = getattr(value, "to_plain", None)
    if callable(to_plain_method):
        return to_plain(to_plain_method(), viewer)
    raise PlainEncodingError(f"{type(value).__name__} has no plain form: {value!r}")


def _sort_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


#: The encoder of :func:`canonical_json`, built once (``json.dumps`` with options builds one
#: per call). No circular check: :func:`to_plain` has already walked the value.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False)


def canonical_json(value: Any, viewer: int = OMNISCIENT) -> str:
    """Compact, key-sorted JSON text of :func:`to_plain` (value, viewer)."""
    return _CANONICAL.encode(to_plain(value, viewer))


def state_hash(value: Any) -> str:
    """A short hex digest of the whole value; equal states give equal hashes.

    >>> state_hash([1, 2]) == state_hash((1, 2))
    True
    >>> len(state_hash({"a": 1}))
    32
    """
    return hashlib.blake2b(canonical_json(value).encode(), digest_size=16).hexdigest()
