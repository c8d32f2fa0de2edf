"""Close combat, medics, carriers, pilots on foot, infiltrators, groups and victory
(RG-CC-INF, RG-INF-BRAWLER, RG-HEAL, RG-INF-MEDIC, RG-INF-APC, RG-GROUP-APC, RG-PILOT-NEW,
RG-PILOT-TARGET, RG-INF-INFILTRATE, RG-GROUP-*, RG-WIN-*)."""

from __future__ import annotations

from tests.robogear.helpers import army, battle, put, turn_of
from warbench.core.dice import ScriptedDice
from warbench.core.events import GameOver
from warbench.rulesets.robogear.actions import (
    Activate,
    Board,
    Deploy,
    Disembark,
    EndTurn,
    Heal,
    Melee,
    Move,
    Ram,
    Regroup,
    RunOver,
    Shoot,
)
from warbench.rulesets.robogear.damage import destroy, wound_pilot
from warbench.rulesets.robogear.events import Fought, ShotResolved
from warbench.rulesets.robogear.groups import Regrouping
from warbench.rulesets.robogear.pieces import Block
from warbench.rulesets.robogear.victory import scores


def test_close_combat_adds_lives_brawler_bonus_and_friends_nearby() -> None:
    """RG-CC-INF, RG-INF-BRAWLER, RG-INF-ACT: D6 + lives + brawler + 1 per friend within a
    step; the loser loses a life (two when beaten by 3 or more); only troopers."""
    game = battle(army(("verdant-brawler", 2)), army(("ferrum-rifleman", 1), ("ferrum-tank", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 29, 9)
    put(game, 2, 31, 10)
    put(game, 3, 30, 13.3)
    turn_of(game, 0, dice=[2, 4])
    assert "never machines" in (game.check(0, Melee(0, 3)) or "")
    game.apply(0, Melee(0, 2))
    fought = next(e for e in game.events if isinstance(e, Fought))
    assert (fought.total, fought.target_total) == (2 + 3 + 2 + 1, 4 + 3)
    assert game.state.units[2].damage == 1


def test_medic_brings_a_red_trooper_back_to_yellow_at_its_next_turn() -> None:
    """RG-HEAL, RG-INF-MEDIC: within a step; both do nothing else meanwhile."""
    game = battle(army(("ferrum-medic", 1), ("ferrum-rifleman", 1)), army(("ferrum-tank", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 31, 10)
    put(game, 2, 55, 55)
    game.state.units[1].damage = 2
    turn_of(game, 0)
    game.apply(0, Heal(0, 1))
    turn_of(game, 1)
    assert "being treated" in (game.check(0, Move(1, 0.0, 1.0)) or "")
    game.apply(0, EndTurn())
    turn_of(game, 0)
    assert game.state.units[1].damage == 1


def test_rg_heal_a_medic_in_a_carrier_or_out_of_resource_starts_no_treatment() -> None:
    """RG-HEAL, RG-INF-ACT: a medic treats from within a step of the trooper, so not
    from inside a carrier (a trooper by the door it boarded from is not offered); a medic
    that has spent its whole resource stands frozen until its next turn."""
    game = battle(army(("ferrum-rover", 1), ("ferrum-medic", 2), ("ferrum-rifleman", 2)),
                  army(("verdant-tank", 1)))
    put(game, 0, 30, 20)
    put(game, 1, 26, 10)
    put(game, 2, 30, 22.1)  # at the rover's side, a red trooper beside it
    put(game, 3, 31, 10)
    put(game, 4, 31, 22.6)
    put(game, 5, 50, 55)
    game.state.units[3].damage = game.state.units[4].damage = 2
    turn_of(game, 1)
    assert game.check(0, Heal(2, 4)) is None
    game.apply(0, Board(2, 0))
    assert "riding a carrier" in (game.check(0, Heal(2, 4)) or "")
    assert Heal(2, 4) not in {o for d in game.pending() for o in d.options}
    game.apply(0, Move(1, 90.0, 4.0))  # its whole resource, to the trooper's side
    assert "no resource left" in (game.check(0, Heal(1, 3)) or "")


def test_rg_heal_a_treatment_ends_when_the_medic_or_the_trooper_is_destroyed() -> None:
    """RG-HEAL (engine default): a medic destroyed in the middle of a treatment leaves its
    trooper free to act at its next turn, still in red; a trooper destroyed while treated
    leaves its medic free."""
    for lost, kept in ((0, 1), (1, 0)):
        game = battle(army(("ferrum-medic", 1), ("ferrum-rifleman", 1)), army(("ferrum-tank", 1)))
        put(game, 0, 30, 10)
        put(game, 1, 31, 10)
        put(game, 2, 55, 55)
        game.state.units[1].damage = 2
        turn_of(game, 0)
        game.apply(0, Heal(0, 1))
        destroy(game, game.state.units[lost])
        turn_of(game, kept)
        assert game.check(0, Move(kept, 0.0, 1.0)) is None
        assert game.state.units[1].damage == 2


def test_carriers_share_a_turn_defend_d6_plus_2_and_doom_on_1_to_4() -> None:
    """RG-INF-APC, RG-GROUP-APC: boarding and leaving cost 1; riders act in the carrier's
    turn; shots at them meet D6+2; when the carrier dies, each rolls: 5-6 lives."""
    game = battle(army(("ferrum-rover", 1), ("ferrum-rifleman", 2)),
                  army(("ferrum-tank", 1), ("ferrum-rifleman", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 12.1)
    put(game, 2, 32.1, 10)
    put(game, 3, 50, 50)
    put(game, 4, 30, 20)
    turn_of(game, 1)
    game.apply(0, Board(1, 0))
    game.apply(0, Board(2, 0))
    assert game.state.units[1].carried_by == 0 and game.state.units[1].points_left == 3
    game.apply(0, EndTurn())
    turn_of(game, 0)
    game.apply(0, Move(0, 0.0, 2.0))
    # they boarded in their own turn: they had it this round (RG-ROUND-ONCE)
    assert game.check(0, Disembark(2)) is not None
    game.apply(0, EndTurn())
    turn_of(game, 4, dice=[6, 3])
    game.apply(1, Shoot(4, 0, 1))
    shot = next(e for e in game.events if isinstance(e, ShotResolved))
    assert (shot.accuracy, shot.defence, shot.hit) == (6, 3 + 2, True)
    game.set_dice(ScriptedDice([2, 5]))
    destroy(game, game.state.units[0])
    assert not game.state.units[1].alive and game.state.units[2].alive


def test_rg_inf_apc_boarding_and_leaving_refused_with_the_reason() -> None:
    """RG-INF-APC: troopers board only their own machines, standing at the door (touching
    it), and not twice; one not aboard has nothing to leave."""
    game = battle(army(("ferrum-rover", 1), ("ferrum-rifleman", 2)),
                  army(("ashen-rover", 1), ("ashen-rifleman", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 12.1)
    put(game, 2, 40, 10)
    put(game, 3, 40, 12.3)
    put(game, 4, 50, 50)
    turn_of(game, 1)
    assert game.check(0, Board(2, 3)) == "troopers board only their own machines (RG-INF-APC)"
    assert game.check(0, Board(2, 0)) == (
        "the trooper must stand at the machine's door (touching it, RG-INF-APC)")
    assert game.check(0, Disembark(1)) == "the unit is not aboard a carrier (RG-INF-APC)"
    game.apply(0, Board(1, 0))
    assert game.check(0, Board(1, 0)) == "the unit is already aboard (RG-INF-APC)"


def test_riders_who_had_their_turn_do_not_act_again_in_the_carriers_turn() -> None:
    """RG-ROUND-ONCE, RG-INF-APC, RG-GROUP-APC: one turn per unit per round; a carrier and
    its riders share one. A trooper that shot and boarded in its own turn cannot shoot
    again in the carrier's turn; one that rode out in the carrier's turn does not get its
    own squad's turn after."""
    game = battle(army(("ferrum-rover", 1), ("ferrum-rifleman", 2)),
                  army(("verdant-rifleman", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 32.1, 10)
    put(game, 2, 27.9, 10)
    put(game, 3, 30, 20)
    turn_of(game, 1, dice=[1] * 40)
    game.apply(0, Shoot(1, 0, 3))
    game.apply(0, Board(1, 0))
    game.apply(0, EndTurn())
    turn_of(game, 0)
    assert game.state.units[1].points_left == 0
    assert game.check(0, Shoot(1, 0, 3)) is not None
    game.apply(0, EndTurn())


def test_riders_who_acted_in_the_carriers_turn_have_no_turn_of_their_own() -> None:
    """RG-ROUND-ONCE, RG-GROUP-APC: riders act in their carrier's turn; having had it,
    their squad takes no second turn that round."""
    game = battle(army(("ferrum-rover", 1), ("ferrum-rifleman", 1)),
                  army(("verdant-rifleman", 1), ("verdant-rifleman", 1)))
    # the rover faces away from the target, so its rider gets off on the target's side
    # (behind the carrier): the rover, taller than troopers, would hide it (RG-FIRE-DEF)
    put(game, 0, 30, 10, 180.0)
    put(game, 1, 30, 11)
    put(game, 2, 30, 25)
    put(game, 3, 60, 60)
    game.state.units[1].carried_by = 0
    turn_of(game, 0, dice=[1] * 40)
    game.apply(0, Disembark(1))
    game.apply(0, Shoot(1, 0, 2))
    game.apply(0, EndTurn())
    squad_turn = next(e for e in game.state.elements if 1 in game.state.squads[e.squads[0]].units)
    game.apply(1, next(iter(game.pending()[0].options)))  # the other player's turn
    game.apply(1, EndTurn())
    pending = game.pending()
    assert all(Activate(squad_turn.id) not in d.options for d in pending if d.player == 0)
    assert game.check(0, Activate(squad_turn.id)) is not None


def test_a_pilot_on_foot_takes_an_empty_cabin() -> None:
    """RG-PILOT-NEW, RG-PILOT-TARGET, RG-MOVE-SIMPLE: a closed cabin needs a pilot; an open
    platform takes any trooper; the empty machine may still be shot."""
    game = battle(army(("ashen-tank", 1), ("ashen-rover", 1), ("ashen-pilot", 1),
                       ("ashen-gunner", 1)),
                  army(("ferrum-tank", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 40, 10)
    put(game, 2, 30, 12.3)
    put(game, 3, 32.3, 10)
    put(game, 4, 30, 30, 180.0)
    game.state.units[0].pilot = game.state.units[1].pilot = 0
    turn_of(game, 3)
    assert "only a pilot" in (game.check(0, Board(3, 0)) or "")
    put(game, 3, 40, 12.1)
    game._pending = None  # the table changed under a pending decision (test only)
    game.apply(0, Board(3, 1))
    assert game.state.units[1].pilot == 3
    turn_of(game, 2)
    game.apply(0, Board(2, 0))
    assert game.state.units[0].pilot == 3 and not game.state.units[2].alive


def test_rg_round_limit_a_trooper_at_a_machines_controls_keeps_its_points_while_it_drives(
) -> None:
    """RG-ROUND-LIMIT, RG-PILOT-NEW: a trooper who takes an empty cabin leaves the table as a
    figure but not the battle: its army's points kept (the share scored when the rounds run
    out) count it while it drives the machine (before version 9 boarding cost them), and
    lose it with the pilot's last life or with the machine."""
    game = battle(army(("ashen-tank", 1), ("ashen-rover", 1), ("ashen-pilot", 1)),
                  army(("ferrum-tank", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 40, 10)
    put(game, 2, 30, 12.3)
    put(game, 3, 30, 30, 180.0)
    state, data = game.state, game.data
    state.units[0].pilot = 0
    before = scores(state, data)[0]
    turn_of(game, 2)
    game.apply(0, Board(2, 0))
    assert not state.units[2].alive and state.units[0].pilot > 0
    assert scores(state, data)[0] == before
    wound_pilot(game, state.units[0], 3)
    assert scores(state, data)[0] == before - data.units["ashen-pilot"].points


def test_infiltrators_appear_out_of_sight_and_act() -> None:
    """RG-INF-INFILTRATE: kept off the table, placed in their turn where no enemy sees
    them, then they act."""
    game = battle(army(("verdant-sniper", 1, "reserve"), ("verdant-tank", 1)),
                  army(("ferrum-tank", 1)))
    assert game.state.units[0].reserve
    put(game, 1, 10, 10)
    put(game, 2, 30, 50, 180.0)
    game.state.terrain.append(Block(20, 30, 40, 31, 9.0, "wall"))
    turn_of(game, 0)
    assert "would see" in (game.check(0, Deploy(0, 30.0, 40.0)) or "")
    game.apply(0, Deploy(0, 30.0, 20.0))
    game.apply(0, Move(0, 90.0, 1.0))
    assert game.state.units[0].x == 31.0


def test_group_squads_share_a_turn_and_keep_within_40_cm() -> None:
    """RG-GROUP-GLOBAL, RG-GROUP-TRAITS: a group of two squads takes one turn; its squads
    may not part by more than 40 cm."""
    game = battle(army(("ferrum-rifleman", 2, "group:A"), ("ferrum-tank", 1, "group:A")),
                  army(("ferrum-tank", 1)))
    assert len([e for e in game.state.elements if e.player == 0]) == 1
    put(game, 0, 10, 10)
    put(game, 1, 11, 10)
    put(game, 2, 10, 24)
    put(game, 3, 50, 50)
    turn_of(game, 0)
    assert game.check(0, Move(2, 0.0, 4.0)) is not None
    assert "within 40 cm" in (game.check(0, Move(2, 0.0, 4.0)) or "")
    game.apply(0, Move(0, 270.0, 1.0))


def test_rg_group_traits_a_ram_or_run_over_keeps_the_group_within_40_cm() -> None:
    """RG-GROUP-TRAITS: the 40 cm between a group's squads holds for every move, a charge
    too: a rover whose run-over (or ram) would end more than 40 cm from the other rover of
    its group is refused, and the charge is not offered; nearer it is allowed."""
    game = battle(army(("ferrum-rover", 1, "group:A"), ("ferrum-rover", 1, "group:A")),
                  army(("verdant-rifleman", 1), ("verdant-tank", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 2)
    put(game, 2, 30, 24)
    put(game, 3, 55, 40)
    turn_of(game, 0)
    for charge, target in ((RunOver(0, 2), 2), (Ram(0, 3), 3)):
        put(game, 5 - target, 55, 40)  # the other one out of the way
        put(game, target, 30, 24)
        game._pending = None  # the table changed under a pending decision (test only)
        assert "within 40 cm" in (game.check(0, charge) or "")
        assert charge not in {o for d in game.pending() for o in d.options}
        put(game, 1, 34, 10)
        game._pending = None
        assert game.check(0, charge) is None
        put(game, 1, 30, 2)


def test_last_army_standing_wins_and_teams_win_together() -> None:
    """RG-WIN-ANNIHILATE, RG-WIN-TEAMS: destroying the enemy armies wins; in 2 v 2 both
    members of the surviving team are winners."""
    game = battle(army(("ferrum-tank", 1)), army(("ferrum-rifleman", 1)),
                  army(("ferrum-tank", 1)), army(("ferrum-rifleman", 1)), teams=[0, 1, 0, 1])
    put(game, 0, 30, 10)
    put(game, 1, 30, 13)
    put(game, 3, 50, 50)
    destroy(game, game.state.units[3])
    turn_of(game, 0, dice=[6])
    game.apply(0, Shoot(0, 0, 1))
    over = next(e for e in game.events if isinstance(e, GameOver))
    assert over.winners == (0, 2)


def test_commander_mission_and_capture() -> None:
    """Also RG-ROUND-LIMIT.
    RG-WIN-MISSION: losing the command machine puts a player out; in capture the team
    alone on the objective after the last round wins."""
    game = battle(army(("ferrum-tank", 1, "command"), ("ferrum-rifleman", 1)),
                  army(("ferrum-tank", 1, "command"), ("ferrum-rifleman", 1)),
                  mission="commander")
    put(game, 0, 30, 10)
    put(game, 2, 30, 16, 180.0)
    game.state.units[0].damage = 11
    turn_of(game, 2, dice=[6])
    game.apply(1, Shoot(2, 0, 0))
    assert game.is_over and game.outcome is not None and game.outcome.winners == (1,)
    game = battle(army(("ferrum-rifleman", 1)), army(("ferrum-tank", 1)), mission="capture",
                  rounds=1)
    put(game, 0, 30, 30)
    put(game, 1, 55, 55)
    while not game.is_over:
        decision = game.pending()[0]
        game.apply(decision.player, next(a for a in decision.options
                                         if not isinstance(a, Shoot)))
    assert game.outcome is not None and game.outcome.winners == (0,)


def test_when_rounds_run_out_the_largest_share_kept_wins() -> None:
    """RG-ROUND-LIMIT: after the last round the army that kept the largest share of its
    points wins, whatever its size (engine default)."""
    game = battle(army(("ferrum-rifleman", 1)), army(("ferrum-tank", 2)), rounds=1)
    put(game, 0, 5, 5)
    put(game, 1, 55, 55)
    put(game, 2, 50, 55)
    game.state.units[2].alive = False  # the big army lost half its points
    while not game.is_over:
        decision = game.pending()[0]
        game.apply(decision.player, next(a for a in decision.options
                                         if not isinstance(a, Shoot)))
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert game.outcome.scores == (8.0, 62.0)


def test_groups_form_and_break_up_at_the_start_of_a_round() -> None:
    """RG-GROUP-FORM, RG-GROUP-TRAITS: at the start of a round a squad may join a squad or
    group near it (never ground with air); a disbanded group's squads lose this round."""
    game = battle(army(("ferrum-rifleman", 2), ("ferrum-tank", 1), ("ferrum-flyer", 1)),
                  army(("ferrum-tank", 1)))
    put(game, 0, 10, 10)
    put(game, 1, 11, 10)
    put(game, 2, 14, 12)
    put(game, 3, 20, 12)
    put(game, 4, 50, 50)
    frame = game.state.stack[-1]
    assert isinstance(frame, Regrouping)
    game.state.order = [0, 1]
    game._pending = None  # the order changed under a pending decision (test only)
    assert "air" in (game.check(0, Regroup(join=2, into=0)) or "")
    game.apply(0, Regroup(join=1, into=0))
    assert game.state.elements[0].squads == [0, 1] and game.state.squads[1].group
    game.apply(0, Regroup(disband=0))
    assert [e.done for e in game.state.elements[-2:]] == [True, True]
    game.apply(0, Regroup())
    game.apply(1, Regroup())
    decision = game.pending()[0]
    assert decision.player == 0 and {a.element for a in decision.options} == {2}


def test_a_wheeled_gun_rides_a_carrier_with_its_crew() -> None:
    """RG-INF-APC-GUN: a gun that fits (wheels; engine default: two places in the hold)
    boards with a crew trooper beside it, and cannot fire while aboard."""
    game = battle(army(("ferrum-rover", 1), ("ferrum-rifleman", 4),
                       ("ferrum-mortar", 1, "attach")), army(("ferrum-tank", 1)))
    put(game, 0, 30, 10)
    put(game, 5, 30, 12.6)  # the gun touches the carrier
    put(game, 1, 31.5, 12.6)
    put(game, 2, 27.9, 10)
    put(game, 3, 32.1, 10)
    put(game, 4, 30, 7.9)
    put(game, 6, 50, 50)
    turn_of(game, 1)
    game.apply(0, Board(5, 0))
    assert game.state.units[5].carried_by == 0 and game.state.units[1].crewing
    game.apply(0, Board(2, 0))
    game.apply(0, Board(3, 0))
    assert "holds 4 troopers" in (game.check(0, Board(4, 0)) or "")
    assert "cannot fire" in (game.check(0, Shoot(5, 0, 6)) or "")


def test_riders_of_a_closed_carrier_may_be_shot_and_defend_d6_plus_2() -> None:
    """RG-INF-APC: troopers in a carrier, open or closed, may be shot at; their defence is
    always D6+2."""
    from tests.robogear.helpers import RULES
    from warbench.core.catalog import Catalog
    from warbench.core.engine import Game
    from warbench.rulesets.robogear import RobogearRuleset
    from warbench.rulesets.robogear.data import RobogearData, UnitRecord

    data = RULES.data
    closed = data.units["ferrum-rover"].model_copy(update={"cockpit": "closed"})
    units = Catalog(UnitRecord, {**dict(data.units.items()), "ferrum-rover": closed},
                    kind="unit")
    rules = RobogearRuleset()
    rules.data = RobogearData(units, data.armies, data.rules, data.tables)  # a player's data
    setup = {"armies": [army(("ferrum-rover", 1), ("ferrum-rifleman", 1)),
                        army(("verdant-rifleman", 1))], "terrain": "none",
             "edges": ["south", "north"]}
    game = Game.new(rules, setup, seed=3, players=2)
    assert game.data.units["ferrum-rover"].cockpit == "closed"
    put(game, 0, 30, 10)
    put(game, 1, 30, 11)
    put(game, 2, 30, 20)
    game.state.units[1].carried_by = 0
    turn_of(game, 2, dice=[6, 3])
    assert game.check(1, Shoot(2, 0, 1)) is None
    game.apply(1, Shoot(2, 0, 1))
    shot = next(e for e in game.events if isinstance(e, ShotResolved))
    assert (shot.target, shot.defence) == (1, 3 + 2)
