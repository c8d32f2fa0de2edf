"""Damage: hits against DR and CR, hull points, critical hits, models destroyed.

An attack's hits (after ack-ack, concussion charges and shields took theirs) are compared
with the target's ratings: at least CR is a critical hit, else at least DR is one hull
point, else nothing; the two never add up. A critical hit costs 2 hull points and one roll
on the critical table, plus one roll for each further multiple of CR (engine default for
the cost, from the source's "more often than not, 2 hull damage"). A model that began the
game with 2 hull points or fewer just takes the 2 points, with no table roll.

The fleet's commodore may re-roll one critical table roll a turn: against an enemy hit by a
model of its fleet within 8 inches, or against the commodore itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.events import UnitDamaged, UnitDestroyed
from warbench.core.procedures import Procedure
from warbench.core.words import player_name
from warbench.rulesets.dystopian_wars.actions import Decline, Reroll
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import (
    CommodoreLost,
    CommodoreReroll,
    CriticalHit,
    CriticalResult,
    HullDamage,
    ModelLost,
    NoDamage,
)
from warbench.rulesets.dystopian_wars.luck import critical_effect
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, Model

#: Reach of the commodore's re-roll, centre to centre (engine default: as command distance).
COMMODORE_REACH = 8.0
#: Hull points a critical hit costs before its table result.
CRITICAL_DAMAGE = 2


def near_commodore(state: DWState, model: Model, reach: float = COMMODORE_REACH) -> bool:
    """Whether ``model`` is within ``reach`` inches of its own fleet's living commodore."""
    uid = state.commodore[model.player] if model.player < len(state.commodore) else -1
    if uid < 0:
        return False
    commodore = state.models[uid]
    if not commodore.active:
        return False
    return commodore.point().distance_to(model.point()) <= reach + 1e-9


def may_reroll(state: DWState, player: int) -> bool:
    """Whether ``player``'s commodore is alive and has its re-roll for this turn."""
    uid = state.commodore[player]
    return uid >= 0 and state.models[uid].active and not state.reroll_used[player]


def lose_hull(
    game: DWGame, target: Model, points: int, cause: str, by_model: int = -1
) -> None:
    """Take ``points`` hull points from ``target`` (dealt by model ``by_model``, if any);
    destroy it at 0. The damage figures count only the hull it had left, not overkill."""
    if points <= 0 or not target.alive:
        return
    data = game.data
    spec = data.models[target.cls]
    had = max(0, spec.hp - target.damage)
    target.damage += points
    report_damage(game, target, min(points, had), by_model)
    left = max(0, spec.hp - target.damage)
    game.emit(
        HullDamage(
            model=target.uid,
            points=points,
            left=left,
            text=f"{target.name} loses {points} hull point{'s' if points > 1 else ''} ({cause}), "
            f"{left} left",
        )
    )
    if target.damage >= spec.hp:
        destroy(game, target, "destroyed", cause, by_model)


def report_damage(game: DWGame, target: Model, amount: int, by_model: int = -1) -> None:
    """Tell the simulation tallies that ``target`` took ``amount`` (hull points, or a
    wing's tokens, one point each), dealt by model ``by_model`` (-1: nobody, as when a
    ship runs aground; ``docs/simulate.md``)."""
    by = game.state.models[by_model] if by_model >= 0 else None
    game.emit(
        UnitDamaged(
            unit_type=target.cls,
            player=target.player,
            amount=amount,
            by_player=None if by is None else by.player,
            by_unit_type=None if by is None else by.cls,
        )
    )


def note_loss(game: DWGame, lost: Model, by_model: int = -1) -> None:
    """Tell the simulation tallies that ``lost`` is gone, destroyed or captured by model
    ``by_model`` (-1: nobody): its points are the victory points the loss scores (DW-VP)."""
    by = game.state.models[by_model] if by_model >= 0 else None
    game.emit(
        UnitDestroyed(
            unit_type=lost.cls,
            player=lost.player,
            points=float(game.data.models[lost.cls].points),
            by_player=None if by is None else by.player,
            by_unit_type=None if by is None else by.cls,
        )
    )


