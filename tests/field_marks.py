"""Distinct values for every field of a state record, to check that a written-out
``__init__``, copy or ``__reduce__`` puts each field in its own place (the compiled
records of ``warbench.compiled`` check types, so each value has its field's own type)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def annotation(kind: object) -> str:
    """A field's type as written (pure Python: the string) or its class's name (compiled:
    the class itself; an optional record reads as a plain ``type``)."""
    return kind if isinstance(kind, str) else getattr(kind, "__name__", str(kind))


def flag_count(kind: type) -> int:
    """How many ``bool`` fields the record has."""
    return sum(annotation(item.type) == "bool" for item in fields(kind))


def field_marks(kind: type, hot: int) -> list[Any]:
    """A distinct value of its field's own type for every field of ``kind``: numbers and
    names by position, new containers, ``None`` for an optional record, and only the
    ``hot``-th flag true."""
    marks: list[Any] = []
    flags = 0
    for index, item in enumerate(fields(kind)):
        written = annotation(item.type)
        if written == "bool":
            marks.append(flags == hot)
            flags += 1
        elif written == "int":
            marks.append(1000 + index)
        elif written == "float":
            marks.append(1000.5 + index)
        elif written == "str":
            marks.append(f"field {index}")
        elif written.startswith("dict"):
            marks.append({f"marker {index}": index})
        elif written.startswith("tuple"):
            marks.append((f"field {index}",))
        elif "None" in written or written == "type":
            marks.append(None)
        else:
            marks.append([index])
    return marks
