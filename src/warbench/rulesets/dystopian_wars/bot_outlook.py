"""How good the pose a move reaches looks to one of the commodore's models
(:class:`Outlook`): its guns on targets at short range, little enemy fire on it, off the
table edge, clear of terrain and of other models, beside the big ship a wing escorts
(:mod:`.bots` ranks its candidate moves by it)."""

from __future__ import annotations

import math
from math import atan2, hypot
from typing import Final

from warbench.core.geometry import ARC_EPSILON, Body, Terrain, first_contact
from warbench.core.geometry.movement import IllegalMove, Plan, plan_path
from warbench.core.geometry.vectors import to_degrees
from warbench.rulesets.dystopian_wars.actions import Move
from warbench.rulesets.dystopian_wars.bot_tactics import escort_for, escort_reach
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.geometry import ARCS
from warbench.rulesets.dystopian_wars.movement import limits_for
from warbench.rulesets.dystopian_wars.state import DWState, Model, body_of
from warbench.rulesets.dystopian_wars.surface import LAND_KINDS, open_table, open_table_stops

#: How much more the bot values targets its battle order asks for.
ORDER_FOCUS: Final = 1.5
#: What ending beside the big ship it escorts is worth to a fighter or recon wing.
ESCORT_BONUS: Final = 60.0
#: What each inch farther from it costs such a wing.
ESCORT_PULL: Final = 2.0

def serves_order(state: DWState, data: RulesData, order: int, target: Model) -> bool:
    """Whether destroying (or capturing) ``target`` brings a battle order closer."""
    spec = data.models[target.cls]
    if order == 2:
        return spec.size in ("large", "massive")
    if order == 3:
        return spec.size == "medium"
    if order == 4:
        return state.squadrons[target.squadron].core
    if order == 5:
        return spec.size == "small"
    if order == 6:
        return state.commodore[target.player] == target.uid
    return order == 1


