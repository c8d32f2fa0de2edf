"""Exact odds of the attacks at and by wings of tiny flyers: ``warbench odds dystopian-wars
aa-wing | dogfight | wing-attack key=value ...``.

Each reads its numbers as the game does (ack-ack dice through :func:`~.combat.aa_value`,
the number needed through :func:`~.combat.aa_needed`, :func:`~.combat.dogfight_needed` and
:func:`~.combat.needed_to_hit`, bombers' 3+ as :mod:`.combat` reads it), puts them into a
:class:`~.strikes.Strike` and rolls it with :func:`~.strikes.strike`: the mechanism of the
web table's odds of the same attacks (:mod:`.declared`, :mod:`.answered`).

>>> from warbench.rulesets.dystopian_wars.data import load_data
>>> fight = {attack.name: attack for attack in wing_attacks(load_data())}["dogfight"]
>>> answer = fight.odds(fight.parse_options(["wing=britannia-fighter-wing",
...                                          "target=prussia-dive-bomber-wing"]))
>>> round(answer.named["destroyed"], 6), round(answer.named["attacker lost"], 6)
(0.845228, 0.00895)
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

import pydantic

from warbench.core.attacks import AttackOdds, OddsAnswer
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.attack_rolls import CANCEL_NEEDED
from warbench.rulesets.dystopian_wars.combat import (
    AA_GUN,
    AIRBORNE,
    aa_needed,
    aa_value,
    auxiliary_needed,
    dogfight_needed,
    needed_to_hit,
)
from warbench.rulesets.dystopian_wars.damage import CRITICAL_DAMAGE
from warbench.rulesets.dystopian_wars.data import ModelSpec, Mount, RulesData
from warbench.rulesets.dystopian_wars.obscured import OBSCURED_NEEDED
from warbench.rulesets.dystopian_wars.odds_base import (
    DataOdds,
    damage_named,
    hits_or_hull,
    struck_numbers,
)
from warbench.rulesets.dystopian_wars.odds_options import (
    TEMPLATE,
    AtWingOptions,
    DogfightOptions,
    WingAttackOptions,
    option_error,
)
from warbench.rulesets.dystopian_wars.state import Model
from warbench.rulesets.dystopian_wars.strikes import (
    AnswerRoll,
    ShipTarget,
    Strike,
    Wing,
    strike,
    strike_odds,
    tokens_lost,
    wing_odds,
)

#: A wing of tiny flyers named by no class: what the options describe.
TINY = dataclasses.replace(TEMPLATE, size="tiny", domain="aerial")


def airborne_model(
    spec: ModelSpec, tokens: int = 0, damage: int = 0, level: str = "flying"
) -> Model:
    """A model of ``spec`` in the air (or at ``level``), with ``tokens`` and ``damage``."""
    return Model(0, 0, 0, spec.id, spec.name, 0.0, 0.0, 0.0, level=level, damage=damage,
                 tokens=tokens)


class AckAckAnswer(Protocol):
    """The options of ack-ack answering an attacking wing: the models attacked, open and
    obscured, and a wing on patrol with them."""

    @property
    def aa(self) -> int: ...

    @property
    def aa_obscured(self) -> int: ...

    @property
    def patrol(self) -> str | None: ...

    @property
    def patrol_tokens(self) -> int | None: ...

    @property
    def patrol_fuel(self) -> int: ...


class WingOdds(DataOdds):
    """An attack at or by a wing: its class and tokens read from the options."""

    def wing(self, key: str | None, option: str) -> ModelSpec | None:
        """The class ``key``, which must be a wing of tiny flyers."""
        spec = self.spec(key, option)
        if spec is not None and not spec.tiny:
            raise option_error(option, f"{spec.name} is not a wing of tiny flyers")
        return spec

    @staticmethod
    def tokens(spec: ModelSpec | None, given: int | None, option: str) -> int | None:
        """The tokens given, else the class's largest wing; never more than that."""
        if spec is None:
            return given
        most = spec.squadron[1]
        if given is not None and given > most:
            raise option_error(option, f"a {spec.name} has at most {most} "
                               f"token{'s' * (most != 1)}")
        return most if given is None else given

    def ack_ack_answers(
        self, options: AckAckAnswer, attacker: ModelSpec | None, tokens: int | None,
        names: tuple[str, str] = ("tokens", "wing"),
    ) -> tuple[list[AnswerRoll], list[str]]:
        """The ack-ack answering an attacking wing, in the order the game rolls it (the
        models attacked, open then obscured, then a wing on patrol as in a dogfight: lost
        on its last fuel), striking the wing's tokens; and the notes (DW-AA-ANSWER). ``names``:
        the options of the attacking wing's tokens and class, named in a refusal."""
        rolls: list[AnswerRoll] = []
        notes: list[str] = []
        needed = aa_needed(attacker or TINY)
        for dice, at in ((options.aa, needed), (options.aa_obscured, OBSCURED_NEEDED)):
            if dice:
                rolls.append(AnswerRoll(dice, at, True, f"{counted(dice, 'die')} of ack-ack "
                                        f"strike the wing on {at}+"))
        patrol = self.wing(options.patrol, "patrol")
        if patrol is not None:
            patrol_tokens = self.tokens(patrol, options.patrol_tokens, "patrol_tokens") or 0
            if options.patrol_fuel <= 1:
                notes.append(f"the {patrol.name} is lost burning its last fuel to answer")
            else:
                dice = aa_value(patrol, airborne_model(patrol, patrol_tokens))
                rolls.append(AnswerRoll(dice, dogfight_needed(patrol), True,
                                        f"the {patrol.name}'s {counted(dice, 'die')} of ack-ack "
                                        f"strike the wing on {dogfight_needed(patrol)}+"))
        elif options.patrol_tokens is not None:
            raise option_error("patrol_tokens", "give the patrol's class too (patrol=)")
        if rolls and tokens is None:
            raise option_error(names[0], "ack-ack strikes the wing's tokens: give them "
                               f"({names[0]}=) or its class ({names[1]}=)")
        notes[:0] = [roll.words for roll in rolls]
        return rolls, notes


