"""Rolling the contacts a move made (summary step 2b), once the squadron has moved.

A ram (an enemy met bow first by a model with a ram rating) rolls RR dice against the
target first; then the target, if the ram left it afloat, answers with the hull points it
has left, in dice (the seed makes only collisions simultaneous). A collision has both roll
their remaining hull points at once, and causes no critical hits (nor does the answer of a
rammed model without a ram rating). Terrain rolls its dice at the model, which runs aground
(:attr:`~.pieces.Model.grounded`).
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.procedures import Procedure
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.damage import apply_hits
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import Collided, RamAnswered, Rammed
from warbench.rulesets.dystopian_wars.pools import rolled_hits
from warbench.rulesets.dystopian_wars.rams import RAM_NEEDED, TERRAIN_DICE, Contact, is_ram
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, Model
from warbench.rulesets.dystopian_wars.surface import piece_met


def resolve_contact(game: DWGame, state: DWState, data: RulesData, contact: Contact) -> None:
    """Step 2b: roll one ram or collision."""
    mover = state.models[contact.mover]
    if not mover.alive:
        return
    spec = data.models[mover.cls]
    if contact.other < 0:
        piece = piece_met(state.terrain, state.surface, contact.other)
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
                text=f"{mover.name} runs into {piece.name} ({piece.density}): "
                f"{counted(hits, 'hit')} on {dice}D6",
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
    for one, two in ((mover, other), (other, mover)):
        if two.uid not in one.contact:
            one.contact.append(two.uid)
    enemy = other.player != mover.player
    rams = is_ram(data, mover, other, contact.forward)
    # who rammed or collided now (DW-CONTACT-BOARD): the mover, and both sides of a
    # collision; a rammed model has done neither
    for one, two in ((mover, other),) if rams else ((mover, other), (other, mover)):
        if two.uid not in one.struck:
            one.struck.append(two.uid)
    if rams:
        ram(game, mover, other, spec.rr)
        return
    mover_dice = max(0, spec.hp - mover.damage)
    other_dice = max(0, data.models[other.cls].hp - other.damage)
    # both roll at once; between friends every hit hurts the same side
    mover_hits = rolled_hits(game, mover.player, mover_dice, RAM_NEEDED,
                             label=f"{mover.name} collision on {other.name}",
                             higher_is_better=enemy)
    other_hits = rolled_hits(game, other.player, other_dice, RAM_NEEDED,
                             label=f"{other.name} collision answer", higher_is_better=enemy)
    game.emit(
        Collided(
            model=mover.uid,
            other=other.uid,
            hits=mover_hits,
            answer=other_hits,
            text=f"{mover.name} collides with {other.name}: {counted(mover_hits, 'hit')} on "
            f"{other.name}, {counted(other_hits, 'hit')} back on {mover.name}",
        )
    )
    apply_hits(game, other, mover_hits, by_model=mover.uid, cause="collision", criticals=False)
    apply_hits(game, mover, other_hits, by_model=other.uid, cause="collision answer",
               criticals=False)


def ram(game: DWGame, mover: Model, other: Model, rr: int) -> None:
    """``mover`` rams ``other`` with ``rr`` dice; ``other`` answers afterwards, once the
    ram's damage and critical table rolls are done (:class:`RamAnswer`)."""
    hits = rolled_hits(game, mover.player, rr, RAM_NEEDED,
                       label=f"{mover.name} ram on {other.name}")
    game.emit(
        Rammed(
            model=mover.uid,
            other=other.uid,
            hits=hits,
            text=f"{mover.name} rams {other.name}: {hits} hit{'s' if hits != 1 else ''} "
            f"on {rr}D6",
        )
    )
    game.push(RamAnswer(mover.uid, other.uid))  # below the critical rolls the ram may push
    apply_hits(game, other, hits, by_model=mover.uid, cause="ram")


@dataclass(slots=True)
class RamAnswer(Procedure[DWState, RulesData]):
    """The rammed model ``other`` answers ``mover``'s ram with the hull points the ram left
    it, in dice; destroyed, it does not answer (DW-RAM). Its hits cause critical hits only
    when it has a ram rating itself."""

    mover: int
    other: int

    def step(self, game: DWGame) -> None:
        game.pop()
        state, data = game.state, game.data
        mover, other = state.models[self.mover], state.models[self.other]
        if not other.alive:
            game.emit(RamAnswered(model=other.uid, other=mover.uid, dice=0, hits=0,
                                  text=f"{other.name} is lost to the ram: no answer"))
            return
        spec = data.models[other.cls]
        dice = max(0, spec.hp - other.damage)
        hits = rolled_hits(game, other.player, dice, RAM_NEEDED,
                           label=f"{other.name} ram answer")
        game.emit(
            RamAnswered(
                model=other.uid,
                other=mover.uid,
                dice=dice,
                hits=hits,
                text=f"{other.name} answers with the {dice} hull point"
                f"{'s' if dice != 1 else ''} left: {hits} hit{'s' if hits != 1 else ''}",
            )
        )
        apply_hits(game, mover, hits, by_model=other.uid, cause="ram answer",
                   criticals=spec.rr >= 1)
