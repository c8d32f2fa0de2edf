"""The exact odds of a boarding assault offered (a Board option) and of each answer the
defender may give it (the web table's boarding odds), read from the seat's observation as
:meth:`~.boarding.Boarding.fight` will resolve it.

Every number comes from the game's own functions: the assault the option joins (the parties
already sent against that target in this step, and this one), the defender's answer
(:func:`~.boarding.boarding_answer`: who may answer and with what; :func:`~.boarding.answer_rolls`:
each roll's dice and number needed, linked or not, 6 from an obscured model, and the
party it goes at), the points an answer at the boarders together takes off the parties
(:func:`~.boarding_rules.party_losses`), each party's
melee dice (:func:`~.boarding_rules.party_dice`: its points and the boarding cards',
halved after a ram or collision) and the defenders' points (a prize's crew); the
distribution is :func:`~.exact.assault_odds`, the one ``warbench odds dystopian-wars
boarding`` gives. A Board option is priced as answered by every model able, each on its
own (the first answer offered); each answer offered, and *decline*, shows its own odds.

An answer whose rolls all go at one boarding creature or robot strikes its hull
(:meth:`~.boarding.Boarding.answer_fire`), each roll meeting its DR and CR on its own, and
takes no point: :func:`~.exact.struck_assault_odds` gives the assault (one that sinks never
reaches the target) and the hull it loses, as ``attacker none / damage / critical /
destroyed``, the numbers of ``warbench odds dystopian-wars boarding attacker=... answers=``.
An answer divided among several parties (DW-MULTI-ASSAULT) is
:func:`~.exact.divided_assault_odds`: each crew loses only the kills at it, each hull
struck is named by its model (the odds' ``others``; one alone as ``attacker ...``).

No exact odds, and why, where they would need what is not known yet: a boarding of the
same target carried on from an earlier activation is fought first in this step.
"""

from __future__ import annotations

from collections.abc import Callable

from warbench.core.actions import Action
from warbench.core.attacks import OddsAnswer
from warbench.core.odds import Dist
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.actions import Board, Decline, Respond
from warbench.rulesets.dystopian_wars.answer_aims import (
    aim_options,
    aim_refusal,
    aim_words,
    aimable,
    is_beast,
)
from warbench.rulesets.dystopian_wars.boarding import (
    AnswerBoarding,
    Assault,
    Boarding,
    BoardingStage,
    answer_rolls,
    boarding_answer,
)
from warbench.rulesets.dystopian_wars.boarding_rules import (
    BOTH_LOSE,
    BOTH_WIPED_OUT,
    CAPTURED,
    REPELLED,
    board_refusal,
    defender_of,
    party_dice,
)
from warbench.rulesets.dystopian_wars.combat import hull_left
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.exact import (
    AssaultOdds,
    DamageOdds,
    Hull,
    assault_odds,
    divided_assault_odds,
    extra_damage_die,
    pool_hits,
    struck_assault_odds,
)
from warbench.rulesets.dystopian_wars.option_words import MOUNT_WORDS
from warbench.rulesets.dystopian_wars.state import DWState


def boarded_odds(state: DWState, data: RulesData, action: Action) -> OddsAnswer | None:
    """The odds of the assault a Board option declares (answered by every model able), or
    of the assault an answer to boarders (or *decline*) leaves; ``None`` for anything else
    (a Board that only reinforces a friendly model's defenders, one refused)."""
    top = state.stack[-1] if state.stack else None
    if isinstance(action, Board) and isinstance(top, Boarding):
        return _board(state, data, top, action)
    if isinstance(action, Respond | Decline) and isinstance(top, AnswerBoarding):
        below = state.stack[-2] if len(state.stack) > 1 else None
        if not isinstance(below, Boarding) or not 0 <= top.assault < len(below.assaults):
            return None
        assault = below.assaults[top.assault]
        if isinstance(action, Respond):
            targets = aimable(state, assault.parties)
            if aim_refusal(state, data, top.able, targets, action) is not None:
                return None
            chosen = Assault(assault.target, list(assault.parties), top.kind,
                             list(action.models), True, assault.carried, action.linked,
                             list(action.at))
        else:
            chosen = Assault(assault.target, list(assault.parties), "", [], True,
                             assault.carried)
        return _fight(state, data, below, top.assault, chosen, ())
    return None


