"""HOR-SPELL-STATS, HOR-ACTION-ODDS: an offensive spell's or animus's effects land on each
model it hits once its attack roll is made, before its damage rolls, so the web table's
odds make each damage roll on the model as they leave it: its ARM changed, boxes healed,
knocked down, an older animus or enemy upkeep spell ended with what it gave. Designers'
cards (no shipped card with POW has such an effect), checked against the game's dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.hordes.helpers import RULES
from tests.hordes.odds_check import check_option, option_at
from tests.hordes.test_odds_spell_effects import _game, _scorch
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.actions import Animus, Cast
from warbench.rulesets.hordes.state import Lasting

#: Cinder Drake's Heat Haze made an offensive animus with a damage roll (RNG 8, POW 12).
HAZE_ATTACK = "rng = 8\npow = 12\noff = true\n"


def designer(tmp_path: Path, spells: dict[str, str]) -> HordesRuleset:
    """HORDES with each shipped spell of ``spells`` given those TOML lines (replacing its
    own lines of the same keys), in a data folder of ``tmp_path``."""
    text = (Path(RULES.shipped_data or ".") / "spells.toml").read_text()
    for spell, lines in spells.items():
        head = text.index(f"[{spell}]\n")
        end = text.index("source = ", head)
        keys = {line.split(" = ")[0] for line in lines.splitlines()}
        kept = [line for line in text[head:end].splitlines(keepends=True)
                if line.split(" = ")[0] not in keys]
        text = f"{text[:head]}{''.join(kept)}{lines}{text[end:]}"
    (tmp_path / "spells.toml").write_text(text)
    return HordesRuleset(data_dir=tmp_path)


def _checked(rules: HordesRuleset, game: Any, action: Any) -> dict[str, float]:
    """The odds of ``action`` in ``game``, checked against every sequence of the game's
    dice: each named chance and each number of boxes the game's."""
    odds = rules.action_odds(game.observe(0).state, action)
    assert odds is not None
    option = option_at(game, 0, action)
    assert option is not None
    wrong, plain = check_option(game, option, odds, budget=4000, samples=0)
    assert plain.exact
    assert wrong == []
    return odds.named


def _lash_at_hask(rules: HordesRuleset, marked: int = 0) -> Any:
    """Elder Maelis (FURY 7, holding 7) before Thorn Lash (POW 12) at Hask (ARM 16), with
    ``marked`` of his damage boxes marked."""

    def wound(state: Any) -> None:
        state.models[1].damage = marked

    return _game(rules, [["maelis"], ["hask"]], [[24, 10, 0], [24, 17, 180]], 7, wound)


def test_hor_spell_stats_a_spells_arm_change_lands_before_its_damage_roll(
    tmp_path: Path,
) -> None:
    """HOR-SPELL-STATS, HOR-ACTION-ODDS: a designer's Thorn Lash giving the model it hits
    ARM -2: Hask's damage roll is made against ARM 14, not 16, so he takes damage more
    often than the shipped Lash's odds say; the odds are the game's over every sequence of
    dice, and their note names the ARM the roll meets."""
    rules = designer(tmp_path, {"thorn-lash": 'effects = [{ kind = "stat", stat = "arm", '
                                               "amount = -2 }]\n"})
    lash = Cast("thorn-lash", 1)
    named = _checked(rules, _lash_at_hask(rules), lash)
    shipped = RULES.action_odds(_lash_at_hask(RULES).observe(0).state, lash)
    assert shipped is not None and named["no damage"] < shipped.named["no damage"] - 0.05
    odds = rules.action_odds(_lash_at_hask(rules).observe(0).state, lash)
    assert odds is not None and any("against ARM 14" in note for note in odds.notes)


def test_hor_spell_stats_a_spells_heal_lands_before_its_damage_roll(tmp_path: Path) -> None:
    """HOR-SPELL-STATS, HOR-ACTION-ODDS: a designer's Thorn Lash healing 3 boxes of the
    model it hits: Hask, one box left of 18, is healed before the damage roll, so a roll
    that would have destroyed him may not; the boxes are counted from what is marked now
    (a hit may mark fewer than it heals). Every named chance and number of boxes is the
    game's over every sequence of dice."""
    rules = designer(tmp_path, {"thorn-lash": 'effects = [{ kind = "heal", amount = 3 }]\n'})
    game = _lash_at_hask(rules, marked=17)
    named = _checked(rules, game, Cast("thorn-lash", 1))
    odds = rules.action_odds(game.observe(0).state, Cast("thorn-lash", 1))
    assert odds is not None and odds.distribution.p(-3) > 0  # hit, healed, not hurt
    assert named["destroyed"] < named["hit (each attack)"]


def _haze(rules: HordesRuleset, prepare: Any = None) -> Any:
    """Cinder Matron Vesk (holding 4) beside her Cinder Drake, before its Heat Haze at
    Maelis's Oakhide Brute (tough), 5 circles left on its spiral (one branch of 4 and
    one box)."""

    def ready(state: Any) -> None:
        state.models[3].spiral = [4, 5, 5, 5, 5, 0]
        if prepare is not None:
            prepare(state)

    return _game(rules, [["vesk", "cinder-drake"], ["maelis", "oakhide-brute"]],
                 [[24, 10, 0], [27, 10, 0], [40, 46, 180], [24, 16, 180]], 4, ready)


