"""The helm phase: the admirals' initiative, disabled fleets drifting, then the sides
moving half their fleets in turn and then the rest (ordinary moves and stunts)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.dice import d
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.core.procedures import Procedure
from warbench.core.rng import RandomStream
from warbench.core.words import counted, one_of, possessive
from warbench.rulesets.armada.actions import (
    EndOrders,
    Move,
    Order,
)
from warbench.rulesets.armada.combat import (
    armor_class,
    check_modifiers,
    roll_d20,
)
from warbench.rulesets.armada.context import ArmadaGame
from warbench.rulesets.armada.damage import debris_damage, free_attack
from warbench.rulesets.armada.data import ArmadaData, Tables
from warbench.rulesets.armada.events import Boarders, Drifted, HelmChecked, Moved, StuntFailed
from warbench.rulesets.armada.luck import check_effect
from warbench.rulesets.armada.moves import (
    BACK_OFF_AC_PENALTY,
    STUNT_DC_BASE,
    drift_pose,
    failed_stunt_plan,
    flee_steps,
    mine_cost,
    move_refusal,
    ordinary_steps,
    passed_enemies,
    plan_move,
    stunt_dc,
    stunt_moves,
)
from warbench.rulesets.armada.names import fleet_label, fleet_labels, side_label
from warbench.rulesets.armada.officers import (
    encouragement,
    resolve_refusal,
    resolve_spender,
)
from warbench.rulesets.armada.order_space import OrderSpace
from warbench.rulesets.armada.orders import give_order
from warbench.rulesets.armada.places import facing_words, hex_from
from warbench.rulesets.armada.resolve import Then
from warbench.rulesets.armada.shown import record_ability, record_move
from warbench.rulesets.armada.state import (
    ACTIVE,
    DESTROYED,
    DISABLED,
    ROUTED,
    ArmadaState,
    Fleet,
    Phase,
)


def initiative_check(
    game: ArmadaGame, state: ArmadaState, side: int, twice: bool = False
) -> int:
    """The admiral's check (d20 + officer bonus + fleet modifier, + 1d4 foreseen by a
    chief spellcaster; the d20 twice, the better kept, with ``twice``: the admiral spent a
    resolve point), or 1d6 with no admiral."""
    admiral = state.admiral(side)
    dice = game.dice_for(side)
    if admiral is None:
        # the label keys a search's dice, the seat by its index; people read the armada
        label = f"side {side} initiative (no admiral)"
        armada = side_label(state, side)
        told = f"{armada} initiative (no admiral)"  # as an admiral's: 'Ilse Varr initiative'
        face = d(dice, 6, label=label, told=told).total
        game.emit(RollEffect(side, label, face, 1, told=told))  # the highest moves last, the best
        text = f"{possessive(armada)} helm check (no admiral): {face} on the d6"
        game.emit(HelmChecked(side, face, face, visible_to=frozenset({side}), text=text))
        return face
    fleet = state.fleets[admiral.fleet]
    label = f"{admiral.name} initiative"
    if twice:  # rated as the better of two d20 (odds.luck_odds)
        natural = roll_d20(dice, label, twice=True)
        game.emit(RollEffect(side, label, natural, 1, sides=20, query="d20", args=(1,)))
    else:
        natural = d(dice, 20, label=label).total
        game.emit(RollEffect(side, label, natural, 1, sides=20))
    total = natural + admiral.bonus + fleet.check_modifier + check_modifiers(fleet)
    total += encouragement(fleet, admiral.bonus)
    if state.sides[side].precognition_round == state.round:
        state.sides[side].precognition_round = 0
        foreseen = d(dice, 4, label=f"{admiral.name} precognition").total
        game.emit(RollEffect(side, f"{admiral.name} precognition", foreseen, 1, sides=4))
        total += foreseen
    game.emit(HelmChecked(side, natural, total, visible_to=frozenset({side}),
                          text=f"{possessive(admiral.name)} helm check: {total} "
                          f"(d20 {natural} + {total - natural})"))
    return total


def drift(game: ArmadaGame, state: ArmadaState, tables: Tables) -> None:
    """Disabled fleets drift straight ahead at half speed."""
    for fleet in state.fleets:
        if fleet.status == DISABLED:
            pose = drift_pose(state, tables, fleet)
            if pose != fleet.pose:
                fleet.place(pose)
                game.emit(Drifted(fleet.id, (fleet.q, fleet.r),
                                  text=f"{fleet_label(state, fleet)} drifts"))


class MoveSpace(ParamSpace):
    """Any legal move (or stunt) of one of the fleets a side may move now; ``rule`` names
    why only those: the halves of the helm phase, or a helm order that committed the
    armada to move its fleet next (ARM-OFF-ACTION)."""

    action_type = Move

    def __init__(self, state: ArmadaState, tables: Tables, fleets: list[int], rule: str) -> None:
        self._state, self._tables = state, tables
        self.fleets, self.rule = fleets, rule
        labels = fleet_labels(state.fleets)
        names = one_of([labels[index] for index in fleets])
        self.description = f"{names} (an ordinary move or a stunt)"

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, Move):
            return f"a move, not {action!r} (ARM-ACTIONS)"
        state = self._state
        if not 0 <= action.fleet < len(state.fleets):
            return f"no fleet {action.fleet} in this battle (ARM-ACTIONS)"
        if action.fleet not in self.fleets:
            labels = fleet_labels(state.fleets)
            movable = one_of([labels[index] for index in self.fleets])
            return (f"{labels[action.fleet]} may not move now (only {movable} may: "
                    f"{self.rule})")
        fleet = state.fleets[action.fleet]
        if action.resolve:
            if action.stunt not in ("flyby", *STUNT_DC_BASE):
                return "only a stunt with a piloting check can spend resolve (ARM-OFF-RESOLVE)"
            if (reason := resolve_refusal(state, fleet)) is not None:
                return reason
        return move_refusal(state, self._tables, fleet, action)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        state, tables = self._state, self._tables
        samples: list[Action] = []
        for _ in range(count):
            fleet = state.fleets[self.fleets[rng.choice_index(len(self.fleets))]]
            if fleet.morale == ROUTED:
                samples.append(Move(fleet.id, flee_steps(state, tables, fleet)))
                continue
            if rng.random() < 0.2:
                stunts = stunt_moves(state, tables, fleet)
                if stunts:
                    samples.append(stunts[rng.choice_index(len(stunts))])
                    continue
            steps = ordinary_steps(state, tables, fleet)
            samples.append(Move(fleet.id, steps[rng.choice_index(len(steps))]))
        return samples


@dataclass(slots=True)
class HelmPhase(Procedure[ArmadaState, ArmadaData]):
    """Sides in order move half their active fleets (rounded up), then the rest. The
    officers of a fleet give their helm orders just before or just after it moves: an order
    before the move commits the armada to move that fleet next."""

    order: list[int]
    half: int = 0
    turn: int = 0
    quota: int = -1
    moved: list[int] = field(default_factory=list)
    current: int = -1
    committed: bool = False

    def movable(self, state: ArmadaState) -> list[int]:
        """Fleets of the side whose turn it is that have not moved yet."""
        side = self.order[self.turn]
        return [f.id for f in state.active_fleets(side) if f.id not in self.moved]

    def decisions(self, game: ArmadaGame) -> list[Decision]:
        state = game.state
        tables = game.data.tables
        side = self.order[self.turn]
        if self.quota == 0 and self.current >= 0:
            after = OrderSpace(state, tables, side, Phase.HELM, [self.current])
            if not after.candidates():
                return []
            return [Decision(side, "orders after the move, or end them", (EndOrders(),),
                             (after,))]
        movable = self.movable(state)
        if self.quota <= 0 or not movable:
            return []
        movers = [self.current] if self.committed else movable
        turn_rule = "ARM-OFF-ACTION" if self.committed else "ARM-HELM-HALVES"
        spaces: list[ParamSpace] = [MoveSpace(state, tables, movers, turn_rule)]
        officers_of = sorted({*movers, self.current} - {-1})
        orders = OrderSpace(state, tables, side, Phase.HELM, officers_of)
        if orders.candidates():
            spaces.append(orders)
        prompt = f"move a fleet ({self.quota} more in this half of the helm phase)"
        return [Decision(side, prompt, (), tuple(spaces))]

    def act(self, game: ArmadaGame, player: int, action: Action) -> None:
        state, tables = game.state, game.data.tables
        match action:
            case EndOrders():
                self.current, self.committed = -1, False
            case Order():
                give_order(game, state, tables, action)
                home = state.officers[action.officer].fleet
                if tables.orders[action.order].phase == Phase.HELM.value and home != self.current:
                    self.current, self.committed = home, True
            case Move():
                fleet = state.fleets[action.fleet]
                self.moved.append(fleet.id)
                self.quota -= 1
                self.current, self.committed = fleet.id, False
                move_fleet(game, state, tables, fleet, action)
            case _:
                raise IllegalAction(
                    f"the helm phase takes moves and orders, not {action!r} (ARM-ACTIONS)"
                )

    def step(self, game: ArmadaGame) -> None:
        state = game.state
        if self.quota == -1:
            movable = self.movable(state)
            side_active = len(state.active_fleets(self.order[self.turn]))
            self.quota = math.ceil(side_active / 2) if self.half == 0 else len(movable)
            return
        self.quota = -1
        self.current, self.committed = -1, False
        self.turn += 1
        if self.turn == len(self.order):
            self.turn = 0
            self.half += 1
            if self.half == 2:
                game.pop()


def moved_text(state: ArmadaState, fleet: Fleet, hexes: int, stunt: str) -> str:
    """A move in the log: how far the fleet went, the way it faces now and, where another
    fleet is still on the map, how far it now lies from the nearest (as the ruler measures
    from a fleet), e.g. ``Dawnbreaker moves 4 hexes (slide), now facing south, 3 hexes
    north-east of Iron Oath``."""
    how = f" ({stunt.replace('-', ' ')})" if stunt else ""
    went = f"moves {counted(hexes, 'hex')}" if hexes else "stays in its hex"
    labels = fleet_labels(state.fleets)
    words = f"{labels[fleet.id]} {went}{how}, now facing {facing_words(fleet.facing)}"
    others = [other for other in state.fleets
              if other.id != fleet.id and other.status != DESTROYED]
    if not others:
        return words
    near = min(others, key=lambda other: (other.hex.distance(fleet.hex), other.id))
    return f"{words}, {hex_from(near.hex, fleet.hex, labels[near.id])}"


def moved_this_phase(state: ArmadaState) -> list[int]:
    """The fleets that have made their move in this helm phase (none outside it): their
    poses stand for this round's gunnery, as every player sees."""
    for frame in reversed(state.stack):
        if isinstance(frame, HelmPhase):
            return list(frame.moved)
    return []


