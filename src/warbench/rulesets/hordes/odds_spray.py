"""The exact odds of a spray attack for every other model its strip touches, from where the
models stand (HOR-SPRAY, HOR-ACTION-ODDS): the seed has the attacker make an attack roll
against every model, friend or foe, in the 1"-wide strip of its range from its front, so
each model the game's own strip touches (:func:`spray_strip`, the attacker's model aside)
has its own attack roll (its DEF, knocked down or in a forest as :func:`needed_def` says;
no stealth, no penalty for a model in melee: :func:`attack_bonus`; never boosted, as the
game's :func:`.combat.hit_unboosted`: a warlock's boost is the target's roll's) and, on a
hit, its own damage roll (:func:`.odds_others.damage_outcomes`). The attack rolls are
independent (the attacker is never in its own strip); the damage rolls are made in the
table's order, so where the attacking warlock boosts each while its fury lasts (HOR-BOOST)
a model's roll, the target's too, is boosted where fewer models listed before it were hit
than the fury pays for (:func:`.odds_others.hits_before`). Each line is named as
:func:`.odds_others.line_name` says.
"""

from __future__ import annotations

import dataclasses

from warbench.core.attacks import OddsAnswer
from warbench.rulesets.hordes.combat import Strike, attack_bonus, needed_def, spray_strip
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.exact import attack_chances
from warbench.rulesets.hordes.names import model_labels
from warbench.rulesets.hordes.odds_others import (
    BOOSTED,
    FURY_SHORT,
    boost_left,
    boosted_as_left,
    damage_outcomes,
    hits_before,
    line_name,
    target_transfer_note,
)
from warbench.rulesets.hordes.profile import is_crippled
from warbench.rulesets.hordes.rolls import dice_count
from warbench.rulesets.hordes.space import body, gap
from warbench.rulesets.hordes.state import HordesState, Model

#: The chance of a model's own attack roll in the strip.
HIT = "hit"
#: The chance of the target's attack roll.
TARGET_HIT = "hit (each attack)"
#: How the ``(damage boosted)`` outcomes in the strip are counted (HOR-BOOST).
BOOSTS = ("(damage boosted) in the strip: the warlock boosts each damage roll while its fury "
          "lasts, the rolls made in the table's order, each once its model's own attack roll "
          "has hit (the target's too); a line says where the fury may run out before its roll")
#: Said where the target's own damage roll may come once the fury for boosts is spent.
TARGET_SPENT = ("the target's (damage boosted): the hits of models listed before it may "
                "spend the fury, its roll then not boosted")


def with_spray(answer: OddsAnswer, data: HordesData, state: HordesState, me: Model,
               target: Model, strike: Strike, fury: int) -> OddsAnswer:
    """``answer`` (the target's odds) with each other model's in the strip (``others``):
    ``hit`` and, where the attack has POW, that times what its damage roll leaves of it
    (``destroyed``, ``body crippled``; ``... (damage boosted)`` where the attacking
    warlock, its roll not boosted already, holds ``fury`` for the boost, boosted while the
    fury lasts, the target's own too); a note says how."""
    strip = spray_strip(data, me, target, strike)
    touched = [m for m in state.models
               if m.uid != me.uid and m.alive and strip.touches(body(data, m))]
    others = [m for m in touched if m.uid != target.uid]
    if not others:
        return dataclasses.replace(answer, notes=(*answer.notes, (
            f'spray: no other model in the strip, {strike.rng:g}" long and 1" wide '
            "(HOR-SPRAY)")))
    rolls = strike.pow > 0 or strike.strength_damage
    boosts = rolls and not me.beast and not strike.boost_damage and fury >= 1
    # a boost paid for is the target's roll's: each other roll is its own, unboosted
    dice = dice_count(False, is_crippled(data, me, "mind"))
    weak = is_crippled(data, me, "body")
    labels = model_labels(data, state.models)
    reached = {m.uid for m in touched}
    hits = [answer.named.get(TARGET_HIT, 0.0) if m.uid == target.uid else
            attack_chances(dice, attack_bonus(data, state, me, m, strike, spray=True),
                           needed_def(data, state, m, strike.kind))[0] for m in touched]
    # the damage rolls are made in the table's order, each once its model's roll hits
    lefts = [boost_left(hits_before(hits[:at]), fury) if boosts else 1.0
             for at in range(len(touched))]
    lines: dict[str, dict[str, float]] = {}
    for model, hit, left in zip(touched, hits, lefts, strict=True):
        if model.uid == target.uid:
            continue
        away = f'{gap(data, model, target):.1f}" from the target'
        name = line_name(data, state.models, labels[model.uid], me, model, away, reached,
                         fury, rolls)
        named = lines[name + (f", {FURY_SHORT}" if left < 1.0 else "")] = {HIT: hit}
        if rolls:
            plain = damage_outcomes(data, me, model, strike, boosted=False, weak=weak)
            named.update({outcome: hit * p for outcome, p in plain.items()})
        if boosts:
            boosted = damage_outcomes(data, me, model, strike, boosted=True, weak=weak)
            named.update({outcome + BOOSTED: hit * (left * p + (1.0 - left) * plain[outcome])
                          for outcome, p in boosted.items()})
    (own,) = [left for model, left in zip(touched, lefts, strict=True) if model.uid == target.uid]
    note = ("spray: each other model the strip touches counted: its own attack roll against "
            "its DEF (no stealth, no penalty for a model in melee)"
            + (", then on a hit its own damage roll, from what is marked on it now; a "
               "warlock's transfer taken as not made (said in the line where one could "
               "change it)" if rolls else "") + " (HOR-SPRAY)")
    told = target_transfer_note(data, state.models, target, me, reached, fury) if rolls else ()
    return dataclasses.replace(answer, others=lines, named=boosted_as_left(answer.named, own),
                               notes=(*answer.notes, note, *((BOOSTS,) if boosts else ()),
                                      *((TARGET_SPENT,) if own < 1.0 else ()), *told))
