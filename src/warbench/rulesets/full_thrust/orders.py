"""Phase 1, written orders, and phase 5, simultaneous ship movement.

Every player writes an order for every ship at the same time; each order is hidden from
the other players until phase 5, when all orders are revealed at once and every ship
moves by its own. Screening fighters move with the ship they screen; a ship that ends its
move off the table has disengaged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.plain import REDACTED, Hidden
from warbench.core.rng import RandomStream
from warbench.core.words import possessive
from warbench.rulesets.full_thrust.actions import Launch, LaunchesDone, MergeGroups, WriteOrders
from warbench.rulesets.full_thrust.context import FTGame, FTProcedure
from warbench.rulesets.full_thrust.damage import remove_ship, thrust_of, working
from warbench.rulesets.full_thrust.events import OrdersRevealed, OrdersWritten, OwnOrders, ShipMoved
from warbench.rulesets.full_thrust.events_alien import PowerAllocated, ShroudRaised
from warbench.rulesets.full_thrust.fighters import launch_options, merge
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.movement import (
    VECTOR,
    Manoeuvre,
    cinematic_move,
    legal_manoeuvres,
    manoeuvre_of,
    on_table,
    order_choices,
    vector_move,
)
from warbench.rulesets.full_thrust.names import ship_label
from warbench.rulesets.full_thrust.savasku import SAVASKU, power_shares
from warbench.rulesets.full_thrust.state import (
    DISENGAGED,
    SCREENING,
    FullThrustState,
    Order,
    Ship,
)


def legal_orders(state: FullThrustState, lib: Library, ship: Ship) -> list[Manoeuvre]:
    """Every order ``ship`` may write now, by its working thrust and its drive."""
    cls = lib.designs[ship.design]
    thrust = thrust_of(cls, ship)
    return order_choices(state.movement, thrust, ship.speed, cls.advanced)


def order_options(state: FullThrustState, lib: Library, ship: Ship) -> list[WriteOrders]:
    """Every order ``ship`` may write: each legal manoeuvre, and for a ship with a working
    vapour shroud each again with the shroud raised (FT-SEQ-ALIEN-SHROUD); a Sa'Vasku
    ship's each manoeuvre its power affords, with every share of the rest between screens,
    repair and attack (FT-SEQ-ALIEN-POWER, FT-SV-REPAIR)."""
    return list(_order_tuple(state, lib, ship))


def _order_tuple(state: FullThrustState, lib: Library, ship: Ship) -> tuple[WriteOrders, ...]:
    """:func:`order_options` as a tuple (for a ship with no power to share, the kept one)."""
    cls = lib.designs[ship.design]
    if cls.race == SAVASKU:
        return tuple(
            WriteOrders(ship.id, *choice, screens=screens, attack=attack, repair=repair)
            for choice in legal_orders(state, lib, ship)
            for screens, repair, attack in power_shares(lib, state.movement, cls, ship, choice)
        )
    shroud = bool(working(cls, ship, "shroud"))
    return _plain_orders(ship.id, state.movement, thrust_of(cls, ship), ship.speed,
                         cls.advanced, shroud)


@lru_cache(maxsize=4096)
def _plain_orders(ship: int, movement: str, thrust: int, speed: int, advanced: bool,
                  shroud: bool) -> tuple[WriteOrders, ...]:
    """The orders of a ship with no power to share, kept per argument tuple (all they
    depend on: nothing invalidates a kept answer; the actions are frozen, so sharing them
    between decisions and games is safe): every legal manoeuvre, then with a working vapour
    shroud each again with the shroud raised."""
    manoeuvres = legal_manoeuvres(movement, thrust, speed, advanced)
    shrouds = (False, True) if shroud else (False,)
    return tuple(
        WriteOrders(ship, *choice, shroud=raised) for raised in shrouds for choice in manoeuvres
    )


def describe_order(movement: str, speed: int, order: Order) -> str:
    """An order in words, e.g. ``speed 4 -> 6, 1 point to starboard``; a vector order
    that rotates names its steps in the order they are made.

    >>> describe_order("cinematic", 4, Order(2, -1))
    'speed 4 -> 6, 1 point to port'
    >>> describe_order("vector", 4, Order(2, 3, burn_before_turn=True))
    'burn 2, then 3 points to starboard'
    """
    push = ""
    if order.side:
        push = f"push {abs(order.side)} MU to {'starboard' if order.side > 0 else 'port'}"
    elif order.retro:
        push = f"retro push {order.retro} MU"
    extra = ""
    if order.shroud:
        extra += ", vapour shroud raised"
    if order.power_screens or order.power_attack or order.power_repair:
        extra += f", power: {order.power_screens} screen levels, {order.power_attack} attack"
        if order.power_repair:
            extra += f", {order.power_repair} repair"
    vector = movement == VECTOR
    thrust = f"burn {order.speed}" if vector else f"speed {speed} -> {speed + order.speed}"
    if order.turn == 0:
        return f"{thrust}, straight on{', ' + push if push else ''}{extra}"
    points, side = abs(order.turn), "starboard" if order.turn > 0 else "port"
    turn = f"{points} point{'s' if points > 1 else ''} to {side}"
    if not vector:
        return f"{thrust}, {turn}{extra}"
    steps = [(order.burn_before_turn, thrust)] if order.speed else []
    steps += [(order.push_before_turn, push)] if push else []
    before = [step for first, step in steps if first]
    after = [step for first, step in steps if not first]
    return ", then ".join([*before, turn, *after]) + extra


@dataclass(slots=True)
class WriteOrdersPhase(FTProcedure):
    """Phase 1: each player owes one order per ship, all at once, each hidden; a carrier's
    order then names the fighter groups it launches this turn (FT-FTR-LAUNCH), and groups
    in its hangar may merge."""

    launches_done: list[int] = field(default_factory=list)

    def decisions(self, game: FTGame) -> list[Decision]:
        state = game.state
        owed = []
        for ship in state.ships:
            if not ship.active:
                continue
            written = state.orders[ship.id]
            if written is None:
                options = _order_tuple(state, game.data, ship)
                owed.append(Decision(ship.player, f"write orders for {ship_label(state, ship)}",
                                     options))
            elif ship.id not in self.launches_done:
                launches = launch_options(game, ship, written.value.launch)
                if launches:
                    owed.append(
                        Decision(ship.player, f"{ship_label(state, ship)}: launch fighter groups",
                                 (*launches, LaunchesDone(ship.id)))
                    )
        return owed

    def act(self, game: FTGame, player: int, action: Action) -> None:
        state = game.state
        if isinstance(action, LaunchesDone):
            self.launches_done.append(action.ship)
            return
        if isinstance(action, Launch):
            group = state.groups[action.group]
            written = state.orders[group.carrier]
            if written is None:
                raise IllegalAction(f"{action!r}: the carrier has no written orders yet")
            written.value.launch.append(group.id)
            return
        if isinstance(action, MergeGroups):
            merge(game, state.groups[action.group], state.groups[action.into])
            return
        if not isinstance(action, WriteOrders):
            raise IllegalAction(f"{action!r} writes no orders")
        ship = state.ships[action.ship]
        order = order_written(action)
        state.orders[ship.id] = Hidden(player, order)
        game.emit(
            OrdersWritten(
                ship=ship.id,
                player=player,
                text=f"{possessive(ship_label(state, ship))} orders are written",
            )
        )
        game.emit(
            OwnOrders(
                visible_to=frozenset({player}),
                ship=ship.id,
                speed=order.speed,
                turn=order.turn,
                shroud=order.shroud,
                screens=order.power_screens,
                attack=order.power_attack,
                repair=order.power_repair,
                text=f"{ship_label(state, ship)}: "
                f"{describe_order(state.movement, ship.speed, order)}",
            )
        )

    def step(self, game: FTGame) -> None:
        game.pop()


def orders_seen_by(
    orders: list[Hidden[Order] | None], seat: int
) -> list[Hidden[Order] | None]:
    """The written orders as ``seat`` may know them: others' unrevealed ones redacted.

    For observations, which are read and never changed: a seen order's value is shared.
    """
    return [None if written is None else _order_seen_by(written, seat) for written in orders]


def _order_seen_by(written: Hidden[Order], seat: int) -> Hidden[Order]:
    if written.visible_to(seat):
        return Hidden(written.owner, written.value, written.revealed)
    # Hidden(...), not Hidden[Any](...): a call through typing's alias costs more than the rest
    redacted: Hidden[Any] = Hidden(written.owner, REDACTED, written.revealed)
    return redacted


def draw_unseen_orders(
    state: FullThrustState, lib: Library, seat: int, rng: RandomStream
) -> None:
    """Give every written order ``seat`` may not see a legal order drawn at random.

    For search (FT-SEQ-ORDERS): all ``seat`` knows of an enemy order before it is revealed
    is that one was written, and any legal order fits that. Each stays hidden and owned by
    its writer.
    """
    for ship in state.ships:
        written = state.orders[ship.id] if ship.id < len(state.orders) else None
        if written is None or written.visible_to(seat):
            continue
        choices = order_options(state, lib, ship)
        written.value = order_written(choices[rng.choice_index(len(choices))])


def order_written(option: WriteOrders) -> Order:
    """The order ``option`` writes (no fighters launched: launches are asked later)."""
    return Order(option.speed, option.turn, side=option.side, retro=option.retro,
                 burn_before_turn=option.burn_before_turn,
                 push_before_turn=option.push_before_turn,
                 shroud=option.shroud, power_screens=option.screens,
                 power_attack=option.attack, power_repair=option.repair)


def move_ships(game: FTGame) -> None:
    """Phase 5: reveal every order, then move every ship at once."""
    state = game.state
    revealed = []
    for ship in state.ships:
        written = state.orders[ship.id]
        if not ship.active or written is None:
            continue
        written.revealed = True
        said = describe_order(state.movement, ship.speed, written.value)
        revealed.append(f"{ship_label(state, ship)} {said}")
    game.emit(
        OrdersRevealed(
            orders={
            str(i): (o.value.speed, o.value.turn) for i, o in enumerate(state.orders) if o
        },
            text="Orders revealed: " + "; ".join(revealed),
        )
    )
    for ship in state.ships:
        written = state.orders[ship.id]
        if ship.active and written is not None and written.value.shroud:
            ship.shrouded = True
            game.emit(ShroudRaised(ship=ship.id,
                                   text=f"{ship_label(state, ship)} raises its vapour shroud"))
        if ship.active and written is not None and game.data.designs[ship.design].race == SAVASKU:
            order = written.value
            ship.powered_screens, ship.attack_power = order.power_screens, order.power_attack
            ship.repair_power = order.power_repair
            repair = f", {order.power_repair} repair" if order.power_repair else ""
            game.emit(
                PowerAllocated(
                    ship=ship.id, screens=order.power_screens, attack=order.power_attack,
                    repair=order.power_repair,
                    text=f"{ship_label(state, ship)} powers {order.power_screens} screen levels "
                    f"and {order.power_attack} attack{repair}",
                )
            )
    for ship in state.ships:
        written = state.orders[ship.id]
        if ship.active and written is not None:
            _move(game, state, ship.id, written.value)


def _move(game: FTGame, state: FullThrustState, index: int, order: Order) -> None:
    ship = state.ships[index]
    start = (ship.x, ship.y)
    if state.movement == VECTOR:
        ship.x, ship.y, ship.facing, ship.vx, ship.vy = vector_move(
            ship.x, ship.y, ship.facing, ship.vx, ship.vy, manoeuvre_of(order)
        )
        ship.speed = round((ship.vx**2 + ship.vy**2) ** 0.5)
    else:
        ship.x, ship.y, ship.facing, ship.speed = cinematic_move(
            ship.x, ship.y, ship.facing, ship.speed, order.speed, order.turn
        )
    game.emit(
        ShipMoved(
            ship=ship.id,
            x=ship.x,
            y=ship.y,
            facing=ship.facing,
            speed=ship.speed,
            text=f"{ship_label(state, ship)} moves from ({start[0]:.1f}, {start[1]:.1f}) to "
            f"({ship.x:.1f}, {ship.y:.1f}), facing {ship.facing or 12} o'clock at speed "
            f"{ship.speed}",
        )
    )
    for group in state.groups:
        if group.status == SCREENING and group.screening == ship.id:
            group.x, group.y = ship.x, ship.y
    if not on_table(ship.x, ship.y, state.width, state.height):
        for group in state.groups:
            if group.status == SCREENING and group.screening == ship.id:
                group.x = min(max(ship.x, 0.0), state.width)
                group.y = min(max(ship.y, 0.0), state.height)
        remove_ship(game, ship, DISENGAGED)
