"""How much of the game the tactician uses: every kind of action it takes over a batch of
battles, counted and printed (ARM-BOT-TACTICIAN)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.rulesets.armada.test_conformance_and_bots import RULES, list_setup
from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.match import play_match
from warbench.core.observation import Observation
from warbench.rulesets.armada.actions import (
    ChangeRole,
    Decline,
    EndOrders,
    Fire,
    HoldFire,
    LayMines,
    Move,
    Order,
    SelfDestruct,
    SpendResolve,
)
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.data import ArmadaData
from warbench.rulesets.armada.state import ROUTED, ArmadaState

#: Every kind the report lists, used or not, so a kind the bot never takes shows as 0.
KINDS = (
    "move", "flee", "stunt back-off", "stunt flip-and-burn", "stunt slide",
    "stunt turn-in-place", "stunt flyby", "attack", "attack with resolve", "superweapon",
    "array", "attack a mine", "hold fire", "lay mines", "decline mines", "self-destruct",
    "decline self-destruct", "role change", "spend resolve", "keep resolve",
    *(f"order {name}" for name in (
        "rally", "encourage", "taunt", "conjure", "enchant", "precognition", "boost",
        "repair", "jam", "scan", "target", "direct", "duel", "transfer",
    )),
)
#: Orders that help a fleet, and may only be given to the officer's own armada.
HELPING = ("boost", "repair", "enchant")


def action_kind(action: Action, decision: Decision) -> str | None:
    """The report's name for ``action`` (``None`` for ending an order window)."""
    match action:
        case Move():
            return f"stunt {action.stunt}" if action.stunt else "move"
        case Order():
            return f"order {action.order}"
        case Fire() if action.mine >= 0:
            return "attack a mine"
        case Fire() if action.also:
            return "array"
        case Fire() if action.superweapon:
            return "superweapon"
        case Fire():
            return "attack with resolve" if action.resolve else "attack"
        case HoldFire():
            return "hold fire"
        case LayMines():
            return "lay mines"
        case SelfDestruct():
            return "self-destruct"
        case ChangeRole():
            return "role change"
        case SpendResolve():
            return "spend resolve" if action.spend else "keep resolve"
        case Decline():
            offered = decision.options
            blasts = any(isinstance(option, SelfDestruct) for option in offered)
            return "decline self-destruct" if blasts else "decline mines"
        case EndOrders():
            return None
    return type(action).__name__


class CountingTactician:
    """The tactician, counting each kind of action it takes, and each helping order it
    aims at an enemy fleet (there should be none)."""

    name = "tactician"

    def __init__(self, seed: int, kinds: Counter[str], helped_enemies: list[Order]) -> None:
        self.inner = TacticianAgent(seed)
        self.kinds, self.helped_enemies = kinds, helped_enemies

    def choose(
        self, observation: Observation[ArmadaState, ArmadaData], decision: Decision
    ) -> Action:
        action = self.inner.choose(observation, decision)
        kind = action_kind(action, decision)
        state = observation.state
        if kind == "move" and isinstance(action, Move):
            kind = "flee" if state.fleets[action.fleet].morale == ROUTED else "move"
        if kind is not None:
            self.kinds[kind] += 1
        if isinstance(action, Order) and action.order in HELPING and action.fleet >= 0:
            officer = state.officers[action.officer]
            if state.fleets[action.fleet].side != officer.side:
                self.helped_enemies.append(action)
        return action


@pytest.mark.long
def test_tactician_action_usage_over_a_batch_of_battles() -> None:
    """ARM-BOT-TACTICIAN, ARM-OFF-BOOST, ARM-OFF-REPAIR, ARM-OFF-ENCHANT: 30 battles of the
    shipped lists (every ability and officer role in play), tactician against tactician:
    how often it takes each kind of action, printed; it never boosts, repairs or enchants
    an enemy fleet, and it uses officers' orders of several kinds (encourage, conjure, scan,
    duel, role change and transfer among them: ARM-BOT-ORDERS), mines, the superweapon,
    the array, flybys and stunts with a piloting check."""
    kinds: Counter[str] = Counter()
    helped: list[Order] = []
    winners: Counter[str] = Counter()
    for game in range(30):
        agents = [CountingTactician(game, kinds, helped),
                  CountingTactician(game + 1000, kinds, helped)]
        result = play_match(RULES, agents, setup=list_setup(), seed=game, record_hashes=False)
        assert result.outcome is not None
        winners["draw" if not result.outcome.winners else str(result.outcome.winners[0])] += 1
    print(f"\ntactician action usage over 30 battles of the shipped lists ({dict(winners)}):")
    for kind in (*KINDS, *sorted(set(kinds) - set(KINDS))):
        print(f"  {kind:24} {kinds[kind]}")
    assert helped == []
    assert len([kind for kind in kinds if kind.startswith("order ")]) >= 5
    for kind in ("order encourage", "order conjure", "order scan", "order duel", "role change",
                 "order transfer"):
        assert kinds[kind], kind  # ARM-BOT-ORDERS
    assert kinds["lay mines"] and kinds["superweapon"] and kinds["array"]
    assert kinds["stunt flyby"] and kinds["stunt back-off"] + kinds["stunt slide"]
