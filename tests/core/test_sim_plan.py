"""Preparing a run: lists, scenario and bots are checked before any game starts.

This module also holds ``ListDuel``, the test game the other sim tests share: the Duel test
game with army lists (one duellist per list), scenarios, and the unit events of the
per-unit statistics convention.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.duel import Activation, Duel, DuelState, Gamble, Round, roll_initiative
from warbench.core.actions import Action
from warbench.core.agents import Agent, RandomAgent
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.core.events import UnitDamaged, UnitDestroyed
from warbench.core.lists import ArmyList, ConstraintSet, UnitEntry, UnitInfo
from warbench.core.observation import Observation
from warbench.core.procedures import GameState
from warbench.core.registry import ruleset
from warbench.core.rng import RandomStream
from warbench.core.ruleset import ArmyRules, SetupError
from warbench.core.sim.plan import (
    ArmyListRejected,
    BadMatchup,
    Side,
    UnknownBot,
    default_bot,
    default_sides,
    matchup,
    prepare,
)
from warbench.core.sim.seeds import seating

UNIT_HP = {"recruit": 6, "veteran": 9, "champion": 12}
SCENARIOS = {None: 6, "skirmish": 3}
ARMY_RULES = ArmyRules(
    lookup={
        "recruit": UnitInfo(cost=10),
        "veteran": UnitInfo(cost=15),
        "champion": UnitInfo(cost=20),
    },
    constraints=ConstraintSet.model_validate(
        {
            "constraints": [
                {"kind": "points_cap"},
                {"kind": "count", "selector": "*", "min": 1, "max": 1},
            ]
        }
    ),
)


class CalmAgent(RandomAgent):
    """A random agent that never gambles (so it is never refused after a roll)."""

    name = "calm"

    def choose(self, observation: Observation[Any, Any], decision: Decision) -> Action:
        options = tuple(option for option in decision.options if not isinstance(option, Gamble))
        return RandomAgent.choose(self, observation, dataclasses.replace(decision, options=options))


@dataclass(slots=True)
class UnitDuelState(DuelState):
    units: list[str] = field(default_factory=list)


@dataclass(slots=True)
class UnitActivation(Activation):
    """Duel's activation, plus the ``unit_damaged`` / ``unit_destroyed`` events (a loss
    worth the duellist's cost in the lists, credited to its attacker)."""

    def step(self, game: Game) -> None:
        state = game.state
        assert isinstance(state, UnitDuelState)
        resolving = self.stage == "resolve"
        before = state.hp[self.target] if resolving else 0
        Activation.step(self, game)
        if not resolving:
            return
        lost = before - state.hp[self.target]
        if lost:
            game.emit(
                UnitDamaged(
                    state.units[self.target],
                    self.target,
                    lost,
                    by_player=self.player,
                    by_unit_type=state.units[self.player],
                )
            )
        if before > 0 and state.hp[self.target] == 0:
            lost = state.units[self.target]
            game.emit(UnitDestroyed(lost, self.target, points=ARMY_RULES.lookup[lost].cost,
                                    by_player=self.player,
                                    by_unit_type=state.units[self.player]))


@dataclass(slots=True)
class UnitRound(Round):
    def step(self, game: Game) -> None:
        if self.stage != "initiative":
            Round.step(self, game)
            return
        state = game.state
        assert isinstance(state, DuelState)
        order = roll_initiative(game, state.alive())
        self.stage = "end"
        game.push(*(UnitActivation(player) for player in reversed(order)))


class ListDuel(Duel):
    """Duel where each army list fields one duellist, whose type sets its hit points."""

    id = "test-list-duel"
    name = "Duel with army lists (test game)"

    def default_setup(self) -> dict[str, Any]:
        return {"units": ["recruit", "recruit"], "rounds": 6}

    def army_rules(self, army: ArmyList, list_format: str | None = None) -> ArmyRules:
        return ARMY_RULES

    def setup_for(self, armies: Sequence[ArmyList], scenario: str | None = None) -> dict[str, Any]:
        if scenario not in SCENARIOS:
            raise SetupError(f"unknown scenario {scenario!r} (known: skirmish)")
        return {"units": [army.units[0].unit for army in armies], "rounds": SCENARIOS[scenario]}

    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> GameState:
        units = list(setup.get("units", []))
        if len(units) != players:
            raise SetupError(f"setup.units: one unit per player ({players}), got {units}")
        base = Duel.new_state(self, {"rounds": setup.get("rounds", 6)}, players, rng)
        state = UnitDuelState(
            **{item.name: getattr(base, item.name) for item in dataclasses.fields(base)},
            units=units,
        )
        state.hp = [UNIT_HP[unit] for unit in units]
        state.stack = [UnitRound()]
        return state

    def bots(self) -> Mapping[str, Any]:
        return {"random": RandomAgent, "calm": CalmAgent}


def army(name: str, *units: str, points: int = 20) -> ArmyList:
    """A list of ``units`` (one model each) for ListDuel."""
    return ArmyList(
        name=name,
        ruleset=ListDuel.id,
        points=points,
        units=tuple(UnitEntry(unit=unit) for unit in units),
    )


def sides(*units: str) -> list[Side]:
    """One side per unit type, labelled by it."""
    return [Side(unit, army(unit.title(), unit), f"{unit}.toml") for unit in units]


