"""A decision's actions as a fixed number of discrete slots, with a mask.

Slot ``i`` of the action space is the ``i``-th candidate of the decision now owed:
the listed options first (all of them when they fit, else a seeded draw), then samples
of each parameter space (moves, placements) from the ruleset's candidate generator (the
one its search bot uses: :func:`~warbench.core.search.ruleset_generator`, by default
:func:`~warbench.core.search.candidates.sample_candidates`), seeded by the environment's
seed and step, so the same seed gives the same slots. The mask marks the filled slots.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream
from warbench.core.search.candidates import CandidateGenerator, merge, sample_candidates


def action_slots(
    observation: Observation[Any, Any],
    decision: Decision,
    rng: RandomStream,
    size: int,
    generator: CandidateGenerator = sample_candidates,
) -> list[Action]:
    """Up to ``size`` distinct legal actions for ``decision``, in slot order."""
    return merge(None, generator(observation, decision, rng, size), size)


def mask_of(slots: list[Action], size: int) -> np.ndarray:
    """The ``int8`` mask: 1 for each filled slot."""
    mask = np.zeros(size, dtype=np.int8)
    mask[: len(slots)] = 1
    return mask
