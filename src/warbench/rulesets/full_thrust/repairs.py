"""Phase 10: damage control parties try to repair damaged systems.

A ship has one damage control party per crew factor, fewer as its hull is lost. The
players first send their parties, each to one damaged system, at most three to a system;
then every system with parties on it is rolled for once: one party repairs it on a 6, and
each further party lowers the number needed by one (two on 5+, three on 4+). A repaired
drive gets back one step of thrust. Hull and armour boxes are never repaired in battle, nor
a system a needle beam knocked out (FT-DCP).

Sa'Vasku ships have no crew or parties (FT-SV-REPAIR): each damaged system they work on
costs repair power (written in the orders) equal to its MASS and is repaired on a 4+; a
success spends one biomass, and without biomass left nothing is tried.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.core.words import counted, possessive
from warbench.rulesets.full_thrust.actions import Repair
from warbench.rulesets.full_thrust.context import FTGame, FTProcedure
from warbench.rulesets.full_thrust.damage import damage_parties
from warbench.rulesets.full_thrust.data import RepairRules
from warbench.rulesets.full_thrust.events import SystemRepairRolled
from warbench.rulesets.full_thrust.names import ship_label
from warbench.rulesets.full_thrust.savasku import SAVASKU
from warbench.rulesets.full_thrust.state import Ship


def damaged_systems(ship: Ship) -> list[int]:
    """Indices of the systems of ``ship`` that are damaged and may still be repaired."""
    return [
        index
        for index, level in enumerate(ship.damage)
        if level > 0 and not ship.wrecked >> index & 1
    ]


def repair_number(parties: int, rules: RepairRules) -> int:
    """The face a system's one roll needs with ``parties`` on it.

    >>> from warbench.rulesets.full_thrust.library import load_library
    >>> rules = load_library().rules.repair
    >>> [repair_number(n, rules) for n in (1, 2, 3)]
    [6, 5, 4]
    """
    return rules.repair_on - rules.extra_party_bonus * (parties - 1)


class RepairStage(StrEnum):
    """Where phase 10 stands: parties being sent, then one roll per system."""

    SEND = "send"
    ROLL = "roll"


@dataclass(slots=True)
class DamageControlPhase(FTProcedure):
    """Phase 10: every player at once sends parties, ship by ship, party by party; then
    each system worked on is rolled for once."""

    stage: RepairStage = RepairStage.SEND
    parties: dict[int, list[int]] = field(default_factory=dict)
    stood_down: list[int] = field(default_factory=list)

    def _open_systems(self, game: FTGame, ship: Ship) -> list[int]:
        sent = self.parties.get(ship.id, [])
        cls = game.data.designs[ship.design]
        if cls.race == SAVASKU:  # one try a system, paid in repair power (FT-SV-REPAIR)
            if ship.biomass < 1:
                return []
            return [index for index in damaged_systems(ship) if index not in sent
                    and 0 < cls.systems[index].mass <= ship.repair_power]
        most = game.data.rules.repair.max_parties
        return [index for index in damaged_systems(ship) if sent.count(index) < most]

    def _next_ship(self, game: FTGame, player: int) -> Ship | None:
        for ship in game.state.fleet(player):
            if ship.id in self.stood_down or not self._open_systems(game, ship):
                continue
            if game.data.designs[ship.design].race == SAVASKU:
                return ship
            crew = damage_parties(game.data.designs[ship.design], ship)
            if len(self.parties.get(ship.id, [])) < crew:
                return ship
        return None

    def decisions(self, game: FTGame) -> list[Decision]:
        if self.stage is not RepairStage.SEND:
            return []
        owed = []
        for player in game.state.loser_first:
            ship = self._next_ship(game, player)
            if ship is not None:
                options = tuple(Repair(ship.id, index) for index in self._open_systems(game, ship))
                owed.append(
                    Decision(player,
                             f"{ship_label(game.state, ship)}: send a damage control party",
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
        if action.system not in self._open_systems(game, ship):
            raise IllegalAction(f"{action!r}: {ship_label(game.state, ship)} cannot work on "
                                "that system now")
        cls = game.data.designs[ship.design]
        if cls.race == SAVASKU:
            ship.repair_power -= cls.systems[action.system].mass
        self.parties.setdefault(ship.id, []).append(action.system)

    def step(self, game: FTGame) -> None:
        if self.stage is RepairStage.SEND:
            self.stage = RepairStage.ROLL
            return
        for ship_id in sorted(self.parties):
            sent = self.parties[ship_id]
            for system in sorted(set(sent)):
                _roll_repair(game, game.state.ships[ship_id], system, sent.count(system))
        game.pop()


def _roll_repair(game: FTGame, ship: Ship, system: int, parties: int) -> None:
    """One roll for ``system`` with ``parties`` working on it."""
    if not ship.active:
        return
    cls = game.data.designs[ship.design]
    savasku = cls.race == SAVASKU
    if savasku and ship.biomass < 1:
        return  # the biomass ran out on an earlier success
    need = game.data.rules.savasku.repair_on if savasku else repair_number(
        parties, game.data.rules.repair)
    label = cls.systems[system].label
    named = ship_label(game.state, ship)  # the dice's label, their key, keeps the name
    purpose, told = f"repair {ship.name} {label}", f"repair {named} {label}"
    face = game.dice_for(ship.player).faces(6, 1, label=purpose, told=told)[0]
    game.emit(RollEffect(ship.player, purpose, int(face >= need), 1, at_least=need, told=told))
    single = savasku or parties == 1  # the verb agrees: "1 party fails", "2 parties fail"
    if face >= need:
        ship.damage[system] -= 1
        text = "repairs" if single else "repair"
        if savasku:
            ship.biomass -= 1  # a success spends one biomass (FT-SV-REPAIR)
    else:
        text = "fails to repair" if single else "fail to repair"
    crew = counted(parties, "damage control party")
    if savasku:
        crew = f"{cls.systems[system].mass} repair power"
    game.emit(
        SystemRepairRolled(
            ship=ship.id,
            system=system,
            face=face,
            parties=parties,
            need=need,
            text=f"{possessive(named)} {crew} {text} the {label} (needed {need}+, rolled "
            f"{face})",
        )
    )
