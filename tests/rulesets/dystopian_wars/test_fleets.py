"""Fleet building: the formats, squadron sizes, percentage caps, wings, set-ups from lists."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import seeded, squadron
from tests.rulesets.dystopian_wars.helpers import setup as placed
from warbench.core.lists import ArmyList, UnitEntry
from warbench.core.rng import RandomStream
from warbench.core.ruleset import SetupError
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.data import fleet_paths, load_fleet

RULES = DystopianWarsRuleset()


def fleet(*units: tuple[str, int], points: int = 1000) -> ArmyList:
    return ArmyList(
        name="test", ruleset="dystopian-wars", points=points,
        units=tuple(UnitEntry(unit=unit, count=count) for unit, count in units),
    )


def test_every_example_fleet_is_tournament_legal() -> None:
    """DW-BATTLEGROUP, DW-FLEET-CAPS: the shipped fleets (500, 1000 and 1500 points) pass."""
    sizes = {}
    for path in fleet_paths():
        report = RULES.validate_list(load_fleet(path), "tournament")
        assert report.ok, (path.name, [str(v) for v in report.violations])
        sizes[path.name] = load_fleet(path).points
    points = list(sizes.values())
    assert points.count(1000) == 4 and points.count(1500) == 2


def test_tournament_caps_and_core_force() -> None:
    """DW-FLEET-CAPS, DW-FLEET-CORE, DW-SQUADRON-SIZE: every violation is listed: large
    models above 70%, a squadron too big, no small or medium squadron in the core force.
    Also shows DW-FLEET-OPEN.
    """
    army = fleet(("britannia-dreadnought", 1), ("britannia-battleship", 1),
                 ("britannia-cruiser", 4), points=500)
    report = RULES.validate_list(army, "tournament")
    rules = {violation.rule for violation in report.violations}
    assert "at most 70% on large models" in rules
    assert "unit_size" in rules
    assert "core force: a small squadron" in rules
    assert RULES.validate_list(army, "open").violations == tuple(
        v for v in report.violations if v.rule in ("unit_size", "points_cap")
    )


def test_non_core_points_are_capped_at_half() -> None:
    """DW-FLEET-CORE: at most 50% of the points outside the fleet's type (its first entry).
    Also shows DW-FLEET-MIX.
    """
    army = fleet(("britannia-battleship", 1), ("britannia-cruiser", 2),
                 ("britannia-frigate", 3), ("britannia-rotor", 3), ("britannia-bomber", 4),
                 points=600)
    report = RULES.validate_list(army, "tournament")
    assert "at most 50% outside the core force" in {v.rule for v in report.violations}


def test_wings_beyond_the_two_free_ones_need_carriers() -> None:
    """DW-WINGS-FREE, DW-CARRIER-CAPACITY: two free wings, one recon at most; more tokens
    need room aboard carriers.
    Also shows DW-WING-TYPES.
    """
    army = fleet(("britannia-battleship", 1), ("britannia-cruiser", 2),
                 ("britannia-frigate", 3), ("britannia-fighter-wing", 5),
                 ("britannia-fighter-wing", 4), ("britannia-dive-bomber-wing", 3))
    rules = {v.rule for v in RULES.validate_list(army, "open").violations}
    assert "carrier capacity" in rules
    army = fleet(("britannia-fleet-carrier", 1), ("britannia-cruiser", 2),
                 ("britannia-frigate", 3), ("britannia-recon-wing", 1),
                 ("britannia-recon-wing", 1), ("britannia-recon-wing", 1))
    rules = {v.rule for v in RULES.validate_list(army, "open").violations}
    assert "carrier capacity" not in rules
    assert "carrier recon" in rules  # one flies free, the carrier holds one


def test_any_legal_choice_of_free_wings_makes_the_wings_legal() -> None:
    """DW-WINGS-FREE, DW-CARRIER-CAPACITY: a fleet carrier (10 tokens) with fighter wings
    of 5, 5 and 4 and two recon planes is legal: F5 and a recon plane fly free, the
    carrier holds 5 + 4 + the other recon plane. The check used to free the two largest
    wings, leaving two recon planes for one carrier; the set-up embarks the legal choice.
    (A battleship stands for the core force's large squadron, which the massive carrier
    does not fill, DW-FLEET-CORE.)"""
    army = fleet(("britannia-fleet-carrier", 1), ("britannia-battleship", 1),
                 ("britannia-cruiser", 3),
                 ("britannia-frigate", 4), ("britannia-fighter-wing", 5),
                 ("britannia-fighter-wing", 5), ("britannia-fighter-wing", 4),
                 ("britannia-recon-wing", 1), ("britannia-recon-wing", 1))
    assert RULES.validate_list(army, "tournament").ok
    other = load_fleet(fleet_paths()[0])
    state = RULES.new_state(RULES.setup_for([army, other]), 2, RandomStream.from_seed(1))
    ours = [m for m in state.models if m.player == 0 and RULES.data.models[m.cls].tiny]
    carried = sorted((m.tokens, m.cls) for m in ours if m.carried_by >= 0)
    assert carried == [(1, "britannia-recon-wing"), (4, "britannia-fighter-wing"),
                       (5, "britannia-fighter-wing")]
    three = army.model_copy(update={"units": (*army.units, UnitEntry(
        unit="britannia-recon-wing", count=1))})
    rules = {v.rule for v in RULES.validate_list(three, "tournament").violations}
    assert rules == {"carrier recon"}


def test_wing_violations_name_the_rows_and_a_missing_carrier() -> None:
    """DW-WINGS-FREE, DW-CARRIER-CAPACITY: without a carrier the message said "each carrier
    carries one recon plane at most", naming no row; now it names the wing rows and says
    the list has no carrier; a list only the two rules together break says so."""
    no_carrier = fleet(("britannia-battleship", 1), ("britannia-cruiser", 3),
                       ("britannia-frigate", 4), ("britannia-fighter-wing", 5),
                       ("britannia-fighter-wing", 5), ("britannia-recon-wing", 1),
                       ("britannia-recon-wing", 1))
    found = {str(v) for v in RULES.validate_list(no_carrier, "open").violations}
    assert found == {
        "units[5]: 2 recon wings (units[5], units[6]): one may fly free and each carrier"
        " carries one, but the list has no carrier [carrier recon]",
        # the carried wings, then the free ones: "2 tiny flyer tokens beyond the two free
        # wings (units[5], units[6])" read as if units[5] and units[6] flew free
        "units[5]: units[5], units[6] (2 tiny flyer tokens) fly beyond the free wings"
        " (units[3], units[4]), but the list has no carrier [carrier capacity]",
    }
    together = fleet(("britannia-fleet-carrier", 1), ("britannia-cruiser", 3),
                     ("britannia-frigate", 4), ("britannia-fighter-wing", 5),
                     ("britannia-fighter-wing", 5), ("britannia-fighter-wing", 5),
                     ("britannia-recon-wing", 1), ("britannia-recon-wing", 1))
    found = {str(v) for v in RULES.validate_list(together, "open").violations}
    assert found == {
        "units: no choice of the two free wings among units[3], units[4], units[5],"
        " units[6], units[7] (one recon at most) leaves the rest to the carriers: its"
        " carriers hold 10 tokens, one recon plane each [carrier capacity]",
    }


def test_setup_for_checks_every_list_and_deploys_them() -> None:
    """DW-SETUP-LISTS: a set-up from army lists; illegal lists are refused with every
    violation named."""
    armies = [load_fleet(path) for path in fleet_paths() if "1000" in path.name]
    setup = RULES.setup_for(armies, "tournament")
    assert [f["name"] for f in setup["fleets"]] == [a.name for a in armies]
    bad = fleet(("britannia-cruiser", 7), points=100)
    with pytest.raises(SetupError, match=r"armies\[1\].*unit_size"):
        RULES.setup_for([armies[0], bad])
    with pytest.raises(SetupError, match="unknown scenario"):
        RULES.setup_for(armies, "moonlight")


def test_army_rules_price_lists_for_the_command_line() -> None:
    """DW-FLEET-PRICE: the ruleset prices any list by its catalog."""
    army = load_fleet(fleet_paths()[0])
    rules = RULES.army_rules(army)
    assert rules is not None
    assert rules.lookup["britannia-battleship"].cost == 160
    assert "core" in rules.lookup["britannia-battleship"].tags


def test_demo_set_ups_are_independent_copies_of_the_shipped_fleets() -> None:
    """Engine (speed, issue 16; no rule of the seed): the demo fleets are read once per
    process, so a game's
    set-up edited in place (a test cutting squadrons, a caller renaming a fleet) must leave
    the next demo set-up exactly as the shipped files say."""
    from warbench.rulesets.dystopian_wars.setup import DATA_DIR, DEMO_FLEETS, fleet_from_army

    shipped = [fleet_from_army(load_fleet(DATA_DIR / "fleets" / name)) for name in DEMO_FLEETS]
    first = RULES.default_setup()
    assert first["fleets"] == shipped
    first["fleets"][0]["squadrons"].clear()
    first["fleets"][1]["name"] = "renamed"
    assert RULES.default_setup()["fleets"] == shipped


@pytest.mark.parametrize("list_format", ["open", "friendly", "tournament"])
def test_a_list_naming_a_commodore_that_may_not_lead_is_broken_in_every_format(
    list_format: str,
) -> None:
    """DW-COMMODORE-ICON: `list validate` names a commodore that is no Icon, and a role no
    Dystopian Wars list knows (a typo once let the richest Icon lead unsaid), by its row;
    the same list's set-up is refused naming the list."""
    army = load_fleet(next(p for p in fleet_paths() if p.name == "britannia-1000.toml"))
    units = list(army.units)
    units[0] = units[0].model_copy(update={"role": None})
    cruisers = next(i for i, u in enumerate(units) if u.unit == "britannia-cruiser")
    units[cruisers] = units[cruisers].model_copy(update={"role": "commodore"})
    report = RULES.validate_list(army.model_copy(update={"units": tuple(units)}), list_format)
    assert [str(v) for v in report.violations] == [
        f"units[{cruisers}].role: Warden-pattern cruiser cannot lead the fleet: only an Icon,"
        " never a creature or robot, may be named commodore [commodore icon]"]
    units[cruisers] = units[cruisers].model_copy(update={"role": "comodore"})
    typo = army.model_copy(update={"units": tuple(units)})
    assert [str(v) for v in RULES.validate_list(typo, list_format).violations] == [
        f'units[{cruisers}].role: unknown role "comodore" (a Dystopian Wars (1st edition)'
        ' list gives commodore), did you mean "commodore"? [roles]']
    with pytest.raises(SetupError, match=r"armies\[0\] \(Britannian home fleet\) units\[\d\]"
                                         r"\.role: unknown role"):
        RULES.setup_for([typo, army], list_format)


def test_dw_setup_lists_a_name_two_players_share_is_tagged_with_the_player_counted_from_1(
) -> None:
    """DW-SETUP-LISTS (engine default, since 0.14): a fighter wing in each fleet, both named
    by their class, are told apart by their player as people count players ("(P1)" for seat
    0, "(P2)" for seat 1), as the log's "player 1" and "player 2" name them; a name only one
    model has keeps no tag."""
    game = seeded(placed(
        [squadron("britannia-fighter-wing", (30.0, 8.0, 0.0), count=3),
         squadron("britannia-battleship", (36.0, 8.0, 0.0), name="Albion")],
        [squadron("britannia-fighter-wing", (30.0, 40.0, 180.0), count=3),
         squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ))
    names = {(m.player, m.name) for m in game.state.models}
    assert names == {(0, "Britannic fighter wing (P1)"), (0, "Albion"),
                     (1, "Britannic fighter wing (P2)"), (1, "Kaiserin")}