# ----------------------------------------------------------------------------- tests


def test_setups_follow_the_seating_of_each_game() -> None:
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=3)
    assert plan.setups[0]["units"] == ["veteran", "recruit"]
    assert plan.setups[1]["units"] == ["recruit", "veteran"]
    for index in range(4):
        seats = plan.seats(index)
        assert seats == seating(index, 2)
        assert plan.setup(index)["units"] == [("veteran", "recruit")[side] for side in seats]


def test_every_violation_of_every_list_is_reported_with_its_file() -> None:
    bad = [
        Side("a", army("A", "vetran"), "a.toml"),
        Side("b", army("B", "veteran", "recruit"), "b.toml"),
    ]
    with pytest.raises(ArmyListRejected) as caught:
        prepare(ListDuel(), bad)
    lines = str(caught.value).splitlines()
    assert (
        lines[0] == 'a.toml: units[0] (entry 1, vetran).unit: unknown unit "vetran", did you'
        ' mean "veteran"? [unknown_unit]'
    )
    assert "b.toml: units: total 25 points exceeds the cap of 20 by 5 [points_cap]" in lines
    assert ("b.toml: units[1] (entry 2, recruit): 2 units match *; allowed exactly 1"
            " (units[0], units[1]) [count]") in lines


def test_a_list_for_another_ruleset_is_rejected() -> None:
    foreign = ArmyList(name="F", ruleset="armada", points=20, units=(UnitEntry(unit="recruit"),))
    with pytest.raises(ArmyListRejected, match=r"f\.toml: a list for armada, not test-list-duel"):
        prepare(ListDuel(), [Side("f", foreign, "f.toml"), *sides("recruit")])


def test_an_unknown_scenario_fails_with_the_rulesets_message() -> None:
    with pytest.raises(SetupError, match="unknown scenario 'siege'"):
        prepare(ListDuel(), sides("veteran", "recruit"), scenario="siege")


def test_a_set_up_the_opening_state_refuses_fails_before_any_game() -> None:
    class Refusing(ListDuel):
        def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> GameState:
            raise SetupError("setup.units: no room on the table")

    with pytest.raises(SetupError, match="no room"):
        prepare(Refusing(), sides("veteran", "recruit"))


def test_bots_are_checked_and_default_to_the_first_non_random_one() -> None:
    rules = ListDuel()
    assert default_bot(rules) == "calm"
    assert default_bot(Duel()) == "random"
    assert prepare(rules, sides("veteran", "recruit")).bots == ("calm", "calm")
    assert prepare(rules, sides("veteran", "recruit"), bots=["random", "calm"]).bots == (
        "random",
        "calm",
    )
    with pytest.raises(UnknownBot, match="has no bot 'clever' \\(bots: random, calm\\)"):
        prepare(rules, sides("veteran", "recruit"), bots=["clever"])
    with pytest.raises(BadMatchup, match="one per side"):
        prepare(rules, sides("veteran", "recruit"), bots=["calm", "calm", "calm"])


def test_sides_with_and_without_lists_do_not_mix() -> None:
    with pytest.raises(BadMatchup, match="every side has an army list or none"):
        prepare(ListDuel(), [Side("plain"), *sides("recruit")])
    with pytest.raises(SetupError, match="offers no set-up options \\(skirmish\\)"):
        prepare(ListDuel(), list(default_sides(ListDuel())), scenario="skirmish")


def test_a_scenario_without_lists_plays_the_default_set_up_with_it() -> None:
    """`simulate robogear --scenario 2v2 --players 4`: the default armies, in teams."""
    rules = ruleset("robogear")
    plan = prepare(rules, list(default_sides(rules, 4)), scenario="2v2")
    assert all(setup["teams"] == [0, 1, 0, 1] for setup in plan.setups)
    assert plan.side_teams() == (0, 1, 0, 1)
    labels = [side.label for side in plan.sides]
    assert matchup(plan.sides, plan.side_teams()) == (
        f"{labels[0]} + {labels[2]} vs {labels[1]} + {labels[3]}")
    assert prepare(rules, list(default_sides(rules, 4))).side_teams() is None
    with pytest.raises(SetupError, match="needs four players"):
        prepare(rules, list(default_sides(rules, 3)), scenario="2v2")


def test_wrong_player_counts_are_refused() -> None:
    with pytest.raises(SetupError, match="played by 2 to 4 players, not 5"):
        prepare(ListDuel(), list(default_sides(ListDuel(), 5)))


def test_a_sides_hash_follows_its_lists_content() -> None:
    one, same, other = army("V", "veteran"), army("V", "veteran"), army("V", "recruit")
    assert Side("x", one).hash == Side("y", same).hash != Side("x", other).hash
    assert Side("x", army("Pair", "recruit", "recruit")).fielded() == {"recruit": 2}


def test_the_calm_agent_never_gambles() -> None:
    agent: Agent = CalmAgent(1)
    game = Game.new(ListDuel(), seed=1)
    for _ in range(40):
        if game.is_over:
            break
        decision = game.pending()[0]
        action = agent.choose(game.observe(decision.player), decision)
        assert not isinstance(action, Gamble)
        game.apply(decision.player, action)
