"""Attacks, damage, the life spiral, charges, free strikes and power attacks.

Positions: player 0 near y = 0 facing up the table (heading 0), player 1 facing down."""

from __future__ import annotations

import pytest

from tests.hordes.helpers import RULES, activate, battle, options, script
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.rulesets.hordes.actions import (
    Attack,
    Cast,
    Charge,
    DamageBoost,
    Done,
    FreeStrike,
    Headbutt,
    Hold,
    Move,
    Place,
    Rile,
    Slam,
    Transfer,
)
from warbench.rulesets.hordes.rolls import attack_outcome
from warbench.rulesets.hordes.space import gap
from warbench.rulesets.hordes.spiral import crippled, fill

BRUTE_VS_TITAN = [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]]
#: The radius of a 50 mm base, in inches.
LARGE = 50 / 25.4 / 2


def engaged_pair(gap: float = 0.3):
    """Brute (uid 1) facing the Titan (uid 3) with ``gap`` inches between bases."""
    return battle(
        BRUTE_VS_TITAN, [[24, 12, 0], [24, 20, 0], [24, 45, 180], [24, 20 + 2 * 0.984 + gap, 180]]
    )


def test_attack_roll_rules() -> None:
    """HOR-HIT: all 1s miss, all 6s hit with two or more dice, else total >= DEF;
    HOR-CRITICAL: a hit with two dice alike is critical."""
    assert attack_outcome([1, 1, 1], 30, 5) == (False, False)
    assert attack_outcome([6, 6], 0, 40) == (True, True)
    assert attack_outcome([2, 3], 7, 12) == (True, False)
    assert attack_outcome([2, 3], 6, 12) == (False, False)


def test_melee_attack_and_damage_roll() -> None:
    """HOR-COMBAT-ACTION, HOR-MELEE-RANGE, HOR-DAMAGE-ROLL, HOR-WEAPON-STATS: 2d6 + MAT against
    DEF, then 2d6 + P+S against ARM marks the excess on the life spiral (HOR-SPIRAL)."""
    game = engaged_pair()
    activate(game, 1)
    game.apply(0, Hold())
    assert Attack(0, 3) in options(game)
    script(game, 3, 4, 6, 6, 2)  # hit 7+6=13 >= 11; damage 12 + 5 + 11 = 28 - 18 = 10; branch 2
    game.apply(0, Attack(0, 3))
    titan = game.state.models[3]
    assert sum(titan.spiral) == 10 and titan.spiral[1] == 5 and titan.spiral[2] == 5


def test_ranged_and_melee_not_mixed_and_extra_attacks_cost_fury() -> None:
    """HOR-COMBAT-ACTION, HOR-EXTRA-ATTACK, HOR-FORCE-CAP: after its initial attacks a
    beast is forced (1 fury) for each additional attack, never above its FURY."""
    game = engaged_pair()
    activate(game, 1)
    game.apply(0, Hold())
    script(game, 1, 1, 1, 1, 1, 1, 1, 1)
    game.apply(0, Attack(0, 3))
    game.apply(0, Attack(1, 3))
    brute = game.state.models[1]
    assert brute.fury == 0
    game.apply(0, Attack(0, 3))  # additional: forced
    assert brute.fury == 1
    game.apply(0, Rile(3))  # now at its FURY 4: no more forcing
    assert brute.fury == 4
    assert not any(isinstance(o, Attack) for o in options(game))
    with pytest.raises(IllegalAction, match="HOR-COMBAT-ACTION"):
        game.apply(0, Attack(0, 3))
    mixed = battle([["vesk"], ["maelis"]], [[24, 20, 0], [24, 21.5, 180]])
    activate(mixed, 0)
    mixed.apply(0, Hold())
    script(mixed, 1, 1, 1, 1)
    mixed.apply(0, Attack(0, 1))
    assert not any(isinstance(o, Attack) and o.weapon == 1 for o in options(mixed))
    assert Attack(0, 1) in options(mixed)  # an extra melee attack for 1 fury
    with pytest.raises(IllegalAction):
        mixed.apply(0, Attack(1, 1))
    mixed.apply(0, Attack(0, 1))
    assert mixed.state.models[0].fury == 6


