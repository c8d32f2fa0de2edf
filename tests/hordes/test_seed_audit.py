"""Rules checked against the seed's own sentences in a fourth audit: the activation of a
model that gave up its action to stand, the models a spray attacks, the models a spell's
AOE reaches, the boost of a warlock's offensive animus, a tied starting roll, how long a
spell's or an animus's stat change lasts."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from tests.hordes.helpers import RULES, HGame, activate, battle, options, script
from tests.hordes.test_seed_rules import _frenzy_while_down
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.core.events import RollEffect
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.actions import (
    Activate,
    Animus,
    Attack,
    Cast,
    Done,
    Feat,
    GoFirst,
    Heal,
    Hold,
    Move,
    Rile,
    StandUp,
    Upkeep,
)
from warbench.rulesets.hordes.events import AttackRolled
from warbench.rulesets.hordes.state import HordesState


def _down(state: HordesState) -> None:
    """Maelis (3 boxes marked) and her Mosshound knocked down in the enemy's turn."""
    for model in state.models[:2]:
        model.knocked_down = True
    state.models[0].damage = 3


def test_hor_stand_giving_up_the_action_the_activation_goes_on_after_the_move() -> None:
    """HOR-STAND, HOR-FEAT, HOR-HEAL, HOR-RILE (l.476-477, l.104-105, l.229-232): a model
    that gives up its action to stand may make its normal move; nothing ends its activation
    there (only a run's, l.296-297, ends at its move), and the feat, healing and riling are
    used at any time in the activation. After her move Maelis may still use her feat and
    heal, and the Mosshound may still be riled; neither may attack."""
    game = battle(
        [["maelis", "mosshound"], ["vesk"]],
        [[24, 5, 0], [28, 8, 0], [24, 15, 180]],
        prepare=_down,
    )
    game.apply(0, Done())  # no shaking off in the control phase
    for uid in (0, 1):
        activate(game, uid)
        game.apply(0, StandUp("action"))
        model = game.state.models[uid]
        game.apply(0, Move(model.x, model.y + 2, 0.0, False))
        game.apply(0, Done())  # stops after one leg
        after = options(game)
        assert not any(isinstance(o, Attack) for o in after)
        if uid == 0:
            assert Feat() in after and Heal(0, 3) in after
        else:
            assert Rile(1) in after
        game.apply(0, Done())
        assert model.activated


def test_hor_spray_attacks_a_model_under_the_strips_far_corner() -> None:
    """HOR-SPRAY (l.444-447): a spray attacks every model within its 1"-wide strip, its
    length the spray's range from the attacker's front. The Cinder Drake's Flame Breath
    (Sp 8) at a Mosshound straight ahead: Maelis's base covers the strip's far corner, 8.01"
    from the Drake's base edge to hers; she is attacked (9 + RAT 5 + aiming 2 hits DEF
    16), not missed as out of range."""
    drake_r, maelis_r = 20 / 25.4, 15 / 25.4
    corner = (24.5, 10 + drake_r + 8.0)
    length = math.hypot(corner[0] - 24, corner[1] - 10)
    out = (maelis_r - 0.004) / length
    maelis = (corner[0] + (corner[0] - 24) * out, corner[1] + (corner[1] - 10) * out)
    game = battle(
        [["vesk", "cinder-drake"], ["maelis", "mosshound"]],
        [[10, 5, 0], [24, 10, 0], [*maelis, 180], [24, 16, 180]],
    )
    activate(game, 1)
    game.apply(0, Hold())
    script(game, 4, 5, *[1] * 20)
    game.apply(0, Attack(0, 3))
    rolled = [e for e in game.events if isinstance(e, AttackRolled) and e.target == 2]
    assert [(e.total, e.hit) for e in rolled] == [(16, True)]


def _spell_changed(tmp_path: Path, old: str, new: str, file: str = "spells.toml"
                   ) -> HordesRuleset:
    """The shipped rules with the first text ``old`` of ``file`` (spells.toml) made ``new``."""
    text = (Path(RULES.shipped_data or ".") / file).read_text()
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1))
    return HordesRuleset(data_dir=tmp_path)


