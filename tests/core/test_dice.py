"""Dice sources and dice operations: exact faces, referee mode, seeded statistics."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.dice_recording import DiceRecord, RecordingDice
from tests.duel import Duel
from warbench.core.dice import (
    DiceExhausted,
    DiceExpr,
    DiceExpressionError,
    InvalidFaces,
    InvalidReroll,
    PoolResult,
    RefereeDice,
    Roll,
    ScriptedDice,
    SeededDice,
    UnknownChannel,
    d,
    d2,
    d3,
    keep_faces,
    pool,
    reroll,
    roll,
)
from warbench.core.engine import Game
from warbench.core.events import Roll as Rolled
from warbench.core.faces import FaceOutcome, FaceTable
from warbench.core.rng import ImpossibleDraw, RandomStream

#: Dystopian Wars: 1-3 miss, 4-5 one hit, 6 two hits and roll again.
DW = FaceTable.counted(6, {(1, 3): 0, (4, 5): 1, (6, 6): 2}, explode_on=(6,))


class Typist:
    """A referee's keyboard: answers from a queue and remembers every question."""

    def __init__(self, *answers: Sequence[int]) -> None:
        self.answers = list(answers)
        self.questions: list[tuple[int, int, str]] = []

    def __call__(self, sides: int, count: int, label: str) -> Sequence[int]:
        self.questions.append((sides, count, label))
        return self.answers.pop(0)


# --- sources ---------------------------------------------------------------------------


def test_seeded_dice_follow_the_stream() -> None:
    dice = SeededDice(RandomStream.from_seed(4))
    assert dice.faces(6, 5) == RandomStream.from_seed(4).faces(6, 5)


def test_referee_faces_are_checked_and_logged() -> None:
    typist = Typist([2, 6, 6], [5])
    referee = RefereeDice(typist)
    assert referee.faces(6, 3, label="gunnery") == [2, 6, 6]
    assert referee.faces(8, 1) == [5]
    assert typist.questions == [(6, 3, "gunnery"), (8, 1, "")]
    assert referee.log == [(6, (2, 6, 6)), (8, (5,))]


def test_referee_faces_off_the_die_are_refused_with_the_reason() -> None:
    referee = RefereeDice(Typist([1, 7]))
    with pytest.raises(InvalidFaces) as error:
        referee.faces(6, 3, label="gunnery")
    assert str(error.value) == (
        "expected 3 faces of a d6 for 'gunnery', got [1, 7]: 2 faces instead of 3; 7 is not on a d6"
    )
    assert referee.log == []


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ([3, 4], "2 faces instead of 1"),
        ([], "0 faces instead of 1"),
        ([0], "0 is not on a d6"),
        (["4"], "'4' is not a whole number"),
        ([True], "True is not a whole number"),
    ],
)
def test_referee_wrong_counts_and_non_faces_are_refused(typed: list[int], reason: str) -> None:
    with pytest.raises(InvalidFaces, match="expected 1 face of a d6, got .*: " + reason):
        RefereeDice(Typist(typed)).faces(6, 1)


def test_one_face_is_one_face_in_every_message() -> None:
    with pytest.raises(InvalidFaces, match=r"expected 2 faces of a d6, got \[4\]: 1 face instead"):
        RefereeDice(Typist([4])).faces(6, 2)


def test_the_referee_is_told_who_rolls_where_the_rules_know_it() -> None:
    """USERS journey 2: one person rolls for every side, so each question names the
    player whose roll it is, in the roll's words for people where the rules give them (a
    seat counted from 1); the labels of the events stay as the rules wrote them, and a name
    a player gave ("Player 3's raiders") is read as given, not renumbered."""
    labels: list[str] = []

    def ask(sides: int, count: int, label: str) -> list[int]:
        labels.append(label)
        return [3] * count

    game = Game.new(Duel(), seed=1, dice=RefereeDice(ask))
    game.dice_for(1).faces(6, 1, label="battle order")
    game.dice_for(0).faces(6, 2, label="initiative, player 0", told="initiative, player 1")
    game.dice.faces(6, 1, label="scatter")
    game.dice_for(0).faces(6, 1, label="Player 3's raiders boost")
    assert labels == ["player 2 rolls for battle order", "initiative, player 1", "scatter",
                      "player 1 rolls for Player 3's raiders boost"]
    rolled = [event for event in game.events[-4:] if isinstance(event, Rolled)]
    assert [(event.label, event.told) for event in rolled] == [
        ("battle order", ""), ("initiative, player 0", "initiative, player 1"),
        ("scatter", ""), ("Player 3's raiders boost", "")]


