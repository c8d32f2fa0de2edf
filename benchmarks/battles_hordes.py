"""HORDES battles per second: the two 15-point demo battlegroups played to the end by the
bots, and where the time goes.

Run: ``.venv/bin/python benchmarks/battles_hordes.py [--games N] [--repeats N]
[--no-profile]``. Each pairing plays the same seeded battles (Thornwood Vanguard against
the Ashen Warband on the standard layout, 7 rounds at most) with ``play_match`` and no
state hash after each action (``record_hashes=False``); each figure is the best of the
repeats.
The digest of the games' final state hashes comes last: an optimisation that changes no rule
and no bot choice leaves it as it was.

Then one pass of every pairing runs under cProfile; the summary gives the share of the time
spent in each module (own time) and the functions with the most time, own and cumulative.
"""

from __future__ import annotations

from battle_runner import Bench, Pairing, main

from warbench.core.agents import RandomAgent
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.bots import WarlockBot

RULES = HordesRuleset()
SETUP = {"armies": ["thornwood-maelis", "ashen-vesk"], "layout": "standard"}
PAIRINGS: dict[str, Pairing] = {
    "warlock vs warlock": lambda seed: [WarlockBot(seed), WarlockBot(seed + 1000)],
    "warlock vs random": lambda seed: [WarlockBot(seed), RandomAgent(seed + 1000)],
    "random vs random": lambda seed: [RandomAgent(seed), RandomAgent(seed + 1000)],
}


if __name__ == "__main__":
    main(__doc__ or "", Bench(RULES, SETUP, PAIRINGS))
