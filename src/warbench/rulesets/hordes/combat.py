"""Attack rolls and damage rolls: melee (2d6 + MAT, damage 2d6 + P+S), ranged (2d6 + RAT,
2d6 + POW), magic (2d6 + FURY, 2d6 + POW); boosts, criticals, knockdown, AOE (every model
under it hit) with deviation, spray strips, stealth, the target-in-melee penalty and the
aim bonus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import atan2
from typing import Final

from warbench.core.events import RollEffect
from warbench.core.geometry import Point, StripTemplate
from warbench.core.geometry.vectors import to_degrees
from warbench.rulesets.hordes.damage_rolls import DamageRoll, queue_damage_rolls
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.deviation import Aim, aim_at, covers, landing
from warbench.rulesets.hordes.events import AttackRolled
from warbench.rulesets.hordes.game import HordesGame, card_name, knock_down, name, roll
from warbench.rulesets.hordes.luck import deviation_effect
from warbench.rulesets.hordes.profile import is_crippled, stat
from warbench.rulesets.hordes.rolls import attack_outcome, dice_count
from warbench.rulesets.hordes.space import (
    STEALTH_RANGE,
    body,
    engaged,
    gap,
    in_forest,
    radius,
)
from warbench.rulesets.hordes.state import HordesState, Model

#: DEF of a knocked-down model against ranged and magic attacks (the seed).
KNOCKED_DOWN_DEF: Final = 5
FREE_STRIKE_BONUS: Final = 2
AIM_BONUS: Final = 2
IN_MELEE_PENALTY: Final = -4
LARGER_BASE_SLAM_PENALTY: Final = -2


@dataclass(frozen=True, slots=True, init=False)
class Strike:
    """One attack: its kind, the stat added to the roll, the damage POW (P+S for melee
    is worked out here), the weapon's range and qualities, every modifier, and the name
    of the weapon, spell or power attack making it."""

    kind: str  # "melee", "ranged" or "magic"
    pow: int
    rng: float = 0.5
    aoe: int = 0
    qualities: tuple[str, ...] = ()
    bonus: int = 0
    boost_hit: bool = False
    boost_damage: bool = False
    power_attack: bool = False
    strength_damage: bool = False  # POW is the attacker's STR alone (power attacks)
    weapon: str = ""

    def __init__(
        self, kind: str, pow: int, rng: float = 0.5, aoe: int = 0,
        qualities: tuple[str, ...] = (), bonus: int = 0, boost_hit: bool = False,
        boost_damage: bool = False, power_attack: bool = False, strength_damage: bool = False,
        weapon: str = "",
    ) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "pow", pow)
        object.__setattr__(self, "rng", rng)
        object.__setattr__(self, "aoe", aoe)
        object.__setattr__(self, "qualities", qualities)
        object.__setattr__(self, "bonus", bonus)
        object.__setattr__(self, "boost_hit", boost_hit)
        object.__setattr__(self, "boost_damage", boost_damage)
        object.__setattr__(self, "power_attack", power_attack)
        object.__setattr__(self, "strength_damage", strength_damage)
        object.__setattr__(self, "weapon", weapon)

    def __reduce__(self) -> tuple[type[Strike], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Strike, (
            self.kind, self.pow, self.rng, self.aoe, self.qualities, self.bonus, self.boost_hit,
            self.boost_damage, self.power_attack, self.strength_damage, self.weapon,
        )


def hit_unboosted(strike: Strike) -> Strike:
    """``strike`` with its attack roll not boosted (the other rolls of a spray, HOR-BOOST;
    the odds read it too)."""
    return Strike(
        strike.kind, strike.pow, strike.rng, strike.aoe, strike.qualities, strike.bonus,
        False, strike.boost_damage, strike.power_attack, strike.strength_damage,
        strike.weapon,
    )


def attack(
    game: HordesGame,
    attacker: Model,
    target: Model,
    strike: Strike,
    struck: list[Model] | None = None,
    called: str = "",
) -> tuple[bool, bool]:
    """Roll the attack and apply what a hit does now; queue its damage rolls (each may be
    boosted by the attacking warlock just before it is made, HOR-BOOST); ``(hit,
    critical)`` of the target. Every model the attack hits (the target, every model
    under an AOE or in a spray's strip that is hit) is added to ``struck``. ``called``
    names the attack in the log's words where its kind does not say enough ("free
    strike"); the roll's label stays the kind's."""
    rolls: list[DamageRoll] = []
    hits: list[Model] = [] if struck is None else struck
    if "spray" in strike.qualities:
        first = _spray(game, attacker, target, strike, rolls, hits)
    else:
        first = roll_to_hit(game, attacker, target, strike, called=called)
        if strike.aoe:
            _blast(game, attacker, target, strike, *first, rolls, hits)
        elif first[0]:
            _on_hit(game, attacker, target, strike, first[1], rolls, hits)
    queue_damage_rolls(game, rolls)
    return first


def needed_def(data: HordesData, state: HordesState, target: Model, kind: str) -> int:
    """The DEF a ``kind`` attack roll must reach against ``target`` now: its DEF, or
    :data:`KNOCKED_DOWN_DEF` knocked down against a ranged or magic attack, which a forest
    conceals further (shared by the game and the odds: HOR-KNOCKDOWN, HOR-TERRAIN)."""
    needed = stat(data, target, "def")
    if kind != "melee":
        if target.knocked_down:
            needed = KNOCKED_DOWN_DEF
        needed += concealment(data, state, target, kind)
    return needed


def concealment(data: HordesData, state: HordesState, target: Model, kind: str) -> int:
    """The DEF a forest adds against a ``kind`` attack on ``target`` (none in melee)."""
    if kind != "melee" and in_forest(data, state, target):
        return data.settings.concealment
    return 0


def automatic(
    data: HordesData, attacker: Model, target: Model, strike: Strike, spray: bool = False
) -> str:
    """Why the attack roll is not made (an automatic hit or miss), or ``""``: a melee
    attack on a knocked-down model hits; a ranged or magic attack past its range, or past
    5" at a stealthy model, misses (a spray's strip is its range: HOR-SPRAY)."""
    kind = strike.kind
    if kind == "melee" and target.knocked_down:
        return "automatic hit on a knocked-down model"
    if kind != "melee" and not spray and gap(data, attacker, target) > strike.rng + 1e-9:
        return "out of range: automatic miss"
    if (
        kind != "melee"
        and not spray
        and "stealth" in data.models[target.card].abilities
        and gap(data, attacker, target) > STEALTH_RANGE
    ):
        return 'stealth beyond 5": automatic miss'
    return ""


def attack_skill(data: HordesData, attacker: Model, kind: str) -> int:
    """MAT in melee, RAT at range (lasting effects counted), the card's FURY for magic."""
    base = {"melee": "mat", "ranged": "rat"}.get(kind)
    return stat(data, attacker, base) if base else data.models[attacker.card].fury


def attack_bonus(
    data: HordesData, state: HordesState, attacker: Model, target: Model, strike: Strike,
    spray: bool = False,
) -> int:
    """What the attack roll adds to its dice: the skill, the strike's modifiers, and -4
    for a ranged or magic attack at a model in melee (not a spray's)."""
    bonus = attack_skill(data, attacker, strike.kind) + strike.bonus
    if strike.kind != "melee" and not spray and engaged(data, state, target):
        bonus += IN_MELEE_PENALTY
    return bonus


def roll_to_hit(
    game: HordesGame, attacker: Model, target: Model, strike: Strike, spray: bool = False,
    called: str = "",
) -> tuple[bool, bool]:
    data, state = game.data, game.state
    kind = strike.kind
    needed = needed_def(data, state, target, kind)
    # the label keys the search's dice on the cards; people read the models' tags (HOR-NAMES)
    label = f"{card_name(game, attacker)} {kind} attack on {card_name(game, target)}"
    attacking, attacked = name(game, attacker), name(game, target)
    what = called or f"{kind} attack"
    told = f"{attacking} {what} on {attacked}"
    with_weapon = f" with {strike.weapon}" if strike.weapon else ""
    said = f"{attacking} {what}{with_weapon} on {attacked}"
    reason = automatic(data, attacker, target, strike, spray)
    if reason:
        hit = reason.startswith("automatic hit")
        game.emit(
            AttackRolled(
                attacker.uid, target.uid, kind, 0, needed, hit, False, strike.weapon,
                text=f"{said}: {reason}",
            )
        )
        return hit, False
    bonus = attack_bonus(data, state, attacker, target, strike, spray)
    mind = is_crippled(data, attacker, "mind")
    faces = roll(game, attacker.owner, dice_count(strike.boost_hit, mind), label, told)
    hit, critical = attack_outcome(faces, bonus, needed)
    game.emit(RollEffect(attacker.owner, label, int(hit), len(faces), query="attack",
                         args=(len(faces), bonus, needed), told=told))
    total = sum(faces) + bonus
    game.emit(
        AttackRolled(
            attacker.uid,
            target.uid,
            kind,
            total,
            needed,
            hit,
            critical,
            strike.weapon,
            text=f"{said}: {total} against DEF {needed}, "
            f"{'critical hit' if critical else 'hit' if hit else 'miss'}",
        )
    )
    return hit, critical


def damage_power(game: HordesGame, attacker: Model, strike: Strike) -> int:
    """The damage roll's POW: STR for power attacks, P+S in melee, POW otherwise."""
    return strike_power(game.data, attacker, strike)


def strike_power(data: HordesData, attacker: Model, strike: Strike) -> int:
    """:func:`damage_power` from the data alone (the odds read it too)."""
    strength = stat(data, attacker, "str")
    if strike.strength_damage:
        return strength
    return strike.pow + strength if strike.kind == "melee" else strike.pow


def _hit_effects(game: HordesGame, target: Model, strike: Strike, critical: bool) -> None:
    """The weapon's effects on a model hit, and its critical effects on a critical hit
    (none for power attacks) (HOR-AUTO-EFFECT, HOR-CRITICAL)."""
    if not strike.power_attack and (
        "knockdown" in strike.qualities or (critical and "critical_knockdown" in strike.qualities)
    ):
        knock_down(game, target)


def _on_hit(
    game: HordesGame,
    attacker: Model,
    target: Model,
    strike: Strike,
    critical: bool,
    rolls: list[DamageRoll],
    struck: list[Model],
) -> None:
    """A hit's effects now, and its damage roll (if the attack has POW) onto ``rolls``;
    the model onto ``struck``."""
    struck.append(target)
    _hit_effects(game, target, strike, critical)
    if strike.kind == "melee" or strike.pow > 0 or strike.strength_damage:
        power = damage_power(game, attacker, strike)
        rolls.append(DamageRoll(attacker.uid, target.uid, power, strike.boost_damage))


def spray_strip(data: HordesData, attacker: Model, target: Model, strike: Strike
                ) -> StripTemplate:
    """A spray's strip: 1" wide from the attacker's front towards ``target``, ``rng`` long."""
    r = radius(data, attacker)
    heading = to_degrees(atan2(target.x - attacker.x, target.y - attacker.y))
    start = Point(attacker.x, attacker.y).toward(heading, r)
    return StripTemplate.between(start, start.toward(heading, strike.rng), 1.0)


def _spray(
    game: HordesGame,
    attacker: Model,
    target: Model,
    strike: Strike,
    rolls: list[DamageRoll],
    struck: list[Model],
) -> tuple[bool, bool]:
    """A 1"-wide strip from the attacker's front towards ``target``, ``rng`` long: every
    model it touches is attacked, each with its own attack roll (stealth, the melee
    penalty and the range measured from base to base do not apply: the strip is the
    spray's range). A boost paid for is the target's roll's alone: each roll is boosted
    for 1 fury of its own (HOR-BOOST), and the others are offered none (engine default)."""
    data = game.data
    strip = spray_strip(data, attacker, target, strike)
    others = hit_unboosted(strike)
    first = (False, False)
    for model in game.state.models:
        if model is attacker or not model.alive or not strip.touches(body(data, model)):
            continue
        own = strike if model is target else others
        hit, critical = roll_to_hit(game, attacker, model, own, spray=True)
        if hit:
            _on_hit(game, attacker, model, own, critical, rolls, struck)
        if model is target:
            first = (hit, critical)
    return first


def _blast(
    game: HordesGame,
    attacker: Model,
    target: Model,
    strike: Strike,
    hit: bool,
    critical: bool,
    rolls: list[DamageRoll],
    struck: list[Model],
) -> None:
    """AOE: the target takes the direct hit; every other model under the template, the
    attacker's own too, is hit by the attack (the seed): it suffers the weapon's hit
    effects (and its critical effects on a critical hit) and the attack's full damage roll,
    2d6 + POW. A miss deviates (:mod:`~warbench.rulesets.hordes.deviation`: d6 direction,
    d6 inches, at most half the distance to the aim). Each damage roll is its own roll:
    the warlock may boost each one (HOR-BOOST)."""
    data = game.data
    centre = Point(target.x, target.y)
    direct: Model | None = target if hit else None
    if not hit:
        aim = blast_aim(data, attacker, target, strike)
        direction, inches = roll(game, attacker.owner, 2, "deviation")
        game.emit(deviation_effect(attacker.owner, aim.distance, inches))
        centre = landing(aim, direction, inches, data.settings.table)
    if direct is not None:
        _on_hit(game, attacker, target, strike, critical, rolls, struck)
    for model in under_template(game, centre, strike.aoe):
        if model is not direct:  # the attacker too, if under it (HOR-AOE)
            _on_hit(game, attacker, model, strike, critical, rolls, struck)


def blast_aim(data: HordesData, attacker: Model, target: Model, strike: Strike) -> Aim:
    """Where ``strike``'s template deviates from on a miss: ``target``'s centre, or its
    range limit (RNG from the edge of ``attacker``'s base) on the line to it."""
    return aim_at(Point(attacker.x, attacker.y), Point(target.x, target.y),
                  strike.rng + radius(data, attacker))


def under_template(game: HordesGame, centre: Point, aoe: float) -> list[Model]:
    """The living models with some of their base under an AOE template of ``aoe`` inches
    across centred on ``centre``."""
    return models_under(game.data, game.state.models, centre, aoe)


def models_under(data: HordesData, models: Sequence[Model], centre: Point, aoe: float
                 ) -> list[Model]:
    """:func:`under_template` of ``models``, from the data alone (the odds read it too)."""
    return [
        model
        for model in models
        if model.alive and covers(centre, aoe, Point(model.x, model.y), radius(data, model))
    ]
