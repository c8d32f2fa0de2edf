"""Armada's officers' orders, role changes and fleet moves in words, each fleet and officer
by name (attacks, held fire and resolve are worded in :mod:`.ruleset` and :mod:`.resolve`)."""

from __future__ import annotations

import itertools

from warbench.core.actions import Action
from warbench.core.preview import unnamed
from warbench.rulesets.armada.actions import ChangeRole, Move, Order
from warbench.rulesets.armada.state import ArmadaState

#: A step of a move in words: ``F`` a hex ahead, ``L``/``R`` a hex side's turn.
STEP_WORDS = {"F": "ahead", "L": "to port", "R": "to starboard"}


def steps_words(steps: str) -> str:
    """A move's steps in words.

    >>> steps_words("FFFFR")
    '4 hexes ahead, turn to starboard'
    >>> steps_words("")
    'stays where it is'
    """
    parts = []
    for step, run in itertools.groupby(steps):
        count = len(list(run))
        if step == "F":
            parts.append(f"{count} hex{'es' if count != 1 else ''} ahead")
        else:
            times = "" if count == 1 else f" x{count}"
            parts.append(f"turn {STEP_WORDS.get(step, step)}{times}")
    return ", ".join(parts) or "stays where it is"


def _fleet(state: ArmadaState, index: int) -> str:
    return state.fleets[index].name if 0 <= index < len(state.fleets) else f"fleet {index}"


def _officer(state: ArmadaState, index: int) -> str:
    if not 0 <= index < len(state.officers):
        return f"officer {index}"
    officer = state.officers[index]
    if not officer.role:  # an enemy officer the seat has not scanned (ARM-OFF-SCAN)
        return officer.name
    return f"{officer.name} ({officer.role.replace('-', ' ')})"


def option_text(state: ArmadaState, action: Action) -> str:
    """``action`` in words, or "" for an action this module does not word."""
    if isinstance(action, Move):
        stunt = f"{action.stunt.replace('-', ' ')}: " if action.stunt else ""
        past = f" past {_fleet(state, action.target)}" if action.target >= 0 else ""
        resolve = " (resolve spent on the check)" if action.resolve else ""
        return f"{_fleet(state, action.fleet)}: {stunt}{steps_words(action.steps)}{past}{resolve}"
    if isinstance(action, ChangeRole):
        role = action.role.replace("-", " ")
        return f"{_officer(state, action.officer)} takes up the {role} role"
    if isinstance(action, Order):
        parts = [f"{_officer(state, action.officer)}: {action.order.replace('-', ' ')}"]
        if action.fleet >= 0:
            parts.append(f"on {_fleet(state, action.fleet)}")
        if action.ally >= 0:
            parts.append(f"for {_fleet(state, action.ally)}")
        if action.order == "conjure":
            parts.append(f"at hex ({action.q}, {action.r})")
        if action.choice:
            parts.append(f"({action.choice.replace('-', ' ')})")
        if action.resolve:
            parts.append("(resolve spent)")
        return " ".join(parts)
    return ""


#: Fields that name a fleet by its number (-1: none).
FLEET_FIELDS = frozenset({"fleet", "target", "ally"})


def field_value_words(state: ArmadaState, action: Action, field: str) -> str | None:
    """A fleet, officer or gravity mine named by ``action``'s ``field``, or an order's name
    or choice (what to boost, repair, direct or whom to jam), in words (a number naming
    nothing on the table says so; ``None`` for other fields)."""
    value = getattr(action, field, None)
    if isinstance(action, Order) and field in ("order", "choice") and isinstance(value, str):
        return value.replace("-", " ") if value else "none"
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    if field in FLEET_FIELDS:
        if value < 0:
            return "none"
        return _fleet(state, value) if value < len(state.fleets) else unnamed("fleet", value)
    if field == "officer":
        if value < 0:
            return "none"
        return _officer(state, value) if value < len(state.officers) else unnamed(
            "officer", value)
    if field == "mine":
        if value < 0:
            return "none"
        return f"gravity mine {value}" if value < len(state.mines) else unnamed(
            "gravity mine", value)
    return None
