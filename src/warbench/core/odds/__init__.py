"""Exact odds: distributions of dice results and the algebra players need on them.

Probabilities are float64 arrays over a run of integers (plus an offset), so sums are
convolutions and thresholds are slices: exact up to float round-off (about 1e-15), and far
faster than exact rational arithmetic. Exploding dice have infinite series; they are cut
where the mass left out falls below a tolerance (1e-15 by default), and that mass is kept
on the result as ``truncated_mass``.

>>> from warbench.core.faces import FaceTable
>>> dw = FaceTable.counted(6, {(4, 5): 1, (6, 6): 2}, explode_on=(6,))
>>> round(pool_dist(8, dw).at_least(6), 4)  # eight Dystopian Wars dice: 6 hits or more
0.5701
>>> round(keep_highest(Dist.die(6), 4, 3).at_least(15), 4)
0.2315
"""

from warbench.core.odds._lattice import InvalidDistribution, InvalidOddsQuery
from warbench.core.odds.dist import Dist, OpposedOdds, mixture, opposed
from warbench.core.odds.joint import JointDist
from warbench.core.odds.markov import Transition, absorb, apply_attacks, subtract_clipped
from warbench.core.odds.order import keep_highest, max_of, maximum
from warbench.core.odds.pools import pool_dist, reroll

__all__ = [
    "Dist",
    "InvalidDistribution",
    "InvalidOddsQuery",
    "JointDist",
    "OpposedOdds",
    "Transition",
    "absorb",
    "apply_attacks",
    "keep_highest",
    "max_of",
    "maximum",
    "mixture",
    "opposed",
    "pool_dist",
    "reroll",
    "subtract_clipped",
]
