"""How each HORDES side stands in an unfinished battle: what the search bot values a
play-out cut off before the end by.

A HORDES battle ends one of two ways: a warlock is destroyed (its side loses, HOR-CASTER),
or the last round ends and the side with more unmarked boxes wins (the engine default of
:func:`~warbench.rulesets.hordes.turn.end_by_score`). :func:`standing` weighs both races
equally: the margin of the share of unmarked boxes a side keeps over the other's, and the
margin of its warlock's share of unmarked boxes over the enemy warlock's. At the opening
the sides stand nearly level (their armies' boxes differ a little):

>>> from warbench.core.engine import Game
>>> from warbench.rulesets.hordes import HordesRuleset
>>> [round(value, 3) for value in standing(Game.new(HordesRuleset(), None, seed=0))]
[0.499, 0.501]
"""

from __future__ import annotations

from typing import Any

from warbench.core.engine import Game
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.profile import boxes_left
from warbench.rulesets.hordes.state import HordesState


def standing(game: Game[Any, Any]) -> tuple[float, float]:
    """Each side's value of the battle were it judged now, between 0 and 1 (0.5 level):
    0.5, plus a quarter of the margin of its share of the unmarked boxes on the table,
    plus a quarter of the margin of its warlock's share of its own boxes left over the
    enemy warlock's."""
    state: HordesState = game.state
    data: HordesData = game.data
    boxes = [0.0, 0.0]
    warlock = [0.0, 0.0]
    for model in state.living():
        left = boxes_left(data, model)
        boxes[model.owner] += left
        if not model.beast:
            warlock[model.owner] = left / max(1, data.models[model.card].damage)
    total = max(1.0, boxes[0] + boxes[1])
    first = 0.5 + 0.25 * (boxes[0] - boxes[1]) / total + 0.25 * (warlock[0] - warlock[1])
    return first, 1.0 - first
