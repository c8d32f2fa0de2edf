"""Damage rolls (2d6 + POW against ARM) and the warlock's damage boost, declared just
before the roll, once the attack is known to have hit (HOR-BOOST, HOR-DAMAGE-ROLL)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.core.words import counted
from warbench.rulesets.hordes.actions import DamageBoost
from warbench.rulesets.hordes.damage import Damage
from warbench.rulesets.hordes.events import DamageRolled
from warbench.rulesets.hordes.game import (
    HordesGame,
    HordesProcedure,
    add_fury,
    card_name,
    name,
    roll,
)
from warbench.rulesets.hordes.profile import is_crippled, stat
from warbench.rulesets.hordes.rolls import damage_boxes, dice_count
from warbench.rulesets.hordes.state import Model


def damage_roll(
    game: HordesGame,
    attacker: Model,
    target: Model,
    power: int,
    boosted: bool,
    extra_dice: int = 0,
) -> None:
    """Roll damage against the target's ARM and queue the boxes it marks."""
    if not target.alive:
        return
    body_crippled = is_crippled(game.data, attacker, "body")
    count = dice_count(boosted, body_crippled) + extra_dice
    # the label keys the search's dice on the card; people read the model's tag (HOR-NAMES)
    label, told = f"damage on {card_name(game, target)}", f"damage on {name(game, target)}"
    faces = roll(game, attacker.owner, count, label, told)
    arm = stat(game.data, target, "arm")
    boxes = damage_boxes(faces, power, arm)
    game.emit(RollEffect(attacker.owner, label, boxes, count, query="damage",
                         args=(count, power, arm), told=told))
    game.emit(
        DamageRolled(
            target.uid,
            sum(faces) + power,
            arm,
            boxes,
            attacker.uid,
            text=f"{told}: {sum(faces) + power} against ARM {arm}, "
                 f"{counted(boxes, 'box')}",
        )
    )
    if boxes:
        game.push(Damage(target.uid, boxes, attacker.uid, attacker.owner == target.owner))


def may_boost_damage(game: HordesGame, attacker: Model, target: Model, boosted: bool) -> bool:
    """Whether the attacker may pay to boost its damage roll on ``target`` now: a living
    warlock with 1 fury, in its own activation (fury is spent in one's activation), on a
    roll not boosted already (a roll is boosted once: charge attacks, free strikes)."""
    from warbench.rulesets.hordes.board import mover  # board reaches the activation

    if boosted or attacker.beast or not attacker.alive or attacker.fury < 1:
        return False
    return target.alive and mover(game.state) is attacker


@dataclass(slots=True)
class DamageRoll(HordesProcedure):
    """A damage roll owed on ``target`` by ``attacker`` at POW ``power``, once its attack
    has hit (or its AOE caught the model). The attacking warlock first says whether it
    boosts the roll (1 fury, one more die), knowing the hit; else the roll is made at once.
    """

    attacker: int
    target: int
    power: int
    boosted: bool = False

    def decisions(self, game: HordesGame) -> list[Decision]:
        attacker = game.state.models[self.attacker]
        target = game.state.models[self.target]
        if not may_boost_damage(game, attacker, target, self.boosted):
            return []
        return [
            Decision(
                attacker.owner,
                f"boost the damage roll on {name(game, target)} for 1 fury?",
                (DamageBoost(self.target, True), DamageBoost(self.target, False)),
            )
        ]

    def act(self, game: HordesGame, player: int, action: Action) -> None:
        if not isinstance(action, DamageBoost) or action.target != self.target:
            raise IllegalAction(f"{action!r} does not answer a damage boost")
        game.pop()
        attacker = game.state.models[self.attacker]
        if action.boost:
            add_fury(game, attacker, -1, "boost")
        damage_roll(game, attacker, game.state.models[self.target], self.power, action.boost)

    def step(self, game: HordesGame) -> None:
        game.pop()
        models = game.state.models
        damage_roll(game, models[self.attacker], models[self.target], self.power, self.boosted)


def queue_damage_rolls(game: HordesGame, rolls: Sequence[DamageRoll]) -> None:
    """Put ``rolls`` on the stack so that they are made in their order, each after the
    damage of the one before has landed."""
    game.push(*reversed(rolls))
