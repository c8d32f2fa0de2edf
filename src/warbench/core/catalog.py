"""Loading TOML data files into validated pydantic records, with precise errors.

Unit profiles, weapon tables and card decks live in TOML under ``rulesets/<id>/data/``.
This module reads them, validates them with pydantic, and when anything is wrong raises
one :class:`DataFileError` that lists every problem, one line each, as
``file: key path: reason``.

Key paths use TOML names: table keys joined by dots, array positions in brackets, keys
that are not bare TOML keys in double quotes, e.g. ``units[0].points`` or
``weapons."heavy gun".range``. Syntax errors give ``line L, column C`` instead.

Every model read from a data file is a :class:`DataModel`, whose numbers, booleans and
strings are strict: ``"21"`` or ``true`` is no integer, ``1`` or ``"yes"`` no boolean, ``5``
no string; an integer is taken where a float is expected (TOML writes ``speed = 6``), and
arrays still fill tuple fields.

>>> class Gun(Record):
...     damage: int
>>> parse_model({"damage": "ten"}, Gun, "guns.toml")
Traceback (most recent call last):
...
warbench.core.catalog.DataFileError: guns.toml: damage: expected an integer, got the string "ten"

A :class:`Catalog` holds many records keyed by id:

>>> guns = Catalog.from_data({"cannon": {"damage": 3}}, Gun, "guns.toml", kind="gun")
>>> guns["cannon"].damage
3
>>> guns["canon"]
Traceback (most recent call last):
...
warbench.core.catalog.UnknownEntry: unknown gun "canon", did you mean "cannon"?
"""

from __future__ import annotations

import difflib
import json
import os
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler, ValidationError
from pydantic_core import CoreSchema

from warbench.core.data_errors import (
    DataProblem,
    Loc,
    a_value,
    count_problem,
    format_path,
    validation_problems,
)
from warbench.core.limits import (
    MAX_FILE_BYTES,
    MAX_NESTING,
    TooLarge,
    nesting_depth,
    read_limited_text,
)
from warbench.core.toml_errors import syntax_problem

ENGINE_DEFAULT = "engine default"
"""The ``source`` of a value the engine chose because the rules source is silent."""

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T", bound=BaseModel)


class DataFileError(ValueError):
    """A data file could not be read or did not validate; lists every problem found."""

    def __init__(self, source: str, problems: Sequence[DataProblem]) -> None:
        self.source = source
        self.problems = tuple(problems)
        super().__init__("\n".join(problem.line(source) for problem in self.problems))

    def __reduce__(self) -> tuple[type[DataFileError], tuple[str, tuple[DataProblem, ...]]]:
        return DataFileError, (self.source, self.problems)  # so worker processes can send it

    def one_line(self) -> str:
        """Every problem on one line (``; `` between them), for a report of many files."""
        return "; ".join(problem.line(self.source) for problem in self.problems)


class DataFilesError(ValueError):
    """Several data files that could not be read; every problem of each, each line naming
    its file."""

    def __init__(self, errors: Sequence[DataFileError]) -> None:
        self.errors = tuple(errors)
        super().__init__("\n".join(str(error) for error in self.errors))

    def __reduce__(self) -> tuple[type[DataFilesError], tuple[tuple[DataFileError, ...]]]:
        return DataFilesError, (self.errors,)  # so worker processes can send it


class UnknownEntry(KeyError, ValueError):
    """An id that a catalog (or a lookup built the same way) does not hold.

    >>> str(UnknownEntry("unit", "dredd", ["dread", "frigate"]))
    'unknown unit "dredd", did you mean "dread"?'
    """

    def __init__(self, kind: str, key: str, known: Iterable[str]) -> None:
        self.kind = kind
        self.key = key
        self.suggestions = tuple(difflib.get_close_matches(key, list(known), n=3))
        super().__init__(f"unknown {kind} {json.dumps(key)}{did_you_mean(self.suggestions)}")

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self) -> tuple[type[UnknownEntry], tuple[str, str, tuple[str, ...]]]:
        return UnknownEntry, (self.kind, self.key, self.suggestions)


def did_you_mean(suggestions: Sequence[str]) -> str:
    """The ``, did you mean ...?`` tail of a message, empty without suggestions.

    >>> did_you_mean(["dread", "dreadnought"])
    ', did you mean "dread" or "dreadnought"?'
    """
    if not suggestions:
        return ""
    quoted = [json.dumps(s) for s in suggestions]
    options = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
    return f", did you mean {options}?"


