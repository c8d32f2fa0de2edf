"""Actions: type tags, the JSON form, and decoding JSON back with precise errors."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.duel import Duel, Gamble, Pass, Respond, Shoot, Stance
from warbench.core.actions import Action, ActionCodec, ActionFormatError

EVERY_DUEL_ACTION: list[Action] = [
    Stance("aggressive"),
    Stance("guarded"),
    Shoot(target=2, bearing=123.5, power=2),
    Shoot(target=0, bearing=0.0),
    Pass(),
    Respond("dodge"),
    Respond("brace"),
    Gamble(),
]


@pytest.fixture
def codec() -> ActionCodec:
    return Duel().codec


def test_the_class_statement_names_the_tag() -> None:
    assert (Stance.TAG, Shoot.TAG, Pass.TAG, Respond.TAG, Gamble.TAG) == (
        "stance",
        "shoot",
        "pass",
        "respond",
        "gamble",
    )


def test_to_plain_is_the_tag_and_every_field() -> None:
    assert Shoot(target=1, bearing=90.0).to_plain() == {
        "type": "shoot",
        "target": 1,
        "bearing": 90.0,
        "power": 1,
    }
    assert Pass().to_plain() == {"type": "pass"}


@pytest.mark.parametrize("action", EVERY_DUEL_ACTION, ids=repr)
def test_repr_can_be_pasted_back(action: Action) -> None:
    names = {cls.__name__: cls for cls in Duel.action_types}
    assert eval(repr(action), names) == action


def test_actions_are_frozen_values() -> None:
    shot = Shoot(target=1, bearing=90.0)
    assert shot == Shoot(target=1, bearing=90.0)
    assert hash(shot) == hash(Shoot(target=1, bearing=90.0))
    no_fields: Action = Gamble()
    assert Pass() != no_fields  # two field-less actions differ by type
    with pytest.raises(AttributeError):
        shot.target = 2  # type: ignore[misc]


def test_codec_knows_the_ruleset_tags_sorted(codec: ActionCodec) -> None:
    assert codec.tags == ("gamble", "pass", "respond", "shoot", "stance")


@pytest.mark.parametrize("action", EVERY_DUEL_ACTION, ids=repr)
def test_decode_round_trips_every_duel_action_through_json_text(
    codec: ActionCodec, action: Action
) -> None:
    decoded = codec.decode(json.loads(json.dumps(action.to_plain())))
    assert decoded == action
    assert type(decoded) is type(action)


def test_defaults_fill_fields_left_out_and_ints_serve_as_floats(codec: ActionCodec) -> None:
    decoded = codec.decode({"type": "shoot", "target": 1, "bearing": 90})
    assert decoded == Shoot(target=1, bearing=90.0, power=1)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=-(2**40), max_value=2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.integers(min_value=0, max_value=10),
)
def test_decode_round_trips_any_shot(target: int, aim: float, power: int) -> None:
    shot = Shoot(target=target, bearing=aim, power=power)
    assert Duel().codec.decode(json.loads(json.dumps(shot.to_plain()))) == shot


# ----------------------------------------------------------------- errors


def test_unknown_type_suggests_the_closest_tag(codec: ActionCodec) -> None:
    with pytest.raises(ActionFormatError, match="unknown action type 'shot'; did you mean 'shoot'"):
        codec.decode({"type": "shot", "target": 1, "bearing": 0.0})


def test_unknown_type_with_nothing_close_gives_no_hint(codec: ActionCodec) -> None:
    with pytest.raises(ActionFormatError) as error:
        codec.decode({"type": "xyzzy"})
    assert str(error.value) == "unknown action type 'xyzzy'"


@pytest.mark.parametrize("data", [{"target": 1}, {"type": 3}, {"type": None}])
def test_a_missing_or_non_string_type_is_refused(codec: ActionCodec, data: Any) -> None:
    with pytest.raises(ActionFormatError, match="has no string 'type'"):
        codec.decode(data)


def test_missing_field_is_named(codec: ActionCodec) -> None:
    with pytest.raises(ActionFormatError, match="action 'shoot': bearing: missing required key"):
        codec.decode({"type": "shoot", "target": 1})


@pytest.mark.parametrize(
    ("data", "fault"),
    [
        ({"type": "shoot", "target": "one", "bearing": 3.0}, "target: Input should be a valid"),
        ({"type": "shoot", "target": 1.5, "bearing": 3.0}, "target: Input should be a valid"),
        ({"type": "shoot", "target": True, "bearing": 3.0}, "target: Input should be a valid"),
        ({"type": "shoot", "target": "1", "bearing": 3.0}, "target: Input should be a valid"),
        ({"type": "shoot", "target": 1, "bearing": "3"}, "bearing: Input should be a valid"),
        ({"type": "shoot", "target": 1, "bearing": "east"}, "bearing: Input should be a valid"),
        ({"type": "stance", "stance": 5}, "stance: Input should be a valid string"),
        ({"type": "respond", "response": ["dodge"]}, "response: Input should be a valid"),
    ],
)
def test_wrong_field_type_is_named(codec: ActionCodec, data: Any, fault: str) -> None:
    with pytest.raises(ActionFormatError, match=fault):
        codec.decode(data)


def test_values_no_json_can_hold_are_refused_by_action(codec: ActionCodec) -> None:
    with pytest.raises(ActionFormatError, match=r"action 'stance': not JSON data: .*set"):
        codec.decode({"type": "stance", "stance": {"aggressive"}})


def test_extra_fields_are_named(codec: ActionCodec) -> None:
    with pytest.raises(ActionFormatError, match="action 'pass' has no field force, speed"):
        codec.decode({"type": "pass", "speed": 1, "force": 2})


@pytest.mark.parametrize("data", [["shoot"], "pass", None, 3])
def test_non_objects_are_refused(codec: ActionCodec, data: Any) -> None:
    with pytest.raises(ActionFormatError, match="an action must be a JSON object"):
        codec.decode(data)


@dataclass(frozen=True, slots=True)
class Untagged(Action):
    pass


@dataclass(frozen=True, slots=True)
class FakeStance(Action, tag="stance"):
    stance: str


def test_codec_refuses_untagged_and_clashing_types() -> None:
    with pytest.raises(ActionFormatError, match="Untagged has no tag"):
        ActionCodec([Untagged])
    with pytest.raises(ActionFormatError, match="two action types share the tag 'stance'"):
        ActionCodec([Stance, FakeStance])


@dataclass(frozen=True, slots=True)
class _Aim(Action, tag="test-aim"):
    target: int = 0


@dataclass(frozen=True, slots=True)
class _AimAt(_Aim, tag="test-aim-at"):
    bearing: float = 0.0


def test_plain_form_names_each_types_own_fields_every_time() -> None:
    """The field names kept per type (issue 16) are each type's own: a subtype with one
    more field, asked after its parent and again, gives all of its fields in order."""
    assert _Aim(3).to_plain() == {"type": "test-aim", "target": 3}
    assert _AimAt(3, 9.5).to_plain() == {"type": "test-aim-at", "target": 3, "bearing": 9.5}
    assert _AimAt(4, 1.0).to_plain() == {"type": "test-aim-at", "target": 4, "bearing": 1.0}
    assert _Aim(5).to_plain() == {"type": "test-aim", "target": 5}
