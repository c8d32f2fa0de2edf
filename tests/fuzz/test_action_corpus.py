"""Every ruleset's actions, mutated field by field, thrown at live games (issue 11).

An input passes when the game refuses it with a ``ValueError`` and is left exactly as it was,
or accepts it and journals an action that its own strict codec reads back as the same action
(so the journal replays). Anything else (another exception, ``True`` or ``1.0`` or NaN let
into the journal, a seat ``True``) is a failure.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.conftest import SCALE
from tests.fuzz.corpus import BAD_PLAYERS, action_mutations, installed
from warbench.core.actions import Action
from warbench.core.agents import RandomAgent
from warbench.core.engine import Game
from warbench.core.journal import Journal
from warbench.core.match import play_next_decision
from warbench.core.registry import ruleset
from warbench.core.replay import replay
from warbench.core.rng import RandomStream

#: Decision points probed per game (make fuzz: to the end of each game), decisions played
#: between two probes, and the games' seeds (make fuzz: SCALE games per ruleset).
POINTS = 12 if SCALE == 1 else 100_000
STRIDE = 9
SEEDS = [11 + 100 * index for index in range(SCALE)]


class Probe:
    """Throws inputs at a game and keeps the count and the failures."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.count = 0
        self.failures: list[str] = []

    def throw(self, label: str, player: Any, action: Any, plain: bool) -> bool:
        """Apply one input; ``True`` if the game accepted it."""
        game = self.game
        self.count += 1
        before, entries = game.hash(), len(game.journal.entries)
        try:
            if plain:
                game.apply_plain(player, action)
            else:
                game.apply(player, action)
        except ValueError:
            if game.hash() != before or len(game.journal.entries) != entries:
                self.failures.append(f"{label}: refused but the game changed")
            return False
        except Exception as error:
            self.failures.append(f"{label}: {type(error).__name__}: {error}"[:300])
            return False
        entry = game.journal.entries[-1]
        try:
            decoded = game.ruleset.codec.decode(json.loads(json.dumps(entry.action)))
            clean = decoded.to_plain() == entry.action and type(entry.player) is int
        except ValueError as error:
            clean = False
            label += f" ({error})"
        if not clean:
            self.failures.append(f"{label}: accepted, but its journal entry is not clean")
        return True


def _candidates(game: Game, player: int, rng: RandomStream) -> list[Action]:
    found: list[Action] = []
    for decision in game.pending_for(player):
        found += list(decision.options[:2])
        for space in decision.spaces:
            found += space.sample(rng, 1)
    return found[:3]


def probe_game(ruleset_id: str, seed: int) -> Probe:
    rules = ruleset(ruleset_id)
    game = Game.new(rules, seed=seed, players=rules.min_players)
    agents = [RandomAgent(seed + seat) for seat in range(rules.min_players)]
    probe = Probe(game)
    rng = RandomStream.from_seed(seed)
    for _ in range(POINTS):
        if game.is_over:
            break
        accepted = False
        for player in sorted({decision.player for decision in game.pending()}):
            for action in _candidates(game, player, rng):
                for label, data, built in action_mutations(action):
                    accepted = probe.throw(label + " (json)", player, data, True)
                    if not accepted and built is not None:
                        accepted = probe.throw(label, player, built, False)
                    if accepted:
                        break
                for seat in BAD_PLAYERS:
                    if accepted:
                        break
                    accepted = probe.throw(f"player={seat!r}", seat, action, False)
                if accepted:
                    break
            if accepted:
                break
        for _ in range(STRIDE):
            if game.is_over:
                break
            play_next_decision(game, agents)
    try:  # whatever was accepted must replay from the saved journal
        replay(Journal.loads(game.journal.dumps()))
    except Exception as error:
        probe.failures.append(f"replay: {type(error).__name__}: {error}"[:300])
    return probe


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ruleset_id", installed())
def test_mutated_actions_are_refused_cleanly(ruleset_id: str, seed: int) -> None:
    probe = probe_game(ruleset_id, seed=seed)
    assert probe.count > 100
    assert not probe.failures, f"{len(probe.failures)} of {probe.count}: {probe.failures[:5]}"


plain_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                  max_size=3),
    max_leaves=8,
)


@pytest.mark.parametrize("ruleset_id", installed())
@given(data=st.data())
def test_any_json_for_any_action_type_is_refused_or_clean(ruleset_id: str, data: Any) -> None:
    """Hypothesis: any field values under any tag of the ruleset, at the opening decision."""
    rules = ruleset(ruleset_id)
    game = _opening(ruleset_id)
    tag = data.draw(st.sampled_from(rules.codec.tags))
    fields = data.draw(st.dictionaries(st.text(max_size=8), plain_values, max_size=4))
    player = data.draw(st.sampled_from([0, 1, *BAD_PLAYERS]))
    probe = Probe(game.copy())
    probe.throw(f"{tag} {fields}", player, {"type": tag, **fields}, True)
    assert not probe.failures, probe.failures


_OPENINGS: dict[str, Game] = {}


def _opening(ruleset_id: str) -> Game:
    if ruleset_id not in _OPENINGS:
        rules = ruleset(ruleset_id)
        _OPENINGS[ruleset_id] = Game.new(rules, seed=3, players=rules.min_players)
    return _OPENINGS[ruleset_id]
