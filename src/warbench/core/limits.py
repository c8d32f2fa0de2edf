"""Every bound on what a user may hand Warbench, in one place.

Files, JSON and TOML, odds queries, army lists and simulation runs are all read through the
helpers here, so that no input can make a command allocate without end, run for hours or
recurse until Python gives up. The limits are documented in ``docs/limits.md``.

>>> read_limited_text(__file__, MAX_FILE_BYTES, "limits.py").count("MAX_NESTING") > 1
True
>>> nesting_depth({"a": [[1], {"b": []}]})
4
>>> check_depth([[[]]], "demo.json", most=2)
Traceback (most recent call last):
...
warbench.core.limits.TooLarge: demo.json: nested 3 deep; at most 2 levels are read
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

#: Largest file read as a journal, army list, constraint set or data file (bytes).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Deepest nesting of lists and tables read from JSON or TOML.
MAX_NESTING = 64
#: Largest count in an odds query (dice in a pool, batteries, tubes, fighters, hull boxes)
#: unless the option states its own smaller or larger bound.
MAX_ODDS_COUNT = 100
#: Largest distance or other real number in an odds query.
MAX_ODDS_NUMBER = 10_000.0
#: Most games in one simulation run (or per pair of lists in a tournament).
MAX_GAMES = 1_000_000
#: Most models in one entry of an army list, and most entries in a list.
MAX_LIST_MODELS = 10_000
MAX_LIST_ENTRIES = 1_000
#: Largest row id SQLite stores (a game or run id), and largest seed.
MAX_SQLITE_INT = 2**63 - 1
MAX_SEED = 2**128 - 1


class TooLarge(ValueError):
    """An input beyond one of Warbench's limits; the message names it and the limit."""


def read_limited_text(path: str | os.PathLike[str], most: int, source: str) -> str:
    """The UTF-8 text of ``path``, refusing files over ``most`` bytes without reading on.

    Raises :class:`FileNotFoundError`/:class:`OSError` as ``open`` does, :class:`TooLarge`
    for a file (or endless device) over the limit, and :class:`UnicodeDecodeError`.
    """
    with Path(path).open("rb") as handle:
        raw = handle.read(most + 1)
    if len(raw) > most:
        raise TooLarge(f"{source}: larger than {most:,} bytes; not read")
    return raw.decode("utf-8")


def nesting_depth(data: Any) -> int:
    """How deeply lists and dicts nest in ``data`` (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        deepest = max(deepest, depth + 1)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def check_depth(data: Any, source: str, most: int = MAX_NESTING) -> None:
    """Raise :class:`TooLarge` when ``data`` nests deeper than ``most``."""
    depth = nesting_depth(data)
    if depth > most:
        raise TooLarge(f"{source}: nested {depth} deep; at most {most} levels are read")


def loads_json(text: str, source: str) -> Any:
    """Parse JSON text nested at most :data:`MAX_NESTING` deep.

    Raises :class:`json.JSONDecodeError` for bad syntax and :class:`TooLarge` for nesting.
    """
    try:
        data = json.loads(text)
    except RecursionError:
        raise TooLarge(
            f"{source}: nested too deep; at most {MAX_NESTING} levels are read"
        ) from None
    check_depth(data, source)
    return data
