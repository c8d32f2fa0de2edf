"""Phase 8: the attacks of salvos and fighter groups that came through point defence.

Effects land at once, threshold checks included, in the order plasma (alien, not yet),
missiles, fighters. A salvo's surviving missiles lock on a d6 of them and each lock does
a d6 of damage. A fighter group rolls one die per fighter, read like beam dice against the
target's screens (attack fighters at +1); torpedo fighters fire their one-shot torpedoes.
Each attack costs the group an endurance point.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.rulesets.full_thrust.context import battle, library, ship_class
from warbench.rulesets.full_thrust.damage import (
    apply_points,
    armour_left,
    rows_finished,
    screens_of,
    threshold_check,
)
from warbench.rulesets.full_thrust.declarations import SHIP, profile
from warbench.rulesets.full_thrust.scoring import Points, fighter_points, salvo_points
from warbench.rulesets.full_thrust.state import FighterGroup, Salvo, Ship

if TYPE_CHECKING:
    from warbench.core.engine import Game


def resolve_attacks(game: Game[Any, Any]) -> None:
    """Every salvo, then every fighter group, attacks its declared ship."""
    state = battle(game)
    for salvo in state.salvos:
        if salvo.target >= 0 and salvo.missiles > 0 and state.ships[salvo.target].active:
            salvo_attack(game, salvo, state.ships[salvo.target])
    for group in state.groups:
        if (
            group.target_kind == SHIP
            and group.count > 0
            and group.endurance > 0
            and not group.broken
            and state.ships[group.target].active
        ):
            fighter_attack(game, group, state.ships[group.target])


def salvo_attack(game: Game[Any, Any], salvo: Salvo, ship: Ship) -> None:
    """A salvo strikes: a d6 of its missiles lock on, each doing a d6 of normal damage."""
    rules = library(game).rules.salvo
    locks, points = salvo_points(
        game.dice_for(salvo.player), salvo.missiles, rules.damage_die, label=f"salvo {salvo.id}"
    )
    game.emit("salvo_attack", f"salvo {salvo.id}: {locks} missiles lock on {ship.name}",
              salvo=salvo.id, ship=ship.id, locks=locks, damage=points.total)
    salvo.missiles = 0
    _strike(game, ship, points, f"salvo {salvo.id}", battle(game).ships[salvo.ship])


def fighter_attack(game: Game[Any, Any], group: FighterGroup, ship: Ship) -> None:
    """A fighter group attacks a ship (beam-style dice, or torpedoes)."""
    cls = ship_class(game, ship)
    fighting = profile(library(game), group)
    screened = library(game).rules.fighter_defaults.attacks_use_screens
    torpedoes = fighting.ship_attack == "torpedo"
    group.endurance -= 1
    points = fighter_points(
        game.dice_for(group.player),
        group.count,
        ship_attack=fighting.ship_attack,
        modifier=fighting.ship_modifier,
        screens=screens_of(cls, ship) if screened else 0,
        armoured=armour_left(cls, ship) > 0,
        label=f"{group.name} {'torpedoes' if torpedoes else 'attack'}",
    )
    if torpedoes:
        group.torpedoes_spent = True
    game.emit("fighter_attack", f"{group.name} attacks {ship.name}", group=group.id,
              ship=ship.id, damage=points.total)
    _strike(game, ship, points, group.name, battle(game).ships[group.carrier])


def _strike(game: Game[Any, Any], ship: Ship, points: Points, cause: str, by: Ship) -> None:
    """Damage now (dealt by ``by``'s missiles or fighters), threshold check now."""
    before = rows_finished(ship_class(game, ship), ship.hull_hits)
    apply_points(game, ship, points, cause, by)
    threshold_check(game, ship, before)
