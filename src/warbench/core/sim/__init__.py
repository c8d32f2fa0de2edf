"""Batch simulation: many bot-against-bot games, their statistics, store and report.

One idea per module:

- :mod:`~warbench.core.sim.seeds`: each game's seed and seating from the run seed and index;
- :mod:`~warbench.core.sim.plan`: checking lists, bots and scenario before any game;
- :mod:`~warbench.core.sim.play`: playing one game and the record kept of it;
- :mod:`~warbench.core.sim.units`: per unit type figures from ruleset events;
- :mod:`~warbench.core.sim.local` and :mod:`~warbench.core.sim.ray_backend`: where games run;
- :mod:`~warbench.core.sim.runner`: a run, resumable, with progress;
- :mod:`~warbench.core.sim.stats` and :mod:`~warbench.core.sim.summary`: the statistics;
- :mod:`~warbench.core.sim.store`: the SQLite results file;
- :mod:`~warbench.core.sim.html` and :mod:`~warbench.core.sim.report`: the HTML report,
  its unit tables from :mod:`~warbench.core.sim.unit_report`;
- :mod:`~warbench.core.sim.ratings` and :mod:`~warbench.core.sim.tournament`: round robins;
- :mod:`~warbench.core.sim.field` and :mod:`~warbench.core.sim.field_report`: one list
  against each of a field of opponents.
"""

from warbench.core.sim.plan import GamePlan, Side, prepare
from warbench.core.sim.play import GameRecord, play_game
from warbench.core.sim.runner import RunResult, make_backend, simulate
from warbench.core.sim.store import ResultStore, load_journal
from warbench.core.sim.summary import RunSummary, compare, summarize

__all__ = [
    "GamePlan",
    "GameRecord",
    "ResultStore",
    "RunResult",
    "RunSummary",
    "Side",
    "compare",
    "load_journal",
    "make_backend",
    "play_game",
    "prepare",
    "simulate",
    "summarize",
]
