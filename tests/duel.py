"""Duel: a small test-only game that exercises every part of the engine.

It is not a ruleset for users. Two to four duellists stand on a circle. Each round:
1. every player secretly writes a stance (aggressive or guarded) at the same time;
2. the stances are revealed and initiative is rolled (a d6 each, ties rolled again);
3. in initiative order each living duellist aims a shot at a rival (a bearing in degrees,
   which must point within 20 degrees of the rival: a parameter space) or passes;
   the target answers in the middle of that activation (dodge or brace);
4. the shot rolls a pool through a face table (4-5 one hit, 6 two hits and roll again).
The game ends when one duellist is left or after the last round; most hit points wins.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pydantic

from warbench.core.actions import Action
from warbench.core.attacks import AttackOdds, OddsAnswer
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import Game, IllegalAction
from warbench.core.events import Event
from warbench.core.faces import FaceTable
from warbench.core.lists import ArmyList, ConstraintSet, PointsCap, UnitInfo
from warbench.core.luck import pool_effect
from warbench.core.odds import Dist, pool_dist
from warbench.core.procedures import GameState, Outcome, Procedure
from warbench.core.rng import RandomStream
from warbench.core.ruleset import ArmyRules, Ruleset, SetupError
from warbench.core.table import Piece, TablePicture
from warbench.core.turns import SimultaneousOrders, roll_off
from warbench.core.words import player_name

SHOT_TABLE = FaceTable.counted(6, {(4, 5): 1, (6, 6): 2}, explode_on=(6,))
AIM_TOLERANCE = 20.0
#: Army lists of Duel: duellists at 10 points each, a list no dearer than its points size.
DUEL_ARMY_RULES = ArmyRules(
    {"duellist": UnitInfo(cost=10, tags=frozenset({"duellist"}), max_models=4)},
    ConstraintSet(constraints=(PointsCap(),)),
)


@dataclass(frozen=True, slots=True)
class Stance(Action, tag="stance"):
    stance: str


@dataclass(frozen=True, slots=True)
class Shoot(Action, tag="shoot"):
    target: int
    bearing: float
    power: int = 1


@dataclass(frozen=True, slots=True)
class Pass(Action, tag="pass"):
    pass


@dataclass(frozen=True, slots=True)
class Respond(Action, tag="respond"):
    response: str


@dataclass(frozen=True, slots=True)
class Gamble(Action, tag="gamble"):
    """Spends energy, then is refused late if the die shows 1: proves rollback."""


@dataclass(frozen=True, slots=True)
class StanceWritten(Event, tag="stance_written"):
    player: int


@dataclass(frozen=True, slots=True)
class OwnStance(Event, tag="own_stance"):
    stance: str


@dataclass(frozen=True, slots=True)
class StancesRevealed(Event, tag="stances_revealed"):
    stances: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class Shot(Event, tag="shot"):
    shooter: int
    target: int
    power: int


@dataclass(frozen=True, slots=True)
class Damage(Event, tag="damage"):
    target: int
    hits: int


EVENT_TYPES = (StanceWritten, OwnStance, StancesRevealed, Shot, Damage)


@dataclass(slots=True)
class DuelState(GameState):
    hp: list[int] = field(default_factory=list)
    energy: list[int] = field(default_factory=list)
    stances: list[str | None] = field(default_factory=list)
    round: int = 1
    max_rounds: int = 6

    def alive(self) -> list[int]:
        return [player for player, hp in enumerate(self.hp) if hp > 0]


def seat_position(player: int, players: int) -> tuple[float, float]:
    angle = 2 * math.pi * player / players
    return 10 * math.sin(angle), 10 * math.cos(angle)


def bearing(shooter: int, target: int, players: int) -> float:
    sx, sy = seat_position(shooter, players)
    tx, ty = seat_position(target, players)
    return math.degrees(math.atan2(tx - sx, ty - sy)) % 360


class AimSpace(ParamSpace):
    action_type = Shoot

    def __init__(self, state: DuelState, shooter: int) -> None:
        self._state = state
        self.shooter = shooter
        self.description = "aim at a rival: bearing within 20 degrees, power up to your energy"

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, Shoot):
            return f"{action!r} is not a shot"
        state = self._state
        if action.target == self.shooter or action.target not in state.alive():
            return f"{player_name(action.target)} is not a living rival"
        if not 1 <= action.power <= state.energy[self.shooter]:
            return f"power {action.power} is not between 1 and {state.energy[self.shooter]}"
        true_bearing = bearing(self.shooter, action.target, state.players)
        off = abs((action.bearing - true_bearing + 180) % 360 - 180)
        if off > AIM_TOLERANCE:
            return (f"bearing {action.bearing:.1f} misses {player_name(action.target)} by"
                    f" {off:.1f} deg")
        return None

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        state = self._state
        rivals = [p for p in state.alive() if p != self.shooter]
        samples: list[Action] = []
        for _ in range(count):
            target = rivals[rng.choice_index(len(rivals))]
            aim = bearing(self.shooter, target, state.players)
            wobble = (rng.random() * 2 - 1) * AIM_TOLERANCE
            power = rng.integers(1, state.energy[self.shooter])
            samples.append(Shoot(target, round((aim + wobble) % 360, 3), power))
        return samples


DuelGame = Game[DuelState, None]


class RoundStage(enum.StrEnum):
    ORDERS = "orders"
    INITIATIVE = "initiative"
    END = "end"


class ActivationStage(enum.StrEnum):
    AIM = "aim"
    RESPOND = "respond"
    RESOLVE = "resolve"
    DONE = "done"


@dataclass(slots=True)
class WriteStances(SimultaneousOrders[DuelState, None]):
    """Every living duellist writes a stance at once; they are revealed together."""

    def owed(self, game: DuelGame, player: int) -> list[str]:
        key = str(player)
        alive = game.state.hp[player] > 0
        return [key] if alive and key not in self.written else []

    def decision(self, game: DuelGame, player: int, key: str) -> Decision:
        return Decision(player, "write your stance", (Stance("aggressive"), Stance("guarded")))

    def act(self, game: DuelGame, player: int, action: Action) -> None:
        SimultaneousOrders.act(self, game, player, action)
        game.emit(StanceWritten(player, text=f"{player_name(player)} writes a stance"))
        if isinstance(action, Stance):
            game.emit(
                OwnStance(action.stance, text=f"you chose {action.stance}",
                          visible_to=frozenset({player}))
            )

    def carry_out(self, game: DuelGame, orders: dict[str, Action]) -> None:
        state = game.state
        for key, order in orders.items():
            if isinstance(order, Stance):
                state.stances[int(key)] = order.stance
        game.emit(StancesRevealed(tuple(state.stances)))


@dataclass(slots=True)
class Round(Procedure[DuelState, None]):
    stage: RoundStage = RoundStage.ORDERS

    def step(self, game: DuelGame) -> None:
        state = game.state
        if self.stage is RoundStage.ORDERS:
            state.stances = [None] * state.players
            self.stage = RoundStage.INITIATIVE
            game.push(WriteStances())
        elif self.stage is RoundStage.INITIATIVE:
            order = roll_initiative(game, state.alive())
            self.stage = RoundStage.END
            game.push(*(self.activation(player) for player in reversed(order)))
        else:
            living = state.alive()
            if len(living) <= 1 or state.round >= state.max_rounds:
                best = max(state.hp)
                winners = tuple(p for p in living if state.hp[p] == best)
                game.end(Outcome(winners, tuple(float(hp) for hp in state.hp), "duel over"))
                return
            state.round += 1
            for player in living:
                state.energy[player] = min(3, state.energy[player] + 1)
            self.stage = RoundStage.ORDERS

    def activation(self, player: int) -> Procedure[DuelState, None]:
        """The frame of one duellist's turn (variants of Duel in tests swap in their own)."""
        return Activation(player)


