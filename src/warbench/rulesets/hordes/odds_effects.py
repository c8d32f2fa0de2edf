"""What an offensive spell's or animus's effects make of the models it hits, for the web
table's odds (HOR-SPELL-STATS, HOR-ACTION-ODDS).

The game lands them once the magic attack roll is made, before the damage rolls
(:func:`.magic.resolve_spell`), on every model the attack hits, so each damage roll is made
against the model as they leave it: its ARM changed, boxes healed, knocked down, an older
animus or upkeep spell ended with what it gave. :func:`struck` lands them as the game does,
with the game's own :func:`.magic.land_effects`, on a quiet copy of the state;
:func:`after_effects` makes the target's odds count its damage roll on that copy where the
attack reaches it, and the target as it stands where it does not. A model's outcomes are
counted from what is marked on it now: a heal's boxes are taken off what the roll marks.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from warbench.core.attacks import OddsAnswer
from warbench.core.engine import clone_state
from warbench.core.events import Event
from warbench.core.odds import Dist
from warbench.core.words import counted
from warbench.rulesets.hordes.data import HordesData, SpellRecord
from warbench.rulesets.hordes.magic import land_effects
from warbench.rulesets.hordes.odds_target import damage_roll_odds, marks
from warbench.rulesets.hordes.profile import stat
from warbench.rulesets.hordes.state import HordesState, Model

#: The named chances that the attack reaches the target: its effects land on it then.
REACHED = ("hit (each attack)", "caught by the deviated template (each attack)")
#: The target's named outcomes besides its aspects (``target's ... crippled``).
OUTCOMES = ("destroyed", "knocked down, not destroyed", "no damage")


@dataclass(slots=True)
class _Quiet:
    """A copy of the game's state whose events nobody hears (a :class:`.game.Table`)."""

    data: HordesData
    state: HordesState

    def emit(self, event: Event) -> None:
        """Nobody is told: the odds read only what the effects leave."""


def struck(data: HordesData, state: HordesState, caster: Model, spell: str,
           record: SpellRecord, origin: str) -> dict[int, Model]:
    """Every living model as ``record``'s effects leave it where ``caster``'s ``spell``
    (``origin``: ``spell`` or ``animus``) hits it, by uid: landed on a copy of ``state``
    by :func:`.magic.land_effects`, as the game lands them on every model hit. What they do
    to one model never reaches another (an older cast of the same upkeep spell ends
    wherever it lies, whichever models are hit), so one copy serves every way the spell
    may land: a model's damage roll is made only where the spell hits it."""
    copy = clone_state(state)
    hit = [model for model in copy.models if model.alive]
    land_effects(_Quiet(data, copy), copy.models[caster.uid], spell, record, record.effects,
                 hit, origin)
    return {model.uid: model for model in hit}


def _value(answer: OddsAnswer, key: str) -> float:
    """``answer``'s chance of ``key``, 1 where it is a fact (``... already``)."""
    return answer.named.get(key, float(f"{key} already" in answer.facts))


def after_effects(answer: OddsAnswer, data: HordesData, target: Model, hit: Model, *,
                  dice: int, power: int, arm: int) -> OddsAnswer:
    """``answer``, the ``target``'s odds with one damage roll of ``dice`` d6 + ``power``
    against ``arm`` (the ARM the effects leave it) where the attack reaches it, with that
    roll made on ``hit`` (:func:`struck`) where the effects changed what is marked on it
    or knocked it down; where the attack does not reach it, the target as it stands (an
    aspect crippled now stays a fact where every way leaves it crippled)."""
    if (marks(hit), hit.knocked_down) == (marks(target), target.knocked_down):
        return answer
    reached = sum(answer.named.get(key, 0.0) for key in REACHED)
    stays = damage_roll_odds(data, target.card, marks(target), dice=dice, power=power,
                             arm=arm, down=target.knocked_down, made=False)
    rolled = damage_roll_odds(data, hit.card, marks(hit), dice=dice, power=power, arm=arm,
                              down=hit.knocked_down, before=sum(marks(target)))
    named = {key: p for key, p in answer.named.items()
             if key not in OUTCOMES and not key.startswith("target's")}
    for key in [*rolled.named, *(k for k in stays.named if k not in rolled.named)]:
        named[key] = (1.0 - reached) * _value(stays, key) + reached * _value(rolled, key)
    totals = {boxes: reached * p for boxes, p in rolled.distribution.items()}
    totals[0] = totals.get(0, 0.0) + 1.0 - reached
    return dataclasses.replace(answer, distribution=Dist.from_mapping(totals), named=named)


def effects_words(data: HordesData, name: str, target: Model, hit: Model, rolls: bool
                  ) -> str:
    """What ``name``'s effects change of ``target`` where they hit it, before its damage
    roll where it ``rolls`` one (its ARM only then), in words; ``""`` where nothing."""
    changes = []
    arm, then = stat(data, target, "arm"), stat(data, hit, "arm")
    if then != arm and rolls:
        changes.append(f"ARM {then} (now {arm})")
    healed = sum(marks(target)) - sum(marks(hit))
    if healed:
        changes.append(f"{counted(healed, 'box')} healed")
    if hit.knocked_down and not target.knocked_down:
        changes.append("knocked down")
    if not changes:
        return ""
    when = ", before its damage roll" if rolls else ""
    counted_from = "; its boxes counted from what is marked now" if healed and rolls else ""
    return (f"{name}'s effects land on each model it hits{when} (HOR-SPELL-STATS): the "
            f"target then {', '.join(changes)}{counted_from}")