def test_referee_is_not_asked_for_no_dice_and_impossible_dice_are_refused() -> None:
    typist = Typist()
    referee = RefereeDice(typist)
    assert referee.faces(6, 0) == []
    with pytest.raises(ImpossibleDraw):
        referee.faces(0, 1)
    assert typist.questions == []


def test_operations_run_through_referee_mode() -> None:
    typist = Typist([6, 4, 1], [6], [2], [5])
    referee = RefereeDice(typist)
    result = pool(referee, 3, DW, label="gunnery")
    assert result.totals == (5,)
    assert d3(referee, label="repair").total == 3
    assert typist.questions == [
        (6, 3, "gunnery"),
        (6, 1, "gunnery (exploding)"),
        (6, 1, "gunnery (exploding)"),
        (6, 1, "repair (D3 on a d6)"),
    ]
    replayed = ScriptedDice.from_log(referee.log)
    assert pool(replayed, 3, DW, label="gunnery") == result
    assert d3(replayed).total == 3
    assert replayed.remaining == 0


def test_scripted_dice_run_out_naming_what_was_needed() -> None:
    script = ScriptedDice([3, 4])
    with pytest.raises(DiceExhausted) as error:
        script.faces(6, 3, label="ram")
    assert (
        str(error.value) == "needed 3 faces of a d6 for 'ram' but only 2 faces left in the script"
    )
    assert script.faces(6, 2) == [3, 4]  # nothing was used up by the failed request
    with pytest.raises(DiceExhausted, match="needed 1 face of a d8 but only 0 faces"):
        script.faces(8, 1)


def test_scripted_faces_off_the_die_are_refused_without_being_used_up() -> None:
    script = ScriptedDice([9, 2])
    with pytest.raises(InvalidFaces, match="9 is not on a d8"):
        script.faces(8, 2)
    assert script.remaining == 2
    assert script.faces(10, 2) == [9, 2]
    assert repr(ScriptedDice([1, 2])) == "ScriptedDice([1, 2])"


def test_recording_dice_record_each_request_and_drain() -> None:
    recorder = RecordingDice(ScriptedDice([6, 5, 6, 2, 3]))
    pool(recorder, 2, DW, label="broadside")
    assert recorder.drain() == [
        DiceRecord(6, (6, 5), "broadside"),
        DiceRecord(6, (6,), "broadside (exploding)"),
        DiceRecord(6, (2,), "broadside (exploding)"),
    ]
    d(recorder, 6)
    assert recorder.records == [DiceRecord(6, (3,), "")]


def test_a_rolls_words_for_people_go_with_its_rerolled_and_exploding_dice() -> None:
    """A roll's words for people (``told``) reach every part of it, the re-roll and each
    explosion saying which it is, as its label does; the labels are those of a roll without
    words, and a roll without words gives its parts none (its label is read instead)."""
    recorder = RecordingDice(ScriptedDice([1, 6, 4, 6, 2, 1, 5]))
    pool(recorder, 2, DW, reroll_on={1}, label="side 0 guns", told="Vanguard's guns")
    pool(recorder, 1, DW, reroll_on={1}, label="scatter")
    assert recorder.drain() == [
        DiceRecord(6, (1, 6), "side 0 guns", "Vanguard's guns"),
        DiceRecord(6, (4,), "side 0 guns (re-roll)", "Vanguard's guns (re-roll)"),
        DiceRecord(6, (6,), "side 0 guns (exploding)", "Vanguard's guns (exploding)"),
        DiceRecord(6, (2,), "side 0 guns (exploding)", "Vanguard's guns (exploding)"),
        DiceRecord(6, (1,), "scatter", ""),
        DiceRecord(6, (5,), "scatter (re-roll)", ""),
    ]


