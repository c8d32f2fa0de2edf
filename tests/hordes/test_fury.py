"""Fury: leaching, threshold and frenzy, upkeep, shaking knockdown, spells, animi, feats,
healing, reaving, knockdown and standing up, stealth, lists and data errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hordes.helpers import RULES, activate, battle, options, script
from warbench.core.catalog import DataFileError
from warbench.core.engine import Game, IllegalAction
from warbench.core.lists import UnitEntry
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.actions import (
    Activate,
    Animus,
    Attack,
    Cast,
    ClearFury,
    Done,
    Feat,
    GoFirst,
    Heal,
    Hold,
    Leach,
    Move,
    Rile,
    Shake,
    StandUp,
    Upkeep,
)

PAIR = [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]]
FAR = [[24, 6, 0], [24, 10, 0], [24, 45, 180], [24, 40, 180]]


def to_next_turn(game, player_done: int = 0) -> None:
    """End player 0's turn and player 1's, back to player 0's control phase."""
    game.apply(0, Done())
    while game.pending()[0].player == 1:
        game.apply(1, Done())


def test_warlock_starts_with_fury_and_beasts_without() -> None:
    """HOR-FURY-START: warlocks start at FURY, warbeasts at 0."""
    game = battle(PAIR, FAR)
    assert game.state.models[0].fury == 7 and game.state.models[1].fury == 0


def test_rile_then_leach_in_control_phase() -> None:
    """HOR-RILE, HOR-FORCE-CAP, HOR-LEACH, HOR-CONTROL-ORDER: a riled beast's fury is leached by its
    warlock in the next control phase, up to the warlock's FURY."""
    game = battle(PAIR, FAR)
    activate(game, 0)
    game.apply(0, Hold())
    game.apply(0, Cast("bark-skin", 1))  # spends 2 fury: room to leach
    game.apply(0, Done())
    activate(game, 1)
    game.apply(0, Rile(3))
    with pytest.raises(IllegalAction, match="HOR-RILE"):
        game.apply(0, Rile(2))
    game.apply(0, Done())
    game.apply(0, Done())
    while game.pending()[0].player == 1:
        game.apply(1, Done())
    decision = game.pending()[0]
    assert Leach(1, 3) not in decision.options  # warlock has 5 of 7: room for 2
    assert Leach(1, 2) in decision.options
    game.apply(0, Leach(1, 2))
    assert game.state.models[0].fury == 7 and game.state.models[1].fury == 1


def test_leach_from_life_costs_damage() -> None:
    """HOR-LEACH-LIFE: fury from the warlock's own life costs 1 damage a point."""
    game = battle(PAIR, FAR, prepare=lambda s: setattr(s.models[2], "fury", 3))
    game.apply(0, Done())
    decision = game.pending()[0]
    assert decision.player == 1 and Leach(2, 2) in decision.options
    game.apply(1, Leach(2, 2))
    assert game.state.models[2].fury == 5 and game.state.models[2].damage == 2


def test_threshold_frenzy_and_clear() -> None:
    """HOR-THRESHOLD, HOR-FRENZY: 2d6 + fury above THR frenzies the beast; it charges the
    nearest model it sees, attacks boosted, then its fury may be removed; it does not
    activate again this turn."""
    game = battle(
        PAIR,
        [[24, 6, 0], [24, 10, 0], [24, 45, 180], [24, 14, 180]],
        prepare=lambda s: setattr(s.models[3], "fury", 4),
    )
    game.apply(0, Done())
    # player 1's control: leach offered first (Vesk is full: no room), then threshold
    script(game, 6, 5, 4, 4, 4, 4, 4, 4, 4, 4)
    while game.pending()[0].player == 1 and Leach in {type(o) for o in options(game)}:
        game.apply(1, Done())
    decision = game.pending()[0]
    assert any(isinstance(o, ClearFury) for o in decision.options)
    titan = game.state.models[3]
    assert titan.frenzied and titan.activated
    game.apply(1, ClearFury(4))
    assert titan.fury == 0
    assert Activate(3) not in options(game)


