"""HOR-AOE odds of the other models under a template: the web table's odds of an AOE attack
give each model the template may cover its chance to be under it (a direct hit's template,
or the deviation faces of a miss that cover it) and what its own full damage roll leaves of
it. Every chance is checked against the game's own dice: every face of the attack roll,
every face of the deviation dice, every face of the damage roll and of the branch die,
each played by the game from the same position."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

import pytest

from tests.hordes.helpers import RULES, HGame, activate, battle, script
from warbench.core.attacks import OddsAnswer
from warbench.rulesets.hordes.action_odds import activation
from warbench.rulesets.hordes.actions import Attack, Cast, DamageBoost, Hold
from warbench.rulesets.hordes.names import model_label
from warbench.rulesets.hordes.odds import RangedOdds
from warbench.rulesets.hordes.odds_blast import covered
from warbench.rulesets.hordes.profile import crippled_aspects
from warbench.rulesets.hordes.shot import OTHERS_NOT_COUNTED
from warbench.rulesets.hordes.space import gap
from warbench.server.snapshot import odds_plain

HORROR, TARGET, INSIDE, OUTSIDE, BEHIND = 1, 3, 4, 5, 6
#: The Obsidian Horror's Obsidian Spines: ranged, RNG 10, AOE 3, POW 13.
SPINES = Attack(0, TARGET)
HOUND = RULES.data.radii["mosshound"]
TARGET_Y = 10.0 + RULES.data.radii["obsidian-horror"] + 4.0 + HOUND
#: The Mosshound behind the target: 11 of its 18 circles marked, no aspect crippled.
BEHIND_MARKED = [3, 2, 2, 2, 2, 0]
FACES = list(product(range(1, 7), repeat=2))


def _crowd(seed: int = 7) -> HGame:
    """Vesk far off, her Obsidian Horror aiming 4" from a Mosshound (the target) with three
    Mosshounds round it: one whose base reaches 0.01" inside a direct hit's template, one
    whose base stops 0.01" outside it (its mind crippled), one 3.6" behind the target,
    wounded."""

    def wound(state: Any) -> None:
        state.models[BEHIND].spiral = list(BEHIND_MARKED)
        state.models[OUTSIDE].spiral = [3, 3, 0, 0, 0, 0]  # its mind crippled already

    reach = 1.5 + HOUND  # the template's radius and the base's
    game = battle([["vesk", "obsidian-horror"], ["maelis", *["mosshound"] * 4]],
                  [[40, 2, 0], [24, 10, 0], [40, 46, 180], [24, TARGET_Y, 180],
                   [24 + reach - 0.01, TARGET_Y, 180], [24 - reach - 0.01, TARGET_Y, 180],
                   [24, TARGET_Y + 3.6, 180]], prepare=wound, seed=seed)
    activate(game, HORROR)
    game.apply(0, Hold())
    return game


def _fired(game: HGame, *faces: int) -> HGame:
    """The game after the Spines are fired with these dice first (1s after)."""
    trial = game.copy()
    script(trial, *faces, *[1] * 12)
    trial.apply(0, SPINES)
    return trial


def _rolled_on(trial: HGame, uid: int) -> list[Any]:
    return [e for e in trial.events if e.kind == "hordes_damage" and e.target == uid]


def _of(odds: OddsAnswer, game: HGame, uid: int, target: int = TARGET, already: str = ""
        ) -> Mapping[str, float]:
    """The odds of model ``uid``, named as the board labels it, with its distance from the
    ``target`` (and the aspects crippled ``already``), as the table shows them."""
    models = game.state.models
    away = gap(RULES.data, models[uid], models[target])
    named = f'{model_label(RULES.data, models, models[uid])}, {away:.1f}" from the target'
    return odds.others[named + (f", {already} already crippled" if already else "")]


def _hit_by_the_game(game: HGame) -> tuple[float, tuple[int, int]]:
    """The game's chance that the Spines hit the target (every face of the attack roll),
    and faces that hit, not critically."""
    hits = []
    for faces in FACES:
        (attack,) = [e for e in _fired(game, *faces).events if e.kind == "hordes_attack"]
        if attack.hit:
            hits.append(faces)
    plain = next(f for f in hits if f[0] != f[1])
    return len(hits) / 36, plain


def _deviations_on(game: HGame, uid: int) -> list[tuple[int, int]]:
    """The deviation faces (after a miss: 1, 1) on which the game rolls damage on ``uid``."""
    return [faces for faces in FACES if _rolled_on(_fired(game, 1, 1, *faces), uid)]


def test_hor_aoe_a_model_just_inside_a_direct_hits_template_is_counted_one_just_outside_not(
) -> None:
    """HOR-AOE: on a direct hit the Mosshound whose base reaches 0.01" under the 3" template
    takes a damage roll in the game and the one whose base stops 0.01" short does not; the
    web table's odds give each its chance to be under the template: the hit chance for the
    first (none for the second), plus the misses times the deviation faces of 36 that the
    game's dice put over it, exactly."""
    game = _crowd()
    hit, plain = _hit_by_the_game(game)
    direct = _fired(game, *plain)
    assert _rolled_on(direct, INSIDE) and not _rolled_on(direct, OUTSIDE)
    odds = RULES.action_odds(game.observe(0).state, SPINES)
    assert odds is not None
    assert odds.named["hit (each attack)"] == pytest.approx(hit, abs=1e-12)
    for uid, on_a_hit, already in ((INSIDE, 1.0, ""), (OUTSIDE, 0.0, "mind")):
        faces = _deviations_on(game, uid)
        assert faces, uid  # a deviation may still carry the template over it
        expected = hit * on_a_hit + (1 - hit) * len(faces) / 36
        assert _of(odds, game, uid, already=already)["under the template"] == pytest.approx(
            expected, abs=1e-12)
    # crippled before the attack: said as it is, not as a chance the attack gives
    outside = _of(odds, game, OUTSIDE, already="mind")
    assert "mind crippled" not in outside and outside["body crippled"] > 0
    models = game.state.models
    frame = activation(game.state)
    assert frame is not None
    spines = frame.strike(RULES.data.models["obsidian-horror"].weapons[0], False)
    reach = {c.model.uid: c for c in covered(RULES.data, models, models[HORROR],
                                             models[TARGET], spines,
                                             RULES.data.settings.table)}
    assert reach[INSIDE].direct and not reach[OUTSIDE].direct
    assert HORROR not in reach and TARGET not in reach


