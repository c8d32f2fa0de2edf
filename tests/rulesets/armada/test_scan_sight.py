"""ARM-OFF-SCAN: what a seat knows of an enemy fleet is what its scans taught.

Before a scan a seat's observation, view and picture hold the engine's prior for an enemy
fleet's statistics, abilities and officers (``sight``); a bare success teaches the
statistics, 5 more the abilities, 10 more the officers; a spectator knows none; the search
draws the rest (``guess``) and plays on.
"""

from __future__ import annotations

from typing import Any

from tests.rulesets.armada.helpers import RULES, battle, fleet, in_gunnery
from tests.rulesets.armada.test_officers import BLUE, act, end_window, officer, start
from warbench.core.actions import Action
from warbench.core.agents import RandomAgent
from warbench.core.botspec import ConfigurableBot
from warbench.core.engine import Game, clone_state
from warbench.core.match import play_next_decision
from warbench.core.plain import canonical_json
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.actions import EndOrders, HoldFire, Move, Order
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.guess import determinize
from warbench.rulesets.armada.helm import MoveSpace
from warbench.rulesets.armada.sight import SeenState
from warbench.server.snapshot import SPECTATOR

TEC = [officer("Tec", "chief-technician", "Lance")]
VEX = [officer("Vex", "commander", "Grudge")]
GRUDGE = 2  # the red capital fleet: tier 3, medium, flagship: 16 hull points


def before_scan(face: int = 4) -> Game:
    """Lance's technician about to scan Grudge; the check's d20 will show ``face``
    (face + 3 ranks' bonus + 2 + 5 against AC 12)."""
    game = start([6, 1, face], TEC, VEX)
    end_window(game)
    act(game, Move(2))
    while game.pending()[0].player == 1:  # Vex gives no helm order after Grudge's move
        act(game, EndOrders())
    return game


def scanned(face: int) -> Game:
    game = before_scan(face)
    act(game, Order(0, "scan", GRUDGE))
    return game


def play_out(game: Game, agents: list[Any]) -> None:
    """Play ``game`` to its end, seat ``i`` answered by ``agents[i]``."""
    while not game.is_over:
        play_next_decision(game, agents)


def seen_fleet(game: Game, seat: int) -> dict[str, Any]:
    view: dict[str, Any] = game.view(seat)["fleets"][GRUDGE]
    return view


def seen_officers(game: Game, seat: int) -> list[tuple[str, str]]:
    return [(o["name"], o["role"]) for o in game.view(seat)["officers"]]


def test_arm_off_scan_before_a_scan_a_seat_sees_the_prior_not_the_enemy() -> None:
    """ARM-OFF-SCAN: before a scan, seat 0 sees Grudge as the prior (a medium destroyer of
    the armada's tier at full hull), without abilities, its officer unnamed and roleless;
    its own fleets whole; the picture shows ``?`` and no card for Grudge."""
    game = before_scan()
    grudge = seen_fleet(game, 0)
    assert (grudge["fleet_class"], grudge["size"], grudge["tier"]) == ("destroyer", "medium", 3)
    assert (grudge["hull"], grudge["hull_points"], grudge["abilities"]) == (13, 13, [])
    assert seen_officers(game, 0) == [("Tec", "chief-technician"), ("Grudge officer 1", "")]
    assert game.view(0)["known"] == [3, 3, 0]
    observed = game.observe(0).state
    assert isinstance(observed, SeenState) and observed.fleets[0] is game.state.fleets[0]
    text = canonical_json(game.view(0))
    assert "Vex" not in text and "capital" not in text
    [piece] = [p for p in RULES.table(observed).pieces if p.label == "Grudge"]
    assert piece.damage.startswith("hull ? shields ?") and piece.unit == ""
    truth = game.state.fleets[GRUDGE]
    assert (truth.fleet_class, truth.hull_points, truth.abilities) == ("capital", 16, ("flagship",))


def test_arm_off_scan_teaches_statistics_then_abilities_then_officers() -> None:
    """ARM-OFF-SCAN: a bare success shows seat 0 Grudge's statistics (class, size, tier,
    hull and shields) but not its abilities nor its officer; 5 more adds the abilities; 10
    more the officer's name and role."""
    one, two, three = scanned(4), scanned(8), scanned(12)  # over AC 12 by 2, 6 and 10
    for game, level in ((one, 1), (two, 2), (three, 3)):
        assert game.state.fleets[GRUDGE].scanned == [level, 0]
        assert game.view(0)["known"] == [3, 3, level]
        grudge = seen_fleet(game, 0)
        assert (grudge["fleet_class"], grudge["size"], grudge["tier"]) == ("capital", "medium", 3)
        assert (grudge["hull"], grudge["hull_points"]) == (16, 16)
        assert grudge["abilities"] == ([] if level < 2 else ["flagship"])
        officer_seen = ("Vex", "commander") if level == 3 else ("Grudge officer 1", "")
        assert seen_officers(game, 0)[1] == officer_seen
        [piece] = [p for p in RULES.table(game.observe(0).state).pieces if p.label == "Grudge"]
        assert piece.damage.startswith("hull 16/16") and piece.unit == "capital-medium-t3"


