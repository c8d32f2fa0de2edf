"""The game loop: one game's state, its procedure stack, decisions, apply, journal, views.

A :class:`Game` wraps a ruleset's state. It steps the top procedure of the stack until some
player owes a decision, checks each answer (``check`` returns why an action is refused,
``apply`` raises :class:`IllegalAction` and leaves the state exactly as it was), records
what happened as events, and keeps the journal from which the game can be replayed.

Procedures talk to the game through :meth:`Game.push`, :meth:`Game.pop`, :meth:`Game.emit`,
:meth:`Game.end`, :attr:`Game.dice` and :meth:`Game.dice_for`.
"""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Mapping
from typing import Any, Generic

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ruled
from warbench.core.dice import DiceSource, RefereeDice, SeededDice, roller_label
from warbench.core.events import Event, GameOver, Roll
from warbench.core.journal import Journal, JournalEntry, JournalOutcome
from warbench.core.observation import Observation
from warbench.core.odds import Dist
from warbench.core.plain import state_hash
from warbench.core.procedures import D, Outcome, Procedure, S
from warbench.core.rng import RandomStream
from warbench.core.ruleset import Ruleset
from warbench.core.words import one_of, player_name, roll_words

#: Steps the engine may take without anyone owing a decision before it calls it a bug.
MAX_STEPS_WITHOUT_DECISION = 1_000_000


class IllegalAction(ValueError):
    """An action the rules refuse; the message is the reason, for the player."""


class UnknownPlayer(ValueError):
    """A seat number the game does not have (views and events are asked per seat)."""


class EngineError(RuntimeError):
    """A ruleset bug: a procedure that cannot make progress, or an empty stack."""


class _GameDice:
    """The dice procedures roll: each roll becomes an event, typed faces go to the journal."""

    __slots__ = ("_external", "_game", "_owner")

    def __init__(
        self, game: Game[Any, Any], external: DiceSource | None, owner: int | None
    ) -> None:
        self._game = game
        self._external = external
        self._owner = owner

    def faces(self, sides: int, count: int, *, label: str = "", told: str = "") -> list[int]:
        """``count`` faces of a d``sides``, recorded as a ``roll`` event; typed faces journaled."""
        game = self._game
        external = self._external
        if external is None:
            rolled: list[int] = game.state.rng.faces(sides, count)
        else:
            if isinstance(external, RefereeDice):  # a person types them: say what for, whose
                typed = roller_label(roll_words(label, told), self._owner)
                rolled = list(external.faces(sides, count, label=typed))
            else:  # other sources (a search's keyed dice) key on the rules' own label
                rolled = list(external.faces(sides, count, label=label, told=told))
            game._typed_faces.extend(rolled)
        game.events.append(Roll(sides, tuple(rolled), label, self._owner, told))
        return rolled


