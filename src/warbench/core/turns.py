"""Shared turn mechanics: roll-offs, alternating activations, simultaneous hidden orders.

Rule systems differ in what they roll and what a unit does, but many share the shape of a
turn: players roll off for the order (ties roll again), take turns activating one unit
each (a player with units left goes on when the others have none), or write orders at the
same time, hidden until all are in. Those shapes live here once.

>>> rolls = iter([4, 6, 4, 2, 5])
>>> roll_off([0, 1, 2], lambda player: next(rolls))
[1, 2, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.events import RollEffect
from warbench.core.plain import Hidden
from warbench.core.procedures import D, Procedure, S

if TYPE_CHECKING:
    from warbench.core.engine import Game


def roll_off(
    players: Sequence[int],
    roll: Callable[[int], int],
    reroll: Callable[[int], int] | None = None,
) -> list[int]:
    """Players ordered by their roll, highest first; players who tie roll again.

    Every player rolls once, in the order given (``roll(player)`` rolls and returns the
    result); then each group that tied, from the highest result down, rolls off among
    itself with ``reroll`` (default: ``roll``; bonuses that count once leave it out),
    again and again until no tie is left. One player needs no roll.
    """
    if len(players) <= 1:
        return list(players)
    by_result: dict[int, list[int]] = {}
    for player in players:
        by_result.setdefault(roll(player), []).append(player)
    again = roll if reroll is None else reroll
    order: list[int] = []
    for result in sorted(by_result, reverse=True):
        tied = by_result[result]
        order.extend(roll_off(tied, again) if len(tied) > 1 else tied)
    return order


def roll_off_die(game: Game[Any, Any], player: int, label: str, sides: int = 6) -> int:
    """One die ``player`` rolls in a roll-off (``roll_off``'s ``roll``): the face, which
    the luck report rates (higher is better for the roller)."""
    face = game.dice_for(player).faces(sides, 1, label=label)[0]
    game.emit(RollEffect(player, label, face, 1, sides=sides))
    return face


@dataclass(slots=True)
class Alternation:
    """Players take turns activating one unit each, in a fixed order, until none is left.

    A player with no unit ready is skipped, so a player with units left goes on alone once
    the others have none. ``turn`` is the position in the order whose turn it is.

    >>> turns = Alternation()
    >>> ready = {0: 2, 1: 1}
    >>> order = [1, 0]
    >>> for _ in range(3):
    ...     player = turns.current(order, lambda p: ready[p] > 0)
    ...     ready[player] -= 1
    ...     turns.activated(order, player)
    ...     print(player)
    1
    0
    0
    >>> turns.current(order, lambda p: ready[p] > 0) is None
    True
    """

    turn: int = 0

    def current(self, order: Sequence[int], ready: Callable[[int], bool]) -> int | None:
        """The player whose turn it is (the next one with a unit ready), or ``None``."""
        for offset in range(len(order)):
            player = order[(self.turn + offset) % len(order)]
            if ready(player):
                return player
        return None

    def activated(self, order: Sequence[int], player: int) -> None:
        """``player`` has activated a unit: the turn passes to the next in ``order``."""
        self.turn = (list(order).index(player) + 1) % len(order)


@dataclass(slots=True)
class SimultaneousOrders(Procedure[S, D]):
    """Every player writes orders at once; nobody sees another's until all are in.

    A subclass says which orders each player still owes (:meth:`owed`, keys such as ship
    ids or ``"stance"``) and what each may write (:meth:`decision`), and carries the
    revealed orders out (:meth:`carry_out`). Written orders are kept as
    :class:`~warbench.core.plain.Hidden` values owned by their writer, so views,
    observations and journals hide them until they are revealed together.
    """

    written: dict[str, Hidden[Action]] = field(default_factory=dict)

    def owed(self, game: Game[S, D], player: int) -> list[str]:
        """The keys of the orders ``player`` still has to write (none: they are done)."""
        raise NotImplementedError

    def decision(self, game: Game[S, D], player: int, key: str) -> Decision:
        """The decision for ``player``'s order ``key``."""
        raise NotImplementedError

    def order_key(self, game: Game[S, D], player: int, action: Action) -> str:
        """Which of ``player``'s owed orders ``action`` writes (default: the first owed)."""
        return self.owed(game, player)[0]

    def carry_out(self, game: Game[S, D], orders: dict[str, Action]) -> None:
        """Act on the revealed orders (by key); the frame pops itself afterwards."""
        raise NotImplementedError

    def decisions(self, game: Game[S, D]) -> list[Decision]:
        found = []
        for player in range(game.players):
            owed = self.owed(game, player)
            if owed:
                found.append(self.decision(game, player, owed[0]))
        return found

    def act(self, game: Game[S, D], player: int, action: Action) -> None:
        self.written[self.order_key(game, player, action)] = Hidden(player, action)

    def step(self, game: Game[S, D]) -> None:
        for order in self.written.values():
            order.revealed = True
        orders = {key: order.value for key, order in self.written.items()}
        game.pop()
        self.carry_out(game, orders)


def withdraw_unseen_orders(state: Any, seat: int) -> None:
    """Withdraw, in an observed ``state``, every written order ``seat`` may not see.

    For search: the sampled game then asks the other players for those orders again,
    which is all ``seat`` knows of them (that they are not yet revealed).
    """
    for frame in state.stack:
        if isinstance(frame, SimultaneousOrders):
            for key, order in list(frame.written.items()):
                if not order.visible_to(seat):
                    del frame.written[key]
