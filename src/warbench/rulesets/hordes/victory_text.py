r"""How a HORDES game is won, in words, and how it stands (the web table shows both).

Everything said is read from the rules the engine ends a game by: the enemy warlock
destroyed (HOR-VICTORY, :func:`.damage.destroy`) and, at the engine's turn limit, the
unmarked boxes and circles of each side's living models (HOR-TURN-LIMIT); the standing gives
each side's boxes and its warlock's, and what the game would end in, judged by
:func:`.turn.score_outcome` itself. Nothing in a HORDES game is hidden.

>>> from warbench.core.engine import Game
>>> from warbench.rulesets.hordes import HordesRuleset
>>> rules = HordesRuleset()
>>> game = Game.new(rules, rules.default_setup(), seed=1, players=2)
>>> print(victory_text(rules.data, game.state).how[1].replace(", and", ",\nand"))
Destroy the enemy warlock: the game ends at once when a warlock is destroyed,
and its enemy wins (HOR-VICTORY).
"""

from __future__ import annotations

from warbench.core.victory import APART, Victory, verdict
from warbench.core.words import as_told, counted, player_name
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.names import model_label
from warbench.rulesets.hordes.profile import boxes_left, boxes_left_by_side
from warbench.rulesets.hordes.state import HordesState
from warbench.rulesets.hordes.turn import score_outcome


def victory_text(data: HordesData, state: HordesState) -> Victory:
    """How this game is won (the enemy warlock, the turn limit's boxes) and its standing."""
    return Victory(_how(data), _standing(data, state), _headline(data, state))


def _how(data: HordesData) -> tuple[str, ...]:
    return (
        f"{player_name(0).capitalize()} against {player_name(1)}.",
        "Destroy the enemy warlock: the game ends at once when a warlock is destroyed, and "
        "its enemy wins (HOR-VICTORY).",
        f"Otherwise it ends after round {data.settings.rounds} (engine default: the rules "
        "set no limit): the side whose living models keep more unmarked damage boxes and "
        "life spiral circles wins; equal is a draw (HOR-TURN-LIMIT).",
    )


def _round(data: HordesData, state: HordesState) -> str:
    return f"Round {min(state.round, data.settings.rounds)} of {data.settings.rounds}"


def _warlock_words(data: HordesData, state: HordesState, player: int) -> str:
    """``its warlock, Thornmother, has 14 of 18 damage boxes left`` (or is destroyed), by its
    label on the board."""
    warlock = next((m for m in state.models if m.owner == player and not m.beast), None)
    if warlock is None:
        return "it fields no warlock"
    card, label = data.models[warlock.card], model_label(data, state.models, warlock)
    if not warlock.alive:
        return f"its warlock, {label}, is destroyed"
    return (f"its warlock, {label}, has {boxes_left(data, warlock)} of "
            f"{counted(card.damage, 'damage box')} left")


def _standing(data: HordesData, state: HordesState) -> tuple[str, ...]:
    if state.unplaced:
        return (f"{_round(data, state)}: the battlegroups are deploying.",)
    scores = boxes_left_by_side(data, state)
    lines = [f"{_round(data, state)}."]
    lines.extend(
        f"{player_name(player)}: {scores[player]:g} unmarked boxes and circles on "
        f"{counted(len(state.living(player)), 'living model')}; "
        + _warlock_words(data, state, player) for player in (0, 1))
    if state.outcome is None:
        lines.append(f"If the last round ended now: {_verdict(data, state)}.")
    return tuple(lines)


def _verdict(data: HordesData, state: HordesState, how: str = "on unmarked boxes") -> str:
    """What the engine's judgement at the turn limit would make of the game now."""
    return verdict(score_outcome(data, state), lambda won: player_name(won[0]), how)


def _headline(data: HordesData, state: HordesState) -> str:
    """The round, each side's unmarked boxes and what the game would end in, in one line."""
    if state.unplaced:
        return f"{_round(data, state)}: the battlegroups are deploying"
    scores = boxes_left_by_side(data, state)
    parts = [_round(data, state),
             f"unmarked boxes: {player_name(0)} {scores[0]:g}, {player_name(1)} {scores[1]:g}"]
    if state.outcome is None:
        parts.append(f"if it ended now: {_verdict(data, state, '')}")
    return APART.join(parts)


def outcome_words(data: HordesData, state: HordesState) -> str:
    """How the game ended, as people are told it: the reason kept in the state, which names
    a destroyed warlock by its card alone (the state and its hash stay as they were), with
    the warlock named as the board labels it (HOR-NAMES: ``Elder Maelis (P2) is destroyed:
    player 1 wins``), seats counted from 1; ``""`` while the game goes on."""
    if state.outcome is None:
        return ""
    told = as_told(state.outcome.reason)
    for model in state.models:
        card = data.models[model.card].name
        if not model.beast and not model.alive and told.startswith(f"{card} is destroyed"):
            return model_label(data, state.models, model) + told[len(card):]
    return told
