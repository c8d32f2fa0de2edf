"""The battle as procedures: deployment, then rounds of engineering, helm and gunnery.

Read top to bottom it follows the rules' sequence: the armadas deploy some distance apart;
each round fleets regain shields (:mod:`.engineering`), the admirals' checks set who moves
first and the armadas move half their fleets in turn, then the other half (:mod:`.helm`,
gravity mines in :mod:`.mines`); every fleet may attack once and all the damage lands
together at the end (:mod:`.gunnery`, :mod:`.damage`); then the end of the round and of
the battle are settled here.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from warbench.core.dice import DiceExpr
from warbench.core.hexgrid import Hex, HexPose
from warbench.core.procedures import Outcome, Procedure
from warbench.core.words import counted, one_of, possessive
from warbench.rulesets.armada.context import ArmadaGame
from warbench.rulesets.armada.damage import SelfDestructChoice, note_disabled
from warbench.rulesets.armada.data import ArmadaData, Tables
from warbench.rulesets.armada.engineering import OrdersWindow, engineering
from warbench.rulesets.armada.events import (
    Deployed,
    Disabled,
    Experience,
    HelmTied,
    Initiative,
    RoundBegins,
)
from warbench.rulesets.armada.experience import reward_text, rewards_for
from warbench.rulesets.armada.gunnery import GunneryPhase
from warbench.rulesets.armada.helm import HelmPhase, drift, initiative_check
from warbench.rulesets.armada.mines import MinesWindow
from warbench.rulesets.armada.names import fleet_label, side_label
from warbench.rulesets.armada.orders import end_of_round_orders, end_of_taunts
from warbench.rulesets.armada.resolve import Check, roll_or_offer
from warbench.rulesets.armada.state import (
    ACTIVE,
    DISABLED,
    INSPIRED,
    ROUTED,
    SHAKEN,
    STEADY,
    ArmadaState,
    Officer,
    Phase,
)


class BattleStage(enum.StrEnum):
    """Where the battle stands: deploying, or playing rounds."""

    DEPLOY = "deploy"
    ROUNDS = "rounds"


class RoundStage(enum.StrEnum):
    """The next step of a round, in the rules' sequence."""

    ORDERS = "orders"
    ENGINEERING = "engineering"
    HELM = "helm"
    MOVES = "moves"
    MINES = "mines"
    GUNNERY = "gunnery"
    END = "end"
    CLOSE = "close"


@dataclass(slots=True)
class Battle(Procedure[ArmadaState, ArmadaData]):
    """Deploy, then play rounds until one side is beaten or the round limit is reached."""

    stage: BattleStage = BattleStage.DEPLOY

    def step(self, game: ArmadaGame) -> None:
        state = game.state
        if self.stage is BattleStage.DEPLOY:
            deploy(game, state, game.data.tables)
            self.stage = BattleStage.ROUNDS
            return
        state.round += 1
        game.emit(RoundBegins(state.round, text=f"round {state.round} begins"))
        game.push(Round())


