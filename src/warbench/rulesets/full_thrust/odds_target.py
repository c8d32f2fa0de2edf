"""Odds against a target ship: its screens, armour and hull, damage answers, thresholds.

Every attack that damages a ship reports through :func:`damage_answer`; threshold checks
are answered here too."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pydantic

from warbench.core.attacks import AttackOdds, AttackOptionsError, OddsAnswer
from warbench.core.catalog import UnknownEntry
from warbench.core.odds import Dist, JointDist
from warbench.rulesets.full_thrust.damage import (
    check_owed,
    hull_and_armour,
    rows_marked,
    threshold_table,
)
from warbench.rulesets.full_thrust.design import hull_rows
from warbench.rulesets.full_thrust.exact import (
    fails,
    total_of,
)
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.odds_options import DamageOptions, Show, ThresholdOptions
from warbench.rulesets.full_thrust.scoring import (
    Points,
)


@dataclass(frozen=True, slots=True)
class Target:
    """The ship's numbers that matter to damage: screens, armour left, hull."""

    screens: int
    armour: int
    hull: int | None
    hull_hits: int


def _design_numbers(lib: Library, design: str | None) -> tuple[int, int, int | None]:
    if design is None:
        return 0, 0, None
    if design not in lib.designs:
        raise AttackOptionsError(f"target: {UnknownEntry('design', design, lib.designs)}")
    cls = lib.designs[design]
    return cls.screens, cls.armour, cls.hull


def _checked_hull(hull: int | None, hull_hits: int) -> int | None:
    if hull is None:
        if hull_hits:
            raise AttackOptionsError("hull_hits: give the target's hull (hull= or target=)")
        return None
    if hull_hits >= hull:
        raise AttackOptionsError(
            f"hull_hits: {hull_hits} of {hull} hull boxes marked: the ship is already destroyed"
        )
    return hull


def resolve_target(lib: Library, options: DamageOptions) -> Target:
    """The target the options describe: the design's numbers, overridden one by one."""
    screens, armour, hull = _design_numbers(lib, options.target)
    given_screens = getattr(options, "screens", None)
    return Target(
        screens if given_screens is None else given_screens,
        armour if options.armour is None else options.armour,
        _checked_hull(hull if options.hull is None else options.hull, options.hull_hits),
        options.hull_hits,
    )


def _hull_damage(points: JointDist, armour: int) -> Dist:
    return points.map(lambda normal, pen: hull_and_armour(Points(normal, pen), armour)[1])


def _target_outcomes(lib: Library, points: JointDist, target: Target) -> dict[str, float]:
    """Threshold check, a system lost to it, destruction: from the hull damage."""
    if target.hull is None:
        return {}
    rules = lib.rules.threshold
    rows = hull_rows(target.hull)
    before = rows_marked(rows, target.hull_hits)
    check = lost = destroyed = 0.0
    for damage, chance in _hull_damage(points, target.armour).items():
        hits = min(target.hull, target.hull_hits + damage)
        if hits >= target.hull:
            destroyed += chance
            continue
        owed = check_owed(before, rows_marked(rows, hits), rules)
        if owed is not None:
            check += chance
            lost += chance * fails(threshold_table(*owed, rules))
    return {"threshold check": check, "a given system knocked out": lost, "destroyed": destroyed}


SHOWN: Mapping[Show, tuple[str, Callable[[JointDist, Target], Dist]]] = {
    "total": ("damage", lambda points, _: total_of(points)),
    "normal": ("normal damage", lambda points, _: points.marginal("normal")),
    "penetrating": ("penetrating damage", lambda points, _: points.marginal("penetrating")),
    "hull": ("hull damage", lambda points, target: _hull_damage(points, target.armour)),
}


def damage_answer(
    lib: Library,
    points: JointDist,
    target: Target,
    show: Show,
    notes: tuple[str, ...],
    extra: Mapping[str, float] | None = None,
) -> OddsAnswer:
    """The answer for an attack dealing ``points`` to ``target``."""
    total = total_of(points)
    named = {
        "none": total.p(0),
        "damage": total.at_least(1),
        "normal damage": points.marginal("normal").at_least(1),
        "penetrating damage": points.marginal("penetrating").at_least(1),
        **(extra or {}),
        **_target_outcomes(lib, points, target),
    }
    normal, penetrating = points.mean
    label, view = SHOWN[show]
    means = f"mean normal damage {normal:.4f}, penetrating {penetrating:.4f}"
    shown = total if show == "total" else view(points, target)
    return OddsAnswer(shown, label, named, (*notes, means))


