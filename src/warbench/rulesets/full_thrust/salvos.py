"""Phase 4: salvo missile and plasma bolt launches, alternating ship by ship from the
initiative loser.

A salvo launcher (fed by its magazine) or a one-shot rack places a salvo marker at a point
within the salvo's reach, inside the launcher's arcs; a Phalon plasma bolt launcher places
a bolt the same way (within its own reach; it then waits a turn to fire again, and a ship
whose orders raise its vapour shroud launches nothing). A player fires every launcher of
one ship before the turn passes to the other player. A salvo marker stays put until phase
6, when it picks a ship within its attack radius; a bolt picks none (FT-ALIEN-PLASMA).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import IllegalAction
from warbench.core.preview import action_words
from warbench.core.rng import RandomStream
from warbench.rulesets.full_thrust.actions import HoldSalvos, LaunchSalvo
from warbench.rulesets.full_thrust.arcs import arcs_containing, heading_of
from warbench.rulesets.full_thrust.context import FTGame, FTProcedure
from warbench.rulesets.full_thrust.events import SalvoLaunched
from warbench.rulesets.full_thrust.events_alien import BoltPlaced
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.movement import on_table
from warbench.rulesets.full_thrust.names import ship_label
from warbench.rulesets.full_thrust.phalon import PLASMA_LAUNCHER, launcher_ready, shroud_written
from warbench.rulesets.full_thrust.state import Bolt, Salvo, Ship

LAUNCHERS = ("salvo_launcher", "salvo_rack", PLASMA_LAUNCHER)


def ready_launchers(game: FTGame, ship: Ship) -> list[int]:
    """Launchers of ``ship`` that may fire now: working, loaded (a plasma launcher:
    recharged), not yet fired this turn, and not behind a shroud its orders raise."""
    cls = game.data.designs[ship.design]
    state = game.state
    if shroud_written(state, ship):
        return []
    return [
        index
        for index, system in enumerate(cls.systems)
        if system.kind in LAUNCHERS
        and not ship.damage[index]
        and not ship.is_used(index)
        and ship.has_shots(index)
        and (system.kind != PLASMA_LAUNCHER or launcher_ready(state, ship, index))
    ]


def launch_reach(lib: Library, kind: str) -> float:
    """How far a launcher of ``kind`` places its marker."""
    return lib.rules.phalon.plasma_reach if kind == PLASMA_LAUNCHER else lib.rules.salvo.reach


class SalvoSpace(ParamSpace):
    """Points a launcher may place its marker on."""

    action_type = LaunchSalvo

    def __init__(self, ship: Ship, system: int, arcs: int, reach: float, width: float,
                 height: float) -> None:
        self.ship, self.system, self.arcs, self.reach = ship.id, system, arcs, reach
        self.x, self.y, self.facing = ship.x, ship.y, ship.facing
        self.width, self.height = width, height
        self.description = f"place a salvo marker within {reach:g} MU in the launcher's arcs"

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, LaunchSalvo):
            return f"{action_words(action)} launches no salvo (FT-ACTIONS)"
        if (action.ship, action.system) != (self.ship, self.system):
            return f"not launcher {self.system} of ship {self.ship} (FT-ACTIONS)"
        distance = math.hypot(action.x - self.x, action.y - self.y)
        if distance > self.reach + 1e-6:
            return (f"the marker is {distance:.1f} MU away, beyond the {self.reach:g} MU reach "
                    "(FT-SALVO-LAUNCH)")
        if not arcs_containing(self.x, self.y, self.facing, action.x, action.y) & self.arcs:
            return "the marker is outside the launcher's arcs (FT-SALVO-LAUNCH)"
        if not on_table(action.x, action.y, self.width, self.height):
            return "the marker is off the table (FT-ACTIONS)"
        return None

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        found: list[Action] = []
        for _ in range(count * 8):
            if len(found) == count:
                break
            angle = math.radians(heading_of(self.facing)) + (rng.random() - 0.5) * 2 * math.pi
            distance = self.reach * math.sqrt(rng.random())
            action = LaunchSalvo(
                self.ship,
                self.system,
                round(self.x + math.sin(angle) * distance, 3),
                round(self.y + math.cos(angle) * distance, 3),
            )
            if self.validate(action) is None:
                found.append(action)
        return found


def aim_points(game: FTGame, ship: Ship, system: int) -> list[LaunchSalvo]:
    """Markers aimed where each enemy ship would be if it kept its course and speed."""
    state = game.state
    spec = game.data.designs[ship.design].systems[system]
    reach, arcs = launch_reach(game.data, spec.kind), spec.arcs
    space = SalvoSpace(ship, system, arcs, reach, state.width, state.height)
    found = []
    for enemy in state.enemies(ship.player):
        radians = math.radians(heading_of(enemy.facing))
        x = enemy.x + math.sin(radians) * enemy.speed
        y = enemy.y + math.cos(radians) * enemy.speed
        distance = math.hypot(x - ship.x, y - ship.y)
        if distance > reach:
            x = ship.x + (x - ship.x) * reach / distance
            y = ship.y + (y - ship.y) * reach / distance
        action = LaunchSalvo(ship.id, system, round(x, 3), round(y, 3))
        if space.validate(action) is None:
            found.append(action)
    return found


@dataclass(slots=True)
class SalvoPhase(FTProcedure):
    """Phase 4: ship by ship, players alternate launching salvos."""

    turn_index: int = 0
    current: int = -1
    done: tuple[int, ...] = ()

    def _ships(self, game: FTGame, player: int) -> list[Ship]:
        state = game.state
        return [
            ship for ship in state.fleet(player)
            if ship.id not in self.done and ready_launchers(game, ship)
        ]

    def decisions(self, game: FTGame) -> list[Decision]:
        state = game.state
        if self.current >= 0:
            ships = [state.ships[self.current]]
        else:
            ships = self._ships(game, state.loser_first[self.turn_index % len(state.initiative)])
        if not ships:
            return []
        options: list[Action] = []
        spaces: list[ParamSpace] = []
        for ship in ships:
            for system in ready_launchers(game, ship):
                options.extend(aim_points(game, ship, system))
                spec = game.data.designs[ship.design].systems[system]
                arcs, reach = spec.arcs, launch_reach(game.data, spec.kind)
                spaces.append(SalvoSpace(ship, system, arcs, reach, state.width, state.height))
            options.append(HoldSalvos(ship.id))
        return [Decision(ships[0].player, "launch salvos", tuple(options), tuple(spaces))]

    def act(self, game: FTGame, player: int, action: Action) -> None:
        state = game.state
        if isinstance(action, HoldSalvos):
            self._finish(action.ship)
            return
        if not isinstance(action, LaunchSalvo):
            raise IllegalAction(f"{action!r} launches no salvo")
        ship = state.ships[action.ship]
        ship.use(action.system)
        spec = game.data.designs[ship.design].systems[action.system]
        if spec.kind == PLASMA_LAUNCHER:
            self._bolt(game, ship, action, spec.level)
            return
        salvo = Salvo(
            id=len(state.salvos),
            player=player,
            ship=ship.id,
            x=action.x,
            y=action.y,
            missiles=game.data.rules.salvo.missiles,
        )
        state.salvos.append(salvo)
        game.emit(
            SalvoLaunched(
                ship=ship.id,
                salvo=salvo.id,
                x=action.x,
                y=action.y,
                text=f"{ship_label(state, ship)} launches a salvo toward ({action.x:.1f}, "
                f"{action.y:.1f})",
            )
        )
        self.current = ship.id
        if not ready_launchers(game, ship):
            self._finish(ship.id)

    def _bolt(self, game: FTGame, ship: Ship, action: LaunchSalvo, strength: int) -> None:
        state = game.state
        ship.recharge[action.system] = state.turn + game.data.rules.phalon.plasma_recharge
        bolt = Bolt(len(state.bolts), ship.player, ship.id, action.x, action.y, strength)
        state.bolts.append(bolt)
        game.emit(
            BoltPlaced(
                ship=ship.id, bolt=bolt.id, x=bolt.x, y=bolt.y, strength=strength,
                text=f"{ship_label(state, ship)} places a class-{strength} plasma bolt at "
                f"({bolt.x:.1f}, {bolt.y:.1f})",
            )
        )
        self.current = ship.id
        if not ready_launchers(game, ship):
            self._finish(ship.id)

    def _finish(self, ship: int) -> None:
        self.done = (*self.done, ship)
        self.current = -1
        self.turn_index += 1

    def step(self, game: FTGame) -> None:
        state = game.state
        if not any(self._ships(game, player) for player in state.initiative):
            game.pop()
            return
        self.turn_index += 1
