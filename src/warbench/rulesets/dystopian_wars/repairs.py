"""Damage control: repairs at the end of an activation (step 8), and raging fires burning
in the end phase.

A critical is repaired during the damaged model's following activation, after all else it
does: a marker gained during an activation of its own squadron (from a ram's answer, a
mine, a patrol's strike, a repair's 6) is not offered at that activation's step 8, only at
the next (:attr:`~.pieces.Model.fresh`, cleared as the squadron's next activation begins).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.events import RollEffect
from warbench.core.procedures import Procedure
from warbench.core.words import player_name
from warbench.rulesets.dystopian_wars.actions import Decline, Repair, Reroll
from warbench.rulesets.dystopian_wars.cards import card_reaches
from warbench.rulesets.dystopian_wars.damage import (
    fire_starter,
    lose_hull,
    may_reroll,
    near_commodore,
)
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import (
    CommodoreReroll,
    FireOut,
    FireSpreads,
    Repaired,
    RepairFailed,
    RepairFire,
)
from warbench.rulesets.dystopian_wars.state import REPAIRABLE, DWGame, DWState, Model


@dataclass(slots=True)
class Repairs(Procedure[DWState, RulesData]):
    """Step 8: each model may roll to repair one starred critical (1-3 repaired, 4-5
    nothing, 6 another raging fire). Creatures and robots only put out fires."""

    sid: int
    done: dict[str, int] = field(default_factory=dict)
    model: int = -1
    marker: str = ""
    face: int = 0
    offered: bool = False

    def candidates(self, state: DWState, data: RulesData) -> list[Model]:
        """Models still to decide on a repair (one roll each, more with repair cards)."""
        found = []
        for model in state.squadron_models(self.sid):
            if self.done.get(str(model.uid), 0) >= self.allowed(state, data, model):
                continue
            if self.repairable(data, model):
                found.append(model)
        return found

    @staticmethod
    def allowed(state: DWState, data: RulesData, model: Model) -> int:
        """Repair rolls the model may make: one, and one more per repair card reaching it
        (an A card on it, an S card on its squadron's commanded models)."""
        return 1 + sum(
            data.cards[play.card].value
            for play in state.in_play
            if data.cards[play.card].effect == "repair" and card_reaches(play, model)
        )

    @staticmethod
    def repairable(data: RulesData, model: Model) -> list[str]:
        """The starred markers this model may try to repair: those it carried when this
        activation began (one gained since, even in this activation, waits for its next)."""
        beast = data.models[model.cls].beast
        return [
            name for name in REPAIRABLE
            if model.settled(name) and (not beast or name == "raging-fire")
        ]

    def decisions(self, game: DWGame) -> list[Decision]:
        state, data = game.state, game.data
        player = state.squadrons[self.sid].player
        if self.face:
            if self.offered:
                return [
                    Decision(player, f"repair roll of {self.face}: re-roll with the commodore?",
                             (Reroll(), Decline()))
                ]
            return []
        found = self.candidates(state, data)
        if not found:
            return []
        model = found[0]
        options: list[Action] = [Repair(model.uid, name) for name in self.repairable(data, model)]
        options.append(Decline())
        return [Decision(player, f"repair {model.name}?", tuple(options))]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        state = game.state
        if self.face:
            self.offered = False
            if isinstance(action, Reroll):
                state.reroll_used[player] = True
                game.emit(
                    CommodoreReroll(
                        player=player,
                        text=f"{player_name(player)}'s commodore orders a re-roll",
                    )
                )
                self.face = roll_repair(game, player, "repair re-roll")
            return
        if isinstance(action, Repair):
            self.model, self.marker = action.model, action.marker
            self.face = roll_repair(game, player, "repair")
            model = state.models[action.model]
            self.offered = self.face >= 4 and may_reroll(state, player) and near_commodore(
                state, model
            )
            self.done[str(action.model)] = self.done.get(str(action.model), 0) + 1
        else:
            skipped = self.candidates(state, game.data)[0]
            self.done[str(skipped.uid)] = self.allowed(state, game.data, skipped)

    def step(self, game: DWGame) -> None:
        state = game.state
        if self.face:
            model = state.models[self.model]
            if self.face <= 3:
                model.remove_marker(self.marker)
                game.emit(
                    Repaired(
                        model=model.uid,
                        marker=self.marker,
                        text=f"{model.name} repairs {self.marker.replace('-', ' ')}",
                    )
                )
            elif self.face == 6:
                model.add_marker("raging-fire")
                game.emit(
                    RepairFire(
                        model=model.uid,
                        text=f"{model.name}'s repair sets off another fire",
                    )
                )
            else:
                game.emit(RepairFailed(model=model.uid, text=f"{model.name} fails to repair"))
            self.face = 0
            return
        game.pop()


def burn(game: DWGame, state: DWState) -> None:
    """End phase: each raging fire marker tests on its own (1.1 errata): 1-3 it goes out,
    4-5 it burns (1 hull point), 6 it burns and spreads (another marker)."""
    for model in state.models:
        fires = model.marker("raging-fire")
        if not model.alive or not fires:
            continue
        for _ in range(fires):
            face = roll_repair(game, model.player, "raging fire")
            if face <= 3:
                model.remove_marker("raging-fire")
                game.emit(FireOut(model=model.uid, text=f"a fire aboard {model.name} is put out"))
            else:
                if face == 6:
                    model.add_marker("raging-fire")
                    game.emit(
                        FireSpreads(
                            model=model.uid,
                            text=f"a fire aboard {model.name} spreads",
                        )
                    )
                lose_hull(game, model, 1, "raging fire", fire_starter(game, model))
                if not model.alive:
                    break


#: A repair or a raging fire's d6 for its ship: 1-3 best (repaired, put out), 4-5 not,
#: 6 worst (another fire): the effect the luck report rates, higher is better.
REPAIR_VALUES = (2, 2, 2, 1, 1, 0)


def roll_repair(game: DWGame, player: int, label: str) -> int:
    """``player`` rolls the d6 of a repair or of a raging fire aboard their ship."""
    face = game.dice_for(player).faces(6, 1, label=label)[0]
    game.emit(RollEffect(player, label, REPAIR_VALUES[face - 1], 1, values=REPAIR_VALUES))
    return face
