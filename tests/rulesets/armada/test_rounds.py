"""Set-up, engineering, helm order, movement and stunts, the end of the battle
(ARM-SETUP-*, ARM-ENG-*, ARM-HELM-*, ARM-MOVE-*, ARM-STUNT-*, ARM-END-*)."""

from __future__ import annotations

import pytest

from tests.rulesets.armada.helpers import (
    RULES,
    battle,
    fleet,
    hold_position,
    in_gunnery,
    skip_orders,
    texts,
)
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game, IllegalAction
from warbench.core.hexgrid import Hex, HexPose
from warbench.core.ruleset import SetupError
from warbench.rulesets.armada.actions import Decline, HoldFire, Move, SelfDestruct
from warbench.rulesets.armada.combat import armor_class
from warbench.rulesets.armada.damage import SelfDestructChoice
from warbench.rulesets.armada.state import DISABLED, ROUTED

LANCE = fleet("Lance", 3, "medium", "destroyer", "flagship")
GRUDGE = fleet("Grudge", 3, "medium", "capital", "flagship")


def hold_fire(game: Game) -> None:
    while in_gunnery(game) and game.pending():
        decision = game.pending()[0]
        hold = next(o for o in decision.options if isinstance(o, HoldFire))
        game.apply(decision.player, hold)


def test_arm_setup_distance_rolls_3d6_plus_5_and_keeps_enemies_apart() -> None:
    """ARM-SETUP-DIST, ARM-SETUP-PLACE, ARM-HELM-ADMIRAL: 3d6+5 hexes; admirals' d20 checks."""
    setup = {"armadas": ["vanguard-3", "raiders-3"]}
    game = Game.new(RULES, setup, dice=ScriptedDice([2, 3, 4, 10, 5]))
    skip_orders(game)
    state = game.state
    assert state.distance == 14  # type: ignore[attr-defined]
    fleets = state.fleets  # type: ignore[attr-defined]
    gaps = [a.hex.distance(b.hex) for a in fleets for b in fleets if a.side != b.side]
    assert min(gaps) == 14
    assert len({f.hex for f in fleets}) == len(fleets)
    # Ilse Varr: 10 + officer bonus 3 + Dawnbreaker's +2 = 15; Maro Kesh: 5 + 2 + 2 = 9.
    assert texts(game, "initiative") == [
        "movement order: Red Talon Raiders, then Vanguard Picket (the lower helm check moves "
        "first)"]
    assert game.pending()[0].player == 1


def test_arm_setup_placements_keep_the_set_up_distance_from_the_enemy() -> None:
    """ARM-SETUP-PLACE: fixed placements closer to an enemy fleet than the set-up distance
    are refused naming the fleets; without a distance the placements set it (no roll)."""
    blue, red = [LANCE, fleet("Wing", 3, "small", "fighter")], [GRUDGE]
    places = [[[0, 0, 0], [0, -14, 0]], [[0, -15, 3]]]
    with pytest.raises(SetupError, match=r"closer than the set-up distance of 15 hexes "
                       r"\(ARM-SETUP-PLACE\): Wing and Grudge \(1\)"):
        battle(blue, red, places, [], distance=15)
    assert battle(blue, red, places, [3, 5], distance=1).state.distance == 1
    assert battle(blue, red, places, [3, 5], distance=0).state.distance == 1


def test_arm_setup_refuses_illegal_armadas_with_every_reason() -> None:
    """ARM-ARMADA-FLAGSHIP, ARM-ARMADA-TIERCAP: a set-up with an illegal armada is refused."""
    bad = {
        "armadas": [
            {"name": "X", "tier": 1, "fleets": [fleet("A", 3, "small", "fighter")]},
            "vanguard-3",
        ]
    }
    with pytest.raises(SetupError) as error:
        Game.new(RULES, bad)
    assert "setup.armadas[0].fleets[0].tier" in str(error.value)
    assert "one_flagship" in str(error.value)


def test_arm_helm_ties_reroll_lowest_moves_first_half_rounded_up() -> None:
    """ARM-HELM-D6, ARM-HELM-TIES, ARM-HELM-ORDER, ARM-HELM-HALVES."""
    blue = [LANCE, fleet("B2", 3, "small", "fighter"), fleet("B3", 3, "small", "fighter")]
    red = [GRUDGE, fleet("R2", 3, "small", "fighter")]
    places = [[[0, 0, 0], [2, -1, 0], [-2, 1, 0]], [[0, -8, 3], [2, -9, 3]]]
    game = battle(blue, red, places, [3, 3, 5, 2])
    assert texts(game, "initiative") == [
        "movement order: Red, then Blue (the lower helm check moves first)"]
    movers = []
    while not in_gunnery(game):
        decision = game.pending()[0]
        movers.append(decision.player)
        game.apply(decision.player, Move(decision.spaces[0].fleets[0]))  # type: ignore[attr-defined]
    assert movers == [1, 0, 0, 1, 0]


