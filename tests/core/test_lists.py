"""Army lists: pricing, selectors, every constraint at its boundary, all violations at once."""

from __future__ import annotations

import pickle
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.catalog import DataFileError, load_model, parse_model
from warbench.core.lists import (
    ArmyList,
    Constraint,
    ConstraintSet,
    Count,
    PercentageCap,
    PointsCap,
    Required,
    UniqueRole,
    UnitEntry,
    UnitInfo,
    UnitInfoError,
    UnitSize,
    price,
    validate,
)
from warbench.core.selectors import (
    AllOf,
    AnyOf,
    AnyUnit,
    HasTag,
    IsUnit,
    Not,
    SelectorError,
    parse_selector,
)

NAVAL = frozenset({"naval", "core"})
LOOKUP = {
    "dreadnought": UnitInfo(cost=200, tags=NAVAL | {"massive"}),
    "battleship": UnitInfo(cost=150, tags=NAVAL | {"large"}),
    "cruiser": UnitInfo(cost=50, tags=NAVAL | {"medium"}, min_models=2, max_models=4),
    "frigate": UnitInfo(
        cost=25, tags=NAVAL | {"small"}, min_models=2, max_models=6, option_costs={"rockets": 5}
    ),
    "gunship": UnitInfo(cost=40, tags=frozenset({"aerial", "small"}), max_models=3),
    "fort": UnitInfo(
        cost=90, tags=frozenset({"land"}), min_models=3, max_models=3, per_model=False
    ),
}


def army(*entries: tuple[str, int], points: int | None = 1000, **roles: str) -> ArmyList:
    """A list of (unit, count) entries; ``roles`` maps "u<index>" to that entry's role."""
    units = tuple(
        UnitEntry(unit=unit, count=count, role=roles.get(f"u{index}"))
        for index, (unit, count) in enumerate(entries)
    )
    return ArmyList(name="Test fleet", ruleset="demo", points=points, units=units)


def violations(entries: ArmyList, *constraints: Constraint) -> list[tuple[str, str]]:
    report = validate(entries, constraints, LOOKUP)
    return [(v.path, v.message) for v in report.violations]


# ---------------------------------------------------------------------------- loading and pricing

LIST_FILE = """
name = "Northern patrol"
ruleset = "dystopian-wars"
faction = "Britannia"
points = 500

[[units]]
unit = "battleship"
role = "flagship"
name = "HMS Resolute"

[[units]]
unit = "frigate"
count = 3
options = ["rockets"]
"""


def test_list_file_loads_and_prices(tmp_path: Path) -> None:
    path = tmp_path / "patrol.toml"
    path.write_text(LIST_FILE, encoding="utf-8")
    patrol = load_model(path, ArmyList)
    assert patrol.units[0] == UnitEntry(unit="battleship", role="flagship", name="HMS Resolute")
    assert patrol.units[1].options == ("rockets",)
    report = validate(patrol, [PointsCap(), UnitSize()], LOOKUP)
    assert report.ok
    assert report.total_points == 150 + 3 * (25 + 5)
    assert [entry.points for entry in report.priced.entries] == [150, 90]
    assert report.points_by_tag == {"core": 240, "large": 150, "naval": 240, "small": 90}
    assert str(report).splitlines() == [
        "Northern patrol (dystopian-wars): 240 of 500 points, valid",
        "points by tag: core 240, large 150, naval 240, small 90",
    ]


def test_list_file_errors_name_the_entry() -> None:
    data = tomllib.loads(LIST_FILE.replace("count = 3", "count = 0").replace("role =", "rank ="))
    with pytest.raises(DataFileError) as caught:
        parse_model(data, ArmyList, "patrol.toml")
    assert [p.where for p in caught.value.problems] == ["units[0].rank", "units[1].count"]


def test_per_unit_cost_does_not_scale_with_models() -> None:
    assert LOOKUP["fort"].points(3) == 90
    assert LOOKUP["frigate"].points(4, ["rockets"]) == 120


def test_unit_info_refuses_negative_costs_and_bad_sizes() -> None:
    with pytest.raises(UnitInfoError):
        UnitInfo(cost=-1)
    with pytest.raises(UnitInfoError):
        UnitInfo(cost=1, option_costs={"x": -5})
    with pytest.raises(UnitInfoError):
        UnitInfo(cost=1, min_models=3, max_models=2)


