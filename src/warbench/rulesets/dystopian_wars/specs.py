"""The plain specs the Dystopian Wars rules read: a model class (:class:`ModelSpec`) and
each of its weapons on one arc (:class:`Mount`), built once from the validated catalog
records (:func:`~.data.spec_from_record`).

They live in a module of their own so that it can be compiled (``warbench.compiled``): the
compiled rules, geometry and bots read a spec's fields half a million times in a few
battles, natively, where a field of an interpreted class costs compiled code a generic
look-up. Frozen slotted dataclasses either way. Each class writes its ``__init__`` out
(its derived fields worked out there) and pickles as the call that makes it again (a
compiled class cannot be unpickled the default way). :mod:`~.data` re-exports every name.

>>> spec = ModelSpec(
...     id="skiff", name="Skiff", nation="britannia", category="frigate", domain="naval",
...     size="small", capital=False, traits=frozenset(), points=20, squadron=(2, 4), hp=2,
...     dr=4, cr=6, mv=10, min_move=0, turn=90.0, repeat_turns=False, aa=1, cc=0, ap=1,
...     rr=1, shield=0, carrier=0, wing=None, width=0.6, length=1.6, mounts=(),
...     engine_default=True,
... )
>>> spec.rank, spec.inner, round(spec.reach, 3), spec.fearless
(1, 0.3, 0.854, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import hypot
from typing import Final

#: The size classes, smallest first.
SIZES: tuple[str, ...] = ("tiny", "small", "medium", "large", "massive")
#: Size as a number: tiny 0 .. massive 4.
SIZE_RANK: dict[str, int] = {size: rank for rank, size in enumerate(SIZES)}
#: The traits of creatures and robots (:attr:`ModelSpec.beast`).
BEASTS: Final = frozenset({"creature", "robot"})


def _fill(spec: object, values: dict[str, object]) -> None:
    """Set a frozen spec's fields on creation (a frozen dataclass refuses plain
    assignment)."""
    for name, value in values.items():
        object.__setattr__(spec, name, value)


@dataclass(frozen=True, slots=True, init=False)
class Mount:
    """One weapon on one arc, ready for the rules: ``ad[band - 1]`` dice in each band."""

    name: str
    weapon: str
    kind: str
    grade: str
    arc: str
    ad: tuple[int, int, int, int]
    tesla: bool = False
    indirect: bool = False

    def __init__(self, name: str, weapon: str, kind: str, grade: str, arc: str,
                 ad: tuple[int, int, int, int], tesla: bool = False,
                 indirect: bool = False) -> None:
        """Every field as the dataclass would take it."""
        _fill(self, {
            "name": name, "weapon": weapon, "kind": kind, "grade": grade, "arc": arc,
            "ad": ad, "tesla": tesla, "indirect": indirect,
        })

    def __reduce__(self) -> tuple[Callable[..., Mount], tuple[object, ...]]:
        return (
            Mount,
            (self.name, self.weapon, self.kind, self.grade, self.arc, self.ad, self.tesla,
             self.indirect),
        )

    @property
    def link_group(self) -> str:
        """Weapons that may link: primaries, secondaries, tesla, rockets, torpedoes..."""
        if self.kind == "gunnery":
            return "tesla" if self.tesla else self.grade
        return self.kind


@dataclass(frozen=True, slots=True, init=False)
class ModelSpec:
    """A model class as the rules read it (plain, frozen, cheap)."""

    id: str
    name: str
    nation: str
    category: str
    domain: str
    size: str
    capital: bool
    traits: frozenset[str]
    points: int
    squadron: tuple[int, int]
    hp: int
    dr: int
    cr: int
    mv: int
    min_move: int
    turn: float
    repeat_turns: bool
    aa: int
    cc: int
    ap: int
    rr: int
    shield: int
    carrier: int
    wing: str | None
    width: float
    length: float
    mounts: tuple[Mount, ...]
    engine_default: bool
    # Worked out from the fields above on creation (plain attributes: read very often).
    #: Half the diagonal of the base: no part of it lies farther from its centre.
    reach: float = field(init=False, repr=False, compare=False)
    #: The radius of the circle about the centre that the base holds (half its narrower
    #: side; a tiny flyer's round base: its radius).
    inner: float = field(init=False, repr=False, compare=False)
    #: Size as a number: tiny 0 .. massive 4.
    rank: int = field(init=False, repr=False, compare=False)
    #: Flies (aerial models, flying creatures and robots).
    flying: bool = field(init=False, repr=False, compare=False)
    #: May go under the surface (submarines, burrowers, some creatures).
    diving: bool = field(init=False, repr=False, compare=False)
    #: A tiny flyer (a wing of tokens).
    tiny: bool = field(init=False, repr=False, compare=False)
    #: A creature or a robot: no crew, its own boarding and repair rules.
    beast: bool = field(init=False, repr=False, compare=False)

    def __init__(self, id: str, name: str, nation: str, category: str, domain: str,
                 size: str, capital: bool, traits: frozenset[str], points: int,
                 squadron: tuple[int, int], hp: int, dr: int, cr: int, mv: int,
                 min_move: int, turn: float, repeat_turns: bool, aa: int, cc: int, ap: int,
                 rr: int, shield: int, carrier: int, wing: str | None, width: float,
                 length: float, mounts: tuple[Mount, ...], engine_default: bool) -> None:
        """Every field as the dataclass would take it; the derived ones worked out."""
        _fill(self, {
            "id": id, "name": name, "nation": nation, "category": category,
            "domain": domain, "size": size, "capital": capital, "traits": traits,
            "points": points, "squadron": squadron, "hp": hp, "dr": dr, "cr": cr, "mv": mv,
            "min_move": min_move, "turn": turn, "repeat_turns": repeat_turns, "aa": aa,
            "cc": cc, "ap": ap, "rr": rr, "shield": shield, "carrier": carrier,
            "wing": wing, "width": width, "length": length, "mounts": mounts,
            "engine_default": engine_default,
            "reach": 0.5 * hypot(width, length),
            "inner": (width if size == "tiny" else min(width, length)) / 2.0,
            "rank": SIZE_RANK[size],
            "flying": "flying" in traits,
            "diving": "diving" in traits,
            "tiny": size == "tiny",
            "beast": not traits.isdisjoint(BEASTS),
        })

    def __reduce__(self) -> tuple[Callable[..., ModelSpec], tuple[object, ...]]:
        return (
            ModelSpec,
            (
                self.id, self.name, self.nation, self.category, self.domain, self.size,
                self.capital, self.traits, self.points, self.squadron, self.hp, self.dr,
                self.cr, self.mv, self.min_move, self.turn, self.repeat_turns, self.aa,
                self.cc, self.ap, self.rr, self.shield, self.carrier, self.wing, self.width,
                self.length, self.mounts, self.engine_default,
            ),
        )

    @property
    def fearless(self) -> bool:
        """Takes no command, rout or bravery tests (burrowers, robots, creatures,
        fortifications, submarines and tiny flyers)."""
        return (
            self.tiny
            or self.category in ("burrower", "submarine", "fortification")
            or bool(self.traits & {"creature", "robot", "fortification"})
        )

    @property
    def may_lead(self) -> bool:
        """May be named the fleet's commodore: an Icon, never a creature or robot
        (DW-COMMODORE-ICON)."""
        return "icon" in self.traits and not self.beast

    def mount(self, name: str) -> Mount | None:
        """The mount called ``name``, if any."""
        for mount in self.mounts:
            if mount.name == name:
                return mount
        return None