def move_fleet(
    game: ArmadaGame, state: ArmadaState, tables: Tables, fleet: Fleet, move: Move
) -> None:
    """Make a legal move: the piloting check of a stunt (a failed one makes the partial
    move of :func:`failed_stunt_plan`; a failed flyby still passes the enemy), then free
    attacks from the enemies passed, then conjured debris where it ends."""
    if fleet.morale == ROUTED and fleet.routed_round == state.round:
        # routed this helm phase before it moved: this flight is its first of the three
        # (ARM-MORALE-ROUT-END), as if it had routed the round before
        fleet.routed_round -= 1
    plan = plan_move(state, tables, fleet, move)
    dc = piloting_dc(state, fleet, move)
    passed = True
    if dc is not None:
        spender = resolve_spender(state, fleet) if move.resolve else None
        if spender is not None:
            spender.resolve -= 1
        # the dice's label, their key, keeps the name; people read the fleet's tag
        label, told = f"{fleet.name} {move.stunt}", f"{fleet_label(state, fleet)} {move.stunt}"
        natural = roll_d20(game.dice_for(fleet.side), label, twice=move.resolve, told=told)
        commander = state.officer_bonus(fleet, "commander")
        check = natural + piloting_modifier(state, fleet) + encouragement(fleet, commander)
        passed = check >= dc
        game.emit(check_effect(fleet.side, label, passed, dc - (check - natural),
                               move.resolve, told=told))
        if not passed:
            if move.stunt != "flyby":
                plan = failed_stunt_plan(state, tables, fleet, move, check - dc)
            stalled = move.stunt == "back-off" and not plan.path
            if stalled:
                fleet.now().ac_penalty = BACK_OFF_AC_PENALTY
            game.emit(StuntFailed(
                fleet.id, check, dc,
                text=f"{fleet_label(state, fleet)} fails its {move.stunt} ({check} against "
                f"DC {dc})"
                + _failure_note(move.stunt, stalled),
            ))
    slowed = mine_cost(state, tables, fleet, plan.path) > 0
    if passed or plan.path:
        start = fleet.hex
        fleet.place(plan.end)
        record_move(state.shown, fleet.id,
                    start.distance(fleet.hex) - fleet.this_round.speed_bonus)
        if slowed:
            fleet.slowed_round = state.round
        stunt = move.stunt if passed or move.stunt == "flyby" else ""
        game.emit(Moved(
            fleet.id, (fleet.q, fleet.r, fleet.facing), stunt,
            text=moved_text(state, fleet, len(plan.path), stunt),
        ))
    flown_by = move.target if move.stunt == "flyby" else -1
    if flown_by >= 0 and passed:
        fleet.now().flyby_target = flown_by
        if fleet.has("boarders"):
            fleet.boarding = flown_by
            record_ability(state.shown, fleet.id, "boarders")
            labels = fleet_labels(state.fleets)
            game.emit(Boarders(fleet.id, flown_by, text=f"{possessive(labels[fleet.id])} "
                               f"boarders cross to {labels[flown_by]}"))
    attacks = [
        (enemy.id, flown_by >= 0 and (passed or not enemy.has("point-defense")))
        for enemy in passed_enemies(state, fleet, plan.path)
        if not (enemy.id == flown_by and passed)
    ]
    PassingAttacks(fleet.id, attacks).resume(game)


