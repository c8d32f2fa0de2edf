"""The turn: eleven phases in the order the rules give, and the end of the battle.

1 write orders, 2 initiative, 3 fighter moves, 4 salvo launches, 5 ship movement,
6 salvo and fighter targets, 7 point defence, 8 missile and fighter attacks, 9 ship fire,
10 damage control, 11 end of turn. A phase with nothing to do steps straight through.

The battle ends when at most one player has ships left (that player wins), or after the
last turn: then each side scores the points of enemy ships destroyed, and a share of
those crippled (half the hull gone) or disengaged; the higher score wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.procedures import Outcome
from warbench.core.turns import roll_off, roll_off_die
from warbench.core.words import counted
from warbench.rulesets.full_thrust.attacks import resolve_attacks
from warbench.rulesets.full_thrust.context import FTGame, FTProcedure
from warbench.rulesets.full_thrust.declarations import DeclarationPhase
from warbench.rulesets.full_thrust.defence import PointDefencePhase
from warbench.rulesets.full_thrust.events import InitiativeRolled, PhaseBegan, SalvosRemoved
from warbench.rulesets.full_thrust.fighters import FighterPhase
from warbench.rulesets.full_thrust.fire import ShipFirePhase
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.names import fleet_label
from warbench.rulesets.full_thrust.orders import WriteOrdersPhase, move_ships
from warbench.rulesets.full_thrust.repairs import DamageControlPhase
from warbench.rulesets.full_thrust.salvos import SalvoPhase
from warbench.rulesets.full_thrust.state import DESTROYED, DISENGAGED, FullThrustState, Ship

PHASES = (
    "write orders",
    "initiative",
    "fighter movement",
    "salvo and plasma launches",
    "ship movement",
    "salvo and fighter targets",
    "point defence",
    "plasma, missile and fighter attacks",
    "ship fire",
    "damage control",
    "end of turn",
)


def roll_initiative(game: FTGame, players: list[int]) -> list[int]:
    """Each player rolls a d6, highest first; tied players roll again among themselves."""
    return roll_off(players, lambda player: roll_off_die(game, player, "initiative"))


def scored_share(data: Library, ship: Ship) -> float:
    """The share of ``ship``'s points its enemies score: all if destroyed, part if crippled
    (half its hull gone) or disengaged, none otherwise."""
    rules = data.rules.game
    if ship.status == DESTROYED:
        return 1.0
    if ship.status == DISENGAGED:
        return rules.disengaged_share
    if 2 * ship.hull_hits >= data.designs[ship.design].hull:
        return rules.crippled_share
    return 0.0


def victory_points(state: FullThrustState, data: Library) -> tuple[float, ...]:
    """Each player's score: enemy ships destroyed in full, crippled or disengaged in part."""
    scores = [0.0] * state.players
    for ship in state.ships:
        share = scored_share(data, ship)
        if not share:
            continue
        cls = data.designs[ship.design]
        for player in range(state.players):
            if player != ship.player:
                scores[player] += share * cls.points
    return tuple(scores)


def battle_over(game: FTGame) -> bool:
    """End the game if at most one player has ships left; say whether it ended."""
    state = game.state
    standing = [p for p in range(state.players) if state.fleet(p)]
    if len(standing) > 1:
        return False
    scores = victory_points(state, game.data)
    if standing:
        winner = standing[0]
        reason = f"{state.fleet_names[winner]} holds the field: the enemy fleet is gone"
        game.end(Outcome((winner,), scores, reason))
    else:
        game.end(Outcome((), scores, "both fleets are gone"))
    return True


def points_outcome(state: FullThrustState, data: Library) -> Outcome:
    """How the battle ends on points, as after the last turn: the higher score wins, equal
    top scores are a draw (FT-END-TURNS)."""
    scores = victory_points(state, data)
    best = max(scores)
    winners = tuple(p for p, score in enumerate(scores) if score == best)
    tally = ", ".join(f"{state.fleet_names[p]} {score:g}" for p, score in enumerate(scores))
    if len(winners) == 1:
        winner = state.fleet_names[winners[0]]
        reason = f"after turn {state.turn}, {winner} wins on points ({tally})"
    else:
        reason = f"after turn {state.turn}, a draw on points ({tally})"
    return Outcome(winners if len(winners) == 1 else (), scores, reason)


def score_battle(game: FTGame) -> None:
    """End the game on points after the last turn."""
    game.end(points_outcome(game.state, game.data))


def end_turn(game: FTGame) -> None:
    """Phase 11: salvos that found no target (and spent ones) and plasma bolts leave;
    shrouds drop; per-turn marks clear."""
    state = game.state
    unused = sum(1 for salvo in state.salvos if salvo.missiles > 0)
    if unused:
        game.emit(
            SalvosRemoved(
                text=f"{counted(unused, 'salvo')} that found no target"
                f" {'is' if unused == 1 else 'are'} removed",
            )
        )
    state.salvos = []
    state.bolts = []
    for ship in state.ships:
        ship.shrouded = False
        ship.attack_power = ship.powered_screens = ship.repair_power = 0  # unspent: lost
        ship.used = 0
        ship.fired = False
        ship.recovered = 0
        ship.covering = -1
    for group in state.groups:
        group.launched = group.moved = group.engaged = group.broken = False
        group.target_kind, group.target, group.role, group.losses = "", -1, "", 0
    state.orders = [None] * len(state.ships)


@dataclass(slots=True)
class Turn(FTProcedure):
    """One turn; it stays on the stack for the whole battle, phase after phase."""

    phase: int = 0

    def step(self, game: FTGame) -> None:
        state = game.state
        if self.phase == len(PHASES):
            if battle_over(game):
                return
            if state.turn >= state.max_turns:
                score_battle(game)
                return
            state.turn += 1
            self.phase = 0
        self.phase += 1
        state.phase = self.phase
        game.emit(
            PhaseBegan(
                turn=state.turn,
                phase=self.phase,
                text=f"Turn {state.turn}, phase {self.phase}: {PHASES[self.phase - 1]}",
            )
        )
        if self.phase == 1:
            game.push(WriteOrdersPhase())
        elif self.phase == 2:
            state.initiative = roll_initiative(game, list(range(state.players)))
            game.emit(
                InitiativeRolled(
                    order=tuple(state.initiative),
                    text=f"{fleet_label(state, state.initiative[0])} wins the "
                    "initiative",
                )
            )
        elif self.phase == 3:
            game.push(FighterPhase())
        elif self.phase == 4:
            game.push(SalvoPhase())
        elif self.phase == 5:
            move_ships(game)
            battle_over(game)
        elif self.phase == 6:
            game.push(DeclarationPhase())
        elif self.phase == 7:
            game.push(PointDefencePhase())
        elif self.phase == 8:
            resolve_attacks(game)
            battle_over(game)
        elif self.phase == 9:
            game.push(ShipFirePhase())
        elif self.phase == 10:
            if not battle_over(game):
                game.push(DamageControlPhase())
        else:
            end_turn(game)
