"""The exact odds of an attack offered in the shooting step, before it is declared.

Judged from the state the acting seat observes: the declaration's dice and number needed
come from :func:`~.gunnery.fire_refusal` (the same reading the engine makes when it is
declared), cards in force add their dice, fog halves long shots, the target's shield
generators cancel hits, and :func:`~.strikes.strike` (the mechanism of every attack's odds)
turns the hits into damage against the target's DR, CR and hull left; at a wing of tiny
flyers, the tokens it loses (:func:`~.strikes.wing_odds`). The defender's answer (ack-ack,
charges, a reaction card) is the defender's choice, still unknown: the odds are before any
answer (the answer's own options show the odds each leaves, :mod:`.answered`).
"""

from __future__ import annotations

from warbench.core.attacks import OddsAnswer
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.actions import Fire
from warbench.rulesets.dystopian_wars.answered import numbers, strikes_back
from warbench.rulesets.dystopian_wars.attack_rolls import (
    action_card,
    card_help,
    fog_halved,
    fog_in_force,
    squadron_card_dice,
)
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.exact import extra_damage_die
from warbench.rulesets.dystopian_wars.gunnery import Gunnery, GunneryStage, fire_refusal
from warbench.rulesets.dystopian_wars.shields import SHIELD_NEEDED, generator_dice
from warbench.rulesets.dystopian_wars.state import DWState
from warbench.rulesets.dystopian_wars.strikes import Strike, strike, wing_odds


def declaring(state: DWState) -> Gunnery | None:
    """The shooting step declaring attacks now, if any (its guns used, split and fired)."""
    for frame in reversed(state.stack):
        if isinstance(frame, Gunnery):
            return frame if frame.stage is GunneryStage.DECLARE else None
    return None


def declared_odds(state: DWState, data: RulesData, fire: Fire) -> OddsAnswer | None:
    """The odds of the attack ``fire`` would declare now: hits after shields, the chances
    of damage, a critical and the target's destruction; at a wing of tiny flyers, the
    tokens it loses, the chances of a token shot down, an abort and the wing lost
    (:func:`~.strikes.wing_odds`); ``None`` when it declares none."""
    frame = declaring(state)
    if frame is None:
        return None
    reason, attack = fire_refusal(state, data, frame, fire)
    if reason is not None or attack is None:
        return None
    target = state.models[attack.target]
    spec = data.models[target.cls]
    bonus, easier = card_help(data, action_card(state, data, attack.guns[0][0]))
    needed = max(3, attack.needed - easier) if easier else attack.needed
    if spec.tiny:  # tokens shot down and aborts, with no card dice, fog or shields
        return wing_odds(target, attack.dice, needed, (
            f"{counted(attack.dice, 'die')} hitting on {needed}+ in range band {attack.band}",))
    lead = state.models[attack.guns[0][0]]
    extra = bonus + squadron_card_dice(state, data, lead)
    notes = [f"{counted(attack.dice + extra, 'die')} hitting on {needed}+ in range band "
             f"{attack.band}"]
    fog = attack.band >= 3 and fog_in_force(state, data)
    if fog:
        halved = fog_halved(attack.dice + extra)
        floor = " (never below 1 die, DW-AD-MIN)" if attack.dice + extra == 1 else ""
        notes.append(f"fog halves them to {halved}{floor}")
    shield = generator_dice(spec, target)
    if shield:
        notes.append(f"{shield} shield generator dice cancel on {SHIELD_NEEDED}+")
    notes.append("before any answer by the defender (ack-ack, charges, reaction cards)")
    counters = strikes_back(state, data, attack, set(), notes)
    rolled = strike(Strike(
        attack.dice, needed, extra_dice=extra, fog=fog, shield=shield,
        ship=numbers(spec, target), counters=counters,
        striker=numbers(data.models[lead.cls], lead),
        striker_shield=generator_dice(data.models[lead.cls], lead),
    ), extra_damage_die(data.criticals))
    damage = rolled.damage
    assert damage is not None and damage.hull is not None  # the hull left is known
    named = damage.named()
    if rolled.counter is not None:
        named.update(rolled.counter.named("attacker "))
    return OddsAnswer(damage.hull, "hull points lost", named, tuple(notes))
