"""Gravity mines: at the end of the helm phase, fleets with gravity mines may lay
them (once a battle)."""

from __future__ import annotations

from dataclasses import dataclass, field

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import IllegalAction
from warbench.core.hexgrid import Hex
from warbench.core.procedures import Procedure
from warbench.core.rng import RandomStream
from warbench.core.words import one_of
from warbench.rulesets.armada.actions import (
    Decline,
    LayMines,
)
from warbench.rulesets.armada.context import ArmadaGame
from warbench.rulesets.armada.data import ArmadaData, Tables
from warbench.rulesets.armada.events import MinesLaid
from warbench.rulesets.armada.names import fleet_label, fleet_labels
from warbench.rulesets.armada.places import hex_from, mine_name
from warbench.rulesets.armada.shown import record_ability
from warbench.rulesets.armada.state import (
    ArmadaState,
    Mine,
)


class MineSpace(ParamSpace):
    """Two hexes within reach of one of the fleets that may lay gravity mines now."""

    action_type = LayMines

    def __init__(self, state: ArmadaState, tables: Tables, fleets: list[int]) -> None:
        self._state, self.rule, self.fleets = state, tables.rounds.gravity_mines, fleets
        labels = fleet_labels(state.fleets)
        names = one_of([labels[index] for index in fleets])
        self.description = (f"with {names} (in {tables.rounds.gravity_mines.hexes} hexes within "
                            f"{tables.rounds.gravity_mines.reach} of it)")

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, LayMines):
            return f"gravity mines to lay, not {action!r} (ARM-ACTIONS)"
        if not 0 <= action.fleet < len(self._state.fleets):
            return f"no fleet {action.fleet} in this battle (ARM-ACTIONS)"
        if action.fleet not in self.fleets:
            labels = fleet_labels(self._state.fleets)
            may = one_of([labels[index] for index in self.fleets])
            return (f"{labels[action.fleet]} may not lay gravity mines now "
                    f"(only {may} may, ARM-ABILITY-MINES)")
        fleet = self._state.fleets[action.fleet]
        hexes = [Hex(q, r) for q, r in action.hexes]
        if len(hexes) != self.rule.hexes or len(set(hexes)) != len(hexes):
            return f"gravity mines go in {self.rule.hexes} different hexes (ARM-ABILITY-MINES)"
        far = [h for h in hexes if h.distance(fleet.hex) > self.rule.reach]
        if far:
            named = fleet_label(self._state, fleet)
            return (f"{hex_from(fleet.hex, far[0], named)} is more than "
                    f"{self.rule.reach} hexes from it (ARM-ABILITY-MINES)")
        return None

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        samples: list[Action] = []
        for _ in range(count):
            fleet = self._state.fleets[self.fleets[rng.choice_index(len(self.fleets))]]
            around = list(fleet.hex.within(self.rule.reach))
            picked: list[Hex] = []
            while len(picked) < self.rule.hexes:
                hex_ = around.pop(rng.choice_index(len(around)))
                picked.append(hex_)
            samples.append(LayMines(fleet.id, tuple((h.q, h.r) for h in picked)))
        return samples


@dataclass(slots=True)
class MinesWindow(Procedure[ArmadaState, ArmadaData]):
    """The end of the helm phase: in helm order, each armada may lay the gravity mines of
    its fleets that have not laid them yet (once a battle)."""

    sides: list[int]
    turn: int = 0
    declined: list[int] = field(default_factory=list)

    def layers(self, state: ArmadaState, side: int) -> list[int]:
        """Fleets of ``side`` that may still lay their mines this round."""
        return [
            fleet.id
            for fleet in state.active_fleets(side)
            if fleet.has("gravity-mines") and not fleet.mines_laid
            and fleet.id not in self.declined
        ]

    def decisions(self, game: ArmadaGame) -> list[Decision]:
        if self.turn >= len(self.sides):
            return []
        state = game.state
        side = self.sides[self.turn]
        layers = self.layers(state, side)
        if not layers:
            return []
        return [Decision(side, "lay gravity mines now, or not yet",
                         tuple(Decline(fleet) for fleet in layers),
                         (MineSpace(state, game.data.tables, layers),))]

    def act(self, game: ArmadaGame, player: int, action: Action) -> None:
        match action:
            case Decline():
                self.declined.append(action.fleet)
            case LayMines():
                lay_mines(game, action)
            case _:
                raise IllegalAction(f"lay gravity mines or decline, not {action!r} (ARM-ACTIONS)")

    def step(self, game: ArmadaGame) -> None:
        self.turn += 1
        if self.turn >= len(self.sides):
            game.pop()


def lay_words(state: ArmadaState, fleet: int, hexes: tuple[tuple[int, int], ...]) -> str:
    """Where mines go, each hex from the fleet laying them, with the key the board will mark
    each with (the next after the mines on the table)."""
    layer = state.fleets[fleet]
    named = fleet_label(state, layer)
    return " and ".join(
        f"{mine_name(len(state.mines) + number)} {hex_from(layer.hex, Hex(q, r), named)}"
        for number, (q, r) in enumerate(hexes))


def lay_mines(game: ArmadaGame, action: LayMines) -> None:
    """The fleet lays its gravity mines (hit points by its tier), once a battle."""
    state = game.state
    fleet = state.fleets[action.fleet]
    rule = game.data.tables.rounds.gravity_mines
    where = lay_words(state, fleet.id, action.hexes)
    for q, r in action.hexes:
        state.mines.append(Mine(q, r, fleet.side, fleet.id, state.round,
                                max(1, fleet.tier // rule.hp_divisor)))
    fleet.mines_laid = True
    record_ability(state.shown, fleet.id, "gravity-mines")
    game.emit(MinesLaid(
        fleet.id, tuple(action.hexes),
        text=f"{fleet_label(state, fleet)} lays gravity mines: " + where,
    ))


