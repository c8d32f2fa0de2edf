"""Exact odds of Dystopian Wars attacks: ``warbench odds dystopian-wars ATTACK key=value ...``.

Every attack reads its dice through the game's face table (:func:`~.pools.hit_table`), its
number needed through :func:`~.combat.needed_to_hit` (asked about stand-ins built from the
options: a target of that size, traits and level, a shooter of that level), linked fire
through :func:`~.linking.linked_dice`, answering dice through :func:`~.combat.aa_value` and
:func:`~.combat.cc_value`, damage through :func:`~.damage.hit_damage` and the critical
table of the data, boarding through :func:`~.boarding_rules.melee_dice` and
:func:`~.boarding_rules.assault_outcome`, and rams with the numbers of :mod:`~.movement`. The
distributions come from :mod:`~.exact`.

>>> attacks = attack_odds()
>>> guns = attacks["gunnery"]
>>> answer = guns.odds(guns.parse_options(["dice=13", "dr=6", "cr=10"]))
>>> round(answer.distribution.mean, 6), round(answer.named["critical"], 6)
(10.4, 0.553987)
"""

from __future__ import annotations

import dataclasses
from abc import abstractmethod

import pydantic

from warbench.core.attacks import AttackOdds, OddsAnswer, dice_in_all
from warbench.core.catalog import UnknownEntry
from warbench.core.odds import Dist, mixture
from warbench.rulesets.dystopian_wars.attack_rolls import CANCEL_NEEDED
from warbench.rulesets.dystopian_wars.auxiliary_odds import AtDiverOdds, AtFlyerOdds
from warbench.rulesets.dystopian_wars.boarding_odds import BoardingOdds
from warbench.rulesets.dystopian_wars.combat import (
    AIRBORNE,
    aa_value,
    cc_value,
    needed_to_hit,
)
from warbench.rulesets.dystopian_wars.data import ModelSpec, Mount, RulesData, load_data
from warbench.rulesets.dystopian_wars.exact import (
    carrying,
    pool_hits,
)
from warbench.rulesets.dystopian_wars.linking import linked_dice
from warbench.rulesets.dystopian_wars.mine_odds import mine_attacks
from warbench.rulesets.dystopian_wars.obscured import answering_needed
from warbench.rulesets.dystopian_wars.odds_base import (
    DataOdds,
    critical_notes,
    damage_named,
    hits_or_hull,
    struck_numbers,
)
from warbench.rulesets.dystopian_wars.odds_options import (
    TEMPLATE,
    AnswerOptions,
    AttackOptions,
    BombOptions,
    GunneryOptions,
    Kind,
    RamOptions,
    RocketOptions,
    Target,
    TorpedoOptions,
    option_error,
    whole_numbers,
)
from warbench.rulesets.dystopian_wars.rams import RAM_NEEDED, TERRAIN_DICE
from warbench.rulesets.dystopian_wars.shields import SHIELD_NEEDED
from warbench.rulesets.dystopian_wars.state import Model
from warbench.rulesets.dystopian_wars.strikes import AnswerRoll, Strike, strike
from warbench.rulesets.dystopian_wars.wing_odds import wing_attacks