def test_boost_is_warlocks_fury() -> None:
    """HOR-BOOST: a warlock's boosted attack adds a die and costs 1 fury; beasts do not
    boost (the seed: warlock only)."""
    game = battle([["maelis"], ["vesk"]], [[24, 20, 0], [24, 21.5, 180]])
    activate(game, 0)
    game.apply(0, Hold())
    assert Attack(0, 1, True) in options(game)
    script(game, 1, 1, 2, 3, 3, 3, 3)
    game.apply(0, Attack(0, 1, True))
    assert game.state.models[0].fury == 6
    events = [e for e in game.events if e.kind == "hordes_attack"]
    assert events[-1].total == 1 + 1 + 2 + 5


def test_knocked_down_target_is_hit_automatically() -> None:
    """HOR-KNOCKDOWN: melee attacks hit a knocked-down model automatically."""
    game = engaged_pair()
    game.state.models[3].knocked_down = True
    activate(game, 1)
    game.apply(0, Hold())
    script(game, 1, 1, 1)  # only the damage roll and no branch: 2 + 16 < 18
    game.apply(0, Attack(0, 3))
    attack = [e for e in game.events if e.kind == "hordes_attack"][-1]
    assert attack.hit and attack.target == 3
    assert [e.label for e in game.events if e.kind == "roll"][-1].startswith("damage")


def test_charge_boosts_first_attack_and_costs_fury() -> None:
    """HOR-CHARGE, HOR-FORCE-RUN-CHARGE: a beast is forced to charge SPD + 3" straight at
    its target; after 3" or more its first attack has boosted damage."""
    game = battle(BRUTE_VS_TITAN, [[24, 3, 0], [24, 10, 0], [24, 45, 180], [24, 17, 180]])
    activate(game, 1)
    game.apply(0, Charge(3))
    brute, titan = game.state.models[1], game.state.models[3]
    assert brute.fury == 1
    assert abs((titan.y - brute.y) - 50 / 25.4) < 1e-6
    script(game, 5, 5, 1, 1, 1, 1)  # hit; damage of three dice: 3 + 16 < 18
    game.apply(0, Attack(0, 3))
    rolls = [e for e in game.events if e.kind == "roll" and e.label.startswith("damage")]
    assert len(rolls[-1].faces) == 3


def test_failed_charge_ends_activation() -> None:
    """HOR-CHARGE: a charger that does not reach its target ends its activation."""
    game = battle(BRUTE_VS_TITAN, [[24, 3, 0], [24, 10, 0], [24, 45, 180], [24, 30, 180]])
    activate(game, 1)
    game.apply(0, Charge(3))
    assert game.state.models[1].activated
    assert game.pending()[0].prompt.startswith("activate")


def test_free_strike_on_leaving_melee_range() -> None:
    """HOR-FREE-STRIKE: leaving an enemy's melee range lets it strike at +2 to hit with
    boosted damage; the enemy's controller decides."""
    game = engaged_pair()
    activate(game, 1)
    brute = game.state.models[1]
    game.apply(0, Move(brute.x, brute.y - 3, 180.0))
    decision = game.pending()[0]
    assert decision.player == 1 and FreeStrike(0) in decision.options
    script(game, 3, 3, 1, 1, 1, 4)
    game.apply(1, FreeStrike(0))
    attack = [e for e in game.events if e.kind == "hordes_attack"][-1]
    assert attack.total == 3 + 3 + 6 + 2
    damage = [e for e in game.events if e.kind == "roll" and e.label.startswith("damage")]
    assert len(damage[-1].faces) == 3
    # the log says it is a free strike, not a plain melee attack in the enemy's turn; the
    # roll's label (the search's dice key) stays the melee attack's
    assert attack.text.startswith("Magma Titan free strike with ")
    (effect,) = [e for e in game.events if isinstance(e, RollEffect) and e.query == "attack"]
    assert effect.told == "Magma Titan free strike on Oakhide Brute"
    assert effect.purpose == "Magma Titan melee attack on Oakhide Brute"


