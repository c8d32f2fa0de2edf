"""Gunnery, damage, critical damage, morale, special abilities and officers' passive bonuses
(ARM-GUN-*, ARM-DMG-*, ARM-CRIT-*, ARM-MORALE-*, ARM-ABILITY-*, ARM-OFF-*)."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest

from tests.rulesets.armada.helpers import battle, fleet, hold_position, skip_orders, texts
from warbench.core.engine import Game, IllegalAction
from warbench.rulesets.armada.actions import Fire, HoldFire
from warbench.rulesets.armada.combat import (
    Gunnery,
    armor_class,
    damage_per_die,
    gunnery_modifier,
    matchup,
)
from warbench.rulesets.armada.data import shipped_tables
from warbench.rulesets.armada.helm import piloting_modifier
from warbench.rulesets.armada.morale import MoraleTest, morale_tests
from warbench.rulesets.armada.moves import fleet_speed
from warbench.rulesets.armada.state import (
    ACTIVE,
    DESTROYED,
    DISABLED,
    INSPIRED,
    ROUTED,
    SHAKEN,
    STEADY,
    ArmadaState,
)

LANCE = fleet("Lance", 3, "medium", "destroyer", "flagship")
GRUDGE = fleet("Grudge", 3, "medium", "capital", "flagship")
TABLES = shipped_tables()


def facing_off(
    dice: list[int],
    red_at: tuple[int, int] = (0, -3),
    prepare: Callable[[ArmadaState], None] | None = None,
    **options: Any,
) -> Game:
    """Lance (0) at 0,0 facing north against Grudge (1) facing south; both hold position.

    The battle lasts one round unless ``max_rounds`` says otherwise, so the dice end there.
    """
    options.setdefault("max_rounds", 1)
    blue = options.pop("blue", [LANCE])
    red = options.pop("red", [GRUDGE])
    blue_places = [[0, 0, 0], [2, 0, 0], [-2, 1, 0]][: len(blue)]
    red_places = [[red_at[0] + 2 * i, red_at[1] - i, 3] for i in range(len(red))]
    game = battle(blue, red, [blue_places, red_places], dice, **options)
    skip_orders(game)
    if prepare is not None:
        prepare(game.state)
    hold_position(game)
    return game


def test_arm_gun_check_against_ac_front_shields_matchup_shields_then_hull() -> None:
    """ARM-GUN-CHECK, ARM-GUN-HIT, ARM-FLEET-AC-SHIELD, ARM-MATCHUP, ARM-DMG-SHIELDS."""
    game = facing_off([1, 2, 10, 11, 6])
    game.apply(0, Fire(0, 1))  # 10 + 2 = 12 against 12 + 1 (forward shields): miss
    game.apply(1, Fire(1, 0))  # 11 + 2 = 13 against 13: hit; 6 + 1 (capital vs destroyer)
    assert texts(game, "miss") == ["Lance misses Grudge (12 against AC 13, short range)"]
    assert texts(game, "hit") == [
        "Grudge hits Lance (13 against AC 13, short range): 7 damage (shields first)"]
    lance = game.state.fleets[0]
    assert (lance.shields, lance.hull) == (0, 14)
    assert texts(game, "damage") == [
        "Lance takes 7 damage: 5 stopped by the shields, 2 to the hull; hull 14/16"]


def test_arm_fleet_ac_shield_bonus_only_from_the_front_and_with_shields() -> None:
    """ARM-FLEET-AC-SHIELD: +1 AC only against attacks from the fore arc, with shields."""
    game = facing_off([1, 2], red_at=(4, -2))
    state = game.state
    lance, grudge = state.fleets
    assert armor_class(state, lance, grudge) == 12  # Grudge is off Lance's fore arc
    grudge.q, grudge.r = 0, -3
    assert armor_class(state, lance, grudge) == 13
    lance.shields = 0
    assert armor_class(state, lance, grudge) == 12


@pytest.mark.parametrize(("red_at", "band", "penalty"), [
    ((0, -4), "short", 0), ((0, -8), "long", -2), ((0, -12), "extreme", -4),
])
def test_arm_gun_range_bands(red_at: tuple[int, int], band: str, penalty: int) -> None:
    """ARM-GUN-RANGE: short / long / extreme bands at 0 / -2 / -4."""
    game = facing_off([1, 2, 19, 5], red_at=red_at)
    game.apply(0, Fire(0, 1))
    assert texts(game, "miss") + texts(game, "hit")
    assert f"{19 + 2 + penalty} against AC 13, {band} range" in (texts(game, "miss") +
                                                                  texts(game, "hit"))[0]


def test_arm_gun_refusals_out_of_range_out_of_arc_and_twice() -> None:
    """ARM-GUN-RANGE, ARM-GUN-ARC, ARM-GUN-ONCE: refused with a reason naming the rule, state
    untouched; an own fleet is no target (ARM-ACTIONS)."""
    game = facing_off([1, 2, 3], red_at=(0, -13))
    before = game.hash()
    with pytest.raises(IllegalAction, match=r"beyond Lance's extreme range \(ARM-GUN-RANGE\)"):
        game.apply(0, Fire(0, 1))
    assert game.hash() == before
    game = facing_off([1, 2, 3, 1, 1], red_at=(0, 3))
    with pytest.raises(IllegalAction, match=r"in none of Lance's firing arcs \(.*ARM-GUN-ARC\)"):
        game.apply(0, Fire(0, 1))
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    game = facing_off([1, 2, 3], blue=blue, red=[GRUDGE])
    assert game.check(0, Fire(0, 1)) == "Wing is a friendly fleet (ARM-ACTIONS)"
    game.apply(0, Fire(0, 2))
    game.apply(1, HoldFire(2))
    with pytest.raises(IllegalAction, match=r"Lance has made its attack this round \(ARM-GUN-ONCE"):
        game.apply(0, Fire(0, 2))


def test_arm_gun_simultaneous_a_fleet_disabled_in_gunnery_still_fires() -> None:
    """ARM-GUN-SIMULTANEOUS, ARM-DMG-DISABLED, ARM-END-BEATEN."""
    game = facing_off([2, 1, 15, 5, 15, 5])
    lance, grudge = game.state.fleets
    lance.hull, lance.shields = 2, 0
    game.apply(1, Fire(1, 0))  # hit: 5 + 1 = 6
    assert lance.hull == 2  # nothing lands until the end of the phase
    game.apply(0, Fire(0, 1))  # 15 + 2 = 17: hit, 5 - 1 = 4 to Grudge's shields
    assert (lance.status, lance.hull) == (DISABLED, -4)
    assert (grudge.shields, grudge.hull) == (1, 16)
    assert game.outcome is not None and game.outcome.winners == (1,)


@pytest.mark.parametrize(("hull", "status"), [(-9, DISABLED), (-10, DESTROYED)])
def test_arm_dmg_destroyed_only_beyond_twice_hull_points(hull: int, status: str) -> None:
    """ARM-DMG-DESTROYED: destroyed once hull damage exceeds twice the hull points (32)."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]

    def wreck(state: ArmadaState) -> None:
        lance = state.fleets[0]
        lance.status, lance.hull, lance.shields = DISABLED, hull, 0

    game = facing_off([1, 2, 15, 6], blue=blue, prepare=wreck)
    lance = game.state.fleets[0]
    game.apply(0, HoldFire(1))
    game.apply(1, Fire(2, 0))  # 15 + 2 against 12: hit for 6 + 1 = 7
    assert lance.status == status


