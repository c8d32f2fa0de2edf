"""Gunnery as rules arithmetic: range bands, arcs, AC, modifiers, damage dice, and the
:class:`Gunnery` numbers of one attack that both the game and the exact odds use.

The state-reading functions never roll. :func:`gunnery_for` gathers everything that bears on
one attack into a :class:`Gunnery`; :func:`roll_gunnery` rolls it (the game), and
:mod:`.odds` computes its exact distribution from the same methods, so the two agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Final

from warbench.core.dice import DiceExpr, DiceSource, d, roll
from warbench.core.hexgrid import Arc, Hex, arc_of, hex_line, offset_distance
from warbench.core.words import possessive
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.names import fleet_labels
from warbench.rulesets.armada.pieces import comms_down_of, officer_bonus_of
from warbench.rulesets.armada.state import (
    ACTIVE,
    DESTROYED,
    DISABLED,
    INSPIRED,
    ROUTED,
    SHAKEN,
    ArmadaState,
    Debris,
    Fleet,
    Mine,
)

#: Hexes within which point defense adds +1 to gunnery checks.
POINT_DEFENSE_REACH: Final = 2
#: The superweapon's gunnery penalty.
SUPERWEAPON_PENALTY: Final = -2
#: The lowest natural roll that is critical against a target a chief technician locked on.
LOCKED_CRITICAL: Final = 19
#: The array ability's gunnery penalty by the number of fleets attacked at once.
ARRAY_PENALTY: Final = {1: 0, 2: -2, 3: -4}
#: The EMP ability inflicts a critical condition when a check beats AC by this much.
EMP_MARGIN: Final = 5


@dataclass(frozen=True, slots=True, init=False)
class Band:
    """A range band: its name and the gunnery penalty it brings."""

    name: str
    penalty: int

    def __init__(self, name: str, penalty: int) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "penalty", penalty)

    def __reduce__(self) -> tuple[type[Band], tuple[str, int]]:
        """Pickled as the call that makes it again (a compiled class's ``__new__`` runs its
        ``__init__``)."""
        return Band, (self.name, self.penalty)


def range_band(tables: Tables, attacker: Fleet, target: Fleet) -> Band | None:
    """The band ``target`` lies in from ``attacker``, or ``None`` beyond extreme range."""
    return band_within(tables, attacker, fleet_distance(attacker, target))


def band_at(tables: Tables, attacker: Fleet, where: Hex) -> Band | None:
    """The band the hex ``where`` lies in from ``attacker``, or ``None`` beyond extreme."""
    return band_within(tables, attacker, attacker.hex.distance(where))


def fleet_distance(one: Fleet, other: Fleet) -> int:
    """Hexes from one fleet to the other."""
    # offset_distance spelt out (abs() too, a generic call when compiled): this is the
    # tactician's most frequent call
    dq, dr = other.q - one.q, other.r - one.r
    ds = dq + dr
    return ((dq if dq >= 0 else -dq) + (dr if dr >= 0 else -dr) + (ds if ds >= 0 else -ds)) // 2


def band_within(tables: Tables, attacker: Fleet, hexes: int) -> Band | None:
    """The band of a hex ``hexes`` away from ``attacker``, or ``None`` beyond extreme."""
    bands = tables.fleets.range_bands
    distance = hexes - attacker.this_round.range_bonus
    reach = attacker.range
    if distance <= reach:
        return Band("short", bands.short_penalty)
    if distance <= reach * bands.long_multiple:
        return Band("long", bands.long_penalty)
    if distance <= reach * bands.extreme_multiple:
        return Band("extreme", bands.extreme_penalty)
    return None


def band_hexes(tables: Tables, attacker: Fleet, band: str) -> tuple[int, int]:
    """How far from ``attacker`` its band named ``band`` runs, in hexes: beyond the first
    number, out to the second (``close``: the 1 hex of a flyby or free attack)."""
    return band_edges(tables, attacker.range, attacker.this_round.range_bonus, band)


def band_edges(tables: Tables, reach: int, extra: int, band: str) -> tuple[int, int]:
    """How far the band named ``band`` of a class of range ``reach`` runs with ``extra``
    hexes of bonus (see :func:`band_hexes`)."""
    bands = tables.fleets.range_bands
    if band == "short":
        return 0, reach + extra
    if band == "long":
        return reach + extra, reach * bands.long_multiple + extra
    if band == "extreme":
        return reach * bands.long_multiple + extra, reach * bands.extreme_multiple + extra
    return 0, 1


#: The hex arcs are measured from, see :func:`arcs_at`.
_ORIGIN = Hex(0, 0)


def arcs_at(dq: int, dr: int, facing: int) -> frozenset[Arc]:
    """The arcs of a ship facing ``facing`` that hold the hex ``(dq, dr)`` away from it:
    :func:`arc_of` depends on the offset alone, so it is worked out once per offset within
    :data:`_NEAR` (kept in a flat table, indexed without hashing) and afresh beyond it."""
    if not (-_NEAR <= dq < _NEAR and -_NEAR <= dr < _NEAR and 0 <= facing < 8):
        return arc_of(_ORIGIN, facing, Hex(dq, dr))
    index = ((dq + _NEAR) * 2 * _NEAR + dr + _NEAR) * 8 + facing
    found = _ARCS_AT[index]
    if found is None:
        found = _ARCS_AT[index] = arc_of(_ORIGIN, facing, Hex(dq, dr))
    return found


#: Offsets (either coordinate, either way) whose arcs :func:`arcs_at` keeps: past any map.
_NEAR: Final = 64
#: :func:`arcs_at`'s answers by offset and facing (a facing is 0 to 5: three bits).
_ARCS_AT: list[frozenset[Arc] | None] = [None] * ((2 * _NEAR) ** 2 * 8)


def arcs_toward(attacker: Fleet, where: Hex) -> frozenset[str]:
    """The attacker's weapon arcs that hold the hex ``where``."""
    return weapon_arcs(attacker, where.q - attacker.q, where.r - attacker.r)