def test_move_refused_over_other_bases_and_beyond_speed() -> None:
    """HOR-MOVE-BASES, HOR-MOVE-ADVANCE: a leg may not cross another base or exceed SPD."""
    game = engaged_pair(3.0)
    activate(game, 1)
    brute = game.state.models[1]
    with pytest.raises(IllegalAction, match="another model's base"):
        game.apply(0, Move(brute.x, brute.y + 4.9, 0.0))
    with pytest.raises(IllegalAction, match="more than"):
        game.apply(0, Move(brute.x - 5.5, brute.y, 0.0))


def test_a_refused_move_reads_as_the_rules_reason_alone() -> None:
    """HOR-MOVE-ADVANCE: a leg beyond SPD is refused with the movement rule's reason only,
    in words; no catch-all refusal with the action's raw form after it (the web table shows
    this text)."""
    game = engaged_pair(3.0)
    activate(game, 1)
    brute = game.state.models[1]
    reason = game.check(0, Move(brute.x - 5.5, brute.y, 0.0))
    assert reason is not None and "more than" in reason and "HOR-MOVE-ADVANCE" in reason
    assert "Move(" not in reason and "is not legal now" not in reason
    late = game.check(0, Place(0, 1.0, 1.0, 0.0))  # no space of its kind: the rule, in words
    assert late is not None and late.startswith("place:") and "Place(" not in late


def test_run_forced_and_ends_activation() -> None:
    """HOR-MOVE-RUN, HOR-FORCE-RUN-CHARGE: a beast is forced to run twice its SPD; the
    activation then ends."""
    game = engaged_pair(20.0)
    activate(game, 1)
    brute = game.state.models[1]
    game.apply(0, Move(brute.x - 9.5, brute.y, 0.0, run=True))
    assert brute.fury == 1
    game.apply(0, Done())
    assert brute.activated


def test_hor_move_bases_facing_changes_any_number_of_times_during_a_move() -> None:
    """HOR-MOVE-BASES: a model may change facing at any time during its move, moving straight
    ahead between the changes (seed l.290), so a zigzag of five straight legs is a move like
    any other; it stops at the allowance, or after ten legs (the engine's bound, so that a
    move always ends)."""
    game = engaged_pair(20.0)
    activate(game, 1)
    brute = game.state.models[1]
    x, y = brute.x, brute.y
    zigzag = [(x - 0.6, y - 0.4), (x - 1.2, y), (x - 1.8, y - 0.4), (x - 2.4, y),
              (x - 3.0, y - 0.4)]
    for leg_x, leg_y in zigzag:
        game.apply(0, Move(leg_x, leg_y, 0.0))
        assert any("move on or stop" in d.prompt for d in game.pending())  # allowance left
    assert (brute.x, brute.y) == pytest.approx((x - 3.0, y - 0.4))
    for _ in range(5):
        game.apply(0, Move(brute.x, brute.y + 0.1, 0.0))
    assert not any("move on or stop" in d.prompt for d in game.pending())  # ten legs


def test_headbutt_knocks_down() -> None:
    """HOR-POWER, HOR-HEADBUTT, HOR-FORCE-POWER: forced; a hit knocks the target down and
    deals a damage roll at POW = STR."""
    game = engaged_pair()
    activate(game, 1)
    game.apply(0, Hold())
    assert Headbutt(3) in options(game)
    script(game, 6, 5, 6, 6, 1)
    game.apply(0, Headbutt(3))
    titan = game.state.models[3]
    assert titan.knocked_down and sum(titan.spiral) == 6 + 6 + 11 - 18
    assert game.state.models[1].fury == 1


def test_no_headbutt_against_larger_base() -> None:
    """HOR-HEADBUTT: never against a larger base."""
    game = battle(
        [["maelis", "mosshound"], ["vesk", "magma-titan"]],
        [[24, 3, 0], [24, 20, 0], [24, 45, 180], [24, 20 + 0.787 + 0.984 + 0.3, 180]],
    )
    activate(game, 1)
    game.apply(0, Hold())
    assert not any(isinstance(o, Headbutt) for o in options(game))


