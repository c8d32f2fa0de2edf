"""The ruleset registry: the one way the core finds a rule system by its id.

Built-in rulesets and plug-ins announce themselves through the ``warbench.rulesets`` entry
point group (``id = "package.module:RulesetClass"``); tests and scripts may also call
:func:`register` directly.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from warbench.core.ruleset import Ruleset

ENTRY_POINT_GROUP = "warbench.rulesets"

_factories: dict[str, Callable[..., Ruleset[Any, Any]]] = {}
_instances: dict[str, Ruleset[Any, Any]] = {}


class UnknownRuleset(ValueError):
    """No ruleset is registered under the id asked for."""


def register(factory: Callable[..., Ruleset[Any, Any]], ruleset_id: str | None = None) -> None:
    """Make a ruleset available under its id (a class's ``id`` unless one is given)."""
    key = ruleset_id or getattr(factory, "id", None)
    if not isinstance(key, str) or not key:
        raise ValueError(f"{factory!r} has no ruleset id; pass ruleset_id")
    _factories[key] = factory
    _instances.pop(key, None)


def _load_entry_points() -> None:
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name not in _factories:
            _factories[entry.name] = _entry_point_factory(entry)


def _entry_point_factory(entry: EntryPoint) -> Callable[..., Ruleset[Any, Any]]:
    def build(data_dir: str | os.PathLike[str] | None = None) -> Ruleset[Any, Any]:
        made: Ruleset[Any, Any] = entry.load()(data_dir)
        return made

    return build


def available_rulesets() -> list[str]:
    """Ids of every ruleset that can be loaded, sorted."""
    _load_entry_points()
    return sorted(_factories)


def ruleset(
    ruleset_id: str, data_dir: str | os.PathLike[str] | None = None
) -> Ruleset[Any, Any]:
    """The ruleset registered as ``ruleset_id``; :class:`UnknownRuleset` names the choices.

    ``data_dir`` is a player's own data folder, read before the shipped files (a new
    instance each time; without it, one shared instance with the shipped data).
    """
    if data_dir is None and ruleset_id in _instances:
        return _instances[ruleset_id]
    _load_entry_points()
    factory = _factories.get(ruleset_id)
    if factory is None:
        known = sorted(_factories)
        close = difflib.get_close_matches(ruleset_id, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        listing = ", ".join(known) if known else "none is installed"
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}{hint} (known: {listing})")
    if data_dir is not None:
        return factory(data_dir)
    instance = factory()
    _instances[ruleset_id] = instance
    return instance
