"""Flybys and free attacks, boarders, self-destruct, arrays and gravity mines
(ARM-STUNT-FLYBY, ARM-MOVE-FREE-ATTACK, ARM-ABILITY-*)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rulesets.armada.helpers import (
    battle,
    fleet,
    hold_position,
    in_gunnery,
    skip_orders,
    texts,
)
from warbench.core.actions import Action
from warbench.core.engine import Game, IllegalAction
from warbench.core.hexgrid import Hex
from warbench.rulesets.armada.actions import (
    Decline,
    Fire,
    HoldFire,
    LayMines,
    Move,
    Order,
    SelfDestruct,
)
from warbench.rulesets.armada.damage import SelfDestructChoice
from warbench.rulesets.armada.mines import MinesWindow
from warbench.rulesets.armada.state import DESTROYED, DISABLED

GRUDGE = fleet("Grudge", 3, "medium", "capital", "flagship")


def act(game: Game, *actions: Action) -> None:
    for action in actions:
        game.apply(game.pending()[0].player, action)


def refused(game: Game, action: Action, reason: str) -> None:
    before = game.hash()
    with pytest.raises(IllegalAction, match=reason):
        act(game, action)
    assert game.hash() == before


def lance(*abilities: str) -> dict[str, Any]:
    return fleet("Lance", 3, "medium", "destroyer", "flagship", *abilities)


@pytest.mark.parametrize(
    ("stunt", "dice", "red_abilities", "lance_after"),
    [
        ("", [15, 9], (), (0, 16 - 5)),  # passing through: a free attack, 9 + 1 = 10
        ("flyby", [2, 15, 9], (), (0, 16)),  # failed flyby (5 < 12): the free attack halved
        ("flyby", [2, 15, 9], ("point-defense",), (0, 16 - 5)),  # point defense: full damage
        ("flyby", [9], (), (5, 16)),  # flyby made (9 + 2 + 1 = 12): no free attack
    ],
)
def test_arm_stunt_flyby_and_free_attacks(
    stunt: str, dice: list[int], red_abilities: tuple[str, ...], lance_after: tuple[int, int]
) -> None:
    """ARM-STUNT-FLYBY, ARM-MOVE-FREE-ATTACK, ARM-ABILITY-PD: moving through an enemy's hex
    draws its free attack (1 hex, any arc, no forward shields), landing at once; a flyby
    (piloting DC = the enemy's AC) avoids it, and a failed one still passes but takes it at
    half damage (full against point defense)."""
    red = [fleet("Grudge", 3, "medium", "capital", "flagship", *red_abilities)]
    game = battle([lance()], red, [[[0, 0, 0]], [[0, -2, 3]]], [1, 2, *dice])
    act(game, Move(0, "FFF", stunt, target=1 if stunt else -1))
    moved = game.state.fleets[0]
    assert moved.hex == Hex(0, -3)
    assert (moved.shields, moved.hull) == lance_after


def test_arm_ability_superweapon_goes_only_with_the_fleets_own_attack() -> None:
    """ARM-ABILITY-SUPERWEAPON (the engine's reading of l.134, "when it attacks"): a
    superweapon fires only with its fleet's own attack of the gunnery phase. Lance passing
    through Grudge's hex draws Grudge's free attack, rolled as any fleet's (9 + 1 = 10
    damage, no -2 and no extra damage), and Grudge's superweapon stays ready."""
    red = [fleet("Grudge", 3, "medium", "capital", "flagship", "superweapon")]
    game = battle([lance()], red, [[[0, 0, 0]], [[0, -2, 3]]], [1, 2, 15, 9])
    act(game, Move(0, "FFF"))
    lance_now, grudge = game.state.fleets
    assert (lance_now.shields, lance_now.hull) == (0, 16 - 5)
    (hit,) = texts(game, "hit")
    assert hit.startswith("Grudge's free attack hits Lance") and "superweapon" not in hit
    assert grudge.superweapon_used_round == -10  # never fired: ready for its own attack


@pytest.mark.parametrize(
    ("red_abilities", "dice", "lance_after"),
    [
        ((), [2, 15, 8, 15, 3], (0, 16 - 1)),  # failed: Sting 8 // 2 = 4, Grudge 4 // 2 = 2
        (("point-defense",), [2, 15, 8, 15, 3], (0, 16 - 5)),  # point defense: Sting's full 8
        ((), [9, 15, 8], (5 - 4, 16)),  # made: no attack from Grudge, Sting's halved
    ],
)
def test_arm_stunt_flyby_halves_every_free_attack_on_the_flying_fleet(
    red_abilities: tuple[str, ...], dice: list[int], lance_after: tuple[int, int]
) -> None:
    """ARM-STUNT-FLYBY, ARM-ABILITY-PD: free attacks made during a flyby deal half damage,
    from every enemy passed, not only the one named (the destroyer Sting before Grudge); point
    defense deals full damage to a fleet that failed its flyby."""
    red = [fleet("Sting", 3, "small", "destroyer", *red_abilities), GRUDGE]
    game = battle([lance()], red, [[[0, 0, 0]], [[0, -1, 3], [0, -2, 3]]], [1, 2, *dice])
    act(game, Move(0, "FFF", "flyby", target=2))  # 2 + 2 + 1 = 5 or 9 + 3 = 12 against 12
    moved = game.state.fleets[0]
    assert moved.hex == Hex(0, -3)
    assert (moved.shields, moved.hull) == lance_after
    assert all("half damage" in text for text in texts(game, "hit")) == (not red_abilities)


def test_arm_stunt_flyby_refusals() -> None:
    """ARM-STUNT-FLYBY: a flyby must pass through the named enemy fleet's hex."""
    blue = [lance(), fleet("Wing", 3, "small", "fighter")]
    game = battle(blue, [GRUDGE], [[[0, 0, 0], [1, 0, 0]], [[0, -2, 3]]], [1, 2])
    refused(game, Move(0, "F", "flyby", target=2), "does not pass through Grudge's hex")
    refused(game, Move(0, "FFF", "flyby", target=1), "passes an enemy fleet on the map")
    refused(game, Move(0, "FF", "flyby", target=2), "may not end")


def test_arm_stunt_flyby_attack_at_close_range_and_boarders() -> None:
    """ARM-STUNT-FLYBY, ARM-ABILITY-BOARDERS: after a flyby the fleet attacks that enemy as
    at 1 hex in any arc, without its forward shields; its boarders cross over and make a bonus
    gunnery check each gunnery phase for half damage, until one fails (captured)."""
    dice = [1, 2, 9, 15, 8, 10, 5, 1, 1, 2, 1]
    game = battle([lance("boarders")], [GRUDGE], [[[0, 0, 0]], [[0, -2, 3]]], dice,
                  max_rounds=2)
    act(game, Move(0, "FFF", "flyby", target=1))  # 9 + 2 + 1 = 12 against AC 12
    hold_position(game)
    assert texts(game, "boarders") == [
        "Lance's boarders cross to Grudge",
        "Lance's boarders strike Grudge for 3 (17 against AC 12)",  # (8 - 1) // 2
    ]
    act(game, Fire(0, 1))  # Grudge is behind Lance, but in reach after the flyby
    act(game, HoldFire(1))
    assert texts(game, "hit")[0] == (
        "Lance hits Grudge (12 against AC 12, close range): 4 damage (shields first)")
    grudge = game.state.fleets[1]
    assert (grudge.shields, grudge.hull) == (1, 16 - 2)  # 3 + 4 = 7: 5 on shields
    hold_position(game)  # round 2: the boarders roll 1 and are captured
    assert texts(game, "boarders")[-1] == (
        "Lance's boarders are captured aboard Grudge (3 against AC 12)")
    assert game.state.fleets[0].boarding == -1
    with pytest.raises(IllegalAction, match="in none of Lance's firing arcs"):
        act(game, Fire(0, 1))  # the flyby's reach lasted one round


def test_arm_ability_boarders_keep_attacking_a_disabled_fleet() -> None:
    """ARM-ABILITY-BOARDERS: only a failed check ends a boarding (captured): the boarders
    go on striking the fleet they boarded after it is disabled, while it is not destroyed."""
    spur = fleet("Spur", 3, "small", "fighter")
    # round 1: the helm's 1d6s, the flyby, the boarders' check and damage, Lance's check and
    # damage; round 2: the helm's 1d6s, the boarders' check and damage
    dice = [1, 2, 9, 15, 8, 10, 5, 1, 2, 14, 6]
    game = battle([lance("boarders")], [GRUDGE, spur], [[[0, 0, 0]], [[0, -2, 3], [6, -8, 3]]],
                  dice, max_rounds=3)
    act(game, Move(0, "FFF", "flyby", target=1))
    hold_position(game)
    grudge = game.state.fleets[1]
    grudge.shields, grudge.hull = 0, 3
    act(game, Fire(0, 1), HoldFire(1), HoldFire(2))  # 3 + 4 damage: hull -4
    assert grudge.status == DISABLED and game.state.round == 2
    hold_position(game)
    assert texts(game, "boarders")[-1] == (
        "Lance's boarders strike Grudge for 2 (16 against AC 12)")  # (6 - 1) // 2
    assert game.state.fleets[0].boarding == 1


@pytest.mark.parametrize("blow_up", [True, False])
def test_arm_ability_self_destruct(blow_up: bool) -> None:
    """ARM-ABILITY-SELF-DESTRUCT: a fleet about to be disabled may be destroyed instead and
    make a free attack on an adjacent fleet."""
    dice = [1, 2, 15, 5, 12, 10]
    game = battle([lance("self-destruct")], [GRUDGE], [[[0, 0, 0]], [[0, -1, 3]]], dice)
    lance_fleet = game.state.fleets[0]
    lance_fleet.hull, lance_fleet.shields = 1, 0
    hold_position(game)
    act(game, HoldFire(0), Fire(1, 0))  # 15 + 2 against 13: 5 + 1 = 6 damage: disabled
    assert isinstance(game.top, SelfDestructChoice) and lance_fleet.status == DISABLED
    assert game.pending()[0].options == (SelfDestruct(0, 1), Decline(0))
    act(game, SelfDestruct(0, 1) if blow_up else Decline(0))
    grudge = game.state.fleets[1]
    if blow_up:  # 12 + 2 against 12: 10 - 1 = 9 damage
        assert lance_fleet.status == DESTROYED
        assert (grudge.shields, grudge.hull) == (0, 16 - 4)
        assert texts(game, "self_destruct") == ["Lance self-destructs, attacking Grudge"]
    else:
        assert lance_fleet.status == DISABLED and grudge.hull == 16
    assert game.outcome is not None and game.outcome.winners == (1,)


def test_arm_ability_self_destruct_offered_with_no_fleet_adjacent() -> None:
    """ARM-ABILITY-SELF-DESTRUCT: a fleet about to be disabled with no fleet next to it may
    still be destroyed instead, with no attack to make."""
    game = battle([lance("self-destruct")], [GRUDGE], [[[0, 0, 0]], [[0, -2, 3]]], [1, 2, 15, 5])
    lance_fleet = game.state.fleets[0]
    lance_fleet.hull, lance_fleet.shields = 1, 0
    hold_position(game)
    act(game, HoldFire(0), Fire(1, 0))  # 15 + 2 against 13: 5 + 1 = 6 damage: disabled
    assert isinstance(game.top, SelfDestructChoice) and lance_fleet.status == DISABLED
    assert game.pending()[0].options == (SelfDestruct(0, -1), Decline(0))
    refused(game, SelfDestruct(0, 1), "target 1 is not a legal answer")
    act(game, SelfDestruct(0, -1))
    assert lance_fleet.status == DESTROYED and game.state.fleets[1].hull == 16
    assert texts(game, "self_destruct") == ["Lance self-destructs"]


def test_arm_ability_array_attacks_up_to_three_in_one_arc() -> None:
    """ARM-ABILITY-ARRAY: up to three fleets in one firing arc, each with its own check at -2
    (two fleets) or -4 (three); an attack that counts as the fleet's one attack."""
    blue = [fleet("Anvil", 3, "large", "destroyer", "flagship", "array"),
            fleet("Pike", 3, "medium", "destroyer")]
    red = [GRUDGE, fleet("Wing", 3, "small", "fighter"), fleet("Dart", 3, "small", "fighter")]
    places = [[[0, 0, 0], [4, 0, 0]], [[0, -2, 3], [1, -3, 3], [2, -1, 3]]]
    game = battle(blue, red, places, [1, 2, 13, 7, 5])
    hold_position(game)
    refused(game, Fire(0, 2, also=(3, 4)), "an array's targets must all lie in one firing arc")
    refused(game, Fire(1, 2, also=(3,)), "Pike has no array")
    refused(game, Fire(0, 2, also=(2,)), "two or three different fleets")
    act(game, Fire(0, 2, also=(3,)))  # both fore: 13 + 2 - 2 and 5 + 2 - 2
    assert [e.data["check"] for e in game.events if e.kind in ("hit", "miss")] == [13, 5]
    assert texts(game, "hit") == [
        "Anvil hits Grudge (13 against AC 13, short range): 6 damage (shields first)"]
    act(game, HoldFire(2))
    with pytest.raises(IllegalAction, match=r"Anvil has made its attack this round \(ARM-GUN-ONCE"):
        act(game, Fire(0, 4))


def test_arm_ability_gravity_mines() -> None:
    """ARM-ABILITY-MINES: once a battle, at the end of the helm phase, mines in two hexes
    within 2; active from the next round for three rounds; entering the first hex next to a
    mine in a round costs 2 hexes of movement; a mine (AC 5, half the tier in hit points)
    can be shot down."""
    blue = [fleet("Layer", 3, "medium", "destroyer", "flagship", "gravity-mines")]
    dice = [1, 2, 10, 3, 1, 2, 1, 2, 1, 2]
    game = battle(blue, [GRUDGE], [[[0, 0, 0]], [[0, -10, 3]]], dice, max_rounds=4)
    hold_position(game)
    assert isinstance(game.top, MinesWindow)
    refused(game, LayMines(0, ((0, -3), (1, -2))),
            "3 hexes north of Layer is more than 2 hexes from it")
    refused(game, LayMines(0, ((0, -2), (0, -2))), "2 different hexes")
    act(game, LayMines(0, ((0, -2), (1, -2))))
    state = game.state
    assert [(m.q, m.r, m.hp) for m in state.mines] == [(0, -2, 1), (1, -2, 1)]
    assert in_gunnery(game)
    act(game, HoldFire(0), Fire(1, -1, mine=0))  # 10 + 2 - 2 (long) against AC 5: 3 damage
    assert texts(game, "mine_destroyed") == ["gravity mine m0 is destroyed"]
    assert [(m.q, m.r) for m in state.mines] == [(1, -2)]
    layer = state.fleets[0]
    refused(game, Move(0, "FFFFF"), "this move needs 6 hexes of movement, it has 5")
    act(game, Move(0, "FFFF"))
    assert layer.hex == Hex(0, -4) and layer.slowed_round == 2
    for _ in range(3):  # rounds 2 to 4: no second laying; the mine lapses after round 4
        hold_position(game)
        assert in_gunnery(game)
        while in_gunnery(game):
            decision = game.pending()[0]
            act(game, next(o for o in decision.options if isinstance(o, HoldFire)))
    assert game.is_over and state.round == 4 and state.mines == []


def officer(name: str, role: str, aboard: str, resolve: int) -> dict[str, Any]:
    return {"name": name, "role": role, "ranks": 6, "fleet": aboard, "resolve": resolve}


def array_battle(dice: list[int], points: list[int]) -> Game:
    """Anvil (array) faces Grudge and Wing in its fore arc, with an officer aboard for each
    of ``points`` (its resolve points)."""
    blue = [fleet("Anvil", 3, "large", "destroyer", "flagship", "array"),
            fleet("Pike", 3, "medium", "destroyer")]
    red = [GRUDGE, fleet("Wing", 3, "small", "fighter")]
    roles = ["chief-engineer", "chief-spellcaster"]
    officers = [officer(f"Officer {n}", roles[n], "Anvil", p) for n, p in enumerate(points)]
    places = [[[0, 0, 0], [4, 0, 0]], [[0, -2, 3], [1, -3, 3]]]
    game = battle(blue, red, places, dice, blue_officers=officers)
    hold_position(game)
    return game


def test_arm_off_resolve_an_array_spends_a_point_before_each_of_its_checks() -> None:
    """ARM-OFF-RESOLVE, ARM-ABILITY-ARRAY: an array makes one check per target, and an
    officer may spend a resolve point before each: every check rolls its d20 twice and keeps
    the better, a point spent on each (from the officer aboard with the most left)."""
    plain = array_battle([1, 2, 13, 7, 5], [0, 0])
    act(plain, Fire(0, 2, also=(3,)))
    plain_checks = [e.data["check"] for e in plain.events if e.kind in ("hit", "miss")]
    game = array_battle([1, 2, 4, 13, 7, 5, 1], [1, 1])
    options = game.pending()[0].options
    assert Fire(0, 2, also=(3,), resolve=True) in options
    act(game, Fire(0, 2, also=(3,), resolve=True))  # max(4, 13), then max(5, 1)
    assert [e.data["check"] for e in game.events if e.kind in ("hit", "miss")] == plain_checks
    assert [officer.resolve for officer in game.state.officers] == [0, 0]
    assert texts(game, "hit") == [
        "Anvil hits Grudge (13 against AC 13, short range): 6 damage (shields first)"]


def test_arm_off_resolve_an_array_needs_a_point_for_every_check() -> None:
    """ARM-OFF-RESOLVE: with one point aboard an array on two fleets takes no resolve (one
    point before each of its two checks); the attack on one fleet still may."""
    game = array_battle([1, 2], [1, 0])
    options = game.pending()[0].options
    assert Fire(0, 2, resolve=True) in options
    assert Fire(0, 2, also=(3,)) in options
    assert Fire(0, 2, also=(3,), resolve=True) not in options
    refused(game, Fire(0, 2, also=(3,), resolve=True),
            "resolve costs a point before each of the 2 checks, and the officers aboard "
            "Anvil have 1 left")


def test_arm_off_resolve_a_shot_at_a_mine() -> None:
    """ARM-OFF-RESOLVE, ARM-ABILITY-MINES: a shot at a gravity mine is a gunnery check, so an
    officer aboard may spend a resolve point on it: the d20 twice, the better kept."""
    blue = [fleet("Layer", 3, "medium", "destroyer", "flagship", "gravity-mines")]
    red_officers = [officer("Gunner", "chief-engineer", "Grudge", 1)]
    dice = [1, 2, 4, 10, 3]
    game = battle(blue, [GRUDGE], [[[0, 0, 0]], [[0, -10, 3]]], dice, max_rounds=4,
                  red_officers=red_officers)
    hold_position(game)
    act(game, LayMines(0, ((0, -2), (1, -2))))
    act(game, HoldFire(0))
    options = game.pending()[0].options
    assert Fire(1, -1, mine=0, resolve=True) in options and Fire(1, -1, mine=0) in options
    refused(game, Fire(1, -1, mine=0, superweapon=True), "names target -1 and nothing else")
    act(game, Fire(1, -1, mine=0, resolve=True))  # max(4, 10) + 2 - 2 (long): 3 damage
    assert game.state.officers[0].resolve == 0
    assert texts(game, "mine_destroyed") == ["gravity mine m0 is destroyed"]


def test_arm_off_encourage_a_shot_at_a_mine_takes_it() -> None:
    """ARM-OFF-ENCOURAGE (l.145: the bonus goes to the check the encouragement was given
    for), ARM-ABILITY-MINES: Grudge's shot at a gravity mine is its gunnery check, so the
    encouragement its admiral gave just before goes to it: a natural 1 + 2 - 2 (long) + 4
    reaches the mine's AC 5. Before version 0.12 the shot missed and the encouragement
    stayed pending for Grudge's next check."""
    blue = [fleet("Layer", 3, "medium", "destroyer", "flagship", "gravity-mines")]
    red_officers = [{"name": "Ada", "role": "admiral", "ranks": 12, "fleet": "Grudge"}]
    game = battle(blue, [GRUDGE], [[[0, 0, 0]], [[0, -10, 3]]], [1, 2, 10, 1, 1],
                  max_rounds=4, red_officers=red_officers)
    hold_position(game)
    act(game, LayMines(0, ((0, -2), (1, -2))))
    act(game, HoldFire(0), Order(0, "encourage", 1))  # 10 + 4 + 2 = 16 against DC 10
    assert game.state.fleets[1].this_round.encouraged == 4
    act(game, Fire(1, -1, mine=0))
    assert texts(game, "mine_shot") == ["Grudge hits gravity mine m0 (5 against AC 5): 1 damage"]
    assert texts(game, "mine_destroyed") == ["gravity mine m0 is destroyed"]


@pytest.mark.parametrize(("resolve", "dice", "lance_after"), [
    (True, [1, 2, 2, 9], (8, 16)),  # max(2, 9) + 2 + 1 = 12: made, no free attack
    (False, [1, 2, 2, 15, 9], (8 - 5, 16)),  # 2 fails: the free attack hits, 10 // 2 = 5
])
def test_arm_off_resolve_a_stunts_piloting_check_rolls_twice(
    resolve: bool, dice: list[int], lance_after: tuple[int, int]
) -> None:
    """ARM-OFF-RESOLVE, ARM-STUNT-FLYBY: an officer's resolve point spent on a flyby rolls
    its piloting d20 twice and keeps the better (the flyby is made against Grudge's AC 12,
    so no free attack); without it the first die, a 2, fails and Grudge's free attack lands
    at half damage. Resolve goes only with a stunt that has a piloting check: an ordinary
    move or a turn in place with it is refused."""
    blue = [officer("Eng", "chief-engineer", "Lance", 1)]
    game = battle([lance()], [GRUDGE], [[[0, 0, 0]], [[0, -2, 3]]], dice, blue_officers=blue)
    skip_orders(game)
    refused(game, Move(0, "FFF", target=1, resolve=True),
            "only a stunt with a piloting check can spend resolve")
    refused(game, Move(0, "R", "turn-in-place", resolve=True),
            "only a stunt with a piloting check can spend resolve")
    act(game, Move(0, "FFF", "flyby", target=1, resolve=resolve))
    moved = game.state.fleets[0]
    assert moved.hex == Hex(0, -3) and (moved.shields, moved.hull) == lance_after
    assert game.state.officers[0].resolve == (0 if resolve else 1)


def test_arm_off_conjure_debris_hinders_a_shot_at_a_mine() -> None:
    """ARM-OFF-CONJURE (l.151: any attack crossing the debris takes -1 to its gunnery
    check), ARM-ABILITY-MINES: a shot at a gravity mine is an attack, so one whose line of
    fire crosses conjured debris takes the -1 as a shot at a fleet does. Grudge's natural 5
    + 2 - 2 (long) - 1 misses the mine's AC 5; before version 0.14 the debris was left out
    of shots at mines and the 5 hit."""
    blue = [fleet("Layer", 3, "medium", "destroyer", "flagship", "gravity-mines")]
    red_officers = [{"name": "Sab", "role": "chief-spellcaster", "ranks": 6, "fleet": "Grudge"}]
    game = battle(blue, [GRUDGE], [[[0, 0, 0]], [[0, -10, 3]]], [10, 1, 2, 5, 3],
                  max_rounds=4, red_officers=red_officers)
    act(game, Order(0, "conjure", q=0, r=-6))  # 10 + 3 + 2 = 15 against DC 10
    hold_position(game)
    act(game, LayMines(0, ((0, -2), (1, -2))))
    act(game, HoldFire(0), Fire(1, -1, mine=0))
    assert texts(game, "mine_shot") == ["Grudge misses gravity mine m0 (4 against AC 5)"]
    assert [mine.hp for mine in game.state.mines] == [1, 1]