def roll_initiative(game: DuelGame, players: list[int]) -> list[int]:
    """Each player rolls a d6, highest first; tied players roll again among themselves."""
    return roll_off(players, lambda player: game.dice.faces(6, 1, label="initiative")[0])


@dataclass(slots=True)
class Activation(Procedure[DuelState, None]):
    player: int
    stage: ActivationStage = ActivationStage.AIM
    target: int = -1
    power: int = 0
    response: str = ""

    def decisions(self, game: DuelGame) -> list[Decision]:
        state = game.state
        aiming = self.stage is ActivationStage.AIM
        if not aiming or state.hp[self.player] <= 0 or len(state.alive()) < 2:
            return []
        options: tuple[Action, ...] = (Pass(),)
        if state.energy[self.player] > 0:
            options += (Gamble(),)
            return [Decision(self.player, "aim or pass", options, (AimSpace(state, self.player),))]
        return [Decision(self.player, "pass", options)]

    def act(self, game: DuelGame, player: int, action: Action) -> None:
        state = game.state
        if isinstance(action, Gamble):
            state.energy[player] -= 1
            if game.dice.faces(6, 1, label="gamble")[0] == 1:
                raise IllegalAction("the gamble failed: the rules refuse it after the roll")
            state.hp[player] += 1
            self.stage = ActivationStage.DONE
        elif isinstance(action, Shoot):
            state.energy[player] -= action.power
            self.target, self.power = action.target, action.power
            self.stage = ActivationStage.RESPOND
            game.emit(Shot(player, action.target, action.power,
                           text=f"{player_name(player)} shoots at {player_name(action.target)}"))
            game.push(AnswerShot(defender=action.target))
        else:
            self.stage = ActivationStage.DONE

    def step(self, game: DuelGame) -> None:
        state = game.state
        if self.stage is ActivationStage.RESOLVE:
            hits = count_hits(game, self.player, self.power * 2)
            if state.stances[self.player] == "aggressive":
                hits += 1
            if self.response == "brace":
                hits //= 2
            elif self.response == "dodge" and game.dice.faces(6, 1, label="dodge")[0] >= 5:
                hits = 0
            state.hp[self.target] = max(0, state.hp[self.target] - hits)
            game.emit(Damage(self.target, hits, text=f"{player_name(self.target)} loses {hits}"))
        game.pop()