class _WeaponOdds(DataOdds):
    """Gunnery, rockets, torpedoes or bombs: dice, the number needed, cancelling, damage."""

    kind: Kind

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, AttackOptions):
            raise TypeError(f"{self.name} odds take AttackOptions, not {options!r}")
        shooter = self.spec(options.shooter, "shooter")
        if shooter is not None and shooter.tiny:
            raise option_error("shooter", f"{shooter.name} is a wing of tiny flyers: its dice "
                               "are per token and ack-ack strikes its tokens (see wing-attack)")
        target_spec = self.spec(options.target, "target")
        mount, focus = self._gun(options, shooter)
        if getattr(options, "partly", False):
            focus = max(1, focus // 2)  # the target only partly in the channel (DW-BOMBS)
        linked = whole_numbers(options.linked, "linked")
        whole = [True] * len(linked) if options.combined else []
        dice = linked_dice([focus, *linked], [False, *whole]) if linked else focus
        if linked:
            dice_in_all(focus + sum(linked), f"{focus} dice and {sum(linked)} linked")
        needed = self._needed(options, shooter, target_spec, mount)
        if options.needed is not None:
            needed = options.needed
        aa, cc = getattr(options, "aa", 0), getattr(options, "cc", 0)
        aa_obscured = getattr(options, "aa_obscured", 0)
        self._check_answers(options, shooter, aa + aa_obscured, cc)
        shield, target = struck_numbers(options, target_spec)
        obscured = answering_needed(CANCEL_NEEDED, obscured=True)
        answers = tuple(AnswerRoll(n, at, False, what) for n, at, what in (
            (aa + cc, CANCEL_NEEDED, "ack-ack and charges"),
            (aa_obscured, obscured, "obscured ack-ack")) if n)
        hits = strike(Strike(dice, needed, answers, shield=shield)).hits
        assert hits is not None  # a model is attacked
        notes = [self._dice_note(focus, linked, dice, needed, options.combined)]
        if answers or shield:
            cancelled = sum(pool_hits(n, at).mean for n, at in (
                (aa + cc, CANCEL_NEEDED), (aa_obscured, obscured), (shield, SHIELD_NEEDED)))
            parts = [f"{what} {n}" for n, what in (
                (aa, "ack-ack"), (aa_obscured, "obscured ack-ack, on 6 only"),
                (cc, "charges"), (shield, "shields")) if n]
            notes.append(f"cancelling dice ({', '.join(parts)}) take off {cancelled:.4f} "
                         f"of the {pool_hits(dice, needed).mean:.4f} hits rolled on average")
        damage = self.damage(hits, target)
        named = damage_named(damage, target, notes)
        return hits_or_hull(options.show, hits, damage, named, notes)

    @staticmethod
    def _dice_note(
        focus: int, linked: list[int], dice: int, needed: int, combined: bool = False
    ) -> str:
        plus = "+" if needed < 6 else ""
        if linked:
            how = "combined" if combined else "linked"
            return (f"{focus} AD {how} with {', '.join(map(str, linked))}: {dice} dice, "
                    f"hitting on {needed}{plus}")
        return f"{dice} dice, hitting on {needed}{plus}"

    def _gun(self, options: AttackOptions, shooter: ModelSpec | None) -> tuple[Mount, int]:
        """The mount fired (a stand-in without a named weapon) and its attack dice."""
        primary = getattr(options, "primary", None)
        mount: Mount | None = None
        if options.weapon is not None:
            if shooter is None:
                raise option_error("weapon", "give the shooter's class too (shooter=)")
            mount = shooter.mount(options.weapon) or next(
                (m for m in shooter.mounts if m.weapon == options.weapon), None
            )
            if mount is None:
                names = sorted({m.weapon for m in shooter.mounts} | {m.name for m in
                                                                     shooter.mounts})
                raise option_error("weapon", str(UnknownEntry(f"weapon of {shooter.id}",
                                                        options.weapon, names)))
            if mount.kind != self.kind:
                raise option_error("weapon", f"{mount.name} is {mount.kind}, not {self.kind}")
        if mount is None:
            mount = Mount(self.kind, self.kind, self.kind, "primary" if primary else
                          "secondary", "all", (0, 0, 0, 0))
        elif primary is not None:
            mount = dataclasses.replace(mount, grade="primary" if primary else "secondary")
        dice = options.dice
        if dice is None:
            if options.weapon is None:
                raise option_error("dice", "give the attack dice (dice=) or shooter= and weapon=")
            dice = mount.ad[options.band - 1]
            if dice <= 0:
                raise option_error("band", f"{mount.name} has no attack dice in range band "
                             f"{options.band}")
        return mount, dice

    def _needed(
        self,
        options: AttackOptions,
        shooter: ModelSpec | None,
        target: ModelSpec | None,
        mount: Mount,
    ) -> int:
        """The number needed, from :func:`~.combat.needed_to_hit` asked about stand-ins."""
        size = options.size or (target.size if target else "medium")
        traits = set(target.traits) if target else set()
        for trait, given in (("fast", options.fast), ("elusive", options.elusive),
                             ("diving", options.diving)):
            if given is not None:
                (traits.add if given else traits.discard)(trait)
        level = options.level or ("flying" if target and target.flying else "surface")
        shooter_level = options.shooter_level or (
            "flying" if shooter and shooter.flying else "surface"
        )
        capital = options.capital if options.capital is not None else bool(
            shooter and shooter.capital
        )
        target_spec = dataclasses.replace(target or TEMPLATE, size=size,
                                          traits=frozenset(traits))
        self._check_levels(options, target_spec, level, shooter_level)
        shooter_spec = dataclasses.replace(shooter or TEMPLATE, capital=capital)
        return needed_to_hit(
            shooter_spec, _stand_in(shooter_spec, shooter_level),
            target_spec, _stand_in(target_spec, level), mount, options.band,
        )

    def _check_levels(
        self, options: AttackOptions, target: ModelSpec, level: str, shooter_level: str
    ) -> None:
        """Refuse what the game refuses to fire at all (:func:`~.combat.shot_refusal`)."""
        if target.tiny:
            raise option_error("size", "gunnery, rockets, torpedoes and bombs never target "
                               "tiny flyers (see aa-wing and dogfight)")
        if self.kind == "bombs" and shooter_level not in AIRBORNE:
            raise option_error("shooter_level", "only flyers drop bombs (DW-BOMBS)")
        if self.kind == "bombs" and level in AIRBORNE and target.size not in ("large",
                                                                             "massive"):
            raise option_error("level", "bombs hit flyers only when they are large or "
                               "massive (DW-BOMBS)")
        if shooter_level == "submerged" and self.kind != "torpedoes":
            raise option_error("shooter_level", "a submerged model attacks only with torpedoes")
        if self.kind == "torpedoes" and level in AIRBORNE:
            raise option_error("level", "torpedoes never reach flyers")
        if level == "submerged" and shooter_level == "obscured":
            raise option_error("shooter_level", "an obscured model cannot fire at a submerged one")
        if level == "submerged" and shooter_level == "surface" and options.band == 1:
            raise option_error("band", "a surface model cannot fire at a submerged one in range "
                         "band 1")
        if (level in AIRBORNE and shooter_level in ("surface", "submerged")
                and options.band == 1 and not (target.beast and self.kind == "gunnery")):
            raise option_error("band", "a surface model fires at flyers in range band 1 only with "
                         "ack-ack")

    def _check_answers(
        self, options: AttackOptions, shooter: ModelSpec | None, aa: int, cc: int
    ) -> None:
        """Only the answers the game asks for (:func:`~.attack_rolls.answer_means`): ack-ack
        against rockets or a flyer's attack, charges against torpedoes or a diving model's
        attack (both where both reach, DW-CC-ANSWER)."""
        airborne = (options.shooter_level or (
            "flying" if shooter and shooter.flying else "surface")) in AIRBORNE
        if aa and self.kind != "rockets" and not airborne:
            raise option_error("aa", f"ack-ack answers {self.kind} only from a flyer "
                               "(shooter_level flying or obscured)")
        if cc and self.kind != "torpedoes" and not (shooter.diving if shooter else None):
            raise option_error("cc", f"concussion charges answer {self.kind} only from a "
                               "diving model within 4 inches (shooter= a diving class)")


def _dice(count: int) -> str:
    """``1 die``, ``3 dice``."""
    return f"{count} {'die' if count == 1 else 'dice'}"


def _stand_in(spec: ModelSpec, level: str) -> Model:
    """A model of ``spec`` at ``level``, all the to-hit rules read of a model."""
    return Model(0, 0, 0, spec.id, spec.name, 0.0, 0.0, 0.0, level=level)


class GunneryOdds(_WeaponOdds):
    """Gunnery against DR and CR."""

    name = "gunnery"
    summary = ("hits of one gun or linked guns (number needed by level, size and band) "
               "against DR and CR, after shields and answering fire")
    options_model = GunneryOptions
    kind = "gunnery"


class RocketOdds(_WeaponOdds):
    """Rockets against DR and CR, answered by ack-ack."""

    name = "rockets"
    summary = "hits of rockets against DR and CR, after shields and the target's ack-ack"
    options_model = RocketOptions
    kind = "rockets"


class TorpedoOdds(_WeaponOdds):
    """Torpedoes against DR and CR, answered by concussion charges."""

    name = "torpedoes"
    summary = ("hits of torpedoes against DR and CR, after shields and the target's "
               "concussion charges")
    options_model = TorpedoOptions
    kind = "torpedoes"


class BombOdds(_WeaponOdds):
    """A flyer's bombs against DR and CR, answered by ack-ack."""

    name = "bombs"
    summary = ("hits of a flyer's bombs in its 4-inch aft channel (half the dice at a "
               "target only partly in it; large and massive flyers 5+) against DR and CR, "
               "after shields and the target's ack-ack")
    options_model = BombOptions
    kind = "bombs"


class _AnswerOdds(DataOdds):
    """Ack-ack or concussion charges answering an attack: hits cancelled."""

    options_model = AnswerOptions
    what: str

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, AnswerOptions):
            raise TypeError(f"{self.name} odds take AnswerOptions, not {options!r}")
        spec = self.spec(options.model, "model")
        if options.dice is not None:
            if spec is not None:
                raise option_error("dice, model", "give the dice or the model, not both")
            dice = options.dice
        elif spec is not None:
            if options.damage >= spec.hp:
                raise option_error("damage", f"{spec.name} has only {spec.hp} hull points")
            standing = Model(0, 0, 0, spec.id, spec.name, 0.0, 0.0, 0.0, damage=options.damage)
            dice = self.dice_now(spec, standing)
        else:
            raise option_error("dice", f"give the {self.what} dice (dice=) or model=")
        cancelled = pool_hits(dice, answering_needed(CANCEL_NEEDED, options.obscured))
        if options.obscured:
            notes = [f"{_dice(dice)} of {self.what} from an obscured model: only a 6 cancels, "
                     "two hits, and rolls again"]
        else:
            notes = [f"{_dice(dice)} of {self.what}: a 5 cancels one hit, a 6 two and rolls "
                     "again"]
        named = {"none cancelled": cancelled.p(0), "at least one": cancelled.at_least(1)}
        if options.hits is not None:
            named["all cancelled"] = cancelled.at_least(options.hits)
            cancelled = cancelled.clip(None, options.hits)
        return OddsAnswer(cancelled, "hits cancelled", named, tuple(notes))

    @abstractmethod
    def dice_now(self, spec: ModelSpec, model: Model) -> int:
        """The answering dice ``model`` has now."""


