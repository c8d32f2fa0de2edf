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
own roll too (HOR-BOOST: :meth:`Covered.spent`). A warbeast under its own template whose
roll comes first may cripple its own body, and each roll after it is one die short: that
is followed landing by landing, for the target too (its roll is first only on a hit). Each
line is named as :func:`.odds_others.line_name` says (the board's label, the distance from
the target or, where the target is out of range, from the point the template is aimed at,
the aspects crippled already, and a warlock's transfer taken as not made where one could
change it).

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
>>> near.after(0.5)  # the Horror is under none of those templates: no roll before its own
0.0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from warbench.core.attacks import OddsAnswer
from warbench.core.geometry import Point
from warbench.core.odds import Dist
from warbench.rulesets.hordes.combat import Strike, blast_aim, models_under, strike_power
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.deviation import FACES, Aim, landings
from warbench.rulesets.hordes.names import model_labels
from warbench.rulesets.hordes.odds_others import (
    BOOSTED,
    FURY_SHORT,
    damage_outcomes,
    line_name,
    target_transfer_note,
)
from warbench.rulesets.hordes.odds_target import damage_roll_odds
from warbench.rulesets.hordes.profile import is_crippled, stat
from warbench.rulesets.hordes.rolls import dice_count
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


@dataclass(frozen=True, slots=True)
class Covered:
    """A model the template may cover: under it on a direct hit or not, and on how many of
    the 36 faces of a miss's deviation dice; of those, where the attacker is under the
    template too and rolls its own damage first (``direct_after``, ``faces_after``); how
    many damage rolls come before its own on a direct hit (``direct_before``), and on how
    many faces ``n`` rolls do (``faces_before[n]``)."""

    model: Model
    direct: bool
    faces: int
    direct_after: bool = False
    faces_after: int = 0
    direct_before: int = 0
    faces_before: tuple[int, ...] = ()

    def chance(self, hit: float) -> float:
        """Its chance to be under the template, the attack roll hitting with ``hit``."""
        return (hit if self.direct else 0.0) + (1.0 - hit) * self.faces / DEVIATIONS

    def after(self, hit: float) -> float:
        """Its chance to be under the template after the attacker's own damage roll."""
        return ((hit if self.direct_after else 0.0)
                + (1.0 - hit) * self.faces_after / DEVIATIONS)

    def spent(self, hit: float, fury: int) -> float:
        """Its chance to be under the template with ``fury`` damage rolls or more before
        its own: the warlock, boosting each roll while its ``fury`` lasts, has no boost
        left for it (HOR-BOOST)."""
        direct = hit if self.direct and self.direct_before >= fury else 0.0
        return direct + (1.0 - hit) * sum(self.faces_before[fury:]) / DEVIATIONS


def covered(data: HordesData, models: Sequence[Model], me: Model, target: Model,
            strike: Strike, table: float | None) -> list[Covered]:
    """Every living model but ``target`` that ``me``'s AOE ``strike`` may put under its
    template, in the order the game rolls their damage (``table``: the side of the table
    the deviated template is kept on; ``None``: no edge near)."""
    return [one for one in _reach(data, models, me, target, strike, table)
            if one.model.uid != target.uid]


