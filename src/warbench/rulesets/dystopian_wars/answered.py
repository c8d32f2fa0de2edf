"""Exact odds of an attack as each answer the defender may give leaves it (the web table's
answer odds), read from the table into a :class:`~.strikes.Strike` and rolled by
:func:`~.strikes.strike`, the mechanism the ``odds`` command's wing attacks share.

An answer (DW-AA-ANSWER, DW-CC-ANSWER, DW-AA-LINK) is read roll by roll in the order
:func:`~.attack_rolls.resolve_attack` rolls it (:func:`~.attack_rolls.answer_rolls`): a
wing answering burns one fuel first (lost, and rolling nothing, on its last), ack-ack at an
attacking wing strikes its tokens and fuel, every other answer cancels hits (a 5 one, a 6
two and another die); a wing lost ends its attack, one thinned rolls the dice its tokens
left. The attack's dice, shields and reaction cards then follow as the game rolls them: so
each answer offered (and declining) shows what the attack will do to the model attacked;
a reaction card offered shows the attack with the card and no answer yet. Wings on patrol
with the squadron attacked strike an attacking model back at the same time
(:func:`~.attack_rolls.patrol_shots`, DW-CAP-AD): the damage they deal it is shown too.

Left out: a counter card the attacker may play on the reaction card (its choice, after
the defender's: the odds assume the card stands), and the other attacks of the shooting
step rolled before this one (every answer is asked before any is rolled: the odds read
the table as it stands).
"""

from __future__ import annotations

from warbench.core.actions import Action
from warbench.core.attacks import OddsAnswer
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.actions import Decline, PlayCard, Respond
from warbench.rulesets.dystopian_wars.attack_rolls import (
    CANCEL_NEEDED,
    Attack,
    answer_rolls,
    fog_in_force,
    patrol_shots,
    squadron_card_dice,
)
from warbench.rulesets.dystopian_wars.combat import AA_GUN, aa_needed, dogfight_needed
from warbench.rulesets.dystopian_wars.data import Card, ModelSpec, RulesData
from warbench.rulesets.dystopian_wars.exact import extra_damage_die
from warbench.rulesets.dystopian_wars.gunnery import Answer, Gunnery
from warbench.rulesets.dystopian_wars.obscured import answer_obscured, answering_needed
from warbench.rulesets.dystopian_wars.option_words import MOUNT_WORDS
from warbench.rulesets.dystopian_wars.shields import SHIELD_NEEDED, generator_dice
from warbench.rulesets.dystopian_wars.state import DWState, Model
from warbench.rulesets.dystopian_wars.strikes import (
    LOST,
    AnswerRoll,
    ShipTarget,
    Strike,
    Wing,
    strike,
    wing_fate,
    wing_odds,
)

__all__ = [
    "LOST", "answer_odds", "answering", "attack_odds", "numbers", "strikes_back", "wing_fate",
    "wing_odds",
]


def answering(state: DWState) -> tuple[Answer, Gunnery] | None:
    """The answer to an attack the defender owes now, and the shooting step it is in."""
    if len(state.stack) < 2 or not isinstance(state.stack[-1], Answer):
        return None
    below = state.stack[-2]
    return (state.stack[-1], below) if isinstance(below, Gunnery) else None


def answer_odds(state: DWState, data: RulesData, action: Action) -> OddsAnswer | None:
    """The odds of the attack the defender answers now as ``action`` (an answer offered,
    no answer, or a reaction card played on it, before any answer) leaves it: hull points
    its target loses, none / damage / critical / destroyed, and where a wing attacks the
    chance the answer brings it down first; a wing attacked, the tokens it loses.
    ``None`` for anything else."""
    if not isinstance(action, Respond | Decline | PlayCard):
        return None
    found = answering(state)
    if found is None:
        return None
    frame, gunnery = found
    if not 0 <= frame.attack < len(gunnery.attacks):
        return None
    declared = gunnery.attacks[frame.attack]
    card: Card | None = None
    if isinstance(action, PlayCard):
        if action.card not in data.cards or action.model != declared.target:
            return None
        card = data.cards[action.card]
    answer = isinstance(action, Respond) and bool(frame.kind)
    if isinstance(action, Respond) and (action.at or not set(action.models) <= set(frame.able)):
        return None  # an answer to an attack goes at its attacker: no party to name
    attack = Attack(
        list(declared.guns), declared.target, declared.dice, declared.needed, declared.kind,
        declared.band, declared.split, declared.answer if answer else "",
        list(action.models) if isinstance(action, Respond) else [], declared.asked,
        declared.bonus, declared.tokens, isinstance(action, Respond) and action.linked,
    )
    return attack_odds(state, data, attack, frame.attack, card)


