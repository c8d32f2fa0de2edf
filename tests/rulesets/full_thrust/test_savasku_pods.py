"""Sa'Vasku pods, drones, biomass and repair power (FT-SV-PODS, FT-SV-REPAIR)."""

from __future__ import annotations

import icepool
import pytest

from warbench.core.dice import ScriptedDice
from warbench.rulesets.full_thrust.actions import (
    AssignWeapon,
    DeclareTarget,
    DefenceDone,
    DefendWith,
    FighterTarget,
    Launch,
    MoveGroup,
    Repair,
    WriteOrders,
)
from warbench.rulesets.full_thrust.data import DesignRecord
from warbench.rulesets.full_thrust.defence import defence_options
from warbench.rulesets.full_thrust.design import cost_sheet, design_problems
from warbench.rulesets.full_thrust.events import SystemRepairRolled, WeaponFired
from warbench.rulesets.full_thrust.fire import usable_weapons
from warbench.rulesets.full_thrust.library import fleet_ship_problems
from warbench.rulesets.full_thrust.odds_alien import interceptor_kill_dist, pod_points
from warbench.rulesets.full_thrust.pods import (
    LANCE,
    LEECH,
    POD_LAUNCHER,
    grow_pod,
    interceptor_kills,
    pod_strike,
)
from warbench.rulesets.full_thrust.savasku import power_shares
from warbench.rulesets.full_thrust.scoring import Points
from warbench.rulesets.full_thrust.state import Salvo

from .helpers import RULES, battle, fire_asked, ship
from .test_odds import TOLERANCE, V, assert_dist, odds

LIB = RULES.data
PODS = LIB.rules.pods


def savasku(**fields: object) -> DesignRecord:
    base: dict[str, object] = {"name": "Test", "race": "savasku", "mass": 40, "thrust": 4,
                               "hull": 10, "power": 8}
    base.update(fields)
    return DesignRecord.model_validate(base)


def test_ft_sv_pods_design_wombs_and_biomass() -> None:
    """FT-SV-PODS, FT-SV-DESIGN: a pod launcher takes 3 MASS in one arc and needs biomass;
    a drone womb 3 MASS; biomass 1 MASS and 2 points a point; only Sa'Vasku ships carry
    them, and Sa'Vasku ships carry wombs, not hangar bays."""
    design = savasku(biomass=3, wombs=1, weapons=[{"kind": "pod_launcher", "pod": "lance",
                                                   "arcs": ["F"]}])
    lines = {name: (mass, points) for name, mass, points in cost_sheet(design, LIB.costs).lines}
    assert lines["biomass"] == (3, 6)
    assert lines["drone wombs"] == (3, 9)
    assert lines["lance pod launcher"] == (3, 9)
    wide = savasku(biomass=1, weapons=[{"kind": "pod_launcher", "arcs": ["F", "FS"]}])
    assert "one arc" in dict(design_problems(wide, LIB.costs))["weapons[0].arcs"]
    starved = savasku(weapons=[{"kind": "pod_launcher", "arcs": ["F"]}])
    assert "biomass" in dict(design_problems(starved, LIB.costs))["weapons[0]"]
    assert "hangars" in dict(design_problems(savasku(hangars=1), LIB.costs))
    human = DesignRecord.model_validate({"name": "H", "mass": 20, "thrust": 4, "hull": 6,
                                         "biomass": 2, "wombs": 1})
    assert {"biomass", "wombs"} <= set(dict(design_problems(human, LIB.costs)))


