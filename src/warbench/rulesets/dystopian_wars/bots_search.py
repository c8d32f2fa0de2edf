"""What the Dystopian Wars search bot tries at its root after the commodore's choice.

:func:`alternatives` (through :meth:`~warbench.rulesets.dystopian_wars.bots.CommodoreBot.
alternatives`) lists a decision's options by the commodore's own measures, its own choice
first, without changing that choice: squadrons to activate by its urgency (the nearest
to the enemy first); a model's moves by its score of the pose they reach, the best of each
distinct end (another place or heading, not the same course an inch shorter), and the
commodore's own move at the other level for a diver or a flyer (a submarine surfacing or
diving, a flyer in or out of the clouds: it picks one level by rule of thumb); attacks
by the damage it expects, the best at each target; boarding, which it takes only with
clearly more assault points than the defender, with the largest party at each target,
then ending the assaults. Elsewhere (answers, cards, re-rolls, repairs) the options are
few: the first of them as listed (the search puts the commodore's own choice first).
None of this draws from the bot's dice, so its later choices stay as they were.
"""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING, Any, Final

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.core.search.budget import Budget
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    Board,
    CeaseFire,
    EndBoarding,
    Fire,
    Idle,
    Move,
)
from warbench.rulesets.dystopian_wars.bot_tactics import launch_choice
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.deployment import kept_aboard
from warbench.rulesets.dystopian_wars.movement import LEVEL_CHOICES
from warbench.rulesets.dystopian_wars.state import DWState, Model
from warbench.rulesets.dystopian_wars.world import world_of

if TYPE_CHECKING:
    from warbench.rulesets.dystopian_wars.bots import CommodoreBot

#: Two moves end apart when their ends are at least this far apart (inches, centre to
#: centre) or their headings this far apart (degrees); nearer ones are the same course.
APART = 3.0
TURNED = 40.0


def alternatives(
    bot: CommodoreBot, state: DWState, data: RulesData, decision: Decision, count: int
) -> list[Action]:
    """Up to ``count`` of the decision's actions, the commodore's favourites first."""
    options = decision.options
    if any(isinstance(o, Activate) for o in options):
        return _activations(bot, state, data, decision)[:count]
    if any(space.action_type is Move for space in decision.spaces):
        if launch_choice(decision) is not None:
            return [o for o in options if not isinstance(o, Idle)][:count]
        return _moves(bot, state, data, decision, count)
    if any(isinstance(o, CeaseFire) for o in options):
        return _fires(bot, state, data, decision)[:count]
    if any(isinstance(o, Board) for o in options):
        return _boardings(bot, state, data, decision)[:count]
    deploying = kept_aboard(decision)  # the commodore keeps its wings aboard
    return list((deploying or decision).options[:count])


def _activations(
    bot: CommodoreBot, state: DWState, data: RulesData, decision: Decision
) -> list[Action]:
    """The squadrons by the commodore's urgency, its own choice first."""
    chosen = bot.activate(state, data, decision)
    rest = [o for o in decision.options if isinstance(o, Activate) and o != chosen]

    def urgency(option: Activate) -> float:
        models = state.squadron_models(option.squadron)
        if not models:
            return math.inf
        return min(bot.nearest_enemy(state, m)[1] for m in models)

    return [chosen, *sorted(rest, key=urgency)]


def _moves(
    bot: CommodoreBot, state: DWState, data: RulesData, decision: Decision, count: int
) -> list[Action]:
    """The first mover's candidate moves by the commodore's score, the best of each
    distinct end, best first (the first is the commodore's own move), with that move at the
    other level second for a model that may change level."""
    space = next(s for s in decision.spaces if s.action_type is Move)
    movers: list[int] = list(getattr(space, "movers", []))
    if not movers:
        return []
    model = state.models[movers[0]]
    kept: list[Action] = []
    ends: list[tuple[float, float, float]] = []
    for move, plan in bot.ranked(state, data, model):
        final = plan.final.turned(180.0) if move.backward else plan.final
        if any(_same_end(final.x, final.y, final.heading, end) for end in ends):
            continue
        if not bot.sound(state, data, model, move):
            continue
        kept.append(move)
        ends.append((final.x, final.y, final.heading))
        if len(kept) == count:
            break
    if kept and isinstance(kept[0], Move):
        switched = _other_level(data, model, kept[0])
        if switched is not None and bot.sound(state, data, model, switched):
            kept.insert(1, switched)
    return kept[:count]


def _other_level(data: RulesData, model: Model, move: Move) -> Move | None:
    """``move`` at the level the commodore did not pick (a diver surfaced or submerged, a
    flyer in the clouds or out of them); None for a model with one level."""
    spec = data.models[model.cls]
    choices = LEVEL_CHOICES["diving"] if spec.diving else (
        LEVEL_CHOICES["flying"] if spec.flying and not spec.tiny else ())
    if not choices:
        return None
    level = move.level or model.level
    other = next((choice for choice in choices if choice != level), None)
    return None if other is None else dataclasses.replace(move, level=other)


def _same_end(x: float, y: float, heading: float, end: tuple[float, float, float]) -> bool:
    """Whether a pose ends on the same course as ``end`` (near it, heading alike)."""
    turn = abs((heading - end[2] + 180.0) % 360.0 - 180.0)
    return math.hypot(x - end[0], y - end[1]) < APART and turn < TURNED


def _fires(bot: CommodoreBot, state: DWState, data: RulesData, decision: Decision) -> list[Action]:
    """The commodore's attack, then the attack of best expected damage at each other
    target (worth something), best first."""
    chosen = bot.fire(state, data, decision)
    world = world_of(state, data)
    best: dict[int, tuple[float, Fire]] = {}
    for option in decision.options:
        if not isinstance(option, Fire) or option == chosen:
            continue
        value = bot.attack_value(state, data, option, world)
        if value > 0.05 and (option.target not in best or value > best[option.target][0]):
            best[option.target] = (value, option)
    target = chosen.target if isinstance(chosen, Fire) else -1
    ranked = sorted((pair for key, pair in best.items() if key != target),
                    key=lambda pair: pair[0], reverse=True)
    return [chosen, *(fire for _, fire in ranked)]


def _boardings(
    bot: CommodoreBot, state: DWState, data: RulesData, decision: Decision
) -> list[Action]:
    """The commodore's choice, then the largest boarding party at each target (most
    assault points first), then ending the assaults."""
    chosen = bot.board(state, data, decision)
    parties: dict[int, Board] = {}
    for option in decision.options:
        if isinstance(option, Board) and (
            option.target not in parties or option.ap > parties[option.target].ap
        ):
            parties[option.target] = option
    bold = sorted(parties.values(), key=lambda b: -b.ap)
    stop = [o for o in decision.options if isinstance(o, EndBoarding)]
    found: list[Action] = [chosen]
    for option in [*bold, *stop]:
        if option not in found:
            found.append(option)
    return found


def game_turn(game: Game[DWState, Any]) -> int:
    """The search's clock: the game turn, so that keyed dice (the budget's ``keyed``) key a
    roll by the turn it is rolled in."""
    return game.state.turn


#: The search bot's budget unless its options say otherwise, the one its strength is measured
#: at (docs/agents.md): the core's six worlds, play-outs of twenty decisions and pilot, with
#: the commodore's choice and its two next-best lines at the root, the paired test at one
#: standard error, up to six more worlds where the root is close, and each world's dice keyed
#: by what they are rolled for in which turn (:func:`game_turn`).
SEARCH_BUDGET: Final = Budget(alternatives=2, extend=6, paired=1.0, keyed=1)
