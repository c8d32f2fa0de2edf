"""The actions of an Armada battle: moving a fleet, firing, holding fire, officers' orders,
spending resolve."""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.actions import Action


@dataclass(frozen=True, slots=True)
class Move(Action, tag="armada-move"):
    """Move ``fleet`` by ``steps`` (``F`` ahead, ``L``/``R`` turn a hex side), or a stunt.

    Stunt steps: ``back-off`` and ``flip-and-burn`` take ``F`` per hex (backward for back
    off); ``slide`` takes ``L`` or ``R`` (the forward diagonal) then ``F`` per hex;
    ``turn-in-place`` takes only ``L``/``R``; ``flyby`` is an ordinary move through the hex
    of the enemy fleet ``target``. Empty steps keep the fleet where it is. ``resolve``: an
    officer aboard spends a resolve point to roll the piloting check twice.
    """

    fleet: int
    steps: str = ""
    stunt: str = ""
    resolve: bool = False
    target: int = -1


@dataclass(frozen=True, slots=True)
class Fire(Action, tag="armada-fire"):
    """``fleet`` makes its gunnery check against ``target`` (with its superweapon if set;
    ``resolve``: an officer aboard spends a resolve point to roll the d20 twice). With an
    array, ``also`` names up to two more targets in the same arc. ``mine`` (with target -1)
    shoots at that gravity mine instead of a fleet."""

    fleet: int
    target: int
    superweapon: bool = False
    resolve: bool = False
    also: tuple[int, ...] = ()
    mine: int = -1


@dataclass(frozen=True, slots=True)
class HoldFire(Action, tag="armada-hold-fire"):
    """``fleet`` makes no attack this round."""

    fleet: int


@dataclass(frozen=True, slots=True)
class SelfDestruct(Action, tag="armada-self-destruct"):
    """``fleet``, about to be disabled, blows itself up and attacks the adjacent ``target``
    (-1: none, when no fleet is next to it)."""

    fleet: int
    target: int


@dataclass(frozen=True, slots=True)
class LayMines(Action, tag="armada-lay-mines"):
    """``fleet`` scatters its gravity mines in two hexes (``[q, r]`` each) within 2 hexes."""

    fleet: int
    hexes: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Decline(Action, tag="armada-decline"):
    """``fleet`` lets the chance pass (to self-destruct, or to lay its mines now)."""

    fleet: int


@dataclass(frozen=True, slots=True)
class Order(Action, tag="armada-order"):
    """Officer ``officer`` (its index in the battle) gives ``order`` (see ``orders.toml``).

    ``fleet`` is the fleet it aims at (the enemy for ``target``), ``ally`` the allied fleet
    of ``target``, ``q``/``r`` the hex of ``conjure``; ``choice`` says what to boost
    (``speed``, ``turn``, ``shields``, ``damage``), what to repair (a critical condition),
    what to direct (``gunnery``, ``ac``) or whom to jam (an officer's name, or none for a
    random one). ``resolve`` spends a resolve point to roll the check twice.
    """

    officer: int
    order: str
    fleet: int = -1
    ally: int = -1
    q: int = 0
    r: int = 0
    choice: str = ""
    resolve: bool = False


@dataclass(frozen=True, slots=True)
class SpendResolve(Action, tag="armada-spend-resolve"):
    """Before a check of ``fleet`` rolled between decisions (a morale check, a rally's
    re-test, the admiral's helm check, a free attack, the boarders' check), an officer
    aboard spends a resolve point to roll the d20 twice and keep the better (``spend``), or
    lets the check roll once (ARM-OFF-RESOLVE)."""

    fleet: int
    spend: bool = True


@dataclass(frozen=True, slots=True)
class ChangeRole(Action, tag="armada-change-role"):
    """At the start of a round, ``officer`` takes up ``role``."""

    officer: int
    role: str


@dataclass(frozen=True, slots=True)
class EndOrders(Action, tag="armada-end-orders"):
    """The armada gives no more orders now."""


ACTION_TYPES: tuple[type[Action], ...] = (
    Move, Fire, HoldFire, Order, ChangeRole, EndOrders, SelfDestruct, LayMines, Decline,
    SpendResolve,
)
