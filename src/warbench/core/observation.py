"""Observations: everything one seat may know now, and all an agent is handed.

An agent (a bot, a web seat, a learning environment) answers decisions from the
:class:`Observation` of its seat, never from the game or its true state. The observation
holds the seat's view, the decisions it owes, a way to check a candidate action, the
ruleset and its data, the observed state (the ruleset's own state type, with every secret
the seat may not see replaced by ``REDACTED`` and the dice stream blanked), and, for
search, :meth:`Observation.sample`: a whole game drawn at random, with the secrets
filled in consistently with what the seat knows.

A parameter space offered in a decision keeps whatever it validates against in private
attributes; agents read its public fields (which fleets may move) and call ``validate``
and ``sample``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.events import Event
from warbench.core.procedures import D, S
from warbench.core.rng import RandomStream, seed_for

if TYPE_CHECKING:
    from warbench.core.engine import Game
    from warbench.core.ruleset import Ruleset


class Observation(Generic[S, D]):
    """What ``seat`` knows at one moment of a game, and the decisions it owes then.

    Build it with :meth:`Game.observe`; it describes the moment it was made, so ask for a
    fresh one after the game moves on.
    """

    def __init__(
        self,
        ruleset: Ruleset[S, D],
        seat: int,
        decisions: Sequence[Decision],
        *,
        observed: Callable[[], S],
        view: Callable[[], dict[str, Any]],
        events: Callable[[], list[Event]],
        check: Callable[[Action], str | None],
    ) -> None:
        self.ruleset = ruleset
        self.seat = seat
        self.decisions = tuple(decisions)
        self._observed = observed
        self._view = view
        self._events = events
        self._check = check
        # Worked out on first use, then kept (by hand: mypyc compiles a ``cached_property``
        # of a native class as a plain property, worked out again at every use).
        self._state_kept: S | None = None
        self._view_kept: dict[str, Any] | None = None
        self._events_kept: tuple[Event, ...] | None = None

    @property
    def data(self) -> D:
        """The ruleset's data (catalog, tables): public knowledge."""
        return self.ruleset.data

    @property
    def state(self) -> S:
        """The state as this seat knows it: secrets it may not see hold ``REDACTED``.

        Read it, never change it: public parts may be shared with the game (see
        ``Ruleset.secret_fields``); play ahead on :meth:`sample` instead. Worked out once.
        """
        state = self._state_kept
        if state is None:
            state = self._state_kept = self._observed()
        return state

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view: the plain form of what it may see (for people and logs)."""
        view = self._view_kept
        if view is None:
            view = self._view_kept = self._view()
        return view

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the game so far that this seat may see, in order."""
        events = self._events_kept
        if events is None:
            events = self._events_kept = tuple(self._events())
        return events

    def check(self, action: Action) -> str | None:
        """``None`` when this seat may take ``action`` now, else the reason it is refused."""
        return self._check(action)

    def sample(self, seed: int) -> Game[S, D]:
        """A whole game consistent with what this seat knows, for search to play ahead.

        The secrets the seat may not see are drawn by the ruleset's ``determinize`` with a
        stream seeded by ``seed``, and the dice are a fresh stream from the same seed: the
        same seed gives the same sample. The sample is a game of its own; playing it
        changes nothing in the real one.
        """
        from warbench.core.engine import Game, clone_state
        from warbench.core.journal import Journal

        state = clone_state(self._observed())  # whole: the observed one shares public parts
        self.ruleset.determinize(state, self.seat, RandomStream.from_seed(seed_for(seed, 0)))
        state.rng = RandomStream.from_seed(seed_for(seed, 1))
        journal = Journal(
            ruleset=self.ruleset.id,
            version=self.ruleset.version,
            setup={},
            seed=seed,
            players=state.players,
        )
        return Game(self.ruleset, state, journal, record_hashes=False)
