"""Odds of the Phalon and Sa'Vasku weapons: plasma bolts, pulsers and stingers.

All three roll beam-style dice (re-rolls penetrate) against the target's screens; what
differs is how many: a bolt its strength left, a pulser by its mode and the range, a
stinger one die a point of attack power. The dice counts come from the functions the game
rolls with (:mod:`.phalon`, :mod:`.savasku`).

>>> from warbench.rulesets.full_thrust.library import load_library
>>> plasma = PlasmaOdds(load_library())
>>> answer = plasma.odds(plasma.parse_options(["strength=3", "screens=2"]))
>>> round(answer.distribution.mean, 6)  # 3 dice behind level-2 screens (a vapour shroud)
1.4
"""

from __future__ import annotations

import pydantic

from warbench.core.attacks import AttackOptionsError, OddsAnswer
from warbench.rulesets.full_thrust.exact import rule_pool
from warbench.rulesets.full_thrust.library import SystemSpec
from warbench.rulesets.full_thrust.odds_options import (
    PlasmaOptions,
    PulserOptions,
    StingerOptions,
)
from warbench.rulesets.full_thrust.odds_target import (
    LibraryOdds,
    damage_answer,
    reach_error,
    resolve_target,
    wrong_options,
)
from warbench.rulesets.full_thrust.phalon import pulser_dice, pulser_reach
from warbench.rulesets.full_thrust.scoring import beam_rule


class PlasmaOdds(LibraryOdds):
    """A plasma bolt: beam dice as many as its strength, against the ship's screens."""

    name = "plasma"
    summary = "damage of a Phalon plasma bolt on one ship in its burst (beam dice = strength)"
    options_model = PlasmaOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, PlasmaOptions):
            raise wrong_options(self, options)
        target = resolve_target(self.lib, options)
        points = rule_pool(options.strength, beam_rule(target.screens))
        note = (f"a strength-{options.strength} bolt: {options.strength} beam dice against "
                f"screens {target.screens} (a vapour shroud counts as 2)")
        return damage_answer(self.lib, points, target, options.show, (note,))


class PulserOdds(LibraryOdds):
    """Pulsers: dice by mode (long 1, medium 2, close 6) within the mode's reach."""

    name = "pulser"
    summary = "damage of Phalon pulsers by mode and range against screens"
    options_model = PulserOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, PulserOptions):
            raise wrong_options(self, options)
        spec = SystemSpec("pulser", "pulser", mode=options.mode)
        dice = pulser_dice(self.lib, spec, options.range)
        if dice == 0:
            raise reach_error(f"a pulser in {options.mode} mode", pulser_reach(self.lib, spec),
                              options.range)
        target = resolve_target(self.lib, options)
        points = rule_pool(dice * options.pulsers, beam_rule(target.screens))
        note = (f"{options.mode} mode: {dice} dice a pulser, {dice * options.pulsers} in all, "
                f"against screens {target.screens}")
        return damage_answer(self.lib, points, target, options.show, (note,))


class StingerOdds(LibraryOdds):
    """Stingers: one beam die a point of attack power, out to 12 MU."""

    name = "stinger"
    summary = "damage of Sa'Vasku stingers: one beam die a point of attack power, to 12 MU"
    options_model = StingerOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, StingerOptions):
            raise wrong_options(self, options)
        rules = self.lib.rules.savasku
        if options.range > rules.stinger_reach + 1e-9:
            raise reach_error("a stinger", rules.stinger_reach, options.range)
        most = rules.stinger_most_power * options.stingers
        if options.power > most:
            raise AttackOptionsError(f"power: {options.stingers} stinger(s) take at most "
                                     f"{most} power")
        target = resolve_target(self.lib, options)
        points = rule_pool(options.power, beam_rule(target.screens))
        note = f"{options.power} power: {options.power} beam dice against screens {target.screens}"
        return damage_answer(self.lib, points, target, options.show, (note,))
