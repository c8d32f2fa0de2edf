"""Keys that say when two gunnery situations are the same, for the caches bots keep.

:func:`placement_key` sums up what :func:`~warbench.rulesets.armada.combat.gunnery_for`
reads of where an attacker stands; :func:`gunnery_key` freezes everything it reads of the
state about some fleets. Equal keys mean equal gunnery, so a value worked out for one may be
reused for the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Final

from warbench.rulesets.armada.combat import debris_penalty, fleet_distance, shielded_front
from warbench.rulesets.armada.state import ArmadaState, Fleet

#: What ``combat.gunnery_for`` reads of the attacker's hex, see :func:`placement_key`.
PlacementKey = tuple[int, int, bool]


def placement_key(state: ArmadaState, attacker: Fleet, target: Fleet) -> PlacementKey:
    """Everything ``combat.gunnery_for`` reads of where ``attacker`` stands (its hex; the
    facing bears on arcs, not on the check): the distance to ``target`` (range band, point
    defense), the debris penalty of the line of fire, and whether the target's forward
    shields face the attacker. Two hexes with equal keys give the attacker equal gunnery
    against ``target`` while nothing else changes; a modifier that reads the attacker's
    position belongs here too (a bot keeps target values by this key)."""
    return (
        fleet_distance(attacker, target),
        debris_penalty(state, attacker, target) if state.debris else 0,
        shielded_front(attacker, target),
    )


#: A frozen copy of everything ``combat.gunnery_for`` reads of the state, see :func:`gunnery_key`.
GunneryKey = tuple[object, ...]


def gunnery_key(state: ArmadaState, fleets: Sequence[Fleet], unposed: int = -1) -> GunneryKey:
    """What ``combat.gunnery_for`` (and a bot weighing attacks with it) can read about
    ``fleets``: every field of each fleet (but the pose of fleet ``unposed``, one a bot places
    on the poses it might take), the officer bonuses aboard them, the debris and the round. Equal
    keys mean equal gunnery between those fleets. A copy: a later change to the state does
    not change a key already taken."""
    aboard = {fleet.id for fleet in fleets}
    return (
        state.round,
        tuple(_frozen(fleet, _POSE if fleet.id == unposed else ()) for fleet in fleets),
        tuple(
            (officer.fleet, officer.role, officer.bonus, officer.silenced(state.round))
            for officer in state.officers
            if officer.fleet in aboard
        ),  # what ArmadaState.officer_bonus reads
        tuple(_frozen(debris) for debris in state.debris),
    )


#: The fields of a fleet's pose.
_POSE: Final = ("q", "r", "facing")


def _frozen(record: object, leave_out: tuple[str, ...] = ()) -> tuple[object, ...]:
    """Every field of a dataclass (but ``leave_out``), lists and records frozen."""
    return tuple(
        _frozen_value(getattr(record, name))
        for name in _field_names(type(record))
        if name not in leave_out
    )


def _field_names(kind: type) -> tuple[str, ...]:
    """The names of a dataclass's fields, in order, found once per class (a compiled class
    has no ``__slots__`` to read them from)."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(item.name for item in fields(kind))
    return names


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _frozen_value(value: object) -> object:
    if isinstance(value, list):
        return tuple(_frozen_value(item) for item in value)
    if hasattr(value, "__dataclass_fields__"):
        return _frozen(value)
    return value