def deploy(game: ArmadaGame, state: ArmadaState, tables: Tables) -> None:
    """Set the distance (3d6+5 hexes unless the set-up chose one) and place the fleets."""
    if state.distance <= 0:
        expr = DiceExpr.parse(tables.rounds.setup_distance)
        state.distance = expr.roll(game.dice, label="set-up distance").total
    for side in range(state.players):
        fleets = [fleet for fleet in state.fleets if fleet.side == side]
        if state.placements is not None:
            for fleet, (q, r, facing) in zip(fleets, state.placements[side], strict=True):
                fleet.place(HexPose(Hex(q, r), facing))
            continue
        # A line of fleets per side, flagship in the middle; the lines face each other,
        # and no two enemy fleets start closer than the set-up distance.
        ordered = sorted(fleets, key=lambda fleet: "flagship" not in fleet.abilities)
        for index, fleet in enumerate(ordered):
            offset = 2 * ((index + 1) // 2) * (1 if index % 2 else -1)
            row = state.distance if side == 0 else 0
            fleet.place(HexPose(Hex(offset, row - offset // 2), 0 if side == 0 else 3))
    game.emit(Deployed(
        state.distance,
        {fleet.id: (fleet.q, fleet.r, fleet.facing) for fleet in state.fleets},
        text=f"the armadas deploy {counted(state.distance, 'hex')} apart",
    ))


@dataclass(slots=True)
class Round(Procedure[ArmadaState, ArmadaData]):
    """One round: engineering (officers' orders, then shields), helm, gunnery, then the
    end-of-round upkeep."""

    stage: RoundStage = RoundStage.ORDERS
    order: list[int] = field(default_factory=list)

    def step(self, game: ArmadaGame) -> None:
        state = game.state
        tables = game.data.tables
        if self.stage is RoundStage.ORDERS:
            state.phase = Phase.ENGINEERING
            game.push(OrdersWindow(list(range(state.players))))
            self.stage = RoundStage.ENGINEERING
        elif self.stage is RoundStage.ENGINEERING:
            engineering(game, state, tables)
            self.stage = RoundStage.HELM
        elif self.stage is RoundStage.HELM:
            state.phase = Phase.HELM
            end_of_taunts(state)
            game.push(HelmChecks([list(range(state.players))]))  # sets self.order
            self.stage = RoundStage.MOVES
        elif self.stage is RoundStage.MOVES:
            order = ", then ".join(side_label(state, side) for side in self.order)
            game.emit(Initiative(tuple(self.order), text=f"movement order: {order} (the lower "
                                 "helm check moves first)"))
            drift(game, state, tables)
            game.push(HelmPhase(order=list(self.order)))
            self.stage = RoundStage.MINES
        elif self.stage is RoundStage.MINES:
            game.push(MinesWindow(list(self.order)))
            self.stage = RoundStage.GUNNERY
        elif self.stage is RoundStage.GUNNERY:
            state.phase = Phase.GUNNERY
            game.push(GunneryPhase(order=list(self.order)))
            self.stage = RoundStage.END
        elif self.stage is RoundStage.END:
            end_of_round(game, state, tables)
            self.stage = RoundStage.CLOSE
        else:  # after any self-destruct choice of a fleet its rout disabled
            check_battle_end(game, state, tables)
            if not game.is_over:
                game.pop()


@dataclass(slots=True)
class HelmChecks(Procedure[ArmadaState, ArmadaData]):
    """The admirals' helm checks (ARM-HELM-ADMIRAL, ARM-HELM-D6, ARM-HELM-TIES): every
    side checks, in side order; sides that tie check again among themselves, the highest
    tie first, until none is left (the core roll-off's dice order: with two sides, all
    Armada allows, the first kernel's, so old journals replay). Before each round of checks
    each admiral with resolve left is asked in turn whether to spend a point on its check
    (:class:`HelmResolve`, ARM-OFF-RESOLVE); no side sees another's die before answering.
    Done, the sides go to the :class:`Round` below, the lowest check first (it moves
    first)."""

    #: The sides by check, highest first: a group of several has yet to check off.
    groups: list[list[int]]
    #: Whether each side of the first such group spends resolve, as answered so far.
    spends: list[bool] = field(default_factory=list)

    def step(self, game: ArmadaGame) -> None:
        state = game.state
        tied = next((group for group in self.groups if len(group) > 1), None)
        if tied is None:
            game.pop()
            below = game.top
            assert isinstance(below, Round)
            below.order = [group[0] for group in reversed(self.groups)]
            return
        if len(self.spends) < len(tied):
            roll_or_offer(game, HelmResolve(tied[len(self.spends)]))
            return
        by_result: dict[int, list[int]] = {}
        for side, twice in zip(tied, self.spends, strict=True):
            by_result.setdefault(initiative_check(game, state, side, twice), []).append(side)
        self.spends = []
        for _, sides in sorted(by_result.items(), reverse=True):
            if len(sides) > 1:
                names = one_of([side_label(state, side) for side in sides], "and")
                game.emit(HelmTied(tuple(sides), text=f"the helm checks of {names} tie: "
                                   "they check again (ARM-HELM-TIES)"))
        at = self.groups.index(tied)
        self.groups[at:at + 1] = [by_result[result] for result in sorted(by_result, reverse=True)]


@dataclass(slots=True)
class HelmResolve(Check):
    """Side ``side``'s admiral, about to make its helm check, may spend a resolve point of
    its own on it (as on its orders' checks); the answer waits with the
    :class:`HelmChecks` until every side checking has given its own."""

    side: int

    def fleet(self, state: ArmadaState) -> int:
        admiral = state.admiral(self.side)
        return -1 if admiral is None else admiral.fleet

    def spender(self, state: ArmadaState) -> Officer | None:
        admiral = state.admiral(self.side)
        return admiral if admiral is not None and admiral.resolve > 0 else None

    def words(self, state: ArmadaState) -> str:
        admiral = state.admiral(self.side)
        return f"{possessive(admiral.name if admiral else side_label(state, self.side))} helm check"

    def roll(self, game: ArmadaGame, twice: bool) -> None:
        checks = game.top
        assert isinstance(checks, HelmChecks)
        checks.spends.append(twice)


# ------------------------------------------------------------------------ end of round


def end_of_round(game: ArmadaGame, state: ArmadaState, tables: Tables) -> None:
    """Orders' effects end, flybys and spent mines are over, morale wears off, long routs
    end in disablement (a fleet with self-destruct is offered to blow itself up instead,
    ARM-ABILITY-SELF-DESTRUCT); :func:`check_battle_end` follows."""
    end_of_round_orders(state)
    rounds = tables.rounds.gravity_mines.rounds
    state.mines = [m for m in state.mines if m.hp > 0 and state.round < m.laid_round + rounds]
    for fleet in state.fleets:
        if fleet.morale in (INSPIRED, SHAKEN) and fleet.morale_until <= state.round:
            fleet.morale = STEADY
        if (
            fleet.morale == ROUTED
            and fleet.status == ACTIVE
            and state.round - fleet.routed_round >= tables.rounds.rout.rounds_before_disabled
        ):
            note_disabled(game, fleet, None)  # its own rout, no enemy's hit
            fleet.status = DISABLED
            game.emit(Disabled(fleet.id, text=f"{fleet_label(state, fleet)} has fled too long "
                               "and is disabled"))
            if fleet.has("self-destruct"):
                game.push(SelfDestructChoice(fleet.id))


def check_battle_end(game: ArmadaGame, state: ArmadaState, tables: Tables) -> None:
    """The battle ends when at most one side has active fleets, or at the round limit."""
    ending = battle_verdict(state, at_limit=0 < state.max_rounds <= state.round)
    if ending is not None:
        finish_battle(game, state, tables, ending.winners, ending.scores, ending.reason)


def battle_verdict(state: ArmadaState, *, at_limit: bool) -> Outcome | None:
    """How the battle ends now, before the winners' experience: the side alone with active
    fleets wins (none: a draw, ARM-END-BEATEN); else, ``at_limit`` (the round limit reached,
    or asked what it would make of the battle now), the side that has beaten more build
    points, equal a draw (ARM-END-LIMIT); else ``None``, the battle goes on."""
    standing = [side for side in range(state.players) if state.active_fleets(side)]
    if len(standing) <= 1:
        reason = (
            f"{state.sides[standing[0]].name} holds the field" if standing else "both armadas fall"
        )
        return Outcome(tuple(standing), battle_scores(state), reason)
    if not at_limit:
        return None
    scores = battle_scores(state)
    best = max(scores)
    winners = tuple(side for side, score in enumerate(scores) if score == best)
    return Outcome(
        winners if len(winners) == 1 else (),
        scores,
        # the reason is kept in the state (its hash, journals): seats by index, numbered
        # from 1 where it is shown (core.words.as_told)
        f"round limit {state.max_rounds} reached; build points beaten: "
        + ", ".join(f"player {side} {score:g}" for side, score in enumerate(scores)),
    )


def finish_battle(
    game: ArmadaGame,
    state: ArmadaState,
    tables: Tables,
    winners: tuple[int, ...],
    scores: tuple[float, ...],
    reason: str,
) -> None:
    """End the battle: the winner's officers earn their experience (an event each, and the
    outcome's reason says it too), then the game is over."""
    for reward in rewards_for(state, winners, tables):
        text = reward_text(state, reward)
        reason = f"{reason}; {text}"
        game.emit(Experience(
            reward.side, reward.enemy, reward.difficulty, reward.challenge_rating,
            reward.total, reward.officers, reward.each, text=text,
        ))
    game.end(Outcome(winners, scores, reason))


def battle_scores(state: ArmadaState) -> tuple[float, ...]:
    """For each side, the build points of enemy fleets it has disabled or destroyed."""
    return tuple(
        float(sum(f.cost for f in state.fleets if f.side != side and f.status != ACTIVE))
        for side in range(state.players)
    )
