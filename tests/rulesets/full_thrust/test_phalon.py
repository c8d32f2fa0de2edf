"""Phalon (Fleet Book 2): plasma bolts, vapour shrouds, pulsers, designs and lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.cli import main
from warbench.core.attacks import AttackOptionsError
from warbench.core.catalog import load_model
from warbench.core.dice import ScriptedDice
from warbench.core.lists import ArmyList
from warbench.core.match import play_match
from warbench.core.plain import REDACTED
from warbench.rulesets.full_thrust.actions import (
    DeclareTarget,
    DefenceDone,
    DefendWith,
    HoldSalvos,
    LaunchSalvo,
    WriteOrders,
)
from warbench.rulesets.full_thrust.attacks import resolve_attacks
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.damage import screens_of
from warbench.rulesets.full_thrust.data import DesignRecord
from warbench.rulesets.full_thrust.defence import (
    bolt_defence_hits,
    close_on_targets,
    defence_kills,
    defence_options,
)
from warbench.rulesets.full_thrust.design import cost_sheet, design_problems
from warbench.rulesets.full_thrust.events import MissilesLost, OwnOrders, WeaponFired
from warbench.rulesets.full_thrust.events_alien import (
    BoltPlaced,
    BoltWeakened,
    PlasmaStrike,
    ShroudRaised,
)
from warbench.rulesets.full_thrust.fire import can_fire
from warbench.rulesets.full_thrust.library import DATA_DIR, SystemSpec, compile_design
from warbench.rulesets.full_thrust.phalon import pulser_dice
from warbench.rulesets.full_thrust.state import Bolt, Salvo

from .helpers import RULES, battle, orders, ship
from .test_odds import BEAM, assert_dist, odds, rerolling_die, totals

LIB = RULES.data
LISTS = DATA_DIR / "lists"
QUILLON = LIB.designs["quillon"]
LAUNCHER = QUILLON.indices("plasma_launcher")[0]


def phalon(**fields: object) -> DesignRecord:
    base: dict[str, object] = {"name": "Test", "race": "phalon", "mass": 40, "thrust": 4,
                               "hull": 8}
    base.update(fields)
    return DesignRecord.model_validate(base)


def test_ft_ph_design_costs_and_what_a_phalon_ship_may_carry() -> None:
    """FT-PH-DESIGN: a class-n plasma launcher takes 5n MASS at 3 points a MASS, in at most
    three adjacent arcs; a pulser 2, 3 or 4 MASS for one, up to three or more arcs at 5
    points a MASS; a vapour shroud 5% of MASS at 3 points; shell armour 2 points a box in
    the outer layer, 4 in the next; no screens, PDS or hangar bays (engine default: no
    Phalon fighters are known), and no alien weapons of other races (nor Phalon weapons on
    human ships)."""
    design = phalon(shroud=True, armour_layers=[3, 1], weapons=[
        {"kind": "plasma_launcher", "class": 2, "arcs": ["FP", "F", "FS"]},
        {"kind": "pulser", "mode": "long", "arcs": ["F"]},
        {"kind": "pulser", "mode": "close", "arcs": ["FP", "F", "FS"]},
        {"kind": "pulser", "mode": "medium", "arcs": "all"}])
    lines = {name: (mass, points) for name, mass, points in cost_sheet(design, LIB.costs).lines}
    assert lines["class-2 plasma launcher"] == (10, 30)
    assert lines["pulser (long)"] == (2, 10) and lines["pulser (close)"] == (3, 15)
    assert lines["pulser (medium)"] == (4, 20)
    assert lines["vapour shroud"] == (2, 6) and lines["shell armour"] == (4, 10)
    assert LIB.designs["quillon"].armour == 4
    refused = dict(design_problems(phalon(screens=1, pds=1, hangars=1), LIB.costs))
    assert {"screens", "pds"} <= set(refused)
    assert "no Phalon fighters" in refused["hangars"]  # engine default
    split = phalon(weapons=[{"kind": "plasma_launcher", "class": 1, "arcs": ["F", "A"]}])
    assert "adjacent" in dict(design_problems(split, LIB.costs))["weapons[0].arcs"]
    kgun = phalon(weapons=[{"kind": "k_gun", "class": 1, "arcs": "all"}])
    assert "Phalon ship cannot mount a K1" in dict(design_problems(kgun, LIB.costs))["weapons[0]"]
    human = DesignRecord.model_validate({"name": "H", "mass": 20, "thrust": 4, "hull": 6,
                                         "shroud": True,
                                         "weapons": [{"kind": "pulser", "arcs": "all"}]})
    problems = dict(design_problems(human, LIB.costs))
    assert "cannot mount a pulser" in problems["weapons[0]"] and "shroud" in problems


def test_ft_alien_plasma_bolt_placed_in_phase_4_strikes_its_whole_burst_first() -> None:
    """FT-ALIEN-PLASMA, FT-SEQ-ORDNANCE, FT-SEQ-ATTACKS: a bolt goes up to 30 MU in the
    launcher's arcs in phase 4; no target is declared; the ships in its burst shoot it in
    phase 7 (each kill takes one off its strength); in phase 8, before missiles, it strikes
    every ship within 6 MU, friend or foe, with beam dice as many as its strength; the
    launcher then waits a turn."""
    game, feed = battle(
        [ship("quillon", "Glass", 30.0, 10.0), ship("vesk", "Eye", 36.0, 34.0)],
        [ship("lancer", "Pike", 30.0, 34.0, facing=6)], 6, 1,
    )
    orders(game)
    assert "beyond the 30 MU reach" in (game.check(0, LaunchSalvo(0, LAUNCHER, 30, 41)) or "")
    game.apply(0, LaunchSalvo(0, LAUNCHER, 32.0, 34.0))
    placed = next(e for e in game.events if isinstance(e, BoltPlaced))
    assert placed.strength == 3
    # phase 7: Pike's PDS and class-1 beams and Eye's pulser may all shoot the bolt
    offered = {(o.ship, o.kind) for o in defence_options(game, 1) if isinstance(o, DefendWith)}
    assert offered == {(2, "plasma")}
    pds = LIB.designs["lancer"].indices("pds")[0]
    game.apply(1, DefendWith(2, pds, "plasma", 0))
    feed.add(5)  # PDS: one off: strength 2
    feed.add(6, 1, 4)  # Eye (a friend, first in the burst): 6 and 1, re-roll 4: 3 damage
    feed.add(5, 5)  # Pike: 2 damage
    feed.add(*[1] * 40)
    while game.state.phase == 7:
        game.apply(game.pending()[0].player, DefenceDone())
    weakened = [e for e in game.events if isinstance(e, BoltWeakened)]
    strikes = {e.ship: e.damage for e in game.events if isinstance(e, PlasmaStrike)}
    assert weakened and weakened[0].left == 2
    assert set(strikes) == {1, 2}  # Eye (a friend) and Pike; Glass is far off
    state = game.state
    assert state.ships[0].recharge[LAUNCHER] == 3


def test_ft_ph_bolt_defence_and_scatterguns() -> None:
    """FT-ALIEN-PLASMA, FT-KV-SCATTERGUN: point defence takes one off a bolt for each kill
    (a PDS die: 4-5 one, 6 two and a re-roll); a scattergun takes 1 on a 4-5, 2 on a 6."""
    assert bolt_defence_hits(ScriptedDice([5]), "pds", "p") == 1
    assert bolt_defence_hits(ScriptedDice([6, 4]), "pulser", "p") == 3
    assert [bolt_defence_hits(ScriptedDice([f]), "scattergun", "s") for f in (3, 4, 6)] == [
        0, 1, 2]


def test_ft_ph_pulser_modes_fire_and_point_defence_in_their_arcs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FT-PH-PULSER, FT-PH-PULSER-PD, FT-FTR-LIGHT-ALIEN: a pulser set long rolls 1 die to
    36 MU, medium 2 to 24, close 6 to 12 (beam dice); it may fire one PDS die as point
    defence at an attacker in its arcs only, +1 against light fighters."""
    long, medium, close = (SystemSpec("pulser", m, mode=m) for m in ("long", "medium", "close"))
    assert [pulser_dice(LIB, s, 30.0) for s in (long, medium, close)] == [1, 0, 0]
    assert [pulser_dice(LIB, s, 10.0) for s in (long, medium, close)] == [1, 2, 6]
    light, standard = LIB.fighters["light"], LIB.fighters["standard"]
    assert defence_kills(ScriptedDice([3]), "pulser", light, "p") == 1
    assert defence_kills(ScriptedDice([3]), "pulser", standard, "p") == 0
    game, feed = battle([ship("thalmere", "Wake", 30.0, 10.0)],
                        [ship("lancer", "Pike", 30.0, 30.0, facing=6)], 6, 1)
    orders(game)
    game.apply(0, HoldSalvos(0))
    feed.add(6, 5, 1, *[1] * 20)  # medium pulser at 20 MU: 2 dice: 6 (2 + re-roll 1), 5
    decision = game.pending()[0]
    if isinstance(decision.options[0], DeclareTarget):
        game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fired = [e for e in game.events if isinstance(e, WeaponFired) and e.ship == 0]
    assert fired and fired[0].damage == 3
    # arcs: a pulser in the fore arc cannot defend against an attacker astern
    narrow = compile_design(phalon(id="narrow", weapons=[{"kind": "pulser", "arcs": ["F"]},
                                            {"kind": "pulser", "arcs": "all"}]), LIB.costs)
    monkeypatch.setitem(LIB.designs, "narrow", narrow)  # type: ignore[arg-type]
    game2, _ = battle([ship("narrow", "Wake", 30.0, 10.0)],
                      [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))])
    group = game2.state.groups[0]
    group.target_kind, group.target = "ship", 0
    fore, round_ = narrow.indices("pulser")
    for y, offered in ((5.0, {round_}), (15.0, {fore, round_})):
        group.status, group.x, group.y = "space", 30.0, y
        systems = {o.system for o in defence_options(game2, 0) if isinstance(o, DefendWith)}
        assert systems == offered


