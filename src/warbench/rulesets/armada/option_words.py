"""Armada's officers' orders, role changes, fleet moves, mines, self-destructs and shots at
mines in words, each fleet by its label (:mod:`.names`) and officer by name, each hex from
a fleet on the board and each mine by its key there (attacks at fleets, held fire and
resolve are worded in :mod:`.ruleset` and :mod:`.resolve`)."""

from __future__ import annotations

import itertools

from warbench.core.actions import Action
from warbench.core.hexgrid import Hex
from warbench.core.preview import unnamed
from warbench.rulesets.armada.actions import (
    ChangeRole,
    Decline,
    Fire,
    LayMines,
    Move,
    Order,
    SelfDestruct,
)
from warbench.rulesets.armada.names import fleet_labels
from warbench.rulesets.armada.places import hex_from, mine_name
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
    """Fleet ``index`` by its label (:mod:`.names`)."""
    return fleet_labels(state.fleets)[index] if 0 <= index < len(state.fleets) else f"fleet {index}"


def _officer(state: ArmadaState, index: int) -> str:
    if not 0 <= index < len(state.officers):
        return f"officer {index}"
    officer = state.officers[index]
    if not officer.role:  # an enemy officer the seat has not scanned (ARM-OFF-SCAN)
        return officer.name
    return f"{officer.name} ({officer.role.replace('-', ' ')})"


def _mine(state: ArmadaState, index: int) -> str:
    return mine_name(index) if 0 <= index < len(state.mines) else unnamed("gravity mine", index)


def conjured_at(state: ArmadaState, order: Order) -> str:
    """Where a conjure puts its debris: the hex from the officer's own fleet."""
    officer = state.officers[order.officer] if 0 <= order.officer < len(state.officers) else None
    if officer is None or not 0 <= officer.fleet < len(state.fleets):
        return f"the hex {order.q},{order.r}"
    fleet = state.fleets[officer.fleet]
    return hex_from(fleet.hex, Hex(order.q, order.r), _fleet(state, fleet.id))


def laid_at(state: ArmadaState, action: LayMines) -> str:
    """The hexes of a mine laying, each from the fleet laying them."""
    if not 0 <= action.fleet < len(state.fleets):
        return " and ".join(f"the hex {q},{r}" for q, r in action.hexes)
    fleet, named = state.fleets[action.fleet], _fleet(state, action.fleet)
    return " and ".join(hex_from(fleet.hex, Hex(q, r), named) for q, r in action.hexes)


def _decline_text(state: ArmadaState, action: Decline) -> str:
    """Letting the chance pass: to lay mines now, or to self-destruct (the frame asking)."""
    from warbench.rulesets.armada.mines import MinesWindow

    name = _fleet(state, action.fleet)
    if state.stack and isinstance(state.stack[-1], MinesWindow):
        return f"{name} does not lay its gravity mines yet"
    return f"{name} does not self-destruct"


def option_text(state: ArmadaState, action: Action) -> str:
    """``action`` in words, or "" for an action this module does not word."""
    if isinstance(action, Fire) and action.mine >= 0:
        resolve = " (resolve spent on the check)" if action.resolve else ""
        mine = _mine(state, action.mine)
        return f"{_fleet(state, action.fleet)} fires at gravity {mine}{resolve}"
    if isinstance(action, LayMines):
        return f"{_fleet(state, action.fleet)} lays gravity mines {laid_at(state, action)}"
    if isinstance(action, Decline):
        return _decline_text(state, action)
    if isinstance(action, SelfDestruct):
        at = (f", attacking {_fleet(state, action.target)}" if action.target >= 0
              else " (no fleet next to it)")
        return f"{_fleet(state, action.fleet)} self-destructs{at}"
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
            parts.append(f"debris {conjured_at(state, action)}")
        if action.choice:
            parts.append(f"({action.choice.replace('-', ' ')})")
        if action.resolve:
            parts.append("(resolve spent)")
        return " ".join(parts)
    return ""