# --- plain rolls, d3/d2, expressions ---------------------------------------------------


@pytest.mark.parametrize("sides", [2, 4, 6, 8, 10, 12, 20])
def test_real_dice_roll_every_face_and_no_other(sides: int) -> None:
    dice = SeededDice(RandomStream.from_seed(sides))
    assert {d(dice, sides).total for _ in range(50 * sides)} == set(range(1, sides + 1))


def test_roll_adds_the_faces() -> None:
    assert roll(ScriptedDice([1, 6, 6]), 3, 6) == Roll(6, (1, 6, 6), 13)


@pytest.mark.parametrize(
    ("face", "as_d3", "as_d2"),
    [(1, 1, 1), (2, 1, 1), (3, 2, 1), (4, 2, 2), (5, 3, 2), (6, 3, 2)],
)
def test_dystopian_wars_d3_and_d2_read_a_d6(face: int, as_d3: int, as_d2: int) -> None:
    assert d3(ScriptedDice([face])) == Roll(6, (face,), as_d3)
    assert d2(ScriptedDice([face])) == Roll(6, (face,), as_d2)


def test_d3_and_d2_several_at_once_and_ask_for_d6_faces() -> None:
    typist = Typist([1, 6], [3, 4])
    referee = RefereeDice(typist)
    assert d3(referee, 2).total == 4
    assert d2(referee, 2, label="sinking").total == 3
    assert typist.questions == [(6, 2, "D3 on a d6"), (6, 2, "sinking (D2 on a d6)")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3d6+2", DiceExpr(3, 6, 2)),
        ("d20", DiceExpr(1, 20)),
        ("2D3", DiceExpr(2, 3)),
        ("D6-1", DiceExpr(1, 6, -1)),
        (" 2 d 6 + 10 ", DiceExpr(2, 6, 10)),
        ("4d6kh3", DiceExpr(4, 6, keep=3)),
        ("4d6k3", DiceExpr(4, 6, keep=3)),
        ("2d20kl1+5", DiceExpr(2, 20, 5, keep=1, lowest=True)),
    ],
)
def test_dice_notation_is_read(text: str, expected: DiceExpr) -> None:
    assert DiceExpr.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "is not dice notation"),
        ("3d", "is not dice notation"),
        ("3x6", "is not dice notation"),
        ("3d6+", "is not dice notation"),
        ("3d6+-2", "is not dice notation"),
        ("d6kh", "is not dice notation"),
        ("-2d6", "is not dice notation"),
        ("0d6", "rolls no dice"),
        ("2d0", "rolls a die with no sides"),
        ("4d6kh5", "keeps 5 of 4 dice"),
        ("2d6kl0", "keeps 0 of 2 dice"),
    ],
)
def test_bad_dice_notation_names_the_text(text: str, reason: str) -> None:
    with pytest.raises(DiceExpressionError) as error:
        DiceExpr.parse(text)
    assert str(error.value).startswith(repr(text))
    assert reason in str(error.value)


def test_expression_bounds_and_text() -> None:
    expr = DiceExpr.parse("4d6kh3+1")
    assert (expr.minimum, expr.maximum) == (4, 19)
    assert str(expr) == "4d6kh3+1"
    assert str(DiceExpr(2, 20, -3, keep=1, lowest=True)) == "2d20kl1-3"
    assert eval(repr(expr), {"DiceExpr": DiceExpr}) == expr


def test_expression_rolls_keep_and_modifier() -> None:
    result = DiceExpr.parse("4d6kh3+1").roll(ScriptedDice([2, 6, 1, 5]))
    assert result == Roll(6, (6, 5, 2), 14, dropped=(1,))
    assert keep_faces([2, 6, 1, 5], 2, lowest=True) == ((1, 2), (5, 6))
    with pytest.raises(ImpossibleDraw, match="cannot keep 3 of 2 dice"):
        keep_faces([1, 2], 3)


def test_boost_adds_dice_before_keeping() -> None:
    typist = Typist([2, 3, 6])
    boosted = DiceExpr.parse("2d6+4").roll(RefereeDice(typist), boost=1, label="attack")
    assert boosted.total == 15
    assert typist.questions == [(6, 3, "attack")]
    kept = DiceExpr.parse("2d6kh1").roll(ScriptedDice([2, 3, 6]), boost=1)
    assert kept == Roll(6, (6,), 6, dropped=(3, 2))


