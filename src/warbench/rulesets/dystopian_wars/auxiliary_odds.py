"""Exact odds of ack-ack and concussion charges used as attacks at a model that is no wing
of tiny flyers: ``warbench odds dystopian-wars aa-flyer | cc-diver key=value ...``.

Ack-ack attacks flyers, charges diving models (DW-AA-CC-BASICS). The dice are the game's
(:func:`~.combat.aa_value`, :func:`~.combat.cc_value`, linked through
:func:`~.linking.linked_dice`), the number needed :func:`~.combat.auxiliary_needed`, the
function the game's shot reads (4+, a small target 5+, an obscured shooter 6). Such an
attack goes unanswered, but for a wing's ack-ack at a flyer (step 4c, DW-WING-AA-ANSWER):
the flyer's squadron and its patrol answer at the same time, striking the wing's tokens,
and the answer neither thins nor stops the attack. The numbers go into a
:class:`~.strikes.Strike` rolled by :func:`~.strikes.strike`, the mechanism of the web
table's odds of the same attack (:mod:`.declared`, :mod:`.answered`).

>>> from warbench.rulesets.dystopian_wars.data import load_data
>>> flak = AtFlyerOdds(load_data())
>>> answer = flak.odds(flak.parse_options(["shooter=prussia-fighter-wing",
...                                        "target=britannia-bomber", "aa=3"]))
>>> round(answer.distribution.mean, 6), round(answer.named["attacker lost"], 6)
(8.0, 0.002004)
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pydantic

from warbench.core.attacks import OddsAnswer, dice_in_all
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.combat import (
    AA_GUN,
    CC_GUN,
    aa_value,
    auxiliary_needed,
    cc_value,
)
from warbench.rulesets.dystopian_wars.damage import CRITICAL_DAMAGE
from warbench.rulesets.dystopian_wars.data import ModelSpec
from warbench.rulesets.dystopian_wars.linking import linked_dice
from warbench.rulesets.dystopian_wars.odds_base import damage_named, hits_or_hull, struck_numbers
from warbench.rulesets.dystopian_wars.odds_options import (
    TEMPLATE,
    AtFlyerOptions,
    AuxiliaryOptions,
    option_error,
    whole_numbers,
)
from warbench.rulesets.dystopian_wars.strikes import (
    AnswerRoll,
    ShipTarget,
    Strike,
    Wing,
    strike,
    tokens_lost,
)
from warbench.rulesets.dystopian_wars.wing_odds import WingOdds, airborne_model


class _AuxiliaryOdds(WingOdds):
    """Ack-ack or charges (``gun``) as an attack at a model that is no wing."""

    options_model: ClassVar[type[pydantic.BaseModel]] = AuxiliaryOptions
    gun: str
    what: str

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, AuxiliaryOptions):
            raise TypeError(f"{self.name} odds take AuxiliaryOptions, not {options!r}")
        shooter = self.spec(options.shooter, "shooter")
        target = self.spec(options.target, "target")
        self.check_target(shooter, target)
        tokens = self._tokens(options, shooter)
        dice, notes = self._dice(options, shooter, tokens)
        aimed = dataclasses.replace(target or TEMPLATE, size=options.size or (
            target.size if target else "medium"))
        level = "obscured" if options.obscured else (
            "flying" if shooter is not None and shooter.flying else "surface")
        needed = options.needed or auxiliary_needed(
            shooter or TEMPLATE, airborne_model(shooter or TEMPLATE, level=level), aimed,
            self.gun)
        card = self.reaction_card(options.card, target)
        evasion = 1 if card is not None and card.effect == "evasion" else 0
        saves = card.value if card is not None and card.effect == "shields" else 0
        answers, answered = self.answers(options, shooter, tokens)
        shield, hit = struck_numbers(options, target)
        ship = None
        if hit.dr is not None and hit.cr is not None:
            ship = ShipTarget(hit.dr, hit.cr, hit.starting_hp or hit.hp or CRITICAL_DAMAGE + 1,
                              hit.hp)
        wing = Wing(tokens, getattr(options, "shooter_fuel", 0)) if tokens is not None else None
        rolled = strike(Strike(dice, needed + evasion, answers, wing, tokens or 0,
                               simultaneous=True, shield=shield, saves=saves, ship=ship),
                        self.extra)
        notes[0] += f", hitting on {min(6, needed + evasion)}+" + (
            f" ({card.name})" if evasion and card else "")
        notes.extend(answered)
        if answers:
            notes.append("fought at the same time: the answer neither thins nor stops the "
                         "attack (DW-WING-AA-ANSWER)")
        if shield:
            notes.append(f"{shield} shield generator dice cancel on 4+")
        if saves and card is not None:
            notes.append(f"{card.name} cancels {saves} hits")
        named = damage_named(rolled.damage, hit, notes)
        if answers:
            named["attacker lost"] = rolled.attacker_lost
        assert rolled.hits is not None  # a model is attacked
        show: str = options.show
        if show == "attacker":
            if not answers or tokens is None:
                raise option_error("show", "a shooting wing loses tokens only to an answer "
                                   "(aa=, aa_obscured= or patrol=)")
            return OddsAnswer(tokens_lost(tokens, rolled.attacker), "attacker tokens lost",
                              named, tuple(notes))
        return hits_or_hull(show, rolled.hits, rolled.damage, named, notes)

    def check_target(self, shooter: ModelSpec | None, target: ModelSpec | None) -> None:
        """Refuse a target the game's shot refuses (:func:`~.combat.kind_refusal`)."""
        if target is not None and target.tiny:
            raise option_error("target", f"{target.name} is a wing of tiny flyers: see aa-wing "
                               "and dogfight")

    def answers(
        self, options: AuxiliaryOptions, shooter: ModelSpec | None, tokens: int | None
    ) -> tuple[tuple[AnswerRoll, ...], list[str]]:
        """The answer's rolls and notes: none (ack-ack and charges as attacks go
        unanswered)."""
        return (), []

    def _tokens(self, options: AuxiliaryOptions, shooter: ModelSpec | None) -> int | None:
        """A shooting wing's tokens; ``None`` for any other shooter."""
        if shooter is not None and not shooter.tiny:
            if options.shooter_tokens is not None:
                raise option_error("shooter_tokens", f"{shooter.name} is not a wing")
            return None
        if shooter is not None and options.damage:
            raise option_error("damage", f"{shooter.name} loses tokens, not hull points: "
                               "give shooter_tokens=")
        return self.tokens(shooter, options.shooter_tokens, "shooter_tokens")

    def _dice(
        self, options: AuxiliaryOptions, shooter: ModelSpec | None, tokens: int | None
    ) -> tuple[int, list[str]]:
        """The dice rolled (linked in, where given) and the note saying them."""
        linked = whole_numbers(options.linked, "linked")
        if linked and tokens is not None:
            raise option_error("linked", "a wing rolls its tokens' dice together: give "
                               "shooter_tokens=")
        dice = options.dice
        if dice is None:
            if shooter is None:
                raise option_error("dice", f"give the {self.what} dice (dice=) or the "
                                   "shooter's class (shooter=)")
            if options.damage >= shooter.hp:
                raise option_error("damage", f"{shooter.name} has only {shooter.hp} hull "
                                   "points")
            standing = airborne_model(shooter, tokens or 0, options.damage, "surface")
            dice = (aa_value if self.gun == AA_GUN else cc_value)(shooter, standing)
            if dice <= 0:
                raise option_error("shooter", f"{shooter.name} has no {self.what}")
        if not linked:
            return dice, [counted(dice, "die") + (f" from {counted(tokens, 'token')}"
                                                  if tokens else "")]
        dice_in_all(dice + sum(linked), f"{dice} dice and {sum(linked)} linked")
        pooled = linked_dice([dice, *linked], [False, *[options.combined] * len(linked)])
        how = "combined" if options.combined else "linked"
        return pooled, [f"{dice} {how} with {', '.join(map(str, linked))}: "
                        f"{counted(pooled, 'die')}"]