def test_arm_crit_natural_20_with_hull_damage() -> None:
    """ARM-CRIT-NAT20, ARM-CRIT-ENGINES: a natural 20 that reaches the hull rolls a critical;
    damaged engines cost 1 AC and 1 speed."""
    game = facing_off([1, 2, 1, 20, 6, 3])
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0))  # 7 damage: 5 to shields, 2 to hull; critical roll 3: engines
    state = game.state
    lance = state.fleets[0]
    assert lance.criticals == ["engines"]
    assert texts(game, "critical") == ["Lance suffers critical damage: engines"]
    assert armor_class(state, lance) == 11 and fleet_speed(lance) == 4


def test_arm_crit_natural_20_stopped_by_shields_is_no_critical() -> None:
    """ARM-CRIT-NAT20: no hull damage, no critical (no d6 is rolled)."""
    game = facing_off([1, 2, 1, 20, 3])
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0))  # 3 + 1 = 4, all on shields
    assert game.state.fleets[0].criticals == []


@pytest.mark.parametrize("natural_20_first", [True, False])
def test_arm_crit_natural_20_with_hits_landing_together_whatever_their_order(
    natural_20_first: bool,
) -> None:
    """ARM-CRIT-NAT20, ARM-GUN-SIMULTANEOUS (engine reading of l.183 with l.196): A1's
    natural 20 for 3 and A2's 15 for 8 land together on T's 5 shields, 6 to its hull.
    Declared in either order, the natural 20 dealt some of that hull damage: T suffers
    critical damage (a d6 of 5: weapons)."""
    blue = [
        fleet("A1", 3, "medium", "destroyer", "flagship"), fleet("A2", 3, "medium", "destroyer"),
    ]
    red = [fleet("T", 3, "medium", "destroyer", "flagship")]
    shots = [[20, 3], [15, 8]] if natural_20_first else [[15, 8], [20, 3]]
    dice = [1, 2, *shots[0], *shots[1], 5]
    game = battle(blue, red, [[[0, 0, 0], [2, 0, 0]], [[0, -3, 3]]], dice, max_rounds=1)
    hold_position(game)
    first, second = (0, 1) if natural_20_first else (1, 0)
    game.apply(0, Fire(first, 2))
    game.apply(1, HoldFire(2))
    game.apply(0, Fire(second, 2))
    target = game.state.fleets[2]
    assert (target.hull, target.criticals) == (10, ["weapons"])


