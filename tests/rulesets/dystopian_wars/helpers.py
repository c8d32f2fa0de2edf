"""Helpers for Dystopian Wars tests: small set-ups with models placed by hand, scripted dice."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import Fire
from warbench.rulesets.dystopian_wars.attack_listing import enemy_targets, gun_key, guns_of
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.gunnery import Gunnery
from warbench.rulesets.dystopian_wars.state import DWState, Model
from warbench.rulesets.dystopian_wars.world import World

RULES = DystopianWarsRuleset()

#: Initiative faces giving player 0 the first activation (6+6 against 1+1).
P0_FIRST = (6, 6, 1, 1)
#: Initiative faces giving player 1 the first activation.
P1_FIRST = (1, 1, 6, 6)

TEST_CATALOG = """
[test-battleship]
name = "Test battleship"
nation = "britannia"
category = "battleship"
domain = "naval"
size = "large"
capital = true
traits = ["icon"]
points = 150
hp = 8
dr = 6
cr = 10
mv = 8
base = [1.2, 4.0]
aa = 4
cc = 3
ap = 6
rr = 2
source = "engine default"
[[test-battleship.weapons]]
name = "fore turret"
grade = "primary"
arcs = ["fore270"]
ad = [13, 13, 10, 6]
[[test-battleship.weapons]]
name = "aft turret"
grade = "primary"
arcs = ["aft270"]
ad = [13, 13, 10, 6]
[[test-battleship.weapons]]
name = "rockets"
kind = "rockets"
arcs = ["fore180"]
ad = [6, 6, 4, 0]
[[test-battleship.weapons]]
name = "mines"
kind = "mines"
arcs = ["aft"]
ad = [5, 0, 0, 0]
"""


#: An island over the south half of the table, where land models stand on a sea table
#: (DW-TABLE-SURFACE); low (light) and hiding nothing, so flyers and sight pass over it.
SHORE: dict[str, Any] = {
    "name": "the Shore", "kind": "island", "density": "light",
    "points": [[0.0, 0.0], [72.0, 0.0], [72.0, 24.0], [0.0, 24.0]], "blocks_sight": False,
}


def squadron(
    unit: str,
    *at: tuple[float, float, float],
    name: str = "",
    commodore: bool = False,
    level: str | None = None,
    count: int | None = None,
) -> dict[str, Any]:
    """A squadron with its models placed at ``at`` ([x, y, heading] each)."""
    spec: dict[str, Any] = {
        "unit": unit,
        "count": count if count is not None else len(at),
        "at": [list(point) for point in at],
        "name": name,
        "commodore": commodore,
    }
    if level is not None:
        spec["level"] = level
    return spec


def setup(
    fleet0: Sequence[dict[str, Any]],
    fleet1: Sequence[dict[str, Any]],
    *,
    terrain: Any = "none",
    turns: int = 6,
    orders: bool = False,
    cards: bool = False,
    concession: bool = False,
    surface: str | None = None,
) -> dict[str, Any]:
    """A two-player set-up on a 72 by 48 inch table (a sea table unless ``surface``
    says otherwise)."""
    found: dict[str, Any] = {
        "table": {"width": 72.0, "height": 48.0},
        "terrain": terrain,
        "fleets": [
            {"name": "Blue", "squadrons": list(fleet0)},
            {"name": "Red", "squadrons": list(fleet1)},
        ],
        "turns": turns,
        "cards": cards,
        "battle_orders": orders,
        "concession": concession,
    }
    if surface is not None:
        found["surface"] = surface
    return found


def scripted(game_setup: dict[str, Any], faces: Iterable[int], rules: Any = None) -> Game:
    """A referee-mode game whose dice are ``faces``, in order."""
    return Game.new(rules or RULES, game_setup, dice=ScriptedDice(list(faces)))


def seeded(game_setup: dict[str, Any], seed: int = 0) -> Game:
    """A game rolling from its seeded stream."""
    return Game.new(RULES, game_setup, seed=seed)


def state(game: Game) -> DWState:
    """The game's state, typed."""
    assert isinstance(game.state, DWState)
    return game.state


def model(game: Game, uid: int) -> Model:
    """A model of the game."""
    return state(game).models[uid]


def owed(game: Game) -> Decision:
    """The first decision owed."""
    return game.pending()[0]


def play(game: Game, *actions: Action) -> None:
    """Apply each action for the player owing the first decision."""
    for action in actions:
        game.apply(owed(game).player, action)


def texts(game: Game) -> list[str]:
    """Every narrated line so far."""
    return [event.text for event in game.events if event.text]


def catalog_file(tmp_path: Path, text: str = TEST_CATALOG) -> str:
    """Write a player's data folder holding a ``models.toml`` and return the folder."""
    folder = tmp_path / "dw-data"
    folder.mkdir(exist_ok=True)
    (folder / "models.toml").write_text(text)
    return str(folder)


def refresh(game: Game) -> None:
    """After a test edits the state by hand, work out the decisions owed anew (stepping
    on if nobody owes one now)."""
    game._pending = None
    game._advance()


def reference_fire_options(game: Game, world: World | None = None) -> list[Fire]:
    """The single-gun attacks as the rules list them, one :func:`shot_refusal` per gun and
    enemy (boardings included), in ``world`` (the table's kept world when not given; a
    fresh ``World`` remembers nothing)."""
    game_state, data = state(game), RULES.data
    top = game.state.stack[-1]
    assert isinstance(top, Gunnery)
    player = game_state.squadrons[top.sid].player
    found = []
    for uid in top.part:
        model = game_state.models[uid]
        if not model.active:
            continue
        for mount in guns_of(data, model):
            if top.used.get(gun_key(uid, mount), 0):
                continue
            for target in enemy_targets(game_state, player):
                reason, _ = shot_refusal(game_state, data, model, mount, target, world=world)
                if reason is None:
                    found.append(Fire(((uid, mount),), target.uid))
    return found
