"""HOR-VICTORY, HOR-AOE, HOR-SPRAY, HOR-ACTION-ODDS: where one attack makes several damage
rolls (the models under an AOE's template, the models hit in a spray's strip) and a roll
destroys a warlock, the game ends at once: the rolls after it are never made. The web
table's odds of the models whose roll comes later count their outcomes only where no
earlier roll destroyed a warlock, and their lines say so. Every chance is checked against
the game's own dice, each face played by the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.hordes.helpers import RULES, HGame, activate, battle
from tests.hordes.test_odds_fury_left import (
    ASPECTS,
    FACES,
    HOUND,
    _boosted,
    _leaves,
    _played,
    _rolled,
    spray_staff_rules,
)
from warbench.core.engine import Game
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.actions import Attack, Cast, GoFirst, Hold
from warbench.rulesets.hordes.odds_blast import TARGET_ENDS
from warbench.rulesets.hordes.odds_order import ENDS_NOTE, GAME_MAY_END
from warbench.rulesets.hordes.odds_spray import TARGET_ENDS as SPRAY_TARGET_ENDS

KEYS = ("destroyed", *ASPECTS)


def _ends(game: HGame, action: Any, head: list[int], warlock: int, dice: int, later: int
          ) -> float:
    """The share of the faces of a ``dice``-dice damage roll on ``warlock``, after the dice
    ``head``, that destroy it: the game is then over and the damage roll owed on ``later``
    is not made; on every other face it is."""
    ended = 0
    for faces in FACES if dice == 2 else [(*f, g) for f in FACES for g in range(1, 7)]:
        trial = _played(game, action, *head, *faces)
        assert (warlock, dice) in _rolled(trial)
        over = trial.state.outcome is not None
        assert over == (not trial.state.models[warlock].alive)
        assert over == (later not in [uid for uid, _ in _rolled(trial)])
        ended += over
    return ended / 6 ** dice


def _plain(named: dict[str, float], target: bool) -> dict[str, float]:
    """A line's outcomes, not boosted (the target's: its ``target's`` ones)."""
    prefix = "target's " if target else ""
    return {key: named[f"{prefix}{key} crippled" if key in ASPECTS else key] for key in KEYS}


def _scorch_game(fury: int) -> HGame:
    """Vesk, holding ``fury`` (Scorch's COST is 3), casts Scorch (AOE 3, POW 10) at Elder
    Maelis (1), 3 boxes left and no fury to transfer with, a wounded Mosshound (2) beside
    her, under a direct hit's template; Vesk stands too far for any template to reach."""

    def wound(state: Any) -> None:
        state.models[1].damage, state.models[1].fury = 14, 0
        state.models[2].spiral = [3, 2, 2, 2, 2, 0]

    game = battle([["vesk"], ["maelis", "mosshound"]],
                  [[24, 6, 0], [24, 13, 180], [24 + 1.5 + HOUND - 0.5, 13.0, 180]],
                  prepare=wound)
    activate(game, 0)
    game.apply(0, Hold())
    game.state.models[0].fury = fury
    return game


@pytest.mark.parametrize("fury", [3, 4])
def test_hor_victory_an_aoes_later_rolls_count_only_where_no_warlock_was_destroyed(
    fury: int,
) -> None:
    """HOR-VICTORY, HOR-AOE, HOR-ACTION-ODDS: Scorch on Elder Maelis hits her first on a
    hit, and on a miss she is listed before the Mosshound: where her roll destroys her the
    game is over and the Mosshound's roll is never made. Its line's destroyed and crippled
    chances are the game's: each landing (the attack roll's faces, the 36 deviation faces),
    each face of Maelis's roll there (2 dice; 3 where Vesk's one fury left boosts it) and
    of the Mosshound's (2 dice after hers; 3 where it rolls first with the boost), with
    its branch die; its line
    says the game may end before its roll, a note why."""
    game = _scorch_game(fury)
    scorch = Cast("scorch", 1)
    hits = [f for f in FACES if any(e.kind == "hordes_attack" and e.hit
                                    for e in _played(game, scorch, *f).events)]
    hit, plain_hit = len(hits) / 36, next(f for f in hits if f[0] != f[1])
    assert 0 < hit < 1
    heads = [(hit, [*plain_hit])] + [((1 - hit) / 36, [1, 1, *face]) for face in FACES]
    first = 3 if fury == 4 else 2
    ends = {first: _ends(game, scorch, [*plain_hit], 1, first, 2)}
    assert 0 < ends[first] < 1
    # the Mosshound's roll after a roll of 1s on Maelis: 3 + 10 against ARM 14 marks nothing
    leaves = {2: _leaves(game, scorch, [*plain_hit, *[1] * first], 2, 2)}
    expected = dict.fromkeys(KEYS, 0.0)
    for p, head in heads:
        rolled = _rolled(_played(game, scorch, *head))
        going = 1.0
        if rolled[:1] == [(1, first)]:  # Maelis rolls first, with the boost where one is left
            assert rolled == [(1, first), (2, 2)] or rolled == [(1, first)]
            going = 1 - ends[first]
        for dice in [dice for uid, dice in rolled if uid == 2]:
            if dice not in leaves:  # the Mosshound alone under the template: it rolls first
                leaves[dice] = _leaves(game, scorch, head, 2, dice)
            for key in KEYS:
                expected[key] += p * going * leaves[dice][key]
    both = next(head for _, head in heads[1:]
                if _rolled(_played(game, scorch, *head)) == [(1, first), (2, 2)])
    assert _ends(game, scorch, both, 1, first, 2) == ends[first]
    odds = RULES.action_odds(game.observe(0).state, scorch)
    assert odds is not None
    (name,) = odds.others
    assert name.startswith("Mosshound, ") and name.endswith(f", {GAME_MAY_END}")
    assert ENDS_NOTE in odds.notes and TARGET_ENDS not in odds.notes
    got = _boosted(odds.others[name], False) if fury == 4 else _plain(odds.others[name], False)
    assert expected["destroyed"] > 0
    assert got == pytest.approx(expected, abs=1e-12)


