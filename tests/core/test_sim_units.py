"""Per unit type figures from the unit event convention."""

from __future__ import annotations

from tests.core.test_sim_plan import ListDuel, sides
from warbench.core.events import Event, PointsScored, Roll, UnitDamaged, UnitDestroyed
from warbench.core.sim.plan import prepare
from warbench.core.sim.play import play_game
from warbench.core.sim.units import UnitTally, tally_units


def test_events_are_summed_by_side_and_unit_type() -> None:
    events: list[Event] = [
        UnitDamaged("frigate", 0, 2, by_player=1, by_unit_type="cruiser"),
        UnitDamaged("frigate", 0, 1.5),
        UnitDestroyed("frigate", 0),
        UnitDestroyed("frigate", 0),
        Roll(6, (6,), player=1),  # not a unit event: ignored
    ]
    # seat 0 holds side 1, seat 1 holds side 0
    tallies = tally_units(events, seats=(1, 0), fielded=({"cruiser": 1}, {"frigate": 4}))
    assert tallies == (
        UnitTally(0, "cruiser", fielded=1, damage_dealt=2.0),
        UnitTally(1, "frigate", fielded=4, lost=2, damage_taken=3.5),
    )
    assert UnitTally.from_plain(tallies[1].to_plain()) == tallies[1]


def test_friendly_fire_is_taken_but_never_dealt() -> None:
    """docs/simulate.md: damage from a unit of the side that took it (own ship, team mate)
    is not damage dealt to the enemy; damage from another side is."""
    events: list[Event] = [
        UnitDamaged("frigate", 0, 2, by_player=0, by_unit_type="cruiser"),  # own goal
        UnitDamaged("frigate", 0, 1, by_player=2, by_unit_type="cruiser"),  # team mate
        UnitDamaged("frigate", 0, 3, by_player=1, by_unit_type="cruiser"),  # the enemy
    ]
    # seats 0 and 2 are side 0 (a team), seat 1 is side 1
    tallies = tally_units(events, seats=(0, 1, 0), fielded=({}, {}))
    assert tallies == (
        UnitTally(0, "frigate", damage_taken=6.0),
        UnitTally(1, "cruiser", damage_dealt=3.0),
    )


def test_types_without_a_list_are_counted_with_nothing_fielded() -> None:
    events: list[Event] = [UnitDestroyed("drone", 1)]
    assert tally_units(events, seats=(0, 1), fielded=({}, {})) == (
        UnitTally(1, "drone", fielded=0, lost=1),
    )


def test_a_played_game_tallies_what_each_side_dealt_and_took() -> None:
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=11)
    for index in range(6):
        record = play_game(plan, index)
        by_side = {tally.side: tally for tally in record.units}
        assert set(by_side) == {0, 1}
        assert by_side[0].unit_type == "veteran" and by_side[1].unit_type == "recruit"
        assert by_side[0].damage_dealt == by_side[1].damage_taken
        assert by_side[1].damage_dealt == by_side[0].damage_taken
        for tally in record.units:
            assert tally.fielded == 1 and tally.lost in (0, 1)
            if tally.lost:  # a destroyed duellist lost all its hit points
                assert tally.damage_taken == {"veteran": 9, "recruit": 6}[tally.unit_type]


def test_points_destroyed_are_credited_to_the_unit_type_whose_attack_destroyed_the_model() -> None:
    """docs/simulate.md, unit events: a model's loss scores its points for the unit type
    that destroyed it (a 200-point battleship and a 30-point frigate weigh by their points,
    not their hull); a loss nobody caused (a ship run aground) counts for nobody; points
    scored off a model already lost (a DW prize held at the end) go to their scorer."""
    events: list[Event] = [
        UnitDestroyed("battleship", 1, points=200, by_player=0, by_unit_type="cruiser"),
        UnitDestroyed("frigate", 1, points=30, by_player=0, by_unit_type="cruiser"),
        UnitDestroyed("frigate", 1, points=30, by_player=0, by_unit_type="bomber"),
        UnitDestroyed("frigate", 1, points=30),  # ran aground: nobody's
        PointsScored("frigate", 1, 30, by_player=0, by_unit_type="boarder"),
        UnitDestroyed("cruiser", 0, points=120, by_player=1, by_unit_type="battleship"),
    ]
    tallies = {(t.side, t.unit_type): t for t in tally_units(events, (0, 1), ({}, {}))}
    assert tallies[0, "cruiser"].points_destroyed == 230.0
    assert tallies[0, "bomber"].points_destroyed == 30.0
    assert tallies[0, "boarder"].points_destroyed == 30.0
    assert tallies[0, "cruiser"].points_lost == 120.0
    assert tallies[1, "battleship"].points_destroyed == 120.0
    assert tallies[1, "battleship"].points_lost == 200.0
    # three frigates lost, each worth 30; the prize held scored 30 more off them
    assert tallies[1, "frigate"].lost == 3 and tallies[1, "frigate"].points_lost == 120.0


def test_friendly_fire_destroys_no_points() -> None:
    """docs/simulate.md: a model its own side (or a team mate) destroyed is lost, and its
    points count as lost, but no unit is credited with them."""
    events: list[Event] = [
        UnitDestroyed("frigate", 0, points=30, by_player=0, by_unit_type="cruiser"),  # own
        UnitDestroyed("frigate", 0, points=30, by_player=2, by_unit_type="cruiser"),  # mate
        UnitDestroyed("frigate", 0, points=30, by_player=1, by_unit_type="cruiser"),  # enemy
    ]
    # seats 0 and 2 are side 0 (a team), seat 1 is side 1
    tallies = tally_units(events, seats=(0, 1, 0), fielded=({}, {}))
    assert tallies == (
        UnitTally(0, "frigate", lost=3, points_lost=90.0),
        UnitTally(1, "cruiser", points_destroyed=30.0),
    )


def test_a_tally_row_stored_before_points_were_counted_reads_as_not_counted() -> None:
    """An older results file's rows hold six figures: they load, with ``None`` (shown as
    "-") for the points, not zeros that would read as units that destroyed nothing."""
    old = UnitTally.from_plain([1, "frigate", 4, 1, 2.0, 1.5])
    assert old == UnitTally(1, "frigate", 4, 1, 2.0, 1.5, None, None)
    new = UnitTally(1, "frigate", 4, 1, 2.0, 1.5, 30.0, 60.0)
    assert UnitTally.from_plain(new.to_plain()) == new


def test_in_a_played_game_the_points_one_side_destroyed_are_the_others_lost() -> None:
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=11)
    destroyed = 0.0
    for index in range(12):
        by_side = {tally.side: tally for tally in play_game(plan, index).units}
        assert by_side[0].points_destroyed == by_side[1].points_lost
        assert by_side[1].points_destroyed == by_side[0].points_lost
        assert by_side[1].points_lost in (0.0, 10.0)  # a recruit costs 10 in the lists
        destroyed += by_side[0].points_destroyed or 0.0
    assert destroyed > 0
