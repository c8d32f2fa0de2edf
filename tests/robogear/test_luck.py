"""RG-LUCK: ROBOGEAR rolls tied to the player who rolled, rated by the number they made."""

from __future__ import annotations

import pytest

from tests.robogear.helpers import army, battle, put, turn_of
from tests.robogear.test_fire import TANK, WALKER, _duel
from warbench.core.events import RollEffect
from warbench.core.luck import luck_report
from warbench.rulesets.robogear.actions import Ram, Shoot
from warbench.rulesets.robogear.pieces import Block


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


def test_rg_a_missed_blast_scatter_rated_by_its_distance_from_the_aim_hand_worked() -> None:
    """RG-BLAST, RG-LUCK: a miss scatters 1D6 cm; the direction die moves the marker round
    its aim, no nearer or farther. 1 cm is the nearest: 5/6 + (1/6)/2 = 11/12 for the
    shooter, and both scatter rolls are rated by that effect."""
    game = battle(army(("ferrum-walker", 1)), army(("verdant-brawler", 1)))
    put(game, 0, 30, 45)
    put(game, 1, 30, 58.8)
    turn_of(game, 0, dice=[1, 1, 1])
    game.apply(0, Shoot(0, 1, 1))
    [scatter] = [e for e in game.events if isinstance(e, RollEffect) and e.purpose == "scatter"]
    assert (scatter.player, scatter.effect, scatter.dice) == (0, 1, 1)
    report = luck_report(game.events)
    assert luck_report([scatter]).rolls[0].percentile == pytest.approx(11 / 12)
    assert not report.unrated


def test_rg_indirect_fire_scatter_of_2d6_cm_hand_worked() -> None:
    """RG-IND, RG-LUCK: indirect fire always scatters 2D6 cm: 1 + 1 = 2 cm, the nearest
    total (1 in 36), sits at 1 - 1/72 for the shooter."""
    game = battle(army(("verdant-brawler", 1), ("verdant-mortar", 1, "attach"),
                       ("verdant-sniper", 1)),
                  army(("ferrum-rifleman", 2)))
    put(game, 4, 55, 55)
    put(game, 0, 31.5, 10)
    put(game, 1, 30, 10)
    put(game, 2, 45, 28)
    game.state.units[2].reserve = False
    put(game, 3, 30, 28)
    game.state.terrain.append(Block(20, 18, 40, 19, 6.0, "wall"))
    turn_of(game, 0, dice=[1, 1, 1])
    game.apply(0, Shoot(1, 0, 3, indirect=True))
    [scatter] = [e for e in game.events if isinstance(e, RollEffect) and e.purpose == "scatter"]
    assert (scatter.player, scatter.effect, scatter.dice) == (0, 2, 2)
    assert luck_report([scatter]).rolls[0].percentile == pytest.approx(1 - 1 / 72)
