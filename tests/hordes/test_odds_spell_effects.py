"""HOR-SPELL-STATS, HOR-BOOST, HOR-ACTION-ODDS: an offensive spell's effects land once its
attack roll is made, before its damage rolls, so a designer's spell whose effect gives the
caster fury pays for damage boosts the odds must count. Checked against the game's dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.hordes.helpers import RULES, HGame, activate
from tests.hordes.odds_check import check_option, option_at
from tests.hordes.test_odds_fury_left import HOUND
from warbench.core.engine import Game
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.actions import Cast, GoFirst, Hold
from warbench.rulesets.hordes.odds_others import FURY_SHORT

#: A fury effect for the caster, as a designer writes it on a spell.
FURY = '{{ kind = "fury", amount = {amount}, scope = "self" }}'


def designer_rules(tmp_path: Path, spell: str, effects: str) -> HordesRuleset:
    """HORDES with the shipped spell ``spell`` given ``effects`` (a TOML array's items),
    in a data folder of ``tmp_path``."""
    text = (Path(RULES.shipped_data or ".") / "spells.toml").read_text()
    head = text.index(f"[{spell}]\n")
    end = text.index("source = ", head)
    assert "effects" not in text[head:end]
    (tmp_path / "spells.toml").write_text(
        f"{text[:end]}effects = [{effects}]\n{text[end:]}")
    return HordesRuleset(data_dir=tmp_path)


def _game(rules: HordesRuleset, armies: list[list[str]], places: list[list[float]],
          fury: int, prepare: Any = None) -> HGame:
    """Player 0's warlock (uid 0) activated, holding ``fury``, after holding still."""
    game = Game.new(rules, {"armies": armies, "layout": "open", "positions": places}, seed=7)
    if prepare is not None:
        prepare(game.state)
    game.apply(game.pending()[0].player, GoFirst(0))
    activate(game, 0)
    game.apply(0, Hold())
    game.state.models[0].fury = fury
    return game


def test_hor_spell_stats_a_spells_fury_effect_pays_for_the_damage_boost_the_odds_count(
    tmp_path: Path,
) -> None:
    """HOR-SPELL-STATS, HOR-BOOST, HOR-ACTION-ODDS: a designer's Thorn Lash giving its
    caster 2 fury: Elder Maelis holding 3 spends them all on it, boosted, and the spell's
    effect gives her 2 before its damage roll, so the game offers the damage boost. The odds
    count it (``(damage boosted)``, her fury then 2, where they said no fury was left),
    every chance the game's over every sequence of dice."""
    rules = designer_rules(tmp_path, "thorn-lash", FURY.format(amount=2))

    def hurt(state: Any) -> None:
        state.models[1].damage = 10

    game = _game(rules, [["maelis"], ["vesk"]], [[24, 10, 0], [24, 17, 180]], 3, hurt)
    lash = Cast("thorn-lash", 1, True)
    odds = rules.action_odds(game.observe(0).state, lash)
    assert odds is not None and odds.named["destroyed (damage boosted)"] > 0
    assert any("its fury then: 2" in note for note in odds.notes)
    option = option_at(game, 0, lash)
    assert option is not None
    wrong, plain = check_option(game, option, odds, budget=3000, samples=0)
    assert plain.exact and wrong == []


def _scorch(rules: HordesRuleset, fury: int) -> HGame:
    """Vesk holding ``fury`` before Scorch (COST 3, AOE 3, POW 10) at a wounded Mosshound
    (3), another wounded Mosshound (2), listed first, beside it under a direct hit's
    template."""

    def wound(state: Any) -> None:
        for uid in (2, 3):
            state.models[uid].spiral = [3, 2, 2, 2, 2, 0]

    return _game(rules, [["vesk"], ["maelis", "mosshound", "mosshound"]],
                 [[24, 10, 0], [40, 46, 180], [24 + 1.5 + HOUND - 0.5, 15.0, 180],
                  [24, 15.0, 180]], fury, wound)


@pytest.mark.parametrize("gained", [1, 3])
def test_hor_boost_an_aoe_spells_fury_effect_pays_for_boosts_under_its_template(
    tmp_path: Path, gained: int,
) -> None:
    """HOR-SPELL-STATS, HOR-BOOST, HOR-AOE: a designer's Scorch giving its caster fury:
    Vesk holding 4 keeps 1 once its COST is paid, and the effect gives her ``gained``
    more (never past her FURY 7) before the damage rolls under the template, so the two
    rolls are both boosted where 1 fury would boost only the first. The target's and the
    other Mosshound's odds are those of Vesk holding that fury more with the shipped
    Scorch (whose order of rolls is checked against the game's dice in
    test_odds_fury_left.py), and no line says the fury may run out."""
    rules = designer_rules(tmp_path, "scorch", FURY.format(amount=gained))
    designed = rules.action_odds(_scorch(rules, 4).observe(0).state, Cast("scorch", 3))
    shipped = RULES.action_odds(_scorch(RULES, min(7, 4 + gained)).observe(0).state,
                                Cast("scorch", 3))
    assert designed is not None and shipped is not None
    assert not any(FURY_SHORT in name for name in designed.others)
    assert list(designed.others) == list(shipped.others)
    for name, line in designed.others.items():
        assert line == pytest.approx(shipped.others[name], abs=1e-12), name
    assert designed.named == pytest.approx(shipped.named, abs=1e-12)
