"""How a data file's mistakes read: key paths written the TOML way, and pydantic's errors
turned into one line each (``units[0].points: expected an integer, got the string "21"``).

Every user-facing message about a data file, an army list, a JSON action or a journal writes
its key paths and reasons through this module, so they read one way everywhere.

>>> format_path(("units", 0, "points"))
'units[0].points'
"""

from __future__ import annotations

import datetime
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

Loc = tuple[str | int, ...]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


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


_PATH_PART = re.compile(r'([A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*")(\.|$)')


def parse_path(text: str) -> tuple[str, ...] | None:
    """The keys of a key path written as :func:`format_path` writes one of keys only
    (``weapons."heavy gun".range``: bare keys and quoted ones, joined by dots); ``None``
    for text that is no such path.

    >>> parse_path('weapons."heavy gun".range'), parse_path("cruiser"), parse_path("a..b")
    (('weapons', 'heavy gun', 'range'), ('cruiser',), None)
    """
    keys: list[str] = []
    at = 0
    while at < len(text):
        match = _PATH_PART.match(text, at)
        if match is None or (match.group(2) and match.end() == len(text)):
            return None
        part = match.group(1)
        try:
            keys.append(json.loads(part) if part.startswith('"') else part)
        except ValueError:  # a quoted key JSON cannot read (a bad escape)
            return None
        at = match.end()
    return tuple(keys) or None


class KeyProblem(ValueError):
    """What a model's validator finds wrong with one of its keys: raised in a validator, it
    is reported at that key (``oakhide-brute.spiral: ...``), not at the whole table.

    >>> str(KeyProblem("spiral", "has 5 branches, needs 6"))
    'has 5 branches, needs 6'
    """

    def __init__(self, key: str | int | Loc, reason: str) -> None:
        super().__init__(reason)
        self.loc: Loc = key if isinstance(key, tuple) else (key,)


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
        if _long_enough(detail):
            continue
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


def _long_enough(detail: ErrorDetails) -> bool:
    """Whether pydantic's ``too_short`` is about an array long enough as written: it counts
    only the values that passed, so a misspelt value (reported on its own) is no length
    problem."""
    if detail["type"] != "too_short" or not isinstance(detail["input"], list | tuple):
        return False
    return len(detail["input"]) >= int(detail.get("ctx", {}).get("min_length", 0))


def _note(reason: str, shown: tuple[Any, bool] | None) -> str:
    """What was found, after the reason: ``, got the string "21"`` after ``expected ...``,
    else `` (got "21")``; nothing for a table or array unless its type was wrong."""
    if shown is None:
        return ""
    value, type_error = shown
    if reason.startswith(_EXPECTED_PREFIX):
        if not type_error and isinstance(value, str) and _numeric(value):
            return f", got {value}"  # typed on a command line: a number, written as typed
        return f", got {a_value(value)}"
    return _got(value, type_error=type_error)


def _numeric(text: str) -> bool:
    """Whether ``text`` reads as a number (``-3``, ``2.5``, ``nan``)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def _either(texts: list[str]) -> str:
    """Reasons for one key joined with ``or``, ``expected`` said once:
    ``expected a number or "SELF"``."""
    if len(texts) > 1 and all(text.startswith(_EXPECTED_PREFIX) for text in texts):
        return _EXPECTED_PREFIX + " or ".join(text.removeprefix(_EXPECTED_PREFIX) for text in texts)
    return " or ".join(texts)


def problem_texts(
    error: ValidationError, data: Any, *, whole: str = "(top)", plain: bool = False
) -> list[str]:
    """Pydantic's errors as ``key path: reason`` texts, key paths as
    :func:`validation_problems` writes them, reasons in pydantic's words (``plain``: worded
    as data files' are, ``expected an integer, got the string "abc"``).

    For errors outside data files (JSON actions, journals, command-line options), so that every
    user-facing message writes key paths one way; ``whole`` names the value itself.

    >>> from warbench.core.catalog import Record
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
        for problem in validation_problems(error, data, plain=plain)
    ]


_EXPECTED_PREFIX = "expected "
#: What a value should have been, by pydantic's error type, for data files' messages.
_EXPECTED = {
    "int_type": "an integer",
    "float_type": "a number",
    "bool_type": "a boolean (true or false)",
    "string_type": "a string",
    "finite_number": "a finite number",
    "int_parsing": "an integer",
    "int_from_float": "an integer",
    "float_parsing": "a number",
    "bool_parsing": "true or false",
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
    error = ctx.get("error")
    if isinstance(error, KeyProblem):  # a validator's finding about one of the model's keys
        return (*loc, *error.loc), str(error), None
    shown = (detail.get("input"), kind.endswith("_type"))
    if plain and kind in _EXPECTED:
        return loc, _EXPECTED_PREFIX + _EXPECTED[kind], shown
    if plain and kind in _BOUNDS:
        words, key = _BOUNDS[kind]
        bound = ctx.get(key)
        written = f"{bound:g}" if isinstance(bound, float) else str(bound)
        return loc, f"{_EXPECTED_PREFIX}{words} {written}", shown
    if plain and kind in ("too_short", "too_long"):  # an array with a length bound
        bound = int(ctx.get("min_length" if kind == "too_short" else "max_length", 0))
        words = "at least" if kind == "too_short" else "at most"
        count = len(detail["input"]) if isinstance(detail["input"], list | tuple) else 0
        return loc, count_problem(count, bound).replace("needs ", f"needs {words} "), None
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


def count_problem(count: int, needed: int, names: Sequence[str] = ()) -> str:
    """Why an array of a fixed number of values is wrong, with what its values mean if
    known (``names``).

    >>> count_problem(2, 3, ("short", "medium", "long"))
    'has 2 values, needs 3 (short, medium, long)'
    >>> count_problem(1, 2)
    'has 1 value, needs 2'
    """
    has = "no values" if count == 0 else f"{count} value{'s' if count != 1 else ''}"
    meaning = f" ({', '.join(names)})" if names else ""
    return f"has {has}, needs {needed}{meaning}"


def a_value(value: Any) -> str:
    """A value as a TOML writer would name it: ``the string "21"``, ``the boolean true``,
    ``the integer 1``, ``the float 6.5``, ``a table``, ``an array``.

    >>> [a_value(v) for v in ("21", True, 1, 6.5, float("inf"), [1], {})]
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
