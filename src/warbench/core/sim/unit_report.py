"""The unit tables of the HTML reports: which unit types earn their points.

For each unit type of a side (a run's report), or of a list over every game it played (a
field's or a tournament's report): models fielded and lost, survival, damage taken and
dealt, and the points it destroyed, per game and for every 100 points its list spends on
it, each with a 95% bootstrap interval over the games
(:class:`~warbench.core.sim.stats.MeanInterval`). Damage is counted in each ruleset's own
measure (hull points, boxes), which weighs a frigate's hull like a battleship's; points
destroyed weigh what was taken out by what it cost, so they, not the damage, say which
units earn their points.

A type never lost in any game is named under its table: its figures say how the bots
played against it, not what it would be worth against a player who hunts it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field

from warbench.core.charts import new_figure
from warbench.core.lists import price
from warbench.core.render import PLAYER_COLOURS
from warbench.core.sim.html import Stacked, figure_html, html_table, png_image
from warbench.core.sim.plan import GamePlan
from warbench.core.sim.runner import RunResult
from warbench.core.sim.stats import BOOTSTRAP_RESAMPLES, MeanInterval
from warbench.core.sim.summary import Rate, RunSummary, UnitSummary, per_game, summarize

#: The unit table's columns: every count a mean per game, survival over the whole run.
UNIT_COLUMNS = (
    "unit type", "fielded / game", "points spent", "lost / game",
    "survival, whole run [95%]", "damage taken / game", "damage dealt / game",
    "points destroyed / game [95%]", "per 100 points spent [95%]",
)
#: The same columns for a list over several runs (a field's or a tournament's).
LIST_UNIT_COLUMNS = tuple(
    "survival, all its games [95%]" if column.startswith("survival") else column
    for column in UNIT_COLUMNS
)
#: What a unit type is credited with, unless its ruleset says otherwise.
DEFAULT_MEANING = "the points of the enemy models its attacks destroyed, at their cost"


@dataclass
class UnitPool:
    """One unit type of one list over the games it played: totals, and the points it
    destroyed game by game (``None``: some game was stored before they were counted)."""

    games: int = 0
    fielded: float = 0.0
    lost: float = 0.0
    taken: float = 0.0
    dealt: float = 0.0
    points_lost: float = 0.0
    survived: int = 0
    exposed: int = 0
    points: int | None = None
    destroyed: list[float] | None = field(default_factory=list)

    def per_game(self, total: float) -> float:
        """A total as a mean per game of the list."""
        return total / self.games if self.games else 0.0

    def destroyed_by_game(self) -> tuple[float, ...] | None:
        """The points destroyed in each game of the list (0 in a game where the type had
        no tally); ``None`` when some game did not count them."""
        if self.destroyed is None or not self.games:
            return None
        return (*self.destroyed, *[0.0] * (self.games - len(self.destroyed)))

    def points_destroyed(self) -> MeanInterval | None:
        """The mean per game of the points destroyed, with its bootstrap interval."""
        by_game = self.destroyed_by_game()
        return None if by_game is None else MeanInterval.of(by_game)

    def per_hundred(self) -> MeanInterval | None:
        """Points destroyed per game for every 100 points spent on the type."""
        destroyed = self.points_destroyed()
        if destroyed is None or not self.points:
            return None
        return destroyed.scaled(100.0 / self.points)

    def never_lost(self) -> bool:
        """Whether models of the type were fielded and none was lost in any game."""
        return self.exposed > 0 and self.lost == 0

    def summary(self, side: int, unit_type: str) -> UnitSummary:
        """The pool as one side's :class:`UnitSummary` (means per game)."""
        by_game = self.destroyed_by_game()
        return UnitSummary(
            side,
            unit_type,
            self.per_game(self.fielded),
            self.per_game(self.lost),
            Rate.of(self.survived, self.exposed) if self.exposed else None,
            self.per_game(self.taken),
            self.per_game(self.dealt),
            None if by_game is None else self.per_game(self.points_lost),
            None if by_game is None else MeanInterval.of(by_game),
            by_game,
        )


@dataclass
class ListUnits:
    """A list's unit types (by name) and the games it played."""

    games: int = 0
    units: dict[str, UnitPool] = field(default_factory=dict)

    def recorded(self) -> bool:
        """Whether every game counted the points destroyed."""
        return all(pool.destroyed is not None for pool in self.units.values())


