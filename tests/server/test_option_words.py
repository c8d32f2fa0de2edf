"""Full Thrust's fighter, launch, salvo and point defence choices reach the page in words,
with the exact odds of the attack or shot each declares, judged from the seat's view."""

from __future__ import annotations

from tests.rulesets.full_thrust.helpers import RULES, battle, orders, ship
from warbench.core.agents import RandomAgent
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.full_thrust.actions import (
    FighterTarget,
    Launch,
    LaunchSalvo,
    MoveGroup,
    SalvoTarget,
)
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.odds_options import SalvoOptions
from warbench.server.consider import consider
from warbench.server.snapshot import snapshot


def _options(snap: dict, type_: str) -> list[dict]:  # type: ignore[type-arg]
    return [o for d in snap["decisions"] for o in d["options"] if o["action"]["type"] == type_]


def test_launches_moves_fighter_attacks_and_point_defence_read_in_words_with_odds() -> None:
    """Nest launches its two groups, S1 closes on Pike and attacks it; Pike's point
    defence is offered by system and threat name, each shot with its odds."""
    game, _ = battle([ship("haven", "Nest", 30.0, 10.0, fighters=("standard", "heavy"))],
                     [ship("lancer", "Pike", 30.0, 30.0, facing=6)], 6, 1)
    orders(game)
    launches = [o["label"] for o in _options(snapshot(game, 0), "ft-launch")]
    assert launches == ["Nest launches Nest S1 (6): standard fighters",
                        "Nest launches Nest H2 (6): heavy fighters"]
    done = _options(snapshot(game, 0), "ft-launches-done")[0]["label"]
    assert done == "Nest: launch no more fighter groups this turn"
    game.apply(0, Launch(0))
    game.apply(0, Launch(1))
    moves = {o["label"]: o for o in _options(snapshot(game, 0), "ft-move-group")}
    assert "Nest S1 (6) holds its place" in moves
    closing = moves["Nest S1 (6) closes on Pike"]
    assert closing["target"] == "Pike"  # a click on Pike picks it
    game.apply(0, MoveGroup(0, 30.0, 26.0))
    game.apply(0, MoveGroup(1, 30.0, 22.0))
    attack = next(o for o in _options(snapshot(game, 0), "ft-fighter-target")
                  if o["label"] == "Nest S1 (6) attacks Pike")
    assert attack["odds"]["outcome"] == "hull damage" and attack["odds"]["mean"] > 0
    none = next(o for o in _options(snapshot(game, 0), "ft-fighter-target")
                if o["action"]["kind"] == "none")
    assert none["label"] == "Nest S1 (6) attacks nothing this turn" and "odds" not in none
    game.apply(0, FighterTarget(0, "ship", 1))
    game.apply(0, FighterTarget(1, "ship", 1, secondary=True))
    defences = _options(snapshot(game, 1), "ft-defend")
    labels = {o["label"] for o in defences}
    assert "Pike's point defence system fires at Nest S1 (6) attacking Pike" in labels
    assert "Pike's class-1 beam 1 fires at Nest H2 (6) attacking Pike" in labels
    assert all(o["odds"]["outcome"] == "fighters killed" for o in defences)
    assert all(0 < o["odds"]["outcomes"]["at least one"] < 1 for o in defences)
    assert not any(d["options"] for d in snapshot(game, 0)["decisions"])


def test_a_salvo_choosing_between_two_ships_reads_in_words_with_the_salvo_odds() -> None:
    """A salvo marker between Pike and Lance: each choice names the ship, with the salvo
    command's odds against it (no point defence yet); the defender's shots at the salvo
    name it with its missiles."""
    launcher = RULES.data.designs["spear"].indices("salvo_launcher")[0]
    game, _ = battle([ship("spear", "Dart", 30.0, 10.0)],
                     [ship("lancer", "Pike", 28.0, 30.0, facing=6),
                      ship("lancer", "Lance", 32.0, 30.0, facing=6)], 6, 1)
    orders(game)
    game.apply(0, LaunchSalvo(0, launcher, 30.0, 28.0))
    strikes = _options(snapshot(game, 0), "ft-salvo-target")
    assert [o["label"] for o in strikes] == ["salvo 0 (6 missiles) strikes Pike",
                                            "salvo 0 (6 missiles) strikes Lance"]
    command = RULES.attacks()["salvo"].odds(SalvoOptions(target="lancer", show="hull"))
    assert strikes[0]["odds"]["mean"] == command.distribution.mean
    assert strikes[0]["target"] == "Pike"
    game.apply(0, SalvoTarget(0, 1))
    shots = _options(snapshot(game, 1), "ft-defend")
    assert shots and all("fires at salvo 0 (6 missiles) attacking Pike" in o["label"]
                         for o in shots)
    assert all(o["odds"]["outcome"] == "missiles shot down" for o in shots)


