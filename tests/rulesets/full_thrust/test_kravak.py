"""Kra'Vak (Fleet Book 2): K-guns, scatterguns, MKPs, advanced drives, designs and lists."""

from __future__ import annotations

from pathlib import Path

import icepool
import pytest

from warbench.cli import main
from warbench.core.catalog import load_model
from warbench.core.dice import ScriptedDice
from warbench.core.lists import ArmyList, UnitEntry, validate
from warbench.core.match import play_match
from warbench.rulesets.full_thrust.actions import (
    AssignWeapon,
    DeclareTarget,
    DefendWith,
    LaunchesDone,
)
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.data import DesignRecord
from warbench.rulesets.full_thrust.defence import defence_kills, defence_options
from warbench.rulesets.full_thrust.design import cost_sheet, design_problems
from warbench.rulesets.full_thrust.events import ShipDamaged, WeaponFired
from warbench.rulesets.full_thrust.library import DATA_DIR
from warbench.rulesets.full_thrust.movement import order_choices
from warbench.rulesets.full_thrust.odds import attack_odds

from .helpers import RULES, battle, fire_asked, orders, ship

LIB = RULES.data
LISTS = DATA_DIR / "lists"
ODDS = attack_odds(LIB)


def kravak(**fields: object) -> DesignRecord:
    base: dict[str, object] = {"name": "Test", "race": "kravak", "drive": "advanced",
                               "mass": 20, "thrust": 4, "hull": 6}
    base.update(fields)
    return DesignRecord.model_validate(base)


def test_ft_kv_kgun_hits_by_band_and_does_class_or_double_past_screens() -> None:
    """FT-KV-KGUN: at 10 MU a K-gun hits on 3+; a damage die at or below the class doubles
    the class, above it or a natural 6 gives the class; a level-1 screen is no help."""
    game, feed = battle([ship("vorrun", "Fang", 30.0, 10.0)],
                        [ship("sentinel", "Watch", 30.0, 20.0, facing=6)], 6, 1)
    orders(game)
    # K3: to hit 3, damage 2 (double: 6); K1: to hit 2 (miss); K1: to hit 6, damage 6 (1)
    feed.add(3, 2, 2, 6, 6, *[1] * 20)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fired = [e.damage for e in game.events if isinstance(e, WeaponFired) and e.ship == 0]
    assert fired == [6, 0, 1]  # the scattergun (6 MU) does not reach


def test_ft_kv_kgun_the_first_point_of_each_hit_goes_on_armour() -> None:
    """FT-KV-KGUN: against an armoured ship each hit puts one point on the armour and the
    rest into the hull."""
    game, feed = battle([ship("vorrun", "Fang", 30.0, 10.0)],
                        [ship("citadel", "Wall", 30.0, 14.0, facing=6)], 6, 1)
    orders(game)
    feed.add(2, 1, 1, *[1] * 30)  # K3 at 4 MU: hit, damage 1 (double: 6); K1s miss
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fire_asked(game, 0)
    hits = [e for e in game.events if isinstance(e, ShipDamaged)]
    assert (hits[0].armour, hits[0].hull) == (1, 5)


def test_ft_kv_scattergun_and_k1_are_point_defence() -> None:
    """FT-KV-SCATTERGUN, FT-KV-K1-PD, FT-FTR-LIGHT-ALIEN: a scattergun kills a d6 of
    attacking fighters (half of heavies, a d6+1 of light ones) or missiles; a K1 gun as
    point defence kills one on 5-6 (4-6 against light fighters), no re-roll; both are
    offered in phase 7 and a scattergun's one shot is then spent."""
    heavy, light = LIB.fighters["heavy"], LIB.fighters["light"]
    standard = LIB.fighters["standard"]
    assert defence_kills(ScriptedDice([5]), "scattergun", standard, "s") == 5
    assert defence_kills(ScriptedDice([5]), "scattergun", heavy, "s") == 2
    assert defence_kills(ScriptedDice([6]), "scattergun", light, "s") == 7
    assert defence_kills(ScriptedDice([4]), "scattergun", None, "s") == 4
    assert [defence_kills(ScriptedDice([f]), "k_gun", standard, "k") for f in (4, 5, 6)] == [
        0, 1, 1]
    assert defence_kills(ScriptedDice([4]), "k_gun", light, "k") == 1
    game, _ = battle([ship("vorrun", "Fang", 30.0, 10.0)],
                     [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))])
    group = game.state.groups[0]
    group.status, group.x, group.y = "space", 30.0, 14.0
    group.target_kind, group.target = "ship", 0
    cls = LIB.designs["vorrun"]
    offered = {o.system for o in defence_options(game, 0) if isinstance(o, DefendWith)}
    assert offered == {*cls.indices("k_gun")[1:], *cls.indices("scattergun")}
    fang = game.state.ships[0]
    fang.use(cls.indices("scattergun")[0])
    offered = {o.system for o in defence_options(game, 0) if isinstance(o, DefendWith)}
    fang.used = 0
    assert cls.indices("scattergun")[0] not in offered  # one shot, spent


