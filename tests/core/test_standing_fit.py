"""``benchmarks/standing_fit.py`` (issue 17: do the search standings' weights predict the
end of a battle?): its three parts of a loss add up to the standing's own losses, its
regression finds known weights, and it leaves the standing's weights as they were."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import warbench
from tests.benchmark_script import load_benchmark
from warbench.core.engine import Game
from warbench.core.match import play_next_decision

FIT = load_benchmark("standing_fit")


@pytest.mark.parametrize("ruleset_id", ["armada", "full-thrust"])
def test_the_parts_add_up_to_the_standings_own_losses(ruleset_id: str) -> None:
    """beaten + HULL_WEIGHT * hull + THREAT_WEIGHT * threat is the standing's margin, in a
    battle with hull already lost (the weights as committed, restored after)."""
    settings = FIT.SETTINGS[ruleset_id]
    module = importlib.import_module(settings.standing)
    rules = warbench.ruleset(ruleset_id)
    game = Game.new(rules, seed=4, players=2, setup=settings.setup, record_hashes=False)
    agents = [rules.bots()[settings.heuristic](1), rules.bots()[settings.heuristic](2)]
    hulls = []
    for _ in range(400):
        if game.is_over:
            break
        play_next_decision(game, agents)
        beaten, hull, threat = FIT.parts(module, game)
        lost = module.losses(game)
        expected = beaten + module.HULL_WEIGHT * hull + module.THREAT_WEIGHT * threat
        assert lost[1] - lost[0] == pytest.approx(expected, abs=1e-9)
        hulls.append(hull)
    assert any(hulls), "the battle lost no hull: the test proves nothing"
    assert (module.HULL_WEIGHT, module.THREAT_WEIGHT) == (0.5, 0.5)


def test_the_regression_finds_the_weights_that_made_the_results() -> None:
    rng = np.random.default_rng(3)
    margin = rng.normal(0.0, 10.0, 20_000)
    result = (rng.random(20_000) < 1 / (1 + np.exp(-(0.3 + 0.2 * margin)))).astype(float)
    weights, likelihood = FIT.fit(np.column_stack([np.ones_like(margin), margin]), result)
    assert weights == pytest.approx([0.3, 0.2], abs=0.03)
    noise = rng.normal(0.0, 10.0, 20_000)  # a feature that tells nothing predicts worse
    _, worse = FIT.fit(np.column_stack([np.ones_like(margin), noise]), result)
    assert likelihood > worse + 0.1


def test_the_weights_come_back_after_an_error() -> None:
    module = importlib.import_module("warbench.rulesets.armada.bots_standing")
    with pytest.raises(RuntimeError), FIT.weights(module, 0.0, 1.0):
        assert module.THREAT_WEIGHT == 1.0
        raise RuntimeError("stop")
    assert (module.HULL_WEIGHT, module.THREAT_WEIGHT) == (0.5, 0.5)
