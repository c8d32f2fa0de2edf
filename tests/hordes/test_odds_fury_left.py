"""HOR-BOOST, HOR-AOE, HOR-SPRAY: where a warlock's attack makes several damage rolls (the
models under an AOE's template, the models hit in a spray's strip), the web table's
``(damage boosted)`` odds follow the fury it has left through the game's order of rolls,
as the odds' policy says (``boost_damage``: each roll boosted while the fury lasts), and a
line says where the fury may run out before its model's roll. Every chance is checked
against the game's own dice, each face played by the game, the warlock boosting every
damage roll it is offered."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from tests.hordes.helpers import RULES, HGame, activate, battle, options, script
from warbench.core.engine import Game
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.actions import Attack, Cast, DamageBoost, GoFirst, Hold
from warbench.rulesets.hordes.odds_blast import TARGET_SPENT
from warbench.rulesets.hordes.odds_others import FURY_SHORT
from warbench.rulesets.hordes.odds_spray import TARGET_SPENT as SPRAY_TARGET_SPENT
from warbench.rulesets.hordes.profile import crippled_aspects

FACES = list(product(range(1, 7), repeat=2))
ASPECTS = ("mind", "body", "spirit")
HOUND = RULES.data.radii["mosshound"]
#: Vesk's Mosshound-side army: the one listed first (2) beside the target (3).
BESIDE, TARGET = 2, 3


def _played(game: HGame, action: Any, *faces: int) -> HGame:
    """The game after ``action`` with these dice first (1s after), the warlock boosting
    every damage roll it is offered (the odds' policy)."""
    trial = game.copy()
    script(trial, *faces, *[1] * 24)
    trial.apply(0, action)
    while boosts := [o for o in options(trial) if isinstance(o, DamageBoost) and o.boost]:
        trial.apply(0, boosts[0])
    return trial


def _rolled(trial: HGame) -> list[tuple[int, int]]:
    """Each damage roll of the attack: the model it is rolled on and its dice."""
    rolls = [e for e in trial.events if e.kind == "roll" and e.label.startswith("damage on")]
    damage = [e for e in trial.events if e.kind == "hordes_damage"]
    return [(d.target, len(r.faces)) for d, r in zip(damage, rolls, strict=True)]


def _left(trial: HGame, uid: int) -> dict[str, float]:
    """What is left of model ``uid``: destroyed, and each aspect crippled (a destroyed
    beast's too), as 0 or 1."""
    model = trial.state.models[uid]
    now = crippled_aspects(RULES.data, model) if model.alive else frozenset(ASPECTS)
    return {"destroyed": float(not model.alive),
            **{aspect: float(aspect in now) for aspect in ASPECTS}}


def _leaves(game: HGame, action: Any, head: list[int], uid: int, dice: int
            ) -> dict[str, float]:
    """What a damage roll of ``dice`` dice on ``uid`` leaves of it, every face of those
    dice and of the branch die played by the game after the dice ``head``."""
    results = []
    for faces in product(range(1, 7), repeat=dice + 1):
        trial = _played(game, action, *head, *faces)
        assert (uid, dice) in _rolled(trial)
        results.append(_left(trial, uid))
    return {key: sum(r[key] for r in results) / len(results) for key in results[0]}


def _boosted(named: Mapping[str, float], target: bool) -> dict[str, float]:
    """The ``(damage boosted)`` outcomes of a line (the target's: its ``target's`` ones)."""
    prefix = "target's " if target else ""
    return {key: named[(f"{prefix}{key} crippled" if key in ASPECTS else key)
                       + " (damage boosted)"]
            for key in ("destroyed", *ASPECTS)}


def _scorch_game() -> HGame:
    """Vesk (fury 4: 1 left once Scorch's COST of 3 is paid) casts Scorch (AOE 3, POW 10)
    at a wounded Mosshound (3); another wounded Mosshound (2), listed before it, stands
    beside it, under a direct hit's template."""

    def wound(state: Any) -> None:
        for uid in (BESIDE, TARGET):
            state.models[uid].spiral = [3, 2, 2, 2, 2, 0]

    game = battle([["vesk"], ["maelis", "mosshound", "mosshound"]],
                  [[24, 10, 0], [40, 46, 180], [24 + 1.5 + HOUND - 0.5, 15.0, 180],
                   [24, 15.0, 180]], prepare=wound)
    activate(game, 0)
    game.apply(0, Hold())
    game.state.models[0].fury = 4  # after leaching: 1 left once the COST is paid
    return game


def test_hor_boost_an_aoes_boosted_odds_follow_the_fury_left_through_the_order_of_rolls(
) -> None:
    """HOR-BOOST, HOR-AOE, HOR-ACTION-ODDS: with 1 fury left, the boost goes to the first
    damage roll: the
    target's on a hit, then the Mosshound beside it unboosted; on a miss the table's order,
    the Mosshound beside it first, then the target unboosted where the template covers
    both. Each ``(damage boosted)`` chance, the target's and the Mosshound's, is the
    game's: every face of the attack roll and of the deviation dice, the dice the game
    gives each roll there, and every face of a 3-dice and a 2-dice roll on each model.
    The Mosshound's line says the fury may run out before its roll; a note says the
    target's may too."""
    game = _scorch_game()
    scorch = Cast("scorch", TARGET)
    hits = [f for f in FACES if any(e.kind == "hordes_attack" and e.hit
                                    for e in _played(game, scorch, *f).events)]
    hit, plain_hit = len(hits) / 36, next(f for f in hits if f[0] != f[1])
    assert 0 < hit < 1
    landings: list[tuple[float, list[tuple[int, int]]]] = [
        (hit, _rolled(_played(game, scorch, *plain_hit)))]
    landings += [((1 - hit) / 36, _rolled(_played(game, scorch, 1, 1, *face))) for face in FACES]
    assert landings[0][1] == [(TARGET, 3), (BESIDE, 2)]
    both = next(f for f, (_, o) in zip(FACES, landings[1:], strict=True)
                if o == [(BESIDE, 3), (TARGET, 2)])
    alone = next(f for f, (_, o) in zip(FACES, landings[1:], strict=True)
                 if o == [(BESIDE, 3)])
    # a roll before the one counted is of 1s: 3 + 10 against ARM 15 marks nothing
    leaves = {(TARGET, 3): _leaves(game, scorch, [*plain_hit], TARGET, 3),
              (BESIDE, 2): _leaves(game, scorch, [*plain_hit, 1, 1, 1], BESIDE, 2),
              (BESIDE, 3): _leaves(game, scorch, [1, 1, *alone], BESIDE, 3),
              (TARGET, 2): _leaves(game, scorch, [1, 1, *both, 1, 1, 1], TARGET, 2)}
    odds = RULES.action_odds(game.observe(0).state, scorch)
    assert odds is not None and odds.named["hit (each attack)"] == pytest.approx(hit)
    (name,) = odds.others
    assert name.startswith("Mosshound 1, ") and name.endswith(f", {FURY_SHORT}")
    assert TARGET_SPENT in odds.notes
    for uid, got in ((BESIDE, _boosted(odds.others[name], False)),
                     (TARGET, _boosted(odds.named, True))):
        expected = {key: sum(p * leaves[uid, dice][key] for p, rolled in landings
                             for who, dice in rolled if who == uid) for key in got}
        assert expected["destroyed"] > 0
        assert got == pytest.approx(expected, abs=1e-12), uid


def spray_staff_rules(tmp_path: Path) -> HordesRuleset:
    """HORDES with Elder Maelis's staff made a spray (RNG 8, POW 12), in a data folder of
    ``tmp_path``."""
    text = (Path(RULES.shipped_data or ".") / "models.toml").read_text()
    old = ('weapons = [{ name = "Rowan Staff", kind = "melee", pow = 5, '
           'qualities = ["reach"] }]')
    assert old in text
    (tmp_path / "models.toml").write_text(text.replace(old, (
        'weapons = [{ name = "Rowan Staff", kind = "ranged", pow = 12, rng = 8, '
        'qualities = ["spray"] }]'), 1))
    return HordesRuleset(data_dir=tmp_path)


def _spray_game(tmp_path: Path, fury: int, jackal_first: bool) -> tuple[HordesRuleset, HGame]:
    """Maelis, given a spray staff (RNG 8, POW 12) and holding ``fury``, before the Ember
    Jackal and, behind it in the strip, the Slag Hound, both wounded: the Jackal listed
    first (2) or second (3)."""
    rules = spray_staff_rules(tmp_path)
    front, behind = [[24, 9, 180], [24, 11.5, 180]][::1 if jackal_first else -1]
    army = ["ember-jackal", "slag-hound"][::1 if jackal_first else -1]
    game = Game.new(rules, {"armies": [["maelis"], ["vesk", *army]], "layout": "open",
                            "positions": [[24, 5, 0], [24, 45, 180], front, behind]}, seed=7)
    for uid, card in enumerate(army, 2):  # wounded, no aspect crippled
        game.state.models[uid].spiral = ([3, 2, 2, 2, 2, 0] if card == "ember-jackal" else
                                         [3, 2, 3, 2, 2, 0])
    game.apply(game.pending()[0].player, GoFirst(0))
    activate(game, 0)
    game.apply(0, Hold())
    game.state.models[0].fury = fury  # after leaching
    return rules, game


@pytest.mark.parametrize("jackal_first", [True, False])
def test_hor_boost_a_sprays_boosted_odds_follow_the_fury_left_through_the_strip(
    tmp_path: Path, jackal_first: bool,
) -> None:
    """HOR-BOOST, HOR-SPRAY, HOR-ACTION-ODDS: the strip's damage rolls are made in the
    table's order, so
    Maelis with 1 fury, her spray aimed at the Ember Jackal in front, boosts the roll of
    the model listed first where it is hit, and the other's only where the first was
    missed: the Slag Hound behind (its line) or the Jackal, the target (its own odds).
    Those ``(damage boosted)`` chances are the game's (each attack roll's faces, the dice
    the game gives the second roll after a hit on the first or a miss, every face of
    those dice); the Slag Hound's line says the fury may run out, a note the target's.
    With 2 fury nothing runs out."""
    rules, game = _spray_game(tmp_path, 1, jackal_first)
    target = 2 if jackal_first else 3
    spray = Attack(0, target)

    def hit_faces(uid: int, before: list[int]) -> list[tuple[int, int]]:
        return [f for f in FACES if any(
            e.kind == "hordes_attack" and e.target == uid and e.hit
            for e in _played(game, spray, *before, *f).events)]

    first, second = hit_faces(2, []), hit_faces(3, [1, 1])
    assert 0 < len(first) < 36 and 0 < len(second) < 36
    p_first, p_second = len(first) / 36, len(second) / 36
    assert _rolled(_played(game, spray, 1, 1, *second[0])) == [(3, 3)]
    assert _rolled(_played(game, spray, *first[0], *second[0])) == [(2, 3), (3, 2)]
    # the first roll of 1 1 1 + 12 marks a circle on the Jackal (ARM 14): a branch die
    marks = [1] if jackal_first else []
    three = _leaves(game, spray, [1, 1, *second[0]], 3, 3)
    two = _leaves(game, spray, [*first[0], *second[0], 1, 1, 1, *marks], 3, 2)
    expected = {key: p_second * (p_first * two[key] + (1 - p_first) * three[key])
                for key in three}
    odds = rules.action_odds(game.observe(0).state, spray)
    assert odds is not None
    if jackal_first:
        (name,) = odds.others
        assert name.startswith("Slag Hound, ") and name.endswith(f", {FURY_SHORT}")
        got = _boosted(odds.others[name], False)
    else:
        assert odds.named["hit (each attack)"] == pytest.approx(p_second)
        assert SPRAY_TARGET_SPENT in odds.notes
        got = _boosted(odds.named, True)
    assert expected["destroyed"] > 0
    assert got == pytest.approx(expected, abs=1e-12)
    _, rich = _spray_game(tmp_path, 2, jackal_first)
    odds = rules.action_odds(rich.observe(0).state, spray)
    assert odds is not None and not [n for n in odds.others if FURY_SHORT in n]
    assert SPRAY_TARGET_SPENT not in odds.notes