class AtFlyerOdds(_AuxiliaryOdds):
    """Ack-ack at a flyer that is no wing: a ship's unanswered, a wing's answered at the
    same time (DW-WING-AA-ANSWER)."""

    name = "aa-flyer"
    summary = ("ack-ack as an attack at a flyer that is no wing (4+, small 5+) against DR "
               "and CR; a wing's answered at the same time at its tokens")
    options_model = AtFlyerOptions
    gun = AA_GUN
    what = "ack-ack"

    def check_target(self, shooter: ModelSpec | None, target: ModelSpec | None) -> None:
        super().check_target(shooter, target)
        if target is not None and not target.flying:
            raise option_error("target", f"{target.name} does not fly: ack-ack attacks only "
                               "flyers (DW-AA-CC-BASICS)")

    def answers(
        self, options: AuxiliaryOptions, shooter: ModelSpec | None, tokens: int | None
    ) -> tuple[tuple[AnswerRoll, ...], list[str]]:
        """A wing's ack-ack is answered by the flyer's squadron and patrol, at its tokens;
        a ship's by nothing."""
        assert isinstance(options, AtFlyerOptions)
        asked = options.aa or options.aa_obscured or options.patrol is not None
        if tokens is None:
            if asked:
                raise option_error("aa" if options.aa else "aa_obscured" if
                                   options.aa_obscured else "patrol",
                                   "only a wing's ack-ack is answered (DW-WING-AA-ANSWER): "
                                   "give shooter= a wing, or shooter_tokens=")
            return (), []
        rolls, notes = self.ack_ack_answers(options, shooter, tokens,
                                            ("shooter_tokens", "shooter"))
        return tuple(rolls), notes


class AtDiverOdds(_AuxiliaryOdds):
    """Concussion charges at a diving model, unanswered."""

    name = "cc-diver"
    summary = ("concussion charges as an attack at a diving model (4+, small 5+) against "
               "DR and CR")
    gun = CC_GUN
    what = "concussion charges"

    def check_target(self, shooter: ModelSpec | None, target: ModelSpec | None) -> None:
        super().check_target(shooter, target)
        if target is not None and not target.diving:
            raise option_error("target", f"{target.name} does not dive: charges attack only "
                               "diving models (DW-AA-CC-BASICS)")
        if target is not None and shooter is not None and {
                shooter.domain, target.domain} == {"naval", "land"}:
            raise option_error("target", "land and naval models cannot use charges on each "
                               "other (DW-CC-ANSWER)")
