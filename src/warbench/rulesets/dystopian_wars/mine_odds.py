"""Exact odds of mines: a mine going off under a model, and concussion charges at a mine
(``warbench odds dystopian-wars mine | cc-mine key=value ...``, DW-MINES, DW-MINE-CC).

A mine's dice (the attack dice of the mines weapon that dropped it) are rolled once, and a
model under the blast reads them at the number it needs (:func:`~.mines.mine_needed`: 4+ on
the surface, 5+ a surfaced diver, 6 submerged; a flyer's mine 5+ at a large or massive
flyer, :data:`~.mines.FLYER_MINE_NEEDED`), less the hits its own shield generators cancel
(:func:`~.strikes.shielded`, as against batteries: a mine works as batteries do), with no
answer, against DR and CR. Charges at a mine hit on :data:`~.charges.MINE_SWEEP_NEEDED`
(5+) and destroy it when their hits reach its dice. The dice come from
:func:`~.combat.cc_value` and :func:`~.linking.linked_dice`, as :func:`~.charges.shot_dice`
reads them.

>>> from warbench.rulesets.dystopian_wars.data import load_data
>>> sweep = ChargesAtMineOdds(load_data())
>>> answer = sweep.odds(sweep.parse_options(["shooter=britannia-cruiser", "mine=4"]))
>>> round(answer.named["destroyed"], 6)
0.083333
"""

from __future__ import annotations

from typing import Literal

import pydantic
from pydantic import Field

from warbench.core.attacks import OddsAnswer, dice_in_all
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.charges import MINE_SWEEP_NEEDED
from warbench.rulesets.dystopian_wars.combat import cc_value
from warbench.rulesets.dystopian_wars.data import ModelSpec, RulesData
from warbench.rulesets.dystopian_wars.exact import pool_hits
from warbench.rulesets.dystopian_wars.linking import linked_dice
from warbench.rulesets.dystopian_wars.mines import (
    FLYER_MINE_NEEDED,
    FLYER_MINE_SIZES,
    mine_needed,
)
from warbench.rulesets.dystopian_wars.odds_base import (
    DataOdds,
    damage_named,
    hits_or_hull,
    struck_numbers,
)
from warbench.rulesets.dystopian_wars.odds_fields import (
    ShooterDamage,
    TargetCr,
    TargetDr,
    TargetHp,
    TargetStartingHp,
)
from warbench.rulesets.dystopian_wars.odds_options import (
    OddsOptions,
    option_error,
    whole_numbers,
)
from warbench.rulesets.dystopian_wars.shields import SHIELD_NEEDED
from warbench.rulesets.dystopian_wars.state import Model
from warbench.rulesets.dystopian_wars.strikes import shielded


class MineOptions(OddsOptions):
    """A mine going off under a model (DW-MINES)."""

    dice: int | None = Field(
        None, ge=1, description="the mine's dice (default: the layer's mines weapon's AD)"
    )
    layer: str | None = Field(
        None, description="the class that dropped the mine (e.g. prussia-destroyer): its "
        "mines weapon's dice, and whether it flies"
    )
    from_the_air: bool | None = Field(
        None, description="a flyer dropped the mine: it hits large and massive flyers too, on "
        "5+ (default: the layer's)"
    )
    target: str | None = Field(
        None, description="the class under the blast: its DR, CR, hull, shield generators, "
        "diving and size"
    )
    level: Literal["surface", "submerged", "flying"] | None = Field(
        None, description="the target's level: surface (4+, a diver 5+), submerged (6) or "
        "flying (5+) (default: flying for a flyer, else surface)"
    )
    diving: bool | None = Field(
        None, description="the target is a diving model (5+ on the surface) (default: the "
        "target's)"
    )
    dr: TargetDr = None
    cr: TargetCr = None
    shield: int | None = Field(
        None, ge=0, description="the target's shield generator dice, cancelling hits on 4+ "
        "(default: the target's, else 0; 0 while its generators are offline)"
    )
    hp: TargetHp = None
    starting_hp: TargetStartingHp = None
    show: Literal["hits", "hull"] = Field(
        "hits", description="what the distribution counts: hits, or hull points lost (needs "
        "the target's DR, CR and hull)"
    )


class ChargesAtMineOptions(OddsOptions):
    """Concussion charges at an enemy mine after a move (DW-MINE-CC)."""

    dice: int | None = Field(
        None, ge=0, description="the charges rolled (default: the shooter's now; give them "
        "for a split)"
    )
    shooter: str | None = Field(None, description="the class using its charges")
    damage: ShooterDamage = 0
    linked: str = Field(
        "", description="charges of further models of the squadron linked in, "
        "comma-separated (each adds half, rounded down; 1 adds 1)"
    )
    combined: bool = Field(
        False, description="the linked models are escorts: each adds all its dice "
        "(DW-COMBINED)"
    )
    mine: int | None = Field(
        None, ge=1, description="the mine's dice: hits reaching them destroy it (default: the "
        "layer's)"
    )
    layer: str | None = Field(
        None, description="the class that dropped the mine: its mines weapon's dice"
    )


