"""The typed game and procedure of HORDES, and small helpers every procedure uses."""

from __future__ import annotations

from typing import Protocol

from warbench.core.engine import Game
from warbench.core.events import Event
from warbench.core.procedures import Procedure
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.events import FuryChanged, KnockedDown
from warbench.rulesets.hordes.names import model_label
from warbench.rulesets.hordes.state import HordesState, Model

HordesGame = Game[HordesState, HordesData]
HordesProcedure = Procedure[HordesState, HordesData]


class Table(Protocol):
    """What lasting effects, healing and knockdowns need of a game: its data, its state and
    where its events go. A :data:`HordesGame`, or the odds' quiet copy of one (the same
    functions then land a spell's effects on copied models, HOR-ACTION-ODDS)."""

    @property
    def data(self) -> HordesData: ...

    @property
    def state(self) -> HordesState: ...

    def emit(self, event: Event) -> None: ...


def name(game: Table, model: Model) -> str:
    """The model as the board labels it (its card's name, tagged where another model
    shares it), for the narration and the decisions' prompts."""
    return model_label(game.data, game.state.models, model)


def card_name(game: HordesGame, model: Model) -> str:
    """The model's card's name alone, where the text is more than words for people: a
    roll's label, by which the search bot's keyed dice key it (``core.search.dice``; its
    words for people, ``told``, name the model by :func:`name`), and an outcome's reason,
    kept in the state; a tag there would change the bot's play or the state's hash."""
    return game.data.models[model.card].name


def roll(game: HordesGame, player: int, count: int, label: str, told: str = "") -> list[int]:
    """``count`` d6 rolled by ``player`` for ``label`` (``told``: the same in words for
    people, where they differ)."""
    return game.dice_for(player).faces(6, count, label=label, told=told)


def add_fury(game: HordesGame, model: Model, amount: int, reason: str) -> None:
    """Put ``amount`` fury on (negative: take it off) a model, with an event."""
    model.fury += amount
    verb = "gains" if amount >= 0 else "loses"
    game.emit(
        FuryChanged(
            model.uid,
            model.fury,
            reason,
            text=f"{name(game, model)} {verb} {abs(amount)} fury ({reason})",
        )
    )


def knock_down(game: Table, model: Model) -> None:
    """Knock a model down; during its controller's turn it stays down until the next."""
    if not model.alive or model.knocked_down:
        return
    model.knocked_down = True
    model.stay_down = game.state.active == model.owner
    game.emit(KnockedDown(model.uid, True, text=f"{name(game, model)} is knocked down"))


def stand_up(game: HordesGame, model: Model) -> None:
    """The model is no longer knocked down."""
    model.knocked_down = False
    model.stay_down = False
    game.emit(KnockedDown(model.uid, False, text=f"{name(game, model)} stands up"))
