"""The options of Dystopian Wars odds queries (``key=value`` on the command line), checked.

Each attack's options say what the shooter, target and dice are; model classes may stand
in for the numbers. :class:`Target` gathers the numbers of the model hit. Options that
several queries share, word for word, are declared once in :mod:`.odds_fields`.
"""

from __future__ import annotations

import dataclasses
from typing import Literal

import pydantic
from pydantic import ConfigDict, Field

from warbench.core.attacks import AttackOptionsError
from warbench.rulesets.dystopian_wars.data import ModelSpec
from warbench.rulesets.dystopian_wars.odds_fields import (
    AnsweringAckAck,
    AnsweringObscured,
    AttackingTokens,
    ObscuredAtWing,
    PatrolFuel,
    PatrolTokens,
    ReactionCard,
    ShooterDamage,
    ShooterObscured,
    ShooterTokens,
    ShowHitsOrHull,
    TargetCr,
    TargetDr,
    TargetHp,
    TargetShield,
    TargetStartingHp,
)

Level = Literal["surface", "submerged", "flying", "obscured"]
Size = Literal["tiny", "small", "medium", "large", "massive"]
Kind = Literal["gunnery", "rockets", "torpedoes", "bombs"]

#: The model the options describe when they name no class: everything comes from options.
TEMPLATE = ModelSpec(
    id="(options)", name="the model of the options", nation="britannia", category="cruiser",
    domain="naval", size="medium", capital=False, traits=frozenset(), points=0,
    squadron=(1, 1), hp=1, dr=1, cr=1, mv=0, min_move=0, turn=0.0, repeat_turns=False,
    aa=0, cc=0, ap=0, rr=0, shield=0, carrier=0, wing=None, width=1.0, length=1.0,
    mounts=(), engine_default=True,
)


