"""Phase 8: the attacks of salvos and fighter groups that came through point defence.

Effects land at once, threshold checks included, in the order plasma, missiles, fighters.
A Phalon plasma bolt strikes every ship within its burst, friends too, with beam-style
dice as many as its strength left, and then every salvo marker there, each point downing a
missile (FT-ALIEN-PLASMA; the numbers are an engine default). A salvo's surviving missiles lock
on a d6 of them and each lock does a d6 of damage. A fighter group rolls one die per
fighter, read like beam dice against the target's screens (attack fighters at +1);
torpedo fighters fire their one-shot torpedoes. Each attack costs the group an endurance
point.
"""

from __future__ import annotations

from warbench.core.dice import worded
from warbench.core.events import RollEffect
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.damage import (
    apply_points,
    armour_left,
    rows_finished,
    screens_of,
    threshold_check,
)
from warbench.rulesets.full_thrust.declarations import SHIP, profile
from warbench.rulesets.full_thrust.events import FighterAttack, SalvoAttack
from warbench.rulesets.full_thrust.events_alien import PlasmaStrike
from warbench.rulesets.full_thrust.names import group_label, ship_label
from warbench.rulesets.full_thrust.phalon import bolt_points, burst_victims, in_burst
from warbench.rulesets.full_thrust.salvo_losses import down_missiles
from warbench.rulesets.full_thrust.scoring import Points, fighter_points, salvo_points
from warbench.rulesets.full_thrust.state import Bolt, FighterGroup, Salvo, Ship


def resolve_attacks(game: FTGame) -> None:
    """Every plasma bolt, then every salvo, then every fighter group, attacks."""
    state = game.state
    for bolt in state.bolts:
        if bolt.strength > 0:
            plasma_burst(game, bolt)
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


def plasma_burst(game: FTGame, bolt: Bolt) -> None:
    """A bolt strikes each ship in its burst in turn (threshold checks at once)."""
    state = game.state
    by = state.ships[bolt.ship]
    for ship in burst_victims(state, game.data, bolt):
        if not ship.active:
            continue
        screens = screens_of(game.data.designs[ship.design], ship)
        purpose = f"plasma bolt {bolt.id}"
        points = bolt_points(game.dice_for(bolt.player), bolt.strength, screens=screens,
                             label=purpose)
        # judged for the bolt's side: damage to a friend in the burst is bad luck for it
        game.emit(RollEffect(bolt.player, purpose, points.total, bolt.strength, query="beam",
                             args=(bolt.strength, screens, 0),
                             higher_is_better=ship.player != bolt.player))
        game.emit(
            PlasmaStrike(
                bolt=bolt.id, ship=ship.id, damage=points.total,
                text=f"plasma bolt {bolt.id} bursts over {ship_label(state, ship)}: "
                f"{points.total} damage",
            )
        )
        _strike(game, ship, points, f"plasma bolt {bolt.id}", by)
    for salvo in state.salvos:
        if salvo.missiles > 0 and in_burst(game.data, bolt, salvo):
            _burst_on_salvo(game, bolt, salvo)
    bolt.strength = 0


def _burst_on_salvo(game: FTGame, bolt: Bolt, salvo: Salvo) -> None:
    """A salvo marker in the burst (the seed has bolts act on them, with no numbers):
    the bolt rolls its strength in beam-style dice, no screens, and each point downs a
    missile (engine default, FT-ALIEN-PLASMA)."""
    purpose = f"plasma bolt {bolt.id} on salvo {salvo.id}"
    points = bolt_points(game.dice_for(bolt.player), bolt.strength, screens=0, label=purpose)
    game.emit(RollEffect(bolt.player, purpose, points.total, bolt.strength, query="beam",
                         args=(bolt.strength, 0, 0),
                         higher_is_better=salvo.player != bolt.player))
    down_missiles(
        game, salvo, points.total,
        lambda kills, left: f"plasma bolt {bolt.id} bursts over salvo {salvo.id}: {kills} "
        f"missiles down, {left} left",
    )


def salvo_attack(game: FTGame, salvo: Salvo, ship: Ship) -> None:
    """A salvo strikes: a d6 of its missiles lock on, each doing a d6 of normal damage."""
    rules = game.data.rules.salvo
    purpose = f"salvo {salvo.id}"
    locks, points = salvo_points(
        game.dice_for(salvo.player), salvo.missiles, rules.damage_die, label=purpose
    )
    game.emit(RollEffect(salvo.player, purpose, points.total, 1, query="salvo",
                         args=(salvo.missiles, rules.damage_die)))
    game.emit(
        SalvoAttack(
            salvo=salvo.id,
            ship=ship.id,
            locks=locks,
            damage=points.total,
            text=f"salvo {salvo.id}: {locks} {'missile locks' if locks == 1 else 'missiles lock'}"
            f" on {ship_label(game.state, ship)}",
        )
    )
    salvo.missiles = 0
    _strike(game, ship, points, f"salvo {salvo.id}", game.state.ships[salvo.ship])


def fighter_attack(game: FTGame, group: FighterGroup, ship: Ship) -> None:
    """A fighter group attacks a ship (beam-style dice, or torpedoes)."""
    cls = game.data.designs[ship.design]
    fighting = profile(game.data, group)
    screened = game.data.rules.fighter_defaults.attacks_use_screens
    torpedoes = fighting.ship_attack == "torpedo"
    group.endurance -= 1
    screens = screens_of(cls, ship) if screened else 0
    armoured = armour_left(cls, ship) > 0
    # the dice's label, their key, keeps the name; people read the group's tag
    what = 'torpedoes' if torpedoes else 'attack'
    purpose, told = f"{group.name} {what}", f"{group_label(game.state, group)} {what}"
    points = fighter_points(
        worded(game.dice_for(group.player), purpose, told),
        group.count,
        ship_attack=fighting.ship_attack,
        modifier=fighting.ship_modifier,
        screens=screens,
        armoured=armoured,
        label=purpose,
    )
    query, args = (
        ("torpedo", (group.count, int(armoured))) if torpedoes
        else ("beam", (group.count, screens, fighting.ship_modifier))
    )
    game.emit(RollEffect(group.player, purpose, points.total, group.count, query=query,
                         args=args, told=told))
    if torpedoes:
        group.torpedoes_spent = True
    game.emit(
        FighterAttack(
            group=group.id,
            ship=ship.id,
            damage=points.total,
            text=f"{group_label(game.state, group)} attacks {ship_label(game.state, ship)}",
        )
    )
    _strike(game, ship, points, group_label(game.state, group), game.state.ships[group.carrier])


def _strike(game: FTGame, ship: Ship, points: Points, cause: str, by: Ship) -> None:
    """Damage now (dealt by ``by``'s missiles or fighters), threshold check now."""
    before = rows_finished(game.data.designs[ship.design], ship.hull_hits)
    apply_points(game, ship, points, cause, by)
    threshold_check(game, ship, before)
