"""Exact odds of HORDES attacks (``warbench odds hordes ...``): melee, ranged and magic
attacks with or without boosts, sequences of attacks, slams, and what they do to a
warbeast's life spiral or a warlock's damage boxes. An ``attacker`` and a ``target`` are
looked up in the data the ruleset was loaded with (by id or printed name), so a designer's
own data folder (``--data``) answers for its own models: the attacker's card gives MAT, RAT
or FURY and the damage roll's POW (its weapon's or spell's), the target's DEF, ARM, boxes
and tough, unless an option gives a number. Knockdowns (a weapon's, a slam's, a tough
save's) are followed through the sequence: later melee attacks hit automatically, ranged
and magic ones need DEF 5. A warlock's fury pays for its extra attacks and boosts
(:mod:`~warbench.rulesets.hordes.odds_fury`: a damage boost on each hit while it lasts);
a ranged or magic attack ``distance`` inches away misses out of range, and a missed AOE
deviates and may still catch the target (:mod:`~warbench.rulesets.hordes.shot`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import pydantic

from warbench.core.attacks import AttackOdds, AttackOptionsError, OddsAnswer
from warbench.rulesets.hordes.combat import KNOCKED_DOWN_DEF, Strike
from warbench.rulesets.hordes.data import HordesData, ModelRecord
from warbench.rulesets.hordes.exact import Blow, attack_chances, boxes_dist
from warbench.rulesets.hordes.odds_cards import (
    WORDS,
    AttackerCard,
    attacker_card,
    find_model,
    most_attacks,
)
from warbench.rulesets.hordes.odds_fury import FuryPaid, fury_paid
from warbench.rulesets.hordes.odds_target import outcome_odds, target_sizes
from warbench.rulesets.hordes.rolls import dice_count
from warbench.rulesets.hordes.shot import OTHERS_NOT_COUNTED, Shot, shot_across

#: Defaults used when neither a card nor an option gives the number (engine default).
DEFAULTS = {"skill": 6, "power": 16, "defence": 12, "arm": 18}
#: The bound pydantic checks; the data's own limit is checked with the data (HOR-EXTRA-ATTACK).
ATTACKS_BOUND = 40


class AttackOptions(pydantic.BaseModel):
    """An attack sequence against one model."""

    model_config = pydantic.ConfigDict(extra="forbid")

    attacker: str = pydantic.Field(
        default="", description="attacking model (id or name): MAT, RAT or FURY and POW")
    skill: int = pydantic.Field(
        default=6, ge=0, le=20, description="MAT, RAT or FURY (default: the attacker's card, "
        "else 6)")
    defence: int = pydantic.Field(
        default=12, ge=0, le=30, description="target DEF (default: the target's card, else 12)"
    )
    power: int = pydantic.Field(
        default=16, ge=0, le=30, description="POW, or P+S in melee (default: the attacker's "
        "card, else 16)")
    arm: int = pydantic.Field(
        default=18, ge=0, le=30, description="target ARM (default: the target's card, else 18)"
    )
    attacks: int = pydantic.Field(
        default=1, ge=1, le=ATTACKS_BOUND, description="attacks in sequence (at most what "
        "the attacker, else the largest card in the data, makes in one activation)")
    boost_hit: bool = pydantic.Field(default=False, description="boost every attack roll")
    boost_damage: bool = pydantic.Field(
        default=False, description="boost the damage roll of every hit, declared once the hit"
        " is known (a warlock's: while its fury lasts, after its attacks and attack boosts)")
    fury: int | None = pydantic.Field(
        default=None, ge=0, le=20, description="fury the attacking warlock holds (default: "
        "its FURY): 1 for each attack past its free ones (a spell: its COST), each boost")
    bonus: int = pydantic.Field(default=0, ge=-10, le=10, description="other modifiers to hit")
    target: str = pydantic.Field(
        default="", description="target model (id or name): DEF, ARM, spiral or boxes, tough")
    knocked_down: bool = pydantic.Field(
        default=False, description="the target is knocked down at the start")
    marked: str = pydantic.Field(
        default="", description="what is marked on the target already: a warlock's damage "
        "boxes (5), or a warbeast's circles in life spiral branches 1 to 6 (2,0,0,0,1,0); "
        "needs target=")
    concealment: int = pydantic.Field(
        default=0, ge=0, le=10, description="DEF a forest gives the target against ranged "
        "and magic attacks, standing or knocked down (HOR-TERRAIN)")
    mind_crippled: bool = pydantic.Field(
        default=False, description="the attacker's mind is crippled: one attack die fewer")
    body_crippled: bool = pydantic.Field(
        default=False, description="the attacker's body is crippled: one damage die fewer")


def _distance() -> Any:
    return pydantic.Field(
        default=None, ge=0, le=100, description="inches between the attacker's and the "
        "target's bases (needs attacker= and target=): out of RNG (or past 5\" from a "
        "stealthy target) a miss; a missed AOE deviates and may still catch the target")


class WeaponOptions(AttackOptions):
    """A melee or ranged attack sequence, with one of the attacker's weapons."""

    weapon: str | None = pydantic.Field(
        default=None, description="the attacker's weapon (name), where it has several")


