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

A :class:`Catalog` holds many records keyed by id, and a user's file may replace entries:

>>> guns = Catalog.from_data({"cannon": {"damage": 3}}, Gun, "guns.toml", kind="gun")
>>> guns["cannon"].damage
3
>>> guns["canon"]
Traceback (most recent call last):
...
warbench.core.catalog.UnknownEntry: unknown gun "canon", did you mean "cannon"?
"""

from __future__ import annotations

import datetime
import difflib
import json
import math
import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler, ValidationError
from pydantic_core import CoreSchema, ErrorDetails

from warbench.core.limits import (
    MAX_FILE_BYTES,
    MAX_NESTING,
    TooLarge,
    nesting_depth,
    read_limited_text,
)

ENGINE_DEFAULT = "engine default"
"""The ``source`` of a value the engine chose because the rules source is silent."""

Loc = tuple[str | int, ...]
M = TypeVar("M", bound=BaseModel)
T = TypeVar("T", bound=BaseModel)

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TOML_POSITION = re.compile(
    r"^(?P<reason>.*) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|"
    r"end of document)\)$",
    re.DOTALL,
)


def format_path(loc: Iterable[str | int]) -> str:
    """Write a key path the way this project prints it.

    >>> format_path(("units", 0, "points"))
    'units[0].points'
    >>> format_path(("weapons", "heavy gun", "range"))
    'weapons."heavy gun".range'
    """
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            key = part if _BARE_KEY.fullmatch(part) else json.dumps(part)
            text += f".{key}" if text else key
    return text


@dataclass(frozen=True, slots=True)
class DataProblem:
    """One thing wrong with a data file: where (a key path or line/column) and why."""

    where: str
    reason: str

    def line(self, source: str) -> str:
        """The problem as one line of an error message about ``source``."""
        if not self.where:
            return f"{source}: {self.reason}"
        return f"{source}: {self.where}: {self.reason}"


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


class DataModel(BaseModel):
    """Base for models read from data files: unknown keys are errors, instances are frozen,
    and every scalar is strictly typed (:func:`strict_scalars`): ``hull = "21"``,
    ``hull = true``, ``hull = 21.0``, ``ftl = 1``, ``ftl = "yes"`` and ``name = 5`` are refused,
    ``speed = 6`` for a float is 6.0. NaN and infinity are refused in every float."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[BaseModel], handler: GetCoreSchemaHandler, /
    ) -> CoreSchema:
        # Every subclass (every ruleset's records) is built through here: pydantic's own
        # schema, with its scalars made strict. Model-wide ``strict=True`` is not used: in
        # Python mode it would refuse a TOML array for a tuple field.
        schema: CoreSchema = strict_scalars(handler(source))
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
        raise DataFileError(source, [_syntax_problem(str(error), text)]) from None
    except RecursionError:
        raise DataFileError(source, [too_deep]) from None
    if nesting_depth(data) > MAX_NESTING:
        raise DataFileError(source, [too_deep])
    return data


def _syntax_problem(message: str, text: str) -> DataProblem:
    match = _TOML_POSITION.match(message)
    if match is None:
        return DataProblem("", message)
    if match["line"] is None:  # tomllib says "end of document": give its line and column
        last_line = text.rsplit("\n", 1)[-1]
        line, column = text.count("\n") + 1, len(last_line) + 1
    else:
        line, column = int(match["line"]), int(match["col"])
    return DataProblem(f"line {line}, column {column}", match["reason"])


def load_model(path: str | os.PathLike[str], model: type[M]) -> M:
    """Read a TOML file and validate it as ``model``; any failure is a DataFileError."""
    return parse_model(load_toml(path), model, str(path))


def load_each(
    paths: Iterable[str | os.PathLike[str]], model: type[M]
) -> list[M | DataFileError]:
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


