"""Seeded random streams: determinism, plain state, copies and per-game seeds."""

from __future__ import annotations

import copy
import json
import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.rng import (
    ImpossibleDraw,
    InvalidSeed,
    InvalidStreamState,
    RandomStream,
    seed_for,
    spawn_seeds,
)


def draws(stream: RandomStream) -> list[object]:
    """A mix of every kind of draw, to compare two streams."""
    return [
        stream.faces(6, 10),
        stream.faces(20, 1),
        stream.integers(-5, 5),
        stream.random(),
        stream.choice_index(7),
    ]


def test_same_seed_gives_same_draws_and_other_seeds_differ() -> None:
    assert draws(RandomStream.from_seed(42)) == draws(RandomStream.from_seed(42))
    assert draws(RandomStream.from_seed(42)) != draws(RandomStream.from_seed(43))


def test_from_seed_is_numpy_pcg64_with_that_seed() -> None:
    expected = np.random.Generator(np.random.PCG64(9)).integers(1, 7, size=5).tolist()
    assert RandomStream.from_seed(9).faces(6, 5) == expected


@pytest.mark.parametrize("sides", [2, 3, 6, 8, 20, 100])
def test_faces_in_one_call_equal_faces_one_at_a_time(sides: int) -> None:
    together = RandomStream.from_seed(5).faces(sides, 30)
    single = RandomStream.from_seed(5)
    assert together == [single.faces(sides, 1)[0] for _ in range(30)]


def test_faces_are_python_ints_on_the_die() -> None:
    faces = RandomStream.from_seed(1).faces(6, 600)
    assert all(type(face) is int for face in faces)
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert RandomStream.from_seed(1).faces(6, 0) == []


def test_integers_include_both_ends_and_choice_index_covers_every_index() -> None:
    stream = RandomStream.from_seed(3)
    assert {stream.integers(2, 4) for _ in range(200)} == {2, 3, 4}
    assert {stream.choice_index(3) for _ in range(200)} == {0, 1, 2}
    assert stream.integers(7, 7) == 7
    assert all(0.0 <= stream.random() < 1.0 for _ in range(200))
    assert type(stream.random()) is float


@pytest.mark.parametrize(
    ("draw", "message"),
    [
        (lambda s: s.faces(0, 2), "a die needs at least one side, got a d0"),
        (lambda s: s.faces(6, -1), "cannot roll a negative number of dice (-1d6)"),
        (lambda s: s.integers(3, 2), "empty range 3..2"),
        (lambda s: s.choice_index(0), "cannot choose from 0 items"),
    ],
)
def test_impossible_draws_are_refused(draw: object, message: str) -> None:
    stream = RandomStream.from_seed(0)
    with pytest.raises(ImpossibleDraw) as error:
        draw(stream)  # type: ignore[operator]
    assert str(error.value) == message


def test_negative_seeds_are_refused() -> None:
    with pytest.raises(InvalidSeed, match="-1"):
        RandomStream.from_seed(-1)
    with pytest.raises(InvalidSeed):
        seed_for(-3, 0)
    with pytest.raises(InvalidSeed):
        seed_for(3, -1)


def test_plain_state_survives_json_and_resumes_exactly() -> None:
    stream = RandomStream.from_seed(11)
    stream.faces(6, 3)
    stream.faces(20, 1)  # leaves half a 64-bit word buffered in the state
    text = json.dumps(stream.to_plain())
    restored = RandomStream.from_plain(json.loads(text))
    assert restored == stream
    assert draws(restored) == draws(stream)


@pytest.mark.parametrize(
    "plain",
    [
        np.random.MT19937(1).state,
        {"bit_generator": "PCG64", "state": "nonsense"},
        {"bit_generator": "PCG64"},
        "PCG64",
    ],
)
def test_plain_states_that_are_not_pcg64_are_refused(plain: object) -> None:
    with pytest.raises(InvalidStreamState):
        RandomStream.from_plain(plain)  # type: ignore[arg-type]


def test_only_pcg64_generators_are_wrapped() -> None:
    with pytest.raises(InvalidStreamState, match="MT19937"):
        RandomStream(np.random.Generator(np.random.MT19937(1)))


def test_pickle_resumes_exactly() -> None:
    stream = RandomStream.from_seed(12)
    stream.faces(8, 1)
    restored = pickle.loads(pickle.dumps(stream))
    assert draws(restored) == draws(stream)


def test_copy_is_independent_and_draws_the_same_numbers() -> None:
    stream = RandomStream.from_seed(13)
    stream.faces(6, 4)
    twin = stream.copy()
    assert twin == stream
    first = draws(twin)
    assert twin != stream  # drawing from the copy left the original where it was
    assert draws(stream) == first
    assert twin == stream


