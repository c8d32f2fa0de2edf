"""Words for people: counts ("1 die", "3 dice"), lists ("A, B or C"), players, what a roll
was for, and names that several pieces on a table share told apart ("Mosshound 2", "Elder
Maelis (P1)").

People count players from 1 while every machine interface (JSON, journals, the server's
protocol, option values) indexes seats from 0: :func:`player_name` is the one place a seat
index becomes words.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Generic, TypeVar

_Piece = TypeVar("_Piece")
_Context = TypeVar("_Context")

#: Nouns whose plural is not the noun and an s.
IRREGULAR = {"box": "boxes", "die": "dice", "entry": "entries", "hex": "hexes", "life": "lives",
             "party": "parties"}


def counted(number: float, noun: str) -> str:
    """``number`` of ``noun``, the noun plural unless there is one (a measure such as a
    distance may be a fraction, shown as short as it is).

    >>> counted(1, "die"), counted(600, "die"), counted(1, "hull point"), counted(0, "carrier")
    ('1 die', '600 dice', '1 hull point', '0 carriers')
    >>> counted(2, "hex"), counted(1, "life"), counted(2, "life")
    ('2 hexes', '1 life', '2 lives')
    >>> counted(1.0, "step"), counted(2.5, "step")
    ('1 step', '2.5 steps')
    """
    shown = str(int(number)) if number == int(number) else f"{number:g}"
    if number == 1:
        return f"{shown} {noun}"
    head, _, last = noun.rpartition(" ")
    plural = IRREGULAR.get(last, f"{last}s")
    return f"{shown} {head} {plural}" if head else f"{shown} {plural}"


def one_of(names: list[str], join: str = "or") -> str:
    """Names listed as a person says them.

    >>> one_of(["Dawnbreaker"]), one_of(["Dawnbreaker", "Sparks", "Iron Oath"])
    ('Dawnbreaker', 'Dawnbreaker, Sparks or Iron Oath')
    >>> one_of(["Dawnbreaker", "Sparks"], "and")
    'Dawnbreaker and Sparks'
    """
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {join} {names[-1]}"


def possessive(name: str) -> str:
    """``name`` owning something, as English writes it: a name ending in s takes only the
    apostrophe.

    >>> possessive("Vanguard Picket"), possessive("Red Talon Raiders")
    ("Vanguard Picket's", "Red Talon Raiders'")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def player_name(seat: int) -> str:
    """Seat ``seat`` (an index from 0) as people count players, from 1.

    >>> player_name(0), player_name(1), player_name(3).capitalize()
    ('player 1', 'player 2', 'Player 4')
    """
    return f"player {seat + 1}"


#: A seat named by its index inside a text a game keeps in its state (see :func:`as_told`).
_STORED_SEAT = re.compile(r"\b([Pp]layer) (\d+)\b")


def as_told(stored: str) -> str:
    """A text kept in a game's state (an outcome's reason, a fleet's default name), which
    names seats by their index (``player 0``), with each seat named as people count it.

    Such texts stay as they were stored, since they are part of the state's hash and of
    every journal that records the game; they are numbered from 1 only when shown.

    >>> as_told("player 0 has the only fleet left"), as_told("Player 1 holds the field")
    ('player 1 has the only fleet left', 'Player 2 holds the field')
    >>> as_told("round limit 6 reached; build points beaten: player 0 12, player 1 4")
    'round limit 6 reached; build points beaten: player 1 12, player 2 4'
    """
    return _STORED_SEAT.sub(lambda found: f"{found[1]} {int(found[2]) + 1}", stored)


def roll_words(label: str, told: str = "") -> str:
    """What a roll was for, as people read it: the words for people its rules gave it
    (``told``), else its label, which is its key (a search draws its dice by it: a seat
    named there by its index, a model by its card's name; ``core.dice.DiceSource``).

    >>> roll_words("side 0 initiative", "Vanguard's initiative"), roll_words("gunnery")
    ("Vanguard's initiative", 'gunnery')
    """
    return told or label