def test_ft_sv_drones_grow_in_wombs_and_only_sa_vasku_field_them() -> None:
    """FT-SV-PODS: a drone womb holds one group of drones, which a Sa'Vasku list buys
    and only a Sa'Vasku list may field; the group sits in the womb at the start and
    launches like any fighter group."""
    kossuun = LIB.designs["kossuun"]
    assert kossuun.hangars == 6  # its six drone wombs are its bays
    assert not fleet_ship_problems("kossuun", ["drone"], "savasku", LIB.designs, LIB.fighters)
    refused = fleet_ship_problems("kossuun", ["standard"], "savasku", LIB.designs, LIB.fighters)
    assert refused and "do not field standard" in refused[0][1]
    human = fleet_ship_problems("haven", ["drone"], "concord", LIB.designs, LIB.fighters)
    assert human and "do not field drone" in human[0][1]
    game, _ = battle([ship("kossuun", "Root", 30.0, 10.0, fighters=("drone",))],
                     [ship("lancer", "Pike", 30.0, 40.0, facing=6)], faction="savasku")
    group = game.state.groups[0]
    assert (group.kind, group.count, group.carrier) == ("drone", 6, 0)
    game.apply(0, game.pending_for(0)[0].options[0])  # the hive ship's orders, then launches
    assert Launch(group.id) in game.pending_for(0)[0].options


def test_ft_sv_lance_pod_strikes_a_ship_for_biomass_and_power() -> None:
    """FT-SV-PODS: a lance pod strikes a ship in its arc within 18 MU (beyond a stinger's
    12): it takes one biomass and 2 attack power, hits on 4+ and does a d6 of penetrating
    damage; without biomass the launcher is silent."""
    game, feed = battle([ship("vethra", "Husk", 30.0, 10.0)],
                        [ship("lancer", "Pike", 30.0, 26.0, facing=6)], 6, 1)
    husk = game.state.ships[0]
    game.apply(0, WriteOrders(0, 0, 0, attack=18))
    game.apply(1, WriteOrders(1, 0, 0))
    pod = LIB.designs["vethra"].indices(POD_LAUNCHER)[0]
    assert pod in usable_weapons(LIB, husk)
    feed.add(5, 4, *[1] * 30)  # the pod hits (5) and does 4; the rest miss or pass
    decision = game.pending()[0]
    if isinstance(decision.options[0], DeclareTarget):
        game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fire_asked(game, 0)
    fired = [e for e in game.events if isinstance(e, WeaponFired) and e.ship == 0]
    assert [(e.system, e.damage) for e in fired] == [(pod, 4)]
    assert (husk.biomass, husk.attack_power) == (2, 16)
    assert game.state.ships[1].hull_hits == 4  # penetrating: straight into the hull
    husk.biomass, husk.used = 0, 0
    assert pod not in usable_weapons(LIB, husk)


@pytest.mark.parametrize(("stinger_aimed", "fired"), [(True, [(2, 2)]), (False, [(3, 2)])])
def test_ft_sv_pods_a_pod_the_stingers_leave_without_power_is_not_aimed(
    stinger_aimed: bool, fired: list[tuple[int, int]]
) -> None:
    """FT-SV-PODS, FT-SV-STINGER: the weapons of a ship fire in the order they are aimed,
    each spending attack power: with 2 power left, Thorn's stinger aimed at Pike will roll
    two dice and leave the leech pod nothing, so the pod is not asked for a target (it
    used to be, and then "fired" for nothing); with the stinger held, the pod is asked,
    grown and fired (a hit on 5, a d3 of 2)."""
    game, feed = battle([ship("ssarel", "Thorn", 30.0, 10.0)],
                        [ship("lancer", "Pike", 30.0, 20.0, facing=6)], 6, 1)
    thorn = game.state.ships[0]
    game.apply(0, WriteOrders(0, 0, 0, attack=8))
    game.apply(1, WriteOrders(1, 0, 0))
    thorn.attack_power = 2
    feed.add(5, 5 if stinger_aimed else 2, *[1] * 30)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    game.apply(0, AssignWeapon(0, 2, "ship", 1 if stinger_aimed else -1))
    asked = [d.prompt for d in game.pending() if d.player == 0]
    assert (asked == ["Thorn: choose a target for the leech pod launcher"]) is not stinger_aimed
    if not stinger_aimed:
        game.apply(0, AssignWeapon(0, 3, "ship", 1))
    shots = [(e.system, e.damage) for e in game.events if isinstance(e, WeaponFired)]
    assert shots == fired
    assert thorn.attack_power == (0 if stinger_aimed else 1)


