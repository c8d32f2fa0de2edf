"""The search's guess at what its seat does not know (``Ruleset.determinize``, ARM-OFF-SCAN).

A seat's observation (:mod:`.sight`) holds the prior for each enemy fleet's unlearned scan
levels. For a search to play on, :func:`determinize` draws concrete values consistent with
what the seat knows (engine default):

- statistics: a template (class, size and tier) uniformly among the catalog's of the tiers
  with the fleet's (public) check modifier; the hull uniformly within what its status
  allows (above the critical threshold while active and not yet fallen to it, 1 to the
  threshold after, minus the hull points to 0 when disabled), the shields uniformly from 0
  to their most (none unless active). The search's belief (:func:`shown_belief`) draws
  instead from what the fleet showed at the table (:mod:`.inference`): only the templates
  that fit the dice and bands of its checks, and no hull below its hull points less the
  damage of the hits seen on it;
- abilities: none (the prior is kept);
- officers: roles drawn without repeating one on a fleet (nor a second admiral in an
  armada), their bonus the prior's; their names stay the prior's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from warbench.core.observation import Observation
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.data import ArmadaData, Tables
from warbench.rulesets.armada.inference import FleetEvidence, consistent_templates, gather
from warbench.rulesets.armada.sight import (
    OFFICERS,
    STATISTICS,
    known_level,
    tiers_with_modifier,
    wear_template,
)
from warbench.rulesets.armada.state import ACTIVE, DESTROYED, DISABLED, ArmadaState, Fleet

T = TypeVar("T")


def _pick(rng: RandomStream, items: Sequence[T]) -> T:
    return items[rng.choice_index(len(items))]


def _drawn_hull(
    rng: RandomStream, fleet: Fleet, hull_points: int, threshold: int, taken: int
) -> int:
    """A hull within what the fleet's status allows, and no lower than its hull points less
    the ``taken`` damage of the hits seen on it (where that leaves any room)."""
    if fleet.status == DESTROYED:
        return -hull_points - 1
    if fleet.status == DISABLED:
        low, high = -hull_points, 0
    elif fleet.halved:
        low, high = min(1, threshold), threshold
    else:
        low, high = min(threshold + 1, hull_points), hull_points
    return rng.integers(max(low, min(high, hull_points - taken)), high)


def _draw_statistics(
    tables: Tables, fleet: Fleet, rng: RandomStream, evidence: FleetEvidence | None
) -> None:
    tiers = tiers_with_modifier(tables, fleet.check_modifier) or [fleet.tier]
    template = _pick(rng, consistent_templates(tables, evidence, tiers))
    taken = 0 if evidence is None else evidence.damage_taken
    hull = _drawn_hull(rng, fleet, template.hull_points, template.critical_threshold, taken)
    shields = rng.integers(0, template.shield_points) if fleet.status == ACTIVE else 0
    wear_template(fleet, template, hull, shields)


def determinize(
    state: ArmadaState,
    player: int,
    tables: Tables,
    rng: RandomStream,
    evidence: Mapping[int, FleetEvidence] | None = None,
) -> None:
    """Draw, in place, concrete values for what ``player`` does not know of the enemy fleets
    of an observed ``state`` (see the module's notes), from the templates that fit what each
    fleet showed in ``evidence`` (by fleet id) where that is given."""
    admirals = {officer.side for officer in state.officers if officer.role == "admiral"}
    for fleet in state.fleets:
        level = known_level(fleet, player)
        if level < STATISTICS:
            shown = None if evidence is None else evidence.get(fleet.id)
            _draw_statistics(tables, fleet, rng, shown)
        if level >= OFFICERS:
            continue
        aboard = [officer for officer in state.officers if officer.fleet == fleet.id]
        roles = [
            role for role in tables.roles
            if role != "admiral" or fleet.side not in admirals
        ]
        for officer in aboard:
            if not roles:
                break
            officer.role = roles.pop(rng.choice_index(len(roles)))
            if officer.role == "admiral":
                admirals.add(fleet.side)
                roles = [role for role in roles if role != "admiral"]


def shown_belief(
    observation: Observation[ArmadaState, ArmadaData],
) -> Callable[[ArmadaState, RandomStream], None] | None:
    """The search's belief (``SearchFactory(belief=...)``): redraw each sampled world's
    unlearned enemy statistics from what the fleets showed in the events the seat saw;
    ``None`` when the seat knows every fleet."""
    state, seat = observation.state, observation.seat
    if all(known_level(fleet, seat) >= STATISTICS for fleet in state.fleets):
        return None
    tables = observation.data.tables
    evidence = gather(observation.events, tables)

    def redraw(world: ArmadaState, rng: RandomStream) -> None:
        determinize(world, seat, tables, rng, evidence)

    return redraw
