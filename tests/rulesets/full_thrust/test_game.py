"""The whole game: the turn sequence, damage control, the end, views, bots, conformance."""

from __future__ import annotations

from collections import Counter

import pytest

from warbench.core.agents import Agent, RandomAgent
from warbench.core.engine import Game
from warbench.core.match import play_match
from warbench.core.registry import register, ruleset
from warbench.rulesets.full_thrust import FullThrustRuleset
from warbench.rulesets.full_thrust.actions import Repair
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.damage import apply_points, damage_parties
from warbench.rulesets.full_thrust.events import PhaseBegan, SystemRepairRolled
from warbench.rulesets.full_thrust.scoring import Points
from warbench.rulesets.full_thrust.turn import PHASES, victory_points
from warbench.testing import assert_conforms

from .helpers import RULES, battle, orders, ship

ALL_OPTIONS = {"fighter_morale": True, "fire_at_fighters": True, "reduced_heavy_range": True}


def test_a_turn_runs_the_eleven_phases_in_order() -> None:
    """FT-SEQ-PHASES: phases with nothing to do step straight through."""
    game, _ = battle([ship("lancer", "Sabre", 10, 10)], [ship("lancer", "Pike", 60, 40)], 6, 1)
    orders(game)
    phases = [e.phase for e in game.events if isinstance(e, PhaseBegan) and e.turn == 1]
    assert phases == list(range(1, 12))
    assert len(PHASES) == 11 and PHASES[6] == "point defence"


def test_the_battle_ends_on_points_after_the_last_turn() -> None:
    """FT-END-TURNS: an engine default: after the turn limit, the higher score wins."""
    game, _ = battle([ship("lancer", "Sabre", 10, 10)], [ship("lancer", "Pike", 60, 40)],
                     6, 1, turns=1)
    orders(game)
    assert game.outcome is not None
    assert game.outcome.winners == () and "a draw on points" in game.outcome.reason


def test_victory_points_count_destroyed_crippled_and_disengaged_ships() -> None:
    """FT-END-TURNS: destroyed in full, crippled (half the hull) and disengaged at half."""
    game, _ = battle(
        [ship("lancer", "A", 10, 10), ship("lancer", "B", 20, 10)],
        [ship("harrier", "C", 60, 40), ship("picket", "D", 50, 40), ship("wasp", "E", 40, 40)],
    )
    state = game.state
    apply_points(game, state.ships[2], Points(0, 10), "a test")  # harrier destroyed: 120
    state.ships[3].status = "disengaged"  # picket gone: 34 / 2
    state.ships[4].hull_hits = 5  # wasp crippled: 99 / 2
    state.ships[0].hull_hits = 3  # lancer not yet crippled (3 of 7)
    assert victory_points(game.state, game.data) == (120 + 17 + 49.5, 0.0)


def test_damage_control_parties_shrink_with_the_hull() -> None:
    """FT-DCP: one party per 20 MASS, lost in step with the hull."""
    library = RULES.data
    game, _ = battle([ship("warden", "Ward", 30.0, 10.0)],
                     [ship("lancer", "Pike", 60.0, 40.0, facing=6)])
    ward = game.state.ships[0]
    assert damage_parties(library.designs["warden"], ward) == 5
    ward.hull_hits = 14
    assert damage_parties(library.designs["warden"], ward) == 3


def test_ft_dcp_one_roll_per_system_on_6_and_one_better_for_each_further_party() -> None:
    """FT-DCP: the parties are sent first, then each system is rolled for once: one party
    needs a 6, two a 5 or better; a 5 repairs with two parties and not with one; the log's
    verb agrees with the parties sent."""
    game, feed = battle([ship("warden", "Ward", 30.0, 10.0)],
                        [ship("lancer", "Pike", 60.0, 40.0, facing=6)], 6, 1)
    ward = game.state.ships[0]
    ward.hull_hits = 14  # three parties left
    ward.damage[1] = ward.damage[2] = 1
    orders(game)
    assert [d.prompt for d in game.pending()] == ["Ward: send a damage control party"]
    game.apply(0, Repair(0, 1))
    game.apply(0, Repair(0, 1))
    assert ward.damage[1] == 1  # nothing is rolled while parties are still being sent
    feed.add(5, 5)
    game.apply(0, Repair(0, 2))
    rolls = [e for e in game.events if isinstance(e, SystemRepairRolled)]
    assert [(e.system, e.parties, e.need, e.face) for e in rolls] == [(1, 2, 5, 5), (2, 1, 6, 5)]
    assert (ward.damage[1], ward.damage[2]) == (0, 1) and game.state.turn == 2
    assert [e.text.split(" the ")[0] for e in rolls] == [
        "Ward's 2 damage control parties repair", "Ward's 1 damage control party fails to repair"]


