"""The search's guess at what its seat does not know (``Ruleset.determinize``, ARM-OFF-SCAN).

A seat's observation (:mod:`.sight`) holds the prior for each enemy fleet's unlearned scan
levels. For a search to play on, :func:`determinize` draws concrete values consistent with
what the seat knows (engine default):

- statistics: a template (class, size and tier) uniformly among the catalog's of the tiers
  with the fleet's (public) check modifier that fit what the fleet has shown at the table
  (:mod:`.inference`: the damage dice of its hits, its checks' bands and arcs); the hull
  uniformly within what its status allows (above the critical threshold while active and
  not yet fallen to it, 1 to the threshold after, minus the hull points to 0 when disabled)
  and no lower than its hull points less the damage of the hits it took, where that leaves
  room; the shields uniformly from 0 to their most (none unless active); the template
  fits the abilities the fleet was seen to use (their class may take them), and its build
  points count their costs;
- abilities: those seen in use, no other (the prior is kept);
- officers: an officer's role as it showed it (an order it gave, a post it took up); the
  others' drawn without repeating one on a fleet (nor a second admiral in an armada),
  their bonus the prior's; their names stay the prior's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from warbench.core.rng import RandomStream
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.fleets import abilities_cost
from warbench.rulesets.armada.inference import consistent_templates, hull_floor
from warbench.rulesets.armada.shown import Shown
from warbench.rulesets.armada.sight import (
    OFFICERS,
    STATISTICS,
    known_level,
    shown_by,
    tiers_with_modifier,
    wear_template,
)
from warbench.rulesets.armada.state import ACTIVE, DESTROYED, DISABLED, ArmadaState, Fleet

T = TypeVar("T")


def _pick(rng: RandomStream, items: Sequence[T]) -> T:
    return items[rng.choice_index(len(items))]


def _drawn_hull(rng: RandomStream, fleet: Fleet, hull_points: int, threshold: int,
                floor: int) -> int:
    """A hull within what the fleet's status allows, and no lower than ``floor`` where
    that leaves any room."""
    if fleet.status == DESTROYED:
        return -hull_points - 1
    if fleet.status == DISABLED:
        low, high = -hull_points, 0
    elif fleet.halved:
        low, high = min(1, threshold), threshold
    else:
        low, high = min(threshold + 1, hull_points), hull_points
    return rng.integers(max(low, min(high, floor)), high)


def _draw_statistics(tables: Tables, fleet: Fleet, shown: Shown, rng: RandomStream) -> None:
    tiers = tuple(tiers_with_modifier(tables, fleet.check_modifier)) or (fleet.tier,)
    template = _pick(rng, consistent_templates(tables, shown, tiers))
    floor = hull_floor(shown, template.hull_points)
    hull = _drawn_hull(rng, fleet, template.hull_points, template.critical_threshold, floor)
    shields = rng.integers(0, template.shield_points) if fleet.status == ACTIVE else 0
    wear_template(fleet, template, hull, shields)
    fleet.cost += abilities_cost(tables, fleet.abilities)


def determinize(state: ArmadaState, player: int, tables: Tables, rng: RandomStream) -> None:
    """Draw, in place, concrete values for what ``player`` does not know of the enemy fleets
    of an observed ``state`` (see the module's notes)."""
    admirals = {officer.side for officer in state.officers if officer.role == "admiral"}
    for fleet in state.fleets:
        level = known_level(fleet, player)
        if level < STATISTICS:
            _draw_statistics(tables, fleet, shown_by(state, fleet), rng)
        if level >= OFFICERS:
            continue
        aboard = [officer for officer in state.officers if officer.fleet == fleet.id]
        held = {officer.role for officer in aboard}  # the roles shown aboard
        roles = [
            role for role in tables.roles
            if role not in held and (role != "admiral" or fleet.side not in admirals)
        ]
        for officer in (officer for officer in aboard if not officer.role):
            if not roles:
                break
            officer.role = roles.pop(rng.choice_index(len(roles)))
            if officer.role == "admiral":
                admirals.add(fleet.side)
                roles = [role for role in roles if role != "admiral"]
