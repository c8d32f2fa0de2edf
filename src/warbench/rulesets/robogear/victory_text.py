"""How a ROBOGEAR battle is won, in words, and how it stands (the web table shows both).

Everything said is read from the rules :mod:`.victory` plays by: the mission, the teams, the
round limit and what it scores, and the standing by the same measure the last round is
judged by, with what the battle would end in if the last round ended now.

>>> from warbench.core.engine import Game
>>> from warbench.rulesets.robogear import RobogearRuleset
>>> rules = RobogearRuleset()
>>> game = Game.new(rules, {**rules.default_setup(), "teams": [0, 1, 0, 1]}, seed=1, players=4)
>>> print(victory_text(rules.data, game.state).how[0])  # doctest: +NORMALIZE_WHITESPACE
Two teams: player 1 + player 3 against player 2 + player 4; partners win or lose
together (RG-WIN-TEAMS).
"""

from __future__ import annotations

from warbench.core.victory import APART, Victory, verdict
from warbench.core.words import one_of, player_name
from warbench.rulesets.robogear.data import RobogearData, steps
from warbench.rulesets.robogear.picture import unit_label
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.victory import (
    fielded_points,
    outcome_after_last_round,
    scores,
    team_marks,
)


def victory_text(data: RobogearData, state: RobogearState) -> Victory:
    """How this battle is won (its teams, mission and round limit) and its standing."""
    return Victory(_how(data, state), _standing(data, state), _headline(data, state))


def _sides(state: RobogearState) -> list[tuple[int, list[int]]]:
    """Each team and its players, in the order of the teams' first players."""
    found: dict[int, list[int]] = {}
    for player in range(state.players):
        found.setdefault(state.teams[player], []).append(player)
    return list(found.items())


def _teamed(state: RobogearState) -> bool:
    return len(_sides(state)) < state.players


def _side_words(state: RobogearState, team: int) -> str:
    """A team by its players: ``player 2``, ``player 1 + player 3``."""
    players = [p for p in range(state.players) if state.teams[p] == team]
    if len(players) == 1:
        return player_name(players[0])
    return " + ".join(map(player_name, players))


def _how(data: RobogearData, state: RobogearState) -> tuple[str, ...]:
    side = "team" if _teamed(state) else "player"
    lines = []
    if _teamed(state):
        teams = " against ".join(_side_words(state, team) for team, _ in _sides(state))
        lines.append(f"{_count(len(_sides(state)))} teams: {teams}; partners win or lose "
                     "together (RG-WIN-TEAMS).")
    elif state.players == 2:
        lines.append(f"{player_name(0).capitalize()} against {player_name(1)}.")
    else:
        lines.append(f"Each of the {state.players} players against all the others.")
    at_once = f"the last {side} with units still in the battle wins at once"
    reach = f"{steps(data.rules.game.objective_cm):g}"
    armies = "its armies'" if _teamed(state) else "its army's"
    share = f"the {side} that kept the largest share of {armies} points wins"
    if state.mission == "commander":
        lines.append("Commander mission: a player whose command machine is destroyed is out "
                     f"of the battle; {at_once} (RG-WIN-MISSION).")
    elif state.mission == "capture":
        lines.append(f"Capture mission: a {side} takes the objective, the table's centre, "
                     f"when at the end of a round it alone has units within {reach} steps of "
                     "it, and holds it until another takes it; the holder when the last round "
                     f"ends wins (RG-WIN-MISSION). Before that, {at_once} (RG-WIN-ANNIHILATE).")
    elif state.mission == "hold":
        lines.append(f"Hold mission: when the last round ends, the {side} with the most points "
                     "of units in the middle third of the table wins (RG-WIN-MISSION). "
                     f"Before that, {at_once} (RG-WIN-ANNIHILATE).")
    else:
        lines.append(f"Destroy the enemy armies: {at_once} (RG-WIN-ANNIHILATE).")
    if state.mission == "hold":
        limit = "then the middle third decides; equal points are a draw"
    elif state.mission == "capture":
        limit = f"then the holder wins; with no holder, {share}; equal shares are a draw"
    else:
        limit = f"then {share}; equal shares are a draw"
    lines.append(f"The battle ends after round {state.max_rounds}: {limit} (RG-ROUND-LIMIT).")
    return tuple(lines)


def _count(number: int) -> str:
    return {2: "Two", 3: "Three", 4: "Four"}.get(number, str(number))


def _standing(data: RobogearData, state: RobogearState) -> tuple[str, ...]:
    if state.round == 0:
        return (f"Round 0 of {state.max_rounds}: the armies are deploying.",)
    lines = [f"Round {state.round} of {state.max_rounds}."]
    kept = scores(state, data)
    marks = team_marks(state, data, kept)
    for team, players in _sides(state):
        left = sum(kept[p] for p in players)
        whole = sum(fielded_points(state, data, p) for p in players)
        said = f"{_side_words(state, team)}: {left:g} of {whole:g} points left"
        if team not in marks or not any(state.living(p) for p in players):
            said += " (out of the battle)"
        elif state.mission == "hold":
            said += f", {marks[team]:g} of them in the middle third"
        else:
            said += f" ({marks[team]:.0%} kept)"
        out = [p for p in players if state.eliminated[p]]
        if out and team in marks:
            said += f"; {one_of([player_name(p) for p in out], 'and')} out"
        lines.append(said)
    if state.mission == "capture":
        lines.append("The objective: " + ("held by " + _side_words(state, state.held)
                                          if state.held >= 0 else "not taken yet") + ".")
    if state.mission == "commander":
        lines.append("Command machines: " + one_of([
            unit_label(data, unit) + ("" if unit.alive else " (destroyed)")
            + f" of {player_name(unit.player)}" for unit in state.units if unit.command], "and")
            + ".")
    if state.outcome is None:
        lines.append(f"If the last round ended now: {_ending(data, state)}.")
    return tuple(lines)


def _ending(data: RobogearData, state: RobogearState) -> str:
    """What the battle would end in if the last round ended now (the engine's own
    judgement, :func:`outcome_after_last_round`), with its reason."""
    ending = outcome_after_last_round(state, data, state.held if state.held >= 0 else None)
    return verdict(ending, lambda won: _side_words(state, state.teams[won[0]]),
                   f"({ending.reason})")


def _headline(data: RobogearData, state: RobogearState) -> str:
    """The round, each side's measure, the objective's holder and what the battle would
    end in, in one line."""
    if state.round == 0:
        return f"Round 0 of {state.max_rounds}: the armies are deploying"
    marks = team_marks(state, data, scores(state, data))

    def mark(team: int) -> str:
        if team not in marks:
            return "out"
        if state.mission == "hold":
            return f"{marks[team]:g} points in the middle third"
        return f"{marks[team]:.0%} kept"

    parts = [f"Round {state.round} of {state.max_rounds}",
             ", ".join(f"{_side_words(state, team)} {mark(team)}" for team, _ in _sides(state))]
    if state.mission == "capture":
        parts.append("objective " + (f"held by {_side_words(state, state.held)}"
                                     if state.held >= 0 else "not taken"))
    if state.outcome is None:
        ending = outcome_after_last_round(state, data, state.held if state.held >= 0 else None)
        parts.append("if it ended now: " + verdict(
            ending, lambda won: _side_words(state, state.teams[won[0]])))
    return APART.join(parts)
