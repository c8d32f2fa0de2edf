"""Prize crews and all stop (DW-DERELICT).

Derelicts drift their minimum move straight ahead (seed l.580); the assault points aboard
a prize may declare all stop during their activation (l.580), and all stop, declared after
a model's move, holds it still from the following turn, until it is cleared, after which
it moves again from the next activation (l.338). The engine moves derelicts in the end
phase (engine default: they belong to no squadron), so that is the prize's activation:
after the derelicts have drifted, the player holding each prize says whether its crew
declares all stop (:class:`PrizeCrews`, one :class:`~.actions.PrizeCrew` decision a
prize); a prize under all stop holds still in the next end phase instead of drifting,
and its crew may then keep the marker or clear it (it drifts again from the turn after).
So a prize drifts in the end phase of the turn it is taken, and on until its crew stops
it. A capture clears any all stop marker of the model's old crew (engine default: the
captors' crew declares its own), and a derelict with no crew left drifts whatever marker
it carries. In the last turn nobody is asked: there is no following turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.procedures import Procedure
from warbench.rulesets.dystopian_wars.actions import PrizeCrew
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import AllStop, HelmOrder
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, Model


def crewed(model: Model) -> bool:
    """Whether the model is a prize on the table with a crew aboard."""
    return model.alive and model.derelict and model.prize_ap > 0 and model.prize_of >= 0


def holds_still(model: Model) -> bool:
    """Whether a derelict stays put in the end phase: a prize whose crew declared all stop
    in an end phase before."""
    return crewed(model) and model.helm == "all_stop"


def crews_to_ask(state: DWState, data: RulesData) -> list[int]:
    """The prizes whose crews choose now (none in the last turn, nor prizes that cannot
    move at all)."""
    if state.turn >= state.max_turns:
        return []
    return [m.uid for m in state.models if crewed(m) and data.models[m.cls].min_move > 0]


@dataclass(slots=True)
class PrizeCrews(Procedure[DWState, RulesData]):
    """After the derelicts drift, each prize's crew (in the table's order) declares all
    stop or not."""

    prizes: list[int] = field(default_factory=list)

    def current(self, state: DWState) -> Model | None:
        """The next prize still held by a crew, if any."""
        return next((state.models[uid] for uid in self.prizes if crewed(state.models[uid])),
                    None)

    def decisions(self, game: DWGame) -> list[Decision]:
        prize = self.current(game.state)
        if prize is None:
            return []
        now = "keep it still" if prize.helm == "all_stop" else "stop it"
        return [Decision(prize.prize_of,
                         f"the prize crew of {prize.name}: all stop ({now} from the next "
                         "turn) or let it drift?",
                         (PrizeCrew(prize.uid, True), PrizeCrew(prize.uid, False)))]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        prize = self.current(game.state)
        if not isinstance(action, PrizeCrew) or prize is None or action.model != prize.uid:
            raise IllegalAction(f"prize crews: {action!r} answers nothing here (DW-ACTIONS)")
        del self.prizes[: self.prizes.index(prize.uid) + 1]
        order(game, prize, action.all_stop)

    def step(self, game: DWGame) -> None:
        game.pop()


def order(game: DWGame, prize: Model, all_stop: bool) -> None:
    """The prize crew's order: declare (or keep) all stop, or let the prize drift (clearing
    all stop)."""
    if all_stop and prize.helm != "all_stop":
        prize.helm = "all_stop"
        game.emit(AllStop(model=prize.uid, text=f"the prize crew of {prize.name} signals all "
                          "stop: it holds still from the next turn"))
    elif all_stop:
        game.emit(HelmOrder(model=prize.uid, order="hold",
                            text=f"the prize crew of {prize.name} holds it still"))
    elif prize.helm == "all_stop":
        prize.helm = "ahead"
        game.emit(HelmOrder(model=prize.uid, order="ahead",
                            text=f"the prize crew of {prize.name} clears its all stop: it "
                            "drifts from the next turn"))
    else:
        game.emit(HelmOrder(model=prize.uid, order="drift",
                            text=f"the prize crew of {prize.name} lets it drift"))


def crew_text(state: DWState, action: Action) -> str:
    """A prize crew's order in words ("" for any other action)."""
    if not isinstance(action, PrizeCrew) or not 0 <= action.model < len(state.models):
        return ""
    name = state.models[action.model].name
    if action.all_stop:
        return f"all stop: {name} holds still from the next turn"
    return f"let {name} drift"
