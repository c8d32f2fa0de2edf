"""The tactician keeps each fleet's pose scores across the decisions of a helm phase while
nothing they read changes (issue 16): its moves are those of a tactician that forgets."""

from __future__ import annotations

from warbench.core.engine import Game
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.combat import gunnery_key
from warbench.rulesets.armada.helm import MoveSpace
from warbench.rulesets.armada.state import ArmadaState, Debris

RULES = ArmadaRuleset()
SETUP = {"armadas": ["home-guard-6", "corsairs-6"]}


def test_kept_scores_move_as_fresh_scores() -> None:
    game = Game.new(RULES, SETUP, seed=3, players=2)
    agents = [TacticianAgent(3), TacticianAgent(4)]
    weighed = {"kept": 0, "fresh": 0}

    def counting(agent: TacticianAgent, tally: str) -> None:
        standing = agent.standing

        def count(*args: object) -> object:
            weighed[tally] += 1
            return standing(*args)  # type: ignore[arg-type]

        agent.standing = count  # type: ignore[assignment,method-assign]

    for agent in agents:
        counting(agent, "kept")
    moves = 0
    while not game.is_over and game.state.round <= 3:
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        helm = any(isinstance(space, MoveSpace) for space in decision.spaces)
        before = weighed["kept"]
        action = agents[decision.player].choose(observation, decision)
        if not helm:
            weighed["kept"] = before  # count the standings weighed for moves only
        else:
            fresh = TacticianAgent(3 + decision.player)
            counting(fresh, "fresh")
            assert fresh.choose(observation, decision) == action
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
