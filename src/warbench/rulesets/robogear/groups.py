"""Groups formed and disbanded at the start of a round.

Squads (and machines) may be joined into a group that shares one turn, or a group broken
up, at the start of a round; the units of a disbanded group lose their resource until the
next round. Players regroup in initiative order (engine default), each as often as it
likes, until it passes. What the rules allow is worked out in ``group_rules``.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import IllegalAction
from warbench.core.procedures import Procedure
from warbench.core.rng import RandomStream
from warbench.rulesets.robogear.actions import ACTIONS_RULE, Regroup
from warbench.rulesets.robogear.damage import RobogearGame
from warbench.rulesets.robogear.data import RobogearData
from warbench.rulesets.robogear.group_rules import regroup_options, regroup_refusal
from warbench.rulesets.robogear.pieces import Element
from warbench.rulesets.robogear.state import RobogearState


class RegroupSpace(ParamSpace):
    """Regroupings judged by the group rules (samples: the legal listed ones)."""

    action_type = Regroup

    def __init__(self, state: RobogearState, data: RobogearData, player: int,
                 legal: list[Action]) -> None:
        self._state = state
        self._data = data
        self.player = player
        self._legal = legal
        self.description = "join a squad to a squad or group, or disband a group"

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, Regroup):
            return f"{action!r} is not a regrouping ({ACTIONS_RULE})"
        return regroup_refusal(self._state, self._data, self.player, action)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        return [self._legal[rng.choice_index(len(self._legal))] for _ in range(count)]


@dataclass(slots=True)
class Regrouping(Procedure[RobogearState, RobogearData]):
    """Each player in initiative order regroups until it passes."""

    turn: int = 0

    def decisions(self, game: RobogearGame) -> list[Decision]:
        state = game.state
        if self.turn >= len(state.order):
            return []
        player = state.order[self.turn]
        options = regroup_options(state, game.data, player)
        space = RegroupSpace(state, game.data, player, options)
        return [Decision(player, "form or disband groups, or pass", tuple(options), (space,))]

    def act(self, game: RobogearGame, player: int, action: Action) -> None:
        state = game.state
        if not isinstance(action, Regroup):
            raise IllegalAction(f"{action!r}: regroup or pass at the start of the round "
                                "(RG-GROUP-FORM)")
        refusal = regroup_refusal(state, game.data, player, action)
        if refusal:
            raise IllegalAction(refusal)
        if action.disband >= 0:
            disband(state, action.disband)
        elif action.join >= 0:
            join(state, action.join, action.into)
        else:
            self.turn += 1

    def step(self, game: RobogearGame) -> None:
        game.pop()


def join(state: RobogearState, join_id: int, into_id: int) -> None:
    """Move the joining squad into the group; the squads take the group's name."""
    joining, group = state.elements[join_id], state.elements[into_id]
    group.squads += joining.squads
    joining.squads = []
    name = next((state.squads[s].group for s in group.squads if state.squads[s].group),
                f"g{group.id}")
    group.name = f"group {name}"
    for squad in group.squads:
        state.squads[squad].group = name


def disband(state: RobogearState, element_id: int) -> None:
    """Break a group into its squads; they lose their resource until the next round."""
    group = state.elements[element_id]
    for squad in group.squads:
        state.squads[squad].group = ""
        state.elements.append(Element(len(state.elements), group.player,
                                      state.squads[squad].name, [squad], done=True))
    group.squads = []
