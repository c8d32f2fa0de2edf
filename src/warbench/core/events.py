"""Events: the one record of what happened in a game, and who may see it.

An event is a registered, frozen dataclass with a tag, like an action: its fields are the
plain data of what happened, ``text`` is a line of English for the narrator, and
``visible_to`` the players who may see it (``None`` means everyone). Rulesets declare their
event types (``Ruleset.event_types``); journals, the simulation store and the unit tallies
read events by type, and :class:`EventCodec` turns their JSON back into them.

>>> hit = UnitDamaged("frigate", player=1, amount=3, text="Ajax takes 3 damage")
>>> hit.kind, hit.data["amount"], hit.visible_to_player(0)
('unit_damaged', 3, True)
>>> Roll(6, (4, 2), visible_to=frozenset({0})).visible_to_player(1)
False
>>> EventCodec(CORE_EVENT_TYPES).decode(hit.to_plain()) == hit
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from warbench.core.plain import OMNISCIENT, to_plain
from warbench.core.tagged import Tagged, TaggedCodec, TaggedFormatError

#: Fields every event has beside its own data: the narration and the audience.
ENVELOPE = ("text", "visible_to")


class EventFormatError(TaggedFormatError):
    """JSON that does not describe a known, well-formed event."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event(Tagged):
    """Base of every event: subclass it as a frozen slotted dataclass with ``tag="..."``."""

    text: str = ""
    visible_to: frozenset[int] | None = None

    @property
    def kind(self) -> str:
        """The event's tag."""
        return self.TAG

    @property
    def data(self) -> dict[str, Any]:
        """The event's own fields (without text and audience), as plain values."""
        return {
            item.name: to_plain(getattr(self, item.name))
            for item in dataclasses.fields(self)
            if item.name not in ENVELOPE
        }

    def visible_to_player(self, player: int) -> bool:
        """Whether ``player`` may see this event (``OMNISCIENT`` sees all)."""
        return player == OMNISCIENT or self.visible_to is None or player in self.visible_to

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form, for logs and the web client: ``{"type": tag, **fields}``."""
        plain: dict[str, Any] = {"type": self.TAG, **self.data}
        if self.text:
            plain["text"] = self.text
        if self.visible_to is not None:
            plain["visible_to"] = sorted(self.visible_to)
        return plain


@dataclass(frozen=True, slots=True)
class Roll(Event, tag="roll"):
    """Dice were rolled: ``faces`` of a d``sides``, by ``player`` when a side rolled.

    ``label`` is what the rules rolled them for, as a search keys its dice on it (a seat by
    its index, a model by its card's name); ``told`` the same in words for people where the
    rules gave them (``Mosshound 2``, ``player 1``): what a log shows
    (:func:`~warbench.core.words.roll_words`).
    """

    sides: int
    faces: tuple[int, ...]
    label: str = ""
    player: int | None = None
    told: str = ""


@dataclass(frozen=True, slots=True)
class RollEffect(Event, tag="roll_effect"):
    """What a roll did, judged for seat ``player``: ``effect`` and the odds it had.

    ``purpose`` says what the roll was for: the label of its dice (:class:`Roll`), which
    the luck report matches it by; ``told`` says it in words for people where the rules gave
    them, as its dice's ``told``. The odds are plain data, so the exact
    distribution can be computed later (:func:`warbench.core.luck.effect_distribution`):
    ``dice`` dice of ``sides`` sides, each face read as ``values[face - 1]`` (empty: the face
    itself), faces in ``explode`` rolling one more die, faces in ``reroll`` rolled again
    once; ``modifier`` is added to the total, which is clipped below at ``floor`` when one
    is given. A test reports 1 (passed) or 0: it passes when the total reaches
    ``at_least`` or stays within ``at_most``. ``higher_is_better`` is False when a larger
    effect hurts ``player`` (damage a ship takes). A roll these fields cannot describe names
    a ``query`` of its ruleset instead, with whole-number ``args``
    (:meth:`~warbench.core.ruleset.Ruleset.effect_odds`).
    """

    player: int
    purpose: str
    effect: int
    dice: int
    sides: int = 6
    values: tuple[int, ...] = ()
    explode: tuple[int, ...] = ()
    reroll: tuple[int, ...] = ()
    modifier: int = 0
    floor: int | None = None
    at_least: int | None = None
    at_most: int | None = None
    higher_is_better: bool = True
    query: str = ""
    args: tuple[int, ...] = ()
    told: str = ""


@dataclass(frozen=True, slots=True)
class GameOver(Event, tag="game_over"):
    """The game ended: who won (none for a draw) and the scores."""

    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class UnitDamaged(Event, tag="unit_damaged"):
    """A unit of type ``unit_type`` owned by ``player`` took ``amount`` damage.

    ``by_player`` and ``by_unit_type`` name who dealt it, when known. Simulation reports
    sum these per unit type (``docs/simulate.md``).
    """

    unit_type: str
    player: int
    amount: float
    by_player: int | None = None
    by_unit_type: str | None = None


@dataclass(frozen=True, slots=True)
class UnitDestroyed(Event, tag="unit_destroyed"):
    """One model of type ``unit_type`` owned by ``player`` was lost.

    ``points`` is what the loss scores for the side that destroyed it (the model's points,
    or the victory points its loss is worth; ``None``: the ruleset does not say), and
    ``by_player`` and ``by_unit_type`` name the unit whose attack destroyed it, when known.
    Simulation reports credit those points to that unit type (``docs/simulate.md``).
    """

    unit_type: str
    player: int
    points: float | None = None
    by_player: int | None = None
    by_unit_type: str | None = None


@dataclass(frozen=True, slots=True)
class PointsScored(Event, tag="points_scored"):
    """The unit ``by_unit_type`` of ``by_player`` scored ``points`` more off a model of type
    ``unit_type`` owned by ``player`` that was lost before (its loss scored once already):
    a Dystopian Wars prize still held at the end counts its points again. Simulation
    reports add them to what that unit type destroyed.
    """

    unit_type: str
    player: int
    points: float
    by_player: int | None = None
    by_unit_type: str | None = None


#: The events the core itself emits, known to every ruleset's codec.
CORE_EVENT_TYPES: tuple[type[Event], ...] = (
    Roll,
    RollEffect,
    GameOver,
    UnitDamaged,
    UnitDestroyed,
    PointsScored,
)


class EventCodec(TaggedCodec[Event]):
    """Decodes plain event dicts (``Event.to_plain``) into the event types given."""

    def __init__(self, types: Iterable[type[Event]]) -> None:
        super().__init__((*CORE_EVENT_TYPES, *types), noun="event", error=EventFormatError)
