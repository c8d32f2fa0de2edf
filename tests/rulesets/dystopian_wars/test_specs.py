"""The catalog's plain specs (``specs.py``: a model class and its weapons on each arc) write
their ``__init__`` and pickled form out field by field so that the compiled build can make
them (``warbench.compiled``): every field must land in its own place, the derived ones be
worked out as the rules read them (base reach, size rank, flying, diving, tiny, beast),
and a spec stay frozen, or every game of every model of that class would quietly read a
wrong number."""

from __future__ import annotations

import dataclasses
import math
import pickle
from typing import Any

import pytest

from warbench.rulesets.dystopian_wars import data, specs
from warbench.rulesets.dystopian_wars.data import load_data
from warbench.rulesets.dystopian_wars.specs import ModelSpec, Mount


def mount_marks() -> dict[str, Any]:
    """A distinct value for every field of a mount."""
    return {
        "name": "field 0", "weapon": "field 1", "kind": "field 2", "grade": "field 3",
        "arc": "field 4", "ad": (1005, 2005, 3005, 4005), "tesla": True, "indirect": False,
    }


def spec_marks(size: str, traits: frozenset[str]) -> dict[str, Any]:
    """A distinct value for every field of a model spec (``size`` one of the size classes)."""
    marks: dict[str, Any] = {}
    for index, item in enumerate(field for field in dataclasses.fields(ModelSpec)
                                 if field.init):
        written = item.type if isinstance(item.type, str) else item.type.__name__
        marks[item.name] = {
            "str": f"field {index}", "int": 1000 + index, "float": 1000.5 + index,
            "bool": index % 2 == 0,
        }.get(written)
    flags = [name for name, value in marks.items() if isinstance(value, bool)]
    assert flags == ["capital", "repeat_turns", "engine_default"]
    marks.update(
        size=size, traits=traits, squadron=(2001, 3001), wing=None, width=3.5, length=1.25,
        mounts=(Mount(**mount_marks()),),
    )
    assert None not in [marks[name] for name in marks if name != "wing"]
    return marks


def test_every_field_of_a_mount_lands_in_its_own_place() -> None:
    """A mount made with a distinct value in each field, by position or by name, and its
    pickled copy hold each value where it was given."""
    marks = mount_marks()
    for mount in (Mount(*marks.values()), Mount(**marks)):
        copied = pickle.loads(pickle.dumps(mount))
        for made in (mount, copied):
            assert {name: getattr(made, name) for name in marks} == marks
        assert copied == mount and hash(copied) == hash(mount)


@pytest.mark.parametrize(("size", "traits"), [
    ("tiny", frozenset({"flying"})),
    ("large", frozenset({"diving", "robot"})),
    ("massive", frozenset({"creature", "flying"})),
])
def test_every_field_of_a_spec_lands_in_its_own_place(size: str, traits: frozenset[str]) -> None:
    """A model spec made with a distinct value in each field, by position or by name, and
    its pickled copy hold each value where it was given, and the derived fields the rules
    read: reach (half the base's diagonal), inner (half the narrower side; a tiny flyer's
    round base: half its width, the wider side here), size rank, flying, diving, tiny, beast."""
    marks = spec_marks(size, traits)
    for spec in (ModelSpec(*marks.values()), ModelSpec(**marks)):
        copied = pickle.loads(pickle.dumps(spec))
        for made in (spec, copied):
            assert {name: getattr(made, name) for name in marks} == marks
            assert made.reach == pytest.approx(0.5 * math.hypot(3.5, 1.25))
            assert made.inner == (1.75 if size == "tiny" else 0.625)
            assert made.rank == specs.SIZE_RANK[size]
            assert (made.flying, made.diving) == ("flying" in traits, "diving" in traits)
            assert made.tiny == (size == "tiny")
            assert made.beast == bool(traits & {"creature", "robot"})
        assert copied == spec and hash(copied) == hash(spec)


def test_a_spec_stays_frozen_and_replace_works_out_its_derived_fields() -> None:
    """No field of a spec may be assigned (every model of the class shares it); a spec
    changed with ``dataclasses.replace`` (as the odds calculator does) works its derived
    fields out afresh."""
    spec = ModelSpec(**spec_marks("small", frozenset()))
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.hp = 9  # type: ignore[misc]
    bigger = dataclasses.replace(spec, size="massive", width=2.0, length=2.0)
    assert (bigger.rank, bigger.inner) == (4, 1.0)
    assert bigger.reach == pytest.approx(math.sqrt(2))
    assert bigger.hp == spec.hp and spec.rank == 1


def test_every_catalog_spec_pickles_to_an_equal_one() -> None:
    """The shipped catalog's specs (which a simulation's workers receive pickled) come back
    equal, field by field, derived fields included."""
    for spec in load_data().models.values():
        copied = pickle.loads(pickle.dumps(spec))
        assert copied == spec
        for item in dataclasses.fields(ModelSpec):
            assert getattr(copied, item.name) == getattr(spec, item.name), item.name


def test_the_data_module_still_names_every_spec() -> None:
    """The rest of the ruleset imports the specs from ``data``."""
    for name in ("ModelSpec", "Mount", "SIZE_RANK", "BEASTS"):
        assert getattr(data, name) is getattr(specs, name)
