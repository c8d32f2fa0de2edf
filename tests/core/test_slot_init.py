"""core.slot_init: the faster frozen ``__init__`` makes exactly what the dataclass one made."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field

import pytest

from warbench.core.decisions import Decision
from warbench.core.events import Event
from warbench.core.slot_init import install
from warbench.rulesets.robogear.actions import Move, Regroup
from warbench.rulesets.robogear.events import Moved


def _twin(**params: bool) -> tuple[type, type]:
    """Two identical classes; the second gets the written __init__."""

    def make() -> type:
        @dataclass(frozen=True, slots=True, **params)
        class Sample:
            first: int
            second: str = "b"
            third: tuple[int, ...] = ()

        return Sample

    plain, fast = make(), make()
    assert install(fast)
    return plain, fast


@pytest.mark.parametrize("params", [{}, {"kw_only": True}])
def test_the_written_init_takes_the_same_arguments_and_makes_the_same_value(
    params: dict[str, bool],
) -> None:
    plain, fast = _twin(**params)
    assert str(inspect.signature(plain)) == str(inspect.signature(fast))
    calls = [((), {"first": 1}), ((), {"first": 1, "second": "x", "third": (2,)})]
    if not params:
        calls += [((1,), {}), ((1, "y"), {"third": (3,)}), ((1, "y", (4,)), {})]
    for args, kwargs in calls:
        made, expected = fast(*args, **kwargs), plain(*args, **kwargs)
        assert dataclasses.astuple(made) == dataclasses.astuple(expected)
        assert repr(made).split("(", 1)[1] == repr(expected).split("(", 1)[1]
    for bad_args, bad_kwargs in [((), {}), ((), {"first": 1, "fourth": 2})]:
        with pytest.raises(TypeError):
            fast(*bad_args, **bad_kwargs)
        with pytest.raises(TypeError):
            plain(*bad_args, **bad_kwargs)


def test_the_value_stays_frozen_hashable_and_picklable() -> None:
    _, fast = _twin()
    value = fast(1, "z", (2, 3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.first = 2  # type: ignore[misc]
    assert value == fast(1, "z", (2, 3)) and hash(value) == hash(fast(1, "z", (2, 3)))
    assert copy.deepcopy(value) == value
    move = Move(3, 90.0, 2.5)  # a class pickle can find by name
    assert pickle.loads(pickle.dumps(move)) == move


def test_classes_it_cannot_serve_exactly_keep_their_own_init() -> None:
    @dataclass(frozen=True, slots=True)
    class Factory:
        items: list[int] = field(default_factory=list)

    @dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError("negative")

    @dataclass(slots=True)
    class Thawed:
        value: int

    @dataclass(frozen=True)
    class Unslotted:
        value: int

    for cls in (Factory, Checked, Thawed, Unslotted):
        before = cls.__init__
        assert not install(cls)
        assert cls.__init__ is before
    with pytest.raises(ValueError):
        Checked(-1)


def test_actions_events_and_decisions_are_built_through_their_slots() -> None:
    """Every tagged value (actions, events) and the engine's decisions get it."""
    for cls in (Move, Regroup, Moved, Decision):
        assert cls.__init__.__doc__ == f"Set each field of {cls.__name__} through its slot."
    assert Regroup(1, 2) == Regroup(join=1, into=2) and Regroup().disband == -1
    assert Move(3, 90.0, 2.5).to_plain() == {
        "type": Move.TAG, "unit": 3, "heading": 90.0, "distance": 2.5}
    assert issubclass(Moved, Event)
