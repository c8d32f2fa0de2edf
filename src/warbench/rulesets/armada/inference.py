"""What a seat can tell of an enemy fleet it has not scanned, from what it showed in play.

Every seat sees the dice a fleet rolls and the checks it makes (:mod:`.shown` keeps the
record). Read so (engine default; ARM-OFF-SCAN):

- the damage dice of a fleet's hit are its size's damage at its tier, so one hit tells its
  size and tier;
- a check's range band and that band's reach tell its class's range: a long or extreme
  band spans the range itself (the bands reach R, 2R and 3R, plus any bonus of the round),
  a short one reaches the range or the range plus an enchantment's bonus;
- a check through a side or aft arc rules out a class without that arc (fighters fire fore
  only);
- a move ending farther from its start than a class's speed (less any announced speed
  bonus) rules that class out (a capital moves 4, a destroyer 5);
- the damage of the hits a fleet took is the most it can have lost (shields take some, a
  repair gives some back), so it bounds its hull from below;
- an ability seen in use rules out the classes that may not take it (a superweapon is a
  capital's, gravity mines a destroyer's: ARM-ABILITY-CLASS).

>>> from warbench.rulesets.armada.data import shipped_tables
>>> tables = shipped_tables()
>>> seen = Shown(damage_dice=(1, 12), bands=(("long", 4, 8),))
>>> [t.name for t in consistent_templates(tables, seen, (3, 4))]
['Destroyer fleet, large, tier 3']
"""

from __future__ import annotations

from functools import lru_cache

from warbench.rulesets.armada.combat import band_edges
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.orders import ENCHANT_RANGE
from warbench.rulesets.armada.shown import NO_DICE, Shown
from warbench.rulesets.armada.templates import FleetTemplate, fleet_templates


def dice_of(expression: str) -> tuple[int, int]:
    """The count and sides of a damage expression such as ``2d8`` (a bonus ignored).

    >>> dice_of("2d8"), dice_of("1d12+1")
    ((2, 8), (1, 12))
    """
    count, _, rest = expression.lower().partition("d")
    digits = ""
    for char in rest:
        if not char.isdigit():
            break
        digits += char
    return int(count or 1), int(digits)


def _band_fits(tables: Tables, band: str, near: int, far: int, reach: int) -> bool:
    """Whether a class of range ``reach`` fires in ``band`` out to ``far`` hexes (beyond
    ``near``), with no bonus or an enchantment's (a close band fits any class)."""
    if band not in ("short", "long", "extreme"):
        return True
    return any(band_edges(tables, reach, bonus, band) == (near, far)
               for bonus in (0, ENCHANT_RANGE))


def fits(shown: Shown, template: FleetTemplate, tables: Tables) -> bool:
    """Whether a fleet of ``template`` could have shown all of ``shown``."""
    if shown.damage_dice != NO_DICE and shown.damage_dice != dice_of(template.damage):
        return False
    if not all(_band_fits(tables, *band, template.range) for band in shown.bands):
        return False
    if shown.moved > template.speed:
        return False
    if not all(ability in template.abilities for ability in shown.abilities):
        return False
    return all(arc in template.arcs for arc in shown.arcs)


@lru_cache(maxsize=1024)
def consistent_templates(
    tables: Tables, shown: Shown, tiers: tuple[int, ...]
) -> tuple[FleetTemplate, ...]:
    """The catalog's templates of ``tiers`` a fleet that showed ``shown`` could have; all of
    them where none could (a record the engine's reading cannot explain)."""
    every = tuple(t for t in fleet_templates(tables).values() if t.tier in tiers)
    return tuple(t for t in every if fits(shown, t, tables)) or every


def hull_floor(shown: Shown, hull_points: int) -> int:
    """The least hull a fleet of ``hull_points`` can have after the hits it was seen to take
    (all of their damage on the hull)."""
    return hull_points - shown.damage_taken