def test_unknown_unit_and_option_are_violations_with_suggestions() -> None:
    entries = (
        UnitEntry(unit="battleship"),
        UnitEntry(unit="frigate", count=2, options=("rockets", "rocket-pods", "zzz")),
        UnitEntry(unit="dreadnaught"),
    )
    priced, found = price(ArmyList(name="x", ruleset="demo", units=entries), LOOKUP)
    assert [(v.path, v.rule, v.message) for v in found] == [
        (
            "units[1].options[1]",
            "unknown_option",
            'unit "frigate" has no option "rocket-pods", did you mean "rockets"?',
        ),
        ("units[1].options[2]", "unknown_option",
         'unit "frigate" has no option "zzz" (it takes "rockets")'),  # nothing close: what it takes
        (
            "units[2].unit",
            "unknown_unit",
            'unknown unit "dreadnaught", did you mean "dreadnought"?',
        ),
    ]
    assert [entry.index for entry in priced.entries] == [0, 1]
    assert priced.total_points == 150 + 2 * (25 + 5)


def test_several_violations_are_all_reported() -> None:
    bad = ArmyList(
        name="Overloaded",
        ruleset="demo",
        points=300,
        units=(
            UnitEntry(unit="dreadnought", role="flagship"),
            UnitEntry(unit="cruiser", count=5),
            UnitEntry(unit="dredd"),
            UnitEntry(unit="battleship", role="flagship"),
        ),
    )
    rules: list[Constraint] = [
        PointsCap(),
        UnitSize(),
        UniqueRole(role="flagship"),
        Required(selector=parse_selector("tag:small")),
    ]
    report = validate(bad, rules, LOOKUP)
    assert not report.ok
    assert [(v.path, v.rule) for v in report.violations] == [
        ("units[2].unit", "unknown_unit"),
        ("units", "points_cap"),
        ("units[1].count", "unit_size"),
        ("units[3].role", "unique_role"),
        ("units", "required"),
    ]
    text = str(report)
    assert text.splitlines()[0] == "Overloaded (demo): 600 of 300 points, 5 violations"
    assert '  units[1].count: 5 models, but "cruiser" takes 2 to 4 [unit_size]' in text


def test_adding_unit_returns_a_new_list() -> None:
    small = army(("battleship", 1))
    bigger = small.with_unit(UnitEntry(unit="frigate", count=2))
    assert len(small.units) == 1
    assert [entry.unit for entry in bigger.units] == ["battleship", "frigate"]


# ---------------------------------------------------------------------------- constraints


def test_points_cap_boundary() -> None:
    cap = PointsCap(max=200)
    assert violations(army(("dreadnought", 1)), cap) == []
    assert violations(army(("dreadnought", 1), ("gunship", 1)), cap) == [
        ("units", "total 240 points exceeds the cap of 200 by 40")
    ]


def test_points_cap_defaults_to_the_list_size() -> None:
    assert violations(army(("dreadnought", 1), points=200), PointsCap()) == []
    assert violations(army(("dreadnought", 1), points=199), PointsCap()) == [
        ("units", "total 200 points exceeds the cap of 199 by 1")
    ]
    assert violations(army(("dreadnought", 1), points=None), PointsCap()) == [
        ("points", "the list must state its points size")
    ]


def test_count_units_boundaries() -> None:
    rule = Count(selector=parse_selector("tag:small"), min=1, max=2)
    assert violations(army(("frigate", 2)), rule) == []
    assert violations(army(("frigate", 2), ("gunship", 1)), rule) == []
    # too many: named at the entry that goes past the limit, with every entry that counts
    assert violations(army(("frigate", 2), ("gunship", 1), ("gunship", 1)), rule) == [
        ("units[2]", "3 units match tag:small; allowed 1 to 2 (units[0], units[1], units[2])")
    ]
    assert violations(army(("battleship", 1)), rule) == [
        ("units", "0 units match tag:small; allowed 1 to 2")
    ]


def test_count_models_boundaries() -> None:
    rule = Count(selector=parse_selector("unit:frigate"), max=6, per="model")
    assert violations(army(("frigate", 4), ("frigate", 2)), rule) == []
    assert violations(army(("frigate", 4), ("frigate", 3)), rule) == [
        ("units[1]", "7 models match unit:frigate; allowed at most 6 (units[0], units[1])")
    ]
    at_least = Count(selector=parse_selector("unit:frigate"), min=3, per="model")
    assert violations(army(("frigate", 2)), at_least) == [
        ("units", "2 models match unit:frigate; allowed at least 3")
    ]


