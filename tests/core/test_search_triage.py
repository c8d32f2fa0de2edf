"""The search bot's pilot (only real choices are searched on) and a ruleset's own score as
the value of a cut-off play-out (issue 17, strength)."""

from __future__ import annotations

from typing import Any

import pytest

import warbench
import warbench.core.search.bot as search_bot
from warbench.core.actions import Action
from warbench.core.botspec import make_bot
from warbench.core.engine import Game
from warbench.core.search import SearchBot, SearchFactory
from warbench.core.search.candidates import action_key
from warbench.core.search.tree import Edge, Node, contenders
from warbench.rulesets.armada.state import ACTIVE, DESTROYED
from warbench.rulesets.dystopian_wars.victory import victory_points
from warbench.rulesets.full_thrust.state import DESTROYED as FT_DESTROYED

FT = warbench.ruleset("full-thrust")


class Named:
    """A stand-in action: only what the tree reads of it (its plain form)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def to_plain(self) -> dict[str, Any]:
        return {"type": self.name}


def root_with(means: dict[str, float]) -> tuple[Node, list[Action]]:
    """A root whose candidates (the first the heuristic's) have these means over 2 worlds."""
    root = Node()
    actions: list[Action] = []
    for name, mean in means.items():
        action: Any = Named(name)
        root.children[action_key(action)] = Edge(action, 0, Node(), visits=2, total=2 * mean)
        actions.append(action)
    return root, actions


def test_after_the_pilot_only_the_heuristics_choice_and_those_ahead_of_it_play_on() -> None:
    root, actions = root_with({"heuristic": 0.5, "worse": 0.4, "better": 0.6, "equal": 0.5})
    assert [a.to_plain()["type"] for a in contenders(root, actions)] == ["heuristic", "better"]


def test_a_heuristic_choice_open_in_no_world_yet_keeps_every_candidate() -> None:
    root, actions = root_with({"worse": 0.4, "better": 0.6})
    unplayed: Any = Named("heuristic")
    assert contenders(root, [unplayed, *actions]) == [unplayed, *actions]


def first_orders() -> tuple[Game, Any]:  # type: ignore[type-arg]
    game = Game.new(FT, seed=4)
    return game, game.pending()[0]


def test_a_decision_whose_candidates_cannot_differ_is_settled_after_the_pilot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every play-out worth the same: the pilot's worlds show no candidate ahead, so the
    heuristic answers and the remaining iterations are not played."""
    monkeypatch.setattr(search_bot, "values", lambda *_: (0.5, 0.5))
    game, decision = first_orders()
    bot = make_bot(FT, "search:iterations=5,depth=2,width=3,pilot=2", seed=9)
    assert isinstance(bot, SearchBot)
    chosen = bot.choose(game.observe(decision.player), decision)
    assert chosen == bot.own.choose(game.observe(decision.player), decision)
    assert (bot.cost.iterations, bot.cost.playouts, bot.cost.settled) == (2, 6, 1)


def test_without_a_pilot_every_candidate_plays_every_iteration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(search_bot, "values", lambda *_: (0.5, 0.5))
    game, decision = first_orders()
    bot = make_bot(FT, "search:iterations=5,depth=2,width=3,pilot=0", seed=9)
    assert isinstance(bot, SearchBot)
    bot.choose(game.observe(decision.player), decision)
    assert (bot.cost.iterations, bot.cost.playouts, bot.cost.settled) == (5, 15, 0)


def test_dw_vp_the_search_values_dystopian_wars_play_outs_by_victory_points() -> None:
    """DW-VP: the points of enemy models destroyed are the score the search weighs."""
    rules = warbench.ruleset("dystopian-wars")
    factory = rules.bots()["search"]
    assert isinstance(factory, SearchFactory) and factory.score is not None
    game = Game.new(rules, seed=1)
    assert factory.score(game) == (0.0, 0.0)
    enemy = next(model for model in game.state.models if model.player == 1)
    enemy.alive = False
    points = float(rules.data.models[enemy.cls].points)
    assert factory.score(game) == (points, 0.0)
    assert victory_points(game.state, rules.data, 0) == points


def test_arm_end_limit_the_search_values_armada_play_outs_by_build_points_beaten() -> None:
    """ARM-END-LIMIT: build points of enemy fleets beaten decide the round limit, and the
    search's standing counts the same build points as the side's loss."""
    from warbench.rulesets.armada.bots_standing import losses
    from warbench.rulesets.armada.rounds import battle_scores

    rules = warbench.ruleset("armada")
    factory = rules.bots()["search"]
    assert isinstance(factory, SearchFactory) and factory.standing is not None
    game = Game.new(rules, seed=1)
    assert tuple(factory.standing(game)) == (0.5, 0.5)
    enemy = next(fleet for fleet in game.state.fleets if fleet.side == 0)
    assert enemy.status == ACTIVE
    enemy.status = DESTROYED
    assert battle_scores(game.state) == (0.0, float(enemy.cost))
    assert losses(game)[0] == float(enemy.cost)
    zero, one = factory.standing(game)
    assert zero < 0.5 < one


def test_a_configured_search_keeps_the_rulesets_standing_and_generator() -> None:
    factory = warbench.ruleset("armada").bots()["search"]
    assert isinstance(factory, SearchFactory)
    configured = factory.configure({"iterations": "2"})
    assert (configured.standing, configured.generator) == (factory.standing, factory.generator)
    assert configured.cheapest().standing is factory.standing


def test_ft_end_turns_the_search_values_full_thrust_play_outs_by_victory_points() -> None:
    """FT-END-TURNS: enemy ships destroyed score their points, and the search's standing
    counts the same points as the fleet's loss."""
    from warbench.rulesets.full_thrust.bots_standing import losses

    factory = FT.bots()["search"]
    assert isinstance(factory, SearchFactory) and factory.standing is not None
    game = Game.new(FT, seed=1)
    assert tuple(factory.standing(game)) == (0.5, 0.5)
    enemy = next(ship for ship in game.state.ships if ship.player == 1)
    enemy.status = FT_DESTROYED
    points = float(FT.data.designs[enemy.design].points)
    assert losses(game) == [0.0, points]
    assert factory.standing(game)[0] > 0.5
