"""The actions of an Armada battle: moving a fleet, firing, holding fire."""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.actions import Action

#: Stunts a fleet may attempt as its move ("" is an ordinary move).
STUNTS = ("", "back-off", "flip-and-burn", "slide", "turn-in-place")


@dataclass(frozen=True, slots=True)
class Move(Action, tag="armada-move"):
    """Move ``fleet`` by ``steps`` (``F`` ahead, ``L``/``R`` turn a hex side), or a stunt.

    Stunt steps: ``back-off`` and ``flip-and-burn`` take ``F`` per hex (backward for back
    off); ``slide`` takes ``L`` or ``R`` (the forward diagonal) then ``F`` per hex;
    ``turn-in-place`` takes only ``L``/``R``. Empty steps keep the fleet where it is.
    """

    fleet: int
    steps: str = ""
    stunt: str = ""


@dataclass(frozen=True, slots=True)
class Fire(Action, tag="armada-fire"):
    """``fleet`` makes its gunnery check against ``target`` (with its superweapon if set)."""

    fleet: int
    target: int
    superweapon: bool = False


@dataclass(frozen=True, slots=True)
class HoldFire(Action, tag="armada-hold-fire"):
    """``fleet`` makes no attack this round."""

    fleet: int


ACTION_TYPES: tuple[type[Action], ...] = (Move, Fire, HoldFire)
