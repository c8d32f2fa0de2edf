"""RG-LUCK: ROBOGEAR rolls tied to the player who rolled, rated by the number they made."""

from __future__ import annotations

import pytest

from tests.robogear.helpers import army, battle, put, turn_of
from tests.robogear.test_fire import TANK, WALKER, _duel
from warbench.core.events import RollEffect
from warbench.core.luck import luck_report
from warbench.rulesets.robogear.actions import Ram, Shoot


def test_rg_ram_rolls_rated_for_each_side_hand_worked() -> None:
    """RG-RAM-ROLL, RG-LUCK: each side rolls D6 + its ram power; both roll 3: the total is
    the effect, and a 3 on a d6 sits at P(1-2) + P(3)/2 = 2/6 + 1/12 = 5/12 for either."""
    game = battle(army(("ferrum-walker", 1)), army(("ashen-rover", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 20)
    turn_of(game, 0, dice=[3, 3])
    before = len(game.events)  # initiative rolls are rated too; only the ram counts here
    game.apply(0, Ram(0, 1))
    effects = [e for e in game.events[before:] if isinstance(e, RollEffect)]
    assert [(e.player, e.purpose, e.effect) for e in effects] == [
        (0, "ram", 3 + 10 + 3), (1, "ram", 3 + 9)]
    report = luck_report(effects)
    assert [r.percentile for r in report.rolls] == pytest.approx([5 / 12, 5 / 12])
    assert report.sides[0].percentile == pytest.approx(report.sides[1].percentile)


def test_rg_a_critical_token_spared_is_the_owners_luck() -> None:
    """RG-FIRE-TOKEN, RG-LUCK: the token roll is the damaged machine's owner's; no token
    is the good outcome, a token (here a drive token on a 5) the bad one."""
    game = _duel(TANK, WALKER, 5.0)
    turn_of(game, 0, dice=[4, 5])
    game.apply(0, Shoot(0, 1, 1))
    token = next(e for e in game.events if isinstance(e, RollEffect) and
                 e.purpose == "critical token")
    assert (token.player, token.effect) == (1, 0)
    spared = sum(token.values) / 6
    assert luck_report([token]).rolls[0].percentile == pytest.approx((1 - spared) / 2)
