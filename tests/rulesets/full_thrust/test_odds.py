"""Exact odds of Full Thrust attacks (FT-ODDS-*): against icepool to 1e-12, against the
game's own rolls (chi-square at a fixed seed), and bad options refused in one line."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import icepool
import pytest

from warbench.cli import main
from warbench.core.attacks import AttackOptionsError, OddsAnswer
from warbench.core.dice import DiceSource, SeededDice
from warbench.core.engine import Game
from warbench.core.faces import FaceTable
from warbench.core.odds import Dist, InvalidOddsQuery, JointDist
from warbench.core.rng import RandomStream
from warbench.rulesets.full_thrust.damage import apply_points, rows_finished, threshold_check
from warbench.rulesets.full_thrust.defence import dogfight, fight_fighters
from warbench.rulesets.full_thrust.exact import reroll_chain, rule_pool, total_of
from warbench.rulesets.full_thrust.odds import attack_odds
from warbench.rulesets.full_thrust.scoring import (
    Points,
    beam_dice,
    beam_rule,
    fighter_points,
    needle_beam,
    point_defence,
    pulse_torpedo,
    salvo_points,
)
from warbench.rulesets.full_thrust.state import Salvo
from warbench.testing import chi_square

from .helpers import RULES, ship

TOLERANCE = 1e-12
#: icepool re-rolls this deep; what it leaves out (6**-21 a die) is far below TOLERANCE.
DEPTH = 20
ATTACKS = attack_odds(RULES.data)
D6 = icepool.d6
V = icepool.Vector

# Beam dice by natural face, written out from the rules (not read from the code):
# 1-3 nothing, 4-5 one, 6 two; screen 1 spoils the 4, screen 2 also makes the 6 one.
BEAM = {0: (0, 0, 0, 1, 1, 2), 1: (0, 0, 0, 0, 1, 2), 2: (0, 0, 0, 0, 1, 1)}
# The same with +1 on each face (attack fighters; PDS at light fighters).
BEAM_PLUS_ONE = {0: (0, 0, 1, 1, 2, 2), 1: (0, 0, 0, 1, 2, 2), 2: (0, 0, 0, 1, 1, 1)}


def odds(attack: str, **options: Any) -> OddsAnswer:
    """The answer for ``attack`` with ``options`` given as on the command line."""
    chosen = ATTACKS[attack]
    return chosen.odds(chosen.parse_options([f"{k}={v}" for k, v in options.items()]))


def icepool_chain(values: Sequence[int]) -> icepool.Die:
    """The points of one re-roll and the re-rolls its natural 6s give, DEPTH deep."""
    def deeper(chain: icepool.Die) -> icepool.Die:
        return D6.map(lambda face: values[5] + chain if face == 6 else values[face - 1])

    chain = icepool.Die(list(values))
    for _ in range(DEPTH):
        chain = deeper(chain)
    return chain


def rerolling_die(first: Sequence[int], again: Sequence[int]) -> icepool.Die:
    """One die: ``(normal, penetrating)``; a natural 6 starts a chain read by ``again``."""
    chain = icepool_chain(again).map(lambda points: V((first[5], points)))
    return D6.map(lambda face: chain if face == 6 else V((first[face - 1], 0)))


def totals(die: icepool.Die) -> icepool.Die:
    return die.map(lambda pair: pair[0] + pair[1])


def assert_joint(ours: JointDist, die: icepool.Die) -> None:
    expected = {tuple(o): q / die.denominator() for o, q in die.items()}
    got = ours.to_dict()
    for outcome in set(expected) | set(got):
        assert abs(got.get(outcome, 0.0) - expected.get(outcome, 0.0)) <= TOLERANCE, outcome


def assert_dist(ours: Dist, die: icepool.Die) -> None:
    expected = {int(o): q / die.denominator() for o, q in die.items()}
    got = ours.to_dict()
    for outcome in set(expected) | set(got):
        assert abs(got.get(outcome, 0.0) - expected.get(outcome, 0.0)) <= TOLERANCE, outcome


@pytest.mark.parametrize(("beam_class", "distance", "screens", "batteries", "dice"), [
    (1, 5.0, 0, 1, 1), (2, 10.0, 1, 2, 4), (3, 6.0, 2, 1, 3), (3, 30.0, 1, 1, 1),
    (4, 20.0, 2, 2, 6), (6, 0.0, 0, 1, 6),
])
def test_ft_odds_beam_matches_icepool(
    beam_class: int, distance: float, screens: int, batteries: int, dice: int
) -> None:
    """FT-ODDS-BEAM, FT-BEAM-RANGE, FT-SCREENS: normal and penetrating damage together."""
    die = rerolling_die(BEAM[screens], BEAM[0])
    answer = odds("beam", beam_class=beam_class, range=distance, screens=screens,
                  batteries=batteries)
    assert_dist(answer.distribution, totals(dice @ die))
    joint = rule_pool(dice, beam_rule(screens))
    assert_joint(joint, dice @ die)
    # a die penetrates when a 6 re-rolls 4 or more: 1/6 x 1/2
    assert abs(answer.named["penetrating damage"] - (1 - (11 / 12) ** dice)) <= TOLERANCE
    assert answer.distribution.truncated_mass < 1e-15
    normal = odds("beam", beam_class=beam_class, range=distance, screens=screens,
                  batteries=batteries, show="normal").distribution
    assert_dist(normal, (dice @ die).map(lambda pair: pair[0]))


def hull_outcomes(
    damage: icepool.Die, armour: int, hull: int, rows: Sequence[int], hits: int = 0
) -> dict[str, float]:
    """Threshold check, a system lost, destroyed: worked out from (normal, penetrating)
    pairs and hull rows by hand (checks fail on 6, 5+, 4+; +1 per extra row)."""
    fail_on = (6, 5, 4)
    ends = [sum(rows[: i + 1]) for i in range(len(rows))]

    def finished(marked: int) -> int:
        return min(sum(1 for end in ends if marked >= end), 3)

    out = {"threshold check": 0.0, "a given system knocked out": 0.0, "destroyed": 0.0}
    for (normal, penetrating), quantity in damage.items():
        chance = quantity / damage.denominator()
        marked = hits + max(normal - armour, 0) + penetrating
        if marked >= hull:
            out["destroyed"] += chance
        elif finished(marked) > finished(hits):
            row = finished(marked)
            bonus = row - finished(hits) - 1
            out["threshold check"] += chance
            out["a given system knocked out"] += chance * (7 - (fail_on[row - 1] - bonus)) / 6
    return out


def test_ft_odds_beam_against_a_design_gives_armour_thresholds_and_destruction() -> None:
    """FT-ODDS-BEAM, FT-ARMOUR, FT-THRESHOLD, FT-DESTROYED: a warden (screens 1, 4 armour,
    hull 27 in rows 7, 7, 7, 6) with 5 boxes marked takes two class-3 batteries."""
    answer = odds("beam", beam_class=3, range=4, batteries=2, target="warden", hull_hits=5)
    damage = 6 @ rerolling_die(BEAM[1], BEAM[0])
    expected = hull_outcomes(damage, armour=4, hull=27, rows=(7, 7, 7, 6), hits=5)
    for name, chance in expected.items():
        assert abs(answer.named[name] - chance) <= TOLERANCE, name
    assert answer.named["threshold check"] > 0.1
    hull = odds("beam", beam_class=3, range=4, batteries=2, target="warden", show="hull")
    assert_dist(hull.distribution, damage.map(lambda pair: max(pair[0] - 4, 0) + pair[1]))


def test_ft_odds_several_rows_at_once_check_once_at_the_deepest() -> None:
    """FT-ODDS-BEAM, FT-THRESHOLD: a picket (rows 1, 1, 1) can finish rows at once."""
    answer = odds("beam", beam_class=2, range=3, target="picket")
    damage = 2 @ rerolling_die(BEAM[0], BEAM[0])
    expected = hull_outcomes(damage, armour=0, hull=3, rows=(1, 1, 1, 0))
    for name, chance in expected.items():
        assert abs(answer.named[name] - chance) <= TOLERANCE, name


@pytest.mark.parametrize(("against", "pds", "beams", "count"), [
    ("standard", 1, 0, None), ("heavy", 2, 1, None), ("light", 1, 2, 3), ("missiles", 3, 0, 4),
])
def test_ft_odds_point_defence_matches_icepool(
    against: str, pds: int, beams: int, count: int | None
) -> None:
    """FT-ODDS-PDS, FT-PDS, FT-BEAM1-PD, FT-FTR-HEAVY, FT-FTR-LIGHT: kills, capped."""
    screens = 1 if against == "heavy" else 0
    table = BEAM_PLUS_ONE if against == "light" else BEAM
    pds_die = totals(rerolling_die(table[screens], table[0]))
    beam_faces = (0, 0, 0, 1, 1, 1) if against == "light" else (0, 0, 0, 0, 1, 1)
    beam_die = totals(rerolling_die(beam_faces, beam_faces))
    most = count or 6
    kills = (pds @ pds_die + beams @ beam_die).map(lambda k: min(k, most))
    options: dict[str, Any] = {"against": against, "pds": pds, "beams": beams}
    if count:
        options["count"] = count
    answer = odds("pds", **options)
    assert_dist(answer.distribution, kills)
    assert answer.named["all"] == pytest.approx(answer.distribution.p(most), abs=1e-15)


def fighter_die(kind: str, screens: int) -> icepool.Die:
    if kind == "attack":
        return rerolling_die(BEAM_PLUS_ONE[screens], BEAM_PLUS_ONE[0])
    return rerolling_die(BEAM[screens], BEAM[0])


@pytest.mark.parametrize(("kind", "screens"), [("standard", 2), ("attack", 1), ("heavy", 0)])
def test_ft_odds_fighter_attacks_match_icepool(kind: str, screens: int) -> None:
    """FT-ODDS-FIGHTERS, FT-FTR-ATTACK, FT-FTR-ATTACK-SHIPS: one die a fighter."""
    answer = odds("fighters", type=kind, screens=screens)
    assert_dist(answer.distribution, totals(6 @ fighter_die(kind, screens)))


def test_ft_odds_torpedo_fighters_split_against_armour() -> None:
    """FT-ODDS-FIGHTERS, FT-FTR-TORPEDO: 4-6 does its face; against armour half (down) on
    the armour, so the hull damage is the penetrating half once the armour is full."""
    armoured = D6.map(lambda f: V((f // 2, f - f // 2)) if f >= 4 else V((0, 0)))
    plain = D6.map(lambda f: V((f, 0)) if f >= 4 else V((0, 0)))
    against_armour = odds("fighters", type="torpedo", count=4, armour=3, show="penetrating")
    assert_dist(against_armour.distribution, (4 @ armoured).map(lambda pair: pair[1]))
    assert_dist(odds("fighters", type="torpedo", count=4).distribution, totals(4 @ plain))


def test_ft_odds_fighters_after_point_defence_attack_with_the_survivors() -> None:
    """FT-ODDS-FIGHTERS, FT-SEQ-PD-ORDER: point defence first, then the survivors roll."""
    kills = (2 @ totals(rerolling_die(BEAM[0], BEAM[0]))).map(lambda k: min(k, 4))
    one = totals(fighter_die("standard", 1))
    damage = kills.map(lambda k: (4 - k) @ one if k < 4 else 0)
    answer = odds("fighters", type="standard", count=4, screens=1, pds=2)
    assert_dist(answer.distribution, damage)
    assert answer.named["group wiped out"] == pytest.approx(kills.probability(4), abs=1e-15)


@pytest.mark.parametrize(("distance", "need", "tubes"), [(3, 2, 1), (10, 3, 2), (29.5, 6, 3)])
def test_ft_odds_pulse_torpedoes_match_icepool(distance: float, need: int, tubes: int) -> None:
    """FT-ODDS-PULSE, FT-PULSE: to hit by range band, then a d6, screens no help."""
    one = D6.map(lambda face: D6 if face >= need else 0)
    answer = odds("pulse-torpedo", range=distance, tubes=tubes, target="citadel", show="hull")
    # the citadel's 8 armour boxes take the torpedoes' normal damage first
    assert_dist(answer.distribution, (tubes @ one).map(lambda d: max(d - 8, 0)))
    assert f"hits on {need}+" in answer.notes[0]


def test_ft_odds_needle_beams_match_icepool() -> None:
    """FT-ODDS-NEEDLE, FT-NEEDLE: 5 one penetrating point, 6 that and a system."""
    shot = D6.map(lambda f: V((1, 1)) if f == 6 else V((1, 0)) if f == 5 else V((0, 0)))
    answer = odds("needle", beams=3, range=12, target="citadel", show="hull")
    assert_dist(answer.distribution, (3 @ shot).map(lambda pair: pair[0]))
    assert answer.named["system hit"] == pytest.approx(1 - (5 / 6) ** 3, abs=TOLERANCE)


@pytest.mark.parametrize(("missiles", "pds"), [(6, 0), (2, 0), (6, 2)])
def test_ft_odds_salvos_match_icepool(missiles: int, pds: int) -> None:
    """FT-ODDS-SALVO, FT-SALVO-ATTACK: a d6 of the missiles left lock on, a d6 each."""
    kills = (pds @ totals(rerolling_die(BEAM[0], BEAM[0]))).map(lambda k: min(k, missiles))
    damage = kills.map(lambda k: D6.map(lambda f: min(f, missiles - k) @ D6))
    answer = odds("salvo", missiles=missiles, pds=pds)
    assert_dist(answer.distribution, damage)


def test_ft_odds_a_salvo_of_more_missiles_than_a_salvo_holds_is_refused() -> None:
    """FT-ODDS-SALVO, FT-SALVO-ATTACK: one salvo, one d6 lock-on roll: seven missiles are
    refused as `intercept` refuses them (answered as one salvo, they read as two)."""
    with pytest.raises(AttackOptionsError, match="missiles: a salvo has at most 6 missiles"):
        odds("salvo", missiles=7)


@pytest.mark.parametrize(("row", "rows", "fail_from"), [(1, 1, 6), (2, 1, 5), (3, 1, 4),
                                                        (2, 2, 4), (3, 3, 2)])
def test_ft_odds_threshold_at_a_row(row: int, rows: int, fail_from: int) -> None:
    """FT-ODDS-THRESHOLD, FT-THRESHOLD: rows 1-3 fail on 6, 5+, 4+; +1 per extra row."""
    answer = odds("threshold", row=row, rows=rows, systems=5)
    survive = icepool.Die({0: 7 - fail_from, 1: fail_from - 1})
    assert_dist(answer.distribution, 5 @ survive)
    assert answer.named["survives"] == pytest.approx((fail_from - 1) / 6, abs=TOLERANCE)


def test_ft_odds_threshold_after_damage_checks_each_row_finished() -> None:
    """FT-ODDS-THRESHOLD: a lancer (rows 2, 2, 2, 1): 2 damage ends row 1 (fails on 6),
    3 more end row 2 (5+), then 1 more ends row 3 (4+)."""
    answer = odds("threshold", target="lancer", damage="2,3,1")
    assert answer.named["survives"] == pytest.approx(5 / 6 * 4 / 6 * 3 / 6, abs=TOLERANCE)
    at_once = odds("threshold", hull=7, damage="6")  # rows 1-3 at once: 4+ at +2
    assert at_once.named["survives"] == pytest.approx(1 / 6, abs=TOLERANCE)
    nothing = odds("threshold", hull=12, hull_hits=1, damage="1")
    assert nothing.named["survives"] == 1.0


# --- the game's own rolls against the exact odds -------------------------------------------



def sample(roll: Callable[[DiceSource], int], seed: int, n: int = 3000) -> list[int]:
    source = SeededDice(RandomStream.from_seed(seed))
    return [roll(source) for _ in range(n)]


GAME_ROLLS: list[tuple[str, Callable[[DiceSource], int], dict[str, Any]]] = [
    ("beam", lambda s: beam_dice(s, 3, screens=2, label="b").total,
     {"beam_class": 3, "range": 6, "screens": 2}),
    ("beam", lambda s: beam_dice(s, 2, label="b").penetrating,
     {"beam_class": 2, "range": 2, "show": "penetrating"}),
    ("pds", lambda s: min(6, point_defence(s, beam=False, armoured=True, label="p")
                          + point_defence(s, beam=True, label="p")),
     {"against": "heavy", "pds": 1, "beams": 1}),
    ("fighters", lambda s: fighter_points(s, 6, ship_attack="beam", modifier=1, screens=1,
                                          armoured=False, label="f").total,
     {"type": "attack", "screens": 1}),
    ("fighters", lambda s: fighter_points(s, 6, ship_attack="torpedo", modifier=0, screens=0,
                                          armoured=True, label="f").normal,
     {"type": "torpedo", "armour": 2, "show": "normal"}),
    ("pulse-torpedo", lambda s: sum(pulse_torpedo(s, 4, label="t").total for _ in range(2)),
     {"range": 15, "tubes": 2}),
    ("needle", lambda s: sum(needle_beam(s, label="n")[0].total for _ in range(4)),
     {"beams": 4}),
    ("salvo", lambda s: salvo_points(s, 6, 6, label="s")[1].total, {}),
]


@pytest.mark.parametrize(("index"), range(len(GAME_ROLLS)))
def test_ft_odds_match_the_game_rolls(index: int) -> None:
    """FT-ODDS-GAME: 3000 rolls through the game's rule functions fit the exact odds
    (chi-square, p > 0.001, fixed seed)."""
    attack, roll, options = GAME_ROLLS[index]
    stat, critical = chi_square(sample(roll, seed=100 + index), odds(attack, **options)
                                .distribution)
    assert stat < critical, (attack, stat, critical)


def test_ft_odds_the_fit_test_catches_a_wrong_model() -> None:
    """The chi-square check has teeth: beams rolled against screens 2 do not fit the odds
    against no screens."""
    rolls = sample(lambda s: beam_dice(s, 3, screens=2, label="b").total, seed=7)
    stat, critical = chi_square(rolls, odds("beam", beam_class=3, range=6).distribution)
    assert stat > critical


def test_ft_odds_threshold_checks_in_a_game_fit_the_odds() -> None:
    """FT-ODDS-THRESHOLD, FT-THRESHOLD: a lancer taking 2 then 3 damage in a seeded game,
    2000 times: its working systems fit the odds of the two checks."""
    game = Game.new(RULES, {"fleets": [
        {"name": "Blue", "ships": [ship("lancer", "Sabre", 10, 10)]},
        {"name": "Red", "ships": [ship("lancer", "Pike", 60, 40)]},
    ]}, seed=5)
    pike = game.state.ships[1]
    lancer = RULES.data.designs["lancer"]
    systems = len(pike.damage)
    working = []
    for _ in range(2000):
        pike.hull_hits, pike.damage = 0, [0] * systems
        for amount in (2, 3):
            before = rows_finished(lancer, pike.hull_hits)
            apply_points(game, pike, Points(0, amount), "a test")
            threshold_check(game, pike, before)
        working.append(sum(1 for level in pike.damage if level == 0))
    exact = odds("threshold", target="lancer", damage="2,3", systems=systems).distribution
    stat, critical = chi_square(working, exact)
    assert stat < critical


def test_ft_odds_game_rolls_match_the_beam_joint_distribution() -> None:
    """FT-ODDS-GAME, FT-SCREENS: (normal, penetrating) pairs of the game's beam dice fit
    the joint odds, so re-rolls really skip the screens."""
    rolls = sample(lambda s: _pair_code(beam_dice(s, 2, screens=1, label="b")), seed=11)
    joint = rule_pool(2, beam_rule(1))
    coded = joint.map(lambda normal, pen: _pair_code(Points(normal, pen)))
    stat, critical = chi_square(rolls, coded)
    assert stat < critical
    assert total_of(joint).mean == pytest.approx(2 * (3 / 6 + 1 / 6 * 0.8), abs=1e-12)


def _pair_code(points: Points) -> int:
    return points.normal * 100 + min(points.penetrating, 99)


# --- dogfights and interceptions (FT-ODDS-DOGFIGHT) -----------------------------------------

#: One die a fighter, by how the rules read it against the enemy (written out from the rules):
#: beam-style (BEAM tables: +1 for interceptors and against light fighters, level-1 screens
#: against heavies), or a kill on a 6 only (attack and torpedo fighters; 5-6 against light).
STANDARD_DIE = totals(rerolling_die(BEAM[0], BEAM[0]))
INTERCEPTOR_DIE = totals(rerolling_die(BEAM_PLUS_ONE[0], BEAM_PLUS_ONE[0]))
INTERCEPTOR_VS_HEAVY = totals(rerolling_die(BEAM_PLUS_ONE[1], BEAM_PLUS_ONE[0]))
SIX = D6.map(lambda face: 1 if face == 6 else 0)
FIVE_SIX = D6.map(lambda face: 1 if face >= 5 else 0)

DOGFIGHTS: list[tuple[dict[str, Any], int, icepool.Die, int, icepool.Die]] = [
    # options, your fighters, what all your dice kill, enemy fighters, what theirs kill
    ({}, 6, 6 @ STANDARD_DIE, 6, 6 @ STANDARD_DIE),
    ({"type": "interceptor", "enemy": "heavy"}, 6, 6 @ INTERCEPTOR_VS_HEAVY, 6, 6 @ STANDARD_DIE),
    ({"type": "interceptor", "enemy": "interceptor", "count": 3}, 3, 3 @ STANDARD_DIE,
     6, 6 @ STANDARD_DIE),
    ({"type": "attack", "count": 4, "enemy": "light"}, 4, 4 @ FIVE_SIX, 8, 8 @ STANDARD_DIE),
    ({"type": "interceptor", "enemy": "light_interceptor"}, 6, D6 + 1, 8, 8 @ STANDARD_DIE),
    ({"type": "multirole", "role": "attack", "count": 5, "enemy": "torpedo"}, 5, 5 @ SIX,
     6, 6 @ SIX),
    ({"type": "light", "enemy": "multirole", "enemy_role": "interceptor", "enemy_count": 2},
     8, 8 @ STANDARD_DIE, 2, D6 + 1),
]


@pytest.mark.parametrize("index", range(len(DOGFIGHTS)))
def test_ft_odds_dogfight_matches_icepool(index: int) -> None:
    """FT-ODDS-DOGFIGHT, FT-FTR-DOGFIGHT, FT-FTR-INTERCEPTOR, FT-FTR-ATTACK, FT-FTR-HEAVY,
    FT-FTR-LIGHT, FT-FTR-MULTIROLE: both groups roll at once; each side's kills are capped at
    the other's fighters; interceptors kill a d6+1 light fighters outright."""
    options, count, ours, enemy_count, theirs = DOGFIGHTS[index]
    kills = ours.map(lambda k: min(k, enemy_count))
    losses = theirs.map(lambda k: min(k, count))
    answer = odds("dogfight", **options)
    assert_dist(answer.distribution, kills)
    assert_dist(odds("dogfight", **options, show="losses").distribution, losses)
    enemy_gone, we_are_gone = kills.probability(enemy_count), losses.probability(count)
    expected = {
        "no kills": kills.probability(0),
        "no losses": losses.probability(0),
        "enemy wiped out": enemy_gone,
        "own group wiped out": we_are_gone,
        "both wiped out": enemy_gone * we_are_gone,
        "more kills than losses": (kills - losses).probability(">=", 1),
    }
    for name, chance in expected.items():
        assert abs(answer.named[name] - chance) <= TOLERANCE, name