def fire_starter(game: DWGame, target: Model) -> int:
    """The model a raging fire aboard ``target`` burns for (-1: nobody): the one whose
    critical hit last set a fire aboard it (markers are alike, so every fire aboard burns
    for the latest; a fire that spreads, or that a failed repair sets off, is still that
    one's), else the one whose critical hit last struck it. Read from the game's events.
    """
    criticals = game.data.criticals
    latest: int | None = None
    for event in reversed(game.events):
        if isinstance(event, CriticalResult) and event.model == target.uid:
            if criticals[event.roll - 1].marker == "raging-fire":
                return event.by_model
            if latest is None:
                latest = event.by_model
    return -1 if latest is None else latest


def destroy(game: DWGame, target: Model, fate: str, cause: str, by_model: int = -1) -> None:
    """Remove ``target`` from play (``destroyed``, ``captured``...) and note the loss, to
    model ``by_model`` when one caused it (-1: nobody, as for a model that leaves the
    table); wings aboard a carrier are lost with it, to the same model."""
    state, data = game.state, game.data
    spec = data.models[target.cls]
    if fate == "destroyed":
        target.alive = False
    first = not target.fate  # a prize sunk later was lost to its squadron at its capture
    if first:
        note_loss(game, target, by_model)
    target.fate = fate
    target.contact = []
    game.emit(ModelLost(model=target.uid, fate=fate, by_model=by_model,
                        text=f"{target.name} is {fate} ({cause})"))
    for other in state.models:
        if target.uid in other.contact:
            other.contact.remove(target.uid)
        if other.carried_by == target.uid and other.alive:
            other.alive = False
            other.fate = "destroyed"
            note_loss(game, other, by_model)
            game.emit(
                ModelLost(
                    model=other.uid,
                    fate="destroyed",
                    by_model=by_model,
                    text=f"{other.name} is lost with its carrier ({fate})",
                )
            )
    owner = target.player
    if first and not (spec.tiny or "escort" in spec.traits) and target.squadron not in state.fallen:
        state.fallen.append(target.squadron)
    if first and state.commodore[owner] == target.uid and not state.commodore_tested[owner]:
        state.commodore_lost[owner] = True
        state.commodore_tested[owner] = True
        if owner not in state.commodore_fell:
            state.commodore_fell.append(owner)
        game.emit(CommodoreLost(player=owner, text=f"{player_name(owner)} has lost the commodore"))
    elif state.commodore[owner] == target.uid:
        state.commodore_lost[owner] = True


class HitDamage(NamedTuple):
    """What an attack's hits do before any critical table roll: hull points lost, rolls
    owed on the critical table, and whether it was a critical hit."""

    points: int
    rolls: int
    critical: bool


def hit_damage(
    hits: int, dr: int, cr: int, starting_hp: int, *, criticals: bool = True
) -> HitDamage:
    """The damage ``hits`` do to a model of ``dr`` and ``cr`` that began the game with
    ``starting_hp`` hull points: CR or more a critical hit (2 hull points and a table roll
    per whole multiple of CR, none for a model of 2 hull points or fewer), DR or more one
    hull point, less nothing. Without ``criticals`` (collisions) CR counts as DR.

    >>> hit_damage(20, 6, 10, 8)  # twice CR: two table rolls
    HitDamage(points=2, rolls=2, critical=True)
    >>> hit_damage(5, 3, 5, 2)  # a model that began with 2 hull points: no table roll
    HitDamage(points=2, rolls=0, critical=True)
    >>> [tuple(hit_damage(hits, 3, 5, 4, criticals=False)) for hits in (2, 3, 12)]
    [(0, 0, False), (1, 0, False), (1, 0, False)]
    """
    if criticals and hits >= cr:
        rolls = 0 if starting_hp <= CRITICAL_DAMAGE else hits // cr
        return HitDamage(CRITICAL_DAMAGE, rolls, True)
    if hits >= dr:
        return HitDamage(1, 0, False)
    return HitDamage(0, 0, False)


def apply_hits(
    game: DWGame, target: Model, hits: int, *, by_model: int, cause: str, criticals: bool = True
) -> None:
    """Compare ``hits`` with the target's DR and CR and apply the damage."""
    if not target.alive or hits <= 0:
        if hits <= 0 and target.alive:
            game.emit(NoDamage(model=target.uid, text=f"{target.name} shrugs off the attack"))
        return
    data = game.data
    spec = data.models[target.cls]
    damage = hit_damage(hits, spec.dr, spec.cr, spec.hp, criticals=criticals)
    if damage.critical:
        game.emit(
            CriticalHit(
                model=target.uid,
                hits=hits,
                text=f"{hits} hits reach {target.name}'s CR {spec.cr}: a critical hit",
            )
        )
        lose_hull(game, target, damage.points, "critical hit", by_model)
        if target.alive and damage.rolls:
            game.push(CriticalRolls(target.uid, damage.rolls, by_model))
    elif damage.points:
        lose_hull(game, target, damage.points, f"{hits} hits against DR {spec.dr}", by_model)
    else:
        game.emit(
            NoDamage(
                model=target.uid,
                text=f"{hits} {'hits fail' if hits > 1 else 'hit fails'} to reach {target.name}'s "
                f"DR {spec.dr}",
            )
        )