class Game(Generic[S, D]):
    """One game of one ruleset: state, pending decisions, events and journal.

    ``Game[MyState, MyData]``: procedures reach ``game.state`` and ``game.data`` typed.
    """

    def __init__(
        self,
        ruleset: Ruleset[S, D],
        state: S,
        journal: Journal,
        *,
        dice: DiceSource | None = None,
        record_hashes: bool = True,
        transactional: bool = True,
    ) -> None:
        self.ruleset = ruleset
        self.state = state
        self.journal = journal
        self.events: list[Event] = []
        self.record_hashes = record_hashes
        self.transactional = transactional
        self._external_dice = dice
        self._typed_faces: list[int] = []
        self._pending: list[Decision] | None = None
        #: The last answer of :meth:`check`: the decisions owed then (the very list), the
        #: action (the very object), the player and the reason; good while they are owed.
        self._checked: tuple[list[Decision], Action, int, str | None] | None = None

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(
        cls,
        ruleset: Ruleset[S, D],
        setup: Mapping[str, Any] | None = None,
        *,
        seed: int = 0,
        players: int | None = None,
        dice: DiceSource | None = None,
        record_hashes: bool = True,
        transactional: bool = True,
    ) -> Game[S, D]:
        """Start a game: build the opening state and step to the first decision.

        ``dice`` switches to referee mode: faces come from that source (people typing
        what they rolled) instead of the seeded stream, and are kept in the journal.
        ``record_hashes=False`` keeps no state hash in the journal (replays then cannot
        verify them); ``transactional=False`` takes no snapshot before each action, so an
        action the rules refuse after rolling leaves its changes: both are for trusted bots
        and batch runs that want the speed.
        """
        chosen_setup = dict(ruleset.default_setup() if setup is None else setup)
        count = ruleset.min_players if players is None else players
        ruleset.check_players(count)
        state = ruleset.new_state(chosen_setup, count, RandomStream.from_seed(seed))
        journal = Journal(
            ruleset=ruleset.id,
            version=ruleset.version,
            setup=chosen_setup,
            seed=seed,
            players=count,
            referee=dice is not None,
            data=ruleset.data_digest,
        )
        game: Game[S, D] = cls(
            ruleset,
            state,
            journal,
            dice=dice,
            record_hashes=record_hashes,
            transactional=transactional,
        )
        game._advance()
        if dice is not None:
            journal.opening_faces = game._take_typed_faces()
        journal.opening_hash = game.hash() if record_hashes else None
        return game

    def copy(self) -> Game[S, D]:
        """An independent game from the same state, for search: no events, same journal so far.

        A copy of a referee game rolls from the seeded stream instead of asking people,
        and journals those faces like typed ones.
        """
        twin = Game(
            self.ruleset,
            clone_state(self.state),
            dataclasses.replace(self.journal, entries=list(self.journal.entries)),
            record_hashes=self.record_hashes,
            transactional=self.transactional,
        )
        if self._external_dice is not None:
            # Nobody types faces for a copy: it rolls a stream of its own, kept outside
            # the state as a person's dice are, and journals the faces like typed ones.
            twin.set_dice(SeededDice(self.state.rng.copy()))
        return twin

    def set_dice(self, source: DiceSource | None) -> None:
        """Roll through ``source`` from now on (``None``: the seeded stream again).

        Replays feed each action its own journaled faces this way.
        """
        self._external_dice = source

    @property
    def external_dice(self) -> DiceSource | None:
        """The outside source rolls go through (referee mode), or ``None`` when seeded."""
        return self._external_dice

    # ----------------------------------------------------------------- queries

    @property
    def data(self) -> D:
        """The ruleset's data (catalog, tables, cards) this game is played with."""
        return self.ruleset.data

    @property
    def players(self) -> int:
        """Number of players."""
        return self.state.players

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self.state.outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.outcome is not None

    def pending(self) -> list[Decision]:
        """Every decision owed now (several players may owe one at once)."""
        if self._pending is None:
            if self.is_over or not self.state.stack:
                self._pending = []
            else:
                self._pending = self.state.stack[-1].decisions(self)
        return self._pending

    def pending_for(self, player: int) -> list[Decision]:
        """The decisions ``player`` owes now."""
        return [decision for decision in self.pending() if decision.player == player]

    def check(self, player: int, action: Action) -> str | None:
        """``None`` if ``player`` may take ``action`` now, else the reason it is refused."""
        rule = self.ruleset.refusal_rule
        if self.is_over:
            return ruled("the game is over", rule)
        if type(player) is not int or not 0 <= player < self.players:
            return ruled(f"there is no seat {player!r} in a {self.players}-player game (seats"
                         f" are 0 to {self.players - 1})", rule)
        pending = self.pending()
        kept = self._checked
        if kept is not None and kept[0] is pending and kept[1] is action and kept[2] == player:
            return kept[3]  # asked again before anything changed (the agent's check, apply's)
        reason = self._refusal(pending, player, action)
        self._checked = (pending, action, player, reason)
        return reason

    def _refusal(self, pending: list[Decision], player: int, action: Action) -> str | None:
        """:meth:`check`'s reason for a player of the game while it goes on."""
        rule = self.ruleset.refusal_rule
        owed = [decision for decision in pending if decision.player == player]
        if not owed:
            waiting = sorted({decision.player for decision in pending})
            return ruled(f"{player_name(player)} owes no decision now (waiting for"
                         f" {one_of([player_name(seat) for seat in waiting], 'and')})", rule)
        if len(owed) == 1:
            return owed[0].refusal(action, rule)
        reasons, own = [], []
        for decision in owed:
            reason = decision.refusal(action, rule)
            if reason is None:
                return None
            reasons.append(reason)
            if decision.offers_kind(action):
                own.append(reason)
        # The rules' reasons from decisions offering this kind of action come alone: no
        # "is not a legal answer" of the others after them.
        return "; ".join(own or reasons)

    def hash(self) -> str:
        """The state hash: equal for equal states, bit for bit."""
        return state_hash(self.state)

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see of the state."""
        return self.ruleset.view(self.state, self._seat(player))

    def events_for(self, player: int) -> list[Event]:
        """The events ``player`` may see, in order."""
        seat = self._seat(player)
        return [event for event in self.events if event.visible_to_player(seat)]

    def observe(self, player: int) -> Observation[S, D]:
        """What ``player`` knows now and the decisions it owes: all an agent is handed."""
        seat = self._seat(player)
        state = self.state
        return Observation(
            self.ruleset,
            seat,
            self.pending_for(seat),
            observed=lambda: self.ruleset.observe(state, seat),
            view=lambda: self.ruleset.view(state, seat),
            events=lambda: self.events_for(seat),
            check=lambda action: self.check(seat, action),
        )

    def _seat(self, player: int) -> int:
        # A bad index must never fall through to the all-seeing referee view.
        if isinstance(player, bool) or not 0 <= player < self.players:
            raise UnknownPlayer(f"there is no seat {player} in a {self.players}-player game"
                                f" (seats are 0 to {self.players - 1})")
        return player

    # ----------------------------------------------------------------- acting

    def apply(self, player: int, action: Action) -> list[Event]:
        """Take ``action`` for ``player``; return the events it caused.

        Raises :class:`IllegalAction` with the reason if the rules refuse it; the state,
        events and journal are then exactly as they were (the state only if the game is
        ``transactional``, which it is unless made otherwise).
        """
        reason = self.check(player, action)
        if reason is not None:
            raise IllegalAction(reason)
        first_event = len(self.events)
        typed = self._external_dice
        first_typed = len(typed.log) if isinstance(typed, RefereeDice) else 0
        backup = pickle.dumps(self.state, protocol=pickle.HIGHEST_PROTOCOL) if (
            self.transactional
        ) else None
        try:
            self._pending = None
            self.state.stack[-1].act(self, player, action)
            self._advance()
        except BaseException:
            if backup is not None:
                self.state = pickle.loads(backup)
            del self.events[first_event:]
            self._typed_faces.clear()
            if isinstance(typed, RefereeDice):  # faces typed for a refused action: unrolled
                del typed.log[first_typed:]
            self._pending = None
            raise
        entry = JournalEntry(player, action.to_plain())
        if self._external_dice is not None:
            entry.faces = self._take_typed_faces()
        if self.record_hashes:
            entry.hash = self.hash()
        self.journal.entries.append(entry)
        if self.state.outcome is not None:
            self.journal.outcome = JournalOutcome.of(self.state.outcome)
        return self.events[first_event:]

    def apply_plain(self, player: int, data: Any) -> list[Event]:
        """Decode a JSON action for this ruleset and apply it."""
        return self.apply(player, self.ruleset.codec.decode(data))

    # ----------------------------------------------------------------- for procedures

    @property
    def dice(self) -> DiceSource:
        """The dice every roll of this game goes through (rolls owned by no player)."""
        return _GameDice(self, self._external_dice, None)

    def dice_for(self, player: int) -> DiceSource:
        """The same dice, with each roll's event naming ``player`` as the one who rolled.

        Luck reports and statistics use the owner; prefer this wherever a side rolls.
        """
        return _GameDice(self, self._external_dice, player)

    def luck_odds(self, query: str, args: tuple[int, ...]) -> Dist:
        """The ruleset's exact odds for a luck query (``RollEffect.query``) on this data."""
        return self.ruleset.effect_odds(self.data, query, args)

    @property
    def seeded_dice(self) -> DiceSource:
        """The game's own stream as a plain source (hidden draws, e.g. shuffling decks)."""
        return SeededDice(self.state.rng)

    @property
    def top(self) -> Procedure[S, D]:
        """The procedure on top of the stack."""
        return self.state.stack[-1]

    def push(self, *frames: Procedure[S, D]) -> None:
        """Push frames; the last one given runs first."""
        self.state.stack.extend(frames)
        self._pending = None

    def pop(self) -> Procedure[S, D]:
        """Remove and return the top frame."""
        self._pending = None
        return self.state.stack.pop()

    def emit(self, event: Event) -> None:
        """Record ``event`` (a registered :class:`Event`; its ``visible_to`` is its audience)."""
        self.events.append(event)

    def end(self, outcome: Outcome) -> None:
        """End the game with ``outcome``: the stack empties and no decision is owed."""
        self.state.outcome = outcome
        self.state.stack.clear()
        self._pending = None
        self.emit(
            GameOver(
                outcome.winners,
                tuple(float(score) for score in outcome.scores),
                text=self.ruleset.outcome_text(self.state) or "the game is over",
            )
        )

    # ----------------------------------------------------------------- internals

    def _advance(self) -> None:
        steps = 0
        while self.state.outcome is None:
            stack = self.state.stack
            if not stack:
                raise EngineError(f"{self.ruleset.id}: the stack ran empty with no outcome")
            self._pending = None
            top = stack[-1]
            pending = self._pending = top.decisions(self)  # what pending() works out here
            if pending:
                return
            top.step(self)
            steps += 1
            if steps > MAX_STEPS_WITHOUT_DECISION:
                raise EngineError(
                    f"{self.ruleset.id}: {type(top).__name__} keeps stepping without a decision"
                )

    def _take_typed_faces(self) -> list[int]:
        faces = list(self._typed_faces)
        self._typed_faces.clear()
        return faces


def clone_state(state: S) -> S:
    """An independent deep copy of a state (pickle round trip: far cheaper than deepcopy)."""
    copied: S = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    return copied
