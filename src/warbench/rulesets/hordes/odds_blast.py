"""The exact odds of an AOE attack for every other model its template may cover, from where
the models stand (HOR-AOE, HOR-ACTION-ODDS): the game puts the template on the target on a
hit, or deviates it on a miss (:mod:`~warbench.rulesets.hordes.deviation`: 36 faces of the
direction and distance dice); every living model with some of its base under it (the
game's own :func:`models_under`), the attacker's too, takes the attack's full damage roll,
2d6 + POW against its own ARM. A model's chance to be under the template is the target's
hit chance where a direct hit's template covers it, and the miss chance times the
deviation faces that cover it, counted face by face; what its damage roll leaves of it is
the damage roll's own odds (:func:`damage_roll_odds`), boosted too where the attacking
warlock's fury buys a boost (HOR-BOOST). Each model is named as the board labels it
(:mod:`.names`), with how far it is from the target, or, where the target is out of range,
from the point the template is aimed at instead (the range limit on the line to it), and
the aspects crippled already, which the attack cannot cripple again.

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
from collections.abc import Sequence
from dataclasses import dataclass

from warbench.core.attacks import OddsAnswer
from warbench.core.geometry import Point
from warbench.core.words import one_of
from warbench.rulesets.hordes.combat import Strike, blast_aim, models_under, strike_power
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.deviation import FACES, Aim, landings
from warbench.rulesets.hordes.names import model_labels
from warbench.rulesets.hordes.odds_target import damage_roll_odds
from warbench.rulesets.hordes.profile import crippled_aspects, is_crippled, stat
from warbench.rulesets.hordes.rolls import dice_count
from warbench.rulesets.hordes.space import gap, radius
from warbench.rulesets.hordes.spiral import ASPECTS
from warbench.rulesets.hordes.state import Model

#: The faces of the deviation's direction and distance dice together.
DEVIATIONS = len(FACES) ** 2
#: The named chance of the target's attack roll that the other models' chances follow.
HIT = "hit (each attack)"


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
    template, in the order the game rolls their damage (``table``: the side of the table
    the deviated template is kept on; ``None``: no edge near)."""
    direct = {m.uid for m in models_under(data, models, Point(target.x, target.y), strike.aoe)}
    faces: dict[int, int] = {}
    for centre in landings(blast_aim(data, me, target, strike), table):
        for model in models_under(data, models, centre, strike.aoe):
            faces[model.uid] = faces.get(model.uid, 0) + 1
    return [Covered(m, m.uid in direct, faces.get(m.uid, 0)) for m in models
            if m.uid != target.uid and (m.uid in direct or m.uid in faces)]


def with_blast(answer: OddsAnswer, data: HordesData, models: Sequence[Model], me: Model,
               target: Model, strike: Strike, fury: int) -> OddsAnswer:
    """``answer`` (the target's odds) with each other model's (``others``: as the board
    labels it, ``your own`` where it is the attacker's side's, how far it is, and the
    aspects crippled already, ``Mosshound 3, 0.7" from the target, mind already crippled``):
    ``under the template`` and, where the attack has POW, the chances that it is destroyed
    and that each aspect of a warbeast not crippled already is crippled by the attack
    (``destroyed``, ``body crippled``; ``... (damage boosted)`` too where the attacking
    warlock, its roll not boosted already, holds ``fury`` for the boost); a note says how."""
    reach = covered(data, models, me, target, strike, data.settings.table)
    if not reach:
        return dataclasses.replace(answer, notes=(*answer.notes, (
            f'AOE {strike.aoe}": no other model is under the template on a hit or on any '
            "of the 36 deviations (HOR-AOE)")))
    hit = answer.named.get(HIT, 0.0)
    rolls = strike.pow > 0 or strike.strength_damage
    boosts = (False, True) if not me.beast and not strike.boost_damage and fury >= 1 else (
        False,)
    aim = blast_aim(data, me, target, strike)
    # out of range (no hit): every template deviates from the range limit, not the target
    from_aim = hit == 0.0 and aim.point != Point(target.x, target.y)
    labels = model_labels(data, models)
    others: dict[str, dict[str, float]] = {}
    for one in reach:
        who, under = labels[one.model.uid], one.chance(hit)
        who = f"your own {who}" if one.model.owner == me.owner else who
        away = (f'{_from_aim(data, aim, one.model):.1f}" from the aim point' if from_aim else
                f'{gap(data, one.model, target):.1f}" from the target')
        now = [aspect for aspect in ASPECTS if aspect in crippled_aspects(data, one.model)]
        already = f", {one_of(now, 'and')} already crippled" if now else ""
        named = others[f"{who}, {away}{already}"] = {"under the template": under}
        for boosted in boosts if rolls else ():
            for outcome, p in _damage(data, me, one.model, strike, boosted).items():
                if outcome.removesuffix(" crippled") not in now:
                    named[outcome + (" (damage boosted)" if boosted else "")] = under * p
    power = strike_power(data, me, strike)
    note = (f'AOE {strike.aoe}": each other model the template may cover counted: its chance '
            "to be under it (where a direct hit's template covers it, the hit chance; and "
            "the misses times the deviation faces of 36 that cover it)"
            + (f", then its own damage roll, 2d6 + POW {power} against its ARM, from what is "
               "marked on it now (a warlock's transfer, and the attacker's own body crippled "
               "by its blast before a later roll, not followed)" if rolls else "")
            + ("; the target out of range, the template is aimed at the range limit, "
               f'{strike.rng:g}" from the attacker on the line to it, and deviates from '
               "there: each model's distance is from that point" if from_aim else "")
            + " (HOR-AOE)")
    return dataclasses.replace(answer, others=others, notes=(*answer.notes, note))


def _from_aim(data: HordesData, aim: Aim, model: Model) -> float:
    """How far ``model``'s base is from the point a template is aimed at (0: over it)."""
    return max(0.0, aim.point.distance_to(Point(model.x, model.y)) - radius(data, model))


def _damage(data: HordesData, me: Model, model: Model, strike: Strike, boosted: bool
            ) -> dict[str, float]:
    """What one damage roll of ``strike`` leaves of ``model`` (boosted or not): destroyed,
    a warbeast's aspects crippled (``mind crippled``), with their chances."""
    start = tuple(model.spiral) if model.beast else (model.damage,)
    dice = dice_count(strike.boost_damage or boosted, is_crippled(data, me, "body"))
    answer = damage_roll_odds(data, model.card, start, dice=dice,
                              power=strike_power(data, me, strike), arm=stat(data, model, "arm"),
                              down=model.knocked_down)
    return {key.removeprefix("target's "): p for key, p in answer.named.items()
            if key == "destroyed" or key.startswith("target's")}