def test_upkeep_paid_or_expires() -> None:
    """HOR-UPKEEP: in the control phase an upkeep spell costs 1 fury or ends."""
    game = battle(PAIR, FAR)
    activate(game, 0)
    game.apply(0, Cast("bark-skin", 1))
    assert any(e.stat == "arm" for e in game.state.models[1].effects)
    game.apply(0, Done())
    game.apply(0, Done())
    while game.pending()[0].player == 1:
        game.apply(1, Done())
    decision = game.pending()[0]
    if any(isinstance(o, Leach) for o in decision.options):
        game.apply(0, Done())
    assert Upkeep("bark-skin", 1, True) in options(game)
    game.apply(0, Upkeep("bark-skin", 1, False))
    assert not game.state.models[1].effects


def test_upkeep_one_of_each_spell() -> None:
    """HOR-UPKEEP, HOR-SPELL-STATS: a warlock has one of each upkeep spell in play; recasting
    moves it."""
    game = battle(
        [["maelis", "oakhide-brute", "mosshound"], ["vesk"]],
        [[24, 6, 0], [24, 10, 0], [28, 10, 0], [24, 45, 180]],
    )
    activate(game, 0)
    game.apply(0, Cast("bark-skin", 1))
    game.apply(0, Cast("bark-skin", 2))
    assert not game.state.models[1].effects and game.state.models[2].effects
    assert len(game.state.upkeep) == 1


def test_hor_upkeep_an_offensive_spell_on_a_friend_is_a_friendly_upkeep_spell() -> None:
    """HOR-UPKEEP (l.545-550): a model holds one friendly and one enemy upkeep spell, the
    side being who cast it. Maelis' offensive Entangle on her own Mosshound is a friendly
    upkeep spell, so it replaces her Bark Skin there; nothing of the Bark Skin stays."""
    game = battle([["maelis", "mosshound"], ["vesk"]], [[24, 5, 0], [24, 9, 180], [24, 45, 180]])
    activate(game, 0)
    game.apply(0, Cast("bark-skin", 1))
    script(game, 6, 5, 6, 6, 6, 6)
    game.apply(0, Cast("entangle", 1))
    assert game.state.upkeep == [(0, "entangle", 1)]
    effects = game.state.models[1].effects
    assert {e.source for e in effects} == {"entangle"} and not any(e.enemy for e in effects)


def test_hor_spell_stats_a_spell_not_offensive_targets_the_casters_side() -> None:
    """HOR-SPELL-STATS (engine default): Maelis' Bark Skin (not offensive, RNG 6) is offered
    on herself and her Brute, not on Vesk's Magma Titan as close; her offensive Thorn Lash
    is offered on the Titan."""
    game = battle(
        [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]],
        [[24, 5, 0], [24, 10, 0], [24, 45, 180], [28, 8, 180]],
    )
    activate(game, 0)
    casts = {(o.spell, o.target) for o in options(game) if isinstance(o, Cast)}
    assert {("bark-skin", 0), ("bark-skin", 1)} <= casts and ("bark-skin", 3) not in casts
    assert ("thorn-lash", 3) in casts


def test_offensive_spell_is_a_magic_attack() -> None:
    """HOR-OFFENSIVE, HOR-CAST-COST, HOR-SPELL-STATS: 2d6 + FURY against DEF, 2d6 + POW."""
    game = battle([["maelis"], ["vesk"]], [[24, 20, 0], [24, 28, 180]])
    activate(game, 0)
    script(game, 3, 3, 6, 6, 6, 6)
    game.apply(0, Cast("thorn-lash", 1))
    attack = [e for e in game.events if e.kind == "hordes_attack"][-1]
    assert attack.total == 3 + 3 + 7 and attack.hit is False  # DEF 15
    assert game.state.models[0].fury == 7 - 2


