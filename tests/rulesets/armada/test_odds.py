"""Exact odds of Armada attacks against icepool, and against the game's own rolls
(ARM-ODDS-GUNNERY, ARM-ODDS-VOLLEY)."""

from __future__ import annotations

import json
import math
from typing import Any

import icepool
import pytest

from tests.rulesets.armada.helpers import battle, fleet
from warbench.cli import main
from warbench.core.attacks import AttackOptionsError
from warbench.core.dice import SeededDice
from warbench.core.odds import Dist
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.combat import gunnery_for, roll_gunnery
from warbench.rulesets.armada.data import shipped_tables
from warbench.rulesets.armada.odds import (
    GunneryOdds,
    GunneryOptions,
    Scene,
    VolleyOdds,
    VolleyOptions,
)
from warbench.rulesets.armada.state import ArmadaState

TOLERANCE = 1e-12


def icepool_hull_damage(
    modifier: int, ac: int, dice: int, sides: int, per_die: int, bonus: int, shields: int,
    *, halved: bool = False, twice: bool = False,
) -> icepool.Die:
    """One attack's hull damage, built from the rules' numbers with icepool (``twice``: the
    better of two d20)."""
    die = (icepool.d(sides) + per_die).clip(0, None)
    total = dice @ die + bonus
    if halved:
        total = total // 2
    hull = (total - shields).clip(0, None)
    d20 = icepool.highest(icepool.d20, icepool.d20) if twice else icepool.d20
    return d20.map(lambda natural: hull if natural + modifier >= ac else 0)


def assert_matches(ours: Dist, die: icepool.Die) -> None:
    total = die.denominator()
    expected = {outcome: quantity / total for outcome, quantity in die.items()}
    got = ours.to_dict()
    for outcome in set(expected) | set(got):
        assert abs(got.get(outcome, 0.0) - expected.get(outcome, 0.0)) <= TOLERANCE, outcome


