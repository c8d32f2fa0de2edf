"""How a ranged or magic attack reaches its one target before the attack roll, as the game
resolves it (the odds of ``warbench odds hordes`` and of the web table read it alike): a
spray's strip that misses the target, an automatic miss (out of range, a stealthy model
past 5"), and a missed AOE's deviation (HOR-AOE), whose template may still catch the
target: the chance is exact, over the 36 faces of the deviation dice, from the game's own
:mod:`~warbench.rulesets.hordes.deviation`.

>>> from warbench.rulesets.hordes.data import DATA_DIR, DataFolder, load_data
>>> data = load_data(DataFolder(DATA_DIR))
>>> spines = Strike("ranged", 13, 10.0, 3)  # the Obsidian Horror's, AOE 3
>>> shot = shot_across(data, "obsidian-horror", "hask", spines, distance=4.0)
>>> shot.missed, round(shot.caught, 4)  # the template covers Hask on a 1" or 2" deviation
('', 0.3333)
>>> shot_across(data, "obsidian-horror", "hask", spines, distance=11.0).missed
'out of range: automatic miss'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from warbench.core.geometry import Point
from warbench.rulesets.hordes.combat import Strike, automatic, blast_aim, spray_strip
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.deviation import caught_chance
from warbench.rulesets.hordes.space import body, radius
from warbench.rulesets.hordes.state import Model

#: Why a spray's target out of its strip is not attacked at all.
NOT_UNDER_THE_SPRAY = "not under the spray: not attacked"
#: Said where the models beside the target are not known (``warbench odds hordes``).
OTHERS_NOT_COUNTED = (
    "the other models under the template (the attacker too, if under it) take a damage roll "
    "each: not counted here, where no model has a place (the web table's odds count each, "
    "from where the models stand)")


@dataclass(frozen=True, slots=True)
class Shot:
    """A ranged or magic attack at its target before the roll: why the roll misses without
    being made (``""``: it is made), the AOE whose deviation is counted (0: none), the
    chance a miss's deviated template still covers the target, and what that is, in
    words."""

    missed: str = ""
    aoe: int = 0
    caught: float = 0.0
    notes: tuple[str, ...] = ()


def shot_at(data: HordesData, me: Model, target: Model, strike: Strike,
            table: float | None) -> Shot:
    """``me``'s ``strike`` at ``target`` where they stand (``table``: the table's side, the
    deviated template kept on it; ``None``: no edge near)."""
    if "spray" in strike.qualities:
        touched = spray_strip(data, me, target, strike).touches(body(data, target))
        return Shot("" if touched else NOT_UNDER_THE_SPRAY)
    missed = automatic(data, me, target, strike)
    if not strike.aoe:
        return Shot(missed)
    centre = Point(target.x, target.y)
    aim = blast_aim(data, me, target, strike)
    caught = caught_chance(aim, centre, radius(data, target), strike.aoe, table)
    towards = "the target" if aim.point == centre else "the range limit on the line to it"
    return Shot(missed, strike.aoe, caught, (
        f'AOE {strike.aoe}": a miss deviates a d6 direction and d6", at most '
        f'{aim.distance / 2:.2f}" (half the {aim.distance:.2f}" from the attacker\'s centre to '
        f"{towards}): {caught:.2%} of misses still cover the target, which takes the attack's"
        " damage roll (HOR-AOE)",
    ))


def shot_across(data: HordesData, attacker: str, target: str, strike: Strike,
                distance: float) -> Shot:
    """The ``attacker`` card's ``strike`` at the ``target`` card ``distance`` inches away,
    base edge to base edge, as a range is measured, on an open table where no other model
    stands: an AOE's notes say the other models under its template are not counted."""
    near = radius(data, _standing(data, attacker, 0, 0.0))
    far = near + distance + data.radii[target]
    shot = shot_at(data, _standing(data, attacker, 0, 0.0), _standing(data, target, 1, far),
                   strike, None)
    if not shot.aoe:
        return shot
    return dataclasses.replace(shot, notes=(*shot.notes, OTHERS_NOT_COUNTED))


def _standing(data: HordesData, card: str, uid: int, y: float) -> Model:
    beast = data.models[card].role == "warbeast"
    return Model(uid, uid, card, beast, 0.0, y, 180.0 * uid)
