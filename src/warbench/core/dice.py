"""Dice: where faces come from, and the rolls the rules make with them.

Every die the engine rolls comes from a :class:`DiceSource`. :class:`SeededDice` draws
from the game's :class:`~warbench.core.rng.RandomStream`; :class:`RefereeDice` asks people
who roll real dice to type the faces; :class:`ScriptedDice` hands out faces given in advance
(a referee game's replay, a test).

The operations below take a source and return a small frozen record holding every face, so
the same rules code runs in all modes:

>>> source = ScriptedDice([6, 4, 2, 6, 1, 3])
>>> dw = FaceTable.counted(6, {(4, 5): 1, (6, 6): 2}, explode_on=(6,))
>>> pool(source, 3, dw)  # 6, 4, 2; the 6 rolls again: 6, and again: 1
PoolResult(channels=('hits',), totals=(5,), faces=(6, 4, 2, 6, 1), rerolls=0, explosions=2)
>>> DiceExpr.parse("2d6+1").roll(source)  # the one face left is not enough
Traceback (most recent call last):
...
warbench.core.dice.DiceExhausted: needed 2 faces of a d6 but only 1 face left in the script
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, TypeAlias

from warbench.core.faces import FaceTable
from warbench.core.rng import ImpossibleDraw, RandomStream, check_roll
from warbench.core.words import counted, player_name, roll_words

#: Which faces a re-roll takes: a set of faces, or a test on one face.
FaceMatch: TypeAlias = Collection[int] | Callable[[int], bool]


class InvalidFaces(ValueError):
    """Faces typed or scripted for a roll do not fit it (wrong count, not on the die)."""


class DiceExhausted(ValueError):
    """A scripted source has fewer faces left than a roll needs."""


class DiceExpressionError(ValueError):
    """Dice notation could not be read, or describes an impossible roll."""


class InvalidReroll(ValueError):
    """A re-roll names faces not on the die, or would never stop."""


class UnknownChannel(ValueError):
    """A pool result was asked for a channel its table does not count."""


class DiceSource(Protocol):
    """Anything that can hand out ``count`` faces of a d``sides``.

    ``label`` says what the roll is for ("gunnery", "initiative") and is its key: a search's
    keyed dice draw by it (:class:`~warbench.core.search.dice.KeyedDice`), so a label stays
    as the rules wrote it, a seat by its index, a model by its card. ``told`` says the same
    in words for people where they differ (``Mosshound 2``, ``player 1``); a person reads
    :func:`roll_words`, the referee too.
    """

    def faces(self, sides: int, count: int, *, label: str = "", told: str = "") -> list[int]: ...


class _Worded:
    """A dice source whose rolls for a label, and for the labels that extend it (its parts:
    ``Harbour beam 1 damage`` after ``Harbour beam 1``), are told to people with other words
    (:func:`worded`)."""

    __slots__ = ("_label", "_source", "_told")

    def __init__(self, source: DiceSource, label: str, told: str) -> None:
        self._source, self._label, self._told = source, label, told

    def faces(self, sides: int, count: int, *, label: str = "", told: str = "") -> list[int]:
        if not told and label.startswith(self._label):
            told = self._told + label[len(self._label):]
        return self._source.faces(sides, count, label=label, told=told)


def worded(source: DiceSource, label: str, told: str) -> DiceSource:
    """``source``, its rolls for ``label`` and for labels that begin with it told to people
    as ``told`` (with the rest of the label), where rules helpers several calls down roll
    them by the label alone; ``source`` itself where the words are the label's.

    >>> class Saying:  # a source that says what it was asked for
    ...     def faces(self, sides, count, *, label="", told=""):
    ...         return [(label, told)]
    >>> worded(Saying(), "Ajax", "Ajax (P2)").faces(6, 1, label="Ajax beam damage")
    [('Ajax beam damage', 'Ajax (P2) beam damage')]
    >>> source = Saying()
    >>> worded(source, "Ajax", "Ajax") is source
    True
    """
    return source if told == label else _Worded(source, label, told)


def roller_label(words: str, player: int | None) -> str:
    """A roll's words (:func:`roll_words`) as a person typing its faces reads them: a
    phrase naming the player who rolls (counted from 1) first, where the rules know it
    and the words do not already say so. Words only: the roll's label is its key.

    >>> roller_label("Kaze 1 gunnery", 1)
    'player 2 rolls for Kaze 1 gunnery'
    >>> roller_label("player 1's initiative", 0), roller_label("scatter", None)
    ("player 1's initiative", 'scatter')
    """
    if player is None or re.search(rf"\b{player_name(player)}\b", words):
        return words
    roller = player_name(player)
    return f"{roller} rolls for {words}" if words else f"{roller} rolls"


def check_faces(sides: int, count: int, faces: Sequence[object], label: str = "") -> list[int]:
    """``faces`` as a list if they are ``count`` faces of a d``sides``; else raise.

    >>> check_faces(6, 2, [1, 7], "aa")
    Traceback (most recent call last):
    ...
    warbench.core.dice.InvalidFaces: expected 2 faces of a d6 for 'aa', got [1, 7]: 7 is not on a d6
    """
    problems = [] if len(faces) == count else [f"{counted(len(faces), 'face')} instead of {count}"]
    for face in faces:
        if not isinstance(face, int) or isinstance(face, bool):
            problems.append(f"{face!r} is not a whole number")
        elif not 1 <= face <= sides:
            problems.append(f"{face} is not on a d{sides}")
    if problems:
        purpose = f" for {label!r}" if label else ""
        raise InvalidFaces(
            f"expected {counted(count, 'face')} of a d{sides}{purpose}, "
            f"got {list(faces)}: {'; '.join(problems)}"
        )
    return [face for face in faces if isinstance(face, int)]


class SeededDice:
    """Faces drawn from a game's random stream: the normal mode."""

    __slots__ = ("stream",)

    def __init__(self, stream: RandomStream) -> None:
        self.stream = stream

    def faces(self, sides: int, count: int, *, label: str = "", told: str = "") -> list[int]:
        """``count`` faces from the stream (what they are for is not needed here)."""
        return self.stream.faces(sides, count)

    def __repr__(self) -> str:
        return f"SeededDice({self.stream!r})"