@pytest.mark.parametrize(("morale_die", "morale"), [
    (14, INSPIRED), (9, STEADY), (8, SHAKEN), (5, SHAKEN), (4, ROUTED),
])
def test_arm_crit_half_and_morale_outcomes(morale_die: int, morale: str) -> None:
    """ARM-CRIT-HALF, ARM-CRIT-TWICE, ARM-CRIT-WEAPONS, ARM-CRIT-COMMS, ARM-MORALE-CHECK,
    ARM-MORALE-OUTCOMES: reaching half hull rolls a critical (6: twice, ignoring 6s and
    repeats) and a morale check against 10 + half the enemy tier (11)."""
    game = facing_off([1, 2, 1, 15, 2, 6, 6, 5, 5, 2, morale_die])
    lance = game.state.fleets[0]
    lance.hull, lance.shields = 10, 0
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0))  # 2 + 1 = 3: hull 7, at or below the threshold of 8
    assert lance.criticals == ["weapons", "communications"]
    assert lance.morale == morale
    assert texts(game, "morale") == [
        f"Lance tests morale: {morale_die + 2} against DC 11, now {morale}"
    ]


def test_arm_crit_half_and_morale_check_not_for_a_fleet_the_same_hit_disables() -> None:
    """ARM-CRIT-HALF, ARM-MORALE-CHECK (l.195-196: a fleet reduced to half its hull points
    suffers critical damage and tests morale): a fleet the same damage takes from above
    half to disabled does neither (engine reading: a disabled fleet neither moves under its
    own power nor fires, so a condition or a morale state would change nothing). No die is
    left for a critical or a morale check: rolling one would fail the scripted battle."""
    game = facing_off([1, 2, 1, 15, 9])
    lance = game.state.fleets[0]
    lance.hull, lance.shields = 9, 0  # above the threshold of 8
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0))  # 9 + 1 = 10 damage: hull -1, disabled
    assert lance.status == DISABLED and lance.criticals == [] and lance.morale == STEADY
    assert texts(game, "morale") == [] and texts(game, "critical") == []
    assert game.is_over


