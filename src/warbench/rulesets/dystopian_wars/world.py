"""A snapshot of the table for many questions at once, remembered while nothing changes.

Declaring attacks asks the same questions again and again: how far apart two bases are,
whether one sees the other, whether a target lies in an arc, what shot a gun may make.
The answers are pure functions of the models on the table (where they stand, their level,
damage, markers, contacts and the rest :func:`fingerprint` reads) and of the terrain, so
:func:`world_of` hands back the same :class:`World` for as long as those stay the same,
and the world remembers every answer it has worked out. The moment a model moves, takes
damage or gains a marker, the fingerprint differs and a fresh world starts empty: a cached
answer is always the answer the rules would give now.

>>> from warbench.core.engine import Game
>>> from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
>>> game = Game.new(DystopianWarsRuleset(), seed=3)
>>> state, data = game.state, game.data
>>> before = world_of(state, data)
>>> world_of(state, data) is before
True
>>> state.models[0].x += 1.0
>>> world_of(state, data) is before
False
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from math import asin, atan2, hypot
from typing import TYPE_CHECKING, Final

from warbench.core.geometry import Body, Terrain, line_of_sight, terrain_blocks
from warbench.core.geometry.vectors import Point, to_degrees
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.geometry import (
    CHANNELS,
    MEMO_LIMIT,
    Screen,
    arc_meets,
    arc_sure,
    band_of,
    gap,
    in_channel_arc,
    near_line,
    screens,
    sight_terrain,
    terrain_of,
    wedge_of,
)
from warbench.rulesets.dystopian_wars.state import DWState, Model, body_of, ranked_body_of

if TYPE_CHECKING:
    from warbench.rulesets.dystopian_wars.combat import Shot

#: The fields of a model that any answer a world remembers may depend on, in the order
#: :func:`fingerprint` reads them.
FIELDS: Final = (
    "x", "y", "heading", "level", "alive", "derelict", "damage", "prize_of", "carried_by",
    "grounded", "tokens", "armed", "cap_with", "player", "squadron", "cls", "name",
)
#: Inches by which a bound on a distance must clear a band's edge to settle the band.
BAND_MARGIN: Final = 1e-6
#: How many worlds are kept (a rolled-back action may come back to an earlier one).
KEPT: Final = 4


#: One model's :data:`FIELDS`, in order.
Row = tuple[
    float, float, float, str, bool, bool, int, int, int, bool, int, bool, int, int, int, str,
    str,
]
#: The few models with markers, contacts or models struck: number, markers, contacts,
#: models struck this activation.
Marked = list[tuple[int, tuple[tuple[str, int], ...], tuple[int, ...], tuple[int, ...]]]
#: A table's fingerprint: every model's row, the marked models, the terrain, the size.
Key = tuple[tuple[Row, ...], Marked, tuple[Hashable, ...], float, float]


def fingerprint(state: DWState) -> Key:
    """Everything on the table the remembered answers read: each model's place, level,
    status, markers and contacts, and the terrain (compared, never hashed)."""
    models = state.models
    return (
        # read in Python, not with operator.attrgetter: the interpreter's own reads of
        # slots cost a fraction of a generic C-level getattr per field
        tuple([
            (
                m.x, m.y, m.heading, m.level, m.alive, m.derelict, m.damage, m.prize_of,
                m.carried_by, m.grounded, m.tokens, m.armed, m.cap_with, m.player,
                m.squadron, m.cls, m.name,
            )
            for m in models
        ]),
        marked(models),
        terrain_print(state),
        state.width,
        state.height,
    )


def marked(models: list[Model]) -> Marked:
    """The models with markers, contacts or models struck this activation (which halve
    their fire, DW-CONTACT-HALF), by number, with them."""
    return [
        (model.uid, tuple(model.markers.items()), tuple(model.contact), tuple(model.struck))
        for model in models if model.markers or model.contact or model.struck
    ]


def fits(state: DWState, key: Key) -> bool:
    """Whether the table's :func:`fingerprint` is ``key``, worked out field by field
    without building it (most tables asked for are the one of a kept world)."""
    rows, marks, terrain, width, height = key
    models = state.models
    if len(models) != len(rows) or state.width != width or state.height != height:
        return False
    for index, m in enumerate(models):
        row = rows[index]
        if (
            m.x != row[0] or m.y != row[1] or m.heading != row[2] or m.level != row[3]
            or m.alive != row[4] or m.derelict != row[5] or m.damage != row[6]
            or m.prize_of != row[7] or m.carried_by != row[8] or m.grounded != row[9]
            or m.tokens != row[10] or m.armed != row[11] or m.cap_with != row[12]
            or m.player != row[13] or m.squadron != row[14] or m.cls != row[15]
            or m.name != row[16]
        ):
            return False
    return marked(models) == marks and terrain_print(state) == terrain


def terrain_print(state: DWState) -> tuple[Hashable, ...]:
    """Everything about the terrain that the remembered answers read (the table's surface
    too, DW-TABLE-SURFACE)."""
    return (state.surface, *(
        (piece.kind, piece.density, piece.blocks_sight, piece.full_depth, tuple(piece.points))
        for piece in state.terrain
    ))


class World:
    """One unchanging moment of a game's table and what has been worked out about it.

    Pairs are named by model numbers; every answer is computed the first time it is asked,
    by the same functions the rules use, and kept.
    """

    __slots__ = (
        "_arcs", "_bands", "_bearings", "_bodies", "_cover", "_depths", "_gaps", "_hulls",
        "_ranked", "_screens", "_sight", "_spots", "_token", "_walls", "_wedges", "data", "guns",
        "key", "shots", "state", "torpedo",
    )

    def __init__(self, key: Key, state: DWState, data: RulesData) -> None:
        self.key = key
        self.state = state
        self.data = data
        self._bodies: dict[int, Body] = {}
        self._cover: list[Body] | None = None
        self._spots: list[tuple[float, float, float, int]] | None = None
        self._walls: list[Terrain] | None = None
        self._screens: tuple[list[Terrain], list[Screen]] | None = None
        self._hulls: list[tuple[float, float, float, int]] | None = None
        self._depths: list[Terrain] | None = None
        self._gaps: dict[tuple[int, int], float] = {}
        self._sight: dict[tuple[int, int], bool] = {}
        self._arcs: dict[tuple[int, str, int], bool] = {}
        self._bands: dict[tuple[int, int], tuple[int | None, float]] = {}
        self._wedges: dict[tuple[int, int], tuple[float, float] | None] = {}
        self._bearings: dict[tuple[int, int], tuple[float, float] | None] = {}
        self._ranked: dict[int, Body] = {}
        self._token: int | None = None
        #: Whether a torpedo run from one model to another is clear: ``(uid, target)``.
        self.torpedo: dict[tuple[int, int], bool] = {}
        #: Shots of a gun at a target: ``(uid, mount, target) -> (reason, shot)``.
        self.shots: dict[tuple[int, str, int], tuple[str | None, Shot | None]] = {}
        #: Each gun's legal shots at another player's models, in the models' order
        #: (boardings aside): ``(uid, mount, player) -> [(target, shot)]``.
        self.guns: dict[tuple[int, str, int], list[tuple[int, Shot]]] = {}

    def body(self, uid: int) -> Body:
        """The model's base where it stands."""
        found = self._bodies.get(uid)
        if found is None:
            model = self.state.models[uid]
            found = self._bodies[uid] = body_of(model, self.data.models[model.cls])
        return found

    def gap(self, first: int, second: int) -> float:
        """Edge-to-edge distance from ``first``'s base to ``second``'s."""
        pair = (first, second)
        found = self._gaps.get(pair)
        if found is None:
            found = self._gaps[pair] = gap(self.body(first), self.body(second))
        return found

    def band(self, shooter: int, target: int) -> tuple[int | None, float]:
        """The range band from ``shooter``'s base to ``target``'s (None beyond band 4) and
        the edge-to-edge distance when it had to be measured (-1.0 when not).

        The distance lies between the centres' distance less both reaches and the gap
        between the circles each base holds about its centre: when both fall in one band
        (with a margin for rounding) no measuring is needed."""
        pair = (shooter, target)
        found = self._bands.get(pair)
        if found is None:
            models = self.state.models
            first, second = models[shooter], models[target]
            specs = self.data.models
            spec, other = specs[first.cls], specs[second.cls]
            apart = hypot(second.x - first.x, second.y - first.y)
            nearest = apart - spec.reach - other.reach  # no two points of the bases closer
            farthest = max(0.0, apart - spec.inner - other.inner)
            band = band_of(max(0.0, nearest - BAND_MARGIN))
            distance = -1.0
            if band is None or band != band_of(farthest + BAND_MARGIN):
                distance = self.gap(shooter, target)
                band = band_of(distance)
            found = self._bands[pair] = (band, distance)
        return found

    def in_arc(self, shooter: int, arc: str, target: int) -> bool:
        """Whether any part of ``target`` lies in the named arc of ``shooter``
        (:func:`~.geometry.in_weapon_arc`; the bearings ``target`` covers are worked out
        once for all of ``shooter``'s arcs)."""
        key = (shooter, arc, target)
        found = self._arcs.get(key)
        if found is None:
            if arc in CHANNELS:
                found = in_channel_arc(self.body(shooter), arc, self.body(target))
            else:
                bounds = self.bearing(shooter, target)
                sure = None if bounds is None else arc_sure(arc, bounds[0], bounds[1])
                found = arc_meets(arc, lambda: self.wedge(shooter, target)) if (
                    sure is None
                ) else sure
            self._arcs[key] = found
        return found

    def bearing(self, shooter: int, target: int) -> tuple[float, float] | None:
        """The bearing of ``target``'s centre relative to ``shooter``'s heading and a bound
        on how far the bearings of its base stray from it (for :func:`~.geometry.arc_sure`);
        None for a base close enough to cover the shooter's centre."""
        pair = (shooter, target)
        if pair in self._bearings:
            return self._bearings[pair]
        pose = self.body(shooter).pose
        model = self.state.models[target]
        dx, dy = model.x - pose.x, model.y - pose.y
        distance = hypot(dx, dy)
        reach = self.data.models[model.cls].reach
        found = None
        if distance > 2.0 * reach + 1.0:
            # no point within ``reach`` of the centre lies farther off its bearing
            half = to_degrees(asin(reach / distance))
            found = (to_degrees(atan2(dx, dy)) - pose.heading, half)
        self._bearings[pair] = found
        return found

    def wedge(self, shooter: int, target: int) -> tuple[float, float] | None:
        """The bearings ``target``'s base covers from ``shooter``'s centre
        (:func:`~.geometry.wedge_of`)."""
        pair = (shooter, target)
        if pair in self._wedges:
            return self._wedges[pair]
        found = self._wedges[pair] = wedge_of(self.body(shooter), self.body(target))
        return found

    def ranked(self, uid: int) -> Body:
        """The model's base ranked by size class for sight (:func:`~.state.ranked_body_of`)."""
        found = self._ranked.get(uid)
        if found is None:
            model = self.state.models[uid]
            found = self._ranked[uid] = ranked_body_of(model, self.data.models[model.cls])
        return found

    @property
    def hulls(self) -> list[tuple[float, float, float, int]]:
        """Naval models that stop a naval torpedo, submerged ones too (DW-ROCKETS-TORPEDOES:
        it passes through no other naval model; a flyer is out of its reach): centre,
        reach, number (the base is :meth:`body`)."""
        if self._hulls is None:
            found = []
            models = self.data.models
            for model in self.state.models:
                spec = models[model.cls]
                if model.alive and spec.domain == "naval" and not spec.flying:
                    found.append((model.x, model.y, spec.reach, model.uid))
            self._hulls = found
        return self._hulls

    @property
    def depths(self) -> list[Terrain]:
        """Terrain a naval torpedo does not pass (DW-ROCKETS-TORPEDOES): every piece but
        water, the sea it runs in."""
        if self._depths is None:
            self._depths = [
                terrain_of(piece) for piece in self.state.terrain if piece.kind != "water"
            ]
        return self._depths

    @property
    def sight_blockers(self) -> tuple[list[Terrain], list[Screen]]:
        """What may block sight: the terrain that does, and the cover's bases with their
        centres and reach, ready for many sight lines."""
        if self._screens is None:
            self._screens = (self.sight_terrain, screens(self.cover))
        return self._screens

    @property
    def sight_terrain(self) -> list[Terrain]:
        """The terrain that blocks sight (:func:`~.geometry.sight_terrain`)."""
        if self._walls is None:
            self._walls = sight_terrain(self.state.terrain)
        return self._walls

    @property
    def cover(self) -> list[Body]:
        """Surface bases that may block sight (sized by their size class, so a model hides
        models of its own size or smaller)."""
        if self._cover is None:
            self._cover = [self.ranked(uid) for _, _, _, uid in self.spots]
        return self._cover

    @property
    def spots(self) -> list[tuple[float, float, float, int]]:
        """The :attr:`cover` as plain numbers: each base's centre, reach and model number
        (as :func:`~.geometry.screens` gives them, without building the bases)."""
        if self._spots is None:
            found = []
            models = self.data.models
            for model in self.state.models:
                if model.alive and model.level == "surface" and model.carried_by < 0:
                    spec = models[model.cls]
                    if not spec.tiny:
                        found.append((model.x, model.y, spec.reach, model.uid))
            self._spots = found
        return self._spots

    def sees(self, shooter: Model, target: Model) -> bool:
        """Line of sight between two models' centres past terrain and surface bases (the
        geometry only: who ignores it is the rules' business)."""
        pair = (shooter.uid, target.uid)
        found = self._sight.get(pair)
        if found is None:
            # the very bodies of the cover, so that they are passed over as themselves
            seer = self.ranked(shooter.uid)
            seen = self.ranked(target.uid)
            # line_of_sight checks the terrain, then the bases near the line: the first
            # part is kept across worlds, the second is cheap
            key = (self._terrain_token(), shooter.x, shooter.y, target.x, target.y)
            walled = _WALLED.get(key)
            if walled is None:
                if len(_WALLED) >= MEMO_LIMIT:
                    _WALLED.clear()
                walled = _WALLED[key] = terrain_blocks(
                    seer.center, seen.center,
                    walls_between(self.sight_terrain, seer.center, seen.center),
                )
            found = self._sight[pair] = not walled and line_of_sight(
                seer, seen, (), [
                    self.ranked(uid)
                    for uid in near_line(shooter.x, shooter.y, target.x, target.y, self.spots)
                ]
            )
        return found

    def _terrain_token(self) -> int:
        """A number standing for this table's terrain (the same for equal terrain)."""
        if self._token is None:
            terrain = terrain_print(self.state)
            token = _TERRAIN_TOKENS.get(terrain)
            if token is None:
                if len(_TERRAIN_TOKENS) >= KEPT_TERRAINS:
                    _TERRAIN_TOKENS.clear()  # a token is never handed out twice (_NUMBERS)
                token = _TERRAIN_TOKENS[terrain] = next(_NUMBERS)
            self._token = token
        return self._token