def test_hor_spell_stats_an_animus_knockdown_a_warlock_uses_is_counted(
    tmp_path: Path,
) -> None:
    """HOR-SPELL-STATS, HOR-ACTION-ODDS, HOR-ANIMUS-WARLOCK: Vesk using her Cinder Drake's
    designer Heat Haze (offensive, POW 12) that knocks down the model it hits: the Oakhide
    Brute is knocked down once hit, whatever its damage roll and tough roll do. The odds
    counted only a tough roll's knockdown (the animus is the warlock's own spell then, its
    card not read); they are the game's over every sequence of dice."""
    rules = designer(tmp_path, {"heat-haze": HAZE_ATTACK
                                + 'effects = [{ kind = "knockdown" }]\n'})
    game = _haze(rules)
    named = _checked(rules, game, Animus(1, 3))
    assert named["knocked down, not destroyed"] > 0.5


def test_hor_spell_stats_an_offensive_animus_ends_the_older_animus_before_its_damage_roll(
    tmp_path: Path,
) -> None:
    """HOR-SPELL-STATS, HOR-ACTION-ODDS, HOR-ANIMUS: one animus on a model at a time: the
    Oakhide Brute under its own Deep Roots (ARM +2) is hit by the designer's offensive
    Heat Haze Vesk uses, which ends Deep Roots before its damage roll, so the roll meets
    ARM 18, not 20. The odds are the game's over every sequence of dice."""
    rules = designer(tmp_path, {"heat-haze": HAZE_ATTACK})

    def rooted(state: Any) -> None:
        state.models[3].effects.append(Lasting("deep-roots", "animus", "arm", 2, 3, 1))

    game = _haze(rules, rooted)
    _checked(rules, game, Animus(1, 3))
    odds = rules.action_odds(game.observe(0).state, Animus(1, 3))
    assert odds is not None and any("against ARM 18" in note for note in odds.notes)
    assert any("ARM 18 (now 20)" in note for note in odds.notes)


def test_hor_spell_stats_an_upkeep_spell_ends_the_older_enemy_upkeep_before_its_damage_roll(
    tmp_path: Path,
) -> None:
    """HOR-SPELL-STATS, HOR-ACTION-ODDS, HOR-UPKEEP: one enemy upkeep spell on a model:
    Hask bears Maelis's designer Entangle that also lowers ARM by 3; her designer Thorn
    Lash, an upkeep spell too, ends it as it lands, before its damage roll, so the roll
    meets Hask's ARM 16, not 13. The odds are the game's over every sequence of dice."""
    rules = designer(tmp_path, {
        "thorn-lash": "up = true\n",
        "entangle": 'effects = [{ kind = "stat", stat = "arm", amount = -3 }]\n'})

    game = _game(rules, [["maelis"], ["hask"]], [[24, 10, 0], [24, 17, 180]], 7)
    game.state.models[1].effects.append(Lasting("entangle", "spell", "arm", -3, 0, -1, True))
    game.state.upkeep.append((0, "entangle", 1))
    _checked(rules, game, Cast("thorn-lash", 1))
    odds = rules.action_odds(game.observe(0).state, Cast("thorn-lash", 1))
    assert odds is not None and any("ARM 16 (now 13)" in note for note in odds.notes)


def test_hor_action_odds_an_aoe_spells_effects_land_on_each_model_under_it_before_its_rolls(
    tmp_path: Path,
) -> None:
    """HOR-SPELL-STATS, HOR-ACTION-ODDS, HOR-AOE: a designer's Scorch giving ARM -2 to every
    model it hits lands it on each model under its template, the target and the other
    Mosshound alike, before their damage rolls: the target's odds and the other's line are
    those of the shipped Scorch (whose order of rolls is checked against the game's dice in
    test_odds_fury_left.py) at the two Mosshounds under ARM -2 already."""
    rules = designer(tmp_path, {"scorch": 'effects = [{ kind = "stat", stat = "arm", '
                                          "amount = -2 }]\n"})
    designed = rules.action_odds(_scorch(rules, 4).observe(0).state, Cast("scorch", 3))
    shipped_game = _scorch(RULES, 4)
    for uid in (2, 3):
        shipped_game.state.models[uid].effects.append(Lasting("x", "spell", "arm", -2, 0, 0))
    shipped = RULES.action_odds(shipped_game.observe(0).state, Cast("scorch", 3))
    assert designed is not None and shipped is not None and designed.others
    assert list(designed.others) == list(shipped.others)
    for name, line in designed.others.items():
        assert line == pytest.approx(shipped.others[name], abs=1e-12), name
    assert designed.named == pytest.approx(shipped.named, abs=1e-12)
    assert designed.distribution.to_dict() == pytest.approx(shipped.distribution.to_dict())
