"""The compiled frozen records made in hot loops (bodies, shapes, movement plans and limits,
sweeps' results and contacts, shots, strikes, the ground a move crosses) write their
``__init__`` and pickled form out field by field, so that the compiled build makes them
natively (the dataclasses module's ``__init__`` runs interpreted, about twenty times
slower): every field must land in its own place, a field left out must take the
dataclass's default, and a record must stay frozen and pickle to an equal one."""

from __future__ import annotations

import ast
import dataclasses
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import warbench
from warbench.core.geometry import bases, collision, movement, shapes
from warbench.core.geometry.vectors import Point, Pose
from warbench.core.hexgrid import moves as hex_moves
from warbench.core.hexgrid.hexes import Hex
from warbench.rulesets.armada import combat as armada_combat
from warbench.rulesets.armada import moves as armada_moves
from warbench.rulesets.dystopian_wars import combat as dw_combat
from warbench.rulesets.dystopian_wars import rams, sweep
from warbench.rulesets.hordes import combat as hordes_combat

RECORDS: list[type] = [
    bases.CircleBase, bases.RectBase, bases.Body, collision.Contact,
    movement.Straight, movement.Turn, movement.TurnRule, movement.Sweep, movement.PlannedMove,
    movement.TurnLimits, movement.Plan, movement.TemplateTurn,
    shapes.Disc, shapes.ConvexPolygon, hex_moves.MoveResult,
    dw_combat.Shot, rams.Contact, sweep.MoveResult,
    armada_combat.Shot, armada_moves.Ground, hordes_combat.Strike,
]

#: A distinct value of each field type these records use, from the field's position.
MAKERS: dict[str, Callable[[int], Any]] = {
    "bool": lambda index: index % 2 == 0,
    "int": lambda index: 1000 + index,
    "float": lambda index: 1000.5 + index,
    "str": lambda index: f"field {index}",
    "Point": lambda index: Point(index, -index),
    "Pose": lambda index: Pose(index, 2.0 * index, 10.0 * index),
    "Base": lambda index: bases.CircleBase(0.5 + index),
    "Body | Terrain": lambda index: bases.Body(Pose(index, 0.0, 0.0), bases.CircleBase(1.0)),
    "frozenset[Hex]": lambda index: frozenset({Hex(index, -index)}),
    "tuple[HexPose, ...]": lambda index: (hex_moves.HexPose(Hex(index, 0), index % 6),),
    "tuple[Point, ...]": lambda index: (Point(index, 1.0), Point(1.0, index)),
    "tuple[Pose, ...]": lambda index: (Pose(index, 1.0, 90.0),),
    "tuple[Sweep, ...]": lambda index: (movement.Sweep(Pose(index, 0.0, 0.0), 2.5),),
    "tuple[int, ...]": lambda index: (index, index + 1),
    "tuple[str, ...]": lambda index: (f"field {index}",),
    "tuple[tuple[Pose, float], ...]": lambda index: ((Pose(index, 0.0, 0.0), 1.5),),
}


def annotations(kind: type) -> dict[str, str]:
    """Each field's type as written in the source (a compiled class's evaluated annotations
    lose unions and aliases to ``type``)."""
    path = Path(warbench.__file__).parent.joinpath(*kind.__module__.split(".")[1:])
    tree = ast.parse(path.with_suffix(".py").read_text())
    body = next(node for node in ast.walk(tree)
                if isinstance(node, ast.ClassDef) and node.name == kind.__name__).body
    return {node.target.id: ast.unparse(node.annotation) for node in body
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}


def marks(kind: type) -> dict[str, Any]:
    """A distinct value for every field of ``kind`` (an optional field gets a value too)."""
    found = {}
    written = annotations(kind)
    for index, item in enumerate(dataclasses.fields(kind)):
        name = written[item.name].removesuffix(" | None")
        maker = MAKERS.get(name)
        # another record of the module (a contact): made the same way
        other = getattr(sys.modules[kind.__module__], name, None)
        found[item.name] = maker(index) if maker else made(other)
    return found


def made(kind: type) -> Any:
    """A record of ``kind`` with a distinct value in every field."""
    return kind(**marks(kind))


def names(kind: type) -> str:
    """A record's test name."""
    return f"{kind.__module__}.{kind.__name__}"


@pytest.mark.parametrize("kind", RECORDS, ids=names)
def test_every_field_lands_in_its_own_place(kind: type) -> None:
    """Made with a distinct value in every field, by position and by name, a record and
    its pickled copy hold each value in its own field; it stays frozen."""
    given = marks(kind)
    for made in (kind(*given.values()), kind(**given)):
        copied = pickle.loads(pickle.dumps(made))
        for record in (made, copied):
            assert {name: getattr(record, name) for name in given} == given
        assert copied == made and hash(copied) == hash(made)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, next(iter(given)), given[next(iter(given))])


@pytest.mark.parametrize("kind", RECORDS, ids=names)
def test_a_field_left_out_takes_the_dataclass_default(kind: type) -> None:
    """Fields with a default may be left out, and then hold the default the class
    declares."""
    given = marks(kind)
    fields = dataclasses.fields(kind)
    required = {item.name: given[item.name] for item in fields
                if item.default is dataclasses.MISSING}
    made = kind(**required)
    for item in fields:
        expected = given[item.name] if item.name in required else item.default
        assert getattr(made, item.name) == expected, item.name
