"""The typed game the Armada rules work on: its state and data types, named once."""

from __future__ import annotations

from typing import TypeAlias

from warbench.core.engine import Game
from warbench.rulesets.armada.data import ArmadaData
from warbench.rulesets.armada.state import ArmadaState

#: An Armada game: ``game.state`` is an :class:`ArmadaState`, ``game.data`` its data.
ArmadaGame: TypeAlias = Game[ArmadaState, ArmadaData]
