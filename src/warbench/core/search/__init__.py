"""Searching bots: information-set Monte Carlo tree search over the engine's decisions.

- :mod:`~warbench.core.search.budget`: how much a search may spend per decision;
- :mod:`~warbench.core.search.candidates`: the actions worth trying at a decision;
- :mod:`~warbench.core.search.value`: what a played-out game is worth to each seat;
- :mod:`~warbench.core.search.tree`: the tree of decisions and its UCB selection;
- :mod:`~warbench.core.search.bot`: :class:`SearchBot` and the factory a ruleset lists.

``docs/agents.md`` explains the algorithm and its options.
"""

from warbench.core.search.bot import SearchBot, SearchFactory, ruleset_generator
from warbench.core.search.budget import Budget

__all__ = ["Budget", "SearchBot", "SearchFactory", "ruleset_generator"]
