"""How much a search may spend on one decision, read from ``search:KEY=VALUE`` options.

>>> Budget.from_options("search", {"iterations": "64", "depth": "10"})  # doctest: +ELLIPSIS
Budget(iterations=64, ms=None, depth=10, width=3, explore=0.7, margin=0.05, pilot=2, ...)
>>> Budget.from_options("search", {"ms": "200"}).iterations is None
True
>>> Budget.from_options("search", {"speed": "9"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
warbench.core.botspec.BadBotSpec: bot 'search' has no option 'speed' (options: iterations, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from warbench.core.botspec import BadBotSpec, read_option

#: Each option: its type and smallest value.
OPTIONS: dict[str, tuple[type[int] | type[float], float]] = {
    "iterations": (int, 1),
    "ms": (float, 1),
    "depth": (int, 0),
    "width": (int, 1),
    "explore": (float, 0),
    "margin": (float, 0),
    "pilot": (int, 0),
    "alternatives": (int, 0),
    "extend": (int, 0),
    "paired": (float, 0),
    "tree": (int, 0),
    "draws": (int, 0),
    "turns": (int, 1),
    "keyed": (int, 0),
    "others": (int, 0),
    "own": (int, 0),
}


@dataclass(frozen=True, slots=True)
class Budget:
    """The limits of one search.

    ``iterations``: sampled games per decision (reproducible); ``ms``: wall-clock limit per
    decision (at least one iteration; not reproducible on its own). With both, the first
    reached stops. ``depth``: decisions played by the heuristic bots past the tree before the
    game is scored. ``width``: candidate actions per decision (the heuristic's choice first).
    ``explore``: the UCB exploration constant. ``margin``: how much better in mean value
    another candidate must do than the heuristic's choice to replace it (the heuristic is
    the prior: a few noisy play-outs should not overrule it). ``pilot``: after this many
    iterations only the heuristic's choice and the candidates ahead of it play on; when none
    is ahead, the heuristic's choice is the answer at once (0: every candidate plays every
    iteration). ``alternatives``: how many of the root's candidates after the heuristic's
    choice are the heuristic's own next-best moves, where its bot offers them (an
    ``alternatives(observation, decision, count)`` method); the rest are drawn by the
    candidate generator (0: all drawn). ``extend``: up to this many more worlds after
    ``iterations``, played while a candidate ahead of the heuristic's choice has not yet
    cleared the bar, by the heuristic's choice and those only (0: none).
    ``paired``: answer by the paired gain over the heuristic's choice on the worlds both
    played, which must be at least ``margin`` and this many standard errors (0: the margin
    alone; with neither ``paired`` nor ``extend``, the best mean, as
    :func:`~warbench.core.search.tree.best`). ``tree``: 1, each root candidate's walk
    follows the shared tree below the root, whose nodes grow children the heuristic and the
    candidate generator propose; 0, flat: after the root candidate the heuristic bots answer
    every decision, so in each world every candidate meets the same bots' replies.
    ``draws``: 1, the root fills its ``width`` with draws of the candidate generator after
    the heuristic's choice and lines; 0, the root plays only those, so a decision for which
    the heuristic offers no lines is answered at once with its choice. ``turns``: where
    the ruleset gives a horizon and a clock (its turn or round counter), a play-out stops
    at the first game the horizon marks at least ``turns - 1`` ticks of the clock after
    the root's (1: the first it marks). ``keyed``: 1, each world rolls its dice by what
    they are for (:class:`~warbench.core.search.dice.KeyedDice`: the label, the clock and
    how many such rolls came before), so the same attack rolls the same faces after every
    root candidate; 0, by their place in the world's random stream. ``others``: 1, the
    tree's nodes where another seat decides grow children as the searching seat's do (its
    heuristic's choice, then draws); 0, another seat below the root always answers with its
    heuristic's choice, as in the play-outs, so the tree branches on the searching seat's
    own decisions only. ``own``: the same for the searching seat's own decisions below the
    root (0: its heuristic's choice, so the tree branches on the other seats' only).
    """

    iterations: int | None = 6
    ms: float | None = None
    depth: int = 20
    width: int = 3
    explore: float = 0.7
    margin: float = 0.05
    pilot: int = 2
    alternatives: int = 0
    extend: int = 0
    paired: float = 0.0
    tree: int = 1
    draws: int = 1
    turns: int = 1
    keyed: int = 0
    others: int = 1
    own: int = 1

    @classmethod
    def from_options(
        cls, bot: str, options: Mapping[str, str], base: Budget | None = None
    ) -> Budget:
        """``base`` (the default budget if none) with ``options`` set; an unknown or bad one
        is one line."""
        changes: dict[str, Any] = {}
        for key, text in options.items():
            if key not in OPTIONS:
                raise BadBotSpec(
                    f"bot {bot!r} has no option {key!r} (options: {', '.join(OPTIONS)})"
                )
            kind, minimum = OPTIONS[key]
            changes[key] = read_option(bot, key, text, kind, minimum)
        if "ms" in options and "iterations" not in options:
            changes["iterations"] = None
        return replace(cls() if base is None else base, **changes)