def test_ft_kv_mkp_and_scattergun_at_ships() -> None:
    """FT-KV-MKP, FT-KV-SCATTERGUN: an MKP's die: 6 two hits of 4 (1 on armour each);
    a scattergun at a ship within 6 MU: 2 on a 6."""
    game, feed = battle([ship("tarkesh", "Claw", 30.0, 10.0)],
                        [ship("warden", "Ward", 30.0, 14.0, facing=6)], 6, 1)
    orders(game)
    # K2 (F): to hit 1 (miss); K1: to hit 1; scattergun: 6 (2); MKP: 6 (two hits)
    feed.add(1, 1, 6, 6, *[1] * 30)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fire_asked(game, 0)  # the scattergun and MKP (one shot each) are asked
    fired = [e.damage for e in game.events if isinstance(e, WeaponFired) and e.ship == 0]
    assert fired == [0, 0, 2, 8]
    claw = game.state.ships[0]
    assert not any(claw.has_shots(i) for i in LIB.designs["tarkesh"].indices("mkp"))


def _scattergun_asked() -> tuple[FTGame, int]:
    """Eye (a scout: a K1 gun and a scattergun) has locked on Den, a carrier 5 MU off with
    a fighter group aboard; Eye's scattergun waits for its target. Returns the game and the
    scattergun."""
    game, feed = battle([ship("skarrow", "Eye", 30.0, 10.0)],
                        [ship("haven", "Den", 30.0, 15.0, facing=6, fighters=("standard",))],
                        6, 1)
    orders(game)
    game.apply(1, LaunchesDone(1))
    cls = LIB.designs["skarrow"]
    feed.add(1)  # the K-gun misses
    game.apply(0, DeclareTarget(0, cls.indices("fire_control")[0], "ship", 1))
    return game, cls.indices("scattergun")[0]


def test_ft_firecon_a_scattergun_with_one_target_in_reach_may_be_held() -> None:
    """FT-FIRECON: the player picks each weapon's target before fire opens. A scattergun
    (one shot a battle) with a single locked enemy 5 MU away is offered that enemy or hold
    (the K-gun, which costs nothing to fire, fires at it unasked); held, it keeps its shot
    and is offered as point defence when fighters attack next turn."""
    game, gun = _scattergun_asked()
    decision = game.pending()[0]
    assert set(decision.options) == {AssignWeapon(0, gun, "ship", 1), AssignWeapon(0, gun)}
    game.apply(0, AssignWeapon(0, gun))
    fired = [e.system for e in game.events if isinstance(e, WeaponFired) and e.ship == 0]
    assert fired == list(LIB.designs["skarrow"].indices("k_gun"))
    den_control = LIB.designs["haven"].indices("fire_control")[0]
    game.apply(1, DeclareTarget(1, den_control, "ship", -1))  # Den holds its fire
    eye = game.state.ships[0]
    assert eye.has_shots(gun) and game.state.turn == 2
    group = game.state.groups[0]
    group.status, group.x, group.y = "space", 30.0, 14.0
    group.target_kind, group.target = "ship", 0
    offered = {o.system for o in defence_options(game, 0) if isinstance(o, DefendWith)}
    assert gun in offered


def test_ft_firecon_the_admiral_keeps_a_scattergun_while_enemy_fighters_may_come() -> None:
    """FT-FIRECON: the admiral holds a scattergun for point defence while the enemy has
    fighters, and fires it at a ship once there are none (or when it may finish a ship
    nearly gone)."""
    game, gun = _scattergun_asked()
    decision = game.pending()[0]
    admiral = AdmiralBot()
    assert admiral.choose(game.observe(0), decision) == AssignWeapon(0, gun)
    den = game.state.ships[1]
    den.hull_hits = LIB.designs["haven"].hull - 1
    assert admiral.choose(game.observe(0), decision) == AssignWeapon(0, gun, "ship", 1)
    den.hull_hits = 0
    game.state.groups[0].status = "lost"
    assert admiral.choose(game.observe(0), decision) == AssignWeapon(0, gun, "ship", 1)