class AtWingOdds(WingOdds):
    """Ack-ack at a wing of tiny flyers: tokens shot down, aborts, the wing lost."""

    name = "aa-wing"
    summary = ("ack-ack at a wing of tiny flyers: each 6 shoots a token down and rolls "
               "again, other hits abort (1 fuel); tokens lost and the wing lost")
    options_model = AtWingOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, AtWingOptions):
            raise TypeError(f"{self.name} odds take AtWingOptions, not {options!r}")
        target = self.wing(options.target, "target")
        tokens = self.tokens(target, options.tokens, "tokens")
        if tokens is None:
            raise option_error("tokens", "give the wing's tokens (tokens=) or its class "
                               "(target=)")
        shooter = self.spec(options.shooter, "shooter")
        notes: list[str] = []
        dice = options.dice
        if shooter is not None:
            if shooter.tiny:
                if options.damage:
                    raise option_error("damage", f"{shooter.name} loses tokens, not hull "
                                       "points: give shooter_tokens=")
                shooting = airborne_model(shooter, self.tokens(
                    shooter, options.shooter_tokens, "shooter_tokens") or 0)
                notes.append("a dogfight: the wing attacked answers at the same time "
                             "(see dogfight)")
            else:
                if options.shooter_tokens is not None:
                    raise option_error("shooter_tokens", f"{shooter.name} is not a wing")
                if options.damage >= shooter.hp:
                    raise option_error("damage", f"{shooter.name} has only {shooter.hp} "
                                       "hull points")
                shooting = airborne_model(shooter, damage=options.damage, level="surface")
            if dice is None:
                dice = aa_value(shooter, shooting)
                if dice <= 0:
                    raise option_error("shooter", f"{shooter.name} has no ack-ack")
        if dice is None:
            raise option_error("dice", "give the dice (dice=) or the shooter's class "
                               "(shooter=)")
        # the game's number: 5+, a wing's dogfight number, 6 for an obscured shooter
        level = "obscured" if options.obscured else "flying"
        needed = options.needed or auxiliary_needed(
            shooter or TEMPLATE, airborne_model(shooter or TEMPLATE, level=level),
            target or TINY, AA_GUN)
        wing = Wing(tokens, options.fuel)
        fates = strike(Strike(dice, needed, wing=wing)).wing
        return wing_odds(wing, dice, needed, tuple(notes), fates)