def rerollers(state: DWState, target: Model, by_model: int) -> list[int]:
    """Players whose commodore may re-roll a critical table roll against ``target``:
    its owner when it is the commodore itself, then the attacker when the attacking
    model is within 8 inches of its commodore."""
    players = []
    if state.commodore[target.player] == target.uid and may_reroll(state, target.player):
        players.append(target.player)
    if by_model >= 0:
        attacker = state.models[by_model]
        if (
            attacker.player != target.player
            and may_reroll(state, attacker.player)
            and near_commodore(state, attacker)
        ):
            players.append(attacker.player)
    return players


@dataclass(slots=True)
class CriticalRolls(Procedure[DWState, RulesData]):
    """Roll on the critical table ``rolls`` times for ``target``, offering re-rolls."""

    target: int
    rolls: int
    by_model: int = -1
    face: int = 0
    offers: list[int] | None = None

    def decisions(self, game: DWGame) -> list[Decision]:
        if not self.face or not self.offers:
            return []
        state, data = game.state, game.data
        row = data.criticals[self.face - 1]
        target = state.models[self.target]
        return [
            Decision(
                self.offers[0],
                f"critical on {target.name}: {row.name}; re-roll with the commodore?",
                (Reroll(), Decline()),
            )
        ]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        state, data = game.state, game.data
        assert self.offers is not None
        if isinstance(action, Reroll):
            state.reroll_used[player] = True
            game.emit(
                CommodoreReroll(
                    player=player,
                    text=f"{player_name(player)}'s commodore orders a re-roll",
                )
            )
            self.face = game.dice_for(player).faces(data.critical_sides, 1,
                                                    label="critical re-roll")[0]
            self.rate(game, player, "critical re-roll", self.face)
            self.offers = []
        else:
            self.offers.pop(0)

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        target = state.models[self.target]
        if self.face:
            self.apply_row(game, state, data, target)
            self.face = 0
            self.offers = None
            return
        if not target.alive or self.rolls <= 0:
            game.pop()
            return
        self.rolls -= 1
        roller = self.roller(state, target)
        self.face = game.dice_for(roller).faces(data.critical_sides, 1, label="critical table")[0]
        self.rate(game, roller, "critical table", self.face)
        self.offers = rerollers(state, target, self.by_model)

    def roller(self, state: DWState, target: Model) -> int:
        """Who rolls on the critical table: the attacker's side, else the target's."""
        return state.models[self.by_model].player if self.by_model >= 0 else target.player

    def rate(self, game: DWGame, roller: int, purpose: str, face: int) -> None:
        """DW-LUCK: the roll rated for ``roller`` by the harm of its row (``luck.py``)."""
        target = game.state.models[self.target]
        submerged = game.data.models[target.cls].beast and target.level == "submerged"
        game.emit(critical_effect(roller, target.player, game.data.criticals, face, purpose,
                                  fire_rolled_again=submerged))

    def apply_row(self, game: DWGame, state: DWState, data: RulesData, target: Model) -> None:
        """Apply the critical result now showing."""
        spec = data.models[target.cls]
        face = self.face
        row = data.criticals[face - 1]
        while row.marker == "raging-fire" and spec.beast and target.level == "submerged":
            roller = self.roller(state, target)
            face = game.dice_for(roller).faces(
                data.critical_sides, 1, label="critical table (submerged)")[0]
            self.rate(game, roller, "critical table (submerged)", face)
            row = data.criticals[face - 1]
        game.emit(
            CriticalResult(
                model=target.uid,
                roll=face,
                result=row.name,
                by_model=self.by_model,
                text=f"{target.name}: {row.name} ({row.text})",
            )
        )
        if row.marker:
            target.add_marker(row.marker)
        if row.extra_damage:
            lose_hull(game, target, row.extra_damage, row.name.lower(), self.by_model)
