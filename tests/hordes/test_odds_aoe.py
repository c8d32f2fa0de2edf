"""HOR-AOE odds: a missed AOE attack deviates and may still catch its target, which then
takes the attack's full damage roll. The exact chances of ``warbench odds hordes ranged
... distance=`` and of the web table's odds are checked against the game's own dice: every
face of the attack roll, every face of the deviation dice (after a miss) and every face of
the damage roll, each played by the game from the same position."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from tests.hordes.helpers import RULES, HGame, activate, battle, script
from warbench.rulesets.hordes.actions import Attack, Hold
from warbench.rulesets.hordes.odds import RangedOdds
from warbench.rulesets.hordes.space import gap

HORROR, TARGET = 1, 3
#: The Obsidian Horror's Obsidian Spines: ranged, RNG 10, AOE 3, POW 13.
SPINES = Attack(0, TARGET)


def _game(target: str, horror: tuple[float, float, float],
          at: tuple[float, float]) -> HGame:
    """Vesk far off, her Obsidian Horror aiming (it held still: +2), Maelis far off and the
    ``target`` at ``at``."""
    game = battle([["vesk", "obsidian-horror"], ["maelis", target]],
                  [[40, 2, 0], list(horror), [40, 46, 180], [*at, 180]])
    activate(game, HORROR)
    game.apply(0, Hold())
    return game


def _played(game: HGame, *faces: int, kind: str = "hordes_damage") -> list[Any]:
    """The events of ``kind`` on the target (its damage rolls, its attack roll) when the
    Spines are fired with these dice first (1s after)."""
    trial = game.copy()
    script(trial, *faces, *[1] * 12)
    trial.apply(0, SPINES)
    return [e for e in trial.events
            if e.kind == kind and e.target == TARGET]


def _by_the_game(game: HGame) -> tuple[float, float, dict[int, float]]:
    """The game's chance to hit (every face of the attack roll), the chance that a miss
    (all 1s; no dice where the miss is automatic) still reaches the target (every face of
    the deviation dice), and the boxes its damage roll marks there (every face of 2d6)."""
    (attack,) = _played(game, kind="hordes_attack")
    miss = () if "automatic" in attack.text else (1, 1)
    hits = sum(_played(game, *faces, kind="hordes_attack")[0].hit
               for faces in product(range(1, 7), repeat=2)) if miss else 0
    catching = [faces for faces in product(range(1, 7), repeat=2)
                if _played(game, *miss, *faces)]
    boxes: dict[int, float] = {}
    for faces in product(range(1, 7), repeat=2):
        (rolled,) = _played(game, *miss, *catching[0], *faces)
        boxes[rolled.boxes] = boxes.get(rolled.boxes, 0.0) + 1 / 36
    return hits / 36, len(catching) / 36, boxes


#: (target, the Horror's place and heading, the target's place): in range 4" away; out of
#: range, 11" away (it deviates from the range limit); a stealthy Thorn Lurker 7" away (an
#: automatic miss, deviating from it); a target at the table's edge, where the template
#: landing past the edge is kept on the table.
PLACES = [
    ("mosshound", (24.0, 10.0, 0.0), (24.0, 10.0 + 0.984 + 4.0 + 0.787)),
    ("mosshound", (24.0, 10.0, 0.0), (24.0, 10.0 + 0.984 + 11.0 + 0.787)),
    ("thorn-lurker", (24.0, 10.0, 0.0), (24.0, 10.0 + 0.984 + 7.0 + 0.787)),
    ("mosshound", (7.0, 24.0, 270.0), (0.8, 24.0)),
]


@pytest.mark.parametrize(("target", "horror", "at"), PLACES)
def test_hor_aoe_odds_a_missed_blast_reaches_the_target_as_the_games_dice_do(
    target: str, horror: tuple[float, float, float], at: tuple[float, float]
) -> None:
    """HOR-AOE, HOR-ACTION-ODDS, HOR-ODDS: the web table's odds of the Spines, and the
    calculator's with ``distance=`` (no table edge: the same away from it), give the
    game's hit chance, the game's chance that a miss's deviated template still covers the
    target, and the whole distribution of boxes: a hit or a catch, then 2d6 + 13."""
    game = _game(target, horror, at)
    hit, caught, boxes = _by_the_game(game)
    seen = game.observe(0).state
    web = RULES.action_odds(seen, SPINES)
    assert web is not None
    reached = hit + (1 - hit) * caught
    expected = {b: reached * p for b, p in boxes.items()}
    expected[0] = expected.get(0, 0.0) + 1 - reached
    assert web.named["hit (each attack)"] == pytest.approx(hit, abs=1e-12)
    assert web.named["caught by the deviated template (each attack)"] == pytest.approx(
        (1 - hit) * caught, abs=1e-12)
    assert dict(web.distribution.items()) == pytest.approx(expected, abs=1e-12)
    away = gap(RULES.data, game.state.models[HORROR], game.state.models[TARGET])
    calculator = RangedOdds(RULES.data)
    asked = calculator.odds(calculator.parse_options(
        ["attacker=obsidian-horror", f"target={target}", f"distance={away!r}", "bonus=2"]))
    if at[0] > 5:  # away from the table's edge the calculator's open table is the game's
        assert dict(asked.distribution.items()) == pytest.approx(expected, abs=1e-12)
        assert asked.named == pytest.approx(web.named, abs=1e-12)
    else:  # at the edge only the web table, which knows it, gives the game's chance
        assert asked.named["caught by the deviated template (each attack)"] < (
            web.named["caught by the deviated template (each attack)"])
    assert caught > 0 and hit < 1
    if hit == 0:
        assert any(name.endswith("automatic miss") for name in web.named)


def test_hor_aoe_odds_without_distance_count_direct_hits_and_say_so() -> None:
    """HOR-AOE, HOR-ODDS: without ``distance=`` an AOE attack's odds count the direct hits
    only and a note says how to count the deviation; ``distance=`` needs both cards."""
    calculator = RangedOdds(RULES.data)
    plain = calculator.odds(calculator.parse_options(
        ["attacker=obsidian-horror", "target=mosshound"]))
    assert "caught by the deviated template (each attack)" not in plain.named
    assert any("give distance=" in note for note in plain.notes)
    with pytest.raises(ValueError, match="distance: name the attacker and the target too"):
        calculator.odds(calculator.parse_options(["attacker=obsidian-horror", "distance=4"]))