def test_slam_throws_and_knocks_down() -> None:
    """HOR-SLAM, HOR-SLAMMED, HOR-SLAM-DAMAGE: SPD + 3" straight at the target; after 3"
    an attack roll; a hit throws the target d6" away and knocks it down, then 2d6 + STR."""
    game = battle(BRUTE_VS_TITAN, [[24, 3, 0], [24, 10, 0], [24, 45, 180], [24, 17, 180]])
    activate(game, 1)
    titan_y = game.state.models[3].y
    script(game, 5, 5, 4, 6, 6, 2)
    game.apply(0, Slam(3))
    titan = game.state.models[3]
    assert titan.knocked_down and abs(titan.y - titan_y - 4) < 1e-6
    assert sum(titan.spiral) == 6 + 6 + 11 - 18


def test_hor_slam_under_three_inches_a_hit_deals_strength_damage_without_a_slam() -> None:
    """HOR-SLAM: a slam that reaches its target after less than 3" of movement (here about
    1.5") still rolls to hit, but a hit only makes a damage roll at POW equal to the
    slammer's STR (2d6 + 11 against ARM 18: 5): the target is not thrown nor knocked down."""
    game = battle(BRUTE_VS_TITAN, [[24, 3, 0], [24, 10, 0], [24, 45, 180], [24, 13.5, 180]])
    activate(game, 1)
    brute, titan = game.state.models[1], game.state.models[3]
    start = (brute.y, titan.y)
    script(game, 5, 5, 6, 6, 2)
    game.apply(0, Slam(3))
    assert 0 < brute.y - start[0] < 3 and titan.y == start[1]
    assert not titan.knocked_down and sum(titan.spiral) == 6 + 6 + 11 - 18


@pytest.mark.parametrize("layout, needed, result", [
    ("open", 16, "hit"), ("standard", 16 + 2, "miss")])
@pytest.mark.parametrize("attack, kind, total", [
    (Attack(1, 1), "ranged attack with Spitfire", 9 + 8),
    (Cast("scorch", 1), "magic attack with Scorch", 9 + 7)])
def test_hor_terrain_a_model_in_a_forest_is_concealed_from_ranged_and_magic_attacks(
    layout: str, needed: int, result: str, attack: Attack | Cast, kind: str, total: int
) -> None:
    """HOR-TERRAIN (engine default): a model inside a forest adds the concealment bonus (2)
    to its DEF against ranged and magic attacks: Vesk's Spitfire (RAT 8) and Scorch (FURY
    7) roll 4 + 5 at Maelis (DEF 16) 7.5" away, a hit in the open and a miss once the
    standard layout's forest stands where Maelis does; the attack's text names the weapon
    or spell."""
    game = battle([["vesk"], ["maelis"]], [[12, 14, 0], [12, 21.5, 180]], layout=layout)
    activate(game, 0)
    game.apply(0, Hold())
    script(game, 4, 5, *[3] * 10)
    game.apply(0, attack)
    said = f"Cinder Matron Vesk {kind} on Elder Maelis: {total} against DEF {needed}"
    assert f"{said}, {result}" in [getattr(event, "text", "") for event in game.events]


def test_slam_collateral() -> None:
    """HOR-COLLATERAL: a slammed model meeting a model of its base size stops, rolls an
    extra damage die, and the other model is knocked down and takes collateral damage."""
    game = battle(
        [["maelis", "oakhide-brute"], ["vesk", "magma-titan", "obsidian-horror"]],
        [[24, 3, 0], [24, 10, 0], [24, 45, 180], [24, 17, 180], [24, 21, 180]],
    )
    activate(game, 1)
    script(game, 5, 5, 6, 3, 3, 3, 1, 1, 1, 1)
    game.apply(0, Slam(3))
    assert game.state.models[4].knocked_down and game.state.models[3].knocked_down


