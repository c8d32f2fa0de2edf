"""The continuous table: points, poses, bases, arcs, distances, sight, templates, movement.

Conventions, shared by every module here:

* Lengths are inches, as floats. x runs to the right, y up the table.
* Headings are degrees with 0 pointing along +y, increasing clockwise (compass style),
  normalised to ``[0, 360)``. Relative bearings (an angle off a model's heading) are
  clockwise too, in ``(-180, 180]``: positive to starboard, negative to port.
* Lengths within :data:`TOLERANCE` (1e-9 inch) count as equal: bases that close touch, a
  point that close to an outline is on it, a distance that close to a range edge is on it.
* Arcs are closed intervals widened by :data:`ARC_EPSILON` (1e-9 degree): a target on a
  boundary line is in both neighbouring arcs.
* Sight and movement are blocked by crossing or overlapping, never by merely touching.

>>> ship = Body(Pose(0.0, 0.0, 90.0), RectBase(width=1.0, length=3.0))
>>> enemy = Body(Pose(10.0, 10.0), CircleBase(1.0))
>>> round(center_distance(ship, enemy), 3), round(edge_distance(ship, enemy), 3)
(14.142, 11.748)
>>> in_arc(ship.pose, FORE, enemy.center), in_arc(ship.pose, PORT, enemy.center)
(True, True)
>>> RangeBands((8.0, 16.0, 24.0)).band(edge_distance(ship, enemy))
2
"""

from __future__ import annotations

from warbench.core.geometry.arcs import (
    AFT,
    ARC_EPSILON,
    FORE,
    PORT,
    QUADRANTS,
    STARBOARD,
    Arc,
    ArcWidthError,
    base_in_arc,
    base_wedge,
    in_arc,
    in_channel,
)
from warbench.core.geometry.bands import RangeBands, RangeBandsError
from warbench.core.geometry.bases import Base, BaseSizeError, Body, CircleBase, RectBase
from warbench.core.geometry.collision import Contact, SweepDistanceError, first_contact
from warbench.core.geometry.distance import (
    center_distance,
    edge_distance,
    in_contact,
    overlaps,
    rect_signed_gap,
)
from warbench.core.geometry.movement import (
    ANGLE_TOLERANCE,
    IllegalMove,
    Plan,
    PlannedMove,
    Step,
    Straight,
    Sweep,
    TemplateTurn,
    Turn,
    TurnLimits,
    TurnRule,
    advance,
    pivot,
    plan_path,
    turn_on_template,
    validate_path,
)
from warbench.core.geometry.shapes import (
    ConvexPolygon,
    Disc,
    Shape,
    point_segment_distance,
    polygon_signed_distance,
    shape_covers,
    shape_distance,
    shapes_overlap,
)
from warbench.core.geometry.sight import base_crossed_by, line_of_sight, terrain_blocks
from warbench.core.geometry.templates import (
    BlastTemplate,
    StripTemplate,
    TeardropTemplate,
    Template,
    TemplateSizeError,
    touched_bodies,
)
from warbench.core.geometry.terrain import Terrain, TerrainShapeError
from warbench.core.geometry.vectors import (
    TOLERANCE,
    Point,
    Pose,
    bearing,
    heading_vector,
    normalize_heading,
    signed_angle,
)

__all__ = [
    "AFT",
    "ANGLE_TOLERANCE",
    "ARC_EPSILON",
    "FORE",
    "PORT",
    "QUADRANTS",
    "STARBOARD",
    "TOLERANCE",
    "Arc",
    "ArcWidthError",
    "Base",
    "BaseSizeError",
    "BlastTemplate",
    "Body",
    "CircleBase",
    "Contact",
    "ConvexPolygon",
    "Disc",
    "IllegalMove",
    "Plan",
    "PlannedMove",
    "Point",
    "Pose",
    "RangeBands",
    "RangeBandsError",
    "RectBase",
    "Shape",
    "Step",
    "Straight",
    "StripTemplate",
    "Sweep",
    "SweepDistanceError",
    "TeardropTemplate",
    "Template",
    "TemplateSizeError",
    "TemplateTurn",
    "Terrain",
    "TerrainShapeError",
    "Turn",
    "TurnLimits",
    "TurnRule",
    "advance",
    "base_crossed_by",
    "base_in_arc",
    "base_wedge",
    "bearing",
    "center_distance",
    "edge_distance",
    "first_contact",
    "heading_vector",
    "in_arc",
    "in_channel",
    "in_contact",
    "line_of_sight",
    "normalize_heading",
    "overlaps",
    "pivot",
    "plan_path",
    "point_segment_distance",
    "polygon_signed_distance",
    "rect_signed_gap",
    "shape_covers",
    "shape_distance",
    "shapes_overlap",
    "signed_angle",
    "terrain_blocks",
    "touched_bodies",
    "turn_on_template",
    "validate_path",
]