def test_ft_kv_drive_all_thrust_may_turn_in_both_movement_systems() -> None:
    """FT-KV-DRIVE: an advanced drive may put all its thrust into turning (cinematic) and
    has its whole thrust in manoeuvre points (vector)."""
    cinematic = order_choices("cinematic", 4, 4, advanced=True)
    turn_four = (0, 4, 0, 0, False, False)
    assert turn_four in cinematic and turn_four not in order_choices("cinematic", 4, 4)
    vector = order_choices("vector", 4, 0, advanced=True)
    rotate_burn_push = (4, 1, 3, 0, False, False)
    assert rotate_burn_push in vector and rotate_burn_push not in order_choices("vector", 4, 0)
    game, _ = battle([ship("khaldra", "Vesh", 30.0, 10.0, speed=4)],
                     [ship("lancer", "Pike", 60.0, 40.0, facing=6)], 6, 1)
    orders(game, Vesh=(0, 4))
    assert game.state.ships[0].facing == 4


def test_ft_kv_design_costs_and_what_a_kravak_ship_may_carry() -> None:
    """FT-KV-DESIGN: advanced drive 5% a thrust at 3 points a MASS; K-gun MASS by class
    (K1 2 in all arcs, K2 3 or 4 in two arcs, K3 5, +3 a class) at 4 points a MASS;
    scattergun 1 MASS 5 points; no screens or PDS on Kra'Vak ships, no Kra'Vak weapons on
    human ones."""
    design = kravak(weapons=[{"kind": "k_gun", "class": 2, "arcs": ["F", "FS"]},
                             {"kind": "k_gun", "class": 1, "arcs": "all"},
                             {"kind": "scattergun", "arcs": ["F"]}], hull=8, ftl=False)
    lines = {name: (mass, points) for name, mass, points in cost_sheet(design, LIB.costs).lines}
    assert lines["advanced drive"] == (4, 12)
    assert lines["K2 gun"] == (4, 16) and lines["K1 gun"] == (2, 8)
    assert lines["scattergun"] == (1, 5)
    assert design_problems(design, LIB.costs) == []
    big = kravak(mass=100, hull=50, weapons=[{"kind": "k_gun", "class": 6, "arcs": ["F"]}])
    assert {name: m for name, m, _ in cost_sheet(big, LIB.costs).lines}["K6 gun"] == 14
    refused = dict(design_problems(kravak(screens=1, pds=1, drive="standard"), LIB.costs))
    assert {"screens", "pds", "drive"} <= set(refused)
    wide = kravak(weapons=[{"kind": "k_gun", "class": 3, "arcs": ["F", "FS"]}])
    assert "at most 1 arc" in dict(design_problems(wide, LIB.costs))["weapons[0].arcs"]
    human = DesignRecord.model_validate({"name": "H", "mass": 20, "thrust": 4, "hull": 6,
                                         "weapons": [{"kind": "mkp", "arcs": ["F"]}]})
    assert "cannot mount a MKP" in dict(design_problems(human, LIB.costs))["weapons[0]"]