@dataclass(slots=True)
class PassingAttacks(Then):
    """What a move sets off once the fleet has moved: the free attacks of the enemies it
    passed (``attacks``: each attacker and whether it deals half damage), one after another
    while the fleet stays active (each may wait for its armada's answer on resolve), then
    conjured debris where it ends."""

    fleet: int
    attacks: list[tuple[int, bool]]

    def resume(self, game: ArmadaGame) -> None:
        state, tables = game.state, game.data.tables
        fleet = state.fleets[self.fleet]
        if self.attacks and fleet.status == ACTIVE:
            (enemy, halved), rest = self.attacks[0], self.attacks[1:]
            free_attack(game, state, tables, state.fleets[enemy], fleet, halved=halved,
                        then=PassingAttacks(fleet.id, rest))
            return
        debris_damage(game, state, tables, fleet)


def _failure_note(stunt: str, stalled: bool) -> str:
    if stalled:
        return f": it does not move and takes -{BACK_OFF_AC_PENALTY} AC this round"
    return {
        "back-off": ": it backs 1 hex at most",
        "flip-and-burn": ": it moves ahead without turning about",
        "slide": ": it moves straight ahead at half speed",
        "flyby": ": it passes, open to free attacks",
    }.get(stunt, "")


def piloting_dc(state: ArmadaState, fleet: Fleet, move: Move) -> int | None:
    """The move's piloting DC: a flyby's is the passed enemy's AC; ``None`` without check."""
    if move.stunt == "flyby":
        return armor_class(state, state.fleets[move.target])
    return stunt_dc(fleet, move.stunt)


def piloting_modifier(state: ArmadaState, fleet: Fleet) -> int:
    """A piloting check's modifier: fleet check modifier, class piloting modifier,
    commander's bonus, the modifiers on all the fleet's checks (morale, taunts)."""
    return (
        fleet.check_modifier
        + fleet.piloting_modifier
        + state.officer_bonus(fleet, "commander")
        + check_modifiers(fleet)
    )


