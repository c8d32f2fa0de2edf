"""Plain data: the canonical form of states, secrets per viewer, and the state hash."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.plain import (
    OMNISCIENT,
    Hidden,
    PlainEncodingError,
    canonical_json,
    state_hash,
    to_plain,
)
from warbench.core.rng import RandomStream


class Facing(enum.Enum):
    NORTH = "north"
    SOUTH = "south"


@dataclass(slots=True)
class Ship:
    name: str
    hull: int
    facing: Facing = Facing.NORTH
    crew: set[str] = field(default_factory=set)


@dataclass(slots=True)
class Boat:
    """Same fields as Ship, different class: must not hash the same."""

    name: str
    hull: int
    facing: Facing = Facing.NORTH
    crew: set[str] = field(default_factory=set)


@dataclass(slots=True)
class Table:
    ships: list[Ship]
    hands: list[Hidden[list[str]]]
    dealer_seed: int = field(default=0, metadata={"referee_only": True})


def table() -> Table:
    return Table(
        ships=[Ship("Ajax", 3, Facing.SOUTH, {"gunner", "captain"})],
        hands=[Hidden(0, ["ace", "king"]), Hidden(1, ["two"])],
        dealer_seed=99,
    )


# ----------------------------------------------------------------- canonical form


def test_dataclasses_carry_their_class_name_under_at() -> None:
    assert to_plain(Ship("Ajax", 3)) == {
        "@": "Ship",
        "name": "Ajax",
        "hull": 3,
        "facing": "north",
        "crew": [],
    }


def test_sets_come_out_sorted_whatever_their_insertion_order() -> None:
    assert to_plain({"b", "c", "a"}) == ["a", "b", "c"]
    assert to_plain(frozenset({(2, 1), (1, 2)})) == [[1, 2], [2, 1]]
    crew_one = Ship("Ajax", 3, crew={"x", "y", "z"})
    crew_two = Ship("Ajax", 3, crew={"z", "y", "x"})
    assert canonical_json(crew_one) == canonical_json(crew_two)


def test_enums_become_their_values_and_tuples_become_lists() -> None:
    assert to_plain(Facing.SOUTH) == "south"
    assert to_plain((1, (2, 3))) == [1, [2, 3]]


def test_dict_keys_become_strings_and_nan_a_string() -> None:
    assert to_plain({1: "one"}) == {"1": "one"}
    assert to_plain(float("nan")) == "nan"


def test_objects_with_a_to_plain_method_use_it() -> None:
    stream = RandomStream.from_seed(3)
    assert to_plain(stream) == stream.to_plain()


def test_values_with_no_plain_form_are_refused_by_name() -> None:
    with pytest.raises(PlainEncodingError, match="function has no plain form"):
        to_plain({"callback": lambda: None})
    with pytest.raises(PlainEncodingError, match="generator has no plain form"):
        to_plain(x for x in range(3))


def test_canonical_json_is_compact_and_key_sorted() -> None:
    assert canonical_json({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'
    json.loads(canonical_json(table()))  # always valid JSON


# ----------------------------------------------------------------- secrets and views


def test_hidden_values_show_only_to_their_owner_and_the_referee() -> None:
    secret = Hidden(owner=1, value="charge")
    assert to_plain(secret, viewer=0) == {"hidden": True, "owner": 1}
    shown = {"hidden": False, "owner": 1, "revealed": False, "value": "charge"}
    assert to_plain(secret, viewer=1) == shown
    assert to_plain(secret) == shown


def test_revealed_values_show_to_everyone() -> None:
    secret = Hidden(owner=1, value="charge", revealed=True)
    assert to_plain(secret, viewer=0) == {
        "hidden": False,
        "owner": 1,
        "revealed": True,
        "value": "charge",
    }


def test_hidden_values_nested_in_a_state_are_redacted_per_viewer() -> None:
    view_0 = to_plain(table(), viewer=0)
    assert view_0["hands"] == [
        {"hidden": False, "owner": 0, "revealed": False, "value": ["ace", "king"]},
        {"hidden": True, "owner": 1},
    ]
    view_1 = canonical_json(table(), viewer=1)
    assert "ace" not in view_1 and "king" not in view_1
    assert "two" in view_1


def test_referee_only_fields_are_left_out_of_views_but_count_in_the_hash() -> None:
    assert "dealer_seed" not in to_plain(table(), viewer=0)
    assert "dealer_seed" not in to_plain(table(), viewer=1)
    assert to_plain(table())["dealer_seed"] == 99
    other_seed = table()
    other_seed.dealer_seed = 100
    assert canonical_json(other_seed, viewer=0) == canonical_json(table(), viewer=0)
    assert state_hash(other_seed) != state_hash(table())


def test_the_hash_sees_every_secret() -> None:
    other_hand = table()
    other_hand.hands[1].value = ["three"]
    assert state_hash(other_hand) != state_hash(table())


def test_omniscient_viewer_is_the_default() -> None:
    assert to_plain(table(), viewer=OMNISCIENT) == to_plain(table())


# ----------------------------------------------------------------- the hash


def test_equal_states_built_apart_have_equal_hashes() -> None:
    assert state_hash(table()) == state_hash(table())
    assert len(state_hash(table())) == 32


@pytest.mark.parametrize(
    "change",
    [
        lambda t: setattr(t.ships[0], "hull", 2),
        lambda t: setattr(t.ships[0], "facing", Facing.NORTH),
        lambda t: t.ships[0].crew.add("cook"),
        lambda t: t.hands.reverse(),
        lambda t: t.ships.append(Ship("Hector", 1)),
    ],
    ids=["number", "enum", "set member", "order of a list", "new item"],
)
def test_any_change_changes_the_hash(change: Any) -> None:
    changed = table()
    change(changed)
    assert state_hash(changed) != state_hash(table())


def test_classes_with_the_same_fields_hash_differently() -> None:
    assert state_hash(Ship("Ajax", 3)) != state_hash(Boat("Ajax", 3))


def test_revealing_a_secret_changes_the_hash() -> None:
    assert state_hash(Hidden(0, "charge")) != state_hash(Hidden(0, "charge", revealed=True))


plain_keys = st.text(min_size=1, max_size=5)
plain_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(plain_keys, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(plain_keys, plain_values, max_size=6))
def test_dict_insertion_order_never_changes_the_hash(data: dict[str, Any]) -> None:
    reversed_order = dict(reversed(list(data.items())))
    assert state_hash(reversed_order) == state_hash(data)
    assert json.loads(canonical_json(data)) == to_plain(data)


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers() | st.text(max_size=4), max_size=8))
def test_set_hash_does_not_depend_on_iteration_order(items: set[int | str]) -> None:
    assert state_hash(items) == state_hash(set(reversed(list(items))))
    assert state_hash(frozenset(items)) == state_hash(items)