def _reach(data: HordesData, models: Sequence[Model], me: Model, target: Model,
           strike: Strike, table: float | None) -> list[Covered]:
    """:func:`covered`, the target too where some template covers it."""
    place = {m.uid: i for i, m in enumerate(models)}
    # a direct hit: the target's roll first, then the others' in the table's order
    direct = [m.uid for m in models_under(data, models, Point(target.x, target.y), strike.aoe)
              if m.uid != target.uid]
    direct_after = set(direct[direct.index(me.uid) + 1:]) if me.uid in direct else set()
    faces: dict[int, int] = {}
    faces_after: dict[int, int] = {}
    faces_before: dict[int, list[int]] = {m.uid: [0] * len(models) for m in models}
    for centre in landings(blast_aim(data, me, target, strike), table):
        under = models_under(data, models, centre, strike.aoe)
        # a miss: every roll in the table's order, the attacker's too where it is under
        first = next((place[m.uid] for m in under if m.uid == me.uid), len(models))
        for rolled, model in enumerate(under):
            faces[model.uid] = faces.get(model.uid, 0) + 1
            faces_before[model.uid][rolled] += 1
            if place[model.uid] > first:
                faces_after[model.uid] = faces_after.get(model.uid, 0) + 1
    return [Covered(m, m.uid in direct, faces.get(m.uid, 0), m.uid in direct_after,
                    faces_after.get(m.uid, 0),
                    direct.index(m.uid) + 1 if m.uid in direct else 0,
                    tuple(faces_before[m.uid])) for m in models
            if m.uid == target.uid or m.uid in direct or m.uid in faces]


def with_blast(answer: OddsAnswer, data: HordesData, models: Sequence[Model], me: Model,
               target: Model, strike: Strike, fury: int) -> OddsAnswer:
    """``answer`` (the target's odds) with each other model's (``others``, named by
    :func:`.odds_others.line_name`): ``under the template`` and, where the attack has POW,
    the chances that it is destroyed and that each aspect of a warbeast not crippled
    already is crippled by the attack (``destroyed``, ``body crippled``; ``... (damage
    boosted)`` too where the attacking warlock, its roll not boosted already, holds
    ``fury`` for the boost); the target's own odds where the attacker's own roll may come
    before its roll; a note says how."""
    reach = _reach(data, models, me, target, strike, data.settings.table)
    others = [one for one in reach if one.model.uid != target.uid]
    if not others:
        return dataclasses.replace(answer, notes=(*answer.notes, (
            f'AOE {strike.aoe}": no other model is under the template on a hit or on any '
            "of the 36 deviations (HOR-AOE)")))
    hit = answer.named.get(HIT, 0.0)
    rolls = strike.pow > 0 or strike.strength_damage
    # a warlock boosts each damage roll while its fury lasts; only a beast harms itself
    boosts = rolls and not me.beast and not strike.boost_damage and fury >= 1
    harm = _self_harm(data, me, strike) if rolls else 0.0
    aim = blast_aim(data, me, target, strike)
    # out of range (no hit): every template deviates from the range limit, not the target
    from_aim = hit == 0.0 and aim.point != Point(target.x, target.y)
    labels = model_labels(data, models)
    reached = {one.model.uid for one in reach}
    lines: dict[str, dict[str, float]] = {}
    for one in others:
        away = (f'{_from_aim(data, aim, one.model):.1f}" from the aim point' if from_aim else
                f'{gap(data, one.model, target):.1f}" from the target')
        name = line_name(data, models, labels[one.model.uid], me, one.model, away, reached,
                         fury, rolls)
        spent = one.spent(hit, fury) if boosts else None
        named = lines[name + (f", {FURY_SHORT}" if spent else "")] = {
            "under the template": one.chance(hit)}
        if rolls:
            named.update(_outcomes(data, me, one, strike, hit, harm, spent))
    (own,) = [one for one in reach if one.model.uid == target.uid] or [Covered(target, False, 0)]
    answer = _target_after(answer, data, me, target, strike, own.after(hit) * harm)
    spent = own.spent(hit, fury) if boosts else 0.0
    answer = _target_spent(answer, data, me, target, strike, spent)
    told = target_transfer_note(data, models, target, me, reached, fury) if rolls else ()
    return dataclasses.replace(answer, others=lines, notes=(
        *answer.notes, _note(data, me, strike, rolls, from_aim),
        *((BOOSTS_NOTE,) if boosts else ()), *((TARGET_SPENT,) if spent > 0 else ()), *told))


