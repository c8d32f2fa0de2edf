"""Playing one game of a plan with the ruleset's bots, and the record kept of it.

A :class:`GameRecord` is what statistics and the store need: who sat where, who won, the
scores, the length in decisions, unit tallies, and optionally the journal. It is plain data,
cheap to send back from a worker process or a Ray task.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from warbench.core.botspec import BrokenAgent, UnknownBot, make_bot
from warbench.core.engine import Game
from warbench.core.luck import luck_by_seat
from warbench.core.match import play_next_decision
from warbench.core.sim.plan import GamePlan
from warbench.core.sim.seeds import bot_seed, game_seed
from warbench.core.sim.units import UnitTally, tally_units


class GameCrashed(RuntimeError):
    """A game raised an error (a ruleset or bot bug); names the game and its seed."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What happened in game ``index`` of a run, by side (``seats[k]`` sat in seat k).

    ``winners`` and ``scores`` are by side, not seat. ``length`` counts decisions. A game
    stopped at the decision limit is not ``finished`` and has no winners.
    """

    index: int
    seed: int
    seats: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    length: int
    finished: bool
    reason: str
    final_hash: str
    units: tuple[UnitTally, ...] = ()
    journal: str | None = None
    #: Each side's game luck percentile (``warbench.core.luck``); None: no rated roll.
    luck: tuple[float | None, ...] = ()

    @property
    def decisive(self) -> bool:
        """Whether someone won: one side, or a team of sides, but not every side.

        >>> GameRecord(0, 0, (0, 1, 2, 3), (1, 3), (), 9, True, "", "").decisive
        True
        >>> GameRecord(0, 0, (0, 1), (0, 1), (), 9, True, "", "").decisive
        False
        """
        return bool(self.winners) and len(set(self.winners)) < len(self.seats)

    def result(self, side: int) -> str:
        """``win``, ``draw`` or ``loss`` for ``side``: each side of a winning team wins; no
        winner, or every side, is a draw."""
        if not self.decisive:
            return "draw"
        return "win" if side in self.winners else "loss"

    def summary(self) -> dict[str, Any]:
        """The record's JSON summary, without index, seed and journal (stored apart)."""
        return {
            "seats": list(self.seats),
            "winners": list(self.winners),
            "scores": list(self.scores),
            "length": self.length,
            "finished": self.finished,
            "reason": self.reason,
            "final_hash": self.final_hash,
            "units": [tally.to_plain() for tally in self.units],
            "luck": list(self.luck),
        }

    @classmethod
    def from_summary(
        cls, index: int, seed: int, summary: dict[str, Any], journal: str | None = None
    ) -> GameRecord:
        """The record whose :meth:`summary` is ``summary``."""
        return cls(
            index=index,
            seed=seed,
            seats=tuple(summary["seats"]),
            winners=tuple(summary["winners"]),
            scores=tuple(float(score) for score in summary["scores"]),
            length=int(summary["length"]),
            finished=bool(summary["finished"]),
            reason=str(summary["reason"]),
            final_hash=str(summary["final_hash"]),
            units=tuple(UnitTally.from_plain(row) for row in summary["units"]),
            journal=journal,
            luck=tuple(summary.get("luck", ())),
        )


def play_to_end(plan: GamePlan, index: int, *, record_hashes: bool = False) -> Game[Any, Any]:
    """Play game ``index`` of ``plan`` until it ends or reaches the decision limit."""
    seed = game_seed(plan.seed, index)
    seats = plan.seats(index)
    try:
        agents = [
            make_bot(plan.ruleset, plan.bots[side], bot_seed(seed, seat))
            for seat, side in enumerate(seats)
        ]
        game = Game.new(
            plan.ruleset,
            plan.setup(index),
            seed=seed,
            players=len(seats),
            record_hashes=record_hashes,
            transactional=plan.ruleset.late_refusals,
        )
        game.journal.played_by = [plan.bots[side] for side in seats]
        decisions = 0
        while not game.is_over and decisions < plan.max_decisions:
            play_next_decision(game, agents)
            decisions += 1
    except UnknownBot:  # a bot that cannot be found (an agent file moved): not a crash
        raise
    except BrokenAgent as error:  # a user's agent: one line, no traceback
        raise BrokenAgent(
            f"game {index} of the run seeded {plan.seed} (game seed {seed}): {error}"
        ) from error
    except Exception as error:
        raise GameCrashed(
            f"game {index} of the run seeded {plan.seed} (game seed {seed}) failed:"
            f" {type(error).__name__}: {error}"
        ) from error
    return game


def record_of(plan: GamePlan, index: int, game: Game[Any, Any]) -> GameRecord:
    """The record of game ``index``, played to its end as ``game``."""
    seats = plan.seats(index)
    outcome = game.outcome
    scores: tuple[float, ...] = ()
    winners: tuple[int, ...] = ()
    if outcome is not None:
        winners = tuple(sorted(seats[seat] for seat in outcome.winners))
        if len(outcome.scores) == len(seats):
            by_side = [0.0] * len(seats)
            for seat, score in enumerate(outcome.scores):
                by_side[seats[seat]] = float(score)
            scores = tuple(by_side)
    fielded = _fielded(plan, seats, game)
    luck: list[float | None] = [None] * len(seats)
    for seat, value in enumerate(luck_by_seat(game.events, len(seats), game.luck_odds)):
        luck[seats[seat]] = value
    return GameRecord(
        index=index,
        seed=game_seed(plan.seed, index),
        seats=seats,
        winners=winners,
        scores=scores,
        length=len(game.journal.entries),
        finished=outcome is not None,
        reason=outcome.reason if outcome is not None else "decision limit reached",
        final_hash=game.hash(),
        units=tally_units(game.events, seats, fielded),
        journal=json.dumps(game.journal.to_plain()) if plan.keep_journals else None,
        luck=tuple(luck),
    )


def _fielded(plan: GamePlan, seats: tuple[int, ...], game: Game[Any, Any]) -> list[dict[str, int]]:
    """Each side's units fielded: its army list's, or, for a side of the default set-up,
    the ruleset's count of what stood on the table in the game (where it counts)."""
    fielded = [side.fielded() for side in plan.sides]
    if all(side.army is not None for side in plan.sides):
        return fielded
    counted = plan.ruleset.fielded(game.state)
    if counted is not None:
        for seat, side in enumerate(seats):
            if plan.sides[side].army is None:
                fielded[side] = dict(counted[seat])
    return fielded


def play_game(plan: GamePlan, index: int) -> GameRecord:
    """Play game ``index`` of ``plan`` and return its record."""
    game = play_to_end(plan, index, record_hashes=plan.keep_journals)
    return record_of(plan, index, game)
