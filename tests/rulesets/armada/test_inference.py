"""ARM-OFF-SCAN: what a seat can tell of an enemy fleet it has not scanned, from play.

The damage dice of a fleet's hits, the bands of its checks and the arcs it fires through
are public; :mod:`warbench.rulesets.armada.inference` reads them from the events a seat
sees, and the search draws its worlds from the templates that fit (``guess.shown_belief``).
"""

from __future__ import annotations

from functools import cache

from tests.rulesets.armada.helpers import RULES
from warbench.core.engine import Game
from warbench.core.match import play_next_decision
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.guess import determinize, shown_belief
from warbench.rulesets.armada.inference import FleetEvidence, consistent_templates, gather
from warbench.rulesets.armada.sight import STATISTICS, known_level, tiers_with_modifier
from warbench.rulesets.armada.state import ACTIVE, ArmadaState, Fleet
from warbench.rulesets.armada.templates import FleetTemplate, fleet_templates, template_id

TABLES = RULES.data.tables
CLOSE = {"armadas": ["vanguard-3", "raiders-3"], "distance": 8}


@cache
def battles() -> tuple[Game, ...]:
    """Three tactician battles stopped after 150 decisions (shots fired in every one)."""
    found = []
    for seed in (3, 5, 11):
        game = Game.new(RULES, CLOSE, seed=seed, record_hashes=False)
        agents = [TacticianAgent(seed), TacticianAgent(seed + 1)]
        for _ in range(150):
            if game.is_over:
                break
            play_next_decision(game, agents)
        found.append(game)
    return tuple(found)


def true_template(fleet: Fleet) -> FleetTemplate:
    return fleet_templates(TABLES)[template_id(fleet.fleet_class, fleet.size, fleet.tier)]


def fitting(fleet: Fleet, evidence: FleetEvidence | None) -> list[FleetTemplate]:
    return consistent_templates(TABLES, evidence, tiers_with_modifier(TABLES, fleet.check_modifier))


def test_arm_off_scan_what_a_fleet_showed_always_fits_its_own_template() -> None:
    for game in battles():
        for seat in (0, 1):
            shown = gather(game.observe(seat).events, TABLES)
            for fleet in game.state.fleets:
                evidence = shown.get(fleet.id)
                assert evidence is None or evidence.allows(true_template(fleet), TABLES), (
                    fleet.name, evidence)


def test_arm_off_scan_a_hit_at_long_range_tells_class_size_and_tier() -> None:
    pinned = 0
    for game in battles():
        shown = gather(game.observe(0).events, TABLES)
        for fleet in game.state.fleets:
            evidence = shown.get(fleet.id)
            if fleet.side == 0 or evidence is None:
                continue
            if evidence.damage_dice and evidence.ranges:
                assert fitting(fleet, evidence) == [true_template(fleet)]
                pinned += 1
            elif not evidence.damage_dice and not evidence.ranges and not evidence.arcs:
                assert len(fitting(fleet, evidence)) == len(fitting(fleet, None))
    assert pinned >= 3


def test_arm_off_scan_the_damage_dice_tell_size_and_tier() -> None:
    large_destroyer = FleetEvidence(damage_dice={(2, 10)})
    assert {(t.size, t.tier) for t in consistent_templates(TABLES, large_destroyer, [3, 4])} == {
        ("large", 4)}
    fore_only = FleetEvidence(arcs={"port"})
    assert all(t.fleet_class != "fighter" for t in consistent_templates(TABLES, fore_only, [3]))
    impossible = FleetEvidence(damage_dice={(7, 7)})  # nothing fits: the evidence is ignored
    assert len(consistent_templates(TABLES, impossible, [3])) == 9


def _world(game: Game, seat: int, seed: int) -> ArmadaState:
    observation = game.observe(seat)
    world = observation.sample(seed).state
    redraw = shown_belief(observation)
    assert redraw is not None
    redraw(world, RandomStream.from_seed(seed))
    return world


def test_arm_off_scan_the_search_draws_only_what_the_table_allows() -> None:
    checked = 0
    for game in battles():
        seat = 0
        shown = gather(game.observe(seat).events, TABLES)
        for seed in range(12):
            world = _world(game, seat, seed)
            for fleet, drawn in zip(game.state.fleets, world.fleets, strict=True):
                if known_level(fleet, seat) >= STATISTICS:
                    assert (drawn.fleet_class, drawn.size, drawn.tier, drawn.hull) == (
                        fleet.fleet_class, fleet.size, fleet.tier, fleet.hull)
                    continue
                evidence = shown.get(fleet.id)
                assert true_template(drawn) in fitting(fleet, evidence)
                if evidence is not None and fleet.status == ACTIVE and not fleet.halved:
                    floor = drawn.hull_points - evidence.damage_taken
                    assert drawn.hull >= min(floor, drawn.hull_points)
                    assert drawn.hull > drawn.critical_threshold
                checked += 1
    assert checked > 12


def test_arm_off_scan_the_plain_draw_keeps_every_template_open() -> None:
    game = battles()[0]
    seen = set()
    for seed in range(60):
        world = game.observe(0).sample(seed).state
        rng = RandomStream.from_seed(seed)
        determinize(world, 0, TABLES, rng)
        seen |= {(f.fleet_class, f.size) for f in world.fleets if f.side == 1}
    assert len(seen) == 9  # every class and size without the table's evidence
