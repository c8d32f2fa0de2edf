"""HOR-LUCK: HORDES rolls rated by what they did, for the player who rolled them."""

from __future__ import annotations

import pytest

from tests.hordes.helpers import activate, battle, script
from tests.hordes.test_combat import engaged_pair
from warbench.core.events import RollEffect
from warbench.core.luck import luck_report
from warbench.rulesets.hordes.actions import Attack, Hold, Slam
from warbench.rulesets.hordes.damage import tough_check


def test_hor_attack_and_damage_rolls_rated_hand_worked() -> None:
    """HOR-HIT, HOR-DAMAGE-ROLL, HOR-LUCK: the Brute's 3 + 4 + MAT 6 = 13 hits DEF 11; any
    2d6 of 5 or more hits, 30 in 36, so a hit sits at 1 - (30/36)/2 = 7/12. Its damage
    6 + 6 + P+S 16 - ARM 18 = 10 boxes is the most 2d6 can mark (1 in 36): 1 - 1/72.
    HOR-SPIRAL: the ten boxes fill the Titan's empty spiral (five circles a branch) from
    the branch rolled: from 1, 3 or 5 they fill both branches of one aspect and cripple it,
    from 2 (rolled), 4 or 6 they split over two aspects and cripple none: the owner's luck,
    1/2 + (1/2)/2 = 3/4."""
    game = engaged_pair()
    activate(game, 1)
    game.apply(0, Hold())
    script(game, 3, 4, 6, 6, 2)
    before = len(game.events)  # the starting roll-off is rated too; only the attack counts here
    game.apply(0, Attack(0, 3))
    report = luck_report(game.events[before:], game.luck_odds)
    attack, damage, branch = report.rolls
    assert (attack.player, attack.effect, damage.effect) == (0, 1, 10)
    assert (branch.player, branch.purpose, branch.effect) == (1, "life spiral", 0)
    assert branch.percentile == pytest.approx(3 / 4)
    assert attack.percentile == pytest.approx(7 / 12)
    assert damage.percentile == pytest.approx(1 - 1 / 72)
    assert report.sides[0].percentile > 0.9


def test_hor_tough_rated_for_the_models_owner() -> None:
    """HOR-TOUGH, HOR-LUCK: a tough roll of 5 keeps the model (1 in 3): 1 - (1/3)/2; a 4
    loses it: (2/3)/2, bad luck for its owner."""
    game = battle([["maelis", "oakhide-brute"], ["vesk", "magma-titan"]],
                  [[24, 12, 0], [24, 20, 0], [24, 45, 180], [24, 22.3, 180]])
    script(game, 5, 4)
    before = len(game.events)  # the starting roll-off is rated too; only the tough rolls count
    brute = game.state.models[1]
    assert tough_check(game, brute) and not tough_check(game, brute)
    rated = luck_report([e for e in game.events[before:] if isinstance(e, RollEffect)]).rolls
    assert [r.player for r in rated] == [brute.owner] * 2
    assert [r.percentile for r in rated] == pytest.approx([5 / 6, 1 / 3])


def test_hor_deviation_rated_by_the_distance_from_the_aim_hand_worked() -> None:
    """HOR-AOE, HOR-LUCK: the Horror's missed AOE aimed 8" away deviates d6", at most 4":
    1, 2, 3, 4, 4, 4 inches (2-8 half inches). A 1 lands nearest: 5/6 of the rolls land
    farther, so 5/6 + (1/6)/2 = 11/12 for the attacker."""
    game = battle([["hask", "obsidian-horror"], ["maelis", "mosshound", "bramble-stalker"]],
                  [[24, 5, 0], [24, 10, 0], [40, 45, 180], [24, 18, 180], [25.8, 18, 180]])
    activate(game, 1)
    game.apply(0, Hold())
    script(game, 1, 1, 1, 1, 6, 6, 6, 6, 3, 3)  # miss, deviate direction 1 by 1"
    game.apply(0, Attack(0, 3))
    [deviation] = [e for e in game.events if isinstance(e, RollEffect)
                   and e.purpose == "deviation"]
    assert (deviation.player, deviation.effect, deviation.values) == (0, 2, (2, 4, 6, 8, 8, 8))
    report = luck_report(game.events, game.luck_odds)
    assert luck_report([deviation]).rolls[0].percentile == pytest.approx(11 / 12)
    assert not report.unrated


def test_hor_slam_distance_rated_by_meeting_a_stopper_hand_worked() -> None:
    """HOR-SLAMMED, HOR-COLLATERAL, HOR-LUCK: the Titan (base radius 0.98") slammed toward
    the Horror 4" behind it (the same base) meets it after 4 - 2 x 0.98 = 2.03": a 3 or
    more earns the extra damage die (4 faces in 6). The 3 rolled sits at 2/6 + (4/6)/2 =
    2/3 for the slammer."""
    game = battle([["maelis", "oakhide-brute"], ["vesk", "magma-titan", "obsidian-horror"]],
                  [[24, 3, 0], [24, 10, 0], [24, 45, 180], [24, 17, 180], [24, 21, 180]])
    activate(game, 1)
    script(game, 5, 5, 6, 3, 3, 3, 1, 1, 1, 1)
    game.apply(0, Slam(3))
    [slam] = [e for e in game.events if isinstance(e, RollEffect)
              and e.purpose == "slam distance"]
    assert (slam.player, slam.effect, slam.values) == (0, 1, (0, 0, 1, 1, 1, 1))
    assert luck_report([slam]).rolls[0].percentile == pytest.approx(2 / 3)
    assert not luck_report(game.events, game.luck_odds).unrated
