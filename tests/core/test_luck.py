"""Luck by outcome: each roll's effect placed in its exact distribution, for its seat."""

from __future__ import annotations

import math

import pytest

from tests.duel import Duel
from warbench.core.agents import RandomAgent
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.core.events import EventCodec, Roll, RollEffect
from warbench.core.faces import FaceTable
from warbench.core.luck import effect_distribution, luck_by_seat, luck_report, pool_effect
from warbench.core.match import play_match
from warbench.core.turns import roll_off_die

DW_HITS = FaceTable.counted(6, {(4, 5): 1, (6, 6): 2}, explode_on=(6,))


def test_a_hit_pool_is_rated_against_its_exact_distribution() -> None:
    # one die of the exploding table: 0 hits (1-3) half the time, so a miss sits at 0.25
    rated = luck_report([pool_effect(0, "attack", 0, 1, DW_HITS)]).rolls[0]
    assert rated.percentile == pytest.approx(0.25)
    assert rated.mean == pytest.approx(0.8)  # m = 1/3 + (2 + m) / 6: 0.8 hits per die
    assert rated.swing == pytest.approx(-0.8)


def test_lower_is_better_turns_the_percentile_around() -> None:
    # damage taken: rolling high hurts the judged seat
    taken = RollEffect(1, "damage taken", 6, 1, higher_is_better=False)
    rated = luck_report([taken]).rolls[0]
    assert rated.percentile == pytest.approx(1 / 12) and rated.z < 0


def test_a_test_with_a_modifier_and_a_floor() -> None:
    # 2d6 + 2 against 12: passes on 10+ on the dice, 6 chances in 36
    passed = RollEffect(0, "attack", 1, 2, modifier=2, at_least=12)
    assert effect_distribution(passed).p(1) == pytest.approx(6 / 36)
    damage = RollEffect(0, "damage", 0, 2, modifier=-10, floor=0)  # 2d6 - 10, not below 0
    assert effect_distribution(damage).p(0) == pytest.approx(33 / 36)


def test_side_luck_combines_z_scores_hand_worked() -> None:
    # seat 0: one 4+ test passed (z = +1) and one failed (z = -1): an average game
    passed = RollEffect(0, "test", 1, 1, at_least=4)
    failed = RollEffect(0, "test", 0, 1, at_least=4)
    # seat 1: a 2+ test failed: mean 5/6, sd sqrt(5)/6, z = -(5/6)/(sqrt(5)/6) = -sqrt(5)
    missed = RollEffect(1, "test", 0, 1, at_least=2)
    report = luck_report([passed, failed, missed])
    assert report.sides[0].z == pytest.approx(0.0)
    assert report.sides[0].percentile == pytest.approx(0.5)
    assert report.sides[1].z == pytest.approx(-math.sqrt(5))
    assert report.sides[1].percentile == pytest.approx(0.5 * (1 + math.erf(-math.sqrt(5 / 2))))
    assert report.deciding_rolls(1)[0].player == 1


def test_a_certain_result_carries_no_luck() -> None:
    assert luck_report([RollEffect(0, "nothing to roll", 0, 0)]).rolls == []


def test_rolls_without_an_effect_are_counted_as_unrated() -> None:
    events = [Roll(6, (3,), "initiative", 0), Roll(6, (5, 5), "shot", 1),
              pool_effect(1, "shot", 2, 2, DW_HITS)]
    report = luck_report(events)
    assert report.unrated == {(0, "initiative"): 1}


def test_rolls_are_matched_to_effects_by_label_and_told_by_their_words_for_people() -> None:
    """A roll and its effect meet by the rules' label (a seat by its index, as a search keys
    its dice); the report names each by its words for people where the rules gave some (a
    seat counted from 1, a model's tag), by its label where not, a player's own name as
    given: nothing in it says "side 0"."""
    events = [
        Roll(6, (2,), "side 0 initiative", 0, "Vanguard initiative"),
        RollEffect(0, "side 0 initiative", 2, 1, told="Vanguard initiative"),
        Roll(6, (4, 4), "damage on Mosshound", 1, "damage on Mosshound 2"),
        RollEffect(1, "damage on Mosshound", 8, 2, told="damage on Mosshound 2"),
        Roll(6, (6,), "Player 3's raiders boost", 1),
        RollEffect(1, "Player 3's raiders boost", 6, 1),
        Roll(4, (1,), "side 0 pick", 0, "Vanguard pick"),
        Roll(4, (3,), "scatter", None),
    ]
    report = luck_report(events)
    assert [(roll.player, roll.purpose) for roll in report.rolls] == [
        (0, "Vanguard initiative"), (1, "damage on Mosshound 2"),
        (1, "Player 3's raiders boost")]
    assert report.unrated == {(0, "Vanguard pick"): 1, (None, "scatter"): 1}


def test_a_roll_effect_round_trips_through_json() -> None:
    effect = pool_effect(1, "shields", 2, 3, FaceTable.threshold(6, 5), visible_to=frozenset({1}))
    assert EventCodec(()).decode(effect.to_plain()) == effect
    told = pool_effect(0, "side 0 guns", 1, 2, DW_HITS, told="Vanguard guns")
    assert EventCodec(()).decode(told.to_plain()).told == "Vanguard guns"
    assert not effect.visible_to_player(0)


def test_a_played_game_rates_each_seats_shots() -> None:
    result = play_match(Duel(), [RandomAgent(1), RandomAgent(2)], seed=4)
    report = luck_report(result.events)
    assert report.rolls and set(report.sides) <= {0, 1}
    assert all(roll.purpose == "shot" for roll in report.rolls)
    # the fixture rolls its initiative, gambles and dodges with no seat's dice: not rated
    assert {label for _, label in report.unrated} <= {"initiative", "gamble", "dodge"}
    luck = luck_by_seat(result.events, 2)
    assert all(value is None or 0.0 < value < 1.0 for value in luck)


def test_a_roll_off_die_is_rated_by_its_face_for_the_roller() -> None:
    """A roll-off's die (core ``roll_off_die``): a 5 on a d6 beats 4 faces in 6 and ties
    one, percentile 4/6 + 1/12 = 0.75; it is the roller's own roll."""
    game = Game.new(Duel(), dice=ScriptedDice([6, 2]))
    game.set_dice(ScriptedDice([5]))
    assert roll_off_die(game, 1, "initiative") == 5
    rated = luck_report(game.events).rolls[-1]
    assert (rated.player, rated.purpose) == (1, "initiative")
    assert rated.percentile == pytest.approx(0.75)
    assert game.events[-2] == Roll(6, (5,), "initiative", 1)
