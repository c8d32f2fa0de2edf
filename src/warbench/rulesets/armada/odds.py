"""Exact odds of Armada attacks, from the rule functions the game rolls with.

Each query builds a small battle state (an attacker and a target made as the game makes
them, placed at the asked range and facing, with officers, morale and damage as asked) and
asks :func:`~warbench.rulesets.armada.combat.gunnery_for` for the attack's numbers; the exact
distribution then follows the same :class:`~warbench.rulesets.armada.combat.Gunnery` methods
the game's :func:`~warbench.rulesets.armada.combat.roll_gunnery` uses.

>>> answer = GunneryOdds().odds(GunneryOptions())
>>> round(answer.named["miss"], 4), round(answer.distribution.mean, 4)
(0.5, 0.75)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Literal

import pydantic
from pydantic import Field

from warbench.core.attacks import AttackOdds, AttackOptionsError, OddsAnswer
from warbench.core.hexgrid import Hex, HexPose
from warbench.core.odds import Dist, apply_attacks, maximum, mixture
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.actions import Fire
from warbench.rulesets.armada.combat import (
    Gunnery,
    absorb_damage,
    gunnery_for,
    gunnery_officer_bonus,
    range_band,
    reaches_critical_threshold,
    status_for_hull,
)
from warbench.rulesets.armada.data import FleetClass, FleetSpec, Size, Tables, shipped_tables
from warbench.rulesets.armada.fleets import new_fleet
from warbench.rulesets.armada.luck import critical_odds, morale_odds
from warbench.rulesets.armada.officers import encouragement_due
from warbench.rulesets.armada.orders import ENCHANT_CRITICAL, ENCHANT_RANGE
from warbench.rulesets.armada.state import (
    ACTIVE,
    DESTROYED,
    DISABLED,
    ArmadaState,
    Debris,
    Fleet,
    Officer,
    Side,
)

RangeName = Literal["short", "long", "extreme"]
Morale = Literal["steady", "inspired", "shaken", "routed"]


def _abilities(text: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in text.split(",") if name.strip())


class GunneryOptions(pydantic.BaseModel):
    """One fleet's gunnery check against another."""

    model_config = pydantic.ConfigDict(extra="forbid", frozen=True)

    attacker_class: FleetClass = Field("destroyer", description="the attacker's class")
    attacker_size: Size = Field("medium", description="the attacker's size (damage column)")
    attacker_tier: int = Field(3, ge=1, le=20, description="the attacker's tier")
    attacker_abilities: str = Field(
        "", description="the attacker's abilities, comma-separated (bombers, point-defense, "
        "emp, interceptors, superweapon, array ...)"
    )
    officer_bonus: int = Field(
        0, ge=0, le=20, description="officer bonus of the attacker's chief technician (gunnery)"
    )
    morale: Morale = Field(
        "steady", description="the attacker's morale: inspired +1, shaken -1, routed -2"
    )
    weapons_damaged: bool = Field(
        False, description="the attacker has the weapons critical condition (-1 per die)"
    )
    superweapon: bool = Field(
        False, description="fire the superweapon: -2 to the check, + tier damage, critical"
    )
    array_targets: int = Field(
        1, ge=1, le=3, description="fleets attacked at once with an array: 2 at -2, 3 at -4"
    )
    range: RangeName | None = Field(
        None, description="range band: short (0), long (-2), extreme (-4); default short"
    )
    distance: int | None = Field(
        None, ge=1, description="hexes between the fleets (default: the nearest of the band)"
    )
    target_class: FleetClass = Field("capital", description="the target's class")
    target_size: Size = Field("medium", description="the target's size (hull points)")
    target_tier: int = Field(3, ge=1, le=20, description="the target's tier")
    target_abilities: str = Field(
        "", description="the target's abilities, comma-separated (damage-threshold, "
        "interceptors, flagship ...)"
    )
    target_officer_bonus: int = Field(
        0, ge=0, le=20, description="officer bonus of the target's chief spellcaster (AC)"
    )
    target_shields: int | None = Field(
        None, ge=0, description="the target's shield points left (default: full)"
    )
    target_hull: int | None = Field(
        None, description="the target's hull points left (default: full)"
    )
    target_engines_damaged: bool = Field(
        False, description="the target has the engines critical condition (-1 AC)"
    )
    front: bool = Field(
        True, description="the attacker is in the target's fore arc (+1 AC while shielded)"
    )
    resolve: bool = Field(
        False, description="an officer spends a resolve point: the d20 twice, the better kept"
    )
    close: bool = Field(
        False, description="the attack after a flyby, a free attack or boarders: as at 1 hex, "
        "any arc, no forward shields"
    )
    halved: bool = Field(
        False, description="half damage: boarders, a free attack on a failed flyby"
    )
    direct: int = Field(
        0, ge=0, le=20, description="a commander's direction to gunnery (officer bonuses do not "
        "stack: the higher counts)"
    )
    target_direct: int = Field(
        0, ge=0, le=20, description="a commander's direction to the target's AC"
    )
    encouraged: int = Field(
        0, ge=0, le=20, description="an admiral's encouragement: its officer bonus (adds the "
        "bonus above the attacker's own officer bonus, at least 1)"
    )
    locked: bool = Field(
        False, description="a chief technician's target order: +1, criticals on 19-20"
    )
    enchanted: bool = Field(
        False, description="a chief spellcaster's enchantment: criticals on 19-20, +2 hexes"
    )
    damage_boost: int = Field(
        0, ge=0, le=20, description="a chief engineer's boost to the attacker's damage rolls"
    )
    taunted: int = Field(
        0, ge=0, le=20, description="penalty of an admiral's taunt on the attacker's checks"
    )
    debris: bool = Field(
        False, description="the line of fire crosses conjured debris (-1)"
    )