class RefereeDice:
    """Faces that people rolled on real dice and typed in: referee mode.

    ``ask(sides, count, words)`` returns the typed faces (``words``: the roll's, for the
    person asked, :func:`roll_words`); they are checked, then logged as
    ``(sides, faces)`` so that :meth:`ScriptedDice.from_log` can replay the game.

    >>> referee = RefereeDice(lambda sides, count, label: [3] * count)
    >>> d(referee, 6, label="morale")
    Roll(sides=6, faces=(3,), total=3, dropped=(), rerolls=0)
    >>> referee.log
    [(6, (3,))]
    """

    __slots__ = ("ask", "log")

    def __init__(self, ask: Callable[[int, int, str], Sequence[int]]) -> None:
        self.ask = ask
        self.log: list[tuple[int, tuple[int, ...]]] = []

    def faces(self, sides: int, count: int, *, label: str = "", told: str = "") -> list[int]:
        """Ask for ``count`` faces of a d``sides``; :class:`InvalidFaces` if they are wrong."""
        check_roll(sides, count)
        if count == 0:
            return []
        words = roll_words(label, told)
        faces = check_faces(sides, count, list(self.ask(sides, count, words)), words)
        self.log.append((sides, tuple(faces)))
        return faces


class ScriptedDice:
    """Faces handed out in the order given: replays of referee games, and tests."""

    __slots__ = ("_faces", "_next")

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0

    @classmethod
    def from_log(cls, log: Iterable[tuple[int, Sequence[int]]]) -> ScriptedDice:
        """The faces of a :attr:`RefereeDice.log`, to replay that game.

        >>> ScriptedDice.from_log([(6, (2, 5)), (8, (7,))]).remaining
        3
        """
        return cls(face for _, faces in log for face in faces)

    @property
    def remaining(self) -> int:
        """How many scripted faces have not been handed out yet."""
        return len(self._faces) - self._next

    def faces(self, sides: int, count: int, *, label: str = "", told: str = "") -> list[int]:
        """The next ``count`` faces; raise if too few are left or one is not on the die."""
        check_roll(sides, count)
        words = roll_words(label, told)
        if count > self.remaining:
            purpose = f" for {words!r}" if words else ""
            raise DiceExhausted(
                f"needed {counted(count, 'face')} of a d{sides}{purpose} but only "
                f"{counted(self.remaining, 'face')} left in the script"
            )
        faces = check_faces(sides, count, self._faces[self._next : self._next + count], words)
        self._next += count
        return faces

    def __repr__(self) -> str:
        return f"ScriptedDice({self._faces[self._next :]!r})"


