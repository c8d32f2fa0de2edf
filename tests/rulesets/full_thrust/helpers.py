"""Builders for small refereed Full Thrust battles with dice the test hands out."""

from __future__ import annotations

from typing import Any

from warbench.core.engine import Game
from warbench.rulesets.full_thrust import FullThrustRuleset
from warbench.rulesets.full_thrust.actions import (
    AssignWeapon,
    WriteOrders,
)
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.state import FighterGroup

RULES = FullThrustRuleset()


class Feed:
    """Dice faces handed out in order; a test adds more as it goes."""

    def __init__(self, *faces: int) -> None:
        self.queue = list(faces)
        self.labels: list[str] = []

    def add(self, *faces: int) -> None:
        """Queue more faces."""
        self.queue.extend(faces)

    def faces(self, sides: int, count: int, *, label: str = "", told: str = "") -> list[int]:
        """The next ``count`` faces; a test that runs out has a wrong script."""
        if len(self.queue) < count:
            raise AssertionError(f"the test's dice ran out: {count} wanted for {label!r}")
        out, self.queue = self.queue[:count], self.queue[count:]
        self.labels.extend([label] * count)
        return out


def ship(
    design: str,
    name: str,
    x: float,
    y: float,
    facing: int = 0,
    speed: int = 0,
    fighters: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A ship of an inline fleet."""
    return {
        "design": design,
        "name": name,
        "x": x,
        "y": y,
        "facing": facing,
        "speed": speed,
        "fighters": list(fighters),
    }


def battle(
    blue: list[dict[str, Any]],
    red: list[dict[str, Any]],
    *faces: int,
    faction: str = "",
    **setup: Any,
) -> tuple[FTGame, Feed]:
    """A refereed game between two inline fleets, with the faces given queued."""
    feed = Feed(*faces)
    full = {
        "fleets": [
            {"name": "Blue", "faction": faction, "ships": blue},
            {"name": "Red", "faction": faction, "ships": red},
        ],
        **setup,
    }
    return Game.new(RULES, full, dice=feed), feed



def orders(game: FTGame, **per_ship: tuple[int, int]) -> None:
    """Write orders for every ship: ``name=(speed change, turn)``, others hold course."""
    state = game.state
    for ship_state in state.ships:
        if ship_state.active and state.orders[ship_state.id] is None:
            change, turn = per_ship.get(ship_state.name, (0, 0))
            game.apply(ship_state.player, WriteOrders(ship_state.id, change, turn))


def fire_asked(game: FTGame, player: int) -> None:
    """Fire every weapon ``player`` is asked about (FT-FIRECON: one-shot and costly
    weapons are asked even with one target) at the first target offered."""
    while (pending := game.pending()) and pending[0].player == player and isinstance(
            pending[0].options[0], AssignWeapon):
        game.apply(player, pending[0].options[0])


def launch_scenario(*faces: int, **setup: Any) -> tuple[Game, Feed]:
    """Blue's escort carrier Nest (standard and heavy groups) against Red's lone Pike."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard", "heavy"))],
        [ship("lancer", "Pike", 30.0, 30.0, facing=6)],
        6, 1, *faces, **setup,
    )
    orders(game)
    return game, feed


def in_space(game: FTGame, group: int, x: float, y: float) -> FighterGroup:
    """Put a group out on the table at (x, y)."""
    target = game.state.groups[group]
    target.status, target.x, target.y = "space", x, y
    return target