def test_hor_aoe_a_model_only_some_deviations_cover_gets_those_faces_times_its_damage_odds(
) -> None:
    """HOR-AOE: the wounded Mosshound 3.6" behind the target is never under a direct hit's
    template; the odds give it exactly the misses times the deviation faces of 36 that the
    game's dice carry the template over it, and, for being destroyed and for each aspect
    crippled, that chance times the game's own: every face of its 2d6 + 13 damage roll
    against ARM 15 and of the d6 picking the life spiral branch, played by the game on a
    deviation that covers it alone."""
    game = _crowd()
    hit, _ = _hit_by_the_game(game)
    faces = _deviations_on(game, BEHIND)
    assert 0 < len(faces) < 36
    alone = next(f for f in faces if not _rolled_on(_fired(game, 1, 1, *f), TARGET))
    under = (1 - hit) * len(faces) / 36
    after: dict[str, float] = {"destroyed": 0.0, "mind": 0.0, "body": 0.0, "spirit": 0.0}
    for damage in product(range(1, 7), repeat=3):  # the 2d6, then the branch die
        model = _fired(game, 1, 1, *alone, *damage).state.models[BEHIND]
        after["destroyed"] += (not model.alive) / 216
        for aspect in crippled_aspects(RULES.data, model) if model.alive else ():
            after[aspect] += 1 / 216
    odds = RULES.action_odds(game.observe(0).state, SPINES)
    assert odds is not None
    behind = _of(odds, game, BEHIND)
    assert behind["under the template"] == pytest.approx(under, abs=1e-12)
    assert behind["destroyed"] == pytest.approx(under * after["destroyed"], abs=1e-12)
    assert after["destroyed"] > 0 and max(after["mind"], after["body"], after["spirit"]) > 0
    for aspect in ("mind", "body", "spirit"):
        # a destroyed beast's aspects count as crippled in the odds, as its spiral is full
        expected = under * (after[aspect] + after["destroyed"])
        assert behind[f"{aspect} crippled"] == pytest.approx(expected, abs=1e-12)
    # the Spines are a warbeast's: no boost, so no "(damage boosted)" for anyone
    assert not [key for named in odds.others.values() for key in named
                if key.endswith("(damage boosted)")]


