"""A decision's actions as a fixed number of discrete slots, with a mask.

Slot ``i`` of the action space is the ``i``-th candidate of the decision now owed:
the listed options first (all of them when they fit, else a seeded draw), then samples
of each parameter space (moves, placements) from the ruleset's candidate generator (the
one its search bot uses: :func:`~warbench.core.search.ruleset_generator`, by default
:func:`~warbench.core.search.candidates.sample_candidates`), seeded by the environment's
seed and step, so the same seed gives the same slots. The mask marks the filled slots.

:func:`slot_labels` says what each filled slot means, in the words the web table shows
(``Ruleset.action_text``), judged from the acting seat's own view; it is computed only when
asked, so stepping never pays for it.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.observation import Observation
from warbench.core.preview import action_words
from warbench.core.rng import RandomStream
from warbench.core.ruleset import Ruleset
from warbench.core.search.candidates import CandidateGenerator, merge, sample_candidates


def action_slots(
    observation: Observation[Any, Any],
    decision: Decision,
    rng: RandomStream,
    size: int,
    generator: CandidateGenerator = sample_candidates,
) -> list[Action]:
    """Up to ``size`` distinct legal actions for ``decision``, in slot order: the
    generator's, then any listed option it left out while slots stay empty (the generator
    shares its slots between the options and each parameter space, and a space that samples
    nothing left its share empty while options went unoffered)."""
    chosen = merge(None, generator(observation, decision, rng, size), size)
    if len(chosen) < size and decision.options:
        chosen = merge(None, [*chosen, *decision.options], size)
    return chosen


def mask_of(slots: list[Action], size: int) -> np.ndarray:
    """The ``int8`` mask: 1 for each filled slot."""
    mask = np.zeros(size, dtype=np.int8)
    mask[: len(slots)] = 1
    return mask


def slot_labels(ruleset: Ruleset[Any, Any], view: Any, slots: Sequence[Action]) -> list[str]:
    """What each slot means: the ruleset's words for its action (``Ruleset.action_text``),
    judged from ``view``, the acting seat's observed state, so no label tells more than the
    seat may know. Where the words of different actions are the same (two moves whose
    distances read alike), each such label adds the action's fields
    (:func:`~warbench.core.preview.action_words`), and if those are still alike, its JSON."""
    labels = [ruleset.action_text(view, action) for action in slots]
    for detail in (action_words, _json):
        labels = _told_apart(labels, slots, detail)
    return labels


def _json(action: Action) -> str:
    return json.dumps(action.to_plain(), sort_keys=True)


def _told_apart(
    labels: list[str], slots: Sequence[Action], detail: Callable[[Action], str]
) -> list[str]:
    """``labels`` with ``detail`` added in brackets to each that another label repeats."""
    counts = Counter(labels)
    return [
        f"{label} ({detail(action)})" if counts[label] > 1 else label
        for label, action in zip(labels, slots, strict=True)
    ]
