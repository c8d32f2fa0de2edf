"""Deployment: each player places its models one at a time, wholly within 10" of its own
table edge, clear of placed bases and obstructions; the first player deploys first."""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.rng import RandomStream
from warbench.rulesets.hordes.actions import Place
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.events import Moved
from warbench.rulesets.hordes.game import HordesGame, HordesProcedure, name
from warbench.rulesets.hordes.kept_space import KeptSpace
from warbench.rulesets.hordes.refusals import Refusals
from warbench.rulesets.hordes.space import NEAR, gap, terrain
from warbench.rulesets.hordes.state import HordesState, Model


def zone(data: HordesData, side: int, r: float) -> tuple[float, float]:
    """The band of centre ``y`` values that keeps a base of radius ``r`` wholly in the
    side's deployment zone (player 0 at y = 0, player 1 at the far edge)."""
    size, depth = data.settings.table, data.settings.deploy_depth
    return (r, depth - r) if side == 0 else (size - depth + r, size - r)


def _clear_of_box(box: tuple[float, float, float, float], x: float, y: float, r: float) -> bool:
    """Whether ``(x, y)`` lies more than ``r`` and a hair (``NEAR``) outside ``box`` along
    either axis: a piece inside the box is then at least ``r`` away, so the exact distance
    would not find the base on it."""
    x0, y0, x1, y1 = box
    grow = r + NEAR
    return x < x0 - grow or x > x1 + grow or y < y0 - grow or y > y1 + grow


class DeploySpace(KeptSpace):
    """Legal places for ``model``: in its side's zone, on the table, touching no placed
    base and standing on no obstruction."""

    action_type = Place

    def __init__(self, data: HordesData, state: HordesState, model: Model) -> None:
        super().__init__()
        self._data = data
        self._state = state
        self._model = model
        self.model = model.uid
        low, high = zone(data, model.owner, data.radii[model.card])
        self.description = f"deploy model {model.uid} with its centre at y {low:.2f}-{high:.2f}"

    def problem(self, action: Action) -> str | None:
        if not isinstance(action, Place):
            return f"{action!r} is not a placement"
        if action.model != self.model:
            return f"model {self.model} is the one to deploy now (HOR-DEPLOY)"
        if not all(math.isfinite(v) for v in (action.x, action.y, action.heading)):
            return "a placement needs finite numbers"
        data, model = self._data, self._model
        r = data.radii[model.card]
        low, high = zone(data, model.owner, r)
        if not (r <= action.x <= data.settings.table - r and low - 1e-9 <= action.y <= high + 1e-9):
            return (
                f"({action.x:.2f}, {action.y:.2f}) is not wholly within "
                f'{data.settings.deploy_depth:g}" of your table edge (HOR-DEPLOY)'
            )
        ghost = Model(model.uid, model.owner, model.card, model.beast, action.x, action.y, 0.0)
        for other in self._state.models:
            if other.uid not in self._state.unplaced and gap(data, ghost, other) < -1e-9:
                return f"the base would overlap model {other.uid}'s base (HOR-MOVE-BASES)"
        for piece in terrain(data, self._state):
            if piece.kind != "obstruction" or _clear_of_box(piece.box, action.x, action.y, r):
                continue
            if piece.polygon.distance(shapely.Point(action.x, action.y)) < r - 1e-9:
                return "the base would stand on an obstruction (HOR-TERRAIN)"
        return None

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        data, model = self._data, self._model
        r = data.radii[model.card]
        low, high = zone(data, model.owner, r)
        facing = 0.0 if model.owner == 0 else 180.0
        found: list[Action] = []
        for _ in range(count * 8):
            x = r + rng.random() * (data.settings.table - 2 * r)
            y = low + rng.random() * (high - low)
            action = Place(model.uid, round(x, 3), round(y, 3), facing)
            if self.validate(action) is None:
                found.append(action)
                if len(found) >= count:
                    break
        return found


@dataclass(slots=True)
class Deployment(HordesProcedure):
    """``player`` deploys its models, lowest id first."""

    player: int

    def _next(self, state: HordesState) -> Model | None:
        uid = next((u for u in state.unplaced if state.models[u].owner == self.player), None)
        return None if uid is None else state.models[uid]

    def decisions(self, game: HordesGame) -> list[Decision]:
        model = self._next(game.state)
        if model is None:
            return []
        prompt = f"deploy {name(game, model)}"
        space = DeploySpace(game.data, game.state, model)
        return [Decision(self.player, prompt, (), (space, Refusals(prompt)))]

    def act(self, game: HordesGame, player: int, action: Action) -> None:
        model = self._next(game.state)
        if not isinstance(action, Place) or model is None:
            raise IllegalAction(f"{action!r} does not deploy a model")
        model.x, model.y, model.heading = action.x, action.y, action.heading % 360
        game.state.unplaced.remove(model.uid)
        text = f"{name(game, model)} deploys at ({model.x:.1f}, {model.y:.1f})"
        game.emit(Moved(model.uid, model.x, model.y, model.heading, "deploy", text=text))

    def step(self, game: HordesGame) -> None:
        if self._next(game.state) is None:
            game.pop()
