"""What a seat can tell of an enemy fleet from what happened at the table (ARM-OFF-SCAN).

A scan teaches a fleet's statistics (:mod:`.sight`), but some of them show in play: every
seat sees the dice a fleet rolls and the checks it makes. Read from the events a seat may
see (engine default, for the search's worlds: :mod:`.guess`):

- the damage dice of a fleet's hit (a public roll) are its size's damage at its tier, so
  one hit tells its size and tier;
- a check's range band and that band's reach in hexes (every check states them) tell its
  class's range: a long or extreme band spans the range itself (ARM-COMBAT-RANGE's bands
  are R, 2R and 3R, plus any bonus for the round), a short one reaches the range or the
  range plus an enchantment's bonus;
- a check through a side or aft arc rules out a class without that arc (fighters fire
  fore only);
- the damage of the hits a fleet took is the most it can have lost (shields take some, a
  repair gives some back), so it bounds its hull from below.

>>> from warbench.rulesets.armada.data import shipped_tables
>>> tables = shipped_tables()
>>> seen = FleetEvidence(damage_dice={(1, 12)}, ranges={4})
>>> [t.name for t in consistent_templates(tables, seen, [3, 4])]
['Destroyer fleet, large, tier 3']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from warbench.core.events import Event, Roll
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.events import DebrisStrikes, Hit, Missed
from warbench.rulesets.armada.orders import ENCHANT_RANGE
from warbench.rulesets.armada.templates import FleetTemplate, fleet_templates

#: The end of the label of a hit's damage roll (``<fleet> gunnery damage``).
DAMAGE_ROLL = " gunnery damage"


@dataclass(slots=True)
class FleetEvidence:
    """What the table has shown of one fleet: the damage dice its hits rolled (count,
    sides), the class ranges its checks' bands allow (each check a set of them), whether it
    fired through an arc other than fore (the arcs it used), and the damage it took."""

    damage_dice: set[tuple[int, int]] = field(default_factory=set)
    ranges: set[int] = field(default_factory=set)
    short_reaches: set[int] = field(default_factory=set)
    arcs: set[str] = field(default_factory=set)
    damage_taken: int = 0

    def allows(self, template: FleetTemplate, tables: Tables) -> bool:
        """Whether a fleet of ``template`` could have shown all of this."""
        if self.damage_dice and self.damage_dice != {_dice_of(template.damage)}:
            return False
        if any(reach != template.range for reach in self.ranges):
            return False
        bonuses = (0, ENCHANT_RANGE)
        if any(reach - template.range not in bonuses for reach in self.short_reaches):
            return False
        return self.arcs <= set(template.arcs)


def _dice_of(expression: str) -> tuple[int, int]:
    """The count and sides of a damage expression such as ``2d8`` (a bonus ignored).

    >>> _dice_of("2d8"), _dice_of("1d12+1")
    ((2, 8), (1, 12))
    """
    count, _, rest = expression.lower().partition("d")
    sides = ""
    for char in rest:
        if not char.isdigit():
            break
        sides += char
    return int(count or 1), int(sides)


def _band_range(tables: Tables, band: str, hexes: tuple[int, int]) -> int | None:
    """The class range a long or extreme band's reach spans (``None`` for other bands)."""
    bands = tables.fleets.range_bands
    steps = {"long": bands.long_multiple - 1,
             "extreme": bands.extreme_multiple - bands.long_multiple}.get(band)
    if not steps:
        return None
    span = hexes[1] - hexes[0]
    return span // steps if span % steps == 0 else -1


def gather(events: Iterable[Event], tables: Tables) -> dict[int, FleetEvidence]:
    """The evidence every fleet has shown in ``events`` (those a seat may see), by fleet id."""
    found: dict[int, FleetEvidence] = {}
    dice: tuple[int, int] | None = None  # the last damage roll, waiting for its hit

    def of(fleet: int) -> FleetEvidence:
        return found.setdefault(fleet, FleetEvidence())

    for event in events:
        if isinstance(event, Roll):
            if event.label.endswith(DAMAGE_ROLL):
                dice = (len(event.faces), event.sides)
            continue
        if isinstance(event, Hit | Missed):
            seen = of(event.attacker)
            if isinstance(event, Hit):
                if dice is not None:
                    seen.damage_dice.add(dice)
                if event.target >= 0:
                    of(event.target).damage_taken += event.damage
            dice = None
            reach = _band_range(tables, event.band, event.hexes)
            if reach is not None:
                seen.ranges.add(reach)
            elif event.band == "short":
                seen.short_reaches.add(event.hexes[1])
            if event.arc:
                seen.arcs.add(event.arc)
        elif isinstance(event, DebrisStrikes):
            of(event.fleet).damage_taken += event.damage
    return found


def consistent_templates(
    tables: Tables, evidence: FleetEvidence | None, tiers: Sequence[int]
) -> list[FleetTemplate]:
    """The catalog's templates of ``tiers`` a fleet that showed ``evidence`` could have;
    all of them where none could (evidence the engine's reading cannot explain)."""
    every = [t for t in fleet_templates(tables).values() if t.tier in tiers]
    if evidence is None:
        return every
    return [t for t in every if evidence.allows(t, tables)] or every