def _board(state: DWState, data: RulesData, frame: Boarding, board: Board) -> OddsAnswer | None:
    """The assault ``board`` joins (or starts), answered by every model able to."""
    if frame.stage is not BoardingStage.DECLARE or board.model not in frame.part:
        return None
    if frame.sent(board.model) or not 0 <= board.target < len(state.models):
        return None
    attacker, target = state.models[board.model], state.models[board.target]
    if board_refusal(state, data, attacker, target, board.ap) is not None:
        return None
    if defender_of(target) == attacker.player:
        return None  # the points join the defenders aboard: no assault of their own
    index = next((i for i, a in enumerate(frame.assaults)
                  if a.target == target.uid and not a.carried), len(frame.assaults))
    before = frame.assaults[index].parties if index < len(frame.assaults) else []
    assault = Assault(target.uid, [*before, (board.model, board.ap)])
    kind, able = boarding_answer(state, data, assault)
    facts: list[str] = []
    if before:
        facts.append("with " + ", ".join(
            f"{state.models[uid].name}'s {counted(ap, 'point')}" for uid, ap in before)
            + " sent already")
    if able:
        first = aim_options(state, data, able, aimable(state, assault.parties))[0]
        assault.answer, assault.responders, assault.aims = kind, list(able), list(first.at)
        who = (f"the squadron holding {target.name}" if target.derelict
               else f"{target.name}'s squadron")  # a prize: its holder's answers
        facts.append(f"if {who} answers with all its {MOUNT_WORDS.get(kind, kind)}, each "
                     f"model on its own{aim_words(state, first)}")
    return _fight(state, data, frame, index, assault, tuple(facts))


def _fight(
    state: DWState, data: RulesData, frame: Boarding, index: int, assault: Assault,
    facts: tuple[str, ...],
) -> OddsAnswer:
    """The odds of ``assault``, the ``index``-th of ``frame``, with the answer it holds:
    defending points lost, and captured / repelled / both lose AP / both wiped out."""
    target = state.models[assault.target]
    if any(a.target == target.uid for a in frame.assaults[:index]):
        return OddsAnswer.withholding(
            f"a boarding of {target.name} carried on from an earlier activation is fought "
            "first in this step: its melee changes the defenders (DW-BOARD-ROUNDS)")
    parties = [(uid, ap) for uid, ap in assault.parties
               if state.models[uid].active and ap > 0]
    beasts = [uid for uid, _ in parties if is_beast(state, data, uid)]
    rolls = answer_rolls(state, data, assault, parties) if assault.answer else []
    defending = target.prize_ap if target.derelict else target.ap

    def melee(left: list[tuple[int, int]]) -> int:
        return sum(party_dice(state, data, uid, ap, target.uid) for uid, ap in left)

    notes: list[str] = []
    others: dict[str, dict[str, float]] = {}
    hull: DamageOdds | None = None
    aims = list(dict.fromkeys(aim for *_, aim in rolls))
    if len(aims) == 1 and is_beast(state, data, aims[0]):  # one creature's or robot's hull
        struck = state.models[aims[0]]
        spec = data.models[struck.cls]
        left = hull_left(spec, struck)
        fight, hull = struck_assault_odds(
            parties, defending, struck.uid,
            [pool_hits(dice, needed) for _, dice, needed, _ in rolls],
            dr=spec.dr, cr=spec.cr, starting_hp=spec.hp, hull_left=left,
            extra=extra_damage_die(data.criticals), melee=melee)
        notes.extend(f"{state.models[uid].name}'s {counted(dice, 'die')} "
                     f"{'strikes' if dice == 1 else 'strike'} {struck.name}'s hull on {needed}+"
                     for uid, dice, needed, _ in rolls)
        notes.append(_hull_note(state, data, struck.uid))
        if len(parties) > 1:  # which of the boarders "attacker" means (DW-MULTI-ASSAULT)
            facts = (*facts, f"attacker: {struck.name} (every roll at its hull)")
    elif aims and aims != [-1]:  # divided among the parties (DW-MULTI-ASSAULT)
        fight, hulls = _divided(state, data, parties, defending, rolls, melee, notes)
        if len(hulls) == 1:
            (struck_uid, hull), = hulls.items()
            facts = (*facts, f"attacker: {state.models[struck_uid].name} (the rolls at its "
                     "hull)")
        else:
            others = {state.models[uid].name: odds.named() for uid, odds in hulls.items()}
    else:
        killed = Dist.constant(0)
        for uid, dice, needed, _ in rolls:
            killed = killed + pool_hits(dice, needed)
            notes.append(f"{state.models[uid].name}'s {counted(dice, 'die')} "
                         f"{'kills' if dice == 1 else 'kill'} boarders "
                         f"on {needed}+")
        fight = assault_odds(parties, defending, killed, melee)
    boarders = sum(ap for _, ap in parties)
    dice = sum(party_dice(state, data, uid, ap, target.uid) for uid, ap in parties)
    notes.insert(0, f"{boarders} boarding points ({counted(dice, 'melee die')} if none "
                 f"falls to the answer) against {defending} defenders, melee on 4+")
    if not rolls:
        notes.append("no answer")
    if data.models[target.cls].beast:
        facts = (*facts, f"{target.name} is a creature or robot: captured means destroyed")
    elif beasts and len(beasts) == len(parties):
        facts = (*facts, "creatures and robots never capture: captured means "
                 f"{target.name} is left with no points")
    named = {name: fight.outcomes.get(name, 0.0)
             for name in (CAPTURED, REPELLED, BOTH_LOSE, BOTH_WIPED_OUT)}
    if hull is not None:
        named.update(hull.named("attacker "))
    return OddsAnswer(fight.defenders_lost, "defending points lost", named, tuple(notes),
                      others, facts)


