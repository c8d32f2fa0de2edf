"""Small set-ups for HORDES rule tests: a few models placed by hand, player 0 to act."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.actions import Activate, GoFirst
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.state import HordesState

RULES = HordesRuleset()
HGame = Game[HordesState, HordesData]


def battle(
    armies: Sequence[Sequence[str]],
    positions: Sequence[Sequence[float]],
    layout: str = "open",
    prepare: Any = None,
    seed: int = 7,
) -> HGame:
    """A game of these armies at these positions; player 0 plays first and is asked which
    model to activate. ``prepare(state)`` may change the state before the first turn."""
    setup = {
        "armies": [list(a) for a in armies],
        "layout": layout,
        "positions": [list(p) for p in positions],
    }
    game = Game.new(RULES, setup, seed=seed)
    if prepare is not None:
        prepare(game.state)
    chooser = game.pending()[0].player
    game.apply(chooser, GoFirst(0))
    return game


def script(game: HGame, *faces: int) -> None:
    """Roll these faces next (then the seeded stream again once they run out? no: all)."""
    game.set_dice(ScriptedDice(list(faces)))


def activate(game: HGame, uid: int) -> None:
    """Player 0 activates model ``uid``."""
    game.apply(game.state.models[uid].owner, Activate(uid))


def options(game: HGame) -> list[Any]:
    """The finite options owed now."""
    return [o for d in game.pending() for o in d.options]
