"""Observations as fixed-shape arrays, built from one seat's observation only.

The vector has ``HEADER`` slots about the decision, then ``size - HEADER`` slots holding
the numeric leaves of the seat's view (``observation.view``: the plain form of what the
seat may see, secrets already taken out), in the view's canonical order: dict keys
sorted, list items in order; ``True``/``False`` are 1/0, numbers are clipped to
``±LIMIT``; a word the ruleset lists in ``Ruleset.observation_terms()`` (Dystopian Wars'
card ids) is its 1-based index there; other text, ``None`` and redacted values take no
slot. A view with more leaves than slots raises :class:`ObservationOverflow` naming the
size it needs (nothing is dropped); a shorter view is padded with zeros.
``docs/agents.md`` lists, per ruleset, which parts of the view fill the slots.
:data:`ENCODING` numbers this layout; the environment's name carries it.

>>> numeric_leaves({"b": [1, True], "a": {"x": 2.5, "name": "frigate"}})
[2.5, 1.0, 1.0]
>>> numeric_leaves({"hand": ["sea-mist", "fog"], "name": "frigate"}, {"fog": 1.0, "sea-mist": 2.0})
[2.0, 1.0]
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from warbench.core.decisions import Decision
from warbench.core.observation import Observation
from warbench.core.ruleset import Ruleset
from warbench.core.words import player_name

#: Slots before the view: seat one-hot (4), owes a decision, options, spaces, and the
#: decisions the seat has answered so far / 1000.
HEADER = 8
#: Numbers are clipped to this size, so the observation space is bounded.
LIMIT = 1e6
#: The default number of slots: every shipped ruleset's views, 2 to 4 seats, fit with room
#: to grow (the largest seen in random play took 2489, docs/agents.md).
SIZE = 4096
#: The encoding's version: 1 encodes the ruleset's terms (Dystopian Wars' cards) and never
#: cuts a view off; 0 did neither.
ENCODING = 1
#: Each ruleset's terms and their codes, worked out once per ruleset object.
_TERMS: weakref.WeakKeyDictionary[Ruleset[Any, Any], dict[str, float]] = (
    weakref.WeakKeyDictionary()
)


class ObservationOverflow(ValueError):
    """A view with more numbers than the vector has slots: it is never cut off silently."""


def check_sizes(actions: Any, observation_size: Any) -> None:
    """Raise ``ValueError`` unless both sizes are whole numbers the encoding can fill:
    at least one action slot, and room for the view after the header.

    >>> check_sizes(0, SIZE)
    Traceback (most recent call last):
    ...
    ValueError: actions=0: there must be at least one action slot
    """
    if not _whole(actions) or actions < 1:
        raise ValueError(f"actions={actions!r}: there must be at least one action slot")
    if not _whole(observation_size) or observation_size <= HEADER:
        raise ValueError(f"observation_size={observation_size!r}: the header takes {HEADER}"
                         " slots and the view follows it, so it must be a larger whole number")


def _whole(value: Any) -> bool:
    return isinstance(value, int | np.integer) and not isinstance(value, bool)


def term_codes(ruleset: Ruleset[Any, Any]) -> dict[str, float]:
    """Each of the ruleset's :meth:`~warbench.core.ruleset.Ruleset.observation_terms` and
    its code, its 1-based index (0 stays the padding)."""
    codes = _TERMS.get(ruleset)
    if codes is None:
        codes = _TERMS[ruleset] = {
            term: float(index) for index, term in enumerate(ruleset.observation_terms(), 1)
        }
    return codes


def numeric_leaves(value: Any, terms: Mapping[str, float] | None = None) -> list[float]:
    """The numbers of a plain value in canonical order, a word of ``terms`` as its code
    (see the module's note)."""
    found: list[float] = []
    _collect(value, found, terms or {})
    return found


def _collect(value: Any, found: list[float], terms: Mapping[str, float]) -> None:
    kind = type(value)
    if kind is float or kind is int:
        found.append(float(value))
    elif kind is bool:
        found.append(1.0 if value else 0.0)
    elif kind is str:
        code = terms.get(value)
        if code is not None:
            found.append(code)
    elif kind is dict:
        for key in sorted(value, key=str):
            _collect(value[key], found, terms)
    elif kind is list or kind is tuple:
        for item in value:
            _collect(item, found, terms)


def encode(
    observation: Observation[Any, Any],
    decisions: Sequence[Decision],
    answered: int,
    size: int,
) -> np.ndarray:
    """The seat's observation as a ``float32`` vector of ``size`` slots."""
    vector = np.zeros(size, dtype=np.float32)
    seat = observation.seat
    if seat < 4:
        vector[seat] = 1.0
    if decisions:
        vector[4] = 1.0
        vector[5] = min(len(decisions[0].options), 1000) / 1000
        vector[6] = len(decisions[0].spaces)
    vector[7] = answered / 1000
    leaves = numeric_leaves(observation.view, term_codes(observation.ruleset))
    if HEADER + len(leaves) > size:
        raise ObservationOverflow(
            f"{observation.ruleset.id}: {player_name(seat)}'s view has {len(leaves)} numbers, more"
            f" than the {size - HEADER} slots after the header: make observation_size at"
            f" least {HEADER + len(leaves)} (nothing is cut off)"
        )
    vector[HEADER : HEADER + len(leaves)] = np.clip(leaves, -LIMIT, LIMIT)
    return vector


def view_layout(
    view: dict[str, Any], terms: Mapping[str, float] | None = None
) -> list[tuple[str, int]]:
    """How many slots each top-level key of a view fills, in order (for documentation);
    ``terms``: the ruleset's :func:`term_codes`."""
    return [(key, len(numeric_leaves(view[key], terms))) for key in sorted(view, key=str)]