def test_ft_kv_fleet_lists_validate_and_stay_of_one_race(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """FT-KV-FLEET, FT-KV-FIGHTERS, FT-FLEET-LIST: the example lists validate on the
    command line; a Kra'Vak list may not field human designs, nor a human list Kra'Vak
    ones; Kra'Vak carriers field only standard and heavy groups."""
    lists = sorted(str(path) for path in LISTS.glob("*.toml"))
    assert main(["list", "validate", "full-thrust", *lists]) == 0
    out = capsys.readouterr().out
    assert "Kra'Vak Raiders (full-thrust): 988 of 1000 points, valid" in out
    mixed = ArmyList(name="Mixed", ruleset="full-thrust", faction="kravak",
                     units=(UnitEntry(unit="vorrun"), UnitEntry(unit="lancer")))
    rules = RULES.army_rules(mixed)
    assert "lancer" not in rules.lookup and "vorrun" in rules.lookup
    report = validate(mixed, rules.constraints.constraints, rules.lookup)
    assert not report.ok
    human = RULES.army_rules(mixed.model_copy(update={"faction": "concord"}))
    assert "vorrun" not in human.lookup
    carrier = RULES.army_rules(ArmyList(name="K", ruleset="full-thrust", faction="kravak",
                                        units=(UnitEntry(unit="drakhan"),)))
    assert set(carrier.lookup["drakhan"].option_costs) >= {"standard", "heavy+ace"}
    assert "torpedo" not in carrier.lookup["drakhan"].option_costs


def test_ft_kv_odds_match_icepool() -> None:
    """FT-ODDS-KGUN, FT-ODDS-MKP, FT-ODDS-SCATTERGUN: the exact odds against icepool."""
    d6 = icepool.d6
    for gun_class, distance, need in ((1, 4, 2), (3, 10, 3), (6, 28, 6)):
        def one(hit: int, face: int, k: int = gun_class, n: int = need) -> int:
            if hit < n:
                return 0
            return k if face == 6 or face > k else 2 * k
        reference = icepool.map(one, d6, d6)
        answer = ODDS["k-gun"].odds(ODDS["k-gun"].parse_options(
            [f"gun_class={gun_class}", f"range={distance}", "guns=2"]))
        expected = reference + reference
        for total, count in expected.items():
            assert answer.distribution.p(total) == pytest.approx(
                count / expected.denominator(), abs=1e-12)
    mkp = icepool.map(lambda f: 8 if f == 6 else 4 if f >= 4 else 0, d6)
    answer = ODDS["mkp"].odds(ODDS["mkp"].parse_options(["mkps=1"]))
    for total, count in mkp.items():
        assert answer.distribution.p(total) == pytest.approx(count / 6, abs=1e-12)
    blast = icepool.map(lambda f: 2 if f == 6 else 1 if f >= 4 else 0, d6)
    answer = ODDS["scattergun"].odds(ODDS["scattergun"].parse_options(["scatterguns=3"]))
    three = blast + blast + blast
    for total, count in three.items():
        assert answer.distribution.p(total) == pytest.approx(
            count / three.denominator(), abs=1e-12)
    pds = ODDS["pds"]
    kills = pds.odds(pds.parse_options(["pds=0", "scatterguns=1", "k1=1", "against=heavy"]))
    ref = icepool.map(lambda s, k: min(6, s // 2 + (1 if k >= 5 else 0)), d6, d6)
    for total, count in ref.items():
        assert kills.distribution.p(total) == pytest.approx(count / 36, abs=1e-12)


def test_ft_kv_the_example_lists_play_a_battle() -> None:
    """FT-KV-FLEET, FT-SETUP: the Kra'Vak list against a human one sets up and plays to
    the end with the admiral in both seats."""
    armies = [load_model(Path(LISTS / name), ArmyList) for name in
              ("kravak-raiders.toml", "concord-line.toml")]
    setup = RULES.setup_for(armies)
    result = play_match(RULES, [AdmiralBot(1), AdmiralBot(2)], setup=setup, seed=3,
                        record_hashes=False)
    assert result.outcome is not None


@pytest.mark.long
def test_ft_kv_the_admiral_fleet_of_either_race_beats_random_play() -> None:
    """FT-KV-FLEET: over 200 seeded games each (both seats, both movement systems) the
    admiral wins at least 90% with the Kra'Vak fleet against a random human fleet, and with
    a human fleet against random Kra'Vak."""
    from warbench.core.agents import Agent, RandomAgent

    wins = {"kravak": 0, "concord": 0}
    for seed in range(400):
        mine = "kravak" if seed % 4 < 2 else "concord"
        theirs = "concord" if mine == "kravak" else "kravak"
        seat = seed % 2
        fleets = [mine, theirs] if seat == 0 else [theirs, mine]
        agents: list[Agent] = [AdmiralBot(seed), RandomAgent(seed)]
        if seat:
            agents.reverse()
        movement = "vector" if seed % 8 >= 4 else "cinematic"
        result = play_match(RULES, agents, seed=seed, record_hashes=False,
                            setup={"fleets": fleets, "movement": movement})
        assert result.outcome is not None
        wins[mine] += result.outcome.winners == (seat,)
    print(f"admiral vs random, by the admiral's fleet (of 200 each): {wins}")
    assert wins["kravak"] >= 180 and wins["concord"] >= 180
