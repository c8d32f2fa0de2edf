"""RG-GRENADE, RG-ODDS-BLAST: a hand grenade's exact odds on the web table (each throw
offered), from `warbench odds robogear blast grenade=true` with the throw's own inputs,
equal to the game's own throw over every face of its dice."""

from __future__ import annotations

from itertools import product

import pytest

from tests.robogear.helpers import RULES, army, battle, put, turn_of
from warbench.core.attacks import AttackOptionsError
from warbench.core.dice import ScriptedDice
from warbench.core.events import Roll
from warbench.rulesets.robogear.actions import Throw
from warbench.rulesets.robogear.board import blast_options
from warbench.rulesets.robogear.events import BlastLanded
from warbench.rulesets.robogear.picture import unit_label
from warbench.rulesets.robogear.pieces import Block

THROWER, AIMED = 0, 1


def test_rg_grenade_the_tables_odds_of_a_throw_are_the_commands_and_the_games() -> None:
    """RG-GRENADE, RG-BLAST, RG-ODDS-BLAST: a rifleman throws a grenade at one of three
    riflemen behind a low wall (half hidden: a D6 of defence); a miss scatters the 5 cm
    marker 1D6 cm. The table's odds (total damage, the aimed rifleman and each other under
    the marker) are the command's for the throw's options and the game's, every face of
    every die enumerated."""
    game = battle(army(("ferrum-rifleman", 1)), army(("verdant-rifleman", 3)))
    game.state.terrain.append(Block(27.0, 18.0, 33.0, 18.5, 1.0, "wall"))
    put(game, THROWER, 30, 14)
    put(game, AIMED, 30, 20)
    put(game, 2, 31.3, 20.4)
    put(game, 3, 29.0, 21.2)
    turn_of(game, THROWER)
    action = Throw(THROWER, AIMED)
    assert game.check(0, action) is None
    state = game.observe(0).state
    answer = RULES.action_odds(state, action)
    assert answer is not None and not answer.withheld and answer.outcome == "damage"
    options = blast_options(game.data, state, action)
    assert not isinstance(options, str) and options.grenade and options.cover >= 0.5
    blast = RULES.attacks()["blast"]
    asked = blast.odds(blast.parse_options(
        [f"{key}={value}".lower() if isinstance(value, bool) else f"{key}={value}"
         for key, value in options.model_dump(exclude_none=True).items()]))
    assert asked.distribution.items() == answer.distribution.items()
    trial = game.copy()
    trial.set_dice(ScriptedDice([1] * 10))
    before = len(trial.events)
    trial.apply(0, action)
    dice = [e.sides for e in trial.events[before:] if isinstance(e, Roll) for _ in e.faces]
    assert len(dice) == 4  # accuracy, defence, the scatter's direction and distance
    found: dict[int, float] = {}
    under: dict[int, float] = {}
    for faces in product(*(range(1, sides + 1) for sides in dice)):
        trial = game.copy()
        trial.set_dice(ScriptedDice([*faces, *[1] * 4]))
        before = len(trial.events)
        trial.apply(0, action)
        (landed,) = [e for e in trial.events[before:] if isinstance(e, BlastLanded)]
        weight = 1.0
        for sides in dice:
            weight /= sides
        total = 3 * len(landed.hits)  # a grenade's 3 on each model under it
        found[total] = found.get(total, 0.0) + weight
        for unit in landed.hits:
            under[unit] = under.get(unit, 0.0) + weight
    got = {value: p for value, p in answer.distribution.items() if p > 0}
    assert got == pytest.approx({v: p for v, p in found.items() if p > 1e-12}, abs=1e-12)
    assert len(got) > 1
    assert answer.named["target under the marker"] == pytest.approx(under[AIMED], abs=1e-12)
    for unit in (2, 3):
        line = answer.others[unit_label(game.data, state.units[unit])]
        assert line["under the marker"] == pytest.approx(under.get(unit, 0.0), abs=1e-12)


@pytest.mark.parametrize(("pairs", "said"), [
    (["shooter=ferrum-tank"], "the Anvil battle tank carries no hand grenades"),
    (["shooter=ferrum-rifleman", "distance=9"], "a grenade reaches short range only"),
    (["shooter=ferrum-rifleman", "indirect=true"], "thrown at a unit on the table"),
])
def test_rg_grenade_the_command_refuses_a_throw_it_cannot_make(
    pairs: list[str], said: str,
) -> None:
    """RG-GRENADE, RG-ODDS-BLAST: `blast grenade=true` for a sheet with no grenades, beyond
    short range, or lobbed: refused naming the option."""
    blast = RULES.attacks()["blast"]
    with pytest.raises(AttackOptionsError, match=said):
        blast.odds(blast.parse_options(["grenade=true", "models=0,0", *pairs]))