class RangedOptions(WeaponOptions):
    """A ranged attack sequence, and how far the target is."""

    distance: float | None = _distance()


class MagicOptions(AttackOptions):
    """Offensive spells, one of the attacker's."""

    spell: str | None = pydantic.Field(
        default=None, description="the attacker's offensive spell (id or name), where it has "
        "several")
    distance: float | None = _distance()


class SlamOptions(AttackOptions):
    """A slam: the attack roll (-2 against a larger base), then STR damage."""

    power: int = pydantic.Field(
        default=16, ge=0, le=30, description="STR (default: the attacker's card, else 16)")
    larger_base: bool = pydantic.Field(
        default=False, description="target's base is larger (default: from both cards)")
    collision: bool = pydantic.Field(default=False, description="it hits a model or wall")


class _Sequence(AttackOdds):
    kind = "melee"

    def __init__(self, data: HordesData) -> None:
        self.data = data

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, AttackOptions):
            raise AttackOptionsError(f"{self.name}: options of the wrong kind")
        return sequence_odds(options, self.kind, self.data)


class MeleeOdds(_Sequence):
    name = "melee"
    summary = "melee attacks: 2d6 + MAT against DEF, damage 2d6 + P+S against ARM"
    options_model = WeaponOptions
    kind = "melee"


class RangedOdds(_Sequence):
    name = "ranged"
    summary = "ranged attacks: 2d6 + RAT against DEF, damage 2d6 + POW against ARM"
    options_model = RangedOptions
    kind = "ranged"


class MagicOdds(_Sequence):
    name = "magic"
    summary = "offensive spells: 2d6 + FURY against DEF, damage 2d6 + POW against ARM"
    options_model = MagicOptions
    kind = "magic"


class SlamOdds(_Sequence):
    name = "slam"
    summary = "a full slam: attack roll (-2 vs a larger base), damage 2d6 + STR (+1 die)"
    options_model = SlamOptions
    kind = "slam"


def _attacker(options: AttackOptions, kind: str, data: HordesData
              ) -> tuple[str, AttackerCard | None]:
    """The attacker's id and what its card gives the attack (``""``, ``None``: no card)."""
    if not options.attacker:
        if "weapon" in options.model_fields_set or "spell" in options.model_fields_set:
            which = "weapon" if "weapon" in options.model_fields_set else "spell"
            raise AttackOptionsError(f"{which}: give the attacker's model too (attacker=)")
        return "", None
    chosen = getattr(options, "weapon", None) or getattr(options, "spell", None)
    card = attacker_card(data, kind, options.attacker, chosen, options.mind_crippled)
    key, record = find_model(data.models, options.attacker, "attacker")
    for aspect in ("mind", "body"):
        if getattr(options, f"{aspect}_crippled") and record.role != "warbeast":
            raise AttackOptionsError(
                f"{aspect}_crippled: {options.attacker} is a warlock: only a warbeast's {aspect}"
                " is crippled (HOR-SPIRAL-ASPECTS)")
    return key, card


def _check(options: AttackOptions, kind: str, data: HordesData, card: AttackerCard | None,
           target: ModelRecord | None) -> None:
    """Refuse what the game never lets happen (one line naming the option and the rule)."""
    if kind == "slam":
        if options.knocked_down:
            raise AttackOptionsError(
                "knocked_down: a knocked-down model cannot be slammed (HOR-KNOCKDOWN, HOR-SLAM)")
        if options.mind_crippled:
            raise AttackOptionsError(
                "mind_crippled: a warbeast with a crippled mind makes no power attack such as a"
                " slam (HOR-SPIRAL-MIND)")
        if options.attacks > 1:
            raise AttackOptionsError(
                "attacks: a model slams once in an activation (HOR-SLAM): ask `melee "
                "knocked_down=true` for the attacks after it")
    if card is not None:
        if card.most is not None and options.attacks > card.most:
            raise AttackOptionsError(
                f"attacks: {options.attacker} makes at most {card.most} {kind} attacks in one "
                f"activation ({card.why}; HOR-EXTRA-ATTACK)")
        return
    most, who = most_attacks(data)
    if options.attacks > most:
        raise AttackOptionsError(
            f"attacks: at most {most}, the most any model here makes in one activation ({who};"
            " HOR-EXTRA-ATTACK)")