@pytest.mark.parametrize(("options", "fighters", "die", "missiles"), [
    ({}, 6, INTERCEPTOR_DIE, 6),
    ({"type": "standard", "count": 3, "missiles": 4}, 3, STANDARD_DIE, 4),
    ({"type": "attack", "missiles": 2}, 6, SIX, 2),
    ({"type": "light_interceptor", "count": 5}, 5, INTERCEPTOR_DIE, 6),
])
def test_ft_odds_intercept_matches_icepool(
    options: dict[str, Any], fighters: int, die: icepool.Die, missiles: int
) -> None:
    """FT-ODDS-DOGFIGHT, FT-FTR-INTERCEPT-MISSILES: a group's dogfight dice (no light or
    armour modifiers: missiles are neither) each down missiles, at most the salvo."""
    kills = (fighters @ die).map(lambda k: min(k, missiles))
    answer = odds("intercept", **options)
    assert_dist(answer.distribution, kills)
    assert_dist(odds("intercept", **options, show="left").distribution,
                kills.map(lambda k: missiles - k))
    assert abs(answer.named["salvo shot down"] - kills.probability(missiles)) <= TOLERANCE
    assert abs(answer.named["none"] - kills.probability(0)) <= TOLERANCE


def _air_battle(blue: str, red: str, seed: int) -> Game:
    """A seeded game with one group of each type out in space, 4 MU apart."""
    game = Game.new(RULES, {"fleets": [
        {"name": "Blue", "ships": [ship("haven", "Nest", 30.0, 10.0, fighters=(blue,))]},
        {"name": "Red", "ships": [ship("haven", "Den", 30.0, 40.0, fighters=(red,))]},
    ]}, seed=seed)
    for group, y in zip(game.state.groups, (20.0, 24.0), strict=True):
        group.status, group.x, group.y = "space", 30.0, y
    return game


