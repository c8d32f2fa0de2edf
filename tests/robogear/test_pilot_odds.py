"""RG-PILOT-OPEN: the exact odds of a shot at the pilot of an open machine, on the web table
(each pilot shot offered) and from `warbench odds robogear shot at_pilot=true`, equal to
what the game's own dice give over every face."""

from __future__ import annotations

from itertools import product

import pytest

from tests.robogear.helpers import RULES, RGame, army, battle, put, turn_of
from warbench.cli import USAGE_ERROR, main
from warbench.core.dice import ScriptedDice
from warbench.core.events import Roll
from warbench.rulesets.robogear.actions import Shoot
from warbench.rulesets.robogear.odds import ShotOdds, ShotOptions

#: Ferrum's tank (0), rifleman (1) and sniper (2) against a Verdant carrier with an open
#: cabin (3) and a mortar (4) kept off the line of fire until a test stands it there.
ROVER, MORTAR = 3, 4


def _game() -> RGame:
    game = battle(army(("ferrum-tank", 1), ("ferrum-rifleman", 1), ("ferrum-sniper", 1)),
                  army(("verdant-rover", 1), ("verdant-mortar", 1)))
    game.state.units[2].reserve = False  # the sniper infiltrates: stand it on the table
    put(game, ROVER, 30, 40, 180.0)
    put(game, MORTAR, 55, 55)
    return game


def _rolls_of(game: RGame, action: Shoot) -> list[tuple[int, int]]:
    """The dice (sides, count) the game rolls for ``action``, in order (all ones first)."""
    trial = game.copy()
    trial.set_dice(ScriptedDice([1] * 20))
    before = len(trial.events)
    trial.apply(0, action)
    return [(e.sides, len(e.faces)) for e in trial.events[before:] if isinstance(e, Roll)]


def _lives_lost_by_the_game(game: RGame, action: Shoot) -> dict[int, float]:
    """The pilot's lives lost, over every face of every die the shot rolls, each tuple of
    faces as likely as the dice make it."""
    rolls = _rolls_of(game, action)
    dice = [sides for sides, count in rolls for _ in range(count)]
    lives = game.state.units[action.target].pilot
    found: dict[int, float] = {}
    for faces in product(*(range(1, sides + 1) for sides in dice)):
        trial = game.copy()
        trial.set_dice(ScriptedDice(faces))
        trial.apply(0, action)
        lost = lives - trial.state.units[action.target].pilot
        weight = 1.0
        for sides in dice:
            weight /= sides
        found[lost] = found.get(lost, 0.0) + weight
    return found


def _offered(game: RGame) -> list[Shoot]:
    """The shots the seat's decision lists (the web table's form lists every one)."""
    return [action for space in game.pending()[0].spaces
            for action in space.every_legal() or () if isinstance(action, Shoot)]


def _check(game: RGame, action: Shoot) -> dict[str, float]:
    """The table's odds of ``action``, an offered shot, from the seat's observation, against
    the game's dice; the named chances returned."""
    assert action in _offered(game)
    answer = RULES.action_odds(game.observe(0).state, action)
    assert answer is not None and answer.outcome == "pilot lives lost"
    expected = _lives_lost_by_the_game(game, action)
    got = {value: p for value, p in answer.distribution.items() if p > 0}
    assert got.keys() == {value for value, p in expected.items() if p > 0}
    for value, p in got.items():
        assert p == pytest.approx(expected[value], abs=1e-12)
    assert answer.named["hit"] == pytest.approx(1 - expected.get(0, 0.0), abs=1e-12)
    return dict(answer.named)


def test_rg_pilot_open_a_rifle_at_medium_range_wounds_the_pilot_as_the_dice_do() -> None:
    """RG-PILOT-OPEN, RG-PILOT-LIVES, RG-FIRE-BANDS: a rifleman 12 steps off (medium: D6-1
    against no defence in the open) takes 1 of the pilot's 3 lives on 5 faces in 6."""
    game = _game()
    put(game, 1, 30, 40 - 12 - game.state.units[1].radius - game.state.units[ROVER].radius)
    turn_of(game, 1)
    named = _check(game, Shoot(1, 0, ROVER, at_pilot=True))
    assert named["hit"] == pytest.approx(5 / 6)
    assert named["pilot wounded: 2 lives left of 3"] == pytest.approx(5 / 6)


def test_rg_pilot_open_a_machine_finds_the_pilot_a_hard_target_and_kills_it() -> None:
    """RG-PILOT-OPEN, RG-FIRE-HARD: the tank's main cannon at long range (D6-2) against the
    pilot, a hard target for a machine (defence 1): a hit on 4 faces or more takes 3 lives,
    the pilot's last 2 among them; the odds offered say so."""
    game = _game()
    game.state.units[ROVER].pilot = 2
    put(game, 0, 30, 40 - 20 - game.state.units[0].radius - game.state.units[ROVER].radius)
    turn_of(game, 0)
    named = _check(game, Shoot(0, 0, ROVER, at_pilot=True))
    assert named["hit"] == pytest.approx(1 / 2)
    assert named["pilot killed"] == pytest.approx(1 / 2)


def test_rg_pilot_open_a_deadly_shot_through_cover_rolls_the_defence_die_too() -> None:
    """RG-PILOT-OPEN, RG-INF-DEADLY, RG-FIRE-DEF: the sniper's long rifle (bonus 1, deadly) at
    medium range at the pilot half hidden behind the mortar: D6 against a D6 defence, every
    face of both dice enumerated, and a hit (15 pairs in 36) kills the pilot with 3 lives."""
    game = _game()
    rover = game.state.units[ROVER]
    put(game, 2, 30, 40 - 10 - game.state.units[2].radius - rover.radius)
    put(game, MORTAR, 30, 40 - rover.radius - game.state.units[MORTAR].radius - 0.2)
    turn_of(game, 2)
    action = Shoot(2, 0, ROVER, at_pilot=True)
    assert _rolls_of(game, action) == [(6, 1), (6, 1)]  # accuracy, then the cover's defence
    named = _check(game, action)
    assert named["pilot killed"] == pytest.approx(15 / 36)


def test_rg_pilot_open_the_calculator_reads_the_sheets_and_refuses_a_closed_cabin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RG-PILOT-OPEN, RG-PILOT-LIVES: `warbench odds robogear shot at_pilot=true` gives the
    same odds as the table; a closed cabin, a marker weapon or more than 3 lives is refused
    naming the option."""
    answer = ShotOdds(RULES.data).odds(ShotOptions(
        shooter="ferrum-rifleman", target="verdant-rover", distance=12, at_pilot=True))
    assert answer.named == pytest.approx(
        {"miss": 1 / 6, "hit": 5 / 6, "pilot wounded: 2 lives left of 3": 5 / 6})
    assert main(["odds", "robogear", "shot", "shooter=ferrum-tank", "target=verdant-rover",
                 "distance=20", "at_pilot=true", "pilot=2"]) == 0
    out = capsys.readouterr().out
    assert "pilot killed: 50.0000%" in out and "+1 defence (RG-FIRE-HARD)" in out
    for options, said in (
        (["target=verdant-walker"], "target: Mantis walker has a closed cabin"),
        (["shooter=ferrum-walker", "weapon=1", "target=verdant-rover"],
         "weapon: the Strider walker's rocket pod lays a blast marker over the machine"
         " rather than at its pilot"),
        (["target=verdant-rover", "pilot=4"], "pilot: a pilot has at most 3 lives"),
    ):
        assert main(["odds", "robogear", "shot", "at_pilot=true", *options]) == USAGE_ERROR
        assert said in capsys.readouterr().err
