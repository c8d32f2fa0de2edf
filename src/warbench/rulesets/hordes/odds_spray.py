"""The exact odds of a spray attack for every other model its strip touches, from where the
models stand (HOR-SPRAY, HOR-ACTION-ODDS): the seed has the attacker make an attack roll
against every model, friend or foe, in the 1"-wide strip of its range from its front, so
each model the game's own strip touches (:func:`spray_strip`, the attacker's model aside)
has its own attack roll (its DEF, knocked down or in a forest as :func:`needed_def` says;
no stealth, no penalty for a model in melee: :func:`attack_bonus`; never boosted, as the
game's :func:`.combat.hit_unboosted`: a warlock's boost is the target's roll's) and, on a
hit, its own damage roll (:func:`.odds_others.damage_outcomes`), boosted too where the
attacking warlock's fury buys a boost (HOR-BOOST). No roll waits on another's: the
attacker is never in its own strip. Each line is named as :func:`.odds_others.line_name` says.
"""

from __future__ import annotations

import dataclasses

from warbench.core.attacks import OddsAnswer
from warbench.rulesets.hordes.combat import Strike, attack_bonus, needed_def, spray_strip
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.exact import attack_chances
from warbench.rulesets.hordes.names import model_labels
from warbench.rulesets.hordes.odds_others import (
    damage_outcomes,
    line_name,
    target_transfer_note,
)
from warbench.rulesets.hordes.profile import is_crippled
from warbench.rulesets.hordes.rolls import dice_count
from warbench.rulesets.hordes.space import body, gap
from warbench.rulesets.hordes.state import HordesState, Model

#: The chance of a model's own attack roll in the strip.
HIT = "hit"


def with_spray(answer: OddsAnswer, data: HordesData, state: HordesState, me: Model,
               target: Model, strike: Strike, fury: int) -> OddsAnswer:
    """``answer`` (the target's odds) with each other model's in the strip (``others``):
    ``hit`` and, where the attack has POW, that times what its damage roll leaves of it
    (``destroyed``, ``body crippled``; ``... (damage boosted)`` where the attacking
    warlock, its roll not boosted already, holds ``fury`` for the boost); a note says how."""
    strip = spray_strip(data, me, target, strike)
    touched = [m for m in state.models
               if m.uid != me.uid and m.alive and strip.touches(body(data, m))]
    others = [m for m in touched if m.uid != target.uid]
    if not others:
        return dataclasses.replace(answer, notes=(*answer.notes, (
            f'spray: no other model in the strip, {strike.rng:g}" long and 1" wide '
            "(HOR-SPRAY)")))
    rolls = strike.pow > 0 or strike.strength_damage
    boosts = (False, True) if not me.beast and not strike.boost_damage and fury >= 1 else (
        False,)
    # a boost paid for is the target's roll's: each other roll is its own, unboosted
    dice = dice_count(False, is_crippled(data, me, "mind"))
    weak = is_crippled(data, me, "body")
    labels = model_labels(data, state.models)
    reached = {m.uid for m in touched}
    lines: dict[str, dict[str, float]] = {}
    for model in others:
        away = f'{gap(data, model, target):.1f}" from the target'
        name = line_name(data, state.models, labels[model.uid], me, model, away, reached,
                         fury, rolls)
        bonus = attack_bonus(data, state, me, model, strike, spray=True)
        hit = attack_chances(dice, bonus, needed_def(data, state, model, strike.kind))[0]
        named = lines[name] = {HIT: hit}
        for boosted in boosts if rolls else ():
            for outcome, p in damage_outcomes(data, me, model, strike, boosted=boosted,
                                              weak=weak).items():
                named[outcome + (" (damage boosted)" if boosted else "")] = hit * p
    note = ("spray: each other model the strip touches counted: its own attack roll against "
            "its DEF (no stealth, no penalty for a model in melee)"
            + (", then on a hit its own damage roll, from what is marked on it now; a "
               "warlock's transfer taken as not made (said in the line where one could "
               "change it)" if rolls else "") + " (HOR-SPRAY)")
    told = target_transfer_note(data, state.models, target, me, reached, fury) if rolls else ()
    return dataclasses.replace(answer, others=lines, notes=(*answer.notes, note, *told))