def test_stealth_beyond_five_inches_misses() -> None:
    """HOR-STEALTH: ranged and magic attacks on a stealthy model beyond 5" miss."""
    game = battle(
        [["vesk"], ["maelis", "thorn-lurker"]], [[24, 20, 0], [24, 45, 180], [24, 30, 180]]
    )
    activate(game, 0)
    game.apply(0, Hold())
    game.apply(0, Attack(1, 2))
    attack = [e for e in game.events if e.kind == "hordes_attack"][-1]
    assert not attack.hit and "stealth" in attack.text


def test_out_of_range_ranged_attack_misses() -> None:
    """HOR-RANGED-DECLARE: declared first, measured after: beyond RNG it misses."""
    game = battle([["vesk"], ["maelis"]], [[24, 20, 0], [24, 40, 180]])
    activate(game, 0)
    game.apply(0, Hold())
    game.apply(0, Attack(1, 1))
    assert "out of range" in [e for e in game.events if e.kind == "hordes_attack"][-1].text


def test_aim_bonus() -> None:
    """HOR-AIM: giving up movement adds 2 to ranged attack rolls."""
    game = battle([["vesk"], ["maelis"]], [[24, 20, 0], [24, 26, 180]])
    activate(game, 0)
    game.apply(0, Hold())
    script(game, 2, 2, 1, 1)
    game.apply(0, Attack(1, 1))
    assert [e for e in game.events if e.kind == "hordes_attack"][-1].total == 2 + 2 + 6 + 2


def test_hor_aim_standing_up_by_giving_up_the_movement_also_aims() -> None:
    """HOR-AIM, HOR-STAND (engine reading of l.437-439 with l.473-474): the movement given
    up to stand up is given up, so the ranged attack that follows has the +2 as well."""

    def down(state: object) -> None:
        state.models[0].knocked_down = True  # type: ignore[attr-defined]

    game = battle([["vesk"], ["maelis"]], [[24, 20, 0], [24, 28, 180]], prepare=down)
    if any(isinstance(o, Shake) for o in options(game)):
        game.apply(0, Done())
    activate(game, 0)
    game.apply(0, StandUp("move"))
    script(game, 3, 3, 3, 3)
    game.apply(0, Attack(1, 1))
    assert [e for e in game.events if e.kind == "hordes_attack"][-1].total == 3 + 3 + 6 + 2


def test_animus_forces_beast_once() -> None:
    """HOR-ANIMUS: the beast gains the animus's COST in fury, once an activation."""
    game = battle(PAIR, FAR)
    activate(game, 1)
    game.apply(0, Animus(1, 1))
    assert game.state.models[1].fury == 2
    assert not any(isinstance(o, Animus) for o in options(game))


def test_warlock_casts_a_beasts_animus() -> None:
    """HOR-ANIMUS-WARLOCK: a warlock uses the animus of a beast in its control area,
    paying its COST."""
    game = battle(PAIR, FAR)
    activate(game, 0)
    game.apply(0, Animus(1, 1))
    assert game.state.models[0].fury == 5 and game.state.models[1].fury == 0


def test_feat_once_and_heal() -> None:
    """HOR-FEAT, HOR-HEAL: the feat once a game; healing costs 1 fury a box."""
    game = battle(PAIR, FAR, prepare=lambda s: setattr(s.models[0], "damage", 4))
    activate(game, 0)
    game.apply(0, Feat())
    assert any(e.stat == "arm" and e.amount == 3 for e in game.state.models[1].effects)
    assert Feat() not in options(game)
    game.apply(0, Heal(0, 3))
    assert game.state.models[0].damage == 1 and game.state.models[0].fury == 4


def test_round_effects_end_at_casters_next_turn() -> None:
    """HOR-ROUND-EFFECTS, HOR-MAINT: a one-round effect ends as its side's turn starts."""
    game = battle(PAIR, FAR)
    activate(game, 0)
    game.apply(0, Feat())
    game.apply(0, Done())
    game.apply(0, Done())
    assert game.state.models[1].effects
    while game.pending()[0].player == 1:
        game.apply(1, Done())
    assert not game.state.models[1].effects