#: The scalar types a data file's values are checked strictly against (pydantic's core
#: schema types): ``int``, ``float`` (an int is taken and becomes a float), ``bool``, ``str``.
STRICT_SCALARS = frozenset({"int", "float", "bool", "str"})
#: Parts of a core schema left as they are: a table's keys are always strings in TOML, and
#: ``dict[int, ...]`` keys (``[xp_by_cr]`` then ``1 = 400``) are read from them.
_LENIENT_PARTS = frozenset({"keys_schema", "serialization", "metadata"})


def strict_scalars(schema: Any) -> Any:
    """A copy of a pydantic core schema in which every int, float, bool and str check is
    strict, at any depth (in tuples, tables, unions, nested models, before validators);
    sequences, tables, models and choices (``Literal``) keep pydantic's usual reading, so a
    TOML array still fills a tuple field. Table keys are left as they are.

    >>> strict_scalars({"type": "tuple", "items_schema": [{"type": "int", "ge": 1}]})
    {'type': 'tuple', 'items_schema': [{'type': 'int', 'ge': 1, 'strict': True}]}
    """
    if isinstance(schema, dict):
        copy = {
            key: value if key in _LENIENT_PARTS else strict_scalars(value)
            for key, value in schema.items()
        }
        if copy.get("type") in STRICT_SCALARS:
            copy["strict"] = True
        return copy
    if isinstance(schema, list):
        return [strict_scalars(value) for value in schema]
    if isinstance(schema, tuple):  # a union's (choice, label) pairs
        return tuple(strict_scalars(value) for value in schema)
    return schema


#: The key of a tuple schema's metadata that holds what its values mean (:class:`ValueNames`),
#: and the one that marks it as checked for its length (:func:`counted_tuples`).
_NAMES_KEY = "warbench_value_names"
_COUNTED_KEY = "warbench_counted"


class ValueNames:
    """What each value of a fixed-length array means, for its error: a data file's
    ``damage = [6, 5]`` then reads ``has 2 values, needs 3 (short, medium, long)``.

    Use as ``Annotated[tuple[int, int, int], ValueNames("short", "medium", "long")]``.
    """

    def __init__(self, *names: str) -> None:
        self.names = names

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler, /
    ) -> CoreSchema:
        schema: Any = dict(handler(source))
        schema["metadata"] = {**schema.get("metadata", {}), _NAMES_KEY: self.names}
        result: CoreSchema = schema
        return result


def counted_tuples(schema: Any) -> Any:
    """A copy of a pydantic core schema in which every fixed-length tuple first checks how
    many values it was given, so that a short or long TOML array reads ``has 2 values,
    needs 3`` (with what they mean, where :class:`ValueNames` says) at the array's own key,
    not ``missing required key`` or pydantic's ``Tuple should have at most 3 items``.

    >>> wrapped = counted_tuples({"type": "tuple", "items_schema": [{"type": "int"}] * 2})
    >>> wrapped["type"], wrapped["schema"]["type"]
    ('function-before', 'tuple')
    """
    if isinstance(schema, list):
        return [counted_tuples(value) for value in schema]
    if isinstance(schema, tuple):
        return tuple(counted_tuples(value) for value in schema)
    if not isinstance(schema, dict):
        return schema
    copy = {
        key: value if key in _LENIENT_PARTS else counted_tuples(value)
        for key, value in schema.items()
    }
    metadata = copy.get("metadata") or {}
    if copy.get("type") != "tuple" or "variadic_item_index" in copy or metadata.get(_COUNTED_KEY):
        return copy
    copy["metadata"] = {**metadata, _COUNTED_KEY: True}
    check = _count_check(len(copy.get("items_schema", ())), metadata.get(_NAMES_KEY, ()))
    return {"type": "function-before", "function": {"type": "no-info", "function": check},
            "schema": copy}


def _count_check(needed: int, names: Sequence[str]) -> Any:
    """A before-validator refusing an array of other than ``needed`` values."""

    def check(value: Any) -> Any:
        if isinstance(value, list | tuple) and len(value) != needed:
            raise ValueError(count_problem(len(value), needed, names))
        return value

    return check


