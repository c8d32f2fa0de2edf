"""The control area, discarding fury, the game's materials, and healing a life spiral."""

from __future__ import annotations

import pytest

from tests.hordes.helpers import RULES, activate, battle, options, script
from warbench.core.engine import IllegalAction
from warbench.rulesets.hordes.actions import (
    Activate,
    Attack,
    Cast,
    Charge,
    DamageBoost,
    Discard,
    Done,
    Heal,
    Hold,
    Move,
    Rile,
    Slam,
)
from warbench.rulesets.hordes.profile import crippled_aspects

PAIR = [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]]
BRUTE_RADIUS = 50 / 25.4 / 2


def brute_at(edge_gap: float) -> list[list[float]]:
    """Maelis (FURY 7) at y = 6 and the Brute's base edge ``edge_gap`` inches from her
    centre, straight up the table."""
    return [[24, 6, 0], [24, 6 + edge_gap + BRUTE_RADIUS, 0], [40, 45, 180], [8, 45, 180]]


def test_control_area_is_twice_fury_inches() -> None:
    """HOR-CTRL, HOR-FORCE-CTRL: a beast whose base reaches within 2 x FURY = 14" of its
    warlock may be forced and healed; one just outside may not."""
    inside = battle(PAIR, brute_at(13.95))
    activate(inside, 1)
    assert Rile(1) in options(inside)
    inside.apply(0, Rile(1))
    assert inside.state.models[1].fury == 1
    outside = battle(PAIR, brute_at(14.05), prepare=lambda s: s.models[1].spiral.__setitem__(0, 2))
    activate(outside, 1)
    assert not any(isinstance(o, Rile | Charge) for o in options(outside))
    with pytest.raises(IllegalAction, match="HOR-FORCE-CTRL"):
        outside.apply(0, Rile(1))
    outside.apply(0, Done())
    activate(outside, 0)
    assert not any(isinstance(o, Heal) and o.target == 1 for o in options(outside))
    healed = battle(PAIR, brute_at(13.95), prepare=lambda s: s.models[1].spiral.__setitem__(0, 2))
    activate(healed, 0)
    assert Heal(1, 2) in options(healed)


def test_discard_removes_warlock_fury() -> None:
    """HOR-DISCARD: in its activation a warlock removes any amount of its fury, never more
    than it holds; a beast has no such option."""
    game = battle(PAIR, brute_at(4.0))
    activate(game, 0)
    assert {o.amount for o in options(game) if isinstance(o, Discard)} == set(range(1, 8))
    with pytest.raises(IllegalAction):
        game.apply(0, Discard(8))
    game.apply(0, Discard(3))
    assert game.state.models[0].fury == 4
    assert max(o.amount for o in options(game) if isinstance(o, Discard)) == 4
    game.apply(0, Done())
    activate(game, 1)
    assert not any(isinstance(o, Discard) for o in options(game))


def test_dice_and_inches() -> None:
    """HOR-MATERIALS: every roll is a d6 from the game's dice (scripted dice decide the
    attack), distances are inches on the 48" table, fury is counted per model."""
    game = battle([["vesk"], ["maelis"]], [[24, 20, 0], [24, 26, 180]])
    activate(game, 0)
    game.apply(0, Hold())
    script(game, 6, 6, 4, 4)
    game.apply(0, Attack(1, 1))
    game.apply(0, DamageBoost(1, False))  # the hit is known: roll the damage unboosted
    rolls = [e for e in game.events if e.kind == "roll"]
    assert [(r.sides, r.faces) for r in rolls[-2:]] == [(6, (6, 6)), (6, (4, 4))]
    assert RULES.data.settings.table == 48.0
    spd = RULES.data.models["maelis"].spd
    other = battle([["maelis"], ["vesk"]], [[24, 6, 0], [24, 40, 180]])
    activate(other, 0)
    with pytest.raises(IllegalAction, match="more than"):
        other.apply(0, Move(24.0, 6 + spd + 0.05, 0.0))
    other.apply(0, Move(24.0, 6 + spd - 0.05, 0.0))
    assert other.state.models[0].y == pytest.approx(6 + spd - 0.05)


def test_healing_restores_a_crippled_aspect() -> None:
    """HOR-SPIRAL-SPIRIT: a beast with a crippled spirit cannot be forced; HOR-SPIRAL-HEAL:
    healing marks off circles of a crippled aspect first (engine default), restoring it."""

    def cripple_spirit(state) -> None:
        state.models[1].spiral[:] = [2, 0, 0, 0, 5, 4]

    start = [[24, 6, 0], [24, 10, 0], [24, 45, 180], [24, 17, 180]]
    hurt = battle(PAIR, start, prepare=cripple_spirit)
    activate(hurt, 1)
    assert not any(isinstance(o, Charge | Slam | Rile) for o in options(hurt))
    with pytest.raises(IllegalAction, match="HOR-SPIRAL-SPIRIT"):
        hurt.apply(0, Rile(1))
    game = battle(PAIR, start, prepare=cripple_spirit)
    brute = game.state.models[1]
    assert crippled_aspects(RULES.data, brute) == {"spirit"}
    activate(game, 0)
    game.apply(0, Heal(1, 1))
    assert brute.spiral == [2, 0, 0, 0, 4, 4] and game.state.models[0].fury == 6
    assert crippled_aspects(RULES.data, brute) == frozenset()
    game.apply(0, Done())
    activate(game, 1)
    assert Rile(1) in options(game) and Slam(3) in options(game)


def test_reach_weapons_strike_two_inches_away() -> None:
    """HOR-REACH, HOR-MELEE-RANGE: a reach weapon hits a model 1.5" away; a weapon without
    reach does not (0.5")."""
    gap = 1.5 + 2 * (30 / 25.4 / 2)
    game = battle([["maelis"], ["vesk"]], [[24, 20, 0], [24, 20 + gap, 180]])
    activate(game, 0)
    game.apply(0, Hold())
    assert Attack(0, 1) in options(game)  # Rowan Staff, reach
    game.apply(0, Done())
    game.apply(0, Done())
    while game.pending()[0].player == 1 and not any(isinstance(o, Activate) for o in options(game)):
        game.apply(1, Done())
    activate(game, 1)
    game.apply(1, Hold())
    assert not any(isinstance(o, Attack) for o in options(game))  # Ember Staff: 0.5"
    with pytest.raises(IllegalAction, match="HOR-MELEE-RANGE"):
        game.apply(1, Attack(0, 0))


def test_spells_need_sight_and_fury_is_spent_in_the_warlocks_activation() -> None:
    """HOR-SPELL-LOS: a spell needs sight of its target (a 50 mm base hides a 30 mm one);
    HOR-FURY-SPEND-WHEN: the warlock spends fury only in its own activation."""
    game = battle(
        [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]],
        [[24, 10, 0], [30, 10, 0], [24, 22, 180], [24, 16, 180]],
    )
    with pytest.raises(IllegalAction):
        game.apply(0, Discard(1))  # no model is activating
    activate(game, 1)
    with pytest.raises(IllegalAction):
        game.apply(0, Cast("thorn-lash", 3))  # the beast's activation, not the warlock's
    game.apply(0, Done())
    activate(game, 0)
    casts = {(o.spell, o.target) for o in options(game) if isinstance(o, Cast)}
    assert ("thorn-lash", 3) in casts and ("thorn-lash", 2) not in casts
    with pytest.raises(IllegalAction, match="HOR-SPELL-LOS"):
        game.apply(0, Cast("thorn-lash", 2))
