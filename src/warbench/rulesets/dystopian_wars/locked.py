"""Boardings that carry on over several rounds (the seed's boarding sequence resolves one
round per activation).

When a round of melee leaves both sides with assault points, the survivors stay locked
aboard the target: at the boarding step of each later activation of a boarding model the
round is fought again (melee only: ack-ack answers only the first round), until the
target is taken or the boarders are gone. While the boarding lasts, no model of the
boarders' fleet may fire at the target (creatures and robots have no crew aboard, so a
boarding of theirs does not stop friendly fire), and the points locked aboard cannot be
sent on another assault.
"""

from __future__ import annotations

from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.state import DWState, Locked


def prune(state: DWState) -> None:
    """Forget boardings that are over: the target gone or taken, or no boarder left."""
    kept = []
    for lock in state.boardings:
        target = state.models[lock.target]
        parties = [(uid, ap) for uid, ap in lock.parties if state.models[uid].active and ap > 0]
        if target.alive and not target.derelict and parties:
            lock.parties = parties
            kept.append(lock)
    state.boardings = kept


def lock(state: DWState, target: int, player: int, parties: list[tuple[int, int]]) -> None:
    """Leave ``parties`` locked aboard ``target`` for another round."""
    state.boardings.append(Locked(target, player, [(uid, ap) for uid, ap in parties if ap > 0]))


def take_rounds(state: DWState, part: list[int]) -> list[Locked]:
    """The carried-on boardings with a party from ``part``, taken off the table's list
    (a boarding fought again is locked anew if it goes on)."""
    prune(state)
    mine = [lock for lock in state.boardings if any(uid in part for uid, _ in lock.parties)]
    state.boardings = [lock for lock in state.boardings if lock not in mine]
    return mine


def locked_points(state: DWState, uid: int) -> int:
    """Assault points of model ``uid`` locked aboard enemy models."""
    return sum(ap for lock in state.boardings for who, ap in lock.parties if who == uid)


def locked_against(state: DWState, data: RulesData, player: int, target: int) -> bool:
    """Whether ``player``'s crews are locked in a boarding of ``target`` (so the fleet
    may not fire at it)."""
    for lock in state.boardings:
        if lock.target != target or lock.player != player:
            continue
        if any(
            state.models[uid].active and not data.models[state.models[uid].cls].beast
            for uid, _ in lock.parties
        ):
            return True
    return False