def name_as_told(stored: str) -> str:
    """A side's name kept in a game's state, as people count seats: a default name that is
    only a seat's index (``Player 0``) is numbered from 1 (:func:`as_told`); a name a
    player gave is shown as it was given, digits and all.

    >>> name_as_told("Player 0"), name_as_told("Player 2's raiders"), name_as_told("Red")
    ('Player 1', "Player 2's raiders", 'Red')
    """
    return as_told(stored) if _STORED_SEAT.fullmatch(stored) else stored


@lru_cache(maxsize=256)
def told_apart(named: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """Labels for people of the pieces of a table, given in a fixed order as ``(name,
    side)`` (side: a seat index), that no two pieces share: a name no other piece has stays
    as it is; one that several pieces of one side share is numbered among them in that
    order, from 1; one found on more than one side also says its side, ``(P1)`` for
    "player 1" (players counted from 1, the tag Dystopian Wars gives such a name).

    The labels follow from the names and the order alone, so a table whose pieces stay
    listed all game (the destroyed too) gives each piece the same label all game.

    >>> told_apart((("Maelis", 0), ("Mosshound", 0), ("Mosshound", 0), ("Vesk", 1)))
    ('Maelis', 'Mosshound 1', 'Mosshound 2', 'Vesk')
    >>> told_apart((("Jackal", 0), ("Jackal", 1), ("Jackal", 1)))
    ('Jackal (P1)', 'Jackal 1 (P2)', 'Jackal 2 (P2)')
    """
    sides: dict[str, set[int]] = {}
    for name, side in named:
        sides.setdefault(name, set()).add(side)
    alike = Counter(named)
    seen: Counter[tuple[str, int]] = Counter()
    labels = []
    for entry in named:
        name, side = entry
        seen[entry] += 1
        label = f"{name} {seen[entry]}" if alike[entry] > 1 else name
        labels.append(f"{label} (P{side + 1})" if len(sides[name]) > 1 else label)
    return tuple(labels)


class LastTable(Generic[_Piece, _Context]):
    """The labels (:func:`told_apart`) of the table a ruleset labelled last, worked out once:
    the rules name the pieces of one state many times a decision (prompts, narration, the
    words of rolls), and a state's pieces, their names and sides never change once it is
    set up (it only appends pieces, which the length sees). The list is held, so no other
    list can take its place at its address; ``context`` is what else the names are read
    from (a ruleset's data; ``None`` where the pieces carry them), compared by identity too.
    The entry is one tuple, replaced whole, so two threads labelling two tables (the web
    table's games) never pair one table's list with the other's labels.

    >>> from collections import namedtuple
    >>> Ship = namedtuple("Ship", "name side")
    >>> ships = [Ship("Ajax", 0), Ship("Ajax", 1)]
    >>> last = LastTable(lambda ship, context: (ship.name, ship.side))
    >>> last.labels(ships, None), last.labels(ships, None) is last.labels(ships, None)
    (('Ajax (P1)', 'Ajax (P2)'), True)
    """

    __slots__ = ("_last", "_named")

    def __init__(self, named: Callable[[_Piece, _Context], tuple[str, int]]) -> None:
        self._named = named
        #: The table labelled last: its pieces, how many, its context and their labels.
        self._last: tuple[Sequence[_Piece], int, _Context, tuple[str, ...]] | None = None

    def labels(self, pieces: Sequence[_Piece], context: _Context) -> tuple[str, ...]:
        """Every piece's label, in the order of ``pieces``: ``named(piece, context)`` gives
        its name and side."""
        last = self._last
        if last is not None and pieces is last[0] and len(pieces) == last[1] \
                and context is last[2]:
            return last[3]
        labels = told_apart(tuple(self._named(piece, context) for piece in pieces))
        self._last = (pieces, len(pieces), context, labels)
        return labels
