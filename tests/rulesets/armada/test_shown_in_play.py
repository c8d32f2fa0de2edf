"""ARM-OFF-SCAN: the abilities a fleet uses in the open and the role an officer shows by
its orders are public (``Shown.abilities``, ``ArmadaState.roles_shown``), so a seat that
has not scanned them still knows them, and the search draws nothing else."""

from __future__ import annotations

from tests.rulesets.armada.helpers import CLOSE, RULES, armada_state, tactician_battles
from warbench.core.engine import Game
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.events import Hit, MinesLaid, Missed, OrderChecked
from warbench.rulesets.armada.guess import determinize
from warbench.rulesets.armada.inference import consistent_templates
from warbench.rulesets.armada.shown import Shown
from warbench.rulesets.armada.sight import (
    ABILITIES,
    OFFICERS,
    STATISTICS,
    known_level,
    prior_template,
)
from warbench.rulesets.armada.templates import fleet_templates, template_id

TABLES = RULES.data.tables


def battles() -> tuple[Game, ...]:
    """Four tactician battles stopped after 160 decisions."""
    return tactician_battles((2, 3, 5, 11), 160)


def test_arm_off_scan_the_abilities_used_in_the_open_are_shown_and_no_other() -> None:
    """A superweapon shot (its narration names it) and gravity mines laid are in the
    firing fleet's record; every ability in a record is one the fleet has; an enemy seat
    that has not scanned the fleet's abilities sees those and no other."""
    seen_any = 0
    for game in battles():
        table = armada_state(game)
        for event in game.events:
            if isinstance(event, (Hit, Missed)) and "superweapon" in event.text:
                assert "superweapon" in table.shown[event.attacker].abilities
            if isinstance(event, MinesLaid):
                assert "gravity-mines" in table.shown[event.fleet].abilities
        for fleet in table.fleets:
            shown = table.shown[fleet.id].abilities
            assert set(shown) <= set(fleet.abilities), fleet.name
            seen_any += len(shown)
            enemy = 1 - fleet.side
            if known_level(fleet, enemy) < ABILITIES:
                observed = game.observe(enemy).state.fleets[fleet.id]
                assert observed.abilities == shown
    assert seen_any >= 2


def test_arm_off_scan_an_officer_shows_its_role_by_its_orders() -> None:
    """Each order given shows the officer's role (an order of that role); an enemy seat that
    has not scanned the fleet's officers sees that role, and no role for the others."""
    shown_any = 0
    for game in battles():
        table = armada_state(game)
        for event in game.events:
            if isinstance(event, OrderChecked):
                assert table.roles_shown[event.officer] != ""
        for index, officer in enumerate(table.officers):
            role = table.roles_shown[index]
            assert role in ("", officer.role)
            shown_any += role != ""
            enemy = 1 - officer.side
            if known_level(table.fleets[officer.fleet], enemy) < OFFICERS:
                assert game.observe(enemy).state.officers[index].role == role
    assert shown_any >= 3


def test_arm_off_scan_the_search_keeps_what_was_shown_and_draws_the_rest() -> None:
    """``determinize`` keeps every role and ability shown, draws the other roles without
    repeating one aboard a fleet, and gives an unscanned fleet a template whose class may
    take the abilities it showed."""
    for game in battles():
        table = armada_state(game)
        for seat in (0, 1):
            for seed in range(4):
                world = game.observe(seat).state
                determinize(world, seat, TABLES, RandomStream.from_seed(seed))
                for index, officer in enumerate(world.officers):
                    if table.roles_shown[index]:
                        assert officer.role == table.roles_shown[index]
                for fleet in world.fleets:
                    roles = [o.role for o in world.officers if o.fleet == fleet.id]
                    assert len(roles) == len(set(roles))
                    if known_level(table.fleets[fleet.id], seat) < ABILITIES:
                        assert fleet.abilities == table.shown[fleet.id].abilities
                    if known_level(table.fleets[fleet.id], seat) < STATISTICS:
                        template = fleet_templates(TABLES)[
                            template_id(fleet.fleet_class, fleet.size, fleet.tier)]
                        assert all(name in template.abilities for name in fleet.abilities)


def test_arm_off_scan_a_superweapon_shot_marks_a_capital_and_its_cost() -> None:
    """Only a capital may carry a superweapon and only a destroyer gravity mines
    (ARM-ABILITY-CLASS), so a fleet seen using one is taken for that class; the prior's
    build points count the ability's cost."""
    superweapon = Shown(abilities=("superweapon",))
    assert {t.fleet_class for t in consistent_templates(TABLES, superweapon, (3,))} == {
        "capital"}
    mines = Shown(abilities=("gravity-mines",))
    assert {t.fleet_class for t in consistent_templates(TABLES, mines, (3,))} == {
        "destroyer"}
    game = Game.new(RULES, CLOSE, seed=3, record_hashes=False)
    table = armada_state(game)
    grudge = next(fleet for fleet in table.fleets if fleet.name == "Old Grudge")
    table.shown[grudge.id] = superweapon
    observed = game.observe(0).state.fleets[grudge.id]
    prior = prior_template(TABLES, grudge.check_modifier, table.sides[grudge.side].tier,
                           superweapon)
    assert observed.fleet_class == "capital" == prior.fleet_class
    assert observed.abilities == ("superweapon",)
    assert observed.cost == prior.cost + TABLES.abilities["superweapon"].cost
