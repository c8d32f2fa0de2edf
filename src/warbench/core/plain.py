"""Plain data: turning game states into JSON-ready values, hashing them, hiding secrets.

A state is made of dataclasses, lists, dicts, tuples, enums and numbers. :func:`to_plain`
turns any such value into JSON-ready dicts and lists, in one canonical form, so that two
equal states give the same text. Dataclass values carry their class name under the key
``"@"`` so that two procedures with the same fields differ. :func:`state_hash` digests the
same content without building that text: :func:`hash_form` walks the state once with a
function generated per dataclass and keeps rows of plain values whole.

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
import io
import json
import pickle
from collections.abc import Callable
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


#: The kind of state hash :func:`state_hash` computes; journals record it as their format.
#: 1: blake2b of :func:`canonical_json`; 2: blake2b of the pickled :func:`hash_form`.
HASH_FORMAT = 2


def state_hash(value: Any) -> str:
    """A short hex digest of the whole value; equal states give equal hashes.

    It digests :func:`hash_form` pickled without a memo, so the bytes depend on the values
    alone, never on which objects are shared, on string interning or on ``PYTHONHASHSEED``.

    >>> state_hash([1, 2]) == state_hash((1, 2))
    True
    >>> state_hash(0.0) == state_hash(-0.0), state_hash(float("nan")) == state_hash(-float("nan"))
    (True, True)
    >>> len(state_hash({"a": 1}))
    32
    """
    return hashlib.blake2b(_memoless_pickle(hash_form(value)), digest_size=16).hexdigest()


def hash_form(value: Any) -> Any:
    """The value as nested tuples of ints, strings, bools, floats, ``None`` and byte tags.

    Everything counts, as the referee sees it (secrets, ``referee_only`` fields). A
    dataclass becomes its class name (bytes) and its field values in order; a dict, its
    items sorted by key text; a set, its members' pickled forms sorted; an enum member,
    its class name and value; a list, the tuple of its items. Every NaN is one NaN and
    ``-0.0`` is ``0.0``. Bytes appear in no state (they have no plain form), so a byte tag
    cannot be mistaken for a value. All-plain tuples and field rows are taken whole.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Ship:
    ...     name: str
    ...     hull: list[int]
    >>> hash_form(Ship("Ajax", [3, 2]))
    (b'Ship', 'Ajax', (3, 2))
    """
    kind = type(value)
    if kind is float:
        return value + 0.0 if value == value else _NAN
    encoder = _HASH_ENCODERS.get(kind)
    if encoder is None:
        encoder = _HASH_ENCODERS[kind] = _hash_encoder(kind)
    return encoder(value)


#: Values taken as they are (exact types).
_HASH_LEAVES: frozenset[type] = frozenset({int, str, bool, type(None)})
_all_leaves = _HASH_LEAVES.issuperset
_NAN = b"nan"
_DICT_TAG = b"{}"
_SET_TAG = b"<set>"


def _same(value: Any) -> Any:
    return value


def _sequence(value: Any) -> tuple[Any, ...]:
    if _all_leaves(map(type, value)):
        return tuple(value)
    return tuple([item if type(item) in _HASH_LEAVES else hash_form(item) for item in value])


def _dict(value: dict[Any, Any]) -> tuple[Any, ...]:
    if not value:
        return (_DICT_TAG,)
    keys = sorted([(str(key), key) for key in value], key=_first)
    return (_DICT_TAG, *[(text, hash_form(value[key])) for text, key in keys])


def _first(pair: tuple[str, Any]) -> str:
    return pair[0]


def _set(value: set[Any] | frozenset[Any]) -> tuple[Any, ...]:
    return (_SET_TAG, *sorted([_memoless_pickle(hash_form(item)) for item in value]))


#: Per type: the function giving a value's hash form, built once (see :func:`_hash_encoder`).
_HASH_ENCODERS: dict[type, Callable[[Any], Any]] = {
    **{kind: _same for kind in _HASH_LEAVES},
    tuple: _sequence,
    list: _sequence,
    dict: _dict,
    set: _set,
    frozenset: _set,
}


def _hash_encoder(kind: type) -> Callable[[Any], Any]:
    """The hash-form function of a type met for the first time."""
    if dataclasses.is_dataclass(kind):
        return _dataclass_encoder(kind)
    if issubclass(kind, enum.Enum):
        tag = kind.__name__.encode()
        return lambda member: (tag, hash_form(member._value_))
    base = next((plain for plain in (bool, int, str, float) if issubclass(kind, plain)), None)
    if base is not None:  # a subclass of a plain type counts as the plain type
        return lambda value: hash_form(base(value))
    if callable(getattr(kind, "to_plain", None)):
        return lambda value: hash_form(value.to_plain())

    def refuse(value: Any) -> Any:
        raise PlainEncodingError(f"{kind.__name__} has no plain form: {value!r}")

    return refuse


def _dataclass_encoder(kind: type) -> Callable[[Any], tuple[Any, ...]]:
    """A function written for ``kind``: reads each field once, passes plain values through,
    and returns the class tag and the fields' hash forms (as ``dataclasses`` writes
    ``__init__``, its text is generated, here from the field names alone)."""
    names = [item.name for item in dataclasses.fields(kind)]
    reads = "".join(f"    v{index} = obj.{name}\n" for index, name in enumerate(names))
    forms = "".join(f"v{index} if type(v{index}) in leaves else form(v{index}), "
                    for index in range(len(names)))
    namespace: dict[str, Any] = {
        "leaves": _HASH_LEAVES, "form": hash_form, "tag": kind.__name__.encode()
    }
    exec(f"def encode(obj):\n{reads}    return (tag, {forms})\n", namespace)
    encode: Callable[[Any], tuple[Any, ...]] = namespace["encode"]
    return encode


def _memoless_pickle(form: Any) -> bytes:
    """Pickle bytes of a hash form with no memo (``fast`` mode): equal forms, equal bytes."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=5)
    pickler.fast = True
    pickler.dump(form)
    return buffer.getvalue()