def test_copies_of_unused_copies_and_standard_copy_hooks_resume_exactly() -> None:
    stream = RandomStream.from_seed(14)
    lazy = stream.copy()
    copies = [lazy.copy(), copy.copy(stream), copy.deepcopy(stream), copy.deepcopy([lazy])[0]]
    expected = draws(stream)
    for each in copies:
        assert draws(each) == expected
    assert draws(lazy) == expected
    assert lazy.to_plain() == stream.to_plain()


def test_streams_are_unhashable_and_repr_pastes_back() -> None:
    stream = RandomStream.from_seed(15)
    with pytest.raises(TypeError):
        hash(stream)
    assert eval(repr(stream), {"RandomStream": RandomStream}) == stream
    assert stream != "not a stream"


def test_seed_for_is_the_spawned_seed_sequence_word() -> None:
    children = np.random.SeedSequence(77).spawn(4)
    expected = [int(child.generate_state(1, np.uint64)[0]) for child in children]
    assert [seed_for(77, index) for index in range(4)] == expected
    assert spawn_seeds(77, 4) == expected


def test_seeds_depend_on_run_seed_and_index_alone() -> None:
    # game 5 gets the same seed whether a worker was given games 0..9 or just 5..6
    assert spawn_seeds(2024, 10)[5] == seed_for(2024, 5)
    seeds = spawn_seeds(2024, 1000)
    assert len(set(seeds)) == 1000
    assert all(0 <= seed < 2**64 for seed in seeds)
    assert spawn_seeds(2025, 3) != spawn_seeds(2024, 3)


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 2**64),
    sides=st.integers(1, 30),
    counts=st.lists(st.integers(0, 12), min_size=1, max_size=5),
)
def test_any_stream_gives_faces_on_the_die_and_its_copy_follows(
    seed: int, sides: int, counts: list[int]
) -> None:
    stream = RandomStream.from_seed(seed)
    twin = pickle.loads(pickle.dumps(stream.copy()))
    for count in counts:
        faces = stream.faces(sides, count)
        assert len(faces) == count
        assert all(1 <= face <= sides for face in faces)
        assert twin.faces(sides, count) == faces


#: Ranges for choice_index: the smallest, dice-like ones, powers of two and their
#: neighbours (where Lemire's rejection threshold is largest or zero), the 32-bit edge and
#: beyond it (numpy's own path).
RANGES = st.one_of(
    st.integers(1, 40),
    st.sampled_from([2**k + d for k in (8, 16, 31, 32) for d in (-1, 0, 1)]),
    st.integers(1, 2**32 - 1),
    st.integers(2**32, 2**40),
)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**64),
    draws=st.lists(
        st.one_of(
            st.tuples(st.just("index"), RANGES),
            st.tuples(st.just("faces"), st.integers(1, 20), st.integers(0, 4)),
            st.tuples(st.just("faces"), RANGES, st.integers(0, 12)),
            st.tuples(st.just("integers"), st.integers(-(2**40), 2**40), RANGES),
            st.tuples(st.just("random")),
        ),
        min_size=1,
        max_size=40,
    ),
)
def test_every_draw_is_numpys_draw_for_draw(seed: int, draws: list[tuple[object, ...]]) -> None:
    """issue 16 (``test_rng``): ``choice_index``, ``faces`` and ``integers`` draw their 32
    random bits themselves (``RandomStream._below``) and ``random`` its double, and each
    gives what numpy's ``Generator`` gives (``integers(0, n)``, ``integers(1, sides + 1,
    count)``, ``integers(low, high + 1)``, ``random()``), leaving the same state, whatever
    draws come between."""
    stream = RandomStream.from_seed(seed)
    generator = np.random.Generator(np.random.PCG64(seed))
    for draw in draws:
        if draw[0] == "index":
            n = int(draw[1])  # type: ignore[call-overload]
            assert stream.choice_index(n) == int(generator.integers(0, n))
        elif draw[0] == "faces":
            sides, count = int(draw[1]), int(draw[2])  # type: ignore[call-overload]
            assert stream.faces(sides, count) == generator.integers(1, sides + 1, count).tolist()
        elif draw[0] == "integers":
            low, span = int(draw[1]), int(draw[2])  # type: ignore[call-overload]
            assert stream.integers(low, low + span - 1) == int(generator.integers(low, low + span))
        else:
            assert stream.random() == float(generator.random())
        assert stream.to_plain() == generator.bit_generator.state


def test_a_copy_or_a_pickled_stream_goes_on_with_the_same_indices() -> None:
    """issue 16 (``test_rng``): the bits ``choice_index`` reads belong to the generator of
    the stream, so a copy, a pickled stream and the original go on alike."""
    stream = RandomStream.from_seed(11)
    first = [stream.choice_index(n) for n in range(1, 30)]
    twin, loaded = stream.copy(), pickle.loads(pickle.dumps(stream))
    again = RandomStream.from_seed(11)
    assert first == [again.choice_index(n) for n in range(1, 30)]
    following = [stream.choice_index(9) for _ in range(50)]
    assert [twin.choice_index(9) for _ in range(50)] == following
    assert [loaded.choice_index(9) for _ in range(50)] == following
