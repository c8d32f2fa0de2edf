"""Rams and collisions: the contact a move makes, the numbers they roll, and who may ram
what by choice (rolling them is :mod:`.contacts`).

A surface model that touches a model of its level, or impassable terrain, stops there.
Dice hit on 4+ (the 1.1 errata) and explode as usual; terrain rolls 4, 8 or 12 dice (light,
medium, dense). Flyers and submerged models never collide: they pass over and under other
models, and ram only when they choose to, bow first, an enemy at their own level
(``Move.ram_at``); next activation they go on past it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from warbench.rulesets.dystopian_wars.actions import Move
from warbench.rulesets.dystopian_wars.data import ModelSpec, RulesData
from warbench.rulesets.dystopian_wars.state import DWState, Model

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


def is_ram(data: RulesData, mover: Model, other: Model, forward: bool) -> bool:
    """Whether ``mover`` meeting ``other`` (bow first when ``forward``) rams it: an enemy
    met bow first by a model with a ram rating (DW-RAM); else they collide (DW-COLLIDE)."""
    return other.player != mover.player and forward and data.models[mover.cls].rr >= 1


def size_halves(spec: ModelSpec, other: ModelSpec) -> bool:
    """Whether ramming or colliding with a model of ``other``'s class halves the fire of a
    model of ``spec``'s (DW-CONTACT-HALF): a medium, large or massive model meeting one of
    its own size or one size smaller."""
    return spec.rank >= 2 and other.rank in (spec.rank, spec.rank - 1)


def deep_ram_refusal(state: DWState, data: RulesData, model: Model, action: Move) -> str | None:
    """Why ``model`` may not ram ``action.ram_at``: only flyers and submerged models with a
    ram rating ram by choice, bow first, an enemy at their own level."""
    spec = data.models[model.cls]
    level = action.level or model.level
    if level not in ("flying", "obscured", "submerged"):
        return ("only flyers and submerged models name what they ram (surface models meet it, "
                "DW-RAM-DEEP)")
    if spec.rr < 1:
        return (f"{model.name} has no ram rating: flyers and submerged models never collide "
                "(DW-RAM-DEEP)")
    if action.backward:
        return "a ram is made bow first, never moving backward (DW-RAM)"
    if not 0 <= action.ram_at < len(state.models):
        return f"there is no model {action.ram_at} to ram (DW-ACTIONS)"
    target = state.models[action.ram_at]
    target_spec = data.models[target.cls]
    if not target.alive or target.carried_by >= 0 or target_spec.tiny:
        return f"{target.name} cannot be rammed (DW-RAM-DEEP)"
    if target.player == model.player or target.prize_of == model.player:
        return (f"{target.name} is friendly: flyers and submerged models never collide "
                "(DW-RAM-DEEP)")
    if target.level != level:
        return (f"{target.name} is not at {model.name}'s level ({level}): only models at one "
                "level ram (DW-RAM-LEVEL)")
    return None
