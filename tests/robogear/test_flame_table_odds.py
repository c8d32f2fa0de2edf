"""RG-FLAME, RG-FLAME-BUILDING, RG-ODDS-FLAME: the web table's exact odds of each flamer
shot offered are what the game does when the shot is applied: the template laid by the
game's own plan, the units under it (the aimed one and a line for each other, by its
label) and the total damage dealt, a trooper inside a building whose slot it covers
taking D6 hits, every face of the die scripted."""

from __future__ import annotations

import pytest

from tests.robogear.helpers import RULES, RGame, army, battle, put, turn_of
from warbench.core.dice import ScriptedDice
from warbench.rulesets.robogear.actions import Shoot
from warbench.rulesets.robogear.events import BlastLanded, Damaged
from warbench.rulesets.robogear.picture import unit_label
from warbench.rulesets.robogear.pieces import Block

SPIDER = 0
#: A 4 x 4 step house, 4 steps tall, one slot in each wall (as tests/robogear/test_buildings.py).
HOUSE = Block(28.0, 28.0, 32.0, 32.0, 4.0, "house", slots=4)


def _offered_flames(game: RGame) -> list[Shoot]:
    return [action for action in game.pending()[0].options
            if isinstance(action, Shoot) and action.unit == SPIDER]


def _by_the_game(game: RGame, action: Shoot, faces: list[int]) -> tuple[set[int], int]:
    """The units the applied shot hits and the damage it deals, the dice scripted."""
    trial = game.copy()
    trial.set_dice(ScriptedDice([*faces, *[1] * 30]))
    before = len(trial.events)
    trial.apply(0, action)
    new = trial.events[before:]
    landed = [e for e in new if isinstance(e, BlastLanded)]
    assert len(landed) == 1
    return set(landed[0].hits), sum(e.amount for e in new if isinstance(e, Damaged))


def _check(game: RGame, action: Shoot, slots: int) -> None:
    """The table's odds against the game over every face of the ``slots`` D6 rolled for
    troopers behind covered slots."""
    state = game.observe(0).state
    answer = RULES.action_odds(state, action)
    assert answer is not None and not answer.withheld
    found: dict[int, float] = {}
    hits: set[int] = set()
    for face in range(1, 7) if slots else [1]:
        hits, dealt = _by_the_game(game, action, [face] * slots)
        found[dealt] = found.get(dealt, 0.0) + (1 / 6 if slots else 1.0)
    got = {value: p for value, p in answer.distribution.items() if p > 0}
    assert got == pytest.approx(found)
    assert answer.named["target under the flame"] == (1.0 if action.target in hits else 0.0)
    lines = {unit_label(game.data, state.units[unit]) for unit in hits if unit != action.target}
    assert set(answer.others) == lines
    assert all(line["under the flame"] == 1.0 for line in answer.others.values())


def test_rg_odds_flame_the_tables_odds_of_a_flame_are_the_units_the_game_burns() -> None:
    """RG-ODDS-FLAME, RG-FLAME: the spider's flame projector among bunched riflemen: each
    offered flame's odds are a certain total damage (3 for each unit under the template),
    the aimed rifleman under it and a line for each other rifleman the game's template
    covers, as the applied shot does."""
    game = battle(army(("verdant-spider", 1)), army(("ferrum-rifleman", 4)))
    put(game, SPIDER, 30, 15)
    put(game, 1, 30, 20)
    put(game, 2, 31, 21)
    put(game, 3, 29, 21.5)
    put(game, 4, 50, 50)
    turn_of(game, SPIDER)
    offered = _offered_flames(game)
    assert offered
    for action in offered:
        _check(game, action, 0)
    answer = RULES.action_odds(game.observe(0).state, offered[0])
    assert answer is not None and len(answer.others) >= 1
    assert len(answer.distribution.items()) >= 1


def test_rg_odds_flame_building_d6_hits_through_a_slot_over_every_face() -> None:
    """RG-ODDS-FLAME, RG-FLAME-BUILDING: the flame over an occupied firing slot and a
    rifleman outside: the odds name the trooper inside with its damage chances and equal
    the game's damage over every face of the D6 hits (each hit the flamer's 3, while the
    trooper lives)."""
    game = battle(army(("verdant-spider", 1)), army(("ferrum-rifleman", 3)))
    game.state.terrain.append(HOUSE)
    put(game, SPIDER, 30.0, 22.0)
    front = put(game, 1, 30.0, 28.0)
    back = put(game, 2, 30.0, 32.0)
    front.inside, front.slot = 0, 0
    back.inside, back.slot = 0, 2
    put(game, 3, 30.0, 25.5)
    turn_of(game, SPIDER)
    action = Shoot(SPIDER, 0, 3)
    assert action in _offered_flames(game)
    _check(game, action, 1)
    answer = RULES.action_odds(game.observe(0).state, action)
    assert answer is not None
    inside = answer.others[unit_label(game.data, front)]
    assert inside["under the flame"] == 1.0 and sum(
        p for key, p in inside.items() if key.startswith("takes ")) == pytest.approx(1.0)

