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
    state,
)
from warbench.core.attacks import OddsAnswer
from warbench.core.events import RollEffect
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Fire, Move
from warbench.rulesets.dystopian_wars.exact import (
    cancel_hits,
    damage_odds,
    extra_damage_die,
    pool_hits,
)
from warbench.rulesets.dystopian_wars.state import CardPlay


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


def test_the_odds_count_an_action_card_fog_and_shields_as_the_attack_rolls(
    tmp_path: Path,
) -> None:
    """DW-CARDS-A, DW-CARDS-DECK, DW-GENERATORS: the odds shown before declaring an attack
    take the lead model's A card (Master gunner: three more dice; Range finders: one
    easier), a fog card (Sea mist: dice halved in range bands 3 and 4) and the target's
    shield generator (one die cancelling on 4+), as the engine then rolls them:
    Dauntless's fore turret, 10 dice at Kaiserin in band 3, rolls 13 // 2 = 6 and
    Kaiserin's shields one."""
    rules = DystopianWarsRuleset(catalog_file(tmp_path))
    game = scripted(setup(
        [squadron("test-battleship", (20.0, 10.0, 0.0), name="Dauntless")],
        [squadron("prussia-battleship", (20.0, 40.0, 180.0), name="Kaiserin")],
    ), [*P0_FIRST, *[1] * 20], rules)
    play(game, Activate(0), Move(0, (2.0,)))
    turret = Fire(((0, "fore turret"),), 1)
    kaiserin = rules.data.models["prussia-battleship"]

    def odds_now() -> OddsAnswer:
        answer = rules.action_odds(game.observe(0).state, turret)
        assert answer is not None
        return answer

    assert odds_now().notes[:2] == (
        "10 dice hitting on 4+ in range band 3", "1 shield generator dice cancel on 4+")
    state(game).in_play.append(CardPlay("range-finders", 0, model=0, until="activation"))
    assert odds_now().notes[0] == "10 dice hitting on 3+ in range band 3"
    state(game).in_play[-1] = CardPlay("master-gunner", 0, model=0, until="activation")
    state(game).in_play.append(CardPlay("sea-mist", 1))
    answer = odds_now()
    assert answer.notes[:3] == ("13 dice hitting on 4+ in range band 3",
                                "fog halves them to 6", "1 shield generator dice cancel on 4+")
    hits = cancel_hits(pool_hits(6, 4), pool_hits(kaiserin.shield, 4))
    expected = damage_odds(hits, kaiserin.dr, kaiserin.cr, kaiserin.hp, hull_left=kaiserin.hp,
                           extra=extra_damage_die(rules.data.criticals))
    assert answer.named == expected.named()
    play(game, turret, CeaseFire())
    rolled = {event.purpose: event.dice for event in game.events
              if isinstance(event, RollEffect)}
    assert rolled["Dauntless gunnery attack on Kaiserin"] == 6
    assert rolled["Kaiserin shields"] == kaiserin.shield == 1


def test_dw_ad_min_fog_never_halves_an_attack_below_one_die() -> None:
    """DW-AD-MIN, DW-CARDS-DECK (USERS journey 2): the seed lets no rule reduce an attack's
    dice below 1, so a fog card (Sea mist) halves a 1-die attack in range band 3 to 1 die,
    not none: the odds offered are those of 1 die and say why, and the attack rolls 1 die,
    its roll saying so. Walked in a referee game, a split of 1 die under fog was offered
    with odds of nothing at all and no word why (0 dice)."""
    game = scripted(setup(
        [squadron("britannia-battleship", (20.0, 10.0, 0.0), name="Dauntless")],
        [squadron("prussia-battleship", (20.0, 40.0, 180.0), name="Kaiserin")],
    ), [*P0_FIRST, *[1] * 20])
    play(game, Activate(0), Move(0, (2.0,)))
    state(game).in_play.append(CardPlay("sea-mist", 1))
    rules = game.ruleset
    one_die = Fire(((0, "fore turret"),), 1, 1)
    answer = rules.action_odds(game.observe(0).state, one_die)
    assert answer is not None
    assert answer.notes[:2] == ("1 die hitting on 4+ in range band 3",
                                "fog halves them to 1 (never below 1 die, DW-AD-MIN)")
    kaiserin = rules.data.models["prussia-battleship"]
    hits = cancel_hits(pool_hits(1, 4), pool_hits(kaiserin.shield, 4))
    expected = damage_odds(hits, kaiserin.dr, kaiserin.cr, kaiserin.hp, hull_left=kaiserin.hp,
                           extra=extra_damage_die(rules.data.criticals))
    assert answer.named == expected.named() and answer.distribution.mean > 0.0
    play(game, one_die, CeaseFire())
    rolled = {event.purpose: event.dice for event in game.events
              if isinstance(event, RollEffect)}
    assert rolled["Dauntless gunnery attack on Kaiserin"] == 1
    (line,) = [event.text for event in game.events if event.text.startswith("Dauntless rolls")]
    assert line.startswith("Dauntless rolls 1 die (1 declared; halved by Sea mist in band 3"
                           " (never below 1 die, DW-AD-MIN))")
