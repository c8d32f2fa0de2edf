"""RG-ODDS-FLAME, RG-FLAME, RG-PILOT-OPEN: a flame over an open machine on the web table:
its pilot and the troopers riding it take D6 hits (one roll for them all), after the
machine's own damage and the critical token it may draw; a carrier the flame destroys
throws its riders out, each living on a 5 or 6 where there is room. The odds equal the
game's own application of the shot over every face of every die it rolls."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tests.robogear.helpers import RULES, RGame, army, battle, put, turn_of
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.core.words import counted
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.actions import Shoot
from warbench.rulesets.robogear.events import Damaged
from warbench.rulesets.robogear.picture import unit_label

SPIDER, ROVER = 0, 1
SETUP = {"terrain": "none", "edges": ["south", "north"]}


def _game(rules: RobogearRuleset, riders: int) -> RGame:
    """A spider facing a rover carrying ``riders`` riflemen (units 2 on)."""
    armies = [army(("verdant-spider", 1)), army(("ferrum-rover", 1), ("ferrum-rifleman", riders))]
    game = Game.new(rules, {"armies": armies, **SETUP}, seed=3, players=2) if (
        rules is not RULES) else battle(*armies)
    put(game, SPIDER, 30, 15)
    put(game, ROVER, 30, 20.5)
    for rider in game.state.units[2:2 + riders]:
        rider.carried_by = ROVER
    return game


def _check(rules: RobogearRuleset, game: RGame, dice: int) -> None:
    """The table's odds of the spider's flame at the rover against the game over every
    face of the ``dice`` dice the shot rolls: the total damage, the rover destroyed, its
    pilot's lives and each rider's fate."""
    turn_of(game, SPIDER)
    action = Shoot(SPIDER, 0, ROVER)
    state = game.observe(0).state
    answer = rules.action_odds(state, action)
    assert answer is not None and not answer.withheld, answer and answer.withheld
    riders = [u for u in state.units if u.carried_by == ROVER and u.alive]
    lives = state.units[ROVER].pilot
    total: dict[int, float] = {}
    pilot: dict[str, float] = {}
    lost = 0.0
    lines: dict[str, dict[str, float]] = {
        unit_label(game.data, r): {"in the carrier under the flame": 1.0} for r in riders}
    share = 1 / 6 ** dice
    for faces in itertools.product(range(1, 7), repeat=dice):
        trial = game.copy()
        script = ScriptedDice(faces)
        trial.set_dice(script)
        before = len(trial.events)
        trial.apply(0, action)
        assert script.remaining == 0
        new = [e for e in trial.events[before:] if isinstance(e, Damaged)]
        dealt = sum(e.amount for e in new)
        total[dealt] = total.get(dealt, 0.0) + share
        rover = trial.state.units[ROVER]
        lost += share * (not rover.alive)
        left = rover.pilot
        key = ("pilot killed" if left == 0 else "pilot unhurt" if left == lives
               else f"pilot wounded: {counted(left, 'life')} left of 3")
        pilot[key] = pilot.get(key, 0.0) + share
        for rider in riders:
            line = lines[unit_label(game.data, rider)]
            taken = sum(e.amount for e in new if e.unit == rider.id)
            now = trial.state.units[rider.id]
            key = "killed" if not now.alive else f"takes {taken}" if taken else "unhurt"
            line[key] = line.get(key, 0.0) + share
            if taken and not now.alive:
                line[f"takes {taken}"] = line.get(f"takes {taken}", 0.0) + share
    assert dict(answer.distribution.items()) == pytest.approx(total)
    assert answer.named["target under the flame"] == 1.0
    assert answer.named.get("target destroyed", 0.0) == pytest.approx(lost)
    told = {key: p for key, p in answer.named.items() if key.startswith("pilot")}
    assert told == pytest.approx(pilot)
    assert set(answer.others) == set(lines)
    for label, line in lines.items():
        assert dict(answer.others[label]) == pytest.approx(line), label


def test_rg_odds_flame_an_open_carriers_pilot_and_riders_as_the_game_burns_them() -> None:
    """RG-ODDS-FLAME, RG-FLAME: the flame over a whole open rover with two riflemen aboard
    (one wounded): the rover takes 3, staying green (no token), then D6 hits for its pilot
    and both riders, each one of which kills (3 lives, 3 wounds): pilot killed, riders
    killed, 9 damage in all, over every face of the hits die."""
    game = _game(RULES, 2)
    game.state.units[3].damage = 1
    _check(RULES, game, 1)
    answer = RULES.action_odds(game.observe(0).state, Shoot(SPIDER, 0, ROVER))
    assert answer is not None and answer.named["pilot killed"] == pytest.approx(1.0)


def test_rg_odds_flame_a_token_before_the_hits_on_an_open_machine() -> None:
    """RG-ODDS-FLAME, RG-FLAME: a rover 2 cells down takes 3 into its yellow section: the
    critical token die comes first (a pilot token costs a life), then the D6 hits; every
    face of both dice."""
    game = _game(RULES, 1)
    game.state.units[ROVER].damage = 2
    _check(RULES, game, 2)


def test_rg_odds_flame_a_carrier_the_flame_destroys_throws_its_riders_out() -> None:
    """RG-ODDS-FLAME, RG-INF-APC: a rover 6 cells down is destroyed by the flame (its pilot
    with it); no D6 hits: each of its two riders rolls to live (5 or 6) and is set down
    beside it, near the table's edge: every face of both dice."""
    game = _game(RULES, 2)
    game.state.units[ROVER].damage = 6
    put(game, SPIDER, 30, 6.5)
    put(game, ROVER, 30, 1.5)
    _check(RULES, game, 2)
    answer = RULES.action_odds(game.observe(0).state, Shoot(SPIDER, 0, ROVER))
    assert answer is not None
    assert answer.named["target destroyed"] == 1.0 and answer.named["pilot killed"] == 1.0
    line = answer.others[unit_label(game.data, game.state.units[2])]
    assert line["killed"] == pytest.approx(2 / 3)


