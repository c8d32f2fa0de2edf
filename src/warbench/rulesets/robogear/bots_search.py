"""What the ROBOGEAR search bot tries at its root after the commander's choice.

:func:`alternatives` (through :meth:`~warbench.rulesets.robogear.bots.CommanderBot.
alternatives`) lists a decision's actions by the commander's own measures, its own choice
first, without changing that choice: squads to give the turn to by how hard each can hit
from where it stands; in a unit's turn, the action the commander takes, then its other
lines: the next-best shot, throw, ram or fight by the damage it expects, the march toward
its prey that it holds back while it is patient (RG-BOT-STRENGTH: the question the loss
analysis left open, advancing against holding), the move to a better spot, and ending the
turn. Edges and deployments have none. None of this draws from the bot's dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.observation import Observation
from warbench.core.search.budget import Budget
from warbench.rulesets.robogear.actions import Activate, Deploy, EndTurn
from warbench.rulesets.robogear.data import RobogearData
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import Sight

if TYPE_CHECKING:
    from warbench.rulesets.robogear.bots import CommanderBot

Seen = Observation[RobogearState, RobogearData]


def alternatives(bot: CommanderBot, seen: Seen, decision: Decision, count: int) -> list[Action]:
    """Up to ``count`` of the decision's actions, the commander's favourites first."""
    from warbench.rulesets.robogear import bots

    state, data = seen.state, seen.data
    options = decision.options
    if options and isinstance(options[0], Activate):
        foes = bots._foes(state, decision.player)
        ranked = sorted((a for a in options if isinstance(a, Activate)),
                        key=lambda a: -bots._element_value(state, data, a, foes))
        return list(ranked[:count])
    if not any(isinstance(a, EndTurn) for a in options) or any(
            space.action_type is Deploy for space in decision.spaces):
        return []
    own = bot.choose(seen, decision)  # no dice outside deployments
    weights = bots._leader_weights(state, data)
    sight = Sight(state, data)
    worths = sorted(((bots._worth(state, data, a, weights, sight), i, a)
                     for i, a in enumerate(options)), key=lambda t: (-t[0], t[1]))
    hits = [a for worth, _, a in worths if worth > 0.0]
    marched = bots._advance(state, data, decision)
    placed = bots._place(state, data, decision, sight)
    end = next(a for a in options if isinstance(a, EndTurn))
    lines: list[Action] = [own]
    for line in (*hits[:2], marched, placed, end):
        if line is not None and line not in lines:
            lines.append(line)
    return lines[:count]


#: The search's budget (issue 17's strength test measures it): no pilot, the commander's
#: choice and its two next-best lines at the root, up to six more worlds where the root is
#: close and the paired test at one standard error (the core's default pilot settled 90% of
#: the roots after version 7's blast range; docs/agents.md, "ROBOGEAR after version 7").
SEARCH_BUDGET: Final = Budget(pilot=0, alternatives=2, extend=6, paired=1.0)