def reach_error(what: str, reach: float, distance: float) -> AttackOptionsError:
    return AttackOptionsError(f"range: {what} reaches {reach:g} MU; {distance:g} MU is out of "
                              "reach")


class LibraryOdds(AttackOdds):
    """An attack answered from a ruleset's library (its data files)."""

    def __init__(self, lib: Library) -> None:
        self.lib = lib


def wrong_options(attack: AttackOdds, options: pydantic.BaseModel) -> AttackOptionsError:
    """The error for options made for another attack."""
    return AttackOptionsError(
        f"{attack.name}: expects {attack.options_model.__name__}, not {type(options).__name__}"
    )


class ThresholdOdds(LibraryOdds):
    """Threshold checks: the chance systems come through working."""

    name = "threshold"
    summary = "systems that survive threshold checks at a row, or after hull damage"
    options_model = ThresholdOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, ThresholdOptions):
            raise wrong_options(self, options)
        rules = self.lib.rules.threshold
        checks = self._checks(options) if options.damage else [self._row_check(options)]
        survives = 1.0
        notes = []
        for row, bonus in checks:
            fail = fails(threshold_table(row, bonus, rules))
            survives *= 1.0 - fail
            plus = f" +{bonus}" if bonus else ""
            face = rules.fail_on[row - 1]
            notes.append(f"check at row {row}{plus}: fails on {face}{'+' if face < 6 else ''} "
                         f"({fail:.4%})")
        if not checks:
            notes.append("the damage finishes no row with a check")
        one = Dist([1.0 - survives, survives]) if survives < 1.0 else Dist.constant(1)
        working = Dist.sum_of(one, options.systems)
        named = {"survives": survives, "all survive": working.p(options.systems),
                 "none survive": working.p(0)}
        return OddsAnswer(working, "systems working", named, tuple(notes))

    def _row_check(self, options: ThresholdOptions) -> tuple[int, int]:
        if options.target is not None or options.hull is not None or options.hull_hits:
            raise AttackOptionsError("target, hull, hull_hits: they go with damage=, not row=")
        checked = len(self.lib.rules.threshold.fail_on)
        row = 1 if options.row is None else options.row
        if row > checked:
            raise AttackOptionsError(
                f"row: threshold checks come at the end of rows 1 to {checked}, not row {row}"
            )
        if options.rows > row:
            raise AttackOptionsError(
                f"rows: {options.rows} rows finished at once cannot end at row {row}"
            )
        owed = check_owed(row - options.rows, row, self.lib.rules.threshold)
        assert owed is not None
        return owed

    def _checks(self, options: ThresholdOptions) -> list[tuple[int, int]]:
        if options.row is not None or options.rows != 1:
            raise AttackOptionsError("row, rows: give them or damage=, not both")
        try:
            damage = [int(part) for part in options.damage.split(",")]
        except ValueError:
            raise AttackOptionsError(
                f"damage: {options.damage!r} is not whole numbers separated by commas"
            ) from None
        if any(d < 0 for d in damage):
            raise AttackOptionsError("damage: hull damage cannot be negative")
        _, _, design_hull = _design_numbers(self.lib, options.target)
        given = design_hull if options.hull is None else options.hull
        hull = _checked_hull(given, options.hull_hits)
        if hull is None:
            raise AttackOptionsError("damage: give the target's hull (hull= or target=)")
        rows = hull_rows(hull)
        hits = options.hull_hits
        checks = []
        for amount in damage:
            before = rows_marked(rows, hits)
            hits += amount
            if hits >= hull:
                raise AttackOptionsError(
                    f"damage: {hits} hull damage destroys a ship of {hull} hull boxes"
                )
            owed = check_owed(before, rows_marked(rows, hits), self.lib.rules.threshold)
            if owed is not None:
                checks.append(owed)
        return checks