class VolleyOptions(GunneryOptions):
    """``attacks`` gunnery checks, each as in ``gunnery``, against one target."""

    attacks: int = Field(10, ge=1, le=200, description="how many attacks hit the target")
    sequential: bool = Field(
        False, description="false: all land together at the end of one gunnery phase (the "
        "AC keeps its shield bonus); true: each attack sees the shields the earlier left"
    )


def _spec(name: str, fleet_class: str, size: str, tier: int, abilities: str) -> FleetSpec:
    return FleetSpec.model_validate(
        {"name": name, "tier": tier, "size": size, "class": fleet_class,
         "abilities": _abilities(abilities)}
    )


def _check_abilities(tables: Tables, spec: FleetSpec, who: str) -> None:
    for name in spec.abilities:
        if name not in tables.abilities:
            raise AttackOptionsError(f"{who}_abilities: no special ability {name!r}")
        if not tables.abilities[name].allows(spec.fleet_class):
            raise AttackOptionsError(f"{who}_abilities: a {spec.fleet_class} may not take {name}")


def _distance(tables: Tables, attacker: Fleet, options: GunneryOptions) -> int:
    bands = tables.fleets.range_bands
    reach, extra = attacker.range, attacker.this_round.range_bonus
    nearest = {
        "short": 1,
        "long": reach + extra + 1,
        "extreme": reach * bands.long_multiple + extra + 1,
    }
    if options.distance is None:
        return nearest[options.range or "short"]
    return options.distance


