"""The greedy tactician: officers' orders by simple priorities, moves that bring a target
into arc at the best range band and keep out of the arcs of enemies that have already
moved, and fire where the expected damage is highest (matchups included, so it focuses
where its class is strong), finishing damaged enemies first but not those the hits already
rolled will disable."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Final

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.hexgrid import Hex
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.actions import (
    Decline,
    EndOrders,
    Fire,
    HoldFire,
    LayMines,
    Move,
    Order,
    SelfDestruct,
    SpendResolve,
)
from warbench.rulesets.armada.bot_helm import (
    PoseScorer,
    Weighed,
    stunt_outcomes,
    target_value,
)
from warbench.rulesets.armada.bot_orders import (
    OrderContext,
    best_order,
    conjure_ceiling,
    hit_chance,
    is_conjure,
    scored_orders,
)
from warbench.rulesets.armada.bot_orders import order_score as score_order
from warbench.rulesets.armada.bot_resolve import RESOLVE_RANGE, spends_resolve
from warbench.rulesets.armada.combat import gunnery_for
from warbench.rulesets.armada.data import ArmadaData, Tables
from warbench.rulesets.armada.gunnery import waiting_damage
from warbench.rulesets.armada.helm import MoveSpace
from warbench.rulesets.armada.mines import MineSpace
from warbench.rulesets.armada.moves import (
    flee_steps,
    ordinary_moves,
    passed_enemies,
    plan_move,
)
from warbench.rulesets.armada.order_space import OrderSpace
from warbench.rulesets.armada.resolve import pending_check
from warbench.rulesets.armada.state import ACTIVE, ROUTED, ArmadaState, Fleet

#: How much more an attack on the fleet its commander won a duel against is worth.
DUEL_FOCUS: Final = 1.5
#: The least priority an order needs for the tactician to give it.
WORTH_AN_ORDER: Final = 1.0


class TacticianAgent:
    """A greedy one-ply Armada bot."""

    name = "tactician"

    def __init__(self, seed: int = 0) -> None:
        self.rng = RandomStream.from_seed(seed)
        #: Each fleet's scores from earlier decisions (see :meth:`_scorer`).
        self._weighed: dict[int, Weighed] = {}
        self._tables: Tables | None = None

    def choose(
        self, observation: Observation[ArmadaState, ArmadaData], decision: Decision
    ) -> Action:
        """An order, a move, an attack or a choice, picked greedily from what the seat sees."""
        state = observation.state
        tables = observation.data.tables
        if any(isinstance(option, SpendResolve) for option in decision.options):
            return self._resolve(state, tables, decision.options)
        orders = [space for space in decision.spaces if isinstance(space, OrderSpace)]
        order = self._order(state, tables, orders[0], decision) if orders else None
        for space in decision.spaces:
            if isinstance(space, MoveSpace):
                return order or self._move(state, tables, space.fleets)
            if isinstance(space, MineSpace):
                return self._mines(state, space)
        if order is not None:
            return order
        options = decision.options
        if any(isinstance(option, SelfDestruct | Decline) for option in options):
            return self._self_destruct(state, options)
        if EndOrders() in options:
            return EndOrders()
        return self._attack(state, tables, options)

    # ------------------------------------------------------------------ orders

    def _order(
        self, state: ArmadaState, tables: Tables, space: OrderSpace, decision: Decision
    ) -> Action | None:
        """The officer's order (or role change) worth giving now, if any. Conjured debris
        is weighed where enemy fleets are expected to end their move, so each enemy's move
        is predicted first, unless no conjure order could beat the best other one."""

        def value(attacker: Fleet, target: Fleet) -> float:
            return target_value(state, tables, attacker, target)

        context = self._context(state, tables, space, decision)
        candidates = list(space.candidates())
        ceiling = self._conjure_ceiling(state, space)
        if ceiling is not None:
            others = [candidate for candidate in candidates if not is_conjure(candidate)]
            scored = scored_orders(state, tables, others, context, value, WORTH_AN_ORDER)
            if not scored and ceiling <= WORTH_AN_ORDER:
                return None  # no order is worth giving, a conjure neither
            if scored and scored[0][0] > ceiling:
                return scored[0][2]  # no conjure can beat it: the whole ranking's first
        if context.predict is not None:
            candidates += self._conjure_spots(state, space, context.predict)
        return best_order(state, tables, candidates, context, value, WORTH_AN_ORDER)

    def _conjure_ceiling(self, state: ArmadaState, space: OrderSpace) -> float | None:
        """The most any conjure order offered at ``space`` could score (``None``: no officer
        may conjure there, and nothing is predicted anyway)."""
        if space.phase.value != "engineering":
            return None
        ceilings = [conjure_ceiling(state, officer)
                    for index, officer in enumerate(state.officers)
                    if officer.side == space.player and space.may_give(index, "conjure")]
        return max(ceilings) if ceilings else None

    def order_candidates(
        self, state: ArmadaState, tables: Tables, space: OrderSpace, decision: Decision
    ) -> tuple[list[Action], OrderContext]:
        """The orders and role changes the tactician weighs at ``decision``, and what it
        weighs them in."""
        context = self._context(state, tables, space, decision)
        candidates = list(space.candidates())
        if context.predict is not None:
            candidates += self._conjure_spots(state, space, context.predict)
        return candidates, context

    def _context(
        self, state: ArmadaState, tables: Tables, space: OrderSpace, decision: Decision
    ) -> OrderContext:
        """What the tactician weighs orders in at ``decision`` (enemy moves predicted only
        when a conjure order asks)."""
        moves = [other for other in decision.spaces if isinstance(other, MoveSpace)]
        context = OrderContext(
            space.phase.value,
            movers=frozenset(moves[0].fleets) if moves else None,
            waiting=self._waiting(state, tables, decision.options),
        )
        if space.phase.value == "engineering":
            context.predict = self._predictor(state, tables)
        return context

    def order_score(
        self, state: ArmadaState, tables: Tables, order: Order, phase: str = "engineering"
    ) -> float:
        """How much the tactician wants to give ``order`` now (0: not at all)."""
        return score_order(
            state, tables, order, OrderContext(phase),
            lambda attacker, target: target_value(state, tables, attacker, target),
        )

    def _waiting(
        self, state: ArmadaState, tables: Tables, options: tuple[Action, ...]
    ) -> dict[int, float]:
        """Fleets a gunnery decision still lets fire, with the value of their best attack."""
        waiting: dict[int, float] = {}
        landing = waiting_damage(state)
        for option in options:
            if isinstance(option, Fire) and option.mine < 0 and not option.also:
                value = target_value(
                    state, tables, state.fleets[option.fleet], state.fleets[option.target],
                    waiting=landing.get(option.target, 0),
                )
                waiting[option.fleet] = max(waiting.get(option.fleet, 0.0), value)
        return waiting

    def _predictor(self, state: ArmadaState, tables: Tables) -> Callable[[Fleet], Hex]:
        """Where the tactician expects an enemy fleet to end its move (its own choice of
        move for that fleet, each found once)."""
        found: dict[int, Hex] = {}

        def predict(enemy: Fleet) -> Hex:
            if enemy.id not in found:
                move = self._move(state, tables, [enemy.id])
                assert isinstance(move, Move)
                found[enemy.id] = plan_move(state, tables, enemy, move).end.hex
            return found[enemy.id]

        return predict

    def _conjure_spots(
        self, state: ArmadaState, space: OrderSpace, predict: Callable[[Fleet], Hex]
    ) -> list[Action]:
        """Conjure orders on the hexes where enemy fleets are expected to end their move."""
        spots: list[Action] = []
        for index, officer in enumerate(state.officers):
            if officer.side != space.player or officer.role != "chief-spellcaster":
                continue
            if not space.may_give(index, "conjure"):
                continue  # no spot would be valid: predict nothing
            for enemy in state.fleets:
                if enemy.side == officer.side or enemy.status != ACTIVE:
                    continue
                where = predict(enemy)
                order = Order(index, "conjure", q=where.q, r=where.r)
                if space.validate(order) is None:
                    spots.append(order)
        return spots

    # ------------------------------------------------------------------ gunnery

    def _attack(self, state: ArmadaState, tables: Tables, options: tuple[Action, ...]) -> Action:
        best: Action | None = None
        best_score = 0.0
        landing = waiting_damage(state)
        for option in options:
            if not isinstance(option, Fire) or option.mine >= 0 or option.resolve:
                continue
            score = attack_score(state, tables, option, landing)
            if score > best_score:
                best, best_score = option, score
        if isinstance(best, Fire) and not best.also:
            with_resolve = dataclasses.replace(best, resolve=True)
            if with_resolve in options:
                attacker, target = state.fleets[best.fleet], state.fleets[best.target]
                gunnery = gunnery_for(state, tables, attacker, target)
                low, high = RESOLVE_RANGE
                if low <= hit_chance(gunnery.modifier, gunnery.armor_class) <= high:
                    return with_resolve
        if best is not None:
            return best
        holds = [option for option in options if isinstance(option, HoldFire)]
        return holds[0] if holds else options[0]

    def alternatives(
        self, observation: Observation[ArmadaState, ArmadaData], decision: Decision, count: int
    ) -> list[Action]:
        """Its next-best actions (:mod:`.bots_search`), for the search bot's root."""
        from warbench.rulesets.armada.bots_search import alternatives

        return alternatives(self, observation, decision, count)

    def _resolve(self, state: ArmadaState, tables: Tables, options: tuple[Action, ...]) -> Action:
        """Spend resolve on the check waiting for it where :func:`.bot_resolve.spends_resolve`
        says so (a doubtful free attack or boarders' check, a morale check that may rout, a
        rally's re-test in doubt), else keep it."""
        check = pending_check(state)
        spend = check is not None and spends_resolve(state, tables, check)
        return next(option for option in options
                    if isinstance(option, SpendResolve) and option.spend == spend)

    def _self_destruct(self, state: ArmadaState, options: tuple[Action, ...]) -> Action:
        """Blow up the fleet only to attack an adjacent enemy (the most damaged one); with
        none, stay adrift (a disabled fleet still blocks its hex and may be fired at)."""
        blasts = [
            option for option in options
            if isinstance(option, SelfDestruct) and option.target >= 0
            and state.fleets[option.target].side != state.fleets[option.fleet].side
        ]
        if blasts:
            return max(blasts, key=lambda blast: state.fleets[blast.target].hull_points
                       - state.fleets[blast.target].hull)
        return next(option for option in options if isinstance(option, Decline))

    def _mines(self, state: ArmadaState, space: MineSpace) -> Action:
        fleet = state.fleets[space.fleets[0]]
        enemies = [enemy.hex for enemy in state.enemies_of(fleet) if enemy.status == ACTIVE]
        if not enemies:
            return Decline(fleet.id)

        def nearness(hex_: Hex) -> int:
            return min(hex_.distance(enemy) for enemy in enemies)

        around = sorted(fleet.hex.within(space.rule.reach), key=lambda h: (nearness(h), h.q, h.r))
        chosen = around[: space.rule.hexes]
        return LayMines(fleet.id, tuple((h.q, h.r) for h in chosen))

    # ------------------------------------------------------------------ helm

    def _move(self, state: ArmadaState, tables: Tables, fleets: list[int]) -> Action:
        """The move whose expected pose score, less the pose's caution (what the enemies
        that have already moved could fire at it), is highest: each ordinary move ends where
        it aims; a stunt is weighed with the chances of :func:`stunt_outcomes` (the first of
        equal scores is kept, ordinary moves before stunts, fleets in order)."""
        best: Move | None = None
        best_score = float("-inf")
        for fleet_id in fleets:
            fleet = state.fleets[fleet_id]
            if fleet.morale == ROUTED:
                return Move(fleet.id, flee_steps(state, tables, fleet))
            scorer = self.scorer(state, tables, fleet)
            for pose, steps in ordinary_moves(state, tables, fleet).items():
                if scorer.ceiling(pose) <= best_score:
                    continue  # it could not beat the best found so far
                value = scorer.score(pose)
                if value > best_score:  # the caution can only lower it
                    value -= scorer.caution(pose)
                    if value > best_score:
                        best, best_score = Move(fleet.id, steps), value
            for move, outcomes in stunt_outcomes(state, tables, fleet):
                value = scorer.expected(outcomes)
                if value > best_score:  # the caution can only lower it
                    value -= scorer.expected_caution(outcomes)
                    if value > best_score:
                        best, best_score = move, value
        assert best is not None
        return self.fly_by(state, tables, best)

    def scorer(self, state: ArmadaState, tables: Tables, fleet: Fleet) -> PoseScorer:
        """A :class:`PoseScorer` of ``fleet``, with the scores kept from earlier decisions
        while nothing they read changes: a side moves several fleets in a row, and an ally's
        move leaves the scores of one still to move as they were."""
        if tables is not self._tables:
            self._tables, self._weighed = tables, {}
        scorer = PoseScorer(state, tables, fleet, self._weighed.get(fleet.id))
        self._weighed[fleet.id] = scorer.weighed
        return scorer

    def fly_by(self, state: ArmadaState, tables: Tables, move: Move) -> Move:
        """An ordinary move through an enemy's hex is better made as a flyby past it: made,
        that enemy makes no free attack; failed, its free attack deals half damage."""
        if move.stunt:
            return move
        fleet = state.fleets[move.fleet]
        path = plan_move(state, tables, fleet, move).path
        passed = passed_enemies(state, fleet, path)
        return dataclasses.replace(move, stunt="flyby", target=passed[0].id) if passed else move


def attack_score(
    state: ArmadaState, tables: Tables, option: Fire, landing: dict[int, int]
) -> float:
    """What the tactician's gunnery expects of ``option`` (an attack without a mine or
    resolve): the value of each target it engages, each weighed as it will stand once the
    damage already rolled at it this phase lands (``landing``, from :func:`waiting_damage`:
    a fleet that damage disables is worth little more fire), more on the fleet its commander
    won a duel against, a superweapon's by the attacker's tier."""
    attacker = state.fleets[option.fleet]
    group = (option.target, *option.also)
    score = sum(
        target_value(state, tables, attacker, state.fleets[index], len(group),
                     landing.get(index, 0))
        for index in group
    )
    if attacker.this_round.duel_target in group:
        score *= DUEL_FOCUS  # a won duel pays only if this fleet's attack lands
    if option.superweapon:
        score = score * 0.9 + attacker.tier * 0.9
    return score
