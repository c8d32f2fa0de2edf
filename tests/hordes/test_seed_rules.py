"""Rules checked against the seed's own sentences after an audit: frenzy after a
knockdown, running after an animus or feat, boosts on charge attacks, SELF animi used by
the warlock, AOE hit and critical effects, the charge attack's target, CTRL spells."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hordes.helpers import RULES, HGame, activate, battle, options, script
from warbench.core.catalog import DataFileError
from warbench.core.engine import Game, IllegalAction
from warbench.core.events import RollEffect
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.actions import (
    Activate,
    Animus,
    Attack,
    Cast,
    Charge,
    ClearFury,
    DamageBoost,
    Done,
    Feat,
    GoFirst,
    Headbutt,
    Hold,
    Move,
    Slam,
)
from warbench.rulesets.hordes.bots import WarlockBot
from warbench.rulesets.hordes.combat import Strike, attack
from warbench.rulesets.hordes.events import AttackRolled
from warbench.rulesets.hordes.profile import stat
from warbench.rulesets.hordes.state import Lasting, Model

STALKER = [["maelis", "bramble-stalker"], ["vesk"]]
STALKER_AT = [[24, 5, 0], [30, 5, 0], [24, 45, 180]]


def _frenzy_while_down(beast_y: float, down: bool = True, slowed: bool = False) -> HGame:
    """A knocked-down Mosshound with 3 fury, Vesk ahead of it, rolls 6,6 on its threshold
    (``down=False``: standing; ``slowed``: under Vesk's Entangle, SPD -2 and DEF -2)."""

    def prepare(state) -> None:  # type: ignore[no-untyped-def]
        state.models[1].fury, state.models[1].knocked_down = 3, down
        if slowed:
            state.models[1].effects = [
                Lasting("entangle", "spell", stat_name, -2, 2, -1, True)
                for stat_name in ("spd", "def")
            ]

    game = battle(
        [["maelis", "mosshound"], ["vesk"]],
        [[10, 5, 0], [24, beast_y, 0], [24, 36, 180]],
        prepare=prepare,
    )
    script(game, 6, 6, 4, 4, 3, 3, 3, 1, 6, 6, 6, 6)
    while not any(isinstance(o, ClearFury) for o in options(game)):
        done = [o for o in options(game) if isinstance(o, Done)]
        game.apply(game.pending()[0].player, done[0])
    return game


def test_frenzy_standing_up_gives_up_the_charge() -> None:
    """HOR-FRENZY: a knocked-down frenzied beast stands up by giving up its movement, so
    it neither charges nor reaches a model out of its melee range."""
    game = _frenzy_while_down(30.0)
    beast, vesk = game.state.models[1], game.state.models[2]
    assert beast.frenzied and not beast.knocked_down
    assert (beast.x, beast.y) == (24, 30)
    assert vesk.damage == 0


@pytest.mark.parametrize("slowed", [False, True])
def test_hor_frenzy_no_charge_with_a_spd_penalty(slowed: bool) -> None:
    """HOR-FRENZY, HOR-CHARGE (l.252-253, l.304-305): a frenzied beast charges, but a model
    with a SPD penalty may not charge: the entangled Mosshound stays where it is, 6" from
    Vesk, and strikes nobody (engine default: only a model already in its melee range);
    without the penalty it charges her."""
    game = _frenzy_while_down(30.0, down=False, slowed=slowed)
    beast, vesk = game.state.models[1], game.state.models[2]
    assert beast.frenzied
    assert ((beast.x, beast.y) == (24, 30)) == slowed
    assert (vesk.damage == 0) == slowed


def test_frenzy_standing_up_still_attacks_in_reach() -> None:
    """HOR-FRENZY: having given up its movement to stand, the frenzied beast still makes
    its boosted attack on a model already in its melee range."""
    game = _frenzy_while_down(34.4)
    assert game.state.models[1].y == 34.4
    assert game.state.models[2].damage > 0


def test_hor_frenzy_knocked_down_this_turn_stays_down() -> None:
    """HOR-FRENZY, HOR-STAND: a beast knocked down in its controller's turn may not stand
    until the next one, even in a frenzy: the frenzied Brute's critical hit knocks down
    the Mosshound before the Mosshound's own threshold check, so the frenzied Mosshound
    is activated but neither stands, moves nor attacks."""

    def prepare(state) -> None:  # type: ignore[no-untyped-def]
        state.models[2].fury = state.models[3].fury = 3

    game = battle(
        [["vesk"], ["maelis", "oakhide-brute", "mosshound"]],
        [[24, 40, 180], [10, 5, 0], [24, 20, 0], [24, 21.771, 0]],
        prepare=prepare,
    )
    # player 1's control phase: the Brute frenzies and hits the Mosshound ahead of it
    # critically (4, 4), damage 1, 1, 1 and branch 1; then the Mosshound frenzies too
    script(game, 6, 6, 4, 4, 1, 1, 1, 1, 1, 6, 6)
    game.apply(0, Done())
    while not any(isinstance(o, ClearFury) for o in options(game)):
        game.apply(1, Done())
    game.apply(1, ClearFury(0))
    hound, vesk = game.state.models[3], game.state.models[0]
    assert hound.knocked_down and hound.frenzied and hound.activated
    assert any(isinstance(o, ClearFury) for o in options(game))
    game.apply(1, ClearFury(0))
    assert hound.knocked_down and (hound.x, hound.y) == (24, 21.771)
    assert vesk.damage == 0
    assert Activate(3) not in options(game)


def test_warlock_may_not_run_after_its_feat() -> None:
    """HOR-MOVE-RUN: a warlock that used its feat (an ability) may not run this turn."""
    game = battle(STALKER, STALKER_AT)
    activate(game, 0)
    game.apply(0, Feat())
    with pytest.raises(IllegalAction):
        game.apply(0, Move(24, 15, 0, True))
    game.apply(0, Move(24, 8, 0, False))  # a normal advance is still allowed
    assert game.state.models[0].y == 8


def test_warlock_may_not_run_after_an_animus() -> None:
    """HOR-MOVE-RUN, HOR-ANIMUS-WARLOCK: an animus is a spell for the warlock using it, so
    a warlock that used one may not run this turn."""
    game = battle(STALKER, STALKER_AT)
    activate(game, 0)
    game.apply(0, next(o for o in options(game) if isinstance(o, Animus)))
    with pytest.raises(IllegalAction):
        game.apply(0, Move(24, 15, 0, True))


def test_charge_attack_is_offered_no_damage_boost() -> None:
    """HOR-BOOST, HOR-CHARGE: a charge attack's damage roll is boosted already and a roll
    is boosted only once, so once the charging warlock's attack hits it is offered no paid
    damage boost: the roll is made at once, with three dice, and no fury is spent."""
    game = battle([["maelis"], ["vesk"]], [[24, 20, 0], [24, 30, 180]])
    activate(game, 0)
    game.apply(0, Charge(1))
    attacks = [o for o in options(game) if isinstance(o, Attack) and o.target == 1]
    assert attacks and any(a.boost_hit for a in attacks)
    script(game, 6, 6, 1, 1, 1)  # a hit; damage 3 + P+S 10 against ARM 14: no boxes
    game.apply(0, Attack(0, 1))
    assert not any(isinstance(o, DamageBoost) for o in options(game))
    damage = [e for e in game.events if isinstance(e, RollEffect) and e.query == "damage"]
    assert [e.dice for e in damage] == [3]
    assert game.state.models[0].fury == 7
    with pytest.raises(IllegalAction):
        game.apply(0, DamageBoost(1, True))


def test_warlock_self_animus_lands_on_the_warlock() -> None:
    """HOR-ANIMUS-WARLOCK, HOR-SPELL-STATS: a warlock uses a beast's animus as a spell of
    its own card, and a SELF spell is cast only on the warlock, so Quickthorn raises the
    warlock's SPD and leaves the beast's alone."""
    game = battle(STALKER, STALKER_AT)
    data, maelis, stalker = game.data, game.state.models[0], game.state.models[1]
    activate(game, 0)
    assert Animus(1, 0) in options(game) and Animus(1, 1) not in options(game)
    game.apply(0, Animus(1, 0))
    assert stat(data, maelis, "spd") == data.models[maelis.card].spd + 2
    assert stat(data, stalker, "spd") == data.models[stalker.card].spd


def _aoe_at_vesk(qualities: tuple[str, ...], faces: tuple[int, ...]) -> tuple[bool, bool]:
    """A 3" AOE shot (POW 10) at Vesk with an Ember Jackal beside her under the template:
    whether each of the two ends knocked down."""
    game = battle(
        [["maelis"], ["vesk", "ember-jackal"]], [[24, 20, 0], [24, 28, 180], [25.7, 28, 180]]
    )
    maelis, vesk, jackal = game.state.models
    script(game, *faces)
    attack(game, maelis, vesk, Strike("ranged", 10, 10, 3, qualities))
    return vesk.knocked_down, jackal.knocked_down


def test_aoe_critical_effect_hits_every_model_under_it() -> None:
    """HOR-CRITICAL, HOR-AUTO-EFFECT: a critical AOE hit gives its critical effect to the
    target and to every other model under the template."""
    assert _aoe_at_vesk(("critical_knockdown",), (5, 5, 1, 1, 1, 1)) == (True, True)
    assert _aoe_at_vesk(("critical_knockdown",), (5, 6, 1, 1, 1, 1)) == (False, False)


def test_aoe_hit_effect_hits_every_model_under_it() -> None:
    """HOR-AUTO-EFFECT: every model under an AOE is hit, so a knockdown weapon knocks
    down the target and every other model under the template."""
    assert _aoe_at_vesk(("knockdown",), (5, 6, 1, 1, 1, 1)) == (True, True)


def test_hor_aoe_hits_the_attacker_under_its_own_template() -> None:
    """HOR-AOE, HOR-AUTO-EFFECT (l.453-454): every model under an AOE is hit, the attacker
    too. Vesk's Scorch (AOE 3") at Maelis in base contact covers Vesk's own base, 0.6"
    from its centre: both take a damage roll."""
    game = battle([["vesk"], ["maelis"]], [[24, 20, 0], [24, 21.2, 180]])
    activate(game, 0)
    script(game, *[6] * 10)
    game.apply(0, Cast("scorch", 1))
    while boosts := [o for o in options(game) if isinstance(o, DamageBoost) and not o.boost]:
        game.apply(0, boosts[0])
    vesk, maelis = game.state.models
    assert vesk.damage > 0 and maelis.damage > 0


def test_charge_attack_is_the_first_melee_attack_whatever_its_target() -> None:
    """HOR-CHARGE: after a charge of 3" or more the first melee attack is the charge
    attack, with a boosted damage roll, even on a model other than the charge target;
    it is then offered no paid damage boost (HOR-BOOST)."""
    game = battle(
        [["maelis"], ["vesk", "ember-jackal"]], [[24, 20, 0], [24, 30, 180], [25.5, 28.8, 180]]
    )
    activate(game, 0)
    game.apply(0, Charge(1))
    assert Attack(0, 2) in options(game)
    script(game, 6, 6, 1, 1, 1, 1, 1, 1)
    game.apply(0, Attack(0, 2))
    assert not any(isinstance(o, DamageBoost) for o in options(game))
    damage = [e for e in game.events if isinstance(e, RollEffect) and e.query == "damage"]
    assert [e.dice for e in damage] == [3]


@pytest.mark.parametrize("friendly", [False, True])
def test_hor_charge_a_charger_makes_no_ranged_attack_after_its_charge(friendly: bool) -> None:
    """HOR-CHARGE, HOR-COMBAT-ACTION (l.309-311, l.317-318): a charger that reaches its
    target makes melee attacks, and no model makes ranged and melee attacks in one
    activation. Charging a knocked-down enemy or its own beast leaves Vesk unengaged, yet
    her Spitfire is not offered after the charge, at anyone; her Ember Staff is."""

    def knock_down(state: object) -> None:
        if not friendly:
            state.models[1].knocked_down = True  # type: ignore[attr-defined]

    if friendly:
        game = battle(
            [["vesk", "ember-jackal"], ["maelis"]], [[24, 10, 0], [24, 16, 180], [29, 20, 180]]
        )
    else:
        armies = [["vesk"], ["mosshound", "maelis"]]
        game = battle(armies, [[24, 20, 0], [24, 26, 180], [24, 45, 180]], prepare=knock_down)
    activate(game, 0)
    game.apply(0, Charge(1))
    weapons = game.data.models["vesk"].weapons
    kinds = {weapons[o.weapon].kind for o in options(game) if isinstance(o, Attack)}
    assert kinds == {"melee"}
    assert any(o == Attack(0, 1) for o in options(game))


def test_ctrl_spell_affects_every_model_in_the_control_area(tmp_path: Path) -> None:
    """HOR-SPELL-STATS: a spell with AOE CTRL affects every model, friendly or enemy, in
    the warlock's control area (2 x FURY = 14" for Maelis), and none outside it."""
    spells = (Path(RULES.shipped_data or ".") / "spells.toml").read_text()
    ctrl = 'rng = "SELF"\naoe = "CTRL"\nup = false\neffects = [{ kind = "stat", stat = "arm"'
    old = 'rng = 6\nup = true\neffects = [{ kind = "stat", stat = "arm"'
    assert old in spells
    (tmp_path / "spells.toml").write_text(spells.replace(old, ctrl, 1))
    rules = HordesRuleset(data_dir=tmp_path)
    setup = {
        "armies": [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]],
        "layout": "open",
        "positions": [[24, 5, 0], [24, 10, 0], [24, 45, 180], [24, 15, 180]],
    }
    game = Game.new(rules, setup, seed=7)
    game.apply(game.pending()[0].player, GoFirst(0))
    game.apply(0, Activate(0))
    game.apply(0, Cast("bark-skin", 0))
    boosted = [m.uid for m in game.state.models if stat(game.data, m, "arm") > card_arm(game, m)]
    assert boosted == [0, 1, 3]