class DataModel(BaseModel):
    """Base for models read from data files: unknown keys are errors, instances are frozen,
    and every scalar is strictly typed (:func:`strict_scalars`): ``hull = "21"``,
    ``hull = true``, ``hull = 21.0``, ``ftl = 1``, ``ftl = "yes"`` and ``name = 5`` are refused,
    ``speed = 6`` for a float is 6.0. NaN and infinity are refused in every float. An array
    for a fixed-length tuple is refused by its count (:func:`counted_tuples`)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[BaseModel], handler: GetCoreSchemaHandler, /
    ) -> CoreSchema:
        # Every subclass (every ruleset's records) is built through here: pydantic's own
        # schema, with its scalars made strict. Model-wide ``strict=True`` is not used: in
        # Python mode it would refuse a TOML array for a tuple field.
        schema: CoreSchema = counted_tuples(strict_scalars(handler(source)))
        return schema


class Record(DataModel):
    """Base for ruleset data records.

    ``source`` says where a value comes from: ``"rules"`` (the default) for the rules
    source, :data:`ENGINE_DEFAULT` where the source is silent and the engine chose.
    """

    source: str = "rules"


def load_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a TOML file, raising :class:`DataFileError` if it is missing or malformed."""
    source = str(path)
    try:
        text = read_limited_text(path, MAX_FILE_BYTES, source)
    except FileNotFoundError:
        raise DataFileError(source, [DataProblem("", "file not found")]) from None
    except TooLarge:
        problem = DataProblem("", f"larger than {MAX_FILE_BYTES:,} bytes; not read")
        raise DataFileError(source, [problem]) from None
    except OSError as error:
        raise DataFileError(source, [DataProblem("", f"cannot read ({error.strerror})")]) from None
    except UnicodeDecodeError as error:
        problem = DataProblem(f"byte {error.start}", "not UTF-8 text")
        raise DataFileError(source, [problem]) from None
    return parse_toml(text, source)


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error names ``source`` and the line and column.

    >>> parse_toml("a = 1\\nb = = 2\\n", "demo.toml")
    Traceback (most recent call last):
    ...
    warbench.core.catalog.DataFileError: demo.toml: line 2, column 5: Invalid value
    """
    too_deep = DataProblem("", f"nested deeper than {MAX_NESTING} levels; not read")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(source, [syntax_problem(str(error), text)]) from None
    except RecursionError:
        raise DataFileError(source, [too_deep]) from None
    if nesting_depth(data) > MAX_NESTING:
        raise DataFileError(source, [too_deep])
    return data


def load_model(path: str | os.PathLike[str], model: type[M]) -> M:
    """Read a TOML file and validate it as ``model``; any failure is a DataFileError."""
    return parse_model(load_toml(path), model, str(path))


def load_each(paths: Iterable[str | os.PathLike[str]], model: type[M]) -> list[M | DataFileError]:
    """Read every file as ``model``: each one's model, or the error that names it, so a
    broken file never hides what is wrong (or right) with the others."""
    results: list[M | DataFileError] = []
    for path in paths:
        try:
            results.append(load_model(path, model))
        except DataFileError as error:
            results.append(error)
    return results


def load_all(paths: Iterable[str | os.PathLike[str]], model: type[M]) -> list[M]:
    """Read every file as ``model``; if any fails, one :class:`DataFilesError` lists every
    problem of every file that failed (each line names its file)."""
    results = load_each(paths, model)
    broken = [result for result in results if isinstance(result, DataFileError)]
    if broken:
        raise DataFilesError(broken)
    return [result for result in results if not isinstance(result, DataFileError)]


def parse_model(data: Any, model: type[M], source: str) -> M:
    """Validate ``data`` as ``model``; errors name ``source``, the key path and the reason."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise DataFileError(source, validation_problems(error, data)) from None


def engine_defaults(data: object) -> list[str]:
    """Key paths of every record whose ``source`` is :data:`ENGINE_DEFAULT`.

    Walks models, tables, arrays and catalogs; the path of a top-level record is ``""``.

    >>> class Table(Record):
    ...     rows: tuple[Record, ...]
    >>> engine_defaults(Table(rows=(Record(), Record(source=ENGINE_DEFAULT))))
    ['rows[1]']
    """
    found: list[str] = []
    _collect_defaults(data, (), found)
    return found


def _collect_defaults(node: object, loc: Loc, found: list[str]) -> None:
    if isinstance(node, BaseModel):
        if isinstance(node, Record) and node.source == ENGINE_DEFAULT:
            found.append(format_path(loc))
        for name, field in type(node).model_fields.items():
            _collect_defaults(getattr(node, name), (*loc, field.alias or name), found)
    elif isinstance(node, Mapping):
        for key, value in node.items():
            _collect_defaults(value, (*loc, str(key)), found)
    elif isinstance(node, list | tuple):
        for index, value in enumerate(node):
            _collect_defaults(value, (*loc, index), found)


