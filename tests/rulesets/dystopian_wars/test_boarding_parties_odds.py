"""`warbench odds dystopian-wars boarding` with several parties (`parties=`) and an answer
divided among them (`at=`): the command gives the web table's odds of the same assault,
which `test_multi_assault.py` fits to seeded copies of the game (DW-ODDS-BOARDING,
DW-MULTI-ASSAULT)."""

from __future__ import annotations

import pytest

from warbench.cli import USAGE_ERROR, main
from warbench.core.attacks import OddsAnswer
from warbench.rulesets.dystopian_wars.actions import Respond

from .helpers import RULES, model, state
from .test_multi_assault import TANKS, boarded, crews


def command(*words: str) -> OddsAnswer:
    """The `boarding` command's answer to ``words``."""
    attack = RULES.attacks()["boarding"]
    return attack.odds(attack.parse_options(list(words)))


def same(ours: OddsAnswer, table: OddsAnswer) -> None:
    """The two answers give the same chances: every outcome, every point lost, each hull."""
    assert ours.named == pytest.approx(dict(table.named), abs=1e-12)
    assert ours.distribution.to_dict() == pytest.approx(table.distribution.to_dict(),
                                                        abs=1e-12)
    assert [dict(hull) for hull in ours.others.values()] == [
        pytest.approx(dict(hull), abs=1e-12) for hull in table.others.values()]


def robots_apart(aims: tuple[int, int, int]) -> OddsAnswer:
    """Uhrwerk 1 (full hull) and Uhrwerk 2 (1 hull point left) board Yeoman 1 (2 points);
    the command's odds of the three tanks' 2 dice each at the parties ``aims`` names,
    checked equal to the web table's for the same answer."""
    game = boarded()
    model(game, 1).damage = 4
    table = RULES.action_odds(state(game), Respond(TANKS, at=aims))
    assert table is not None
    ours = command("attacker=prussia-robot", "parties=prussia-robot@1", "defenders=2",
                   "answers=2,2,2", "at=" + ",".join(str(aim + 1) for aim in aims))
    same(ours, table)
    return ours


def test_dw_odds_boarding_two_robots_answered_apart_are_the_tables_odds() -> None:
    """DW-ODDS-BOARDING, DW-MULTI-ASSAULT: Uhrwerk 1 (full hull) and Uhrwerk 2 (1 hull
    point left) board Yeoman 1 (2 points); Yeoman 1's 2 dice go at Uhrwerk 1, Yeoman 2's
    and 3's at Uhrwerk 2. The command, told the same, gives the table's chances of each
    ending and of each robot's hull (before, it took one attacker and could not divide)."""
    ours = robots_apart((0, 1, 1))
    assert list(ours.others) == ["party 1 (Uhrwerk automaton)", "party 2 (Uhrwerk automaton)"]
    assert "creatures and robots never capture" in " ".join(ours.facts)


def test_dw_odds_boarding_every_roll_at_one_robot_names_it_the_attacker() -> None:
    """DW-ODDS-BOARDING: every roll at Uhrwerk 2 of the two: its hull is the `attacker`
    outcomes, as on the web table, and a fact says which party that is."""
    ours = robots_apart((1, 1, 1))
    assert "attacker: party 2 (the rolls at its hull)" in ours.facts


@pytest.mark.parametrize("aims", [(1, 1, 0), (0, 0, 0), (1, 1, 1)])
def test_dw_odds_boarding_two_crews_answered_apart_are_the_tables_odds(
    aims: tuple[int, int, int],
) -> None:
    """DW-ODDS-BOARDING, DW-MULTI-ASSAULT: Warden 1's 5 points and Warden 2's 1 at Hagel 1
    (2 points), the three frigates' single dice each at the crew the answer names: kills
    at Warden 2's party beyond its 1 point are lost, as the table has it."""
    table = RULES.action_odds(state(crews(())), Respond((2, 3, 4), at=aims))
    assert table is not None
    ours = command("ap=5", "parties=1", "defenders=2", "answers=1,1,1",
                   "at=" + ",".join(str(aim + 1) for aim in aims))
    same(ours, table)


def test_dw_odds_boarding_two_crews_answered_together_lose_the_largest_first() -> None:
    """DW-ODDS-BOARDING: the answer at the boarders together (no `at=`) takes its kills off
    the largest party first, the table's odds of that answer; it differs from the division
    that spares the larger crew."""
    table = RULES.action_odds(state(crews(())), Respond((2, 3, 4)))
    assert table is not None
    together = command("ap=5", "parties=1", "defenders=2", "answers=1,1,1")
    same(together, table)
    apart = command("ap=5", "parties=1", "defenders=2", "answers=1,1,1", "at=2,2,2")
    assert apart.named["captured"] > together.named["captured"]


def test_dw_odds_boarding_one_party_is_answered_as_before() -> None:
    """DW-ODDS-BOARDING: with one party, `at=` naming it changes nothing."""
    assert command("ap=4", "defenders=3", "aa=2", "at=1").named == command(
        "ap=4", "defenders=3", "aa=2").named


@pytest.mark.parametrize(("words", "expected"), [
    (["ap=3", "parties=prussia-robot", "defenders=4", "aa=2"],
     "at: a creature or robot is one of several parties"),
    (["ap=3", "parties=2", "defenders=4", "aa=2", "at=1,2"], "at: 2 parties named for 1"),
    (["ap=3", "parties=2", "defenders=4", "aa=2", "at=3"], "'3' is no party"),
    (["ap=3", "parties=britannia-battleship", "defenders=4"],
     "a ship's crew is given by its points"),
    (["ap=3", "parties=prussia-robot@9", "defenders=4"], "hull left is a whole number from 1"),
    (["ap=3", "parties=0", "defenders=4"], "a party sends 1 point or more"),
    (["ap=3", "parties=kraken", "defenders=4"], "parties: unknown model class"),
])
def test_dw_odds_boarding_a_bad_party_or_division_names_the_option(
    words: list[str], expected: str, capsys: pytest.CaptureFixture[str],
) -> None:
    """DW-MULTI-ASSAULT: a division the game would refuse, or a party it cannot field, is
    one line naming the option, with no answer."""
    assert main(["odds", "dystopian-wars", "boarding", *words]) == USAGE_ERROR
    captured = capsys.readouterr()
    assert expected in captured.err and captured.err.count("\n") == 1 and not captured.out


def test_dw_odds_boarding_the_command_prints_each_hull_struck(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """DW-ODDS-BOARDING: the printed answer has a line for each robot's hull (the odds'
    other pieces; before, the text showed them nowhere, only `--json`)."""
    assert main(["odds", "dystopian-wars", "boarding", "attacker=prussia-robot",
                 "parties=prussia-robot@1", "defenders=2", "answers=2,2,2", "at=1,2,2"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if "party 2 (Uhrwerk automaton):" in line)
    assert "destroyed 10.3647%" in line
