"""ARM-OFF-SCAN: what a seat can tell of an enemy fleet it has not scanned, from play.

The damage dice of a fleet's hits, the bands of its checks, the arcs it fires through and
the hits it takes are public; the state keeps them (``ArmadaState.shown``, :mod:`.shown`),
the prior of a seat's observation is the template nearest the default that fits them
(:mod:`.sight`), and the search draws its worlds from the templates that fit
(:mod:`.guess`).
"""

from __future__ import annotations

from tests.rulesets.armada.helpers import CLOSE, RULES, armada_state, tactician_battles
from warbench.core.engine import Game
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.events import Hit
from warbench.rulesets.armada.guess import determinize
from warbench.rulesets.armada.inference import consistent_templates, fits
from warbench.rulesets.armada.shown import Shown
from warbench.rulesets.armada.sight import (
    STATISTICS,
    known_level,
    prior_template,
    tiers_with_modifier,
)
from warbench.rulesets.armada.state import ACTIVE, Fleet
from warbench.rulesets.armada.templates import FleetTemplate, fleet_templates, template_id

TABLES = RULES.data.tables


def battles() -> tuple[Game, ...]:
    """Three tactician battles stopped after 150 decisions (shots fired in every one)."""
    return tactician_battles((3, 5, 11), 150)


def true_template(fleet: Fleet) -> FleetTemplate:
    return fleet_templates(TABLES)[template_id(fleet.fleet_class, fleet.size, fleet.tier)]


def tiers(fleet: Fleet) -> tuple[int, ...]:
    return tuple(tiers_with_modifier(TABLES, fleet.check_modifier))


def test_arm_off_scan_the_record_is_what_the_hits_showed() -> None:
    """Each fleet's record holds the damage dice of its hits and the damage the hits it
    took dealt, as the public events say, and how far it got in a move."""
    for game in battles():
        table = armada_state(game)
        hits = [event for event in game.events if isinstance(event, Hit)]
        assert hits
        for fleet in table.fleets:
            taken = sum(hit.damage for hit in hits if hit.target == fleet.id)
            assert table.shown[fleet.id].damage_taken >= taken
            if any(hit.attacker == fleet.id for hit in hits):
                count, _, sides = fleet.damage.partition("d")
                assert table.shown[fleet.id].damage_dice == (int(count), int(sides))
        assert any(shown.moved >= 4 for shown in table.shown)


def test_arm_off_scan_what_a_fleet_showed_always_fits_its_own_template() -> None:
    for game in battles():
        table = armada_state(game)
        for fleet in table.fleets:
            assert fits(table.shown[fleet.id], true_template(fleet), TABLES), fleet.name


def test_arm_off_scan_a_hit_at_long_range_tells_class_size_and_tier() -> None:
    pinned = 0
    for game in battles():
        table = armada_state(game)
        for fleet in table.fleets:
            shown = table.shown[fleet.id]
            far = any(band in ("long", "extreme") for band, _, _ in shown.bands)
            if shown.damage_dice != (0, 0) and far:
                assert consistent_templates(TABLES, shown, tiers(fleet)) == (
                    true_template(fleet),)
                pinned += 1
    assert pinned >= 3


def test_arm_off_scan_the_damage_dice_tell_size_and_tier() -> None:
    """The damage dice tell size and tier; a side arc rules out fighters; a long move
    rules out the slower classes; a record nothing fits is set aside."""
    large_t4 = Shown(damage_dice=(2, 10))
    assert {(t.size, t.tier) for t in consistent_templates(TABLES, large_t4, (3, 4))} == {
        ("large", 4)}
    side_arc = Shown(arcs=("port",))
    assert all(t.fleet_class != "fighter" for t in consistent_templates(TABLES, side_arc, (3,)))
    fast = Shown(moved=6)  # six hexes from where it stood: only a fighter's speed
    assert {t.fleet_class for t in consistent_templates(TABLES, fast, (3,))} == {"fighter"}
    five = Shown(moved=5)
    assert "capital" not in {t.fleet_class for t in consistent_templates(TABLES, five, (3,))}
    impossible = Shown(damage_dice=(7, 7))  # nothing fits: the record is set aside
    assert len(consistent_templates(TABLES, impossible, (3,))) == 9


def test_arm_off_scan_the_prior_is_what_the_table_showed() -> None:
    """A seat's observation of an unscanned enemy holds the template nearest the default
    that fits its record: after a hit at long range, the fleet itself; its hull less what
    the hits it took dealt beyond one set of shields."""
    told = 0
    for game in battles():
        table = armada_state(game)
        for seat in (0, 1):
            seen = game.observe(seat).state
            for fleet, prior in zip(table.fleets, seen.fleets, strict=True):
                if known_level(fleet, seat) >= STATISTICS:
                    continue
                shown = table.shown[fleet.id]
                expected = prior_template(TABLES, fleet.check_modifier,
                                          table.sides[fleet.side].tier, shown)
                assert (prior.fleet_class, prior.size, prior.tier) == (
                    expected.fleet_class, expected.size, expected.tier)
                if len(consistent_templates(TABLES, shown, tiers(fleet))) == 1:
                    assert expected == true_template(fleet)
                    told += 1
                if fleet.status == ACTIVE and not fleet.halved:
                    beyond = max(0, shown.damage_taken - expected.shield_points)
                    assert prior.hull == max(expected.critical_threshold + 1,
                                             expected.hull_points - beyond)
    assert told >= 3


def test_arm_off_scan_the_search_draws_only_what_the_table_allows() -> None:
    checked = 0
    for game in battles():
        table = armada_state(game)
        observation = game.observe(0)
        for seed in range(12):
            world = observation.sample(seed).state
            for fleet, drawn in zip(table.fleets, world.fleets, strict=True):
                if known_level(fleet, 0) >= STATISTICS:
                    assert (drawn.fleet_class, drawn.size, drawn.tier, drawn.hull) == (
                        fleet.fleet_class, fleet.size, fleet.tier, fleet.hull)
                    continue
                shown = table.shown[fleet.id]
                assert true_template(drawn) in consistent_templates(TABLES, shown, tiers(fleet))
                if fleet.status == ACTIVE and not fleet.halved:
                    floor = min(drawn.hull_points - shown.damage_taken, drawn.hull_points)
                    assert drawn.hull >= floor and drawn.hull > drawn.critical_threshold
                checked += 1
    assert checked > 12


def test_arm_off_scan_before_any_shot_every_template_stays_open() -> None:
    game = Game.new(RULES, CLOSE, seed=3, record_hashes=False)
    seen = set()
    for seed in range(60):
        world = game.observe(0).sample(seed).state
        determinize(world, 0, TABLES, RandomStream.from_seed(seed))
        seen |= {(f.fleet_class, f.size) for f in world.fleets if f.side == 1}
    assert len(seen) == 9  # every class and size, nothing shown yet
