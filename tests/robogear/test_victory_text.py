"""RG-WIN-TEAMS, RG-WIN-ANNIHILATE, RG-WIN-MISSION, RG-ROUND-LIMIT: what the table tells the
players of how a battle is won and how it stands (``Ruleset.victory``), and that the
standing names the side the engine then makes the winner."""

from __future__ import annotations

from tests.robogear.helpers import RULES, RGame, army, battle
from warbench.core.engine import Game
from warbench.rulesets.robogear.actions import EndTurn, Regroup
from warbench.rulesets.robogear.damage import destroy

#: One machine each: Ferrum's tank (62 points), Verdant's tank (58), Ashen's tank (66) and
#: Ferrum's carrier (38).
ARMIES = (army(("ferrum-tank", 1)), army(("verdant-tank", 1)), army(("ashen-tank", 1)),
          army(("ferrum-rover", 1)))


def _play_out(game: RGame) -> None:
    """Every unit ends its turn at once (no shot, no move) until the game is over."""
    while not game.is_over:
        decision = game.pending()[0]
        options = decision.options
        pick = next((o for o in options if isinstance(o, EndTurn)), None) or next(
            (o for o in options if o == Regroup()), options[0])
        game.apply(decision.player, pick)


def test_rg_win_teams_a_two_versus_two_says_who_plays_with_whom_and_who_would_win() -> None:
    """RG-WIN-TEAMS, RG-ROUND-LIMIT: a 2 v 2 of one round: the table names the teams, that
    partners win together, the round limit and what it scores; the standing gives each
    team's points kept (in one line too, the headline), and the team it says would win is
    the one the engine makes the winner when the round runs out."""
    game = battle(*ARMIES, teams=[0, 1, 0, 1], rounds=1)
    destroy(game, game.state.units[1])  # Verdant's tank: team 1 + 3 keeps 38 of 96 points
    said = RULES.victory(game.state)
    assert said is not None
    assert said.how == (
        "Two teams: player 1 + player 3 against player 2 + player 4; partners win or lose"
        " together (RG-WIN-TEAMS).",
        "Destroy the enemy armies: the last team with units still in the battle wins at once"
        " (RG-WIN-ANNIHILATE).",
        "The battle ends after round 1: then the team that kept the largest share of its"
        " armies' points wins; equal shares are a draw (RG-ROUND-LIMIT).",
    )
    assert said.standing == (
        "Round 1 of 1.",
        "player 1 + player 3: 128 of 128 points left (100% kept)",
        "player 2 + player 4: 38 of 96 points left (40% kept)",
        "If the last round ended now: player 1 + player 3 would win (largest share of its"
        " army left).",
    )
    assert said.headline == ("Round 1 of 1 · player 1 + player 3 100% kept, player 2 + player 4"
                             " 40% kept · if it ended now: player 1 + player 3 would win")
    _play_out(game)
    assert game.outcome is not None
    assert game.outcome.winners == (0, 2)
    assert game.outcome.reason == "largest share of its army left"
    assert RULES.victory(game.state).standing[-1] == "player 2 + player 4: 38 of 96 points left" \
        " (40% kept)"  # once over, the status says the result: no guess is left


def test_rg_win_annihilate_a_free_for_all_counts_each_player_and_a_level_top_is_a_draw() -> None:
    """RG-WIN-ANNIHILATE, RG-ROUND-LIMIT: each of three players against the others; two
    players keeping all their points are level at the top, which the table calls a draw,
    as the engine does when the round runs out."""
    game = battle(*ARMIES[:3], rounds=1)
    destroy(game, game.state.units[2])
    said = RULES.victory(game.state)
    assert said is not None
    assert said.how[0] == "Each of the 3 players against all the others."
    assert "the player that kept the largest share" in said.how[2]
    assert said.standing[1:] == (
        "player 1: 62 of 62 points left (100% kept)",
        "player 2: 58 of 58 points left (100% kept)",
        "player 3: 0 of 66 points left (out of the battle)",
        "If the last round ended now: a draw (the last round ends level).",
    )
    _play_out(game)
    assert game.outcome is not None and game.outcome.winners == ()


def test_rg_win_mission_each_mission_says_how_it_is_scored() -> None:
    """RG-WIN-MISSION: capture names the objective's reach (3 steps) and its holder, hold
    the points in the middle third, commander each command machine; the default rounds
    (8) are the limit."""
    rules = RULES
    for mission, said_how, said_now in (
        ("capture", "alone has units within 3 steps of it", "The objective: not taken yet."),
        ("hold", "most points of units in the middle third", "in the middle third"),
        ("commander", "whose command machine is destroyed is out", "Command machines: "),
    ):
        game = Game.new(rules, {**rules.default_setup(), "mission": mission}, seed=1,
                        players=2)
        said = rules.victory(game.state)
        assert said is not None
        assert said.how[0] == "Player 1 against player 2."
        assert said_how in said.how[1] and "(RG-WIN-MISSION)" in said.how[1]
        assert said.how[2].startswith("The battle ends after round 8: ")
        assert said.standing == ("Round 0 of 8: the armies are deploying.",)
        while game.state.round == 0:  # the edges are chosen: the armies stand on the table
            decision = game.pending()[0]
            game.apply(decision.player, decision.options[0])
        assert any(said_now in line for line in rules.victory(game.state).standing), mission
