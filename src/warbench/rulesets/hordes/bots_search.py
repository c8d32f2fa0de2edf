"""What the HORDES search bot tries at its root after the warlock's choice.

:func:`alternatives` (through :meth:`~warbench.rulesets.hordes.bots.WarlockBot.alternatives`)
lists the root candidates after the warlock's own choice, which they do not change: where a
person would weigh another line, the lines the warlock's rules of thumb rate next: another
model to activate (beasts first, nearest the enemy warlock first), and in an activation the
best attack, reaching charge and spell at each target, a full and a half advance on the
enemy warlock or on the nearest enemy model, and staying put, taken round by round (the
best of each kind, then the second of each kind). Elsewhere (fury, transfers, free
strikes, damage boosts) the options are few: all of them.

:func:`candidates` is the search's candidate generator: the core's draws, leaving out the
charges and slams that stop short (the bots charge and slam the whole way).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import zip_longest
from typing import Any, Final

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream
from warbench.core.search.budget import Budget
from warbench.core.search.candidates import merge, sample_candidates
from warbench.rulesets.hordes.actions import Activate, Attack, Cast, Charge, Done, Move, Place
from warbench.rulesets.hordes.bots import _reaches, hostile_only
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.game import HordesGame
from warbench.rulesets.hordes.profile import boxes_left, stat
from warbench.rulesets.hordes.rush import RushSpace
from warbench.rulesets.hordes.space import gap
from warbench.rulesets.hordes.state import HordesState, Model


def alternatives(
    observation: Observation[Any, Any], decision: Decision, count: int
) -> list[Action]:
    """Up to ``count`` plausible actions at ``decision``, the likeliest first."""
    state: HordesState = observation.state
    data: HordesData = observation.data
    me = decision.player
    options = hostile_only(state, data, me, decision.options)
    if any(space.action_type is Place for space in decision.spaces):
        return []  # deployment: the warlock's line-up stands
    enemy = state.warlock(1 - me)
    activations = [o for o in options if isinstance(o, Activate)]
    if activations:
        models = _by_order(state, data, activations, enemy)
        return [Activate(model.uid) for model in models[:count]]
    uid = getattr(state.stack[-1], "model", None) if state.stack else None
    if not isinstance(uid, int) or not (
        decision.spaces or any(isinstance(o, Attack | Charge | Cast) for o in options)
    ):
        return list(options[:count])
    lines = _activation_lines(state, data, state.models[uid], decision, options, enemy)
    return merge(None, lines, count)


def candidates(
    observation: Observation[Any, Any], decision: Decision, rng: RandomStream, count: int
) -> list[Action]:
    """The core's draws (:func:`sample_candidates`) from the options and the spaces but the
    charges and slams stopping short (:class:`RushSpace`)."""
    spaces = tuple(space for space in decision.spaces if not isinstance(space, RushSpace))
    if len(spaces) < len(decision.spaces):
        decision = Decision(decision.player, decision.prompt, decision.options, spaces)
    return sample_candidates(observation, decision, rng, count)


def _by_order(
    state: HordesState, data: HordesData, activations: list[Activate], enemy: Model | None
) -> list[Model]:
    models = [state.models[o.model] for o in activations]
    return sorted(
        models,
        key=lambda m: (0 if m.beast else 1, 0.0 if enemy is None else gap(data, m, enemy)),
    )


def _activation_lines(
    state: HordesState,
    data: HordesData,
    active: Model,
    decision: Decision,
    options: tuple[Action, ...],
    enemy: Model | None,
) -> list[Action]:
    """The best of each kind of line, then the second of each kind, and so on (``options``:
    the decision's, without blows at friendly models)."""

    def target_rank(target: int) -> tuple[bool, int, int]:
        model = state.models[target]
        return (model is not enemy, boxes_left(data, model), target)

    attacks = [
        o
        for o in options
        if isinstance(o, Attack) and _in_reach(data, active, state.models[o.target], o.weapon)
    ]
    attacks.sort(key=lambda a: (target_rank(a.target), a.boost_hit))
    charges = sorted(
        (
            o
            for o in options
            if isinstance(o, Charge) and _reaches(state, data, active, state.models[o.target])
        ),
        key=lambda c: target_rank(c.target),
    )
    casts = sorted(
        (
            o
            for o in options
            if isinstance(o, Cast)
            and data.spells[o.spell].off
            and data.spells[o.spell].cost + o.boost_hit <= active.fury
        ),
        key=lambda c: (target_rank(c.target), -data.spells[c.spell].pow),
    )
    moves = _advances(state, data, active, decision, enemy)
    stay: list[Action] = [Done()] if Done() in options else []
    kinds: list[list[Action]] = [
        _per_target(attacks), _per_target(charges), _per_target(casts), moves, stay
    ]
    return [line for rank in zip_longest(*kinds) for line in rank if line is not None]


def _per_target(actions: Iterable[Action]) -> list[Action]:
    """The first action at each target (they come best first)."""
    seen: set[int] = set()
    kept: list[Action] = []
    for action in actions:
        target = getattr(action, "target", -1)
        if target not in seen:
            seen.add(target)
            kept.append(action)
    return kept


def _in_reach(data: HordesData, active: Model, target: Model, weapon: int) -> bool:
    profile = data.models[active.card].weapons[weapon]
    return profile.kind == "melee" or gap(data, active, target) <= profile.rng


def _advances(
    state: HordesState, data: HordesData, active: Model, decision: Decision, enemy: Model | None
) -> list[Action]:
    """A full and a half advance on the enemy warlock, then on the nearest enemy model."""
    spaces = [space for space in decision.spaces if space.action_type is Move]
    enemies = [m for m in state.living() if m.owner != active.owner]
    if not spaces or not enemies:
        return []
    nearest = min(enemies, key=lambda m: gap(data, active, m))
    goals = [enemy or nearest] + ([nearest] if nearest is not enemy else [])
    found: list[Action] = []
    for goal in goals:
        for fraction in (1.0, 0.5):
            move = _step(data, active, goal, stat(data, active, "spd") * fraction, spaces)
            if move is not None and move not in found:
                found.append(move)
    return found


def _step(
    data: HordesData, active: Model, goal: Model, length: float, spaces: list[Any]
) -> Move | None:
    """A legal straight move of up to ``length`` toward ``goal`` (veering a little when
    blocked), stopping at base contact; ``None`` when none is legal."""
    dx, dy = goal.x - active.x, goal.y - active.y
    length = min(length - 0.01, gap(data, active, goal) - 0.5)
    if length < 0.2:
        return None
    base = math.atan2(dx, dy)
    heading = round(math.degrees(base) % 360, 1)
    for turn in (0.0, 0.3, -0.3, 0.6, -0.6):
        x = active.x + math.sin(base + turn) * length
        y = active.y + math.cos(base + turn) * length
        move = Move(round(x, 3), round(y, 3), heading, False)
        if any(space.validate(move) is None for space in spaces):
            return move
    return None


def player_turn(game: HordesGame) -> int:
    """The search's clock: which player turn of the battle it is (two a round), so that keyed
    dice (the budget's ``keyed``) key a roll by the turn it is rolled in."""
    return game.state.round * 2 + (game.state.active != game.state.first)


#: The search bot's budget unless its options say otherwise, the one its strength is measured
#: at (docs/agents.md): six worlds with every candidate in each (no pilot), the warlock's
#: choice and its two next-best lines at the root, the paired test at one standard error,
#: up to six more worlds where the root is close, and each world's dice keyed by what they
#: are rolled for in which player turn (:func:`player_turn`).
SEARCH_BUDGET: Final = Budget(pilot=0, alternatives=2, extend=6, paired=1.0, keyed=1)
