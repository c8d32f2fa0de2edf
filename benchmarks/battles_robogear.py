"""ROBOGEAR battles per second: three-player battles played to the end by the bots, and
where the time goes.

Run: ``.venv/bin/python benchmarks/battles_robogear.py [--games N] [--repeats N]
[--no-profile]``. Each pairing plays the same seeded three-player battles of the shipped
armies (Ferrum, Verdant, Ashen; 8 rounds at most) with ``play_match`` and no state hash
after each action (``record_hashes=False``); each figure is the best of the repeats.
The digest of the games' final state hashes comes last: an optimisation that changes no rule
and no bot choice leaves it as it was.

Then one pass of every pairing runs under cProfile; the summary gives the share of the time
spent in each module (own time) and the functions with the most time, own and cumulative.
"""

from __future__ import annotations

from battle_runner import Bench, Pairing, main

from warbench.core.agents import RandomAgent
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.bots import CommanderBot

RULES = RobogearRuleset()
SETUP = {"armies": ["ferrum", "verdant", "ashen"]}
PAIRINGS: dict[str, Pairing] = {
    "3 commanders": lambda seed: [CommanderBot(seed + k * 1000) for k in range(3)],
    "commander vs 2 random": lambda seed: [
        CommanderBot(seed), RandomAgent(seed + 1000), RandomAgent(seed + 2000)],
}


if __name__ == "__main__":
    main(__doc__ or "", Bench(RULES, SETUP, PAIRINGS))