def validation_problems(
    error: ValidationError, data: Any, prefix: Loc = (), *, plain: bool = True
) -> list[DataProblem]:
    """Turn pydantic's errors into problems with TOML key paths (under ``prefix``).

    Errors at the same key path (one per member of a union type) become one problem. A
    value of the wrong type or out of a fixed set is worded ``expected an integer, got the
    string "21"`` (``plain``, for data files); ``plain=False`` keeps pydantic's words.
    """
    reasons: dict[str, list[str]] = {}
    shown_inputs: dict[str, tuple[Any, bool]] = {}
    for detail in error.errors():
        loc, reason, shown = _describe(detail, data, plain=plain)
        where = format_path(prefix + loc)
        reasons.setdefault(where, []).append(reason)
        if shown is not None:
            shown_inputs.setdefault(where, shown)
    problems = []
    for where, texts in reasons.items():
        reason = _either(list(dict.fromkeys(texts)))
        problems.append(DataProblem(where, reason + _note(reason, shown_inputs.get(where))))
    return problems


def _note(reason: str, shown: tuple[Any, bool] | None) -> str:
    """What was found, after the reason: ``, got the string "21"`` after ``expected ...``,
    else `` (got "21")``; nothing for a table or array unless its type was wrong."""
    if shown is None:
        return ""
    value, type_error = shown
    if reason.startswith(_EXPECTED_PREFIX):
        return f", got {_a_value(value)}"
    return _got(value, type_error=type_error)


def _either(texts: list[str]) -> str:
    """Reasons for one key joined with ``or``, ``expected`` said once:
    ``expected a number or "SELF"``."""
    if len(texts) > 1 and all(text.startswith(_EXPECTED_PREFIX) for text in texts):
        return _EXPECTED_PREFIX + " or ".join(text.removeprefix(_EXPECTED_PREFIX) for text in texts)
    return " or ".join(texts)


def problem_texts(error: ValidationError, data: Any, *, whole: str = "(top)") -> list[str]:
    """Pydantic's errors as ``key path: reason`` texts, key paths as
    :func:`validation_problems` writes them, reasons in pydantic's words.

    For errors outside data files (JSON actions, journals, command-line options), so that every
    user-facing message writes key paths one way; ``whole`` names the value itself.

    >>> class Gun(Record):
    ...     damage: int
    >>> try:
    ...     Gun.model_validate({"damage": "ten", "range": 3})
    ... except ValidationError as error:
    ...     print(problem_texts(error, {"damage": "ten", "range": 3}))
    ['damage: Input should be a valid integer (got "ten")', 'range: unknown key']
    """
    return [
        f"{problem.where or whole}: {problem.reason}"
        for problem in validation_problems(error, data, plain=False)
    ]


_EXPECTED_PREFIX = "expected "
#: What a value should have been, by pydantic's error type, for data files' messages.
_EXPECTED = {
    "int_type": "an integer",
    "float_type": "a number",
    "bool_type": "a boolean (true or false)",
    "string_type": "a string",
    "finite_number": "a finite number",
    "tuple_type": "an array",
    "list_type": "an array",
    "set_type": "an array",
    "frozen_set_type": "an array",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
    "dataclass_type": "a table",
}


def _describe(
    detail: ErrorDetails, data: Any, *, plain: bool = True
) -> tuple[Loc, str, tuple[Any, bool] | None]:
    """The TOML location, the reason, and the value to show with whether its type was wrong
    (``None``: show none), for one pydantic error."""
    kind, loc, ctx = detail["type"], _toml_loc(detail, data), detail.get("ctx", {})
    if kind == "missing":
        return loc, "missing required key", None
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):  # a model; a dataclass
        return loc, "unknown key", None
    tag_key = str(ctx.get("discriminator", "")).strip("'")
    if kind == "union_tag_not_found":  # a tagged union's tag key is absent
        return (*loc, tag_key), "missing required key", None
    if kind == "union_tag_invalid":
        expected = str(ctx["expected_tags"]).replace("'", '"')
        reason = f"unknown {tag_key} {json.dumps(ctx['tag'])} (expected one of: {expected})"
        return loc, reason, None
    shown = (detail.get("input"), kind.endswith("_type"))
    if plain and kind in _EXPECTED:
        return loc, _EXPECTED_PREFIX + _EXPECTED[kind], shown
    if plain and kind in _BOUNDS:
        words, key = _BOUNDS[kind]
        return loc, f"{_EXPECTED_PREFIX}{words} {ctx.get(key)}", shown
    if plain and kind == "literal_error":  # one of a fixed set; TOML quotes strings in "
        expected = _PYTHON_QUOTED.sub(lambda m: json.dumps(m[1]), str(ctx.get("expected", "")))
        return loc, _EXPECTED_PREFIX + expected, shown
    return loc, detail["msg"].removeprefix("Value error, "), shown


