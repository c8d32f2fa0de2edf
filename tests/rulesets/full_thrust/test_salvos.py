"""Salvo missiles: launch in phase 4, homing in phase 6, point defence, strike, removal."""

from __future__ import annotations

import pytest

from warbench.core.engine import IllegalAction
from warbench.rulesets.full_thrust.actions import DefenceDone, DefendWith, HoldSalvos, LaunchSalvo
from warbench.rulesets.full_thrust.data import DesignRecord
from warbench.rulesets.full_thrust.defence import fight_fighters
from warbench.rulesets.full_thrust.events import SalvoAttack, SalvosRemoved
from warbench.rulesets.full_thrust.library import compile_design
from warbench.rulesets.full_thrust.state import Salvo

from .helpers import RULES, battle, orders, ship

LAUNCHER = RULES.data.designs["spear"].indices("salvo_launcher")[0]


def test_a_salvo_goes_where_aimed_homes_on_a_ship_and_strikes_after_point_defence() -> None:
    """FT-SEQ-ORDNANCE, FT-SALVO-LAUNCH, FT-SALVO-ATTACK, FT-PDS: marker within 24 MU in
    the launcher's arcs; the only ship within 6 MU is its target; PDS downs missiles; a d6
    of the rest lock on, a d6 damage each."""
    game, feed = battle(
        [ship("spear", "Dart", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 30.0, facing=6)],
        6, 1,
    )
    orders(game)
    decision = game.pending()[0]
    assert HoldSalvos(0) in decision.options
    assert LaunchSalvo(0, LAUNCHER, 30.0, 30.0) in decision.options  # aimed at Pike
    assert "outside the launcher's arcs" in (game.check(0, LaunchSalvo(0, LAUNCHER, 30, 5)) or "")
    assert "beyond the 24 MU reach" in (game.check(0, LaunchSalvo(0, LAUNCHER, 30, 40)) or "")
    game.apply(0, LaunchSalvo(0, LAUNCHER, 30.0, 28.0))
    state = game.state
    assert state.ships[0].ammo == {LAUNCHER: 1}
    assert state.salvos[0].target == 1  # phase 6: only Pike is within 6 MU
    game.apply(1, DefendWith(1, 2, "salvo", 0))
    feed.add(6, 4)  # PDS: two, re-roll one: three missiles down
    feed.add(5, 2, 1, 1)  # five would lock on, only three are left: 4 damage
    feed.add(1, 1, 1, 1, 1, 1)  # Pike's threshold check (rows 2, 2: row 2)
    game.apply(1, DefenceDone())
    assert state.salvos[0].missiles == 0  # spent: the marker goes at the end of the turn
    assert state.ships[1].hull_hits == 4
    strike = next(e for e in game.events if isinstance(e, SalvoAttack))
    assert (strike.locks, strike.damage) == (3, 4)


def test_salvos_that_found_no_target_are_removed_at_the_end_of_the_turn() -> None:
    """FT-SEQ-END: an unused salvo does not carry over, and the log says so in words."""
    game, _ = battle(
        [ship("spear", "Dart", 30.0, 10.0)], [ship("lancer", "Pike", 60.0, 40.0, facing=6)],
        6, 1,
    )
    orders(game)
    game.apply(0, LaunchSalvo(0, LAUNCHER, 30.0, 30.0))
    state = game.state
    assert state.turn == 2 and state.salvos == []
    [removed] = [e for e in game.events if isinstance(e, SalvosRemoved)]
    assert removed.text == "1 salvo that found no target is removed"
    with pytest.raises(IllegalAction):
        game.apply(0, LaunchSalvo(0, LAUNCHER, 30.0, 30.0))


def test_fighters_intercept_salvos_before_point_defence() -> None:
    """FT-FTR-INTERCEPT-MISSILES, FT-SEQ-PD-ORDER: interceptors at +1 shoot missiles."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("interceptor",))],
        [ship("spear", "Dart", 30.0, 40.0, facing=6)],
    )
    state = game.state
    group = state.groups[0]
    group.status, group.x, group.y = "space", 30.0, 14.0
    state.salvos.append(Salvo(0, 1, 1, 30.0, 14.0, 6, target=0))
    group.target_kind, group.target = "salvo", 0
    feed.add(3, 3, 3, 1, 1, 1)  # 3 + 1: one each
    fight_fighters(game)
    assert state.salvos[0].missiles == 3 and group.endurance == 5


def test_a_salvo_rack_holds_one_salvo_and_a_launcher_its_magazine() -> None:
    """FT-SALVO-LAUNCH: racks fire once; launchers as many times as their magazine."""
    record = DesignRecord.model_validate({
        "id": "racked", "name": "Racked", "mass": 20, "thrust": 2, "hull": 4,
        "weapons": [{"kind": "salvo_rack", "arcs": ["F"]},
                    {"kind": "salvo_launcher", "magazine": 3, "arcs": ["F"]}],
    })
    racked = compile_design(record, RULES.data.costs)
    assert [s.ammo for s in racked.systems if s.kind.startswith("salvo")] == [1, 3]
