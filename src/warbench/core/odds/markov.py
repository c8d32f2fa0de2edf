"""A target whose state changes attack by attack: hull points left, shields, screens.

The state is a whole number held as a :class:`Dist`; each attack says, for one state, what
the state becomes (a :class:`Dist`). The chance of every state after a run of attacks is
then exact, for attacks that depend on the state reached so far (a crippled ship fights
back less, shields hold until they fall).

>>> hull = 4
>>> shot = subtract_clipped(Dist.from_mapping({0: 0.5, 1: 0.25, 2: 0.25}))
>>> after = apply_attacks(hull, [shot] * 5)
>>> round(after.p(0), 6)  # the chance the ship is destroyed
0.539062
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from warbench.core.odds._arrays import weighted_sum
from warbench.core.odds.dist import Dist

#: What one attack does to one state: the distribution of the state after it.
Transition = Callable[[int], Dist]


def absorb(state: Dist, transition: Transition) -> Dist:
    """The state after one attack: each state's outcome, weighted by its chance.

    >>> absorb(Dist.from_mapping({0: 0.5, 3: 0.5}), lambda s: Dist.constant(s * 2)).to_dict()
    {0: 0.5, 6: 0.5}
    """
    parts = [(chance, transition(value)) for value, chance in state.items()]
    probs, offsets = weighted_sum([(chance, d.probabilities, (d.offset,)) for chance, d in parts])
    lost = state.truncated_mass + sum(chance * d.truncated_mass for chance, d in parts)
    return Dist._new(probs, offsets, lost)


def apply_attacks(initial_state: int | Dist, attacks: Sequence[Transition]) -> Dist:
    """The state after ``attacks`` in order, starting from ``initial_state``."""
    state = Dist.constant(initial_state) if isinstance(initial_state, int) else initial_state
    for attack in attacks:
        state = absorb(state, attack)
    return state


def subtract_clipped(damage: Dist, floor: int = 0) -> Transition:
    """An attack that takes ``damage`` off the state, which stops at ``floor``.

    >>> subtract_clipped(Dist.die(6))(3).to_dict()[0]  # 3 or more on the d6
    0.6666666666666666
    """

    def attack(state: int) -> Dist:
        return (state - damage).clip(floor, None)

    return attack
