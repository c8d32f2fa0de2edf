"""Phase 10: damage control parties try to repair damaged systems.

A ship has one damage control party per crew factor, fewer as its hull is lost. Each
party works on one damaged system (several may work on the same one) and repairs it with
a 5 or 6 (an engine default); a repaired drive gets back one step of thrust. Hull and
armour boxes are never repaired in battle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.rulesets.full_thrust.actions import Repair
from warbench.rulesets.full_thrust.context import FTGame, FTProcedure
from warbench.rulesets.full_thrust.damage import damage_parties
from warbench.rulesets.full_thrust.events import SystemRepairRolled
from warbench.rulesets.full_thrust.state import Ship


def damaged_systems(ship: Ship) -> list[int]:
    """Indices of the systems of ``ship`` that are damaged."""
    return [index for index, level in enumerate(ship.damage) if level > 0]


@dataclass(slots=True)
class DamageControlPhase(FTProcedure):
    """Phase 10: every player at once assigns parties, ship by ship, party by party."""

    sent: dict[int, int] = field(default_factory=dict)
    stood_down: list[int] = field(default_factory=list)

    def _next_ship(self, game: FTGame, player: int) -> Ship | None:
        for ship in game.state.fleet(player):
            if ship.id in self.stood_down or not damaged_systems(ship):
                continue
            if self.sent.get(ship.id, 0) < damage_parties(game.data.designs[ship.design], ship):
                return ship
        return None

    def decisions(self, game: FTGame) -> list[Decision]:
        owed = []
        for player in game.state.loser_first:
            ship = self._next_ship(game, player)
            if ship is not None:
                options = tuple(Repair(ship.id, index) for index in damaged_systems(ship))
                owed.append(
                    Decision(player, f"{ship.name}: send a damage control party",
                             (*options, Repair(ship.id, -1)))
                )
        return owed

    def act(self, game: FTGame, player: int, action: Action) -> None:
        if not isinstance(action, Repair):
            raise IllegalAction(f"{action!r} sends no damage control party")
        ship = game.state.ships[action.ship]
        if action.system < 0:
            self.stood_down.append(ship.id)
            return
        self.sent[ship.id] = self.sent.get(ship.id, 0) + 1
        need = game.data.rules.repair.repair_on
        label = game.data.designs[ship.design].systems[action.system].label
        face = game.dice_for(player).faces(6, 1, label=f"repair {ship.name} {label}")[0]
        if face >= need:
            ship.damage[action.system] -= 1
            text = "repairs"
        else:
            text = "fails to repair"
        game.emit(
            SystemRepairRolled(
                ship=ship.id,
                system=action.system,
                face=face,
                text=f"{ship.name}'s damage control party {text} the {label} "
                f"(rolled {face})",
            )
        )

    def step(self, game: FTGame) -> None:
        game.pop()
