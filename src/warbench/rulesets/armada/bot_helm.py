"""How the tactician weighs a fleet's moves: the value of attacks, what each hex it might
end on offers, the score of each pose, and the chances of its stunts.

A fleet is weighed at every move decision of its side (and by the enemy's tactician when it
predicts the fleet's move), so :class:`Weighed` keeps the scores while nothing they read
changes."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from warbench.core.hexgrid import Hex, HexPose
from warbench.rulesets.armada.actions import Move
from warbench.rulesets.armada.bot_orders import hit_chance
from warbench.rulesets.armada.combat import (
    Band,
    absorb_damage,
    band_within,
    damage_dice,
    firing_arcs,
    fleet_distance,
    gunnery_for,
    shielded_front,
    spared_by_jam,
)
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.gunnery_keys import (
    GunneryKey,
    PlacementKey,
    gunnery_key,
    placement_key,
)
from warbench.rulesets.armada.helm import moved_this_phase, piloting_modifier
from warbench.rulesets.armada.moves import (
    Ground,
    failed_stunt_plan,
    stunt_dc,
    stunt_plans,
)
from warbench.rulesets.armada.state import ACTIVE, ArmadaState, Fleet

#: How much a pose values having a target in each range band.
BAND_VALUE: Final = {"short": 3.0, "long": 2.0, "extreme": 1.0}
#: How much what the enemies that have already moved this round could fire at a pose counts
#: against it, as a share of the same value of a target.
CAUTION: Final = 0.5


def expected_damage(
    state: ArmadaState, tables: Tables, attacker: Fleet, target: Fleet, targets: int = 1
) -> float:
    """Mean damage of one attack (hit chance x mean damage after per-die changes)."""
    gunnery = gunnery_for(state, tables, attacker, target, targets=targets)
    chance = hit_chance(gunnery.modifier, gunnery.armor_class)
    expr = damage_dice(attacker.damage)
    per_die = max(0.0, (expr.sides + 1) / 2 + gunnery.per_die)
    return chance * (expr.count * per_die + gunnery.bonus_damage)


def target_value(
    state: ArmadaState, tables: Tables, attacker: Fleet, target: Fleet, targets: int = 1,
    waiting: int = 0,
) -> float:
    """Expected damage, weighted towards damaged active enemies (disabled ones count little).
    ``waiting`` is the damage already rolled at the target this gunnery phase: its hull is
    weighed as it will be when that lands, and a target it will disable counts as disabled."""
    damage = expected_damage(state, tables, attacker, target, targets)
    _, hull = absorb_damage(target.shields, target.hull, waiting)
    if target.status != ACTIVE or hull <= 0:
        return 0.1 * damage
    wounded = 1.0 + (target.hull_points - hull) / target.hull_points
    return damage * wounded


@dataclass(frozen=True, slots=True, init=False)
class Standing:
    """What a hex offers a fleet that might move there: the enemies in range (ids) with their
    value as targets, the most valuable first; the nearest enemy (-1 with no enemy left) and
    its distance."""

    in_range: tuple[tuple[int, float], ...]
    nearest: int
    distance: int

    def __init__(self, in_range: tuple[tuple[int, float], ...], nearest: int,
                 distance: int) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "in_range", in_range)
        object.__setattr__(self, "nearest", nearest)
        object.__setattr__(self, "distance", distance)

    def __reduce__(self) -> tuple[
            type[Standing], tuple[tuple[tuple[int, float], ...], int, int]]:
        """Pickled as the call that makes it again (a compiled class's ``__new__`` runs its
        ``__init__``)."""
        return Standing, (self.in_range, self.nearest, self.distance)


#: An enemy's id and what gunnery reads of the hex it is attacked from.
ValueKey = tuple[int, PlacementKey]


@dataclass
class Weighed:
    """A fleet's scores, kept while nothing they read changes (``key``, a
    :func:`gunnery_key` of the fleet but its pose and of its enemies): the value of each
    enemy as a target from hexes with one :func:`placement_key`, the range band at each
    distance, each hex's
    :class:`Standing`, its debris and the ceiling of its scores, each pose's score, and
    what each enemy could fire at the fleet on a pose with one :func:`placement_key` of
    that enemy's."""

    key: GunneryKey
    values: dict[ValueKey, float]
    bands: dict[int, Band | None]
    standings: dict[Hex, tuple[Standing, int, float]]
    scores: dict[HexPose, float]
    threats: dict[ValueKey, float]