def test_ft_sv_leech_and_interceptor_pods() -> None:
    """FT-SV-PODS: a leech pod's hit does a d3 normal damage and brings a biomass home; an
    interceptor pod kills a d3 fighters (half of heavies, one more of light ones) and is
    offered as point defence only with a biomass and a point of attack power; growing a
    pod spends them."""
    assert pod_strike(ScriptedDice([4, 2]), PODS, LEECH, label="l") == (Points(2, 0), 1)
    assert pod_strike(ScriptedDice([3]), PODS, LEECH, label="l") == (Points(0, 0), 0)
    assert pod_strike(ScriptedDice([6, 6]), PODS, LANCE, label="l") == (Points(0, 6), 0)
    assert interceptor_kills(ScriptedDice([3]), PODS, heavy=False, light=False, label="i") == 3
    assert interceptor_kills(ScriptedDice([3]), PODS, heavy=True, light=False, label="i") == 1
    assert interceptor_kills(ScriptedDice([1]), PODS, heavy=False, light=True, label="i") == 2
    game, _ = battle([ship("kossuun", "Root", 30.0, 10.0)],
                     [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))])
    group = game.state.groups[0]
    group.status, group.x, group.y = "space", 30.0, 14.0
    group.target_kind, group.target = "ship", 0
    root = game.state.ships[0]
    pod = LIB.designs["kossuun"].systems.index(
        next(s for s in LIB.designs["kossuun"].systems if s.mode == "interceptor"))
    assert not defence_options(game, 0)  # no attack power yet
    root.attack_power = 1
    offered = {o.system for o in defence_options(game, 0) if isinstance(o, DefendWith)}
    assert pod in offered
    root.biomass = 0
    assert pod not in {o.system for o in defence_options(game, 0) if isinstance(o, DefendWith)}
    root.biomass = 2
    grow_pod(LIB, root, LIB.designs["kossuun"].systems[pod])
    assert (root.biomass, root.attack_power) == (1, 0)


@pytest.mark.parametrize("face, repaired", [(4, True), (3, False)])
def test_ft_sv_repair_spends_repair_power_and_biomass(face: int, repaired: bool) -> None:
    """FT-SV-REPAIR: a Sa'Vasku ship has no damage control parties; its orders may set
    aside repair power equal to a damaged system's MASS, and in phase 10 that system is
    repaired on a 4+, a success spending one biomass; without biomass no repair power is
    offered."""
    game, feed = battle([ship("ssarel", "Thorn", 20.0, 10.0)],
                        [ship("lancer", "Pike", 60.0, 40.0, facing=6)], 6, 1)
    thorn = game.state.ships[0]
    cls = LIB.designs["ssarel"]
    stinger = cls.indices("stinger")[0]
    thorn.damage[stinger] = 1
    game.push()  # the orders owed are worked out again for the damaged ship
    assert (0, 2, 6) in power_shares(LIB, "cinematic", cls, thorn, (0, 0, 0, 0, False, False))
    options = game.pending()[0].options
    assert WriteOrders(0, 0, 0, repair=2, attack=6) in options
    game.apply(0, WriteOrders(0, 0, 0, repair=2, attack=6))
    game.apply(1, WriteOrders(1, 0, 0))
    assert thorn.repair_power == 2
    decision = next(d for d in game.pending() if d.player == 0)
    assert Repair(0, stinger) in decision.options
    feed.add(face)
    game.apply(0, Repair(0, stinger))
    while game.state.phase == 10 and game.pending():
        pending = game.pending()[0]
        game.apply(pending.player, pending.options[-1])
    rolled = [e for e in game.events if isinstance(e, SystemRepairRolled)]
    assert [(e.ship, e.need, e.face) for e in rolled] == [(0, 4, face)]
    assert thorn.damage[stinger] == (0 if repaired else 1)
    assert thorn.biomass == (1 if repaired else 2)
    thorn.biomass = 0
    thorn.damage[stinger] = 1
    assert {repair for _, repair, _ in power_shares(LIB, "cinematic", cls, thorn,
                                                    (0, 0, 0, 0, False, False))} == {0}


