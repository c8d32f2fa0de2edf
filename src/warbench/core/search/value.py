"""What a played-out game is worth to each seat, between 0 (lost) and 1 (won).

A game that ended is worth its outcome: 1 to each winner (a seat, or a team of seats),
0 to the others, a half to everyone in a draw. A game cut off after the search's depth is
scored from the core's unit events of the play-out
(:class:`~warbench.core.events.UnitDamaged`, :class:`~warbench.core.events.UnitDestroyed`,
which every ruleset emits): half from the margin of damage the others took over the seat's
own, half from the margin of models lost, each divided by the total plus one (a little
harm is a little evidence).

>>> from warbench.core.events import UnitDamaged, UnitDestroyed
>>> cut_off_values([UnitDamaged("frigate", 1, 3.0), UnitDestroyed("frigate", 1)], 2)
(0.8125, 0.1875)
>>> cut_off_values([], 2)
(0.5, 0.5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warbench.core.engine import Game
from warbench.core.events import Event, UnitDamaged, UnitDestroyed


def values(game: Game[Any, Any]) -> tuple[float, ...]:
    """Each seat's value of ``game`` (played from a sample, so its events are the play)."""
    outcome = game.outcome
    if outcome is None:
        return cut_off_values(game.events, game.players)
    return outcome_values(outcome.winners, game.players)


def outcome_values(winners: Sequence[int], players: int) -> tuple[float, ...]:
    """1 to each winner (one seat, or a team) and 0 to the others; 1/2 each in a draw.

    >>> outcome_values((0, 2), 4), outcome_values((), 2)
    ((1.0, 0.0, 1.0, 0.0), (0.5, 0.5))
    """
    if not winners or len(set(winners)) >= players:
        return (0.5,) * players
    return tuple(1.0 if seat in winners else 0.0 for seat in range(players))


def cut_off_values(events: Sequence[Event], players: int) -> tuple[float, ...]:
    """Each seat's value from the damage and losses in ``events`` (0.5 when none)."""
    damage = [0.0] * players
    lost = [0.0] * players
    for event in events:
        if isinstance(event, UnitDamaged) and 0 <= event.player < players:
            damage[event.player] += max(0.0, event.amount)
        elif isinstance(event, UnitDestroyed) and 0 <= event.player < players:
            lost[event.player] += 1.0
    return tuple(
        0.5 + 0.25 * _edge(damage, seat) + 0.25 * _edge(lost, seat) for seat in range(players)
    )


def _edge(harm: Sequence[float], seat: int) -> float:
    """Between -1 and 1: how much more ``harm`` the other seats took (on average) than ``seat``."""
    total = sum(harm)
    others = (total - harm[seat]) / max(1, len(harm) - 1)
    return (others - harm[seat]) / (total + 1.0)
