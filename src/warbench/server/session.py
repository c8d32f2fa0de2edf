"""One live game on the server: the engine's game, its seats, bots, referee dice and store.

Every action goes through :meth:`GameSession.act`: the engine checks it, and only once its
journal entry is committed to the store does the call return, so nothing is acknowledged
or broadcast that a restart would lose. In referee mode the rules ask for dice as they
roll; when the faces are not typed yet, the action is rolled back (the engine's apply is
transactional), the request is kept, and the action is tried again once a person has
typed the faces. The waiting action and the faces typed for it so far are committed to the
store before the server asks for more, so a restart asks only for the faces still missing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from warbench.core.actions import Action
from warbench.core.agents import Agent, RandomAgent
from warbench.core.dice import RefereeDice, check_faces
from warbench.core.engine import Game, IllegalAction
from warbench.core.journal import Journal
from warbench.core.moments import SeenAttacks, actor_of
from warbench.core.replay import replay_steps
from warbench.core.rng import RandomStream, seed_for
from warbench.core.ruleset import Ruleset
from warbench.core.words import counted, player_name
from warbench.server.lobby import seat_bot
from warbench.server.snapshot import SPECTATOR
from warbench.server.store import FINISHED, OPEN, PLAYING, GameRecord, Pending, Seat, Store

#: Bot moves taken in one go before the server lets other games run.
BOT_BATCH = 25
#: Late refusals of a bot in a row before a random legal action is taken instead.
BOT_REFUSALS = 50


class NeedFaces(Exception):
    """The rules rolled dice that nobody has typed yet (referee mode)."""

    def __init__(self, sides: int, count: int, label: str) -> None:
        asked = f"type {counted(count, 'face')} of a d{sides}"  # after the roll's words, if any
        super().__init__(f"{label}: {asked}" if label else asked)
        self.sides, self.count, self.label = sides, count, label


class SessionError(ValueError):
    """A request the game cannot take now; the message says why, for the page."""


class MalformedAction(SessionError):
    """JSON that is no action of this ruleset; the message names what is wrong."""


class MalformedFaces(SessionError):
    """Typed faces that are not a list of whole numbers (a malformed request, not a roll
    the rules refuse)."""


@dataclass(frozen=True, slots=True)
class RollRequest:
    """Faces the referee game waits for, and the action (or opening) waiting on them."""

    sides: int
    count: int
    label: str
    seat: int | None
    action: Action | None

    def to_plain(self) -> dict[str, Any]:
        """JSON form for the page: what to roll and for what."""
        return {"sides": self.sides, "count": self.count, "label": self.label}


class _TypedFaces:
    """The faces people typed for the attempt under way, handed out in order."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)
        self.used = 0

    def ask(self, sides: int, count: int, label: str) -> list[int]:
        if self.used + count > len(self.faces):
            raise NeedFaces(sides, count, label)
        chosen = self.faces[self.used : self.used + count]
        self.used += count
        return chosen


