"""Odds of fighters and ordnance: point defence, fighter and salvo attacks, dogfights,
interceptions."""

from __future__ import annotations

import pydantic

from warbench.core.attacks import AttackOptionsError, OddsAnswer
from warbench.core.catalog import UnknownEntry
from warbench.core.odds import Dist, JointDist
from warbench.rulesets.full_thrust.defence import dogfight_dice
from warbench.rulesets.full_thrust.exact import (
    as_normal,
    group_kill_odds,
    joint_mixture,
    point_defence_kills,
    rule_pool,
    salvo_damage,
    torpedo_points,
)
from warbench.rulesets.full_thrust.library import FighterType, Library
from warbench.rulesets.full_thrust.odds_alien import interceptor_kill_dist
from warbench.rulesets.full_thrust.odds_kravak import k1_kill_dist, scattergun_kill_dist
from warbench.rulesets.full_thrust.odds_options import (
    MISSILES,
    DogfightOptions,
    FighterOptions,
    InterceptOptions,
    PdsOptions,
    SalvoOptions,
)
from warbench.rulesets.full_thrust.odds_target import (
    LibraryOdds,
    damage_answer,
    resolve_target,
    wrong_options,
)
from warbench.rulesets.full_thrust.scoring import (
    DiceRule,
    GroupDice,
    beam_rule,
)


def _fighter_type(lib: Library, key: str, option: str) -> FighterType:
    if key not in lib.fighters:
        raise AttackOptionsError(f"{option}: {UnknownEntry('fighter type', key, lib.fighters)}")
    return lib.fighters[key]


def _fighting(lib: Library, kind: FighterType, role: str | None, option: str) -> FighterType:
    """How a group of ``kind`` fights: its type, or for multi-role fighters the ``role``
    chosen (by default the first, as the game does)."""
    if not kind.roles:
        if role is not None:
            raise AttackOptionsError(f"{option}: {kind.name.lower()} have no roles to choose")
        return kind
    chosen = role or kind.roles[0]
    if chosen not in kind.roles:
        raise AttackOptionsError(
            f"{option}: {kind.name.lower()} fight as {' or '.join(kind.roles)}, not {chosen!r}"
        )
    return lib.fighters[chosen]


def _group_size(kind: FighterType, count: int | None, option: str) -> int:
    if count is None:
        return kind.size
    if count > kind.size:
        raise AttackOptionsError(f"{option}: a {kind.id} group has at most {kind.size} fighters")
    return count


def _reading(dice: GroupDice, fighters: int) -> str:
    """What a group's dice do, face by face, read from the rule the game rolls with."""
    if isinstance(dice.reading, DiceRule):
        faces = [o.values[0] for o in dice.reading.first.outcomes]
        again = [o.values[0] for o in dice.reading.again.outcomes]
        scores = "/".join(map(str, faces))
        rerolls = "" if again == faces else f" (re-rolls {'/'.join(map(str, again))})"
        return f"{fighters} dice score {scores} by face, a 6 re-rolling{rerolls}"
    kills = "/".join(str(o.values[0]) for o in dice.reading.outcomes)
    if not dice.per_fighter:
        return f"one die for the group kills {kills} by face"
    return f"{fighters} dice kill {kills} by face, no re-roll"


def _defence(
    options: FighterOptions | SalvoOptions,
    most: int,
    *,
    armoured: bool = False,
    light: bool = False,
) -> Dist:
    """How many of ``most`` fighters or missiles point defence leaves."""
    kills = point_defence_kills(options.pds, options.beams, armoured=armoured, light=light,
                                most=most)
    return most - kills


