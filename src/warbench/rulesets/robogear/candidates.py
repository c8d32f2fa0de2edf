"""The actions the search bot and the learning environment try at a ROBOGEAR decision.

A ROBOGEAR turn lists its shots, fights and other unit actions as options and offers the
same kinds again as rule-judged spaces (:class:`~warbench.rulesets.robogear.options.RuleSpace`,
so that an illegal one is refused naming its rule); those spaces only repeat the options.
The core's :func:`~warbench.core.search.candidates.sample_candidates` would give them
slots of their own, crowding out the moves, turns and deployments; this generator leaves
them out, so the slots go to the options and to the spaces that hold new actions.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream
from warbench.core.search.candidates import sample_candidates
from warbench.rulesets.robogear.options import RuleSpace


def robogear_candidates(
    observation: Observation[Any, Any], decision: Decision, rng: RandomStream, count: int
) -> list[Action]:
    """Up to ``count`` actions: the options and samples of the move, turn and deploy spaces."""
    spaces = tuple(space for space in decision.spaces if not isinstance(space, RuleSpace))
    return sample_candidates(observation, replace(decision, spaces=spaces), rng, count)