def test_arm_move_refusals_give_reasons_and_leave_the_state() -> None:
    """ARM-MOVE-SPEED, ARM-MOVE-TURN, ARM-MOVE-THROUGH: illegal moves are refused."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    game = battle(blue, [GRUDGE], [[[0, 0, 0], [0, -1, 0]], [[5, -9, 3]]], [1, 2])
    before = game.hash()
    cases = {
        Move(0, "RF"): "a turn needs 1 forward hexes",
        Move(0, "FFFFFF"): "already moved its speed of 5",
        Move(0, "F"): "may not end",
        Move(2, ""): "may not move now",
        Move(0, "F", "warp"): "unknown stunt",
    }
    for move, reason in cases.items():
        with pytest.raises(IllegalAction, match=reason):
            game.apply(0, move)
        assert game.hash() == before
    game.apply(0, Move(0, "FF"))  # passes through the friendly fighter
    assert game.state.fleets[0].hex == Hex(0, -2)  # type: ignore[attr-defined]


def test_arm_stunt_back_off_needs_a_piloting_check() -> None:
    """ARM-STUNT-DC, ARM-STUNT-BACK-OFF, ARM-STUNT-FAIL: DC 10 + tier/4 against
    d20 + modifier + piloting modifier; a failed check makes the stunt's partial move."""
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[5, -9, 3]]], [1, 2, 6, 7])
    with pytest.raises(IllegalAction, match="1 to 2 hexes"):
        game.apply(0, Move(0, "FFF", "back-off"))
    game.apply(0, Move(0, "FF", "back-off"))  # 6 + 2 + 1 = 9 < 10
    assert texts(game, "stunt_failed") == [
        "Lance fails its back-off (9 against DC 10): it backs 1 hex at most"]
    assert game.state.fleets[0].pose.hex == Hex(0, 1)  # type: ignore[attr-defined]
    game.apply(1, Move(1, "RFFF", "slide"))  # 7 + 2 + 0 = 9 < 10 for the capital: fails
    assert game.state.fleets[1].hex == Hex(5, -7)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("stunt", "steps", "face", "end", "ac"),
    [
        ("back-off", "FF", 6, (0, 1, 0), 12),  # 9 against 10: one hex back
        ("back-off", "FF", 2, (0, 0, 0), 8),  # 5 against 10, failed by 5: no move, AC -4
        ("back-off", "FF", 1, (0, 0, 0), 8),  # failed by 6
        ("flip-and-burn", "FF", 11, (0, -2, 0), 12),  # 14 against 15: ahead, no turn about
        ("flip-and-burn", "F", 1, (0, -1, 0), 12),  # as far as declared, even on a bad failure
        ("slide", "RFFF", 6, (0, -2, 0), 12),  # 9 against 10: straight ahead at half speed 2
        ("slide", "LF", 1, (0, -2, 0), 12),
    ],
)
def test_arm_stunt_fail_makes_the_starship_rules_partial_move(
    stunt: str, steps: str, face: int, end: tuple[int, int, int], ac: int
) -> None:
    """ARM-STUNT-FAIL: a failed back off moves 1 hex back, and not at all with an AC -4
    penalty this round when it fails by 5 or more; a failed flip and burn moves ahead but
    does not turn about; a failed slide moves straight ahead half the speed. The penalty
    ends with the round."""
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[5, -9, 3]]], [1, 2, face], max_rounds=1)
    game.apply(0, Move(0, steps, stunt))
    lance = game.state.fleets[0]  # type: ignore[attr-defined]
    assert (lance.q, lance.r, lance.facing) == end
    assert armor_class(game.state, lance) == ac  # type: ignore[arg-type]
    [failed] = texts(game, "stunt_failed")
    assert failed.startswith(f"Lance fails its {stunt}")
    game.apply(1, Move(1))
    hold_fire(game)
    assert game.state.outcome is not None
    assert armor_class(game.state, lance) == 12  # type: ignore[arg-type]


