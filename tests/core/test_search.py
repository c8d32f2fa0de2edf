"""The search bot: bot names with options, reproducible choices, budgets, no peeking."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import warbench
from tests.core.test_search_dice import ARMADA, armada_move
from warbench.cli import USAGE_ERROR, main
from warbench.core.actions import Action
from warbench.core.botspec import BadBotSpec, UnknownBot, make_bot
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream
from warbench.core.search import Budget, SearchBot
from warbench.core.search import bot as search_bot
from warbench.core.search.candidates import merge
from warbench.core.search.tree import Node
from warbench.core.sim.plan import default_sides, prepare
from warbench.rulesets.full_thrust.bots_search import SEARCH_BUDGET as FT_SEARCH_BUDGET
from warbench.rulesets.hordes.actions import Activate
from warbench.rulesets.robogear.bots_search import SEARCH_BUDGET as RG_SEARCH_BUDGET

FT = warbench.ruleset("full-thrust")
CHEAP = "search:iterations=3,depth=3,width=3"
#: The same budget with no pilot: every candidate plays every iteration.
FULL = CHEAP + ",pilot=0"


def first_orders() -> Game:  # type: ignore[type-arg]
    return Game.new(FT, seed=4)


def test_a_bot_name_with_options_makes_a_search_bot_with_that_budget() -> None:
    """The options change the ruleset's own budget for its search bot (Full Thrust and
    ROBOGEAR each list one), never the core's default."""
    bot = make_bot(FT, "search:iterations=5,depth=7", seed=1)
    assert isinstance(bot, SearchBot)
    assert bot.budget == replace(FT_SEARCH_BUDGET, iterations=5, depth=7)
    assert Budget() != FT_SEARCH_BUDGET
    robogear = make_bot(warbench.ruleset("robogear"), "search:iterations=5,depth=7", seed=1)
    assert isinstance(robogear, SearchBot)
    assert robogear.budget == replace(RG_SEARCH_BUDGET, iterations=5, depth=7)
    assert Budget() != RG_SEARCH_BUDGET


def test_turns_need_a_rulesets_horizon_and_clock() -> None:
    """``turns`` counts the turns of a ruleset's clock to its horizon (Full Thrust's);
    asked of a search with neither (Armada's), it is refused, naming the option."""
    with pytest.raises(BadBotSpec, match="option 'turns'"):
        make_bot(warbench.ruleset("armada"), "search:turns=2", seed=1)
    assert make_bot(warbench.ruleset("armada"), "search:turns=1", seed=1) is not None
    assert isinstance(bot := make_bot(FT, "search:turns=3", seed=1), SearchBot)
    assert bot.budget.turns == 3


@pytest.mark.parametrize(
    ("spec", "error", "message"),
    [
        ("genius", UnknownBot, "full-thrust has no bot 'genius'"),
        ("admiral:iterations=4", BadBotSpec, "bot 'admiral' of full-thrust takes no options"),
        ("search:speed=9", BadBotSpec, "bot 'search' has no option 'speed'"),
        ("search:iterations=0", BadBotSpec, "iterations='0' must be at least 1"),
        ("search:iterations=lots", BadBotSpec, "iterations='lots' is not a whole number"),
        ("search:ms=", BadBotSpec, "option 'ms=' is not KEY=VALUE"),
        ("search:ms=5,ms=6", BadBotSpec, "option 'ms' is given twice"),
    ],
)
def test_bad_bot_names_and_options_are_refused_in_one_line(
    spec: str, error: type[ValueError], message: str
) -> None:
    with pytest.raises(error, match=message) as raised:
        make_bot(FT, spec, seed=1)
    assert "\n" not in str(raised.value)


def test_the_same_seed_and_iteration_budget_give_the_same_choice() -> None:
    game = first_orders()
    decision = game.pending()[0]
    chosen = [
        make_bot(FT, CHEAP, seed=9).choose(game.observe(decision.player), decision)
        for _ in range(2)
    ]
    assert chosen[0] == chosen[1]


def test_the_search_counts_its_iterations_per_decision() -> None:
    game = first_orders()
    decision = game.pending()[0]
    bot = make_bot(FT, FULL, seed=9)
    assert isinstance(bot, SearchBot)
    bot.choose(game.observe(decision.player), decision)
    assert (bot.cost.decisions, bot.cost.iterations) == (1, 3)


