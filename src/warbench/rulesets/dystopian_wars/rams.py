"""Rams and collisions: who may ram what, and rolling each contact a move made.

A surface model that touches a model of its level, or impassable terrain, stops there;
once the squadron has moved each contact is rolled: a ram (an enemy met bow first by a
model with a ram rating) rolls RR dice against the target, which answers with its
remaining hull points in dice; a collision has both roll their remaining hull points at
once, and causes no critical hits (nor does the answer of a rammed model without a ram
rating). Terrain rolls 4, 8 or 12 dice (light, medium, dense) at the model. Dice hit on 4+
(the 1.1 errata) and explode as usual. Flyers and submerged models never collide: they
pass over and under other models, and ram only when they choose to, bow first, an enemy at
their own level (``Move.ram_at``); next activation they go on past it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from warbench.rulesets.dystopian_wars.actions import Move
from warbench.rulesets.dystopian_wars.damage import apply_hits
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import Collided, Rammed
from warbench.rulesets.dystopian_wars.pools import rolled_hits
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, Model

#: Dice a terrain collision rolls, by the terrain's density.
TERRAIN_DICE: Final = {"light": 4, "medium": 8, "dense": 12}
#: Dice needed for rams and collisions (1.1 errata).
RAM_NEEDED: Final = 4


@dataclass(frozen=True, slots=True, init=False)
class Contact:
    """A contact made while moving: the mover, what it met (a model, or ``-1 - piece``
    for terrain), and whether it came bow first while moving forward."""

    mover: int
    other: int
    forward: bool

    def __init__(self, mover: int, other: int, forward: bool) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "mover", mover)
        object.__setattr__(self, "other", other)
        object.__setattr__(self, "forward", forward)

    def __reduce__(self) -> tuple[type[Contact], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Contact, (self.mover, self.other, self.forward)


def deep_ram_refusal(state: DWState, data: RulesData, model: Model, action: Move) -> str | None:
    """Why ``model`` may not ram ``action.ram_at``: only flyers and submerged models with a
    ram rating ram by choice, bow first, an enemy at their own level."""
    spec = data.models[model.cls]
    level = action.level or model.level
    if level not in ("flying", "obscured", "submerged"):
        return "only flyers and submerged models name what they ram (surface models meet it)"
    if spec.rr < 1:
        return f"{model.name} has no ram rating: flyers and submerged models never collide"
    if action.backward:
        return "a ram is made bow first, never moving backward"
    if not 0 <= action.ram_at < len(state.models):
        return f"there is no model {action.ram_at} to ram"
    target = state.models[action.ram_at]
    target_spec = data.models[target.cls]
    if not target.alive or target.carried_by >= 0 or target_spec.tiny:
        return f"{target.name} cannot be rammed"
    if target.player == model.player or target.prize_of == model.player:
        return f"{target.name} is friendly: flyers and submerged models never collide"
    if target.level != level:
        return (f"{target.name} is not at {model.name}'s level ({level}): only models at one "
                "level ram")
    return None


def resolve_contact(game: DWGame, state: DWState, data: RulesData, contact: Contact) -> None:
    """Step 2b: roll one ram or collision."""
    mover = state.models[contact.mover]
    if not mover.alive:
        return
    spec = data.models[mover.cls]
    if contact.other < 0:
        piece = state.terrain[-1 - contact.other]
        dice = TERRAIN_DICE[piece.density]
        # the terrain's dice are rolled for the mover's owner: hits hurt them
        hits = rolled_hits(game, mover.player, dice, RAM_NEEDED,
                           label=f"{mover.name} collision with {piece.name}",
                           higher_is_better=False)
        game.emit(
            Collided(
                model=mover.uid,
                other=contact.other,
                hits=hits,
                text=f"{mover.name} runs into {piece.name} ({piece.density}): {hits} hits "
                f"on {dice}D6",
            )
        )
        mover.grounded = True
        if contact.other not in mover.contact:
            mover.contact.append(contact.other)
        apply_hits(game, mover, hits, by_model=-1, cause="terrain collision", criticals=False)
        return
    other = state.models[contact.other]
    if not other.alive:
        return
    other_spec = data.models[other.cls]
    enemy = other.player != mover.player
    ram = enemy and contact.forward and spec.rr >= 1
    mover_dice = spec.rr if ram else max(0, spec.hp - mover.damage)
    other_dice = max(0, other_spec.hp - other.damage)
    kind = "ram" if ram else "collision"
    # each side rolls against the other; between friends every hit hurts the same side
    mover_hits = rolled_hits(game, mover.player, mover_dice, RAM_NEEDED,
                             label=f"{mover.name} {kind} on {other.name}",
                             higher_is_better=enemy)
    other_hits = rolled_hits(game, other.player, other_dice, RAM_NEEDED,
                             label=f"{other.name} collision answer", higher_is_better=enemy)
    clash = Rammed if ram else Collided
    game.emit(
        clash(
            model=mover.uid,
            other=other.uid,
            hits=mover_hits,
            answer=other_hits,
            text=f"{mover.name} {'rams' if ram else 'collides with'} {other.name}: "
            f"{mover_hits} hits against {other_hits}",
        )
    )
    for one, two in ((mover, other), (other, mover)):
        if two.uid not in one.contact:
            one.contact.append(two.uid)
    apply_hits(game, other, mover_hits, by_model=mover.uid, cause=kind, criticals=ram)
    apply_hits(
        game, mover, other_hits, by_model=other.uid, cause=f"{kind} answer",
        criticals=ram and other_spec.rr >= 1,
    )
