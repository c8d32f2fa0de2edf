"""The battle in the seed's order: edges chosen, armies placed; then rounds, each opened
by an initiative roll-off of every player, in which players take turns giving one squad
(or group) its turn until every squad has had one."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.procedures import Procedure
from warbench.core.turns import Alternation, roll_off, roll_off_die
from warbench.core.words import player_name
from warbench.rulesets.robogear import buildings, fire, infantry, moves, shots
from warbench.rulesets.robogear.actions import (
    ACTIONS_RULE,
    Activate,
    Board,
    ChooseEdge,
    Deploy,
    Disembark,
    EndTurn,
    Enter,
    Heal,
    Leave,
    Melee,
    Move,
    Ram,
    RunOver,
    Shoot,
    Throw,
    Turn,
)
from warbench.rulesets.robogear.damage import RobogearGame, damage
from warbench.rulesets.robogear.data import RobogearData
from warbench.rulesets.robogear.events import EdgeChosen, EdgeOrder, Initiative, TurnBegins
from warbench.rulesets.robogear.groups import Regrouping
from warbench.rulesets.robogear.options import turn_decisions
from warbench.rulesets.robogear.picture import unit_label, unit_words
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.roster import element_units, free_elements, in_battle, ready
from warbench.rulesets.robogear.setup import EDGES, place_armies
from warbench.rulesets.robogear.state import RobogearState, resource
from warbench.rulesets.robogear.victory import decided, final_outcome, holder


class BattleStage(enum.StrEnum):
    EDGES = "edges"
    ROUND = "round"


@dataclass(slots=True)
class Battle(Procedure[RobogearState, RobogearData]):
    """The whole battle: edges, deployment, then rounds until it is decided."""

    stage: BattleStage = BattleStage.EDGES

    def decisions(self, game: RobogearGame) -> list[Decision]:
        state = game.state
        if self.stage is not BattleStage.EDGES or not state.edge_order:
            return []
        player = next((p for p in state.edge_order if not state.edges[p]), None)
        if player is None:
            return []
        free = tuple(ChooseEdge(edge) for edge in EDGES if edge not in state.edges)
        return [Decision(player, "choose the table edge your army starts from", free)]

    def act(self, game: RobogearGame, player: int, action: Action) -> None:
        if not isinstance(action, ChooseEdge) or action.edge not in EDGES or (
                action.edge in game.state.edges):
            raise IllegalAction(f"{action!r}: choose a free table edge (RG-SETUP-EDGE)")
        game.state.edges[player] = action.edge
        game.emit(EdgeChosen(player, action.edge, text=f"{player_name(player)} takes the "
                             f"{action.edge} edge"))

    def step(self, game: RobogearGame) -> None:
        state = game.state
        if self.stage is BattleStage.EDGES:
            if not all(state.edges) and not state.edge_order:
                state.edge_order = roll_off(
                    list(range(state.players)),
                    lambda p: roll_off_die(game, p, "edge choice"),
                )
                first, *rest = state.edge_order
                game.emit(EdgeOrder(tuple(state.edge_order), text=(
                    f"{player_name(first)} wins the roll-off for the edges (the highest roll, "
                    f"ties rolling again) and chooses first; then "
                    f"{', '.join(player_name(p) for p in rest)}")))
                return
            place_armies(state, game.data)
            self.stage = BattleStage.ROUND
            decided(game)
            return
        if state.round >= state.max_rounds:
            game.end(final_outcome(game, state.held if state.held >= 0 else None))
            return
        state.round += 1
        for unit in state.units:
            unit.crewing = unit.busy = unit.acted = False
        for element in state.elements:
            element.done = False
        players = [p for p in range(state.players) if in_battle(state, p)]
        order = roll_off(players, lambda p: roll_off_die(game, p, "initiative"))
        state.order = order
        game.emit(Initiative(state.round, tuple(order),
                             text=initiative_words(state.round, order)))
        game.push(Round(), Regrouping())


@dataclass(slots=True)
class Round(Procedure[RobogearState, RobogearData]):
    """Players, in initiative order, each give one squad its turn, round and round;
    a player whose squads have all acted waits while the others go on."""

    turns: Alternation = field(default_factory=Alternation)

    def decisions(self, game: RobogearGame) -> list[Decision]:
        state = game.state
        # each element's readiness once (was asked again for every player and option)
        free = free_elements(state)
        players = {e.player for e in free}
        player = self.turns.current(state.order, players.__contains__)
        if player is None:
            return []
        options = tuple(Activate(e.id) for e in free if e.player == player)
        return [Decision(player, "choose a squad to take its turn", options)]

    def act(self, game: RobogearGame, player: int, action: Action) -> None:
        state = game.state
        if not isinstance(action, Activate) or not 0 <= action.element < len(state.elements):
            raise IllegalAction(f"{action!r}: choose one of your squads ({ACTIONS_RULE})")
        element = state.elements[action.element]
        if element.player != player or not ready(state, element):
            raise IllegalAction("each squad takes one turn a round: that one cannot go now "
                                "(RG-ROUND-ONCE)")
        element.done = True
        self.turns.activated(state.order, player)
        game.push(Activation(element.id, player))

    def step(self, game: RobogearGame) -> None:
        state = game.state
        if state.mission == "capture":
            held = holder(game)
            if held is not None:
                state.held = held
        game.pop()


@dataclass(slots=True)
class Activation(Procedure[RobogearState, RobogearData]):
    """One element's turn: its units act in any order, each from its own resource."""

    element: int
    player: int
    started: bool = False
    #: Units of the element (riders included) that had their turn earlier this round: they
    #: sit this one out (RG-ROUND-ONCE: a carrier and its riders share one turn).
    spent: list[int] = field(default_factory=list)
    #: The units the turn began with: a rider that leaves the carrier goes on with its turn.
    members: list[int] = field(default_factory=list)

    def _units(self, game: RobogearGame) -> list[Unit]:
        state = game.state
        units = element_units(state, state.elements[self.element])
        if self.members:
            now = {u.id for u in units}
            units += [state.units[i] for i in self.members
                      if i not in now and state.units[i].alive]
        return [u for u in units if u.id not in self.spent] if self.spent else units

    def decisions(self, game: RobogearGame) -> list[Decision]:
        if not self.started:
            return []
        return turn_decisions(game, self._units(game), self.player)

    def act(self, game: RobogearGame, player: int, action: Action) -> None:
        if isinstance(action, EndTurn):
            self._finish(game)
            return
        unit_id = getattr(action, "unit", -1)
        if unit_id not in [u.id for u in self._units(game)]:
            raise IllegalAction(
                f"{unit_words(game.state, game.data, unit_id)} is not in the squad taking its turn "
                f"({ACTIONS_RULE})")
        refusal = refusal_of(game.state, game.data, action)
        if refusal is not None:
            raise IllegalAction(refusal)
        carry_out(game, action)
        decided(game)

    def step(self, game: RobogearGame) -> None:
        if self.started:
            self._finish(game)
            return
        self.started = True
        units = self._units(game)
        self.members = [u.id for u in units]
        self.spent = [u.id for u in units if u.acted]
        begin_turn(game, self._units(game))
        name = game.state.elements[self.element].name
        game.emit(TurnBegins(self.player, self.element,
                             text=f"{player_name(self.player)} gives {name} its turn"))
        decided(game)

    def _finish(self, game: RobogearGame) -> None:
        for unit in self._units(game):
            unit.points_left = 0
        game.pop()
        decided(game)