def card_arm(game: HGame, model: Model) -> int:
    """The model's ARM as printed on its card."""
    return game.data.models[model.card].arm


def test_ctrl_aoe_is_read_from_data_and_checked(tmp_path: Path) -> None:
    """HOR-SPELL-STATS: CTRL is an AOE value (not a RNG); an AOE CTRL spell must have RNG
    SELF and not be offensive (engine default); bad data names the spell."""
    spells = (Path(RULES.shipped_data or ".") / "spells.toml").read_text()
    for bad in ('rng = "CTRL"\nup', 'rng = 6\naoe = "CTRL"\nup'):
        (tmp_path / "spells.toml").write_text(spells.replace("rng = 6\nup", bad, 1))
        with pytest.raises(DataFileError, match="bark-skin"):
            _ = HordesRuleset(data_dir=tmp_path).data


#: A Brute (uid 1) facing a friendly Mosshound (uid 2) 0.3" away; Vesk far off.
NEIGHBOURS = [["maelis", "oakhide-brute", "mosshound"], ["vesk"]]
NEIGHBOURS_AT: list[list[float]] = [
    [24, 5, 0], [24, 12, 0], [24, 12 + 0.984 + 0.787 + 0.3, 180], [10, 45, 180]
]


def test_attacks_charges_and_slams_may_target_friendly_models() -> None:
    """HOR-COMBAT-ACTION, HOR-CHARGE, HOR-SLAM: a model may charge, slam and attack any
    model in sight, its own side's too."""
    game = battle(NEIGHBOURS, NEIGHBOURS_AT)
    activate(game, 1)
    assert {Charge(2), Slam(2)} <= set(options(game))
    game.apply(0, Hold())
    assert Attack(0, 2) in options(game)
    script(game, 6, 6, 1, 1, 1)
    game.apply(0, Attack(0, 2))
    assert any(isinstance(e, AttackRolled) and e.target == 2 and e.hit for e in game.events)


