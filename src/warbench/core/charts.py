"""Charts of distributions: ``odds --plot`` and the ``simulate --report`` page draw alike.

A chart is data first (:class:`BarChart`: the outcomes shown, and for each series the
chance of exactly and of at least each), then a matplotlib figure with two panels: the
exact chances as bars side by side, the at-least chances below on the same outcomes, one
colour per series, the legend above the panels (never over a bar). Exact odds are trimmed
to the outcomes carrying :data:`KEPT_MASS` of every series' probability, so a long thin
tail (60 possible hits, nothing visible past 20) does not squeeze the bars.

>>> chart = odds_chart([("2d6", {v: (6 - abs(v - 7)) / 36 for v in range(2, 13)})], "total")
>>> chart.labels[0], chart.labels[-1], round(chart.series[0].at_least[5], 4)
('2', '12', 0.5833)
>>> trimmed_range([{0: 0.5, 1: 0.49996, 60: 0.00004}])
(0, 1)
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from warbench.core.render import PLAYER_COLOURS

if TYPE_CHECKING:  # matplotlib loads when a chart is drawn: commands start without it
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: The share of each distribution's probability a chart keeps (the rest: far tails).
KEPT_MASS = 0.9999
#: Most bars per series before sampled values are grouped into ranges.
MOST_BARS = 30


@dataclass(frozen=True, slots=True)
class ChartSeries:
    """One series: its label and, per outcome shown, the chance of exactly and at least it."""

    label: str
    exact: tuple[float, ...]
    at_least: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class BarChart:
    """What a chart shows: the outcomes along the x axis (``labels``) and the series."""

    outcome: str
    labels: tuple[str, ...]
    series: tuple[ChartSeries, ...]
    ylabel: str = "probability"
    title: str = ""


def trimmed_range(distributions: Sequence[Mapping[int, float]], kept: float = KEPT_MASS) -> (
    tuple[int, int]
):
    """The outcomes from the lowest to the highest any distribution needs so that each keeps
    ``kept`` of its mass (at most half the rest cut from each end)."""
    cut = (1.0 - kept) / 2
    lows, highs = [], []
    for distribution in distributions:
        values = sorted(value for value, p in distribution.items() if p > 0)
        total = sum(distribution[value] for value in values)
        low, high, dropped = 0, len(values) - 1, 0.0
        while low < high and dropped + distribution[values[low]] <= cut * total:
            dropped += distribution[values[low]]
            low += 1
        dropped = 0.0
        while high > low and dropped + distribution[values[high]] <= cut * total:
            dropped += distribution[values[high]]
            high -= 1
        lows.append(values[low])
        highs.append(values[high])
    return min(lows), max(highs)


def odds_chart(
    series: Sequence[tuple[str, Mapping[int, float]]], outcome: str, kept: float = KEPT_MASS,
    title: str = "",
) -> BarChart:
    """The chart of exact distributions (label, value to probability), trimmed to the
    outcomes that carry ``kept`` of each; at-least chances count the whole distribution."""
    low, high = trimmed_range([dist for _, dist in series], kept)
    shown = range(low, high + 1)
    lines = []
    for label, dist in series:
        exact = tuple(dist.get(value, 0.0) for value in shown)
        at_least = tuple(
            min(1.0, sum(p for v, p in dist.items() if v >= value)) for value in shown
        )
        lines.append(ChartSeries(label, exact, at_least))
    return BarChart(outcome, tuple(str(value) for value in shown), tuple(lines), title=title)


def _nice(width: float) -> float:
    """The round width (1, 2 or 5 times a power of ten) at or above ``width``."""
    power = 10.0 ** math.floor(math.log10(width))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= width)


def _bins(values: Sequence[float]) -> tuple[float, float]:
    """Where the first bar starts and how wide each is: one per whole number over a short
    span, else round ranges, at most about :data:`MOST_BARS` of them."""
    low, high = min(values), max(values)
    whole = all(float(value).is_integer() for value in values)
    if whole and high - low < MOST_BARS:
        return low, 1.0
    width = _nice((high - low) / MOST_BARS or 1.0)
    return math.floor(low / width) * width, width


def _label(low: float, width: float, whole: bool) -> str:
    """A bar's range: whole numbers by their first and last (``150-159``); other values by
    where the range starts and the value it stays under, so no value fits two bars.

    >>> _label(150, 10, True), _label(50, 50, False)
    ('150-159', '50 to <100')
    """
    if whole and width == 1:
        return f"{low:g}"
    if whole:
        return f"{low:g}-{low + width - 1:g}"
    return f"{low:g} to <{low + width:g}"


def sample_chart(
    series: Sequence[tuple[str, Sequence[float]]], outcome: str
) -> BarChart:
    """The chart of sampled values (one per game): the share of games at each value (or in
    each range of values, when there are too many), and the share at least there."""
    flat = [value for _, values in series for value in values]
    if not flat:
        return BarChart(outcome, (), (), "share of games")
    start, width = _bins(flat)
    whole = width.is_integer() and all(float(value).is_integer() for value in flat)
    bars = int((max(flat) - start) // width) + 1
    labels = tuple(_label(start + width * bar, width, whole) for bar in range(bars))
    lines = []
    for label, values in series:
        games = len(values) or 1
        counts = [0] * bars
        for value in values:
            counts[min(int((value - start) // width), bars - 1)] += 1
        exact = tuple(count / games for count in counts)
        at_least = tuple(sum(counts[i:]) / games for i in range(bars))
        lines.append(ChartSeries(label, exact, at_least))
    return BarChart(outcome, labels, tuple(lines), "share of games")


#: The characters a legend line holds before it wraps: an attack written out with its options
#: (``--compare``) is a long label, and one line of it would make the figure wider than the page.
LEGEND_WIDTH = 60


def legend_above(axes: Axes, entries: int) -> None:
    """The legend of ``axes`` above it, outside the plotting area, so it covers no bar; long
    labels wrapped and stacked one to a row, so the legend is never wider than the chart."""
    handles, labels = axes.get_legend_handles_labels()
    stacked = any(len(label) > LEGEND_WIDTH // 3 for label in labels)
    axes.legend(
        handles, [textwrap.fill(label, LEGEND_WIDTH, break_on_hyphens=False) for label in labels],
        loc="lower left", bbox_to_anchor=(0.0, 1.02), ncols=1 if stacked else min(entries, 3),
        frameon=False, borderaxespad=0.0,
    )


def new_figure(width: float, height: float) -> Figure:
    """A matplotlib figure of ``width`` by ``height`` inches (no pyplot: nothing global),
    importing matplotlib the first time one is asked for."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height))