def weapon_arcs(attacker: Fleet, dq: int, dr: int) -> frozenset[str]:
    """The attacker's weapon arcs that hold the hex ``(dq, dr)`` away from it."""
    return _arc_names(arcs_at(dq, dr, attacker.facing), attacker.arcs)


@lru_cache(maxsize=256)
def _arc_names(arcs: frozenset[Arc], weapons: tuple[str, ...]) -> frozenset[str]:
    """The names of ``arcs`` that are among the weapon arcs ``weapons``."""
    return frozenset(arc.value for arc in arcs if arc.value in weapons)


def firing_arcs(attacker: Fleet, target: Fleet) -> frozenset[str]:
    """The attacker's weapon arcs that hold the target (two on a boundary line; every arc
    for the enemy it flew by this round)."""
    if target.id == attacker.this_round.flyby_target:
        return frozenset(attacker.arcs)
    return weapon_arcs(attacker, target.q - attacker.q, target.r - attacker.r)


def arc_fired(attacker: Fleet, target: Fleet) -> str:
    """The firing arc an attack on ``target`` goes through: the first of ``attacker``'s arcs
    that holds it, or ``""`` (any arc) at the enemy it flew by."""
    if target.id == attacker.this_round.flyby_target:
        return ""
    held = arcs_toward(attacker, target.hex)
    return next((arc for arc in attacker.arcs if arc in held), "")


def targeting_refusal(
    state: ArmadaState, tables: Tables, attacker: Fleet, target: Fleet
) -> str | None:
    """Why ``attacker`` may not fire at ``target`` now, or ``None`` if it may. The enemy a
    fleet flew by this round is a target at 1 hex in any arc."""
    labels = fleet_labels(state.fleets)
    if target.side == attacker.side:
        return f"{labels[target.id]} is a friendly fleet (ARM-ACTIONS)"
    if target.status == "destroyed":
        return f"{labels[target.id]} is destroyed (ARM-DMG-DESTROYED)"
    if target.id == attacker.this_round.flyby_target:
        return None
    if not firing_arcs(attacker, target):
        return (f"{labels[target.id]} is in none of {possessive(labels[attacker.id])} firing "
                f"arcs ({', '.join(attacker.arcs)}, ARM-GUN-ARC)")
    if range_band(tables, attacker, target) is None:
        return (f"{labels[target.id]} is beyond {possessive(labels[attacker.id])} extreme "
                "range (ARM-GUN-RANGE)")
    return None