#: A number's bounds, by pydantic's error type: the words and the context key of the bound.
_BOUNDS = {
    "greater_than_equal": ("at least", "ge"),
    "greater_than": ("more than", "gt"),
    "less_than_equal": ("at most", "le"),
    "less_than": ("less than", "lt"),
}
_PYTHON_QUOTED = re.compile(r"'([^']*)'")


def _a_value(value: Any) -> str:
    """A value as a TOML writer would name it: ``the string "21"``, ``the boolean true``,
    ``the integer 1``, ``the float 6.5``, ``a table``, ``an array``.

    >>> [_a_value(v) for v in ("21", True, 1, 6.5, float("inf"), [1], {})]
    ['the string "21"', 'the boolean true', 'the integer 1', 'the float 6.5', \
'the float inf', 'an array', 'a table']
    """
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, bool):
        return f"the boolean {_scalar_text(value)}"
    if isinstance(value, int):
        return f"the integer {_scalar_text(value)}"
    if isinstance(value, float):
        return f"the float {_scalar_text(value)}"
    if isinstance(value, str):
        return f"the string {_scalar_text(value)}"
    if isinstance(value, datetime.datetime):
        return "a date-time"
    if isinstance(value, datetime.date):
        return "a date"
    if isinstance(value, datetime.time):
        return "a time"
    return f"a {type(value).__name__}"


def _scalar_text(value: bool | int | float | str) -> str:
    """A scalar as TOML writes it, cut to 40 characters."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        text = "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    else:
        text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _toml_loc(detail: ErrorDetails, data: Any) -> Loc:
    """Follow pydantic's location through the input, dropping its own tags.

    Pydantic adds names that are not keys of the file (the tag of a tagged union, the
    member type of a union); only the parts that exist in the data are kept, plus the
    last part of a ``missing`` error, which names the absent key.
    """
    loc = detail["loc"]
    kept: list[str | int] = []
    node = data
    for index, part in enumerate(loc):
        if isinstance(node, Mapping) and isinstance(part, str):
            if part in node:
                kept.append(part)
                node = node[part]
            elif detail["type"] == "missing" and index == len(loc) - 1:
                kept.append(part)
        elif isinstance(node, list | tuple) and isinstance(part, int) and 0 <= part < len(node):
            kept.append(part)
            node = node[part]
    return tuple(kept)


def _got(value: Any, *, type_error: bool) -> str:
    """`` (got ...)`` for a scalar; for a table or array only when its type was wrong."""
    if isinstance(value, Mapping):
        return " (got a table)" if type_error else ""
    if isinstance(value, list | tuple):
        return " (got an array)" if type_error else ""
    if isinstance(value, bool | str | int | float):
        return f" (got {_scalar_text(value)})"
    return ""


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

    def merge(self, user: Catalog[T] | str | os.PathLike[str]) -> Catalog[T]:
        """A new catalog in which the user's entries replace (or add to) these ones.

        Each user entry replaces the whole entry of the same id.
        """
        if not isinstance(user, Catalog):
            user = Catalog.load(user, self.model, kind=self.kind)
        source = f"{self.source} + {user.source}" if self.source else user.source
        return Catalog(self.model, {**self._entries, **user}, kind=self.kind, source=source)

    def __getitem__(self, key: str) -> T:
        try:
            return self._entries[key]
        except KeyError:
            raise UnknownEntry(self.kind, key, self._entries) from None

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
            reason = f"expected a table, got {_a_value(raw)}"
            problems.append(DataProblem(format_path(loc), reason))
        elif key is None:
            problems.append(DataProblem(format_path((*loc, "id")), "missing required key"))
        elif not isinstance(key, str):
            reason = f"expected a string, got {_a_value(key)}"
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
        problems.append(DataProblem(format_path(loc), f"expected a table, got {_a_value(raw)}"))
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