def _numbers(options: AttackOptions, kind: str, card: AttackerCard | None) -> tuple[int, int, str]:
    """Skill and power, and a note saying where they come from."""
    given = options.model_fields_set
    skill_word, power_word = WORDS[kind]
    skill = options.skill if "skill" in given or card is None else card.skill
    power = options.power if "power" in given or card is None else card.power
    if card is not None:
        note = f"{skill_word} {skill} and {power_word} {power} from {card.source}"
        changed = [w for w, o in ((skill_word, "skill"), (power_word, "power")) if o in given]
        return skill, power, note + (f" ({' and '.join(changed)} given)" if changed else "")
    made_up = [f"{w} {v}" for w, v, o in ((skill_word, skill, "skill"),
                                          (power_word, power, "power")) if o not in given]
    if not made_up:
        return skill, power, ""
    what = "default" if len(made_up) == 1 else "defaults"
    return skill, power, (f"{', '.join(made_up)}: {what}; give attacker= or "
                          "skill=/power=")


def sequence_odds(options: AttackOptions, kind: str, data: HordesData, *,
                  shot: Shot | None = None, paid: FuryPaid | None = None) -> OddsAnswer:
    """The exact boxes marked by the attacks, and their effect on the named target, whose
    card gives DEF, ARM, its boxes and tough unless ``defence`` or ``arm`` is given; the
    attacker's card gives the attack's numbers unless ``skill`` or ``power`` is given.
    ``shot`` says how a ranged or magic attack reaches the target (else ``distance``
    does, where given); ``paid`` what the attacker's fury pays for (else it is counted
    from ``fury`` or its card: the web table gives both, from the game's state)."""
    notes: list[str] = []
    models = data.models
    name, record = find_model(models, options.target, "target") if options.target else ("",
                                                                                         None)
    key, card = _attacker(options, kind, data)
    _check(options, kind, data, card, record)
    if paid is None:
        paid = fury_paid(data, kind, key, card, options.attacks, options.boost_hit,
                         options.boost_damage, options.fury)
    skill, power, said = _numbers(options, kind, card)
    notes += [said] if said else []
    notes += [paid.note] if paid.note else []
    if shot is None:
        shot = _shot(options, kind, data, key, card, name)
    given = options.model_fields_set
    defence, arm = options.defence, options.arm
    if record is not None:
        defence = defence if "defence" in given else record.def_
        arm = arm if "arm" in given else record.arm
        notes.append(
            f"DEF {defence} ({'given' if 'defence' in given else 'card'}) and ARM {arm}"
            f" ({'given' if 'arm' in given else 'card'}) of {name}")
    else:
        made_up = [f"{w} {v}" for w, v, o in (("DEF", defence, "defence"), ("ARM", arm, "arm"))
                   if o not in given]
        if made_up:
            what = "default" if len(made_up) == 1 else "defaults"
            notes.append(f"{', '.join(made_up)}: {what}; give target= or defence=/arm=")
    if kind in ("ranged", "magic") and options.concealment:
        defence += options.concealment
        notes.append(f"concealment +{options.concealment} DEF against {kind} attacks, "
                     f"standing or knocked down (DEF {KNOCKED_DOWN_DEF + options.concealment}"
                     " then)")
    blow = _blow(options, kind, data, card, record, skill, power, defence, arm, paid)
    first = blow.down if options.knocked_down else blow.standing
    named: dict[str, float] = {shot.missed: 1.0} if shot.missed else {}
    hit = 0.0 if shot.missed else first[0]
    named["hit (each attack)"] = hit
    named["critical (each attack)"] = 0.0 if shot.missed else first[1]
    if shot.aoe:
        named["caught by the deviated template (each attack)"] = (1.0 - hit) * shot.caught
        blow = _aimed(blow, shot)
    notes += shot.notes
    sizes = target_sizes(record)
    start = _marked(options, name, record, sizes)
    if start:
        notes.append(f"{name} starts with {_marked_words(start, sizes)}")
    boosts = paid.damage_boosts if paid.damage_boosts < options.attacks else 0
    return outcome_odds([blow] * options.attacks, record, name, start, named, notes,
                        down=options.knocked_down, boosts=boosts)