#: The arcs of a hex in the fore arc and no other.
_FORE_ONLY: Final = frozenset({Arc.FORE})


def shielded_front(attacker: Fleet, target: Fleet) -> bool:
    """Whether the target's forward shields face the shot (the attacker only in its fore arc).

    On a boundary the attacker chooses the arc it shoots into, so it picks the side.
    """
    return target.shields > 0 and (
        arcs_at(attacker.q - target.q, attacker.r - target.r, target.facing) == _FORE_ONLY
    )


def armor_class(
    state: ArmadaState, target: Fleet, attacker: Fleet | None = None, *, close: bool = False
) -> int:
    """AC: 10 + check modifier + a commander's direction (ARM-OFF-DIRECT: to the fleet's
    AC wherever it is used) or, against ``attacker``'s gunnery, the chief spellcaster's
    bonus if larger (officer bonuses do not stack; neither with communications down) +
    forward shields (not against a ``close`` attack: a flyby's, a free attack, boarders),
    -1 with damaged engines, minus this round's penalty (a back off that failed badly)."""
    ac = 10 + target.check_modifier
    comms_down = comms_down_of(target)
    directed = 0 if comms_down else target.this_round.direct_ac
    if attacker is not None:
        spellcaster = (
            0 if comms_down
            else officer_bonus_of(state.officers, state.round, target, "chief-spellcaster")
        )
        ac += max(spellcaster, directed)
        if not close and shielded_front(attacker, target):
            ac += 1
    else:
        ac += directed
    if "engines" in target.criticals:
        ac -= 1
    return ac - target.this_round.ac_penalty


def morale_modifier(fleet: Fleet) -> int:
    """What the fleet's morale adds to all its checks (+1 inspired, -1 shaken)."""
    if fleet.morale == INSPIRED:
        return 1
    if fleet.morale == SHAKEN:
        return -1
    return 0


def check_modifiers(fleet: Fleet) -> int:
    """What applies to every check of the fleet: morale, and an admiral's taunt."""
    return morale_modifier(fleet) - fleet.taunt_penalty


def gunnery_officer_bonus(state: ArmadaState, fleet: Fleet) -> int:
    """The officer bonus on the fleet's gunnery checks: its chief technician's, or its
    commander's direction (officer bonuses do not stack; none with communications down)."""
    if comms_down_of(fleet):
        return 0
    technician = officer_bonus_of(state.officers, state.round, fleet, "chief-technician")
    return max(technician, fleet.this_round.direct_gunnery)


def debris_penalty(state: ArmadaState, attacker: Fleet, target: Fleet) -> int:
    """-1 when the line of fire crosses conjured debris (any hex of it, ends included)."""
    return debris_penalty_at(state, attacker, target.q, target.r)


def debris_penalty_at(state: ArmadaState, attacker: Fleet, q: int, r: int) -> int:
    """-1 when the line of fire from ``attacker`` to the hex ``(q, r)`` (a fleet's, or a
    gravity mine's: every attack, ARM-OFF-CONJURE) crosses conjured debris; none for an
    attacker jammed this round (:func:`spared_by_jam`)."""
    if not state.debris or spared_by_jam(state, attacker):
        return 0
    length = offset_distance(q - attacker.q, r - attacker.r)
    near = [debris for debris in state.debris
            if _may_cover_line(debris, attacker.q, attacker.r, q, r, length)]
    if not near:
        return 0
    centres = tuple((debris.q, debris.r) for debris in near)
    return -1 if _line_crosses(attacker.q, attacker.r, q, r, centres) else 0


def spared_by_jam(state: ArmadaState, fleet: Fleet) -> bool:
    """Whether ``fleet`` is jammed this round, so that no officer action but the jam affects
    it (l.164): conjured debris neither strikes it nor hinders its attacks (ARM-OFF-JAM)."""
    return fleet.jammed_round == state.round