def _game(rules: HordesRuleset, armies: list[list[str]], at: list[list[float]],
          prepare: Any = None) -> HGame:
    """A battle of ``rules`` on the open table, player 0 first, asked what to activate."""
    setup = {"armies": armies, "layout": "open", "positions": at}
    game = Game.new(rules, setup, seed=7)
    if prepare is not None:
        prepare(game.state)
    game.apply(game.pending()[0].player, GoFirst(0))
    if not any(isinstance(o, Activate) for o in options(game)):
        game.apply(0, Done())  # no leaching
    return game


def _changed(game: HGame, name: str) -> list[int]:
    """The uids of the models whose ``name`` stat a lasting effect changes now."""
    return [m.uid for m in game.state.models if any(e.stat == name for e in m.effects)]


def test_hor_spell_stats_a_spells_aoe_reaches_every_model_under_it(tmp_path: Path) -> None:
    """HOR-SPELL-STATS (l.531-533): a spell's AOE is the diameter of its area of effect, so
    a spell with an AOE, not offensive, affects every model under the template centred on
    its target, friend or foe (as AOE CTRL does the control area). Bark Skin given an AOE
    of 3", cast at Maelis's Brute: the Brute, her Mosshound and Vesk's Ember Jackal beside
    it get ARM +2; Maelis and Vesk, far from it, do not."""
    rules = _spell_changed(
        tmp_path,
        'rng = 6\nup = true\neffects = [{ kind = "stat", stat = "arm", amount = 2 }]',
        'rng = 6\naoe = 3\neffects = [{ kind = "stat", stat = "arm", amount = 2 }]',
    )
    game = _game(
        rules,
        [["maelis", "oakhide-brute", "mosshound"], ["vesk", "ember-jackal"]],
        [[24, 5, 0], [24, 10, 0], [26.2, 10, 0], [24, 45, 180], [24, 12.2, 180]],
    )
    activate(game, 0)
    game.apply(0, Cast("bark-skin", 1))
    assert _changed(game, "arm") == [1, 2, 4]


@pytest.mark.parametrize("keep", [True, False])
def test_hor_upkeep_an_aoe_spell_hits_every_model_under_it_and_is_upkept_once(
    tmp_path: Path, keep: bool
) -> None:
    """HOR-SPELL-STATS, HOR-AUTO-EFFECT, HOR-UPKEEP (l.453-454, l.538-545): every model
    under an AOE is hit by the attack, and the hit's effects apply to every model hit; an
    upkeep spell costs 1 fury a spell in the control phase, and a warlock has one of each
    in play. Entangle (no POW) given an AOE of 3" hits Vesk's Ember Jackal and the Slag
    Hound beside it: both are slowed, and next turn Maelis keeps it on both for 1 fury or
    lets it end on both."""
    rules = _spell_changed(
        tmp_path, "cost = 3\nrng = 8\noff = true\nup = true",
        "cost = 3\nrng = 8\naoe = 3\noff = true\nup = true",
    )
    game = _game(
        rules,
        [["maelis"], ["vesk", "ember-jackal", "slag-hound"]],
        [[24, 5, 0], [24, 45, 180], [24, 12, 180], [25.9, 12, 180]],
    )
    activate(game, 0)
    script(game, 6, 6)
    game.apply(0, Cast("entangle", 2))
    assert _changed(game, "spd") == [2, 3]
    assert len(game.state.upkeep) == 2
    game.apply(0, Done())  # Maelis's activation
    game.apply(0, Done())  # the turn
    while game.pending()[0].player == 1:
        game.apply(1, Done())
    if Upkeep("entangle", 2, True) not in options(game):
        game.apply(0, Done())  # no leaching
    maelis = game.state.models[0]
    fury = maelis.fury
    game.apply(0, Upkeep("entangle", 2, keep))
    assert not any(isinstance(o, Upkeep) for o in options(game))
    assert maelis.fury == fury - keep
    assert _changed(game, "spd") == ([2, 3] if keep else [])


