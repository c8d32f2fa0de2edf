"""The state hash (hash format 2): equal values hash equal, any change shows, and the digest
is the same in every process, whatever ``PYTHONHASHSEED`` makes of sets and dicts."""

from __future__ import annotations

import copy
import enum
import math
import os
import subprocess
import sys
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.plain import Hidden, PlainEncodingError, hash_form, state_hash

ROOT = Path(__file__).resolve().parents[2]


class Stance(enum.Enum):
    CALM = "calm"
    ANGRY = "angry"


@dataclass(slots=True)
class Crew:
    name: str
    stance: Stance
    traits: set[str] = field(default_factory=set)
    secret: Hidden[list[int]] = field(default_factory=lambda: Hidden(0, []))
    dice: dict[str, Any] = field(default_factory=dict, metadata={"referee_only": True})
    speed: float = 0.0


def sample() -> list[Any]:
    """Values whose hash must not depend on the process: sets and dicts of strings, secrets,
    a referee-only field, an enum, NaN."""
    return [
        Crew(
            "Vesna",
            Stance.ANGRY,
            {f"trait-{n}" for n in range(24)},
            Hidden(1, [4, 2]),
            {f"die-{n}": n for n in range(12)},
            float("nan"),
        ),
        frozenset({"alpha", "beta", "gamma", "delta", "epsilon"}),
        {"z": [1.5, None, True], "a": {"q", "r"}},
    ]


#: Prints the sample's hash and its first set's iteration order, in a child process.
CHILD = (
    "from tests.core.test_state_hash import sample;"
    "from warbench.core.plain import state_hash;"
    "print(state_hash(sample()), list(sample()[0].traits))"
)


def hashed_in_child(seed: str) -> tuple[str, str]:
    """The sample's hash and one set's iteration order, in a process with ``PYTHONHASHSEED``."""
    env = {**os.environ, "PYTHONHASHSEED": seed,
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True
    )
    digest, order = done.stdout.strip().split(" ", 1)
    return digest, order


def test_the_hash_is_the_same_in_processes_whose_sets_iterate_differently() -> None:
    first, first_order = hashed_in_child("1")
    second, second_order = hashed_in_child("2")
    assert first_order != second_order  # the string hashes did differ
    assert first == second == state_hash(sample())


def test_shared_and_separate_objects_hash_alike() -> None:
    """Memo-free: the same string or tuple object twice equals two equal copies."""
    word = "broadside"
    pair = (1, 2)
    assert state_hash([word, word, pair, pair]) == state_hash(
        ["".join(["broad", "side"]), "".join(["broads", "ide"]), (1, 2), tuple([1, 2])]
    )


def test_every_nan_is_one_nan_and_minus_zero_is_zero() -> None:
    assert state_hash([float("nan")]) == state_hash([-float("nan")])
    assert state_hash([math.inf - math.inf]) == state_hash([float("nan")])
    assert state_hash(-0.0) == state_hash(0.0) != state_hash(0)


def test_secrets_and_referee_only_fields_count() -> None:
    crew = sample()[0]
    told = copy.deepcopy(crew)
    told.secret.value.append(6)
    rolled = copy.deepcopy(crew)
    rolled.dice["die-0"] = 5
    shown = copy.deepcopy(crew)
    shown.secret.revealed = True
    hashes = {state_hash(value) for value in (crew, told, rolled, shown)}
    assert len(hashes) == 4


def test_types_are_kept_apart() -> None:
    assert len({state_hash(value) for value in (1, 1.0, True, "1", None, [1], {"1": 1})}) == 7
    assert state_hash(Stance.CALM) != state_hash("calm")


def test_a_value_with_no_plain_form_is_refused() -> None:
    try:
        hash_form([b"bytes"])
    except PlainEncodingError as error:
        assert "bytes has no plain form" in str(error)
    else:
        raise AssertionError("bytes were hashed")


# ----------------------------------------------------------------- properties

leaves = (
    st.none() | st.booleans() | st.integers() | st.text(max_size=6)
    | st.floats(allow_nan=True, allow_infinity=True)
)
keys = st.text(min_size=1, max_size=4)


def crews(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Crew]:
    return st.builds(
        Crew,
        name=st.text(max_size=5),
        stance=st.sampled_from(Stance),
        traits=st.sets(st.text(max_size=4), max_size=5),
        secret=st.builds(Hidden, owner=st.integers(0, 3),
                         value=st.lists(st.integers(), max_size=3), revealed=st.booleans()),
        dice=st.dictionaries(keys, inner, max_size=3),
        speed=st.floats(allow_nan=False),
    )


values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4)
    | st.lists(inner, max_size=4).map(tuple)
    | st.dictionaries(keys, inner, max_size=4)
    | st.frozensets(st.integers() | st.text(max_size=4), max_size=4)
    | crews(inner),
    max_leaves=24,
)


def rebuilt(value: Any) -> Any:
    """An equal value made of new objects: strings rebuilt, dicts and sets in reverse order."""
    kind = type(value)
    if kind is str:
        return "".join(list(value))
    if kind is float:
        return float(repr(value))
    if kind is list:
        return [rebuilt(item) for item in value]
    if kind is tuple:
        return tuple(rebuilt(item) for item in value)
    if kind is dict:
        return {rebuilt(key): rebuilt(item) for key, item in reversed(list(value.items()))}
    if kind is frozenset or kind is set:
        return kind(rebuilt(item) for item in reversed(list(value)))
    if kind is Hidden:
        return Hidden(value.owner, rebuilt(value.value), value.revealed)
    if kind is Crew:
        return Crew(*(rebuilt(getattr(value, item.name)) for item in fields(Crew)))
    return value


@settings(max_examples=150, deadline=None)
@given(values)
def test_equal_values_built_apart_hash_equal(value: Any) -> None:
    assert state_hash(rebuilt(value)) == state_hash(value)
    assert state_hash(copy.deepcopy(value)) == state_hash(value)


def changed(value: Any, choice: int) -> tuple[Any, bool]:
    """``value`` with its ``choice``-th plain value (counted depth first) changed."""
    counter = [choice]

    def walk(item: Any) -> Any:
        kind = type(item)
        if kind in (int, bool, str, float) or item is None:
            counter[0] -= 1
            if counter[0] != -1:
                return item
            if kind is bool:
                return not item
            if kind is int:
                return item + 1
            if kind is str:
                return item + "x"
            if kind is float:
                if item != item or math.isinf(item):
                    return 0.5
                return item + 1.0 if abs(item) < 1e15 else -item
            return 0
        if kind is list:
            return [walk(x) for x in item]
        if kind is tuple:
            return tuple(walk(x) for x in item)
        if kind is dict:
            return {key: walk(x) for key, x in item.items()}
        if is_dataclass(item):
            return type(item)(*(walk(getattr(item, f.name)) for f in fields(item)))
        return item  # sets, enums: left as they are

    result = walk(value)
    return result, counter[0] < 0


@settings(max_examples=150, deadline=None)
@given(values, st.integers(0, 40))
def test_a_change_anywhere_changes_the_hash(value: Any, choice: int) -> None:
    other, did_change = changed(value, choice)
    if did_change:
        assert state_hash(other) != state_hash(value)
