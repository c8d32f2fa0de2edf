"""ARM-LUCK: Armada rolls rated by what they did, for the side that rolled them."""

from __future__ import annotations

import pytest

from tests.rulesets.armada.test_gunnery import facing_off
from warbench.core.events import RollEffect
from warbench.core.luck import luck_report
from warbench.rulesets.armada.actions import Fire
from warbench.rulesets.armada.combat import Gunnery
from warbench.rulesets.armada.odds import luck_odds


def test_arm_gunnery_rated_by_damage_dealt_hand_worked() -> None:
    """ARM-GUN-CHECK, ARM-GUN-HIT, ARM-MATCHUP, ARM-LUCK: Lance's 10 + 2 misses AC 13 (a
    natural 11+ hits, half the time): no damage. A destroyer's die against a capital
    counts one less, so a hit rolling 1 deals nothing too: P(0) = 1/2 + 1/2 x 1/s on its
    d``s``, percentile P(0) / 2, for side 0. Grudge's 11 hits and its die rolls 6, + 1:
    P(worse) = 1/2 (a miss) + 1/2 x 5/s, P(same) = 1/2 x 1/s."""
    game = facing_off([1, 2, 10, 11, 6])
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0))
    effects = [e for e in game.events if isinstance(e, RollEffect) and e.query == "gunnery"]
    assert [(e.player, e.effect) for e in effects] == [(0, 0), (1, 7)]
    report = luck_report(effects, game.luck_odds)
    miss, hit = report.rolls
    sides, per_die = effects[0].args[3:5]
    assert per_die == -1 and effects[1].args[4] == 1
    assert miss.percentile == pytest.approx((0.5 + 0.5 / sides) / 2)
    sides = effects[1].args[3]
    assert hit.percentile == pytest.approx(0.5 + 0.5 * 5 / sides + 0.5 / sides / 2)
    assert report.sides[1].percentile > 0.5 > report.sides[0].percentile


def test_arm_checks_the_better_of_two_d20_when_resolve_is_spent() -> None:
    """ARM-LUCK: a check needing 11 passes half the time on one d20, 3/4 on the better of
    two; the natural roll of an officer's check is its own effect."""
    assert luck_odds("check", (11, 0)).p(1) == pytest.approx(0.5)
    assert luck_odds("check", (11, 1)).p(1) == pytest.approx(0.75)
    assert luck_odds("d20", (1,)).p(20) == pytest.approx(39 / 400)
    with pytest.raises(ValueError, match="no luck query"):
        luck_odds("salvo", (1,))


def test_arm_a_gunnery_check_that_cannot_miss_is_rated_without_error() -> None:
    """ARM-LUCK: when every natural roll hits, the twenty chances add up to a hair over 1;
    the damage is then the damage of a hit (no negative miss weight)."""
    from warbench.rulesets.armada.odds import attack_damage, damage_on_hit

    sure = Gunnery(modifier=40, armor_class=10, dice=2, sides=6, per_die=1, bonus_damage=0,
                   halved=False)
    assert attack_damage(sure, True).items() == damage_on_hit(sure).items()
