"""What a Dystopian Wars table shows: every model with its hull left, and the attacks of a
moment drawn from each shooting model over its mount's arc and the range band fired in."""

from __future__ import annotations

from collections.abc import Sequence

from warbench.core.events import Event
from warbench.core.table import Attack
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import AttackDeclared, AttackRolled
from warbench.rulesets.dystopian_wars.geometry import ARCS, BANDS
from warbench.rulesets.dystopian_wars.state import DWState, Model


def damage_text(data: RulesData, model: Model) -> str:
    """Hull points left, the markers it carries (fires, criticals...), and for a derelict
    whose prize it is and whether its crew holds it at all stop (DW-DERELICT)."""
    spec = data.models[model.cls]
    if not model.alive:
        return model.fate or "destroyed"
    parts = [f"hull {max(spec.hp - model.damage, 0)}/{spec.hp}"]
    parts += [f"{name} {count}" for name, count in sorted(model.markers.items()) if count]
    if model.derelict:
        parts.append("derelict")
        if model.prize_of >= 0:
            parts.append(f"prize of P{model.prize_of}")
            if model.helm == "all_stop":
                parts.append("all stop")
    return " ".join(parts)


def attacks_drawn(data: RulesData, state: DWState, events: Sequence[Event]) -> tuple[Attack, ...]:
    """One mark per shooting model of each attack declared in ``events``: its mounts, the
    dice, band and score needed, and the hits the attack scored when rolled in the same step."""
    rolled = {event.target: event.final for event in events if isinstance(event, AttackRolled)}
    marks = []
    for event in events:
        if not isinstance(event, AttackDeclared):
            continue
        target = state.models[event.target]
        mounts: dict[int, list[str]] = {}
        for uid, mount in event.guns:
            mounts.setdefault(uid, []).append(mount)
        hits = rolled.get(event.target)
        result = "" if hits is None else f", {hits} hit{'s' * (hits != 1)}"
        for uid, names in mounts.items():
            shooter = state.models[uid]
            gun = data.models[shooter.cls].mount(names[0])
            marks.append(Attack.fired(
                (shooter.x, shooter.y), shooter.heading, (target.x, target.y),
                arc=None if gun is None else ARCS[gun.arc], bands=BANDS, band=event.band,
                label=f"{', '.join(names)}\n{event.dice} dice band {event.band}"
                f" {event.needed}+{result}",
                player=shooter.player, hit=hits is None or hits > 0,
            ))
    return tuple(marks)