def test_arm_stunt_fail_stops_short_of_another_fleet() -> None:
    """ARM-STUNT-FAIL: the partial move of a failed slide stops short of a hex where
    another fleet stands (Wing two hexes ahead of Lance)."""
    wing = fleet("Wing", 3, "small", "fighter")
    game = battle([LANCE, wing], [GRUDGE], [[[0, 0, 0], [0, -2, 0]], [[5, -9, 3]]],
                  [1, 2, 6])
    game.apply(0, Move(0, "RFF", "slide"))
    assert game.state.fleets[0].hex == Hex(0, -1)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("stunt", "steps", "dice", "end"),
    [
        ("back-off", "FF", [7], (0, 2, 0)),
        ("flip-and-burn", "FF", [12], (0, -2, 3)),
        ("slide", "RFFF", [7], (3, -3, 0)),
        ("turn-in-place", "LL", [], (0, 0, 4)),
    ],
)
def test_arm_stunt_movement(stunt: str, steps: str, dice: list[int], end: tuple[int, ...]) -> None:
    """ARM-STUNT-BACK-OFF, ARM-STUNT-FLIP, ARM-STUNT-SLIDE, ARM-STUNT-TURN: where each goes."""
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[5, -9, 3]]], [1, 2, *dice])
    game.apply(0, Move(0, steps, stunt))
    moved = game.state.fleets[0]  # type: ignore[attr-defined]
    assert (moved.q, moved.r, moved.facing) == end


def test_arm_eng_shields_regain_by_max_shields_table() -> None:
    """ARM-ENG-REGAIN, ARM-CRIT-SHIELDS: 1d4 for up to 5 maximum shield points; a fleet
    with damaged shields regains none."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    game = battle(blue, [GRUDGE], [[[0, 0, 0], [2, 0, 0]], [[5, -20, 3]]], [1, 2, 3, 1, 2])
    lance, wing = game.state.fleets[0], game.state.fleets[1]  # type: ignore[attr-defined]
    lance.shields, wing.shields = 1, 0
    wing.criticals.append("shields")
    hold_position(game)
    hold_fire(game)
    assert (lance.shields, wing.shields) == (4, 0)
    assert texts(game, "shields") == ["Lance regains 3 shield points"]


def test_arm_eng_regain_a_disabled_fleet_regains_no_shields() -> None:
    """ARM-ENG-REGAIN (l.180: at the end of engineering every fleet regains some shield
    points): only active fleets regain, an engine reading, since a disabled fleet drifts
    with its systems out until repaired after the battle (l.192). Disabled Lance, first in
    line, rolls no die: the 3 goes to Wing."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    game = battle(blue, [GRUDGE], [[[0, 0, 0], [2, 0, 0]], [[5, -20, 3]]], [1, 2, 3, 1, 2])
    lance, wing = game.state.fleets[0], game.state.fleets[1]  # type: ignore[attr-defined]
    lance.status, lance.hull, lance.shields, wing.shields = DISABLED, 0, 0, 0
    hold_position(game)
    hold_fire(game)
    assert (lance.shields, wing.shields) == (0, 3)
    assert texts(game, "shields") == ["Wing regains 3 shield points"]


def test_arm_dmg_disabled_fleet_drifts_at_half_speed() -> None:
    """ARM-DMG-DRIFT: a disabled fleet drifts ahead at half speed and takes no move."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    game = battle(blue, [GRUDGE], [[[0, 0, 0], [4, 0, 0]], [[5, -20, 3]]], [1, 2, 1, 2])
    game.state.fleets[0].status = DISABLED  # type: ignore[attr-defined]
    hold_position(game)
    hold_fire(game)
    assert game.state.fleets[0].hex == Hex(0, -2)  # type: ignore[attr-defined]
    assert game.pending()[0].spaces[0].fleets == [1]  # type: ignore[attr-defined]


def test_arm_morale_rout_flees_then_is_disabled_after_three_rounds() -> None:
    """ARM-MORALE-FLEE, ARM-MORALE-ROUT-END: a routed fleet's only move is its flight
    away from the enemy; after three rounds of flight it is disabled."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    game = battle(
        blue, [GRUDGE], [[[0, 0, 0], [4, 0, 0]], [[0, -12, 3]]], [1, 2] * 4, max_rounds=5
    )
    lance = game.state.fleets[0]  # type: ignore[attr-defined]
    lance.morale, lance.routed_round = ROUTED, 0
    with pytest.raises(IllegalAction, match="routed and must flee"):
        game.apply(0, Move(0, ""))
    for _ in range(3):
        start = lance.hex.distance(game.state.fleets[2].hex)  # type: ignore[attr-defined]
        hold_position(game)
        assert lance.hex.distance(game.state.fleets[2].hex) > start  # type: ignore[attr-defined]
        hold_fire(game)
    assert lance.status == DISABLED
    assert texts(game, "disabled") == ["Lance has fled too long and is disabled"]


