"""Ship damage: armour, hull rows, threshold checks, damaged systems, destruction.

Normal damage marks armour boxes first, then hull boxes; penetrating damage (beam re-rolls,
needle beams) goes straight to the hull. The hull is drawn in four rows; finishing row 1, 2
or 3 calls a threshold check (each working system fails on a 6, 5+ or 4+), several rows
finished at once make one check at +1 per extra row, and marking the last box destroys
the ship.
"""

from __future__ import annotations

import math

from warbench.core.events import RollEffect, UnitDamaged, UnitDestroyed
from warbench.core.faces import FaceTable
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.data import ThresholdRules
from warbench.rulesets.full_thrust.events import (
    ShipDamaged,
    ShipDestroyed,
    ShipDisengaged,
    SystemDamaged,
    ThresholdCheck,
)
from warbench.rulesets.full_thrust.library import ShipClass, kind_indices
from warbench.rulesets.full_thrust.names import ship_label
from warbench.rulesets.full_thrust.scoring import SIDES, Points
from warbench.rulesets.full_thrust.state import (
    DESTROYED,
    IN_HANGAR,
    IN_SPACE,
    JUMPED,
    LOST,
    SCREENING,
    Ship,
)

#: Damage a drive can take: halved thrust, then none.
DRIVE_WRECKED = 2


def rows_marked(hull_rows: tuple[int, ...], hull_hits: int) -> int:
    """How many of ``hull_rows`` (boxes per row) are completely marked by ``hull_hits``.

    >>> rows_marked((3, 3, 2, 2), 2), rows_marked((3, 3, 2, 2), 3), rows_marked((3, 3, 2, 2), 8)
    (0, 1, 3)
    """
    finished = 0
    marked = 0
    for row in hull_rows:
        marked += row
        if hull_hits >= marked:
            finished += 1
    return finished


def rows_finished(cls: ShipClass, hull_hits: int) -> int:
    """How many hull rows of a ship of class ``cls`` are completely marked."""
    return rows_marked(cls.hull_rows, hull_hits)


def check_owed(rows_before: int, rows_now: int, rules: ThresholdRules) -> tuple[int, int] | None:
    """The threshold check owed when finished rows go from ``rows_before`` to ``rows_now``:
    ``(row, bonus)``, or ``None``. Only rows with a check (1 to 3) count; several rows at
    once make one check against the deepest, at a bonus per extra row.

    >>> from warbench.rulesets.full_thrust.library import load_library
    >>> rules = load_library().rules.threshold
    >>> check_owed(0, 1, rules), check_owed(0, 4, rules), check_owed(3, 4, rules)
    ((1, 0), (3, 2), None)
    """
    checked = len(rules.fail_on)
    rows_now = min(rows_now, checked)
    if rows_now <= rows_before:
        return None
    return rows_now, (rows_now - rows_before - 1) * rules.extra_row_bonus


def threshold_table(row: int, bonus: int, rules: ThresholdRules) -> FaceTable:
    """One system's threshold roll at the end of ``row``: 1 where it fails (face + bonus
    reaches the row's number).

    >>> from warbench.rulesets.full_thrust.library import load_library
    >>> rules = load_library().rules.threshold
    >>> [o.values[0] for o in threshold_table(2, 1, rules).outcomes]
    [0, 0, 0, 1, 1, 1]
    """
    return FaceTable.threshold(SIDES, rules.fail_on[row - 1] - bonus)


def hull_and_armour(points: Points, armour_left: int) -> tuple[int, int]:
    """Where ``points`` land: ``(to_armour, to_hull)``; normal damage fills the armour
    left first, penetrating damage goes straight to the hull.

    >>> hull_and_armour(Points(5, 2), 3)
    (3, 4)
    """
    to_armour = min(points.normal, armour_left)
    return to_armour, points.normal - to_armour + points.penetrating


def thrust_of(cls: ShipClass, ship: Ship) -> int:
    """Thrust the drive gives now: halved (rounded down) when damaged, none when wrecked."""
    level = ship.damage[0]
    if level == 0:
        return cls.thrust
    return cls.thrust // 2 if level == 1 else 0


#: A raised Phalon vapour shroud counts as this screen level (FT-PH-SHROUD).
SHROUD_SCREENS = 2


def screens_of(cls: ShipClass, ship: Ship) -> int:
    """The screen level working now: one level a working screen generator, at most 2; a
    raised vapour shroud counts as level 2 (against beams, pulsers, plasma and fighters:
    the weapons that ignore screens never ask)."""
    if ship.shrouded:
        return SHROUD_SCREENS
    levels = min(2, len(working(cls, ship, "screen")))
    if cls.race == "savasku":  # a screen node works only with power (FT-SV-SCREEN)
        return min(levels, ship.powered_screens)
    return levels


def armour_left(cls: ShipClass, ship: Ship) -> int:
    """Armour boxes not yet marked."""
    return cls.armour - ship.armour_hits


def working(cls: ShipClass, ship: Ship, kind: str) -> list[int]:
    """Indices of the undamaged systems of one kind."""
    damage = ship.damage
    return [i for i in kind_indices(cls).get(kind, ()) if not damage[i]]


