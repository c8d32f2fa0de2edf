"""Damage landing on a model: the warlock's transfer to a beast, the life spiral, tough,
destruction, reaving a dead beast's fury, and the end of the game when a warlock dies."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect, UnitDamaged, UnitDestroyed
from warbench.core.procedures import Outcome
from warbench.rulesets.hordes.actions import Reave, Transfer
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.events import Cripple, Healed
from warbench.rulesets.hordes.game import (
    HordesGame,
    HordesProcedure,
    Table,
    add_fury,
    card_name,
    knock_down,
    name,
    roll,
)
from warbench.rulesets.hordes.luck import spiral_effect
from warbench.rulesets.hordes.profile import (
    boxes_left,
    boxes_left_by_side,
    crippled_aspects,
    has,
)
from warbench.rulesets.hordes.space import in_control_area
from warbench.rulesets.hordes.spiral import crippled, fill
from warbench.rulesets.hordes.spiral import heal as heal_spiral
from warbench.rulesets.hordes.state import Model


class DamageStage(enum.StrEnum):
    TRANSFER = "transfer"
    REAVE = "reave"


@dataclass(slots=True)
class Damage(HordesProcedure):
    """``amount`` boxes of damage landing on ``target``, dealt by ``by`` (a model uid, or
    -1). ``friendly``: dealt by the target's own side (no reaving)."""

    target: int
    amount: int
    by: int = -1
    friendly: bool = False
    stage: DamageStage = DamageStage.TRANSFER

    def decisions(self, game: HordesGame) -> list[Decision]:
        if self.stage is DamageStage.TRANSFER:
            options = transfer_options(game, game.state.models[self.target])
            if options and self.amount > 0:
                return [
                    Decision(
                        game.state.models[self.target].owner,
                        f"transfer {self.amount} damage from your warlock?",
                        (*options, Transfer(-1)),
                    )
                ]
            return []
        beast = game.state.models[self.target]
        return [
            Decision(
                beast.owner,
                "reave the fury of your destroyed warbeast?",
                (Reave(True), Reave(False)),
            )
        ]

    def act(self, game: HordesGame, player: int, action: Action) -> None:
        state = game.state
        target = state.models[self.target]
        if isinstance(action, Reave):
            warlock = state.warlock(target.owner)
            if action.take and warlock is not None:
                cap = game.data.models[warlock.card].fury
                gained = min(target.fury, cap - warlock.fury)
                add_fury(game, warlock, max(0, gained), "reave")
            target.fury = 0
            game.pop()
            return
        if not isinstance(action, Transfer):
            raise IllegalAction(f"{action!r} does not answer damage to a warlock")
        game.pop()
        if action.beast < 0:
            deal(game, target, self.amount, self.by, self.friendly)
            return
        beast = state.models[action.beast]
        add_fury(game, target, -1, "transfer")
        room = boxes_left(game.data, beast)
        deal(game, beast, min(self.amount, room), self.by, friendly=True, transferred=True)
        if self.amount > room:
            deal(game, target, self.amount - room, self.by, self.friendly)

    def step(self, game: HordesGame) -> None:
        game.pop()
        deal(game, game.state.models[self.target], self.amount, self.by, self.friendly)

#: A tough model out of boxes stays in play on this or more on a d6.
TOUGH_NEEDED = 5


def transfer_options(game: HordesGame, warlock: Model) -> list[Transfer]:
    """Beasts the warlock may send damage to now (:func:`transfer_beasts`)."""
    beasts = transfer_beasts(game.data, game.state.models, warlock, warlock.fury)
    return [Transfer(beast.uid) for beast in beasts]


def transfer_beasts(data: HordesData, models: Sequence[Model], warlock: Model, fury: int
                    ) -> list[Model]:
    """Beasts ``warlock``, holding ``fury``, may send damage to: its own, living, in its
    control area, not frenzied, with fury below their FURY; the warlock needs 1 fury (the
    odds ask it too, HOR-TRANSFER)."""
    if warlock.beast or not warlock.alive or fury < 1:
        return []
    area = data.models[warlock.card].fury
    return [
        beast
        for beast in models
        if beast.owner == warlock.owner
        and beast.alive
        and beast.beast
        and not beast.frenzied
        and beast.fury < data.models[beast.card].fury
        and in_control_area(data, warlock, beast, area)
    ]