def test_hor_spell_stats_a_ctrl_spells_fury_goes_to_the_caster_once(tmp_path: Path) -> None:
    """HOR-SPELL-STATS (engine default): a card's fury effect goes to the caster once,
    whatever its targets, also for an AOE CTRL spell, which reaches models of both sides:
    Hask (2 fury) casting Iron Will made CTRL and +2 fury spends 1 and gets 2, once."""
    rules = _spell_changed(
        tmp_path,
        'rng = "SELF"\neffects = [{ kind = "stat", stat = "arm", amount = 3 }]',
        'rng = "SELF"\naoe = "CTRL"\neffects = [{ kind = "fury", amount = 2, scope = "self" }]',
    )
    game = _game(
        rules, [["hask"], ["maelis"]], [[24, 5, 0], [24, 12, 180]],
        prepare=lambda state: setattr(state.models[0], "fury", 2),
    )
    activate(game, 0)
    game.apply(0, Cast("iron-will", 0))
    assert game.state.models[0].fury == 3


def test_hor_animus_warlock_boosts_an_offensive_animus_like_a_spell(tmp_path: Path) -> None:
    """HOR-ANIMUS-WARLOCK, HOR-BOOST, HOR-OFFENSIVE (l.558-562, l.553-555): a warlock uses
    a beast's animus as a spell of its own card, and a magic attack may be boosted. Keen
    Scent made offensive (POW 10, RNG 8): Maelis may boost its attack roll for 1 fury
    more, and the boosted roll has three dice; the beast using it is offered no boost."""
    rules = _spell_changed(
        tmp_path,
        'name = "Keen Scent"\ncost = 1\nrng = 6\neffects = [{ kind = "stat", stat = "mat", '
        'amount = 2 }]',
        'name = "Keen Scent"\ncost = 1\nrng = 8\npow = 10\noff = true',
    )
    game = _game(rules, [["maelis", "mosshound"], ["vesk"]],
                 [[24, 5, 0], [27, 5, 0], [24, 12, 180]])
    activate(game, 0)
    assert {Animus(1, 2), Animus(1, 2, True)} <= set(options(game))
    script(game, 1, 1, 2, *[1] * 10)
    game.apply(0, Animus(1, 2, True))
    assert game.state.models[0].fury == 7 - 2
    rolls = [e for e in game.events if isinstance(e, RollEffect) and e.query == "attack"]
    assert [e.dice for e in rolls] == [3]
    game.apply(0, Done())
    activate(game, 1)
    assert Animus(1, 2) in options(game)
    assert not any(isinstance(o, Animus) and o.boost_hit for o in options(game))


def test_hor_start_roll_a_tie_is_rolled_again() -> None:
    """HOR-START-ROLL (engine default on a tie): both players roll a d6 and the higher
    decides who starts; 3 against 3 is rolled again, and 2 against 5 gives player 1 the
    choice."""
    game = Game.new(RULES, seed=3, dice=ScriptedDice([3, 3, 2, 5]))
    decision = game.pending()[0]
    assert decision.player == 1 and set(decision.options) == {GoFirst(0), GoFirst(1)}
    starts = [e for e in game.events if isinstance(e, RollEffect) and e.purpose == "starting roll"]
    assert [(e.player, e.effect) for e in starts] == [(0, 3), (1, 3), (0, 2), (1, 5)]


def test_hor_round_effects_a_spell_or_animus_not_upkept_lasts_one_round() -> None:
    """HOR-ROUND-EFFECTS (engine default: the seed leaves durations to the cards, l.117-119
    says how a one-round effect ends): a stat change from a spell that is not upkept, or
    from an animus, lasts one round: Hask's Iron Will on himself and his Slag Hound's
    Molten Fury on itself hold through the enemy's turn and end as Hask's next turn starts."""
    game = battle([["hask", "slag-hound"], ["maelis"]], [[24, 5, 0], [27, 5, 0], [24, 40, 180]])
    activate(game, 0)
    game.apply(0, Cast("iron-will", 0))
    game.apply(0, Done())
    activate(game, 1)
    game.apply(0, Animus(1, 1))
    game.apply(0, Done())
    game.apply(0, Done())  # the turn
    hask, hound = game.state.models[:2]
    assert hask.effects and hound.effects
    while game.pending()[0].player == 1:
        assert hask.effects and hound.effects
        game.apply(1, Done())
    assert not hask.effects and not hound.effects