def test_arm_morale_effects_wear_off_after_the_next_round() -> None:
    """ARM-MORALE-OUTCOMES: shaken (-1 to checks) lasts to the end of the next round."""
    game = facing_off([1, 2, 1, 15, 2, 5, 5, 1, 1, 2], max_rounds=2)
    lance = game.state.fleets[0]
    lance.hull, lance.shields = 10, 0
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0))  # morale 5 + 2 = 7 against 11: shaken
    assert lance.morale == SHAKEN
    hold_position(game)
    assert lance.morale == SHAKEN
    assert gunnery_modifier(game.state, TABLES, lance, game.state.fleets[1]) == 2 - 1
    game.apply(0, HoldFire(0))
    game.apply(1, HoldFire(1))
    assert game.is_over and lance.morale == STEADY


def test_arm_morale_rout_makes_nearby_weakened_allies_test() -> None:
    """ARM-MORALE-ROUT, ARM-MORALE-ALLIES: a rout makes allies within 2 hexes at half hull
    or less test against the routed fleet's AC."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter"), fleet("Far", 3, "small", "fighter")]
    game = facing_off([1, 2, 1, 15, 2, 1, 1, 3], blue=blue)
    state = game.state
    lance, wing, far = state.fleets[:3]
    far.q, far.r = -6, 3
    lance.hull, lance.shields = 10, 0
    wing.hull, far.hull = 5, 5
    game.apply(0, Fire(0, 3))
    game.apply(1, Fire(3, 0))  # 3 damage: crit 1 (auxiliary: no abilities to lose)
    game.apply(0, HoldFire(1))
    game.apply(0, HoldFire(2))
    assert lance.suppressed_ability == ""  # the flagship ability is never knocked out
    assert texts(game, "critical") == [  # red has not scanned Lance's abilities (ARM-OFF-SCAN)
        "Lance suffers critical damage: auxiliary (a special ability, if it has one, lost)"]
    assert lance.morale == ROUTED and wing.morale == ROUTED and far.morale == STEADY
    assert texts(game, "morale")[1] == "Wing tests morale: 5 against DC 12, now routed"
    assert gunnery_modifier(state, TABLES, lance, state.fleets[3]) == 2 - 2


def test_arm_morale_allies_only_a_passed_rout_test_spares_further_tests() -> None:
    """ARM-MORALE-ALLIES: a fleet that passed its own half-hull test still tests when an
    ally within 2 hexes routs that round; one that passed a test a rout made it take tests
    no more that round (Bolt's rout does not make Wing test again)."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter"), fleet("Bolt", 3, "small", "fighter")]
    game = battle(blue, [GRUDGE], [[[0, 0, 0], [1, 0, 0], [-1, 0, 0]], [[5, -9, 3]]],
                  [1, 2, 11, 1, 3, 1, 1, 11, 1])
    state = game.state
    lance, wing, bolt = state.fleets[:3]
    wing.hull = bolt.hull = 5
    morale_tests(game, [MoraleTest(wing.id, 12)])  # 11 + 2 = 13: passes by 1, steady
    morale_tests(game, [MoraleTest(lance.id, 12)])  # 1 + 2 = 3: routed; Wing 3 + 2, Bolt 1 + 2
    assert (lance.morale, wing.morale, bolt.morale) == (ROUTED, ROUTED, ROUTED)
    lance.morale = wing.morale = bolt.morale = STEADY
    state.round += 1
    morale_tests(game, [MoraleTest(lance.id, 12)])  # routed again; Wing passes (13 against
    assert (wing.morale, bolt.morale) == (STEADY, ROUTED)  # AC 12), Bolt routs, Wing spared
    assert texts(game, "morale")[-3:] == [
        "Lance tests morale: 3 against DC 12, now routed",
        "Wing tests morale: 13 against DC 12, now steady",
        "Bolt tests morale: 3 against DC 12, now routed",
    ]


def test_arm_ability_modifiers() -> None:
    """ARM-ABILITY-THRESHOLD, ARM-ABILITY-BOMBERS, ARM-ABILITY-PD, ARM-ABILITY-INTERCEPTORS,
    ARM-MATCHUP: per-die damage and gunnery changes."""
    blue = [
        fleet("Lance", 3, "medium", "destroyer", "flagship", "point-defense"),
        fleet("Bombers", 3, "small", "fighter", "bombers"),
        fleet("Hunters", 3, "small", "fighter", "interceptors"),
    ]
    red = [fleet("Wall", 3, "medium", "capital", "flagship", "damage-threshold"),
           fleet("Swarm", 3, "small", "fighter")]
    game = facing_off([1, 2], blue=blue, red=red, red_at=(0, -2))
    state = game.state
    lance, bombers, hunters, wall, swarm = state.fleets
    assert damage_per_die(TABLES, lance, wall) == -1 - 1  # weak against capitals, threshold
    assert damage_per_die(TABLES, bombers, wall) == 1  # strong, ignores the threshold
    assert gunnery_modifier(state, TABLES, bombers, wall) == 2 - 2 + 1  # long range, bombers
    assert gunnery_modifier(state, TABLES, bombers, swarm) == 2
    assert gunnery_modifier(state, TABLES, lance, wall) == 2 + 1  # point defense within 2
    assert matchup(TABLES, hunters, wall) == 0 == matchup(TABLES, wall, hunters)
    assert matchup(TABLES, hunters, swarm) == 1 and matchup(TABLES, swarm, hunters) == -1
    assert matchup(TABLES, swarm, wall) == 1 and matchup(TABLES, wall, swarm) == -1


def test_arm_ability_superweapon_and_emp() -> None:
    """ARM-ABILITY-SUPERWEAPON, ARM-ABILITY-EMP: -2 to hit, + tier damage and a critical;
    not again before the round after next. EMP: beating AC by 5 inflicts a critical."""
    red = [fleet("Grudge", 3, "medium", "capital", "flagship", "superweapon", "emp")]
    game = facing_off([1, 2, 1, 16, 6, 5, 1, 1, 2], red=red, max_rounds=2)
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0, superweapon=True))  # 16 + 2 - 2 = 16 vs 13: 6 + 1 + 3 = 10
    lance = game.state.fleets[0]
    assert (lance.shields, lance.hull) == (1, 11)  # 5 shields lost, 1 regained in round 2
    assert lance.criticals == ["weapons"]  # for the battle: a superweapon's critical
    assert texts(game, "hit")[-1] == (
        "Grudge hits Lance with its superweapon (16 against AC 13, short range): 10 damage "
        "(shields first)")
    assert texts(game, "critical") == ["Lance suffers critical damage: weapons"]
    hold_position(game)
    game.apply(0, HoldFire(0))
    with pytest.raises(IllegalAction, match="no superweapon ready"):
        game.apply(1, Fire(1, 0, superweapon=True))


