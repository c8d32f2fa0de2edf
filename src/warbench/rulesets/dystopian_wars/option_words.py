"""The choices of a turn in words a player reads at the table: cards by their names, models
and squadrons by theirs, critical markers by the damage they stand for.

The web table, the referee's prompts and the learning environment's action labels show
these words (:meth:`~.ruleset.DystopianWarsRuleset.action_text`); attacks, activations,
edges, prize crews and sweeps have words of their own elsewhere.
"""

from __future__ import annotations

from warbench.core.actions import Action
from warbench.rulesets.dystopian_wars.actions import (
    Board,
    Command,
    Discard,
    Garrison,
    Helm,
    JoinPatrol,
    Land,
    Launch,
    PlayCard,
    Repair,
    Respond,
)
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.state import DWState

#: What each helm order of a model under all stop does, in words.
HELM_WORDS = {
    "hold": "holds still",
    "ahead": "gets under way again next activation",
    "reverse": "takes a direction arrow to reverse next activation",
}


def _model(state: DWState, uid: int) -> str:
    return state.models[uid].name if 0 <= uid < len(state.models) else f"model {uid}"


def _card(data: RulesData, card: str) -> str:
    return data.cards[card].name if card in data.cards else card


def _critical(data: RulesData, marker: str) -> str:
    named = next((c.name for c in data.criticals if c.marker == marker), "")
    return named or marker.replace("-", " ")


def option_text(data: RulesData, state: DWState, action: Action) -> str:
    """``action`` in words, or "" for an action this module does not word.

    >>> from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
    >>> from warbench.rulesets.dystopian_wars.actions import Garrison
    >>> rules = DystopianWarsRuleset()
    >>> option_text(rules.data, None, Garrison(0))
    'leave the prize a derelict (no crew aboard)'
    """
    if isinstance(action, PlayCard):
        on = "" if action.model < 0 else f" on {_model(state, action.model)}"
        return f"play {_card(data, action.card)}{on}"
    if isinstance(action, Discard):
        return f"discard {_card(data, action.card)} to draw anew"
    if isinstance(action, Command):
        return f"command the part of the squadron with {_model(state, action.model)}"
    if isinstance(action, Helm):
        return f"{_model(state, action.model)} {HELM_WORDS.get(action.order, action.order)}"
    if isinstance(action, Respond):
        names = ", ".join(_model(state, uid) for uid in action.models)
        return f"answer with {names}{' linked in one pool' if action.linked else ''}"
    if isinstance(action, Board):
        return (f"{_model(state, action.model)} boards {_model(state, action.target)} with"
                f" {action.ap} assault point{'s' if action.ap != 1 else ''}")
    if isinstance(action, Garrison):
        if action.ap == 0:
            return "leave the prize a derelict (no crew aboard)"
        return f"leave {action.ap} assault point{'s' if action.ap != 1 else ''} aboard the prize"
    if isinstance(action, Repair):
        return f"repair {_model(state, action.model)}: {_critical(data, action.marker)}"
    if isinstance(action, Launch):
        how = "as its carrier's patrol" if action.patrol else "to fly on its own"
        return f"launch {_model(state, action.wing)} {how}"
    if isinstance(action, Land):
        return f"land on {_model(state, action.carrier)}"
    if isinstance(action, JoinPatrol):
        squadrons = state.squadrons
        name = (squadrons[action.squadron].name if 0 <= action.squadron < len(squadrons)
                else f"squadron {action.squadron}")
        return f"join {name} as its combat air patrol"
    return ""
