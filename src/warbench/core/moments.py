"""The table at one moment of a game: the state after a step, and the attacks of that step.

A step is one action of the journal (step 0 is the opening). Its events are those the
action set off; the ruleset says which of them are attacks and how to draw them
(``Ruleset.attacks_drawn``). ``warbench render --at N`` and ``warbench demo`` draw these
scenes; a replay viewer can ask for any step the same way. The web table draws, for each
seat, the last attacks that seat has seen (:class:`SeenAttacks`): drawn only from the events
it may see, on the state as it may know it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warbench.core.events import Event
from warbench.core.journal import Journal
from warbench.core.replay import replay_steps
from warbench.core.ruleset import Ruleset
from warbench.core.scene import Scene
from warbench.core.table import Attack


class StepOutOfRange(ValueError):
    """A step asked for that the journal does not have."""


def moment_scene(
    rules: Ruleset[Any, Any],
    state: Any,
    step: int,
    attacks: tuple[Attack, ...],
    attack_step: int | None = None,
) -> Scene:
    """The scene of ``state`` (after ``step``) with ``attacks`` (made at ``attack_step``,
    by default the same step), titled with both."""
    scene = rules.scene(state, {})
    when = f"after action {step}"
    if attacks:
        at = step if attack_step is None else attack_step
        count = f"{len(attacks)} attack{'s' if len(attacks) != 1 else ''}"
        when += f", {count}" if at == step else f", {count} of action {at}"
    return scene.with_attacks(attacks, title=f"{scene.title} ({when})".strip())


class LastAttacks:
    """Follows a game step by step and keeps the last attacks made, for its final picture."""

    def __init__(self, rules: Ruleset[Any, Any]) -> None:
        self.rules = rules
        self.attacks: tuple[Attack, ...] = ()
        self.step = 0

    def saw(self, state: Any, step: int, events: Sequence[Event]) -> tuple[Attack, ...]:
        """Note the attacks among the ``events`` of ``step`` (``state``: after it)."""
        attacks = self.rules.attacks_drawn(state, events)
        if attacks:
            self.attacks, self.step = attacks, step
        return attacks

    def scene(self, state: Any, step: int) -> Scene:
        """The scene of ``state`` after ``step``, with the last attacks seen."""
        return moment_scene(self.rules, state, step, self.attacks, self.step)


def actor_of(journal: Journal, step: int) -> int | None:
    """The seat whose action step ``step`` of ``journal`` was (``None``: the opening).

    >>> from warbench.core.journal import JournalEntry
    >>> actor_of(Journal("duel", "1", {}, 0, 2, entries=[JournalEntry(1, {})]), 1)
    1
    """
    return journal.entries[step - 1].player if step > 0 else None


class SeenAttacks:
    """Follows a game and keeps, for each viewer (a seat, or any index the ruleset's
    ``observe`` takes, such as a spectator's), the last attacks it has seen and their step.

    A viewer's marks come from :meth:`Ruleset.attacks_drawn` over the events of the step it
    may see, on ``observe(state, viewer)``: nothing another seat has not revealed is drawn.
    A step whose events draw no attack for the true state draws none for any viewer (its
    events are a subset), so most steps cost one call. A seat's marks go once it acts again
    in a step that draws it none: it has seen them, and the pieces have moved on since (a
    spectator, who never acts, keeps its last ones).
    """

    def __init__(self, rules: Ruleset[Any, Any], viewers: Sequence[int]) -> None:
        self.rules = rules
        self.viewers = tuple(viewers)
        self.kept: dict[int, tuple[int, tuple[Attack, ...]]] = {}

    def saw(self, state: Any, step: int, events: Sequence[Event], actor: int | None = None
            ) -> None:
        """Note the attacks among the ``events`` of ``step`` (``state``: the true state after
        it), for each viewer from what it may see; ``actor``: the seat whose action the step
        was (its older marks go)."""
        if actor is not None:
            self.kept.pop(actor, None)
        if not events or not self.rules.attacks_drawn(state, events):
            return
        for viewer in self.viewers:
            visible = [event for event in events if event.visible_to_player(viewer)]
            if not visible:
                continue
            attacks = self.rules.attacks_drawn(self.rules.observe(state, viewer), visible)
            if attacks:
                self.kept[viewer] = (step, attacks)

    def last(self, viewer: int) -> tuple[int, tuple[Attack, ...]]:
        """The step of the last attacks ``viewer`` saw and their marks (``(0, ())``: none)."""
        return self.kept.get(viewer, (0, ()))


def scene_at(journal: Journal, rules: Ruleset[Any, Any], at: int | None = None) -> Scene:
    """Replay ``journal`` to step ``at`` and draw it with that step's attacks.

    Without ``at``: the last state, with the last attacks made in the game.
    """
    last = len(journal.entries)
    if at is not None and not 0 <= at <= last:
        raise StepOutOfRange(f"--at {at}: the journal has steps 0 to {last}")
    target = last if at is None else at
    trail, seen = LastAttacks(rules), 0
    for number, game in replay_steps(journal, rules=rules):
        attacks = trail.saw(game.state, number, game.events[seen:])
        seen = len(game.events)
        if number == target:
            if at is None:
                return trail.scene(game.state, number)
            return moment_scene(rules, game.state, number, attacks)
    raise StepOutOfRange(f"--at {target}: the replay stopped before it")  # pragma: no cover