def test_ft_seq_alien_shroud_is_written_hidden_then_raised_and_stops_fire() -> None:
    """FT-SEQ-ALIEN-SHROUD, FT-PH-SHROUD: a Phalon ship with a working shroud may raise it
    in its written orders; the other player's view hides it (and the launch the shroud
    forbids) until ships move; then the ship fires nothing this turn, counts as behind
    level-2 screens and drops the shroud at the end of the turn."""
    game, _ = battle([ship("thalmere", "Wake", 30.0, 10.0)],
                     [ship("lancer", "Pike", 30.0, 30.0, facing=6)], 6, 1)
    options = game.pending()[0].options
    assert WriteOrders(0, 0, 0, shroud=True) in options
    assert not any(isinstance(o, WriteOrders) and o.shroud for o in game.pending()[1].options)
    game.apply(0, WriteOrders(0, 0, 0, shroud=True))
    theirs = RULES.observe(game.state, 1)
    assert theirs.orders[0] is not None and theirs.orders[0].value is REDACTED
    own = next(e for e in game.events if isinstance(e, OwnOrders))
    assert own.shroud and own.visible_to == frozenset({0})
    assert not game.state.ships[0].shrouded
    game.apply(1, WriteOrders(1, 0, 0))
    # initiative, then phase 4: Wake's launcher stays cold behind its shroud
    state = game.state
    assert state.ships[0].shrouded
    assert any(isinstance(e, ShroudRaised) for e in game.events)
    assert not can_fire(game, state.ships[0])
    assert screens_of(LIB.designs["thalmere"], state.ships[0]) == 2
    assert not any(isinstance(e, BoltPlaced) for e in game.events)
    while state.turn == 1 and game.pending():
        decision = game.pending()[0]
        game.apply(decision.player, decision.options[-1])
    assert state.turn == 2 and not state.ships[0].shrouded


