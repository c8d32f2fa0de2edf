"""Exact odds of Dystopian Wars attacks (DW-ODDS-*): against icepool to 1e-12, against the
game's own rolls (chi-square at a fixed seed), and bad options refused in one line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import icepool
import pytest

from warbench.cli import main
from warbench.core.attacks import AttackOptionsError, OddsAnswer
from warbench.core.dice import DiceSource, SeededDice
from warbench.core.engine import Game
from warbench.core.faces import FaceTable
from warbench.core.odds import Dist, InvalidOddsQuery
from warbench.core.rng import RandomStream
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.attack_rolls import Attack, resolve_attack
from warbench.rulesets.dystopian_wars.boarding_rules import (
    BOARDER_NEEDED,
    MELEE_NEEDED,
    assault_outcome,
    melee_dice,
)
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.exact import explosions, table_pool
from warbench.rulesets.dystopian_wars.odds import attack_odds
from warbench.rulesets.dystopian_wars.pools import hit_table, roll_hits
from warbench.rulesets.dystopian_wars.rams import RAM_NEEDED
from warbench.testing import chi_square

from .helpers import RULES, catalog_file, seeded, setup, squadron, state

TOLERANCE = 1e-12
#: icepool explodes this deep; what it leaves out (6**-21 a die) is far below TOLERANCE.
DEPTH = 20
ATTACKS = attack_odds(RULES.data)
#: One roll on the shipped critical table: a D8 whose magazine explosion costs 1 hull more.
EXTRA = icepool.Die([0] * 7 + [1])


def dw_die(needed: int) -> icepool.Die:
    """One die needing ``needed``, written from the rules (not read from the code): below
    it nothing, from it to 5 one success, a 6 two successes and another die."""
    faces = [0 if face < needed else 1 for face in range(1, 6)] + [2]
    return icepool.Die(faces).explode([2], depth=DEPTH)


def odds(attack: str, **options: Any) -> OddsAnswer:
    """The answer for ``attack`` with ``options`` given as on the command line."""
    chosen = ATTACKS[attack]
    return chosen.odds(chosen.parse_options([f"{k}={v}" for k, v in options.items()]))


def assert_dist(ours: Dist, die: icepool.Die) -> None:
    expected = {int(o): q / die.denominator() for o, q in die.items()}
    got = ours.to_dict()
    for outcome in set(expected) | set(got):
        assert abs(got.get(outcome, 0.0) - expected.get(outcome, 0.0)) <= TOLERANCE, outcome
    assert ours.truncated_mass <= 1e-14


def left_after(attack: icepool.Die, cancel: icepool.Die) -> icepool.Die:
    return (attack - cancel).map(lambda hits: max(hits, 0))


def damage_named(hits: icepool.Die, dr: int, cr: int) -> dict[str, float]:
    """None below DR, one hull point from DR, a critical from CR, worked out by hand."""
    total = hits.denominator()
    chance = {int(o): q / total for o, q in hits.items()}
    return {
        "none": sum(p for h, p in chance.items() if h < dr),
        "damage": sum(p for h, p in chance.items() if dr <= h < cr),
        "critical": sum(p for h, p in chance.items() if h >= cr),
    }


def hull_lost(hits: icepool.Die, dr: int, cr: int, starting: int, hp: int) -> icepool.Die:
    """Hull points lost: a critical 2 and a D8 table roll per multiple of CR (none for a
    model that began with 2 or fewer), each 8 one more; DR one; the loss stops at hp."""
    def lost(h: int) -> Any:
        if h >= cr:
            rolls = 0 if starting <= 2 else h // cr
            return (rolls @ EXTRA + 2).map(lambda points: min(points, hp))
        return min(1 if h >= dr else 0, hp)

    return hits.map(lost)


def assert_named(answer: OddsAnswer, expected: dict[str, float]) -> None:
    for name, chance in expected.items():
        assert abs(answer.named[name] - chance) <= TOLERANCE, name


# --- against icepool -----------------------------------------------------------------------


def test_dw_odds_the_shipped_critical_table_is_the_one_the_reference_reads() -> None:
    """DW-ODDS-GUNNERY, DW-CRIT-TABLE: the reference above assumes a D8 whose 8 alone costs
    one hull point more; the data says the same."""
    assert [row.extra_damage for row in RULES.data.criticals] == [0] * 7 + [1]


@pytest.mark.parametrize(("options", "dice", "needed", "shield"), [
    ({"dice": 13, "dr": 6, "cr": 10}, 13, 4, 0),
    ({"dice": 60, "dr": 6, "cr": 10}, 60, 4, 0),
    ({"shooter": "britannia-battleship", "weapon": "fore turret", "band": 1,
      "target": "prussia-battleship"}, 9, 3, 1),
    ({"dice": 9, "linked": "6,6", "target": "prussia-cruiser"}, 15, 4, 0),
    ({"dice": 4, "linked": "1", "dr": 3, "cr": 5}, 5, 4, 0),
    ({"dice": 7, "capital": "true", "target": "prussia-frigate"}, 7, 5, 0),
    ({"dice": 7, "capital": "true", "target": "prussia-corvette"}, 7, 6, 0),
    ({"dice": 7, "target": "prussia-submarine"}, 7, 5, 0),
    ({"dice": 7, "target": "prussia-submarine", "level": "submerged"}, 7, 6, 0),
    ({"dice": 7, "target": "prussia-airship", "level": "obscured"}, 7, 5, 0),
    ({"dice": 7, "target": "prussia-bomber", "level": "obscured"}, 7, 5, 0),
    ({"dice": 7, "dr": 4, "cr": 6, "size": "small", "level": "obscured"}, 7, 6, 0),
    ({"dice": 7, "dr": 4, "cr": 6, "shooter_level": "obscured"}, 7, 6, 0),
    ({"dice": 7, "dr": 4, "cr": 6, "elusive": "true"}, 7, 5, 0),
    ({"dice": 8, "dr": 5, "cr": 8, "primary": "true", "band": 1}, 8, 3, 0),
    ({"dice": 8, "dr": 5, "cr": 8, "needed": 2, "shield": 3}, 8, 2, 3),
])
def test_dw_odds_gunnery_matches_icepool(
    options: dict[str, Any], dice: int, needed: int, shield: int
) -> None:
    """DW-ODDS-GUNNERY, DW-HIT-TABLE, DW-HIT-LEVEL, DW-SMALL-TARGET, DW-PRIMARY-RB1,
    DW-LINKED, DW-DR-CR, DW-CRIT-MULTIPLE: hits after shields, none/damage/critical and
    at least n criticals."""
    answer = odds("gunnery", **options)
    hits = left_after(dice @ dw_die(needed), shield @ dw_die(4))
    assert_dist(answer.distribution, hits)
    assert f"{dice} dice, hitting on {needed}" in " ".join(answer.notes)
    dr = options.get("dr") or RULES.data.models[options["target"]].dr
    cr = options.get("cr") or RULES.data.models[options["target"]].cr
    assert_named(answer, damage_named(hits, dr, cr))
    starting = RULES.data.models[options["target"]].hp if "target" in options else 3
    if starting > 2:  # a model that began with 2 hull points or fewer rolls no table
        twice = float(hits.probability(">=", 2 * cr))
        assert f"at least 2 {twice:.4%}" in " ".join(answer.notes)
    else:
        assert "rolls no table" in " ".join(answer.notes)


@pytest.mark.parametrize(("target", "hp", "starting"), [
    ("prussia-cruiser", None, 5), ("prussia-cruiser", 2, 5), ("prussia-frigate", None, 2),
])
def test_dw_odds_gunnery_hull_lost_and_destroyed(
    target: str, hp: int | None, starting: int
) -> None:
    """DW-ODDS-GUNNERY, DW-CRIT-MULTIPLE, DW-CRIT-SMALL-HP, DW-CRIT-TABLE: hull points lost
    with the table's extra damage, capped at the hull left; 2-hull models roll no table."""
    spec = RULES.data.models[target]
    options: dict[str, Any] = {"dice": 12, "target": target, "show": "hull"}
    if hp is not None:
        options["hp"] = hp
    answer = odds("gunnery", **options)
    left = hp or spec.hp
    lost = hull_lost(12 @ dw_die(4), spec.dr, spec.cr, starting, left)
    assert_dist(answer.distribution, lost)
    assert abs(answer.named["destroyed"] - float(lost.probability(">=", left))) <= TOLERANCE
    if starting <= 2:
        assert "rolls no table" in " ".join(answer.notes)