@lru_cache(maxsize=16384)
def _line_crosses(
    aq: int, ar: int, bq: int, br: int, centres: tuple[tuple[int, int], ...]
) -> bool:
    """Whether the line from hex ``(aq, ar)`` to ``(bq, br)`` crosses debris centred on one
    of ``centres``: geometry alone, kept because debris stays all round and a bot weighing
    moves asks about the same lines again."""
    line = hex_line(Hex(aq, ar), Hex(bq, br))
    return any(Debris(q, r, 0).covers(hex_) for q, r in centres for hex_ in line)


def _may_cover_line(debris: Debris, aq: int, ar: int, bq: int, br: int, length: int) -> bool:
    """Whether ``debris`` may cover a hex of the line between the hexes ``(aq, ar)`` and
    ``(bq, br)``, ``length`` apart. Each hex of a line lies on a shortest path between its
    ends (the line's hexes are neighbours, one more than the distance), so a hex of it within
    1 of the debris puts the debris at most ``length + 2`` from the two ends together;
    farther, it covers none."""
    via = offset_distance(debris.q - aq, debris.r - ar)
    return via + offset_distance(bq - debris.q, br - debris.r) <= length + 2


def gunnery_modifier(
    state: ArmadaState,
    tables: Tables,
    attacker: Fleet,
    target: Fleet,
    *,
    superweapon: bool = False,
    targets: int = 1,
    close: bool = False,
) -> int:
    """Everything added to the d20 of a gunnery check against ``target`` (one of
    ``targets`` fleets attacked at once with an array). A ``close`` attack (after a flyby,
    a free attack, boarders) counts as 1 hex away, whatever lies between."""
    close = close or target.id == attacker.this_round.flyby_target
    band = range_band(tables, attacker, target)
    total = attacker.check_modifier + gunnery_officer_bonus(state, attacker)
    if not close:
        total += band.penalty if band is not None else 0
        total += debris_penalty(state, attacker, target)
    total += check_modifiers(attacker)
    if target.id in attacker.this_round.locks:
        total += 1
    if attacker.morale == ROUTED:
        total += tables.rounds.rout.attack_penalty
    if attacker.has("bombers") and target.fleet_class == "capital":
        total += 1
    distance = 1 if close else fleet_distance(attacker, target)
    if attacker.has("point-defense") and distance <= POINT_DEFENSE_REACH:
        total += 1
    if superweapon:
        total += SUPERWEAPON_PENALTY
    return total + ARRAY_PENALTY[targets]


def strong_against(tables: Tables, fleet: Fleet, other_class: str) -> bool:
    """Whether ``fleet`` is strong against fleets of ``other_class``. Interceptors trade
    strength against capitals for strength against fighters."""
    if fleet.has("interceptors") and other_class in ("capital", "fighter"):
        return other_class == "fighter"
    return other_class in tables.classes[fleet.fleet_class].strong_against


def matchup(tables: Tables, attacker: Fleet, target: Fleet) -> int:
    """+1 damage per die when the attacker is strong against the target, -1 when the
    target is strong against the attacker (so the attacker is the weak one)."""
    return int(strong_against(tables, attacker, target.fleet_class)) - int(
        strong_against(tables, target, attacker.fleet_class)
    )


def damage_per_die(tables: Tables, attacker: Fleet, target: Fleet) -> int:
    """The change to each damage die: matchup, damaged weapons, the damage threshold."""
    change = matchup(tables, attacker, target)
    if "weapons" in attacker.criticals:
        change -= 1
    if target.has("damage-threshold") and not attacker.has("bombers"):
        change -= 1
    return change


@lru_cache(maxsize=256)
def damage_dice(text: str) -> DiceExpr:
    """A fleet's damage dice (``3d8``), parsed once."""
    return DiceExpr.parse(text)


