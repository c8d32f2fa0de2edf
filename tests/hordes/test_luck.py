"""HOR-LUCK: HORDES rolls rated by what they did, for the player who rolled them."""

from __future__ import annotations

import pytest

from tests.hordes.helpers import activate, battle, script
from tests.hordes.test_combat import engaged_pair
from warbench.core.events import RollEffect
from warbench.core.luck import luck_report
from warbench.rulesets.hordes.actions import Attack, Hold
from warbench.rulesets.hordes.damage import tough_check


def test_hor_attack_and_damage_rolls_rated_hand_worked() -> None:
    """HOR-HIT, HOR-DAMAGE-ROLL, HOR-LUCK: the Brute's 3 + 4 + MAT 6 = 13 hits DEF 11; any
    2d6 of 5 or more hits, 30 in 36, so a hit sits at 1 - (30/36)/2 = 7/12. Its damage
    6 + 6 + P+S 16 - ARM 18 = 10 boxes is the most 2d6 can mark (1 in 36): 1 - 1/72."""
    game = engaged_pair()
    activate(game, 1)
    game.apply(0, Hold())
    script(game, 3, 4, 6, 6, 2)
    before = len(game.events)  # the starting roll-off is rated too; only the attack counts here
    game.apply(0, Attack(0, 3))
    report = luck_report(game.events[before:], game.luck_odds)
    attack, damage = report.rolls
    assert (attack.player, attack.effect, damage.effect) == (0, 1, 10)
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
