"""The group rules, as plain functions of the table: which squads may form a group or
join one, and every regrouping a player may choose (compiled with mypyc: the listing runs
before every round, and a random player lists it at each of its many regroupings).

A squad's type for the group rules (infantry, armour, air or artillery) depends on its
units' types alone; a group holds up to three squads, at most two of one type, air units
apart, their leaders within the group gap of each other.
"""

from __future__ import annotations

import enum
from math import dist
from typing import cast

from warbench.core.actions import Action
from warbench.rulesets.robogear.actions import ACTIONS_RULE, Regroup
from warbench.rulesets.robogear.data import CM_PER_STEP, RobogearData, steps
from warbench.rulesets.robogear.pieces import Squad
from warbench.rulesets.robogear.sheets import book
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import gap_at_most


class SquadType(enum.StrEnum):
    INFANTRY = "infantry"
    ARMOUR = "armour"
    AIR = "air"
    ARTILLERY = "artillery"


def squad_type(state: RobogearState, data: RobogearData, squad: Squad) -> SquadType:
    """A squad's type for the group rules: infantry, armour, air or artillery.

    It depends on its units' types alone, so it is kept in the data's book by those."""
    return _squad_types(state, data, [squad])[0]


def _squad_types(state: RobogearState, data: RobogearData,
                 squads: list[Squad]) -> list[SquadType]:
    """:func:`squad_type` of each squad (the catalog's memory looked up once)."""
    known = book(data).squad_types  # holds SquadType values only
    units, found = state.units, []
    for squad in squads:
        types = tuple(units[u].type for u in squad.units)
        kind = known.get(types)
        if kind is None:
            kind = known[types] = _type_of(data, types)
        found.append(cast(SquadType, kind))
    return found


def _type_of(data: RobogearData, types: tuple[str, ...]) -> SquadType:
    kinds = [data.units[t] for t in types]
    if any(r.kind == "machine" and r.chassis == "flyer" for r in kinds):
        return SquadType.AIR
    if any(r.kind == "machine" for r in kinds):
        return SquadType.ARMOUR
    if all(r.kind == "gun" for r in kinds):
        return SquadType.ARTILLERY
    return SquadType.INFANTRY


def _leader(state: RobogearState, squad: Squad) -> tuple[float, float] | None:
    units = state.units
    for index in squad.units:
        unit = units[index]
        if unit.on_table:
            return unit.x, unit.y
    return None


def merge_refusal(
    state: RobogearState, data: RobogearData, player: int, join: int, into: int
) -> str | None:
    """Why the squad of element ``join`` may not join element ``into``, or None."""
    if not (0 <= join < len(state.elements) and 0 <= into < len(state.elements)) or (
            join == into):
        return f"name two different squads or groups of yours ({ACTIONS_RULE})"
    first, second = state.elements[join], state.elements[into]
    if first.player != player or second.player != player:
        return "only your own squads can be grouped (RG-GROUP-FORM)"
    if len(first.squads) != 1 or not second.squads:
        return "a single squad joins a squad or a group (RG-GROUP-TRAITS)"
    squads = [state.squads[s] for s in (*second.squads, *first.squads)]
    if len(squads) > 3:
        return "a group has at most three squads (RG-GROUP-TRAITS)"
    return group_problem([squad_type(state, data, s) for s in squads],
                         [_leader(state, s) for s in squads], steps(data.measures.group_gap_cm))


def group_problem(types: list[SquadType], places: list[tuple[float, float] | None],
                  limit: float) -> str | None:
    """Why squads of these types, their leaders standing at these places, cannot form one
    group of up to three squads, or None."""
    return _types_problem(types) or _places_problem(places, limit)


def _types_problem(types: list[SquadType]) -> str | None:
    """Why squads of these types may not form one group, or None (a few comparisons of
    a few members: cheaper than any cache of the answers)."""
    if any(types.count(t) > 2 for t in types):
        return "a group has at most two squads of one type (RG-GROUP-TRAITS)"
    if SquadType.AIR in types and any(t is not SquadType.AIR for t in types):
        return "ground units cannot be grouped with air units (RG-GROUP-TRAITS)"
    return None


def _places_problem(places: list[tuple[float, float] | None], limit: float) -> str | None:
    if any(p is None for p in places):
        return "every squad of a group must be on the table (RG-GROUP-TRAITS)"
    for a in places:
        for b in places:
            if a is not None and b is not None and dist(a, b) > limit:
                return (f"the squads of a group must be within {limit * CM_PER_STEP:g} cm of"
                        " each other (RG-GROUP-TRAITS)")
    return None


def regroup_refusal(
    state: RobogearState, data: RobogearData, player: int, action: Regroup
) -> str | None:
    """Why this regrouping is illegal, or None."""
    if action.disband >= 0:
        if action.disband >= len(state.elements):
            return f"there is no group {action.disband} ({ACTIONS_RULE})"
        group = state.elements[action.disband]
        if group.player != player or len(group.squads) < 2:
            return "only a group of yours (two or more squads) can be disbanded (RG-GROUP-FORM)"
        return None
    if action.join >= 0 or action.into >= 0:
        return merge_refusal(state, data, player, action.join, action.into)
    return None


def regroup_options(state: RobogearState, data: RobogearData, player: int) -> list[Action]:
    """Passing, every legal disbanding and every legal joining."""
    mine = [e for e in state.elements if e.player == player and e.squads]
    found: list[Action] = [Regroup()]
    found += [Regroup(disband=e.id) for e in mine if len(e.squads) > 1]
    limit = steps(data.measures.group_gap_cm)
    # what merge_refusal asks of each squad, looked up once (nothing moves meanwhile)
    places = {e.id: [_leader(state, state.squads[s]) for s in e.squads] for e in mine}
    types = {e.id: _squad_types(state, data, [state.squads[s] for s in e.squads]) for e in mine}
    # an element a squad may join: room left, its own squads on the table and together
    hosts = [b for b in mine if len(b.squads) < 3 and _places_problem(places[b.id], limit) is None]
    for a in mine:
        if len(a.squads) != 1 or places[a.id][0] is None:
            continue
        ax, ay = places[a.id][0] or (0.0, 0.0)
        for b in hosts:
            if b is a:
                continue
            # merge_refusal(state, data, player, a.id, b.id) is None, for these two: the
            # places of b's squads are fine among themselves, so only a's distance to each
            # is left to ask (distances are symmetric, a's to itself is 0)
            if all(gap_at_most(p[0] - ax, p[1] - ay, 0.0, 0.0, limit)
                   for p in places[b.id] if p) and (
                    _types_problem(types[b.id] + types[a.id]) is None):
                found.append(Regroup(a.id, b.id))  # join, into
    return found