def test_hor_boost_a_warlocks_boosted_spray_boosts_the_targets_attack_roll_alone(
    tmp_path: Path,
) -> None:
    """HOR-BOOST, HOR-SPRAY (l.203-208, l.444-447): a spray makes an attack roll against
    every model in its strip, and a boost adds a die to one roll for 1 fury, each roll
    boosted on its own. Maelis given a spray staff (Sp 8) pays 1 fury to boost her attack
    on the Ember Jackal: that roll has three dice, the Slag Hound's behind it in the strip
    two (it was boosted too, for the same single fury), and the odds of the boosted attack
    give the Slag Hound the hit chance of its own unboosted roll."""
    rules = _spell_changed(
        tmp_path,
        'weapons = [{ name = "Rowan Staff", kind = "melee", pow = 5, qualities = ["reach"] }]',
        'weapons = [{ name = "Rowan Staff", kind = "ranged", pow = 12, rng = 8, '
        'qualities = ["spray"] }]',
        "models.toml",
    )
    game = _game(
        rules,
        [["maelis"], ["vesk", "ember-jackal", "slag-hound"]],
        [[24, 5, 0], [24, 45, 180], [24, 9, 180], [24, 11.5, 180]],
    )
    activate(game, 0)
    game.apply(0, Hold())
    seen = game.observe(0).state
    plain, boosted = (rules.action_odds(seen, Attack(0, 2, boost)) for boost in (False, True))
    assert plain is not None and boosted is not None
    (hound,) = boosted.others  # the Slag Hound's line: its own roll, not boosted
    assert boosted.others[hound]["hit"] == plain.others[hound]["hit"] < 1
    script(game, *[1] * 10)
    game.apply(0, Attack(0, 2, True))
    assert game.state.models[0].fury == 7 - 1
    rolled = [e for e in game.events if isinstance(e, AttackRolled)]
    rolls = [e for e in game.events if isinstance(e, RollEffect) and e.query == "attack"]
    assert [e.target for e in rolled] == [2, 3]
    assert [e.dice for e in rolls] == [3, 2]


def test_hor_frenzy_the_nearest_model_seen_is_charged_even_beyond_reach() -> None:
    """HOR-FRENZY (l.252-253, engine reading of "a portata"): a frenzied beast charges the
    nearest model it sees even where no model is within SPD + 3" and its melee range: the
    Mosshound (SPD 6) 26" from Vesk charges 9" straight at her and falls short, striking
    nobody; its fury may then be removed."""
    game = _frenzy_while_down(10.0, down=False)
    beast, vesk = game.state.models[1], game.state.models[2]
    assert beast.frenzied and beast.x == pytest.approx(24) and beast.y == pytest.approx(19)
    assert vesk.damage == 0


@pytest.mark.parametrize("keep", [True, False])
def test_hor_animus_warlock_upkeeps_an_upkeep_animus_like_its_own_spell(
    tmp_path: Path, keep: bool
) -> None:
    """HOR-ANIMUS-WARLOCK, HOR-UPKEEP (l.558-562, l.538-542): a warlock uses a beast's
    animus as if it were a spell on its own card, and an upkeep spell is kept in the control
    phase for 1 fury or ends. Keen Scent made an upkeep animus, used by Maelis on her
    Mosshound: next turn she is asked to upkeep it, and it stays for 1 fury or ends; used by
    the Mosshound itself (no beast pays upkeep) it is never asked for."""
    rules = _spell_changed(
        tmp_path,
        'name = "Keen Scent"\ncost = 1\nrng = 6\n',
        'name = "Keen Scent"\ncost = 1\nrng = 6\nup = true\n',
    )
    game = _game(rules, [["maelis", "mosshound"], ["vesk"]],
                 [[24, 5, 0], [27, 5, 0], [24, 40, 180]])
    activate(game, 0)
    game.apply(0, Animus(1, 1))
    game.apply(0, Done())  # Maelis's activation
    game.apply(0, Done())  # the turn
    while game.pending()[0].player == 1:
        game.apply(1, Done())
    if Upkeep("keen-scent", 1, True) not in options(game):
        game.apply(0, Done())  # no leaching
    maelis = game.state.models[0]
    fury = maelis.fury
    game.apply(0, Upkeep("keen-scent", 1, keep))
    assert maelis.fury == fury - keep
    assert _changed(game, "mat") == ([1] if keep else [])
    if not keep:
        return
    activate(game, 1)  # the Mosshound's own use replaces Maelis's upkept one
    game.apply(0, Animus(1, 1))
    assert not game.state.upkeep and _changed(game, "mat") == [1]
