"""RG-BLAST, RG-IND, RG-ODDS: the web table's exact odds of each blast shot offered, aimed
or lobbed, are the `warbench odds robogear blast` answer for the shot's own inputs (the
shooter's weapon, distance, cover and every model the marker can reach from its aim point)
and fit the game's own resolution of the shot over every face of its dice, the chance the
aimed model and each other model, friend or foe, ends under the marker included; where the
calculator cannot tell them the option says why."""

from __future__ import annotations

import math
from itertools import product

import pytest

from tests.robogear.helpers import RULES, RGame, army, battle, put, turn_of
from warbench.core.dice import ScriptedDice
from warbench.core.events import Roll
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.actions import Shoot
from warbench.rulesets.robogear.board import blast_options
from warbench.rulesets.robogear.events import BlastLanded
from warbench.rulesets.robogear.picture import unit_label
from warbench.rulesets.robogear.sheets import book
from warbench.rulesets.robogear.table import owners_band

#: Ferrum's walker (0, its rocket pod weapon 1), field mortar (1) and a rifleman serving
#: it (2) against three Verdant riflemen (3-5) and a tank (6), bunched where a scatter may
#: or may not reach them.
WALKER, MORTAR, CREW, AIMED, TANK = 0, 1, 2, 3, 6


def _game() -> RGame:
    game = battle(army(("ferrum-walker", 1), ("ferrum-mortar", 1), ("ferrum-rifleman", 1)),
                  army(("verdant-rifleman", 3), ("verdant-tank", 1)))
    put(game, WALKER, 30, 15, math.degrees(math.atan2(1, 13)))  # its fixed pod on unit 2
    put(game, MORTAR, 50, 8)
    put(game, CREW, 51.5, 8)
    put(game, AIMED, 31, 28, 180.0)
    put(game, 4, 34, 29.5, 180.0)
    put(game, 5, 29, 31.5, 180.0)
    put(game, TANK, 26, 27, 180.0)
    return game


def _offered(game: RGame) -> list[Shoot]:
    return [action for space in game.pending()[0].spaces
            for action in space.every_legal() or () if isinstance(action, Shoot)]


def _damage_by_the_game(game: RGame, action: Shoot) -> tuple[dict[int, float], dict[int, float]]:
    """The blast's total damage (each model under the marker taking the shot's damage),
    over every face of every die the shot rolls, each as likely as the dice make it; and
    the chance each unit is under the marker."""
    trial = game.copy()
    trial.set_dice(ScriptedDice([1] * 30))
    before = len(trial.events)
    trial.apply(0, action)
    dice = [e.sides for e in trial.events[before:] if isinstance(e, Roll)
            for _ in e.faces][:4]
    found: dict[int, float] = {}
    under: dict[int, float] = {}
    for faces in product(*(range(1, sides + 1) for sides in dice)):
        trial = game.copy()
        trial.set_dice(ScriptedDice([*faces, *[1] * 20]))
        before = len(trial.events)
        trial.apply(0, action)
        landed = [e for e in trial.events[before:] if isinstance(e, BlastLanded)]
        assert len(landed) == 1
        amount = _amount(game, action)
        total = len(landed[0].hits) * amount
        weight = 1.0
        for sides in dice:
            weight /= sides
        found[total] = found.get(total, 0.0) + weight
        for unit in landed[0].hits:
            under[unit] = under.get(unit, 0.0) + weight
    return found, under


def _amount(game: RGame, action: Shoot) -> int:
    options = blast_options(game.data, game.state, action)
    assert not isinstance(options, str)
    weapon = game.data.units[options.shooter or ""].weapons[action.weapon]
    sheet = book(game.data)
    reach = owners_band(options.distance, sheet.band_edges, weapon.damage, sheet.penalties)
    assert reach is not None
    return weapon.damage[reach]


def _check(game: RGame, action: Shoot, rules: RobogearRuleset = RULES) -> None:
    """The table's odds of ``action`` (under ``rules``) are the command's for its options
    and the game's over every face of its dice."""
    assert action in _offered(game)
    answer = rules.action_odds(game.observe(0).state, action)
    assert answer is not None and answer.outcome == "damage" and not answer.withheld
    options = blast_options(game.data, game.observe(0).state, action)
    assert not isinstance(options, str)
    blast = rules.attacks()["blast"]
    asked = blast.odds(blast.parse_options(
        [f"{key}={value}".lower() if isinstance(value, bool) else f"{key}={value}"
         for key, value in options.model_dump(exclude_none=True).items()]))
    assert dict(asked.distribution.items()) == pytest.approx(dict(answer.distribution.items()))
    expected, under = _damage_by_the_game(game, action)
    got = {value: p for value, p in answer.distribution.items() if p > 0}
    assert got.keys() == {value for value, p in expected.items() if p > 1e-12}
    for value, p in got.items():
        assert p == pytest.approx(expected[value], abs=1e-12)
    assert len(got) > 1  # the scatter matters here
    # the aimed model's chance, and a line for each other model the marker may land on
    state = game.observe(0).state
    assert answer.named["target under the marker"] == pytest.approx(
        under.get(action.target, 0.0), abs=1e-12)
    lines = {unit_label(game.data, state.units[unit]): {"under the marker": p}
             for unit, p in under.items() if unit != action.target and p > 1e-12}
    shown = {label: line for label, line in answer.others.items()
             if line["under the marker"] > 1e-12}
    assert shown.keys() == lines.keys() and len(lines) >= 2
    for label, line in lines.items():
        assert shown[label]["under the marker"] == pytest.approx(
            line["under the marker"], abs=1e-12)


def test_rg_blast_the_tables_odds_of_a_rocket_pod_are_the_commands_and_the_games() -> None:
    """RG-BLAST, RG-ODDS: the walker's rocket pod at a rifleman among others, a miss
    scattering 1D6 cm: the offered shot's odds equal `odds robogear blast` for its inputs
    and the game's own dice, every face enumerated."""
    game = _game()
    turn_of(game, WALKER)
    _check(game, Shoot(WALKER, 1, AIMED))


def test_rg_ind_the_tables_odds_of_a_lobbed_mortar_shell_are_the_commands_and_the_games(
) -> None:
    """RG-IND, RG-BLAST, RG-ODDS: the mortar, served, lobbing its shell (2D6 cm scatter, no
    aim roll) at a rifleman: the offered shot's odds equal the command's and the game's."""
    game = _game()
    turn_of(game, MORTAR)
    lobbed = [a for a in _offered(game) if a.unit == MORTAR and a.indirect and a.target == AIMED]
    assert lobbed
    _check(game, lobbed[0])