class DogfightOdds(WingOdds):
    """A wing's ack-ack at another wing, answered at the same time by the wing attacked."""

    name = "dogfight"
    summary = ("a wing's ack-ack at a wing (fighters 3+, recon 5+, bombers 6), the wing "
               "attacked answering at the same time: tokens lost on both sides")
    options_model = DogfightOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, DogfightOptions):
            raise TypeError(f"{self.name} odds take DogfightOptions, not {options!r}")
        attacker = self.wing(options.wing, "wing")
        target = self.wing(options.target, "target")
        tokens = self.tokens(attacker, options.tokens, "tokens")
        target_tokens = self.tokens(target, options.target_tokens, "target_tokens")
        if target_tokens is None:
            raise option_error("target_tokens", "give the tokens of the wing attacked "
                               "(target_tokens=) or its class (target=)")
        dice = options.dice
        if dice is None:
            if attacker is None or tokens is None:
                raise option_error("dice", "give the attacking wing's dice (dice=) or its "
                                   "class (wing=)")
            dice = aa_value(attacker, airborne_model(attacker, tokens))
        needed = options.needed
        if needed is None:
            if attacker is None:
                raise option_error("needed", "give the number needed (needed=) or the "
                                   "attacking wing's class (wing=)")
            needed = dogfight_needed(attacker)
        notes = ["fought at the same time: the answer neither thins nor stops the attack"]
        answers: tuple[AnswerRoll, ...] = ()
        struck = Wing(target_tokens, options.target_fuel)
        if options.answer:
            if target is None:
                raise option_error("answer", "the answer is the wing attacked's ack-ack: "
                                   "give its class (target=), or answer=false")
            if tokens is None:
                raise option_error("tokens", "the answer strikes the attacker's tokens: "
                                   "give them (tokens=) or its class (wing=)")
            struck = Wing(target_tokens, options.target_fuel - 1)
            back = aa_value(target, airborne_model(target, target_tokens))
            back_needed = dogfight_needed(target)
            if struck.fuel <= 0:
                notes.append(f"the {target.name} is lost burning its last fuel to answer")
            else:
                words = (f"the {target.name}'s {counted(back, 'die')} of ack-ack strike back on "
                         f"{back_needed}+ (its answer burns one fuel)")
                answers = (AnswerRoll(back, back_needed, True, words),)
                notes.append(words)
        wing = Wing(tokens, options.fuel) if tokens is not None else None
        rolled = strike(Strike(dice, needed, answers, wing, tokens or 0, simultaneous=True,
                               wing=struck))
        assert rolled.wing is not None  # a wing is attacked
        odds = wing_odds(struck, dice, needed, tuple(notes), rolled.wing)
        named = dict(odds.named)
        if answers and wing is not None:
            kills, aborts = strike_odds(answers[0].dice, answers[0].needed)
            named.update({"attacker token shot down": 1.0 - kills[0],
                          "attacker abort": 1.0 - aborts[0],
                          "attacker lost": rolled.attacker_lost})
        if options.show == "attacker":
            if not answers or wing is None:
                raise option_error("show", "the attacker loses tokens only to an answer "
                                   "(answer=true with target=, and a wing on fuel to give it)")
            return OddsAnswer(tokens_lost(wing.tokens, rolled.attacker), "attacker tokens lost",
                              named, odds.notes)
        return OddsAnswer(odds.distribution, odds.outcome, named, odds.notes)


