"""What the search finds at its roots: each kind of decision's root gains over the heuristic.

    python benchmarks/search_roots.py RULESET [--games N] [--first N] [--budget SPEC]
                                      [--setup JSON]

Plays seeded games of the search bot against the ruleset's heuristic bot (seats alternated,
the series of ``tests/core/test_search_strength.py``) with :attr:`SearchBot.roots` kept,
then prints, per kind of decision (the action type of the heuristic's choice): how many
were searched and overruled, the mean over decisions of the best other candidate's gain
over the heuristic's choice, how many had a candidate surely better (two standard errors)
and surely worse, and the mean standard error of the gains. Where the gains are exact
(standard error 0) but all below the budget's ``margin``, the search can never overrule;
where every alternative is surely worse, the heuristic's choice is the best of those the
search is offered. The default budget plays every candidate in every world (``pilot=0``),
so that every gain is measured on the same worlds.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

import warbench
from warbench.core.botspec import make_bot
from warbench.core.match import play_match
from warbench.core.rng import seed_for
from warbench.core.search import SearchBot, SearchFactory
from warbench.core.search.paired import RootRecord

BUDGET = "search:iterations=12,depth=20,width=3,pilot=0,alternatives=2"


def play(ruleset_id: str, games: int, first: int, budget: str,
         setup: Mapping[str, Any] | None) -> list[RootRecord]:
    """The root records of the search's decisions over ``games`` seeded games."""
    rules = warbench.ruleset(ruleset_id)
    factory = rules.bots()["search"]
    assert isinstance(factory, SearchFactory)
    records: list[RootRecord] = []
    for game in range(first, first + games):
        seed = seed_for(17, game)
        seat = game % 2
        search = make_bot(rules, budget, seed_for(seed, 1))
        assert isinstance(search, SearchBot)
        search.roots = records
        other = factory.heuristic(seed_for(seed, 2))  # the heuristic the search builds on
        agents = [search, other] if seat == 0 else [other, search]
        result = play_match(rules, agents, setup=setup, seed=seed, record_hashes=False,
                            transactional=rules.late_refusals)
        assert result.outcome is not None
        print(f"game {game}: search in seat {seat}, winners {result.outcome.winners}")
    return records


def table(records: Sequence[RootRecord]) -> list[str]:
    """One line per kind of decision (see the module docstring)."""
    kinds: dict[str, list[RootRecord]] = defaultdict(list)
    for record in records:
        kinds[record.kind].append(record)
    lines = [f"{'decision':16} {'searched':>8} {'overruled':>9} {'best gain':>9}"
             f" {'surely better':>13} {'surely worse':>12} {'mean error':>10}"]
    for kind, found in sorted(kinds.items(), key=lambda item: -len(item[1])):
        gains = [gain for record in found for gain in record.gains if gain.worlds >= 2]
        best = [max((g.mean for g in record.gains if g.worlds >= 2), default=0.0)
                for record in found]
        better = sum(any(g.sure and g.mean > 0 for g in record.gains) for record in found)
        worse = sum(bool(record.gains) and all(g.sure and g.mean < 0 for g in record.gains)
                    for record in found)
        error = sum(g.error for g in gains) / max(1, len(gains))
        lines.append(
            f"{kind:16} {len(found):8d} {sum(r.overruled for r in found):9d}"
            f" {sum(best) / len(best):+9.4f} {better:13d} {worse:12d} {error:10.4f}"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ruleset")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--budget", default=BUDGET)
    parser.add_argument("--setup", default=None, help="the set-up as JSON (default: the "
                        "ruleset's default game)")
    args = parser.parse_args()
    try:
        setup = None if args.setup is None else json.loads(args.setup)
    except json.JSONDecodeError as error:
        parser.error(f"--setup is not JSON: {error}")
    known = warbench.available_rulesets()
    if args.ruleset not in known:
        parser.error(f"no ruleset {args.ruleset!r}; known: {', '.join(known)}")
    records = play(args.ruleset, args.games, args.first, args.budget, setup)
    print(f"{args.ruleset}, {args.budget}, games {args.first}-{args.first + args.games - 1}")
    print("\n".join(table(records)))


if __name__ == "__main__":
    main()
