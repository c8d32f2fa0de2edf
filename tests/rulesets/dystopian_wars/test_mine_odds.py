"""Exact odds of mines (``warbench odds dystopian-wars mine | cc-mine``: DW-ODDS-MINES): a
mine going off under a model (DW-MINES, DW-MINES-FLYERS) and charges at a mine
(DW-MINE-CC), checked against icepool (the odds reference) and the game's own blasts and
charges."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.rulesets.dystopian_wars.helpers import RULES, seeded, setup, squadron, state
from tests.rulesets.dystopian_wars.test_odds import (
    assert_dist,
    damage_named,
    dw_die,
    left_after,
)
from warbench.cli import main
from warbench.core.attacks import AttackOptionsError, OddsAnswer
from warbench.rulesets.dystopian_wars.actions import SweepMines
from warbench.rulesets.dystopian_wars.charges import fire_charges
from warbench.rulesets.dystopian_wars.mines import explode
from warbench.rulesets.dystopian_wars.odds import attack_odds
from warbench.rulesets.dystopian_wars.pieces import Mine
from warbench.testing import chi_square

ATTACKS = attack_odds(RULES.data)
TOLERANCE = 1e-12


def odds(attack: str, **options: Any) -> OddsAnswer:
    """The answer for ``attack`` with ``options`` given as on the command line."""
    chosen = ATTACKS[attack]
    return chosen.odds(chosen.parse_options([f"{k}={v}" for k, v in options.items()]))


@pytest.mark.parametrize(("options", "dice", "needed", "dr_cr", "shield"), [
    ({"layer": "prussia-destroyer", "target": "britannia-cruiser"}, 4, 4, (4, 6), 0),
    ({"dice": 4, "target": "britannia-submarine"}, 4, 5, (5, 7), 0),  # a surfaced diver
    ({"dice": 4, "target": "britannia-submarine", "level": "submerged"}, 4, 6, (5, 7), 0),
    ({"dice": 5, "target": "prussia-airship", "from_the_air": "true"}, 5, 5, (5, 9), 0),
    ({"dice": 3, "diving": "true", "dr": 2, "cr": 4}, 3, 5, (2, 4), 0),
    ({"layer": "prussia-destroyer", "target": "britannia-battleship"}, 4, 4, (6, 10), 2),
    ({"layer": "prussia-destroyer", "target": "britannia-battleship", "shield": 0}, 4, 4,
     (6, 10), 0),  # its generators offline
    ({"dice": 5, "target": "prussia-sky-fortress", "from_the_air": "true"}, 5, 5, (6, 10), 1),
    ({"dice": 6, "dr": 3, "cr": 6, "shield": 3}, 6, 4, (3, 6), 3),
])
def test_dw_odds_mine_matches_icepool(
    options: dict[str, Any], dice: int, needed: int, dr_cr: tuple[int, int], shield: int
) -> None:
    """DW-ODDS-MINES, DW-MINES, DW-MINES-FLYERS, DW-GENERATORS: a mine's dice (the layer's
    mines weapon's AD) at a model under the blast on 4+, 5+ a surfaced diver, 6 submerged,
    5+ a large flyer under a flyer's mine; the model's own shield generators (its class's,
    or ``shield=``) cancel hits on 4+ as against batteries: the hits that count and none /
    damage / critical."""
    found = odds("mine", **options)
    expected = left_after(dice @ dw_die(needed), shield @ dw_die(4))
    assert_dist(found.distribution, expected)
    for name, chance in damage_named(expected, *dr_cr).items():
        assert found.named[name] == pytest.approx(chance, abs=TOLERANCE), name


@pytest.mark.parametrize(("options", "dice", "mine"), [
    ({"shooter": "britannia-cruiser", "mine": 4}, 2, 4),
    ({"shooter": "prussia-battleship", "damage": 1, "layer": "britannia-destroyer"}, 3, 4),
    ({"shooter": "britannia-cruiser", "linked": "2,2", "mine": 3}, 4, 3),
    ({"dice": 3, "linked": "3,3", "combined": "true", "mine": 5}, 9, 5),
])
def test_dw_odds_charges_at_a_mine_match_icepool(
    options: dict[str, Any], dice: int, mine: int
) -> None:
    """DW-ODDS-MINES, DW-MINE-CC, DW-LINKED, DW-COMBINED: charges at a mine hit on 5+ (a 6
    two and again), linked or combined as the game links them; the mine is destroyed when
    the hits reach its dice."""
    found = odds("cc-mine", **options)
    expected = dice @ dw_die(5)
    assert_dist(found.distribution, expected)
    assert found.named["destroyed"] == pytest.approx(expected.probability(">=", mine),
                                                     abs=TOLERANCE)


def test_dw_odds_mine_fits_the_games_blasts() -> None:
    """DW-ODDS-GAME, DW-ODDS-MINES, DW-MINES, DW-GENERATORS: a Prussian destroyer's mine (4
    dice) going off under a British cruiser, a surfaced submarine and a British battleship
    (2 shield generator dice), 2000 times by the game (`explode`): the hits that count on
    each from the one roll (the battleship's after its shields) fit `mine` at its own
    number (4+, 5+) and shields."""
    game = seeded(setup(
        [squadron("britannia-cruiser", (36.0, 20.0, 0.0)),
         squadron("britannia-submarine", (37.5, 21.0, 0.0)),
         squadron("britannia-battleship", (36.5, 22.6, 90.0))],
        [squadron("prussia-destroyer", (10.0, 40.0, 0.0))],
    ), seed=31)
    table = state(game)
    saved = [copy.deepcopy(m) for m in table.models]
    found: dict[int, list[int]] = {0: [], 1: [], 2: []}
    for _ in range(2000):
        mine = Mine(99, 1, 36.5, 20.5, 4, dropped_by=3, armed=True)
        table.mines.append(mine)
        explode(game, table, RULES.data, mine)
        for event in game.events:
            if event.kind == "mine_attack":
                found[event.data["model"]].append(event.data["final"])
        table.models[:] = [copy.deepcopy(m) for m in saved]
        table.mines.clear()
        game.events.clear()
    for uid, target in ((0, "britannia-cruiser"), (1, "britannia-submarine"),
                        (2, "britannia-battleship")):
        assert len(found[uid]) == 2000
        stat, critical = chi_square(found[uid], odds("mine", layer="prussia-destroyer",
                                                     target=target).distribution)
        assert stat < critical, (target, stat, critical)


def test_dw_odds_charges_at_a_mine_fit_the_games_sweeps() -> None:
    """DW-ODDS-GAME, DW-ODDS-MINES, DW-MINE-CC: two British cruisers' charges linked (2 + 1
    dice) at a Prussian mine of 4 dice, 3000 times by the game (`fire_charges`): how often
    the mine is destroyed fits `cc-mine`."""
    game = seeded(setup(
        [squadron("britannia-cruiser", (36.0, 20.0, 0.0), (40.0, 20.0, 0.0))],
        [squadron("prussia-destroyer", (10.0, 40.0, 0.0))],
    ), seed=32)
    table = state(game)
    exact = odds("cc-mine", shooter="britannia-cruiser", linked=2, layer="prussia-destroyer")
    p = exact.named["destroyed"]
    swept = 0
    for _ in range(3000):
        table.mines.append(Mine(99, 1, 38.0, 22.0, 4, dropped_by=2, armed=True))
        fire_charges(game, table, RULES.data, SweepMines(((99, (0, 1), 0),)))
        swept += any(event.kind == "mine_swept" for event in game.events)
        table.mines.clear()
        game.events.clear()
    assert abs(swept / 3000 - p) <= 4 * (p * (1 - p) / 3000) ** 0.5, (swept, p)


@pytest.mark.parametrize(("words", "option", "message"), [
    (["mine", "target=britannia-cruiser"], "dice", "give the mine's dice"),
    (["mine", "layer=britannia-cruiser"], "layer", "drops no mines"),
    (["mine", "dice=4", "target=britannia-fighter-wing"], "target", "never strikes tiny"),
    (["mine", "dice=4", "target=prussia-airship"], "level", "only a mine a flyer dropped"),
    (["mine", "dice=4", "target=prussia-bomber", "from_the_air=true"], "target",
     "only large and massive flyers"),
    (["mine", "dice=4", "show=hull"], "show", "hull needs the target's"),
    (["mine", "dice=4", "level=obscured"], "level", "expected"),
    (["cc-mine", "mine=4"], "dice", "give the charges"),
    (["cc-mine", "dice=3"], "mine", "give the mine's dice"),
    (["cc-mine", "shooter=prussia-bomber", "mine=4"], "shooter", "no concussion charges"),
    (["cc-mine", "shooter=prussia-cruiser", "damage=5", "mine=4"], "damage", "only 5 hull"),
])
def test_dw_odds_mines_bad_options_are_refused_naming_the_option(
    words: list[str], option: str, message: str
) -> None:
    """DW-ODDS-OPTIONS, DW-ODDS-MINES: what the game never does (a ship's mine at a flyer, a
    flyer's at a small flyer, any at a wing or in the clouds) and what the options cannot
    mean, refused with the option named first."""
    attack = ATTACKS[words[0]]
    with pytest.raises(AttackOptionsError) as error:
        attack.odds(attack.parse_options(words[1:]))
    said = str(error.value).removeprefix(f"{words[0]}: ")  # how pydantic's are told
    assert said.startswith(f"{option}: "), said
    assert message in said


def test_dw_odds_mines_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """DW-ODDS-CLI, DW-ODDS-MINES: the list shows both and their options; a bad option
    prints one line and exits 2."""
    assert main(["odds", "dystopian-wars"]) == 0
    listing = capsys.readouterr().out
    for name in ("mine:", "cc-mine:", "from_the_air", "layer"):
        assert name in listing
    assert main(["odds", "dystopian-wars", "cc-mine", "dice=3"]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip().startswith("warbench: error: mine: ")
