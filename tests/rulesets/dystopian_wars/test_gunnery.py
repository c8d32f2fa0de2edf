"""Gunnery: arcs, range bands, attack dice, the hit table, linked and split fire, damage."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    catalog_file,
    model,
    owed,
    play,
    scripted,
    setup,
    squadron,
    state,
    texts,
)
from warbench.core.engine import Game, IllegalAction
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Decline,
    Fire,
    Move,
    Respond,
)
from warbench.rulesets.dystopian_wars.attack_rolls import Attack, resolve_attack
from warbench.rulesets.dystopian_wars.boarding import Assault, Boarding
from warbench.rulesets.dystopian_wars.combat import mount_dice, needed_to_hit
from warbench.rulesets.dystopian_wars.events import AttackRolled
from warbench.rulesets.dystopian_wars.gunnery import Gunnery
from warbench.rulesets.dystopian_wars.linking import linked_dice

FRIGATES = ((32.0, 18.0, 180.0), (32.0, 22.0, 180.0), (32.0, 26.0, 180.0), (32.0, 30.0, 180.0))


@pytest.fixture()
def user_rules(tmp_path: Path) -> DystopianWarsRuleset:
    return DystopianWarsRuleset(catalog_file(tmp_path))


def battleship_against_frigates(rules: DystopianWarsRuleset, faces: list[int]):  # type: ignore[no-untyped-def]
    game_setup = setup(
        [squadron("test-battleship", (20.0, 24.0, 0.0), name="Dauntless")],
        [squadron("prussia-frigate", *FRIGATES)],
    )
    game = scripted(game_setup, [*P0_FIRST, *faces], rules)
    play(game, Activate(0), Move(0, (2.0,)))
    return game


def test_worked_example_two_turrets_split_over_four_frigates(user_rules) -> None:  # type: ignore[no-untyped-def]
    """DW-SPLIT-FIRE, DW-SMALL-TARGET, DW-DR-CR, DW-CRIT-SMALL-HP: the source's example.

    Two AD 13 turrets in band 2 split 7 and 6 dice each over four frigates, hitting only
    on 5+ because the frigates are small targets of a capital ship.
    Also shows DW-ALL-ARCS, DW-CAPITAL, DW-FIRE-AFTER-MOVE, DW-HP, DW-RANGE-BANDS, DW-ROUT-TEST,
    DW-SUMMARY.
    """
    faces = [
        5, 5, 1, 1, 1, 1, 1,  # 7 dice at frigate 1: 2 hits, under DR 3
        6, 2, 2, 2, 2, 2, 5,  # 6 dice at frigate 2: 6 (2 hits, rolls again: 5) = 3 hits
        6, 6, 5, 1, 1, 1, 1, 6, 1, 1,  # 7 dice at frigate 3: 2+2+1, then 6 and 1, then 1
        1, 1, 1, 1, 1, 1,  # 6 dice at frigate 4: nothing
        4, 1, 1,  # rout test of the frigates: one hit passes
        4, 1,  # the last frigate is now 8 inches from the others: its own test on 2D6
    ]
    game = battleship_against_frigates(user_rules, faces)
    decision = owed(game)
    assert decision.prompt.startswith("declare attacks")
    play(
        game,
        Fire(((0, "fore turret"),), 1, 7),
        Fire(((0, "fore turret"),), 2, 6),
        Fire(((0, "aft turret"),), 3, 7),
        Fire(((0, "aft turret"),), 4, 6),
    )
    gunnery = state(game).stack[-1]
    assert isinstance(gunnery, Gunnery)
    assert [(a.dice, a.needed, a.band) for a in gunnery.attacks] == [(7, 5, 2), (6, 5, 2)] * 2
    play(game, CeaseFire())
    assert model(game, 1).damage == 0
    assert model(game, 2).damage == 1
    assert not model(game, 3).alive
    assert model(game, 4).damage == 0
    assert "2 hits fail to reach Hagel 1's DR 3" in texts(game)
    assert owed(game).player == 1


def test_split_fire_limits_are_refused_with_reasons(user_rules) -> None:  # type: ignore[no-untyped-def]
    """DW-SPLIT-FIRE: no more dice than the gun has, never the same target twice, and the
    dice left of a gun split in part split too (not fired whole)."""
    game = battleship_against_frigates(user_rules, [])
    play(game, Fire(((0, "fore turret"),), 1, 7))
    before = game.hash()
    with pytest.raises(IllegalAction, match="only 6 dice left"):
        game.apply(0, Fire(((0, "fore turret"),), 2, 7))
    with pytest.raises(IllegalAction, match=r"same target twice \(DW-SPLIT-FIRE\)"):
        game.apply(0, Fire(((0, "fore turret"),), 1, 3))
    with pytest.raises(IllegalAction, match=r"split 7 of its dice already: the rest may only"
                       r" be split too, dice above 0 \(DW-SPLIT-FIRE\)"):
        game.apply(0, Fire(((0, "fore turret"),), 2))
    assert game.hash() == before


def test_target_outside_the_arc_is_refused(user_rules) -> None:  # type: ignore[no-untyped-def]
    """DW-ARCS: a fore-180 rocket battery cannot reach a target on the beam's far side; the
    refusal names the arc in words, as the unit card does ("fore 180°": a referee walk read
    "aft270", the data's key), and the gun as its model's.
    Also shows DW-GUNNERY-TYPES.
    """
    game_setup = setup(
        [squadron("test-battleship", (20.0, 24.0, 0.0))],
        [squadron("prussia-cruiser", (20.0, 12.0, 0.0), (24.0, 12.0, 0.0))],
    )
    game = scripted(game_setup, P0_FIRST, user_rules)
    play(game, Activate(0), Move(0, (2.0,)))
    # the refusal names its rule
    with pytest.raises(IllegalAction,
                       match=r"not in the fore 180° arc of Test 1's rockets \(DW-ARCS\)"):
        game.apply(0, Fire(((0, "rockets"),), 1))
    options = owed(game).options
    assert Fire(((0, "aft turret"),), 1) in options
    assert Fire(((0, "fore turret"),), 1) not in options


def test_dw_ad_a_linked_gun_with_no_dice_in_the_band_is_named_as_its_models() -> None:
    """DW-AD, DW-ALTERNATE: in a linked attack the gun with no attack dice in the band is
    named with its model ("Picket 1's turret", not "turret": journey 2, every Picket's gun
    is a turret), as is a model outside the activation ("Wacht 1", not "model 2")."""
    game = scripted(setup(
        [squadron("britannia-frigate", (10.0, 6.0, 0.0), (13.0, 6.0, 0.0))],
        [squadron("prussia-cruiser", (11.5, 28.0, 180.0))],
    ), P0_FIRST)
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)))
    assert game.check(0, Fire(((0, "turret"), (1, "turret")), 2)) == (
        "Picket 1's turret has no attack dice in range band 3 (DW-AD)")
    assert game.check(0, Fire(((2, "turret"),), 0)) == (
        "Wacht 1 is not part of this activation (DW-ALTERNATE)")


def test_a_gun_the_model_does_not_have_is_refused_as_such_whatever_the_range() -> None:
    """A weapon the ship does not carry is refused by its name first, also at a target
    beyond range band 4 (the range refusal used to come first)."""
    game_setup = setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 26.0, 180.0), name="Kaiserin"),
         squadron("prussia-frigate", (36.0, 100.0, 180.0), name="Hagel")],
    )
    game = scripted(game_setup, P0_FIRST)
    play(game, Activate(0), Move(0, (2.0,)))
    for target in (1, 2):  # 14 inches away, then beyond range band 4
        with pytest.raises(IllegalAction, match="Sovereign has no weapon 'laser'"):
            game.apply(0, Fire(((0, "laser"),), target))
    with pytest.raises(IllegalAction, match="beyond range band 4"):
        game.apply(0, Fire(((0, "fore turret"),), 2))


def test_attack_dice_fall_with_hull_damage_but_never_below_one() -> None:
    """DW-AD, DW-AD-DAMAGE: every hull point lost costs a gunnery die, never below 1; rockets,
    torpedoes, bombs and mines keep theirs."""
    rules = DystopianWarsRuleset()
    data = rules.data
    game_setup = setup(
        [squadron("britannia-battleship", (20.0, 24.0, 0.0))],
        [squadron("prussia-frigate", *FRIGATES[:3])],
    )
    game = scripted(game_setup, P0_FIRST)
    ship = model(game, 0)
    spec = data.models[ship.cls]
    turret = spec.mount("fore turret")
    torpedoes = spec.mount("torpedoes")
    assert turret is not None and torpedoes is not None
    game_state = state(game)
    assert mount_dice(game_state, data, spec, ship, turret, 1) == 9
    ship.damage = 3
    assert mount_dice(game_state, data, spec, ship, turret, 1) == 6
    assert mount_dice(game_state, data, spec, ship, turret, 4) == 1
    assert mount_dice(game_state, data, spec, ship, torpedoes, 1) == torpedoes.ad[0]


def test_primaries_are_one_easier_in_band_one() -> None:
    """DW-PRIMARY-RB1: a primary needing 4+ needs 3+ in range band 1, not beyond."""
    data = DystopianWarsRuleset().data
    game = scripted(
        setup(
            [squadron("britannia-battleship", (20.0, 24.0, 0.0))],
            [squadron("prussia-cruiser", (26.0, 24.0, 180.0), (26.0, 28.0, 180.0))],
        ),
        P0_FIRST,
    )
    ship, cruiser = model(game, 0), model(game, 1)
    spec, target = data.models[ship.cls], data.models[cruiser.cls]
    primary, secondary = spec.mount("fore turret"), spec.mount("broadside (starboard)")
    assert primary is not None and secondary is not None
    assert needed_to_hit(spec, ship, target, cruiser, primary, 1) == 3
    assert needed_to_hit(spec, ship, target, cruiser, primary, 2) == 4
    assert needed_to_hit(spec, ship, target, cruiser, secondary, 1) == 4


def test_dw_hardest_rule_a_primarys_band_one_bonus_never_eases_a_five_or_six() -> None:
    """DW-HARDEST-RULE, DW-PRIMARY-RB1, DW-OBSCURED: a primary in range band 1 turns the
    hit table's 4+ into 3+ (seed l.408), but a rule asking 5 or 6 is the harder rule and
    stands (l.13): an obscured model hits only on 6 (l.357) with its primary too, a capital
    ship hits a small target only on 5+ (l.522). Before 0.7 the bonus made them 5+ and 4+."""
    game = scripted(setup(
        [squadron("prussia-airship", (36.0, 4.0, 0.0), name="Sturm", level="obscured")],
        [squadron("britannia-battleship", (36.0, 15.0, 90.0), name="Sovereign")],
    ), P0_FIRST)
    play(game, Activate(0), Move(0, (4.0,), level="obscured"))
    play(game, Fire(((0, "fore turret"),), 1))
    gunnery = state(game).stack[-1]
    assert isinstance(gunnery, Gunnery)
    assert (gunnery.attacks[0].band, gunnery.attacks[0].needed) == (1, 6)

    data = DystopianWarsRuleset().data
    game = scripted(setup(
        [squadron("britannia-battleship", (20.0, 24.0, 0.0))],
        [squadron("prussia-frigate", (26.0, 24.0, 180.0), (26.0, 28.0, 180.0))],
    ), P0_FIRST)
    ship, frigate = model(game, 0), model(game, 1)
    primary = data.models[ship.cls].mount("fore turret")
    assert primary is not None
    assert needed_to_hit(data.models[ship.cls], ship, data.models[frigate.cls], frigate,
                         primary, 1) == 5


def test_hit_table_by_level() -> None:
    """DW-HIT-LEVEL: submerged and obscured targets on 6, surfaced divers on 5+, obscured
    shooters only on 6, larger obscured flyers on 5+, small targets of capitals on 5+.
    Also shows DW-DEPLOY-LEVEL, DW-HARDEST-RULE, DW-MK-OBSCURED, DW-OBSCURED, DW-SURFACED.
    """
    data = DystopianWarsRuleset().data
    game = scripted(
        setup(
            [squadron("britannia-battleship", (20.0, 24.0, 0.0)),
             squadron("britannia-rotor", (10.0, 10.0, 0.0))],
            [squadron("prussia-submarine", (40.0, 24.0, 0.0)),
             squadron("prussia-airship", (50.0, 30.0, 0.0)),
             squadron("prussia-frigate", (40.0, 40.0, 0.0), (43.0, 40.0, 0.0), (46.0, 40.0, 0.0))],
        ),
        P0_FIRST,
    )
    ship, rotor, sub, airship, frigate = (model(game, uid) for uid in (0, 1, 2, 3, 4))
    spec = data.models[ship.cls]
    gun = spec.mount("broadside (starboard)")
    assert gun is not None

    def need(shooter, target) -> int:  # type: ignore[no-untyped-def]
        return needed_to_hit(data.models[shooter.cls], shooter, data.models[target.cls],
                             target, gun, 2)

    assert need(ship, sub) == 5
    sub.level = "submerged"
    assert need(ship, sub) == 6
    assert need(ship, airship) == 4
    airship.level = "obscured"
    assert need(ship, airship) == 5
    assert need(ship, frigate) == 5
    rotor.level = "obscured"
    assert need(rotor, frigate) == 6


def test_linked_dice_halve_every_gun_but_the_focus() -> None:
    """DW-LINKED: the focus rolls in full, each other gun adds half rounded down, AD 1 adds 1."""
    assert linked_dice([9, 7, 6]) == 9 + 3 + 3
    assert linked_dice([4, 1, 1]) == 6
    assert linked_dice([5]) == 5


def test_linked_fire_of_a_cruiser_squadron() -> None:
    """DW-LINKED: three cruisers link their turrets at one battleship; the option lists the
    strongest gun first and the attack rolls full + half + half dice."""
    game = scripted(
        setup(
            [squadron("britannia-cruiser", (30.0, 10.0, 0.0), (33.0, 10.0, 0.0),
                      (36.0, 10.0, 0.0))],
            [squadron("prussia-battleship", (46.0, 12.0, 180.0))],
        ),
        P0_FIRST,
    )
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)), Move(2, (2.0,)))
    linked = [o for o in owed(game).options
              if isinstance(o, Fire) and len(o.guns) == 3 and o.guns[0][1] == "turret"]
    assert linked == [Fire(((0, "turret"), (1, "turret"), (2, "turret")), 3)]
    with pytest.raises(IllegalAction, match="one kind"):
        game.apply(0, Fire(((0, "broadside (starboard)"), (1, "turret")), 3))
    play(game, linked[0])
    gunnery = state(game).stack[-1]
    assert isinstance(gunnery, Gunnery)
    assert gunnery.attacks[0].dice == 5 + 2 + 2
    with pytest.raises(IllegalAction, match="already fired"):
        game.apply(0, Fire(((1, "turret"),), 3))


def test_damage_against_dr_and_cr_and_multiples_of_cr(user_rules) -> None:  # type: ignore[no-untyped-def]
    """DW-DR-CR, DW-CRIT-MULTIPLE, DW-CRIT-TABLE: hits at CR are a critical costing 2 hull
    points and a table roll, twice CR two rolls; DR and CR never add up.
    Also shows DW-GENERATORS, DW-MK-HULL.
    """
    game_setup = setup(
        [squadron("test-battleship", (20.0, 10.0, 0.0), name="Dauntless")],
        [squadron("prussia-battleship", (20.0, 24.0, 180.0), name="Kaiserin")],
    )
    faces = [
        6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1,  # 14 hits, 7 dice roll again
        6, 6, 6, 1, 1, 1, 1,  # 6 more, 3 roll again
        1, 1, 1,  # nothing: 20 hits
        1,  # the target's shield die saves nothing
        5,  # first table roll (20 hits = twice CR 10): weapons damaged
        8,  # second table roll: magazine explosion
    ]
    game = scripted(game_setup, [*P0_FIRST, *faces], user_rules)
    play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "fore turret"),), 1), CeaseFire())
    target = model(game, 1)
    assert target.damage == 2
    assert owed(game).player == 1  # the target is the Prussian commodore: it may re-roll
    play(game, Decline())
    assert owed(game).player == 0  # the attacker is its own commodore, within 8 inches
    play(game, Decline(), Decline(), Decline())
    assert target.damage == 3
    assert target.markers == {"half-ad": 1, "raging-fire": 1}
    assert "Kaiserin: Magazine explosion" in " ".join(texts(game))


def test_rockets_are_answered_by_ack_ack_of_the_squadron(user_rules) -> None:  # type: ignore[no-untyped-def]
    """DW-AA, DW-AA-ANSWER: rockets may be answered by every model of the attacked squadron in
    range; each 5 cancels a hit, each 6 two and rolls again.
    Also shows DW-AA-EVERY-ATTACK, DW-DECLARE-FIRST.
    """
    game_setup = setup(
        [squadron("test-battleship", (20.0, 10.0, 0.0), name="Dauntless")],
        [squadron("prussia-cruiser", (20.0, 22.0, 180.0), (23.0, 22.0, 180.0))],
    )
    faces = [
        5, 1, 1,  # cruiser 1 ack-ack (3 dice): cancels 1
        6, 1, 1, 1,  # cruiser 2 ack-ack... cruisers have 3 AA: 6, 1, 1 then the 6 rolls 1
        5, 5, 5, 5, 1, 1,  # the rockets: 6 dice, 4 hits
    ]
    game = scripted(game_setup, [*P0_FIRST, *faces], user_rules)
    play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "rockets"),), 1), CeaseFire())
    decision = owed(game)
    assert decision.player == 1
    assert decision.options[0] == Respond((1, 2))
    assert Decline() in decision.options
    play(game, decision.options[0])
    rolled = next(t for t in texts(game) if t.startswith("Dauntless rolls"))
    assert "4 hits (3 cancelled by aa)" in rolled
    assert model(game, 1).damage == 0


def test_linked_ack_ack_adds_half_for_each_extra_model(user_rules) -> None:  # type: ignore[no-untyped-def]
    """DW-AA-ANSWER, DW-AA-LINK: the defender may instead link its models' ack-ack: the
    model with most dice rolls them all, every other model adds half (two AA-3 cruisers:
    3 + 1 = 4 dice in one roll)."""
    game_setup = setup(
        [squadron("test-battleship", (20.0, 10.0, 0.0), name="Dauntless")],
        [squadron("prussia-cruiser", (20.0, 22.0, 180.0), (23.0, 22.0, 180.0))],
    )
    faces = [5, 5, 1, 1, *([1] * 20)]
    game = scripted(game_setup, [*P0_FIRST, *faces], user_rules)
    play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "rockets"),), 1), CeaseFire())
    decision = owed(game)
    assert Respond((1, 2), linked=True) in decision.options
    play(game, Respond((1, 2), linked=True))
    answers = [e for e in game.events if getattr(e, "label", "").endswith("aa answer")]
    assert [len(e.faces) for e in answers] == [4]  # type: ignore[attr-defined]


def test_an_obscured_model_hits_with_its_ack_ack_only_on_six() -> None:
    """DW-OBSCURED: an obscured model hits only on 6 with any weapon, its ack-ack at
    another flyer included (4+ when it flies in the open)."""
    from warbench.rulesets.dystopian_wars.combat import AA_GUN, shot_refusal

    game = scripted(setup(
        [squadron("blazing-sun-gyro", (36.0, 10.0, 0.0), name="Tonbo")],
        [squadron("blazing-sun-gyro", (36.0, 15.0, 180.0), name="Kani")],
    ), P0_FIRST)
    data = game.ruleset.data  # type: ignore[attr-defined]
    shooter, target = model(game, 0), model(game, 1)
    _, shot = shot_refusal(state(game), data, shooter, AA_GUN, target)
    assert shot is not None and shot.needed == 4
    shooter.level = "obscured"
    _, shot = shot_refusal(state(game), data, shooter, AA_GUN, target)
    assert shot is not None and shot.needed == 6


#: An airship of player 0 (6 ack-ack, no shields) and, for player 1, a battleship beside it
#: and a wing of three dive bombers over it.
OBSCURED_ANSWERS = setup(
    [squadron("prussia-airship", (36.0, 20.0, 0.0), name="Adler")],
    [squadron("britannia-battleship", (36.0, 14.0, 0.0), name="Sovereign"),
     squadron("blazing-sun-dive-bomber-wing", (38.0, 20.0, 180.0), count=3)],
)


def _obscured_answer(level: str, answer: tuple[int, ...], then: tuple[int, ...] = ()) -> Game:
    """The set-up above, Adler at ``level``, its answer dice ``answer`` then ``then``."""
    game = scripted(OBSCURED_ANSWERS, (*P0_FIRST, *answer, *then))
    model(game, 0).level = level
    return game


@pytest.mark.parametrize(("level", "answer", "cancelled"), [
    ("flying", (5, 5, 5, 5, 5, 5), 6),
    ("obscured", (5, 5, 5, 5, 5, 5), 0),
    ("obscured", (6, 5, 5, 5, 5, 5, 1), 2),
])
def test_an_obscured_model_answers_only_on_six(
    level: str, answer: tuple[int, ...], cancelled: int
) -> None:
    """DW-OBSCURED: an obscured model hits only on 6, and its answers are attacks: its
    ack-ack cancels hits only on 6 (a 6 cancels two and rolls again, as always), strikes
    an attacking wing's tokens only on 6, and thins boarders only on 6; its 5s do nothing
    (in the open, 5s cancel hits)."""
    game = _obscured_answer(level, answer, (6, 6, 6, 1, 1, 1, 1))  # the rockets: 6 hits
    data = game.ruleset.data  # type: ignore[attr-defined]
    attack = Attack([(1, "rockets")], 0, 4, 4, "rockets", 1, answer="aa", responders=[0])
    resolve_attack(game, state(game), data, attack)
    rolled = [e for e in game.events if isinstance(e, AttackRolled)][-1]
    assert (rolled.hits, rolled.cancelled) == (6, cancelled)

    # ack-ack at the dive bombers attacking Adler: only a 6 (a token) does anything
    game = _obscured_answer(level, answer, (1,))  # the bombs' one die misses
    wing = model(game, 2)
    attack = Attack([(2, "bombs")], 0, 1, 4, "bombs", 1, answer="aa", responders=[0])
    resolve_attack(game, state(game), game.ruleset.data, attack)  # type: ignore[attr-defined]
    if level == "flying":
        assert (wing.tokens, wing.fuel) == (3, 0) and not wing.alive  # six aborts
    else:
        assert (wing.tokens, wing.fuel) == (3 - cancelled // 2, 6)

    # ack-ack at boarders from the battleship: 5s kill none when obscured
    game = _obscured_answer(level, answer)
    boarding = Boarding(1, [1])
    assault = Assault(0, [(1, 8)], answer="aa", responders=[0])
    left = boarding.answer_fire(game, state(game), game.ruleset.data,  # type: ignore[attr-defined]
                                assault, [(1, 8)])
    assert left == [(1, 8 - cancelled)]


def test_bombs_cannot_be_split() -> None:
    """DW-SPLIT-FIRE: the seed lists what may be split (batteries, rockets, torpedoes,
    ack-ack, charges); bombs are not among them."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("blazing-sun-dive-bomber-wing", (36.0, 20.0, 180.0), count=3)],
    ), (1, 1, 6, 6, *([1] * 30)))
    play(game, Activate(1), Move(1, (7.34,)))
    with pytest.raises(IllegalAction, match="bombs cannot be split"):
        game.apply(1, Fire(((1, "bombs"),), 0, 2))
    play(game, Fire(((1, "bombs"),), 0))
