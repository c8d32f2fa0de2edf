"""HOR-ACTION-ODDS: the web table's odds of every attack, spell, animus, charge, slam,
headbutt, free strike and damage boost offered, checked against the game's own dice
(:mod:`tests.hordes.odds_check`) at the decisions of seeded games between the ruleset's
bots; and the mismatches that check found, each fixed."""

from __future__ import annotations

from collections.abc import Container, Iterator
from typing import Any

import pytest

from tests.hordes.helpers import RULES, HGame
from tests.hordes.odds_check import Option, check_option, option_at
from warbench.core.engine import Game
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes import actions as act
from warbench.rulesets.hordes.action_odds import CHARGE_OUT_OF_SIGHT
from warbench.rulesets.hordes.bots import WarlockBot


def offered(rules: HordesRuleset, armies: list[str], seed: int, at: Container[int],
            decisions: int, kinds: bool = False) -> Iterator[tuple[HGame, Option, Any]]:
    """Each option with odds offered at the decisions ``at`` (counted from 0) of the first
    ``decisions`` of a seeded game between two warlock bots, with the game then and the
    odds the acting seat is shown; ``kinds``: only the first option of each kind (its
    action and attack boost) at a decision."""
    game = Game.new(rules, {"armies": armies, "layout": "standard"}, seed=seed)
    bots = [WarlockBot(seed), WarlockBot(seed + 7)]
    for count in range(decisions):
        if game.is_over:
            return
        decision = game.pending()[0]
        if count in at:
            seen = game.observe(decision.player).state
            seen_kinds: set[tuple[str, bool]] = set()
            for action in decision.options:
                kind = (type(action).__name__, getattr(action, "boost_hit", False))
                option = option_at(game, decision.player, action)
                if option is None or (kinds and kind in seen_kinds):
                    continue
                answer = rules.action_odds(seen, action)
                if answer is not None:
                    seen_kinds.add(kind)
                    yield game, option, answer
        game.apply(decision.player, bots[decision.player].choose(
            game.observe(decision.player), decision))


def _mismatches(rules: HordesRuleset, armies: list[str], seed: int, at: Container[int],
                decisions: int, budget: int, samples: int, kinds: bool = False
                ) -> tuple[list[str], int, int]:
    """Every mismatch found over the options offered, with how many options were checked
    and how many of them exactly (every sequence of dice played)."""
    found, checked, exact = [], 0, 0
    for game, option, answer in offered(rules, armies, seed, at, decisions, kinds):
        wrong, plain = check_option(game, option, answer, budget, samples)
        checked += 1
        exact += plain.exact
        found += [f"seed {seed}, {option.action}: {w}" for w in wrong]
    return found, checked, exact


def test_hor_action_odds_every_option_offered_early_in_a_seeded_game_is_the_games() -> None:
    """HOR-ACTION-ODDS: at the first decisions offering attacks in a seeded game between
    the warlock bots (Elder Maelis's battlegroup against Cinder Matron Vesk's), the first
    option of each kind offered with odds (a charge, a slam, a beast's attack, a spell
    boosted or not) shows the chances the game's own dice give, each sequence of dice
    played by the game."""
    found, checked, exact = _mismatches(RULES, ["thornwood-maelis", "ashen-vesk"], 0,
                                        at={16, 17, 19}, decisions=20, budget=2500,
                                        samples=0, kinds=True)
    assert checked >= 5 and exact == checked
    assert found == []


#: The four example lists, paired every way the sweep plays them.
PAIRS = [["thornwood-maelis", "ashen-vesk"], ["ashen-hask", "thornwood-orrin"],
         ["thornwood-orrin", "ashen-vesk"], ["ashen-hask", "thornwood-maelis"]]


@pytest.mark.long
@pytest.mark.parametrize("seed", range(8))
def test_hor_action_odds_every_option_offered_in_seeded_games_is_the_games(seed: int) -> None:
    """HOR-ACTION-ODDS (``make long``): over every fourth decision of a seeded bot game
    (each pair of example lists in turn), every option offered with odds matches the
    game's dice: exactly where the sequences of dice are few enough, else within five
    standard errors of 1,000 seeded copies."""
    found, checked, _ = _mismatches(RULES, PAIRS[seed % 4], seed, range(0, 400, 4),
                                    decisions=400, budget=4000, samples=1000)
    assert checked > 0
    assert found == []



def test_hor_action_odds_a_charge_that_stops_with_its_target_out_of_sight_shows_no_attack(
) -> None:
    """HOR-ACTION-ODDS, HOR-MELEE-RANGE (l.338-339: a melee attack takes a model in sight within
    melee range): Elder Maelis's charge at an Ember Jackal (seed 0, decision 188) stops
    against a larger base with the jackal within its staff's reach but out of sight, so the
    game offers no attack at it; the odds said the charge attack would land 28% of the
    time, and now say the charge reaches with no attack at its target, as the game's dice
    do."""
    checked = 0
    for game, option, answer in offered(RULES, ["thornwood-maelis", "ashen-vesk"], 0,
                                        {188}, 189):
        if option.action == act.Charge(6):  # checked here: the game goes on after
            assert answer.named == {CHARGE_OUT_OF_SIGHT: 1.0, "no damage": 1.0}
            wrong, plain = check_option(game, option, answer, 4000, 0)
            assert plain.exact and wrong == []
            checked += 1
    assert checked == 1
