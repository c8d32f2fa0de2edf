r"""How a Full Thrust battle is won, in words, and how it stands (the web table shows both).

Everything said is read from the rules :mod:`.turn` ends the battle by: a fleet left alone
in the battle (FT-END-FLEET), and after the last turn the points of enemy ships destroyed,
crippled or disengaged (FT-END-TURNS, its shares from the rules data); the standing gives
each fleet's points and ships, and what the battle would end in, judged by
:func:`.turn.points_outcome` itself. The written orders, the only secrets, are never read.

>>> from warbench.core.engine import Game
>>> from warbench.rulesets.full_thrust import FullThrustRuleset
>>> rules = FullThrustRuleset()
>>> game = Game.new(rules, rules.default_setup(), seed=1, players=2)
>>> said = victory_text(rules.data, game.state)
>>> print(said.headline.replace(" · ", "\n"))
Turn 1 of 12
points: Concord strike group 0, Directorate carrier group 0
if it ended now: a draw
"""

from __future__ import annotations

from warbench.core.victory import APART, Victory, verdict
from warbench.core.words import name_as_told, player_name
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.names import fleet_label
from warbench.rulesets.full_thrust.state import ACTIVE, DESTROYED, DISENGAGED, FullThrustState
from warbench.rulesets.full_thrust.turn import points_outcome, victory_points


def victory_text(data: Library, state: FullThrustState) -> Victory:
    """How this battle is won (a fleet left alone, the last turn's points) and its
    standing."""
    return Victory(_how(data, state), _standing(data, state), _headline(data, state))


def _share(share: float) -> str:
    """A share of a ship's points in words: ``half``, ``all``, ``25%``."""
    return {0.5: "half", 1.0: "all"}.get(share, f"{share:.0%}")


def _how(data: Library, state: FullThrustState) -> tuple[str, ...]:
    game = data.rules.game
    sides = " against ".join(f"{name_as_told(name)} ({player_name(player)})"
                             for player, name in enumerate(state.fleet_names))
    return (
        f"{sides}.",
        "The battle ends at once when at most one fleet still has ships in it (neither "
        "destroyed nor gone off the table): that fleet wins (FT-END-FLEET).",
        f"Otherwise it ends after turn {state.max_turns}: each fleet scores the points of "
        f"the enemy ships destroyed, {_share(game.crippled_share)} the points of those "
        f"crippled (half their hull boxes gone) and {_share(game.disengaged_share)} those "
        "of the ships that disengaged (left the table); the higher score wins, equal "
        "scores are a draw (FT-END-TURNS).",
    )


def _fleet_words(data: Library, state: FullThrustState, player: int) -> str:
    """``3 of 4 ships in the battle (1 crippled); 1 destroyed``."""
    ships = [ship for ship in state.ships if ship.player == player]
    active = [ship for ship in ships if ship.status == ACTIVE]
    crippled = sum(2 * ship.hull_hits >= data.designs[ship.design].hull for ship in active)
    said = f"{len(active)} of {len(ships)} ships in the battle"
    if crippled:
        said += f" ({crippled} crippled)"
    for status in (DESTROYED, DISENGAGED):
        gone = sum(ship.status == status for ship in ships)
        if gone:
            said += f"; {gone} {status}"
    return said


def _standing(data: Library, state: FullThrustState) -> tuple[str, ...]:
    scores = victory_points(state, data)
    lines = [f"Turn {state.turn} of {state.max_turns}."]
    lines.extend(f"{fleet_label(state, player)}: {scores[player]:g} points scored; "
                 f"{_fleet_words(data, state, player)}"
                 for player in range(len(state.fleet_names)))
    if state.outcome is None:
        lines.append(f"If the last turn ended now: {_verdict(data, state)}.")
    return tuple(lines)


def _verdict(data: Library, state: FullThrustState, how: str = "on points") -> str:
    """What the engine's judgement after the last turn would make of the battle now."""
    def name(won: tuple[int, ...]) -> str:
        return fleet_label(state, won[0])

    return verdict(points_outcome(state, data), name, how)


def _headline(data: Library, state: FullThrustState) -> str:
    """The turn, each fleet's points and what the battle would end in, in one line."""
    scores = victory_points(state, data)
    parts = [f"Turn {state.turn} of {state.max_turns}", "points: " + ", ".join(
        f"{fleet_label(state, player)} {scores[player]:g}"
        for player in range(len(state.fleet_names)))]
    if state.outcome is None:
        parts.append(f"if it ended now: {_verdict(data, state, '')}")
    return APART.join(parts)