def standing(
    state: ArmadaState,
    tables: Tables,
    moved: Fleet,
    enemies: list[Fleet],
    values: dict[ValueKey, float],
    bands: dict[int, Band | None],
) -> Standing:
    """What the hex of ``moved`` (a fleet on a pose it might take) offers against the
    active ``enemies``, whatever its facing: each enemy in range with its value as a target
    (the band's weight times :func:`target_value`), and the nearest enemy. ``values`` keeps
    the values found by enemy and :func:`placement_key` (hexes with equal keys value an
    enemy alike), ``bands`` the range band at each distance."""
    if not enemies:
        return Standing((), -1, 0)
    in_range: list[tuple[int, float]] = []
    nearest, closest = -1, -1
    for enemy in enemies:
        distance = fleet_distance(moved, enemy)
        if nearest < 0 or distance < closest:  # the first of the nearest
            nearest, closest = enemy.id, distance
        if distance in bands:
            band = bands[distance]
        else:
            band = bands[distance] = band_within(tables, moved, distance)
        if band is not None:
            key = (enemy.id, placement_key(state, moved, enemy))
            value = values.get(key)
            if value is None:
                value = BAND_VALUE[band.name] * target_value(state, tables, moved, enemy)
                values[key] = value
            _insert_by_value(in_range, enemy.id, value)
    return Standing(tuple(in_range), nearest, closest)


def _insert_by_value(entries: list[tuple[int, float]], enemy: int, value: float) -> None:
    """Put ``(enemy, value)`` among ``entries``, kept most valuable first and, among equal
    values, in the order they came: what a stable sort by value, reversed, gives (a
    ``sort`` with a key function is a generic call per entry when compiled).

    >>> entries = [(1, 3.0), (2, 1.0)]
    >>> _insert_by_value(entries, 3, 1.0); _insert_by_value(entries, 4, 2.0); entries
    [(1, 3.0), (4, 2.0), (2, 1.0), (3, 1.0)]
    """
    place = len(entries)
    while place > 0 and entries[place - 1][1] < value:
        place -= 1
    entries.insert(place, (enemy, value))


def pose_score(state: ArmadaState, moved: Fleet, standing: Standing) -> float:
    """How good ``moved`` stands on its pose, given the :func:`standing` of its hex: the
    best target it would have in arc, its forward shields towards the nearest enemy, and
    closing in when nothing is in range."""
    if standing.nearest < 0:
        return 0.0
    best = 0.0
    for enemy, value in standing.in_range:  # the most valuable first: the first in arc
        if value <= best:
            break
        if firing_arcs(moved, state.fleets[enemy]):
            best = value
            break
    score = best
    if shielded_front(state.fleets[standing.nearest], moved):
        score += 0.5
    if best == 0.0:
        score -= 0.1 * standing.distance
    return score


