"""The typed seam between the engine and the Full Thrust rules.

Procedures reach the battle as ``game.state`` (a :class:`FullThrustState`) and the rule
library as ``game.data`` (a :class:`Library`), both typed through these aliases.
"""

from __future__ import annotations

from typing import TypeAlias

from warbench.core.engine import Game
from warbench.core.procedures import Procedure
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.state import FullThrustState

#: A game of Full Thrust.
FTGame: TypeAlias = Game[FullThrustState, Library]
#: A procedure frame of Full Thrust.
FTProcedure: TypeAlias = Procedure[FullThrustState, Library]
