"""Treacherous terrain: a land model crossing light terrain rolls a D6 for each piece."""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.events import RollEffect
from warbench.core.procedures import Procedure
from warbench.core.words import player_name
from warbench.rulesets.dystopian_wars.actions import Decline, Reroll
from warbench.rulesets.dystopian_wars.damage import lose_hull, may_reroll, near_commodore
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import (
    CommodoreReroll,
    Treacherous,
)
from warbench.rulesets.dystopian_wars.state import DWGame, DWState

#: The face on which treacherous terrain costs a land model a hull point (engine default).
TREACHEROUS_FAILS = 1


@dataclass(slots=True)
class TerrainRoll(Procedure[DWState, RulesData]):
    """Treacherous terrain: a D6 for a land model crossing light terrain, a 1 costing a
    hull point (engine default); the commodore may re-roll it for a model within 8
    inches."""

    model: int
    piece: str
    face: int = 0
    offered: bool = False

    def decisions(self, game: DWGame) -> list[Decision]:
        if not self.offered:
            return []
        player = game.state.models[self.model].player
        return [Decision(player, f"treacherous terrain roll of {self.face}: re-roll with the "
                         "commodore?", (Reroll(), Decline()))]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        self.offered = False
        if isinstance(action, Reroll):
            game.state.reroll_used[player] = True
            game.emit(
                CommodoreReroll(
                    player=player,
                    text=f"{player_name(player)}'s commodore orders a re-roll",
                )
            )
            self.face = roll_treacherous(game, player, "treacherous terrain re-roll")
        self.finish(game)

    def step(self, game: DWGame) -> None:
        state = game.state
        model = state.models[self.model]
        self.face = roll_treacherous(game, model.player, f"treacherous terrain ({self.piece})")
        game.emit(
            Treacherous(
                model=model.uid,
                roll=self.face,
                text=f"{model.name} crosses {self.piece}: rolls {self.face}",
            )
        )
        if self.face == TREACHEROUS_FAILS and may_reroll(state, model.player) and (
            near_commodore(state, model)
        ):
            self.offered = True
            return
        self.finish(game)

    def finish(self, game: DWGame) -> None:
        """Apply the roll and leave."""
        model = game.state.models[self.model]
        game.pop()
        if self.face == TREACHEROUS_FAILS:
            lose_hull(game, model, 1, f"treacherous {self.piece}")


def roll_treacherous(game: DWGame, player: int, label: str) -> int:
    """``player`` rolls a d6 for a model in treacherous terrain; getting through (anything
    but a 1) is the roll's effect for the luck report."""
    face = game.dice_for(player).faces(6, 1, label=label)[0]
    game.emit(RollEffect(player, label, int(face != TREACHEROUS_FAILS), 1,
                         at_least=TREACHEROUS_FAILS + 1))
    return face