def chart_figure(chart: BarChart) -> Figure:
    """The chart drawn: exact chances above, at-least chances below, legend on top."""
    count = max(len(chart.series), 1)
    figure = new_figure(min(10.0, max(6.0, 0.2 * len(chart.labels) * count + 2)), 5.2)
    exact_axes, at_least_axes = figure.subplots(2, 1, sharex=True, height_ratios=(3, 2))
    width = 0.8 / count
    positions = range(len(chart.labels))
    for index, line in enumerate(chart.series):
        # Okabe-Ito, in the order the table pictures give the seats: a report's side has
        # one colour throughout, and any colour vision tells the series apart
        colour = PLAYER_COLOURS[index % len(PLAYER_COLOURS)]
        shift = (index - (count - 1) / 2) * width
        exact_axes.bar(
            [x + shift for x in positions], line.exact, width=width, color=colour,
            label=line.label,
        )
        at_least_axes.step(
            list(positions), line.at_least, where="mid", color=colour, linewidth=1.8
        )
        at_least_axes.plot(list(positions), line.at_least, "o", color=colour, markersize=3)
    exact_axes.set_ylabel(f"{chart.ylabel}: exactly")
    at_least_axes.set_ylabel("at least")
    at_least_axes.set_ylim(0, 1.02)
    at_least_axes.set_xlabel(chart.outcome)
    step = max(1, math.ceil(len(chart.labels) / 30))
    at_least_axes.set_xticks(list(positions)[::step], chart.labels[::step])
    if any(len(label) > 3 for label in chart.labels):
        at_least_axes.tick_params(axis="x", labelrotation=45)
    for axes in (exact_axes, at_least_axes):
        axes.grid(axis="y", alpha=0.3)
        axes.set_axisbelow(True)
    if chart.title:  # above the legend, which sits on top of the upper axes
        figure.suptitle(chart.title, fontsize=11)
    if chart.series:
        legend_above(exact_axes, count)
    figure.tight_layout()
    return figure


def save_chart(chart: BarChart, path: str | Path) -> Path:
    """Draw ``chart`` into ``path`` (.png or .svg); return the path."""
    target = Path(path)
    chart_figure(chart).savefig(target, dpi=110, bbox_inches="tight")
    return target
