"""Who may board whom, and the numbers of a boarding assault: the dice it needs, a
party's melee dice, how it ends (in words where the boarders are all lost), the assault
points cards add, the player defending a model, and every reason a boarding may not be
declared. The step that declares and fights the assaults is :mod:`.boarding`; the odds
read the numbers from here too.
"""

from __future__ import annotations

from warbench.core.words import counted, player_name
from warbench.rulesets.dystopian_wars.cards import card_reaches
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.geometry import BOARDING_RANGE, gap
from warbench.rulesets.dystopian_wars.locked import locked_points
from warbench.rulesets.dystopian_wars.state import DWState, Model, body_of

#: The number ack-ack (or charges) need against boarders; melee dice need 4+.
BOARDER_NEEDED, MELEE_NEEDED, BEAST_AA_NEEDED = 5, 4, 4
#: How an assault can end: the target taken, the boarders all lost (the target keeps some
#: points), neither side wiped out, or both.
CAPTURED, REPELLED, BOTH_LOSE, BOTH_WIPED_OUT = (
    "captured", "repelled", "both lose AP", "both wiped out",
)


def melee_dice(points: int, rammed: bool) -> int:
    """Melee dice of a boarding party of ``points``: half when its ship rammed or collided
    in this activation (DW-CONTACT-BOARD, seed l.381, l.537), rounded down but never below
    1 die (engine default: the seed does not round this half; it rounds linked fire's
    down and keeps a 1 whole, l.442, l.444, and takes no attack below 1 die, l.409).

    >>> melee_dice(5, False), melee_dice(5, True), melee_dice(1, True), melee_dice(0, True)
    (5, 2, 1, 0)
    """
    if not rammed or points <= 0:
        return points
    return max(1, points // 2)


def party_losses(parties: list[tuple[int, int]], losses: int) -> list[tuple[int, int]]:
    """The ``(model, points)`` parties left once ``losses`` points fall, the largest party
    first, those left with none dropped (as the game takes them, and the odds count them).

    >>> party_losses([(3, 1), (4, 3)], 2)
    [(4, 1), (3, 1)]
    """
    left: list[tuple[int, int]] = []
    for uid, ap in sorted(parties, key=lambda party: -party[1]):
        lost = min(ap, losses)
        losses -= lost
        left.append((uid, ap - lost))
    return [(uid, ap) for uid, ap in left if ap > 0]


def lose_points(
    state: DWState, parties: list[tuple[int, int]], losses: int
) -> list[tuple[int, int]]:
    """Take ``losses`` assault points from the parties (largest first,
    :func:`party_losses`) and from their ships; return the parties left."""
    left = party_losses(parties, losses)
    kept = dict(left)
    for uid, ap in parties:
        _lose(state.models[uid], ap - kept.get(uid, 0))
    return left


def aimed_losses(
    state: DWState, parties: list[tuple[int, int]], kills: dict[int, int]
) -> list[tuple[int, int]]:
    """Take from each party the ``kills`` of the answer at it (none beyond its points:
    the rest are lost, DW-MULTI-ASSAULT) and from its ship; return the parties left, in
    the order sent."""
    left = []
    for uid, ap in parties:
        lost = min(ap, kills.get(uid, 0))
        _lose(state.models[uid], lost)
        if ap > lost:
            left.append((uid, ap - lost))
    return left


def shot_text(name: str, ap: int, kills: int) -> str:
    """What an answer's ``kills`` at the party of ``ap`` points from ship ``name`` did: the
    points that fall, and any kills beyond them, lost (DW-MULTI-ASSAULT).

    >>> shot_text("Warden 1", 5, 2)
    "2 of Warden 1's 5 boarding points fall to the defenders' fire"
    >>> shot_text("Warden 2", 1, 3)
    "1 of Warden 2's 1 boarding point falls to the defenders' fire, 2 more kills at it lost"
    """
    lost = min(ap, kills)
    said = (f"{lost} of {name}'s {counted(ap, 'boarding point')} {_falls(lost)} to the "
            "defenders' fire")
    beyond = kills - lost
    if beyond > 0:
        said += f", {beyond} more kill{'s' if beyond != 1 else ''} at it lost"
    return said


def killed_text(killed: int) -> str:
    """What an answer taken at the boarders together did: ``killed`` of their points fall.

    >>> killed_text(1)
    "1 boarding point falls to the defenders' fire"
    """
    return f"{counted(killed, 'boarding point')} {_falls(killed)} to the defenders' fire"


def _falls(points: int) -> str:
    return "falls" if points == 1 else "fall"


def _lose(model: Model, points: int) -> None:
    """``points`` of the model's assault points lost (the boarders-gone marker at none)."""
    model.ap = max(0, model.ap - points)
    if model.ap == 0:
        model.add_marker("boarders-gone")


def assault_outcome(defenders_left: int, boarders_left: int) -> str:
    """How an assault ends, from the points each side has left after the melee.

    >>> assault_outcome(0, 2), assault_outcome(3, 0), assault_outcome(1, 1)
    ('captured', 'repelled', 'both lose AP')
    """
    if boarders_left <= 0:
        return BOTH_WIPED_OUT if defenders_left <= 0 else REPELLED
    return CAPTURED if defenders_left <= 0 else BOTH_LOSE


def lost_words(target: str, defenders_left: int) -> str:
    """A melee that left no boarders, in words: beaten back, or nobody left on either side
    to take the model (a capture needs a boarder left, DW-CAPTURE).

    >>> lost_words("Hagel 1", 1)
    'the boarders of Hagel 1 are all lost: it beats them back with 1 assault point left'
    >>> lost_words("Hagel 1", 0)
    'the boarders of Hagel 1 are all lost, and so is its crew: nobody takes it'
    """
    if defenders_left > 0:
        return (f"the boarders of {target} are all lost: it beats them back with "
                f"{counted(defenders_left, 'assault point')} left")
    return f"the boarders of {target} are all lost, and so is its crew: nobody takes it"


def boarding_bonus(state: DWState, data: RulesData, model: Model) -> int:
    """Extra assault points from the boarding cards in force that reach the model (its
    squadron's commanded models)."""
    return sum(
        data.cards[play.card].value
        for play in state.in_play
        if data.cards[play.card].effect == "boarding" and card_reaches(play, model)
    )


def party_dice(state: DWState, data: RulesData, uid: int, ap: int, target: int) -> int:
    """Melee dice of model ``uid``'s party of ``ap`` points boarding ``target``: its points
    and the boarding cards' (:func:`boarding_bonus`), halved when it rammed or collided with
    another model in this activation (DW-CONTACT-BOARD)."""
    attacker = state.models[uid]
    return melee_dice(ap + boarding_bonus(state, data, attacker),
                      any(other != target for other in attacker.struck))


def board_refusal(
    state: DWState, data: RulesData, attacker: Model, target: Model, ap: int
) -> str | None:
    """Why ``attacker`` may not board ``target`` with ``ap`` points now."""
    spec = data.models[attacker.cls]
    target_spec = data.models[target.cls]
    if not attacker.active:
        return f"{attacker.name} can no longer board (DW-ACTIONS)"
    if attacker.broken:
        return f"{attacker.name} is broken: it may not start a boarding assault (DW-BROKEN)"
    if attacker.grounded:
        return f"{attacker.name} ran aground this activation (DW-BOARD-LIMITS)"
    if attacker.ap <= 0:
        return f"{attacker.name} has no assault points (boarders gone, DW-MK-ASSAULT)"
    free = attacker.ap - locked_points(state, attacker.uid)
    if free <= 0:
        return f"{attacker.name}'s assault points are all locked in a boarding (DW-BOARD-ROUNDS)"
    if not 1 <= ap <= free:
        return f"{attacker.name} may send 1 to {free} assault points, not {ap} (DW-BOARD-LIMITS)"
    if spec.beast and ap != attacker.ap:
        return "creatures and robots board with all their assault points (DW-BOARD-BEAST)"
    if target.alive and target.derelict and target.prize_ap <= 0:
        return f"{target.name} is a derelict: only prizes may be boarded (DW-PRIZE-RECAPTURE)"
    if target.alive and target.uid != attacker.uid and defender_of(target) == attacker.player:
        if not under_attack(state, target.uid, attacker.player):
            return (f"{target.name} is friendly: it may be boarded only while an enemy "
                    "boarding of it is under way (DW-BOARD-FRIENDLY)")
    elif not target.alive or defender_of(target) == -1 or target.uid == attacker.uid:
        return f"{target.name} is not an enemy to board (DW-BOARD-DECLARE)"
    if target_spec.tiny:
        return "tiny flyers cannot be boarded (DW-NO-TINY-TARGETS)"
    if target.uid in attacker.fired_at:
        return (f"{attacker.name} fired at {target.name} this activation: it cannot board it "
                "(DW-BOARD-NO-FIRE)")
    if target.uid in attacker.struck and not (spec.beast and spec.rr >= 1):
        return (f"{attacker.name} rammed or collided with {target.name}: it cannot board it "
                "(DW-CONTACT-BOARD)")
    levels = {attacker.level, target.level}
    if levels == {"submerged", "obscured"}:
        return "submerged and obscured models cannot board each other (DW-BOARD-LEVELS)"
    if target.level == "submerged" and not (attacker.level == "submerged" and spec.beast):
        return "only submerged creatures and robots board submerged models (DW-BOARD-LEVELS)"
    if attacker.level == "submerged" and target.level != "submerged":
        return "a submerged model cannot board surface or flying models (DW-BOARD-LEVELS)"
    distance = gap(body_of(attacker, spec), body_of(target, target_spec))
    reach = 0.0 if spec.beast else BOARDING_RANGE
    if distance > reach + 1e-9:
        return (
            f"{target.name} is {distance:.1f} inches away; "
            + ("creatures and robots board in base contact (DW-BOARD-BEAST)" if spec.beast
               else "4 inches at most (DW-BOARD-LIMITS)")
        )
    return None


def under_attack(state: DWState, target: int, player: int) -> bool:
    """Whether an enemy of ``player`` has boarders locked aboard ``target`` (a boarding
    of it under way)."""
    return any(
        lock.target == target and lock.player != player and lock.parties
        for lock in state.boardings
    )


def defender_of(target: Model) -> int:
    """The player defending a model against boarders: its holder when it is a prize."""
    return target.prize_of if target.derelict else target.player


def taken_meanwhile(target: Model, side: int) -> str | None:
    """Why ``side``'s assault declared at ``target`` is not fought after all: earlier in
    the same boarding step ``side`` took the model (now a friendly prize: DW-BOARD-FRIENDLY)
    or it was left a derelict with no crew (DW-PRIZE-RECAPTURE). ``None``: it is fought."""
    if not target.derelict:
        return None
    if target.prize_ap <= 0:
        return (f"{target.name} is a derelict with no crew now: nobody boards it, and the"
                " boarders sent to it stay aboard their own ships (DW-PRIZE-RECAPTURE)")
    if target.prize_of == side:
        return (f"{target.name} is {player_name(side)}'s prize now: the boarders sent to it"
                " stay aboard their own ships (DW-BOARD-FRIENDLY)")
    return None
