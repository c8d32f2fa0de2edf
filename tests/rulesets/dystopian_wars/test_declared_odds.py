"""The exact odds of each attack offered in the shooting step, judged from the seat's view."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    catalog_file,
    owed,
    play,
    scripted,
    setup,
    squadron,
)
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Fire, Move
from warbench.rulesets.dystopian_wars.exact import damage_odds, extra_damage_die, pool_hits


def _shooting(tmp_path: Path):  # type: ignore[no-untyped-def]
    rules = DystopianWarsRuleset(catalog_file(tmp_path))
    game_setup = setup(
        [squadron("test-battleship", (20.0, 24.0, 0.0), name="Dauntless")],
        [squadron("prussia-frigate", (32.0, 24.0, 180.0))],
    )
    game = scripted(game_setup, [*P0_FIRST], rules)
    play(game, Activate(0), Move(0, (2.0,)))
    return rules, game


def test_each_gun_offered_has_the_odds_of_its_dice_and_number_needed(tmp_path: Path) -> None:
    rules, game = _shooting(tmp_path)
    decision = owed(game)
    fires = [option for option in decision.options if isinstance(option, Fire)]
    assert fires
    seen = game.observe(decision.player).state
    fire = next(f for f in fires if f.guns == ((0, "fore turret"),))
    answer = rules.action_odds(seen, fire)
    assert answer is not None and answer.outcome == "hull points lost"
    frigate = rules.data.models["prussia-frigate"]
    # band 1 at 10 inches: 13 dice, a capital ship needs 5+ against a small frigate
    hits = pool_hits(13, 5)
    expected = damage_odds(hits, frigate.dr, frigate.cr, frigate.hp, hull_left=frigate.hp,
                           extra=extra_damage_die(rules.data.criticals))
    assert answer.named == expected.named()
    assert answer.named["destroyed"] > 0.5
    assert rules.action_odds(seen, CeaseFire()) is None


def test_no_odds_outside_the_shooting_step_or_for_an_illegal_attack(tmp_path: Path) -> None:
    rules, game = _shooting(tmp_path)
    seen = game.observe(0).state
    assert rules.action_odds(seen, Fire(((0, "no such gun"),), 1)) is None
    play(game, CeaseFire())
    assert rules.action_odds(game.observe(0).state, Fire(((0, "fore turret"),), 1)) is None


def test_attacks_read_in_words(tmp_path: Path) -> None:
    rules, game = _shooting(tmp_path)
    seen = game.observe(0).state
    text = rules.action_text(seen, Fire(((0, "fore turret"),), 1))
    assert text.startswith("Dauntless") and "fore turret at" in text
