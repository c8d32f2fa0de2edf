"""Dice keyed by what they are rolled for: common random numbers that survive a change of course.

The search compares its root candidates on the same sampled worlds. In a world every
candidate starts from the same random stream, but each roll takes the stream's next faces,
so once one candidate's play-out rolls a die the other's does not (a ship out of range, an
attack held), every later roll of the two differs: the same attack meets different luck
after each candidate, and the difference between them is mostly that luck. With the
budget's ``keyed`` option each world rolls through :class:`KeyedDice` instead: a roll's
faces follow from the world's seed, the clock (the ruleset's turn or round, where it gives
one), the roll's label (the engine's "Vanguard gunnery") and how many rolls of that label
came before at that tick, so the same attack rolls the same faces whatever was rolled
before it. Within one play-out the faces are as random as the stream's (each roll's key is
new), so the values each candidate gets are unbiased; only their differences are steadier.

>>> one, two = KeyedDice(7), KeyedDice(7)
>>> first = one.faces(20, 1, label="Raider gunnery")
>>> _ = two.faces(6, 3, label="Raider shields")  # a roll the first world did not make
>>> two.faces(20, 1, label="Raider gunnery") == first
True
>>> one.faces(20, 1, label="Raider gunnery") == first  # the label's second roll: new faces
False
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from warbench.core.rng import check_roll

#: Bytes of the hash per face: 2**64 values, so the bias of taking them modulo the die's
#: sides is below 1e-17.
_FACE_BYTES = 8
#: Faces one digest gives (blake2b's largest digest is 64 bytes).
_PER_DIGEST = 64 // _FACE_BYTES


class KeyedDice:
    """A dice source for a sampled world whose faces are keyed by each roll's label.

    ``tick`` reads the clock (the world's turn or round) when given; the key of a roll is
    ``(seed, tick, label, sides, count, n)`` where ``n`` counts the earlier rolls with the
    same tick, label, sides and count. A roll's words for people (``told``) are no part of
    it: a tag added for people draws no other faces.
    """

    __slots__ = ("_seed", "_seen", "_tick")

    def __init__(self, seed: int, tick: Callable[[], int] | None = None) -> None:
        self._seed = seed
        self._tick = tick
        self._seen: dict[tuple[int, str, int, int], int] = {}

    def faces(self, sides: int, count: int, *, label: str = "", told: str = "") -> list[int]:
        """``count`` faces of a d``sides``, the same for the same key in any world of this seed."""
        check_roll(sides, count)
        tick = 0 if self._tick is None else self._tick()
        slot = (tick, label, sides, count)
        nth = self._seen.get(slot, 0)
        self._seen[slot] = nth + 1
        key = f"{self._seed}|{tick}|{sides}|{count}|{nth}|{label}".encode()
        faces: list[int] = []
        block = 0
        while len(faces) < count:
            digest = hashlib.blake2b(key + b"|%d" % block).digest()
            for start in range(0, min(count - len(faces), _PER_DIGEST) * _FACE_BYTES,
                               _FACE_BYTES):
                word = int.from_bytes(digest[start:start + _FACE_BYTES], "little")
                faces.append(word % sides + 1)
            block += 1
        return faces
