"""Sa'Vasku power, read the Fleet Book 2 way: generators, and one pool shared in the orders.

A Sa'Vasku ship's power generators sit at the ends of its hull rows (split like the hull
boxes, the extra ones in the upper rows) and are lost when their row is finished. Each turn
the written orders share the power out: the drive takes what the manoeuvre costs (each
point of thrust used costs 2% of MASS, 4% with a damaged drive node, rounded, at least 1),
each screen node powered takes power equal to its MASS and gives one screen level (at most
2), repair power may be set aside for phase 10 (FT-SV-REPAIR), and the rest is attack
power, spent as the ship fires: one die of a stinger (beam dice to 12 MU) or one spicule
shot (a PDS die at fighters, missiles or bolts) a point, or a pod's price (FT-SV-PODS).
Power not spent is lost at the end of the turn. The shares are hidden with the orders until ships
move.

>>> from warbench.rulesets.full_thrust.library import load_library
>>> lib = load_library()
>>> thrust_power(lib, 60, 3, damaged=False), thrust_power(lib, 60, 3, damaged=True)
(4, 7)
"""

from __future__ import annotations

from itertools import accumulate

from warbench.rulesets.full_thrust.damage import rows_finished, working
from warbench.rulesets.full_thrust.design import system_percent
from warbench.rulesets.full_thrust.library import Library, ShipClass
from warbench.rulesets.full_thrust.movement import VECTOR, Manoeuvre
from warbench.rulesets.full_thrust.state import Ship

STINGER = "stinger"
SPICULE = "spicule"
SAVASKU = "savasku"


def power_left(cls: ShipClass, ship: Ship) -> int:
    """Power the generators give now: those of rows not yet finished.

    >>> from warbench.rulesets.full_thrust.library import load_library
    >>> cls = load_library().designs["orrun"]
    >>> ship = Ship(0, 0, "x", "orrun", 0.0, 0.0, 0, 0, [0] * len(cls.systems))
    >>> power_left(cls, ship) == sum(cls.power_rows)
    True
    """
    gone = rows_finished(cls, ship.hull_hits)
    return sum(cls.power_rows[gone:])


def thrust_power(lib: Library, mass: int, used: int, *, damaged: bool) -> int:
    """Power ``used`` points of thrust cost a ship of ``mass``."""
    if used <= 0:
        return 0
    rules = lib.rules.savasku
    percent = rules.damaged_drive_percent if damaged else rules.thrust_power_percent
    return system_percent(mass, percent * used)


def thrust_used(movement: str, manoeuvre: Manoeuvre) -> int:
    """Thrust a manoeuvre uses: speed change and turn (cinematic), or burn, a rotation's
    point and the push (vector)."""
    change, turn, side, retro, _, _ = manoeuvre
    if movement == VECTOR:
        return change + (1 if turn else 0) + abs(side) + retro
    return abs(change) + abs(turn)


def screen_node_mass(lib: Library, cls: ShipClass) -> int:
    """Power one screen node needs: its MASS."""
    costs = lib.costs
    return max(costs.screen_node_min_mass, system_percent(cls.mass, costs.screen_node_percent))


def repair_levels(cls: ShipClass, ship: Ship) -> list[int]:
    """Repair power worth writing (FT-SV-REPAIR): none, the MASS of one damaged system
    (what one repair attempt costs), or the MASS of the cheapest two, three, ... together
    (to try them all); only with biomass left to spend on a success. :func:`power_shares`
    drops those beyond the power left.

    >>> from warbench.rulesets.full_thrust.library import load_library
    >>> cls = load_library().designs["ssarel"]  # stinger 2 MASS, pod launcher 3
    >>> ship = Ship(0, 0, "x", "ssarel", 0.0, 0.0, 0, 0, [0, 0, 1, 1], biomass=2)
    >>> repair_levels(cls, ship)
    [0, 2, 3, 5]
    """
    if ship.biomass < 1:
        return [0]
    masses = sorted(
        cls.systems[index].mass
        for index, level in enumerate(ship.damage)
        if level > 0 and not ship.wrecked >> index & 1 and cls.systems[index].mass > 0
    )
    return sorted({0, *masses, *accumulate(masses)})


def power_shares(
    lib: Library, movement: str, cls: ShipClass, ship: Ship, manoeuvre: Manoeuvre
) -> list[tuple[int, int, int]]:
    """Every way to share the power left after ``manoeuvre``: ``(screen levels, repair
    power, attack power)``, all the rest to attack (power is lost unspent); empty when the
    manoeuvre costs more than the generators give."""
    total = power_left(cls, ship)
    cost = thrust_power(lib, cls.mass, thrust_used(movement, manoeuvre),
                        damaged=ship.damage[0] > 0)
    if cost > total:
        return []
    node = screen_node_mass(lib, cls)
    nodes = min(2, len(working(cls, ship, "screen")))
    return [
        (level, repair, total - cost - level * node - repair)
        for level in range(nodes + 1)
        for repair in repair_levels(cls, ship)
        if level * node + repair <= total - cost
    ]


def stinger_dice(lib: Library, ship: Ship, distance: float) -> int:
    """Dice one stinger rolls now: one per attack power, at most its share, in reach."""
    rules = lib.rules.savasku
    if distance > rules.stinger_reach + 1e-9:
        return 0
    return min(rules.stinger_most_power, ship.attack_power)
