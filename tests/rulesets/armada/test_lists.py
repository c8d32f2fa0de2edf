"""Armadas as army lists, the fleet-template catalog and set-ups from lists (ARM-LIST-*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.armada.helpers import RULES
from warbench.cli import main
from warbench.core.catalog import load_model
from warbench.core.engine import Game
from warbench.core.lists import ArmyList, validate
from warbench.core.ruleset import SetupError
from warbench.rulesets.armada.data import DATA_DIR, FleetSpec
from warbench.rulesets.armada.fleets import fleet_stats
from warbench.rulesets.armada.lists import armada_tier, list_violations
from warbench.rulesets.armada.state import ArmadaState
from warbench.rulesets.armada.templates import fleet_templates

LISTS = DATA_DIR / "lists"
BROKEN = Path(__file__).parent / "lists" / "broken-armada.toml"


def army(path: Path) -> ArmyList:
    return load_model(path, ArmyList)


@pytest.mark.parametrize("name", ["vanguard-picket.toml", "comet-corsairs.toml"])
def test_arm_list_shipped_lists_validate(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """ARM-LIST-FORMAT, ARM-LIST-RULES: the shipped lists pass `warbench list validate`."""
    assert main(["list", "validate", str(LISTS / name)]) == 0
    assert "valid" in capsys.readouterr().out
    assert list_violations(army(LISTS / name)) == []


def test_arm_list_broken_list_reports_every_violation(capsys: pytest.CaptureFixture[str]) -> None:
    """ARM-LIST-RULES, ARM-ARMADA-BP, ARM-ARMADA-TIERCAP, ARM-ARMADA-FLAGSHIP,
    ARM-ABILITY-CLASS, ARM-OFF-ONE-ADMIRAL, ARM-OFF-ONE-ROLE: every broken rule, with its path."""
    assert main(["list", "validate", str(BROKEN)]) == 1
    out = capsys.readouterr().out
    assert "9 violations" in out  # the core checks and the armada rules of list_violations
    found = {(v.path, v.rule) for v in list_violations(army(BROKEN))}
    assert found == {
        ("units[0].options[0]", "refused_option"),  # bombers on a capital: its class rule
        ("units[4].unit", "unknown_unit"),
        ("units[7].options[1]", "unknown_option"),  # aboard a fleet that is not there
        ("units[1].role", "one_flagship"),
        ("units[6]", "one_admiral"),  # the second admiral
        ("units[0]", "fleet_tier_cap"),  # the fleet above the tier cap
        ("units", "build_points"),
        ("units[1].options[1]", "duplicate_ability"),
        ("units[6].unit", "one_role_per_fleet"),
    }


def test_arm_list_naming_no_points_still_reports_every_armada_rule() -> None:
    """ARM-LIST-RULES: a list that leaves out its points breaks that rule, and every other
    rule it breaks is still named (they were all hidden behind the missing points); no tier
    rule is judged without a tier."""
    with_points = {(v.path, v.rule) for v in list_violations(army(BROKEN))}
    bare = ArmyList.model_validate({**army(BROKEN).model_dump(), "points": None})
    found = {(v.path, v.rule) for v in list_violations(bare)}
    assert ("points", "build_points") in found
    assert ("units[1].options[1]", "duplicate_ability") in found
    assert ("units[6].unit", "one_role_per_fleet") in found
    assert found - {("points", "build_points")} == with_points - {
        ("units", "build_points"), ("units[0]", "fleet_tier_cap")}


def test_arm_list_tier_from_points_and_the_rules_it_sets() -> None:
    """ARM-LIST-FORMAT, ARM-ARMADA-BP: points are the build points and set the tier; each
    template costs its table cost plus its options, and carries class, size and tier tags."""
    assert [armada_tier(p) for p in (36, 71, 72, 480, 999)] == [1, 2, 3, 20, 20]
    vanguard = army(LISTS / "vanguard-picket.toml")
    rules = RULES.army_rules(vanguard)
    destroyer = rules.lookup["destroyer-medium-t3"]
    assert destroyer.points(1, ["point-defense"]) == 12 + 2
    assert {"destroyer", "medium", "tier-3", "fleet"} <= destroyer.tags
    assert "above-tier-4" in rules.lookup["capital-small-t5"].tags
    assert "bombers" not in rules.lookup["capital-large-t3"].option_costs
    assert rules.lookup["admiral"].points(1, ["ranks:6", "aboard:Dawnbreaker"]) == 0
    report = validate(vanguard, rules.constraints.constraints, rules.lookup)
    assert report.ok and report.total_points == 64


def test_arm_list_catalog_lists_every_template_and_role(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ARM-LIST-CATALOG: 3 classes x 3 sizes x 20 tiers, with the derived statistics."""
    catalog = RULES.catalog()
    templates = fleet_templates()
    assert len(templates) == 180 and len(catalog) == 185
    assert catalog["commander"].orders == ("direct", "duel")  # type: ignore[attr-defined]
    spec = FleetSpec.model_validate({"name": "x", "tier": 9, "size": "medium",
                                     "class": "fighter"})
    stats = fleet_stats(spec)
    nine = templates["fighter-medium-t9"]
    assert (nine.hull_points, nine.damage, nine.cost, nine.speed) == (
        stats.hull_points, stats.damage, stats.cost, stats.speed
    )
    assert set(nine.abilities) == {"boarders", "self-destruct", "bombers", "emp", "interceptors"}
    assert main(["catalog", "armada", "--unit", "capital-large-t3", "--json"]) == 0
    assert '"hull_points": 16' in capsys.readouterr().out


def test_arm_list_setup_for_plays_the_lists() -> None:
    """ARM-LIST-SETUP: a set-up from two lists starts a battle with their fleets and officers."""
    lists = [army(LISTS / "comet-corsairs.toml"), army(LISTS / "vanguard-picket.toml")]
    setup = RULES.setup_for(lists)
    game = Game.new(RULES, setup, seed=4)
    state = game.state
    assert isinstance(state, ArmadaState)
    assert [side.tier for side in state.sides] == [6, 3]
    comet = state.fleets[0]
    assert (comet.name, comet.tier, comet.hull_points) == ("Black Comet", 7, 1 + 35 + 7)
    assert comet.abilities == ("array", "gravity-mines", "flagship")
    assert {(o.name, o.role, state.fleets[o.fleet].name) for o in state.officers if o.side} == {
        ("Ilse Varr", "admiral", "Dawnbreaker"),
        ("Osk", "chief-technician", "Lance Squadron"),
        ("Tamsin Reed", "commander", "Hornets"),
    }


def test_arm_list_setup_for_refuses_with_every_reason() -> None:
    """ARM-LIST-SETUP: a broken list, another game's list, a wrong scenario are refused."""
    good = army(LISTS / "vanguard-picket.toml")
    with pytest.raises(SetupError) as error:
        RULES.setup_for([good, army(BROKEN)])
    message = str(error.value)
    assert message.count("armies[1] (Broken Armada)") == 9
    assert "duplicate_ability" in message and "build_points" in message
    other = good.model_copy(update={"ruleset": "full-thrust"})
    with pytest.raises(SetupError, match="a full-thrust list"):
        RULES.setup_for([good, other])
    with pytest.raises(SetupError, match="no scenario 'siege'"):
        RULES.setup_for([good, good], "siege")
    with pytest.raises(SetupError, match="played by 2 players"):
        RULES.setup_for([good])
