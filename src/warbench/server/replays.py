"""The replay viewer's data: a journal replayed once, each step drawn for a chosen seat.

A replay keeps the state after every step (and how many events had happened by then),
so the page's slider can ask for any step, as any allowed seat or as a spectator; each
step is drawn from the state as that seat knew it, with the log that seat saw.
"""

from __future__ import annotations

import secrets
import tempfile
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warbench.core.engine import clone_state
from warbench.core.events import Event
from warbench.core.journal import Journal
from warbench.core.moments import SeenAttacks, actor_of
from warbench.core.replay import replay_steps
from warbench.core.ruleset import Ruleset
from warbench.core.sim.store import ResultStore
from warbench.core.table import Attack
from warbench.core.words import player_name
from warbench.server.rulebook import Rulebook
from warbench.server.snapshot import SPECTATOR, event_text, with_last_attacks

#: Replays kept in memory at once (the oldest is dropped first).
KEPT = 16
#: The longest journal the viewer replays.
MAX_STEPS = 20_000


class ReplayError(ValueError):
    """A journal that cannot be replayed, or a step or seat it does not have."""


@dataclass(slots=True)
class Replay:
    """A replayed journal: the state after each step and the events by then."""

    rules: Ruleset[Any, Any]
    journal: Journal
    states: list[Any]
    event_counts: list[int]
    events: list[Event]
    seats: tuple[int, ...]
    #: After each step, the last attacks each viewer had seen (their step and marks).
    attacks: list[dict[int, tuple[int, tuple[Attack, ...]]]]

    def step(self, number: int, seat: int) -> dict[str, Any]:
        """Step ``number`` (0: the opening) as ``seat`` (``SPECTATOR``: nobody's seat)."""
        if not 0 <= number < len(self.states):
            raise ReplayError(f"step {number}: the replay has steps 0 to {len(self.states) - 1}")
        if seat not in self.seats:
            allowed = " or ".join(_viewer(allowed) for allowed in self.seats)
            raise ReplayError(f"this replay may not be seen as {_viewer(seat)}, only as "
                              f"{allowed}")
        state = self.states[number]
        observed = self.rules.observe(state, seat)
        units = self.rules.unit_names(self.rules.view(state, seat))
        seen = [
            event
            for event in self.events[: self.event_counts[number]]
            if (event.visible_to is None if seat == SPECTATOR else event.visible_to_player(seat))
        ]
        action = self.journal.entries[number - 1] if number else None
        return {
            "step": number,
            "steps": len(self.states) - 1,
            "seat": None if seat == SPECTATOR else seat,
            "scene": with_last_attacks(self.rules.scene(observed, units),
                                       self.attacks[number].get(seat, (0, ()))).to_plain(),
            "sides": list(self.rules.side_names(self.journal.setup, self.journal.players)),
            "victory": None if (victory := self.rules.victory(observed)) is None
            else victory.to_plain(),
            "log": [text for text in map(event_text, seen) if text],
            "actor": None if action is None else action.player,
        }


def _viewer(seat: int) -> str:
    """Who a replay is seen as, in words: ``player 2`` or ``a spectator``."""
    return "a spectator" if seat == SPECTATOR else player_name(seat)


def build(
    journal: Journal, rules: Ruleset[Any, Any], seats: tuple[int, ...] | None = None
) -> Replay:
    """Replay ``journal`` once with ``rules``, verifying its hashes; ``seats`` limits who it
    may be seen as."""
    if len(journal.entries) > MAX_STEPS:
        raise ReplayError(f"the journal has {len(journal.entries)} actions (at most {MAX_STEPS})")
    allowed = seats if seats is not None else (SPECTATOR, *range(journal.players))
    states: list[Any] = []
    counts: list[int] = []
    seen = SeenAttacks(rules, allowed)  # what the live table would have drawn for each
    attacks: list[dict[int, tuple[int, tuple[Attack, ...]]]] = []
    game = None
    for number, game in replay_steps(journal, rules=rules):
        seen.saw(game.state, number, game.events[counts[-1] if counts else 0:],
                 actor_of(journal, number))
        states.append(clone_state(game.state))
        counts.append(len(game.events))
        attacks.append(dict(seen.kept))
    assert game is not None
    return Replay(rules, journal, states, counts, list(game.events), allowed, attacks)


def journal_from_results(data: bytes, game_id: int, rulebook: Rulebook) -> Journal:
    """The journal of game ``game_id`` in a results file of ``warbench simulate``, played
    again with the data folder the server plays its ruleset with where the run had one
    (:class:`DataMismatch` where the server has none, or another)."""
    if isinstance(game_id, bool) or game_id < 1:
        raise ReplayError(f"game {game_id}: games are numbered from 1")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "results.sqlite"
        path.write_bytes(data)
        try:
            with ResultStore(path, readonly=True) as store:
                run = store.game_run(game_id)
                played = run.data if run.data_recorded else None
                rules = rulebook.for_data(run.ruleset, played, f"game {game_id} (run {run.id})",
                                          run.data_dir)
                return store.journal(game_id, rules.data_dir)
        except ValueError as error:  # named after the upload, not the server's copy of it
            raise type(error)(str(error).replace(str(path), "the results file")) from None


class Replays:
    """The replays the server holds, by a random id."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, Replay] = OrderedDict()

    def add(self, replay: Replay) -> str:
        """Keep ``replay``; return its id."""
        replay_id = secrets.token_urlsafe(16)
        self._kept[replay_id] = replay
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return replay_id

    def get(self, replay_id: str) -> Replay:
        """A kept replay; :class:`ReplayError` if it is unknown or was dropped."""
        replay = self._kept.get(replay_id)
        if replay is None:
            raise ReplayError("no such replay (it may have been dropped: load it again)")
        return replay
