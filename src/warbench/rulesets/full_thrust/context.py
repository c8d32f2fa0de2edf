"""How procedures reach the battle: the state, the rule library, a ship's class."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.rulesets.full_thrust.library import Library, ShipClass
from warbench.rulesets.full_thrust.state import FullThrustState, Ship

if TYPE_CHECKING:
    from warbench.core.engine import Game


def battle(game: Game[Any, Any]) -> FullThrustState:
    """The game's Full Thrust state."""
    state = game.state
    assert isinstance(state, FullThrustState)
    return state


def library(game: Game[Any, Any]) -> Library:
    """The rule library of the game's ruleset."""
    found = getattr(game.ruleset, "library", None)
    assert isinstance(found, Library)
    return found


def ship_class(game: Game[Any, Any], ship: Ship) -> ShipClass:
    """The class of ``ship``."""
    return library(game).designs[ship.design]
