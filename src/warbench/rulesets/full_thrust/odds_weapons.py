"""Odds of the direct-fire weapons: beams, submunition packs, pulse torpedoes, needle beams."""

from __future__ import annotations

import pydantic

from warbench.core.attacks import AttackOptionsError, OddsAnswer, dice_in_all
from warbench.core.odds import Dist, JointDist
from warbench.core.words import counted
from warbench.rulesets.full_thrust.exact import (
    as_normal,
    needle_hits,
    pulse_torpedo_damage,
    rule_pool,
)
from warbench.rulesets.full_thrust.fire import range_table
from warbench.rulesets.full_thrust.odds_options import (
    BeamOptions,
    NeedleOptions,
    PulseTorpedoOptions,
    SubmunitionOptions,
)
from warbench.rulesets.full_thrust.odds_target import (
    LibraryOdds,
    damage_answer,
    reach_error,
    resolve_target,
    wrong_options,
)
from warbench.rulesets.full_thrust.scoring import (
    beam_dice_at,
    beam_rule,
    to_hit_number,
)


def needle_points(beams: int) -> tuple[JointDist, float]:
    """The damage of ``beams`` needle beams (penetrating points only) and the chance that
    one of them knocks out a system."""
    hits = needle_hits(beams)
    penetrating = hits.marginal("penetrating")
    points = JointDist(
        penetrating.probabilities[None, :], (0, penetrating.offset),
        ("normal", "penetrating"), penetrating.truncated_mass,
    )
    return points, hits.marginal("system").at_least(1)


class BeamOdds(LibraryOdds):
    """Beam batteries: dice by class and range, read against the target's screens."""

    name = "beam"
    summary = "damage of beam batteries by class and range against screens (re-rolls penetrate)"
    options_model = BeamOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, BeamOptions):
            raise wrong_options(self, options)
        if not 1 <= options.beam_class <= 6:
            raise AttackOptionsError(
                f"beam_class: beams are class 1 to 6, not {options.beam_class}"
            )
        band = self.lib.rules.weapons.beam_band
        dice = beam_dice_at(options.beam_class, options.range, band)
        if dice == 0:
            raise reach_error(f"a class-{options.beam_class} beam",
                               options.beam_class * band, options.range)
        target = resolve_target(self.lib, options)
        total = dice_in_all(dice * options.batteries,
                            f"{options.batteries} batteries of {dice} dice")
        points = rule_pool(total, beam_rule(target.screens))
        note = (f"class {options.beam_class} at {options.range:g} MU: {counted(dice, 'die')} a"
                " battery, "
                f"{dice * options.batteries} in all, against screens {target.screens}")
        return damage_answer(self.lib, points, target, options.show, (note,))


class SubmunitionOdds(LibraryOdds):
    """Submunition packs: beam dice by range band; screens no help."""

    name = "submunition"
    summary = "damage of submunition packs (beam dice by 6 MU band; screens no help)"
    options_model = SubmunitionOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, SubmunitionOptions):
            raise wrong_options(self, options)
        bands = range_table(self.lib.rules.weapons.submunition)
        dice = to_hit_number(options.range, bands)
        if not dice:
            raise reach_error("a submunition pack", bands[-1][0], options.range)
        target = resolve_target(self.lib, options)
        points = rule_pool(dice_in_all(dice * options.packs, f"{options.packs} packs of {dice}"
                                       " dice"), beam_rule(0))
        note = f"{dice} dice a pack at {options.range:g} MU; screens no help"
        return damage_answer(self.lib, points, target, options.show, (note,))


class PulseTorpedoOdds(LibraryOdds):
    """Pulse torpedoes: a to-hit number by range band, a d6 of damage, screens no help."""

    name = "pulse-torpedo"
    summary = "damage of pulse torpedoes: to hit by range band, then a d6 (screens no help)"
    options_model = PulseTorpedoOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, PulseTorpedoOptions):
            raise wrong_options(self, options)
        bands = range_table(self.lib.rules.weapons.pulse_torpedo)
        need = to_hit_number(options.range, bands)
        if need is None:
            raise reach_error("a pulse torpedo", bands[-1][0], options.range)
        target = resolve_target(self.lib, options)
        points = as_normal(Dist.sum_of(pulse_torpedo_damage(need), options.tubes))
        note = f"at {options.range:g} MU each tube hits on {need}+ and does a d6"
        return damage_answer(self.lib, points, target, options.show, (note,))


class NeedleOdds(LibraryOdds):
    """Needle beams: 5 one penetrating point, 6 that and a system of the firer's choice."""

    name = "needle"
    summary = "needle beams: one penetrating point on 5-6, a chosen system knocked out on 6"
    options_model = NeedleOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, NeedleOptions):
            raise wrong_options(self, options)
        reach = self.lib.rules.weapons.needle_beam_reach
        if options.range > reach + 1e-9:
            raise reach_error("a needle beam", reach, options.range)
        target = resolve_target(self.lib, options)
        points, system = needle_points(options.beams)
        systems = {"system hit": system}
        note = "each needle beam: 5 one penetrating point; 6 that and a chosen system"
        return damage_answer(self.lib, points, target, options.show, (note,), systems)