def test_dw_odds_two_hull_rule_uses_the_starting_hull_not_the_hull_left() -> None:
    """DW-ODDS-GUNNERY, DW-CRIT-SMALL-HP: a cruiser down to 2 hull points still rolls on
    the table; a model that began with 2 does not."""
    hurt = odds("gunnery", dice=20, dr=4, cr=6, hp=2, starting_hp=5)
    small = odds("gunnery", dice=20, dr=4, cr=6, hp=2, starting_hp=2)
    assert "critical table rolls" in " ".join(hurt.notes)
    assert "critical table rolls" not in " ".join(small.notes)
    assert hurt.named["critical"] == pytest.approx(small.named["critical"], abs=1e-15)


@pytest.mark.parametrize(("attack", "answer", "dice"), [
    ("rockets", {"aa": 4}, 6), ("torpedoes", {"cc": 3}, 6),
])
def test_dw_odds_rockets_and_torpedoes_with_their_answers_match_icepool(
    attack: str, answer: dict[str, int], dice: int
) -> None:
    """DW-ODDS-ROCKETS, DW-ODDS-TORPEDOES, DW-AA-ANSWER, DW-CC-ANSWER, DW-ROCKETS-TORPEDOES:
    answering dice cancel one hit on a 5 and two on a 6, which rolls again."""
    result = odds(attack, dice=dice, target="prussia-cruiser", **answer)
    (count,) = answer.values()
    hits = left_after(dice @ dw_die(4), count @ dw_die(5))
    assert_dist(result.distribution, hits)
    assert_named(result, damage_named(hits, 4, 6))