@pytest.mark.parametrize(("biomass", "rolled", "left"), [
    (2, [(0, 4), (1, 6)], (0, 0, 0)),  # both rolled, both repaired: a biomass each
    (1, [(0, 4)], (0, 1, 0)),  # the stinger's success spent the only biomass
])
def test_ft_sv_repair_the_orders_may_fund_several_repairs(
    biomass: int, rolled: list[tuple[int, int]], left: tuple[int, int, int]
) -> None:
    """FT-SV-REPAIR: the Sa'Vasku player shares power among systems (seed, phase 1), and
    each repair costs the system's MASS: with a stinger (2 MASS) and a pod launcher (3)
    damaged and power enough, repair power 5 is offered, and both systems are rolled for,
    each success spending a biomass. With one biomass left the power may still be set
    aside for both (the first roll may fail), but once the stinger's repair succeeds the
    pod launcher is not rolled for: it stays damaged."""
    game, feed = battle([ship("ssarel", "Thorn", 20.0, 10.0)],
                        [ship("lancer", "Pike", 60.0, 40.0, facing=6)], 6, 1)
    thorn = game.state.ships[0]
    cls = LIB.designs["ssarel"]
    stinger, pod = cls.indices("stinger")[0], cls.indices(POD_LAUNCHER)[0]
    thorn.damage[stinger] = thorn.damage[pod] = 1
    thorn.biomass = biomass
    game.push()  # the orders owed are worked out again for the damaged ship
    assert WriteOrders(0, 0, 0, repair=5, attack=3) in game.pending()[0].options
    game.apply(0, WriteOrders(0, 0, 0, repair=5, attack=3))
    game.apply(1, WriteOrders(1, 0, 0))
    game.apply(0, Repair(0, stinger))
    feed.add(4, 6)
    game.apply(0, Repair(0, pod))  # the 3 power left pays for the pod launcher
    systems = (stinger, pod)
    assert [(e.system, e.face) for e in game.events if isinstance(e, SystemRepairRolled)] == [
        (systems[index], face) for index, face in rolled]
    assert (thorn.damage[stinger], thorn.damage[pod], thorn.biomass) == left