def test_arm_off_scan_statistics_alone_do_not_tell_what_the_abilities_cost() -> None:
    """ARM-OFF-SCAN: a bare success teaches Grudge's class, size and tier, so the build
    points of its template, but not its abilities, so not what they add (its superweapon
    costs 3): seat 0 sees the template's cost until 5 more teaches the abilities and their
    cost; Grudge's side always sees the whole."""
    armed = [fleet("Grudge", 3, "medium", "capital", "flagship", "superweapon")]
    superweapon = RULES.data.tables.abilities["superweapon"].cost
    assert superweapon > 0
    seen = {}
    for face in (4, 8):
        game = battle(BLUE, armed, [[[0, 0, 0], [1, 0, 0]], [[0, -3, 3]]], [6, 1, face],
                      blue_officers=TEC, red_officers=VEX, max_rounds=2)
        end_window(game)
        act(game, Move(2))
        while game.pending()[0].player == 1:
            act(game, EndOrders())
        act(game, Order(0, "scan", GRUDGE))
        assert game.state.fleets[GRUDGE].scanned == [face // 4, 0]
        seen[face], truth = seen_fleet(game, 0), game.state.fleets[GRUDGE]
        assert seen_fleet(game, 1)["cost"] == truth.cost
    assert seen[4]["abilities"] == [] and seen[4]["cost"] == truth.cost - superweapon
    assert seen[8]["abilities"] == ["flagship", "superweapon"]
    assert seen[8]["cost"] == truth.cost


def test_arm_off_scan_the_scanned_side_and_spectators_learn_nothing_new() -> None:
    """ARM-OFF-SCAN: seat 1's view is unchanged by its own fleet being scanned (it sees its
    fleet whole, knows no more of Blue, and only Grudge's ``scanned`` tells of the scan);
    a spectator sees no unscanned values, whoever scanned."""
    game = before_scan(12)
    before = game.view(1)
    act(game, Order(0, "scan", GRUDGE))
    after = game.view(1)
    assert after["known"] == before["known"] == [0, 0, 3]
    grudge_before, grudge_after = before["fleets"][GRUDGE], after["fleets"][GRUDGE]
    assert grudge_after.pop("scanned") == [3, 0] and grudge_before.pop("scanned") == [0, 0]
    assert grudge_after == grudge_before
    assert before["fleets"][:GRUDGE] == after["fleets"][:GRUDGE]
    assert after["officers"][1]["name"] == "Vex"
    spectator = RULES.view(game.state, SPECTATOR)
    assert spectator["known"] == [0, 0, 0]
    assert spectator["fleets"][GRUDGE]["fleet_class"] == "destroyer"
    assert "Vex" not in canonical_json(spectator) and "Tec" not in canonical_json(spectator)


def _twin(red: list[dict[str, Any]], red_officers: list[dict[str, Any]]) -> Game:
    places = [[[0, 0, 0], [1, 0, 0]], [[0, -3, 3]]]
    return battle(BLUE, red, places, [6, 1] + [10] * 40, blue_officers=TEC,
                  red_officers=red_officers, max_rounds=2)


def _red_waits(game: Game) -> Action:
    """Red's answer in both twins: no order, Grudge holding its place and its fire."""
    decision = game.pending()[0]
    if EndOrders() in decision.options:
        return EndOrders()
    if decision.spaces and isinstance(decision.spaces[0], MoveSpace):
        return Move(GRUDGE)
    return HoldFire(GRUDGE)


def test_arm_off_scan_an_unscanned_enemys_truth_reaches_no_view_nor_bot() -> None:
    """ARM-OFF-SCAN: two battles whose red fleet differs in everything a scan teaches (class,
    size, abilities, its officer's name, role and bonus) but not in what is public (name,
    tier's check modifier, officers aboard, each giving helm orders, as the table sees when
    Red is asked for them) look the same to seat 0 through the engineering and
    helm phases up to its first attack: its view, observation, picture and the tactician's
    every choice; and the events it sees say no more."""
    games = [
        _twin([fleet("Grudge", 3, "medium", "capital", "flagship")], VEX),
        _twin([fleet("Grudge", 3, "small", "fighter", "flagship", "bombers")],
              [officer("Quill", "chief-technician", "Grudge", ranks=12)]),
    ]
    chosen = 0
    while not in_gunnery(games[0]) or games[0].pending()[0].player != 0:
        views = [canonical_json(game.view(0)) for game in games]
        assert views[0] == views[1]
        observed = [canonical_json(game.observe(0).state) for game in games]
        assert observed[0] == observed[1]
        pictures = [RULES.table(game.observe(0).state) for game in games]
        assert pictures[0] == pictures[1]
        if games[0].pending()[0].player == 1:
            for game in games:
                game.apply(1, _red_waits(game))
            continue
        choices = [
            TacticianAgent(7).choose(game.observe(0), game.pending()[0]) for game in games
        ]
        assert choices[0] == choices[1]
        chosen += 1
        for game in games:
            game.apply(0, choices[0])
    assert chosen >= 2  # Blue's orders and moves, at least
    for game in games:
        assert not any("Quill" in event.text or "Vex" in event.text for event in game.events_for(0))


def test_arm_off_scan_damage_and_shields_reach_only_those_who_know() -> None:
    """ARM-OFF-SCAN: the hull and shields a fleet has left after damage, and the unit events
    naming its template, reach only the seats that know its statistics (the unit events
    none: statistics read them whole)."""
    game = Game.new(RULES, RULES.default_setup(), seed=11)
    agents = [RandomAgent(1), RandomAgent(2)]
    play_out(game, agents)
    damaged = [event for event in game.events if event.kind == "damage"]
    assert damaged
    for event in damaged:
        owner = game.state.fleets[event.data["fleet"]].side
        assert event.visible_to is not None and owner in event.visible_to
    units = [e for e in game.events if e.kind in ("unit_damaged", "unit_destroyed")]
    assert units and all(event.visible_to == frozenset() for event in units)


def test_arm_off_scan_determinize_draws_a_playable_enemy() -> None:
    """ARM-OFF-SCAN: the search's sample draws each unscanned enemy fleet's class, size and
    tier (with its public check modifier), a hull its status allows, and roles for its
    officers; the sampled battle plays to its end, and a search bot's game too."""
    game = Game.new(RULES, RULES.default_setup(), seed=5)
    observation = game.observe(0)
    state = observation.state
    for seed in range(4):
        sample = observation.sample(seed)
        for drawn, truth in zip(sample.state.fleets, game.state.fleets, strict=True):
            if truth.side == 0:
                assert drawn == truth
                continue
            assert drawn.check_modifier == truth.check_modifier
            assert drawn.critical_threshold < drawn.hull <= drawn.hull_points
            assert drawn.fleet_class in RULES.data.tables.classes
        roles = [o.role for o in sample.state.officers if o.side == 1]
        assert all(roles) and roles.count("admiral") <= 1
        play_out(sample, [RandomAgent(seed), RandomAgent(seed + 1)])
        assert sample.is_over
    again = clone_state(state)  # the observed state itself is read, never changed
    determinize(again, 0, RULES.data.tables, RandomStream.from_seed(1))
    assert [f.fleet_class for f in again.fleets] != [f.fleet_class for f in state.fleets]
    search = RULES.bots()["search"]
    assert isinstance(search, ConfigurableBot)
    small = {"armadas": ["vanguard-3", "raiders-3"], "max_rounds": 2}
    played = Game.new(RULES, small, seed=2)
    play_out(played, [search.cheapest()(3), TacticianAgent(4)])
    assert played.is_over


def test_arm_off_scan_redrawing_what_a_seat_does_not_know_leaves_its_view_alone() -> None:
    """ARM-OFF-SCAN (non-interference, all through random battles): a seat's view of the
    game equals its view of any sample of its observation, where the search drew new
    values for all it has not learned; so nothing unlearned reaches the view."""
    checked = 0
    for seed in range(3):
        game = Game.new(RULES, {"armadas": ["vanguard-3", "raiders-3"], "max_rounds": 3},
                        seed=seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 10)]
        decisions = 0
        while not game.is_over:
            if decisions % 9 == 0:
                for seat in (0, 1):
                    sample = game.observe(seat).sample(decisions)
                    assert RULES.view(sample.state, seat) == game.view(seat)
                    checked += 1
            play_next_decision(game, agents)
            decisions += 1
    assert checked > 20