def test_dw_odds_a_flyers_gunnery_is_answered_by_ack_ack() -> None:
    """DW-ODDS-GUNNERY, DW-AA-ANSWER: a flyer's guns against 3 ack-ack dice and shields."""
    result = odds("gunnery", dice=8, shooter="prussia-airship", target="britannia-battleship",
                  aa=3)
    hits = left_after(8 @ dw_die(4), 3 @ dw_die(5) + 2 @ dw_die(4))
    assert_dist(result.distribution, hits)


@pytest.mark.parametrize("attack", ["aa", "cc"])
def test_dw_odds_answers_cancel_hits_like_icepool(attack: str) -> None:
    """DW-ODDS-AA, DW-ODDS-CC, DW-AA-ANSWER: hits cancelled, no more than the attack's; a
    model's dice fall by one per hull point lost."""
    result = odds(attack, dice=5, hits=3)
    assert_dist(result.distribution, (5 @ dw_die(5)).map(lambda c: min(c, 3)))
    assert abs(result.named["all cancelled"] - float((5 @ dw_die(5)).probability(">=", 3))) <= 1e-12
    model = odds(attack, model="britannia-battleship", damage=2)
    dice = (6 if attack == "aa" else 4) - 2
    assert_dist(model.distribution, dice @ dw_die(5))