def test_rg_odds_flame_each_of_the_d6_hits_on_a_crew_over_every_face(tmp_path: Path) -> None:
    """RG-ODDS-FLAME, RG-FLAME: with a flamer of 1 damage (a player's units.toml), the D6
    hits decide the crew's fate: a rover 3 cells down takes 1 into its yellow section (the
    token die), then the pilot loses a life a hit and the riders (3 wounds and 1 left) a
    wound a hit, while they live: every face of both dice."""
    shipped = (Path(RULES.shipped_data or ".") / "units.toml").read_text()
    flamer = 'damage = [3, 0, 0], ammo = 5, turret = true, traits = ["flamer"]'
    assert flamer in shipped
    (tmp_path / "units.toml").write_text(shipped.replace(flamer, flamer.replace("3,", "1,")))
    rules = RobogearRuleset(data_dir=tmp_path)
    game = _game(rules, 2)
    game.state.units[ROVER].damage = 3
    game.state.units[3].damage = 2
    _check(rules, game, 2)
    answer = rules.action_odds(game.observe(0).state, Shoot(SPIDER, 0, ROVER))
    assert answer is not None and 0 < answer.named["pilot killed"] < 1
    assert len(answer.distribution.items()) > 2


def test_rg_odds_flame_riders_thrown_out_where_there_is_room_for_one() -> None:
    """RG-ODDS-FLAME, RG-INF-APC: the rover destroyed in a corner of the table, two tanks
    and the spider round it: there is room beside it for one rider only, so the second
    lives only if it rolls a 5 or 6 and the first died (7/9 killed, the first 2/3), as the
    game sets them down: every face of both dice."""
    game = battle(army(("verdant-spider", 1)),
                  army(("ferrum-rover", 1), ("ferrum-rifleman", 2), ("ferrum-tank", 2)))
    put(game, ROVER, 1.6, 1.6)
    put(game, 4, 5.5, 1.2)
    put(game, 5, 1.6, 5.2)
    put(game, SPIDER, 5.3, 5.3, 225.0)
    game.state.units[ROVER].damage = 6
    for rider in game.state.units[2:4]:
        rider.carried_by = ROVER
    _check(RULES, game, 2)
    answer = RULES.action_odds(game.observe(0).state, Shoot(SPIDER, 0, ROVER))
    assert answer is not None
    first, second = (answer.others[unit_label(game.data, game.state.units[n])] for n in (2, 3))
    assert first["killed"] == pytest.approx(2 / 3)
    assert second["killed"] == pytest.approx(7 / 9)


def test_rg_odds_flame_two_carriers_destroyed_with_riders_are_withheld() -> None:
    """RG-ODDS-FLAME: two rovers the flame destroys, each with a rider, throw them out into
    the room beside them one after the other, which the odds do not follow: withheld, the
    option saying why."""
    game = battle(army(("verdant-spider", 1)),
                  army(("ferrum-rover", 2), ("ferrum-rifleman", 2)))
    put(game, SPIDER, 30, 15)
    put(game, 1, 30, 20.5)
    put(game, 2, 30, 24.5)
    for rover, rider in ((1, 3), (2, 4)):
        game.state.units[rover].damage = 6
        game.state.units[rider].carried_by = rover
    turn_of(game, SPIDER)
    answer = RULES.action_odds(game.observe(0).state, Shoot(SPIDER, 0, 1))
    assert answer is not None and "two carriers" in answer.withheld
