"""FT-LUCK: Full Thrust rolls rated by what they did, for the seat they helped or hurt."""

from __future__ import annotations

import pytest

from warbench.core.events import RollEffect
from warbench.core.luck import luck_report
from warbench.rulesets.full_thrust.actions import DeclareTarget, Repair
from warbench.rulesets.full_thrust.damage import apply_points, threshold_check
from warbench.rulesets.full_thrust.luck import rule_effect
from warbench.rulesets.full_thrust.scoring import Points, beam_rule

from .helpers import RULES, battle, orders, ship


def _threshold(*faces: int) -> tuple[RollEffect, float]:
    """Pike (player 1) finishes row 1 and checks its six systems: each fails on a 6."""
    game, feed = battle([ship("lancer", "Sabre", 10, 10)], [ship("lancer", "Pike", 60, 40)])
    pike = game.state.ships[1]
    apply_points(game, pike, Points(2, 0), "a test")
    feed.add(*faces)
    threshold_check(game, pike, 0)
    effect = next(e for e in game.events if isinstance(e, RollEffect))
    return effect, luck_report([effect]).sides[1].percentile


def test_ft_threshold_all_sixes_is_bad_luck_for_the_ships_owner() -> None:
    """FT-THRESHOLD, FT-LUCK: six systems, all 6s: none survives, a 1 in 6**6 result.

    Hand-worked: survivors ~ Binomial(6, 5/6); P(0) = (1/6)**6, so the mid-rank percentile
    is (1/6)**6 / 2; mean 5, sd sqrt(6 * 5/36) = 0.913, z = -5 / 0.913 = -5.48."""
    effect, game_luck = _threshold(6, 6, 6, 6, 6, 6)
    assert (effect.player, effect.effect, effect.dice) == (1, 0, 6)
    rated = luck_report([effect]).rolls[0]
    assert rated.percentile == pytest.approx((1 / 6) ** 6 / 2)
    assert rated.mean == pytest.approx(5.0)
    assert rated.z == pytest.approx(-5 / (6 * 5 / 36) ** 0.5)
    assert game_luck < 0.001


def test_ft_threshold_no_six_is_good_luck_for_the_ships_owner() -> None:
    """FT-THRESHOLD, FT-LUCK: all six survive (P = (5/6)**6): percentile 1 - P / 2."""
    effect, game_luck = _threshold(1, 2, 3, 4, 5, 5)
    assert effect.effect == 6
    assert luck_report([effect]).rolls[0].percentile == pytest.approx(1 - (5 / 6) ** 6 / 2)
    assert game_luck > 0.5


def test_ft_beam_damage_and_repairs_are_rated_for_the_side_that_rolled() -> None:
    """FT-BEAM-DICE, FT-DCP, FT-LUCK: the duel of test_ship_fire, rated.

    Sabre's class-1 beam rolls 3 (nothing): one die scores 0 half the time, so its
    percentile is 0.25. Pike's lone damage control party rolls a 6 (needs 6): 1 - 1/12."""
    game, feed = battle(
        [ship("lancer", "Sabre", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 20.0, facing=6)],
        6, 1,
    )
    orders(game)
    feed.add(6, 4, 5, 3, 4, 1, 2, 3, 4, 5, 6)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    feed.add(6)
    game.apply(1, Repair(1, 3))
    report = luck_report(game.events, game.luck_odds)
    by_purpose = {roll.purpose: roll for roll in report.rolls}
    beams = [r for r in report.rolls if r.purpose.startswith("Sabre") and r.player == 0]
    assert any(r.effect == 0 and r.percentile == pytest.approx(0.25) for r in beams)
    repair = next(r for p, r in by_purpose.items() if p.startswith("repair Pike"))
    assert (repair.player, repair.effect) == (1, 1)
    assert repair.percentile == pytest.approx(1 - 1 / 12)
    threshold = by_purpose["threshold Pike"]
    assert threshold.player == 1
    assert not report.unrated.get((None, "threshold Pike"))


def test_ft_luck_queries_answer_from_the_odds_modules() -> None:
    """FT-LUCK: one beam die without screens: 0 half the time, 1 a third, 2+ a sixth."""
    one = RULES.effect_odds(RULES.data, "beam", (1, 0, 0))
    assert one.p(0) == pytest.approx(1 / 2) and one.p(1) == pytest.approx(1 / 3)
    assert one.mean == pytest.approx(0.8)
    with pytest.raises(ValueError, match="no luck query 'laser'"):
        RULES.effect_odds(RULES.data, "laser", (1,))


def test_ft_luck_rule_query_reads_first_rolls_and_rerolls_as_the_game_does() -> None:
    """FT-BEAM-DICE, FT-SCREENS, FT-LUCK: a dogfight's beam-style dice are named by their
    two tables; three dice behind level-1 screens average 3 x (1/6 + 2/6 + 1/6 x 0.8)."""
    effect = rule_effect(0, "dogfight", 1, 3, beam_rule(1, 0))
    dist = RULES.effect_odds(RULES.data, effect.query, effect.args)
    assert dist.mean == pytest.approx(3 * (1 / 6 + 2 / 6 + 0.8 / 6))