class Scene:
    """An attacker and a target in a battle state built from the options."""

    __slots__ = ("attacker", "encouragement", "options", "state", "tables", "target")

    def __init__(self, options: GunneryOptions, tables: Tables | None = None) -> None:
        self.options = options
        self.tables = tables = shipped_tables() if tables is None else tables
        attacker_spec = _spec("attacker", options.attacker_class, options.attacker_size,
                              options.attacker_tier, options.attacker_abilities)
        target_spec = _spec("target", options.target_class, options.target_size,
                            options.target_tier, options.target_abilities)
        _check_abilities(tables, attacker_spec, "attacker")
        _check_abilities(tables, target_spec, "target")
        if options.superweapon and "superweapon" not in attacker_spec.abilities:
            raise AttackOptionsError("superweapon: the attacker needs the superweapon ability")
        if options.array_targets > 1 and "array" not in attacker_spec.abilities:
            raise AttackOptionsError("array_targets: the attacker needs the array ability")
        self.attacker = attacker = new_fleet(0, 0, attacker_spec, tables)
        self.target = target = new_fleet(1, 1, target_spec, tables)
        self.state = ArmadaState(
            players=2,
            rng=RandomStream.from_seed(0),
            sides=[Side("attacker", options.attacker_tier), Side("target", options.target_tier)],
            fleets=[attacker, target],
        )
        effects = attacker.now()
        effects.direct_gunnery = options.direct
        effects.damage_bonus = options.damage_boost
        if options.locked:
            effects.locks.append(target.id)
        if options.enchanted:
            effects.range_bonus, effects.critical_from = ENCHANT_RANGE, ENCHANT_CRITICAL
        target.now().direct_ac = options.target_direct
        attacker.taunt_penalty = options.taunted
        if options.debris:
            self.state.debris.append(Debris(0, -1, 0))
        effects.encouraged = options.encouraged
        distance = _distance(tables, attacker, options)
        attacker.place(HexPose(Hex(0, 0), 0))
        target.place(HexPose(Hex(0, -distance), 3 if options.front else 0))
        band = range_band(tables, attacker, target)
        if band is None:
            raise AttackOptionsError(f"distance: {distance} hexes is beyond extreme range")
        if options.range is not None and band.name != options.range:
            raise AttackOptionsError(
                f"distance: {distance} hexes is {band.name} range, not {options.range}"
            )
        attacker.morale = options.morale
        if options.weapons_damaged:
            attacker.criticals.append("weapons")
        if options.target_engines_damaged:
            target.criticals.append("engines")
        for fleet, role, bonus in ((attacker, "chief-technician", options.officer_bonus),
                                   (target, "chief-spellcaster", options.target_officer_bonus)):
            if bonus:
                self.state.officers.append(Officer(role, fleet.side, role, bonus, fleet.id))
        if options.target_shields is not None:
            target.shields = options.target_shields
        if options.target_hull is not None:
            if not -target.hull_points <= options.target_hull <= target.hull_points:
                raise AttackOptionsError(
                    f"target_hull: between {-target.hull_points} and {target.hull_points}"
                )
            target.hull = options.target_hull
            target.halved = target.hull <= target.critical_threshold
        if status_for_hull(target.hull, target.hull_points) != ACTIVE:
            target.status = DISABLED
        self.encouragement = encouragement_due(attacker,
                                               gunnery_officer_bonus(self.state, attacker))

    def gunnery(self, shields: int | None = None) -> Gunnery:
        """The attack's numbers (with the target's shields at ``shields`` if given)."""
        if shields is not None:
            self.target.shields = shields
        return gunnery_for(
            self.state,
            self.tables,
            self.attacker,
            self.target,
            superweapon=self.options.superweapon,
            targets=self.options.array_targets,
            encouragement=self.encouragement,
            close=self.options.close,
            halved=self.options.halved,
        )


def damage_on_hit(gunnery: Gunnery) -> Dist:
    """The damage of a hit: each die after per-die changes, summed, then finished."""
    die = Dist.die(gunnery.sides).map(gunnery.die_damage)
    return Dist.sum_of(die, gunnery.dice).map(gunnery.finish)


def naturals(twice: bool) -> list[tuple[int, float]]:
    """Each natural d20 result with its chance (the better of two with ``twice``)."""
    d20 = maximum(Dist.die(20), 2) if twice else Dist.die(20)
    return d20.items()


def _alike_naturals(gunnery: Gunnery, twice: bool) -> list[tuple[int, float]]:
    """The hitting natural rolls in groups that the rules treat alike (sure critical or
    not, in the critical range or not): one natural of each group, with the group's chance."""
    groups: dict[tuple[bool, bool], tuple[int, float]] = {}
    for natural, chance in naturals(twice):
        if gunnery.hits(natural):
            key = (gunnery.sure_critical(natural), natural >= gunnery.critical_from)
            first, total = groups.get(key, (natural, 0.0))
            groups[key] = (first, total + chance)
    return list(groups.values())


def hit_chance(gunnery: Gunnery, twice: bool) -> float:
    """The chance that the check hits (a sum of twenty chances may pass 1 by a hair: capped)."""
    return min(1.0, sum(chance for natural, chance in naturals(twice) if gunnery.hits(natural)))