def test_ft_dcp_at_most_three_parties_on_a_system_and_needle_losses_stay() -> None:
    """FT-DCP: three parties on one system roll once and need a 4; a fourth is not
    offered; a system knocked out by a needle beam is never offered a party."""
    game, feed = battle([ship("warden", "Ward", 30.0, 10.0)],
                        [ship("lancer", "Pike", 60.0, 40.0, facing=6)], 6, 1)
    ward = game.state.ships[0]
    ward.damage[1] = ward.damage[2] = 1
    ward.wrecked = 1 << 2
    orders(game)
    assert Repair(0, 2) not in game.pending()[0].options
    game.apply(0, Repair(0, 1))
    game.apply(0, Repair(0, 1))
    feed.add(4)
    game.apply(0, Repair(0, 1))  # the third: no system is left open, the roll comes
    roll = next(e for e in game.events if isinstance(e, SystemRepairRolled))
    assert (roll.parties, roll.need, roll.face) == (3, 4, 4)
    assert (ward.damage[1], ward.damage[2]) == (0, 1)


def test_the_table_picture_and_the_summary() -> None:
    """The renderer's picture: ships with facings, fighter groups, salvo markers."""
    game = Game.new(RULES)
    picture = RULES.table(game.state)
    assert (picture.width, picture.height, picture.units) == (72.0, 48.0, "MU")
    resolute = next(p for p in picture.pieces if p.label == "Resolute")
    assert (resolute.heading, resolute.player) == (0.0, 0)
    assert RULES.describe(game.state).startswith("Turn 1, write orders. Concord strike group: 5")


def test_the_ruleset_registers_and_replays_by_id() -> None:
    """A registered ruleset is found by its id (replays look it up)."""
    register(FullThrustRuleset)
    assert ruleset("full-thrust").name == "Full Thrust (Fleet Book era)"


def test_conformance() -> None:
    """The conformance kit, with the default battle, a vector battle with every option and
    a Kra'Vak battle (FT-KV-FLEET): view secrecy of unrevealed orders, replay, refusals,
    save and load, copies."""
    assert_conforms(
        RULES,
        games=8,
        setups=[
            RULES.default_setup(),
            {"fleets": ["patrol", "escort"], "movement": "vector", "options": ALL_OPTIONS},
            {"fleets": ["kravak", "concord"], "movement": "vector"},
        ],
    )


def test_the_admiral_plays_legal_games_to_the_end() -> None:
    """The admiral answers every kind of decision legally, in both seats."""
    for seed in range(3):
        result = play_match(RULES, [AdmiralBot(seed), RandomAgent(seed)], seed=seed,
                            record_hashes=False)
        assert result.outcome is not None
    setup = {"fleets": ["escort", "line"], "movement": "vector", "options": ALL_OPTIONS}
    result = play_match(RULES, [RandomAgent(1), AdmiralBot(1)], seed=1, setup=setup,
                        record_hashes=False)
    assert result.outcome is not None


@pytest.mark.long
def test_the_admiral_beats_the_random_agent_and_mirror_matches_are_even() -> None:
    """Over 200 seeded games the admiral wins at least 90% against random play; in mirror
    matches (same fleet both sides) neither seat wins more than 60%."""
    wins = 0
    for seed in range(200):
        seat = seed % 2
        agents: list[Agent] = [AdmiralBot(seed), RandomAgent(seed)]
        if seat:
            agents.reverse()
        result = play_match(RULES, agents, seed=seed, record_hashes=False)
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
    print(f"admiral vs random: {wins}/200")
    assert wins >= 180
    seats: Counter[str] = Counter()
    for seed in range(200):
        fleet = ("concord", "directorate", "line")[seed % 3]
        result = play_match(RULES, [AdmiralBot(seed), AdmiralBot(seed + 1)], seed=seed,
                            setup={"fleets": [fleet, fleet]}, record_hashes=False)
        assert result.outcome is not None
        seats["draw" if result.outcome.is_draw else str(result.outcome.winners[0])] += 1
    print(f"mirror matches: {dict(seats)}")
    assert seats["0"] <= 120 and seats["1"] <= 120


def test_every_event_is_registered_and_round_trips_through_the_codec() -> None:
    """FT-SEQ-PHASES: a whole bot battle emits only registered event types, each read back
    from its JSON by the ruleset's event codec."""
    result = play_match(RULES, [AdmiralBot(3), RandomAgent(4)], seed=3)
    known = set(RULES.event_codec.tags)
    assert {event.kind for event in result.events} <= known
    for event in result.events:
        assert RULES.event_codec.decode(event.to_plain()) == event
