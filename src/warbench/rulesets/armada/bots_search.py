"""What the Armada search bot tries at its root after the tactician's choice.

:func:`alternatives` (through :meth:`~warbench.rulesets.armada.bots.TacticianAgent.
alternatives`) lists a decision's actions by the tactician's own measures, without changing
its choice (the search puts that first): a fleet's moves by the score of the pose they reach
less its caution (stunts by their expected score), the best move to each distinct end hex
of each fleet free to move, each fleet's best before any fleet's second (a routed fleet's
flight first); officers' orders by the tactician's order score, above the least it gives
one, with giving none (ending the orders or moving instead) after the best; attacks by the
value it expects (the hits waiting to land counted), the best at each target, then holding
fire. Where a decision offers several kinds (an order or a move), the best of each kind
come first, then the second of each kind. Elsewhere (mines, self-destruction, choices) the
options are few: the first as listed.
"""

from __future__ import annotations

from itertools import zip_longest
from typing import Final

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.hexgrid import Hex
from warbench.core.observation import Observation
from warbench.core.search.budget import Budget
from warbench.core.search.candidates import merge
from warbench.rulesets.armada.actions import EndOrders, Fire, HoldFire, Move
from warbench.rulesets.armada.bot_helm import stunt_outcomes, target_value
from warbench.rulesets.armada.bot_orders import ranked_orders
from warbench.rulesets.armada.bots import WORTH_AN_ORDER, TacticianAgent, attack_score
from warbench.rulesets.armada.data import ArmadaData, Tables
from warbench.rulesets.armada.gunnery import waiting_damage
from warbench.rulesets.armada.helm import MoveSpace
from warbench.rulesets.armada.moves import flee_steps, ordinary_moves
from warbench.rulesets.armada.order_space import OrderSpace
from warbench.rulesets.armada.state import ROUTED, ArmadaState, Fleet


def alternatives(
    bot: TacticianAgent,
    observation: Observation[ArmadaState, ArmadaData],
    decision: Decision,
    count: int,
) -> list[Action]:
    """Up to ``count`` of the decision's actions, the tactician's favourites first."""
    state, tables = observation.state, observation.data.tables
    kinds: list[list[Action]] = []
    for space in decision.spaces:
        if isinstance(space, OrderSpace):
            kinds.append(_orders(bot, state, tables, space, decision))
        elif isinstance(space, MoveSpace):
            kinds.append(_moves(bot, state, tables, space.fleets))
    if any(isinstance(option, Fire) for option in decision.options):
        kinds.append(_attacks(state, tables, decision.options))
    lines = [line for rank in zip_longest(*kinds) for line in rank if line is not None]
    # where no kind offers a line (an officer with no order worth giving beside a space of
    # attacks), the options as listed, as elsewhere
    return merge(None, lines, count) or list(decision.options[:count])


def _moves(bot: TacticianAgent, state: ArmadaState, tables: Tables,
           fleets: list[int]) -> list[Action]:
    """Each fleet's best move to each end hex by the score less the caution of the pose
    (the tactician's order of equal scores: ordinary moves before stunts, fleets in order),
    fleet by fleet: every fleet's best move, the best of them first, then every fleet's
    second, and so on, so that the root weighs which fleet moves now as well as where. A
    routed fleet only flees; where one may move, the first one's flight comes first, as the
    tactician moves it before any other."""
    fleeing: list[Action] = []
    weighed: list[tuple[float, int, Move, Hex]] = []
    for fleet_id in fleets:
        fleet = state.fleets[fleet_id]
        if fleet.morale == ROUTED:
            if not fleeing:
                fleeing.append(Move(fleet.id, flee_steps(state, tables, fleet)))
            continue
        scorer = bot.scorer(state, tables, fleet)
        for pose, steps in ordinary_moves(state, tables, fleet).items():
            value = scorer.score(pose) - scorer.caution(pose)
            weighed.append((value, len(weighed), Move(fleet.id, steps), pose.hex))
        for move, outcomes in stunt_outcomes(state, tables, fleet):
            value = scorer.expected(outcomes) - scorer.expected_caution(outcomes)
            weighed.append((value, len(weighed), move, outcomes[0][1].hex))
    weighed.sort(key=lambda entry: (-entry[0], entry[1]))
    ends: set[tuple[int, Hex]] = set()
    by_fleet: dict[int, list[Action]] = {}  # in the order of each fleet's best move
    for _, _, move, end in weighed:
        if (move.fleet, end) not in ends:
            ends.add((move.fleet, end))
            by_fleet.setdefault(move.fleet, []).append(bot.fly_by(state, tables, move))
    ranks = zip_longest(*by_fleet.values())
    return fleeing + [move for rank in ranks for move in rank if move is not None]


def _orders(bot: TacticianAgent, state: ArmadaState, tables: Tables, space: OrderSpace,
            decision: Decision) -> list[Action]:
    """The orders the tactician would give, best first, with giving none after the best."""
    candidates, context = bot.order_candidates(state, tables, space, decision)

    def value(attacker: Fleet, target: Fleet) -> float:
        return target_value(state, tables, attacker, target)

    orders = ranked_orders(state, tables, candidates, context, value, WORTH_AN_ORDER)
    if EndOrders() in decision.options:
        orders.insert(1, EndOrders())
    return orders


def _attacks(state: ArmadaState, tables: Tables, options: tuple[Action, ...]) -> list[Action]:
    """The best attack at each target (as the tactician values them), then holding fire."""
    landing = waiting_damage(state)
    scored = sorted(
        ((attack_score(state, tables, option, landing), index, option)
         for index, option in enumerate(options)
         if isinstance(option, Fire) and option.mine < 0 and not option.resolve),
        key=lambda entry: (-entry[0], entry[1]),
    )
    targets: set[tuple[int, ...]] = set()
    attacks: list[Action] = []
    for score, _, option in scored:
        group = (option.target, *sorted(option.also))
        if score > 0 and group not in targets:
            targets.add(group)
            attacks.append(option)
    attacks += [option for option in options if isinstance(option, HoldFire)][:1]
    return attacks


#: The search bot's budget unless its options say otherwise, the one its strength is measured
#: at (docs/agents.md): the core's six worlds and pilot, play-outs of ten decisions valued by
#: the standing, the tactician's choice and its four next-best lines at the root (at a move,
#: where an armada has up to five fleets, each free fleet's best), the paired test at one
#: standard error and up to six more worlds where the root is close, and keyed dice (each
#: world rolls a fleet's volley of a round alike after every root line, whichever fleet
#: moved first).
SEARCH_BUDGET: Final = Budget(depth=10, width=5, alternatives=4, extend=6, paired=1.0, keyed=1)