def test_hor_aoe_out_of_range_a_model_only_a_direct_hit_would_cover_gets_no_chance() -> None:
    """HOR-AOE, HOR-ACTION-ODDS: Vesk casts Scorch at Elder Maelis far out of range (an
    automatic miss: every template deviates from the range limit, far from her); the
    Mosshound beside her, under a direct hit's template only, is listed with no chance to be
    under the template, destroyed or crippled (its odds once failed with a KeyError,
    breaking the web table's page for every seat offered such a cast)."""
    game = battle([["vesk"], ["maelis", "mosshound"]],
                  [[24, 4, 0], [24, 40, 180], [24 + 1.5 + HOUND - 0.5, 40.0, 180]])
    activate(game, 0)
    game.apply(0, Hold())
    game.state.models[0].fury = 4
    odds = RULES.action_odds(game.observe(0).state, Cast("scorch", 1))
    assert odds is not None and odds.named["out of range: automatic miss"] == 1.0
    (name,) = odds.others
    assert name.startswith("Mosshound, ")
    line = odds.others[name]
    assert line["under the template"] == 0.0 and line["destroyed"] == 0.0
    assert all(line[f"{aspect} crippled"] == 0.0 for aspect in ASPECTS)


def _spray_game(tmp_path: Path) -> tuple[HordesRuleset, HGame]:
    """Elder Maelis, given a spray staff (RNG 8, POW 12) and no fury, sprays at the Ember
    Jackal (2) in front of her, the Slag Hound (3) behind it and Vesk (1), 4 boxes left and
    no fury to transfer with, at the strip's far end: Vesk is listed first, so his damage
    roll, where he is hit, comes before the two beasts'."""
    rules = spray_staff_rules(tmp_path)
    game = Game.new(rules, {"armies": [["maelis"], ["vesk", "ember-jackal", "slag-hound"]],
                            "layout": "open", "positions": [[24, 5, 0], [24, 13.3, 180],
                                                            [24, 9, 180], [24, 11.5, 180]]},
                    seed=7)
    game.state.models[1].damage, game.state.models[1].fury = 12, 0
    game.state.models[2].spiral = [3, 2, 2, 2, 2, 0]
    game.state.models[3].spiral = [3, 2, 3, 2, 2, 0]
    game.apply(game.pending()[0].player, GoFirst(0))
    activate(game, 0)
    game.apply(0, Hold())
    game.state.models[0].fury = 0
    return rules, game


def test_hor_victory_a_sprays_later_rolls_count_only_where_no_warlock_was_destroyed(
    tmp_path: Path,
) -> None:
    """HOR-VICTORY, HOR-SPRAY, HOR-ACTION-ODDS: the strip's damage rolls are made in the
    table's order, Vesk's first where his attack roll hits: where it destroys him the game
    is over and neither beast's roll is made. The Ember Jackal's (the target's own odds)
    and the Slag Hound's (its line) destroyed and crippled chances are the game's: each
    attack roll's faces, each face of Vesk's damage roll, each face of the beast's roll
    and its branch die; the Hound's line says the game may end before its roll, a note
    says the target's may too."""
    rules, game = _spray_game(tmp_path)
    spray = Attack(0, 2)

    def hit_faces(uid: int, before: list[int]) -> list[tuple[int, int]]:
        return [f for f in FACES if any(
            e.kind == "hordes_attack" and e.target == uid and e.hit
            for e in _played(game, spray, *before, *f).events)]

    vesk, jackal = hit_faces(1, []), hit_faces(2, [1, 1])
    hound = hit_faces(3, [1, 1, *jackal[0]])
    p_vesk, p_jackal, p_hound = len(vesk) / 36, len(jackal) / 36, len(hound) / 36
    assert 0 < p_vesk < 1 and 0 < p_jackal < 1 and 0 < p_hound < 1
    attacks = [*vesk[0], *jackal[0], *hound[0]]
    assert _rolled(_played(game, spray, *attacks)) == [(1, 2), (2, 2), (3, 2)]
    # a roll of 1 1 + 12 marks nothing on the Jackal (ARM 14) or the Hound (ARM 16)
    ends = _ends(game, spray, attacks, 1, 2, 3)
    assert ends == _ends(game, spray, [*vesk[0], *jackal[0], 1, 1], 1, 2, 2)
    assert 0 < ends < 1
    going = 1 - p_vesk * ends
    for uid, head, line in ((2, [1, 1, *jackal[0], 1, 1], False),
                            (3, [1, 1, 1, 1, *hound[0]], True)):
        hit = p_jackal if uid == 2 else p_hound
        leaves = _leaves(game, spray, head, uid, 2)
        expected = {key: hit * going * leaves[key] for key in KEYS}
        odds = rules.action_odds(game.observe(0).state, spray)
        assert odds is not None and ENDS_NOTE in odds.notes
        assert SPRAY_TARGET_ENDS in odds.notes
        if line:
            (name,) = [n for n in odds.others if n.startswith("Slag Hound, ")]
            assert name.endswith(f", {GAME_MAY_END}")
            got = _plain(odds.others[name], False)
        else:
            got = _plain(odds.named, True)
        assert expected["destroyed"] > 0
        assert got == pytest.approx(expected, abs=1e-12), uid
