"""RG-ODDS-BLAST, RG-BLAST: blast odds the web table withheld before, now told: a shell
that may scatter off the table (where it does nothing), an aim from above (RG-INF-ABOVE),
an aim at a rider in its carrier (D6+2) and at an open machine's pilot (RG-PILOT-OPEN).
Each offered shot's odds are the `warbench odds robogear blast` answer for its options and
the game's own landings over every face of its dice (tests/robogear/test_blast_table_odds.py
``_check``)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.robogear.helpers import RULES, army, battle, put, turn_of
from tests.robogear.test_blast_table_odds import AIMED, WALKER, _check, _game
from warbench.core.attacks import AttackOptionsError
from warbench.core.engine import Game
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.actions import Shoot
from warbench.rulesets.robogear.board import blast_options
from warbench.rulesets.robogear.pieces import Block


def _facing(x: float, y: float, tx: float, ty: float) -> float:
    """The facing from (x, y) to (tx, ty), degrees (the walker's pod is fixed)."""
    return math.degrees(math.atan2(tx - x, ty - y)) % 360.0


def test_rg_blast_a_shell_that_may_scatter_off_the_table_does_nothing_there() -> None:
    """RG-BLAST, RG-ODDS-BLAST: the rocket pod at a rifleman by the table's north edge,
    two more beside it: a scatter whose centre lands off the table hurts no one, and the
    odds count it so, as the game does (`aim_x`, `aim_y`, `bearing` on the command line)."""
    game = _game()
    put(game, WALKER, 30, 47, _facing(30, 47, 31, 58.5))
    put(game, AIMED, 31, 58.5, 180.0)
    put(game, 4, 33.5, 58.0, 180.0)
    put(game, 5, 29.3, 57.2, 180.0)
    put(game, 6, 40.0, 52.0, 180.0)  # the tank screens the aimed rifleman a little
    turn_of(game, WALKER)
    action = Shoot(WALKER, 1, AIMED)
    options = blast_options(game.data, game.observe(0).state, action)
    assert not isinstance(options, str) and options.aim_y == 58.5
    _check(game, action)
    answer = RULES.action_odds(game.observe(0).state, action)
    assert answer is not None and answer.named["nothing"] > 0


def _rocketeer_rules(tmp_path: Path) -> RobogearRuleset:
    shipped = (Path(RULES.shipped_data or ".") / "units.toml").read_text()
    launcher = 'cost = 2, traits = ["armour_piercing"] }'
    assert launcher in shipped
    (tmp_path / "units.toml").write_text(shipped.replace(
        launcher, 'cost = 2, traits = ["armour_piercing", "blast"], blast_cm = 5.0 }'))
    return RobogearRuleset(data_dir=tmp_path)


def test_rg_inf_above_the_aim_of_a_blast_from_a_hill(tmp_path: Path) -> None:
    """RG-INF-ABOVE, RG-ODDS-BLAST: a rocketeer whose launcher lays a 5 cm marker (a
    player's units.toml) on a hill a step and a half above three riflemen at long range:
    its aim gets +1 (`above=true`), the odds the command's and the game's."""
    rules = _rocketeer_rules(tmp_path)
    setup = {"armies": [army(("ferrum-rocketeer", 1)), army(("verdant-rifleman", 3),
                                                           ("verdant-tank", 1))],
             "terrain": "none", "edges": ["south", "north"]}
    game = Game.new(rules, setup, seed=3, players=2)
    game.state.terrain.append(Block(28.0, 13.0, 32.0, 17.0, 1.5, "hill"))
    put(game, 0, 30, 15)
    put(game, 1, 30.5, 36.0)  # long range: the aim misses on a 1 (without the +1, on 2)
    put(game, 2, 31.5, 36.6)
    put(game, 3, 29.2, 37.0)
    put(game, 4, 50.0, 50.0)
    turn_of(game, 0)
    action = Shoot(0, 0, 1)
    options = blast_options(game.data, game.observe(0).state, action)
    assert not isinstance(options, str) and options.above
    _check(game, action, rules)


def test_rg_blast_aimed_at_a_rider_rolls_against_its_d6_plus_2() -> None:
    """RG-BLAST, RG-INF-APC, RG-ODDS-BLAST: the rocket pod aimed at a rifleman riding a
    rover: the aim roll against the rider's D6+2, the marker over the rover (never on the
    riders), two riflemen beside it: the command's odds (`rider=true`) and the game's."""
    game = battle(army(("ferrum-walker", 1)),
                  army(("verdant-rover", 1), ("verdant-rifleman", 3)))
    put(game, 0, 30, 15, _facing(30, 15, 30.5, 27))
    put(game, 1, 30.5, 27, 90.0)
    game.state.units[2].carried_by = 1
    put(game, 3, 33.5, 28.5)
    put(game, 4, 27.5, 29.0)
    turn_of(game, 0)
    action = Shoot(0, 1, 2)
    options = blast_options(game.data, game.observe(0).state, action)
    assert not isinstance(options, str) and options.rider
    _check(game, action)


def test_rg_pilot_open_a_blast_aimed_at_an_open_machines_pilot() -> None:
    """RG-PILOT-OPEN, RG-BLAST, RG-ODDS-BLAST: the rocket pod aimed at a rover's pilot:
    the aim roll against the pilot's defence (+1, a hard target for a machine), the marker
    over the rover, two riflemen beside it: the command's odds (`at_pilot=true`) and the
    game's."""
    game = battle(army(("ferrum-walker", 1)),
                  army(("verdant-rover", 1), ("verdant-rifleman", 2)))
    put(game, 0, 30, 15, _facing(30, 15, 30.5, 27))
    put(game, 1, 30.5, 27, 90.0)
    put(game, 2, 33.5, 28.5)
    put(game, 3, 27.5, 29.0)
    turn_of(game, 0)
    action = Shoot(0, 1, 1, at_pilot=True)
    options = blast_options(game.data, game.observe(0).state, action)
    assert not isinstance(options, str) and options.at_pilot
    _check(game, action)


@pytest.mark.parametrize(("pairs", "said"), [
    (["at_pilot=true", "target=verdant-tank"], "at_pilot: give target= an open machine"),
    (["at_pilot=true"], "at_pilot: give target= an open machine"),
    (["rider=true", "target=verdant-rover"], "rider: only a trooper rides a carrier"),
    (["aim_x=3"], "aim_x, aim_y: give both"),
])
def test_rg_odds_blast_the_command_refuses_an_aim_it_cannot_read(
    pairs: list[str], said: str,
) -> None:
    """RG-ODDS-BLAST: a pilot aim at a closed machine (or at none), a rider that is no
    trooper, half an aim point: each refused naming the option."""
    blast = RULES.attacks()["blast"]
    with pytest.raises(AttackOptionsError, match=said):
        blast.odds(blast.parse_options(["shooter=ferrum-walker", "weapon=1", *pairs]))


def test_rg_odds_blast_from_above_against_a_rider_on_the_command_line() -> None:
    """RG-INF-ABOVE, RG-INF-APC, RG-ODDS-BLAST: the command's aim roll: a rider's D6+2
    against the walker's pod at medium range (D6 - 1 + 1 beats D6 + 2 on 6 of the 36
    pairs), and `above` adds 1 only for a trooper's aim."""
    blast = RULES.attacks()["blast"]

    def aim(*pairs: str) -> float:
        answer = blast.odds(blast.parse_options(["shooter=ferrum-walker", "weapon=1",
                                                 "models=0,0", *pairs]))
        return float(answer.notes[1].split("aim roll hits ")[1].split(",")[0])

    assert aim("rider=true") == pytest.approx(round(6 / 36, 4))
    assert aim("above=true") == aim()  # a machine gains nothing from above


def test_rg_odds_blast_a_base_just_touching_the_marker_as_the_game_tests_it() -> None:
    """RG-BLAST, RG-ODDS-BLAST: a rifleman whose base just touches the marker laid on the
    aimed one (2.5 steps apart: the marker's 2 and its base's 0.5), the others where they
    stand: the table's odds test each base on the table as the game does (before, the
    models turned to the line of fire and rounded to 6 places could fall just outside)."""
    game = _game()
    put(game, 5, 29.0, 26.5, 180.0)
    turn_of(game, WALKER)
    _check(game, Shoot(WALKER, 1, AIMED))
