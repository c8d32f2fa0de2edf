"""HOR-VICTORY, HOR-TURN-LIMIT: what the table tells the players of how a game is won and
how it stands (``Ruleset.victory``), and that the standing names the side the engine then
makes the winner."""

from __future__ import annotations

from tests.hordes.helpers import RULES, activate, battle, script
from warbench.core.engine import Game
from warbench.core.victory import Victory
from warbench.rulesets.hordes.actions import Attack, DamageBoost, Done, Hold
from warbench.server.snapshot import SPECTATOR

PAIR = [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]]


def _said(game: Game, seat: int = 0) -> Victory:
    said = RULES.victory(RULES.observe(game.state, seat))
    assert said is not None
    return said


def test_hor_turn_limit_the_side_named_wins_when_the_last_round_ends() -> None:
    """HOR-TURN-LIMIT, HOR-VICTORY: Vesk, player 2's (seat 1's) warlock, has lost 5 of its 16
    boxes: the table says the warlock kill and the turn limit, each side's unmarked boxes and
    its warlock's, and that player 1 would win if the last round ended now; the engine makes
    seat 0 the winner when the last round ends. Nothing is hidden: every seat and a
    spectator are told the same."""
    game = battle(PAIR, [[24, 6, 0], [24, 10, 0], [24, 45, 180], [24, 40, 180]],
                  prepare=lambda s: setattr(s.models[2], "damage", 5))
    said = _said(game)
    assert said.how == (
        "Player 1 against player 2.",
        "Destroy the enemy warlock: the game ends at once when a warlock is destroyed, and"
        " its enemy wins (HOR-VICTORY).",
        "Otherwise it ends after round 7 (engine default: the rules set no limit): the side"
        " whose living models keep more unmarked damage boxes and life spiral circles wins;"
        " equal is a draw (HOR-TURN-LIMIT).",
    )
    assert said.standing[0] == "Round 1 of 7."
    assert said.standing[1].startswith("player 1: ")
    assert said.standing[1].endswith("its warlock, Elder Maelis, has 17 of 17 damage boxes"
                                     " left")
    assert said.standing[2].startswith("player 2: ")
    assert said.standing[2].endswith("on 2 living models; its warlock, Cinder Matron Vesk,"
                                     " has 11 of 16 damage boxes left")
    assert said.standing[3] == "If the last round ended now: player 1 would win on unmarked boxes."
    assert said.headline.endswith("· if it ended now: player 1 would win")
    assert all(_said(game, seat) == said for seat in (1, SPECTATOR))
    while not game.is_over:
        decision = game.pending()[0]
        game.apply(decision.player, next(o for o in decision.options if o == Done()))
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert _said(game).standing[0] == "Round 7 of 7."  # the last, not one past it


def test_hor_victory_a_warlock_with_one_box_left_is_told_then_its_death_ends_the_game() -> None:
    """HOR-VICTORY: Vesk with one box left is told as such; Maelis' blow takes it and the
    game is over, won by player 0: the standing then tells the warlock destroyed and
    guesses no more."""
    game = battle([["maelis"], ["vesk"]], [[24, 20, 0], [24, 21.5, 180]],
                  prepare=lambda s: setattr(s.models[1], "damage", 15))
    assert _said(game).standing[2].endswith("Cinder Matron Vesk, has 1 of 16 damage boxes left")
    activate(game, 0)
    game.apply(0, Hold())
    script(game, 6, 6, 6, 6)
    game.apply(0, Attack(0, 1))
    game.apply(0, DamageBoost(1, False))
    assert game.outcome is not None and game.outcome.winners == (0,)
    standing = _said(game).standing
    assert standing[2].endswith("its warlock, Cinder Matron Vesk, is destroyed")
    assert not any("would win" in line for line in standing)


def test_hor_deploy_before_the_battle_the_standing_says_the_battlegroups_deploy() -> None:
    """HOR-DEPLOY: while models wait to be placed, the standing says so."""
    game = Game.new(RULES, RULES.default_setup(), seed=1, players=2)
    assert game.state.unplaced
    assert _said(game).standing == ("Round 1 of 7: the battlegroups are deploying.",)
