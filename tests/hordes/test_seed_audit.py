"""Rules checked against the seed's own sentences in a fourth audit: the activation of a
model that gave up its action to stand, the models a spray attacks, ..."""

from __future__ import annotations

import math

from tests.hordes.helpers import activate, battle, options, script
from warbench.rulesets.hordes.actions import (
    Attack,
    Done,
    Feat,
    Heal,
    Hold,
    Move,
    Rile,
    StandUp,
)
from warbench.rulesets.hordes.events import AttackRolled
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


def test_hor_spray_attacks_a_model_under_the_strips_far_corner() -> None:
    """HOR-SPRAY (l.444-447): a spray attacks every model within its 1"-wide strip, its
    length the spray's range from the attacker's front. The Cinder Drake's Flame Breath
    (Sp 8) at a Mosshound straight ahead: Maelis's base covers the strip's far corner, 8.01"
    from the Drake's base edge to hers; she is attacked (9 + RAT 5 + aiming 2 hits DEF
    16), not missed as out of range."""
    drake_r, maelis_r = 20 / 25.4, 15 / 25.4
    corner = (24.5, 10 + drake_r + 8.0)
    length = math.hypot(corner[0] - 24, corner[1] - 10)
    out = (maelis_r - 0.004) / length
    maelis = (corner[0] + (corner[0] - 24) * out, corner[1] + (corner[1] - 10) * out)
    game = battle(
        [["vesk", "cinder-drake"], ["maelis", "mosshound"]],
        [[10, 5, 0], [24, 10, 0], [*maelis, 180], [24, 16, 180]],
    )
    activate(game, 1)
    game.apply(0, Hold())
    script(game, 4, 5, *[1] * 20)
    game.apply(0, Attack(0, 3))
    rolled = [e for e in game.events if isinstance(e, AttackRolled) and e.target == 2]
    assert [(e.total, e.hit) for e in rolled] == [(16, True)]