def test_fury_above_stat_removed_in_maintenance() -> None:
    """HOR-MAINT: fury above a model's FURY is removed in its maintenance phase."""
    game = battle(PAIR, FAR, prepare=lambda s: setattr(s.models[2], "fury", 9))
    game.apply(0, Done())
    assert game.state.models[2].fury == 7


def test_knocked_down_stand_up_choice_and_shake() -> None:
    """HOR-STAND, HOR-SHAKE, HOR-KNOCKDOWN, HOR-MOVE-RUN: a model knocked down in the enemy's
    turn may shake it off for 1 fury in its control phase, or stand at its activation giving up
    movement or action."""
    game = battle(PAIR, FAR, prepare=lambda s: setattr(s.models[1], "knocked_down", True))
    assert Shake(1) in options(game)
    game.apply(0, Done())
    activate(game, 1)
    assert StandUp("move") in options(game) and StandUp("action") in options(game)
    game.apply(0, StandUp("action"))
    assert not game.state.models[1].knocked_down
    with pytest.raises(IllegalAction, match="cannot run"):
        brute = game.state.models[1]
        game.apply(0, Move(brute.x, brute.y + 6, 0.0, run=True))


def test_list_validation_and_warbeast_points() -> None:
    """HOR-LISTS (engine default): one warlock; beasts within points + warbeast points."""
    good = RULES.data.lists["thornwood-maelis"]
    assert RULES.validate_list(good).violations == ()
    bad = good.with_unit(UnitEntry(unit="rootcrusher")).with_unit(UnitEntry(unit="vesk"))
    rules = {v.rule for v in RULES.validate_list(bad).violations}
    assert {"one_warlock", "warbeast_points", "one_faction"} <= rules


def test_five_of_one_beast_are_refused_however_many_entries_name_them() -> None:
    """HOR-LISTS (engine default): at most 4 of one warbeast in a battlegroup. Five
    mosshounds are refused as one entry and as two (3 + 2), at the entry past the limit;
    four in two entries are a battlegroup."""
    base = RULES.data.lists["thornwood-maelis"].model_copy(update={"points": 100})
    one_entry = base.with_unit(UnitEntry(unit="mosshound", count=4))
    split = base.with_unit(UnitEntry(unit="mosshound", count=2)).with_unit(
        UnitEntry(unit="mosshound", count=2))
    four = base.with_unit(UnitEntry(unit="mosshound", count=3))
    assert RULES.validate_list(four).violations == ()
    for army in (one_entry, split):
        found = [v for v in RULES.validate_list(army).violations
                 if v.rule == "beasts_of_a_kind"]
        assert len(found) == 1, RULES.validate_list(army).violations
        assert "5 Mosshounds; allowed at most 4 (units[" in found[0].message
        assert found[0].path == f"units[{len(army.units) - 1}]"


def test_data_errors_name_file_and_key(tmp_path: Path) -> None:
    """HOR-STATS: a player's data file replaces the shipped one; errors name the key."""
    text = (Path(RULES.shipped_data or ".") / "settings.toml").read_text()
    (tmp_path / "settings.toml").write_text(text.replace("rounds = 7", "rounds = 0"))
    with pytest.raises(DataFileError, match="rounds"):
        _ = HordesRuleset(data_dir=tmp_path).data


