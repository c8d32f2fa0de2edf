"""Exact odds of a large flyer's bombs (DW-ODDS-BOMBS, DW-BOMBS): against icepool to 1e-12,
the dice and number the game itself works out, and the shots the game refuses."""

from __future__ import annotations

import pytest

from warbench.core.attacks import AttackOptionsError
from warbench.rulesets.dystopian_wars.attack_rolls import Attack
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.testing import chi_square

from .helpers import RULES, seeded, setup, squadron, state
from .test_odds import (
    ATTACKS,
    assert_dist,
    assert_named,
    damage_named,
    dw_die,
    left_after,
    odds,
    resolved_hits,
)

FORTRESS = "britannia-sky-fortress"


def test_dw_odds_bombs_against_ack_ack_and_shields_match_icepool() -> None:
    """DW-ODDS-BOMBS, DW-BOMBS, DW-AA-ANSWER: a sky fortress's 8 bomb dice at a battleship
    hit on 4+, its shield generator and 4 ack-ack dice answering (a flyer's attack)."""
    target = RULES.data.models["prussia-battleship"]
    answer = odds("bombs", shooter=FORTRESS, weapon="bombs", target="prussia-battleship",
                  aa=4)
    hits = left_after(8 @ dw_die(4), 4 @ dw_die(5) + target.shield @ dw_die(4))
    assert_dist(answer.distribution, hits)
    assert_named(answer, damage_named(hits, target.dr, target.cr))
    assert "8 dice, hitting on 4+" in " ".join(answer.notes)


def test_dw_odds_bombs_halve_at_a_target_partly_in_the_channel() -> None:
    """DW-ODDS-BOMBS, DW-BOMBS (seed l.496): half the dice, rounded down, at a target only
    partly in the channel."""
    answer = odds("bombs", shooter=FORTRESS, weapon="bombs", dr=4, cr=6, partly="true")
    assert_dist(answer.distribution, 4 @ dw_die(4))
    assert_dist(odds("bombs", dice=1, dr=4, cr=6, shooter_level="flying",
                     partly="true").distribution, 1 @ dw_die(4))


def test_dw_odds_bombs_hit_a_large_flyer_on_five_and_no_smaller_one() -> None:
    """DW-ODDS-BOMBS, DW-BOMBS: bombs reach flyers only when they are large or massive, on
    5+; a surface shooter drops none."""
    big = odds("bombs", shooter=FORTRESS, weapon="bombs", target="prussia-sky-fortress")
    shield = RULES.data.models["prussia-sky-fortress"].shield
    assert_dist(big.distribution, left_after(8 @ dw_die(5), shield @ dw_die(4)))
    assert "8 dice, hitting on 5+" in " ".join(big.notes)
    attack = ATTACKS["bombs"]
    for words, message in (
        (["shooter=britannia-sky-fortress", "weapon=bombs", "target=prussia-airship",
          "size=medium"], "bombs hit flyers only when they are large or massive"),
        (["dice=4", "dr=4", "cr=6"], "only flyers drop bombs"),
        (["dice=4", "band=2", "shooter_level=flying"], "band: expected at most 1, got 2"),
        (["shooter=britannia-battleship", "weapon=fore turret"], "is gunnery, not bombs"),
    ):
        with pytest.raises(AttackOptionsError, match=message):
            attack.odds(attack.parse_options(words))


def test_dw_odds_bombs_fit_the_games_resolved_attacks() -> None:
    """DW-ODDS-GAME, DW-ODDS-BOMBS: a sky fortress bombing a battleship in its aft channel,
    the battleship's ack-ack and shield answering, resolved 3000 times by the game, fits
    the odds asked with the same classes; the game's dice and number are the odds'."""
    game = seeded(setup(
        [squadron(FORTRESS, (20.0, 22.0, 0.0))],
        [squadron("prussia-battleship", (20.0, 19.0, 180.0))],
    ), seed=5)
    table = state(game)
    reason, shot = shot_refusal(table, RULES.data, table.models[0], "bombs", table.models[1])
    assert reason is None and shot is not None
    target = RULES.data.models["prussia-battleship"]
    attack = Attack([(0, "bombs")], 1, shot.dice, shot.needed, shot.kind, shot.band,
                    answer="aa", responders=[1])
    answer = odds("bombs", shooter=FORTRESS, weapon="bombs", target="prussia-battleship",
                  aa=target.aa)
    assert f"{shot.dice} dice, hitting on {shot.needed}+" in " ".join(answer.notes)
    stat, critical = chi_square(resolved_hits(game, RULES.data, attack, 3000),
                                answer.distribution)
    assert stat < critical, (stat, critical)