def _dogfight_rounds(blue: str, red: str, seed: int, n: int = 3000) -> list[int]:
    """``n`` dogfights through the game's own ``dogfight``, each from full groups: the two
    groups' losses coded as ``10 x red's + blue's``."""
    game = _air_battle(blue, red, seed)
    first, second = game.state.groups
    sizes = (first.count, second.count)
    coded = []
    for _ in range(n):
        first.count, second.count = sizes
        first.endurance = second.endurance = 6
        dogfight(game, first, second)
        coded.append(10 * (sizes[1] - second.count) + sizes[0] - first.count)
    return coded


@pytest.mark.parametrize(("blue", "red"), [("interceptor", "heavy"), ("attack", "light"),
                                           ("interceptor", "light")])
def test_ft_odds_dogfights_in_a_game_fit_the_odds(blue: str, red: str) -> None:
    """FT-ODDS-DOGFIGHT, FT-ODDS-GAME, FT-FTR-DOGFIGHT: 3000 dogfights of a seeded game
    (kills and losses together, so the rolls are independent and simultaneous) fit the
    exact odds (chi-square, p > 0.001)."""
    answer = odds("dogfight", type=blue, enemy=red)
    losses = odds("dogfight", type=blue, enemy=red, show="losses").distribution
    joint = answer.distribution.map(lambda k: 10 * k) + losses
    stat, critical = chi_square(_dogfight_rounds(blue, red, seed=21), joint)
    assert stat < critical, (blue, red, stat, critical)