class PdsOdds(LibraryOdds):
    """Point defence: PDS and class-1 beams at a fighter group or a salvo."""

    name = "pds"
    summary = "kills by point defence (PDS, class-1 beams) of fighters or missiles"
    options_model = PdsOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, PdsOptions):
            raise wrong_options(self, options)
        if options.pds + options.beams + options.k1 + options.scatterguns \
                + options.interceptor_pods == 0:
            raise AttackOptionsError("pds, beams, k1, scatterguns, interceptor_pods: at least "
                                     "one system must fire")
        armoured = light = False
        if options.against == MISSILES:
            most = self.lib.rules.salvo.missiles
            what, group = "missiles", "a salvo"
        else:
            kind = _fighter_type(self.lib, options.against, "against")
            fighting = self.lib.fighters[kind.roles[0]] if kind.roles else kind
            armoured, light, most = fighting.armoured, fighting.light, kind.size
            what, group = kind.name.lower(), f"a {kind.id} group"
        count = most if options.count is None else options.count
        if count > most:
            raise AttackOptionsError(f"count: {group} has at most {most} {what}")
        kills = point_defence_kills(
            options.pds, options.beams, armoured=armoured, light=light, most=count
        )
        for _ in range(options.k1):
            kills = (kills + k1_kill_dist(light)).clip(None, count)
        for _ in range(options.scatterguns):
            kills = (kills + scattergun_kill_dist(heavy=armoured, light=light)).clip(None, count)
        for _ in range(options.interceptor_pods):
            pod = interceptor_kill_dist(self.lib.rules.pods, heavy=armoured, light=light)
            kills = (kills + pod).clip(None, count)
        named = {"none": kills.p(0), "at least one": kills.at_least(1),
                 "all": kills.at_least(count)}
        notes = [f"{count} {what}"]
        if armoured:
            notes.append("armoured: PDS read as against level-1 screens")
        if light:
            notes.append("light: +1 to each die")
        return OddsAnswer(kills, "kills", named, tuple(notes))


class FighterOdds(LibraryOdds):
    """A fighter group's attack on a ship, by type, after any point defence."""

    name = "fighters"
    summary = "damage of a fighter group's attack on a ship, by type, after point defence"
    options_model = FighterOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, FighterOptions):
            raise wrong_options(self, options)
        kind = _fighter_type(self.lib, options.type, "type")
        fighting = _fighting(self.lib, kind, options.role, "role")
        if fighting.ship_attack == "none":
            raise AttackOptionsError(f"type: {fighting.name.lower()} cannot attack ships")
        count = _group_size(kind, options.count, "count")
        target = resolve_target(self.lib, options)
        screened = self.lib.rules.fighter_defaults.attacks_use_screens
        screens = target.screens if screened else 0

        def attack(fighters: int) -> JointDist:
            if fighting.ship_attack == "torpedo":
                return torpedo_points(fighters, armoured=target.armour > 0)
            return rule_pool(fighters, beam_rule(screens, fighting.ship_modifier))

        left = _defence(options, count, armoured=fighting.armoured, light=fighting.light)
        points = joint_mixture([(chance, attack(n)) for n, chance in left.items()])
        notes = [f"{count} {kind.name.lower()} attacking"]
        if fighting.ship_attack == "torpedo":
            notes.append("torpedoes: 4-6 does that much; against armour half of it strikes the "
                         "armour")
        else:
            modifier = f", {fighting.ship_modifier:+d} a die" if fighting.ship_modifier else ""
            notes.append(f"beam-style dice against screens {screens}{modifier}")
        extra = {}
        if options.pds or options.beams:
            notes.append(f"mean fighters left after point defence {left.mean:.4f}")
            extra["group wiped out"] = left.p(0)
        return damage_answer(self.lib, points, target, options.show, tuple(notes), extra)


