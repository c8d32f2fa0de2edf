"""Builders for small scripted Armada battles."""

from __future__ import annotations

from functools import cache
from typing import Any

from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.core.match import play_next_decision
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.actions import EndOrders, Move
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.engineering import OrdersWindow
from warbench.rulesets.armada.gunnery import GunneryPhase
from warbench.rulesets.armada.helm import HelmPhase
from warbench.rulesets.armada.moves import flee_steps
from warbench.rulesets.armada.state import ROUTED, ArmadaState

RULES = ArmadaRuleset()
#: The strength test's close quarters: the demo armadas 8 hexes apart.
CLOSE = {"armadas": ["vanguard-3", "raiders-3"], "distance": 8}


@cache
def tactician_battles(seeds: tuple[int, ...], decisions: int) -> tuple[Game, ...]:
    """Tactician mirrors at close quarters, one per seed, stopped after ``decisions``."""
    found = []
    for seed in seeds:
        game = Game.new(RULES, CLOSE, seed=seed, record_hashes=False)
        agents = [TacticianAgent(seed), TacticianAgent(seed + 1)]
        for _ in range(decisions):
            if game.is_over:
                break
            play_next_decision(game, agents)
        found.append(game)
    return tuple(found)


def armada_state(game: Game) -> ArmadaState:
    """The game's state, typed."""
    found: ArmadaState = game.state
    return found


def fleet(
    name: str, tier: int, size: str, fleet_class: str, *abilities: str
) -> dict[str, Any]:
    """A fleet table as an armada file writes it."""
    return {
        "name": name,
        "tier": tier,
        "size": size,
        "class": fleet_class,
        "abilities": list(abilities),
    }


def armada(
    name: str, tier: int, fleets: list[dict[str, Any]], officers: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """An armada table."""
    return {"name": name, "tier": tier, "fleets": fleets, "officers": officers or []}


def battle(
    blue: list[dict[str, Any]],
    red: list[dict[str, Any]],
    placements: list[list[list[int]]],
    dice: list[int],
    *,
    blue_officers: list[dict[str, Any]] | None = None,
    red_officers: list[dict[str, Any]] | None = None,
    tier: int = 3,
    **setup: Any,
) -> Game:
    """A referee-mode game with the dice given, the fleets placed where asked."""
    full = {
        "armadas": [
            armada("Blue", tier, blue, blue_officers),
            armada("Red", tier, red, red_officers),
        ],
        "distance": 1,
        "placements": placements,
        **setup,
    }
    return Game.new(RULES, full, dice=ScriptedDice(dice))


def skip_orders(game: Game) -> None:
    """Every armada gives no engineering order this round."""
    while game.state.stack and isinstance(game.top, OrdersWindow) and game.pending():
        game.apply(game.pending()[0].player, EndOrders())


def hold_position(game: Game) -> None:
    """No engineering orders; every fleet still to move this helm phase stays where it is."""
    skip_orders(game)
    while game.state.stack and isinstance(game.top, HelmPhase) and game.pending():
        decision = game.pending()[0]
        if EndOrders() in decision.options:
            game.apply(decision.player, EndOrders())
            continue
        mover = game.state.fleets[decision.spaces[0].fleets[0]]  # type: ignore[attr-defined]
        routed = mover.morale == ROUTED
        steps = flee_steps(game.state, game.data.tables, mover) if routed else ""  # type: ignore[arg-type]
        game.apply(decision.player, Move(mover.id, steps))


def in_gunnery(game: Game) -> bool:
    """Whether the game waits for gunnery decisions."""
    return bool(game.state.stack) and isinstance(game.top, GunneryPhase)


def texts(game: Game, kind: str) -> list[str]:
    """Narration of every event of ``kind`` so far."""
    return [event.text for event in game.events if event.kind == kind]
