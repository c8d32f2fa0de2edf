"""Why a ROBOGEAR bot loses to two random players: the RG-BOT-STRENGTH games, sorted.

Run: ``.venv/bin/python benchmarks/losses_robogear.py [--games N] [--first I] [--list]
[--bot NAME]``. Plays the long test's games (seeds 10 000 + i, the bot, by default the
commander, in seat i mod 3, the shipped Ferrum,
Verdant and Ashen armies) and prints the win count, each loss's class, the points the bot
lost by unit kind and by round, and how many losses keeping one thing would have turned.

Classes (shares are the points each army kept over the points it fielded, what the last
round scores): ``tie`` (no winner), ``whole, winner untouched`` (the bot kept 80% or more
and killed nothing of the winner), ``whole, winner hurt less`` (kept 80% or more, killed
too little of the winner), ``bled`` (kept less than 80%). A kill is counted for the player
whose turn it was (engine turns are one player's units only).
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

from warbench.core.agents import Agent, RandomAgent
from warbench.core.botspec import make_bot
from warbench.core.engine import Game
from warbench.core.match import play_match
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.events import Destroyed, EdgeChosen, Initiative, TurnBegins

RULES = RobogearRuleset()
ACROSS = {"north": "south", "south": "north", "east": "west", "west": "east"}


@dataclass(slots=True)
class Played:
    """One game: the bot's seat, the winners, each army's share and the kills."""

    seed: int
    seat: int
    winners: tuple[int, ...]
    shares: list[float]
    edges: list[str]
    #: (killer, unit, round) for every unit destroyed.
    kills: list[tuple[int, int, int]] = field(default_factory=list)


def play(seed: int, fielded: list[float], bot: str = "commander") -> Played:
    """Play the long test's game ``seed`` with ``bot`` (a bot name, options allowed) in the
    bot's seat and record what the sorting needs."""
    seat = seed % 3
    agents: list[Agent] = [RandomAgent(seed * 7 + s) for s in range(3)]
    agents[seat] = make_bot(RULES, bot, seed)
    result = play_match(RULES, agents, seed=10_000 + seed, record_hashes=False,
                        transactional=False)
    assert result.outcome is not None, "a battle did not end"
    shares = [score / total for score, total in zip(result.outcome.scores, fielded, strict=True)]
    game = Played(seed, seat, result.outcome.winners, shares, [""] * 3)
    turn, round_ = -1, 0
    for event in result.events:
        if isinstance(event, TurnBegins):
            turn = event.player
        elif isinstance(event, Initiative):
            round_ = event.round
        elif isinstance(event, EdgeChosen):
            game.edges[event.player] = event.edge
        elif isinstance(event, Destroyed):
            game.kills.append((turn, event.unit, round_))
    return game


def sort_loss(game: Played, owner: list[int], points: list[int]) -> str:
    """The class of a lost game (see the module docstring)."""
    if not game.winners:
        return "tie"
    winner = game.winners[0]
    dealt = sum(points[u] for by, u, _ in game.kills if by == game.seat and owner[u] == winner)
    if game.shares[game.seat] < 0.8:
        return "bled"
    return "whole, winner untouched" if dealt == 0 else "whole, winner hurt less"


def turned(game: Played, owner: list[int], points: list[int], fielded: list[float],
           flyers: set[int], spared: str) -> bool:
    """Whether the bot would have won had it kept what ``spared`` names ("flyer": its
    flyers; "late": everything lost from round 6 on); the enemies' shares unchanged."""
    kept = sum(points[u] for _, u, round_ in game.kills if owner[u] == game.seat and (
        (spared == "late" and round_ >= 6) or (spared == "flyer" and u in flyers)))
    mine = game.shares[game.seat] + kept / fielded[game.seat]
    return all(mine > share for p, share in enumerate(game.shares) if p != game.seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games to play (seeds 0..N-1)")
    parser.add_argument("--list", action="store_true", help="print each lost game")
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--bot", default="commander",
                        help="the bot in the bot's seat (e.g. search:iterations=6)")
    args = parser.parse_args()
    opening = Game.new(RULES, None, seed=0, players=3)
    units = opening.state.units
    records = opening.data.units
    owner = [u.player for u in units]
    points = [records[u.type].points for u in units]
    kinds = [u.type.split("-", 1)[1] for u in units]
    flyers = {u.id for u in units if records[u.type].chassis == "flyer"}
    fielded = [float(sum(p for p, o in zip(points, owner, strict=True) if o == k))
               for k in range(3)]
    games = [play(seed, fielded, args.bot)
             for seed in range(args.first, args.first + args.games)]
    wins = sum(g.winners == (g.seat,) for g in games)
    classes: Counter[str] = Counter()
    flips: Counter[str] = Counter()
    lost_kind: Counter[str] = Counter()
    lost_round: Counter[int] = Counter()
    dealt_round: Counter[int] = Counter()
    geometry: Counter[str] = Counter()
    geometry_wins: Counter[str] = Counter()
    for game in games:
        across = any(game.edges[p] == ACROSS[game.edges[game.seat]] for p in range(3)
                     if p != game.seat)
        shape = "an enemy across" if across else "both enemies beside"
        geometry[shape] += 1
        geometry_wins[shape] += game.winners == (game.seat,)
        for by, unit, round_ in game.kills:
            if owner[unit] == game.seat:
                lost_kind[kinds[unit]] += points[unit]
                lost_round[round_] += points[unit]
            elif by == game.seat:
                dealt_round[round_] += points[unit]
        if game.winners == (game.seat,):
            continue
        kind = sort_loss(game, owner, points)
        classes[kind] += 1
        for spared in ("flyer", "late"):
            flips[spared] += turned(game, owner, points, fielded, flyers, spared)
        if args.list:
            lost = [(kinds[u], r) for _, u, r in game.kills if owner[u] == game.seat]
            print(f"seed {game.seed} seat {game.seat} {shape}: {kind}; shares "
                  f"{[round(s, 2) for s in game.shares]}; lost {lost}")
    print(f"{args.bot} vs two random: {wins}/{args.games}")
    print("losses: " + ", ".join(f"{k} {v}" for k, v in classes.most_common()))
    print("edges: " + ", ".join(f"{k}: won {geometry_wins[k]}/{v}" for k, v in geometry.items()))
    print("points the bot lost, by unit: " + ", ".join(
        f"{k} {v}" for k, v in lost_kind.most_common()))
    print("points the bot lost, by round: " + ", ".join(
        f"{r}: {v}" for r, v in sorted(lost_round.items())))
    print("points the bot killed, by round: " + ", ".join(
        f"{r}: {v}" for r, v in sorted(dealt_round.items())))
    print(f"losses turned had the bot kept its flyer: {flips['flyer']}; kept everything it "
          f"lost from round 6: {flips['late']}")


if __name__ == "__main__":
    main()
