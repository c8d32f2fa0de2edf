"""The target's side of the HORDES odds: its damage boxes or life spiral, what is marked on
it already, its tough roll, and what blows leave of it, named as a player asks (each aspect
crippled, destroyed, knocked down, no damage); and the odds of one damage roll on it, made
once its attack has hit (the web table's damage boost decision, HOR-BOOST).

>>> from warbench.rulesets.hordes.data import DATA_DIR, DataFolder, load_data
>>> data = load_data(DataFolder(DATA_DIR))
>>> answer = damage_roll_odds(data, "hask", (16,), dice=3, power=14, arm=16)
>>> round(answer.named["destroyed"], 4)  # 2 boxes left: 3d6 of 4 or more
0.9954
"""

from __future__ import annotations

from collections.abc import Sequence

from warbench.core.attacks import OddsAnswer
from warbench.core.odds import Dist
from warbench.rulesets.hordes.combat import KNOCKED_DOWN_DEF
from warbench.rulesets.hordes.damage import TOUGH_NEEDED
from warbench.rulesets.hordes.data import HordesData, ModelRecord
from warbench.rulesets.hordes.exact import Blow, boxes_dist, sequence_after
from warbench.rulesets.hordes.spiral import ASPECTS, crippled
from warbench.rulesets.hordes.state import Model

#: The boxes of a target with no card: more than any sequence marks.
NO_CARD_BOXES = 10_000


def marks(model: Model) -> tuple[int, ...]:
    """What is marked on ``model``: a warbeast's circles by branch, a warlock's boxes."""
    return tuple(model.spiral) if model.beast else (model.damage,)


def target_sizes(record: ModelRecord | None) -> tuple[int, ...]:
    """A warbeast's life spiral branches, a warlock's one grid of damage boxes."""
    if record is not None and record.role == "warbeast":
        return record.spiral
    return (record.damage if record is not None else NO_CARD_BOXES,)


def outcome_odds(blows: Sequence[Blow], record: ModelRecord | None, name: str,
                 start: tuple[int, ...], named: dict[str, float], notes: list[str], *,
                 down: bool = False, boosts: int = 0, before: int | None = None
                 ) -> OddsAnswer:
    """The boxes ``blows`` mark on the target ``name`` (``record``: its card, ``None``:
    boxes without end) from ``start``, knocked ``down`` or not at first (``boosts``: see
    :func:`~warbench.rulesets.hordes.exact.sequence_after`), counted from ``before`` boxes
    marked (default: ``start``'s; more where a spell's effects healed some before its
    damage roll, HOR-SPELL-STATS); ``named`` and ``notes`` go
    first, the target's outcomes after them. A warbeast's aspect crippled at ``start`` is
    a fact of the answer (``target's mind crippled already``), given no chance where it
    stays crippled through the blows; where a tough roll may heal it (the body: crippled
    aspects heal first), its chance of being crippled after them too, and a note."""
    sizes = target_sizes(record)
    tough = record is not None and "tough" in record.abilities
    save = (7 - TOUGH_NEEDED) / 6 if tough else 0.0
    states = sequence_after(blows, sizes, spiral=len(sizes) == 6 and record is not None,
                            tough_save=save, down=down, start=start, boosts=boosts)
    total = sum(sizes)
    before = sum(start) if before is None else before
    totals: dict[int, float] = {}
    for (marked, _), p in states.items():
        totals[sum(marked) - before] = totals.get(sum(marked) - before, 0.0) + p
    facts: tuple[str, ...] = ()
    if record is not None and record.role == "warbeast":
        already = crippled(start, sizes) if start else frozenset()
        facts = tuple(f"target's {aspect} crippled already" for aspect in ASPECTS
                      if aspect in already)
        for aspect in ASPECTS:
            # one crippled already is a fact, not a chance, unless a tough roll may heal it
            healed = any(aspect not in crippled(marked, sizes) for marked, _ in states)
            if aspect not in already or healed:
                named[f"target's {aspect} crippled"] = sum(
                    p for (marked, _), p in states.items() if aspect in crippled(marked, sizes))
            if aspect in already and healed:
                notes.append(f"target's {aspect} crippled already: a tough roll that keeps "
                             f"{name} in play heals a circle of its {aspect} (crippled "
                             "aspects heal first), so the attack may leave it no longer "
                             "crippled (HOR-TOUGH, HOR-SPIRAL-HEAL)")
    if record is not None:
        named["destroyed"] = sum(p for (m, _), p in states.items() if sum(m) >= total)
    knocks = tough or down or any(b.knockdown or b.critical_knockdown for b in blows)
    if knocks:
        named["knocked down, not destroyed"] = sum(
            p for (m, floored), p in states.items() if floored and sum(m) < total)
    if tough:
        notes.append(f"tough counted: {name} out of boxes stays on 5-6 (one box healed,"
                     " knocked down), at each last box marked")
    if knocks and len(blows) > 1:
        notes.append("once the target is knocked down, later melee attacks hit automatically,"
                     f" ranged and magic ones need DEF {KNOCKED_DOWN_DEF}")
    distribution = Dist.from_mapping(totals)
    named["no damage"] = distribution.p(0)
    return OddsAnswer(distribution, "boxes", named, tuple(notes), facts=facts)


def damage_roll_odds(data: HordesData, target: str, start: tuple[int, ...], *, dice: int,
                     power: int, arm: int, down: bool = False, made: bool = True,
                     before: int | None = None) -> OddsAnswer:
    """One damage roll of ``dice`` d6 + ``power`` against ``arm`` on the ``target`` card's
    model, ``start`` marked on it (knocked ``down`` or not), once its attack has hit; not
    ``made``: the model as it is, no roll made (the game over before it); the boxes counted
    from ``before`` (:func:`outcome_odds`)."""
    record = data.models[target]
    sure = Blow((float(made), 0.0), (float(made), 0.0), boxes_dist(dice, power, arm))
    return outcome_odds([sure], record, target, start, {}, [
        f"damage {dice}d6 + {power} against ARM {arm}"], down=down, before=before)