class PoseScorer:
    """The scores of a fleet on the poses it might take (:func:`pose_score` less the debris
    damage of the hex), each hex's standing and each pose's score found once and kept in a
    :class:`Weighed`: ``kept`` if it was taken with an equal key, else a new one; and the
    :meth:`caution` a pose calls for."""

    def __init__(
        self, state: ArmadaState, tables: Tables, fleet: Fleet, kept: Weighed | None
    ) -> None:
        self.state, self.tables = state, tables
        rivals = state.enemies_of(fleet)
        key = gunnery_key(state, [fleet, *rivals], unposed=fleet.id)
        if kept is None or kept.key != key:
            kept = Weighed(key, {}, {}, {}, {}, {})
        self.weighed = kept
        self.enemies = [enemy for enemy in rivals if enemy.status == ACTIVE]
        moved = moved_this_phase(state)
        #: The active enemies that have moved this helm phase: where they stand, they fire.
        self.watchers = [enemy for enemy in self.enemies if enemy.id in moved]
        self.cautions: dict[HexPose, float] = {}
        self.exposures: dict[Hex, list[tuple[Fleet, float]]] = {}
        self.ghost = dataclasses.replace(fleet)

    def _standing(self, here: Hex) -> tuple[Standing, int, float]:
        """The standing of the hex ``here``, its debris damage and its :meth:`ceiling`."""
        standings = self.weighed.standings
        found = standings.get(here)
        if found is None:
            state, ghost, weighed = self.state, self.ghost, self.weighed
            ghost.q, ghost.r = here.q, here.r
            debris = 0 if spared_by_jam(state, ghost) else sum(
                d.damage for d in state.debris if d.covers(here))  # ARM-OFF-JAM
            held = standing(state, self.tables, ghost, self.enemies, weighed.values, weighed.bands)
            top = max(held.in_range[0][1], 0.0) if held.in_range else 0.0
            found = standings[here] = (held, debris, top + 0.5 - debris)
        return found

    def score(self, pose: HexPose) -> float:
        """The score of ``fleet`` on ``pose``."""
        scores = self.weighed.scores
        known = scores.get(pose)
        if known is not None:
            return known
        here = pose.hex
        held, debris, _ = self._standing(here)
        ghost = self.ghost
        ghost.q, ghost.r, ghost.facing = here.q, here.r, pose.facing
        scores[pose] = value = pose_score(self.state, ghost, held) - debris
        return value

    def expected(self, outcomes: list[tuple[float, HexPose]]) -> float:
        """The score a stunt can expect: each pose it may end on by its chance."""
        total = 0.0
        for chance, pose in outcomes:
            total += chance * self.score(pose)
        return total

    def expected_caution(self, outcomes: list[tuple[float, HexPose]]) -> float:
        """The caution a stunt can expect, likewise."""
        total = 0.0
        for chance, pose in outcomes:
            total += chance * self.caution(pose)
        return total

    def caution(self, pose: HexPose) -> float:
        """What counts against ``pose`` beyond its score: :data:`CAUTION` times what the
        enemies that have moved this round (their poses final for its gunnery) could fire at
        the fleet there, each weighed as a target of theirs is (the band's weight times
        :func:`target_value`). Nothing while no enemy has moved."""
        if not self.watchers:
            return 0.0
        known = self.cautions.get(pose)
        if known is not None:
            return known
        state, tables, ghost = self.state, self.tables, self.ghost
        threats = self.weighed.threats
        here = pose.hex
        exposure = self._exposure(here)
        ghost.q, ghost.r, ghost.facing = here.q, here.r, pose.facing
        total = 0.0
        for enemy, weight in exposure:
            key = (enemy.id, placement_key(state, enemy, ghost))
            value = threats.get(key)
            if value is None:
                value = weight * target_value(state, tables, enemy, ghost)
                threats[key] = value
            total += value
        self.cautions[pose] = caution = CAUTION * total
        return caution

    def _exposure(self, here: Hex) -> list[tuple[Fleet, float]]:
        """The enemies that have moved and hold the hex ``here`` in a weapon arc and in
        range, each with the weight of its range band (whatever the fleet's facing)."""
        found = self.exposures.get(here)
        if found is None:
            tables, ghost = self.tables, self.ghost
            ghost.q, ghost.r = here.q, here.r
            found = []
            for enemy in self.watchers:
                if firing_arcs(enemy, ghost):
                    band = band_within(tables, enemy, fleet_distance(enemy, ghost))
                    if band is not None:
                        found.append((enemy, BAND_VALUE[band.name]))
            self.exposures[here] = found
        return found

    def ceiling(self, pose: HexPose) -> float:
        """No pose on the hex of ``pose`` scores more: the most valuable target in range (or
        nothing) with the shield bonus, less the debris (each step of :func:`pose_score` is
        a float sum that cannot grow past it). A move that cannot beat the best found so
        far need not be scored."""
        return self._standing(pose.hex)[2]


def stunt_outcomes(
    state: ArmadaState, tables: Tables, fleet: Fleet
) -> Iterator[tuple[Move, list[tuple[float, HexPose]]]]:
    """Each stunt the tactician weighs (no flybys), with where it may end and how likely: a
    turn in place ends where it aims; a back off, flip and burn or slide ends there with the
    chance of its piloting check, else where the failure leaves the fleet."""
    ground = Ground.of(state, tables, fleet)
    modifier = piloting_modifier(state, fleet)
    for move, plan in stunt_plans(state, tables, fleet, ground):
        aimed = plan.end
        dc = stunt_dc(fleet, move.stunt)
        if dc is None:
            yield move, [(1.0, aimed)]
            continue
        chance = hit_chance(modifier, dc)
        failed = failed_stunt_plan(state, tables, fleet, move, -1, ground).end
        yield move, [(chance, aimed), (1.0 - chance, failed)]
