"""The commander bot: legal, decides from its observation, beats random play (RG-BOT-*).

The long checks (``make long``) play 200 three-player games each.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest

from tests.robogear.helpers import RULES
from warbench.core.agents import Agent, RandomAgent
from warbench.core.match import play_match
from warbench.rulesets.robogear.bots import CommanderBot
from warbench.testing import chi_square_critical


def _three(bot_seat: int, seed: int) -> list[Agent]:
    agents: list[Agent] = [RandomAgent(seed * 7 + s) for s in range(3)]
    agents[bot_seat] = CommanderBot(seed)
    return agents


def test_bots_are_offered_and_play_legal_games() -> None:
    """RG-BOT-LEGAL: the commander plays whole 3-player games with random opponents."""
    assert set(RULES.bots()) == {"random", "commander", "search"}
    for seed in range(2):
        result = play_match(RULES, _three(seed % 3, seed), seed=seed)
        assert result.outcome is not None


@pytest.mark.long
def test_commander_beats_two_random_players() -> None:
    """RG-BOT-STRENGTH: over 200 three-player games (the bot in each seat in turn) the bot
    wins far more than the fair third. (The issue's aim is 90%: over nine such series,
    seeds 0-1799, the commander wins 90.3%, and 88% of these 200; this checks the win rate
    is above 60% and prints it.)"""
    games, wins = 200, 0
    for seed in range(games):
        seat = seed % 3
        result = play_match(RULES, _three(seat, seed), seed=10_000 + seed,
                            record_hashes=False, transactional=False)
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
    rate = wins / games
    low = rate - 1.96 * math.sqrt(rate * (1 - rate) / games)
    print(f"commander vs two random: {wins}/{games} = {rate:.1%} (95% low {low:.1%})")
    assert low > 0.6


@pytest.mark.long
def test_commander_mirror_is_fair_to_every_seat() -> None:
    """RG-BOT-MIRROR: three commanders with the same army: seat wins fit a fair share
    (chi-square at p = 0.001)."""
    games = 200
    wins: Counter[int] = Counter()
    setup = {"armies": ["ferrum", "ferrum", "ferrum"]}
    for seed in range(games):
        agents: list[Agent] = [CommanderBot(seed * 3 + s) for s in range(3)]
        result = play_match(RULES, agents, setup=setup, seed=20_000 + seed,
                            record_hashes=False, transactional=False)
        assert result.outcome is not None
        if len(result.outcome.winners) == 1:
            wins[result.outcome.winners[0]] += 1
    decisive = sum(wins.values())
    stat = sum((wins[s] - decisive / 3) ** 2 / (decisive / 3) for s in range(3))
    print(f"mirror seat wins {dict(sorted(wins.items()))} of {decisive} decisive, "
          f"chi-square {stat:.2f} (critical {chi_square_critical(2):.2f})")
    assert stat < chi_square_critical(2)


def test_commander_turns_to_bring_a_fixed_weapon_to_bear() -> None:
    """RG-BOT-AIM (with RG-FIRE-AIM): a walker whose rocket pod (a fixed weapon) faces away
    from the only enemy turns on the spot toward it and fires the pod, as well as its
    turreted autocannon; the commander used to turn machines only while advancing, so such
    weapons almost never fired."""
    from tests.robogear.helpers import army, battle, put, turn_of
    from warbench.rulesets.robogear.actions import EndTurn, Shoot, Turn
    from warbench.rulesets.robogear.table import heading_to

    game = battle(army(("ferrum-walker", 1)), army(("verdant-tank", 1)))
    walker = put(game, 0, 30.0, 20.0, facing=0.0)
    tank = put(game, 1, 45.0, 20.0, facing=270.0)  # due east of the walker, in medium range
    pod = next(i for i, w in enumerate(game.data.units[walker.type].weapons) if not w.turret)
    turn_of(game, walker.id)
    bot = CommanderBot(1)
    taken = []
    while True:
        decision = game.pending()[0]
        action = bot.choose(game.observe(0), decision)
        taken.append(action)
        game.apply(0, action)
        if isinstance(action, EndTurn) or not game.pending() or game.pending()[0].player != 0:
            break
    turns = [a for a in taken if isinstance(a, Turn)]
    assert turns and abs(turns[0].facing - heading_to(walker, tank)) < 1.0
    fired = [a.weapon for a in taken if isinstance(a, Shoot)]
    assert pod in fired, taken
    assert taken.index(turns[0]) < next(i for i, a in enumerate(taken)
                                        if isinstance(a, Shoot) and a.weapon == pod)


def test_commander_closes_in_after_the_first_quarter_of_the_battle() -> None:
    """RG-BOT-PATIENCE: the commander holds its ground for the first quarter of the rounds
    (2 of 8), then a unit with no enemy in reach advances on its prey while the bot does not
    lead; before, it waited half the battle, and its units got to the enemy across the table
    too late (86.7% against two random players over 1,800 games; 90.3% now)."""
    from tests.robogear.helpers import army, battle, put, turn_of
    from warbench.rulesets.robogear.actions import EndTurn, Move, Turn

    def first_action(round_: int) -> object:
        game = battle(army(("ferrum-tank", 1)), army(("verdant-tank", 1)))
        put(game, 0, 30.0, 4.0, facing=0.0)
        put(game, 1, 30.0, 56.0, facing=180.0)  # 52 steps away: beyond long range (32)
        game.state.round = round_
        turn_of(game, 0)
        return CommanderBot(1).choose(game.observe(0), game.pending()[0])

    assert isinstance(first_action(2), EndTurn)
    assert isinstance(first_action(3), Move | Turn)


def test_the_bot_counts_friends_a_fan_shot_would_sweep() -> None:
    """RG-INF-FAN, RG-BOT: a fan shot through a friend on the line is worth less to the bot
    than the same shot with the line clear."""
    from tests.robogear.helpers import army, battle, put
    from warbench.rulesets.robogear.bots import _leader_weights, _shot_worth
    from warbench.rulesets.robogear.table import Sight

    game = battle(army(("ashen-gunner", 1), ("ashen-rifleman", 1)), army(("ferrum-rifleman", 1)))
    state, data = game.state, game.data
    put(game, 0, 30, 10)
    put(game, 1, 50, 50)
    put(game, 2, 30, 20)

    def worth() -> float:
        weights = _leader_weights(state, data)
        return _shot_worth(state, data, state.units[0], 0, state.units[2], False, weights,
                           Sight(state, data))

    clear = worth()
    put(game, 1, 30.5, 15)
    assert worth() < clear
