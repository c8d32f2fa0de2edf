"""The pieces of the ROBOGEAR state: units, squads, turn elements and terrain blocks, in a
module of their own so that it can be compiled (``warbench.compiled``): the compiled rules
and bots read their fields natively, where reading a field of an interpreted class costs a
generic look-up (about a third of a three-commander battle's instructions went to such
look-ups). Plain slotted dataclasses either way, so the state copies, pickles, hashes and
serialises alike, compiled or pure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(slots=True, init=False)
class Unit:
    """One machine, trooper or gun on (or off) the table."""

    id: int
    player: int
    type: str
    kind: str
    squad: int
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0
    radius: float = 1.0
    height: float = 2.0
    damage: int = 0
    alive: bool = True
    pilot: int = 0
    points_left: int = 0
    fired: list[int] = field(default_factory=list)
    ammo: list[int] = field(default_factory=list)
    grenades: int = 0
    threw: bool = False
    moved: bool = False
    shot: bool = False
    acted: bool = False  # had its turn this round (RG-ROUND-ONCE)
    crewing: bool = False
    busy: bool = False
    tokens: list[str] = field(default_factory=list)
    jammed: list[int] = field(default_factory=list)
    healing: int = -1
    held_by: int = -1
    carried_by: int = -1
    reserve: bool = False
    command: bool = False
    inside: int = -1
    slot: int = -1
    served: bool = False  # a gun turned or fired this turn: its crew no longer moves it
    spun: bool = False  # its last action was a free turn on the spot (no second one next)
    piloting: int = -1  # the machine a trooper drives as its pilot (RG-ROUND-LIMIT counts it)

    def __init__(self, id: int, player: int, type: str, kind: str, squad: int,
                 x: float = 0.0, y: float = 0.0, facing: float = 0.0, radius: float = 1.0,
                 height: float = 2.0, damage: int = 0, alive: bool = True, pilot: int = 0,
                 points_left: int = 0, fired: list[int] | None = None,
                 ammo: list[int] | None = None, grenades: int = 0, threw: bool = False,
                 moved: bool = False, shot: bool = False, acted: bool = False,
                 crewing: bool = False, busy: bool = False, tokens: list[str] | None = None,
                 jammed: list[int] | None = None, healing: int = -1, held_by: int = -1,
                 carried_by: int = -1, reserve: bool = False, command: bool = False,
                 inside: int = -1, slot: int = -1, served: bool = False,
                 spun: bool = False, piloting: int = -1) -> None:
        """Every field as the dataclass would take it (a list left out starts empty), written
        out so that it runs compiled: the dataclasses module's own ``__init__`` runs
        interpreted, and a unit is copied for every spot the commander weighs."""
        self.id = id
        self.player = player
        self.type = type
        self.kind = kind
        self.squad = squad
        self.x = x
        self.y = y
        self.facing = facing
        self.radius = radius
        self.height = height
        self.damage = damage
        self.alive = alive
        self.pilot = pilot
        self.points_left = points_left
        self.fired = [] if fired is None else fired
        self.ammo = [] if ammo is None else ammo
        self.grenades = grenades
        self.threw = threw
        self.moved = moved
        self.shot = shot
        self.acted = acted
        self.crewing = crewing
        self.busy = busy
        self.tokens = [] if tokens is None else tokens
        self.jammed = [] if jammed is None else jammed
        self.healing = healing
        self.held_by = held_by
        self.carried_by = carried_by
        self.reserve = reserve
        self.command = command
        self.inside = inside
        self.slot = slot
        self.served = served
        self.spun = spun
        self.piloting = piloting

    @property
    def on_table(self) -> bool:
        """Alive, deployed and not riding in a carrier."""
        return self.alive and not self.reserve and self.carried_by < 0

    def __copy__(self) -> Unit:
        """What ``copy.copy`` gives: :meth:`shallow_copy`."""
        return self.shallow_copy()

    def __reduce__(self) -> tuple[Callable[..., Unit], tuple[object, ...]]:
        """Pickled as the call that makes it again: a compiled class's ``__new__`` runs its
        ``__init__``, so pickle's default (an empty unit, then its fields) cannot make one."""
        return Unit, (
            self.id, self.player, self.type, self.kind, self.squad, self.x, self.y,
            self.facing, self.radius, self.height, self.damage, self.alive, self.pilot,
            self.points_left, self.fired, self.ammo, self.grenades, self.threw, self.moved,
            self.shot, self.acted, self.crewing, self.busy, self.tokens, self.jammed,
            self.healing, self.held_by, self.carried_by, self.reserve, self.command,
            self.inside, self.slot, self.served, self.spun, self.piloting,
        )

    def shallow_copy(self) -> Unit:
        """A copy with every field shared, four times cheaper than ``copy.copy``'s generic
        reduce, and called natively from compiled code (not through the ``copy`` module):
        a unit is copied for every spot a bot weighs and every place an infiltrator tries
        (``test_speed.py`` checks that every field is passed, in order)."""
        return Unit(
            self.id, self.player, self.type, self.kind, self.squad, self.x, self.y,
            self.facing, self.radius, self.height, self.damage, self.alive, self.pilot,
            self.points_left, self.fired, self.ammo, self.grenades, self.threw, self.moved,
            self.shot, self.acted, self.crewing, self.busy, self.tokens, self.jammed,
            self.healing, self.held_by, self.carried_by, self.reserve, self.command,
            self.inside, self.slot, self.served, self.spun, self.piloting,
        )


@dataclass(slots=True)
class Squad:
    """A squad (one sheet, one or more models) or a single machine; guns ride with one."""

    id: int
    player: int
    name: str
    units: list[int] = field(default_factory=list)
    group: str = ""
    crew_of: int = -1


@dataclass(slots=True)
class Element:
    """What takes one turn: a squad, or a group of squads sharing a turn."""

    id: int
    player: int
    name: str
    squads: list[int] = field(default_factory=list)
    done: bool = False
    idle: bool = False


@dataclass(slots=True)
class Block:
    """A piece of terrain: an axis-aligned box ``height`` steps tall (negative: a ditch);
    a building has firing ``slots`` troopers may occupy."""

    x0: float
    y0: float
    x1: float
    y1: float
    height: float
    name: str = "ruin"
    slots: int = 0

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


def spending_rule(unit: Unit) -> str:
    """The row keeping what ``unit`` spends within its resource: a machine's, a trooper's
    or a gun's (its crew's energy)."""
    return {"trooper": "RG-INF-ACT", "gun": "RG-ART-CREW"}.get(unit.kind, "RG-ACT-KINDS")
