"""What a played-out game is worth to each seat, between 0 (lost) and 1 (won).

A game that ended is worth its outcome: 1 to each winner (a seat, or a team of seats),
0 to the others, a half to everyone in a draw. A game cut off after the search's depth is
scored from the core's unit events of the play-out
(:class:`~warbench.core.events.UnitDamaged`, :class:`~warbench.core.events.UnitDestroyed`,
which every ruleset emits): half from the margin of damage the others took over the seat's
own, half from the margin of models lost, each divided by the total plus one (a little
harm is a little evidence). A ruleset that keeps a score of its own (victory points, build
points beaten: :data:`Score`) has the second half from the margin of score the seat gained
over the others' in the play-out instead: a battleship lost then weighs more than a frigate.
A ruleset whose battles are scored at the end by where the armies stand (the share of an
army kept, say) may instead value a cut-off game by that standing (:data:`Standing`).

>>> from warbench.core.events import UnitDamaged, UnitDestroyed
>>> cut_off_values([UnitDamaged("frigate", 1, 3.0), UnitDestroyed("frigate", 1)], 2)
(0.8125, 0.1875)
>>> cut_off_values([], 2)
(0.5, 0.5)
>>> cut_off_values([UnitDamaged("frigate", 1, 3.0)], 2, gains=(120.0, 0.0))
(0.9354..., 0.0645...)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from warbench.core.engine import Game
from warbench.core.events import Event, UnitDamaged, UnitDestroyed

#: A ruleset's own score of a game for each seat, higher is better (victory points).
Score = Callable[[Game[Any, Any]], Sequence[float]]
#: A ruleset's value of an unfinished game for each seat, between 0 and 1: how it stands
#: by the rules that score the end of the battle (0.5 when level).
Standing = Callable[[Game[Any, Any]], Sequence[float]]


def values(
    game: Game[Any, Any],
    score: Score | None = None,
    before: Sequence[float] = (),
    standing: Standing | None = None,
) -> tuple[float, ...]:
    """Each seat's value of ``game`` (played from a sample, so its events are the play).

    With a ruleset's ``standing``, a cut-off game is worth that; else, with its ``score``,
    a cut-off game weighs the score gained since ``before`` (the score when the play-out
    began).
    """
    outcome = game.outcome
    if outcome is not None:
        return outcome_values(outcome.winners, game.players)
    if standing is not None:
        return tuple(standing(game))
    if score is None:
        return cut_off_values(game.events, game.players)
    gains = tuple(now - then for now, then in zip(score(game), before, strict=True))
    return cut_off_values(game.events, game.players, gains=gains)


def outcome_values(winners: Sequence[int], players: int) -> tuple[float, ...]:
    """1 to each winner (one seat, or a team) and 0 to the others; 1/2 each in a draw.

    >>> outcome_values((0, 2), 4), outcome_values((), 2)
    ((1.0, 0.0, 1.0, 0.0), (0.5, 0.5))
    """
    if not winners or len(set(winners)) >= players:
        return (0.5,) * players
    return tuple(1.0 if seat in winners else 0.0 for seat in range(players))


def cut_off_values(
    events: Sequence[Event], players: int, gains: Sequence[float] | None = None
) -> tuple[float, ...]:
    """Each seat's value from the damage in ``events`` and the models lost (or, given, the
    score ``gains`` of each seat); 0.5 when nothing happened."""
    damage = [0.0] * players
    lost = [0.0] * players
    for event in events:
        if isinstance(event, UnitDamaged) and 0 <= event.player < players:
            damage[event.player] += max(0.0, event.amount)
        elif isinstance(event, UnitDestroyed) and 0 <= event.player < players:
            lost[event.player] += 1.0
    if gains is None:
        return tuple(
            0.5 + 0.25 * _edge(damage, seat) + 0.25 * _edge(lost, seat)
            for seat in range(players)
        )
    gained = [max(0.0, gain) for gain in gains]  # a score gained is harm to the others
    return tuple(
        0.5 + 0.25 * _edge(damage, seat) - 0.25 * _edge(gained, seat) for seat in range(players)
    )


def _edge(harm: Sequence[float], seat: int) -> float:
    """Between -1 and 1: how much more ``harm`` the other seats took (on average) than ``seat``."""
    total = sum(harm)
    others = (total - harm[seat]) / max(1, len(harm) - 1)
    return (others - harm[seat]) / (total + 1.0)


def standing_of_losses(lost: Sequence[float], scale: float) -> tuple[float, ...]:
    """A :data:`Standing` from each seat's loss (in points): 0.5 plus half the tanh of how
    much more the others lost on average than the seat, over ``scale`` points.

    >>> standing_of_losses([0.0, 0.0], 10.0)
    (0.5, 0.5)
    >>> [round(v, 3) for v in standing_of_losses([0.0, 10.0], 10.0)]
    [0.881, 0.119]
    """
    others = len(lost) - 1 or 1
    total = sum(lost)
    return tuple(0.5 + 0.5 * math.tanh(((total - own) / others - own) / scale) for own in lost)
