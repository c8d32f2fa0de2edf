"""Dystopian Wars battles per second: 1000-point fleets, the commodore bot, to the end.

Run: ``.venv/bin/python benchmarks/battles_dystopian_wars.py [--games 10] [--repeats 3]``.
Each pairing plays the same seeded battles of the default set-up (two 1000-point fleets on
the demo table, six turns at most) with ``play_match`` and no state hashes, as simulation
runs play them; the figure is battles per second on one core (CPU time, best of the
repeats), and a digest of the battles' final state hashes says whether a change of the
code changed any game. One more line plays the commodore mirror on a game that takes no snapshot
before each action (``Game(transactional=False)``), to show what that snapshot costs.
Then a cProfile run of the commodore mirror says where the time goes: each area's share
of the total, and the functions with the most cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import time
from collections.abc import Callable

from warbench.core.agents import Agent, RandomAgent
from warbench.core.engine import Game
from warbench.core.match import play_match, play_next_decision
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.bots import CommodoreBot

RULES = DystopianWarsRuleset()
PAIRINGS: dict[str, Callable[[int], list[Agent]]] = {
    "commodore vs commodore": lambda seed: [CommodoreBot(seed), CommodoreBot(seed + 1)],
    "commodore vs random": lambda seed: [CommodoreBot(seed), RandomAgent(seed)],
    "random vs random": lambda seed: [RandomAgent(seed), RandomAgent(seed + 1)],
}
#: Where the time goes: an area, and the function (file:line(name) suffix) whose cumulative
#: time measures it. Areas may nest (legal attacks run inside the engine's pending()).
AREAS: dict[str, str] = {
    "legal attacks listed (fire_options)": "attack_listing.py:{}(fire_options)",
    "  shots worked out (combat._shot)": "combat.py:{}(_shot)",
    "bot: moves scored (CommodoreBot.move)": "bots.py:{}(move)",
    "bot: attacks chosen (CommodoreBot.fire)": "bots.py:{}(fire)",
    "engine: snapshot before each action (pickle)": "~:0(<built-in method _pickle.dumps>)",
    "boarding options (Boarding.decisions)": "boarding.py:{}(decisions)",
    "moves carried out (Activation.move)": "activation.py:{}(move)",
    "attacks rolled (resolve_attack)": "attack_rolls.py:{}(resolve_attack)",
    "table snapshots (world_of)": "world.py:{}(world_of)",
}


def fleets() -> str:
    """The default set-up's two fleets and their points."""
    data = RULES.data
    setup = RULES.default_setup()
    parts = []
    for fleet in setup["fleets"][:2]:
        points = sum(
            data.models[squadron["unit"]].points * squadron["count"]
            for squadron in fleet["squadrons"]
        )
        parts.append(f"{fleet['name']} ({points} pts)")
    return " against ".join(parts)


def play(pairing: Callable[[int], list[Agent]], games: int) -> tuple[float, int, list[str]]:
    """CPU seconds for ``games`` battles with ``play_match``, the decisions taken and the
    final state hash of each battle."""
    decisions = 0
    hashes = []
    start = time.process_time()
    for seed in range(games):
        result = play_match(RULES, pairing(seed), seed=seed, record_hashes=False)
        assert result.outcome is not None, "a battle did not end"
        decisions += result.decisions
        hashes.append(result.final_hash)
    return time.process_time() - start, decisions, hashes


def play_without_snapshots(pairing: Callable[[int], list[Agent]], games: int) -> float:
    """CPU seconds for the same battles on games that keep no snapshot per action."""
    start = time.process_time()
    for seed in range(games):
        agents = pairing(seed)
        game = Game.new(RULES, seed=seed, players=2, record_hashes=False, transactional=False)
        while not game.is_over:
            play_next_decision(game, agents)
    return time.process_time() - start


def breakdown(games: int) -> None:
    """Profile the commodore mirror and print each area's share and the top functions."""
    profile = cProfile.Profile()
    pairing = PAIRINGS["commodore vs commodore"]
    profile.enable()
    for seed in range(games):
        play_match(RULES, pairing(seed), seed=seed, record_hashes=False)
    profile.disable()
    stats = pstats.Stats(profile)
    table = stats.stats  # type: ignore[attr-defined]
    total = max(cumulative for _, _, _, cumulative, _ in table.values())
    print(f"\nwhere the time goes (cProfile, {games} commodore mirror battles; shares of the"
          " whole, profiler overhead included):")
    for area, pattern in AREAS.items():
        found = [
            entry[3] for (path, line, name), entry in table.items()
            if _matches(pattern, path, line, name)
        ]
        if found:
            print(f"  {area:<48} {100 * max(found) / total:5.1f}%")
    print("\ntop functions by cumulative time:")
    stats.sort_stats("cumulative").print_stats(r"warbench|pickle", 25)


def _matches(pattern: str, path: str, line: int, name: str) -> bool:
    if pattern.startswith("~"):
        return f"~:{line}({name})" == pattern
    file, _, rest = pattern.partition(":")
    return path.endswith(file) and rest.replace("{}", str(line)) == f"{line}({name})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="battles per pairing")
    parser.add_argument("--repeats", type=int, default=3, help="best of this many runs")
    parser.add_argument("--profile-games", type=int, default=4, help="battles profiled (0: none)")
    options = parser.parse_args()
    print(f"Dystopian Wars: {fleets()}; {options.games} battles each, record_hashes off")
    digest = hashlib.sha256()
    for name, pairing in PAIRINGS.items():
        runs = [play(pairing, options.games) for _ in range(options.repeats)]
        seconds, decisions, hashes = min(runs)
        assert all(run[2] == hashes for run in runs), "the same seeds gave different games"
        digest.update("".join(hashes).encode())
        print(
            f"{name:<24} {options.games / seconds:6.2f} battles/s per core, "
            f"{decisions / seconds:7.0f} decisions/s ({decisions / options.games:.0f} a battle)"
        )
    print(f"final hashes of the {len(PAIRINGS) * options.games} battles: digest "
          f"{digest.hexdigest()[:16]}")
    mirror = PAIRINGS["commodore vs commodore"]
    seconds = min(play_without_snapshots(mirror, options.games) for _ in range(options.repeats))
    print(f"{'commodore vs commodore':<24} {options.games / seconds:6.2f} battles/s per core "
          "with no snapshot per action (transactional=False)")
    if options.profile_games:
        breakdown(options.profile_games)


if __name__ == "__main__":
    main()