def test_dw_obscured_odds_answers_from_obscured_models_cancel_on_six_only() -> None:
    """DW-OBSCURED, DW-ODDS-ROCKETS, DW-ODDS-AA: ack-ack rolled by obscured models (or a
    pool linked with one) cancels only on a 6, which cancels two and rolls again; the
    ordinary answering dice beside them still cancel on 5."""
    rockets = odds("rockets", dice=6, target="prussia-cruiser", aa=2, aa_obscured=3)
    hits = left_after(6 @ dw_die(4), 2 @ dw_die(5) + 3 @ dw_die(6))
    assert_dist(rockets.distribution, hits)
    assert_named(rockets, damage_named(hits, 4, 6))
    assert "obscured ack-ack, on 6 only 3" in " ".join(rockets.notes)
    flyer = odds("gunnery", dice=8, shooter="prussia-airship", target="britannia-battleship",
                 aa_obscured=3)
    assert_dist(flyer.distribution, left_after(8 @ dw_die(4), 3 @ dw_die(6) + 2 @ dw_die(4)))
    answer = odds("aa", dice=4, hits=3, obscured="true")
    assert_dist(answer.distribution, (4 @ dw_die(6)).map(lambda c: min(c, 3)))
    in_the_open = odds("aa", dice=4, hits=3)
    assert answer.distribution.mean < in_the_open.distribution.mean


def test_dw_odds_ram_and_its_answer_match_icepool() -> None:
    """DW-ODDS-RAM, DW-RAM: a battleship's RR 2 on 4+ against a cruiser, which answers
    afterwards with the hull points the ram leaves it in dice (5 if unharmed, none once
    destroyed; before 0.7 always its 5); criticals both ways (the cruiser has RR 1)."""
    result = odds("ram", model="britannia-battleship", target="prussia-cruiser")
    hits = 2 @ dw_die(RAM_NEEDED)
    answer = hull_lost(hits, 4, 6, 5, 5).map(lambda lost: (5 - lost) @ dw_die(RAM_NEEDED))
    assert_dist(result.distribution, hits)
    assert_named(result, damage_named(hits, 4, 6))
    mover = {f"mover {k}": v for k, v in damage_named(answer, 6, 10).items()}
    assert_named(result, mover)
    shown = odds("ram", model="britannia-battleship", target="prussia-cruiser", show="answer")
    assert_dist(shown.distribution, answer)
    lost = hull_lost(hits, 4, 6, 5, 5)
    assert abs(result.named["destroyed"] - float(lost.probability(">=", 5))) <= TOLERANCE


def test_dw_odds_collisions_roll_hull_left_and_cause_no_criticals() -> None:
    """DW-ODDS-RAM, DW-COLLIDE: both roll their hull points left; hits at CR are one point."""
    result = odds("ram", kind="collision", hp=3, target_hp=4, dr=4, cr=6, mover_dr=3,
                  mover_cr=5)
    hits = 3 @ dw_die(RAM_NEEDED)
    assert_dist(result.distribution, hits)
    assert result.named["critical"] == 0.0 and result.named["mover critical"] == 0.0
    assert abs(result.named["damage"] - float(hits.probability(">=", 4))) <= TOLERANCE


@pytest.mark.parametrize(("density", "dice"), [("light", 4), ("medium", 8), ("dense", 12)])
def test_dw_odds_terrain_collisions_roll_4_8_or_12_dice(density: str, dice: int) -> None:
    """DW-ODDS-RAM, DW-COLLIDE-TERRAIN: 4, 8 or 12 dice on 4+ at the moving model."""
    result = odds("ram", kind="terrain", density=density, model="britannia-cruiser")
    hits = dice @ dw_die(RAM_NEEDED)
    assert_dist(result.distribution, hits)
    assert abs(result.named["damage"] - float(hits.probability(">=", 4))) <= TOLERANCE


def test_dw_odds_pools_are_summed_in_closed_form_to_the_last_1e_15() -> None:
    """DW-ODDS-GUNNERY: the tail of the sixes is cut only where at most 1e-15 is lost, for
    big pools too; a table whose rolling-again faces differ is refused, not answered wrongly."""
    for dice in (1, 100, 400):
        pool = table_pool(dice, hit_table(4))
        assert pool.truncated_mass <= 1e-15
        assert abs(pool.mean - dice * (1 / 3 + 1 / 6 * 2) / (5 / 6)) < 1e-9
    probs, lost = explosions(3, 0.5)
    assert lost <= 1e-15 and abs(probs.sum() + lost - 1) < 1e-12
    with pytest.raises(InvalidOddsQuery, match="must all count the same"):
        table_pool(2, FaceTable.counted(6, {(5, 5): 1, (6, 6): 2}, explode_on=(5, 6)))


