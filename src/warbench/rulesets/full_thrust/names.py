"""Each Full Thrust ship's and fighter group's name for people (FT-NAMES): the name its
fleet gives it, told apart from the others on the table that share it
(:func:`~warbench.core.words.told_apart`). Two unnamed ships of one design are both named
after it (``Lancer``), a list may name two entries alike, and two copies of one fleet share
every name: one side's are numbered in their fleet's order (``Lancer 1``, ``Lancer 2``), a
name both sides field says its player (``Harbour (P1)``, ``Harbour (P2)``). A fighter group,
named after its carrier and its type's code (``Harbour H1``), is labelled after its carrier's
label (``Haven 2 S1``, ``Harbour H1 (P2)``), so a group reads as its carrier does. The board
labels each so, and the options, the narration, the log's dice lines and the standing name
it so.

Only what people read changes: the labels follow from the names and players, which a state
lists in one fixed order all game (a ship or group lost stays listed), so each keeps its
label all game. The state, its hash, the journals and the dice's labels (by which a search
keys its sampled dice) keep the name alone.

>>> from warbench.rulesets.full_thrust.state import Ship
>>> ships = [Ship(n, p, name, "lancer", 0.0, 0.0, 0, 0, []) for n, (p, name) in
...          enumerate([(0, "Lancer"), (0, "Lancer"), (0, "Kite"), (1, "Kite")])]
>>> ship_labels(ships)
('Lancer 1', 'Lancer 2', 'Kite (P1)', 'Kite (P2)')
"""

from __future__ import annotations

from collections.abc import Sequence

from warbench.core.words import LastTable, name_as_told, told_apart
from warbench.rulesets.full_thrust.state import FighterGroup, FullThrustState, Ship


def _ship(ship: Ship, _: None) -> tuple[str, int]:
    return ship.name, ship.player


def _group(group: FighterGroup, ships: Sequence[Ship]) -> tuple[str, int]:
    return _after_carrier(group, ships), group.player


#: The labels of the ships and of the groups labelled last, each worked out once per table.
_SHIPS: LastTable[Ship, None] = LastTable(_ship)
_GROUPS: LastTable[FighterGroup, Sequence[Ship]] = LastTable(_group)


def _after_carrier(group: FighterGroup, ships: Sequence[Ship]) -> str:
    """``group``'s name with its carrier's name replaced by the carrier's label, less the
    label's player tag (the group's own label gets one where another group needs it):
    ``Haven S1`` of the ship labelled ``Haven 2 (P1)`` is ``Haven 2 S1``. A group whose
    name does not begin with its carrier's keeps its name."""
    carrier = ships[group.carrier]
    if not group.name.startswith(f"{carrier.name} "):
        return group.name
    label = _SHIPS.labels(ships, None)[carrier.id].removesuffix(f" (P{group.player + 1})")
    return f"{label}{group.name[len(carrier.name):]}"


def ship_labels(ships: Sequence[Ship]) -> tuple[str, ...]:
    """Every ship's label, in the order of ``ships`` (a state's: each ship's id is its
    place)."""
    return _SHIPS.labels(ships, None)


def ship_label(state: FullThrustState, ship: Ship) -> str:
    """``ship``'s label on the table of ``state``."""
    return _SHIPS.labels(state.ships, None)[ship.id]


def group_label(state: FullThrustState, group: FighterGroup) -> str:
    """``group``'s label on the table of ``state`` (its name; the board adds the fighters
    left)."""
    return _GROUPS.labels(state.groups, state.ships)[group.id]


def fleet_label(state: FullThrustState, player: int) -> str:
    """Player ``player``'s fleet by its name (:func:`~warbench.core.words.name_as_told`),
    tagged with its player where another player's fleet has the same name (two copies of
    one list: ``Concord strike group (P2)``)."""
    return told_apart(tuple((name_as_told(name), number)
                            for number, name in enumerate(state.fleet_names)))[player]
