"""The exact odds of an AOE attack for every other model its template may cover, from where
the models stand (HOR-AOE, HOR-ACTION-ODDS): the game puts the template on the target on a
hit, or deviates it on a miss (:mod:`~warbench.rulesets.hordes.deviation`: 36 faces of the
direction and distance dice); every living model with some of its base under it (the
game's own :func:`models_under`), the attacker's too, takes the attack's full damage roll,
2d6 + POW against its own ARM, in the game's order: the target first on a hit, then the
others as the table lists them. A model's chance to be under the template is the target's
hit chance where a direct hit's template covers it, and the miss chance times the
deviation faces that cover it, counted face by face; what its damage roll leaves of it is
the damage roll's own odds (:func:`.odds_others.damage_outcomes`), boosted too where the
attacking warlock's fury buys a boost, while it lasts in that order of rolls, the target's
own roll too (HOR-BOOST). A warbeast under its own template whose roll comes first may
cripple its own body, and each roll after it is one die short; a roll that destroys a
warlock ends the game, the rolls after it not made (HOR-VICTORY): all that is followed
landing by landing (:func:`blast_landings`, :func:`.odds_order.follow`), for the target too
(its roll is first only on a hit). Each line is named as :func:`.odds_others.line_name`
says (the board's label, the distance from the target or, where the target is out of
range, from the point the template is aimed at, the aspects crippled already, and a
warlock's transfer taken as not made where one could change it).

>>> from warbench.rulesets.hordes.data import DATA_DIR, DataFolder, load_data
>>> data = load_data(DataFolder(DATA_DIR))
>>> horror = Model(0, 0, "obsidian-horror", True, 0.0, 0.0, 0.0)
>>> hask, hound = Model(1, 1, "hask", False, 0.0, 6.0, 0.0), Model(2, 1, "mosshound", True,
...                                                                 1.5, 7.0, 0.0)
>>> spines = Strike("ranged", 13, 10.0, 3)
>>> (near,) = covered(data, (horror, hask, hound), horror, hask, spines, None)
>>> near.model.uid, near.direct, near.faces  # under a direct hit, and 10 faces of 36
(2, True, 10)
>>> near.chance(0.5)  # a hit half the time, else 10 of the 36 deviations
0.6388888888888888
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from warbench.core.attacks import OddsAnswer
from warbench.core.geometry import Point
from warbench.rulesets.hordes.combat import Strike, blast_aim, models_under, strike_power
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.deviation import FACES, Aim, landings
from warbench.rulesets.hordes.names import model_labels
from warbench.rulesets.hordes.odds_order import (
    ENDS_NOTE,
    GAME_MAY_END,
    Landing,
    as_made,
    follow,
    outcomes,
    short,
)
from warbench.rulesets.hordes.odds_others import (
    BOOSTED,
    FURY_SHORT,
    line_name,
    target_transfer_note,
)
from warbench.rulesets.hordes.odds_target import marks
from warbench.rulesets.hordes.space import gap, radius
from warbench.rulesets.hordes.state import Model

#: The faces of the deviation's direction and distance dice together.
DEVIATIONS = len(FACES) ** 2
#: The named chance of the target's attack roll that the other models' chances follow.
HIT = "hit (each attack)"
#: How the other models' ``(damage boosted)`` outcomes are counted (HOR-BOOST).
BOOSTS_NOTE = ("(damage boosted) under the template: the warlock boosts each damage roll "
               "while its fury lasts, in the game's order of rolls (on a hit the target's "
               "first, then the others' as the table lists them; on a miss all in the "
               "table's order); a line says where the fury may run out before its roll")
#: Said where the target's own damage roll may come once the fury for boosts is spent.
TARGET_SPENT = ("the target's (damage boosted): a deviated template may reach it after "
                "other models' rolls have spent the fury, its roll then not boosted")
#: Said where the target's own damage roll may come after one that may end the game.
TARGET_ENDS = ("the target's: a deviated template may reach it after a warlock's damage "
               "roll, which may destroy that warlock and end the game before the target's "
               "roll (HOR-VICTORY)")


@dataclass(frozen=True, slots=True)
class Covered:
    """A model the template may cover: under it on a direct hit or not, and on how many of
    the 36 faces of a miss's deviation dice."""

    model: Model
    direct: bool
    faces: int

    def chance(self, hit: float) -> float:
        """Its chance to be under the template, the attack roll hitting with ``hit``."""
        return (hit if self.direct else 0.0) + (1.0 - hit) * self.faces / DEVIATIONS


def covered(data: HordesData, models: Sequence[Model], me: Model, target: Model,
            strike: Strike, table: float | None) -> list[Covered]:
    """Every living model but ``target`` that ``me``'s AOE ``strike`` may put under its
    template, in the table's order (``table``: the side of the table the deviated template
    is kept on; ``None``: no edge near)."""
    direct = {m.uid for m in models_under(data, models, Point(target.x, target.y), strike.aoe)}
    faces: dict[int, int] = {}
    for centre in landings(blast_aim(data, me, target, strike), table):
        for model in models_under(data, models, centre, strike.aoe):
            faces[model.uid] = faces.get(model.uid, 0) + 1
    return [Covered(m, m.uid in direct, faces.get(m.uid, 0)) for m in models
            if m.uid != target.uid and (m.uid in direct or m.uid in faces)]


