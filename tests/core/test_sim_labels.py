"""Simulation sides named after what they play (issue 18): the default set-up's forces,
mirrors said as mirrors, and a units table per side holding only that side's units."""

from __future__ import annotations

from pathlib import Path

import pytest

import warbench.rulesets.robogear as robogear_package
from tests.core.test_sim_plan import ListDuel
from warbench.core.catalog import load_model
from warbench.core.lists import ArmyList
from warbench.core.registry import ruleset
from warbench.core.sim.plan import Side, default_sides, is_mirror, matchup, prepare
from warbench.core.sim.runner import simulate
from warbench.core.sim.store import ResultStore
from warbench.core.sim.summary import summarize

LISTS_DIR = Path(robogear_package.__file__).parent / "lists"


@pytest.mark.parametrize(
    ("ruleset_id", "names"),
    [
        ("dystopian-wars", ["Britannian home fleet", "Blazing Sun battle fleet"]),
        ("armada", ["Vanguard Picket", "Red Talon Raiders"]),
        ("full-thrust", ["Concord strike group", "Directorate carrier group"]),
        ("hordes", ["Thornwood Vanguard", "Ashen Warband"]),
        ("robogear", ["Ferrum Compact strike group", "Verdant Accord raiders"]),
    ],
)
def test_default_sides_are_named_after_the_set_up(ruleset_id: str, names: list[str]) -> None:
    """Without lists each side is its seat's force of the demo set-up, not "A" and "B"."""
    sides = default_sides(ruleset(ruleset_id))
    assert [side.label for side in sides] == names and not is_mirror(sides)
    assert matchup(sides) == " vs ".join(names)


def test_repeated_forces_are_numbered_and_a_mirror_said_once() -> None:
    """ROBOGEAR's four-player demo fields Ferrum twice; an all-Ferrum table is a mirror."""
    four = default_sides(ruleset("robogear"), 4)
    assert [side.label for side in four] == [
        "Ferrum Compact strike group #1", "Verdant Accord raiders", "Ashen Reach host",
        "Ferrum Compact strike group #2",
    ]
    assert not is_mirror(four) and is_mirror([four[0], four[3]])
    mirror = matchup([four[0], four[3]])
    assert mirror == "Ferrum Compact strike group (mirror: every side plays it)"


def test_each_dystopian_wars_side_tallies_only_its_own_fleet() -> None:
    """The default set-up ties Britannia to seat 0: side 0 keeps it in every game, so its
    units table holds Britannian ships only (it used to mix both nations)."""
    rules = ruleset("dystopian-wars")
    plan = prepare(rules, default_sides(rules), seed=3)
    result = simulate(plan, 2)
    assert plan.fixed_seats and all(record.seats == (0, 1) for record in result.records)
    units = summarize(plan.sides, result.records).units
    assert {unit.side for unit in units} == {0, 1}
    for unit in units:
        nation = "britannia-" if unit.side == 0 else "blazing-sun-"
        assert unit.unit_type.startswith(nation), unit


def test_three_robogear_lists_each_get_their_own_units() -> None:
    """Three lists at one table: sides named after the lists, seats rotating, and each
    side's units are those of its own list, whichever seat it sat in."""
    rules = ruleset("robogear")
    names = ("ferrum-strike", "verdant-raiders", "ashen-host")
    sides = []
    for name in names:
        army = load_model(LISTS_DIR / f"{name}.toml", ArmyList)
        sides.append(Side(army.name, army, name))
    plan = prepare(rules, sides, seed=1)
    result = simulate(plan, 3)
    assert not plan.fixed_seats and {record.seats for record in result.records} == {
        (0, 1, 2), (2, 0, 1), (1, 2, 0)
    }
    summary = summarize(plan.sides, result.records)
    for number, name in enumerate(names):
        faction = name.split("-")[0]
        own = [unit for unit in summary.units if unit.side == number]
        assert own and all(unit.unit_type.startswith(faction) for unit in own)
        assert {unit.unit_type for unit in own} == set(sides[number].fielded())


def test_a_stored_run_keeps_its_sides_names(tmp_path: Path) -> None:
    """A results file gives back the sides as they were named (for --compare)."""
    plan = prepare(ListDuel(), default_sides(ListDuel()), seed=2)
    with ResultStore(tmp_path / "r.sqlite") as store:
        result = simulate(plan, 2, store=store)
        assert result.run_id is not None
        stored = store.run(result.run_id).sides
    assert stored == plan.sides and matchup(stored) == "player 1 vs player 2"
