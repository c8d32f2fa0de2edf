"""What a weapon is worth at a range: the mean damage one shot does, for the bots.

Read from the same tables and functions the game rolls with (scoring.py, kravak.py), so a
bot weighs a K-gun, a beam and a scattergun on one scale.

>>> from warbench.rulesets.full_thrust.library import load_library
>>> from warbench.rulesets.full_thrust.library import SystemSpec
>>> lib = load_library()
>>> round(mean_damage(lib, SystemSpec("k_gun", "K3 gun", 3), 10.0, 0), 3)  # 3+ to hit
3.0
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Final

from warbench.rulesets.full_thrust.kravak import (
    MKP_DAMAGE,
    kgun_damage,
    mkp_hits,
    scattergun_ship_points,
)
from warbench.rulesets.full_thrust.library import Library, SystemSpec
from warbench.rulesets.full_thrust.phalon import pulser_dice
from warbench.rulesets.full_thrust.scoring import SIDES, beam_dice_at, to_hit_number

#: What of the distance a weapon's mean damage reads (see :func:`range_step`): the name of
#: the step, shared by every weapon that reads the same one, and its value at a distance.
RangeStep = tuple[str, Callable[[float], Hashable]]

#: Mean points of one beam die against screens 0, 1, 2 (re-rolls included).
BEAM_DIE_VALUE: Final = (0.8, 0.633, 0.467)
FACES = range(1, SIDES + 1)


def mean_damage(lib: Library, spec: SystemSpec, distance: float, screens: int) -> float:
    """Mean damage one shot of ``spec`` does to a ship ``distance`` MU away behind
    ``screens`` (0 when out of reach)."""
    weapons = lib.rules.weapons
    if spec.kind == "beam":
        return beam_dice_at(spec.level, distance, weapons.beam_band) * BEAM_DIE_VALUE[screens]
    if spec.kind == "k_gun":
        bands = tuple((band.reach, band.value) for band in weapons.k_gun)
        need = to_hit_number(distance, bands)
        if need is None:
            return 0.0
        hit = (SIDES + 1 - need) / SIDES
        return hit * sum(kgun_damage(spec.level, face) for face in FACES) / SIDES
    if spec.kind == "mkp":
        return sum(mkp_hits(face) for face in FACES) / SIDES * MKP_DAMAGE
    if spec.kind == "scattergun":
        return sum(scattergun_ship_points(face) for face in FACES) / SIDES
    if spec.kind == "pulse_torpedo":
        bands = tuple((band.reach, band.value) for band in weapons.pulse_torpedo)
        need = to_hit_number(distance, bands)
        return 0.0 if need is None else (SIDES + 1 - need) / SIDES * 3.5
    if spec.kind == "submunition":
        bands = tuple((band.reach, band.value) for band in weapons.submunition)
        return (to_hit_number(distance, bands) or 0) * BEAM_DIE_VALUE[0]
    if spec.kind == "needle_beam":
        return 0.5
    if spec.kind == "pulser":
        return pulser_dice(lib, spec, distance) * BEAM_DIE_VALUE[screens]
    if spec.kind == "pod_launcher":
        pods = lib.rules.pods
        if spec.mode == "interceptor" or distance > pods.reach:
            return 0.0
        die = pods.lance_die if spec.mode == "lance" else pods.leech_die
        return (SIDES + 1 - pods.hit_on) / SIDES * (die + 1) / 2
    if spec.kind == "stinger":
        rules = lib.rules.savasku
        dice = rules.stinger_most_power if distance <= rules.stinger_reach else 0
        return dice * BEAM_DIE_VALUE[screens]
    return 0.0


def range_step(lib: Library, spec: SystemSpec) -> RangeStep | None:
    """What :func:`mean_damage` of ``spec`` reads of the distance: a named function whose
    value at a distance fixes the mean damage there (the range band, to-hit number or
    whether a reach is passed), or ``None`` when it does not read the distance. It lets a
    bot keep mean damages per step instead of per distance; change it with
    :func:`mean_damage` (``test_kept_work.py`` checks the two agree for every weapon)."""
    weapons = lib.rules.weapons
    kind = spec.kind
    if kind == "beam":
        band = weapons.beam_band
        return "beam", lambda d: 0 if d <= band else int(-(-d // band))
    if kind in ("k_gun", "pulse_torpedo", "submunition"):
        bands = tuple((b.reach, b.value) for b in getattr(weapons, kind))
        return kind, lambda d: to_hit_number(d, bands)
    if kind == "pulser":
        reach = lib.rules.phalon.pulser[spec.mode].reach + 1e-9
        return f"pulser {spec.mode}", lambda d: d <= reach
    if kind == "pod_launcher":
        pods = lib.rules.pods.reach
        return "pod", lambda d: d > pods
    if kind == "stinger":
        stinger = lib.rules.savasku.stinger_reach
        return "stinger", lambda d: d <= stinger
    return None