class Outlook:
    """How good the pose a move reaches looks to one model, from where everything else
    stands now: its guns on targets at short range, little enemy fire on it, off the table
    edge, clear of terrain and of other models. What does not depend on the pose is worked
    out once, for all the candidate moves of one decision."""

    def __init__(self, state: DWState, data: RulesData, model: Model, caution: float) -> None:
        spec = data.models[model.cls]
        self.spec = spec
        self.width, self.height = state.width, state.height
        self.limits = {
            backward: limits_for(state, data, model, backward=backward)
            for backward in (False, True)
        }
        self.starts = {False: model.pose(), True: model.pose().turned(180.0)}
        mounts = [(*_arc_test(mount.arc), mount.ad) for mount in spec.mounts
                  if mount.kind != "mines"]
        enemies = [
            o for o in state.models
            if o.player != model.player and o.active and o.carried_by < 0
        ]
        # Enemies beyond range band 4 of every pose the model can reach count only as the
        # nearest enemy (the model moves no farther from its centre than its allowance).
        horizon = 33.0 + max(limits.allowance for limits in self.limits.values()) + 1e-6
        self.distant = [
            (enemy.x, enemy.y) for enemy in enemies
            if hypot(enemy.x - model.x, enemy.y - model.y) > horizon
        ]
        #: Per enemy within reach: x, y, heading, and (worked out when first needed) by
        #: range band what our guns score on it and what its guns threaten us with.
        self.enemies: list[tuple[float, float, float, list[list[Term] | None],
                                 list[list[Term] | None]]] = []
        self._sides: list[tuple[float, bool, list[tuple[float | None, float, Dice,
                                                          int]]]] = []
        self._mounts = mounts
        for enemy in enemies:
            if hypot(enemy.x - model.x, enemy.y - model.y) > horizon:
                continue
            enemy_spec = data.models[enemy.cls]
            guns = [(*_arc_test(mount.arc), mount.ad, enemy.tokens or 1)
                    for mount in enemy_spec.mounts if mount.kind != "mines"]
            self._sides.append(
                (1 + enemy_spec.dr / 4, enemy.level in ("flying", "obscured"), guns)
            )
            self.enemies.append((enemy.x, enemy.y, enemy.heading, [None] * 4, [None] * 4))
        for enemy_player in state.opponents(model.player):
            order = state.orders[enemy_player] if state.orders else 0
            if serves_order(state, data, order, model):
                caution *= ORDER_FOCUS * 2
        self.caution = caution
        self.hardiness = 1 + spec.dr / 4
        self.worth = spec.points / max(1, spec.hp)
        self.rocks = []
        kept = open_table_stops(spec, model.level, state.surface)
        #: The open table a model kept off it would run aground on (DW-TABLE-SURFACE; none
        #: for every other model), and its base.
        self.sea: tuple[Terrain, ...] = (
            open_table(state.terrain, state.surface, state.width, state.height) if kept else ()
        )
        self.base = body_of(model, spec).base
        kinds = LAND_KINDS if state.surface == "sea" else frozenset({"water"})
        for piece in state.terrain:
            if kept and piece.kind in kinds:
                continue  # its ground, no rock in its way
            xs = [p[0] for p in piece.points]
            ys = [p[1] for p in piece.points]
            cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
            reach = max(max(xs) - min(xs), max(ys) - min(ys)) / 2 + spec.length / 2 + 1.5
            self.rocks.append((cx, cy, reach))
        self.crowd = [
            (other.x, other.y) for other in state.models
            if other.uid != model.uid and other.alive and other.level == model.level
        ]
        escort = escort_for(state, data, model)
        #: Where a fighter or recon wing should end: beside the big ship it escorts.
        self.escort = None if escort is None else (
            escort.x, escort.y, escort_reach(data, escort)
        )

    def _terms(
        self, index: int, band: int, ours: list[list[Term] | None],
        theirs: list[list[Term] | None],
    ) -> list[Term]:
        """What our guns score on enemy ``index`` in ``band``, and what its guns threaten
        us with (kept for the other candidate moves); returns ours."""
        divisor, airborne, guns = self._sides[index]
        weight = 1.2 if band <= 2 else 0.6
        mine: list[Term] = [] if band == 1 and airborne else [
            (start, span, ad[band - 1] * weight / divisor, 0.0)
            for start, span, ad in self._mounts if ad[band - 1]
        ]
        ours[band - 1] = mine
        theirs[band - 1] = [
            (start, span, dice * 1.0 * weight, dice * 0.3 * weight)
            for start, span, ad, tokens in guns
            if (dice := ad[band - 1] * tokens)
        ]
        return mine

    def plan(self, move: Move) -> Plan | None:
        """The checked path of ``move`` (as :func:`~.movement.move_refusal` checks it), or
        None when it breaks a movement rule."""
        try:
            return plan_path(self.starts[move.backward], move.path, self.limits[move.backward])
        except IllegalMove:
            return None

    def score(self, move: Move, plan: Plan) -> float:
        """The score of the pose ``plan`` (the checked path of ``move``) ends in."""
        final = plan.final.turned(180.0) if move.backward else plan.final
        margin = 3.0
        width, height = self.width, self.height
        if not (margin < final.x < width - margin and margin < final.y < height - margin):
            return -1000.0
        spec = self.spec
        score = 0.0
        if self.escort is not None:
            ex, ey, reach = self.escort
            apart = hypot(final.x - ex, final.y - ey)
            score += ESCORT_BONUS if apart <= reach else -ESCORT_PULL * (apart - reach)
        if not spec.tiny and not move.all_stop:
            ahead = final.moved(
                self.limits[move.backward].straight_before + spec.min_move + spec.length / 2 + 1.0
            )
            if not (0.0 < ahead.x < width and 0.0 < ahead.y < height):
                score -= 400.0  # next turn it could not turn away from the edge in time
        if not (self.enemies or self.distant):
            return 0.0
        x, y, heading = final.x, final.y, final.heading
        nearest = math.inf
        for ex, ey in self.distant:
            dx, dy = ex - x, ey - y
            # a hypotenuse is never shorter than either side: skip what cannot be nearer
            if abs(dx) < nearest and abs(dy) < nearest:
                distance = hypot(dx, dy)
                if distance < nearest:
                    nearest = distance
        threat = 0.0
        for index, (ex, ey, enemy_heading, ours, theirs) in enumerate(self.enemies):
            dx, dy = ex - x, ey - y
            across, along = abs(dx), abs(dy)
            if across >= _BEYOND or along >= _BEYOND:  # farther than range band 4
                if across < nearest and along < nearest:
                    distance = hypot(dx, dy)
                    if distance < nearest:
                        nearest = distance
                continue
            distance = hypot(dx, dy)
            if distance < nearest:
                nearest = distance
            band = 1 + int(max(0.0, distance - 1.0) // 8)
            if band > 4:
                continue
            terms = ours[band - 1]
            if terms is None:
                terms = self._terms(index, band, ours, theirs)
            if terms:
                relative = to_degrees(atan2(dx, dy)) - heading
                for start, span, value, _ in terms:
                    if start is None:
                        if abs(((relative + 180) % 360) - 180) < 10:
                            score += value
                    else:
                        past = (relative - start) % 360.0
                        if past <= span or past >= _FULL_TURN:
                            score += value
            terms = theirs[band - 1]
            if terms:
                back = to_degrees(atan2(-dx, -dy)) - enemy_heading
                for start, span, inside, outside in terms:
                    if start is None:
                        threat += outside
                    else:
                        past = (back - start) % 360.0
                        threat += inside if past <= span or past >= _FULL_TURN else outside
        if self.sea and first_contact(Body(final, self.base), 0.0, (), self.sea) is not None:
            score -= 300.0  # off its island (or out of its water): it would run aground
        score -= max(0.0, nearest - 12.0) * 0.8
        score -= self.caution * (threat / self.hardiness * self.worth / 20.0)
        for cx, cy, reach in self.rocks:
            dx, dy = cx - x, cy - y
            if abs(dx) < reach and abs(dy) < reach and hypot(dx, dy) < reach:
                score -= 30.0
        crowded = spec.length + 1.0
        for ox, oy in self.crowd:
            dx, dy = ox - x, oy - y
            if abs(dx) < crowded and abs(dy) < crowded and hypot(dx, dy) < crowded:
                score -= 15.0
        return score


Dice = tuple[int, int, int, int]
"""A weapon's attack dice in range bands 1 to 4."""

Term = tuple[float | None, float, float, float]
"""A gun in the outlook: its arc (start and widened width; start None for a fixed channel)
and its value when the other model is inside the arc and when it is outside."""

#: A distance along one axis that puts a model beyond range band 4 (33 inches or more).
_BEYOND: Final = 34.0
#: Where an arc's closed interval wraps round (see :meth:`warbench.core.geometry.Arc.contains`).
_FULL_TURN: Final = 360.0 - ARC_EPSILON


def _arc_test(arc_name: str) -> tuple[float | None, float]:
    """An arc as (start, width widened by the boundary tolerance); ``None`` for a fixed
    channel (its own guns: 10 degrees either side of the bow; an enemy's: not counted)."""
    arc = ARCS.get(arc_name)
    if arc is None:
        return None, 0.0
    return arc.start, arc.width + ARC_EPSILON