class AckAckOdds(_AnswerOdds):
    """Ack-ack answering rockets or a flyer's attack."""

    name = "aa"
    summary = "hits cancelled by ack-ack answering rockets or a flyer's attack"
    what = "ack-ack"

    def dice_now(self, spec: ModelSpec, model: Model) -> int:
        return aa_value(spec, model)


class ChargeOdds(_AnswerOdds):
    """Concussion charges answering torpedoes or a diving model's attack."""

    name = "cc"
    summary = "hits cancelled by concussion charges answering torpedoes or a diver's attack"
    what = "concussion charge"

    def dice_now(self, spec: ModelSpec, model: Model) -> int:
        return cc_value(spec, model)


def _ram_answer(lost: Dist, hull: int) -> Dist:
    """The rammed model's answer, with ``hull`` points before the ram and ``lost`` to it
    (the critical table's extra damage counted): the points left in dice on 4+, none once
    it is destroyed (DW-RAM)."""
    parts = [(chance, pool_hits(hull - points, RAM_NEEDED)) for points, chance in lost.items()
             if chance]
    return carrying(mixture(parts), lost.truncated_mass)


class RamOdds(DataOdds):
    """Rams and collisions: the mover's dice, and the other's hull left in dice (after the
    ram, for a ram; at once, for a collision)."""

    name = "ram"
    summary = ("a ram (RR dice) or collision (hull left in dice) and the other model's "
               "answer, or terrain's 4/8/12 dice, against DR and CR")
    options_model = RamOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, RamOptions):
            raise TypeError(f"{self.name} odds take RamOptions, not {options!r}")
        mover = self.spec(options.model, "model")
        other = self.spec(options.target, "target")
        mover_hp = options.hp if options.hp is not None else (mover.hp if mover else None)
        moving = Target(
            options.mover_dr if options.mover_dr is not None else (mover.dr if mover else None),
            options.mover_cr if options.mover_cr is not None else (mover.cr if mover else None),
            mover_hp, mover.hp if mover else mover_hp,
        ).checked()
        if options.kind == "terrain":
            return self._terrain(options, moving)
        other_hp = options.target_hp if options.target_hp is not None else (
            other.hp if other else None
        )
        if other_hp is None:
            raise option_error("target_hp", "give the other model's hull points left (target_hp=) "
                         "or target=")
        struck = Target(
            options.dr if options.dr is not None else (other.dr if other else None),
            options.cr if options.cr is not None else (other.cr if other else None),
            other_hp, other.hp if other else other_hp,
        ).checked()
        if options.kind == "ram":
            dice = options.rr if options.rr is not None else (mover.rr if mover else 0)
            if dice < 1:
                raise option_error("rr", "a ram needs a ram rating of 1 or more (rr=, or model= "
                             "with one); without, it is a collision")
            other_rr = options.target_rr if options.target_rr is not None else (
                other.rr if other else 0
            )
            answer_criticals = other_rr >= 1
        else:
            if mover_hp is None:
                raise option_error("hp", "a collision rolls the mover's hull points left: give "
                             "hp= or model=")
            dice = mover_hp
            answer_criticals = False
        ram = options.kind == "ram"
        hits = pool_hits(dice, RAM_NEEDED)
        named: dict[str, float] = {}
        struck_odds = self.damage(hits, struck, criticals=ram)
        answer: Dist | None
        if not ram:
            answer = pool_hits(other_hp, RAM_NEEDED)
            notes = [f"{dice} collision dice against {other_hp} answering dice at once, all "
                     f"on {RAM_NEEDED}+; mean answer {answer.mean:.4f} hits"]
        elif struck_odds is not None and struck_odds.hull is not None:
            answer = _ram_answer(struck_odds.hull, other_hp)
            notes = [f"{dice} ram dice on {RAM_NEEDED}+; then the target answers with the hull "
                     f"points the ram leaves it ({other_hp} if unharmed, none if destroyed), "
                     f"on {RAM_NEEDED}+: mean answer {answer.mean:.4f} hits"]
        else:
            answer = None
            notes = [f"{dice} ram dice on {RAM_NEEDED}+; the answer rolls the hull points the "
                     "ram leaves the target: give its dr= and cr= (or target=) for it"]
        if struck_odds is not None:
            named.update(struck_odds.named())
            notes.extend(critical_notes(struck_odds, struck))
        mover_odds = None if answer is None else self.damage(
            answer, moving, criticals=ram and answer_criticals
        )
        if mover_odds is not None:
            named.update(mover_odds.named("mover "))
            notes.extend(critical_notes(mover_odds, moving, "mover: "))
        if not ram:
            notes.append("collisions cause no critical hits")
        if options.show == "answer":
            if answer is None:
                raise option_error("dr", "a rammed model answers with the hull the ram leaves "
                                   "it: give its dr= and cr=, or target=")
            return OddsAnswer(answer, "answer hits", named, tuple(notes))
        return OddsAnswer(hits, "hits", named, tuple(notes))

    def _terrain(self, options: RamOptions, moving: Target) -> OddsAnswer:
        if options.show == "answer":
            raise option_error("show", "terrain does not answer: its dice are the hits")
        dice = TERRAIN_DICE[options.density]
        hits = pool_hits(dice, RAM_NEEDED)
        notes = [f"{options.density} terrain rolls {dice} dice on {RAM_NEEDED}+ at the "
                 "moving model, with no critical hits"]
        named: dict[str, float] = {}
        damage = self.damage(hits, moving, criticals=False)
        if damage is None:
            notes.append("give model= or mover_dr= and mover_cr= for the chance of damage")
        else:
            named = damage.named()
            notes.extend(critical_notes(damage, moving))
        return OddsAnswer(hits, "hits", named, tuple(notes))


def attack_odds(data: RulesData | None = None) -> dict[str, AttackOdds]:
    """Every Dystopian Wars attack whose odds are answered, by name."""
    data = data or load_data()
    attacks: list[AttackOdds] = [
        GunneryOdds(data), RocketOdds(data), TorpedoOdds(data), BombOdds(data), AckAckOdds(data),
        ChargeOdds(data), BoardingOdds(data), RamOdds(data), *wing_attacks(data),
        AtFlyerOdds(data), AtDiverOdds(data), *mine_attacks(data),
    ]
    return {attack.name: attack for attack in attacks}