def damage_parties(cls: ShipClass, ship: Ship) -> int:
    """Damage control parties: the crew factors, lost in step with the hull (rounded up)."""
    left = cls.hull - ship.hull_hits
    return math.ceil(cls.crew * left / cls.hull) if left > 0 else 0


def apply_points(
    game: FTGame, ship: Ship, points: Points, cause: str, by: Ship | None = None
) -> None:
    """Mark ``points`` of damage on ``ship`` (dealt by ``by``, when a ship); destroy it when
    the last hull box goes."""
    if not ship.active or points.total == 0:
        return
    cls = game.data.designs[ship.design]
    to_armour, to_hull = hull_and_armour(points, armour_left(cls, ship))
    hull_before = ship.hull_hits
    ship.armour_hits += to_armour
    ship.hull_hits = min(cls.hull, ship.hull_hits + to_hull)
    game.emit(
        UnitDamaged(
            ship.design,
            ship.player,
            to_armour + ship.hull_hits - hull_before,
            by_player=None if by is None else by.player,
            by_unit_type=None if by is None else by.design,
        )
    )
    detail = f" ({to_armour} on armour)" if to_armour else ""
    game.emit(
        ShipDamaged(
            ship=ship.id,
            normal=points.normal,
            penetrating=points.penetrating,
            armour=to_armour,
            hull=to_hull,
            text=f"{ship_label(game.state, ship)} takes {points.total} damage from {cause}"
            f"{detail}: hull "
            f"{cls.hull - ship.hull_hits}/{cls.hull}",
        )
    )
    if ship.hull_hits >= cls.hull:
        game.emit(
            UnitDestroyed(
                ship.design,
                ship.player,
                points=float(cls.points),
                by_player=None if by is None else by.player,
                by_unit_type=None if by is None else by.design,
            )
        )
        remove_ship(game, ship, DESTROYED)


def knock_out(
    game: FTGame, ship: Ship, index: int, cause: str, *, lasting: bool = False
) -> None:
    """Damage one system of ``ship`` (a drive steps from halved to wrecked); a ``lasting``
    loss (a needle beam's) can never be repaired (FT-DCP)."""
    cls = game.data.designs[ship.design]
    system = cls.systems[index]
    limit = DRIVE_WRECKED if system.kind == "drive" else 1
    if lasting:
        ship.wrecked |= 1 << index
    if ship.damage[index] >= limit:
        return
    ship.damage[index] += 1
    game.emit(
        SystemDamaged(
            ship=ship.id,
            system=index,
            level=ship.damage[index],
            text=f"{ship_label(game.state, ship)}: {system.label} knocked out by {cause}",
        )
    )


def threshold_check(game: FTGame, ship: Ship, rows_before: int) -> None:
    """The check owed for rows finished since ``rows_before``: one roll per working system.

    Several rows at once make one check, against the deepest row, at +1 per extra row.
    """
    if not ship.active:
        return
    cls = game.data.designs[ship.design]
    rules = game.data.rules.threshold
    owed = check_owed(rows_before, rows_finished(cls, ship.hull_hits), rules)
    if owed is None:
        return
    rows_now, bonus = owed
    fail_on = rules.fail_on[rows_now - 1]
    fails = threshold_table(rows_now, bonus, rules).outcomes
    checked = [
        index
        for index, system in enumerate(cls.systems)
        if ship.damage[index] < (DRIVE_WRECKED if system.kind == "drive" else 1)
    ]
    plus = f" +{bonus}" if bonus else ""
    game.emit(
        ThresholdCheck(
            ship=ship.id,
            row=rows_now,
            bonus=bonus,
            text=f"{ship_label(game.state, ship)} checks thresholds for row {rows_now}: "
            f"systems fail on "
            f"{fail_on}+{plus}",
        )
    )
    # the dice's label, their key, keeps the name; people read the ship's tag
    label, told = f"threshold {ship.name}", f"threshold {ship_label(game.state, ship)}"
    faces = game.dice_for(ship.player).faces(6, len(checked), label=label, told=told)
    survives = tuple(1 - outcome.values[0] for outcome in fails)
    game.emit(RollEffect(ship.player, label, sum(survives[face - 1] for face in faces),
                         len(checked), values=survives, told=told))  # systems kept: high good
    for index, face in zip(checked, faces, strict=True):
        if fails[face - 1].values[0]:
            knock_out(game, ship, index, "a threshold check")


def remove_ship(game: FTGame, ship: Ship, status: str) -> None:
    """Take ``ship`` out of the battle (destroyed or disengaged) with its hangars."""
    ship.status = status
    verb = "is destroyed" if status == DESTROYED else "leaves the table and disengages"
    gone = ShipDestroyed if status == DESTROYED else ShipDisengaged
    game.emit(gone(ship=ship.id, player=ship.player,
                   text=f"{ship_label(game.state, ship)} {verb}"))
    for group in game.state.groups:
        if group.carrier == ship.id and group.status == IN_HANGAR:
            group.status = LOST if status == DESTROYED else JUMPED
        if group.status == SCREENING and group.screening == ship.id:
            group.status = IN_SPACE
            group.screening = -1