def test_arm_morale_rout_end_counts_a_flight_in_the_round_of_the_rout() -> None:
    """ARM-MORALE-ROUT-END (l.195, our translation: a routed fleet keeps fleeing unless an
    admiral's rally lifts its morale or it has fled for 3 rounds, after which it is
    disabled): a fleet routed during the helm phase before it has moved (by a free attack
    or debris) flees in that phase, so its third flight is in the second round after and it
    is disabled then. Before version 0.12 it fled a fourth time."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    game = battle(
        blue, [GRUDGE], [[[0, 0, 0], [4, 0, 0]], [[0, -12, 3]]], [1, 2] * 4, max_rounds=5
    )
    lance = game.state.fleets[0]  # type: ignore[attr-defined]
    assert game.state.round == 1 and game.state.phase == "helm"  # type: ignore[attr-defined]
    lance.morale, lance.routed_round = ROUTED, 1  # routed now, before its move
    for _ in range(3):
        start = lance.hex.distance(game.state.fleets[2].hex)  # type: ignore[attr-defined]
        hold_position(game)
        assert lance.hex.distance(game.state.fleets[2].hex) > start  # type: ignore[attr-defined]
        hold_fire(game)
    assert game.state.round == 4 and lance.status == DISABLED  # type: ignore[attr-defined]
    assert texts(game, "disabled") == ["Lance has fled too long and is disabled"]


def test_arm_ability_self_destruct_offered_when_rout_disables_the_fleet() -> None:
    """ARM-ABILITY-SELF-DESTRUCT, ARM-MORALE-ROUT-END: a fleet with self-destruct disabled
    by its third round of flight, with a fleet next to it, is offered to blow itself up."""
    sapper = fleet("Sapper", 3, "small", "fighter", "self-destruct")
    places = [[[0, 0, 0], [4, 0, 0]], [[5, -20, 3]]]
    game = battle([LANCE, sapper], [GRUDGE], places, [1, 2] * 2, max_rounds=5)
    state = game.state
    lance, sap = state.fleets[0], state.fleets[1]  # type: ignore[attr-defined]
    sap.morale, sap.routed_round = ROUTED, -2  # its third round of flight ends this round
    hold_position(game)
    lance.place(HexPose(sap.hex.neighbors()[0], 0))  # Lance comes alongside
    hold_fire(game)
    assert sap.status == DISABLED and isinstance(game.top, SelfDestructChoice)
    assert game.pending()[0].options == (SelfDestruct(1, 0), Decline(1))
    game.apply(0, Decline(1))
    assert game.outcome is None and state.round == 2  # type: ignore[attr-defined]


def test_arm_end_round_limit_scores_build_points_beaten() -> None:
    """ARM-END-LIMIT: after the last round the side that beat more build points wins."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    game = battle(blue, [GRUDGE], [[[0, 0, 0], [4, 0, 0]], [[5, -20, 3]]], [1, 2], max_rounds=1)
    game.state.fleets[1].status = DISABLED  # type: ignore[attr-defined]
    hold_position(game)
    hold_fire(game)
    assert game.outcome is not None
    assert game.outcome.winners == (1,) and game.outcome.scores == (0.0, 9.0)


def test_arm_end_limit_none_when_the_set_up_asks_as_in_the_seed() -> None:
    """ARM-END-LIMIT: the seed sets no round limit; the engine's default is 10 rounds, and
    a set-up with ``max_rounds: 0`` plays on past it while both sides have fleets."""
    places = [[[0, 0, 0]], [[5, -20, 3]]]
    assert battle([LANCE], [GRUDGE], places, [1, 2]).state.max_rounds == 10
    game = battle([LANCE], [GRUDGE], places, [1, 2] * 12, max_rounds=0)
    for _ in range(11):
        hold_position(game)
        hold_fire(game)
    assert game.outcome is None and game.state.round == 12  # type: ignore[attr-defined]
    with pytest.raises(SetupError, match=r"setup.max_rounds: a whole number of rounds \(0: no"):
        battle([LANCE], [GRUDGE], places, [], max_rounds=-1)


def test_arm_end_one_side_beaten() -> None:
    """ARM-END-BEATEN: the battle ends when one side has no active fleet left."""
    game = battle([LANCE], [GRUDGE, fleet("Wing", 3, "small", "fighter")],
                  [[[0, 0, 0]], [[5, -20, 3], [7, -20, 3]]], [1, 2])
    game.state.fleets[0].status = DISABLED  # type: ignore[attr-defined]
    hold_position(game)
    hold_fire(game)
    assert game.outcome is not None and game.outcome.winners == (1,)
