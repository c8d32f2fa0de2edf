"""What an obscured model needs to hit (DW-OBSCURED): a 6, with any weapon and with any
answer, the harder rule winning where an answer's own number is lower (DW-HARDEST-RULE)."""

from __future__ import annotations

from typing import Final

from warbench.rulesets.dystopian_wars.state import DWState

#: What an obscured model needs to hit, with any weapon or answer (DW-OBSCURED).
OBSCURED_NEEDED: Final = 6


def answering_needed(needed: int, obscured: bool) -> int:
    """What an answer's dice need (ack-ack or charges cancelling hits, striking an
    attacking wing's tokens, thinning boarders): ``needed``, or 6 when an obscured model
    rolls them, the harder of the two rules (DW-OBSCURED, DW-HARDEST-RULE); a 6 does what
    it always does.

    >>> answering_needed(5, False), answering_needed(5, True), answering_needed(3, True)
    (5, 6, 6)
    """
    return max(needed, OBSCURED_NEEDED) if obscured else needed


def answer_obscured(
    state: DWState,
    rolls: list[tuple[int, str, int]],
    wings: set[int],
    linked: bool,
    uid: int,
    kind: str,
) -> bool:
    """Whether the answer roll of ``kind`` led by model ``uid`` is rolled by an obscured
    model: the model itself, or for a pool of linked answers (``rolls`` as they were
    before :func:`linked_answers` pooled them; wings never link) any model adding dice to
    it, since one pool needs one number and the harder rule applies."""
    if linked and uid not in wings:
        return any(
            state.models[other].level == "obscured"
            for other, each, _ in rolls if each == kind and other not in wings
        )
    return state.models[uid].level == "obscured"
