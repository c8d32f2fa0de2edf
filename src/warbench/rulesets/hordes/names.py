"""Each HORDES model's name for people: its card's name, told apart from the other models on
the table that share it (:func:`~warbench.core.words.told_apart`): four Mosshounds of one
side are ``Mosshound 1`` to ``Mosshound 4`` in their list's order, a warlock both sides
field is ``Elder Maelis (P1)`` and ``Elder Maelis (P2)``. The board labels each model so,
and the options, the odds, the log and the narration name it so.

Only what people read changes: the label follows from the cards and sides of the models,
which a state lists in one fixed order all game (a destroyed model stays, faded), so a model
keeps its label all game, and nothing the state holds, its hash or a journal, is touched.

>>> from warbench.rulesets.hordes.data import DATA_DIR, DataFolder, load_data
>>> data = load_data(DataFolder(DATA_DIR))
>>> models = [Model(0, 0, "maelis", False, 0, 0, 0), Model(1, 0, "mosshound", True, 0, 0, 0),
...           Model(2, 0, "mosshound", True, 0, 0, 0), Model(3, 1, "maelis", False, 0, 0, 0)]
>>> model_labels(data, models)
('Elder Maelis (P1)', 'Mosshound 1', 'Mosshound 2', 'Elder Maelis (P2)')
"""

from __future__ import annotations

from collections.abc import Sequence

from warbench.core.words import LastTable
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.state import Model


def _named(model: Model, data: HordesData) -> tuple[str, int]:
    return data.models[model.card].name, model.owner


#: The labels of the models labelled last, worked out once per table.
_LAST: LastTable[Model, HordesData] = LastTable(_named)


def model_labels(data: HordesData, models: Sequence[Model]) -> tuple[str, ...]:
    """Every model's label, in the order of ``models`` (a state's, where each model's uid is
    its place), from ``data``'s cards."""
    return _LAST.labels(models, data)


def model_label(data: HordesData, models: Sequence[Model], model: Model) -> str:
    """``model``'s label on the table of ``models``: its card's name, tagged where another
    model there shares it."""
    return model_labels(data, models)[model.uid]
