"""What Dystopian Wars hands its search bot: the commodore's next-best actions (DW-BOT) and
a turn clock."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest

import warbench
from warbench.core.actions import Action
from warbench.core.botspec import make_bot
from warbench.core.engine import Game
from warbench.core.observation import Observation
from warbench.core.search import SearchBot
from warbench.core.search.tree import Node
from warbench.rulesets.dystopian_wars.actions import Activate, Board, Fire, Move
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.bots_search import APART, TURNED, game_turn
from warbench.rulesets.dystopian_wars.data import DATA_DIR, load_fleet

RULES = warbench.ruleset("dystopian-wars")
PATROLS = ("britannia-patrol-500.toml", "blazing-sun-patrol-500.toml")


def patrol_battle() -> Game:
    """The strength test's Dystopian Wars set-up: the shipped 500-point patrols."""
    setup = RULES.setup_for([load_fleet(DATA_DIR / "fleets" / name) for name in PATROLS])
    return Game.new(RULES, seed=3, setup=setup)


def test_the_commodores_alternatives_are_open_and_led_by_its_own_choice() -> None:
    """DW-BOT: over a seeded patrol battle every alternative is legal for the seat that sees
    it and asking for them leaves the commodore's choice alone; for activations, moves and
    fire the first is the commodore's own choice, the moves end apart from each other, and
    other squadrons, courses and targets are offered."""
    game = patrol_battle()
    led: set[type] = set()
    for chosen, lines in _along(game, 140, 3):
        if isinstance(chosen, Activate | Move | Fire | Board) and len(lines) > 1:
            assert lines[0] == chosen, (chosen, lines)
            led.add(type(chosen))
        moves = [line for line in lines if isinstance(line, Move)]
        for index, move in enumerate(moves):
            for other in moves[:index]:
                assert _apart(game, move, other), (move, other)
        if isinstance(chosen, Fire):
            targets = [line.target for line in lines if isinstance(line, Fire)]
            assert len(set(targets)) == len(targets), lines
    assert {Activate, Move, Fire} <= led


def test_the_search_roots_at_a_move_are_the_commodores_three_best_courses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DW-BOT: with ``alternatives=2`` the search bot plays, at a move, the commodore's own
    move and the two it scores next on other courses, not draws of the move space."""
    game = patrol_battle()
    commodore = CommodoreBot(1)
    while True:
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        offered = commodore.alternatives(observation, decision, 3)
        if len(offered) == 3 and all(isinstance(line, Move) for line in offered):
            break
        game.apply(decision.player, commodore.choose(observation, decision))
    tried: list[Action] = []
    iterate = SearchBot._iterate

    def spy(self: SearchBot, observation: Observation, root: Node, action: Action,  # type: ignore[type-arg]
            seed: int) -> float | None:
        tried.append(action)
        return iterate(self, observation, root, action, seed)

    monkeypatch.setattr(SearchBot, "_iterate", spy)
    budget = "search:iterations=1,depth=1,width=3,pilot=0,alternatives=2"
    make_bot(RULES, budget, seed=3).choose(observation, decision)
    assert tried == offered
    tried.clear()
    make_bot(RULES, budget.replace("alternatives=2", "alternatives=0"), seed=3).choose(
        observation, decision)
    assert tried[0] == offered[0] and tried != offered


def test_a_submarine_is_offered_its_own_move_at_the_other_level(tmp_path: Path) -> None:
    """DW-BOT: the commodore submerges a submarine that carries torpedoes; the alternatives
    offer the same move surfaced, second (a line it does not take there)."""
    text = (DATA_DIR / "fleets" / PATROLS[0]).read_text().replace("points = 500", "points = 700")
    fleet = tmp_path / "deep.toml"
    fleet.write_text(text + '[[units]]\nunit = "britannia-submarine"\ncount = 2\nname = "Deep"\n')
    setup = RULES.setup_for([load_fleet(fleet), load_fleet(DATA_DIR / "fleets" / PATROLS[1])])
    game = Game.new(RULES, seed=3, setup=setup)
    for chosen, lines in _along(game, 300, 3):
        if isinstance(chosen, Move) and chosen.level == "submerged":
            assert lines[:2] == [chosen, dataclasses.replace(chosen, level="surface")]
            return
    raise AssertionError("no submarine moved")


def _apart(game: Game, move: Move, other: Move) -> bool:
    """Whether two moves of one model end apart (place or heading), or are one move at two
    levels, as the offer promises."""
    if dataclasses.replace(move, level="") == dataclasses.replace(other, level=""):
        return True
    from warbench.rulesets.dystopian_wars.bot_outlook import Outlook

    state, data = game.state, game.data
    model = state.models[move.model]
    outlook = Outlook(state, data, model, 0.0)
    ends = []
    for line in (move, other):
        plan = outlook.plan(line)
        assert plan is not None
        ends.append(plan.final.turned(180.0) if line.backward else plan.final)
    first, second = ends
    turn = abs((first.heading - second.heading + 180.0) % 360.0 - 180.0)
    return math.hypot(first.x - second.x, first.y - second.y) >= APART or turn >= TURNED


def _along(game: Game, steps: int, count: int) -> Iterator[tuple[Action, list[Action]]]:
    """Play ``steps`` decisions with commodores that are asked for ``count`` alternatives
    before each choice, beside twins of the same seeds that are never asked: each choice
    must be the twin's (the commodore picks a split squadron's part at random, so asking
    must not draw from its dice), every alternative open to the seat that sees it. Yields
    each choice and its alternatives before the choice is played."""
    asked, twins = [CommodoreBot(1), CommodoreBot(2)], [CommodoreBot(1), CommodoreBot(2)]
    for _ in range(steps):
        if game.is_over:
            return
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        lines = asked[decision.player].alternatives(observation, decision, count)
        chosen = asked[decision.player].choose(observation, decision)
        assert chosen == twins[decision.player].choose(observation, decision)
        assert len(lines) <= count, lines
        assert all(observation.check(line) is None for line in lines), lines
        yield chosen, lines
        game.apply(decision.player, chosen)


def test_the_search_keys_its_dice_by_the_game_turn() -> None:
    """The search bot's clock (``game_turn``, which its keyed dice key each roll by) is the
    game turn: it reads the state's turn and rises by one from turn to turn of a battle."""
    bot = make_bot(RULES, "search", seed=1)
    assert isinstance(bot, SearchBot) and bot.clock is game_turn and bot.budget.keyed == 1
    game = patrol_battle()
    bots = [CommodoreBot(1), CommodoreBot(2)]
    turns = [game_turn(game)]
    while not game.is_over and len(turns) < 400:
        decision = game.pending()[0]
        game.apply(decision.player, bots[decision.player].choose(game.observe(decision.player),
                                                                 decision))
        assert game_turn(game) == game.state.turn
        turns.append(game_turn(game))
    steps = {later - earlier for earlier, later in pairwise(turns)}
    assert steps <= {0, 1} and turns[-1] - turns[0] >= 2