def test_transfer_is_the_defenders_choice() -> None:
    """HOR-TRANSFER: damage to a warlock may go to a beast in its control area for 1 fury;
    the defending player decides in the middle of the attack."""
    game = battle(
        [["maelis"], ["vesk", "magma-titan"]], [[24, 20, 0], [24, 21.5, 180], [24, 26, 180]]
    )
    activate(game, 0)
    game.apply(0, Hold())
    script(game, 6, 6, 6, 6, 4)
    game.apply(0, Attack(0, 1))
    game.apply(0, DamageBoost(1, False))  # the attacker's damage boost comes first
    decision = game.pending()[0]
    assert decision.player == 1 and Transfer(2) in decision.options
    game.apply(1, Transfer(2))
    assert game.state.models[1].damage == 0 and game.state.models[1].fury == 6
    assert sum(game.state.models[2].spiral) == 6 + 6 + 10 - 14


def test_destroying_the_warlock_wins() -> None:
    """HOR-VICTORY, HOR-WARLOCK-BOXES: the last box of a warlock removes it; its side loses."""
    game = battle(
        [["maelis"], ["vesk"]],
        [[24, 20, 0], [24, 21.5, 180]],
        prepare=lambda s: setattr(s.models[1], "damage", 15),
    )
    activate(game, 0)
    game.apply(0, Hold())
    script(game, 6, 6, 6, 6)
    game.apply(0, Attack(0, 1))
    game.apply(0, DamageBoost(1, False))
    assert game.is_over and game.outcome is not None and game.outcome.winners == (0,)


def test_a_warlock_kill_scores_unmarked_boxes_as_the_turn_limit_does() -> None:
    """HOR-VICTORY, HOR-TURN-LIMIT: every game's scores are each side's unmarked boxes on
    its living models, so a report's mean score reads one scale (a warlock kill scored 1
    and 0 where a game at the turn limit scored boxes)."""
    game = battle(
        [["maelis"], ["vesk"]],
        [[24, 20, 0], [24, 21.5, 180]],
        prepare=lambda s: (setattr(s.models[1], "damage", 15), setattr(s.models[0], "damage", 4)),
    )
    activate(game, 0)
    game.apply(0, Hold())
    script(game, 6, 6, 6, 6)
    game.apply(0, Attack(0, 1))
    game.apply(0, DamageBoost(1, False))
    assert game.outcome is not None and game.outcome.winners == (0,)
    maelis = game.data.models["maelis"]
    assert game.outcome.scores == (float(maelis.damage - 4), 0.0)


def test_life_spiral_fill_and_aspects() -> None:
    """HOR-SPIRAL, HOR-SPIRAL-ASPECTS: damage fills the rolled branch, then the next;
    an aspect is crippled when both its branches are full."""
    marked = [0] * 6
    sizes = (3, 3, 3, 3, 3, 3)
    fill(marked, sizes, 6, 5)
    assert marked == [2, 0, 0, 0, 0, 3]
    fill(marked, sizes, 1, 4)
    assert crippled(marked, sizes) == frozenset({"mind"})


def test_stepping_away_from_base_contact() -> None:
    """HOR-MOVE-BASES: a model in base contact may move away from the other base, but not
    into it (the Titan faces away: no free strike)."""
    touching = 2 * 50 / 25.4 / 2 - 1e-4  # a hair of overlap, as rounding leaves it
    game = battle(BRUTE_VS_TITAN, [[24, 3, 0], [24, 20, 0], [24, 45, 180], [24, 20 + touching, 0]])
    activate(game, 1)
    brute = game.state.models[1]
    with pytest.raises(IllegalAction, match="another model's base"):
        game.apply(0, Move(brute.x, brute.y + 1.0, 0.0))
    game.apply(0, Move(brute.x - 3.0, brute.y, 270.0))
    assert brute.x == pytest.approx(21.0)


