"""Engine speed: decisions per second with random agents, state copies, and state hashes.

Run: ``.venv/bin/python benchmarks/engine.py``. Every figure is the best of three repeats
(``time.perf_counter``); the repeats go round all the variants compared in turn, so a busy
moment on the machine hurts no variant in particular.

Games are the test-only Duel (tests/duel.py), played to the end by random agents that never
pick Duel's ``Gamble`` (the one action refused late, after its roll): without transactions
a late refusal would leave its changes, so only games with no late refusal can be compared
across the settings. Each repeat plays the same seeded games, so all four settings do
exactly the same work but for what they switch off.
"""

from __future__ import annotations

import copy
import pickle
import sys
import time
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.duel import Duel, Gamble

from warbench.core.actions import Action
from warbench.core.agents import RandomAgent
from warbench.core.decisions import Decision
from warbench.core.engine import Game, clone_state
from warbench.core.match import play_next_decision
from warbench.core.observation import Observation

REPEATS = 3
GAMES = 150
CALLS = 2_000
#: (record_hashes, transactional), the first being the baseline of the ratios.
SETTINGS = ((True, True), (False, True), (True, False), (False, False))


class NoGambleAgent(RandomAgent):
    """A random agent that never gambles, so no action is refused after check passed."""

    def choose(self, observation: Observation[Any, Any], decision: Decision) -> Action:
        while True:
            action = super().choose(observation, decision)
            if not isinstance(action, Gamble):
                return action


def best_times(runs: Mapping[str, Callable[[], object]]) -> dict[str, float]:
    """Best wall time in seconds of each run over :data:`REPEATS` interleaved rounds."""
    best: dict[str, float] = {}
    for _ in range(REPEATS):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            elapsed = time.perf_counter() - start
            best[name] = min(elapsed, best.get(name, elapsed))
    return best


def play_games(players: int, record_hashes: bool, transactional: bool) -> int:
    """Play :data:`GAMES` Duel games to the end; return the decisions taken."""
    decisions = 0
    rules = Duel()
    for seed in range(GAMES):
        game = Game.new(
            rules,
            seed=seed,
            players=players,
            record_hashes=record_hashes,
            transactional=transactional,
        )
        agents = [NoGambleAgent(seed * 10 + seat) for seat in range(players)]
        while not game.is_over:
            play_next_decision(game, agents)
            decisions += 1
    return decisions


def mid_game(players: int) -> Game:
    """A game 12 decisions in: stack several frames deep, some secrets written."""
    game = Game.new(Duel(), seed=1, players=players)
    agents = [NoGambleAgent(seat) for seat in range(players)]
    for _ in range(12):
        play_next_decision(game, agents)
    return game


def repeated(call: Callable[[], object]) -> Callable[[], None]:
    """``call`` made :data:`CALLS` times in a row."""

    def run() -> None:
        for _ in range(CALLS):
            call()

    return run


def label(setting: tuple[bool, bool]) -> str:
    record_hashes, transactional = setting
    return f"{'on' if record_hashes else 'off':>7} {'on' if transactional else 'off':>8}"


def decisions_table() -> None:
    print(f"Decisions per second, random agents, {GAMES} Duel games per repeat")
    print(
        f"{'players':>7} {'hashes':>7} {'transact':>8} {'decisions':>9} {'per s':>9} "
        f"{'vs first':>9}"
    )
    for players in (2, 4):
        runs = {label(s): partial(play_games, players, *s) for s in SETTINGS}
        counts = {name: play_games(players, *s) for name, s in zip(runs, SETTINGS, strict=True)}
        best = best_times(runs)
        baseline = counts[label(SETTINGS[0])] / best[label(SETTINGS[0])]
        for name, seconds in best.items():
            rate = counts[name] / seconds
            print(f"{players:>7} {name} {counts[name]:>9} {rate:>9.0f} {rate / baseline:>8.2f}x")
    print()


def copies_table() -> None:
    print(f"Copying and hashing a mid-game state, microseconds per call ({CALLS} calls)")
    print(
        f"{'players':>7} {'clone_state':>11} {'deepcopy':>9} {'deepcopy/clone':>14} "
        f"{'hash':>7} {'hash/clone':>10}"
    )
    for players in (2, 4):
        game = mid_game(players)
        best = best_times(
            {
                "clone": repeated(partial(clone_state, game.state)),
                "deepcopy": repeated(partial(copy.deepcopy, game.state)),
                "hash": repeated(game.hash),
            }
        )
        clone, deep, hashed = (best[name] / CALLS * 1e6 for name in ("clone", "deepcopy", "hash"))
        print(
            f"{players:>7} {clone:>11.1f} {deep:>9.1f} {deep / clone:>13.2f}x "
            f"{hashed:>7.1f} {hashed / clone:>9.2f}x"
        )
    stream = mid_game(2).state.rng
    best = best_times(
        {
            "pickle": repeated(lambda: pickle.loads(pickle.dumps(stream, pickle.HIGHEST_PROTOCOL))),
            "copy": repeated(stream.copy),
        }
    )
    pickled, lazy = (best[name] / CALLS * 1e6 for name in ("pickle", "copy"))
    print(
        f"of which the random stream: pickle round trip {pickled:.1f} us, "
        f"RandomStream.copy {lazy:.1f} us ({pickled / lazy:.0f}x)"
    )


def main() -> None:
    print(f"Python {sys.version.split()[0]}, best of {REPEATS} interleaved repeats\n")
    decisions_table()
    copies_table()


if __name__ == "__main__":
    main()