def begin_turn(game: RobogearGame, units: list[Unit]) -> None:
    """Resource renews (as the damage now allows); fire tokens burn; treatments finish."""
    data = game.data
    for unit in units:
        record = data.units[unit.type]
        unit.fired, unit.threw, unit.moved, unit.shot = [], False, False, False
        unit.served = unit.spun = False
        if "fire" in unit.tokens:
            unit.tokens.remove("fire")
            damage(game, unit, 1, None, crit=False)
        if unit.kind == "trooper":
            infantry.finish_healing(game, unit)
        if not unit.alive:
            continue
        unit.acted = True
        unit.points_left = resource(record, unit)
        if unit.kind == "machine" and unit.pilot <= 0:
            unit.points_left = 0


def refusal_of(state: RobogearState, data: RobogearData, action: Action) -> str | None:
    """Why the rules refuse an action inside a turn, or None."""
    index = getattr(action, "unit", -1)
    if not 0 <= index < len(state.units):
        return f"there is no unit {index} ({ACTIONS_RULE})"
    unit = state.units[index]
    if not unit.alive:
        return f"{unit_label(data, unit)} is destroyed (RG-DMG-SCALE)"
    if unit.reserve and not isinstance(action, Deploy):
        return "an infiltrator is placed on the table before it acts (RG-INF-INFILTRATE)"
    if isinstance(action, Move):
        return moves.move_refusal(state, data, action)
    if isinstance(action, Turn):
        return moves.turn_refusal(state, data, action)
    if isinstance(action, Ram | RunOver):
        return moves.charge_refusal(state, data, action)
    if isinstance(action, Shoot):
        return fire.shot_refusal(state, data, unit, action)
    if isinstance(action, Throw):
        return fire.throw_refusal(state, data, unit, action)
    if isinstance(action, Melee):
        return infantry.melee_refusal(state, data, action)
    if isinstance(action, Heal):
        return infantry.heal_refusal(state, data, action)
    if isinstance(action, Board):
        return infantry.board_refusal(state, data, action)
    if isinstance(action, Disembark):
        return infantry.disembark_refusal(state, data, action)
    if isinstance(action, Deploy):
        return infantry.deploy_refusal(state, data, action)
    if isinstance(action, Enter):
        return buildings.enter_refusal(state, data, action)
    if isinstance(action, Leave):
        return buildings.leave_refusal(state, data, action)
    return f"{action!r} is not an action of a unit's turn ({ACTIONS_RULE})"


