"""Facts about a catalog's unit types, worked out once per catalog instead of once per look.

A loaded catalog never changes, so what is derived from it alone (which types fly, each
type's points, a bot's best damage by type) is kept by the catalog object: a fresh
catalog, even one at the address of a dead one, is recognised by identity and starts
afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from warbench.rulesets.robogear.data import RobogearData

T = TypeVar("T")

#: (catalog id, fact name) -> (the catalog, the fact).
_FACTS: dict[tuple[int, str], tuple[object, Any]] = {}
#: More catalogs than this at once (tests loading data again and again): start afresh.
_MOST = 64


def per_catalog(data: RobogearData, name: str, build: Callable[[RobogearData], T]) -> T:
    """The fact ``name`` of ``data``'s unit catalog, built by ``build`` on first asking."""
    units = data.units
    entry = _FACTS.get((id(units), name))
    if entry is None or entry[0] is not units:
        if len(_FACTS) > _MOST:
            _FACTS.clear()
        entry = (units, build(data))
        _FACTS[(id(units), name)] = entry
    return cast(T, entry[1])


def flyer_types(data: RobogearData) -> frozenset[str]:
    """The ids of the unit types that fly."""
    return per_catalog(data, "flyers", lambda d: frozenset(
        key for key, record in d.units.items() if record.chassis == "flyer"))


def type_points(data: RobogearData) -> dict[str, int]:
    """Each unit type's points."""
    return per_catalog(data, "points", lambda d: {
        key: record.points for key, record in d.units.items()})
