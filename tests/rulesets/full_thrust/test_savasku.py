"""Sa'Vasku (Fleet Book 2): power in the written orders, stingers, spicules, designs, lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.cli import main
from warbench.core.catalog import load_model
from warbench.core.dice import ScriptedDice
from warbench.core.lists import ArmyList
from warbench.core.match import play_match
from warbench.core.plain import REDACTED
from warbench.rulesets.full_thrust.actions import DeclareTarget, DefendWith, WriteOrders
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.damage import screens_of
from warbench.rulesets.full_thrust.data import DesignRecord
from warbench.rulesets.full_thrust.defence import defence_kills, defence_options
from warbench.rulesets.full_thrust.design import cost_sheet, design_problems
from warbench.rulesets.full_thrust.events import OwnOrders, WeaponFired
from warbench.rulesets.full_thrust.events_alien import PowerAllocated
from warbench.rulesets.full_thrust.fire import usable_weapons
from warbench.rulesets.full_thrust.library import DATA_DIR
from warbench.rulesets.full_thrust.savasku import power_left, power_shares, thrust_power

from .helpers import RULES, battle, fire_asked, ship

LIB = RULES.data
LISTS = DATA_DIR / "lists"


def savasku(**fields: object) -> DesignRecord:
    base: dict[str, object] = {"name": "Test", "race": "savasku", "mass": 40, "thrust": 4,
                               "hull": 10, "power": 8}
    base.update(fields)
    return DesignRecord.model_validate(base)


def test_ft_sv_design_costs_and_what_a_savasku_ship_may_carry() -> None:
    """FT-SV-DESIGN: power generators 1 MASS and 2 points a point; the drive node 10% of
    MASS whatever the thrust; screen nodes 5% of MASS (at least 3) each; stingers 2 MASS,
    spicules 1 MASS; no PDS or ADFC; no Sa'Vasku systems on other races' ships."""
    design = savasku(screens=2, weapons=[{"kind": "stinger", "arcs": ["FP", "F", "FS"]},
                                         {"kind": "spicule"}])
    lines = {name: (mass, points) for name, mass, points in cost_sheet(design, LIB.costs).lines}
    assert lines["power generators"] == (8, 16)
    assert lines["main drive"] == (4, 8)
    assert lines["screens"] == (6, 18)  # two nodes of max(3, 2)
    assert lines["stinger"] == (2, 6) and lines["spicule"] == (1, 3)
    refused = dict(design_problems(savasku(pds=1, adfc=1, power=0), LIB.costs))
    assert {"pds", "adfc", "power"} <= set(refused)
    wide = savasku(weapons=[{"kind": "stinger", "arcs": ["F", "FS", "AS", "A"]}])
    assert "at most 3 arcs" in dict(design_problems(wide, LIB.costs))["weapons[0].arcs"]
    human = DesignRecord.model_validate({"name": "H", "mass": 20, "thrust": 4, "hull": 6,
                                         "power": 2, "weapons": [{"kind": "spicule"}]})
    problems = dict(design_problems(human, LIB.costs))
    assert "cannot mount a spicule" in problems["weapons[0]"] and "power" in problems


def test_ft_seq_alien_power_is_shared_in_hidden_orders_and_revealed_on_the_move() -> None:
    """FT-SEQ-ALIEN-POWER, FT-SV-POWER, FT-SV-SCREEN: a Sa'Vasku ship's orders share its
    power: the manoeuvre's thrust costs 2% of MASS a point (rounded), each powered screen
    node its MASS, the rest is attack power; the share stays hidden from the other player
    until ships move, then the screens work and the attack power is there to spend; it is
    lost at the end of the turn."""
    cls = LIB.designs["vethra"]
    assert thrust_power(LIB, 60, 3, damaged=False) == 4
    game, _ = battle([ship("vethra", "Husk", 30.0, 10.0, speed=4)],
                     [ship("lancer", "Pike", 30.0, 30.0, facing=6)], 6, 1)
    husk = game.state.ships[0]
    shares = power_shares(LIB, "cinematic", cls, husk, (3, 0, 0, 0, False, False))
    assert shares == [(0, 0, 14), (1, 0, 11)]  # (screen levels, repair, attack)
    options = game.pending()[0].options
    assert WriteOrders(0, 0, 0, screens=1, attack=15) in options
    assert WriteOrders(0, 0, 0, screens=0, attack=18) in options
    assert WriteOrders(0, 0, 0) not in options  # power unspent is no share
    game.apply(0, WriteOrders(0, 0, 0, screens=1, attack=15))
    theirs = RULES.observe(game.state, 1)
    assert theirs.orders[0] is not None and theirs.orders[0].value is REDACTED
    own = next(e for e in game.events if isinstance(e, OwnOrders))
    assert (own.screens, own.attack, own.visible_to) == (1, 15, frozenset({0}))
    assert husk.attack_power == 0 and screens_of(cls, husk) == 0
    game.apply(1, WriteOrders(1, 0, 0))
    assert any(isinstance(e, PowerAllocated) for e in game.events)
    assert screens_of(cls, husk) == 1
    while game.state.turn == 1 and game.pending():
        decision = game.pending()[0]
        game.apply(decision.player, decision.options[-1])
    assert husk.attack_power == 0 and husk.powered_screens == 0


def test_ft_sv_generators_are_lost_with_their_hull_row() -> None:
    """FT-SV-POWER: generators sit at the ends of the hull rows and are lost when their row
    is finished."""
    cls = LIB.designs["vethra"]
    game, _ = battle([ship("vethra", "Husk", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 30.0)])
    husk = game.state.ships[0]
    assert cls.power_rows == (5, 5, 4, 4) and power_left(cls, husk) == 18
    husk.hull_hits = cls.hull_rows[0]
    assert power_left(cls, husk) == 13


def test_ft_sv_stingers_spend_attack_power_and_spicules_defend() -> None:
    """FT-SV-STINGER, FT-SV-SPICULE, FT-FTR-LIGHT-ALIEN: a stinger rolls one beam die a
    point of attack power (at most 2) out to 12 MU and needs power left to fire; a spicule
    fires a PDS die at an attacker for one attack power (+1 against light fighters)."""
    game, feed = battle([ship("ssarel", "Thorn", 30.0, 20.0)],
                        [ship("lancer", "Pike", 30.0, 30.0, facing=6)], 6, 1)
    game.apply(0, WriteOrders(0, 0, 0, attack=8))
    game.apply(1, WriteOrders(1, 0, 0))
    thorn = game.state.ships[0]
    assert thorn.attack_power == 8
    feed.add(6, 1, 4, 1, *[1] * 30)  # the stinger: (6, re-roll 1), 4; the leech pod misses
    decision = game.pending()[0]
    if isinstance(decision.options[0], DeclareTarget):
        game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fire_asked(game, 0)
    fired = [e.damage for e in game.events if isinstance(e, WeaponFired) and e.ship == 0]
    assert fired[:2] == [3, 0]
    assert thorn.attack_power == 5  # two dice a stinger at most, one power the pod
    thorn.used, thorn.attack_power = 0, 0
    assert not usable_weapons(LIB, thorn)  # no power: no stinger fire
    light, standard = LIB.fighters["light"], LIB.fighters["standard"]
    assert defence_kills(ScriptedDice([3]), "spicule", light, "s") == 1
    assert defence_kills(ScriptedDice([3]), "spicule", standard, "s") == 0
    game2, _ = battle([ship("kossuun", "Root", 30.0, 10.0)],
                      [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))])
    group = game2.state.groups[0]
    group.status, group.x, group.y = "space", 30.0, 14.0
    group.target_kind, group.target = "ship", 0
    assert not defence_options(game2, 0)  # no attack power: the spicules are silent
    game2.state.ships[0].attack_power = 1
    cls = LIB.designs["kossuun"]
    spicules = set(cls.indices("spicule"))
    pods = {i for i, spec in enumerate(cls.systems) if spec.mode == "interceptor"}
    offered = {o.system for o in defence_options(game2, 0) if isinstance(o, DefendWith)}
    assert offered == spicules | pods  # the interceptor pod: FT-SV-PODS


def test_ft_sv_fleet_list_validates_and_plays() -> None:
    """FT-SV-FLEET, FT-SEQ-ALIEN-POWER: the Sa'Vasku list validates and plays a battle with
    the admiral in both seats against the Phalon list; the admiral shares power out, to
    screens at times and to attack."""
    path = LISTS / "savasku-hive.toml"
    assert main(["list", "validate", "full-thrust", str(path)]) == 0
    armies = [load_model(Path(LISTS / name), ArmyList) for name in
              ("savasku-hive.toml", "phalon-choir.toml")]
    result = play_match(RULES, [AdmiralBot(1), AdmiralBot(2)], setup=RULES.setup_for(armies),
                        seed=7, record_hashes=False)
    assert result.outcome is not None
    powered = [e for e in result.events if isinstance(e, PowerAllocated)]
    assert powered and any(e.screens for e in powered) and any(e.attack for e in powered)


@pytest.mark.long
def test_ft_sv_the_admiral_with_the_savasku_fleet_beats_random_play() -> None:
    """FT-SV-FLEET: over 200 seeded games (both seats, both movement systems) the admiral
    wins at least 90% with the Sa'Vasku fleet against a random human fleet."""
    from warbench.core.agents import Agent, RandomAgent

    wins = 0
    for seed in range(200):
        seat = seed % 2
        fleets = ["savasku", "concord"] if seat == 0 else ["concord", "savasku"]
        agents: list[Agent] = [AdmiralBot(seed), RandomAgent(seed)]
        if seat:
            agents.reverse()
        movement = "vector" if seed % 4 >= 2 else "cinematic"
        result = play_match(RULES, agents, seed=seed, record_hashes=False,
                            setup={"fleets": fleets, "movement": movement})
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
    print(f"admiral (Sa'Vasku) vs random (Concord): {wins} of 200")
    assert wins >= 180