def test_count_in_words_where_the_ruleset_names_what_it_counts() -> None:
    """A count a ruleset names in words (`what`) says it instead of the selector; one
    allowed exactly reads "exactly"."""
    named = Count(selector=parse_selector("tag:small"), min=1, max=1, what="small ship")
    assert violations(army(("frigate", 1), ("gunship", 1)), named) == [
        ("units[1]", "2 small ships; allowed exactly 1 (units[0], units[1])")
    ]
    plain = Count(selector=parse_selector("tag:small"), min=1, max=1)
    assert violations(army(("battleship", 1)), plain) == [
        ("units", "0 units match tag:small; allowed exactly 1")
    ]


def test_count_refuses_min_above_max() -> None:
    with pytest.raises(ValueError, match=r"min \(3\) is above max \(2\)"):
        Count(selector=parse_selector("*"), min=3, max=2)


@pytest.mark.parametrize(
    ("count", "problem"),
    [(1, "1 model"), (2, None), (4, None), (5, "5 models")],
)
def test_unit_size_boundaries(count: int, problem: str | None) -> None:
    found = violations(army(("cruiser", count)), UnitSize())
    expected = [("units[0].count", f'{problem}, but "cruiser" takes 2 to 4')] if problem else []
    assert found == expected


def test_unit_size_of_a_fixed_unit() -> None:
    assert violations(army(("fort", 2)), UnitSize()) == [
        ("units[0].count", '2 models, but "fort" takes 3')
    ]


BIG = {"hulk": UnitInfo(cost=1, tags=frozenset({"large"}), max_models=10_000)}


def test_percentage_cap_exactly_at_the_limit_passes_and_a_point_more_fails() -> None:
    rule = PercentageCap(selector=parse_selector("tag:large"), max_percent=70)
    at_limit = ArmyList(
        name="x", ruleset="d", points=10_000, units=(UnitEntry(unit="hulk", count=7000),)
    )
    assert validate(at_limit, [rule], BIG).ok
    over = ArmyList(
        name="x", ruleset="d", points=10_000, units=(UnitEntry(unit="hulk", count=7001),)
    )
    (violation,) = validate(over, [rule], BIG).violations
    assert violation.message == (
        "7001 points on tag:large are 70.01% of 10000; at most 70% allowed (7000 points)"
    )


def test_percentage_cap_with_fractional_percent_is_exact() -> None:
    rule = PercentageCap(selector=parse_selector("tag:large"), max_percent=33.3)

    def hulks(count: int) -> ArmyList:
        return ArmyList(
            name="x", ruleset="d", points=1000, units=(UnitEntry(unit="hulk", count=count),)
        )

    assert validate(hulks(333), [rule], BIG).ok
    assert not validate(hulks(334), [rule], BIG).ok


def test_percentage_cap_uses_the_total_when_the_list_states_no_size() -> None:
    rule = PercentageCap(selector=parse_selector("tag:small"), max_percent=50)
    balanced = army(("frigate", 2), ("cruiser", 2), points=None)  # 50 small of 150 total
    assert violations(balanced, rule) == []
    heavy = army(("frigate", 4), ("cruiser", 2), points=None)  # 100 small of 200 total
    assert violations(heavy, rule) == []
    heavier = army(("frigate", 5), ("cruiser", 2), points=None)  # 125 of 225
    assert violations(heavier, rule) == [
        ("units", "125 points on tag:small are 55.5556% of 225; at most 50% allowed (112 points)")
    ]


def test_required_boundaries() -> None:
    rule = Required(selector=parse_selector("tag:medium"))
    assert violations(army(("cruiser", 2)), rule) == []
    assert violations(army(("frigate", 2)), rule) == [
        ("units", "no unit matches tag:medium; at least 1 required")
    ]
    two = Required(selector=parse_selector("tag:medium"), min=2)
    assert violations(army(("cruiser", 2)), two) == [
        ("units", "1 unit matches tag:medium; at least 2 required")
    ]
    assert violations(army(("cruiser", 2), ("cruiser", 3)), two) == []


def test_unique_role() -> None:
    rule = UniqueRole(role="flagship")
    assert violations(army(("battleship", 1)), rule) == []
    assert violations(army(("battleship", 1), u0="flagship"), rule) == []
    two = army(("battleship", 1), ("cruiser", 2), ("dreadnought", 1), u0="flagship", u2="flagship")
    assert violations(two, rule) == [
        ("units[2].role", 'role "flagship" is already held by units[0]; only one allowed')
    ]
    exactly = UniqueRole(role="flagship", exactly=True)
    assert violations(army(("battleship", 1), u0="flagship"), exactly) == []
    assert violations(army(("battleship", 1)), exactly) == [
        ("units", 'no entry has the role "flagship"; exactly one required')
    ]


def test_named_constraint_labels_its_violations() -> None:
    report = validate(
        army(("frigate", 2)),
        [Required(selector=parse_selector("tag:large"), name="needs a capital")],
        LOOKUP,
    )
    assert [v.rule for v in report.violations] == ["needs a capital"]


