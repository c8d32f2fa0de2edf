"""``warbench odds hordes`` reads the attacker's card as it reads the target's, follows
knockdowns and tough through a sequence, and refuses what the game forbids (HOR-HIT,
HOR-DAMAGE-ROLL, HOR-TOUGH, HOR-KNOCKDOWN, HOR-SLAM, HOR-EXTRA-ATTACK, HOR-AUTO-EFFECT,
HOR-CRITICAL, HOR-SPIRAL-ASPECTS, HOR-ODDS)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.hordes.helpers import RULES, battle, script
from warbench.cli import USAGE_ERROR, main
from warbench.rulesets.hordes.damage import deal
from warbench.rulesets.hordes.exact import attack_chances, boxes_dist
from warbench.rulesets.hordes.profile import crippled_aspects


def odds(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, Any]:
    assert main(["odds", "hordes", *words, "--json"]) == 0
    answer: dict[str, Any] = json.loads(capsys.readouterr().out)
    return answer


def refused(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(["odds", "hordes", *words]) == USAGE_ERROR
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    error = captured.err.strip()
    assert error.count("\n") == 0
    return error


def test_hor_hit_attacker_card_gives_mat_and_ps(capsys: pytest.CaptureFixture[str]) -> None:
    """HOR-ODDS, HOR-HIT, HOR-DAMAGE-ROLL: `attacker=rootcrusher weapon="Root Maul"` attacks
    with MAT 6 and P+S 6 + 12 = 18 from the card, the same answer as skill=6 power=18 typed out; an
    explicit power= still wins; a card with two melee weapons asks which."""
    card = odds(capsys, "melee", "attacker=rootcrusher", "weapon=Root Maul",
                "target=mosshound")
    typed = odds(capsys, "melee", "skill=6", "power=18", "target=mosshound")
    assert card["distribution"] == typed["distribution"]
    assert "MAT 6 and P+S 18 from rootcrusher's card (Root Maul: POW 6 + STR 12)" in (
        card["notes"])
    given = odds(capsys, "melee", "attacker=rootcrusher", "weapon=root maul", "power=10")
    assert given["mean"] == pytest.approx(odds(capsys, "melee", "power=10")["mean"])
    assert "MAT 6 and P+S 10 from rootcrusher's card (Root Maul: POW 6 + STR 12) (P+S given)"\
        in given["notes"]
    error = refused(capsys, "melee", "attacker=oakhide-brute")
    assert 'weapon: oakhide-brute has 2 melee weapons: give weapon="Branch Fist" or "Gore"' in (
        error)


def test_hor_hit_defaults_are_said(capsys: pytest.CaptureFixture[str]) -> None:
    """HOR-ODDS: the defaults MAT 6 and P+S 16 were used and only the target's numbers
    noted; now the note says they are defaults, and the target's aspects are the target's."""
    answer = odds(capsys, "melee", "target=oakhide-brute", "boost_damage=true")
    assert "MAT 6, P+S 16: defaults; give attacker= or skill=/power=" in answer["notes"]
    assert "target's mind crippled" in answer["outcomes"]
    assert "mind crippled" not in answer["outcomes"]
    ranged = odds(capsys, "ranged", "target=mosshound")
    assert "RAT 6, POW 16: defaults; give attacker= or skill=/power=" in ranged["notes"]
    magic = odds(capsys, "magic", "target=mosshound")
    assert "FURY 6, POW 16: defaults; give attacker= or skill=/power=" in magic["notes"]


def test_hor_hit_ranged_and_magic_attackers(capsys: pytest.CaptureFixture[str]) -> None:
    """HOR-ODDS, HOR-SPELL-STATS: a ranged attacker's RAT and weapon POW, a caster's FURY and
    its one offensive spell's POW come from the cards."""
    ranged = odds(capsys, "ranged", "attacker=thorn-lurker", "target=mosshound")
    assert ranged["outcomes"]["hit (each attack)"] == pytest.approx(
        attack_chances(2, 5, 14)[0])
    assert "RAT 5 and POW 10 from thorn-lurker's card (Thorn Spitter: POW 10)" in (
        ranged["notes"])
    magic = odds(capsys, "magic", "attacker=Elder Maelis", "target=mosshound")
    assert magic["outcomes"]["hit (each attack)"] == pytest.approx(attack_chances(2, 7, 14)[0])
    assert "FURY 7 and POW 12 from maelis's card (Thorn Lash: POW 12)" in magic["notes"]
    assert "spell: Bark Skin makes no magic attack" in refused(
        capsys, "magic", "attacker=maelis", "spell=bark-skin")