def test_arm_off_passive_bonuses() -> None:
    """ARM-OFF-BONUS, ARM-OFF-PASSIVE: 2 + ranks/6 to the role's rolls: technician gunnery,
    spellcaster AC, engineer shields, commander piloting; none with communications down."""
    officers = [
        {"name": "T", "role": "chief-technician", "ranks": 6, "fleet": "Lance"},
        {"name": "S", "role": "chief-spellcaster", "ranks": 12, "fleet": "Lance"},
        {"name": "E", "role": "chief-engineer", "ranks": 0, "fleet": "Lance"},
        {"name": "C", "role": "commander", "base_attack_bonus": 7, "fleet": "Lance"},
    ]
    game = facing_off([1, 2], blue_officers=officers)
    state = game.state
    lance, grudge = state.fleets
    assert gunnery_modifier(state, TABLES, lance, grudge) == 2 + 3
    assert armor_class(state, lance, grudge) == 12 + 1 + 4
    assert lance.shields == 5 + 2
    assert piloting_modifier(state, lance) == 2 + 1 + 3
    lance.criticals.append("communications")
    assert gunnery_modifier(state, TABLES, lance, grudge) == 2
    assert lance.status == ACTIVE


def test_arm_ability_emp_critical_without_hull_damage_and_auxiliary_loss() -> None:
    """ARM-ABILITY-EMP, ARM-CRIT-AUX, ARM-ABILITY-FLAGSHIP: beating AC by 5 with EMP
    inflicts a critical even through shields; auxiliary damage switches off an ability other
    than the flagship."""
    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship", "point-defense")]
    red = [fleet("Grudge", 3, "medium", "capital", "flagship", "emp")]
    game = facing_off([1, 2, 1, 18, 4, 1], blue=blue, red=red)
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0))  # 18 + 2 = 20 against 13; 4 + 1 = 5, all on shields
    lance = game.state.fleets[0]
    assert (lance.shields, lance.hull) == (0, 16)
    assert lance.criticals == ["auxiliary"] and lance.suppressed_ability == "point-defense"
    assert not lance.has("point-defense") and lance.has("flagship")