def test_expression_rerolls_before_keeping() -> None:
    result = DiceExpr.parse("3d6kh2").roll(ScriptedDice([1, 4, 1, 6, 2]), reroll_on={1})
    assert result == Roll(6, (6, 4), 10, dropped=(2,), rerolls=2)


# --- re-rolls --------------------------------------------------------------------------


def test_reroll_once_keeps_the_new_face_even_if_it_matches() -> None:
    result = reroll(ScriptedDice([1, 3]), [1, 5, 2], 6, lambda face: face < 3)
    assert result.first == (1, 5, 2)
    assert result.faces == (1, 5, 3)
    assert result.rerolls == 2


def test_reroll_until_it_stops_matching() -> None:
    recorder = RecordingDice(ScriptedDice([1, 1, 1, 4, 5]))
    result = reroll(recorder, [1, 1, 6], 6, {1}, once=False, label="boarding")
    assert result.faces == (5, 4, 6)
    assert result.rerolls == 5
    assert [record.faces for record in recorder.records] == [(1, 1), (1, 4), (5,)]
    assert {record.label for record in recorder.records} == {"boarding (re-roll)"}


def test_reroll_with_nothing_matching_rolls_nothing() -> None:
    assert reroll(ScriptedDice([]), [4, 5], 6, {1, 2}) == reroll(ScriptedDice([]), [4, 5], 6, [])


@pytest.mark.parametrize(
    ("matching", "once", "reason"),
    [
        ({0, 7}, True, r"cannot re-roll \[0, 7\]: not on a d6"),
        (range(1, 7), False, "never ends"),
        (lambda face: True, False, "never ends"),
    ],
)
def test_impossible_rerolls_are_refused(matching: object, once: bool, reason: str) -> None:
    with pytest.raises(InvalidReroll, match=reason):
        reroll(ScriptedDice([1]), [1], 6, matching, once=once)  # type: ignore[arg-type]


# --- pools -----------------------------------------------------------------------------


def test_dystopian_wars_pool_counts_and_explodes_exactly() -> None:
    # first roll 6,6,4,2; the two sixes roll again: 6,3; that six rolls again: 5
    script = ScriptedDice([6, 6, 4, 2, 6, 3, 5])
    result = pool(script, 4, DW)
    assert result == PoolResult(
        ("hits",), (2 + 2 + 1 + 0 + 2 + 0 + 1,), (6, 6, 4, 2, 6, 3, 5), 0, 3
    )
    assert result.total("hits") == 8
    assert script.remaining == 0


def test_explosions_have_no_depth_limit() -> None:
    result = pool(ScriptedDice([6] * 50 + [1]), 1, DW)
    assert result.explosions == 50
    assert result.totals == (100,)


def test_pool_rerolls_first_dice_only_and_rerolled_sixes_explode() -> None:
    # misses re-rolled once: 1 -> 6 (explodes), 2 -> 3; the exploding die's 1 stays
    misses = lambda face: DW.outcome(face).values == (0,)  # noqa: E731
    result = pool(ScriptedDice([1, 5, 2, 6, 3, 1]), 3, DW, reroll_on=misses)
    assert result.faces == (6, 5, 3, 1)
    assert (result.totals, result.rerolls, result.explosions) == ((3,), 2, 1)


def test_boosted_pool_rolls_extra_dice() -> None:
    result = pool(ScriptedDice([4, 4, 5]), 2, DW, boost=1)
    assert result.totals == (3,)


def test_pool_counts_every_channel_of_the_table() -> None:
    table = FaceTable(
        6,
        (
            *[FaceOutcome((0, 0))] * 3,
            FaceOutcome((1, 0)),
            FaceOutcome((1, 0)),
            FaceOutcome((1, 1), explodes=True),
        ),
        ("hits", "criticals"),
    )
    result = pool(ScriptedDice([6, 4, 1, 6, 2]), 3, table)
    assert result.totals == (3, 2)
    assert result.total("criticals") == 2
    with pytest.raises(UnknownChannel, match="'damage'"):
        result.total("damage")