def test_ft_odds_pods_match_icepool() -> None:
    """FT-ODDS-POD, FT-ODDS-PDS: lance and leech pods (to hit 4+, then a d6 penetrating or
    a d3 normal) and interceptor pods' kills (a d3; half of heavies), against icepool."""
    d6, d3 = icepool.d6, icepool.d3
    lance = icepool.map(lambda hit, dmg: V((0, dmg if hit >= 4 else 0)), d6, d6)
    leech = icepool.map(lambda hit, dmg: V((dmg if hit >= 4 else 0, 0)), d6, d3)
    for kind, reference in (("lance", lance), ("leech", leech)):
        expected = {tuple(o): q / reference.denominator() for o, q in reference.items()}
        got = pod_points(PODS, kind).to_dict()
        assert all(abs(got.get(k, 0.0) - expected.get(k, 0.0)) <= TOLERANCE
                   for k in set(got) | set(expected))
        answer = odds("pod", pod=kind, pods=2, range=15)
        assert_dist(answer.distribution, (2 @ reference.map(lambda p: p[0] + p[1])))
    assert_dist(interceptor_kill_dist(PODS), d3)
    assert_dist(interceptor_kill_dist(PODS, heavy=True), d3.map(lambda f: f // 2))
    heavy = odds("pds", pds=0, interceptor_pods=2, against="heavy", count=2)
    assert_dist(heavy.distribution, (2 @ d3.map(lambda f: f // 2)).map(lambda k: min(k, 2)))
    with pytest.raises(Exception, match="lance pod"):
        odds("pod", pod="lance", range=20)


@pytest.mark.parametrize(("kind", "said"), [
    ("fighters", "Nest S1 loses 2 to Root's point defence, 4 left"),
    ("salvo", "Root's point defence downs 2 missiles of salvo 0, 4 left"),
])
def test_ft_sv_pods_an_interceptor_pod_shoots_fighters_or_missiles_in_play(
    kind: str, said: str
) -> None:
    """FT-SV-PODS: in phase 7 the Kossuun Root grows an interceptor pod
    against the fighter group attacking it, or against a salvo of six missiles aimed at it:
    a d3 of 2 kills two; the pod spends a biomass and a point of attack power, and the
    launcher is offered no second shot that turn."""
    game, feed = battle([ship("haven", "Nest", 30.0, 10.0, fighters=("standard",))],
                        [ship("kossuun", "Root", 30.0, 30.0, facing=6)], 6, 1)
    state = game.state
    game.apply(0, WriteOrders(0, 0, 0))
    written = [o for o in game.pending_for(1)[0].options if isinstance(o, WriteOrders)]
    game.apply(1, next(o for o in written if (o.speed, o.turn) == (0, 0) and o.attack >= 1))
    game.apply(0, Launch(0))
    game.apply(0, MoveGroup(0, 30.0, 27.0))
    if kind == "salvo":
        state.salvos.append(Salvo(0, 0, 0, 30.0, 27.0, 6, target=1))
    game.apply(0, FighterTarget(0, "ship", 1))
    root = state.ships[1]
    pod = LIB.designs["kossuun"].systems.index(
        next(s for s in LIB.designs["kossuun"].systems if s.mode == "interceptor"))
    power, biomass = root.attack_power, root.biomass
    game.apply(1, DefendWith(1, pod, kind, 0))
    assert not any(isinstance(o, DefendWith) and o.system == pod
                   for o in game.pending()[0].options)
    feed.add(2, *[1] * 60)
    game.apply(1, DefenceDone())
    assert said in [getattr(event, "text", "") for event in game.events]
    assert (power - root.attack_power, biomass - root.biomass) == (1, 1)


def test_ft_sv_stinger_and_pod_at_fighters_spend_power_and_biomass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FT-SV-STINGER, FT-SV-PODS, FT-FTR-OPT-SHIPFIRE: under the optional rule a stinger and a
    leech pod fire one die each at a fighter group, and spend what they spend at a ship: a
    point of attack power for the stinger, a pod (a biomass and 1 power) for the pod. The
    Ssarel's 8 power and 2 biomass end the fire at 6 and 1."""
    import warbench.rulesets.full_thrust.turn as turn

    left: list[tuple[int, int]] = []
    end_turn = turn.end_turn

    def noting(game):  # type: ignore[no-untyped-def]
        left.append((game.state.ships[0].attack_power, game.state.ships[0].biomass))
        end_turn(game)

    monkeypatch.setattr(turn, "end_turn", noting)
    game, feed = battle([ship("ssarel", "Thorn", 30.0, 20.0)],
                        [ship("haven", "Den", 60.0, 45.0, facing=6, fighters=("standard",))],
                        6, 1, options={"fire_at_fighters": True})
    group = game.state.groups[0]
    group.status, group.x, group.y = "space", 30.0, 26.0
    game.apply(0, WriteOrders(0, 0, 0, attack=8))
    game.apply(1, WriteOrders(1, 0, 0))
    feed.add(*[1] * 40)
    while not left:
        decision = game.pending()[0]
        if decision.player == 1:
            answer = MoveGroup(0, 30.0, 26.0) if game.state.phase == 3 else FighterTarget(0, "none")
            game.apply(1, answer)
            continue
        at_fighters = [o for o in decision.options
                       if isinstance(o, DeclareTarget | AssignWeapon) and o.target >= 0]
        game.apply(0, at_fighters[0])
    assert left == [(6, 1)]
