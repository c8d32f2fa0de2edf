"""Data tables, fleet statistics, armada validation and challenge tiers (ARM-DATA, ARM-FLEET,
ARM-ARMADA, ARM-ABILITY-*, ARM-CHALLENGE)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.rulesets.armada.helpers import armada, fleet
from warbench.core.catalog import DataFileError, engine_defaults
from warbench.core.datafolder import DataFolder
from warbench.rulesets.armada.data import (
    DATA_DIR,
    ArmadaSpec,
    FleetSpec,
    load_data,
    read_tables,
    shipped_tables,
)
from warbench.rulesets.armada.fleets import (
    UnknownDifficulty,
    armada_cost,
    challenge_tier,
    check_challenge,
    fleet_stats,
    validate_armada,
)


def spec(name: str, tier: int, size: str, fleet_class: str, *abilities: str) -> FleetSpec:
    return FleetSpec.model_validate(fleet(name, tier, size, fleet_class, *abilities))


def test_arm_armada_bp_table_matches_the_source() -> None:
    """ARM-ARMADA-BP: 36, 48, then 24 more build points per tier up to 480."""
    tables = shipped_tables()
    points = [tables.tier(t).armada_build_points for t in range(1, 21)]
    assert points == [36, 48, *range(72, 481, 24)]


def test_arm_fleet_cost_and_damage_tables() -> None:
    """ARM-FLEET-COST, ARM-FLEET-DAMAGE: the tier rows for cost and damage dice."""
    tables = shipped_tables()
    assert tables.tier(1).fleet_cost == {"small": 5, "medium": 6, "large": 8}
    assert tables.tier(2).fleet_cost == {"small": 6, "medium": 8, "large": 10}
    assert tables.tier(13).fleet_cost == {"small": 39, "medium": 52, "large": 65}
    assert tables.tier(3).damage == {"light": "1d8", "medium": "1d10", "heavy": "1d12"}
    assert tables.tier(4).damage == {"light": "2d6", "medium": "2d8", "heavy": "2d10"}
    assert tables.tier(19).damage == {"light": "9d6", "medium": "9d8", "heavy": "9d10"}


def test_arm_data_engine_defaults_are_marked() -> None:
    """ARM-FLEET-SHIELDS, ARM-FLEET-RANGE, ARM-END-LIMIT: gaps carry source = engine default."""
    tables = shipped_tables()
    assert engine_defaults(tables.fleets) == ["shields", "range_bands"]
    assert tables.rounds.round_limit.source == "engine default"
    assert {row.range_source for row in tables.classes.values()} == {"engine default"}


SHIPPED_ARMADAS = load_data(DataFolder(DATA_DIR)).armadas


def test_arm_data_errors_name_file_and_key(tmp_path: Path) -> None:
    """ARM-DATA: a broken value is reported with its file and key path."""
    for item in DATA_DIR.glob("*.toml"):
        shutil.copy(item, tmp_path / item.name)
    fleets = tmp_path / "fleets.toml"
    fleets.write_text(fleets.read_text().replace("hull_per_tier = 4", 'hull_per_tier = "four"'))
    with pytest.raises(DataFileError) as error:
        read_tables(tmp_path)
    assert f"{fleets}: sizes.medium.hull_per_tier:" in str(error.value)
    armadas = tmp_path / "armadas.toml"
    armadas.write_text(armadas.read_text().replace('size = "small"', 'size = "tiny"', 1))
    with pytest.raises(DataFileError, match=r"vanguard-3\.fleets\[3\]\.size"):
        DataFolder(tmp_path).read_catalog("armadas.toml", ArmadaSpec, kind="armada")


def test_arm_off_role_change_an_armada_files_unknown_skill_names_its_key(tmp_path: Path) -> None:
    """ARM-OFF-ROLE-CHANGE, ARM-DATA: an officer's ``skills`` in an armada file name skills
    of the roles; one no role has is refused with the file and its key path."""
    (tmp_path / "armadas.toml").write_text((DATA_DIR / "armadas.toml").read_text().replace(
        'role = "chief-technician"\nranks = 3\n',
        'role = "chief-technician"\nranks = 3\nskills = { computers = 4, Stealth = 2 }\n', 1))
    with pytest.raises(DataFileError, match=r"armadas\.toml: vanguard-3\.officers\[1\]\."
                       r"skills\.Stealth: Osk: no role has the skill 'Stealth'"):
        load_data(DataFolder(DATA_DIR, tmp_path))


@pytest.mark.parametrize(
    ("size", "hull", "threshold"), [("small", 16, 8), ("medium", 21, 10), ("large", 26, 13)]
)
def test_arm_fleet_hp_and_ct_by_size(size: str, hull: int, threshold: int) -> None:
    """ARM-FLEET-HP, ARM-FLEET-CT: 1 + 3/4/5 per tier; critical threshold half, rounded down."""
    stats = fleet_stats(spec("F", 5, size, "capital"))
    assert (stats.hull_points, stats.critical_threshold) == (hull, threshold)


def test_arm_fleet_size_sets_shield_points_and_its_row_says_so() -> None:
    """ARM-FLEET-SIZE: size sets hull points, shield points, damage and base cost; the
    shields follow size through the hull points, and the rules row names them."""
    shields = [fleet_stats(spec("F", 5, size, "capital")).shield_points
               for size in ("small", "medium", "large")]
    assert shields == sorted(set(shields))
    table = Path(__file__).parents[3] / "docs" / "rules" / "armada.md"
    [row] = [line for line in table.read_text().splitlines()
             if line.startswith("| ARM-FLEET-SIZE |")]
    assert "sets hull points, shield points, damage and base cost" in row


def test_arm_ability_flagship_adds_its_tier_in_hull_points() -> None:
    """ARM-ABILITY-FLAGSHIP: the flagship gains hull points equal to its tier."""
    assert fleet_stats(spec("F", 7, "small", "fighter", "flagship")).hull_points == 1 + 21 + 7


@pytest.mark.parametrize(("tier", "modifier"), [(1, 1), (2, 1), (3, 2), (4, 2), (9, 5), (20, 10)])
def test_arm_fleet_mod_and_ac(tier: int, modifier: int) -> None:
    """ARM-FLEET-MOD, ARM-FLEET-AC: +1, +1 per odd tier above the first; AC 10 + modifier."""
    stats = fleet_stats(spec("F", tier, "medium", "destroyer"))
    assert (stats.check_modifier, stats.armor_class) == (modifier, 10 + modifier)


def test_arm_fleet_size_sets_damage_and_class_sets_movement() -> None:
    """ARM-FLEET-DAMAGE, ARM-CLASS-*: size picks the damage column; class speed/turning."""
    small = fleet_stats(spec("S", 6, "small", "fighter"))
    large = fleet_stats(spec("L", 6, "large", "capital"))
    assert (small.damage, large.damage) == ("3d6", "3d10")
    assert (small.speed, small.turn_distance, small.piloting_modifier) == (6, 0, 2)
    assert (large.speed, large.turn_distance, large.piloting_modifier) == (4, 2, 0)
    destroyer = fleet_stats(spec("D", 6, "medium", "destroyer"))
    assert (destroyer.speed, destroyer.turn_distance, destroyer.piloting_modifier) == (5, 1, 1)


def test_arm_fleet_cost_adds_abilities_and_shields_are_a_third() -> None:
    """ARM-FLEET-COST, ARM-ABILITY-COST, ARM-FLEET-SHIELDS: base cost plus ability costs."""
    stats = fleet_stats(spec("C", 4, "large", "capital", "superweapon", "damage-threshold"))
    assert stats.cost == 20 + 3 + 3
    assert stats.shield_points == stats.hull_points // 3 == 7


def test_arm_armada_demo_armadas_are_legal() -> None:
    """ARM-ARMADA-BP: every shipped armada fits its build points and rules."""
    for armada_id, demo in SHIPPED_ARMADAS.items():
        assert validate_armada(demo) == [], armada_id
        assert armada_cost(demo) <= shipped_tables().tier(demo.tier).armada_build_points
    assert sorted(a.tier for a in SHIPPED_ARMADAS.values()) == [3, 3, 6, 6, 10, 15]


def test_arm_armada_validation_reports_every_violation() -> None:
    """ARM-ARMADA-TIERCAP, ARM-ARMADA-FLAGSHIP, ARM-ARMADA-BP, ARM-ABILITY-CLASS,
    ARM-OFF-ONE-ROLE, ARM-OFF-ONE-ADMIRAL: all broken rules at once, each with its path."""
    broken = ArmadaSpec.model_validate(
        armada(
            "Bad",
            2,
            [
                fleet("A", 4, "large", "capital", "flagship", "bombers"),
                fleet("B", 3, "large", "fighter", "flagship", "bombers", "bombers"),
                fleet("C", 3, "large", "destroyer", "warp"),
            ],
            [
                {"name": "X", "role": "admiral", "fleet": "A"},
                {"name": "Y", "role": "admiral", "fleet": "A"},
                {"name": "Z", "role": "commander", "fleet": "Nowhere"},
            ],
        )
    )
    found = {(v.path, v.rule) for v in validate_armada(broken)}
    assert found == {
        ("fleets[0].tier", "fleet_tier_cap"),
        ("fleets[0].abilities[1]", "ability_class"),
        ("fleets[2].abilities[0]", "unknown_ability"),
        ("fleets[1].abilities[2]", "duplicate_ability"),
        ("fleets", "one_flagship"),
        ("fleets", "build_points"),
        ("officers", "one_admiral"),
        ("officers[1].role", "one_role_per_fleet"),
        ("officers[2].fleet", "officer_fleet"),
    }
    allowed = broken.model_copy(update={"gm_allows_higher_tiers": True})
    assert "fleet_tier_cap" not in {v.rule for v in validate_armada(allowed)}


def test_arm_challenge_table() -> None:
    """ARM-CHALLENGE: enemy tier = allied tier -3 / -2 / -1 / +0 / +1 by difficulty."""
    assert [challenge_tier(10, d) for d in ("easy", "average", "challenging", "hard", "epic")] == [
        7, 8, 9, 10, 11,
    ]
    demos = SHIPPED_ARMADAS
    assert check_challenge(demos["home-guard-6"], demos["vanguard-3"], "easy") == []
    [wrong] = check_challenge(demos["home-guard-6"], demos["raiders-3"], "epic")
    assert wrong.rule == "challenge" and "tier 7" in wrong.message
    with pytest.raises(UnknownDifficulty):
        challenge_tier(3, "legendary")  # type: ignore[arg-type]


def test_arm_off_skills_each_role_counts_the_ranks_of_its_skills() -> None:
    """ARM-OFF-SKILLS, ARM-OFF-BONUS: the skills whose ranks set each role's officer bonus,
    as the source lists them, and the orders each role gives."""
    roles = shipped_tables().roles
    skills = {role: set(rule.skills) for role, rule in roles.items()}
    assert skills == {
        "admiral": {"Bluff", "Diplomacy", "Intimidate"},
        "chief-spellcaster": {"Mysticism"},
        "chief-engineer": {"Engineering"},
        "chief-technician": {"Computers"},
        "commander": {"Diplomacy", "Intimidate", "Piloting"},
    }
    assert {role: tuple(rule.orders) for role, rule in roles.items()} == {
        "admiral": ("rally", "encourage", "taunt"),
        "chief-spellcaster": ("conjure", "enchant", "precognition"),
        "chief-engineer": ("boost", "repair"),
        "chief-technician": ("jam", "scan", "target"),
        "commander": ("direct", "duel"),
    }
