"""What a Dystopian Wars table shows: every model with its hull left, and the attacks of a
moment drawn from each shooting model over its mount's arc and the range band fired in."""

from __future__ import annotations

from collections.abc import Sequence

from warbench.core.events import Event
from warbench.core.table import Attack
from warbench.core.words import counted, player_name
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import AttackDeclared, AttackRolled
from warbench.rulesets.dystopian_wars.geometry import ARCS, BANDS, CHANNELS
from warbench.rulesets.dystopian_wars.state import DWState, Model

#: Markers no critical hit names, in words: the one for a model with no assault points
#: left (seed l.97) and a carrier's launching this turn.
MARKER_WORDS = {"boarders-gone": "no assault points", "launching": "launching"}
#: Markers that are things on the model, counted as such (the others are conditions).
COUNTED_MARKERS = frozenset({"raging-fire"})


def marker_words(data: RulesData, name: str, count: int) -> str:
    """A marker in words: a critical hit's by the name of its result (the first row
    placing it). Fires are counted ('2 raging fires'); a condition placed twice says so
    ('engines damaged x2'); a state that is only on or off says nothing more ('no assault
    points', however many boardings took them).

    >>> from warbench.rulesets.dystopian_wars.data import load_data
    >>> rules = load_data()
    >>> marker_words(rules, "half-mv", 1), marker_words(rules, "raging-fire", 2)
    ('engines damaged', '2 raging fires')
    >>> marker_words(rules, "boarders-gone", 2), marker_words(rules, "half-mv", 2)
    ('no assault points', 'engines damaged x2')
    """
    if name in MARKER_WORDS:
        return MARKER_WORDS[name]
    said = next((row.name.lower() for row in data.criticals if row.marker == name),
                name.replace("-", " "))
    if count <= 1:
        return said
    return counted(count, said) if name in COUNTED_MARKERS else f"{said} x{count}"


def damage_text(data: RulesData, model: Model) -> str:
    """Hull points left, the markers it carries in words (fires, criticals...), for a
    derelict whose prize it is (DW-DERELICT), and the helm marker it moves under: all
    stop (DW-ALL-STOP; a derelict's only while a prize crew holds it still) or a
    direction arrow (DW-REVERSE)."""
    spec = data.models[model.cls]
    if not model.alive:
        return model.fate or "destroyed"
    parts = [f"hull {max(spec.hp - model.damage, 0)}/{spec.hp}"]
    parts += [marker_words(data, name, count)
              for name, count in sorted(model.markers.items()) if count]
    if model.derelict:
        parts.append("derelict")
        if model.prize_of >= 0:
            parts.append(f"prize of {player_name(model.prize_of)}")
    if model.helm == "all_stop" and (not model.derelict or model.prize_of >= 0):
        parts.append("all stop")
    elif model.helm == "reverse" and not model.derelict:
        parts.append("direction arrow")
    return ", ".join(parts)


def attacks_drawn(data: RulesData, state: DWState, events: Sequence[Event]) -> tuple[Attack, ...]:
    """One mark per shooting model of each attack declared or rolled in ``events``: its
    mounts, the dice, band and score needed, and the hits that counted once rolled (solid
    for a hit, dashed for a miss); an attack declared and not rolled yet says so."""
    rolls = [event for event in events if isinstance(event, AttackRolled)]
    declared = [event for event in events if isinstance(event, AttackDeclared)]
    marks: list[Attack] = []
    for event in declared:
        roll = next((r for r in rolls if r.target == event.target
                     and (not r.guns or r.guns == event.guns)), None)
        marks += _marks(data, state, event.guns, event.target, event.dice, event.band,
                        event.needed, roll)
    for roll in rolls:  # rolled after the step that declared it (answers, cards between)
        if roll.guns and not any(d.target == roll.target and d.guns == roll.guns
                                 for d in declared):
            marks += _marks(data, state, roll.guns, roll.target, roll.dice, roll.band,
                            roll.needed, roll)
    return tuple(marks)


def _marks(data: RulesData, state: DWState, guns: Sequence[tuple[int, str]], target_uid: int,
           dice: int, band: int, needed: int, roll: AttackRolled | None) -> list[Attack]:
    """The marks of one attack, a mark per shooting model. A weapon of a fixed channel
    (bombs dropped along the aft channel, DW-BOMBS) has no arc's wedge to draw: its band
    is drawn all round."""
    target = state.models[target_uid]
    mounts: dict[int, list[str]] = {}
    for uid, mount in guns:
        mounts.setdefault(uid, []).append(mount)
    result = ", to roll" if roll is None else f", {roll.final} hit{'s' * (roll.final != 1)}"
    marks = []
    for uid, names in mounts.items():
        shooter = state.models[uid]
        gun = data.models[shooter.cls].mount(names[0])
        marks.append(Attack.fired(
            (shooter.x, shooter.y), shooter.heading, (target.x, target.y),
            arc=None if gun is None or gun.arc in CHANNELS else ARCS[gun.arc],
            bands=BANDS, band=band,
            label=f"{shooter.name}: {', '.join(names)} at {target.name}\n"
            f"{counted(dice, 'die')} band {band} {needed}+{result}",
            player=shooter.player, hit=roll is None or roll.final > 0,
        ))
    return marks
