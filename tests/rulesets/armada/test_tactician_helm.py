"""The tactician's moves keep out of the guns of enemies that have already moved this round
(ARM-BOT-TACTICIAN): their poses stand for the coming gunnery, so a pose in their arcs and
range counts what they could fire at it against its own score."""

from __future__ import annotations

from tests.rulesets.armada.helpers import battle, skip_orders
from tests.rulesets.armada.test_gunnery import GRUDGE, LANCE
from warbench.core.engine import Game
from warbench.core.hexgrid import Hex, HexPose
from warbench.rulesets.armada.actions import Move
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.data import ArmadaData
from warbench.rulesets.armada.moves import ordinary_moves, plan_move
from warbench.rulesets.armada.state import ArmadaState


def lance_to_move() -> Game[ArmadaState, ArmadaData]:
    """Lance (blue, 0) at 0,0 facing north, Grudge (red, 1) three hexes ahead facing it;
    red moves first in the helm phase."""
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[0, -3, 3]]], [2, 1] + [10] * 10,
                  max_rounds=1)
    skip_orders(game)
    assert game.pending()[0].player == 1
    return game


def test_arm_bot_tactician_caution_counts_only_enemies_that_have_moved() -> None:
    """ARM-BOT-TACTICIAN: before Grudge moves its pose is not final, so no pose of Lance's is
    held against it; once Grudge has held its position, a pose in its arcs and range is,
    and one beyond its reach is not."""
    game = lance_to_move()
    state, tables = game.state, game.data.tables
    lance = state.fleets[0]
    bot = TacticianAgent(1)
    facing_grudge = HexPose(Hex(0, -1), 0)
    assert bot.scorer(state, tables, lance).caution(facing_grudge) == 0.0
    game.apply(1, Move(1, ""))  # Grudge holds its position
    scorer = bot.scorer(state, tables, lance)
    assert scorer.caution(facing_grudge) > 0.0
    assert scorer.caution(HexPose(Hex(0, 14), 0)) == 0.0


def test_arm_bot_tactician_moves_out_of_the_guns_of_a_fleet_that_has_moved() -> None:
    """ARM-BOT-TACTICIAN: the pose Lance's target score alone would pick lies in Grudge's
    arc; the tactician takes the best pose by its score less that caution, one out of
    Grudge's guns."""
    game = lance_to_move()
    game.apply(1, Move(1, ""))
    state, tables = game.state, game.data.tables
    lance = state.fleets[0]
    bot = TacticianAgent(1)
    scorer = bot.scorer(state, tables, lance)
    poses = list(ordinary_moves(state, tables, lance))
    by_score = max(poses, key=scorer.score)
    assert scorer.caution(by_score) > 0.0
    chosen = bot.choose(game.observe(0), game.pending()[0])
    assert isinstance(chosen, Move)
    end = plan_move(state, tables, lance, chosen).end
    assert scorer.caution(end) == 0.0
    best = max(scorer.score(pose) - scorer.caution(pose) for pose in poses)
    assert scorer.score(end) - scorer.caution(end) == best
