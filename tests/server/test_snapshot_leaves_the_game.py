"""What a page is shown never changes the game: a seat's snapshot (every option's odds,
words, targets and fields) and the preview of every option leave the state hash as it was.
Armada's odds of a declared shot once spent the attacker's pending encouragement in the
real game, so the game no longer replayed from its journal (ARM-OFF-ENCOURAGE)."""

from __future__ import annotations

import pytest

from warbench.core.engine import Game
from warbench.core.match import play_next_decision
from warbench.core.registry import available_rulesets
from warbench.core.registry import ruleset as find_ruleset
from warbench.server.snapshot import SPECTATOR, snapshot


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_showing_a_seat_its_choices_leaves_the_game_as_it_was(ruleset_id: str) -> None:
    rules = find_ruleset(ruleset_id)
    bots = rules.bots()
    bot_name = next(name for name in bots if name not in ("random", "search"))
    game = Game.new(rules, rules.default_setup(), seed=7, players=rules.demo_players
                    or rules.min_players)
    agents = [bots[bot_name](seat) for seat in range(game.players)]
    for step in range(240):
        if game.is_over:
            break
        if step % 3 == 0:
            before = game.hash()
            for seat in (*range(game.players), SPECTATOR):
                snapshot(game, seat)
            for decision in game.pending():
                state = game.observe(decision.player).state
                for option in decision.options[:12]:
                    rules.action_preview(state, option)
                    rules.action_odds(state, option)
            assert game.hash() == before, f"step {step}: showing the choices changed the game"
        play_next_decision(game, agents)