@dataclass(frozen=True, slots=True, init=False)
class Gunnery:
    """The numbers of one gunnery check: what the d20 must reach and what a hit rolls.

    >>> shot = Gunnery(modifier=2, armor_class=13, dice=1, sides=10, per_die=1)
    >>> shot.hits(10), shot.hits(11), shot.damage([10]), shot.critical(20, 1)
    (False, True, 11, True)
    """

    modifier: int
    armor_class: int
    dice: int
    sides: int
    per_die: int = 0
    bonus_damage: int = 0
    halved: bool = False
    critical_from: int = 20
    critical_on_hit: bool = False
    emp: bool = False

    def __init__(self, modifier: int, armor_class: int, dice: int, sides: int,
                 per_die: int = 0, bonus_damage: int = 0, halved: bool = False,
                 critical_from: int = 20, critical_on_hit: bool = False,
                 emp: bool = False) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "modifier", modifier)
        object.__setattr__(self, "armor_class", armor_class)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "per_die", per_die)
        object.__setattr__(self, "bonus_damage", bonus_damage)
        object.__setattr__(self, "halved", halved)
        object.__setattr__(self, "critical_from", critical_from)
        object.__setattr__(self, "critical_on_hit", critical_on_hit)
        object.__setattr__(self, "emp", emp)

    def __reduce__(self) -> tuple[type[Gunnery], tuple[int | bool, ...]]:
        """Pickled as its fields, rebuilt through the constructor (a state waiting to land a
        hit holds one; compiled, a frozen record cannot be restored field by field)."""
        return (Gunnery, tuple(getattr(self, f.name) for f in fields(Gunnery)))

    def hits(self, natural: int) -> bool:
        """Whether a natural d20 roll hits: the check reaches the AC."""
        return natural + self.modifier >= self.armor_class

    def die_damage(self, face: int) -> int:
        """What one damage die counts after per-die changes (never below 0)."""
        return max(0, face + self.per_die)

    def finish(self, dice_total: int) -> int:
        """The damage of a hit from the dice's total: bonus damage, then halving."""
        total = dice_total + self.bonus_damage
        return total // 2 if self.halved else total

    def damage(self, faces: Sequence[int]) -> int:
        """The damage of a hit that rolled ``faces``."""
        return self.finish(sum(self.die_damage(face) for face in faces))

    def sure_critical(self, natural: int) -> bool:
        """Whether a hit with this natural roll is critical whatever it deals (a superweapon
        hit, or an EMP check beating AC by 5 or more)."""
        if not self.hits(natural):
            return False
        beats = natural + self.modifier - self.armor_class
        return self.critical_on_hit or (self.emp and beats >= EMP_MARGIN)

    def lasting_critical(self, natural: int, hull_dealt: int) -> bool:
        """Whether the attack inflicts critical damage for the rest of the battle: a
        superweapon hit, or a natural roll in the critical range that dealt hull damage (an
        EMP's critical alone lasts only to the end of the next round)."""
        if not self.hits(natural):
            return False
        return self.critical_on_hit or (natural >= self.critical_from and hull_dealt >= 1)

    def critical(self, natural: int, hull_dealt: int) -> bool:
        """Whether the attack inflicts critical damage, having dealt ``hull_dealt`` to hull
        points: a sure critical, or a natural roll in the critical range that dealt some."""
        if self.sure_critical(natural):
            return True
        return self.hits(natural) and natural >= self.critical_from and hull_dealt >= 1


