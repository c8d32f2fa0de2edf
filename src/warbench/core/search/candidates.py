"""The actions a search tries at one decision: the heuristic's choice, then samples.

A decision lists finite options, parameter spaces (moves, placements), or both. The
search cannot try everything, so :func:`candidates` keeps a few: the heuristic bot's own
choice first (the search then starts from what the heuristic would do), the listed options
when they are few or a seeded draw of them when they are many, and draws from each
space's ``sample``. A ruleset may hand the search bot a generator of its own with the same
signature (:data:`CandidateGenerator`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream

#: ``(observation, decision, rng, count) -> up to count legal actions`` for a decision.
CandidateGenerator = Callable[[Observation[Any, Any], Decision, RandomStream, int], list[Action]]


def action_key(action: Action) -> str:
    """A text key equal for equal actions (actions may hold lists, so no hashing)."""
    return json.dumps(action.to_plain(), sort_keys=True, separators=(",", ":"))


def sample_candidates(
    observation: Observation[Any, Any], decision: Decision, rng: RandomStream, count: int
) -> list[Action]:
    """Up to ``count`` actions: options (all if few, else drawn) and samples of each space.

    The slots are shared between the options and the spaces; samples the observation's
    ``check`` refuses are dropped.
    """
    if not decision.spaces:
        return _draw(decision.options, rng, count)
    share = max(1, count // ((1 if decision.options else 0) + len(decision.spaces)))
    found = _draw(decision.options, rng, share)
    for space in decision.spaces:
        found.extend(
            action for action in space.sample(rng, share) if observation.check(action) is None
        )
    return found[:count]


def _draw(options: Sequence[Action], rng: RandomStream, count: int) -> list[Action]:
    """``count`` of ``options`` without repeats, in a seeded order (all if no more)."""
    if len(options) <= count:
        return list(options)
    pool = list(options)
    chosen = []
    for _ in range(count):
        chosen.append(pool.pop(rng.choice_index(len(pool))))
    return chosen


def merge(first: Action | None, others: Sequence[Action], width: int) -> list[Action]:
    """``first`` then ``others``, without repeats, at most ``width`` of them."""
    merged: list[Action] = []
    seen: set[str] = set()
    for action in ([first] if first is not None else []) + list(others):
        key = action_key(action)
        if key not in seen:
            seen.add(key)
            merged.append(action)
        if len(merged) == width:
            break
    return merged
