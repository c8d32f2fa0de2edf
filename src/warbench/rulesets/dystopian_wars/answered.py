"""Exact odds of attacks at wings of tiny flyers, and of an attack as each answer the
defender may give leaves it.

Dice at a wing (ack-ack, a dogfight, a wing's attack dice: DW-AA-WING, DW-DOGFIGHT) are read
through :func:`~.pools.wing_table`: each natural 6 shoots down a token and rolls again,
every other die on the number needed is an abort costing the wing one fuel, and the wing is
lost with its last token (first) or its last fuel (:func:`~.flyers.strike_wing`). ``dice``
dice shoot down ``S`` tokens, the sixes of their chains (negative binomial, summed by
:func:`~.exact.explosions`), and abort ``A`` times, the dice that stop on the number needed
or more below 6 (binomial): the faces a chain stops on do not depend on its sixes, so the
two are independent.

An answer (DW-AA-ANSWER, DW-CC-ANSWER, DW-AA-LINK) is walked roll by roll in the order
:func:`~.attack_rolls.resolve_attack` rolls it (:func:`~.attack_rolls.answer_rolls`):
ack-ack at an attacking wing strikes its tokens and fuel, every other answer cancels hits
(a 5 one, a 6 two and another die); a wing lost ends its attack, one thinned rolls the
dice its tokens left. The attack's dice, shields and reaction cards then follow as the game
rolls them, into :func:`~.exact.damage_odds`: so each answer offered (and declining) shows
what the attack will do to the model attacked.

>>> fate = wing_fate(3, 4, [(2, 5)])  # two dice on 5+ at 3 tokens with 4 fuel
>>> round(fate[LOST], 6), round(fate[(3, 4)], 6)  # three sixes first; no 5 or 6 at all
(0.016204, 0.444444)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from warbench.core.actions import Action
from warbench.core.attacks import OddsAnswer
from warbench.core.odds import Dist, mixture
from warbench.rulesets.dystopian_wars.actions import Decline, Respond
from warbench.rulesets.dystopian_wars.attack_rolls import (
    CANCEL_NEEDED,
    SHIELD_NEEDED,
    Attack,
    answer_rolls,
    fog_in_force,
    squadron_card_dice,
)
from warbench.rulesets.dystopian_wars.combat import AA_GUN, aa_needed, dogfight_needed
from warbench.rulesets.dystopian_wars.data import Card, RulesData
from warbench.rulesets.dystopian_wars.exact import (
    cancel_hits,
    damage_odds,
    explosions,
    extra_damage_die,
    pool_hits,
)
from warbench.rulesets.dystopian_wars.gunnery import Answer, Gunnery
from warbench.rulesets.dystopian_wars.obscured import answer_obscured, answering_needed
from warbench.rulesets.dystopian_wars.option_words import MOUNT_WORDS, dice_count
from warbench.rulesets.dystopian_wars.pools import clamp_needed
from warbench.rulesets.dystopian_wars.state import DWState, Model

#: A wing's fate when it is lost: no tokens, no fuel.
LOST = (0, 0)
#: The chance a die at a wing shows a 6: a token down, and the die rolls again.
SIX = 1.0 / 6.0


def strike_odds(dice: int, needed: int) -> tuple[list[float], list[float]]:
    """The chances of shooting down 0, 1, 2 ... tokens and of 0, 1, 2 ... aborts when
    ``dice`` dice strike a wing needing ``needed`` (the tail of the sixes past the last
    listed, at most 1e-15, is left out).

    >>> kills, aborts = strike_odds(1, 5)  # one die: 6 (again), 5 (abort), 1-4 (nothing)
    >>> round(kills[1], 12), round(aborts[1], 12)  # one 6 then a stop; the stop a 5
    (0.138888888889, 0.2)
    """
    if dice <= 0:
        return [1.0], [1.0]
    sixes, _ = explosions(dice, SIX)
    chance = max(0, 6 - clamp_needed(needed)) / 5.0  # the stopping faces 1-5 that abort
    aborts = [math.comb(dice, a) * chance**a * (1.0 - chance) ** (dice - a)
              for a in range(dice + 1)]
    return [float(p) for p in sixes], aborts


def wing_fate(
    tokens: int, fuel: int, strikes: Sequence[tuple[int, int]],
    start: dict[tuple[int, int], float] | None = None,
) -> dict[tuple[int, int], float]:
    """The chances of each (tokens, fuel) a wing of ``tokens`` and ``fuel`` is left with
    after ``strikes`` (dice, number needed) in turn, :data:`LOST` for a wing lost: every
    token shot down, else every fuel spent on aborts (``start``: the fates to strike
    from instead)."""
    fates = dict(start) if start is not None else {(tokens, fuel): 1.0}
    fates.setdefault(LOST, 0.0)
    for dice, needed in strikes:
        kills, aborts = strike_odds(dice, needed)
        after: dict[tuple[int, int], float] = {LOST: fates.get(LOST, 0.0)}
        for (left, fuelled), chance in fates.items():
            if (left, fuelled) == LOST or chance == 0.0:
                continue
            shot = 0.0
            for down, p_down in enumerate(kills[:left]):
                shot += p_down
                for aborted, p_abort in enumerate(aborts):
                    key = (left - down, fuelled - aborted) if fuelled > aborted else LOST
                    after[key] = after.get(key, 0.0) + chance * p_down * p_abort
            after[LOST] += chance * max(0.0, 1.0 - shot)  # every token shot down
        fates = after
    return fates


def wing_odds(model: Model, dice: int, needed: int, notes: tuple[str, ...] = ()) -> OddsAnswer:
    """The odds of ``dice`` dice needing ``needed`` at the wing ``model``: the tokens it
    loses (all of them when it is lost, out of tokens or fuel), the chances of a token shot
    down, of an abort and of the wing lost."""
    fate = wing_fate(model.tokens, model.fuel, [(dice, needed)])
    lost: dict[int, float] = {}
    for (left, _), chance in fate.items():
        down = model.tokens if (left, _) == LOST else model.tokens - left
        lost[down] = lost.get(down, 0.0) + chance
    kills, aborts = strike_odds(dice, needed)
    named = {"token shot down": 1.0 - kills[0], "abort": 1.0 - aborts[0],
             "destroyed": fate[LOST]}
    said = (f"{dice_count(dice)} at {model.tokens} token{'s' * (model.tokens != 1)} with "
            f"{model.fuel} fuel: a 6 shoots one down and rolls again, "
            f"{clamp_needed(needed)}+ below it aborts (1 fuel)")
    return OddsAnswer(Dist.from_mapping(lost), "tokens lost", named, (said, *notes))


def answering(state: DWState) -> tuple[Answer, Gunnery] | None:
    """The answer to an attack the defender owes now, and the shooting step it is in."""
    if len(state.stack) < 2 or not isinstance(state.stack[-1], Answer):
        return None
    below = state.stack[-2]
    return (state.stack[-1], below) if isinstance(below, Gunnery) else None


def answer_odds(state: DWState, data: RulesData, action: Action) -> OddsAnswer | None:
    """The odds of the attack the defender answers now as ``action`` (an answer offered,
    or no answer) leaves it: hull points its target loses, none / damage / critical /
    destroyed, and where a wing attacks the chance the answer brings it down first;
    a wing attacked, the tokens it loses. ``None`` for anything else."""
    if not isinstance(action, Respond | Decline):
        return None
    found = answering(state)
    if found is None:
        return None
    frame, gunnery = found
    if not 0 <= frame.attack < len(gunnery.attacks):
        return None
    declared = gunnery.attacks[frame.attack]
    answer = isinstance(action, Respond) and bool(frame.kind)
    if isinstance(action, Respond) and not set(action.models) <= set(frame.able):
        return None
    attack = Attack(
        list(declared.guns), declared.target, declared.dice, declared.needed, declared.kind,
        declared.band, declared.split, declared.answer if answer else "",
        list(action.models) if isinstance(action, Respond) else [], declared.asked,
        declared.bonus, declared.tokens, isinstance(action, Respond) and action.linked,
    )
    return attack_odds(state, data, attack, frame.attack)


def attack_odds(state: DWState, data: RulesData, attack: Attack, index: int) -> OddsAnswer:
    """The odds of ``attack`` (the ``index``-th of its shooting step) with the answer it
    holds, rolled as :func:`~.attack_rolls.resolve_attack` rolls it."""
    target = state.models[attack.target]
    lead = state.models[attack.guns[0][0]]
    lead_spec, target_spec = data.models[lead.cls], data.models[target.cls]
    dogfight = lead_spec.tiny and target_spec.tiny
    # the attacker's tokens and fuel, where a wing attacks (a ship's are of no account)
    fates = {(lead.tokens, lead.fuel) if lead_spec.tiny else (1, 1): 1.0}
    cancelled = Dist.constant(0)
    notes: list[str] = []
    if attack.answer and attack.responders:
        rolls, wings, each = answer_rolls(state, data, attack)
        fuelled: set[int] = set()
        for uid, kind, dice in rolls:
            model = state.models[uid]
            spec = data.models[model.cls]
            obscured = answer_obscured(state, each, wings, attack.linked, uid, kind)
            if uid in wings and uid not in fuelled:
                fuelled.add(uid)
                if model.fuel <= 1:  # its answer burns its last fuel: lost before it rolls
                    notes.append(f"{model.name} is lost burning its last fuel to answer")
                    continue
            if not model.active:
                continue
            if lead_spec.tiny and kind == AA_GUN:
                needed = answering_needed(
                    dogfight_needed(spec) if spec.tiny else aa_needed(lead_spec), obscured)
                fates = wing_fate(0, 0, [(dice, needed)], fates)
                notes.append(f"{model.name}'s {dice_count(dice)} of ack-ack strike {lead.name}"
                             f" on {needed}+")
                continue
            needed = answering_needed(CANCEL_NEEDED, obscured)
            cancelled = cancelled + pool_hits(dice, needed)
            notes.append(f"{model.name}'s {dice_count(dice)} of {MOUNT_WORDS.get(kind, kind)} "
                         f"cancel hits on {needed}+")
    if target_spec.tiny:
        return wing_odds(target, attack.dice, attack.needed, tuple(notes))
    reactions = _reactions(state, data, index)
    evasion = [card for card in reactions if card.effect == "evasion"]
    saves = sum(card.value for card in reactions if card.effect == "shields")
    needed = attack.needed + len(evasion)
    shield = (target_spec.shield and not target.marker("generator-offline")
              and not target.derelict)
    parts: list[tuple[float, Dist]] = []
    for (left, _), chance in fates.items():
        if chance <= 0.0:
            continue
        if (left, _) == LOST and lead_spec.tiny and not dogfight:
            parts.append((chance, Dist.constant(0)))  # the wing is down: its attack is over
            continue
        dice = attack.dice
        if lead_spec.tiny and attack.tokens and left < attack.tokens and not dogfight:
            dice = dice * left // attack.tokens
        dice += attack.bonus + squadron_card_dice(state, data, lead)
        if attack.band >= 3 and fog_in_force(state, data):
            dice //= 2
        hits = cancel_hits(pool_hits(dice, needed), cancelled)
        if shield:
            hits = cancel_hits(hits, pool_hits(target_spec.shield, SHIELD_NEEDED))
        if saves:
            hits = cancel_hits(hits, Dist.constant(saves))
        parts.append((chance, hits))
    hits = mixture(parts)
    left = max(0, target_spec.hp - target.damage)
    damage = damage_odds(hits, target_spec.dr, target_spec.cr, target_spec.hp, hull_left=left,
                         extra=extra_damage_die(data.criticals))
    assert damage.hull is not None  # the hull left is known
    named = damage.named()
    if lead_spec.tiny and not dogfight and fates.get(LOST, 0.0) > 0.0:
        named["attacker lost first"] = fates[LOST]
    if not (attack.answer and attack.responders):
        notes.append("no answer")
    return OddsAnswer(damage.hull, "hull points lost", named, tuple(notes))


def _reactions(state: DWState, data: RulesData, index: int) -> list[Card]:
    """The reaction cards played on the ``index``-th attack (DW-CARDS-R)."""
    return [data.cards[play.card] for play in state.in_play
            if play.until == "attack" and play.event == index]
