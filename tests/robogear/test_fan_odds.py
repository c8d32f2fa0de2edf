"""RG-INF-FAN: the web table's odds of a fan shot give each trooper it sweeps a line of its
own, the chance the shot's one accuracy roll beats that trooper's defence and that the hit
kills it, as the game rolls the sweep (before, only the aimed target had odds)."""

from __future__ import annotations

from itertools import product

import pytest

from tests.robogear.helpers import RULES, RGame, army, battle, put, turn_of
from warbench.core.dice import ScriptedDice
from warbench.rulesets.robogear.actions import Shoot
from warbench.rulesets.robogear.events import ShotResolved
from warbench.rulesets.robogear.picture import unit_label

GUNNER, FRIEND, TARGET, BEYOND = 0, 1, 2, 3


def _line() -> RGame:
    """An Ashen gunner's machine gun at a Ferrum rifleman 10 steps off, a friend of the
    gunner beside the line of fire and a wounded enemy on it beyond the target."""
    game = battle(army(("ashen-gunner", 1), ("ashen-rifleman", 1)),
                  army(("ferrum-rifleman", 2)))
    put(game, GUNNER, 30, 10)
    put(game, FRIEND, 30.8, 15)
    put(game, TARGET, 30, 20)
    put(game, BEYOND, 30, 22.5)
    game.state.units[BEYOND].damage = 1
    turn_of(game, GUNNER)
    return game


@pytest.mark.parametrize("far", [False, True])
def test_rg_inf_fan_each_swept_trooper_has_the_games_hit_and_kill_chances(far: bool) -> None:
    """RG-INF-FAN: the friend beside the line (unhurt: the machine gun's 2 cannot kill it)
    and the wounded enemy beyond the target (1 of 3 cells lost: a hit kills it, at short
    range) each get a line equal to the game's sweep over every face of the accuracy die
    and the next two dice; ``far`` puts the target at long range, where the accuracy
    penalty is the target's and each swept trooper takes its own band's damage."""
    game = _line()
    if far:
        put(game, TARGET, 30, 27)
        put(game, BEYOND, 30, 29.5)
    action = Shoot(GUNNER, 0, TARGET)
    assert game.check(0, action) is None
    answer = RULES.action_odds(game.observe(0).state, action)
    assert answer is not None
    swept = {FRIEND: {"hit": 0.0, "killed": 0.0}, BEYOND: {"hit": 0.0, "killed": 0.0}}
    faces = list(product(range(1, 7), repeat=3))
    for rolled in faces:
        trial = game.copy()
        trial.set_dice(ScriptedDice([*rolled, *[1] * 6]))
        before = len(trial.events)
        trial.apply(0, action)
        hits = {e.target for e in trial.events[before:]
                if isinstance(e, ShotResolved) and e.hit}
        for uid, line in swept.items():
            line["hit"] += (uid in hits) / len(faces)
            line["killed"] += (not trial.state.units[uid].alive) / len(faces)
    data = game.data
    assert set(answer.others) == {f"{unit_label(data, game.state.units[uid])}: swept by "
                                  "the fan" for uid in swept}
    for uid, line in swept.items():
        shown = answer.others[f"{unit_label(data, game.state.units[uid])}: swept by the fan"]
        assert shown == pytest.approx(line, abs=1e-12)
    assert swept[FRIEND]["killed"] == 0.0 and 0.0 < swept[BEYOND]["hit"] < 1.0
    # near, the machine gun's 2 kills the wounded trooper; at long range its 1 does not
    assert (swept[BEYOND]["killed"] == swept[BEYOND]["hit"]) is not far


def test_rg_inf_fan_a_gun_that_does_not_sweep_has_no_lines() -> None:
    """RG-INF-FAN: a rifle's shot along the same line sweeps nobody and shows no lines."""
    game = battle(army(("ashen-rifleman", 2)), army(("ferrum-rifleman", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30.8, 15)
    put(game, 2, 30, 20)
    turn_of(game, 0)
    answer = RULES.action_odds(game.observe(0).state, Shoot(0, 0, 2))
    assert answer is not None and not answer.others
