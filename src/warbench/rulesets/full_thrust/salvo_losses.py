"""Missiles downed from a salvo marker, by point defence in phase 7 or a plasma bolt's
burst in phase 8: the kills are capped at the missiles left and told as one
:class:`~.events.MissilesLost`."""

from __future__ import annotations

from collections.abc import Callable

from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.events import MissilesLost
from warbench.rulesets.full_thrust.state import Salvo


def down_missiles(
    game: FTGame, salvo: Salvo, shot: int, told: Callable[[int, int], str]
) -> None:
    """Take up to ``shot`` missiles off ``salvo``; the event's text is ``told(kills,
    missiles left)``."""
    kills = min(shot, salvo.missiles)
    salvo.missiles -= kills
    game.emit(MissilesLost(salvo=salvo.id, kills=kills, text=told(kills, salvo.missiles)))