class Catalog(Mapping[str, T], Generic[T]):
    """Validated records keyed by id: units, weapons, cards.

    A catalog file is either a table per id (``[cannon]`` then its keys) or one array of
    tables whose entries carry an ``id`` (``[[guns]]`` then ``id = "cannon"``). If the
    model has an ``id`` field it receives the entry's id. Looking up an unknown id raises
    :class:`UnknownEntry` with close matches.
    """

    __slots__ = ("_entries", "kind", "model", "source")

    def __init__(
        self, model: type[T], entries: Mapping[str, T], *, kind: str = "entry", source: str = ""
    ) -> None:
        self.model = model
        self.kind = kind
        self.source = source
        self._entries = dict(entries)

    @classmethod
    def load(
        cls, path: str | os.PathLike[str], model: type[M], *, kind: str = "entry"
    ) -> Catalog[M]:
        """Read and validate a catalog file."""
        return Catalog.from_data(load_toml(path), model, str(path), kind=kind)

    @classmethod
    def from_data(
        cls, data: Mapping[str, Any], model: type[M], source: str, *, kind: str = "entry"
    ) -> Catalog[M]:
        """Validate parsed TOML as a catalog; every problem is reported in one error."""
        problems: list[DataProblem] = []
        entries: dict[str, M] = {}
        for loc, key, raw in _catalog_items(data, problems):
            record = _validate_entry(model, key, raw, loc, problems)
            if record is not None:
                entries[key] = record
        if problems:
            raise DataFileError(source, problems)
        return Catalog(model, entries, kind=kind, source=source)

    def __getitem__(self, key: str) -> T:
        try:
            return self._entries[key]
        except KeyError:
            raise UnknownEntry(self.kind, key, self._entries) from None

    def __contains__(self, key: object) -> bool:
        """Whether ``key`` is an id here, without working out the close matches an unknown
        id's error offers (``Mapping``'s own test looks it up and catches that error)."""
        return key in self._entries

    def get(self, key: str, default: Any = None) -> Any:
        """The entry of ``key``, or ``default``: as a dict's ``get``, no error built."""
        return self._entries.get(key, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        where = f" from {self.source}" if self.source else ""
        return f"<Catalog of {len(self)} {self.model.__name__} ({self.kind}){where}>"


def _catalog_items(
    data: Mapping[str, Any], problems: list[DataProblem]
) -> Iterator[tuple[Loc, str, Any]]:
    """Yield (location in file, id, raw entry) for either layout; array entries lose ``id``."""
    if len(data) == 1:
        ((array_name, array),) = data.items()
        if isinstance(array, list):
            yield from _array_items(array_name, array, problems)
            return
    for key, raw in data.items():
        yield (key,), key, raw


def _array_items(
    name: str, array: list[Any], problems: list[DataProblem]
) -> Iterator[tuple[Loc, str, Any]]:
    first_seen: dict[str, int] = {}
    for index, raw in enumerate(array):
        loc: Loc = (name, index)
        key = raw.get("id") if isinstance(raw, Mapping) else None
        if not isinstance(raw, Mapping):
            reason = f"expected a table, got {a_value(raw)}"
            problems.append(DataProblem(format_path(loc), reason))
        elif key is None:
            problems.append(DataProblem(format_path((*loc, "id")), "missing required key"))
        elif not isinstance(key, str):
            reason = f"expected a string, got {a_value(key)}"
            problems.append(DataProblem(format_path((*loc, "id")), reason))
        elif key in first_seen:
            first = format_path((name, first_seen[key], "id"))
            problems.append(
                DataProblem(
                    format_path((*loc, "id")), f"duplicate id {json.dumps(key)} (first at {first})"
                )
            )
        else:
            first_seen[key] = index
            yield loc, key, {k: v for k, v in raw.items() if k != "id"}


def _validate_entry(
    model: type[M], key: str, raw: Any, loc: Loc, problems: list[DataProblem]
) -> M | None:
    if not isinstance(raw, Mapping):
        problems.append(DataProblem(format_path(loc), f"expected a table, got {a_value(raw)}"))
        return None
    data = dict(raw)
    if "id" in model.model_fields:
        data.setdefault("id", key)
        if data["id"] != key:
            reason = f"id {json.dumps(data['id'])} differs from its table name {json.dumps(key)}"
            problems.append(DataProblem(format_path((*loc, "id")), reason))
            return None
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems.extend(validation_problems(error, data, loc))
        return None
