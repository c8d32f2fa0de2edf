"""Linked fire: several models' dice of one kind rolled as one pool at one target, the
focus in full and every other model half (DW-LINKED); answers linked the same way
(DW-AA-LINK)."""

from __future__ import annotations

from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.state import DWState


def may_link(state: DWState, data: RulesData, able: list[int]) -> bool:
    """Whether the answering models may link their dice: two ships or more (wings never
    link with the ships they guard)."""
    return sum(1 for uid in able if not data.models[state.models[uid].cls].tiny) > 1


def linked_answers(
    rolls: list[tuple[int, str, int]], wings: set[int]
) -> list[tuple[int, str, int]]:
    """Answers (model, kind, dice) linked: for each kind one pool, led by the model with
    most dice, every other model adding half (as :func:`linked_dice`); wings never link
    with the ships they guard (DW-CAP) and roll on their own.

    >>> linked_answers([(3, "aa", 3), (4, "aa", 4), (9, "aa", 6)], {9})
    [(4, 'aa', 5), (9, 'aa', 6)]
    """
    pooled: list[tuple[int, str, int]] = []
    for kind in dict.fromkeys(kind for _, kind, _ in rolls):
        ships = sorted(
            ((dice, uid) for uid, each, dice in rolls if each == kind and uid not in wings),
            key=lambda entry: (-entry[0], entry[1]),
        )
        if ships:
            pooled.append((ships[0][1], kind, linked_dice([dice for dice, _ in ships])))
        pooled.extend(roll for roll in rolls if roll[1] == kind and roll[0] in wings)
    return pooled


def linked_dice(shares: list[int]) -> int:
    """Linked fire: the focus rolls its whole AD, every other gun half (rounded down),
    but a gun of 1 AD still adds 1.

    >>> linked_dice([9, 6, 6]), linked_dice([4, 1])
    (15, 5)
    """
    if not shares:
        return 0
    return shares[0] + sum(share // 2 if share > 1 else share for share in shares[1:])
