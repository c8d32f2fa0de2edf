"""ROBOGEAR's other choices in words, each unit by its name and its number on the board:
turns, placements, grenades, rams, run-overs, fights, treatments and getting in and out of
machines and buildings (moves, shots, activations and regrouping are worded in
:mod:`.board`)."""

from __future__ import annotations

from warbench.core.actions import Action
from warbench.core.preview import unnamed
from warbench.rulesets.robogear.actions import (
    Board,
    Deploy,
    Disembark,
    Enter,
    Heal,
    Leave,
    Melee,
    Ram,
    RunOver,
    Throw,
    Turn,
)
from warbench.rulesets.robogear.data import RobogearData
from warbench.rulesets.robogear.picture import unit_label
from warbench.rulesets.robogear.state import RobogearState

#: What a unit does to another, by the action's type.
PAIR_VERBS: dict[type[Action], str] = {
    Throw: "throws a grenade at",
    Ram: "rams",
    RunOver: "runs over",
    Melee: "fights",
    Heal: "starts treating",
}


def unit_action_text(data: RobogearData, state: RobogearState, action: Action) -> str | None:
    """``action`` in words, or ``None`` for an action this module does not word (or one
    naming a unit that is not there)."""
    units = state.units

    def label(number: int) -> str:
        return unit_label(data, units[number]) if 0 <= number < len(units) else f"unit {number}"

    unit = getattr(action, "unit", None)
    if not isinstance(unit, int):
        return None
    if isinstance(action, Throw | Ram | RunOver | Melee | Heal):
        return f"{label(unit)} {PAIR_VERBS[type(action)]} {label(action.target)}"
    if isinstance(action, Turn):
        return f"{label(unit)} turns on the spot to face {action.facing % 360:.0f}°"
    if isinstance(action, Deploy):
        return f"place {label(unit)} at ({action.x:.1f}, {action.y:.1f}), out of enemy sight"
    if isinstance(action, Board):
        return f"{label(unit)} climbs into {label(action.machine)}"
    if isinstance(action, Disembark):
        return f"{label(unit)} leaves its carrier"
    if isinstance(action, Enter):
        blocks = state.terrain
        name = blocks[action.building].name if 0 <= action.building < len(blocks) else "a building"
        return f"{label(unit)} enters the {name}"
    if isinstance(action, Leave):
        return f"{label(unit)} steps out of its building"
    return None


#: Fields that name a unit by its number on the board, and those that name a turn element.
UNIT_FIELDS = frozenset({"unit", "target", "machine"})
ELEMENT_FIELDS = frozenset({"element", "join", "into", "disband"})


def field_value_words(
    data: RobogearData, state: RobogearState, action: Action, field: str
) -> str | None:
    """A unit, weapon, building or turn element named by ``action``'s ``field``, in words
    (one naming nothing on the table says so; ``None`` for other fields)."""
    from warbench.rulesets.robogear.board import element_words

    value = getattr(action, field, None)
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    units = state.units
    if field in UNIT_FIELDS:
        return unit_label(data, units[value]) if 0 <= value < len(units) else unnamed(
            "unit", value)
    if field in ELEMENT_FIELDS:
        if value < 0:
            return "none"
        return element_words(state, value) if value < len(state.elements) else unnamed(
            "element", value)
    if field == "weapon":
        unit = getattr(action, "unit", -1)
        if not 0 <= unit < len(units):
            return unnamed("weapon", value, f"unit {unit} is not on the table")
        weapons = data.units[units[unit].type].weapons
        if not 0 <= value < len(weapons):
            return unnamed("weapon", value, f"not a weapon of {unit_label(data, units[unit])}")
        return weapons[value].name
    if field == "building":
        blocks = state.terrain
        return blocks[value].name if 0 <= value < len(blocks) else unnamed("building", value)
    return None