def blast_landings(data: HordesData, models: Sequence[Model], me: Model, target: Model,
                   strike: Strike, hit: float) -> list[Landing]:
    """Each way ``me``'s AOE ``strike`` lands, the attack roll hitting with ``hit``, with
    the models whose damage rolls it owes in the game's order: on a hit the target's first,
    then the others' as the table lists them; on each of the 36 deviations of a miss, all
    in the table's order, the attacker's too where it is under the template."""
    direct = tuple((m, 1.0) for m in models_under(data, models, Point(target.x, target.y),
                                                  strike.aoe) if m.uid != target.uid)
    found = [Landing(hit, ((target, 1.0), *direct))] if hit > 0.0 else []
    for centre in landings(blast_aim(data, me, target, strike), data.settings.table):
        under = models_under(data, models, centre, strike.aoe)
        found.append(Landing((1.0 - hit) / DEVIATIONS, tuple((m, 1.0) for m in under)))
    return found


def with_blast(answer: OddsAnswer, data: HordesData, models: Sequence[Model], me: Model,
               target: Model, strike: Strike, fury: int,
               struck: Mapping[int, Model] | None = None) -> OddsAnswer:
    """``answer`` (the target's odds) with each other model's (``others``, named by
    :func:`.odds_others.line_name`): ``under the template`` and, where the attack has POW,
    the chances that it is destroyed and that each aspect of a warbeast not crippled
    already is crippled by the attack (``destroyed``, ``body crippled``; ``... (damage
    boosted)`` too where the attacking warlock, its roll not boosted already, holds
    ``fury`` for the boost), each roll followed in the game's order
    (:func:`.odds_order.follow`); the target's own odds where a roll may come before its
    roll; a note says how. ``struck``: each model as a spell's effects leave it where the
    attack hits it (:func:`.odds_effects.struck`), its roll made on it so; else as it
    stands."""
    others = covered(data, models, me, target, strike, data.settings.table)
    if not others:
        return dataclasses.replace(answer, notes=(*answer.notes, (
            f'AOE {strike.aoe}": no other model is under the template on a hit or on any '
            "of the 36 deviations (HOR-AOE)")))
    hit = answer.named.get(HIT, 0.0)
    rolls = strike.pow > 0 or strike.strength_damage
    # a warlock boosts each damage roll while its fury lasts; only a beast harms itself
    boosts = rolls and not me.beast and not strike.boost_damage and fury >= 1
    hurt = {m.uid: (struck or {}).get(m.uid, m) for m in models}  # as the rolls find them
    ways = blast_landings(data, list(hurt.values()), me, hurt[target.uid], strike,
                          hit) if rolls else []
    plain = follow(data, me, strike, ways, 0)
    boosted = follow(data, me, strike, ways, fury) if boosts else {}
    aim = blast_aim(data, me, target, strike)
    # out of range (no hit): every template deviates from the range limit, not the target
    from_aim = hit == 0.0 and aim.point != Point(target.x, target.y)
    labels = model_labels(data, models)
    reached = {one.model.uid for one in others} | {
        m.uid for way in ways for m, _ in way.rolls}
    lines: dict[str, dict[str, float]] = {}
    for one in others:
        uid = one.model.uid
        away = (f'{_from_aim(data, aim, one.model):.1f}" from the aim point' if from_aim else
                f'{gap(data, one.model, target):.1f}" from the target')
        name = line_name(data, models, labels[uid], me, one.model, away, reached, fury, rolls)
        said = [*((FURY_SHORT,) if short(boosted.get(uid, {})) else ()),
                *((GAME_MAY_END,) if None in plain.get(uid, {}) else ())]
        named = lines[", ".join((name, *said))] = {"under the template": one.chance(hit)}
        # a model only a direct hit's template covers owes no roll where no hit can be
        if rolls:
            named.update(outcomes(data, me, hurt[uid], strike, plain.get(uid, {})))
        if boosts:
            named.update(outcomes(data, me, hurt[uid], strike, boosted.get(uid, {}), BOOSTED))
    own = plain.get(target.uid, {})
    if rolls:
        answer = as_made(answer, data, me, hurt[target.uid], strike, own,
                         boosted.get(target.uid, {}) if boosts else None,
                         before=sum(marks(target)))
    told = target_transfer_note(data, models, target, me, reached, fury) if rolls else ()
    ends = any(None in made for made in plain.values())
    return dataclasses.replace(answer, others=lines, notes=(
        *answer.notes, _note(data, me, strike, rolls, from_aim),
        *((BOOSTS_NOTE,) if boosts else ()),
        *((TARGET_SPENT,) if short(boosted.get(target.uid, {})) else ()),
        *((ENDS_NOTE,) if ends else ()), *((TARGET_ENDS,) if None in own else ()), *told))


def _note(data: HordesData, me: Model, strike: Strike, rolls: bool, from_aim: bool) -> str:
    """How the other models' lines are counted."""
    power = strike_power(data, me, strike)
    return (f'AOE {strike.aoe}": each other model the template may cover counted: its chance '
            "to be under it (where a direct hit's template covers it, the hit chance; and "
            "the misses times the deviation faces of 36 that cover it)"
            + (f", then its own damage roll, 2d6 + POW {power} against its ARM, from what is "
               "marked on it now, one die fewer where the attacker under its own template "
               "has crippled its body by its own roll first; a warlock's transfer taken as "
               "not made (said in the line where one could change it)" if rolls else "")
            + ("; the target out of range, the template is aimed at the range limit, "
               f'{strike.rng:g}" from the attacker on the line to it, and deviates from '
               "there: each model's distance is from that point" if from_aim else "")
            + " (HOR-AOE)")


def _from_aim(data: HordesData, aim: Aim, model: Model) -> float:
    """How far ``model``'s base is from the point a template is aimed at (0: over it)."""
    return max(0.0, aim.point.distance_to(Point(model.x, model.y)) - radius(data, model))
