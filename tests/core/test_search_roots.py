"""The search bot's record of its roots (issue 17: why does the search overrule the
heuristic, or not): ``SearchBot.roots`` and ``benchmarks/search_roots.py``."""

from __future__ import annotations

import warbench
from tests.benchmark_script import load_benchmark
from tests.core.test_search_paired import PLAYED
from warbench.core.botspec import make_bot
from warbench.core.match import play_match
from warbench.core.search import SearchBot
from warbench.core.search.paired import Gain, RootRecord

FT = warbench.ruleset("full-thrust")
BUDGET = "search:iterations=3,depth=6,width=3,pilot=0,alternatives=2,extend=2,paired=1"


def short_game(keep: bool) -> tuple[list[object], SearchBot]:
    """Full Thrust, search in seat 0 against the admiral, cut at 60 decisions; the
    actions taken, and the search bot."""
    search = make_bot(FT, BUDGET, 11)
    assert isinstance(search, SearchBot)
    if keep:
        search.roots = []
    result = play_match(FT, [search, make_bot(FT, "admiral", 12)], seed=5,
                        record_hashes=False, max_decisions=60)
    return [(entry.player, entry.action) for entry in result.journal.entries], search


def test_keeping_the_roots_changes_no_answer_and_records_every_searched_decision() -> None:
    """The same game with and without the record; one record per searched decision, each
    overruled answer marked, each other candidate's gain over the heuristic's choice."""
    plain, _ = short_game(keep=False)
    kept, search = short_game(keep=True)
    assert kept == plain
    roots = search.roots
    assert roots is not None and len(roots) == search.cost.decisions > 0
    assert sum(record.overruled for record in roots) == search.cost.overruled
    assert all(len(record.gains) <= 2 for record in roots)  # width 3: two others at most
    assert all(record.worlds <= 3 + 2 for record in roots)  # iterations and extend
    assert {"WriteOrders"} <= {record.kind for record in roots}


def test_a_root_record_holds_each_candidates_paired_gain() -> None:
    """The gains are the paired test's own (tests/core/test_search_paired.py)."""
    record = RootRecord.of("Kind", ["heuristic", "steady", "lucky", "absent"],
                           PLAYED, overruled=True)
    assert record.worlds == 4
    assert record.gains[0] == Gain.between(PLAYED["steady"],
                                           PLAYED["heuristic"])
    assert record.gains[0].sure and not record.gains[1].sure
    assert record.gains[2].worlds == 0


def test_the_table_counts_surely_better_and_surely_worse_roots() -> None:
    """benchmarks/search_roots.py: per kind of decision, the searched and overruled roots,
    those with a candidate two standard errors better, those where every candidate is
    two standard errors worse."""
    script = load_benchmark("search_roots")
    better = Gain(0.1, 0.01, 5)
    worse = Gain(-0.1, 0.01, 5)
    unsure = Gain(0.05, 0.1, 5)
    records = [
        RootRecord("Move", 5, (better, worse), True),
        RootRecord("Move", 5, (worse, worse), False),
        RootRecord("Move", 5, (unsure,), False),
        RootRecord("Fire", 5, (), False),
    ]
    lines = script.table(records)
    move = lines[1].split()
    assert move[:3] == ["Move", "3", "1"]
    assert move[3] == f"{(0.1 - 0.1 + 0.05) / 3:+.4f}"
    assert move[4:6] == ["1", "1"]
    assert lines[2].split()[:3] == ["Fire", "1", "0"]
