"""What Armada hands its search bot: the tactician's next-best actions (ARM-BOT)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import warbench
from tests.core.test_search_strength import close_quarters
from warbench.core.actions import Action
from warbench.core.engine import Game
from warbench.core.hexgrid import Hex
from warbench.rulesets.armada.actions import EndOrders, Fire, HoldFire, Move, Order
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.data import ArmadaData
from warbench.rulesets.armada.helm import MoveSpace
from warbench.rulesets.armada.moves import plan_move
from warbench.rulesets.armada.state import ROUTED, ArmadaState

RULES = warbench.ruleset("armada")
#: The search-strength set-up.
CLOSE_QUARTERS = close_quarters()


def test_the_tacticians_alternatives_are_open_distinct_and_leave_its_choice_alone() -> None:
    """ARM-BOT: over a seeded close-quarters battle every alternative is open to the seat
    that sees it, asking for them leaves the tactician's choice alone, its own move, attack
    or order comes first among those of its kind, each fleet's moves end in different
    hexes, the attacks go at different targets, and moves, attacks, orders and giving no
    order are all offered."""
    game = Game.new(RULES, CLOSE_QUARTERS, seed=4)
    offered: set[type] = set()
    for chosen, lines in _along(game, 400, 4):
        offered.update(type(line) for line in lines)
        kind = [line for line in lines if type(line) is type(chosen)]
        if isinstance(chosen, Fire):
            chosen = dataclasses.replace(chosen, resolve=False)  # resolve: its own choice
        if isinstance(chosen, Move | Fire | Order) and not getattr(chosen, "stunt", ""):
            assert kind[0] == chosen, (chosen, lines)
        ends = [_end(game, line) for line in lines if isinstance(line, Move)]
        assert len(set(ends)) == len(ends), lines
        groups = [(line.target, *line.also) for line in lines if isinstance(line, Fire)]
        assert len(set(groups)) == len(groups), lines
    assert {Move, Fire, Order, EndOrders} <= offered


def test_the_tacticians_moves_come_best_first_by_its_own_scores() -> None:
    """ARM-BOT: at a move the lines are the tactician's scores of the poses they reach, in
    order, each better than any move to a hex it does not offer."""
    game = Game.new(RULES, CLOSE_QUARTERS, seed=4)
    tactician = TacticianAgent(1)
    for _ in range(200):
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        lines = tactician.alternatives(observation, decision, 3)
        if len(lines) == 3 and all(isinstance(line, Move) and not line.stunt for line in lines):
            break
        game.apply(decision.player, tactician.choose(observation, decision))
    else:
        raise AssertionError("no move decision with three ordinary moves")
    state, tables = game.state, game.data.tables
    scores = []
    for line in lines:
        assert isinstance(line, Move)
        fleet = state.fleets[line.fleet]
        scores.append(tactician.scorer(state, tables, fleet).score(
            plan_move(state, tables, fleet, line).end))
    assert scores == sorted(scores, reverse=True)
    assert lines[0] == tactician.choose(observation, decision)


def _end(game: Game[ArmadaState, ArmadaData], move: Move) -> tuple[int, Hex] | Move:
    """Where an ordinary move (a flyby is one) ends; a stunt ends by chance: itself."""
    if move.stunt not in ("", "flyby"):
        return move
    ordinary = Move(move.fleet, move.steps)
    fleet = game.state.fleets[move.fleet]
    return move.fleet, plan_move(game.state, game.data.tables, fleet, ordinary).end.hex


def _along(
    game: Game[ArmadaState, ArmadaData], steps: int, count: int
) -> Iterator[tuple[Action, list[Action]]]:
    """Play ``steps`` decisions with tacticians asked for ``count`` alternatives before
    each choice, beside twins never asked: each choice must be the twin's, every
    alternative open to the seat that sees it. Yields each choice and its alternatives."""
    asked, twins = [TacticianAgent(1), TacticianAgent(2)], [TacticianAgent(1), TacticianAgent(2)]
    for _ in range(steps):
        if game.is_over:
            return
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        lines = asked[decision.player].alternatives(observation, decision, count)
        chosen = asked[decision.player].choose(observation, decision)
        assert chosen == twins[decision.player].choose(observation, decision)
        assert 0 < len(lines) <= count, lines
        assert all(observation.check(line) is None for line in lines), lines
        assert len(set(lines)) == len(lines), lines
        yield chosen, lines
        game.apply(decision.player, chosen)
    raise AssertionError("the battle did not end")


def test_holding_fire_is_offered_after_the_attacks() -> None:
    """ARM-BOT: at a gunnery decision that allows holding fire, it comes after every
    attack the tactician values."""
    game = Game.new(RULES, CLOSE_QUARTERS, seed=4)
    for chosen, lines in _along(game, 400, 6):
        if isinstance(chosen, Fire) and any(isinstance(line, HoldFire) for line in lines):
            holds = [i for i, line in enumerate(lines) if isinstance(line, HoldFire)]
            fires = [i for i, line in enumerate(lines) if isinstance(line, Fire)]
            assert max(fires) < min(holds), lines
            return
    raise AssertionError("no gunnery decision offered holding fire")


def test_arm_bot_search_offers_each_fleets_best_move_before_any_fleets_second() -> None:
    """ARM-BOT-SEARCH: where several fleets may move, the root weighs which one moves now:
    the lines open with every free fleet's best move (the tactician's choice first), each
    the first line of its fleet in the longer listing, and only then a fleet's second."""
    game = Game.new(RULES, CLOSE_QUARTERS, seed=4)
    tactician = TacticianAgent(1)
    checked = 0
    for _ in range(300):
        if game.is_over:
            break
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        spaces = [space for space in decision.spaces if isinstance(space, MoveSpace)]
        free = spaces[0].fleets if spaces and len(decision.spaces) == 1 else []
        routed = any(game.state.fleets[index].morale == ROUTED for index in free)
        if len(free) >= 2 and not routed:
            lines = tactician.alternatives(observation, decision, 40)
            assert isinstance(lines[0], Move)
            first = [line.fleet for line in lines[: len(free)] if isinstance(line, Move)]
            assert sorted(first) == sorted(free), (free, lines)
            for fleet in free:
                mine = [line for line in lines if isinstance(line, Move) and line.fleet == fleet]
                assert lines.index(mine[0]) < len(free)
            assert lines[0] == tactician.choose(observation, decision)
            checked += 1
        game.apply(decision.player, tactician.choose(observation, decision))
    assert checked >= 5