def carry_out(game: RobogearGame, action: Action) -> None:
    """Do a legal action."""
    unit = game.state.units[getattr(action, "unit", -1)]
    unit.spun = False  # a turn on the spot sets it again below
    if isinstance(action, Move):
        moves.move(game, action)
    elif isinstance(action, Turn):
        moves.turn(game, action)
    elif isinstance(action, Ram | RunOver):
        moves.charge(game, action)
    elif isinstance(action, Shoot):
        shots.shoot(game, unit, action)
    elif isinstance(action, Throw):
        shots.throw(game, unit, action)
    elif isinstance(action, Melee):
        infantry.melee(game, action)
    elif isinstance(action, Heal):
        infantry.heal(game, action)
    elif isinstance(action, Board):
        infantry.board(game, action)
    elif isinstance(action, Disembark):
        infantry.disembark(game, action)
    elif isinstance(action, Deploy):
        infantry.deploy(game, action)
    elif isinstance(action, Enter):
        buildings.enter(game, action)
    elif isinstance(action, Leave):
        buildings.leave(game, action)
    if unit.kind == "trooper" and not isinstance(action, Move | Deploy) and unit.alive:
        unit.busy = True


def initiative_words(round_number: int, order: list[int]) -> str:
    """A round's initiative in words, for the log.

    >>> initiative_words(2, [3, 0, 2, 1])
    'round 2: player 4 acts first, then player 1, player 3 and player 2'
    >>> initiative_words(5, [1])
    'round 5: player 2 acts alone'
    """
    first, *rest = [player_name(player) for player in order]
    if not rest:
        return f"round {round_number}: {first} acts alone"
    then = rest[0] if len(rest) == 1 else f"{', '.join(rest[:-1])} and {rest[-1]}"
    return f"round {round_number}: {first} acts first, then {then}"
