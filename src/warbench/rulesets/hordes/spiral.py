"""The life spiral of a warbeast: six branches, three aspects, and what crippling does.

Branches are numbered 1 to 6; branches 1-2 are the mind, 3-4 the body, 5-6 the spirit
(engine default: the seed names the aspects but not their branches). A d6 picks the branch
damage starts in; circles fill from the first unmarked one, and when a branch is full the
damage goes on in the next branch (1 → 2 → ... → 6 → 1) that has circles left. An aspect is
crippled while every circle of both its branches is marked.

>>> marked = [0] * 6
>>> fill(marked, (3, 3, 3, 3, 3, 3), branch=2, amount=4)
4
>>> marked, crippled(marked, (3, 3, 3, 3, 3, 3))
([0, 3, 1, 0, 0, 0], frozenset())
"""

from __future__ import annotations

from collections.abc import Sequence

ASPECTS: dict[str, tuple[int, int]] = {"mind": (0, 1), "body": (2, 3), "spirit": (4, 5)}


def fill(marked: list[int], sizes: Sequence[int], branch: int, amount: int) -> int:
    """Mark ``amount`` circles starting in ``branch`` (1-6); return how many were marked."""
    index = branch - 1
    done = 0
    for _ in range(6):
        room = sizes[index] - marked[index]
        take = min(room, amount - done)
        marked[index] += take
        done += take
        if done == amount:
            break
        index = (index + 1) % 6
    return done


def crippled(marked: Sequence[int], sizes: Sequence[int]) -> frozenset[str]:
    """The aspects whose branches are all marked."""
    return frozenset(
        aspect
        for aspect, (a, b) in ASPECTS.items()
        if marked[a] >= sizes[a] and marked[b] >= sizes[b]
    )


def heal(marked: list[int], sizes: Sequence[int], amount: int) -> int:
    """Unmark up to ``amount`` circles, crippled aspects first (engine default: the seed
    does not say which circles are healed); return how many were healed."""
    done = 0
    order = [i for aspect in sorted(crippled(marked, sizes)) for i in ASPECTS[aspect]]
    order += [i for i in range(6) if i not in order]
    for index in order:
        take = min(marked[index], amount - done)
        marked[index] -= take
        done += take
    return done


def left(marked: Sequence[int], sizes: Sequence[int]) -> int:
    """Unmarked circles."""
    return sum(sizes) - sum(marked)
