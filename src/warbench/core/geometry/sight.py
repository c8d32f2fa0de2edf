"""Line of sight: a segment from centre to centre, checked against terrain and bases.

Terrain: sight is blocked by any piece with ``blocks_sight`` whose interior the segment
crosses; grazing a corner or running along an edge does not block (see
:mod:`warbench.core.geometry.terrain`). Against terrain alone, sight is symmetric.

Bases: a body standing between blocks sight only when the segment passes through its base
(a tangent line does not) and its :attr:`~Body.blocking_size` is at least the target's, so
a base hides models of its own size or smaller. The shooter and the target never block.
Because the size compared is the target's, sight past bases need not be symmetric.
A model standing inside a sight-blocking piece neither sees out nor is seen; rule systems
whose models see from within terrain pass only the pieces that matter.

>>> from warbench.core.geometry.vectors import Pose
>>> wall = Terrain((Point(-1, 4), Point(1, 4), Point(1, 5), Point(-1, 5)))
>>> a = Body(Pose(0.0, 0.0), CircleBase(0.5))
>>> b = Body(Pose(0.0, 10.0), CircleBase(0.5))
>>> line_of_sight(a, b, [wall])
False
>>> line_of_sight(a, Body(Pose(3.0, 10.0), CircleBase(0.5)), [wall])
True
"""

from __future__ import annotations

from collections.abc import Iterable

from warbench.core.geometry.bases import Body, CircleBase
from warbench.core.geometry.shapes import point_segment_distance
from warbench.core.geometry.terrain import Terrain
from warbench.core.geometry.vectors import TOLERANCE, Point


def terrain_blocks(start: Point, end: Point, terrain: Iterable[Terrain]) -> bool:
    """True when a sight-blocking piece of ``terrain`` lies across ``start``-``end``.

    A piece whose bounds the segment's box misses is passed over here, by the very test
    :meth:`~warbench.core.geometry.terrain.Terrain.crossed_by` makes first (the segment
    box computed once for all the pieces)."""
    low_x, high_x = (start.x, end.x) if start.x <= end.x else (end.x, start.x)
    low_y, high_y = (start.y, end.y) if start.y <= end.y else (end.y, start.y)
    for piece in terrain:
        if not piece.blocks_sight:
            continue
        x0, y0, x1, y1 = piece.bounds
        if high_x < x0 or low_x > x1 or high_y < y0 or low_y > y1:
            continue
        if piece.crossed_by(start, end):
            return True
    return False


def base_crossed_by(body: Body, start: Point, end: Point) -> bool:
    """True when the segment ``start``-``end`` passes through the inside of ``body``'s base.

    >>> from warbench.core.geometry.vectors import Pose
    >>> disc = Body(Pose(0.0, 0.0), CircleBase(1.0))
    >>> base_crossed_by(disc, Point(-2, 0.5), Point(2, 0.5))
    True
    >>> base_crossed_by(disc, Point(-2, 1.0), Point(2, 1.0))
    False
    """
    base = body.base
    if isinstance(base, CircleBase):
        distance = point_segment_distance(body.pose.x, body.pose.y, start.x, start.y, end.x, end.y)
        return distance < base.radius - TOLERANCE
    ax, ay = body.local(start)
    bx, by = body.local(end)
    dx = bx - ax
    dy = by - ay
    low = 0.0
    high = 1.0
    for origin, delta, half in ((ax, dx, base.width / 2.0), (ay, dy, base.length / 2.0)):
        if delta == 0.0:
            if abs(origin) > half:
                return False
            continue
        first = (-half - origin) / delta
        second = (half - origin) / delta
        low = max(low, min(first, second))
        high = min(high, max(first, second))
        if low > high:
            return False
    middle = (low + high) / 2.0
    return (
        abs(ax + middle * dx) < base.width / 2.0 - TOLERANCE
        and abs(ay + middle * dy) < base.length / 2.0 - TOLERANCE
    )


def line_of_sight(
    shooter: Body,
    target: Body,
    terrain: Iterable[Terrain] = (),
    blockers: Iterable[Body] = (),
) -> bool:
    """True when ``shooter`` can see ``target``'s centre from its own centre.

    ``blockers`` may include the shooter and the target; they are skipped.
    """
    start = shooter.center
    end = target.center
    if terrain_blocks(start, end, terrain):
        return False
    least = target.blocking_size - TOLERANCE
    for blocker in blockers:
        if blocker is shooter or blocker is target:
            continue
        if (
            blocker.blocking_size >= least
            and base_crossed_by(blocker, start, end)
            and blocker not in (shooter, target)  # an equal base is the shooter's or target's
        ):
            return False
    return True