def attack_odds(
    state: DWState, data: RulesData, attack: Attack, index: int, card: Card | None = None
) -> OddsAnswer:
    """The odds of ``attack`` (the ``index``-th of its shooting step) with the answer it
    holds, rolled as :func:`~.attack_rolls.resolve_attack` rolls it, with the reaction
    cards played on it (and ``card``, about to be)."""
    target = state.models[attack.target]
    lead = state.models[attack.guns[0][0]]
    lead_spec, target_spec = data.models[lead.cls], data.models[target.cls]
    # a wing's ack-ack meets its answer at the same time (steps 4b, 4c)
    simultaneous = lead_spec.tiny and attack.kind == AA_GUN
    rolls: list[AnswerRoll] = []
    notes: list[str] = []
    burnt: set[int] = set()  # the wings that answered, one fuel each
    spent: set[int] = set()  # those lost to it, their last fuel burnt
    if attack.answer and attack.responders:
        answers, wings, each = answer_rolls(state, data, attack)
        for uid, kind, dice in answers:
            model = state.models[uid]
            spec = data.models[model.cls]
            obscured = answer_obscured(state, each, wings, attack.linked, uid, kind)
            if uid in wings and uid not in burnt:
                burnt.add(uid)
                if model.fuel <= 1:  # its answer burns its last fuel: lost before it rolls
                    notes.append(f"{model.name} is lost burning its last fuel to answer")
                    spent.add(uid)
                    continue
            if not model.active:
                continue
            if lead_spec.tiny and kind == AA_GUN:
                needed = answering_needed(
                    dogfight_needed(spec) if spec.tiny else aa_needed(lead_spec), obscured)
                words = (f"{model.name}'s {counted(dice, 'die')} of ack-ack strike {lead.name} "
                         f"on {needed}+")
                rolls.append(AnswerRoll(dice, needed, True, words))
            else:
                needed = answering_needed(CANCEL_NEEDED, obscured)
                words = (f"{model.name}'s {counted(dice, 'die')} of "
                         f"{MOUNT_WORDS.get(kind, kind)} cancel hits on {needed}+")
                rolls.append(AnswerRoll(dice, needed, False, words))
            notes.append(words)
    reactions = _reactions(state, data, index) + ([card] if card is not None else [])
    if card is not None:
        notes.append(f"{card.name} played on the attack, before any answer")
    evasion = [c for c in reactions if c.effect == "evasion"]
    counters = strikes_back(state, data, attack, spent, notes)
    struck = None
    if target_spec.tiny:  # the wing attacked burns a fuel if it answers (a dogfight)
        struck = Wing(target.tokens, target.fuel - (target.uid in burnt))
    rolled = strike(Strike(
        attack.dice, attack.needed + len(evasion), tuple(rolls),
        Wing(lead.tokens, lead.fuel) if lead_spec.tiny else None,
        attack.tokens if lead_spec.tiny else 0, simultaneous,
        attack.bonus + squadron_card_dice(state, data, lead),
        attack.band >= 3 and fog_in_force(state, data),
        generator_dice(target_spec, target),
        sum(c.value for c in reactions if c.effect == "shields"),
        struck,
        numbers(target_spec, target), counters, numbers(lead_spec, lead),
        generator_dice(lead_spec, lead),
    ), extra_damage_die(data.criticals))
    if not (attack.answer and attack.responders) and card is None:
        notes.append("no answer")
    if struck is not None and rolled.wing is not None:
        odds = wing_odds(struck, attack.dice, attack.needed, tuple(notes), rolled.wing)
        if not rolled.attacker_lost:
            return odds
        # a dogfight: the answer is fought at the same time, the attacker may go down too
        return OddsAnswer(odds.distribution, odds.outcome,
                          {**odds.named, "attacker lost": rolled.attacker_lost}, odds.notes)
    damage = rolled.damage
    assert damage is not None and damage.hull is not None  # the hull left is known
    named = damage.named()
    if lead_spec.tiny and rolled.attacker_lost:
        # at the same time as its ack-ack, or first, before its attack dice (DW-AA-ANSWER)
        lost = "attacker lost" if simultaneous else "attacker lost first"
        named[lost] = rolled.attacker_lost
    if rolled.counter is not None:
        named.update(rolled.counter.named("attacker "))
    return OddsAnswer(damage.hull, "hull points lost", named, tuple(notes))


def strikes_back(
    state: DWState, data: RulesData, attack: Attack, spent: set[int], notes: list[str]
) -> tuple[tuple[int, int], ...]:
    """The dice and number needed of each patrol wing's strike back at ``attack``'s lead
    model (DW-CAP-AD, :func:`~.attack_rolls.patrol_shots`; never at a wing), but for the
    wings ``spent`` answering; each noted in ``notes``, with the lead's shield generators
    that meet it."""
    lead = state.models[attack.guns[0][0]]
    lead_spec = data.models[lead.cls]
    if lead_spec.tiny:
        return ()
    shield = generator_dice(lead_spec, lead)
    against = (f", against its {counted(shield, 'shield generator die')} on {SHIELD_NEEDED}+"
               if shield else "")
    counters: list[tuple[int, int]] = []
    for wing, shot, _ in patrol_shots(state, data, attack, lead, state.models[attack.target]):
        if wing.uid not in spent:
            counters.append((shot.dice, shot.needed))
            notes.append(f"{wing.name} strikes back at {lead.name} with "
                         f"{counted(shot.dice, 'die')} on {shot.needed}+{against} (DW-CAP-AD)")
    return tuple(counters)


def numbers(spec: ModelSpec, model: Model) -> ShipTarget:
    """The DR, CR and hull (at the start and left) of ``model``."""
    return ShipTarget(spec.dr, spec.cr, spec.hp, max(0, spec.hp - model.damage))


def _reactions(state: DWState, data: RulesData, index: int) -> list[Card]:
    """The reaction cards played on the ``index``-th attack (DW-CARDS-R)."""
    return [data.cards[play.card] for play in state.in_play
            if play.until == "attack" and play.event == index]
