"""Battlegroups as army lists: one warlock, warbeasts of its faction, and the
warbeast-points rule (the warlock's warbeast points add to the game's points for beasts).

    name = "Thornwood Vanguard"
    ruleset = "hordes"
    points = 15
    [[units]]
    unit = "maelis"
    [[units]]
    unit = "oakhide-brute"
"""

from __future__ import annotations

from warbench.core.lists import (
    ArmyList,
    Constraint,
    ConstraintSet,
    Count,
    PointsCap,
    UnitInfo,
    UnitSize,
    Violation,
)
from warbench.core.ruleset import ArmyRules
from warbench.core.selectors import parse_selector
from warbench.rulesets.hordes.data import HordesData

BEASTS_OF_A_KIND = 4
"""At most this many of one warbeast card in a battlegroup (HOR-LISTS, engine default)."""


def army_rules(data: HordesData, army: ArmyList) -> ArmyRules:
    """Unit costs and tags; exactly one warlock; beasts within points + warbeast points."""
    lookup = {
        key: UnitInfo(
            cost=record.points,
            tags=frozenset(
                {record.role, record.faction, *([record.weight] if record.weight else [])}
            ),
            max_models=1 if record.role == "warlock" else BEASTS_OF_A_KIND,
        )
        for key, record in data.models.items()
    }
    bonus = max(
        (
            data.models[e.unit].warbeast_points
            for e in army.units
            if e.unit in data.models and data.models[e.unit].role == "warlock"
        ),
        default=0,
    )
    cap = None if army.points is None else army.points + bonus
    # engine default (the quick rules set no limit): at most 4 of one warbeast in a
    # battlegroup, however many entries name it
    beasts_of_a_kind = tuple(
        Count(selector=parse_selector(f"unit:{key}"), max=BEASTS_OF_A_KIND, per="model",
              name="beasts_of_a_kind", what=data.models[key].name)
        for key in sorted({entry.unit for entry in army.units}) if key in data.models
        and data.models[key].role != "warlock"
    )
    constraints: tuple[Constraint, ...] = (
        UnitSize(),
        Count(selector=parse_selector("tag:warlock"), min=1, max=1, name="one_warlock",
              what="warlock"),
        *beasts_of_a_kind,
        PointsCap(max=cap, name="warbeast_points"),
    )
    return ArmyRules(lookup, ConstraintSet(name="HORDES battlegroup", constraints=constraints),
                     factions=tuple(sorted({m.faction for m in data.models.values()})),
                     roles=())  # a battlegroup's models take no roles: the warlock is a card


def list_violations(data: HordesData, army: ArmyList) -> list[Violation]:
    """Every model must belong to the warlock's faction, and so must the list, where it
    names one."""
    warlocks = [
        e for e in army.units if e.unit in data.models and data.models[e.unit].role == "warlock"
    ]
    if not warlocks:
        return []
    faction = data.models[warlocks[0].unit].faction
    named = [] if army.faction is None or army.faction == faction else [Violation(
        "faction", "one_faction",
        f"the list is {army.faction}, its warlock {warlocks[0].unit!r} {faction}")]
    return named + [
        Violation(
            f"units[{index}].unit",
            "one_faction",
            f"{entry.unit!r} is of faction {data.models[entry.unit].faction!r}, not the"
            f" warlock {warlocks[0].unit!r}'s {faction!r}",
        )
        for index, entry in enumerate(army.units)
        if entry.unit in data.models and data.models[entry.unit].faction != faction
    ]


def roster(army: ArmyList) -> list[str]:
    """The list's models as card ids, one per model."""
    return [entry.unit for entry in army.units for _ in range(entry.count)]


def example_roster(data: HordesData, name: str) -> list[str]:
    """:func:`roster` of the example battlegroup ``name`` of the data folder (a fresh list
    each time); ``KeyError`` for a name it has none of."""
    return roster(data.lists[name])
