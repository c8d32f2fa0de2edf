"""Full Thrust battles per second: the admiral bot and the random agent, to the end, and
where the time goes.

Run: ``.venv/bin/python benchmarks/battles_full_thrust.py [--games N] [--repeats N]
[--no-profile]``. Each pairing plays the same seeded default battles (the Concord strike
group against the Directorate, 12 turns at most) with ``play_match`` and no state hash after
each action (``record_hashes=False``); each figure is the best of the repeats.
The digest of the games' final state hashes comes last: an optimisation that changes no rule
and no bot choice leaves it as it was.

Then one pass of every pairing runs under cProfile; the summary gives the share of the time
spent in each module (own time) and the functions with the most time, own and cumulative.
"""

from __future__ import annotations

from battle_runner import Bench, Pairing, main

from warbench.core.agents import RandomAgent
from warbench.rulesets.full_thrust import FullThrustRuleset
from warbench.rulesets.full_thrust.bots import AdmiralBot

RULES = FullThrustRuleset()
PAIRINGS: dict[str, Pairing] = {
    "admiral vs admiral": lambda seed: [AdmiralBot(seed), AdmiralBot(seed + 1)],
    "admiral vs random": lambda seed: [AdmiralBot(seed), RandomAgent(seed)],
    "random vs random": lambda seed: [RandomAgent(seed), RandomAgent(seed + 1)],
}


if __name__ == "__main__":
    main(__doc__ or "", Bench(RULES, {}, PAIRINGS))
