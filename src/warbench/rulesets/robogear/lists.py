"""Army lists for ROBOGEAR: prices, squad sizes, and the rules of squads, artillery and
groups that the constraint language cannot say.

An entry is a sheet and a count: machines count one model each, troopers of one entry
make one squad. Roles: ``command`` (the command machine), ``attach`` (a gun joining the
trooper squad above it), ``reserve`` (an infiltrating squad kept off the table),
``group:NAME`` (squads sharing one turn), ``crew`` (the trooper squad serving the battery
above it).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from difflib import get_close_matches

from warbench.core.catalog import did_you_mean
from warbench.core.lists import (
    ArmyList,
    ConstraintSet,
    PointsCap,
    UnitInfo,
    UnitSize,
    Violation,
)
from warbench.core.ruleset import ArmyRules
from warbench.rulesets.robogear.data import RobogearData

#: Engine default: most models a squad (or a battery, or an entry of machines) may have.
MAX_MODELS = {"machine": 4, "trooper": 8, "gun": 4}
#: The roles a list entry may give (space-separated), besides ``group:NAME``.
ROLES = ("command", "attach", "reserve", "crew")


def army_rules(data: RobogearData, army: ArmyList) -> ArmyRules:
    """Prices from the army sheets; a list no dearer than its points, of a faction the
    sheets know."""
    lookup = {
        unit_id: UnitInfo(
            cost=record.points,
            tags=frozenset(t for t in (record.kind, record.chassis or "", record.faction,
                                       record.role) if t),
            max_models=MAX_MODELS[record.kind],
        )
        for unit_id, record in data.units.items()
    }
    sizes = (UnitSize(),)  # a squad, battery or entry of machines: MAX_MODELS at most
    constraints = (PointsCap(), *sizes) if army.points is not None else sizes
    return ArmyRules(
        lookup,
        ConstraintSet(name="ROBOGEAR army", constraints=constraints),
        factions=tuple(sorted({record.faction for record in data.units.values()})),
    )


def _squad_type(data: RobogearData, unit: str) -> str:
    record = data.units[unit]
    if record.kind == "trooper":
        return "infantry"
    if record.kind == "gun":
        return "artillery"
    return "air" if record.chassis == "flyer" else "armour"


def list_violations(data: RobogearData, army: ArmyList) -> list[Violation]:
    """Squad, artillery, infiltration and group rules (each naming its list path)."""
    found: list[Violation] = []
    groups: dict[str, list[tuple[int, str]]] = defaultdict(list)
    last_troop: int | None = None
    last_battery: int | None = None
    crewed: set[int] = set()
    batteries: list[int] = []
    attached: Counter[int] = Counter()
    commands: list[int] = []
    for index, entry in enumerate(army.units):
        where = f"units[{index}]"
        if entry.unit not in data.units:
            continue
        record = data.units[entry.unit]
        roles = (entry.role or "").split()
        for role in roles:
            if role not in ROLES and not (role.startswith("group:") and len(role) > 6):
                guess = did_you_mean(get_close_matches(role, [*ROLES, "group:NAME"]))
                found.append(Violation(f"{where}.role", "roles",
                                       f"unknown role {json.dumps(role)} (roles: "
                                       f"{', '.join(ROLES)}, group:NAME){guess}"))
        if "command" in roles and record.kind == "machine":
            commands += [index] * entry.count
        if army.faction and record.faction != army.faction:
            found.append(Violation(f"{where}.unit", "one_faction",
                                   f"{entry.unit} is not of the {army.faction} faction"))
        if record.kind == "gun":
            if "attach" in roles:
                if last_troop is None:
                    found.append(Violation(where, "artillery",
                                           "an attached gun needs a trooper squad above it"))
                else:
                    attached[last_troop] += entry.count
                    if attached[last_troop] > 1:
                        found.append(Violation(where, "artillery",
                                               "at most one gun is attached to a squad"))
                    if "reserve" in (army.units[last_troop].role or "").split():
                        found.append(Violation(where, "artillery",
                                               "no gun may join an infiltrating squad"))
            elif entry.count < 2:
                found.append(Violation(where, "artillery", "a gun is attached to a squad "
                                       "or formed with others into a battery of two or more"))
            else:
                last_battery = index
                batteries.append(index)
        if "reserve" in roles and not record.infiltrate:
            found.append(Violation(f"{where}.role", "infiltration",
                                   f"{record.name} cannot infiltrate"))
        if "command" in roles and record.kind != "machine":
            found.append(Violation(f"{where}.role", "command", "the command unit is a machine"))
        for role in roles:
            if role.startswith("group:"):
                squads = entry.count if record.kind == "machine" else 1
                for _ in range(squads):
                    groups[role[6:]].append((index, _squad_type(data, entry.unit)))
        if record.kind == "trooper":
            last_troop = index
            if "crew" in roles:
                if last_battery is None or last_battery in crewed:
                    found.append(Violation(f"{where}.role", "artillery",
                                           "a crew squad follows the battery it serves"))
                else:
                    crewed.add(last_battery)
    found += [
        Violation(f"units[{index}]", "artillery",
                  "a battery needs its crew squad (role crew) right after it")
        for index in batteries if index not in crewed
    ]
    if len(commands) > 1:  # RG-WIN-MISSION: the enemy's command machine, one to an army
        found.append(Violation(f"units[{commands[1]}].role", "command",
                               f"{len(commands)} command machines: an army has one"))
    for name, members in groups.items():
        where = f"units[{members[0][0]}].role"
        kinds = Counter(kind for _, kind in members)
        if not 2 <= len(members) <= 3:
            found.append(Violation(where, "group", f"group {name} must have 2 or 3 squads"))
        if any(count > 2 for count in kinds.values()):
            found.append(Violation(where, "group",
                                   f"group {name} has more than two squads of one type"))
        if kinds["air"] and (kinds["armour"] or kinds["infantry"] or kinds["artillery"]):
            found.append(Violation(where, "group", f"group {name} mixes ground and air units"))
    return found