def test_ft_odds_interceptions_in_a_game_fit_the_odds() -> None:
    """FT-ODDS-DOGFIGHT, FT-ODDS-GAME, FT-FTR-INTERCEPT-MISSILES: 3000 interceptions of a
    full salvo by standard fighters in a seeded game fit the exact odds."""
    game = _air_battle("standard", "standard", seed=22)
    state = game.state
    group = state.groups[0]
    group.target_kind, group.target = "salvo", 0
    shot_down = []
    for _ in range(3000):
        state.salvos = [Salvo(0, 1, 1, 30.0, 20.0, 6, target=0)]
        group.endurance = 6
        fight_fighters(game)
        shot_down.append(6 - state.salvos[0].missiles)
    stat, critical = chi_square(shot_down, odds("intercept", type="standard").distribution)
    assert stat < critical


def test_ft_odds_dogfight_fit_catches_a_wrong_reading() -> None:
    """The fit has teeth: interceptors rolled at light fighters (d6+1 outright) do not fit
    the odds of fighters rolling +1 beam-style dice at them."""
    rolls = [code // 10 for code in _dogfight_rounds("interceptor", "light", seed=23, n=1000)]
    wrong = odds("dogfight", type="standard", enemy="light").distribution
    stat, critical = chi_square(rolls, wrong)
    assert stat > critical


# --- options and the command line ----------------------------------------------------------


@pytest.mark.parametrize(("words", "message"), [
    (["beam", "beam_class=7"], "beams are class 1 to 6, not 7"),
    (["beam", "beam_class=2", "range=30"], "a class-2 beam reaches 24 MU; 30 MU is out of reach"),
    (["beam", "batteries=-1"], "batteries: expected at least 1"),
    (["beam", "target=citadell"], 'unknown design "citadell", did you mean "citadel"?'),
    (["beam", "hull=5", "hull_hits=5"], "the ship is already destroyed"),
    (["beam", "screens=3"], "screens: expected at most 2"),
    (["pds", "pds=0"], "at least one system must fire"),
    (["pds", "against=heavy", "count=7"], "a heavy group has at most 6 heavy fighters"),
    (["pds", "pds=-2"], "pds: expected at least 0"),
    (["fighters", "type=interceptor"], "interceptors cannot attack ships"),
    (["fighters", "type=multirole", "role=heavy"], "fight as attack or interceptor, not 'heavy'"),
    (["pulse-torpedo", "range=31"], "a pulse torpedo reaches 30 MU"),
    (["needle", "range=13"], "a needle beam reaches 12 MU"),
    (["threshold", "row=4"], "threshold checks come at the end of rows 1 to 3, not row 4"),
    (["threshold", "row=2", "rows=3"], "3 rows finished at once cannot end at row 2"),
    (["threshold", "damage=3"], "give the target's hull"),
    (["threshold", "hull=6", "damage=2,4"], "6 hull damage destroys a ship of 6 hull boxes"),
    (["threshold", "hull=6", "damage=2,x"], "not whole numbers separated by commas"),
    (["salvo", "missiles=0"], "missiles: expected at least 1"),
    (["beam", "dice=3"], "beam takes no option dice"),
    (["dogfight", "enemy=wasp"], 'enemy: unknown fighter type "wasp"'),
    (["dogfight", "enemy=light", "enemy_count=9"], "a light group has at most 8 fighters"),
    (["dogfight", "role=attack"], "standard fighters have no roles to choose"),
    (["dogfight", "enemy=multirole", "enemy_role=heavy"], "enemy_role: multi-role"),
    (["dogfight", "show=hull"], "show: expected \"kills\" or \"losses\""),
    (["intercept", "missiles=7"], "a salvo has at most 6 missiles"),
    (["intercept", "count=0"], "count: expected at least 1"),
])
def test_ft_odds_bad_options_are_refused_with_the_reason(words: list[str], message: str) -> None:
    """FT-ODDS-OPTIONS: negative dice, unknown classes and designs, impossible thresholds."""
    attack = ATTACKS[words[0]]
    with pytest.raises(AttackOptionsError, match=None) as error:
        attack.odds(attack.parse_options(words[1:]))
    assert message in str(error.value)


def test_ft_odds_command_line_errors_print_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """FT-ODDS-OPTIONS: `warbench odds full-thrust ...` with bad options."""
    assert main(["odds", "full-thrust", "beam", "beam_class=9"]) == 2
    assert main(["odds", "full-thrust", "threshold", "row=5"]) == 2
    assert main(["odds", "full-thrust", "pds", "beams=-1"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 3
    assert all(line.startswith("warbench: error: ") for line in lines)
    assert "not row 5" in lines[1]


def test_ft_odds_command_line_json_and_attack_list(capsys: pytest.CaptureFixture[str]) -> None:
    """FT-ODDS-CLI: the JSON answer and the list of attacks with their options."""
    assert main(["odds", "full-thrust", "beam", "beam_class=3", "range=6", "screens=2",
                 "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert plain["mean"] == pytest.approx(1.4, abs=1e-12)
    assert plain["outcomes"]["none"] == pytest.approx(8 / 27, abs=1e-12)
    assert main(["odds", "full-thrust"]) == 0
    listing = capsys.readouterr().out
    for name in ("beam", "pds", "fighters", "pulse-torpedo", "needle", "salvo", "threshold",
                 "submunition", "dogfight", "intercept"):
        assert f"{name}:" in listing


def test_ft_odds_submunition_reads_beam_dice_by_band() -> None:
    """FT-ODDS-SUBMUNITION, FT-SUBMUNITION: 3, 2, 1 beam dice by 6 MU band; screens (here
    level 2) are no help against them."""
    for distance, dice in ((6, 3), (6.5, 2), (18, 1)):
        answer = odds("submunition", range=distance, screens=2)
        assert_dist(answer.distribution, totals(dice @ rerolling_die(BEAM[0], BEAM[0])))


def test_ft_odds_reroll_chains_are_summed_for_sixes_only() -> None:
    """FT-ODDS-BEAM: the closed-form chain of re-rolls refuses a table where another face
    re-rolls, rather than answer wrongly."""
    with pytest.raises(InvalidOddsQuery, match="only the 6 re-rolls"):
        reroll_chain(FaceTable.counted(6, {(5, 6): 1}, explode_on=(5, 6)))