def count_hits(game: DuelGame, shooter: int, pool: int) -> int:
    hits, dice = 0, pool
    while dice:
        faces = game.dice_for(shooter).faces(6, dice, label="shot")
        dice = 0
        for face in faces:
            outcome = SHOT_TABLE.outcome(face)
            hits += outcome.values[0]
            dice += outcome.explodes
    game.emit(pool_effect(shooter, "shot", hits, pool, SHOT_TABLE))  # what the luck report rates
    return hits


@dataclass(slots=True)
class AnswerShot(Procedure[DuelState, None]):
    defender: int

    def decisions(self, game: DuelGame) -> list[Decision]:
        return [Decision(self.defender, "dodge or brace", (Respond("dodge"), Respond("brace")))]

    def act(self, game: DuelGame, player: int, action: Action) -> None:
        if not isinstance(action, Respond):
            raise IllegalAction(f"{action!r} does not answer a shot")
        game.pop()
        activation = game.top
        if not isinstance(activation, Activation):
            raise IllegalAction("a shot is answered only inside an activation")
        activation.response = action.response
        activation.stage = ActivationStage.RESOLVE


class ShotOptions(pydantic.BaseModel):
    power: int = pydantic.Field(default=1, ge=1, le=3, description="energy spent (1-3)")
    aggressive: bool = pydantic.Field(default=False, description="shooter's stance")
    brace: bool = pydantic.Field(default=False, description="the target braces")


class ShotOdds(AttackOdds):
    name = "shot"
    summary = "hits a Duel shot deals (before any dodge)"
    options_model = ShotOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, ShotOptions)
        hits = pool_dist(options.power * 2, SHOT_TABLE)
        assert isinstance(hits, Dist)
        if options.aggressive:
            hits = hits + 1
        if options.brace:
            hits = hits.map(lambda h: h // 2)
        return OddsAnswer(hits, "hits", {"no hit": hits.p(0), "hit": 1 - hits.p(0)})


class Duel(Ruleset[DuelState, None]):
    id = "test-duel"
    name = "Duel (test game)"
    version = "1"
    min_players = 2
    max_players = 4
    action_types = (Stance, Shoot, Pass, Respond, Gamble)
    event_types = EVENT_TYPES
    secret_fields = ("stack",)

    def default_setup(self) -> dict[str, Any]:
        return {"hp": 8, "rounds": 6}

    def attacks(self) -> dict[str, AttackOdds]:
        return {"shot": ShotOdds()}

    def army_rules(self, army: ArmyList, list_format: str | None = None) -> ArmyRules:
        return DUEL_ARMY_RULES

    def table(self, state: DuelState) -> TablePicture:
        pieces = []
        for player in range(state.players):
            x, y = seat_position(player, state.players)
            pieces.append(
                Piece(f"{player_name(player)} hp {state.hp[player]}", x + 12, y + 12, player=player,
                      faded=state.hp[player] <= 0)
            )
        return TablePicture(24, 24, tuple(pieces), title=f"Duel, round {state.round}")

    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> DuelState:
        unknown = sorted(set(setup) - {"hp", "rounds"})
        if unknown:
            raise SetupError(f"setup: unknown key {unknown[0]!r}")
        hp = setup.get("hp", 8)
        if not isinstance(hp, int) or hp < 1:
            raise SetupError(f"setup.hp: must be a positive whole number, got {hp!r}")
        state = DuelState(
            players=players,
            rng=rng,
            hp=[hp] * players,
            energy=[2] * players,
            stances=[None] * players,
            max_rounds=int(setup.get("rounds", 6)),
        )
        state.stack.append(Round())
        return state
