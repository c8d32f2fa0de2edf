"""DW-LUCK: Dystopian Wars rolls tied to the seat that rolled them, rated by what they did."""

from __future__ import annotations

import pytest

from warbench.core.dice import RefereeDice
from warbench.core.engine import Game
from warbench.core.events import Roll, RollEffect
from warbench.core.luck import luck_report
from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Fire, Move, Reroll
from warbench.rulesets.dystopian_wars.damage import CriticalRolls
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.luck import critical_effect, order_cost, order_effect
from warbench.rulesets.dystopian_wars.mines import explode
from warbench.rulesets.dystopian_wars.repairs import roll_repair
from warbench.rulesets.dystopian_wars.state import Mine
from warbench.rulesets.dystopian_wars.treacherous import roll_treacherous

from .helpers import P0_FIRST, RULES, play, scripted, setup, squadron, state


def state_data() -> RulesData:
    """The shipped rules data."""
    data = RULES.data
    assert isinstance(data, RulesData)
    return data


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


def test_dw_luck_a_referee_is_asked_for_each_roll_as_the_player_who_rolls_it() -> None:
    """DW-LUCK, DW-INITIATIVE (USERS journey 2: one person types every side's dice): each
    roll is asked for as a phrase naming the player who rolls it first, counted from 1
    ("player 1 rolls for Sovereign gunnery attack on Kaiserin"; it read "Sovereign gunnery
    attack on Kaiserin, player 1"); an initiative roll, whose words name the player, as
    they are. The labels a search keys its dice on stay as the rules wrote them."""
    faces, asked = [*P0_FIRST, *([1] * 8)], []

    def ask(sides: int, count: int, words: str) -> list[int]:
        asked.append(words)
        return [faces.pop(0) for _ in range(count)]

    game = Game.new(RULES, setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 26.0, 180.0), name="Kaiserin")],
    ), dice=RefereeDice(ask))
    play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "fore turret"),), 1), CeaseFire())
    assert asked == ["player 1's initiative", "player 2's initiative",
                     "player 1 rolls for Sovereign gunnery attack on Kaiserin",
                     "player 2 rolls for Kaiserin shields"]
    assert [e.label for e in game.events if isinstance(e, Roll)] == [
        "initiative, player 0", "initiative, player 1",
        "Sovereign gunnery attack on Kaiserin", "Kaiserin shields"]

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


def test_dw_critical_table_and_re_roll_rated_by_harm_hand_worked() -> None:
    """DW-CRIT-TABLE, DW-COMMODORE-REROLL, DW-LUCK: the table's harms in half hull points are
    fire 3, magazine explosion (a fire and a hull point) 5, the other six rows 1. Player 0
    rolls on its own commodore (no attacker: its own roll, less harm is better): an 8, the
    worst row, sits at P(8)/2 = 1/16; the commodore's re-roll of 2 (harm 1, the best of six
    rows out of eight) at P(fire or explosion) + P(harm 1)/2 = 2/8 + 6/16 = 5/8; the second
    roll's 8 at 1/16 again."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign",
                  commodore=True)],
        [squadron("prussia-cruiser", (30.0, 30.0, 180.0))],
    ), (*P0_FIRST, 8, 2, 8))
    state(game).stack.append(CriticalRolls(0, 2, -1))
    game._pending = None
    game._advance()
    play(game, Reroll())
    effects = [e for e in game.events if isinstance(e, RollEffect)][2:]
    assert [(e.player, e.purpose, e.effect) for e in effects] == [
        (0, "critical table", 5), (0, "critical re-roll", 1), (0, "critical table", 5)]
    assert effects[0].values == (3, 1, 1, 1, 1, 1, 1, 5)
    report = luck_report(game.events)
    assert [r.percentile for r in report.rolls[2:]] == pytest.approx([1 / 16, 5 / 8, 1 / 16])
    assert not report.unrated


def test_dw_critical_against_an_enemy_is_the_attackers_luck() -> None:
    """DW-CRIT-TABLE, DW-LUCK: rolled by the attacker against an enemy, more harm is better:
    a raging fire (harm 3, beaten only by the explosion) sits at 1 - 1/8 - 1/16 = 13/16;
    against a submerged beast a row with a fire (the fire and the explosion) is rolled
    again and does nothing itself: harm 0 on two faces, percentile (2/8)/2 = 1/8."""
    rows = state_data().criticals
    fire = critical_effect(1, 0, rows, 1, "critical table")
    assert luck_report([fire]).rolls[0].percentile == pytest.approx(13 / 16)
    beast = critical_effect(1, 0, rows, 1, "critical table", fire_rolled_again=True)
    assert beast.effect == 0
    assert luck_report([beast]).rolls[0].percentile == pytest.approx(1 / 8)


def test_dw_battle_order_rated_by_the_points_it_asks_for_hand_worked() -> None:
    """DW-BATTLE-ORDERS, DW-LUCK: against a battleship commodore (160 points, large) and
    two cruisers (60 each, medium), all core (280 in all), the six orders ask for 196
    (70%), 160 (large and massive), 140 (half, the 120 of mediums inside it), 280 (the core
    force), 140 (half, no small models) and 160 (the commodore). Fewer is better: order 3
    sits at 1 - (2/6)/2 = 5/6, order 4 at (1/6)/2 = 1/12."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), commodore=True),
         squadron("prussia-cruiser", (20.0, 40.0, 180.0), (26.0, 40.0, 180.0))],
    ), P0_FIRST)
    game_state, data = state(game), state_data()
    assert [order_cost(game_state, data, 0, order) for order in range(1, 7)] == [
        196, 160, 140, 280, 140, 160]
    rated = luck_report([order_effect(game_state, data, 0, 3),
                         order_effect(game_state, data, 0, 4)]).rolls
    assert [(r.player, r.effect) for r in rated] == [(0, 140), (0, 280)]
    assert [r.percentile for r in rated] == pytest.approx([5 / 6, 1 / 12])


def test_dw_a_mine_chain_is_rated_for_the_mines_owner() -> None:
    """DW-MINES, DW-LUCK: another mine under the blast goes off on 5-6 (1/3): a 5 sits at
    1 - (1/3)/2 = 5/6 for the mines' owner, and its own blast is rolled for the same side."""
    game = scripted(setup([squadron("britannia-battleship", (10.0, 10.0, 0.0))],
                          [squadron("prussia-battleship", (60.0, 40.0, 180.0))]),
                    (*P0_FIRST, 5))
    game_state = state(game)
    game_state.mines = [Mine(0, 1, 36.0, 24.0, 4, -1, True), Mine(1, 1, 37.0, 24.0, 4, -1, True)]
    explode(game, game_state, state_data(), game_state.mines[0])
    chain = [e for e in game.events if isinstance(e, RollEffect) and e.purpose == "mine chain"]
    assert [(e.player, e.effect) for e in chain] == [(1, 1)]
    assert luck_report(chain).rolls[0].percentile == pytest.approx(5 / 6)
    assert not game_state.mines