def test_hor_charge_a_reach_charger_may_stop_once_in_melee_range() -> None:
    """HOR-CHARGE: a charger moves up to SPD + 3" and may stop anywhere on its line once the
    target is in melee range: the Rootcrusher (SPD 4, a 2" reach maul) stops 2" from the
    Titan after 6", then makes its charge attack (damage boosted); a stop leaving the
    target out of melee range, or beyond the 7" it gets, is refused with the reason."""
    game = battle(
        [["maelis", "rootcrusher"], ["vesk", "magma-titan"]],
        [[24, 3, 0], [24, 10, 0], [24, 45, 180], [24, 10 + 2 * LARGE + 8, 180]],
    )
    activate(game, 1)
    outside = game.check(0, Charge(3, 2.5))
    assert outside is not None and "melee range" in outside and "HOR-CHARGE" in outside
    beyond = game.check(0, Charge(3, 0.5))
    assert beyond is not None and 'gets only 7.00"' in beyond and "HOR-CHARGE" in beyond
    text = RULES.action_text(game.state, Charge(3, 2.0))
    assert text == 'charge Magma Titan, stopping 2.00" short of it (8.0" away, moves 6.0": reaches)'
    game.apply(0, Charge(3, 2.0))
    crusher, titan = game.state.models[1], game.state.models[3]
    assert abs(crusher.y - 16) < 1e-6 and abs(gap(RULES.data, crusher, titan) - 2) < 1e-6
    assert Attack(0, 3) in options(game) and Attack(1, 3) not in options(game)  # reach only
    script(game, 6, 6, 1, 1, 1, 1)  # hit; three damage dice; the life spiral's column
    game.apply(0, Attack(0, 3))
    damage = [e for e in game.events if isinstance(e, RollEffect) and e.query == "damage"]
    assert [e.dice for e in damage] == [3]


def test_hor_slam_may_end_anywhere_within_half_an_inch() -> None:
    """HOR-SLAM: the slammer may end its move anywhere within 0.5" of its target, not
    farther: the Brute ends 0.3" short of the Titan after 4.7", and the slam (3" or more)
    throws it."""
    at = [[24, 3, 0], [24, 10, 0], [24, 45, 180], [24, 10 + 2 * LARGE + 5, 180]]
    game = battle(BRUTE_VS_TITAN, at)
    activate(game, 1)
    far = game.check(0, Slam(3, 0.8))
    assert far is not None and '0.5"' in far and "HOR-SLAM" in far
    titan_y = game.state.models[3].y
    script(game, 5, 5, 4, 6, 6, 2)
    game.apply(0, Slam(3, 0.3))
    brute, titan = game.state.models[1], game.state.models[3]
    assert abs((titan_y - LARGE) - (brute.y + LARGE) - 0.3) < 1e-6  # 0.3" short, after 4.7"
    assert titan.knocked_down and abs(titan.y - titan_y - 4) < 1e-6


def test_hor_slam_the_slammed_model_never_meets_its_slammer() -> None:
    """HOR-SLAM (l.407-413, l.420-423): a slammed model flies straight away from its slammer, so it
    cannot meet it, even where the slammer stopped in base contact: the Slag Hound's slam
    from 6.1" away ends touching its own Ember Jackal, and on every face of the distance die
    the Jackal flies that far, with no extra damage die and no collateral damage or
    knockdown on the Hound (the game once found the Hound's base in its way, at 0")."""
    for inches in range(1, 7):
        game = battle([["vesk", "slag-hound", "ember-jackal"], ["maelis"]],
                      [[24, 3, 0], [27.272, 7.0, 0], [24.173, 13.99, 0], [24.08, 39.36, 180]])
        activate(game, 1)
        script(game, 6, 5, inches, 1, 1, 1, 1, 1, 1)
        game.apply(0, Slam(2))
        words = [e.text for e in game.events if e.kind in ("hordes_moved", "hordes_damage")]
        assert f'Ember Jackal is slammed {inches:.1f}"' in words, words
        assert not game.state.models[1].knocked_down
        (rolled,) = [e for e in game.events if e.kind == "hordes_damage"]
        assert rolled.target == 2 and rolled.total == 1 + 1 + 9