def test_every_root_candidate_is_played_on_the_same_sampled_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Common random numbers: each iteration samples one world (hidden state and dice) and
    plays every root candidate in a copy of it, so candidates differ by play, not luck."""
    seeds: list[int] = []
    sample = Observation.sample

    def spy(self: Observation, seed: int) -> Game:  # type: ignore[type-arg]
        seeds.append(seed)
        return sample(self, seed)

    monkeypatch.setattr(Observation, "sample", spy)
    game = first_orders()
    decision = game.pending()[0]
    make_bot(FT, FULL, seed=9).choose(game.observe(decision.player), decision)
    counts = Counter(seeds)
    assert len(counts) == 3  # iterations=3: three worlds
    assert len(set(counts.values())) == 1 and next(iter(counts.values())) >= 2


def hordes_activation(activations: int) -> tuple[Any, Any, Observation, Decision]:  # type: ignore[type-arg]
    """A HORDES battle played by the warlock up to a decision offering at least
    ``activations`` units to activate: the ruleset, the warlock, the seat's observation
    and the decision."""
    rules = warbench.ruleset("hordes")
    game = Game.new(rules, seed=5)
    warlock = make_bot(rules, "warlock", seed=1)
    while sum(isinstance(o, Activate) for o in game.pending()[0].options) < activations:
        decision = game.pending()[0]
        game.apply(decision.player, warlock.choose(game.observe(decision.player), decision))
    decision = game.pending()[0]
    return rules, warlock, game.observe(decision.player), decision


def root_candidates_played(monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """The root candidates the search bots play from now on, in order (a spy)."""
    tried: list[Action] = []
    iterate = SearchBot._iterate

    def spy(self: SearchBot, observation: Observation, root: Node, action: Action,  # type: ignore[type-arg]
            seed: int) -> None:
        tried.append(action)
        iterate(self, observation, root, action, seed)

    monkeypatch.setattr(SearchBot, "_iterate", spy)
    return tried


def test_the_root_tries_the_heuristics_own_next_best_actions_before_drawn_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``alternatives=2`` the root plays the heuristic's choice and the two lines its bot
    rates next (HORDES' warlock offers them), not draws of the candidate generator; the
    same budget without them draws the rest."""
    rules, warlock, observation, decision = hordes_activation(activations=3)
    tried = root_candidates_played(monkeypatch)
    budget = "search:iterations=1,depth=1,width=3,pilot=0"
    make_bot(rules, budget + ",alternatives=2", seed=3).choose(observation, decision)
    own = warlock.alternatives(observation, decision, 3)  # type: ignore[attr-defined]
    expected = merge(warlock.choose(observation, decision), own, 3)
    assert tried == expected and len(expected) == 3
    tried.clear()
    make_bot(rules, budget + ",alternatives=0", seed=3).choose(observation, decision)
    assert tried[0] == expected[0] and tried != expected


def test_without_draws_the_root_plays_only_the_heuristics_own_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``draws=0``: the root tries the heuristic's choice and its next-best lines and
    nothing the candidate generator draws, even with room to spare; with no lines asked
    for, the heuristic's choice is the answer and nothing is played."""
    rules, warlock, observation, decision = hordes_activation(activations=4)
    tried = root_candidates_played(monkeypatch)
    budget = "search:iterations=1,depth=1,width=5,pilot=0,draws=0"
    make_bot(rules, budget + ",alternatives=2", seed=3).choose(observation, decision)
    expected = merge(warlock.choose(observation, decision),
                     warlock.alternatives(observation, decision, 3), 3)  # type: ignore[attr-defined]
    assert tried == expected and len(expected) == 3
    tried.clear()
    alone = make_bot(rules, budget + ",alternatives=0", seed=3)
    assert alone.choose(observation, decision) == expected[0]
    assert tried == [] and isinstance(alone, SearchBot) and alone.cost.playouts == 0


