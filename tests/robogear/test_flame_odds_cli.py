"""RG-ODDS-FLAME: `warbench odds robogear flame`, a flamer's exact odds over units a player
lists, answering what the web table's flame odds answer for the same units."""

from __future__ import annotations

import pytest

from tests.robogear.helpers import RULES, army, battle, put, turn_of
from tests.robogear.test_flame_table_odds import HOUSE, SPIDER
from warbench.cli import main
from warbench.core.attacks import AttackOptionsError, OddsAnswer
from warbench.rulesets.robogear.actions import Shoot
from warbench.rulesets.robogear.flame_odds import FlameOdds

USAGE_ERROR = 2


def _ask(*pairs: str) -> OddsAnswer:
    """The command's answer to ``pairs``."""
    odds = FlameOdds(RULES.data)
    return odds.odds(odds.parse_options(list(pairs)))


def test_rg_odds_flame_the_command_answers_a_slot_and_a_trooper_in_the_open(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RG-ODDS-FLAME, RG-FLAME-BUILDING: a rifleman in the open (aimed at) and one behind a
    covered firing slot, 1 cell lost: 3 damage to the first, the D6 hits on the second
    each 3 while it lives (one kills it): 6 in all, certain; the line of the unit inside
    names its damage and its death."""
    answer = _ask("units=verdant-rifleman; verdant-rifleman,inside,damage:1")
    assert dict(answer.distribution.items()) == {6: pytest.approx(1.0)}
    assert answer.named["target under the flame"] == 1.0
    assert answer.named["target killed"] == 1.0
    assert answer.others == {"2 Verdant rifleman": {
        "under the flame": 1.0, "killed": pytest.approx(1.0), "takes 3": pytest.approx(1.0)}}
    assert main(["odds", "robogear", "flame", "units=verdant-rifleman;verdant-rifleman,inside"
                 ]) == 0
    out = capsys.readouterr().out
    assert "target under the flame: 100.0000%" in out
    assert "2 Verdant rifleman: under the flame 100.0000%" in out


def test_rg_odds_flame_the_command_answers_what_the_table_answers() -> None:
    """RG-ODDS-FLAME: the web table's odds of a flame over a rifleman in the open and one
    behind the slot the template covers (tests/robogear/test_flame_table_odds.py) are the
    command's over the same units listed: the aimed one first, the one inside after."""
    game = battle(army(("verdant-spider", 1)), army(("ferrum-rifleman", 3)))
    game.state.terrain.append(HOUSE)
    put(game, SPIDER, 30.0, 22.0)
    front = put(game, 1, 30.0, 28.0)
    back = put(game, 2, 30.0, 32.0)
    front.inside, front.slot = 0, 0
    back.inside, back.slot = 0, 2
    front.damage = 1
    put(game, 3, 30.0, 25.5)
    turn_of(game, SPIDER)
    table = RULES.action_odds(game.observe(0).state, Shoot(SPIDER, 0, 3))
    asked = _ask("shooter=verdant-spider", "units=ferrum-rifleman;ferrum-rifleman,inside,"
                 "damage:1")
    assert table is not None and not table.withheld
    assert table.distribution.items() == asked.distribution.items()
    assert table.named == asked.named
    assert list(table.others.values()) == list(asked.others.values())


@pytest.mark.parametrize(("units", "said"), [
    ("verdant-rifleman,rides:1", "rides: give the number of another listed unit"),
    ("verdant-tank;verdant-rifleman,rides:1", "unit 1 is no carrier on the table"),
    ("verdant-rover,rides:2;verdant-rover", "a machine rides in no carrier"),
    ("verdant-tank,inside", "inside: only a trooper in a building"),
    ("verdant-tank,pilot:2", "only an open machine's pilot is burnt"),
    ("verdant-rover,pilot:4", "at most 3 lives"),
    ("verdant-rifleman,damage:3", "has only 3 cells"),
    ("verdant-rifleman,rides:0", "is not damage:N, inside, pilot:N or rides:K"),
    ("verdant-rifle", "no sheet 'verdant-rifle'"),
    ("verdant-rover;" + ";".join(["verdant-rifleman,rides:1"] * 5), "holds 4"),
])
def test_rg_odds_flame_the_command_refuses_units_it_cannot_read(units: str, said: str) -> None:
    """RG-ODDS-FLAME: a unit list that names no sheet, a rider with no carrier (or a
    carrier too full), a slot for a machine, a pilot for a closed cabin or too many lives,
    a unit more damaged than its sheet allows: each refused naming the unit."""
    with pytest.raises(AttackOptionsError, match=said):
        _ask(f"units={units}")


def test_rg_odds_flame_the_command_refuses_a_weapon_that_is_no_flamer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RG-ODDS-FLAME: a gun that aims (`shot`) or lays a marker (`blast`) is named to the
    command that answers it."""
    assert main(["odds", "robogear", "flame", "shooter=ferrum-tank"]) == USAGE_ERROR
    assert "is no flamer (ask `shot` for it)" in capsys.readouterr().err
    assert main(["odds", "robogear", "flame", "shooter=ferrum-walker", "weapon=1"]
                ) == USAGE_ERROR
    assert "is no flamer (ask `blast` for it)" in capsys.readouterr().err


def test_rg_odds_flame_the_command_answers_an_open_machine_as_the_table_does() -> None:
    """RG-ODDS-FLAME, RG-FLAME: a rover 2 cells down (its yellow section reached: the
    token die) with two riflemen aboard, one wounded: the table's odds are the command's
    over the rover and its riders (`rides:1`)."""
    game = battle(army(("verdant-spider", 1)), army(("ferrum-rover", 1), ("ferrum-rifleman", 2)))
    put(game, SPIDER, 30, 15)
    put(game, 1, 30, 20.5)
    game.state.units[1].damage = 2
    game.state.units[3].damage = 1
    for rider in game.state.units[2:4]:
        rider.carried_by = 1
    turn_of(game, SPIDER)
    table = RULES.action_odds(game.observe(0).state, Shoot(SPIDER, 0, 1))
    asked = _ask("shooter=verdant-spider", "units=ferrum-rover,damage:2; ferrum-rifleman,"
                 "rides:1; ferrum-rifleman,rides:1,damage:1")
    assert table is not None and not table.withheld
    assert table.distribution.items() == asked.distribution.items()
    assert table.named == asked.named and table.notes == asked.notes[1:]
    assert list(table.others.values()) == list(asked.others.values())
