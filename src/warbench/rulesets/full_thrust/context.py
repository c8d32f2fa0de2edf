"""The typed seam between the engine and the Full Thrust rules.

Procedures reach the battle as ``game.state`` (a :class:`FullThrustState`) and the rule
library as ``game.data`` (a :class:`Library`). Helpers shared by the rules and the bots
take a :class:`Battle`: anything with that ``state`` and ``data``, which a game and a seat's
observation both are.
"""

from __future__ import annotations

from typing import Protocol, TypeAlias

from warbench.core.engine import Game
from warbench.core.procedures import Procedure
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.state import FullThrustState

#: A game of Full Thrust.
FTGame: TypeAlias = Game[FullThrustState, Library]
#: A procedure frame of Full Thrust.
FTProcedure: TypeAlias = Procedure[FullThrustState, Library]


class Battle(Protocol):
    """What rule helpers read: the state and the library (a game or an observation)."""

    @property
    def state(self) -> FullThrustState: ...

    @property
    def data(self) -> Library: ...