def attack_damage(gunnery: Gunnery, twice: bool = False) -> Dist:
    """The damage of one attack: 0 on a miss, the damage of a hit otherwise."""
    hit = hit_chance(gunnery, twice)
    if hit == 0:
        return Dist.constant(0)
    if hit == 1:
        return damage_on_hit(gunnery)
    return mixture([(1 - hit, Dist.constant(0)), (hit, damage_on_hit(gunnery))])


@lru_cache(maxsize=1024)
def luck_odds(query: str, args: tuple[int, ...]) -> Dist:
    """The odds of a recorded roll's effect (``armada/luck.py``): ``gunnery`` (the
    gunnery's numbers, halved, twice) deals :func:`attack_damage`; ``check`` (need, twice)
    passes on a natural ``need`` or more; ``d20`` (twice) is the natural roll itself;
    ``morale`` (modifier, DC, margin, twice) is the level the check leaves; ``critical`` (a
    flag per condition held) counts the new conditions (``luck.py``)."""
    if query == "gunnery" and len(args) == 8:
        modifier, armor_class, dice, sides, per_die, bonus, halved, twice = args
        gunnery = Gunnery(modifier=modifier, armor_class=armor_class, dice=dice, sides=sides,
                          per_die=per_die, bonus_damage=bonus, halved=bool(halved))
        return attack_damage(gunnery, bool(twice))
    if query == "check" and len(args) == 2:
        need, twice = args
        natural = maximum(Dist.die(20), 2) if twice else Dist.die(20)
        return natural.map(lambda face: int(face >= need))
    if query == "d20" and len(args) == 1:
        return maximum(Dist.die(20), 2) if args[0] else Dist.die(20)
    if query == "morale" and len(args) == 4:
        modifier, dc, margin, twice = args
        natural = maximum(Dist.die(20), 2) if twice else Dist.die(20)
        return morale_odds(modifier, dc, margin, natural)
    if query == "critical":
        return critical_odds(args)
    raise ValueError(f"armada answers no luck query {query!r} {list(args)}")


def _describe(gunnery: Gunnery) -> tuple[str, ...]:
    need = gunnery.armor_class - gunnery.modifier
    dice = f"{gunnery.dice}d{gunnery.sides}"
    per_die = f"{gunnery.per_die:+d} per die" if gunnery.per_die else "no per-die change"
    extra = f", {gunnery.bonus_damage:+d}" if gunnery.bonus_damage else ""
    half = ", halved" if gunnery.halved else ""
    crit = f"critical on a natural {gunnery.critical_from}+ that reaches the hull"
    return (
        f"check d20{gunnery.modifier:+d} against AC {gunnery.armor_class}: hits on a natural "
        f"{max(1, need)}+" + (" (never)" if need > 20 else ""),
        f"damage on a hit: {dice}, {per_die}{extra}{half}; {crit}",
    )


class GunneryOdds(AttackOdds):
    """One gunnery check: the hull damage it deals, and its named outcomes."""

    name = "gunnery"
    summary = (
        "one fleet's gunnery check against another: hull damage dealt after shields; outcomes "
        "miss, shields only, hull damage, critical, disabled, destroyed"
    )
    options_model = GunneryOptions

    def __init__(self, tables: Tables | None = None) -> None:
        self.tables = shipped_tables() if tables is None else tables

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, GunneryOptions):
            raise TypeError(f"{self.name} odds take GunneryOptions, not {type(options).__name__}")
        scene = Scene(options, self.tables)
        return gunnery_answer(scene.gunnery(), scene.target, options.resolve)


def gunnery_answer(gunnery: Gunnery, target: Fleet, resolve: bool = False) -> OddsAnswer:
    """The exact answer for one gunnery check against ``target`` as it stands: the hull
    damage dealt after shields and the named outcomes (``resolve``: the d20 rolled twice).

    The gunnery odds and the web table's odds of a declared attack both answer with it.
    """
    shields, hull = target.shields, target.hull
    damage = damage_on_hit(gunnery)
    dealt = damage.map(lambda total: hull - absorb_damage(shields, hull, total)[1])
    miss = 1 - hit_chance(gunnery, resolve)
    named = {"miss": miss, "shields only": 0.0, "hull damage": 0.0, "critical": 0.0,
             "disabled": 0.0, "destroyed": 0.0}
    for natural, natural_chance in _alike_naturals(gunnery, resolve):
        for hull_dealt, chance in dealt.items():
            weight = chance * natural_chance
            after = hull - hull_dealt
            status = status_for_hull(after, target.hull_points)
            named["hull damage" if hull_dealt else "shields only"] += weight
            if status == DESTROYED:
                named["destroyed"] += weight
            elif status == DISABLED and target.status == ACTIVE:
                named["disabled"] += weight
            elif status == ACTIVE and (
                gunnery.critical(natural, hull_dealt)
                or reaches_critical_threshold(after, target.critical_threshold, target.halved)
            ):
                named["critical"] += weight
    distribution = (
        mixture([(miss, Dist.constant(0)), (1 - miss, dealt)]) if miss < 1 else
        Dist.constant(0)
    )
    return OddsAnswer(distribution, "hull damage", named, _describe(gunnery))