@pytest.mark.parametrize(("tree", "below_root"), [(1, True), (0, False)])
def test_a_flat_search_leaves_every_decision_after_the_root_to_the_play_out_bots(
    monkeypatch: pytest.MonkeyPatch, tree: int, below_root: bool
) -> None:
    """The default tree grows below the root (its second world tries a drawn action for
    the next decision); with ``tree=0`` every walk is the root candidate alone, and the
    play-out bots answer everything after it, the same bots in every candidate's copy."""
    walks: list[int] = []
    backpropagate = search_bot.backpropagate

    def spy(root: Node, path: list[Any], found: Any) -> None:
        walks.append(len(path))
        backpropagate(root, path, found)

    monkeypatch.setattr(search_bot, "backpropagate", spy)
    game = first_orders()
    decision = game.pending()[0]
    bot = make_bot(FT, f"{FULL},tree={tree}", seed=9)
    assert isinstance(bot, SearchBot) and bot.budget.tree == tree
    bot.choose(game.observe(decision.player), decision)
    assert walks and (max(walks) > 1) == below_root


def test_a_budget_in_milliseconds_stops_the_search_in_time() -> None:
    game = first_orders()
    decision = game.pending()[0]
    bot = make_bot(FT, "search:ms=30,depth=2", seed=9)
    started = time.perf_counter()
    bot.choose(game.observe(decision.player), decision)
    assert time.perf_counter() - started < 2.0  # one iteration may overrun; never many


def test_the_search_answers_legally_without_the_enemys_written_orders() -> None:
    """Player 1 writes orders after player 0: the search samples 0's orders, never reads them."""
    game = first_orders()
    decision = game.pending()[0]
    game.apply(decision.player, make_bot(FT, "admiral", seed=1).choose(
        game.observe(decision.player), decision))
    other = game.pending()[0]
    observation = game.observe(other.player)
    chosen = make_bot(FT, CHEAP, seed=2).choose(observation, other)
    assert observation.check(chosen) is None


def test_simulate_plans_accept_a_search_bot_with_options() -> None:
    plan = prepare(FT, default_sides(FT), bots=[CHEAP, "admiral"])
    assert plan.bots == (CHEAP, "admiral")