class WingAttackOdds(WingOdds):
    """A wing's attack dice at a model, through ack-ack at its tokens and charges."""

    name = "wing-attack"
    summary = ("a wing's guns, bombs or torpedoes at a model (3+ at surface models for "
               "bombers), through ack-ack at its tokens, a patrol's answer, charges and "
               "cards, against DR and CR")
    options_model = WingAttackOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, WingAttackOptions):
            raise TypeError(f"{self.name} odds take WingAttackOptions, not {options!r}")
        attacker = self.wing(options.wing, "wing")
        mount = self._mount(attacker)
        tokens = self.tokens(attacker, options.tokens, "tokens")
        target = self.spec(options.target, "target")
        if target is not None and target.tiny:
            raise option_error("target", "a wing's guns, bombs and torpedoes never target "
                               "tiny flyers: see aa-wing and dogfight")
        level = options.level or ("flying" if target is not None and target.flying
                                  else "surface")
        self._check_reach(mount, target, level)
        dice = options.dice
        if dice is None:
            if mount is None or tokens is None:
                raise option_error("dice", "give the wing's attack dice (dice=) or its class "
                                   "(wing=)")
            dice = mount.ad[0] * tokens
        needed = options.needed or self._needed(attacker, mount, target, level)
        card = self.reaction_card(options.card, target)
        answers, notes = self._answers(options, attacker, mount, tokens)
        evasion = 1 if card is not None and card.effect == "evasion" else 0
        saves = card.value if card is not None and card.effect == "shields" else 0
        shield, aimed = struck_numbers(options, target)
        ship = None
        if aimed.dr is not None and aimed.cr is not None:
            ship = ShipTarget(aimed.dr, aimed.cr,
                              aimed.starting_hp or aimed.hp or CRITICAL_DAMAGE + 1, aimed.hp)
        wing = Wing(tokens, options.fuel) if tokens is not None else None
        rolled = strike(Strike(dice, needed + evasion, answers, wing, tokens or 0,
                               shield=shield, saves=saves, ship=ship), self.extra)
        notes.insert(0, f"{counted(dice, 'die')} hitting on {min(6, needed + evasion)}+"
                     + (f" ({card.name})" if evasion and card else ""))
        if shield:
            notes.append(f"{shield} shield generator dice cancel on 4+")
        if saves and card is not None:
            notes.append(f"{card.name} cancels {saves} hits")
        named = damage_named(rolled.damage, aimed, notes)
        if wing is not None and rolled.attacker_lost:
            named["attacker lost first"] = rolled.attacker_lost
        assert rolled.hits is not None  # a model is attacked
        return hits_or_hull(options.show, rolled.hits, rolled.damage, named, notes)

    @staticmethod
    def _mount(attacker: ModelSpec | None) -> Mount | None:
        if attacker is None:
            return None
        armed = [mount for mount in attacker.mounts if mount.ad[0] > 0]
        if not armed:
            raise option_error("wing", f"{attacker.name} has no attack dice (recon planes "
                               "carry no weapons)")
        return armed[0]

    @staticmethod
    def _check_reach(mount: Mount | None, target: ModelSpec | None, level: str) -> None:
        """Refuse what :func:`~.combat.shot_refusal` refuses a wing."""
        kind = mount.kind if mount is not None else ""
        if level in AIRBORNE and kind == "torpedoes":
            raise option_error("level", "torpedoes never reach flyers")
        if level in AIRBORNE and kind == "bombs" and (target is None or target.rank < 3):
            raise option_error("level", "bombers attack only large and massive flyers")

    @staticmethod
    def _needed(
        attacker: ModelSpec | None, mount: Mount | None, target: ModelSpec | None, level: str
    ) -> int:
        """The number needed, from :func:`~.combat.needed_to_hit` and the bombers' 3+ as
        :mod:`.combat` reads them (range band 1: a wing's attack dice reach no farther)."""
        if attacker is None or mount is None:
            raise option_error("needed", "give the number needed (needed=) or the wing's "
                               "class (wing=)")
        aimed = target or TEMPLATE
        needed = needed_to_hit(attacker, airborne_model(attacker), aimed,
                               airborne_model(aimed, level=level), mount, 1)
        if mount.kind in ("bombs", "torpedoes") and level == "surface":
            needed = 3 if needed <= 4 else needed
        return needed

    def _answers(
        self, options: WingAttackOptions, attacker: ModelSpec | None, mount: Mount | None,
        tokens: int | None,
    ) -> tuple[tuple[AnswerRoll, ...], list[str]]:
        """The answer's rolls, in the order the game rolls them (the models attacked, then
        a wing on patrol, then charges at torpedoes), and their notes."""
        rolls, notes = self.ack_ack_answers(options, attacker, tokens)
        if options.cc:
            if mount is None or mount.kind != "torpedoes":
                raise option_error("cc", "charges answer only torpedo bombers' torpedoes (a "
                                   "wing never dives): give a torpedo bomber wing=")
            words = (f"{counted(options.cc, 'die')} of charges cancel hits on "
                     f"{CANCEL_NEEDED}+")
            rolls.append(AnswerRoll(options.cc, CANCEL_NEEDED, False, words))
            notes.insert(len(rolls) - 1, words)
        return tuple(rolls), notes

def wing_attacks(data: RulesData) -> list[AttackOdds]:
    """The attacks at and by wings of tiny flyers."""
    return [AtWingOdds(data), DogfightOdds(data), WingAttackOdds(data)]