@dataclass(frozen=True, slots=True, init=False)
class Shot:
    """A rolled gunnery check: the natural d20, the check, whether it hit, the damage."""

    natural: int
    check: int
    hit: bool
    damage: int

    def __init__(self, natural: int, check: int, hit: bool, damage: int) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "natural", natural)
        object.__setattr__(self, "check", check)
        object.__setattr__(self, "hit", hit)
        object.__setattr__(self, "damage", damage)

    def __reduce__(self) -> tuple[type[Shot], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Shot, (self.natural, self.check, self.hit, self.damage)


def roll_d20(dice: DiceSource, label: str, *, twice: bool = False, told: str = "") -> int:
    """A natural d20; ``twice`` (a resolve point spent) rolls two and keeps the better.
    ``told``: what ``label`` says in words for people, where they differ (ARM-NAMES)."""
    natural = d(dice, 20, label=label, told=told).total
    if twice:
        again = f"{told} (resolve)" if told else ""
        natural = max(natural, d(dice, 20, label=f"{label} (resolve)", told=again).total)
    return natural


def roll_gunnery(
    dice: DiceSource, gunnery: Gunnery, label: str, *, twice: bool = False, told: str = ""
) -> Shot:
    """Roll one gunnery check (the d20 twice, keeping the better, with ``twice``) and, on a
    hit, its damage dice; ``told`` as for :func:`roll_d20`."""
    said = f"{told} gunnery" if told else ""
    natural = roll_d20(dice, f"{label} gunnery", twice=twice, told=said)
    check = natural + gunnery.modifier
    if not gunnery.hits(natural):
        return Shot(natural, check, False, 0)
    faces = roll(dice, gunnery.dice, gunnery.sides, label=f"{label} gunnery damage",
                 told=f"{said} damage" if said else "").faces
    return Shot(natural, check, True, gunnery.damage(faces))


def gunnery_for(
    state: ArmadaState,
    tables: Tables,
    attacker: Fleet,
    target: Fleet,
    *,
    superweapon: bool = False,
    targets: int = 1,
    encouragement: int = 0,
    close: bool = False,
    halved: bool = False,
) -> Gunnery:
    """Everything that bears on ``attacker``'s gunnery check against ``target`` now
    (``encouragement``: what an admiral's encouragement adds to this check; ``close``: at 1
    hex in any arc and quadrant, for the fleet it flew by, free attacks and boarders;
    ``halved``: half damage, for boarders and free attacks on a failed flyby)."""
    close = close or target.id == attacker.this_round.flyby_target
    expr = damage_dice(attacker.damage)
    modifier = gunnery_modifier(
        state, tables, attacker, target, superweapon=superweapon, targets=targets, close=close
    )
    effects = attacker.this_round
    locked = target.id in effects.locks
    return Gunnery(
        modifier=modifier + encouragement,
        armor_class=armor_class(state, target, attacker, close=close),
        dice=expr.count,
        sides=expr.sides,
        per_die=damage_per_die(tables, attacker, target),
        bonus_damage=expr.modifier + effects.damage_bonus + (attacker.tier if superweapon else 0),
        halved=halved,
        critical_from=min(effects.critical_from, LOCKED_CRITICAL if locked else 20),
        critical_on_hit=superweapon,
        emp=attacker.has("emp"),
    )


def absorb_damage(shields: int, hull: int, damage: int) -> tuple[int, int]:
    """Shield points and hull points left after ``damage``: shields take it first.

    >>> absorb_damage(5, 16, 7), absorb_damage(5, 16, 3)
    ((0, 14), (2, 16))
    """
    absorbed = min(shields, damage)
    return shields - absorbed, hull - (damage - absorbed)


def status_for_hull(hull: int, hull_points: int) -> str:
    """Active above 0 hull points, disabled at 0 or less, destroyed once the hull damage
    exceeds twice the hull points (below minus the hull points).

    >>> [status_for_hull(h, 10) for h in (1, 0, -10, -11)]
    ['active', 'disabled', 'disabled', 'destroyed']
    """
    if hull < -hull_points:
        return DESTROYED
    return DISABLED if hull <= 0 else ACTIVE


def mine_gunnery(
    state: ArmadaState, tables: Tables, attacker: Fleet, mine: Mine, *, encouragement: int = 0
) -> Gunnery:
    """An attack on a gravity mine: the attacker's own modifiers, range and conjured debris
    on the line of fire against the mine's AC (``encouragement``: what an admiral's
    encouragement adds to this check); its damage dice (with damaged weapons and boosts),
    no matchups."""
    expr = damage_dice(attacker.damage)
    band = band_at(tables, attacker, mine.hex)
    modifier = attacker.check_modifier + gunnery_officer_bonus(state, attacker) + encouragement
    modifier += (band.penalty if band is not None else 0) + check_modifiers(attacker)
    modifier += debris_penalty_at(state, attacker, mine.q, mine.r)
    if attacker.morale == ROUTED:
        modifier += tables.rounds.rout.attack_penalty
    return Gunnery(
        modifier=modifier,
        armor_class=tables.rounds.gravity_mines.armor_class,
        dice=expr.count,
        sides=expr.sides,
        per_die=-1 if "weapons" in attacker.criticals else 0,
        bonus_damage=expr.modifier + attacker.this_round.damage_bonus,
    )


def reaches_critical_threshold(hull: int, threshold: int, already: bool) -> bool:
    """Whether an active fleet now at ``hull`` takes the critical damage (and morale check)
    of falling to its critical threshold: once, the first time it gets there."""
    return not already and hull <= threshold
