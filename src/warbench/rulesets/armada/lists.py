"""Armadas as army lists: how a list file maps to an armada, and the rules it must keep.

A list's ``points`` are the armada's build points, which set its tier (the highest tier
whose build points fit: 72 is tier 3). Fleets are entries whose ``unit`` is a fleet template
id (``destroyer-medium-t3``, see :mod:`.templates`), with the fleet's ``name``, its special
abilities as ``options`` and ``role = "flagship"`` on the flagship. Officers are entries whose
``unit`` is their role (``admiral``, ``chief-engineer`` ...), with options ``ranks:N`` (ranks in
a skill of the role), ``bab:N`` (a commander's base attack bonus), ``resolve:N`` (resolve
points) and ``aboard:FLEET NAME`` (the fleet the officer is assigned to)::

    name = "Vanguard Picket"
    ruleset = "armada"
    points = 72

    [[units]]
    unit = "capital-large-t3"
    name = "Dawnbreaker"
    role = "flagship"
    options = ["damage-threshold"]

    [[units]]
    unit = "admiral"
    name = "Ilse Varr"
    options = ["ranks:6", "aboard:Dawnbreaker"]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from warbench.core.lists import (
    ArmyList,
    ConstraintSet,
    Count,
    PointsCap,
    UniqueRole,
    UnitInfo,
    UnitSize,
    Violation,
    validate,
)
from warbench.core.ruleset import ArmyRules
from warbench.core.selectors import parse_selector
from warbench.rulesets.armada.data import ArmadaSpec, Tables, shipped_tables
from warbench.rulesets.armada.fleets import FLAGSHIP, validate_armada
from warbench.rulesets.armada.templates import fleet_templates

#: The largest number an officer's ``ranks:``, ``bab:`` or ``resolve:`` option may carry.
MAX_OFFICER_NUMBER = 20
#: Rules the list constraints report; the armada check's findings of these are not repeated.
LIST_RULES = ("build_points", "one_flagship", "fleet_tier_cap", "one_admiral", "unit_size")


def armada_tier(points: int, tables: Tables | None = None) -> int:
    """The tier of an armada of ``points`` build points: the highest whose budget fits.

    >>> armada_tier(72), armada_tier(100), armada_tier(10)
    (3, 4, 1)
    """
    tables = tables or shipped_tables()
    fitting = [row.tier for row in tables.tiers if row.armada_build_points <= points]
    return max(fitting, default=1)


def fleet_name(army: ArmyList, index: int) -> str:
    """The name of the fleet in ``army.units[index]`` (its template id and place if unnamed)."""
    entry = army.units[index]
    return entry.name or f"{entry.unit} #{index}"


def _fleet_indexes(army: ArmyList, tables: Tables) -> list[int]:
    templates = fleet_templates(tables)
    return [index for index, entry in enumerate(army.units) if entry.unit in templates]


def _officer_options(role: str, fleet_names: list[str]) -> dict[str, int]:
    numbers = range(MAX_OFFICER_NUMBER + 1)
    options = {f"ranks:{n}": 0 for n in numbers} | {f"resolve:{n}": 0 for n in numbers}
    if role == "commander":
        options |= {f"bab:{n}": 0 for n in numbers}
    return options | {f"aboard:{name}": 0 for name in fleet_names}


def army_rules(army: ArmyList, tables: Tables | None = None) -> ArmyRules:
    """Costs, tags and constraints for ``army``: build points, one flagship, the tier cap,
    at most one admiral, one model per entry. Officers cost nothing."""
    tables = tables or shipped_tables()
    cap_tier = None if army.points is None else armada_tier(army.points, tables) + 1
    lookup: dict[str, UnitInfo] = {}
    for template_id, template in fleet_templates(tables).items():
        tags = {"fleet", template.fleet_class, template.size, f"tier-{template.tier}"}
        if cap_tier is not None and template.tier > cap_tier:
            tags.add(f"above-tier-{cap_tier}")
        refused = {  # ARM-ABILITY-CLASS: an ability the fleet's class may not take
            name: f"a {template.fleet_class} fleet may not take {name!r} (ARM-ABILITY-CLASS)"
            for name, ability in tables.abilities.items()
            if name not in template.abilities and not ability.allows(template.fleet_class)
        }
        lookup[template_id] = UnitInfo(
            cost=template.cost, tags=frozenset(tags), option_costs=template.abilities,
            refused_options=refused,
        )
    names = [fleet_name(army, index) for index in _fleet_indexes(army, tables)]
    for role in tables.roles:
        lookup[role] = UnitInfo(
            cost=0, tags=frozenset({"officer", role}), option_costs=_officer_options(role, names)
        )
    constraints: list[PointsCap | Count | UniqueRole | UnitSize] = [
        UnitSize(),
        UniqueRole(role=FLAGSHIP, exactly=True, name="one_flagship"),
        Count(selector=parse_selector("unit:admiral"), max=1, name="one_admiral",
              what="admiral"),
    ]
    if army.points is None:
        constraints.append(PointsCap(name="build_points"))
    else:
        tier = armada_tier(army.points, tables)
        budget = min(army.points, tables.tier(tier).armada_build_points)
        constraints.append(PointsCap(max=budget, name="build_points"))
        constraints.append(
            Count(selector=parse_selector(f"tag:above-tier-{tier + 1}"), max=0,
                  name="fleet_tier_cap", what=f"fleet above tier {tier + 1}")
        )
    return ArmyRules(lookup, ConstraintSet(name="Armada", constraints=tuple(constraints)))


@dataclass(frozen=True, slots=True)
class ListArmada:
    """An armada read from a list, with where each fleet and officer came from."""

    spec: ArmadaSpec
    fleet_entries: tuple[int, ...]
    officer_entries: tuple[int, ...]
    problems: tuple[Violation, ...]


_NUMBER_OPTION = re.compile(r"^(ranks|bab|resolve):(\d+)$")


def armada_from_list(army: ArmyList, tables: Tables | None = None) -> ListArmada:
    """The armada ``army`` describes; entries that say too little become problems."""
    tables = tables or shipped_tables()
    templates = fleet_templates(tables)
    problems: list[Violation] = []
    fleets: list[dict[str, object]] = []
    officers: list[dict[str, object]] = []
    fleet_entries: list[int] = []
    officer_entries: list[int] = []
    for index, entry in enumerate(army.units):
        if entry.unit in templates:
            template = templates[entry.unit]
            if entry.role not in (None, FLAGSHIP):
                problems.append(Violation(
                    f"units[{index}].role", "fleet_role",
                    f"a fleet's only role is {FLAGSHIP!r}, not {entry.role!r}",
                ))
            abilities = list(entry.options) + ([FLAGSHIP] if entry.role == FLAGSHIP else [])
            fleets.append({"name": fleet_name(army, index), "tier": template.tier,
                           "size": template.size, "class": template.fleet_class,
                           "abilities": abilities})
            fleet_entries.append(index)
        elif entry.unit in tables.roles:
            officer, found = _officer(army, index)
            problems.extend(found)
            officers.append(officer)
            officer_entries.append(index)
    # no points named (already a broken rule): judged at the highest tier, so that no tier
    # rule adds to it
    tier = (armada_tier(army.points, tables) if army.points is not None
            else max(row.tier for row in tables.tiers))
    spec = ArmadaSpec.model_validate(
        {"name": army.name, "tier": tier, "fleets": fleets, "officers": officers}
    )
    return ListArmada(spec, tuple(fleet_entries), tuple(officer_entries), tuple(problems))


def _officer(army: ArmyList, index: int) -> tuple[dict[str, object], list[Violation]]:
    entry = army.units[index]
    officer: dict[str, object] = {"name": entry.name or f"{entry.unit} #{index}",
                                  "role": entry.unit, "fleet": ""}
    problems: list[Violation] = []
    if entry.role is not None:
        problems.append(Violation(
            f"units[{index}].role", "officer_role",
            f"an officer's role is its unit ({entry.unit!r}); drop role = {entry.role!r}",
        ))
    aboard = [option for option in entry.options if option.startswith("aboard:")]
    if len(aboard) != 1:
        problems.append(Violation(
            f"units[{index}].options", "officer_fleet",
            f"{officer['name']} needs exactly one aboard:FLEET option, it has {len(aboard)}",
        ))
    else:
        officer["fleet"] = aboard[0].removeprefix("aboard:")
    keys = {"ranks": "ranks", "bab": "base_attack_bonus", "resolve": "resolve"}
    for option in entry.options:
        match = _NUMBER_OPTION.match(option)
        if match:
            officer[keys[match[1]]] = int(match[2])
    return officer, problems


def list_violations(army: ArmyList, tables: Tables | None = None) -> list[Violation]:
    """Every rule ``army`` breaks: the list constraints, what the list leaves unsaid, and
    the armada rules (one officer per role per fleet, no repeated abilities, unique names),
    each with its path in the list file."""
    tables = tables or shipped_tables()
    rules = army_rules(army, tables)
    found = list(validate(army, rules.constraints.constraints, rules.lookup).violations)
    listed = armada_from_list(army, tables)  # a list naming no points: every other rule too
    found.extend(listed.problems)
    seen = [violation.path for violation in found]
    for violation in validate_armada(listed.spec, tables):
        if violation.rule in LIST_RULES:
            continue
        path = _list_path(violation.path, listed, army)
        if not any(old == path or old.startswith((f"{path}[", f"{path}.")) for old in seen):
            found.append(Violation(path, violation.rule, violation.message))
            seen.append(path)
    return found


def _list_path(path: str, listed: ListArmada, army: ArmyList) -> str:
    """The list-file path of an armada path (``fleets[1].abilities[0]`` -> ``units[3]...``)."""
    match = re.match(r"^(fleets|officers)\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?)?$", path)
    if match is None:
        return "points" if path == "tier" else "units"
    kind, position, key, item = match[1], int(match[2]), match[3], match[4]
    entries = listed.fleet_entries if kind == "fleets" else listed.officer_entries
    index = entries[position]
    where = f"units[{index}]"
    if key == "abilities" and item is not None:
        options = army.units[index].options
        return f"{where}.options[{item}]" if int(item) < len(options) else f"{where}.role"
    if key in ("tier", "size", "class", "role"):
        return f"{where}.unit"
    if key == "fleet":
        return f"{where}.options"
    return f"{where}.{key}" if key else where
