"""Moving a model: straight legs (a normal move or a run, facing changed between them, at
most ``max_legs`` of them), the free strikes of enemies whose melee range it leaves, and
the parameter space of legal legs."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from functools import lru_cache

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.geometry import Point
from warbench.core.rng import RandomStream
from warbench.rulesets.hordes.actions import FreeStrike, Move
from warbench.rulesets.hordes.combat import FREE_STRIKE_BONUS, Strike, attack
from warbench.rulesets.hordes.data import HordesData, Weapon
from warbench.rulesets.hordes.events import Moved
from warbench.rulesets.hordes.game import HordesGame, HordesProcedure, name
from warbench.rulesets.hordes.kept_space import KeptSpace
from warbench.rulesets.hordes.space import (
    in_melee_range,
    leg_cost,
    leg_problem,
    melee_reach,
    out_of_reach,
    threatens,
    weapon_reach,
)
from warbench.rulesets.hordes.state import HordesState, Model


class MoveSpace(KeptSpace):
    """Straight legs from where ``model`` stands, free of other bases, obstructions and the
    table edge; ``allowances`` maps ``run`` (False / True) to the inches of movement left."""

    action_type = Move

    def __init__(
        self, data: HordesData, state: HordesState, model: Model, allowances: dict[bool, float]
    ) -> None:
        super().__init__()
        self._data = data
        self._state = state
        self._model = model
        self.model = model.uid
        self.allowances = dict(allowances)
        self.description = _describe(tuple(allowances.items()))

    def problem(self, action: Action) -> str | None:
        if not isinstance(action, Move):
            return f"{action!r} is not a move"
        limit = self.allowances.get(action.run)
        if limit is None:
            return (
                "this model cannot run now: a run is declared on the first leg, a beast "
                "must be forced for it, a model that gave up its action or cast cannot "
                "(HOR-MOVE-RUN)"
                if action.run
                else "a run continues as a run (HOR-MOVE-RUN)"
            )
        if not all(math.isfinite(v) for v in (action.x, action.y, action.heading)):
            return "a move needs finite numbers"
        mover = self._model
        start, end = Point(mover.x, mover.y), Point(action.x, action.y)
        cost = leg_cost(self._data, self._state, start, end)
        if cost > limit + 1e-9:
            return (
                f'the leg costs {cost:.2f}" of movement, more than the {limit:.2f}" left '
                "(HOR-MOVE-ADVANCE; rough ground costs double, HOR-TERRAIN)"
            )
        return leg_problem(self._data, self._state, mover, action.x, action.y)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        mover = self._model
        runs = sorted(self.allowances)
        found: list[Action] = []
        for _ in range(count * 4):
            run = runs[rng.choice_index(len(runs))]
            angle = rng.random() * 360
            length = self.allowances[run] * rng.random() * 0.999
            end = Point(mover.x, mover.y).toward(angle, length)
            action = Move(round(end.x, 3), round(end.y, 3), round(rng.random() * 360, 1), run)
            if self.validate(action) is None:
                found.append(action)
                if len(found) >= count:
                    break
        return found


@lru_cache(maxsize=1024)
def _describe(allowances: tuple[tuple[bool, float], ...]) -> str:
    """A move space's description for ``(run, inches left)`` pairs (pure: kept per
    process, nothing invalidates an entry)."""
    return "move in a straight leg: " + ", ".join(
        f'{"run" if run else "advance"} up to {left:.2f}"' for run, left in allowances
    )


class LegStage(enum.StrEnum):
    STRIKES = "strikes"
    GO = "go"


@dataclass(slots=True)
class MoveLeg(HordesProcedure):
    """A straight leg of ``model`` to ``(x, y)``: first the free strikes of every enemy
    whose melee range it leaves, then (if it still stands) the move itself."""

    model: int
    x: float
    y: float
    heading: float
    how: str
    stage: LegStage = LegStage.STRIKES
    strikers: list[int] = field(default_factory=list)

    def step(self, game: HordesGame) -> None:
        mover = game.state.models[self.model]
        if self.stage is LegStage.STRIKES:
            self.stage = LegStage.GO
            strikers = leaving(game, mover, self.x, self.y)
            game.push(*(FreeStrikeOffer(s, mover.uid) for s in reversed(strikers)))
            return
        game.pop()
        if not mover.alive or mover.knocked_down:
            return
        travel = math.hypot(self.x - mover.x, self.y - mover.y)
        mover.x, mover.y, mover.heading = self.x, self.y, self.heading % 360
        game.emit(
            Moved(
                mover.uid,
                self.x,
                self.y,
                mover.heading,
                self.how,
                text=f'{name(game, mover)} {self.how}s {travel:.1f}"',
            )
        )


def leaving(game: HordesGame, mover: Model, x: float, y: float) -> list[int]:
    """Enemies whose melee range ``mover`` is in now and would not be at ``(x, y)``."""
    data = game.data
    found = []
    for enemy in game.state.living():
        if (
            enemy.owner == mover.owner
            or out_of_reach(data, enemy, mover)
            or not threatens(data, enemy, mover)
        ):
            continue
        moved = Model(mover.uid, mover.owner, mover.card, mover.beast, x, y, mover.heading)
        if not in_melee_range(data, enemy, moved, melee_reach(data, enemy)):
            found.append(enemy.uid)
    return found


@dataclass(slots=True)
class FreeStrikeOffer(HordesProcedure):
    """``striker`` may hit ``victim``, leaving its melee range: +2 to hit, boosted damage."""

    striker: int
    victim: int

    def decisions(self, game: HordesGame) -> list[Decision]:
        striker = game.state.models[self.striker]
        victim = game.state.models[self.victim]
        if not striker.alive or not victim.alive or victim.knocked_down:
            return []
        weapons = [
            FreeStrike(index)
            for index, weapon in enumerate(game.data.models[striker.card].weapons)
            if weapon.kind == "melee"
            and in_melee_range(game.data, striker, victim, weapon_reach(weapon))
        ]
        if not weapons:
            return []
        return [
            Decision(
                striker.owner, f"free strike on {name(game, victim)}?", (*weapons, FreeStrike(-1))
            )
        ]

    def act(self, game: HordesGame, player: int, action: Action) -> None:
        if not isinstance(action, FreeStrike):
            raise IllegalAction(f"{action!r} does not answer a free strike")
        game.pop()
        if action.weapon < 0:
            return
        striker = game.state.models[self.striker]
        strike = free_strike(game.data.models[striker.card].weapons[action.weapon])
        attack(game, striker, game.state.models[self.victim], strike, called="free strike")

    def step(self, game: HordesGame) -> None:
        game.pop()


def free_strike(weapon: Weapon) -> Strike:
    """A free strike with ``weapon``: +2 to hit, its damage roll boosted (the odds read it
    too)."""
    return Strike("melee", weapon.pow, qualities=weapon.qualities, bonus=FREE_STRIKE_BONUS,
                  boost_damage=True, weapon=weapon.name)


def face(mover: Model, target: Model) -> float:
    """The heading that points ``mover`` directly at ``target``."""
    return math.degrees(math.atan2(target.x - mover.x, target.y - mover.y)) % 360
