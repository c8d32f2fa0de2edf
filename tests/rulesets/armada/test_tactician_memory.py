"""The tactician keeps each fleet's pose scores across the decisions of a helm phase while
nothing they read changes (issue 16): its moves are those of a tactician that forgets."""

from __future__ import annotations

from typing import Any

import pytest

from warbench.core.engine import Game
from warbench.rulesets.armada import ArmadaRuleset, bot_helm
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.combat import gunnery_key
from warbench.rulesets.armada.helm import MoveSpace
from warbench.rulesets.armada.state import ArmadaState, Debris

RULES = ArmadaRuleset()
SETUP = {"armadas": ["home-guard-6", "corsairs-6"]}


def test_kept_scores_move_as_fresh_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(RULES, SETUP, seed=3, players=2)
    agents = [TacticianAgent(3), TacticianAgent(4)]
    calls = [0]
    standing = bot_helm.standing

    def count(*args: Any) -> bot_helm.Standing:
        calls[0] += 1
        return standing(*args)

    monkeypatch.setattr(bot_helm, "standing", count)
    weighed = {"kept": 0, "fresh": 0}
    moves = 0
    while not game.is_over and game.state.round <= 3:
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        helm = any(isinstance(space, MoveSpace) for space in decision.spaces)
        before = calls[0]
        action = agents[decision.player].choose(observation, decision)
        if helm:  # count the standings weighed for moves only
            weighed["kept"] += calls[0] - before
            before = calls[0]
            fresh = TacticianAgent(3 + decision.player)
            assert fresh.choose(observation, decision) == action
            weighed["fresh"] += calls[0] - before
            moves += 1
        game.apply(decision.player, action)
    assert moves >= 10
    assert weighed["kept"] < weighed["fresh"]  # scores were reused, and moved the same


def test_gunnery_key_follows_what_gunnery_reads() -> None:
    game = Game.new(RULES, SETUP, seed=1, players=2)
    state = game.state
    assert isinstance(state, ArmadaState)
    officer = state.officers[0]
    mover = state.fleets[officer.fleet]
    enemy = state.enemies_of(mover)[0]
    key = gunnery_key(state, [mover, enemy], unposed=mover.id)
    mover.q += 1  # the pose of the fleet weighed on other poses is left out
    assert gunnery_key(state, [mover, enemy], unposed=mover.id) == key
    changes = [
        lambda: setattr(enemy, "q", enemy.q + 1),
        lambda: setattr(enemy, "shields", enemy.shields - 1),
        lambda: setattr(mover.now(), "range_bonus", 1),  # a round effect, a nested record
        lambda: mover.criticals.append("weapons"),  # a list, copied into the key
        lambda: setattr(officer, "jammed_round", state.round),
        lambda: state.debris.append(Debris(enemy.q, enemy.r, 2)),
    ]
    for change in changes:
        before = gunnery_key(state, [mover, enemy], unposed=mover.id)
        change()
        assert gunnery_key(state, [mover, enemy], unposed=mover.id) != before
