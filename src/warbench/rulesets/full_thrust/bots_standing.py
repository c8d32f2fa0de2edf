"""How a Full Thrust battle stands, for the search bot's play-outs cut off before the end.

A battle is scored by victory points (FT-END-TURNS: enemy ships destroyed in full, crippled
or disengaged in part), but a play-out of twenty decisions from an order often ends before
a shot is fired: its dice cannot tell two courses apart. :func:`standing` values a cut-off
battle by what each fleet has lost and what it stands to lose: the points its enemy would
score now, a share of each ship's hull already gone, and the points the enemy's guns can
expect to take in the fire still to come from where the ships now stand (each ship aiming
its mean damage, the exact odds of every weapon, at the enemy ship it hurts most).
"""

from __future__ import annotations

from warbench.core.search.value import standing_of_losses
from warbench.rulesets.full_thrust.bots import expected_damage
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.fire import usable_weapons
from warbench.rulesets.full_thrust.state import ACTIVE
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
        lost[ship.player] += (scored_share(game, ship) + hull) * cls.points
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
    return lost


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