def test_arm_ability_emp_critical_lasts_through_the_next_round_only() -> None:
    """ARM-ABILITY-EMP: the random critical condition an EMP check inflicts (beating AC by
    5, no natural 20) holds during the next round and is gone at its end."""
    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship", "point-defense")]
    red = [fleet("Grudge", 3, "medium", "capital", "flagship", "emp")]
    game = facing_off([1, 2, 1, 18, 4, 3, 1, 1, 2], blue=blue, red=red, max_rounds=2)
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0))  # 18 + 2 = 20 against 13: engines (3), through the shields
    lance = game.state.fleets[0]
    assert texts(game, "critical") == [
        "Lance suffers critical damage: engines (EMP, to the end of round 2)"]
    hold_position(game)  # round 2: the engines are still down
    assert game.state.round == 2 and lance.criticals == ["engines"]
    assert fleet_speed(lance) == 5 - 1
    game.apply(0, HoldFire(0))
    game.apply(1, HoldFire(1))
    assert game.state.outcome is not None
    assert lance.criticals == [] and lance.fleeting == []


def test_arm_off_admiral_adds_its_bonus_to_morale() -> None:
    """ARM-OFF-PASSIVE, ARM-HELM-ADMIRAL, ARM-HELM-D6: the admiral's bonus counts in its
    fleet's morale checks; an armada without an admiral rolls 1d6 for the helm order."""
    admiral = [{"name": "A", "role": "admiral", "ranks": 6, "fleet": "Lance"}]

    def weaken(state: ArmadaState) -> None:
        state.fleets[0].hull, state.fleets[0].shields = 10, 0

    game = facing_off([10, 2, 15, 2, 1, 5, 6], blue_officers=admiral, prepare=weaken)
    assert texts(game, "initiative") == [
        "movement order: Red, then Blue (the lower helm check moves first)"]
    game.apply(1, Fire(1, 0))
    game.apply(0, Fire(0, 1))
    assert texts(game, "morale") == ["Lance tests morale: 11 against DC 11, now steady"]


def test_a_waiting_hit_survives_the_state_being_copied() -> None:
    """ARM-GUN-SIMULTANEOUS: hits land together at the end of the phase, so a state holds each
    hit's gunnery numbers until then; a pickled or copied state keeps them whole (compiled
    or not)."""
    gunnery = Gunnery(modifier=2, armor_class=13, dice=2, sides=8, per_die=1, bonus_damage=3,
                      halved=True, critical_from=19, critical_on_hit=True, emp=True)
    copied = pickle.loads(pickle.dumps(gunnery))
    assert copied == gunnery
    assert copied.damage([4, 5]) == gunnery.damage([4, 5]) == 7