def test_ft_ph_fleet_list_validates_and_plays() -> None:
    """FT-PH-FLEET: the Phalon list validates on the command line and plays a battle with
    the admiral in both seats against the Kra'Vak list."""
    path = LISTS / "phalon-choir.toml"
    assert main(["list", "validate", "full-thrust", str(path)]) == 0
    armies = [load_model(Path(LISTS / name), ArmyList) for name in
              ("phalon-choir.toml", "kravak-raiders.toml")]
    result = play_match(RULES, [AdmiralBot(1), AdmiralBot(2)], setup=RULES.setup_for(armies),
                        seed=5, record_hashes=False)
    assert result.outcome is not None
    assert any(isinstance(e, BoltPlaced) for e in result.events)


def test_ft_ph_the_admiral_keeps_its_bolts_off_friends_by_their_written_orders() -> None:
    """FT-PH-FLEET, FT-ALIEN-PLASMA: a bolt strikes friends too, so the admiral places none
    where a friend's own written orders (its seat's, not hidden from it) take that friend
    into the burst, though the friend's present course alone would keep it clear; with the
    friend holding still it places the bolt on the enemy."""
    def launch(friend_speed: int) -> object:
        game, _ = battle(
            [ship("quillon", "Glass", 30.0, 10.0), ship("vesk", "Eye", 34.0, 22.0)],
            [ship("lancer", "Pike", 32.0, 34.0, facing=6)], 6, 1,
        )
        orders(game, Eye=(friend_speed, 0))
        seen = game.observe(0)
        return AdmiralBot(1).choose(seen, seen.decisions[0])

    assert isinstance(launch(6), HoldSalvos)  # Eye ends 6.3 MU from Pike: in the burst
    placed = launch(0)
    assert isinstance(placed, LaunchSalvo) and (placed.x, placed.y) == (32.0, 34.0)


