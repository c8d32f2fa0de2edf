"""The greedy tactician: move to bring a target into arc at the best range band, then
shoot where the expected damage is highest, finishing damaged enemies first."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import TYPE_CHECKING

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.dice import DiceExpr
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.actions import Fire, HoldFire, Move
from warbench.rulesets.armada.combat import (
    armor_class,
    damage_per_die,
    firing_arcs,
    gunnery_modifier,
    range_band,
    shielded_front,
)
from warbench.rulesets.armada.data import Tables, load_tables
from warbench.rulesets.armada.moves import flee_steps, ordinary_moves, stunt_moves
from warbench.rulesets.armada.rounds import MoveSpace, armada_state
from warbench.rulesets.armada.state import ACTIVE, ROUTED, ArmadaState, Fleet

if TYPE_CHECKING:
    from warbench.core.engine import Game

@lru_cache(maxsize=256)
def _dice(text: str) -> DiceExpr:
    return DiceExpr.parse(text)


#: How much a pose values having a target in each range band.
BAND_VALUE = {"short": 3.0, "long": 2.0, "extreme": 1.0}


def hit_chance(modifier: int, ac: int) -> float:
    """Chance that d20 + ``modifier`` reaches ``ac``.

    >>> hit_chance(5, 16), hit_chance(0, 25), hit_chance(30, 10)
    (0.5, 0.0, 1.0)
    """
    return min(1.0, max(0.0, (21 - (ac - modifier)) / 20))


def expected_damage(state: ArmadaState, tables: Tables, attacker: Fleet, target: Fleet) -> float:
    """Mean damage of one attack (hit chance x mean damage after per-die changes)."""
    chance = hit_chance(
        gunnery_modifier(state, tables, attacker, target), armor_class(state, target, attacker)
    )
    expr = _dice(attacker.damage)
    per_die = max(0.0, (expr.sides + 1) / 2 + damage_per_die(tables, attacker, target))
    return chance * expr.count * per_die


def target_value(state: ArmadaState, tables: Tables, attacker: Fleet, target: Fleet) -> float:
    """Expected damage, weighted towards damaged active enemies (disabled ones count little)."""
    damage = expected_damage(state, tables, attacker, target)
    if target.status != ACTIVE:
        return 0.1 * damage
    wounded = 1.0 + (target.hull_points - max(0, target.hull)) / target.hull_points
    return damage * wounded


class TacticianAgent:
    """A greedy one-ply Armada bot."""

    name = "tactician"

    def __init__(self, seed: int = 0) -> None:
        self.rng = RandomStream.from_seed(seed)

    def choose(self, game: Game, decision: Decision) -> Action:
        """A move or an attack chosen greedily."""
        state = armada_state(game)
        tables = load_tables()
        for space in decision.spaces:
            if isinstance(space, MoveSpace):
                return self._move(state, tables, space.fleets)
        return self._attack(state, tables, decision.options)

    def _attack(self, state: ArmadaState, tables: Tables, options: tuple[Action, ...]) -> Action:
        best: Action | None = None
        best_score = 0.0
        for option in options:
            if isinstance(option, Fire):
                attacker, target = state.fleets[option.fleet], state.fleets[option.target]
                score = target_value(state, tables, attacker, target)
                if option.superweapon:
                    score = score * 0.9 + attacker.tier * 0.9
                if score > best_score:
                    best, best_score = option, score
        if best is not None:
            return best
        holds = [option for option in options if isinstance(option, HoldFire)]
        return holds[0] if holds else options[0]

    def _move(self, state: ArmadaState, tables: Tables, fleets: list[int]) -> Action:
        best: Move | None = None
        best_score = float("-inf")
        for fleet_id in fleets:
            fleet = state.fleets[fleet_id]
            if fleet.morale == ROUTED:
                return Move(fleet.id, flee_steps(state, fleet))
            poses = {
                Move(fleet.id, steps): pose for pose, steps in ordinary_moves(state, fleet).items()
            }
            for move in stunt_moves(state, fleet):
                if move.stunt == "turn-in-place":
                    poses[move] = fleet.pose.turned(
                        len(move.steps) * (1 if move.steps[0] == "R" else -1)
                    )
            enemies = [enemy for enemy in state.enemies_of(fleet) if enemy.status == ACTIVE]
            ghost = dataclasses.replace(fleet)
            for move, pose in poses.items():
                ghost.q, ghost.r, ghost.facing = pose.hex.q, pose.hex.r, pose.facing
                score = self.pose_score(state, tables, ghost, enemies)
                if score > best_score:
                    best, best_score = move, score
        assert best is not None
        return best

    def pose_score(
        self, state: ArmadaState, tables: Tables, moved: Fleet, enemies: list[Fleet]
    ) -> float:
        """How good ``moved`` (a fleet on a pose it might take) stands against the active
        ``enemies``: the best target it would have in arc, its forward shields towards the
        nearest enemy, and closing in when nothing is in range."""
        if not enemies:
            return 0.0
        best = 0.0
        here = moved.hex
        for enemy in enemies:
            band = range_band(tables, moved, enemy)
            if band is None or not firing_arcs(moved, enemy):
                continue
            best = max(best, BAND_VALUE[band.name] * target_value(state, tables, moved, enemy))
        nearest = min(enemies, key=lambda enemy: enemy.hex.distance(here))
        score = best
        if shielded_front(nearest, moved):
            score += 0.5
        if best == 0.0:
            score -= 0.1 * nearest.hex.distance(here)
        return score
