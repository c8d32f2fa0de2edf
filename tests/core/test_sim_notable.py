"""Games worth replaying: which stored games `simulate` points a designer to."""

from __future__ import annotations

from warbench.core.sim.notable import notable_games
from warbench.core.sim.play import GameRecord


def game(
    index: int,
    winners: tuple[int, ...],
    scores: tuple[float, ...] = (),
    length: int = 10,
    luck: tuple[float | None, ...] = (),
    finished: bool = True,
) -> GameRecord:
    return GameRecord(index, 100 + index, (0, 1), winners, scores, length, finished, "", "",
                      luck=luck)


RECORDS = [
    game(0, (0,), (9, 1), 12, (0.50, 0.40)),
    game(1, (0,), (5, 4), 40, (0.97, 0.20)),
    game(2, (1,), (5, 6), 15, (0.30, 0.60)),  # B, the weaker side, wins by 1
    game(3, (1,), (2, 8), 18, (0.45, 0.03)),  # B wins by 6: the biggest upset
    game(4, (0,), (7, 3), 40, (None, 0.55)),  # as long as game 1, later
    game(5, (0,), (6, 0), 11, (0.5, 0.5)),
]


def test_the_biggest_upset_luck_extremes_and_longest_game_are_picked() -> None:
    picked = {item.kind: item for item in notable_games(RECORDS, ("A", "B"), range(11, 17))}
    assert picked["upset"].index == 3 and picked["upset"].game_id == 14
    assert "B (2 wins in the run) beat A (4 wins)" in picked["upset"].why
    assert "8 to 2" in picked["upset"].why
    assert picked["luckiest"].index == 1 and "A rolled at the 97.0%" in picked["luckiest"].why
    assert "and won" in picked["luckiest"].why
    assert picked["unluckiest"].index == 3 and "B rolled at the 3.0%" in picked["unluckiest"].why
    assert "and won" in picked["unluckiest"].why  # the unlucky side won anyway
    assert picked["longest"].index == 1 and picked["longest"].seed == 101  # earliest of ties
    assert picked["longest"].replay_command("r.sqlite") == "warbench replay --db r.sqlite --game 12"


def test_no_upset_no_luck_and_no_store_leave_those_out() -> None:
    even = [game(0, (0,), (3, 1), 9), game(1, (1,), (1, 3), 9)]
    picked = notable_games(even, ("A", "B"))
    assert [item.kind for item in picked] == ["longest"]  # equal win counts: no upset
    assert picked[0].game_id is None and picked[0].replay_command("r.sqlite") is None
    assert picked[0].to_plain()["replay"] is None
    assert notable_games([], ("A", "B")) == ()


def test_an_unfinished_game_says_so_and_an_upset_without_scores_is_the_first() -> None:
    records = [game(0, (0,)), game(1, (0,)), game(2, (1,)), game(3, (1,)), game(4, (0,)),
               game(5, (), length=99, finished=False)]
    picked = {item.kind: item for item in notable_games(records, ("A", "B"))}
    assert picked["upset"].index == 2 and "margin" not in picked["upset"].why
    assert picked["longest"].index == 5 and "unfinished" in picked["longest"].why


def test_an_upset_says_1_win_and_never_calls_a_lower_score_the_widest_margin() -> None:
    """Full Thrust, 5 games: the one upset was won on the rules' victory with 860 points
    against 862.5; it read "(1 wins in the run) ... 860 to 862.5, the widest margin"."""
    records = [game(0, (0,), (900, 10)), game(1, (0,), (900, 10)), game(2, (1,), (862.5, 860))]
    why = {item.kind: item for item in notable_games(records, ("A", "B"))}["upset"].why
    assert "B (1 win in the run) beat A (2 wins)" in why
    assert "860 to 862.5: no upset of the run was won on a higher score" in why
    assert "widest margin" not in why


def test_a_free_for_all_upset_lists_its_rivals_not_a_team() -> None:
    """Four Dystopian Wars lists in one game: "D beat A + B + C (4 wins)" read as a team."""
    seats = (0, 1, 2, 3)
    records = [
        GameRecord(index, 100 + index, seats, winners, scores, 10, True, "", "")
        for index, winners, scores in (
            (0, (0,), (9.0, 1.0, 1.0, 1.0)),
            (1, (0,), (9.0, 1.0, 1.0, 1.0)),
            (2, (1,), (1.0, 9.0, 1.0, 1.0)),
            (3, (3,), (0.0, 0.0, 0.0, 9.0)),
        )
    ]
    why = {item.kind: item for item in notable_games(records, "ABCD")}["upset"].why
    assert "D (1 win in the run) beat A, B and C (2 wins, the most of them)" in why
    assert "+" not in why
