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
than the fury pays for, and is not made where a roll before it destroyed a warlock, the
game then over (HOR-VICTORY): :func:`.odds_order.follow`. Each line is named as
:func:`.odds_others.line_name` says.
"""

from __future__ import annotations

import dataclasses

from warbench.core.attacks import OddsAnswer
from warbench.rulesets.hordes.combat import Strike, attack_bonus, needed_def, spray_strip
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.exact import attack_chances
from warbench.rulesets.hordes.names import model_labels
from warbench.rulesets.hordes.odds_order import (
    ENDS_NOTE,
    GAME_MAY_END,
    Landing,
    as_made,
    follow,
    outcomes,
    short,
)
from warbench.rulesets.hordes.odds_others import (
    BOOSTED,
    FURY_SHORT,
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
#: Said where the target's own damage roll may come after one that may end the game.
TARGET_ENDS = ("the target's: a warlock listed before it in the strip may be hit and "
               "destroyed by its own damage roll first, ending the game before the target's "
               "roll (HOR-VICTORY)")


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
    labels = model_labels(data, state.models)
    reached = {m.uid for m in touched}
    hits = [answer.named.get(TARGET_HIT, 0.0) if m.uid == target.uid else
            attack_chances(dice, attack_bonus(data, state, me, m, strike, spray=True),
                           needed_def(data, state, m, strike.kind))[0] for m in touched]
    # the damage rolls are made in the table's order, each once its model's roll hits
    ways = [Landing(1.0, tuple(zip(touched, hits, strict=True)))] if rolls else []
    plain = follow(data, me, strike, ways, 0)
    boosted = follow(data, me, strike, ways, fury) if boosts else {}
    lines: dict[str, dict[str, float]] = {}
    for model, hit in zip(touched, hits, strict=True):
        if model.uid == target.uid:
            continue
        away = f'{gap(data, model, target):.1f}" from the target'
        name = line_name(data, state.models, labels[model.uid], me, model, away, reached,
                         fury, rolls)
        said = [*((FURY_SHORT,) if short(boosted.get(model.uid, {})) else ()),
                *((GAME_MAY_END,) if None in plain.get(model.uid, {}) else ())]
        named = lines[", ".join((name, *said))] = {HIT: hit}
        if rolls:
            named.update(outcomes(data, me, model, strike, plain[model.uid]))
        if boosts:
            named.update(outcomes(data, me, model, strike, boosted[model.uid], BOOSTED))
    own = plain.get(target.uid, {})
    if rolls:
        answer = as_made(answer, data, me, target, strike, own,
                         boosted.get(target.uid, {}) if boosts else None)
    note = ("spray: each other model the strip touches counted: its own attack roll against "
            "its DEF (no stealth, no penalty for a model in melee)"
            + (", then on a hit its own damage roll, from what is marked on it now; a "
               "warlock's transfer taken as not made (said in the line where one could "
               "change it)" if rolls else "") + " (HOR-SPRAY)")
    told = target_transfer_note(data, state.models, target, me, reached, fury) if rolls else ()
    ends = any(None in made for made in plain.values())
    return dataclasses.replace(answer, others=lines, notes=(
        *answer.notes, note, *((BOOSTS,) if boosts else ()),
        *((TARGET_SPENT,) if short(boosted.get(target.uid, {})) else ()),
        *((ENDS_NOTE,) if ends else ()), *((TARGET_ENDS,) if None in own else ()), *told))