def unit_points(plan: GamePlan) -> list[dict[str, int]]:
    """Per side, the points its list spends on each unit type (empty without a list)."""
    spent: list[dict[str, int]] = []
    for side in plan.sides:
        points: dict[str, int] = {}
        rules = None if side.army is None else plan.ruleset.army_rules(side.army)
        if side.army is not None and rules is not None:
            for entry in price(side.army, rules.lookup)[0].entries:
                points[entry.entry.unit] = points.get(entry.entry.unit, 0) + entry.points
        spent.append(points)
    return spent


def add_run(
    lists: Sequence[ListUnits], seated: Sequence[int], summary: RunSummary,
    spent: Sequence[dict[str, int]],
) -> None:
    """Add a run to ``lists``: ``seated[k]`` is the list that played side ``k`` of it,
    ``spent[k]`` that side's points on each unit type."""
    for position, index in enumerate(seated):
        mine = lists[index]
        before = mine.games
        mine.games += summary.games
        for unit in summary.units:
            if unit.side != position:
                continue
            pool = mine.units.setdefault(unit.unit_type, UnitPool())
            pool.fielded += unit.fielded * summary.games
            pool.lost += unit.lost * summary.games
            pool.taken += unit.damage_taken * summary.games
            pool.dealt += unit.damage_dealt * summary.games
            pool.points_lost += (unit.points_lost or 0.0) * summary.games
            if unit.survival is not None:
                pool.survived += unit.survival.successes
                pool.exposed += unit.survival.trials
            pool.points = spent[position].get(unit.unit_type, pool.points)
            if pool.destroyed is not None and unit.destroyed_by_game is not None:
                # games of earlier runs where the type had no tally destroyed nothing
                pool.destroyed += [0.0] * (before - len(pool.destroyed))
                pool.destroyed += unit.destroyed_by_game
            else:
                pool.destroyed = None
    for mine in lists:
        for pool in mine.units.values():
            pool.games = mine.games


def units_by_list(
    lists_count: int, seatings: Sequence[Sequence[int]], runs: Sequence[RunResult]
) -> list[ListUnits]:
    """Each of ``lists_count`` lists' units over every run it played: ``seatings[r][k]`` is
    the list playing side ``k`` of ``runs[r]`` (a tournament's tables, or a list against a
    field); per-game means weighted by each run's games, survival over every model fielded,
    points destroyed game by game over all of them."""
    lists = [ListUnits() for _ in range(lists_count)]
    for seated, run in zip(seatings, runs, strict=True):
        add_run(lists, seated, summarize(run.plan.sides, run.records), unit_points(run.plan))
    return lists


def spread(value: MeanInterval | None) -> Stacked:
    """A mean over its interval (``42.5`` over ``[20.0, 66.2]``), the mean alone for one
    game or games all alike (no spread to show), or ``-`` when not counted.

    >>> str(spread(MeanInterval(20, 42.5, 20.0, 66.25))), str(spread(None))
    ('42.5 [20.0, 66.2]', '-')
    """
    if value is None:
        return Stacked("-")
    if value.count < 2 or value.low == value.high:  # one game, or every game alike
        return Stacked(f"{value.mean:.1f}")
    return Stacked(f"{value.mean:.1f}", f"[{value.low:.1f}, {value.high:.1f}]")


def rate_cell(survived: int, exposed: int) -> Stacked:
    """A survival rate over its 95% Wilson interval (``-`` when nothing was counted)."""
    if not exposed:
        return Stacked("-")
    rate = Rate.of(survived, exposed)
    return Stacked(f"{rate.value:.1%}", f"[{rate.low:.1%}, {rate.high:.1%}]")


def unit_rows(mine: ListUnits) -> list[tuple[object, ...]]:
    """A list's unit types as rows of :data:`UNIT_COLUMNS` (a type never lost says so
    under its name)."""
    return [
        (
            Stacked(unit_type, flag_words(pool)),
            per_game(pool.per_game(pool.fielded)) if pool.fielded else "-",
            "-" if pool.points is None else pool.points,
            per_game(pool.per_game(pool.lost)),
            rate_cell(pool.survived, pool.exposed),
            f"{pool.per_game(pool.taken):.2f}",
            f"{pool.per_game(pool.dealt):.2f}",
            spread(pool.points_destroyed()),
            spread(pool.per_hundred()),
        )
        for unit_type, pool in sorted(mine.units.items())
    ]


def flag_words(pool: UnitPool) -> str:
    """What the unit type's name is followed by in its row: ``never lost``, ``never
    damaged or lost``, or nothing."""
    if not pool.never_lost():
        return ""
    return "never damaged or lost" if pool.taken == 0 else "never lost"


