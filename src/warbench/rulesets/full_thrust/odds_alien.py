"""Odds of the Phalon and Sa'Vasku weapons: plasma bolts, pulsers, stingers and pods.

The first three roll beam-style dice (re-rolls penetrate) against the target's screens;
what differs is how many: a bolt its strength left, a pulser by its mode and the range, a
stinger one die a point of attack power. The dice counts come from the functions the game
rolls with (:mod:`.phalon`, :mod:`.savasku`). Lance and leech pods roll to hit, then their
damage die (:mod:`.pods`); an interceptor pod's kills join the `pds` attack.

>>> from warbench.rulesets.full_thrust.library import load_library
>>> plasma = PlasmaOdds(load_library())
>>> answer = plasma.odds(plasma.parse_options(["strength=3", "screens=2"]))
>>> round(answer.distribution.mean, 6)  # 3 dice behind level-2 screens (a vapour shroud)
1.4
"""

from __future__ import annotations

import pydantic

from warbench.core.attacks import AttackOptionsError, OddsAnswer, dice_in_all
from warbench.core.odds import Dist, JointDist
from warbench.rulesets.full_thrust.data import PodRules
from warbench.rulesets.full_thrust.exact import CHANNELS, rule_pool
from warbench.rulesets.full_thrust.library import SystemSpec
from warbench.rulesets.full_thrust.odds_options import (
    PlasmaOptions,
    PodOptions,
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
from warbench.rulesets.full_thrust.pods import LANCE, interceptor_kill_count, strike_points
from warbench.rulesets.full_thrust.scoring import SIDES, beam_rule


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
        total = dice_in_all(dice * options.pulsers, f"{options.pulsers} pulsers of {dice} dice")
        points = rule_pool(total, beam_rule(target.screens))
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


def pod_points(rules: PodRules, kind: str) -> JointDist:
    """One lance or leech pod at a ship: a to-hit die, then its damage die.

    >>> from warbench.rulesets.full_thrust.library import load_library
    >>> lance = pod_points(load_library().rules.pods, "lance")
    >>> round(lance.p(0, 0), 6), round(lance.p(0, 6), 6)  # miss 1/2; a hit and a 6: 1/12
    (0.5, 0.083333)
    """
    return strike_dist(rules.hit_on, rules.lance_die if kind == LANCE else rules.leech_die, kind)


def strike_dist(hit_on: int, die: int, kind: str) -> JointDist:
    """One ``kind`` pod hitting on ``hit_on``+ and then rolling a d``die`` of damage."""
    hit = (SIDES + 1 - hit_on) / SIDES
    mapping: dict[tuple[int, ...], float] = {(0, 0): 1 - hit}
    for damage in range(1, die + 1):
        points = strike_points(kind, damage)
        key = (points.normal, points.penetrating)
        mapping[key] = mapping.get(key, 0.0) + hit / die
    return JointDist.from_mapping(mapping, CHANNELS)


def interceptor_kill_dist(rules: PodRules, *, heavy: bool = False, light: bool = False
                          ) -> Dist:
    """One interceptor pod's kills among attackers."""
    return interceptor_dist(rules.interceptor_die, heavy=heavy, light=light)


def interceptor_dist(die: int, *, heavy: bool = False, light: bool = False) -> Dist:
    """Kills of one interceptor pod rolling a d``die`` (with neither flag: the strength it
    takes off a plasma bolt too)."""
    counts: dict[int, float] = {}
    for face in range(1, die + 1):
        kills = interceptor_kill_count(face, heavy=heavy, light=light)
        counts[kills] = counts.get(kills, 0.0) + 1 / die
    return Dist.from_mapping(counts)


class PodOdds(LibraryOdds):
    """Lance and leech pods: one die to hit, then a d6 penetrating (lance) or a d3 normal
    (leech); screens no help (engine defaults, FT-SV-PODS)."""

    name = "pod"
    summary = "damage of Sa'Vasku lance or leech pods (engine defaults: hit 4+, lance d6 " \
        "penetrating, leech d3)"
    options_model = PodOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, PodOptions):
            raise wrong_options(self, options)
        rules = self.lib.rules.pods
        if options.range > rules.reach + 1e-9:
            raise reach_error(f"a {options.pod} pod", rules.reach, options.range)
        target = resolve_target(self.lib, options)
        one = pod_points(rules, options.pod)
        points = one
        for _ in range(options.pods - 1):
            points = points + one
        note = (f"{options.pods} {options.pod} pod(s): each hits on {rules.hit_on}+; "
                "screens no help")
        return damage_answer(self.lib, points, target, options.show, (note,))
