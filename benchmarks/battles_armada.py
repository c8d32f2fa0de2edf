"""Armada battles per second: tier-6 armadas played to the end by the bots, and where the
time goes.

Run: ``.venv/bin/python benchmarks/battles_armada.py [--games N] [--repeats N]
[--no-profile]``. Each pairing plays the same seeded battles of the two tier-6 demo armadas
(Home Guard against the Comet Corsairs, 10 rounds at most) with ``play_match`` and no state
hash after each action (``record_hashes=False``); each figure is the best of the repeats.
The digest of the games' final state hashes comes last: an optimisation that changes no rule
and no bot choice leaves it as it was.

Then one pass of every pairing runs under cProfile; the summary gives the share of the time
spent in each module (own time) and the functions with the most time, own and cumulative.
"""

from __future__ import annotations

from battle_runner import Bench, Pairing, main

from warbench.core.agents import RandomAgent
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.bots import TacticianAgent

RULES = ArmadaRuleset()
SETUP = {"armadas": ["home-guard-6", "corsairs-6"]}
PAIRINGS: dict[str, Pairing] = {
    "tactician vs tactician": lambda seed: [TacticianAgent(seed), TacticianAgent(seed + 1000)],
    "tactician vs random": lambda seed: [TacticianAgent(seed), RandomAgent(seed + 1000)],
}


if __name__ == "__main__":
    main(__doc__ or "", Bench(RULES, SETUP, PAIRINGS))
