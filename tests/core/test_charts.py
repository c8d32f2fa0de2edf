"""Charts of `odds --plot` and `simulate --report` (issue 18): the data each is drawn from
(trimmed outcomes, exact and at-least series) and a legend that covers no bar."""

from __future__ import annotations

from matplotlib.backends.backend_agg import FigureCanvasAgg

from warbench.core.charts import (
    KEPT_MASS,
    chart_figure,
    odds_chart,
    sample_chart,
    trimmed_range,
)
from warbench.core.registry import ruleset


def _gunnery(dice: int) -> dict[int, float]:
    attack = ruleset("dystopian-wars").attacks()["gunnery"]
    options = attack.parse_options([f"dice={dice}", "dr=6", "cr=10"])
    return attack.odds(options).distribution.to_dict()


def test_exploding_dice_are_trimmed_to_the_mass_that_shows() -> None:
    """DW-HIT-TABLE: 20 exploding dice may score past 60 hits, with almost no chance; the chart
    keeps the outcomes holding 99.99% of each distribution and no more."""
    few, many = _gunnery(13), _gunnery(20)
    assert max(many) > 60
    low, high = trimmed_range([few, many])
    assert high < 45
    for dist in (few, many):
        kept = sum(p for value, p in dist.items() if low <= value <= high)
        assert kept >= KEPT_MASS
    one_less = sum(p for value, p in many.items() if low <= value < high)
    assert one_less < KEPT_MASS + (1 - KEPT_MASS) / 2  # the last bar shown is needed


def test_compare_chart_has_both_series_exact_and_at_least() -> None:
    """Each series has the chance of exactly and of at least each outcome shown; the
    at-least chance counts the whole distribution, trimmed tail included."""
    few, many = _gunnery(13), _gunnery(20)
    chart = odds_chart([("13 dice", few), ("20 dice", many)], "hits")
    assert [line.label for line in chart.series] == ["13 dice", "20 dice"]
    low = int(chart.labels[0])
    for line, dist in zip(chart.series, (few, many), strict=True):
        for offset, (exact, at_least) in enumerate(zip(line.exact, line.at_least, strict=True)):
            value = low + offset
            assert exact == dist.get(value, 0.0)
            assert abs(at_least - sum(p for v, p in dist.items() if v >= value)) < 1e-12


def test_the_legend_sits_outside_the_axes_and_bars_side_by_side() -> None:
    """With --compare the legend is above the plotting area (over no bar) and the two
    series' bars stand side by side, never on top of each other."""
    chart = odds_chart([("13 dice", _gunnery(13)), ("20 dice", _gunnery(20))], "hits")
    figure = chart_figure(chart)
    FigureCanvasAgg(figure).draw()
    exact_axes = figure.axes[0]
    legend = exact_axes.get_legend()
    assert legend is not None
    box = legend.get_window_extent()
    for axes in figure.axes:
        assert not box.overlaps(axes.get_window_extent())
    first, second = exact_axes.containers
    for one, other in zip(first.patches, second.patches, strict=True):
        assert one.get_x() + one.get_width() <= other.get_x() + 1e-9


def test_a_long_compare_legend_wraps_within_the_figure() -> None:
    """`odds ... --compare ... --plot`: attacks written out with their options are long
    labels; the legend wraps them, one to a row, and stays inside the figure (one line of
    each made a figure three times wider than its panels)."""
    long = "wing-attack wing=britannia-torpedo-bomber-wing target=prussia-cruiser aa=3 cc=2"
    chart = odds_chart([(long, _gunnery(13)), (long + " patrol=prussia-fighter-wing",
                                             _gunnery(20))], "hits")
    figure = chart_figure(chart)
    FigureCanvasAgg(figure).draw()
    legend = figure.axes[0].get_legend()
    assert legend is not None
    assert all("\n" in text.get_text() for text in legend.get_texts())
    box, page = legend.get_window_extent(), figure.bbox
    assert page.x0 - 1 <= box.x0 and box.x1 <= page.x1 + 1 and box.y1 <= page.y1 + 1
    for axes in figure.axes:
        assert not box.overlaps(axes.get_window_extent())


def test_sampled_values_get_shares_and_round_ranges() -> None:
    """simulate --report: scores per game become shares of games, in round ranges when
    there are many values, with the at-least share beneath."""
    chart = sample_chart([("A", [66.5, 912.8, 300.0, 450.2]), ("B", [100.0, 200.0])], "score")
    assert chart.labels[0] == "50 to <100" and chart.labels[-1] == "900 to <950"
    a, b = chart.series
    assert sum(a.exact) == 1.0 and b.at_least[0] == 1.0
    assert b.exact[chart.labels.index("100 to <150")] == 0.5  # 100 in one bar, not two
    lengths = sample_chart([("all games", [3.0, 4.0, 4.0, 7.0])], "decisions")
    assert lengths.labels == ("3", "4", "5", "6", "7")
    assert lengths.series[0].at_least == (1.0, 0.75, 0.25, 0.25, 0.25)