def flags_note(mine: ListUnits) -> str:
    """A sentence under a list's table naming its types never lost in any game, and what
    that means for their figures (empty when every type lost a model somewhere)."""
    never = [name for name, pool in sorted(mine.units.items()) if pool.never_lost()]
    if not never:
        return ""
    games = f"{mine.games} game" if mine.games == 1 else f"any of its {mine.games} games"
    return (
        f"<p>Never lost in {games}: {html.escape(', '.join(never))}. Their figures say how"
        " the bots played against them, not what they are worth: the other side's bot never"
        " took them out, whether it could not or chose other targets, and a player who"
        " hunts them may (docs/simulate.md, units the bots never sink).</p>"
    )


def units_words(meaning: str, games: str, whole: str, *, priced: bool, recorded: bool) -> str:
    """The paragraph above the unit tables: what each column measures, over ``games`` (the
    run's 20 games) and ``whole`` (the whole run), with ``meaning`` the ruleset's words for
    points destroyed (empty: the core's)."""
    points = " Points spent: what the list spends on the type, in every game." if priced else ""
    if recorded:
        credited = (
            f" Points destroyed: {meaning or DEFAULT_MEANING}; a loss the unit's own side"
            " caused counts for nobody."
            + (" Per 100 points spent: those points for every 100 the list spends on the"
               " type (100: in an average game it took as many points off the enemy as it"
               " cost)." if priced else "")
            + f" Each with its 95% interval over the games (a bootstrap: the games drawn"
            f" again {BOOTSTRAP_RESAMPLES:,} times). These, not the damage, say which units"
            " earn their points: damage counts the ruleset's hull points or boxes, and a"
            " frigate's hull point weighs as much as a battleship's."
        )
    else:
        credited = (
            " Points destroyed: not recorded (-): these games were stored before warbench"
            " counted them; play the run again, without --resume, to see them."
        )
    return (
        f"<p>Per game: the mean over {games} (models fielded and lost, damage taken and"
        f" dealt, points destroyed). Survival: the models not destroyed out of every model"
        f" fielded in {whole}.{points}{credited}</p>"
    )


def list_table(label: str, mine: ListUnits, columns: Sequence[str]) -> list[str]:
    """A list's unit table under its ``label`` heading, and the note of its types never
    lost (nothing when the list has no unit figures)."""
    rows = unit_rows(mine)
    if not rows:
        return []
    note = flags_note(mine)
    return [f"<h3>{html.escape(label)}</h3>", html_table(columns, rows, names=True),
            *([note] if note else [])]


def run_units(result: RunResult, summary: RunSummary) -> list[ListUnits]:
    """Each side of a run as a list of its own."""
    lists = [ListUnits() for _ in summary.sides]
    add_run(lists, range(len(summary.sides)), summary, unit_points(result.plan))
    return lists


def survival_plot(summary: RunSummary) -> str:
    """Each unit type's survival with its interval, in its side's colour."""
    rows = [unit for unit in summary.units if unit.survival is not None]
    figure = new_figure(7, 0.6 + 0.35 * len(rows))
    axes = figure.subplots()
    for row, unit in enumerate(rows):
        assert unit.survival is not None
        rate = unit.survival
        axes.barh(row, rate.value, color=PLAYER_COLOURS[unit.side % len(PLAYER_COLOURS)])
        axes.errorbar(
            rate.value,
            row,
            xerr=[[rate.value - rate.low], [rate.high - rate.value]],
            color="black",
            capsize=3,
        )
    labels = [f"{summary.sides[unit.side].label}: {unit.unit_type}" for unit in rows]
    axes.set_yticks(range(len(rows)), labels)
    axes.set_xlim(0, 1)
    axes.set_xlabel("models surviving (95% Wilson interval)")
    return png_image(figure)


def unit_section(result: RunResult, summary: RunSummary) -> list[str]:
    """A run's units: a table per side of the types of its own list (or force)."""
    if not summary.units:
        return []
    lists = run_units(result, summary)
    parts = [
        "<h2>Units</h2>",
        units_words(
            result.plan.ruleset.points_destroyed_meaning, f"the run's {summary.games} games",
            "the whole run", priced=any(unit_points(result.plan)),
            recorded=all(mine.recorded() for mine in lists),
        ),
    ]
    for side, mine in zip(summary.sides, lists, strict=True):
        parts += list_table(side.label, mine, UNIT_COLUMNS)
    if any(unit.survival is not None for unit in summary.units):
        parts.append(figure_html(survival_plot(summary), "Survival by unit type."))
    return parts