#: Fields that name a fleet by its number (-1: none).
FLEET_FIELDS = frozenset({"fleet", "target", "ally"})


def field_value_words(state: ArmadaState, action: Action, field: str) -> str | None:
    """A fleet, officer or gravity mine named by ``action``'s ``field``, an order's name
    or choice (what to boost, repair, direct or whom to jam), a move's steps and stunt, a
    conjure's hex, in words (a number naming nothing on the table says so; ``None`` for
    other fields)."""
    value = getattr(action, field, None)
    if isinstance(action, Order) and field in ("order", "choice") and isinstance(value, str):
        return value.replace("-", " ") if value else "none"
    if isinstance(action, Move) and field == "steps" and isinstance(value, str):
        return steps_words(value)
    if isinstance(action, Move) and field == "stunt" and isinstance(value, str):
        return value.replace("-", " ") if value else "none (an ordinary move)"
    if isinstance(action, Order) and field in ("q", "r"):
        if action.order != "conjure":
            return "only a conjure names a hex"
        return conjured_at(state, action)
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    if isinstance(action, Fire) and field == "target" and value < 0 and action.mine >= 0:
        return "none (a gravity mine)"
    if isinstance(action, Move) and field == "target" and value < 0:
        return "none (no flyby)"
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
        return _mine(state, value)
    return None


#: Each form field's caption and hover hint, by action tag and field name.
FIELD_HELP: dict[tuple[str, str], tuple[str, str]] = {
    ("armada-move", "fleet"): ("fleet", "the fleet that moves"),
    ("armada-move", "steps"): ("steps", "F a hex ahead, L a turn to port, R a turn to "
                               "starboard, in order (FFFR: 3 hexes ahead, then a turn)"),
    ("armada-move", "stunt"): ("stunt", "none for an ordinary move, or the stunt to try"),
    ("armada-move", "resolve"): ("spend resolve", "an officer aboard spends a resolve point "
                                 "to roll the piloting check twice"),
    ("armada-move", "target"): ("flyby past", "the enemy fleet a flyby passes through"),
    ("armada-fire", "fleet"): ("fleet", "the fleet that fires"),
    ("armada-fire", "target"): ("target", "the fleet fired at"),
    ("armada-fire", "superweapon"): ("superweapon", "fire the superweapon"),
    ("armada-fire", "resolve"): ("spend resolve", "an officer aboard spends a resolve point "
                                 "to roll the d20 twice"),
    ("armada-fire", "also"): ("also at", "an array's further targets, in the same arc"),
    ("armada-fire", "mine"): ("gravity mine", "the gravity mine fired at, instead of a fleet"),
    ("armada-order", "officer"): ("officer", "the officer giving the order"),
    ("armada-order", "order"): ("order", "the order given"),
    ("armada-order", "fleet"): ("at fleet", "the fleet the order aims at"),
    ("armada-order", "ally"): ("for ally", "the allied fleet an order protects"),
    ("armada-order", "q"): ("debris hex: column", "where a conjure puts its debris (with "
                            "the row); the words beside it say where, from the officer's "
                            "fleet; a legal example fills both"),
    ("armada-order", "r"): ("debris hex: row", "where a conjure puts its debris (with the "
                            "column)"),
    ("armada-order", "choice"): ("choice", "what to boost, repair or direct, or whom to jam"),
    ("armada-order", "resolve"): ("spend resolve", "the officer spends a resolve point to "
                                  "roll the check twice"),
    ("armada-lay-mines", "fleet"): ("fleet", "the fleet laying its gravity mines"),
    ("armada-lay-mines", "hexes"): ("hexes", "two hexes near the fleet: a legal example "
                                    "fills them"),
}


def field_help(action_type: type[Action], field: str) -> tuple[str, str] | None:
    """A form field's caption and hint in words (:data:`FIELD_HELP`), or ``None``."""
    return FIELD_HELP.get((action_type.TAG, field))
