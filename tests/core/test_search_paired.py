"""The search bot's paired test and its extra worlds where the root is close (issue 17,
strength): budget options ``paired`` and ``extend``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

import warbench
import warbench.core.search.bot as search_bot
from warbench.core.botspec import make_bot
from warbench.core.engine import Game
from warbench.core.search import SearchBot
from warbench.core.search.paired import Gain, Values, open_cases, paired_answer
from warbench.rulesets.full_thrust.bots_search import SEARCH_BUDGET

FT = warbench.ruleset("full-thrust")
CHEAP = "search:iterations=3,depth=3,width=3,pilot=0"

#: The heuristic's choice, a candidate steadily ahead of it, one ahead by luck of one world.
PLAYED = {
    "heuristic": {0: 0.5, 1: 0.5, 2: 0.5, 3: 0.5},
    "steady": {0: 0.6, 1: 0.62, 2: 0.58, 3: 0.6},
    "lucky": {0: 1.0, 1: 0.5, 2: 0.5, 3: 0.5},
}


def test_a_paired_test_overrules_the_heuristic_only_with_a_steady_gain() -> None:
    """By the mean alone the lucky candidate (one world won outright) is best; the paired
    test at two standard errors answers with the steadily better one, and a bar no gain
    clears keeps the heuristic's choice."""
    assert Gain.between(PLAYED["lucky"], PLAYED["heuristic"]).mean == pytest.approx(0.125)
    assert paired_answer(PLAYED, "heuristic", margin=0.05, certainty=0) == "lucky"
    assert paired_answer(PLAYED, "heuristic", margin=0.05, certainty=2) == "steady"
    assert paired_answer(PLAYED, "heuristic", margin=0.2, certainty=0) == "heuristic"


def test_gains_count_only_the_worlds_both_candidates_played() -> None:
    gain = Gain.between({0: 0.9, 1: 0.2, 5: 0.7}, {1: 0.1, 5: 0.5, 6: 0.0})
    assert gain.worlds == 2 and gain.mean == pytest.approx(0.15)
    assert Gain.between({0: 0.9}, {1: 0.1}).worlds == 0
    level = {0: 0.5, 1: 0.5}
    assert paired_answer({"heuristic": level, "same": level}, "heuristic", 0, 0) == "heuristic"


def test_open_cases_are_candidates_ahead_that_have_not_yet_cleared_the_bar() -> None:
    behind = {0: 0.4, 1: 0.4, 2: 0.4, 3: 0.4}
    played: Mapping[str, Values] = {**PLAYED, "behind": behind}
    assert list(open_cases(played, "heuristic", margin=0.05, certainty=2)) == ["lucky"]
    assert list(open_cases(played, "heuristic", margin=0.2, certainty=0)) == [
        "steady", "lucky"]


def first_orders() -> Game:  # type: ignore[type-arg]
    return Game.new(FT, seed=4)


@pytest.mark.parametrize(("open_keys", "worlds"), [(True, 3 + 4), (False, 3)])
def test_extend_plays_more_worlds_only_while_a_case_is_open(
    monkeypatch: pytest.MonkeyPatch, open_keys: bool, worlds: int
) -> None:
    """With ``extend=4`` the search plays up to four more worlds after its three while a
    candidate's case is open, the heuristic's choice and that candidate only; none when
    every case is closed."""

    def cases(played: Mapping[str, Values], prior: str, margin: float,
              certainty: float) -> Sequence[str]:
        return [key for key in played if key != prior][:1] if open_keys else []

    monkeypatch.setattr(search_bot, "open_cases", cases)
    game = first_orders()
    decision = game.pending()[0]
    bot = make_bot(FT, CHEAP + ",extend=4", seed=9)
    assert isinstance(bot, SearchBot) and bot.budget == replace(
        SEARCH_BUDGET, iterations=3, depth=3, width=3, pilot=0, extend=4)
    bot.choose(game.observe(decision.player), decision)
    assert bot.cost.iterations == worlds
    assert bot.cost.playouts == 3 * 3 + 2 * (worlds - 3)
    assert bot.cost.extended == (1 if open_keys else 0)


def test_extended_and_paired_searches_are_reproducible_and_legal() -> None:
    game = first_orders()
    decision = game.pending()[0]
    observation = game.observe(decision.player)
    spec = CHEAP + ",extend=3,paired=1.5"
    chosen = [make_bot(FT, spec, seed=9).choose(observation, decision) for _ in range(2)]
    assert chosen[0] == chosen[1] and observation.check(chosen[0]) is None
