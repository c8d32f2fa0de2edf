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