# ---------------------------------------------------------------------------- selectors


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tag:small", HasTag("small")),
        ("unit:dreadnought", IsUnit("dreadnought")),
        ("*", AnyUnit()),
        ("!tag:core", Not(HasTag("core"))),
        ("tag:naval & tag:large", AllOf((HasTag("naval"), HasTag("large")))),
        ("tag:large | tag:massive", AnyOf((HasTag("large"), HasTag("massive")))),
        (
            "tag:a | tag:b & tag:c",
            AnyOf((HasTag("a"), AllOf((HasTag("b"), HasTag("c"))))),
        ),
        ("(tag:a | tag:b) & !tag:c", AllOf((AnyOf((HasTag("a"), HasTag("b"))), Not(HasTag("c"))))),
        ("tag:a & tag:b & tag:c", AllOf((HasTag("a"), HasTag("b"), HasTag("c")))),
        ("  tag:x-1.b  ", HasTag("x-1.b")),
    ],
)
def test_selector_parsing_and_round_trip(text: str, expected: object) -> None:
    selector = parse_selector(text)
    assert selector == expected
    assert parse_selector(str(selector)) == selector


def test_selector_matching() -> None:
    big_or_massive_naval = parse_selector("tag:naval & (tag:large | tag:massive)")
    assert big_or_massive_naval.matches("dreadnought", LOOKUP["dreadnought"].tags)
    assert big_or_massive_naval.matches("battleship", LOOKUP["battleship"].tags)
    assert not big_or_massive_naval.matches("cruiser", LOOKUP["cruiser"].tags)
    outside_core = parse_selector("!tag:core")
    assert outside_core.matches("gunship", LOOKUP["gunship"].tags)
    assert not outside_core.matches("frigate", LOOKUP["frigate"].tags)
    assert parse_selector("unit:fort").matches("fort", frozenset())
    assert not parse_selector("unit:fort").matches("frigate", frozenset({"fort"}))


@pytest.mark.parametrize(
    ("text", "reason", "column"),
    [
        ("", 'expected tag:NAME, unit:NAME, "*", "!" or "("', 1),
        ("tag:large |", 'expected tag:NAME, unit:NAME, "*", "!" or "("', 12),
        ("tag:a & & tag:b", 'expected tag:NAME, unit:NAME, "*", "!" or "("', 9),
        ("(tag:a", 'expected ")"', 7),
        ("tag:a)", 'unexpected ")"', 6),
        ("tag:a tag:b", 'unexpected "tag:b"', 7),
        ("small", '"small" needs a kind: tag:small or unit:small', 1),
        ("role:flagship", 'unknown selector kind "role:" (use "tag:" or "unit:")', 1),
        ("tag:a & tag:", 'missing name after "tag:"', 9),
        ("tag:a $", 'unexpected "$"', 7),
    ],
)
def test_selector_errors_name_the_text_reason_and_column(
    text: str, reason: str, column: int
) -> None:
    with pytest.raises(SelectorError) as caught:
        parse_selector(text)
    assert (caught.value.reason, caught.value.column) == (reason, column)
    assert str(caught.value) == f'bad selector "{text}": {reason} at column {column}'
    assert str(pickle.loads(pickle.dumps(caught.value))) == str(caught.value)


def test_bad_selector_in_a_constraint_file_names_key_path_and_text() -> None:
    data = tomllib.loads('[[constraints]]\nkind = "required"\nselector = "tag:large |"\n')
    with pytest.raises(DataFileError) as caught:
        parse_model(data, ConstraintSet, "format.toml")
    assert str(caught.value) == (
        'format.toml: constraints[0].selector: bad selector: expected tag:NAME, unit:NAME, "*", '
        '"!" or "(" at column 12 (got "tag:large |")'
    )


def test_constraint_file_errors_name_kind_problems() -> None:
    text = '[[constraints]]\nkind = "cap"\n[[constraints]]\nmax = 3\n'
    with pytest.raises(DataFileError) as caught:
        parse_model(tomllib.loads(text), ConstraintSet, "format.toml")
    assert [(p.where, p.reason.split(" (")[0]) for p in caught.value.problems] == [
        ("constraints[0]", 'unknown kind "cap"'),
        ("constraints[1].kind", "missing required key"),
    ]


# ---------------------------------------------------------------------------- a tournament format

