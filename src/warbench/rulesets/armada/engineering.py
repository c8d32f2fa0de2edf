"""The engineering phase: officers change roles and give engineering orders, then
fleets regain shield points."""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.dice import DiceExpr
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.core.procedures import Procedure
from warbench.rulesets.armada.actions import (
    ChangeRole,
    EndOrders,
    Order,
)
from warbench.rulesets.armada.context import ArmadaGame
from warbench.rulesets.armada.data import ArmadaData, Tables
from warbench.rulesets.armada.events import ShieldsRegained
from warbench.rulesets.armada.names import fleet_label
from warbench.rulesets.armada.order_space import OrderSpace
from warbench.rulesets.armada.orders import change_role, give_order
from warbench.rulesets.armada.sight import knowing_sides
from warbench.rulesets.armada.state import (
    ACTIVE,
    ArmadaState,
    Fleet,
    Phase,
)


@dataclass(slots=True)
class OrdersWindow(Procedure[ArmadaState, ArmadaData]):
    """The start of engineering: each armada in turn changes its officers' roles and gives
    its engineering orders (moving to an adjacent fleet among them), then ends its orders."""

    sides: list[int]
    turn: int = 0

    def decisions(self, game: ArmadaGame) -> list[Decision]:
        if self.turn >= len(self.sides):
            return []
        state = game.state
        side = self.sides[self.turn]
        space = OrderSpace(state, game.data.tables, side, Phase.ENGINEERING)
        if not space.candidates():
            return []
        return [Decision(side, "officers: change roles and give engineering orders",
                         (EndOrders(),), (space,))]

    def act(self, game: ArmadaGame, player: int, action: Action) -> None:
        match action:
            case ChangeRole():
                change_role(game, game.state, action)
            case Order():
                give_order(game, game.state, game.data.tables, action)
            case EndOrders():
                self.turn += 1
            case _:
                raise IllegalAction(
                    f"engineering takes orders and role changes, not {action!r} (ARM-ACTIONS)"
                )

    def step(self, game: ArmadaGame) -> None:
        self.turn += 1
        if self.turn >= len(self.sides):
            game.pop()


def max_shields(state: ArmadaState, fleet: Fleet) -> int:
    """Shield points the fleet may hold: its own plus its chief engineer's bonus."""
    return fleet.shield_max + state.officer_bonus(fleet, "chief-engineer")


def engineering(game: ArmadaGame, state: ArmadaState, tables: Tables) -> None:
    """Each fleet regains shield points by the regain table (not with damaged shields)."""
    for fleet in state.fleets:
        if fleet.status != ACTIVE or "shields" in fleet.criticals:
            continue
        most = max_shields(state, fleet)
        dice = tables.regain_dice(most)
        if dice is None or fleet.shields >= most:
            fleet.shields = min(fleet.shields, most)
            continue
        expr = DiceExpr.parse(dice)
        named = fleet_label(state, fleet)  # the dice's label, their key, keeps the name
        gained = expr.roll(game.dice_for(fleet.side), label=f"{fleet.name} shields",
                           told=f"{named} shields").total
        if expr.keep is None:  # the shields regained are the effect
            game.emit(RollEffect(fleet.side, f"{fleet.name} shields", gained, expr.count,
                                 sides=expr.sides, modifier=expr.modifier,
                                 told=f"{named} shields"))
        gained += fleet.this_round.regain_bonus
        before = fleet.shields
        fleet.shields = min(most, fleet.shields + gained)
        game.emit(ShieldsRegained(
            fleet.id, fleet.shields,
            text=f"{named} regains {fleet.shields - before} shield"
            f" point{'s' if fleet.shields - before != 1 else ''}",
            visible_to=knowing_sides(state, fleet),  # ARM-OFF-SCAN: shield points
        ))