@pytest.mark.long
def test_ft_ph_the_admiral_with_the_phalon_fleet_beats_random_play() -> None:
    """FT-PH-FLEET: over 200 seeded games (both seats, both movement systems) the admiral
    wins at least 90% with the Phalon fleet against a random human fleet."""
    from warbench.core.agents import Agent, RandomAgent

    wins = 0
    for seed in range(200):
        seat = seed % 2
        fleets = ["phalon", "concord"] if seat == 0 else ["concord", "phalon"]
        agents: list[Agent] = [AdmiralBot(seed), RandomAgent(seed)]
        if seat:
            agents.reverse()
        movement = "vector" if seed % 4 >= 2 else "cinematic"
        result = play_match(RULES, agents, seed=seed, record_hashes=False,
                            setup={"fleets": fleets, "movement": movement})
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
    print(f"admiral (Phalon) vs random (Concord): {wins} of 200")
    assert wins >= 180



@pytest.mark.parametrize(
    ("attack", "options", "dice", "screens"),
    [
        ("plasma", {"strength": 3, "screens": 2}, 3, 2),
        ("plasma", {"strength": 1, "screens": 0}, 1, 0),
        ("pulser", {"mode": "close", "range": 10, "screens": 1}, 6, 1),
        ("pulser", {"mode": "medium", "range": 20, "screens": 0, "pulsers": 2}, 4, 0),
        ("pulser", {"mode": "long", "range": 30, "screens": 0}, 1, 0),
        ("stinger", {"power": 3, "stingers": 2, "range": 8, "screens": 2}, 3, 2),
    ],
)
def test_ft_odds_plasma_pulser_and_stinger_match_icepool(
    attack: str, options: dict[str, object], dice: int, screens: int
) -> None:
    """FT-ODDS-PLASMA, FT-ODDS-PULSER, FT-ODDS-STINGER: beam dice as many as the bolt's
    strength, the pulser mode's dice in reach, or the stinger's power, against screens:
    the joint normal and penetrating damage against icepool."""
    die = rerolling_die(BEAM[screens], BEAM[0])
    answer = odds(attack, **options)
    assert_dist(answer.distribution, totals(dice @ die))


def test_ft_odds_alien_weapons_refuse_what_is_out_of_reach() -> None:
    """FT-ODDS-PULSER, FT-ODDS-STINGER: a pulser beyond its mode's reach and a stinger given
    more power than it takes are refused with the reason."""
    with pytest.raises(AttackOptionsError, match="pulser in close mode"):
        odds("pulser", mode="close", range=20)
    with pytest.raises(AttackOptionsError, match="at most 2 power"):
        odds("stinger", power=3, stingers=1)