class GameSession:
    """A game being played on the server."""

    def __init__(
        self,
        game_id: str,
        rules: Ruleset[Any, Any],
        seats: Sequence[Seat],
        store: Store,
        journal: Journal,
        game: Game[Any, Any] | None,
        typed: Sequence[int] = (),
    ) -> None:
        self.id = game_id
        self.rules = rules
        self.seats = tuple(seats)
        self.store = store
        self.journal = journal
        self.game = game
        self.referee = journal.referee
        #: Faces typed for the action (or opening) waiting on dice, in the order asked.
        self.typed: list[int] = list(typed)
        self.roll: RollRequest | None = None
        self.bots: dict[int, Agent] = {
            index: seat_bot(rules, seat.bot)(seed_for(journal.seed, 100 + index))
            for index, seat in enumerate(self.seats)
            if seat.kind == "bot"
        }
        #: The last attacks each seat and the spectators have seen, for their tables.
        self.seen = SeenAttacks(rules, [*range(len(self.seats)), SPECTATOR])
        self._opening_state: Any = None  # drawn while the opening waits for typed dice
        if game is None:
            self._try_opening()

    # ------------------------------------------------------------------ creation

    @classmethod
    def create(
        cls,
        game_id: str,
        rules: Ruleset[Any, Any],
        seats: Sequence[Seat],
        store: Store,
        digests: Mapping[int, str],
        *,
        setup: Mapping[str, Any],
        seed: int,
        referee: bool,
    ) -> GameSession:
        """A new game, stored with its token digests before anyone can reach it."""
        journal = Journal(
            ruleset=rules.id,
            version=rules.version,
            setup=dict(setup),
            seed=seed,
            players=len(seats),
            referee=referee,
            data=rules.data_digest,
            played_by=[seat.bot or seat.kind for seat in seats],
        )
        game = None if referee else Game.new(rules, setup, seed=seed, players=len(seats))
        if game is not None:
            game.journal.played_by = journal.played_by
            journal = game.journal
        store.create(game_id, list(seats), journal, dict(digests))
        return cls(game_id, rules, seats, store, journal, game)

    @classmethod
    def restore(cls, record: GameRecord, rules: Ruleset[Any, Any], store: Store) -> GameSession:
        """A stored game, its journal replayed and every state hash verified; an action
        waiting on dice waits again, with the faces already typed for it."""
        journal, pending = record.journal, record.pending
        if journal.referee and journal.opening_faces is None:
            typed = () if pending is None else pending.faces
            return cls(record.id, rules, record.seats, store, journal, None, typed)
        game, seen, events = None, SeenAttacks(rules, [*range(len(record.seats)), SPECTATOR]), 0
        for step, game in replay_steps(journal, rules=rules):
            seen.saw(game.state, step, game.events[events:], actor_of(journal, step))
            events = len(game.events)
        assert game is not None
        session = cls(record.id, rules, record.seats, store, game.journal, game)
        session.seen = seen
        if pending is not None and pending.player is not None:
            session._resume(pending)
        return session

    def _resume(self, pending: Pending) -> None:
        """Try the stored waiting action again with its typed faces: it asks for the rest."""
        assert pending.player is not None
        self.typed = list(pending.faces)
        # asked for again as before the restart (or refused: whoever owed it owes it again)
        with contextlib.suppress(NeedFaces, IllegalAction):
            self._apply(pending.player, self.rules.codec.decode(pending.action))

    def _try_opening(self) -> None:
        typed = _TypedFaces(self.typed)
        try:
            game = Game.new(
                self.rules,
                self.journal.setup,
                seed=self.journal.seed,
                players=self.journal.players,
                dice=RefereeDice(typed.ask),
            )
        except NeedFaces as need:
            self.roll = RollRequest(need.sides, need.count, need.label, None, None)
            self.store.set_pending(self.id, Pending(None, None, tuple(self.typed)))
            return
        game.journal.played_by = self.journal.played_by
        self.game, self.journal, self.roll, self.typed = game, game.journal, None, []
        self.store.set_opening(self.id, game.journal)

    # ------------------------------------------------------------------ queries

    def opening_scene(self, seat: int) -> dict[str, Any]:
        """The table as ``seat`` would see it before the opening's dice are typed (a
        referee game waits on them: the pieces stand where the set-up puts them, built from
        the game's own seed as the game will build them)."""
        if self._opening_state is None:
            self._opening_state = self.rules.new_state(
                dict(self.journal.setup), self.journal.players,
                RandomStream.from_seed(self.journal.seed))
        observed = self.rules.observe(self._opening_state, seat)
        return self.rules.scene(observed, {}).to_plain()

    @property
    def status(self) -> str:
        """Open (no action yet), in progress, or finished."""
        if self.game is not None and self.game.is_over:
            return FINISHED
        return PLAYING if self.journal.entries else OPEN

    @property
    def result(self) -> str:
        """Who won and why, once the game is over."""
        if self.game is None or self.game.outcome is None:
            return ""
        outcome = self.game.outcome
        winners = ", ".join(player_name(p) for p in outcome.winners) or "nobody"
        reason = self.game.ruleset.outcome_text(self.game.state)
        return f"won by {winners} ({reason})" if reason else f"won by {winners}"

    def is_person(self, seat: int) -> bool:
        """Whether a person (not a bot) plays ``seat``."""
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == "person"

    def screen_seat(self, previous: int | None) -> int:
        """The person seat a one-screen table shows now: the first person owing a decision
        (or the dice of the roll asked for), else ``previous``, else the first person."""
        people = [seat for seat in range(len(self.seats)) if self.is_person(seat)]
        roll = self.roll
        if roll is not None and roll.seat is not None and self.is_person(roll.seat):
            return roll.seat
        if roll is None and self.game is not None and not self.game.is_over:
            for decision in self.game.pending():
                if decision.player in people:
                    return decision.player
        return previous if previous in people else people[0]

    # ------------------------------------------------------------------ acting

    def act(self, seat: int, plain: Any) -> int:
        """Decode and take a seat's action; return its number once it is committed.

        Raises :class:`MalformedAction` for JSON that is no action of this ruleset,
        :class:`IllegalAction` when the rules refuse it, and :class:`NeedFaces` when a
        referee game needs dice typed first (the action is then kept and retried).
        """
        if self.roll is not None:
            roll = self.roll
            raise SessionError(f"the table is waiting for dice: {roll.count}d{roll.sides}")
        if self.game is None:
            raise SessionError("the game has not started")
        try:
            action = self.rules.codec.decode(plain)
        except ValueError as error:
            raise MalformedAction(f"malformed action: {error}") from None
        try:
            return self._apply(seat, action)
        except IllegalAction as refusal:
            raise IllegalAction(self._rules_reason(seat, action) or str(refusal)) from None

    def _rules_reason(self, seat: int, action: Action) -> str | None:
        """The rules' own reason for refusing ``action`` where the ruleset's preview of it
        gives one and a decision the seat owes takes such actions (the words the page's
        consider shows: "the order needs 8 thrust but the drive gives 4", not "is not a
        legal answer" to each decision the seat owes); else ``None``."""
        game = self.game
        owed = [] if game is None or game.is_over else [
            decision for decision in game.pending()
            if decision.player == seat and decision.offers_kind(action)]
        if game is None or not owed:
            return None  # no decision of the seat's takes such an action now: that is why
        # a space of its very kind judged it: that reason is the rules' own (a ROBOGEAR move
        # of a unit without the turn: not the resource the preview would weigh)
        if any(space.action_type is type(action) and space.accepts(action)
               for decision in owed for space in decision.spaces):
            return None
        return self.rules.action_preview(game.observe(seat).state, action).refusal

    def check(self, seat: int, plain: Any) -> str | None:
        """Why a seat's action would be refused now (``None``: it would be taken)."""
        if self.game is None:
            return "the game has not started"
        try:
            action = self.rules.codec.decode(plain)
        except ValueError as error:
            return str(error)
        reason = self.game.check(seat, action)
        return None if reason is None else self._rules_reason(seat, action) or reason

    def supply_faces(self, faces: Any) -> int | None:
        """Take the faces a person typed; retry what waited on them.

        Returns the number of the action committed (``None``: the opening is in); raises
        :class:`NeedFaces` when more dice are wanted first, as :meth:`act` does.
        """
        roll = self.roll
        if roll is None:
            raise SessionError("no dice are asked for now")
        if not isinstance(faces, list):
            raise MalformedFaces(
                f"faces must be a list of whole numbers, not {type(faces).__name__}"
            )
        for face in faces:
            if not isinstance(face, int) or isinstance(face, bool):
                raise MalformedFaces(f"faces must be whole numbers: {face!r:.40} is not one")
        checked = check_faces(roll.sides, roll.count, faces, roll.label)
        self.typed.extend(checked)
        self.roll = None
        if roll.action is None:
            self._try_opening()
            if self.roll is not None:  # the opening rolls on: said as an action's dice are
                raise NeedFaces(self.roll.sides, self.roll.count, self.roll.label)
            return None
        assert roll.seat is not None
        return self._apply(roll.seat, roll.action)

    def _apply(self, seat: int, action: Action) -> int:
        game = self.game
        assert game is not None
        typed = _TypedFaces(self.typed)
        if self.referee:
            game.set_dice(RefereeDice(typed.ask))
        first_event = len(game.events)
        try:
            game.apply(seat, action)
        except NeedFaces as need:
            self.roll = RollRequest(need.sides, need.count, need.label, seat, action)
            self.store.set_pending(self.id, Pending(seat, action.to_plain(), tuple(self.typed)))
            raise
        except IllegalAction:
            if self.typed:  # refused once its dice were in: those faces are spent
                self.typed = []
                self.store.set_pending(self.id, None)
            raise
        finally:
            if self.referee:
                game.set_dice(None)
        self.typed = []
        number = len(game.journal.entries)
        try:
            self.store.append(self.id, number, game.journal.entries[-1], self.status, self.result)
        except Exception:
            self._reload()
            raise
        self.seen.saw(game.state, number, game.events[first_event:],  # once it is kept
                      actor_of(game.journal, number))
        return number

    def _reload(self) -> None:
        """Go back to what the store holds (after a failed commit)."""
        record = self.store.load(self.id)
        assert record is not None
        restored = GameSession.restore(record, self.rules, self.store)
        self.game, self.journal, self.typed, self.roll, self.seen = (
            restored.game,
            restored.journal,
            restored.typed,
            restored.roll,
            restored.seen,
        )

    def bot_turns(self, limit: int = BOT_BATCH) -> int:
        """Let bots answer what they owe, up to ``limit`` actions; return how many were taken.

        Bots see only ``game.observe(seat)``. A bot that errs or keeps being refused is
        replaced for that decision by a random legal choice.
        """
        taken = 0
        while taken < limit and self.game is not None and self.roll is None:
            game = self.game
            owed = [d for d in game.pending() if d.player in self.bots]
            if game.is_over or not owed:
                break
            try:
                self._bot_move(owed[0].player)
            except NeedFaces:  # the table is asked for dice; the move waits for them
                break
            taken += 1
        return taken

    def _bot_move(self, seat: int) -> None:
        game = self.game
        assert game is not None
        fallback = RandomAgent(len(self.journal.entries))
        agents: list[Agent] = [self.bots[seat]] * BOT_REFUSALS + [fallback] * BOT_REFUSALS
        for agent in agents:
            decision = game.pending_for(seat)[0]
            try:
                action = agent.choose(game.observe(seat), decision)
            except Exception:
                continue
            try:
                self._apply(seat, action)
                return
            except IllegalAction:
                continue
        raise SessionError(f"the bot of {player_name(seat)} found no legal action")
