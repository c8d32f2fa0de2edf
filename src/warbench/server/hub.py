"""Live games and their websocket connections: who watches which seat, and pushing updates.

A :class:`Room` holds one :class:`GameSession`, the lock every change to it takes, and the
open connections, each tied to one seat (or to spectators). After a change each
connection is sent the snapshot of its own seat and nothing else. The :class:`Hub` finds a
room by game id, restoring a stored game from its journal the first time it is asked for,
and lets bots play their seats in the background.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from fastapi import WebSocket

from warbench.server.rulebook import Rulebook
from warbench.server.session import GameSession
from warbench.server.snapshot import SPECTATOR, seat_units, snapshot
from warbench.server.store import ONE_SCREEN_SEAT, Store
from warbench.server.tokens import matches

log = logging.getLogger("warbench.server")
#: Steps after which a room reads its seats' unit names from their views again.
UNITS_EVERY = 25
#: The seat of a one-screen table's token: it acts and sees as whichever person seat is to act.
ONE_SCREEN = ONE_SCREEN_SEAT
#: The seat under which the store keeps the spectators' token.
SPECTATOR_TOKEN = -1

T = TypeVar("T")


@dataclass(eq=False, slots=True)
class Connection:
    """One open page: its socket, its seat, and how many log lines it has been sent.

    A one-screen page (``one_screen``) takes the seat of the person to act at each push.
    """

    socket: WebSocket
    seat: int
    log_count: int = 0
    one_screen: bool = False


@dataclass(eq=False, slots=True)
class Room:
    """A live game, the lock its changes take, and who is connected to it."""

    session: GameSession
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    bots_running: bool = False
    #: Per seat, the catalog unit of each named piece and the step it was read at.
    units: dict[int, tuple[int, dict[str, str]]] = field(default_factory=dict)

    def units_for(self, seat: int) -> dict[str, str]:
        """The seat's unit names, read again from its view every :data:`UNITS_EVERY` steps."""
        game = self.session.game
        assert game is not None
        step = len(game.journal.entries)
        kept = self.units.get(seat)
        if kept is None or step - kept[0] >= UNITS_EVERY or step < kept[0]:
            kept = self.units[seat] = (step, seat_units(game, seat))
        return kept[1]

    def message_for(self, seat: int, log_from: int = 0) -> dict[str, Any]:
        """The snapshot a seat (or spectators) may be sent now."""
        session = self.session
        if session.game is None:
            message: dict[str, Any] = {
                "type": "state",
                "seat": None if seat == SPECTATOR else seat,
                "step": 0,
                "scene": session.opening_scene(seat),
                # which colour is whose, before the opening's dice are in too
                "sides": list(session.rules.side_names(session.journal.setup,
                                                       session.journal.players)),
                "decisions": [],
                "waiting_for": [],
                "log_from": log_from,
                "log": [],
                "log_count": 0,
                "over": False,
                "outcome": None,
            }
        else:
            message = snapshot(
                session.game,
                seat,
                log_from=log_from,
                units=self.units_for(seat),
                attacks=session.seen.last(seat),
                deciding=session.roll is None,
            )
        message["game"] = session.id
        message["ruleset"] = session.rules.id
        message["referee"] = session.referee
        roll = session.roll
        message["roll"] = roll.to_plain() if roll is not None and session.is_person(seat) else None
        message["waiting_for_dice"] = roll is not None
        return message

    async def send(self, connection: Connection, message: dict[str, Any]) -> None:
        """Send one message; a connection that fails is dropped."""
        try:
            await connection.socket.send_json(message)
        except Exception:
            if connection in self.connections:
                self.connections.remove(connection)

    async def push(self, connection: Connection) -> None:
        """Send a connection its seat's snapshot, with the log lines it lacks."""
        if connection.one_screen:
            seat = self.session.screen_seat(connection.seat)
            if seat != connection.seat:  # another person's turn: their whole log
                connection.seat, connection.log_count = seat, 0
        message = self.message_for(connection.seat, connection.log_count)
        message["one_screen"] = connection.one_screen
        connection.log_count = message["log_count"]
        await self.send(connection, message)

    async def broadcast(self) -> None:
        """Send every connection its own seat's snapshot."""
        for connection in list(self.connections):
            await self.push(connection)


