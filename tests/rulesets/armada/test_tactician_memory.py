"""The tactician keeps each fleet's pose scores across the decisions of a helm phase while
nothing they read changes (issue 16): its moves are those of a tactician that forgets."""

from __future__ import annotations

from warbench.core.engine import Game
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.gunnery_keys import gunnery_key
from warbench.rulesets.armada.helm import MoveSpace
from warbench.rulesets.armada.state import ArmadaState, Debris

RULES = ArmadaRuleset()
SETUP = {"armadas": ["home-guard-6", "corsairs-6"]}


def _kept(agent: TacticianAgent) -> dict[int, tuple[int, int]]:
    """Each fleet's kept standings as ``agent`` holds them: the table's identity and size."""
    return {fleet: (id(w.standings), len(w.standings)) for fleet, w in agent._weighed.items()}


def _standings_found(agent: TacticianAgent, before: dict[int, tuple[int, int]]) -> int:
    """How many hexes' standings ``agent`` worked out since it kept ``before`` (a table
    kept since counts what it gained, a new one all it holds)."""
    found = 0
    for fleet, weighed in agent._weighed.items():
        table, size = before.get(fleet, (0, 0))
        found += len(weighed.standings) - (size if id(weighed.standings) == table else 0)
    return found


def test_kept_scores_move_as_fresh_scores() -> None:
    game = Game.new(RULES, SETUP, seed=3, players=2)
    agents = [TacticianAgent(3), TacticianAgent(4)]
    weighed = {"kept": 0, "fresh": 0}
    moves = 0
    while not game.is_over and game.state.round <= 3:
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        helm = any(isinstance(space, MoveSpace) for space in decision.spaces)
        agent = agents[decision.player]
        before = _kept(agent)
        action = agent.choose(observation, decision)
        if helm:  # count the standings weighed for moves only
            weighed["kept"] += _standings_found(agent, before)
            fresh = TacticianAgent(3 + decision.player)
            assert fresh.choose(observation, decision) == action
            weighed["fresh"] += _standings_found(fresh, {})
            moves += 1
        game.apply(decision.player, action)
    assert moves >= 10
    assert 0 < weighed["kept"] < weighed["fresh"]  # scores were reused, and moved the same


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
