"""What a seat may be handed of a recorded game: no seed, no full-state hash, no secrets.

A journal is the referee's record: its seed foretells every die, its actions include every
seat's hidden orders, and its full-state hash after each action is an oracle for them (hash
each legal order, compare, and the hidden one is found). So a journal is never handed to a
seat. :func:`seat_journal` gives instead, for each step, who acted, the seat's own action
(others' actions are told only through the events the seat may see), those events, and the
digest of the seat's own view: a hash of nothing the seat cannot already see.
"""

from __future__ import annotations

from typing import Any

from warbench.core.engine import Game
from warbench.core.journal import Journal
from warbench.core.plain import state_hash, to_plain
from warbench.core.replay import replay_steps
from warbench.core.ruleset import Ruleset

#: Format of :func:`seat_journal`'s output.
SEAT_EXPORT_FORMAT = 1


def _events(game: Game[Any, Any], first: int, seat: int) -> list[dict[str, Any]]:
    shown = []
    for event in game.events[first:]:
        if event.visible_to_player(seat):
            item: dict[str, Any] = {"kind": event.kind, "data": to_plain(dict(event.data), seat)}
            if event.text:
                item["text"] = event.text
            shown.append(item)
    return shown


def view_hash(game: Game[Any, Any], seat: int) -> str:
    """The digest of what ``seat`` sees now: safe to hand to that seat."""
    return state_hash(game.view(seat))


def seat_journal(
    journal: Journal, seat: int, *, rules: Ruleset[Any, Any] | None = None
) -> dict[str, Any]:
    """The game of ``journal`` as ``seat`` may see it, step by step (the journal is replayed
    and verified first). Raises :class:`~warbench.core.engine.UnknownPlayer` for a bad seat.
    """
    steps: list[dict[str, Any]] = []
    shown = 0
    opening: dict[str, Any] = {}
    for number, game in replay_steps(journal, rules=rules):
        record: dict[str, Any] = {"events": _events(game, shown, seat), "view_hash": ""}
        record["view_hash"] = view_hash(game, seat)
        shown = len(game.events)
        if number == 0:
            opening = record
            continue
        entry = journal.entries[number - 1]
        record = {"step": number, "player": entry.player} | record
        if entry.player == seat:
            record["action"] = entry.action
        steps.append(record)
    return {
        "format": SEAT_EXPORT_FORMAT,
        "ruleset": journal.ruleset,
        "version": journal.version,
        "players": journal.players,
        "seat": seat,
        "opening": opening,
        "steps": steps,
    }
