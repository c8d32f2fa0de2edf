"""A chief engineer's repair of the communications a duel cut (ARM-OFF-REPAIR, ARM-OFF-DUEL).

Lance (fleet 0, destroyer, flagship) of Blue faces Grudge (fleet 1, capital, flagship) and
Spur (fleet 2, fighter) of Red; every fleet is tier 3 (check modifier +2, AC 12).
"""

from __future__ import annotations

from typing import Any

from tests.rulesets.armada.helpers import battle, fleet, hold_position, in_gunnery, skip_orders
from warbench.core.actions import Action
from warbench.core.engine import Game
from warbench.rulesets.armada.actions import EndOrders, Fire, HoldFire, Order

BLUE = [fleet("Lance", 3, "medium", "destroyer", "flagship")]
RED = [fleet("Grudge", 3, "medium", "capital", "flagship"), fleet("Spur", 3, "small", "fighter")]


def officer(name: str, role: str, aboard: str) -> dict[str, Any]:
    return {"name": name, "role": role, "ranks": 6, "fleet": aboard}


def act(game: Game, *actions: Action) -> None:
    """Each action by the player who owes the decision now."""
    for action in actions:
        game.apply(game.pending()[0].player, action)


def hold_fire(game: Game) -> None:
    """Every fleet still to fire this gunnery phase holds its fire."""
    while in_gunnery(game) and game.pending():
        act(game, next(o for o in game.pending()[0].options if isinstance(o, HoldFire)))


def test_arm_off_repair_holds_off_a_duels_communications() -> None:
    """ARM-OFF-REPAIR, ARM-OFF-DUEL, ARM-CRIT-COMMS: a duel gives its target the
    communications critical condition to the end of the next round; in that round an allied
    chief engineer may repair it like any critical condition, and while the repair holds it
    off the fleet's officers help it again (the spellcaster's passive AC bonus); the
    condition ends with its round, repair and all."""
    blue = [officer("Cmd", "commander", "Lance")]
    red = [officer("Spe", "chief-spellcaster", "Grudge"), officer("Eng", "chief-engineer", "Spur")]
    # the helm's 1d6s (Blue 1, Red 6: Blue moves and fires first), the duel, Lance's gunnery
    # check and damage; round 2: the repair, Grudge's shields, the helm's 1d6s
    game = battle(BLUE, RED, [[[0, 0, 0]], [[0, -3, 3], [1, -4, 3]]],
                  [1, 6, 15, 15, 5, 10, 1, 1, 6], blue_officers=blue, red_officers=red,
                  max_rounds=3)
    state = game.state
    grudge = state.fleets[1]
    skip_orders(game)
    hold_position(game)
    act(game, Order(0, "duel", 1))  # 15 + 3 + 2 = 20 against 12 + 5
    act(game, Fire(0, 1))  # 15 + 2 = 17 against 12 + 3 + 1: 5 - 1 (Grudge is strong) damage
    hold_fire(game)
    assert state.round == 2 and grudge.fleeting == [("communications", 2)]
    assert state.comms_down(grudge) and state.officer_bonus(grudge, "chief-spellcaster") == 0
    act(game, EndOrders())  # Blue
    act(game, Order(2, "repair", 1, choice="communications"))  # 10 + 3 + 2 against 12
    assert not state.comms_down(grudge) and grudge.repairs == [("communications", 2)]
    assert state.officer_bonus(grudge, "chief-spellcaster") == 3
    skip_orders(game)
    hold_position(game)
    hold_fire(game)
    assert state.round == 3 and (grudge.criticals, grudge.repairs, grudge.fleeting) == ([], [], [])