def walls_between(walls: list[Terrain], start: Point, end: Point) -> list[Terrain]:
    """The sight-blocking pieces that may hide ``end`` from ``start``: all but those holding
    either centre, the ground a model stands on (a land model on its island, in a wood)
    hiding neither it nor its view (DW-SIGHT, engine default)."""
    kept = [wall for wall in walls if not (wall.contains(start) or wall.contains(end))]
    return walls if len(kept) == len(walls) else kept


#: Whether terrain blocks the sight line between two centres, across worlds: a pure
#: function of the terrain (its token) and the two centres, all in the key
#: ``(token, x, y, x, y)``, so nothing invalidates an entry; it starts afresh when full.
_WALLED: dict[tuple[int, float, float, float, float], bool] = {}
#: Each terrain seen (its :func:`terrain_print`) and its token.
_TERRAIN_TOKENS: dict[Hashable, int] = {}
#: Tokens are counted up and never reused, so an old world's token never names new terrain.
_NUMBERS = itertools.count()
#: How many terrains keep their token before the table starts afresh.
KEPT_TERRAINS: Final = 64


#: The worlds kept, the newest last: so few that comparing fingerprints beats hashing them.
_WORLDS: list[World] = []


def world_of(state: DWState, data: RulesData) -> World:
    """The world of the table as it stands now (the same object while nothing changes)."""
    for found in reversed(_WORLDS):
        if found.data is data and fits(state, found.key):
            found.state = state
            return found
    if len(_WORLDS) >= KEPT:
        del _WORLDS[0]
    found = World(fingerprint(state), state, data)
    _WORLDS.append(found)
    return found
