"""What one seat knows of an Armada battle (ARM-OFF-SCAN).

A chief technician's scan teaches, level by level, an enemy fleet's basic statistics
(class, size, speed, maneuverability, tier, damage, total and current hull and shield
points), then its special abilities, then its officers' names and roles; before that the
seat does not know them. An observation (:func:`seen_state`) therefore holds, for each enemy
fleet, only the levels its seat has learned; in place of the others it holds the engine's
*prior*, which depends on public knowledge alone:

- statistics: of the templates that fit what the fleet has shown at the table (the damage
  dice of its hits, its checks' bands and arcs: :mod:`.inference`), a medium destroyer
  where that fits (else the class and size that do), of the tier nearest the armada's own
  among those with the fleet's check modifier (public: every gunnery check states the AC,
  10 + the modifier); its hull points less the damage of the hits it took beyond one set of
  shields, above its critical threshold while active and not fallen to it, at most the
  threshold once it has fallen to it (a public critical and morale test), 0 when disabled,
  past minus its hull points when destroyed; shields full while active; its range, arcs and
  cost (they follow from class, size and tier) those of that template;
- abilities: those it has been seen to use (a superweapon shot, an array's several
  targets, an EMP's passing critical, gravity mines, boarders, a self-destruct), and its
  build points count their costs; no other (and none knocked out); a seat that has
  learned the statistics but not the abilities sees the template's build points plus the
  costs of those shown, never what the unseen ones add;
- officers: each officer aboard named ``<fleet> officer <n>``, with the role it has shown
  by an order it gave or a post it took up (none before), no skills and the least officer
  bonus (2); its resolve points (spent in the open) and what was done to it stay.

Name, side, position, facing, status, morale, critical conditions, this round's effects of
announced orders, what each fleet and officer has shown (``ArmadaState.shown``,
``ArmadaState.roles_shown``) and who has scanned whom stay public. The observed state is a
:class:`SeenState`: the same fields, plus the viewer and what it knows of each fleet, which
the picture reads to draw an unknown fleet as unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import lru_cache

from warbench.core.plain import OMNISCIENT
from warbench.core.redaction import blank_stream
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.fleets import abilities_cost, check_modifier
from warbench.rulesets.armada.inference import consistent_templates
from warbench.rulesets.armada.shown import Shown
from warbench.rulesets.armada.state import (
    ACTIVE,
    DESTROYED,
    DISABLED,
    ArmadaState,
    Fleet,
    Officer,
)
from warbench.rulesets.armada.templates import FleetTemplate, fleet_templates, template_id

#: The scan's levels (ARM-OFF-SCAN): what a seat knows of a fleet from each on.
STATISTICS, ABILITIES, OFFICERS = 1, 2, 3
#: Everything: a seat's own fleets, and every fleet for the referee.
KNOWN_ALL = OFFICERS
#: The engine default class and size an unscanned fleet is taken for (the middle ones).
PRIOR_CLASS = "destroyer"
PRIOR_SIZE = "medium"
#: The officer bonus an unknown officer is taken to give (the least: 2 + 0 ranks / 6).
PRIOR_OFFICER_BONUS = 2
#: The audience of the core's unit events (``unit_damaged``, ``unit_destroyed``): no seat, as
#: they name a fleet's template; statistics and the search read every event whole.
RECORDS_ONLY: frozenset[int] = frozenset()
#: A fleet that has shown nothing yet.
NOTHING_SHOWN = Shown()
#: The fields of :class:`ArmadaState`, copied into a :class:`SeenState`.
_STATE_FIELDS = tuple(item.name for item in fields(ArmadaState))


@dataclass(slots=True)
class SeenState(ArmadaState):
    """An Armada state as one seat knows it: enemy fleets' unlearned levels hold the prior
    (see the module's notes); ``known[fleet id]`` is how many scan levels ``viewer`` knows
    of each fleet (:data:`KNOWN_ALL` for its own)."""

    viewer: int = OMNISCIENT
    known: list[int] = field(default_factory=list)


def known_level(fleet: Fleet, viewer: int) -> int:
    """How many scan levels ``viewer`` knows of ``fleet``: all for its own fleets (and for
    the referee), the levels its scans taught otherwise (none for a spectator)."""
    if viewer == OMNISCIENT or fleet.side == viewer:
        return KNOWN_ALL
    if 0 <= viewer < len(fleet.scanned):
        return fleet.scanned[viewer]
    return 0


def knowing_sides(state: ArmadaState, fleet: Fleet, level: int = STATISTICS) -> frozenset[int]:
    """The sides that know ``level`` of ``fleet`` (its own side always): the audience of an
    event that tells what that level hides (a fleet's hull and shields after damage)."""
    return frozenset(side for side in range(state.players) if known_level(fleet, side) >= level)


def tiers_with_modifier(tables: Tables, modifier: int) -> list[int]:
    """Every tier whose check modifier is ``modifier`` (what the public AC allows)."""
    base = tables.fleets.base_check_modifier
    return [row.tier for row in tables.tiers if check_modifier(row.tier, base) == modifier]


@lru_cache(maxsize=1024)
def prior_template(
    tables: Tables, modifier: int, armada_tier: int, shown: Shown = NOTHING_SHOWN
) -> FleetTemplate:
    """The template an unscanned fleet with check modifier ``modifier`` in an armada of
    ``armada_tier`` is taken for: of the templates that fit what it has ``shown``
    (:mod:`.inference`), the prior's class and size where they fit, and of the tiers with
    that (public) modifier the nearest the armada's, the lower on a tie.

    >>> from warbench.rulesets.armada.data import shipped_tables
    >>> tables = shipped_tables()
    >>> [prior_template(tables, 2, tier).name for tier in (1, 4)]
    ['Destroyer fleet, medium, tier 3', 'Destroyer fleet, medium, tier 4']
    >>> prior_template(tables, 2, 3, Shown(damage_dice=(2, 6))).name
    'Destroyer fleet, small, tier 4'
    >>> prior_template(tables, 2, 3, Shown(damage_dice=(2, 6), bands=(("long", 3, 6),))).name
    'Fighter fleet, small, tier 4'
    """
    tiers = tuple(tiers_with_modifier(tables, modifier)) or (armada_tier,)
    fitting = consistent_templates(tables, shown, tiers)
    return min(fitting, key=lambda t: (t.fleet_class != PRIOR_CLASS, t.size != PRIOR_SIZE,
                                       abs(t.tier - armada_tier), t.tier))


def shown_by(state: ArmadaState, fleet: Fleet) -> Shown:
    """What ``fleet`` has shown at the table (nothing in a state kept without records)."""
    return state.shown[fleet.id] if fleet.id < len(state.shown) else NOTHING_SHOWN


def role_shown(state: ArmadaState, index: int) -> str:
    """The role officer ``index`` has shown (``""``: none, or a state kept without
    records)."""
    return state.roles_shown[index] if index < len(state.roles_shown) else ""


def template_of(tables: Tables, fleet_class: str, size: str, tier: int) -> FleetTemplate:
    """The catalog template of a class, size and tier."""
    return fleet_templates(tables)[template_id(fleet_class, size, tier)]


def hull_by_status(fleet: Fleet, template: FleetTemplate, shown: Shown) -> int:
    """The hull an unscanned fleet of ``template`` is taken to have, from what the table
    sees of it: its hull points less the damage of the hits it took beyond one full set of
    shields, within what its status allows."""
    hull_points, threshold = template.hull_points, template.critical_threshold
    if fleet.status == DESTROYED:
        return -hull_points - 1
    if fleet.status == DISABLED:
        return 0
    left = hull_points - max(0, shown.damage_taken - template.shield_points)
    if fleet.halved:
        return min(threshold, max(1, left))
    return min(hull_points, max(threshold + 1, left))


def wear_template(fleet: Fleet, template: FleetTemplate, hull: int, shields: int) -> None:
    """Give ``fleet`` (a copy) the statistics of ``template``, at ``hull`` and ``shields``."""
    fleet.tier = template.tier
    fleet.size = template.size
    fleet.fleet_class = template.fleet_class
    fleet.hull_points = template.hull_points
    fleet.critical_threshold = template.critical_threshold
    fleet.hull = hull
    fleet.shield_max = template.shield_points
    fleet.shields = shields
    fleet.damage = template.damage
    fleet.speed = template.speed
    fleet.turn_distance = template.turn_distance
    fleet.piloting_modifier = template.piloting_modifier
    fleet.range = template.range
    fleet.arcs = template.arcs
    fleet.cost = template.cost


def masked_fleet(state: ArmadaState, tables: Tables, fleet: Fleet, level: int) -> Fleet:
    """A copy of ``fleet`` holding the prior in place of the levels below ``level``."""
    make, fields_ = fleet.__reduce__()  # a copy (cheaper than the copy module's)
    seen = make(*fields_)
    if level < STATISTICS:
        shown = shown_by(state, fleet)
        template = prior_template(tables, fleet.check_modifier, state.sides[fleet.side].tier,
                                  shown)
        hull = hull_by_status(fleet, template, shown)
        shields = template.shield_points if fleet.status == ACTIVE else 0
        wear_template(seen, template, hull, shields)
    if level < ABILITIES:
        if level >= STATISTICS:  # the template's cost is known, not what the abilities add
            seen.cost -= abilities_cost(tables, fleet.abilities)
        seen.abilities = shown_by(state, fleet).abilities
        seen.suppressed_ability = ""
        seen.cost += abilities_cost(tables, seen.abilities)
    return seen


def masked_officer(officer: Officer, name: str, role: str = "") -> Officer:
    """A copy of an officer whose name and role the seat has not learned, holding the
    ``role`` it has shown (``""``: none)."""
    make, fields_ = officer.__reduce__()
    seen = make(*fields_)
    seen.name = name
    seen.role = role
    seen.skills = ()
    seen.bonus = PRIOR_OFFICER_BONUS
    seen.base_attack_bonus = 0
    return seen


def seen_state(state: ArmadaState, viewer: int, tables: Tables) -> SeenState:
    """``state`` as ``viewer`` knows it (a seat, a spectator, or the referee): the dice
    stream blank, unlearned levels of enemy fleets replaced by the prior. Fleets and
    officers the viewer knows whole are shared with ``state`` (read, never changed)."""
    seen = SeenState(**{name: getattr(state, name) for name in _STATE_FIELDS})
    seen.rng = blank_stream()
    seen.viewer = viewer
    known = [known_level(fleet, viewer) for fleet in state.fleets]
    seen.known = known
    if min(known, default=KNOWN_ALL) < KNOWN_ALL:
        seen.fleets = [
            fleet if level >= ABILITIES else masked_fleet(state, tables, fleet, level)
            for fleet, level in zip(state.fleets, known, strict=True)
        ]
        aboard: dict[int, int] = {}
        officers: list[Officer] = []
        for index, officer in enumerate(state.officers):
            if known[officer.fleet] >= OFFICERS:
                officers.append(officer)
                continue
            number = aboard[officer.fleet] = aboard.get(officer.fleet, 0) + 1
            name = f"{state.fleets[officer.fleet].name} officer {number}"
            officers.append(masked_officer(officer, name, role_shown(state, index)))
        seen.officers = officers
    return seen
