"""DW-LUCK: Dystopian Wars rolls tied to the seat that rolled them, rated by what they did."""

from __future__ import annotations

import pytest

from warbench.core.events import Roll, RollEffect
from warbench.core.luck import luck_report
from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Fire, Move
from warbench.rulesets.dystopian_wars.repairs import roll_repair
from warbench.rulesets.dystopian_wars.treacherous import roll_treacherous

from .helpers import P0_FIRST, play, scripted, setup, squadron


def duel(*faces: int) -> list[RollEffect | Roll]:
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 26.0, 180.0), name="Kaiserin")],
    ), (*P0_FIRST, *faces))
    play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "fore turret"),), 1), CeaseFire())
    return [e for e in game.events if isinstance(e, RollEffect | Roll)]


def test_dw_every_roll_of_an_attack_names_the_seat_that_rolled() -> None:
    """DW-AD, DW-GENERATORS, DW-LUCK: the attacker rolls the attack, the defender its
    shields, each player their own initiative: no roll belongs to nobody."""
    events = duel(*([1] * 8))
    assert all(e.player is not None for e in events)
    owners = {e.label: e.player for e in events if isinstance(e, Roll)}
    assert owners == {"initiative, player 0": 0, "initiative, player 1": 1,
                      "Sovereign gunnery attack on Kaiserin": 0, "Kaiserin shields": 1}


def test_dw_an_attack_of_all_ones_is_bad_luck_for_the_attacker_hand_worked() -> None:
    """DW-AD, DW-GENERATORS, DW-LUCK: seven dice needing 4+ all miss: P(0 hits) is
    (1/2)**7, so the percentile is 1/256; the mean is 7 x 0.8 hits (a 6 is two hits and
    rolls again: m = 2/6 + (2 + m)/6). The defender's one shield die misses too: 0 saves
    happen half the time, percentile 1/4, bad luck for player 1."""
    fire = [e for e in duel(*([1] * 8)) if not isinstance(e, Roll)][2:]  # initiative first
    report = luck_report(fire)
    attack, shields = report.rolls
    assert (attack.player, attack.effect) == (0, 0)
    assert attack.purpose == "Sovereign gunnery attack on Kaiserin"
    assert attack.percentile == pytest.approx(1 / 256)
    assert attack.mean == pytest.approx(5.6)
    assert (shields.player, shields.purpose) == (1, "Kaiserin shields")
    assert shields.percentile == pytest.approx(0.25)
    assert report.sides[0].percentile < report.sides[1].percentile < 0.5


def test_dw_repairs_fires_and_treacherous_terrain_are_rated_for_the_ships_owner() -> None:
    """DW-REPAIR, DW-RAGING-FIRE, DW-TREACHEROUS, DW-LUCK: a repair of 6 (another fire)
    is the worst face, percentile 1/12; 1-3 (repaired) the best half, 1 - 1/4; a
    treacherous roll of 1 (a hull point lost) sits at 1/12."""
    game = scripted(setup([squadron("britannia-battleship", (36.0, 10.0, 0.0))],
                          [squadron("prussia-battleship", (36.0, 26.0, 180.0))]),
                    (*P0_FIRST, 6, 2, 1))
    assert roll_repair(game, 1, "repair") == 6
    assert roll_repair(game, 1, "raging fire") == 2
    assert roll_treacherous(game, 0, "treacherous terrain (wood)") == 1
    rated = luck_report(game.events).rolls[-3:]  # after both players' initiative
    assert [(r.player, r.effect) for r in rated] == [(1, 0), (1, 2), (0, 0)]
    assert [r.percentile for r in rated] == pytest.approx([1 / 12, 0.75, 1 / 12])


def test_dw_initiative_totals_are_each_players_own_luck() -> None:
    """DW-INITIATIVE, DW-LUCK: player 0 rolls 6 + 6 (only 1 in 36 rolls as high: 1 - 1/72),
    player 1 rolls 1 + 1 (1/72)."""
    rated = luck_report(duel(*([1] * 8))).rolls[:2]
    assert [(r.player, r.effect) for r in rated] == [(0, 12), (1, 2)]
    assert [r.percentile for r in rated] == pytest.approx([1 - 1 / 72, 1 / 72])