def test_written_orders_name_the_speed_change_with_the_speed_it_gives_and_the_turn_allowed(
) -> None:
    """Each order's settings in words for the form: the speed change with the speed it
    leaves, the thrust and the turn the drive allows; a knocked-out drive says so, and a
    turn refused for it says why the allowance is none."""
    game, _ = battle([ship("sentinel", "Watch", 30.0, 10.0, speed=4)],
                     [ship("lancer", "Pike", 30.0, 30.0, facing=6)], 6, 1)
    orders_offered = _options(snapshot(game, 0), "ft-orders")
    still = next(o for o in orders_offered if o["action"]["speed"] == o["action"]["turn"] == 0)
    assert still["fields"]["speed"] == ["speed change (thrust 4)", "no change (speed 4)"]
    assert still["fields"]["turn"] == ["turn (at most 2 points)", "straight on"]
    faster = next(o for o in orders_offered if o["action"]["speed"] == 2)
    assert faster["fields"]["speed"][1] == "+2 (to 6)"
    game.state.ships[0].damage[0] = 2  # the main drive knocked out
    game._pending = None  # the ship changed under a pending decision (test only)
    only = _options(snapshot(game, 0), "ft-orders")
    assert [o["action"]["speed"] for o in only] == [0]
    assert only[0]["fields"]["turn"] == ["turn (none: the main drive is knocked out)",
                                         "straight on"]
    turn = consider(game, 0, {"action": {"type": "ft-orders", "ship": 0, "speed": 0,
                                         "turn": 2}})
    assert turn["reason"] == ("a turn of 2 points is more than the allowance of 0 (no "
                              "thrust: the main drive is knocked out)")
    assert turn["fields"]["turn"][1] == "2 points to starboard"



def _reed_ahead_of_nest(endurance: int) -> FTGame:
    """Phase 6: Nest's group, with ``endurance`` left, 4.5 MU off the bow of the
    Sorrel-class Reed, whose second pulser covers the fore arcs only."""
    game, _ = battle([ship("haven", "Nest", 30.0, 10.0, fighters=("standard",))],
                     [ship("sorrel", "Reed", 30.0, 30.0, facing=6)], 6, 1)
    orders(game)
    game.apply(0, Launch(0))
    game.state.groups[0].endurance = endurance
    game.apply(0, MoveGroup(0, 32.0, 26.0))
    return game


def test_ft_seq_targets_a_move_out_of_pulser_arcs_reads_in_words_with_its_reason() -> None:
    """FT-SEQ-TARGETS: a group off the bow of a ship whose pulser covers the fore arcs only
    sees the move out of those arcs as a button in words, with the point it flies to (its
    ghost); with too little endurance the page gets the rules' reason for refusing it."""
    game = _reed_ahead_of_nest(6)
    labels = [o["label"] for o in _options(snapshot(game, 0), "ft-fighter-target")]
    assert labels == ["Nest S1 (6) attacks Reed",
                      "Nest S1 (6) attacks Reed, after a secondary move out of the point "
                      "defence arcs, to (32.0, 30.0) (an endurance point)",
                      "Nest S1 (6) attacks nothing this turn"]
    leave = {"type": "ft-fighter-target", "group": 0, "kind": "ship", "target": 1,
             "secondary": True, "out_of_arcs": True}
    answer = consider(game, 0, {"action": leave})
    assert answer["reason"] is None and answer["ghosts"][0]["y"] == 30.017
    refused = consider(_reed_ahead_of_nest(1), 0, {"action": leave})
    assert "endurance" in (refused["reason"] or "")


def test_a_forms_legal_examples_read_in_words() -> None:
    """The buttons under a parameter form (a Dystopian Wars model's move) show each legal
    example in the ruleset's words, as the options do, not "example 1"."""
    rules = DystopianWarsRuleset()
    game = Game.new(rules, seed=2)
    agent = RandomAgent(2)
    for _ in range(400):
        decision = game.pending()[0]
        if any(space.action_type.TAG == "move" for space in decision.spaces):
            break
        game.apply(decision.player, agent.choose(game.observe(decision.player), decision))
    seat = game.pending()[0].player
    space = next(s for d in snapshot(game, seat)["decisions"] for s in d["spaces"]
                 if s["type"] == "move")
    view = game.observe(seat).state
    assert space["samples"] and len(space["sample_words"]) == len(space["samples"])
    for sample, words in zip(space["samples"], space["sample_words"], strict=True):
        assert words == rules.action_text(view, rules.codec.decode(sample))
        assert ('" ahead' in words or '" astern' in words) and not words.startswith("move:")