def declared_odds(state: ArmadaState, tables: Tables, fire: Fire) -> OddsAnswer | None:
    """The exact odds of the check ``fire`` declares against its first target, judged from
    ``state`` as it stands (``None`` for a shot at a mine)."""
    if fire.mine >= 0 or not 0 <= fire.target < len(state.fleets):
        return None
    attacker, target = state.fleets[fire.fleet], state.fleets[fire.target]
    gunnery = gunnery_for(
        state, tables, attacker, target, superweapon=fire.superweapon,
        targets=1 + len(fire.also),
        # due, not spent: odds shown before a check must leave the game as it is
        encouragement=encouragement_due(attacker, gunnery_officer_bonus(state, attacker)),
    )
    return gunnery_answer(gunnery, target, fire.resolve)


class VolleyOdds(AttackOdds):
    """Several attacks against one target: the hull points it has left."""

    name = "volley"
    summary = (
        "N gunnery checks against one target: hull points left (below minus the hull points "
        "= destroyed); outcomes destroyed, disabled, at or below half hull, hull untouched"
    )
    options_model = VolleyOptions

    def __init__(self, tables: Tables | None = None) -> None:
        self.tables = shipped_tables() if tables is None else tables

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, VolleyOptions):
            raise TypeError(f"{self.name} odds take VolleyOptions, not {type(options).__name__}")
        scene = Scene(options, self.tables)
        target = scene.target
        shields, hull, points = target.shields, target.hull, target.hull_points
        wrecked = shields + hull + points + 1  # damage that destroys the target
        first = scene.gunnery()
        if options.sequential:
            taken = apply_attacks(0, [_sequential(scene, shields, wrecked)] * options.attacks)
        else:
            taken = Dist.sum_of(attack_damage(first, options.resolve), options.attacks)
        left = taken.map(lambda total: max(absorb_damage(shields, hull, total)[1], -points - 1))
        named = {
            "destroyed": left.at_most(-points - 1),
            "disabled": left.at_most(0) - left.at_most(-points - 1),
            "at or below half hull": left.at_most(target.critical_threshold) - left.at_most(0),
            "hull untouched": left.at_least(hull),
        }
        notes = (*_describe(first), f"mean damage of the {options.attacks} attacks: "
                 f"{taken.mean:.4f}",
                 f"hull left below 0 is damage past the hull (0 to -{points}: disabled,"
                 f" -{points + 1}: destroyed), and the mean counts it; counting a disabled or"
                 f" destroyed fleet as 0 hull, the mean is"
                 f" {left.map(lambda value: max(value, 0)).mean:.4f}")
        return OddsAnswer(left, "hull left", named, notes)


def _sequential(scene: Scene, shields: int, wrecked: int) -> Callable[[int], Dist]:
    """The damage taken after one more attack, from the damage taken so far: the AC loses
    its shield bonus once the shields are down."""
    twice = scene.options.resolve
    by_shields = {
        up: attack_damage(scene.gunnery(shields if up else 0), twice) for up in (True, False)
    }

    def attack(taken: int) -> Dist:
        if taken >= wrecked:
            return Dist.constant(wrecked)
        return (by_shields[taken < shields] + taken).clip(None, wrecked)

    return attack


def armada_attacks(tables: Tables) -> dict[str, AttackOdds]:
    """The Armada attacks ``warbench odds armada`` answers, on ``tables``."""
    return {"gunnery": GunneryOdds(tables), "volley": VolleyOdds(tables)}