def _hull_note(state: DWState, data: RulesData, uid: int) -> str:
    """A struck creature's or robot's DR, CR and hull left, and what the answer does not do."""
    struck = state.models[uid]
    spec = data.models[struck.cls]
    return (f"{struck.name}: DR {spec.dr}, CR {spec.cr}, "
            f"{counted(hull_left(spec, struck), 'hull point')} left; no boarding point falls "
            "to the answer, and if it sinks it never reaches the target")


def _divided(
    state: DWState, data: RulesData, parties: list[tuple[int, int]], defending: int,
    rolls: list[tuple[int, int, int, int]], melee: Callable[[list[tuple[int, int]]], int],
    notes: list[str],
) -> tuple[AssaultOdds, dict[int, DamageOdds]]:
    """The odds of an answer divided among the parties (:func:`~.exact.divided_assault_odds`),
    each roll said in ``notes``; the damage to each hull struck."""
    kills: dict[int, Dist] = {}
    strikes: dict[int, tuple[list[Dist], Hull]] = {}
    extra = extra_damage_die(data.criticals)
    for uid, dice, needed, aim in rolls:
        hits = pool_hits(dice, needed)
        who, at = state.models[uid].name, state.models[aim].name
        if is_beast(state, data, aim):
            spec = data.models[state.models[aim].cls]
            strikes.setdefault(aim, ([], Hull(spec.dr, spec.cr, spec.hp,
                                              hull_left(spec, state.models[aim]), extra)))
            strikes[aim][0].append(hits)
            notes.append(f"{who}'s {counted(dice, 'die')} "
                         f"{'strikes' if dice == 1 else 'strike'} {at}'s hull on {needed}+")
        else:
            kills[aim] = kills[aim] + hits if aim in kills else hits
            notes.append(f"{who}'s {counted(dice, 'die')} {'kills' if dice == 1 else 'kill'} "
                         f"{at}'s boarders on {needed}+")
    notes.extend(_hull_note(state, data, uid) for uid in strikes)
    if kills:
        notes.append("kills beyond a party's points are lost")
    return divided_assault_odds(parties, defending, kills, strikes, melee)
