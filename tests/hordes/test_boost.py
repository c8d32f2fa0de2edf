"""HOR-BOOST: a warlock boosts an attack roll with the attack and a damage roll just before
it, once the attack is known to have hit, for 1 fury each; the damage boost is a decision
of its own (DamageRoll), offered to the attacking player only when there is a roll to
boost."""

from __future__ import annotations

import pytest

from tests.hordes.helpers import HGame, activate, battle, options, script
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.rulesets.hordes.actions import Attack, Cast, DamageBoost, FreeStrike, Hold, Move
from warbench.rulesets.hordes.bots import WarlockBot
from warbench.rulesets.hordes.words import action_text


def _maelis_on_vesk() -> HGame:
    """Maelis (uid 0, fury 7, MAT 5, P+S 10) in melee with Vesk (uid 1, DEF 15, ARM 14)."""
    game = battle([["maelis"], ["vesk"]], [[24, 20, 0], [24, 21.5, 180]])
    activate(game, 0)
    game.apply(0, Hold())
    return game


def _damage_dice(game: HGame) -> list[int]:
    return [e.dice for e in game.events if isinstance(e, RollEffect) and e.query == "damage"]


def test_damage_boost_is_offered_after_a_hit_not_after_a_miss() -> None:
    """HOR-BOOST: the attack no longer carries a damage boost; once the warlock's attack
    hits, its player is asked, before the damage roll, whether to boost it; a miss asks
    nothing and the activation goes on."""
    game = _maelis_on_vesk()
    assert all(not hasattr(o, "boost_damage") for o in options(game) if isinstance(o, Attack))
    script(game, 4, 6)  # 10 + MAT 5 = 15 against DEF 15: a hit
    game.apply(0, Attack(0, 1))
    decision = game.pending()[0]
    assert decision.player == 0
    assert decision.options == (DamageBoost(1, True), DamageBoost(1, False))
    assert _damage_dice(game) == []  # not rolled yet
    missed = _maelis_on_vesk()
    script(missed, 1, 2)  # 8: a miss
    missed.apply(0, Attack(0, 1))
    assert not any(isinstance(o, DamageBoost) for o in options(missed))
    assert Attack(0, 1) in options(missed)  # the next attack, for 1 fury


def test_no_fury_is_spent_on_a_miss() -> None:
    """HOR-BOOST: a damage boost is paid only when it is taken, after a hit, so a missing
    warlock keeps the fury a damage boost would have cost."""
    game = _maelis_on_vesk()
    script(game, 1, 2)
    game.apply(0, Attack(0, 1))
    assert game.state.models[0].fury == 7
    with pytest.raises(IllegalAction):
        game.apply(0, DamageBoost(1, True))


def test_boosted_damage_roll_rolls_one_more_die_for_one_fury() -> None:
    """HOR-BOOST, HOR-DAMAGE-ROLL: a boosted damage roll adds a die and costs 1 fury; the
    unboosted one rolls 2d6 and costs nothing."""
    boosted = _maelis_on_vesk()
    script(boosted, 4, 6, 1, 1, 1)  # a hit; 3 + 10 against ARM 14: no boxes
    boosted.apply(0, Attack(0, 1))
    boosted.apply(0, DamageBoost(1, True))
    assert _damage_dice(boosted) == [3] and boosted.state.models[0].fury == 6
    plain = _maelis_on_vesk()
    script(plain, 4, 6, 1, 1)
    plain.apply(0, Attack(0, 1))
    plain.apply(0, DamageBoost(1, False))
    assert _damage_dice(plain) == [2] and plain.state.models[0].fury == 7


def test_each_damage_roll_of_a_magic_aoe_is_offered_its_own_boost() -> None:
    """HOR-BOOST, HOR-AOE, HOR-OFFENSIVE: a magic attack's damage roll is offered a boost
    after the hit, and so is each blast damage roll under its AOE (each is a roll of its
    own, boosted for 1 fury), in turn, the target's first."""
    game = battle(
        [["vesk"], ["maelis", "mosshound"]], [[24, 20, 0], [24, 28, 180], [25.7, 28, 180]]
    )
    activate(game, 0)
    script(game, 5, 6, 1, 1, 1, 1, 1)  # a hit (11 + FURY 7 >= DEF 16), then no boxes
    game.apply(0, Cast("scorch", 1))
    assert game.pending()[0].options == (DamageBoost(1, True), DamageBoost(1, False))
    game.apply(0, DamageBoost(1, True))
    assert game.pending()[0].options == (DamageBoost(2, True), DamageBoost(2, False))
    game.apply(0, DamageBoost(2, False))
    assert _damage_dice(game) == [3, 2]
    assert game.state.models[0].fury == 7 - 3 - 1


def test_damage_boost_options_read_well_at_the_table() -> None:
    """HOR-BOOST: the damage boost's options name the model and the cost."""
    game = _maelis_on_vesk()
    script(game, 4, 6)
    game.apply(0, Attack(0, 1))
    state, data = game.state, game.data
    assert action_text(data, state, DamageBoost(1, True)) == (
        "boost the damage roll on Cinder Matron Vesk (1 fury)"
    )
    assert action_text(data, state, DamageBoost(1, False)) == "roll the damage unboosted"


def test_warlock_bot_boosts_damage_when_the_die_may_kill() -> None:
    """HOR-BOOST: the heuristic bot boosts the damage roll when the extra die raises its
    chance to destroy the enemy warlock (even out of its reserve of 2 fury), and, short of
    a kill, only with fury to spare."""
    bot = WarlockBot()
    for damage, fury, wanted in ((13, 2, True), (0, 2, False), (0, 7, True)):
        game = _maelis_on_vesk()
        game.state.models[1].damage, game.state.models[0].fury = damage, fury
        script(game, 4, 6)
        game.apply(0, Attack(0, 1))
        decision = game.pending()[0]
        assert bot.choose(game.observe(0), decision) == DamageBoost(1, wanted)


def test_a_warlocks_free_strike_is_offered_no_damage_boost() -> None:
    """HOR-BOOST, HOR-FREE-STRIKE: a free strike's damage roll is boosted already (and it
    comes outside the striking warlock's activation), so no paid boost is offered."""
    game = battle([["maelis"], ["vesk"]], [[24, 20, 0], [24, 21.5, 180]])
    activate(game, 0)
    game.apply(0, Move(24, 17, 180.0))
    assert FreeStrike(0) in options(game)
    script(game, 6, 6, 1, 1, 1)  # a hit; 3 + P+S 10 against ARM 14: no boxes
    game.apply(1, FreeStrike(0))
    assert not any(isinstance(o, DamageBoost) for o in options(game))
    assert _damage_dice(game) == [3] and game.state.models[1].fury == 7