# --- the game's own rolls against the exact odds -------------------------------------------



def sample(roll: Callable[[DiceSource], int], seed: int, n: int = 3000) -> list[int]:
    source = SeededDice(RandomStream.from_seed(seed))
    return [roll(source) for _ in range(n)]


def resolved_hits(game: Game, data: RulesData, attack: Attack, n: int) -> list[int]:
    """The hits that count of ``n`` rolls of ``attack`` through the game's own
    :func:`resolve_attack` (the target is patched up and the stack restored after each)."""
    table = state(game)
    target = table.models[attack.target]
    depth = len(table.stack)
    finals = []
    for _ in range(n):
        first = len(game.events)
        resolve_attack(game, table, data, attack)
        rolled = [e for e in game.events[first:] if e.kind == "attack_rolled"]
        finals.append(rolled[0].data["final"])
        target.damage, target.alive, target.fate, target.markers = 0, True, "", {}
        del table.stack[depth:]
        del game.events[first:]
    return finals


def test_dw_odds_gunnery_fits_the_games_resolved_attacks() -> None:
    """DW-ODDS-GAME, DW-ODDS-GUNNERY: a battleship's fore turret at a Prussian battleship,
    resolved 3000 times by the game (dice and number needed from the table's geometry,
    its shield generator answering) fits the odds asked with the same classes."""
    game = seeded(setup(
        [squadron("britannia-battleship", (20.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (20.0, 22.0, 180.0))],
    ), seed=3)
    table = state(game)
    reason, shot = shot_refusal(table, RULES.data, table.models[0], "fore turret",
                                table.models[1])
    assert reason is None and shot is not None
    attack = Attack([(0, "fore turret")], 1, shot.dice, shot.needed, shot.kind, shot.band)
    exact = odds("gunnery", shooter="britannia-battleship", weapon="fore turret",
                 band=shot.band, target="prussia-battleship").distribution
    stat, critical = chi_square(resolved_hits(game, RULES.data, attack, 3000), exact)
    assert stat < critical, (stat, critical)


def test_dw_odds_rockets_fit_the_games_resolved_attacks_with_ack_ack(tmp_path: Path) -> None:
    """DW-ODDS-GAME, DW-ODDS-ROCKETS, DW-AA-ANSWER: rockets answered by two cruisers' ack-ack
    (3 dice each), resolved by the game."""
    rules = DystopianWarsRuleset(catalog_file(tmp_path))
    game = Game.new(rules, setup(
        [squadron("test-battleship", (20.0, 10.0, 0.0))],
        [squadron("prussia-cruiser", (20.0, 22.0, 180.0), (23.0, 22.0, 180.0))],
    ), seed=4)
    table = state(game)
    reason, shot = shot_refusal(table, rules.data, table.models[0], "rockets", table.models[1])
    assert reason is None and shot is not None
    attack = Attack([(0, "rockets")], 1, shot.dice, shot.needed, shot.kind, shot.band,
                    answer="aa", responders=[1, 2])
    answers = attack_odds(rules.data)["rockets"]
    exact = answers.odds(answers.parse_options([
        "shooter=test-battleship", "weapon=rockets", f"band={shot.band}",
        "target=prussia-cruiser", "aa=6",
    ])).distribution
    stat, critical = chi_square(resolved_hits(game, rules.data, attack, 3000), exact)
    assert stat < critical, (stat, critical)


def test_dw_obscured_odds_fit_the_games_resolved_attacks_on_a_half_obscured_squadron(
    tmp_path: Path,
) -> None:
    """DW-ODDS-GAME, DW-OBSCURED, DW-ODDS-ROCKETS: rockets at an airship whose squadron
    mate climbed into the clouds: the target's ack-ack answers on 5, the obscured mate's on
    6 only, resolved 3000 times by the game, fit the odds asked with aa= and aa_obscured=."""
    rules = DystopianWarsRuleset(catalog_file(tmp_path))
    game = Game.new(rules, setup(
        [squadron("test-battleship", (20.0, 10.0, 0.0))],
        [squadron("prussia-airship", (20.0, 26.0, 180.0), (24.0, 26.0, 180.0))],
    ), seed=5)
    table = state(game)
    table.models[2].level = "obscured"
    reason, shot = shot_refusal(table, rules.data, table.models[0], "rockets", table.models[1])
    assert reason is None and shot is not None
    attack = Attack([(0, "rockets")], 1, shot.dice, shot.needed, shot.kind, shot.band,
                    answer="aa", responders=[1, 2])
    answers = attack_odds(rules.data)["rockets"]
    asked = answers.parse_options([
        "shooter=test-battleship", "weapon=rockets", f"band={shot.band}",
        "target=prussia-airship", "aa=6", "aa_obscured=6",
    ])
    exact = answers.odds(asked).distribution
    resolved = resolved_hits(game, rules.data, attack, 3000)
    stat, critical = chi_square(resolved, exact)
    assert stat < critical, (stat, critical)
    in_the_open = answers.odds(asked.model_copy(update={"aa": 12, "aa_obscured": 0}))
    stat, critical = chi_square(resolved, in_the_open.distribution)
    assert stat > critical, "the fit cannot tell an obscured answer from an open one"


def _boarding_code(points: int, defenders: int, answer: int, rammed: bool,
                   source: DiceSource) -> int:
    """One assault through the game's rule functions: 0 captured, 1 repelled, 2 both lose
    AP, 3 both wiped out."""
    killed, _ = roll_hits(source, answer, BOARDER_NEEDED, label="answer")
    boarders = max(0, points - killed)
    if boarders == 0:
        return 1
    hits, _ = roll_hits(source, melee_dice(boarders, rammed), MELEE_NEEDED, label="melee")
    back, _ = roll_hits(source, defenders, MELEE_NEEDED, label="melee")
    outcome = assault_outcome(max(0, defenders - hits), max(0, boarders - back))
    return ["captured", "repelled", "both lose AP", "both wiped out"].index(outcome)


GAME_ROLLS: list[tuple[str, Callable[[DiceSource], int], dict[str, Any], str | None]] = [
    ("aa", lambda s: min(3, roll_hits(s, 4, 5, label="aa")[0]), {"dice": 4, "hits": 3}, None),
    ("ram", lambda s: roll_hits(s, 3, RAM_NEEDED, label="ram")[0],
     {"rr": 3, "target_hp": 5}, None),
    ("ram", lambda s: roll_hits(s, 8, RAM_NEEDED, label="terrain")[0],
     {"kind": "terrain", "density": "medium"}, None),
    ("boarding", lambda s: _boarding_code(6, 4, 2, False, s),
     {"ap": 6, "defenders": 4, "aa": 2}, "outcomes"),
]


@pytest.mark.parametrize("index", range(len(GAME_ROLLS)))
def test_dw_odds_match_the_games_rule_functions(index: int) -> None:
    """DW-ODDS-GAME: 3000 rolls through the game's roller and rule functions (seeded) fit
    the exact odds (chi-square, p > 0.001)."""
    attack, roll, options, what = GAME_ROLLS[index]
    answer = odds(attack, **options)
    if what == "outcomes":
        names = ["captured", "repelled", "both lose AP", "both wiped out"]
        exact = Dist([answer.named[name] for name in names])
    else:
        exact = answer.distribution
    stat, critical = chi_square(sample(roll, seed=200 + index), exact)
    assert stat < critical, (attack, stat, critical)


def test_dw_odds_the_fit_test_catches_a_wrong_model() -> None:
    """The chi-square check has teeth: dice rolled needing 5 do not fit the odds needing 4."""
    rolls = sample(lambda s: roll_hits(s, 10, 5, label="guns")[0], seed=7)
    stat, critical = chi_square(rolls, odds("gunnery", dice=10).distribution)
    assert stat > critical


# --- options and the command line ----------------------------------------------------------


@pytest.mark.parametrize(("words", "message"), [
    (["gunnery", "dice=-1"], "dice: expected at least 0"),
    (["gunnery", "dice=3", "needed=7"], "needed: expected at most 6"),
    (["gunnery", "dice=3", "needed=1"], "needed: expected at least 2"),
    (["gunnery", "dice=3", "level=underwater"], "level: expected \"surface\""),
    (["gunnery", "dice=3", "band=5"], "band: expected at most 4"),
    (["gunnery"], "give the attack dice (dice=) or shooter= and weapon="),
    (["gunnery", "dice=3", "target=prussia-cruser"], 'did you mean "prussia-cruiser"'),
    (["gunnery", "shooter=britannia-battleship", "weapon=rockets"],
     'unknown weapon of britannia-battleship "rockets"'),
    (["gunnery", "weapon=turret"], "give the shooter's class too"),
    (["rockets", "shooter=britannia-cruiser", "weapon=turret"], "turret is gunnery, not rockets"),
    (["gunnery", "shooter=federated-states-bombard", "weapon=siege gun", "band=1"],
     "siege gun has no attack dice in range band 1"),
    (["gunnery", "dice=3", "linked=6,x"], "not whole numbers separated by commas"),
    (["gunnery", "dice=3", "linked=0"], "each linked gun has 1 or more attack dice"),
    (["gunnery", "dice=3", "dr=6", "cr=4"], "damage rating of 6 is above the critical"),
    (["gunnery", "dice=3", "dr=6"], "give both the damage and the critical rating"),
    (["gunnery", "dice=3", "target=prussia-cruiser", "hp=6"], "6 hull points left is more"),
    (["gunnery", "dice=3", "size=tiny"], "never target tiny flyers"),
    (["gunnery", "dice=3", "shooter_level=submerged"], "attacks only with torpedoes"),
    (["torpedoes", "dice=3", "level=flying"], "torpedoes never reach flyers"),
    (["gunnery", "dice=3", "level=submerged", "band=1"], "in range band 1"),
    (["gunnery", "dice=3", "level=flying", "band=1"], "only with ack-ack"),
    (["gunnery", "dice=3", "needed=5", "level=flying", "band=1"], "only with ack-ack"),
    (["gunnery", "dice=3", "aa=2"], "ack-ack answers gunnery only from a flyer"),
    (["gunnery", "dice=3", "cc=2"], "only from a diving model"),
    (["rockets", "dice=3", "cc=2"], "concussion charges answer rockets only from a diving"),
    (["torpedoes", "dice=3", "aa=2"], "ack-ack answers torpedoes only from a flyer"),
    (["gunnery", "dice=3", "show=hull"], "hull needs the target's DR, CR and hull"),
    (["aa"], "give the ack-ack dice (dice=) or model="),
    (["aa", "model=britannia-cruiser", "damage=5"], "has only 5 hull points"),
    (["cc", "dice=2", "model=britannia-cruiser"], "give the dice or the model, not both"),
    (["boarding", "defenders=2"], "give the assault points sent"),
    (["boarding", "ap=4"], "give the assault points aboard the target"),
    (["boarding", "attacker=britannia-frigate", "ap=3", "defenders=1"], "has only 2 assault"),
    (["boarding", "ap=0", "defenders=1"], "ap: expected at least 1"),
    (["boarding", "ap=2", "target=britannia-fighter-wing"], "tiny flyers cannot be boarded"),
    (["boarding", "ap=2", "defenders=1", "hp=2"], "the hull of a boarding creature or robot"),
    (["boarding", "attacker=britannia-cruiser", "defenders=1", "hp=2"],
     "the hull of a boarding creature or robot"),
    (["boarding", "attacker=prussia-robot", "defenders=1", "hp=6"], "has only 5 hull points"),
    (["boarding", "ap=2", "defenders=1", "answers=2,x"], "'x' is not a number of dice"),
    (["boarding", "ap=2", "defenders=1", "answers=0"], "'0' is not a number of dice"),
    (["ram", "target_hp=3"], "a ram needs a ram rating of 1 or more"),
    (["ram", "model=britannia-escort", "target_hp=3"], "a ram needs a ram rating"),
    (["ram", "rr=2"], "give the other model's hull points left"),
    (["ram", "rr=2", "target_hp=3", "show=answer"], "answers with the hull the ram leaves it"),
    (["ram", "kind=collision", "target_hp=3"], "a collision rolls the mover's hull points"),
    (["ram", "kind=terrain", "show=answer"], "terrain does not answer"),
    (["ram", "rr=-1", "target_hp=2"], "rr: expected at least 1"),
])
def test_dw_odds_bad_options_are_refused_with_the_reason(words: list[str], message: str) -> None:
    """DW-ODDS-OPTIONS: negative dice, impossible numbers needed, unknown levels, classes
    and weapons, shots the game would refuse."""
    attack = ATTACKS[words[0]]
    with pytest.raises(AttackOptionsError) as error:
        attack.odds(attack.parse_options(words[1:]))
    assert message in str(error.value)


def test_dw_odds_command_line_errors_print_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """DW-ODDS-OPTIONS: `warbench odds dystopian-wars ...` with bad options."""
    assert main(["odds", "dystopian-wars", "gunnery", "dice=-3"]) == 2
    assert main(["odds", "dystopian-wars", "gunnery", "dice=3", "needed=9"]) == 2
    assert main(["odds", "dystopian-wars", "boarding", "ap=3", "level=surface"]) == 2
    assert main(["odds", "dystopian-wars", "broadside", "dice=3"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 4
    assert all(line.startswith("warbench: error: ") for line in lines)
    assert "boarding takes no option level" in lines[2]
    assert "no attack 'broadside'" in lines[3]


def test_dw_odds_command_line_json_and_attack_list(capsys: pytest.CaptureFixture[str]) -> None:
    """DW-ODDS-CLI: the JSON answer (distribution, mean, none/damage/critical) and the list
    of attacks with their options; the ruleset hook offers every attack."""
    assert main(["odds", "dystopian-wars", "gunnery", "dice=13", "dr=6", "cr=10",
                 "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert plain["mean"] == pytest.approx(10.4, abs=1e-12)
    assert set(plain["outcomes"]) == {"none", "damage", "critical"}
    assert sum(plain["distribution"].values()) == pytest.approx(1.0, abs=1e-12)
    assert main(["odds", "dystopian-wars"]) == 0
    listing = capsys.readouterr().out
    names = ("gunnery", "rockets", "torpedoes", "bombs", "aa", "cc", "boarding", "ram", "aa-wing",
             "dogfight", "wing-attack", "aa-flyer", "cc-diver", "mine", "cc-mine")
    for name in names:
        assert f"{name}:" in listing
    assert set(RULES.attacks()) == set(names)
    for attack in RULES.attacks().values():
        assert all(meaning for _, _, meaning in attack.option_help()), attack.name


def test_dw_combined_odds_add_the_linked_escorts_dice_whole() -> None:
    """DW-COMBINED, DW-LINKED: three escorts' ack-ack of 3 dice each, linked, roll 3 + 1 + 1
    = 5 dice; combined (escorts, l.527-528) all 9, as the engine rolls them."""
    linked = odds("gunnery", dice=3, linked="3,3", needed=5)
    combined = odds("gunnery", dice=3, linked="3,3", needed=5, combined="true")
    assert_dist(linked.distribution, 5 @ dw_die(5))
    assert_dist(combined.distribution, 9 @ dw_die(5))
    assert "3 AD combined with 3, 3: 9 dice" in " ".join(combined.notes)