def test_hor_spell_stats_a_fury_effect_goes_to_the_caster_once_up_to_its_fury(
    tmp_path: Path,
) -> None:
    """HOR-SPELL-STATS, HOR-CARDS (engine default): a designer's spell whose effect is fury
    gives it to the caster, once, never above its FURY: Vesk (FURY 7, full) casting a
    variant Ash Veil (cost 2, +3 fury) spends 2 and gets 2 back, not 3. A fury effect
    scoped to anything but the caster is refused, naming the file and the key, and so is
    a spell's stat effect given a feat's scope (its RNG and AOE choose whom it reaches)."""
    shipped = (Path(RULES.shipped_data or ".") / "spells.toml").read_text()
    veil = ('[ash-veil]\nname = "Ash Veil"\ncost = 2\nrng = 6\nup = true\n'
            'effects = [{ kind = "stat", stat = "def", amount = 2 }]')
    assert veil in shipped
    fury = veil.replace("up = true\n", "").replace(
        '{ kind = "stat", stat = "def", amount = 2 }',
        '{ kind = "fury", amount = 3, scope = "self" }')
    (tmp_path / "spells.toml").write_text(shipped.replace(veil, fury))
    rules = HordesRuleset(data_dir=tmp_path)
    setup = {"armies": [["vesk", "ember-jackal"], ["maelis"]], "layout": "open",
             "positions": [[12, 14, 0], [14, 14, 0], [12, 40, 180]]}
    game = Game.new(rules, setup, seed=7)
    game.apply(game.pending()[0].player, GoFirst(0))
    vesk = game.state.models[0]
    assert vesk.fury == rules.data.models["vesk"].fury == 7
    game.apply(0, Activate(0))
    game.apply(0, Hold())
    game.apply(0, Cast("ash-veil", 0))
    assert vesk.fury == 7
    assert [e.text for e in game.events][-1] == "Cinder Matron Vesk gains 2 fury (spell)"
    (tmp_path / "spells.toml").write_text(shipped.replace(veil, fury.replace("self", "target")))
    with pytest.raises(DataFileError, match=r"spells.toml: ash-veil.effects\[0\].*scope 'self'"):
        _ = HordesRuleset(data_dir=tmp_path).data
    # a spell's other effects go where its RNG and AOE reach: a feat's scope is refused
    ctrl = veil.replace("amount = 2 }", 'amount = 2, scope = "friendly_ctrl" }')
    (tmp_path / "spells.toml").write_text(shipped.replace(veil, ctrl))
    with pytest.raises(DataFileError, match=r"spells.toml: ash-veil: .*scope 'target'.*feats"):
        _ = HordesRuleset(data_dir=tmp_path).data


def test_refusal_names_the_rule() -> None:
    """HOR-ACTIVATION: a refused action is told the rule it breaks."""
    game = battle(PAIR, FAR)
    with pytest.raises(IllegalAction, match="HOR-ACTIVATION"):
        game.apply(0, Activate(2))


def test_cards_are_complete_and_original(tmp_path: Path) -> None:
    """HOR-CARDS (engine default): every model has a full card, all original ("engine
    default" source); a warlock card without its feat is refused, naming the model."""
    for record in RULES.data.models.values():
        assert record.source == "engine default" and record.weapons
        if record.role == "warlock":
            assert record.spells and record.feat in RULES.data.feats
            assert all(spell in RULES.data.spells for spell in record.spells)
        else:
            assert len(record.spiral) == 6 and record.animus in RULES.data.spells
    text = (Path(RULES.shipped_data or ".") / "models.toml").read_text()
    (tmp_path / "models.toml").write_text(text.replace('feat = "ashfall"\n', "", 1))
    with pytest.raises(DataFileError, match="vesk"):
        _ = HordesRuleset(data_dir=tmp_path).data


def test_catalog_shows_str_and_def() -> None:
    """HOR-STATS: the catalog shows the stat line as a player reads it: STR and DEF as
    ``str`` and ``def``, not Python's field names."""
    shown = RULES.catalog()["maelis"].model_dump(mode="json")
    assert shown["str"] == 5 and shown["def"] == 16
    assert "str_" not in shown and "def_" not in shown


def test_a_beast_of_another_faction_names_both_factions() -> None:
    bad = RULES.data.lists["thornwood-maelis"].with_unit(UnitEntry(unit="ember-jackal"))
    reasons = [v.message for v in RULES.validate_list(bad).violations if v.rule == "one_faction"]
    assert reasons == ["'ember-jackal' is of faction 'ashen', not the warlock 'maelis''s"
                       " 'thornwood'"]
