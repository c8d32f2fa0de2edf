"""Odds of the Kra'Vak weapons: K-guns, MKPs and scatterguns (at ships and at attackers).

Every distribution is read from the functions the game rolls with (:mod:`.kravak`), so the
two cannot drift apart.

>>> from warbench.rulesets.full_thrust.library import load_library
>>> points = kgun_points(3, need=3)
>>> round(points.p(0, 0), 6), round(points.p(1, 5), 6)  # miss 1/3; hit and double 2/6
(0.333333, 0.333333)
"""

from __future__ import annotations

import pydantic

from warbench.core.attacks import AttackOptionsError, OddsAnswer
from warbench.core.odds import Dist, JointDist
from warbench.rulesets.full_thrust.exact import CHANNELS, FACES, joint_mixture
from warbench.rulesets.full_thrust.fire import range_table
from warbench.rulesets.full_thrust.kravak import (
    MKP_DAMAGE,
    hit_points,
    k1_defence_table,
    kgun_damage,
    mkp_hits,
    scattergun_kill_count,
    scattergun_ship_points,
)
from warbench.rulesets.full_thrust.odds_options import KGunOptions, MkpOptions, ScattergunOptions
from warbench.rulesets.full_thrust.odds_target import (
    LibraryOdds,
    damage_answer,
    reach_error,
    resolve_target,
    wrong_options,
)
from warbench.rulesets.full_thrust.scoring import SIDES, Points, to_hit_number


def _point(points: Points) -> JointDist:
    """Certain damage, as a damage distribution."""
    return JointDist.from_mapping({(points.normal, points.penetrating): 1.0}, CHANNELS)


def _faces_to_points(reading: list[Points]) -> JointDist:
    """One d6 whose faces give these points."""
    return joint_mixture([(1 / SIDES, _point(points)) for points in reading])


def _sum(one: JointDist, count: int) -> JointDist:
    total = one
    for _ in range(count - 1):
        total = total + one
    return total


def kgun_points(gun_class: int, *, need: int) -> JointDist:
    """One K-gun shot needing ``need`` to hit: a to-hit die, then the damage die."""
    hit = _faces_to_points([hit_points(kgun_damage(gun_class, face)) for face in FACES])
    miss = _point(Points())
    hits = SIDES + 1 - need
    return joint_mixture([((SIDES - hits) / SIDES, miss), (hits / SIDES, hit)])


def mkp_points() -> JointDist:
    """One MKP: 4 damage a hit (1 on armour), one hit on 4-5, two on a 6."""
    one = hit_points(MKP_DAMAGE)
    return _faces_to_points(
        [Points(one.normal * mkp_hits(f), one.penetrating * mkp_hits(f)) for f in FACES]
    )


def scattergun_ship_dist() -> JointDist:
    """One scattergun at a ship: 1 normal point on 4-5, 2 on a 6."""
    return _faces_to_points([Points(scattergun_ship_points(face)) for face in FACES])


def scattergun_kill_dist(*, heavy: bool = False, light: bool = False) -> Dist:
    """One scattergun's kills among attackers."""
    counts: dict[int, float] = {}
    for face in FACES:
        kills = scattergun_kill_count(face, heavy=heavy, light=light)
        counts[kills] = counts.get(kills, 0.0) + 1 / SIDES
    return Dist.from_mapping(counts)


def k1_kill_dist(light: bool = False) -> Dist:
    """One K1 gun firing as point defence."""
    table = k1_defence_table(light)
    kills = sum(outcome.values[0] for outcome in table.outcomes)
    return Dist.from_mapping({0: (SIDES - kills) / SIDES, 1: kills / SIDES})


class KGunOdds(LibraryOdds):
    """K-guns: a to-hit number by range band for every class, then class or double damage."""

    name = "k-gun"
    summary = "damage of Kra'Vak K-guns by class and range (first point of a hit on armour)"
    options_model = KGunOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, KGunOptions):
            raise wrong_options(self, options)
        if not 1 <= options.gun_class <= 6:
            raise AttackOptionsError(f"gun_class: K-guns are class 1 to 6, not "
                                     f"{options.gun_class}")
        bands = range_table(self.lib.rules.weapons.k_gun)
        need = to_hit_number(options.range, bands)
        if need is None:
            raise reach_error("a K-gun", bands[-1][0], options.range)
        target = resolve_target(self.lib, options)
        points = _sum(kgun_points(options.gun_class, need=need), options.guns)
        note = (f"K{options.gun_class} at {options.range:g} MU hits on {need}+; a hit does "
                f"{options.gun_class} or {2 * options.gun_class}; screens no help")
        return damage_answer(self.lib, points, target, options.show, (note,))


class MkpOdds(LibraryOdds):
    """MKPs: one die, 4 damage a hit."""

    name = "mkp"
    summary = "damage of Kra'Vak MKPs (one die: 4-5 one hit, 6 two; 4 damage a hit)"
    options_model = MkpOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, MkpOptions):
            raise wrong_options(self, options)
        reach = self.lib.rules.weapons.mkp_reach
        if options.range > reach:
            raise reach_error("an MKP", reach, options.range)
        target = resolve_target(self.lib, options)
        points = _sum(mkp_points(), options.mkps)
        return damage_answer(self.lib, points, target, options.show,
                             (f"{options.mkps} MKP{'s' if options.mkps > 1 else ''}",))


class ScattergunOdds(LibraryOdds):
    """Scatterguns fired at a ship (their kills of attackers: the `pds` attack)."""

    name = "scattergun"
    summary = "damage of Kra'Vak scatterguns fired at a ship (1 on 4-5, 2 on 6)"
    options_model = ScattergunOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, ScattergunOptions):
            raise wrong_options(self, options)
        reach = self.lib.rules.kravak_defaults.scattergun_reach
        if options.range > reach:
            raise reach_error("a scattergun", reach, options.range)
        target = resolve_target(self.lib, options)
        points = _sum(scattergun_ship_dist(), options.scatterguns)
        return damage_answer(self.lib, points, target, options.show,
                             (f"{options.scatterguns} scattergun(s), normal damage",))