class _MineData(DataOdds):
    """Odds that read a mine's dice from the class that dropped it."""

    def mine_dice(self, given: int | None, layer: ModelSpec | None, option: str) -> int:
        """The mine's dice: given, else the layer's mines weapon's AD."""
        if given is not None:
            return given
        if layer is None:
            raise option_error(option, f"give the mine's dice ({option}=) or the class that "
                               "dropped it (layer=)")
        mount = next((m for m in layer.mounts if m.kind == "mines"), None)
        if mount is None:
            raise option_error("layer", f"{layer.name} drops no mines")
        return mount.ad[0]


class MineOdds(_MineData):
    """A mine going off under a model: its one roll read at the model's number."""

    name = "mine"
    summary = ("a mine going off under a model: its dice on 4+ (a diver 5+, submerged 6, a "
               "large flyer 5+ from a flyer's mine) against shields, DR and CR")
    options_model = MineOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, MineOptions):
            raise TypeError(f"{self.name} odds take MineOptions, not {options!r}")
        layer = self.spec(options.layer, "layer")
        target = self.spec(options.target, "target")
        dice = self.mine_dice(options.dice, layer, "dice")
        if target is not None and target.tiny:
            raise option_error("target", "a mine's blast never strikes tiny flyers")
        level = options.level or ("flying" if target is not None and target.flying
                                  else "surface")
        if level == "flying":
            aerial = options.from_the_air if options.from_the_air is not None else bool(
                layer and layer.flying)
            if not aerial:
                raise option_error("level", "only a mine a flyer dropped strikes flyers "
                                   "(from_the_air=true, or a flying layer=)")
            if target is not None and target.size not in FLYER_MINE_SIZES:
                raise option_error("target", "a flyer's mine strikes only large and massive "
                                   "flyers")
            needed = FLYER_MINE_NEEDED
        else:
            diving = options.diving if options.diving is not None else bool(
                target and target.diving)
            needed = mine_needed(level, diving)
        shield, struck = struck_numbers(options, target)
        hits = shielded(pool_hits(dice, needed), shield)
        notes = [f"{counted(dice, 'die')} of the mine, read at {needed}+ (one roll for every "
                 "model under the blast)"]
        if shield:
            notes.append(f"{shield} shield generator dice cancel on {SHIELD_NEEDED}+")
        damage = self.damage(hits, struck)
        named = damage_named(damage, struck, notes)
        return hits_or_hull(options.show, hits, damage, named, notes)


class ChargesAtMineOdds(_MineData):
    """Concussion charges at a mine: destroyed when the hits reach its dice."""

    name = "cc-mine"
    summary = ("concussion charges at an enemy mine on 5+: destroyed when the hits reach "
               "the mine's dice")
    options_model = ChargesAtMineOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, ChargesAtMineOptions):
            raise TypeError(f"{self.name} odds take ChargesAtMineOptions, not {options!r}")
        shooter = self.spec(options.shooter, "shooter")
        mine = self.mine_dice(options.mine, self.spec(options.layer, "layer"), "mine")
        dice = options.dice
        if dice is None:
            if shooter is None:
                raise option_error("dice", "give the charges (dice=) or the shooter's class "
                                   "(shooter=)")
            if options.damage >= shooter.hp:
                raise option_error("damage", f"{shooter.name} has only {shooter.hp} hull "
                                   "points")
            dice = cc_value(shooter, Model(0, 0, 0, shooter.id, shooter.name, 0.0, 0.0, 0.0,
                                           damage=options.damage))
            if dice <= 0:
                raise option_error("shooter", f"{shooter.name} has no concussion charges")
        linked = whole_numbers(options.linked, "linked")
        said = counted(dice, "die")
        if linked:
            dice_in_all(dice + sum(linked), f"{dice} dice and {sum(linked)} linked")
            pooled = linked_dice([dice, *linked], [False, *[options.combined] * len(linked)])
            said = (f"{dice} {'combined' if options.combined else 'linked'} with "
                    f"{', '.join(map(str, linked))}: {counted(pooled, 'die')}")
            dice = pooled
        hits = pool_hits(dice, MINE_SWEEP_NEEDED)
        named = {"destroyed": hits.at_least(mine), "survives": 1.0 - hits.at_least(mine)}
        notes = (f"{said} of charges on {MINE_SWEEP_NEEDED}+ at a mine of "
                 f"{counted(mine, 'die')}: its dice in hits destroy it",)
        return OddsAnswer(hits, "hits", named, notes)


def mine_attacks(data: RulesData) -> list[DataOdds]:
    """The attacks of and at mines."""
    return [MineOdds(data), ChargesAtMineOdds(data)]
