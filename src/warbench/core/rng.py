"""Random streams: one seeded source of chance per game.

A game owns one :class:`RandomStream`; every die, shuffle and random tie-break draws from it,
never from a global generator. The stream's whole state is plain data (:meth:`to_plain`), so
it is saved, hashed and copied with the game, and a copy goes on with the same numbers.

>>> stream = RandomStream.from_seed(7)
>>> twin = stream.copy()
>>> stream.faces(6, 5) == twin.faces(6, 5)
True
>>> RandomStream.from_plain(stream.to_plain()) == stream
True

Batch simulation gives game ``i`` of a run the seed :func:`seed_for` ``(run_seed, i)``, which
depends on nothing else, so results do not change with the number of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

import numpy as np

#: The largest 32-bit word; also the mask of a word's bits.
_WORD = 0xFFFFFFFF
#: Seeds the throw-away state of a stream that is about to be overwritten (cheaper than OS
#: entropy, which a bare ``PCG64()`` would read).
_BLANK = np.random.SeedSequence(0)


class InvalidSeed(ValueError):
    """A seed was negative (numpy seeds are non-negative integers)."""


class ImpossibleDraw(ValueError):
    """A draw was asked for that no die or range can give (a d0, -1 dice, an empty range)."""


class InvalidStreamState(ValueError):
    """A saved stream state is not the plain form of a PCG64 state."""


def check_roll(sides: int, count: int) -> None:
    """Raise :class:`ImpossibleDraw` unless ``count`` dice of ``sides`` sides can be rolled.

    >>> check_roll(0, 2)
    Traceback (most recent call last):
    ...
    warbench.core.rng.ImpossibleDraw: a die needs at least one side, got a d0
    """
    if sides < 1:
        raise ImpossibleDraw(f"a die needs at least one side, got a d{sides}")
    if count < 0:
        raise ImpossibleDraw(f"cannot roll a negative number of dice ({count}d{sides})")


class RandomStream:
    """A PCG64 generator whose state is plain data; draws come out as Python numbers.

    Copies are lazy: :meth:`copy` stores the state and builds a generator only when the
    copy first draws, so cloning a game that never rolls costs about a microsecond.
    """

    __slots__ = ("_generator", "_plain", "_words")

    _generator: np.random.Generator | None
    _plain: dict[str, Any] | None
    #: The generator's own draws of 32 random bits and of a double and its state, through
    #: numpy's ctypes interface (see :meth:`_below`); ``None`` until a draw asks for them.
    _words: tuple[Callable[[Any], int], Any, Callable[[Any], float]] | None

    def __init__(self, generator: np.random.Generator) -> None:
        if not isinstance(generator.bit_generator, np.random.PCG64):
            raise InvalidStreamState(
                f"a RandomStream wraps a PCG64 generator, got "
                f"{type(generator.bit_generator).__name__}"
            )
        self._generator = generator
        self._plain = None
        self._words = None

    @classmethod
    def from_seed(cls, seed: int) -> RandomStream:
        """The stream numpy's ``Generator(PCG64(seed))`` gives."""
        if seed < 0:
            raise InvalidSeed(f"a seed must be a non-negative integer, got {seed}")
        return cls(np.random.Generator(np.random.PCG64(seed)))

    @classmethod
    def from_plain(cls, plain: Mapping[str, Any]) -> RandomStream:
        """The stream whose state :meth:`to_plain` gave as ``plain``."""
        if not isinstance(plain, Mapping) or plain.get("bit_generator") != "PCG64":
            raise InvalidStreamState(f"not the plain state of a PCG64 stream: {plain!r}")
        bits = np.random.PCG64(_BLANK)
        try:
            bits.state = cast(Any, dict(plain))
        except (TypeError, ValueError, KeyError) as error:
            raise InvalidStreamState(f"bad PCG64 state {plain!r}: {error}") from error
        return cls(np.random.Generator(bits))

    @classmethod
    def _lazy(cls, plain: dict[str, Any]) -> RandomStream:
        stream = cls.__new__(cls)
        stream._generator = None
        stream._plain = plain
        stream._words = None
        return stream

    def _draw(self) -> np.random.Generator:
        generator = self._generator
        if generator is None:
            assert self._plain is not None
            bits = np.random.PCG64(_BLANK)
            bits.state = cast(Any, self._plain)
            generator = self._generator = np.random.Generator(bits)
            self._plain = None
        return generator

    def to_plain(self) -> dict[str, Any]:
        """The bit generator's state as JSON-ready dicts of ints and strings."""
        if self._generator is None:
            assert self._plain is not None
            # The plain state nests one level (``state``: the two 128-bit words): copying
            # each level is all a deep copy needs, at a tenth of ``copy.deepcopy``'s cost.
            return {
                key: dict(item) if isinstance(item, dict) else item
                for key, item in self._plain.items()
            }
        return cast(dict[str, Any], self._generator.bit_generator.state)

    def copy(self) -> RandomStream:
        """An independent stream that will draw the same numbers as this one."""
        if self._generator is None:
            assert self._plain is not None
            return RandomStream._lazy(self._plain)  # never mutated, so safe to share
        return RandomStream._lazy(self.to_plain())

    def __copy__(self) -> RandomStream:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> RandomStream:
        return self.copy()

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # Lazy on the way back: a cloned or rolled-back state builds its generator only
        # if it draws, which halves the cost of copying a state.
        return (RandomStream._lazy, (self.to_plain(),))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RandomStream):
            return NotImplemented
        return self.to_plain() == other.to_plain()

    __hash__ = None  # type: ignore[assignment]  # mutable: equal now, different after a draw

    def __repr__(self) -> str:
        return f"RandomStream.from_plain({self.to_plain()!r})"

    def integers(self, low: int, high_inclusive: int) -> int:
        """A uniform integer in ``low..high_inclusive`` (numpy's ``integers`` draw)."""
        if high_inclusive < low:
            raise ImpossibleDraw(f"empty range {low}..{high_inclusive}")
        span = high_inclusive - low + 1
        if span == 1:
            return low  # numpy draws nothing for a range of one
        if span > _WORD:
            return int(self._draw().integers(low, high_inclusive + 1))
        return low + self._below(span)

    def faces(self, sides: int, count: int) -> list[int]:
        """``count`` faces of a d``sides``: numpy's ``integers(1, sides + 1, size=count)``.

        Numpy draws each face of an array as it draws one face alone, so drawing ``n`` faces
        at once gives the same faces as ``n`` draws of one; they are drawn here face by face
        with :meth:`_below`, the same bits taken the same way, without numpy's per-call cost.
        """
        check_roll(sides, count)
        if sides == 1:
            return [1] * count  # numpy draws nothing for a range of one
        if sides > _WORD:
            drawn: list[int] = self._draw().integers(1, sides + 1, size=count).tolist()
            return drawn
        below = self._below
        return [below(sides) + 1 for _ in range(count)]

    def random(self) -> float:
        """A uniform float in ``[0, 1)``: the generator's own double (numpy's ``random``)."""
        words = self._words or self._interface()
        return float(words[2](words[1]))

    def choice_index(self, n: int) -> int:
        """A uniform index into a sequence of length ``n``."""
        if n < 1:
            raise ImpossibleDraw(f"cannot choose from {n} items")
        if n == 1:
            return 0  # numpy's ``integers(0, 1)`` draws nothing either
        if n > _WORD:
            return int(self._draw().integers(0, n))
        return self._below(n)

    def _interface(self) -> tuple[Callable[[Any], int], Any, Callable[[Any], float]]:
        """The generator's own draws of 32 random bits and of a double, and its state,
        through numpy's ctypes interface (kept in ``_words``)."""
        interface = self._draw().bit_generator.ctypes
        words = self._words = (interface.next_uint32, interface.state, interface.next_double)
        return words

    def _below(self, n: int) -> int:
        """``Generator.integers(0, n)`` for ``2 <= n <= 2**32 - 1``, without its per-call
        overhead: numpy draws it as 32 random bits scaled by ``n`` with Lemire's rejection
        of the biased low words (``random_bounded_uint64_fill``), so the same bits from the
        same generator, taken the same way, give the same number and leave the same state.
        ``tests/core/test_rng.py`` compares the two on many ranges and interleaved draws."""
        draw, state, _ = self._words or self._interface()
        scaled = draw(state) * n
        low = scaled & _WORD
        if low < n:
            threshold = (_WORD - (n - 1)) % n
            while low < threshold:
                scaled = draw(state) * n
                low = scaled & _WORD
        return scaled >> 32


def seed_for(run_seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``run_seed``: a 64-bit integer.

    It is the first word of ``SeedSequence(run_seed).spawn(...)[index]``, so it depends on the
    run seed and the index alone, not on how games are split among workers.

    >>> seed_for(1, 5) == seed_for(1, 5) != seed_for(1, 6)
    True
    """
    if run_seed < 0 or index < 0:
        raise InvalidSeed(f"run seed and index must be non-negative, got {run_seed}, {index}")
    sequence = np.random.SeedSequence(run_seed, spawn_key=(index,))
    return int(sequence.generate_state(1, np.uint64)[0])


def spawn_seeds(run_seed: int, count: int) -> list[int]:
    """The seeds of games ``0..count-1`` of a run: ``[seed_for(run_seed, i) ...]``."""
    return [seed_for(run_seed, index) for index in range(count)]
