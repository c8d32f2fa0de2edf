"""The Armada search's value of a play-out cut off before the end (ARM-END-LIMIT): what each
side has lost in build points beaten and hull gone, and what the enemy's guns can expect
to take in the gunnery to come (bots_standing.py)."""

from __future__ import annotations

import math

import warbench
from tests.rulesets.armada.test_tactician_gunnery import two_on_two
from warbench.core.engine import Game
from warbench.core.match import play_next_decision
from warbench.core.search import SearchFactory
from warbench.rulesets.armada.actions import Fire
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.bots_standing import losses, standing
from warbench.rulesets.armada.combat import targeting_refusal
from warbench.rulesets.armada.data import ArmadaData
from warbench.rulesets.armada.state import ACTIVE, DISABLED, ArmadaState, Phase

RULES = warbench.ruleset("armada")
FAR_APART = {"armadas": ["vanguard-3", "raiders-3"], "distance": 20}


def opening() -> Game[ArmadaState, ArmadaData]:
    game = Game.new(RULES, FAR_APART, seed=3)
    bots = [TacticianAgent(1), TacticianAgent(2)]
    while game.state.phase != Phase.ENGINEERING:  # the fleets placed, the first round begun
        play_next_decision(game, bots)
    return game


def test_fleets_out_of_reach_stand_level() -> None:
    """ARM-END-LIMIT: before anything is lost and with no gun in reach, 0.5 each."""
    game = opening()
    tables = game.data.tables
    state = game.state
    fleets = state.fleets
    assert all(targeting_refusal(state, tables, a, b) is not None
               for a in fleets for b in fleets if a.side != b.side)
    assert losses(game) == [0.0, 0.0]
    assert standing(game) == (0.5, 0.5)


def test_a_beaten_fleet_counts_its_build_points_and_a_hurt_one_a_share() -> None:
    """ARM-END-LIMIT: a fleet disabled costs its side its build points in full (what the
    round limit scores); hull gone costs a share; the two sides' standings add up to one."""
    game = opening()
    fleet = next(f for f in game.state.fleets if f.side == 1)
    fleet.hull = fleet.hull_points - 1
    hurt = losses(game)[1]
    assert 0 < hurt < fleet.cost
    fleet.status = DISABLED
    assert losses(game)[1] == fleet.cost
    zero, one = standing(game)
    assert zero > 0.5 > one and math.isclose(zero + one, 1.0)


def test_guns_in_arc_and_range_threaten_the_fleet_they_hurt_most() -> None:
    """A fleet brought into an enemy's arc and range is threatened: its side's loss rises
    (the mean damage against its hull and shields, weighed by its build points)."""
    game = opening()
    tables = game.data.tables
    state = game.state
    shooter = next(f for f in state.fleets if f.side == 0)
    target = next(f for f in state.fleets if f.side == 1)
    ahead = shooter.hex
    for _ in range(2):
        ahead = ahead.neighbor(shooter.facing)
    target.q, target.r = ahead.q, ahead.r
    assert targeting_refusal(state, tables, shooter, target) is None
    assert losses(game)[1] > 0.0


def test_the_search_values_cut_off_play_outs_by_this_standing() -> None:
    """The ruleset's search bot values play-outs cut off before the end by this standing
    (not by the unit events alone)."""
    factory = RULES.bots()["search"]
    assert isinstance(factory, SearchFactory)
    assert factory.standing is standing and factory.score is None


def test_a_play_out_cut_off_in_gunnery_counts_the_hits_waiting_to_land() -> None:
    """ARM-GUN-SIMULTANEOUS: hits land together at the end of the phase, so a play-out cut off
    after a hit is rolled values the fleet as the hit will leave it: Spite, 7 damage waiting
    against its last 2 hull, is beaten in full and threatens nothing more."""
    game = two_on_two()
    spite = game.state.fleets[3]
    before = losses(game)
    game.apply(0, Fire(0, 3))
    assert (spite.status, spite.hull) == (ACTIVE, 2)  # still on the table
    after = losses(game)
    assert after[1] >= spite.cost
    assert after[0] < before[0]