TOURNAMENT = """
name = "Dystopian Wars tournament"

[[constraints]]
kind = "points_cap"

[[constraints]]
kind = "unit_size"

[[constraints]]
kind = "percentage_cap"
name = "large and massive cap"
selector = "tag:large | tag:massive"
max_percent = 70

[[constraints]]
kind = "percentage_cap"
name = "medium cap"
selector = "tag:medium"
max_percent = 70

[[constraints]]
kind = "percentage_cap"
name = "small cap"
selector = "tag:small"
max_percent = 40

[[constraints]]
kind = "percentage_cap"
name = "outside core cap"
selector = "!tag:core"
max_percent = 50

[[constraints]]
kind = "required"
name = "core small"
selector = "tag:core & tag:small"

[[constraints]]
kind = "required"
name = "core medium"
selector = "tag:core & tag:medium"

[[constraints]]
kind = "required"
name = "core large or massive"
selector = "tag:core & (tag:large | tag:massive)"

[[constraints]]
kind = "unique_role"
role = "flagship"
exactly = true
"""


@pytest.fixture
def tournament(tmp_path: Path) -> ConstraintSet:
    path = tmp_path / "tournament.toml"
    path.write_text(TOURNAMENT, encoding="utf-8")
    return load_model(path, ConstraintSet)


def test_tournament_format_loads_from_toml(tournament: ConstraintSet) -> None:
    assert tournament.name == "Dystopian Wars tournament"
    assert [c.kind for c in tournament.constraints][:3] == [
        "points_cap",
        "unit_size",
        "percentage_cap",
    ]
    assert isinstance(tournament.constraints[2], PercentageCap)
    assert tournament.constraints[2].selector == AnyOf((HasTag("large"), HasTag("massive")))


def test_a_legal_tournament_fleet_passes(tournament: ConstraintSet) -> None:
    fleet = army(("battleship", 1), ("cruiser", 2), ("frigate", 4), points=350, u0="flagship")
    report = validate(fleet, tournament.constraints, LOOKUP)
    assert report.violations == ()
    assert report.total_points == 350


def test_a_bad_tournament_fleet_reports_every_broken_cap(tournament: ConstraintSet) -> None:
    # 370 of 250 points: massive 200 (80%), small 170 (68%), outside core 120 (48%),
    # no core medium squadron, no flagship.
    fleet = army(("dreadnought", 1), ("frigate", 2), ("gunship", 3), points=250)
    report = validate(fleet, tournament.constraints, LOOKUP)
    assert [v.rule for v in report.violations] == [
        "points_cap",
        "large and massive cap",
        "small cap",
        "core medium",
        "unique_role",
    ]
    fleet = army(("dreadnought", 1), ("frigate", 2), ("gunship", 3), ("gunship", 3), points=470)
    # 490 of 470 points: massive 200 (under 70%), small 290 (62%), outside core 240 (51%).
    report = validate(fleet, tournament.constraints, LOOKUP)
    assert [v.rule for v in report.violations] == [
        "points_cap",
        "small cap",
        "outside core cap",
        "core medium",
        "unique_role",
    ]


# ---------------------------------------------------------------------------- a property

ENTRIES = st.builds(
    UnitEntry,
    unit=st.sampled_from(sorted(LOOKUP)),
    count=st.integers(min_value=1, max_value=8),
    options=st.lists(st.sampled_from(["rockets", "nothing"]), max_size=3).map(tuple),
)


@settings(max_examples=200, deadline=None)
@given(entries=st.lists(ENTRIES, max_size=8), extra=ENTRIES)
def test_total_is_the_sum_of_entry_costs_and_adding_never_lowers_it(
    entries: list[UnitEntry], extra: UnitEntry
) -> None:
    fleet = ArmyList(name="x", ruleset="demo", units=tuple(entries))
    report = validate(fleet, [], LOOKUP)
    expected = sum(LOOKUP[e.unit].points(e.count, e.options) for e in entries)
    assert report.total_points == expected
    assert report.total_points == sum(entry.points for entry in report.priced.entries)
    assert validate(fleet.with_unit(extra), [], LOOKUP).total_points >= report.total_points


def test_the_report_header_shows_the_cap_a_points_cap_sets() -> None:
    """A cap below the list's points (Armada's tier budget) is what the header shows."""
    army = ArmyList(name="A", ruleset="r", points=100, units=(UnitEntry(unit="x", count=1),))
    lookup = {"x": UnitInfo(cost=104)}
    report = validate(army, [PointsCap(max=96)], lookup)
    assert report.cap == 96
    assert str(report).splitlines()[0] == (
        "A (r): 104 of 96 points (the cap; the list states 100), 1 violation"
    )
    assert str(validate(army, [PointsCap()], lookup)).startswith("A (r): 104 of 100 points,")
