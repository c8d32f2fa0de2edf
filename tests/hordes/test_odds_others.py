"""HOR-AOE, HOR-SPRAY, HOR-TRANSFER: the web table's lines of odds for the models beside an
attack's target follow the game's procedure where the dice decide it (a warbeast crippling
its own body under its own template before a later damage roll; each model in a spray's
strip attacked on its own roll) and say what they take for granted where a player decides
(a warlock's transfer). Every chance is checked against the game's own dice, each face
played by the game from the same position."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

import pytest

from tests.hordes.helpers import RULES, HGame, activate, battle, options, script
from warbench.rulesets.hordes.actions import Attack, Hold, Transfer
from warbench.rulesets.hordes.odds_others import GETS_NONE, KEEPS
from warbench.rulesets.hordes.profile import crippled_aspects

FACES = list(product(range(1, 7), repeat=2))
ASPECTS = ("mind", "body", "spirit")
HORROR, BESIDE, TARGET = 1, 2, 4
HORROR_R, HOUND_R = RULES.data.radii["obsidian-horror"], RULES.data.radii["mosshound"]
#: The Horror's Obsidian Spines at the Mosshound 2.1" in front of it.
SPINES = Attack(0, TARGET)


def _self_harm_game() -> HGame:
    """The Obsidian Horror (its body 2 circles short of crippled) fires its Spines (AOE 3)
    at a Mosshound 2.1" away, its own Slag Hound (3 circles left, mind and body crippled)
    beside it: some misses deviate back over the Horror and the Slag Hound, and the Horror,
    listed first, rolls its own damage before theirs."""

    def hurt(state: Any) -> None:
        state.models[HORROR].spiral = [0, 0, 4, 4, 0, 0]
        state.models[BESIDE].spiral = [4, 3, 3, 3, 3, 1]

    game = battle([["vesk", "obsidian-horror", "slag-hound"], ["maelis", "mosshound"]],
                  [[40, 2, 0], [24, 10, 0], [25.9, 11.2, 0], [40, 46, 180],
                   [24, 10 + HORROR_R + 2.1 + HOUND_R, 180]], prepare=hurt)
    activate(game, HORROR)
    game.apply(0, Hold())
    return game


def _fired(game: HGame, action: Any, *faces: int) -> HGame:
    """The game after ``action`` with these dice first (1s after)."""
    trial = game.copy()
    script(trial, *faces, *[1] * 24)
    trial.apply(0, action)
    return trial


def _rolled(trial: HGame) -> list[tuple[int, int]]:
    """Each damage roll of the attack: the model it is rolled on and its dice."""
    rolls = [e for e in trial.events if e.kind == "roll" and e.label.startswith("damage on")]
    damage = [e for e in trial.events if e.kind == "hordes_damage"]
    return [(d.target, len(r.faces)) for d, r in zip(damage, rolls, strict=True)]


def _after(trial: HGame, uid: int) -> dict[str, float]:
    """What is left of model ``uid``: destroyed, and each aspect crippled (a destroyed
    beast's aspects too, its spiral full), as 0 or 1."""
    model = trial.state.models[uid]
    now = crippled_aspects(RULES.data, model) if model.alive else frozenset(ASPECTS)
    return {"destroyed": float(not model.alive),
            **{aspect: float(aspect in now) for aspect in ASPECTS}}


def _mean(results: list[dict[str, float]]) -> dict[str, float]:
    return {key: sum(r[key] for r in results) / len(results) for key in results[0]}


def _line(odds: Any, label: str) -> Mapping[str, float]:
    (key,) = [key for key in odds.others if key.split(", ")[0] == label]
    return odds.others[key]


def _hit(trial: HGame) -> bool:
    return any(e.kind == "hordes_attack" and e.hit for e in trial.events)


def test_hor_aoe_a_beast_crippling_its_own_body_under_its_template_weakens_each_later_roll(
) -> None:
    """HOR-AOE, HOR-SPIRAL-BODY: where a miss carries the Horror's template back over the
    Horror, its own damage roll comes first and may cripple its body; the rolls after it,
    on the target and the Horror's own Slag Hound beside it, are then one die short. The
    odds of both (the Slag Hound's line, the target's own) are the game's: the attack
    roll's faces, each deviation's order of rolls, the Horror's own roll and the others'
    rolls with two dice and with one, every face played by the game."""
    game = _self_harm_game()
    hits = [f for f in FACES if _hit(_fired(game, SPINES, *f))]
    hit, plain_hit = len(hits) / 36, hits[0]
    direct = [uid for uid, _ in _rolled(_fired(game, SPINES, *plain_hit))]
    orders = [[uid for uid, _ in _rolled(_fired(game, SPINES, 1, 1, *face))] for face in FACES]
    first = FACES[orders.index([HORROR, BESIDE, TARGET])]
    beside = FACES[orders.index([BESIDE, TARGET])]
    assert direct == [TARGET]
    # the Horror's own roll first: 2d6 + 13 against its ARM 18, then the branch die
    own = [_after(_fired(game, SPINES, 1, 1, *first, *dice), HORROR)["body"]
           for dice in product(range(1, 7), repeat=3)]
    harm = sum(own) / 216
    assert 0 < harm < 1 and _after(_fired(game, SPINES, 1, 1, *first, 6, 6, 3), HORROR)["body"]
    # each roll on the target or the Slag Hound: two dice (the target's on a hit, the
    # Slag Hound's where the Horror is not under), or one after 6 6 3 crippled the
    # Horror's body; a roll before it of 1s marks nothing (no branch die)
    heads = {(TARGET, 2): [*plain_hit], (BESIDE, 2): [1, 1, *beside],
             (TARGET, 1): [1, 1, *first, 6, 6, 3, 1], (BESIDE, 1): [1, 1, *first, 6, 6, 3]}
    leaves: dict[tuple[int, int], dict[str, float]] = {}
    for (uid, dice), head in heads.items():
        results = []
        for faces in product(range(1, 7), repeat=dice + 1):
            trial = _fired(game, SPINES, *head, *faces)
            assert (uid, dice) in _rolled(trial)
            results.append(_after(trial, uid))
        leaves[uid, dice] = _mean(results)
    odds = RULES.action_odds(game.observe(0).state, SPINES)
    assert odds is not None and odds.named["hit (each attack)"] == pytest.approx(hit)
    line = _line(odds, "your own Slag Hound")
    for uid in (TARGET, BESIDE):
        under = hit * (uid in direct) + (1 - hit) * sum(uid in o for o in orders) / 36
        later = (1 - hit) * sum(HORROR in o and uid in o for o in orders) / 36
        assert later > 0
        strong, weak = leaves[uid, 2], leaves[uid, 1]
        assert weak != strong
        expected = {key: under * strong[key] + later * harm * (weak[key] - strong[key])
                    for key in strong}
        if uid == TARGET:
            got = {"destroyed": odds.named["destroyed"],
                   **{key: odds.named[f"target's {key} crippled"] for key in ASPECTS}}
        else:
            assert line["under the template"] == pytest.approx(under, abs=1e-12)
            got = {"destroyed": line["destroyed"], "spirit": line["spirit crippled"]}
            assert "mind crippled" not in line and "body crippled" not in line
        for key, p in got.items():
            assert p == pytest.approx(expected[key], abs=1e-12), (uid, key)


def _transfer_game(fury: int) -> HGame:
    """The Horror's Spines at Maelis (holding ``fury``) 4" away, a Mosshound of hers
    0.5" beside her, in her control area and under a direct hit's template."""

    def furious(state: Any) -> None:
        state.models[2].fury = fury

    maelis_r = RULES.data.radii["maelis"]
    y = 10 + HORROR_R + 4 + maelis_r
    game = battle([["vesk", "obsidian-horror"], ["maelis", "mosshound"]],
                  [[40, 2, 0], [24, 10, 0], [24, y, 180], [24 + maelis_r + 0.5 + HOUND_R, y, 180]],
                  prepare=furious)
    activate(game, HORROR)
    game.apply(0, Hold())
    return game


def test_hor_transfer_the_aoe_lines_say_they_take_no_transfer_where_a_warlock_could_make_one(
) -> None:
    """HOR-TRANSFER, HOR-AOE: Maelis under the Spines' template may send her damage to her
    Mosshound, also under it (the game offers it once her damage lands): whether she does
    is her player's choice, so the Mosshound's line says it counts none (``if no damage is
    transferred to it``); aimed at the Mosshound, Maelis's own line says she keeps hers (``if
    it transfers no damage``). With no fury to pay for a transfer, neither is said."""
    game = _transfer_game(2)
    trial = game.copy()
    script(trial, 6, 5, 6, 6, *[1] * 12)  # a hit, 6 6 for the damage on Maelis
    trial.apply(0, Attack(0, 2))
    assert Transfer(3) in options(trial)
    at_maelis = RULES.action_odds(game.observe(0).state, Attack(0, 2))
    assert at_maelis is not None
    (hound,) = at_maelis.others
    assert hound.startswith("Mosshound, ") and hound.endswith(f", {GETS_NONE}")
    at_hound = RULES.action_odds(game.observe(0).state, Attack(0, 3))
    assert at_hound is not None
    (maelis,) = at_hound.others
    assert maelis.startswith("Elder Maelis, ") and maelis.endswith(f", {KEEPS}")
    assert any(note.startswith("a warlock the attack may damage could transfer its damage "
                               "to the target: none counted") for note in at_hound.notes)
    poor = _transfer_game(0)
    for target in (2, 3):
        odds = RULES.action_odds(poor.observe(0).state, Attack(0, target))
        assert odds is not None and odds.others
        assert not [key for key in odds.others if "transfer" in key]


def test_hor_spray_each_other_model_in_the_strip_gets_its_own_attack_and_damage_odds(
) -> None:
    """HOR-SPRAY (l.444-447: an attack roll against every model in the strip): the Cinder
    Drake's Flame Breath at the Thorn Lurker also attacks the wounded Mosshound behind it,
    in the strip; its line gives its own hit chance and what its own damage roll leaves of
    it, equal to the game's over every face of its attack roll, and of its damage roll and
    branch die on a hit."""
    game = battle([["vesk", "cinder-drake"], ["orrin", "thorn-lurker", "mosshound"]],
                  [[10, 5, 0], [24, 10, 0], [40, 45, 180], [24, 14, 180], [24, 17, 180]],
                  prepare=lambda state: state.models[4].__setattr__(
                      "spiral", [3, 3, 3, 3, 1, 0]))
    activate(game, 1)
    game.apply(0, Hold())
    breath = Attack(0, 3)

    def attacked(trial: HGame) -> Any:
        (event,) = [e for e in trial.events if e.kind == "hordes_attack" and e.target == 4]
        return event

    # the Lurker's roll first (1 1: a miss), then the Mosshound's
    hits = [f for f in FACES if attacked(_fired(game, breath, 1, 1, *f)).hit]
    hit = len(hits) / 36
    assert 0 < hit < 1
    left = _mean([_after(_fired(game, breath, 1, 1, *hits[0], *dice), 4)
                  for dice in product(range(1, 7), repeat=3)])
    assert 0 < left["destroyed"] < 1
    odds = RULES.action_odds(game.observe(0).state, breath)
    assert odds is not None
    (key,) = odds.others
    assert key == 'Mosshound, 1.4" from the target, mind and body already crippled'
    line = odds.others[key]
    assert line["hit"] == pytest.approx(hit, abs=1e-12)
    assert line["destroyed"] == pytest.approx(hit * left["destroyed"], abs=1e-12)
    assert line["spirit crippled"] == pytest.approx(hit * left["spirit"], abs=1e-12)
    assert set(line) == {"hit", "destroyed", "spirit crippled"}
