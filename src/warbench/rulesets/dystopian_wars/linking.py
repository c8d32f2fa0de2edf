"""Linked fire: several models' dice of one kind rolled as one pool at one target, the
focus in full and every other model half (DW-LINKED); answers linked the same way
(DW-AA-LINK). Escorts' ack-ack and charges combine instead: their dice join whole
(DW-COMBINED, seed l.527-528)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.state import DWState


def combining(state: DWState, data: RulesData, uids: Collection[int]) -> set[int]:
    """The escorts among ``uids``: their auxiliary weapons (ack-ack, charges) add their
    whole dice to a linked pool (combined fire)."""
    return {uid for uid in uids if "escort" in data.models[state.models[uid].cls].traits}


def may_link(state: DWState, data: RulesData, able: list[int]) -> bool:
    """Whether the answering models may link their dice: two ships or more (wings never
    link with the ships they guard)."""
    return sum(1 for uid in able if not data.models[state.models[uid].cls].tiny) > 1


def linked_answers(
    rolls: list[tuple[int, str, int]], wings: set[int], whole: Collection[int] = ()
) -> list[tuple[int, str, int]]:
    """Answers (model, kind, dice) linked: for each kind one pool, led by the model with
    most dice, every other model adding half (as :func:`linked_dice`), the models in
    ``whole`` (escorts: :func:`combining`) all their dice; wings never link with the ships
    they guard (DW-CAP) and roll on their own.

    >>> linked_answers([(3, "aa", 3), (4, "aa", 4), (9, "aa", 6)], {9})
    [(4, 'aa', 5), (9, 'aa', 6)]
    >>> linked_answers([(3, "aa", 3), (4, "aa", 3)], set(), {3, 4})
    [(3, 'aa', 6)]
    """
    pooled: list[tuple[int, str, int]] = []
    for kind in dict.fromkeys(kind for _, kind, _ in rolls):
        ships = sorted(
            ((dice, uid) for uid, each, dice in rolls if each == kind and uid not in wings),
            key=lambda entry: (-entry[0], entry[1]),
        )
        if ships:
            shares = [dice for dice, _ in ships]
            full = [uid in whole for _, uid in ships]
            pooled.append((ships[0][1], kind, linked_dice(shares, full)))
        pooled.extend(roll for roll in rolls if roll[1] == kind and roll[0] in wings)
    return pooled


def linked_dice(shares: list[int], whole: Sequence[bool] = ()) -> int:
    """Linked fire: the focus rolls its whole AD, every other gun half (rounded down),
    but a gun of 1 AD still adds 1; a gun marked in ``whole`` (an escort's auxiliary,
    combined fire) adds all its dice.

    >>> linked_dice([9, 6, 6]), linked_dice([4, 1]), linked_dice([3, 3], [True, True])
    (15, 5, 6)
    """
    if not shares:
        return 0
    return shares[0] + sum(
        share if index < len(whole) and whole[index] else share // 2 if share > 1 else share
        for index, share in enumerate(shares) if index
    )