class GameUnavailable(ValueError):
    """A stored game that cannot be resumed (its journal no longer replays); says why."""


class Hub:
    """Every room of the server, by game id."""

    def __init__(self, store: Store, rulebook: Rulebook) -> None:
        self.store = store
        self.rulebook = rulebook
        self.rooms: dict[str, Room] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._moves: set[asyncio.Future[Any]] = set()
        #: Set once the server stops: no bot starts another move.
        self._closing = False

    def room(self, game_id: str) -> Room | None:
        """The live room of a game, restored from the store if needed (``None``: no game).

        Raises :class:`GameUnavailable` when the stored journal no longer replays.
        """
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        record = self.store.load(game_id)
        if record is None:
            return None
        try:
            journal = record.journal
            rules = self.rulebook.for_data(journal.ruleset, journal.data, "it")
            session = GameSession.restore(record, rules, self.store)
        except ValueError as error:  # an unknown ruleset, other data, a journal not replaying
            raise GameUnavailable(f"game {game_id} cannot be resumed: {error}") from None
        room = self.rooms[game_id] = Room(session)
        self.drive_bots(room)
        return room

    def add(self, session: GameSession) -> Room:
        """Make a new game live."""
        room = self.rooms[session.id] = Room(session)
        self.drive_bots(room)
        return room

    def seat_of(self, game_id: str, token: str) -> int | None:
        """The seat a token opens in a game (``SPECTATOR`` for the spectator link,
        ``ONE_SCREEN`` for a one-screen table's)."""
        for seat, stored in self.store.token_digests(game_id).items():
            if matches(token, stored):
                return SPECTATOR if seat == SPECTATOR_TOKEN else seat
        return None

    def drive_bots(self, room: Room) -> None:
        """Let the room's bots play what they owe, in the background."""
        if room.bots_running or not room.session.bots or self._closing:
            return
        with contextlib.suppress(RuntimeError):  # no running loop: the next change drives
            task = asyncio.get_running_loop().create_task(self._bots(room))
            room.bots_running = True
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _bots(self, room: Room) -> None:
        try:
            while not self._closing:
                taken = await self.unstoppable(self._bot_move(room))
                if not taken:
                    return
                await asyncio.sleep(0)
        finally:
            room.bots_running = False

    async def _bot_move(self, room: Room) -> int:
        """One bot's move, applied and pushed; how many were taken (none once the server
        stops: a move not yet started is not started)."""
        async with room.lock:
            if self._closing:
                return 0
            try:
                taken = await asyncio.to_thread(room.session.bot_turns, 1)
            except Exception:
                log.exception("game %s: a bot failed", room.session.id)
                taken = 0
            if taken or room.session.roll is not None:  # moves, or dice asked
                await room.broadcast()
        return taken

    async def unstoppable(self, work: Awaitable[T]) -> T:
        """Await ``work`` (a move: a person's applied, pushed and the bots driven, or a
        bot's), which runs to its end even when the caller is cancelled (a page closed
        mid-move cancels its socket's handler, a server stopping its bots' tasks):
        cancelled half-way, it let go of the room's lock while its thread still applied the
        move, and a person's was never pushed nor answered by the bots, a bot's never stored
        (the store closed under it)."""
        task = asyncio.ensure_future(work)
        self._moves.add(task)
        task.add_done_callback(self._moves.discard)
        return await asyncio.shield(task)

    async def close(self) -> None:
        """Stop the bots' background work; let the moves under way (a bot's too) finish,
        so the store may close after; no bot starts another."""
        self._closing = True
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        while self._moves:  # a person's move may still be waiting for a bot's to end
            await asyncio.gather(*self._moves, return_exceptions=True)