def _outcomes(data: HordesData, me: Model, one: Covered, strike: Strike, hit: float,
              harm: float, spent: float | None) -> dict[str, float]:
    """What ``me``'s attack leaves of the ``one`` model it may cover (``hit``: the attack
    roll's chance; ``harm``: the attacker's own roll's chance of crippling its body): its
    damage roll's outcomes times its chance to be under the template, one die short
    after that roll; where a warlock boosts its damage rolls (it harms no body of its
    own), boosted too, but for the chance ``spent`` that the fury is spent before it."""
    crippled = is_crippled(data, me, "body")
    under, after = one.chance(hit), one.after(hit) * harm
    plain = damage_outcomes(data, me, one.model, strike, boosted=False, weak=crippled)
    weak = damage_outcomes(data, me, one.model, strike, boosted=False,
                           weak=True) if after else plain
    named = {outcome: under * p + after * (weak[outcome] - p) for outcome, p in plain.items()}
    if spent is not None:
        boosted = damage_outcomes(data, me, one.model, strike, boosted=True, weak=crippled)
        named.update({outcome + BOOSTED: under * p - spent * (p - plain[outcome])
                      for outcome, p in boosted.items()})
    return named


def _target_spent(answer: OddsAnswer, data: HordesData, me: Model, target: Model,
                  strike: Strike, spent: float) -> OddsAnswer:
    """``answer`` where, with chance ``spent``, a deviated template catches the target
    after as many damage rolls as the warlock's fury boosts: that share of its ``...
    (damage boosted)`` outcomes is its damage roll's unboosted."""
    if spent <= 0.0:
        return answer
    crippled = is_crippled(data, me, "body")
    plain, boosted = (damage_outcomes(data, me, target, strike, boosted=b, weak=crippled)
                      for b in (False, True))
    named = dict(answer.named)
    for outcome, p in boosted.items():
        key = (outcome if outcome == "destroyed" else f"target's {outcome}") + BOOSTED
        if key in named:
            named[key] -= spent * (p - plain[outcome])
    return dataclasses.replace(answer, named=named)


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


def _self_harm(data: HordesData, me: Model, strike: Strike) -> float:
    """The chance that the attacker's own damage roll, where its template covers it,
    cripples its body (its later rolls one die short): none for a warlock or a body
    crippled already."""
    if not me.beast or is_crippled(data, me, "body"):
        return 0.0
    return damage_outcomes(data, me, me, strike, boosted=False, weak=False)["body crippled"]


def _target_after(answer: OddsAnswer, data: HordesData, me: Model, target: Model,
                  strike: Strike, weight: float) -> OddsAnswer:
    """``answer`` where, with chance ``weight``, a deviated template catches the target
    after the attacker's own roll has crippled its body: that share of the target's damage
    roll is one die short (the boxes it marks, destroyed, crippled, knocked down)."""
    if weight <= 0.0:
        return answer
    start = tuple(target.spiral) if target.beast else (target.damage,)
    down = target.knocked_down or ("knockdown" in strike.qualities and not strike.power_attack)
    power, arm = strike_power(data, me, strike), stat(data, target, "arm")
    full, short = (damage_roll_odds(data, target.card, start, power=power, arm=arm,
                                    down=down, dice=dice_count(strike.boost_damage, weak))
                   for weak in (False, True))
    named = dict(answer.named)
    for key, p in short.named.items():
        if key in named:
            named[key] += weight * (p - full.named[key])
    totals = answer.distribution.to_dict()
    for boxes in set(full.distribution.to_dict()) | set(short.distribution.to_dict()):
        totals[boxes] = totals.get(boxes, 0.0) + weight * (
            short.distribution.p(boxes) - full.distribution.p(boxes))
    return dataclasses.replace(answer, named=named,
                               distribution=Dist.from_mapping(totals))


def _from_aim(data: HordesData, aim: Aim, model: Model) -> float:
    """How far ``model``'s base is from the point a template is aimed at (0: over it)."""
    return max(0.0, aim.point.distance_to(Point(model.x, model.y)) - radius(data, model))