def test_hor_knockdown_no_slam_on_a_knocked_down_model(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-KNOCKDOWN, HOR-SLAM: a knocked-down model cannot be slammed (the old odds
    answered); a warlock makes no slam; one slam an activation."""
    assert "knocked_down: a knocked-down model cannot be slammed (HOR-KNOCKDOWN" in refused(
        capsys, "slam", "knocked_down=true")
    assert "only warbeasts make power attacks" in refused(capsys, "slam", "attacker=maelis")
    assert "attacks: a model slams once" in refused(capsys, "slam", "attacks=2")
    slam = odds(capsys, "slam", "attacker=mosshound", "target=oakhide-brute")
    assert "MAT 6 and STR 8 from mosshound's card" in slam["notes"]
    # the Brute's 50 mm base is larger than the Mosshound's 40 mm one: -2 to hit
    assert slam["outcomes"]["hit (each attack)"] == pytest.approx(attack_chances(2, 4, 12)[0])


def test_hor_tough_destroyed_counts_the_tough_roll(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-TOUGH, HOR-KNOCKDOWN: a hit that marks every circle of the tough Oakhide Brute
    destroys it only when the tough roll fails (4 in 6); saved, it is knocked down and the
    next melee attack hits it automatically. Worked by hand: each roll hits 35/36 (all 1s
    miss), and 2d6 + 30 against ARM 0 marks all 28 circles."""
    one = odds(capsys, "melee", "target=oakhide-brute", "skill=20", "power=30", "arm=0")
    assert one["outcomes"]["destroyed"] == pytest.approx(35 / 36 * 2 / 3)
    assert one["outcomes"]["knocked down, not destroyed"] == pytest.approx(35 / 36 / 3)
    two = odds(capsys, "melee", "target=oakhide-brute", "skill=20", "power=30", "arm=0",
               "attacks=2")
    standing_after_one = 1 / 36
    saved_after_one = 35 / 36 / 3
    expected = 35 / 36 * 2 / 3 + (standing_after_one * 35 / 36 + saved_after_one) * 2 / 3
    assert two["outcomes"]["destroyed"] == pytest.approx(expected)


def test_hor_tough_a_crippled_body_the_tough_roll_heals_gets_its_chance(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-ODDS, HOR-TOUGH (seed l.97-99: on 5-6 one damage healed), HOR-SPIRAL-HEAL (l.507: a
    healed circle restores its aspect; crippled aspects heal first, the body's before the
    mind's): the Oakhide Brute one circle from destroyed, mind and body crippled, is
    left with its body no longer crippled where the hit marks its last circle and the
    tough roll keeps it in play; the game's own tough roll does so. The odds say both
    aspects were crippled before, keep the mind's a fact (the tough roll never heals it)
    and give the body its chance, by hand: each roll hits 35/36 and marks the last circle,
    saved 1 in 3."""
    game = battle([["maelis", "oakhide-brute"], ["vesk", "magma-titan"]],
                  [[24, 12, 0], [24, 20, 0], [24, 45, 180], [24, 22.3, 180]],
                  prepare=lambda state: state.models[1].__setattr__(
                      "spiral", [4, 5, 5, 5, 5, 3]))
    brute = game.state.models[1]
    assert crippled_aspects(RULES.data, brute) == {"mind", "body"}
    script(game, 6, 5)  # branch 6 (its last circle), then the tough roll: 5
    deal(game, brute, 3, 3, False)
    assert brute.alive and crippled_aspects(RULES.data, brute) == {"mind", "spirit"}
    one = odds(capsys, "melee", "target=oakhide-brute", "skill=20", "power=30", "arm=0",
               "marked=4,5,5,5,5,3")
    assert one["facts"] == ["target's mind crippled already", "target's body crippled already"]
    assert "target's mind crippled" not in one["outcomes"]
    assert one["outcomes"]["target's body crippled"] == pytest.approx(1 - 35 / 36 / 3)
    assert any(note.startswith("target's body crippled already: a tough roll")
               for note in one["notes"])
    untough = odds(capsys, "melee", "target=mosshound", "skill=20", "power=30", "arm=0",
                   "marked=3,3,3,3,3,2")
    assert "target's body crippled" not in untough["outcomes"]


def test_hor_auto_effect_a_knockdown_weapon_makes_the_next_attack_hit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-AUTO-EFFECT, HOR-KNOCKDOWN: the Rootcrusher's Stomp knocks down what it hits, so
    its second attack hits automatically when the first hit: mean = hD + (h + (1-h)h)D."""
    answer = odds(capsys, "melee", "attacker=rootcrusher", "weapon=Stomp", "attacks=2",
                  "defence=14", "arm=15")
    hit = attack_chances(2, 6, 14)[0]
    damage = sum(boxes * p for boxes, p in boxes_dist(2, 15, 15).items())
    assert answer["mean"] == pytest.approx(hit * damage + (hit + (1 - hit) * hit) * damage)


def test_hor_critical_a_critical_knockdown_weapon_makes_the_next_attack_hit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-CRITICAL: the Branch Fist knocks down on a critical hit only."""
    answer = odds(capsys, "melee", "attacker=oakhide-brute", "weapon=Branch Fist",
                  "attacks=2", "defence=14", "arm=15")
    hit, critical = attack_chances(2, 6, 14)
    damage = sum(boxes * p for boxes, p in boxes_dist(2, 16, 15).items())
    second = critical + (1 - critical) * hit
    assert answer["mean"] == pytest.approx(hit * damage + second * damage)


def test_hor_extra_attack_cap_is_the_largest_card(capsys: pytest.CaptureFixture[str]) -> None:
    """HOR-EXTRA-ATTACK: attacks was capped at 6; Elder Maelis (one melee weapon, FURY 7)
    makes 1 + 7 = 8; an attacker's own card caps its own attacks."""
    assert odds(capsys, "melee", "attacks=8", "target=oakhide-brute")["mean"] > 0
    assert "attacks: at most 8" in refused(capsys, "melee", "attacks=9")
    assert odds(capsys, "melee", "attacker=maelis", "attacks=8")["mean"] > 0
    assert "mosshound makes at most 4 melee attacks" in refused(
        capsys, "melee", "attacker=mosshound", "attacks=5")


def test_hor_spiral_target_by_printed_name_or_close_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-ODDS: the card's printed name (any case) names the target; a near miss gets a
    suggestion."""
    answers = [odds(capsys, "melee", f"target={key}") for key in (
        "Oakhide Brute", "oakhide brute", "oakhide-brute")]
    for answer in answers:
        answer.pop("query")
    assert answers[0] == answers[1] == answers[2]
    assert "DEF 12 (card) and ARM 18 (card) of oakhide-brute" in answers[0]["notes"]
    assert 'target: no model \'mosshund\', did you mean "mosshound"?' in refused(
        capsys, "melee", "target=mosshund")