def test_offensive_spell_may_target_a_friendly_model() -> None:
    """HOR-OFFENSIVE, HOR-RANGED-DECLARE: a magic attack, like a ranged attack, may be
    declared at any model in sight, friendly too."""
    game = battle(NEIGHBOURS, [[24, 5, 0], [24, 12, 0], [30, 8, 0], [10, 45, 180]])
    activate(game, 0)
    offensive = [o for o in options(game) if isinstance(o, Cast) and o.spell == "thorn-lash"]
    assert {o.target for o in offensive} >= {1, 2}


def test_bots_never_pick_a_blow_at_their_own_models() -> None:
    """HOR-COMBAT-ACTION, HOR-CHARGE, HOR-SLAM: blows at friendly models are legal but the
    heuristic bot never chooses one and the search bot never weighs one."""
    game = battle(NEIGHBOURS, NEIGHBOURS_AT)
    activate(game, 1)
    for _ in range(2):
        decision = game.pending()[0]
        assert any(getattr(o, "target", -1) == 2 for o in decision.options)
        seen = game.observe(0)
        chosen = WarlockBot(1).choose(seen, decision)
        lines = WarlockBot(1).alternatives(seen, decision, 10)
        for action in (chosen, *lines):
            assert not isinstance(action, Attack | Charge | Slam | Headbutt) or (
                action.target != 2
            )
        game.apply(0, Hold() if Hold() in decision.options else chosen)


def test_a_players_choices_list_the_enemy_first_and_name_their_own_models_as_theirs() -> None:
    """HOR-CHARGE, HOR-COMBAT-ACTION: blows at the player's own models are offered after
    every blow at the enemy, and read "your own ..." so that nobody charges a friend by
    mistake at the table."""
    game = battle(NEIGHBOURS, NEIGHBOURS_AT)
    activate(game, 1)
    charges = [o for o in options(game) if isinstance(o, Charge)]
    owners = [game.state.models[o.target].owner for o in charges]
    assert 0 in owners and 1 in owners
    assert owners == sorted(owners, reverse=True)  # the enemy's (player 1) first
    texts = {o.target: RULES.action_text(game.state, o) for o in charges}
    friend = next(o.target for o in charges if game.state.models[o.target].owner == 0)
    foe = next(o.target for o in charges if game.state.models[o.target].owner == 1)
    assert texts[friend].startswith("charge your own ")
    assert "your own" not in texts[foe]