class OddsOptions(pydantic.BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AttackOptions(OddsOptions):
    """What gunnery, rockets and torpedoes share: the gun, the shooter, the target."""

    dice: int | None = Field(
        None, ge=0, description="attack dice (AD) of the gun in this range band (default: "
        "the weapon's AD in the band)"
    )
    linked: str = Field(
        "", description="AD of further guns of the same kind linked in, comma-separated "
        "(each adds half, rounded down; a gun of 1 AD adds 1)"
    )
    combined: bool = Field(
        False, description="the linked guns combine their fire: each adds all its dice "
        "(escorts' ack-ack and charges, DW-COMBINED)"
    )
    band: int = Field(2, ge=1, le=4, description="range band, 1 to 4")
    shooter: str | None = Field(
        None, description="the firing model's class (e.g. britannia-battleship): capital "
        "ship or not, diving, its weapons"
    )
    weapon: str | None = Field(
        None, description="one of the shooter's weapons (e.g. 'fore turret'): its AD in "
        "the band, primary or secondary"
    )
    capital: bool | None = Field(
        None, description="the shooter is a capital ship: small targets need 5+, fast ones "
        "6 (default: the shooter's, else false)"
    )
    shooter_level: Level | None = Field(
        None, description="the shooter's level: surface, submerged, flying or obscured "
        "(an obscured shooter hits only on 6; default: flying for a flyer, else surface)"
    )
    needed: int | None = Field(
        None, ge=2, le=6, description="the number each die needs, 2-6, instead of working it "
        "out from levels, sizes and traits"
    )
    target: str | None = Field(
        None, description="the target's class (e.g. prussia-cruiser): its size, traits, DR, "
        "CR, hull and shield generators, unless given below"
    )
    level: Level | None = Field(
        None, description="the target's level: surface, submerged (needs 6), flying or "
        "obscured (6; medium and bigger 5+) (default: flying for a flyer, else surface)"
    )
    size: Size | None = Field(
        None, description="the target's size: small, medium, large or massive (default: "
        "the target's, else medium)"
    )
    fast: bool | None = Field(None, description="the target is fast (capital ships need 6)")
    elusive: bool | None = Field(None, description="the target is elusive (5+ from anyone)")
    diving: bool | None = Field(
        None, description="the target is a diving model on the surface (5+)"
    )
    dr: TargetDr = None
    cr: TargetCr = None
    hp: int | None = Field(
        None, ge=1, description="the target's hull points left (default: the class's full "
        "hull): with it comes the chance it is destroyed"
    )
    starting_hp: int | None = Field(
        None, ge=1, description="hull points the target began the game with (2 or fewer: "
        "a critical hit rolls no table) (default: the class's, else hp)"
    )
    shield: TargetShield = None
    show: Literal["hits", "hull"] = Field(
        "hits", description="what the distribution counts: hits (after cancelling) or hull "
        "points lost (needs the hull)"
    )


class GunneryOptions(AttackOptions):
    """Gunnery: one gun, or guns of one kind linked, at one target."""

    primary: bool | None = Field(
        None, description="a primary weapon (3+ in band 1 where the hit table asks 4+) "
        "(default: the weapon's grade, else false)"
    )
    aa: int = Field(
        0, ge=0, description="ack-ack dice answering (only a flyer's attack; 5 cancels a "
        "hit, 6 two and rolls again)"
    )
    aa_obscured: AnsweringObscured = 0
    cc: int = Field(
        0, ge=0, description="concussion charge dice answering (only a diving shooter's "
        "attack within 4 inches)"
    )


class RocketOptions(AttackOptions):
    """Rockets at one target, answered by the target squadron's ack-ack (and charges when
    a diving model fires them within 4 inches)."""

    aa: AnsweringAckAck = 0
    aa_obscured: AnsweringObscured = 0
    cc: int = Field(
        0, ge=0, description="concussion charge dice answering too (only a diving shooter's "
        "rockets within 4 inches, DW-CC-ANSWER)"
    )


class TorpedoOptions(AttackOptions):
    """Torpedoes at one target, answered by the target squadron's concussion charges (and
    ack-ack when a flyer drops them within 8 inches)."""

    cc: int = Field(
        0, ge=0, description="concussion charge dice answering (5 cancels a hit, 6 two and "
        "rolls again)"
    )
    aa: int = Field(
        0, ge=0, description="ack-ack dice answering too (only a flyer's torpedoes within 8 "
        "inches, not a wing's, DW-CC-ANSWER)"
    )
    aa_obscured: int = Field(
        0, ge=0, description="those ack-ack dice from obscured models, or linked with one "
        "(DW-OBSCURED): only a 6 cancels, two hits, and rolls again"
    )


class BombOptions(AttackOptions):
    """A flyer's bombs at a model in its 4-inch aft channel, answered by the target
    squadron's ack-ack (a flyer's attack within 8 inches)."""

    band: int = Field(1, ge=1, le=1, description="range band: bombs fall within 4 inches, "
                      "band 1")
    partly: bool = Field(
        False, description="the target is only partly in the channel: half the dice, "
        "rounded down, at least 1 (DW-BOMBS)"
    )
    aa: AnsweringAckAck = 0
    aa_obscured: AnsweringObscured = 0


class AnswerOptions(OddsOptions):
    """Ack-ack or concussion charges answering an attack."""

    dice: int | None = Field(
        None, ge=0, description="answering dice, all models together (default: the model's)"
    )
    model: str | None = Field(
        None, description="an answering model's class: its dice now (one fewer per hull "
        "point lost, never below 1)"
    )
    damage: int = Field(0, ge=0, description="hull points that model has lost")
    obscured: bool = Field(
        False, description="the answer is rolled by an obscured model, or linked with one "
        "(DW-OBSCURED): only a 6 cancels, two hits, and rolls again"
    )
    hits: int | None = Field(
        None, ge=0, description="the attack's hits: no more than these are cancelled"
    )


class BoardingOptions(OddsOptions):
    """A boarding assault: the answer kills boarders, then both sides roll melee dice."""

    ap: int | None = Field(
        None, ge=1, description="assault points sent (default: all the attacker's)"
    )
    attacker: str | None = Field(None, description="the boarding model's class: its AP")
    defenders: int | None = Field(
        None, ge=0, description="assault points aboard the target (default: the target's)"
    )
    target: str | None = Field(None, description="the boarded model's class: its AP")
    aa: int = Field(
        0, ge=0, description="ack-ack dice answering (charges against diving boarders): "
        "each 5 kills a boarding point, each 6 two and rolls again"
    )
    aa_obscured: int = Field(
        0, ge=0, description="answering dice from obscured models, or linked with one "
        "(DW-OBSCURED): only a 6 kills, two boarding points, and rolls again"
    )
    rammed: bool = Field(
        False, description="the boarders' ship rammed or collided this turn: half the "
        "melee dice, rounded down, never below 1"
    )
    show: Literal["defenders", "boarders"] = Field(
        "defenders", description="what the distribution counts: assault points the "
        "defenders lose, or the boarders lose (to the answer and in the melee)"
    )
    answers: str = Field(
        "", description="more answering rolls, each apart, comma-separated dice, rolled "
        "in turn after aa= and aa_obscured= (each a roll of its own); one ending in o is an "
        "obscured model's (or linked with one), on 6 only (e.g. 1,1,2o). At crews every "
        "kill adds up; at a creature or robot (attacker=) each roll hits its hull on 4+ "
        "and meets its DR and CR on its own"
    )
    hp: int | None = Field(
        None, ge=1, description="hull points the boarding creature or robot has left "
        "(default: its class's), which the answer strikes"
    )
    parties: str = Field(
        "", description="more boarding parties at the same target, comma-separated: a "
        "crew's points (3; 3r after its ship rammed or collided: half its melee dice) or a "
        "creature's or robot's class (all its points; CLASS@HP with its hull left); the "
        "first party is ap= or attacker="
    )
    at: str = Field(
        "", description="the party each answering roll goes at, comma-separated in the "
        "order rolled (aa=, aa_obscured=, then answers=): 1 the first party, 2 on those of "
        "parties= (DW-MULTI-ASSAULT: kills at a crew fall on it alone, none beyond its "
        "points); none: at the boarders together, the largest party losing first"
    )


class RamOptions(OddsOptions):
    """A ram, a collision between two models, or a collision with terrain."""

    kind: Literal["ram", "collision", "terrain"] = Field(
        "ram", description="ram (bow first into an enemy, RR dice), collision (both roll "
        "their hull left) or terrain (4, 8 or 12 dice at the moving model)"
    )
    model: str | None = Field(
        None, description="the moving model's class: RR, hull, DR and CR"
    )
    target: str | None = Field(
        None, description="the other model's class: hull, DR, CR and RR"
    )
    rr: int | None = Field(None, ge=1, description="the moving model's ram rating (ram dice)")
    hp: int | None = Field(
        None, ge=1, description="the moving model's hull points left (its dice in a "
        "collision)"
    )
    target_hp: int | None = Field(
        None, ge=1, description="the other model's hull points left (its answering dice)"
    )
    dr: int | None = Field(None, ge=1, description="the other model's damage rating")
    cr: int | None = Field(None, ge=1, description="the other model's critical rating")
    target_rr: int | None = Field(
        None, ge=0, description="the other model's ram rating: in a ram its answer deals "
        "critical hits only with RR 1 or more"
    )
    mover_dr: int | None = Field(None, ge=1, description="the moving model's damage rating")
    mover_cr: int | None = Field(None, ge=1, description="the moving model's critical rating")
    density: Literal["light", "medium", "dense"] = Field(
        "medium", description="terrain density: light 4 dice, medium 8, dense 12"
    )
    show: Literal["hits", "answer"] = Field(
        "hits", description="what the distribution counts: the mover's hits (terrain: the "
        "terrain's) or the answer's hits on the mover"
    )


class AtWingOptions(OddsOptions):
    """Ack-ack at a wing of tiny flyers (DW-AA-WING): tokens shot down and aborts."""

    dice: int | None = Field(
        None, ge=0, description="dice rolled at the wing (default: the shooter's ack-ack now)"
    )
    shooter: str | None = Field(
        None, description="the firing model's class: its ack-ack dice (a wing's: each "
        "token's, hitting as in a dogfight, fighters 3+, recon 5+, bombers 6)"
    )
    damage: int = Field(
        0, ge=0, description="hull points the shooter has lost (one ack-ack die fewer "
        "each, never below 1)"
    )
    shooter_tokens: ShooterTokens = None
    obscured: ShooterObscured = False
    needed: int | None = Field(
        None, ge=2, le=6, description="the number each die needs, 2-6 (default: 5, a wing's "
        "ack-ack the dogfight number, 6 obscured)"
    )
    target: str | None = Field(
        None, description="the wing's class (e.g. prussia-fighter-wing): its tokens"
    )
    tokens: int | None = Field(
        None, ge=1, description="the wing's tokens (default: the class's largest wing)"
    )
    fuel: int = Field(6, ge=1, le=6, description="the wing's fuel left, 1-6")


class DogfightOptions(OddsOptions):
    """A wing's ack-ack at another wing, the wing attacked answering at the same time
    (DW-DOGFIGHT)."""

    wing: str | None = Field(
        None, description="the attacking wing's class: its ack-ack per token and the "
        "number it needs (fighters 3+, recon 5+, bombers 6)"
    )
    tokens: AttackingTokens = None
    fuel: int = Field(
        5, ge=1, le=6, description="the attacking wing's fuel as its attack is rolled, after "
        "the one its attacks burn in an activation (default 5)"
    )
    dice: int | None = Field(
        None, ge=0, description="the attacking wing's dice (default: its ack-ack times its "
        "tokens)"
    )
    needed: int | None = Field(
        None, ge=2, le=6, description="the number the attack needs, 2-6 (default: the "
        "wing's dogfight number)"
    )
    target: str | None = Field(None, description="the class of the wing attacked")
    target_tokens: int | None = Field(
        None, ge=1, description="the wing attacked's tokens (default: the class's largest "
        "wing)"
    )
    target_fuel: int = Field(
        6, ge=1, le=6, description="the wing attacked's fuel before it answers (its answer "
        "burns one; on its last it is lost)"
    )
    answer: bool = Field(
        True, description="the wing attacked answers with its ack-ack (needs target=)"
    )
    show: Literal["target", "attacker"] = Field(
        "target", description="whose tokens lost the distribution counts: the wing "
        "attacked's or the attacker's (to the answer)"
    )


class WingAttackOptions(OddsOptions):
    """A wing's attack dice at a model (fighters' guns, dive bombers' bombs, torpedo
    bombers' torpedoes: DW-BOMBERS), answered by ack-ack at its tokens (the models
    attacked, a wing on patrol) and charges at torpedoes."""

    wing: str | None = Field(
        None, description="the attacking wing's class (e.g. britannia-torpedo-bomber-wing): "
        "its weapon's AD in range band 1 per token"
    )
    tokens: AttackingTokens = None
    fuel: int = Field(
        5, ge=1, le=6, description="the wing's fuel as its attack is rolled, after the one "
        "its attacks burn in an activation (default 5): aborts past it bring it down"
    )
    dice: int | None = Field(
        None, ge=0, description="the whole wing's attack dice (default: its weapon's AD "
        "times its tokens)"
    )
    needed: int | None = Field(
        None, ge=2, le=6, description="the number each die needs, 2-6 (default: bombs and "
        "torpedoes 3+ at surface models, else the hit table's)"
    )
    target: str | None = Field(
        None, description="the class attacked: its size, traits, DR, CR, hull and shield "
        "generators, unless given below"
    )
    level: Level | None = Field(
        None, description="the target's level: surface, submerged, flying or obscured "
        "(default: flying for a flyer, else surface)"
    )
    dr: TargetDr = None
    cr: TargetCr = None
    hp: TargetHp = None
    starting_hp: TargetStartingHp = None
    shield: TargetShield = None
    aa: int = Field(
        0, ge=0, description="ack-ack dice answering from the models attacked: at the wing's "
        "tokens, a 6 shoots one down and rolls again, a 5 aborts (1 fuel)"
    )
    aa_obscured: ObscuredAtWing = 0
    patrol: str | None = Field(
        None, description="a wing on patrol with the models attacked answering with its "
        "ack-ack, hitting as in a dogfight (e.g. prussia-fighter-wing)"
    )
    patrol_tokens: PatrolTokens = None
    patrol_fuel: PatrolFuel = 6
    cc: int = Field(
        0, ge=0, description="concussion charge dice at torpedo bombers' torpedoes: a 5 "
        "cancels a hit, a 6 two and rolls again"
    )
    card: ReactionCard = None
    show: ShowHitsOrHull = "hits"


class AuxiliaryOptions(OddsOptions):
    """Ack-ack or concussion charges used as an attack at a model that is no wing of tiny
    flyers (DW-AA-CC-BASICS): its dice, the number needed, DR and CR."""

    dice: int | None = Field(
        None, ge=0, description="the dice rolled (default: the shooter's now; give them for a "
        "split)"
    )
    linked: str = Field(
        "", description="dice of further models of the squadron linked in, comma-separated "
        "(each adds half, rounded down; 1 adds 1)"
    )
    combined: bool = Field(
        False, description="the linked models are escorts combining their fire: each adds "
        "all its dice (DW-COMBINED)"
    )
    shooter: str | None = Field(
        None, description="the firing model's class: its dice (a wing's: each token's)"
    )
    damage: ShooterDamage = 0
    shooter_tokens: ShooterTokens = None
    obscured: ShooterObscured = False
    needed: int | None = Field(
        None, ge=2, le=6, description="the number each die needs, 2-6 (default: 4+, at a "
        "small target 5+, 6 obscured)"
    )
    target: str | None = Field(
        None, description="the target's class: its size, DR, CR, hull and shield generators, "
        "unless given below"
    )
    size: Size | None = Field(
        None, description="the target's size: small (5+), medium, large or massive (default: "
        "the target's, else medium)"
    )
    dr: TargetDr = None
    cr: TargetCr = None
    hp: TargetHp = None
    starting_hp: TargetStartingHp = None
    shield: TargetShield = None
    card: ReactionCard = None
    show: ShowHitsOrHull = "hits"


class AtFlyerOptions(AuxiliaryOptions):
    """Ack-ack at a flyer that is no wing (a bomber, an airship, a sky fortress): a ship's
    goes unanswered; a wing's is answered at the same time by the flyer's squadron and its
    patrol, striking the wing's tokens (DW-WING-AA-ANSWER)."""

    shooter_fuel: int = Field(
        5, ge=1, le=6, description="a shooting wing's fuel as its attack is rolled, after the "
        "one its attacks burn in an activation (default 5)"
    )
    aa: int = Field(
        0, ge=0, description="ack-ack dice answering a wing from the flyer's squadron: at its "
        "tokens, a 6 shoots one down and rolls again, a 5 aborts (1 fuel)"
    )
    aa_obscured: ObscuredAtWing = 0
    patrol: str | None = Field(
        None, description="a wing on patrol with the flyer answering a wing with its "
        "ack-ack, hitting as in a dogfight (e.g. prussia-fighter-wing)"
    )
    patrol_tokens: PatrolTokens = None
    patrol_fuel: PatrolFuel = 6
    show: Literal["hits", "hull", "attacker"] = Field(  # type: ignore[assignment]
        "hits", description="what the distribution counts: hits that count, hull points "
        "lost (needs the target's DR, CR and hull), or a shooting wing's tokens lost to the "
        "answer"
    )


def option_error(option: str, reason: str) -> AttackOptionsError:
    return AttackOptionsError(f"{option}: {reason}")


def whole_numbers(text: str, option: str) -> list[int]:
    """``"6,6"`` as ``[6, 6]``; empty text as none."""
    if not text.strip():
        return []
    try:
        numbers = [int(part) for part in text.split(",")]
    except ValueError:
        raise option_error(
            option, f"{text!r} is not whole numbers separated by commas"
        ) from None
    if any(number < 1 for number in numbers):
        raise option_error(option, "each linked gun has 1 or more attack dice")
    return numbers


@dataclasses.dataclass(frozen=True, slots=True)
class Target:
    """The numbers of the model hit: DR, CR, hull left and at the start (when known)."""

    dr: int | None
    cr: int | None
    hp: int | None
    starting_hp: int | None

    def checked(self) -> Target:
        """Itself, once DR, CR and hull points are consistent."""
        if self.dr is not None and self.cr is not None and self.dr > self.cr:
            raise option_error(
                "dr", f"a damage rating of {self.dr} is above the critical rating {self.cr}"
            )
        if (self.dr is None) != (self.cr is None):
            raise option_error(
                "dr, cr", "give both the damage and the critical rating (or target=)"
            )
        if self.hp is not None and self.starting_hp is not None and self.hp > self.starting_hp:
            raise option_error(
                "hp", f"{self.hp} hull points left is more than the {self.starting_hp} it "
                "began with"
            )
        return self