def test_hor_aoe_the_odds_of_the_others_read_no_hidden_dice_and_change_nothing() -> None:
    """HOR-AOE, HOR-ACTION-ODDS: the odds of the models under the template are the same from
    either seat's observation and whatever the dice to come (another seed): they read no
    dice; asking them leaves the game as it was, its next rolls too."""
    game = _crowd()
    before = RULES.view(game.state, 0)
    seen = [RULES.action_odds(game.observe(seat).state, SPINES) for seat in (0, 1)]
    other = RULES.action_odds(_crowd(seed=99).observe(0).state, SPINES)
    assert seen[0] is not None and seen[1] is not None and other is not None
    assert seen[0].others and seen[0].named == seen[1].named == other.named
    assert seen[0].others == seen[1].others == other.others
    plain = odds_plain(seen[0])  # as the table is sent them, and as `--json` prints them
    assert plain is not None and plain["others"] == seen[0].to_plain()["others"]
    assert plain["others"] == {who: dict(named) for who, named in seen[0].others.items()}
    assert RULES.view(game.state, 0) == before
    assert game.dice_for(0).faces(6, 8, label="next") == _crowd().dice_for(0).faces(
        6, 8, label="next")


def test_hor_aoe_a_warlocks_spell_gives_each_model_its_boosted_damage_as_the_decision_does(
) -> None:
    """HOR-AOE, HOR-BOOST: Vesk's Scorch (AOE 3, POW 10) at the Mosshound: each other model
    under the template shows what its damage roll does boosted, as the warlock's fury left
    after the spell's COST pays for it; the chance equals its chance to be under the
    template times the odds the game's damage boost decision shows for that roll once the
    template has landed over it; with no fury left there is none."""
    game = battle([["vesk"], ["maelis", "mosshound", "mosshound"]],
                  [[24, 10, 0], [40, 46, 180], [24, 15.0, 180], [24 + 1.5 + HOUND - 0.5, 15.0,
                                                                180]])
    activate(game, 0)
    game.apply(0, Hold())
    game.state.models[0].fury = 7  # her FURY: 4 left once the spell's COST of 3 is paid
    scorch = Cast("scorch", 2)
    odds = RULES.action_odds(game.observe(0).state, scorch)
    assert odds is not None
    beside = _of(odds, game, 3, target=2)
    trial = game.copy()
    script(trial, 6, 5, 1, 1)  # a hit; the damage roll on the Mosshound (2) first
    trial.apply(0, scorch)
    trial.apply(0, DamageBoost(2, False))
    boosted = RULES.action_odds(trial.observe(0).state, DamageBoost(3, True))
    assert boosted is not None
    for outcome in ("destroyed", "mind crippled", "spirit crippled"):
        name = outcome if outcome == "destroyed" else f"target's {outcome}"
        assert beside[f"{outcome} (damage boosted)"] == pytest.approx(
            beside["under the template"] * boosted.named[name], abs=1e-12)
    game.state.models[0].fury = 3  # the COST only: nothing left for a boost
    poor = RULES.action_odds(game.observe(0).state, scorch)
    assert poor is not None and poor.others
    assert not [key for named in poor.others.values() for key in named
                if key.endswith("(damage boosted)")]


def test_hor_aoe_the_calculator_says_it_counts_the_target_alone() -> None:
    """HOR-AOE, HOR-ODDS: ``warbench odds hordes`` knows no model's place, so an AOE
    attack's odds there say the other models under the template are not counted, with
    ``distance=`` and without."""
    calculator = RangedOdds(RULES.data)
    for words in (["attacker=obsidian-horror", "target=mosshound"],
                  ["attacker=obsidian-horror", "target=mosshound", "distance=4"]):
        answer = calculator.odds(calculator.parse_options(words))
        assert OTHERS_NOT_COUNTED in answer.notes and not answer.others