# Each case: options, and the numbers the rules give for them, worked out by hand.
CASES: list[tuple[dict[str, Any], tuple[int, int, int, int, int, int, int]]] = [
    # destroyer t3 (+2, 1d10, weak against capitals -1) against a capital t3 (AC 12, +1 from
    # the front while its 4 shields hold)
    ({}, (2, 13, 1, 10, -1, 0, 4)),
    # tier 10 large capital (+5, 5d10, strong against destroyers +1), technician +4, long
    # range -2, against a tier-9 medium destroyer with a spellcaster (+3 AC), from behind
    ({"attacker_class": "capital", "attacker_size": "large", "attacker_tier": 10,
      "officer_bonus": 4, "range": "long", "target_class": "destroyer", "target_tier": 9,
      "target_officer_bonus": 3, "front": False},
     (5 + 4 - 2, 10 + 5 + 3, 5, 10, 1, 0, 37 // 3)),
    # superweapon (-2, +tier damage), routed (-2), extreme range (-4), against a damage
    # threshold (-1 per die) with its shields down
    ({"attacker_class": "capital", "attacker_abilities": "superweapon", "superweapon": True,
      "morale": "routed", "range": "extreme", "target_abilities": "damage-threshold",
      "target_shields": 0},
     (2 - 2 - 2 - 4, 12, 1, 10, -1, 3, 0)),
    # array at three targets (-4), point defense within 2 hexes (+1), inspired (+1); a
    # bomber-free fighter target (destroyers are strong: +1 per die)
    ({"attacker_abilities": "array,point-defense", "array_targets": 3, "morale": "inspired",
      "distance": 2, "target_class": "fighter", "target_size": "small"},
     (2 - 4 + 1 + 1, 13, 1, 10, 1, 0, 10 // 3)),
    # bombers (+1 against capitals, ignore the damage threshold, fighters strong +1), shaken
    ({"attacker_class": "fighter", "attacker_size": "small", "attacker_abilities": "bombers",
      "morale": "shaken", "target_abilities": "damage-threshold", "weapons_damaged": True},
     (2 + 1 - 1, 13, 1, 8, 1 - 1, 0, 4)),
]


@pytest.mark.parametrize(("options", "numbers"), CASES)
def test_arm_odds_gunnery_matches_icepool(
    options: dict[str, Any], numbers: tuple[int, int, int, int, int, int, int]
) -> None:
    """ARM-ODDS-GUNNERY: the hull damage of one check, with every modifier, equals icepool's
    to 1e-12; the numbers are those the rules give (range, officers, shields from the
    front, array, superweapon, rout, morale, strong/weak, threshold, bombers, weapons)."""
    answer = GunneryOdds().odds(GunneryOptions(**options))
    modifier, ac, dice, sides, per_die, bonus, shields = numbers
    assert_matches(
        answer.distribution,
        icepool_hull_damage(modifier, ac, dice, sides, per_die, bonus, shields),
    )
    hits = sum(natural + modifier >= ac for natural in range(1, 21)) / 20
    assert answer.named["miss"] == pytest.approx(1 - hits, abs=TOLERANCE)
    assert answer.named["shields only"] + answer.named["hull damage"] == pytest.approx(hits)


ORDER_CASES: list[tuple[dict[str, Any], tuple[int, ...], bool, bool]] = [
    # a close attack (flyby, free attack, boarders) ignores range and forward shields; halved
    ({"close": True, "halved": True, "range": "extreme"}, (2, 12, 1, 10, -1, 0, 4), False,
     True),
    # a resolve point: the better of two d20
    ({"resolve": True}, (2, 13, 1, 10, -1, 0, 4), True, False),
    # direction 4 beats the technician's 2; locked +1; debris -1; taunted -2; encouraged by
    # a bonus of 5: 1 more than the 4 already counted; a boost of 3 to damage
    ({"officer_bonus": 2, "direct": 4, "locked": True, "debris": True, "taunted": 2,
      "encouraged": 5, "damage_boost": 3}, (2 + 4 + 1 - 1 - 2 + 1, 13, 1, 10, -1, 3, 4),
     False, False),
    # the target's commander directs 3 to AC, above its spellcaster's 2
    ({"target_direct": 3, "target_officer_bonus": 2}, (2, 12 + 3 + 1, 1, 10, -1, 0, 4),
     False, False),
]


@pytest.mark.parametrize(("options", "numbers", "twice", "halved"), ORDER_CASES)
def test_arm_odds_gunnery_orders_and_close_attacks_match_icepool(
    options: dict[str, Any], numbers: tuple[int, ...], twice: bool, halved: bool
) -> None:
    """ARM-ODDS-GUNNERY, ARM-OFF-RESOLVE, ARM-OFF-DIRECT, ARM-OFF-TARGET, ARM-OFF-CONJURE,
    ARM-OFF-TAUNT, ARM-OFF-ENCOURAGE, ARM-OFF-BOOST, ARM-STUNT-FLYBY: orders and close
    attacks in the exact odds, against icepool."""
    modifier, ac, dice, sides, per_die, bonus, shields = numbers
    answer = GunneryOdds().odds(GunneryOptions(**options))
    assert_matches(answer.distribution, icepool_hull_damage(
        modifier, ac, dice, sides, per_die, bonus, shields, halved=halved, twice=twice))


def test_arm_odds_gunnery_named_outcomes() -> None:
    """ARM-ODDS-GUNNERY: critical (natural 20 reaching the hull, or falling to the critical
    threshold), disabled and destroyed, from the target's hull left."""
    # Capital t3 against a small fighter t1 (4 hull points, 1 shield, AC 11 + 1 front):
    # 1d10 + 1 per die (capital... weak against fighters: -1).
    options = GunneryOptions(attacker_class="capital", target_class="fighter",
                             target_size="small", target_tier=1)
    answer = GunneryOdds().odds(options)
    hull = icepool_hull_damage(2, 12, 1, 10, -1, 0, 1)
    total = hull.denominator()
    chance = {outcome: q / total for outcome, q in hull.items()}
    # 4 hull points: disabled at 4 to 8 hull damage, destroyed at 9 or more
    assert answer.named["destroyed"] == pytest.approx(
        sum(p for h, p in chance.items() if h >= 9), abs=TOLERANCE)
    assert answer.named["disabled"] == pytest.approx(
        sum(p for h, p in chance.items() if 4 <= h <= 8), abs=TOLERANCE)
    # still active (1 to 3 hull damage) and at or below the threshold of 2: every such hit
    # is critical (hull 3 means 1 damage: only a natural 20 makes it critical)
    crit_one = (1 / 20) * (1 / 10)  # natural 20, and the d10 shows 3 (3 - 1 - 1 shield = 1)
    crit_two_three = sum(p for h, p in chance.items() if h in (2, 3))
    assert answer.named["critical"] == pytest.approx(crit_one + crit_two_three, abs=TOLERANCE)


@pytest.mark.parametrize("attacks", [1, 4, 10])
def test_arm_odds_volley_matches_icepool(attacks: int) -> None:
    """ARM-ODDS-VOLLEY: N attacks landing together: the hull left equals icepool's sum."""
    options = VolleyOptions(attacks=attacks, attacker_class="capital", attacker_size="large",
                            attacker_tier=6, target_class="destroyer", target_tier=6)
    answer = VolleyOdds().odds(options)
    # capital t6 large: +3, 3d10, strong +1; destroyer t6 medium: 25 hull, 8 shields, AC 14
    damage = icepool_hull_damage(3, 14, 3, 10, 1, 0, 0)
    left = (attacks @ damage).map(lambda total: max(25 - max(0, total - 8), -26))
    assert_matches(answer.distribution, left)
    assert answer.named["destroyed"] == pytest.approx(answer.distribution.at_most(-26))
    # the mean of the hull left counts damage past the hull; a note gives it as a player
    # counts hull (a disabled or destroyed fleet has none)
    kept = float(left.map(lambda value: max(value, 0)).mean())
    assert f"the mean is {kept:.4f}" in answer.notes[-1] and "-26: destroyed" in answer.notes[-1]


def test_arm_odds_sequential_volley_drops_the_shield_bonus() -> None:
    """ARM-ODDS-VOLLEY, ARM-FLEET-AC-SHIELD: attack by attack, the AC loses its +1 once the
    shields are down; the state (damage taken) is followed with apply_attacks."""
    options = VolleyOptions(attacks=5, sequential=True)
    answer = VolleyOdds().odds(options)
    up = icepool_hull_damage(2, 13, 1, 10, -1, 0, 0)
    down = icepool_hull_damage(2, 12, 1, 10, -1, 0, 0)
    taken = icepool.Die([0])
    for _ in range(5):
        taken = taken.map(lambda t: (t + (up if t < 4 else down)).clip(None, 4 + 13 + 14))
    left = taken.map(lambda total: max(13 - max(0, total - 4), -14))
    assert_matches(answer.distribution, left)
    together = VolleyOdds().odds(VolleyOptions(attacks=5)).distribution
    assert answer.distribution.mean < together.mean  # the target is easier to hit


def test_arm_odds_use_the_game_gunnery() -> None:
    """ARM-ODDS-GUNNERY: the odds' numbers are the ones the game computes for the same
    fleets on the table (one function, so the two cannot drift)."""
    game = battle(
        [fleet("Lance", 3, "medium", "destroyer", "flagship")],
        [fleet("Grudge", 3, "medium", "capital", "flagship")],
        [[[0, 0, 0]], [[0, -6, 3]]], [1, 2],
    )
    state = game.state
    assert isinstance(state, ArmadaState)
    lance, grudge = state.fleets
    ingame = gunnery_for(state, shipped_tables(), lance, grudge)
    scene = Scene(GunneryOptions(distance=6), shipped_tables())
    assert scene.gunnery() == ingame


def test_arm_odds_match_the_game_rolls_chi_square() -> None:
    """ARM-ODDS-GUNNERY: 2000 checks rolled by the game's roll_gunnery with seeded dice fit
    the exact hull-damage distribution (chi-square, p > 0.001)."""
    options = GunneryOptions(attacker_class="capital", attacker_size="large", attacker_tier=6,
                             target_class="destroyer", target_tier=6)
    scene = Scene(options)
    gunnery = scene.gunnery()
    shields = scene.target.shields
    exact = GunneryOdds().odds(options).distribution
    dice = SeededDice(RandomStream.from_seed(2024))
    counts: dict[int, int] = {}
    for _ in range(2000):
        shot = roll_gunnery(dice, gunnery, "test")
        dealt = max(0, shot.damage - shields)
        counts[dealt] = counts.get(dealt, 0) + 1
    # Merge neighbouring values until each bin expects at least 10 results.
    bins: list[tuple[float, int]] = []
    expected, observed = 0.0, 0
    for value, chance in exact.items():
        expected += 2000 * chance
        observed += counts.pop(value, 0)
        if expected >= 10:
            bins.append((expected, observed))
            expected, observed = 0.0, 0
    assert not counts  # the game never rolled a result the odds call impossible
    if expected:
        last_expected, last_observed = bins.pop()
        bins.append((last_expected + expected, last_observed + observed))
    statistic = sum((o - e) ** 2 / e for e, o in bins)
    freedom = len(bins) - 1
    # Wilson-Hilferty: the chi-square quantile for p = 0.001 (z = 3.09)
    limit = freedom * (1 - 2 / (9 * freedom) + 3.09 * math.sqrt(2 / (9 * freedom))) ** 3
    assert freedom >= 10 and statistic < limit


def test_arm_odds_command_json_and_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    """ARM-ODDS-GUNNERY: `warbench odds armada gunnery --json` prints the distribution, the
    mean and the named outcomes; bad options exit 2 with the reason."""
    assert main(["odds", "armada", "gunnery", "range=long", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert set(plain["outcomes"]) == {
        "miss", "shields only", "hull damage", "critical", "disabled", "destroyed"}
    assert abs(sum(plain["distribution"].values()) - 1) < 1e-12
    assert main(["odds", "armada", "gunnery", "superweapon=true"]) == 2
    assert "needs the superweapon ability" in capsys.readouterr().err
    assert main(["odds", "armada", "gunnery", "range=short", "distance=7"]) == 2
    assert "7 hexes is long range" in capsys.readouterr().err
    assert main(["odds", "armada", "volley", "attacks=0"]) == 2
    with pytest.raises(AttackOptionsError, match="a capital may not take bombers"):
        GunneryOdds().odds(GunneryOptions(attacker_class="capital",
                                          attacker_abilities="bombers"))