class SalvoOdds(LibraryOdds):
    """A salvo of missiles striking a ship, after any point defence."""

    name = "salvo"
    summary = "damage of a salvo: a d6 of its missiles lock on, a die of damage each"
    options_model = SalvoOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, SalvoOptions):
            raise wrong_options(self, options)
        rules = self.lib.rules.salvo
        missiles = rules.missiles if options.missiles is None else options.missiles
        if missiles > rules.missiles:  # as intercept refuses it: one salvo, one d6 lock-on
            raise AttackOptionsError(f"missiles: a salvo has at most {rules.missiles}"
                                     " missiles (ask for each salvo on its own)")
        target = resolve_target(self.lib, options)
        left = _defence(options, missiles)
        points = as_normal(salvo_damage(left, rules.damage_die))
        notes = [f"{missiles} missiles; a d6 of them lock on, each doing a d{rules.damage_die}"]
        extra = {}
        if options.pds or options.beams:
            notes.append(f"mean missiles left after point defence {left.mean:.4f}")
            extra["salvo shot down"] = left.p(0)
        return damage_answer(self.lib, points, target, options.show, tuple(notes), extra)


class DogfightOdds(LibraryOdds):
    """A dogfight between two fighter groups: each rolls at the other at once."""

    name = "dogfight"
    summary = "a dogfight between two fighter groups: kills and losses, rolled at once"
    options_model = DogfightOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, DogfightOptions):
            raise wrong_options(self, options)
        mine = _fighter_type(self.lib, options.type, "type")
        theirs = _fighter_type(self.lib, options.enemy, "enemy")
        count = _group_size(mine, options.count, "count")
        enemy_count = _group_size(theirs, options.enemy_count, "enemy_count")
        fighting = _fighting(self.lib, mine, options.role, "role")
        enemy_fighting = _fighting(self.lib, theirs, options.enemy_role, "enemy_role")
        ours = dogfight_dice(fighting, enemy_fighting)
        their = dogfight_dice(enemy_fighting, fighting)
        kills = group_kill_odds(count, ours, enemy_count)
        losses = group_kill_odds(enemy_count, their, count)
        enemy_gone, we_are_gone = kills.p(enemy_count), losses.p(count)
        named = {
            "no kills": kills.p(0),
            "no losses": losses.p(0),
            "enemy wiped out": enemy_gone,
            "own group wiped out": we_are_gone,
            "both wiped out": enemy_gone * we_are_gone,
            "more kills than losses": (kills - losses).at_least(1),
        }
        notes = (
            f"yours: {count} {fighting.name.lower()}, {_reading(ours, count)}",
            f"enemy: {enemy_count} {enemy_fighting.name.lower()}, "
            f"{_reading(their, enemy_count)}",
            f"mean kills {kills.mean:.4f}, mean losses {losses.mean:.4f}",
        )
        if options.show == "losses":
            return OddsAnswer(losses, "fighters lost", named, notes)
        return OddsAnswer(kills, "enemy fighters shot down", named, notes)


class InterceptOdds(LibraryOdds):
    """A fighter group shooting down the missiles of a salvo."""

    name = "intercept"
    summary = "missiles of a salvo a fighter group shoots down before point defence"
    options_model = InterceptOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, InterceptOptions):
            raise wrong_options(self, options)
        kind = _fighter_type(self.lib, options.type, "type")
        count = _group_size(kind, options.count, "count")
        fighting = _fighting(self.lib, kind, options.role, "role")
        most = self.lib.rules.salvo.missiles
        missiles = most if options.missiles is None else options.missiles
        if missiles > most:
            raise AttackOptionsError(f"missiles: a salvo has at most {most} missiles")
        dice = dogfight_dice(fighting, None)
        kills = group_kill_odds(count, dice, missiles)
        named = {"none": kills.p(0), "at least one": kills.at_least(1),
                 "salvo shot down": kills.p(missiles)}
        notes = (
            f"{count} {fighting.name.lower()} at {missiles} missiles: {_reading(dice, count)}",
            f"mean missiles left {missiles - kills.mean:.4f}",
        )
        if options.show == "left":
            return OddsAnswer(missiles - kills, "missiles left", named, notes)
        return OddsAnswer(kills, "missiles shot down", named, notes)
