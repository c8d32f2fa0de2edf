"""Exact odds of HORDES attacks (``warbench odds hordes ...``): melee, ranged and magic
attacks with or without boosts, sequences of attacks, slams, and what they do to a
warbeast's life spiral or a warlock's damage boxes. A ``target`` is looked up in the data
the ruleset was loaded with, so a designer's own data folder (``--data``) answers for its
own models; its card gives DEF and ARM unless ``defence=`` or ``arm=`` says otherwise."""

from __future__ import annotations

from collections.abc import Mapping

import pydantic

from warbench.core.attacks import AttackOdds, AttackOptionsError, OddsAnswer
from warbench.core.odds import Dist
from warbench.rulesets.hordes.data import HordesData, ModelRecord
from warbench.rulesets.hordes.exact import (
    attack_boxes,
    attack_chances,
    boxes_dist,
    spiral_after,
    spiral_outcomes,
    total_boxes,
)
from warbench.rulesets.hordes.rolls import dice_count


class AttackOptions(pydantic.BaseModel):
    """An attack sequence against one model."""

    model_config = pydantic.ConfigDict(extra="forbid")

    skill: int = pydantic.Field(default=6, ge=0, le=20, description="MAT, RAT or FURY")
    defence: int = pydantic.Field(
        default=12, ge=0, le=30, description="target DEF (default: the target's card, else 12)"
    )
    power: int = pydantic.Field(default=16, ge=0, le=30, description="POW, or P+S in melee")
    arm: int = pydantic.Field(
        default=18, ge=0, le=30, description="target ARM (default: the target's card, else 18)"
    )
    attacks: int = pydantic.Field(default=1, ge=1, le=6, description="attacks in sequence")
    boost_hit: bool = pydantic.Field(default=False, description="boost every attack roll")
    boost_damage: bool = pydantic.Field(
        default=False, description="boost every damage roll (each declared after its hit)"
    )
    bonus: int = pydantic.Field(default=0, ge=-10, le=10, description="other modifiers to hit")
    target: str = pydantic.Field(default="", description="model id: its spiral or boxes")
    knocked_down: bool = pydantic.Field(default=False, description="target knocked down")
    mind_crippled: bool = pydantic.Field(default=False, description="attacker's mind crippled")
    body_crippled: bool = pydantic.Field(default=False, description="attacker's body crippled")


class SlamOptions(AttackOptions):
    """A slam: the attack roll (-2 against a larger base), then STR damage."""

    larger_base: bool = pydantic.Field(default=False, description="target's base is larger")
    collision: bool = pydantic.Field(default=False, description="it hits a model or wall")


class _Sequence(AttackOdds):
    kind = "melee"

    def __init__(self, models: Mapping[str, ModelRecord]) -> None:
        self.models = models

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, AttackOptions):
            raise AttackOptionsError(f"{self.name}: options of the wrong kind")
        return sequence_odds(options, self.kind, self.models)


class MeleeOdds(_Sequence):
    name = "melee"
    summary = "melee attacks: 2d6 + MAT against DEF, damage 2d6 + P+S against ARM"
    options_model = AttackOptions
    kind = "melee"


class RangedOdds(_Sequence):
    name = "ranged"
    summary = "ranged attacks: 2d6 + RAT against DEF, damage 2d6 + POW against ARM"
    options_model = AttackOptions
    kind = "ranged"


class MagicOdds(_Sequence):
    name = "magic"
    summary = "offensive spells: 2d6 + FURY against DEF, damage 2d6 + POW against ARM"
    options_model = AttackOptions
    kind = "magic"


class SlamOdds(_Sequence):
    name = "slam"
    summary = "a full slam: attack roll (-2 vs a larger base), damage 2d6 + STR (+1 die)"
    options_model = SlamOptions
    kind = "slam"


def sequence_odds(
    options: AttackOptions, kind: str, models: Mapping[str, ModelRecord]
) -> OddsAnswer:
    """The exact boxes marked by the attacks, and their effect on the named target (one of
    ``models``), whose card gives DEF and ARM unless ``defence`` or ``arm`` is given."""
    notes: list[str] = []
    record = None
    if options.target:
        if options.target not in models:
            raise AttackOptionsError(
                f"target: no model {options.target!r} (models: {', '.join(sorted(models))})")
        record = models[options.target]
    defence, arm = options.defence, options.arm
    if record is not None:
        given = options.model_fields_set
        defence = defence if "defence" in given else record.def_
        arm = arm if "arm" in given else record.arm
        notes.append(
            f"DEF {defence} ({'given' if 'defence' in given else 'card'}) and ARM {arm}"
            f" ({'given' if 'arm' in given else 'card'}) of {options.target}"
        )
        if "tough" in record.abilities:
            notes.append(
                f"tough is not counted: {options.target} survives its last box on 5-6"
            )
    dice = dice_count(options.boost_hit, options.mind_crippled)
    bonus = options.bonus
    extra = 0
    if isinstance(options, SlamOptions):
        bonus -= 2 if options.larger_base else 0
        extra = int(options.collision)
    if options.knocked_down and kind != "melee":
        defence = 5
    if options.knocked_down and kind == "melee":
        hit, critical = 1.0, 0.0
    else:
        hit, critical = attack_chances(dice, options.skill + bonus, defence)
    damage_dice = dice_count(options.boost_damage, options.body_crippled) + extra
    one = attack_boxes(hit, boxes_dist(damage_dice, options.power, arm))
    attacks = [one] * options.attacks
    named = {"hit (each attack)": hit, "critical (each attack)": critical}
    if record is not None and record.role == "warbeast":
        states = spiral_after(record.spiral, attacks)
        named |= spiral_outcomes(record.spiral, states)
        totals: dict[int, float] = {}
        for marked, p in states.items():
            totals[sum(marked)] = totals.get(sum(marked), 0.0) + p
    else:
        cap = record.damage if record is not None else 10_000
        totals = total_boxes(attacks, cap)
        if record is not None:
            named["destroyed"] = totals.get(cap, 0.0)
    distribution = Dist.from_mapping(totals)
    named["no damage"] = distribution.p(0)
    return OddsAnswer(distribution, "boxes", named, tuple(notes))


def attack_odds(data: HordesData) -> Mapping[str, AttackOdds]:
    """The attacks ``warbench odds hordes`` answers, their targets among ``data``'s models."""
    return {odds.name: odds for odds in (MeleeOdds(data.models), RangedOdds(data.models),
                                          MagicOdds(data.models), SlamOdds(data.models))}
