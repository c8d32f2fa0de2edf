"""How a Full Thrust battle stands, for the search bot's play-outs cut off before the end.

A battle is scored by victory points (FT-END-TURNS: enemy ships destroyed in full, crippled
or disengaged in part), but a play-out of twenty decisions from an order often ends before
a shot is fired: its dice cannot tell two courses apart. :func:`standing` values a cut-off
battle by what each fleet has lost and what it stands to lose: the points its enemy would
score now, a share of each ship's hull already gone, and the points the enemy's guns can
expect to take in the fire still to come from where the ships now stand (each ship aiming
its mean damage, the exact odds of every weapon, at the enemy ship it hurts most; each
fighter group out on the table likewise at the enemy ship in its reach that it hurts most).
"""

from __future__ import annotations

import math
from functools import lru_cache

from warbench.core.search.value import standing_of_losses
from warbench.rulesets.full_thrust.bots import expected_damage
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.damage import armour_left, screens_of
from warbench.rulesets.full_thrust.declarations import attacks_ships, profile
from warbench.rulesets.full_thrust.exact import rule_pool, torpedo_points
from warbench.rulesets.full_thrust.fighters import group_reach
from warbench.rulesets.full_thrust.fire import usable_weapons
from warbench.rulesets.full_thrust.scoring import beam_rule
from warbench.rulesets.full_thrust.state import ACTIVE, FighterGroup, Ship
from warbench.rulesets.full_thrust.turn import scored_share

#: How much a point of hull gone counts (as a share of the ship's points) beyond what the
#: victory points already count: damage a crippling or a kill will follow.
HULL_WEIGHT = 0.5
#: How much a point of expected loss in the coming fire counts against one already taken.
THREAT_WEIGHT = 0.5
#: A margin of this many average ships' points is worth tanh(1) of the way to a win.
SCALE_SHIPS = 2.0


def losses(game: FTGame) -> list[float]:
    """Each player's loss in points: victory points given away, hull gone, fire to come."""
    state, lib = game.state, game.data
    lost = [0.0] * state.players
    active = [ship for ship in state.ships if ship.status == ACTIVE]
    for ship in state.ships:
        cls = lib.designs[ship.design]
        hull = HULL_WEIGHT * ship.hull_hits / cls.hull if ship.status == ACTIVE else 0.0
        lost[ship.player] += (scored_share(game.data, ship) + hull) * cls.points
    for ship in active:
        weapons = usable_weapons(lib, ship)
        if not weapons:
            continue
        best, victim = 0.0, -1
        for target in active:
            if target.player == ship.player:
                continue
            cls = lib.designs[target.design]
            left = max(1, cls.hull - target.hull_hits)
            worth = min(1.0, expected_damage(lib, ship, target, weapons) / left) * cls.points
            if worth > best:
                best, victim = worth, target.player
        if victim >= 0:
            lost[victim] += THREAT_WEIGHT * best
    for group in state.groups:
        if group.in_play and attacks_ships(lib, group):
            best, victim = _group_threat(game, group, active)
            if victim >= 0:
                lost[victim] += THREAT_WEIGHT * best
    return lost


def _group_threat(game: FTGame, group: FighterGroup, active: list[Ship]) -> tuple[float, int]:
    """The points a fighter group can expect to take from the enemy ship in its reach that
    it hurts most, and that ship's player (-1: none in reach). Its reach is the attack
    range, the secondary move where it has the endurance to spare for it (as
    :func:`~.declarations.group_targets` offers them) and its move if still to come."""
    state, lib = game.state, game.data
    if group.endurance < 1:
        return 0.0, -1
    rules = lib.rules.fighters
    reach = rules.attack_range + (rules.secondary_move if group.endurance >= 2 else 0.0)
    if not group.moved:
        reach += group_reach(state, lib, group)
    fighting = profile(lib, group)
    screened = lib.rules.fighter_defaults.attacks_use_screens
    best, victim = 0.0, -1
    for target in active:
        if target.player == group.player:
            continue
        if math.hypot(target.x - group.x, target.y - group.y) > reach:
            continue
        cls = lib.designs[target.design]
        screens = screens_of(cls, target) if screened else 0
        each = fighter_mean(fighting.ship_attack, fighting.ship_modifier, screens,
                            armour_left(cls, target) > 0)
        left = max(1, cls.hull - target.hull_hits)
        worth = min(1.0, group.count * each / left) * cls.points
        if worth > best:
            best, victim = worth, target.player
    return best, victim


@lru_cache(maxsize=64)
def fighter_mean(ship_attack: str, modifier: int, screens: int, armoured: bool) -> float:
    """Mean damage one attacking fighter does to a ship (exact odds, both channels).

    >>> round(fighter_mean("beam", 0, 0, False), 3)  # a beam die, 6s re-rolled
    0.8
    """
    if ship_attack == "torpedo":
        return sum(torpedo_points(1, armoured=armoured).mean)
    return sum(rule_pool(1, beam_rule(screens, modifier)).mean)


def standing(game: FTGame) -> tuple[float, ...]:
    """Each player's value of the unfinished battle, between 0 and 1 (0.5 when level): how
    much more the others stand to lose than it, on a scale of a couple of average ships."""
    state, lib = game.state, game.data
    lost = losses(game)
    points = [lib.designs[ship.design].points for ship in state.ships]
    scale = SCALE_SHIPS * (sum(points) / max(1, len(points)))
    return standing_of_losses(lost, scale)


def moved(game: FTGame) -> bool:
    """Whether this turn's ships have moved and their fire is still to come (phases 6-9):
    the search's horizon (:data:`~warbench.core.search.bot.Horizon`), where :func:`standing`
    judges the courses the orders took without the dice of one fire."""
    return 6 <= game.state.phase <= 9


def turn(game: FTGame) -> int:
    """The game turn: the clock (:data:`~warbench.core.search.bot.Clock`) the search bot's
    ``turns`` counts, so that its play-outs from an order stop once the ships have moved in
    the next turn (FT-SEQ-PHASES)."""
    return game.state.turn
