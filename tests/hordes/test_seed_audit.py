"""Rules checked against the seed's own sentences in a fourth audit: the activation of a
model that gave up its action to stand, ..."""

from __future__ import annotations

from tests.hordes.helpers import activate, battle, options
from warbench.rulesets.hordes.actions import (
    Attack,
    Done,
    Feat,
    Heal,
    Move,
    Rile,
    StandUp,
)
from warbench.rulesets.hordes.state import HordesState


def _down(state: HordesState) -> None:
    """Maelis (3 boxes marked) and her Mosshound knocked down in the enemy's turn."""
    for model in state.models[:2]:
        model.knocked_down = True
    state.models[0].damage = 3


def test_hor_stand_giving_up_the_action_the_activation_goes_on_after_the_move() -> None:
    """HOR-STAND, HOR-FEAT, HOR-HEAL, HOR-RILE (l.476-477, l.104-105, l.229-232): a model
    that gives up its action to stand may make its normal move; nothing ends its activation
    there (only a run's, l.296-297, ends at its move), and the feat, healing and riling are
    used at any time in the activation. After her move Maelis may still use her feat and
    heal, and the Mosshound may still be riled; neither may attack."""
    game = battle(
        [["maelis", "mosshound"], ["vesk"]],
        [[24, 5, 0], [28, 8, 0], [24, 15, 180]],
        prepare=_down,
    )
    game.apply(0, Done())  # no shaking off in the control phase
    for uid in (0, 1):
        activate(game, uid)
        game.apply(0, StandUp("action"))
        model = game.state.models[uid]
        game.apply(0, Move(model.x, model.y + 2, 0.0, False))
        game.apply(0, Done())  # stops after one leg
        after = options(game)
        assert not any(isinstance(o, Attack) for o in after)
        if uid == 0:
            assert Feat() in after and Heal(0, 3) in after
        else:
            assert Rile(1) in after
        game.apply(0, Done())
        assert model.activated