def test_demo_plays_with_a_search_bot_and_names_a_bad_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["demo", "hordes", "--out", str(tmp_path), "--quiet", "--bot"]
    assert main([*argv, "search:iterations=1,depth=1,width=2"]) == 0
    assert main([*argv, "search:iters=1"]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert "bot 'search' has no option 'iters'" in err and err.count("\n") == 1


def test_the_robogear_search_bot_answers_legally_at_a_three_seat_table() -> None:
    """ROBOGEAR (2-4 players): the search plays out every seat and answers a unit's turn."""
    rules = warbench.ruleset("robogear")
    game = Game.new(rules, seed=1, players=3)
    commanders = [make_bot(rules, "commander", seed=seat) for seat in range(3)]
    while not game.pending()[0].spaces:
        decision = game.pending()[0]
        game.apply(decision.player, commanders[decision.player].choose(
            game.observe(decision.player), decision))
    decision = game.pending()[0]
    observation = game.observe(decision.player)
    bot = make_bot(rules, CHEAP, seed=3)
    assert isinstance(bot, SearchBot)
    assert observation.check(bot.choose(observation, decision)) is None
    assert bot.cost.decisions == 1


def test_a_rulesets_standing_values_the_play_outs_cut_off_before_the_end() -> None:
    """A ruleset's ``standing`` (how each seat stands by its end-of-battle scoring) is what
    an unfinished play-out is worth; a finished game is worth its outcome; the factory keeps
    the hook through a new budget."""
    from warbench.core.search import SearchFactory
    from warbench.core.search.value import values

    game = first_orders()
    assert values(game, standing=lambda _: (0.8, 0.2)) == (0.8, 0.2)
    asked: list[int] = []

    def standing(played: Game) -> tuple[float, float]:  # type: ignore[type-arg]
        asked.append(played.players)
        return (0.5, 0.5)

    factory = SearchFactory(FT.bots()["admiral"], standing=standing).configure(
        {"iterations": "2", "depth": "2", "width": "2"})
    decision = game.pending()[0]
    bot = factory(seed=1)
    bot.choose(game.observe(decision.player), decision)
    assert asked and set(asked) == {2}
    assert bot.cost.playouts == len(asked)


def test_a_play_out_stops_at_the_rulesets_horizon_unless_it_began_there() -> None:
    """A ruleset's ``horizon`` ends a play-out at the first game it marks after the root
    (its standing then values the game), before the budget's depth; from a root it marks
    already, play-outs run to the depth as before."""
    from warbench.core.search import SearchFactory

    game = first_orders()
    decision = game.pending()[0]
    ended: list[int] = []

    def standing(played: Game) -> tuple[float, float]:  # type: ignore[type-arg]
        ended.append(len(played.journal.entries))
        return (0.5, 0.5)

    start = len(game.journal.entries)
    for marks_root, stop_after in ((False, 2), (True, None)):
        ended.clear()

        def horizon(played: Game, marks_root: bool = marks_root,  # type: ignore[type-arg]
                    stop_after: int | None = stop_after) -> bool:
            played_now = len(played.journal.entries) - start
            return marks_root if played_now == 0 else (
                stop_after is not None and played_now >= stop_after)

        factory = SearchFactory(FT.bots()["admiral"], standing=standing,
                                horizon=horizon).configure(
            {"iterations": "2", "depth": "6", "width": "2", "pilot": "0"})
        factory(seed=1).choose(game.observe(decision.player), decision)
        assert ended
        if stop_after is None:
            assert min(ended) - start >= 6
        else:
            assert max(ended) - start == stop_after


def test_a_belief_redraws_the_hidden_choices_of_every_sampled_world() -> None:
    """A ruleset's belief is asked once per searched decision, with the seat's observation,
    and its redraw runs in every play-out, with the same stream for every candidate played
    in one world (common random numbers)."""
    game = first_orders()
    while game.pending()[0].player == 0:
        decision = game.pending()[0]
        game.apply(0, make_bot(FT, "admiral", seed=1).choose(game.observe(0), decision))
    decision = game.pending()[0]
    observation = game.observe(1)
    asked: list[Observation] = []  # type: ignore[type-arg]
    streams: list[float] = []

    def belief(seen: Observation) -> Callable[[Any, RandomStream], None]:  # type: ignore[type-arg]
        asked.append(seen)
        return lambda state, rng: streams.append(rng.copy().random())

    bot = make_bot(FT, FULL, seed=9)
    assert isinstance(bot, SearchBot)
    bot.belief = belief
    bot.choose(observation, decision)
    assert asked == [observation]
    assert len(streams) == bot.cost.playouts
    assert len(set(streams)) == 3 and len(set(Counter(streams).values())) == 1


@pytest.mark.parametrize(("own", "others"), [(1, 1), (1, 0), (0, 1)])
def test_own_and_others_say_whose_decisions_the_tree_branches_on(
    monkeypatch: pytest.MonkeyPatch, own: int, others: int
) -> None:
    """By default the tree's nodes grow children for every seat (the heuristic's choice,
    then draws, picked by UCB); with ``others=0`` another seat below the root always takes
    its heuristic's choice (``tree.follow``), so only the searching seat's nodes branch;
    with ``own=0`` the searching seat's own later decisions do, so only the others' branch."""
    chosen: dict[str, list[int]] = {"select": [], "follow": []}
    for name in chosen:
        real = getattr(search_bot, name)

        def spy(node: Node, *args: Any, real: Callable[..., Any] = real,
                name: str = name, **kwargs: Any) -> Any:
            player = args[1] if name == "select" else args[0]
            chosen[name].append(player)
            return real(node, *args, **kwargs)

        monkeypatch.setattr(search_bot, name, spy)
    game, decision = armada_move()
    seat = decision.player
    budget = f"search:iterations=10,depth=6,width=3,pilot=0,own={own},others={others}"
    bot = make_bot(ARMADA, budget, 4)
    assert isinstance(bot, SearchBot) and (bot.budget.own, bot.budget.others) == (own, others)
    bot.choose(game.observe(seat), decision)
    branched = {player == seat for player in chosen["select"]}
    followed = {player == seat for player in chosen["follow"]}
    assert branched == {True, False} if own and others else branched == {bool(own)}
    assert followed == set() if own and others else followed == {bool(others)}
