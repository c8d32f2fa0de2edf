"""How a battle is won: the enemy armies destroyed, or a mission.

Missions (the seed names capturing an objective, killing the command machine and holding a
line; how each is scored is an engine default):

- ``annihilation``: the last team with units on the table wins;
- ``commander``: a player whose command machine is destroyed is out;
- ``capture``: a team holds the objective (the table's centre) when at the end of a round
  it alone has units within 3 steps of it; the holder after the last round wins;
- ``hold``: after the last round the team with the most points of units in the middle
  third of the table wins.

When the rounds run out with no mission decided, the team that kept the largest share of
its army's points wins (a share, so that armies of different sizes are judged alike).
"""

from __future__ import annotations

from warbench.core.procedures import Outcome
from warbench.rulesets.robogear.damage import RobogearGame
from warbench.rulesets.robogear.data import RobogearData, steps
from warbench.rulesets.robogear.state import RobogearState


def points_left(state: RobogearState, data: RobogearData, player: int) -> float:
    """Points of the player's units still in the battle, a trooper at a machine's controls
    among them (it leaves the table as a figure, not the battle: RG-PILOT-NEW)."""
    units = data.units
    return float(sum(units[u.type].points for u in state.units
                     if u.player == player and (u.alive or u.piloting >= 0)))


def fielded_points(state: RobogearState, data: RobogearData, player: int) -> float:
    """Points of every unit the player brought to the battle."""
    units = data.units
    return float(sum(units[u.type].points for u in state.units if u.player == player))


def _teams_left(state: RobogearState) -> set[int]:
    """The teams of the players still in the battle (as
    :func:`~warbench.rulesets.robogear.roster.in_battle` has them), in one pass."""
    alive = {unit.player for unit in state.units if unit.alive}
    return {state.teams[p] for p in alive if not state.eliminated[p]}


def _winners(state: RobogearState, team: int) -> tuple[int, ...]:
    return tuple(p for p in range(state.players) if state.teams[p] == team)


def check_eliminations(game: RobogearGame) -> None:
    """In the commander mission a player whose command machine is gone is out."""
    state = game.state
    if state.mission != "commander":
        return
    for player in range(state.players):
        commands = [u for u in state.units if u.player == player and u.command]
        if commands and not any(u.alive for u in commands):
            state.eliminated[player] = True


def decided(game: RobogearGame) -> bool:
    """End the game if at most one team is left; return whether it ended."""
    check_eliminations(game)
    state = game.state
    left = _teams_left(state)
    if len(left) > 1:
        return False
    winners = _winners(state, next(iter(left))) if left else ()
    game.end(Outcome(winners, scores(state, game.data), "the enemy armies are destroyed"))
    return True


def scores(state: RobogearState, data: RobogearData) -> tuple[float, ...]:
    """Each player's points still in the battle (the outcome's scores)."""
    return tuple(points_left(state, data, p) for p in range(state.players))


def holder(game: RobogearGame) -> int | None:
    """The team alone within 3 steps of the objective, if any."""
    state = game.state
    reach = steps(game.data.rules.game.objective_cm)
    cx, cy = state.width / 2, state.height / 2
    teams = {
        state.teams[u.player] for u in state.units
        if u.on_table and not state.eliminated[u.player]
        and ((u.x - cx) ** 2 + (u.y - cy) ** 2) ** 0.5 - u.radius <= reach
    }
    return next(iter(teams)) if len(teams) == 1 else None


def final_outcome(game: RobogearGame, held: int | None) -> Outcome:
    """The outcome after the last round, by the mission (or by points left)."""
    return outcome_after_last_round(game.state, game.data, held)


def outcome_after_last_round(state: RobogearState, data: RobogearData,
                             held: int | None) -> Outcome:
    """:func:`final_outcome` of ``state`` (what the table says the battle would end in)."""
    kept = scores(state, data)
    if state.mission == "capture" and held is not None:
        return Outcome(_winners(state, held), kept, "the objective is held")
    by_team = team_marks(state, data, kept)
    if not by_team:
        return Outcome((), kept, "no army is left")
    best = max(by_team.values())
    top = [team for team, value in by_team.items() if value == best]
    if len(top) > 1:
        return Outcome((), kept, "the last round ends level")
    reason = "most points hold the line" if state.mission == "hold" else (
        "largest share of its army left")
    return Outcome(_winners(state, top[0]), kept, reason)


def standing(game: RobogearGame) -> tuple[float, ...]:
    """Each player's standing were the last round to end now (what the search bot values a
    play-out cut off before the end by): 0.5 plus half the margin of its team's mark (share
    of the army kept, or points holding the line, as a share of the best) over the best
    other team's; 0 for a player who is out. An objective's holder counts only at the end.

    >>> from warbench.core.engine import Game
    >>> from warbench.rulesets.robogear import RobogearRuleset
    >>> standing(Game.new(RobogearRuleset(), None, seed=0, players=3))
    (0.5, 0.5, 0.5)
    """
    state = game.state
    marks = team_marks(state, game.data, scores(state, game.data))
    scale = max([1.0, *marks.values()])
    found = []
    for player in range(state.players):
        team = state.teams[player]
        if state.eliminated[player] or team not in marks:
            found.append(0.0)
            continue
        others = [mark for other, mark in marks.items() if other != team]
        margin = marks[team] - max(others) if others else scale
        found.append(0.5 + 0.5 * margin / scale)
    return tuple(found)


def team_marks(state: RobogearState, data: RobogearData,
               kept: tuple[float, ...]) -> dict[int, float]:
    """What each team still in the battle has by the last round's measure: points in the
    middle third (``hold``), else the share of its armies' points kept (``kept``: each
    player's :func:`scores`)."""
    by_team: dict[int, float] = {}
    fielded: dict[int, float] = {}
    for player in range(state.players):
        if state.eliminated[player]:
            continue
        team = state.teams[player]
        by_team.setdefault(team, 0.0)
        if state.mission == "hold":
            third = state.height / 3
            by_team[team] += sum(
                data.units[u.type].points for u in state.living(player)
                if u.on_table and third <= u.y <= 2 * third
            )
        else:
            by_team[team] += kept[player]
            fielded.setdefault(team, 0.0)
            fielded[team] += fielded_points(state, data, player)
    for team, total in fielded.items():
        by_team[team] /= total or 1.0
    return by_team