def test_large_seeded_pool_takes_one_request_per_round_of_explosions() -> None:
    recorder = RecordingDice(SeededDice(RandomStream.from_seed(60)))
    result = pool(recorder, 60, DW)
    counts = [len(record.faces) for record in recorder.records]
    assert counts[0] == 60
    for before, after in pairwise(recorder.records):
        assert len(after.faces) == before.faces.count(6)
    assert recorder.records[-1].faces.count(6) == 0
    assert len(recorder.records) <= 8
    assert sum(counts[1:]) == result.explosions


def test_seeded_pools_repeat_with_the_same_seed() -> None:
    first = [pool(SeededDice(RandomStream.from_seed(8)), 30, DW) for _ in range(2)]
    assert first[0] == first[1]
    assert pool(SeededDice(RandomStream.from_seed(9)), 30, DW) != first[0]


def test_seeded_dw_pool_matches_the_exact_mean() -> None:
    # per die: E = (0*3 + 1*2 + 2) / 6 / (1 - 1/6) = 0.8 hits, standard deviation sqrt(1.2);
    # over 20000 dice the mean's standard deviation is about 0.0077
    dice = 20_000
    result = pool(SeededDice(RandomStream.from_seed(2024)), dice, DW)
    assert result.totals[0] / dice == pytest.approx(0.8, abs=0.03)
    assert result.explosions / dice == pytest.approx(0.2, abs=0.01)


def test_seeded_threshold_pool_mean_over_many_small_pools() -> None:
    dice = SeededDice(RandomStream.from_seed(7))
    hits = sum(pool(dice, 10, FaceTable.threshold(6, 5)).totals[0] for _ in range(2000))
    assert hits / 20_000 == pytest.approx(1 / 3, abs=0.015)


face_tables = st.integers(2, 12).flatmap(
    lambda sides: st.builds(
        lambda values, explodes: FaceTable(
            sides,
            tuple(FaceOutcome(v, e) for v, e in zip(values, explodes, strict=True)),
            ("hits", "criticals"),
        ),
        st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2)), min_size=sides, max_size=sides),
        st.lists(st.booleans(), min_size=sides, max_size=sides).filter(lambda e: not all(e)),
    )
)


@settings(max_examples=200, deadline=None)
@given(
    table=face_tables, count=st.integers(0, 40), boost=st.integers(0, 2), seed=st.integers(0, 2**32)
)
def test_pool_totals_are_never_negative_and_faces_always_on_the_die(
    table: FaceTable, count: int, boost: int, seed: int
) -> None:
    result = pool(
        SeededDice(RandomStream.from_seed(seed)), count, table, boost=boost, reroll_on={1}
    )
    assert all(total >= 0 for total in result.totals)
    assert all(1 <= face <= table.sides for face in result.faces)
    assert len(result.faces) == count + boost + result.explosions
    assert result.explosions == sum(table.outcome(face).explodes for face in result.faces)
    assert result.totals == tuple(
        sum(table.outcome(face).values[channel] for face in result.faces) for channel in range(2)
    )


@settings(max_examples=200, deadline=None)
@given(
    count=st.integers(1, 9),
    sides=st.integers(1, 100),
    modifier=st.integers(-20, 20),
    keep=st.none() | st.integers(1, 9),
    lowest=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_expressions_print_back_and_roll_within_bounds(
    count: int, sides: int, modifier: int, keep: int | None, lowest: bool, seed: int
) -> None:
    if keep is not None and keep > count:
        keep = count
    expr = DiceExpr(count, sides, modifier, keep, lowest and keep is not None)
    assert DiceExpr.parse(str(expr)) == expr
    result = expr.roll(SeededDice(RandomStream.from_seed(seed)))
    assert expr.minimum <= result.total <= expr.maximum
    assert all(1 <= face <= sides for face in result.faces + result.dropped)


def test_keeping_the_lowest_needs_a_number_to_keep() -> None:
    with pytest.raises(DiceExpressionError, match="keeps the lowest dice but says not how many"):
        DiceExpr(2, 20, lowest=True)