@dataclass(frozen=True, slots=True)
class Roll:
    """Dice summed: the faces that counted, what they make, and what was set aside.

    ``faces`` are the faces of the dice actually rolled (d6 faces for a d3 rolled on a d6);
    ``dropped`` are those a keep-highest or keep-lowest set aside; ``rerolls`` counts dice
    rolled again.
    """

    sides: int
    faces: tuple[int, ...]
    total: int
    dropped: tuple[int, ...] = ()
    rerolls: int = 0


def d(source: DiceSource, sides: int, *, label: str = "", told: str = "") -> Roll:
    """One die of ``sides`` sides (d4, d6, d8, d10, d12, d20 and any other real die).

    >>> d(ScriptedDice([17]), 20).total
    17
    """
    return roll(source, 1, sides, label=label, told=told)


def roll(source: DiceSource, count: int, sides: int, *, label: str = "", told: str = "") -> Roll:
    """``count`` dice of ``sides`` sides, added up.

    >>> roll(ScriptedDice([2, 5, 6]), 3, 6)
    Roll(sides=6, faces=(2, 5, 6), total=13, dropped=(), rerolls=0)
    """
    faces = tuple(source.faces(sides, count, label=label, told=told))
    return Roll(sides, faces, sum(faces))


def d3(source: DiceSource, count: int = 1, *, label: str = "") -> Roll:
    """``count`` Dystopian Wars D3s, each a d6 read as 1-2 → 1, 3-4 → 2, 5-6 → 3.

    The Dystopian Wars rules (the Italian source, where it lists what players need) say to roll
    a d6 for a D3 this way, so a referee is asked for d6 faces and ``faces`` are d6 faces.

    >>> d3(ScriptedDice([1, 2, 3, 4, 5, 6]), 6).total  # 1+1+2+2+3+3
    12
    """
    faces = tuple(source.faces(6, count, label=_purpose(label, "D3 on a d6")))
    return Roll(6, faces, sum((face + 1) // 2 for face in faces))


def d2(source: DiceSource, count: int = 1, *, label: str = "") -> Roll:
    """``count`` Dystopian Wars D2s, each a d6 read as 1-3 → 1, 4-6 → 2 (as :func:`d3`).

    >>> d2(ScriptedDice([1, 2, 3, 4, 5, 6]), 6).total  # 1+1+1+2+2+2
    9
    """
    faces = tuple(source.faces(6, count, label=_purpose(label, "D2 on a d6")))
    return Roll(6, faces, sum((face + 2) // 3 for face in faces))


def keep_faces(
    faces: Sequence[int], count: int, *, lowest: bool = False
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(kept, dropped)``: the ``count`` highest faces (lowest if asked), and the rest.

    >>> keep_faces([3, 6, 1, 5], 3)
    ((6, 5, 3), (1,))
    >>> keep_faces([3, 6, 1, 5], 1, lowest=True)
    ((1,), (3, 5, 6))
    """
    if not 0 <= count <= len(faces):
        raise ImpossibleDraw(f"cannot keep {count} of {len(faces)} dice")
    ordered = sorted(faces, reverse=not lowest)
    return tuple(ordered[:count]), tuple(ordered[count:])


@dataclass(frozen=True, slots=True)
class Rerolled:
    """Faces before and after a re-roll, and how many dice were rolled again."""

    sides: int
    first: tuple[int, ...]
    faces: tuple[int, ...]
    rerolls: int


def matching_faces(sides: int, matching: FaceMatch) -> frozenset[int]:
    """The faces of a d``sides`` that ``matching`` (a set of faces or a test) takes.

    >>> sorted(matching_faces(6, lambda face: face < 3))
    [1, 2]
    """
    if callable(matching):
        return frozenset(face for face in range(1, sides + 1) if matching(face))
    faces = frozenset(matching)
    stray = sorted(face for face in faces if not 1 <= face <= sides)
    if stray:
        raise InvalidReroll(f"cannot re-roll {stray}: not on a d{sides}")
    return faces


def reroll(
    source: DiceSource,
    faces: Sequence[int],
    sides: int,
    matching: FaceMatch,
    *,
    once: bool = True,
    label: str = "",
    told: str = "",
) -> Rerolled:
    """Roll again each die of ``faces`` that ``matching`` takes.

    With ``once`` (the usual rule) the new face stands; without it a die is rolled again
    until it shows a face ``matching`` does not take. All dice re-rolled together take one
    request to the source.

    >>> reroll(ScriptedDice([4, 1]), [1, 5, 1], 6, {1})
    Rerolled(sides=6, first=(1, 5, 1), faces=(4, 5, 1), rerolls=2)
    >>> reroll(ScriptedDice([4, 1, 1, 2]), [1, 5, 1], 6, {1}, once=False).faces
    (4, 5, 2)
    """
    taken = matching_faces(sides, matching)
    if not once and len(taken) >= sides:
        raise InvalidReroll(f"re-rolling every face of a d{sides} until it changes never ends")
    first = tuple(faces)
    current = list(first)
    pending = [index for index, face in enumerate(current) if face in taken]
    rerolls = 0
    while pending:
        new = source.faces(sides, len(pending), label=_purpose(label, "re-roll"),
                           told=_told(told, "re-roll"))
        rerolls += len(pending)
        for index, face in zip(pending, new, strict=True):
            current[index] = face
        if once:
            break
        pending = [index for index in pending if current[index] in taken]
    return Rerolled(sides, first, tuple(current), rerolls)


_EXPRESSION = re.compile(
    r"\s*(?P<count>\d*)\s*[dD]\s*(?P<sides>\d+)"
    r"\s*(?:[kK](?P<which>[hHlL]?)\s*(?P<keep>\d+))?"
    r"\s*(?:(?P<sign>[+-])\s*(?P<modifier>\d+))?\s*"
)


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """Dice notation: ``count`` d ``sides``, maybe keeping the highest (or lowest) ``keep``,
    plus ``modifier``.

    >>> DiceExpr.parse("4d6kh3")
    DiceExpr(count=4, sides=6, modifier=0, keep=3, lowest=False)
    >>> str(DiceExpr.parse(" D6 - 1 "))
    '1d6-1'
    >>> DiceExpr.parse("2d20kl1").roll(ScriptedDice([15, 4])).total
    4
    """

    count: int
    sides: int
    modifier: int = 0
    keep: int | None = None
    lowest: bool = False

    def __post_init__(self) -> None:
        if self.count < 1:
            raise DiceExpressionError(f"{self} rolls no dice")
        if self.sides < 1:
            raise DiceExpressionError(f"{self} rolls a die with no sides")
        if self.keep is not None and not 1 <= self.keep <= self.count:
            raise DiceExpressionError(f"{self} keeps {self.keep} of {self.count} dice")
        if self.lowest and self.keep is None:
            raise DiceExpressionError(f"{self} keeps the lowest dice but says not how many")

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        """Read ``"3d6+2"``, ``"d20"``, ``"2D3"``, ``"D6-1"``, ``"4d6kh3"``, ``"2d20kl1"``."""
        match = _EXPRESSION.fullmatch(text)
        if match is None:
            raise DiceExpressionError(
                f"{text!r} is not dice notation (write it like '3d6+2', 'd20' or '4d6kh3')"
            )
        modifier = int(match["modifier"] or 0) * (-1 if match["sign"] == "-" else 1)
        try:
            return cls(
                count=int(match["count"] or 1),
                sides=int(match["sides"]),
                modifier=modifier,
                keep=None if match["keep"] is None else int(match["keep"]),
                lowest=match["which"] in ("l", "L"),
            )
        except DiceExpressionError as error:
            raise DiceExpressionError(f"{text!r}: {error}") from None

    def __str__(self) -> str:
        kept = "" if self.keep is None else f"k{'l' if self.lowest else 'h'}{self.keep}"
        modifier = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{kept}{modifier}"

    @property
    def minimum(self) -> int:
        """The lowest total this expression can roll (without boost)."""
        return (self.count if self.keep is None else self.keep) + self.modifier

    @property
    def maximum(self) -> int:
        """The highest total this expression can roll (without boost)."""
        return (self.count if self.keep is None else self.keep) * self.sides + self.modifier

    def roll(
        self,
        source: DiceSource,
        *,
        boost: int = 0,
        reroll_on: FaceMatch | None = None,
        reroll_once: bool = True,
        label: str = "",
        told: str = "",
    ) -> Roll:
        """Roll it: ``boost`` extra dice (a HORDES boosted roll adds one, before any keep),
        then re-roll faces ``reroll_on`` takes, then keep, then add the modifier (``label``
        and ``told``: what for, as :class:`DiceSource` takes them).

        >>> DiceExpr.parse("2d6").roll(ScriptedDice([3, 4, 5]), boost=1).total
        12
        """
        faces: Sequence[int] = source.faces(self.sides, self.count + boost, label=label,
                                            told=told)
        rerolls = 0
        if reroll_on is not None:
            rerolled = reroll(source, faces, self.sides, reroll_on, once=reroll_once, label=label,
                              told=told)
            faces, rerolls = rerolled.faces, rerolled.rerolls
        kept: tuple[int, ...] = tuple(faces)
        dropped: tuple[int, ...] = ()
        if self.keep is not None:
            kept, dropped = keep_faces(faces, self.keep, lowest=self.lowest)
        return Roll(self.sides, kept, sum(kept) + self.modifier, dropped, rerolls)


@dataclass(frozen=True, slots=True)
class PoolResult:
    """A pool read through a face table: totals per channel and every face that counted.

    ``faces`` holds the first faces (after any re-roll) and then each explosion's faces, in
    the order rolled; ``explosions`` counts the extra dice exploding faces brought.
    """

    channels: tuple[str, ...]
    totals: tuple[int, ...]
    faces: tuple[int, ...]
    rerolls: int = 0
    explosions: int = 0

    def total(self, channel: str = "hits") -> int:
        """The total of one channel."""
        if channel not in self.channels:
            raise UnknownChannel(f"no channel {channel!r} in this pool, only {self.channels}")
        return self.totals[self.channels.index(channel)]


@lru_cache(maxsize=256)
def _table_reader(table: FaceTable) -> tuple[tuple[list[int], ...], list[int]]:
    """Per channel, each face's value (index 0 unused); and 1 for each exploding face."""
    values = tuple(
        [0, *(outcome.values[channel] for outcome in table.outcomes)]
        for channel in range(len(table.channels))
    )
    explodes = [0, *(int(outcome.explodes) for outcome in table.outcomes)]
    return values, explodes


def pool(
    source: DiceSource,
    count: int,
    table: FaceTable,
    *,
    boost: int = 0,
    reroll_on: FaceMatch | None = None,
    reroll_once: bool = True,
    label: str = "",
    told: str = "",
) -> PoolResult:
    """Roll ``count`` (+ ``boost``) dice and count each face through ``table``.

    Re-rolls (faces ``reroll_on`` takes) apply to the first roll of each die, not to the
    dice explosions add. Every exploding face adds a die, read through the same table,
    with no limit on depth: the pool stops when a round of new dice has no exploding face.
    Each round is one request to the source.
    """
    sides = table.sides
    values, explodes = _table_reader(table)
    faces = source.faces(sides, count + boost, label=label, told=told)
    rerolls = 0
    if reroll_on is not None:
        rerolled = reroll(source, faces, sides, reroll_on, once=reroll_once, label=label,
                          told=told)
        faces, rerolls = list(rerolled.faces), rerolled.rerolls
    counted = list(faces)
    exploding = sum(map(explodes.__getitem__, faces))
    explosions = 0
    while exploding:
        new = source.faces(sides, exploding, label=_purpose(label, "exploding"),
                           told=_told(told, "exploding"))
        explosions += exploding
        counted.extend(new)
        exploding = sum(map(explodes.__getitem__, new))
    totals = tuple(sum(map(channel.__getitem__, counted)) for channel in values)
    return PoolResult(table.channels, totals, tuple(counted), rerolls, explosions)


def _purpose(label: str, detail: str) -> str:
    return f"{label} ({detail})" if label else detail


def _told(told: str, detail: str) -> str:  # a part roll of a roll with no words has none
    return f"{told} ({detail})" if told else ""
