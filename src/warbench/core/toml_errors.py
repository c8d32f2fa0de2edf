"""How a TOML file's syntax errors read: the line and column, and for a key written twice
the key itself (``line 3: units.points is set twice``), not the parser's words.

>>> print(syntax_problem("Cannot overwrite a value (at line 3, column 6)", "[a]\\nx = 1\\nx = 2\\n")
...       .line("demo.toml"))
demo.toml: line 3, column 6: a.x is set twice (a key is set once in its table)
"""

from __future__ import annotations

import re

from warbench.core.data_errors import DataProblem

_TOML_POSITION = re.compile(
    r"^(?P<reason>.*) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|"
    r"end of document)\)$",
    re.DOTALL,
)
_DECLARED_TWICE = re.compile(r"^Cannot declare \((?P<key>.*?),?\) twice$")
_INLINE_TWICE = re.compile(r"^Duplicate inline table key '(?P<key>.*)'$")
_IMMUTABLE = re.compile(r"^Cannot mutate immutable namespace \((?P<key>.*?),?\)$")
_KEY = re.compile(r"""[A-Za-z0-9_\-."' ]+""")
_HEADER = re.compile(r"^\s*(\[\[?)\s*(?P<name>[^\]]*?)\s*\]\]?")


def syntax_problem(message: str, text: str) -> DataProblem:
    """A TOML parser's error message as a problem at ``line L, column C``; a key written
    twice, or added to an inline table, names the key (found from the line's text)."""
    match = _TOML_POSITION.match(message)
    if match is None:
        return DataProblem("", message)
    if match["line"] is None:  # tomllib says "end of document": give its line and column
        last_line = text.rsplit("\n", 1)[-1]
        line, column = text.count("\n") + 1, len(last_line) + 1
    else:
        line, column = int(match["line"]), int(match["col"])
    twice = _twice(match["reason"], text, line)
    if twice is not None:
        return DataProblem(f"line {line}, column {column}", twice)
    return DataProblem(f"line {line}, column {column}", match["reason"])


def _twice(reason: str, text: str, line: int) -> str | None:
    """The plain words for a key set twice (or an inline table added to), else ``None``."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    table, key = _table_before(lines, line), _key_of(here)
    if reason == "Cannot overwrite a value":
        header = _HEADER.match(here)
        if header is not None:
            name = header["name"]
            return f"table [{name}] is declared where {name} already has a value"
        if key is None:
            return None
        return f"{_join(table, key)} is set twice (a key is set once in its table)"
    declared = _DECLARED_TWICE.match(reason)
    if declared is not None:
        header = _HEADER.match(here)
        name = header["name"] if header is not None else _tuple_key(declared["key"])
        return f"table [{name}] is declared twice (or its key was set before)"
    inline = _INLINE_TWICE.match(reason)
    if inline is not None:
        where = _join(table, key) if key is not None else table
        inside = f" (in {where})" if where else ""
        return f"{inline['key']} is set twice in one inline table{inside}"
    immutable = _IMMUTABLE.match(reason)
    if immutable is not None:
        name = _tuple_key(immutable["key"])
        return (f"{name} was written whole as an inline table or array, so its keys cannot be"
                " set on other lines")
    return None


def _key_of(line: str) -> str | None:
    """The key of a ``key = value`` line, as written (``None`` for any other line)."""
    if "=" not in line or line.lstrip().startswith("["):
        return None
    key = line.split("=", 1)[0].strip()
    return key if _KEY.fullmatch(key) else None


def _table_before(lines: list[str], line: int) -> str:
    """The table a line belongs to: the last ``[header]`` above it (``""``: the top), an
    array of tables with the index of its entry (``units[2]``)."""
    for index in range(line - 2, -1, -1):
        header = _HEADER.match(lines[index])
        if header is None:
            continue
        name = header["name"]
        if header.group(1) == "[[":
            count = sum(
                1 for above in lines[: index + 1]
                if (seen := _HEADER.match(above)) and seen.group(1) == "[[" and seen["name"] == name
            )
            return f"{name}[{count - 1}]"
        return name
    return ""


def _join(table: str, key: str) -> str:
    return f"{table}.{key}" if table else key


def _tuple_key(text: str) -> str:
    """``'a', 'b'`` (a Python tuple's items, as the parser prints them) as ``a.b``."""
    return ".".join(part.strip().strip("'\"") for part in text.split(","))
