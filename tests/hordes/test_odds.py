"""Exact odds checked against icepool (HOR-HIT, HOR-DAMAGE-ROLL, HOR-SPIRAL)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import icepool
import pytest

from warbench.cli import USAGE_ERROR, main
from warbench.rulesets.hordes.data import DATA_DIR
from warbench.rulesets.hordes.exact import attack_chances, boxes_dist, spiral_after
from warbench.rulesets.hordes.ruleset import HordesRuleset

ATTACKS = HordesRuleset().attacks()


def icepool_attack(dice: int, bonus: int, defence: int) -> tuple[float, float]:
    def judge(*faces: int) -> int:
        if all(f == 1 for f in faces):
            return 0
        hit = (len(faces) >= 2 and all(f == 6 for f in faces)) or sum(faces) + bonus >= defence
        return 0 if not hit else (2 if len(set(faces)) < len(faces) else 1)

    outcome = icepool.map(judge, *([icepool.d6] * dice))
    hit = float(outcome.probability(1) + outcome.probability(2))
    return hit, float(outcome.probability(2))


@pytest.mark.parametrize(
    ("dice", "bonus", "defence"), [(2, 6, 12), (3, 5, 16), (2, 0, 20), (1, 7, 11), (3, 9, 10)]
)
def test_attack_chances_match_icepool(dice: int, bonus: int, defence: int) -> None:
    """HOR-HIT, HOR-BOOST, HOR-CRITICAL: hit and critical chances, boosted or not."""
    ours = attack_chances(dice, bonus, defence)
    theirs = icepool_attack(dice, bonus, defence)
    assert ours == pytest.approx(theirs, abs=1e-12)


@pytest.mark.parametrize(("dice", "power", "arm"), [(2, 16, 18), (3, 12, 15), (1, 10, 14)])
def test_damage_matches_icepool(dice: int, power: int, arm: int) -> None:
    """HOR-DAMAGE-ROLL: boxes = 2d6 (+1 boosted) + POW - ARM, at least 0."""
    reference = (dice @ icepool.d6).map(lambda total: max(0, total + power - arm))
    for boxes, p in boxes_dist(dice, power, arm).items():
        assert p == pytest.approx(float(reference.probability(boxes)), abs=1e-12)


def test_spiral_one_hit_matches_icepool() -> None:
    """HOR-SPIRAL: one 6-box hit on a 3-circle spiral cripples an aspect exactly when it
    starts in the aspect's first branch (6 boxes fill both branches from there)."""
    sizes = (3, 3, 3, 3, 3, 3)
    states = spiral_after(sizes, [{6: 1.0}])
    mind = sum(p for marked, p in states.items() if marked[0] == 3 and marked[1] == 3)
    branch = icepool.d6
    reference = branch.map(lambda b: 1 if b == 1 else 0).probability(1)
    assert mind == pytest.approx(float(reference))
    assert sum(states.values()) == pytest.approx(1.0)
    assert Fraction(mind).limit_denominator(100) == Fraction(1, 6)


def test_odds_command_answers_crippling() -> None:
    """HOR-SPIRAL-ASPECTS: the melee odds name each aspect's crippling chance."""
    melee = ATTACKS["melee"]
    answer = melee.odds(
        melee.parse_options(
            ["attacks=2", "target=mosshound", "power=14", "arm=15", "boost_damage=true"]
        )
    )
    assert {"target's mind crippled", "target's body crippled", "target's spirit crippled",
            "destroyed"} <= set(answer.named)
    assert 0 < answer.named["destroyed"] < answer.named["target's mind crippled"] <= 1


def test_a_target_is_read_from_the_players_own_data_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """HOR-SPIRAL: ``warbench odds hordes --data DIR`` judges a target by the player's own
    stat line (a designer's tougher Mosshound), not the shipped one, and an unknown target
    is one line naming the models there are."""
    shipped = (DATA_DIR / "models.toml").read_text(encoding="utf-8")
    assert "spiral = [3, 3, 3, 3, 3, 3]" in shipped
    (tmp_path / "models.toml").write_text(
        shipped.replace("spiral = [3, 3, 3, 3, 3, 3]", "spiral = [5, 5, 5, 5, 5, 5]", 1),
        encoding="utf-8")
    query = ["odds", "hordes", "melee", "attacks=2", "target=mosshound", "power=14", "arm=15",
             "--json"]
    assert main(query) == 0
    shipped_answer = json.loads(capsys.readouterr().out)["outcomes"]
    assert main([*query, "--data", str(tmp_path)]) == 0
    own_answer = json.loads(capsys.readouterr().out)["outcomes"]
    # Two 2d6+14 hits on ARM 15 mark at most 22 boxes: 18 circles can all go, 30 cannot.
    assert shipped_answer["destroyed"] > 0
    assert own_answer["destroyed"] == 0
    assert own_answer["target's mind crippled"] < shipped_answer["target's mind crippled"]

    assert main(["odds", "hordes", "melee", "target=nonesuch"]) == USAGE_ERROR
    error = capsys.readouterr().err
    assert "target: no model 'nonesuch'" in error and "mosshound" in error


