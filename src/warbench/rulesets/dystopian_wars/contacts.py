"""Rolling the contacts a move made (summary step 2b), once the squadron has moved.

A ram (an enemy met bow first by a model with a ram rating) rolls RR dice against the
target, which answers with its remaining hull points in dice; a collision has both roll
their remaining hull points at once, and causes no critical hits (nor does the answer of
a rammed model without a ram rating). Terrain rolls its dice at the model, which runs
aground (:attr:`~.pieces.Model.grounded`).
"""

from __future__ import annotations

from warbench.rulesets.dystopian_wars.damage import apply_hits
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import Collided, Rammed
from warbench.rulesets.dystopian_wars.pools import rolled_hits
from warbench.rulesets.dystopian_wars.rams import RAM_NEEDED, TERRAIN_DICE, Contact
from warbench.rulesets.dystopian_wars.state import DWGame, DWState


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
