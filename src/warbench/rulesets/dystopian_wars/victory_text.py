r"""How a Dystopian Wars game is won, in words, and how it stands (the web table shows both).

Everything said is read from the rules :mod:`.victory` plays by: a fleet left alone on the
table, concession where the set-up allows it, the battle orders, the last turn and victory
points; the standing gives each fleet's victory points, its losses and its battle order,
and what the game would end in, judged by :func:`.victory.judge` itself. A battle order is
rolled in the open (its log line reaches every seat), so every seat is told each fleet's;
the cards in a hand, the only secrets, are never read here.

>>> from warbench.core.engine import Game
>>> from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
>>> rules = DystopianWarsRuleset()
>>> game = Game.new(rules, rules.default_setup(), seed=1, players=2)
>>> said = victory_text(rules.data, game.state)
>>> print(said.how[0])
Player 1 against player 2.
>>> print(said.how[-2].replace("; ", ";\n"))
The game ends after turn 6: the fleet with the most victory points wins;
equal points are a draw (DW-END-TURNS).
"""

from __future__ import annotations

from warbench.core.procedures import Outcome
from warbench.core.victory import APART, Victory, verdict
from warbench.core.words import player_name
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.state import DWState
from warbench.rulesets.dystopian_wars.victory import (
    BATTLE_ORDERS,
    fleet_points,
    judge,
    lost_points,
    order_met,
    orders_carried_out,
    standing,
    victory_points,
)


def victory_text(data: RulesData, state: DWState) -> Victory:
    """How this game is won (its end, battle orders, last turn, victory points) and its
    standing."""
    return Victory(_how(state), _standing(data, state), _headline(data, state))


def _how(state: DWState) -> tuple[str, ...]:
    lines = [f"{player_name(0).capitalize()} against {player_name(1)}." if state.players == 2
             else f"Each of the {state.players} fleets against all the others."]
    lines.append("A fleet with no model left in play (every one destroyed, captured or off "
                 "the table) is out; when one fleet alone is left on the table the game ends "
                 "at once and its player wins (DW-END-DESTROYED).")
    if state.allow_concession:
        lines.append("A player may concede; when every other player has, the last one wins "
                     "(DW-CONCEDE).")
    if state.orders:
        lines.append("Battle orders: after deployment each fleet rolls a D6 for its order; "
                     "at the end of a turn a fleet that has carried out its order wins; if "
                     "several have, victory points decide (DW-BATTLE-ORDERS).")
    lines.append(f"The game ends after turn {state.max_turns}: the fleet with the most "
                 "victory points wins; equal points are a draw (DW-END-TURNS).")
    lines.append("Victory points: the points of the enemy models a fleet has destroyed or "
                 "captured; a prize it still holds (1 or more of its assault points aboard) "
                 "counts double (DW-VP).")
    return tuple(lines)


def _standing(data: RulesData, state: DWState) -> tuple[str, ...]:
    if state.turn == 0:
        return (f"Turn 0 of {state.max_turns}: the fleets are deploying.",)
    lines = [f"Turn {state.turn} of {state.max_turns}."]
    for player in range(state.players):
        said = (f"{player_name(player)}: {victory_points(state, data, player)} victory points; "
                f"{lost_points(state, data, player)} of {fleet_points(state, data, player)} "
                "points of its fleet lost")
        if state.conceded[player]:
            said += " (conceded)"
        elif not standing(state, player):
            said += " (no fleet left)"
        order = state.orders[player] if state.orders else 0
        if order:
            done = order_met(state, data, player, order)
            said += (f"; battle order {order} ({BATTLE_ORDERS[order]}): "
                     + ("carried out" if done else "not carried out yet"))
        lines.append(said)
    if state.outcome is None:
        ending, now = _ending(data, state)
        when = "As it stands, the game ends with this turn" if now else (
            "If the last turn ended now")
        lines.append(f"{when}: {_verdict(data, state, ending)}.")
    return tuple(lines)


def _ending(data: RulesData, state: DWState) -> tuple[Outcome, bool]:
    """What the game would end in, and whether it ends with this turn as it stands: the
    engine's judgement (:func:`judge`) at the end of this turn where it would end the game
    then, else as after the last turn."""
    now = judge(state, data, last_turn=state.turn >= state.max_turns)
    if now is not None:
        return now, True
    last = judge(state, data, last_turn=True)
    assert last is not None  # the last turn always decides
    return last, False


def _verdict(data: RulesData, state: DWState, ending: Outcome, *, short: bool = False) -> str:
    """``player 1 would win by carrying out its battle order`` (or ``on victory points``,
    or ``as the last fleet on the table``), or ``a draw on victory points``; ``short``, for
    the headline: ``... by its battle order``, the rest unsaid."""
    left = [p for p in range(state.players) if standing(state, p)]
    if len(left) <= 1:
        how = "" if short else "as the last fleet on the table"
    elif len(ending.winners) == 1 and orders_carried_out(state, data, left) == list(
            ending.winners):
        how = "by its battle order" if short else "by carrying out its battle order"
    else:
        how = "" if short else "on victory points"
    return verdict(ending, lambda won: player_name(won[0]), how)


def _headline(data: RulesData, state: DWState) -> str:
    """The turn, each fleet's victory points and what the game would end in, in one line."""
    if state.turn == 0:
        return f"Turn 0 of {state.max_turns}: the fleets are deploying"
    parts = [f"Turn {state.turn} of {state.max_turns}", "victory points: " + ", ".join(
        f"{player_name(p)} {victory_points(state, data, p)}" for p in range(state.players))]
    if state.outcome is None:
        ending, now = _ending(data, state)
        when = "it ends with this turn" if now else "if it ended now"
        parts.append(f"{when}: {_verdict(data, state, ending, short=True)}")
    return APART.join(parts)