def test_hor_odds_a_damaged_spiral_matches_the_step_by_step_spiral() -> None:
    """HOR-ODDS, HOR-SPIRAL: a sequence started on a marked spiral (``start``) gives what
    :func:`spiral_after` (one branch roll at a time, from the same marking) gives."""
    from warbench.rulesets.hordes.exact import Blow, sequence_after

    sizes, start = (2, 3, 3, 4, 2, 3), (2, 1, 0, 4, 0, 3)
    damage = boxes_dist(2, 15, 17)
    blow = Blow((0.7, 0.1), (1.0, 0.0), damage)
    ours = sequence_after([blow, blow], sizes, spiral=True, start=start)
    hit_boxes = {b: 0.7 * p for b, p in damage.items()}
    hit_boxes[0] = hit_boxes.get(0, 0.0) + 0.3
    theirs = spiral_after(sizes, [hit_boxes, hit_boxes], start=start)
    flat = {marked: p for (marked, _), p in ours.items()}
    assert set(flat) == set(theirs)
    for marked, p in theirs.items():
        assert flat[marked] == pytest.approx(p, abs=1e-12)


def test_hor_odds_a_damaged_warlock_by_hand() -> None:
    """HOR-ODDS, HOR-TOUGH: Grissel Bloodsong-like grid of 16 with 13 marked, one sure hit
    of 2d6 + 12 against ARM 15 (boxes = 2d6 - 3): by hand, a roll of 6 or more (26/36)
    marks the last 3; tough (on 5-6, a third) leaves 15 marked and knocked down."""
    from warbench.rulesets.hordes.exact import Blow, sequence_after

    damage = boxes_dist(2, 12, 15)
    blow = Blow((1.0, 0.0), (1.0, 0.0), damage)
    after = sequence_after([blow], (16,), spiral=False, tough_save=1 / 3, start=(13,))
    out = Fraction(26, 36)
    assert after[((16,), False)] == pytest.approx(float(out * Fraction(2, 3)), abs=1e-12)
    assert after[((15,), True)] == pytest.approx(float(out / 3), abs=1e-12)
    # 2d6 of 4 (3/36) marks one box, 5 (4/36) two: 14 and 15 marked, standing
    assert after[((14,), False)] == pytest.approx(3 / 36, abs=1e-12)
    assert after[((15,), False)] == pytest.approx(4 / 36, abs=1e-12)


def test_hor_odds_marked_and_concealment_options() -> None:
    """HOR-ODDS, HOR-TERRAIN: ``marked=`` starts the target damaged (the distribution
    counts the boxes the attacks mark), ``concealment=`` raises DEF against ranged and
    magic attacks, knocked down too; bad markings are one line naming the option."""
    from warbench.core.attacks import AttackOptionsError

    melee = ATTACKS["melee"]
    fresh = melee.odds(melee.options_model(target="oakhide-brute", power=18, arm=18))
    hurt = melee.odds(melee.options_model(target="oakhide-brute", power=18, arm=18,
                                          marked="2,3,0,0,0,0"))
    assert hurt.distribution.mean == pytest.approx(fresh.distribution.mean, abs=1e-9)
    assert hurt.named["target's mind crippled"] > fresh.named["target's mind crippled"]
    assert any("starts with 5 of" in note for note in hurt.notes)
    ranged = ATTACKS["ranged"]
    down = ranged.odds(ranged.options_model(knocked_down=True, concealment=2, skill=0))
    assert down.named["hit (each attack)"] == pytest.approx(attack_chances(2, 0, 7)[0])
    for marked, said in (("1,2", "6 numbers"), ("9,0,0,0,0,0", "branch 1 has"),
                         ("x", "not whole numbers")):
        with pytest.raises(AttackOptionsError, match=said):
            melee.odds(melee.options_model(target="oakhide-brute", marked=marked))


def test_hor_odds_a_targets_aspect_crippled_already_is_said_with_no_chance(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-ODDS, HOR-SPIRAL-ASPECTS, journey 4: ``marked=`` that fills both mind branches
    makes the answer say ``target's mind crippled already``, in the table, side by side with
    a boost and in ``--json``, and give no chance of crippling the mind; body and spirit keep
    theirs."""
    query = ["odds", "hordes", "melee", "target=mosshound", "power=14", "marked=3,3,0,0,0,0"]
    assert main(query) == 0
    said = capsys.readouterr().out
    assert "  target's mind crippled already\n" in said
    assert "target's mind crippled:" not in said and "target's body crippled:" in said
    assert main([*query, "--compare", "boost_damage=true"]) == 0
    assert "before the attack" in capsys.readouterr().out
    assert main([*query, "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert plain["facts"] == ["target's mind crippled already"]
    assert "target's mind crippled" not in plain["outcomes"]
    assert "target's spirit crippled" in plain["outcomes"]