def _marked(options: AttackOptions, name: str, record: ModelRecord | None,
            sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The target's marking at the start, from ``marked`` (checked against its card)."""
    text = options.marked.strip()
    if not text:
        return ()
    if record is None:
        raise AttackOptionsError("marked: name the target too (target=): its card says how "
                                 "many boxes it has")
    try:
        numbers = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise AttackOptionsError(
            f"marked: {text!r} is not whole numbers separated by commas") from None
    if len(numbers) != len(sizes):
        what = ("6 numbers, one per life spiral branch" if len(sizes) == 6
                else "one number, its damage boxes marked")
        raise AttackOptionsError(f"marked: {name} takes {what}, not {len(numbers)}")
    for branch, (count, size) in enumerate(zip(numbers, sizes, strict=True), start=1):
        if not 0 <= count <= size:
            where = f"branch {branch} has" if len(sizes) == 6 else "it has"
            raise AttackOptionsError(f"marked: {count} in {name}: {where} {size} boxes")
    if sum(numbers) >= sum(sizes):
        raise AttackOptionsError(f"marked: every box of {name} marked: it is destroyed")
    return numbers


def _marked_words(start: tuple[int, ...], sizes: tuple[int, ...]) -> str:
    if len(sizes) == 6:
        return (f"{sum(start)} of {sum(sizes)} circles marked (branches "
                + ", ".join(f"{m}/{n}" for m, n in zip(start, sizes, strict=True)) + ")")
    return f"{start[0]} of {sizes[0]} damage boxes marked"


def _shot(options: AttackOptions, kind: str, data: HordesData, key: str,
          card: AttackerCard | None, target: str) -> Shot:
    """How a ranged or magic attack reaches the target ``distance`` inches away; without
    ``distance``, a note that a missed AOE's deviation is not counted."""
    distance = getattr(options, "distance", None)
    if distance is None:
        if card is None or not card.aoe:
            return Shot()
        return Shot(notes=(f'AOE {card.aoe}": the direct hits only; a miss deviates and may '
                           "still catch the target: give distance= (inches between the "
                           "bases) to count it", OTHERS_NOT_COUNTED))
    if card is None or not target:
        raise AttackOptionsError("distance: name the attacker and the target too (attacker=, "
                                 "target=): the range, the AOE and both bases are on their "
                                 "cards")
    strike = Strike(kind, card.power, card.rng, card.aoe, tuple(card.qualities))
    return shot_across(data, key, target, strike, distance)


def _aimed(blow: Blow, shot: Shot) -> Blow:
    """``blow`` where a miss may deviate onto the target: it takes the attack's damage roll
    and its hit effects, never a critical one (HOR-AOE, HOR-AUTO-EFFECT)."""

    def reached(chances: tuple[float, float]) -> tuple[float, float]:
        hit, critical = (0.0, 0.0) if shot.missed else chances
        return hit + (1.0 - hit) * shot.caught, critical

    return dataclasses.replace(blow, standing=reached(blow.standing), down=reached(blow.down))


def _blow(options: AttackOptions, kind: str, data: HordesData, card: AttackerCard | None,
          record: ModelRecord | None, skill: int, power: int, defence: int, arm: int,
          paid: FuryPaid) -> Blow:
    """One attack of the sequence, against the target standing and knocked down; a hit's
    damage boosted on every hit when ``paid`` boosts them all, else on as many as it
    pays for, in turn."""
    dice = dice_count(options.boost_hit, options.mind_crippled)
    bonus = skill + options.bonus
    extra = 0
    qualities = card.qualities if card is not None else frozenset()
    if isinstance(options, SlamOptions):
        larger = options.larger_base
        if "larger_base" not in options.model_fields_set and card is not None and record:
            attacker = find_model(data.models, options.attacker, "attacker")[1]
            larger = record.base > attacker.base
        bonus -= 2 if larger else 0
        extra = int(options.collision)
        qualities = frozenset({"knockdown"})  # a slammed model is knocked down
    standing = attack_chances(dice, bonus, defence)
    down = (1.0, 0.0) if kind in ("melee", "slam") else attack_chances(
        dice, bonus, KNOCKED_DOWN_DEF + options.concealment)
    plain = boxes_dist(dice_count(False, options.body_crippled) + extra, power, arm)
    boosted = boxes_dist(dice_count(True, options.body_crippled) + extra, power, arm)
    every = paid.damage_boosts >= options.attacks
    return Blow(standing, down, boosted if options.boost_damage and every else plain,
                knockdown="knockdown" in qualities,
                critical_knockdown="critical_knockdown" in qualities,
                boosted=boosted if options.boost_damage and not every else None)


def attack_odds(data: HordesData) -> Mapping[str, AttackOdds]:
    """The attacks ``warbench odds hordes`` answers, their targets among ``data``'s models."""
    return {odds.name: odds for odds in (MeleeOdds(data), RangedOdds(data), MagicOdds(data),
                                          SlamOdds(data))}