def test_ft_alien_plasma_a_bolt_downs_missiles_of_a_salvo_in_its_burst() -> None:
    """FT-ALIEN-PLASMA, FT-SEQ-ATTACKS, FT-SEQ-PD-ORDER: in phase 8 a bolt acts first on
    what lies in its burst, salvo markers included: its strength in beam-style dice, each
    point a missile down (engine default), before the salvo strikes. The salvo has closed
    on Glass after point defence, so both lie 5 MU from the bolt: the bolt strikes Glass
    (three 1s, nothing) and the salvo (5, 5, 1: two missiles down)."""
    game, feed = battle(
        [ship("quillon", "Glass", 30.0, 14.0)],
        [ship("lancer", "Pike", 30.0, 40.0, facing=6)],
    )
    state = game.state
    state.salvos.append(Salvo(id=0, player=1, ship=1, x=30.0, y=14.0, missiles=6, target=0))
    state.bolts.append(Bolt(id=0, player=0, ship=0, x=30.0, y=19.0, strength=3))
    feed.add(1, 1, 1, 5, 5, 1)  # the bolt on Glass, then on the salvo
    feed.add(*[1] * 20)  # the salvo's lock and damage, then any threshold dice
    resolve_attacks(game)
    downed = [e for e in game.events if isinstance(e, MissilesLost)]
    assert [(e.salvo, e.kills) for e in downed] == [(0, 2)]
    assert [e.ship for e in game.events if isinstance(e, PlasmaStrike)] == [0]


def test_ft_seq_pd_order_a_salvo_closes_on_its_target_before_a_burst_is_judged() -> None:
    """FT-SEQ-PD-ORDER, FT-ALIEN-PLASMA (seed l.35, l.44): markers close on their targets
    after point defence, and phase 8 judges where they then are. A salvo aimed at a point
    5 MU from a bolt, at Glass 11 MU from it, closes on Glass: out of the burst, it loses no
    missile to the bolt."""
    game, feed = battle(
        [ship("quillon", "Glass", 30.0, 8.0)],
        [ship("lancer", "Pike", 30.0, 40.0, facing=6)],
    )
    state = game.state
    state.salvos.append(Salvo(id=0, player=1, ship=1, x=30.0, y=14.0, missiles=6, target=0))
    state.bolts.append(Bolt(id=0, player=0, ship=0, x=30.0, y=19.0, strength=3))
    close_on_targets(state)
    assert (state.salvos[0].x, state.salvos[0].y) == (30.0, 8.0)
    feed.add(*[1] * 20)
    resolve_attacks(game)
    assert not [e for e in game.events if isinstance(e, MissilesLost)]


@pytest.mark.parametrize(("cover", "defenders"), [("haven", {1, 2}), ("lancer", {1})])
def test_ft_alien_plasma_an_adfc_ship_shoots_a_bolt_over_the_friend_it_covers(
    cover: str, defenders: set[int]
) -> None:
    """FT-ALIEN-PLASMA, FT-ADFC: a bolt bursting over Pike may be shot by Pike and by an
    area defence ship 5 MU from Pike but 9 MU from the bolt (outside its 6 MU burst),
    which then covers Pike for the turn; a ship without ADFC there is offered nothing.
    Nest's PDS rolls a 6: 2 off the class-3 bolt."""
    game, feed = battle([ship("quillon", "Glass", 30.0, 10.0)],
                        [ship("lancer", "Pike", 32.0, 38.0, facing=6),
                         ship(cover, "Nest", 32.0, 43.0, facing=6)], 6, 1)
    game.apply(0, WriteOrders(0, 0, 0))
    game.apply(1, WriteOrders(1, 0, 0))
    game.apply(1, WriteOrders(2, 0, 0))
    game.apply(0, LaunchSalvo(0, LAUNCHER, 32.0, 34.0))
    offered = {o.ship for o in game.pending()[0].options if isinstance(o, DefendWith)}
    assert offered == defenders
    if cover != "haven":
        return
    pds = next(o for o in game.pending()[0].options if isinstance(o, DefendWith) and o.ship == 2)
    game.apply(1, pds)
    assert game.state.ships[2].covering == 1
    feed.add(6, *[1] * 60)
    while game.state.phase == 7:
        game.apply(game.pending()[0].player, DefenceDone())
    said = [getattr(event, "text", "") for event in game.events]
    assert "Nest's point defence takes 2 off plasma bolt 0, strength 1 left" in said
