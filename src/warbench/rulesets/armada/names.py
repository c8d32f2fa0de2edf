"""Each Armada fleet's name for people (ARM-NAMES): the name its armada gives it, told apart
from the other fleets on the table that share it (:func:`~warbench.core.words.told_apart`).
An armada names each of its fleets once (the set-up refuses a name twice, ARM-LIST-RULES),
so a shared name is one both armadas give, as two copies of one armada do: ``Dawnbreaker
(P1)`` and ``Dawnbreaker (P2)``. The board labels each fleet so, and the options, the narration,
the log's dice lines and the standing name it so.

Only what people read changes: the label follows from the fleets' names and sides, which a
state lists in one fixed order all game (a destroyed fleet stays), so a fleet keeps its
label all game. The state, its hash, the journals and the dice's labels (by which a search
keys its sampled dice) keep the name alone.

>>> from warbench.rulesets.armada.data import FleetSpec
>>> from warbench.rulesets.armada.fleets import new_fleet
>>> spec = FleetSpec.model_validate({"name": "Dawnbreaker", "tier": 3, "size": "large",
...                                  "class": "capital"})
>>> lance = FleetSpec.model_validate({"name": "Lance", "tier": 3, "size": "medium",
...                                   "class": "destroyer"})
>>> fleets = [new_fleet(0, 0, spec), new_fleet(1, 0, lance), new_fleet(2, 1, spec)]
>>> fleet_labels(fleets)
('Dawnbreaker (P1)', 'Lance', 'Dawnbreaker (P2)')
"""

from __future__ import annotations

from collections.abc import Sequence

from warbench.core.words import LastTable, told_apart
from warbench.rulesets.armada.pieces import Fleet
from warbench.rulesets.armada.state import ArmadaState


def _named(fleet: Fleet, _: None) -> tuple[str, int]:
    return fleet.name, fleet.side


#: The labels of the fleets labelled last, worked out once per table.
_LAST: LastTable[Fleet, None] = LastTable(_named)


def fleet_labels(fleets: Sequence[Fleet]) -> tuple[str, ...]:
    """Every fleet's label, in the order of ``fleets`` (a state's, where each fleet's id is
    its place)."""
    return _LAST.labels(fleets, None)


def fleet_label(state: ArmadaState, fleet: Fleet) -> str:
    """``fleet``'s label on the table of ``state``: its name, tagged where another fleet
    there shares it."""
    return fleet_labels(state.fleets)[fleet.id]


def side_label(state: ArmadaState, side: int) -> str:
    """Side ``side``'s armada by its name, tagged with its player where another side's
    armada has the same name (two copies of one armada: ``Vanguard Picket (P1)``).

    >>> from types import SimpleNamespace as Armada
    >>> mirror = Armada(sides=[Armada(name="Vanguard Picket")] * 2)
    >>> side_label(mirror, 1)  # type: ignore[arg-type]
    'Vanguard Picket (P2)'
    """
    return told_apart(tuple((armada.name, number)
                            for number, armada in enumerate(state.sides)))[side]