def deal(
    game: HordesGame,
    target: Model,
    amount: int,
    by: int,
    friendly: bool,
    transferred: bool = False,
) -> None:
    """Mark ``amount`` boxes on ``target`` now (no transfer), then tough or destruction."""
    if amount <= 0 or not target.alive:
        return
    data = game.data
    record = data.models[target.card]
    before = crippled_aspects(data, target)
    if target.beast:
        branch = roll(game, target.owner, 1, "life spiral")[0]
        game.emit(spiral_effect(target.owner, target.spiral, record.spiral, amount, branch))
        fill(target.spiral, record.spiral, branch, amount)
    else:
        target.damage = min(record.damage, target.damage + amount)
    attacker = game.state.models[by] if by >= 0 else None
    game.emit(
        UnitDamaged(
            target.card,
            target.owner,
            float(amount),
            by_player=None if attacker is None else attacker.owner,
            by_unit_type=None if attacker is None else attacker.card,
            text=f"{name(game, target)} takes {amount} damage",
        )
    )
    for aspect in sorted(crippled_aspects(data, target) - before):
        game.emit(Cripple(target.uid, aspect, text=f"{name(game, target)}: {aspect} crippled"))
    if boxes_left(data, target) > 0:
        return
    if has(data, target, "tough") and tough_check(game, target):
        heal(game, target, 1)
        knock_down(game, target)
        return
    destroy(game, target, friendly or transferred, attacker)


def destroy(game: HordesGame, target: Model, no_reave: bool, by: Model | None = None) -> None:
    """Remove the model (destroyed by ``by``'s attack, when one); a warlock's death ends
    the game; a beast may be reaved."""
    state = game.state
    target.alive = False
    target.effects.clear()
    state.upkeep = [u for u in state.upkeep if u[2] != target.uid and u[0] != target.uid]
    game.emit(UnitDestroyed(
        target.card, target.owner, points=float(game.data.models[target.card].points),
        by_player=None if by is None else by.owner,
        by_unit_type=None if by is None else by.card,
        text=f"{name(game, target)} is destroyed",
    ))
    if not target.beast:
        winner = 1 - target.owner
        # the reason is kept in the state (its hash, journals): seats by index, numbered
        # from 1 where it is shown (core.words.as_told), the warlock by its card's name
        game.end(
            Outcome(
                (winner,),
                boxes_left_by_side(game.data, state),
                f"{card_name(game, target)} is destroyed: player {winner} wins",
            )
        )
        return
    warlock = state.warlock(target.owner)
    if no_reave or warlock is None or target.fury <= 0:
        target.fury = 0
        return
    if in_control_area(game.data, warlock, target, game.data.models[warlock.card].fury):
        game.push(Damage(target.uid, 0, stage=DamageStage.REAVE))
    else:
        target.fury = 0


def heal(game: Table, target: Model, amount: int) -> int:
    """Remove up to ``amount`` marked boxes; return how many were healed."""
    record = game.data.models[target.card]
    if target.beast:
        done = heal_spiral(target.spiral, record.spiral, amount)
    else:
        done = min(amount, target.damage)
        target.damage -= done
    if done:
        game.emit(Healed(target.uid, done, text=f"{name(game, target)} heals {done}"))
    return done


__all__ = ["Damage", "crippled", "deal", "destroy", "heal", "transfer_beasts",
           "transfer_options"]


def tough_check(game: HordesGame, target: Model) -> bool:
    """The tough roll of a model out of boxes: it stays on a 5 or 6."""
    tough = roll(game, target.owner, 1, "tough")[0] >= TOUGH_NEEDED
    game.emit(RollEffect(target.owner, "tough", int(tough), 1, at_least=TOUGH_NEEDED))
    return tough
