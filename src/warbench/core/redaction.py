"""Redacted copies of a state: what one seat may know of it, as the ruleset's own types.

An agent decides from its seat's observation, never from the true state. The observed
state is a deep copy of the true one in which every secret the seat may not see holds
:data:`~warbench.core.plain.REDACTED` and every random stream is replaced by a blank one
(knowing the game's stream would foretell the dice). It is built in one pickle pass whose
``reducer_override`` swaps those values as they are written.

>>> from warbench.core.plain import Hidden
>>> redacted_copy([Hidden(0, "advance"), Hidden(1, "retreat")], viewer=0)
[Hidden(owner=0, value='advance', revealed=False), Hidden(owner=1, value=REDACTED, revealed=False)]
"""

from __future__ import annotations

import copy
import io
import pickle
from collections.abc import Sequence
from typing import Any, TypeVar

from warbench.core.plain import REDACTED, Hidden
from warbench.core.procedures import GameState
from warbench.core.rng import RandomStream

T = TypeVar("T")
S = TypeVar("S", bound=GameState)

#: The seed of the blank stream an observed state holds in place of the game's: wider than
#: the 64-bit seeds games are given, so no game's stream can be the blank one.
BLANK_STREAM_SEED = 2**64 + 0x0B5E7BED


#: A lazy blank stream: its copies share its (never mutated) state and cost a microsecond.
_BLANK_STREAM = RandomStream.from_seed(BLANK_STREAM_SEED).copy()


def blank_stream() -> RandomStream:
    """The stream an observed state holds in place of the game's (a copy of the blank
    one: never drawn from by the game)."""
    return _BLANK_STREAM.copy()


class _RedactingPickler(pickle.Pickler):
    """Pickles a state with the secrets of other seats and the random streams taken out."""

    def __init__(self, file: io.BytesIO, viewer: int) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.viewer = viewer

    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        if kind is Hidden and not obj.visible_to(self.viewer):
            return Hidden, (obj.owner, REDACTED, obj.revealed)
        if kind is RandomStream:
            return blank_stream, ()
        return NotImplemented


def redacted_copy(value: T, viewer: int) -> T:
    """A deep copy of ``value`` as ``viewer`` may know it (secrets and dice taken out)."""
    buffer = io.BytesIO()
    _RedactingPickler(buffer, viewer).dump(value)
    copied: T = pickle.loads(buffer.getvalue())
    return copied


def observed_state(state: S, viewer: int, secret_fields: Sequence[str] | None = None) -> S:
    """The state as ``viewer`` may know it, as the ruleset's own type.

    With ``secret_fields`` ``None``, a whole :func:`redacted_copy`. A ruleset that names
    the fields where its secrets may live gets a faster, shallow copy: those fields are
    redacted copies, the dice stream is blank, and every other field is shared with the
    true state (public knowledge, to be read, never changed: agents do not write to
    what they observe). The conformance kit checks that no secret escapes either way.
    """
    if secret_fields is None:
        return redacted_copy(state, viewer)
    observed = copy.copy(state)
    observed.rng = blank_stream()
    for name in secret_fields:
        setattr(observed, name, redacted_copy(getattr(state, name), viewer))
    return observed
