"""The exact odds of each fire-control lock offered, at the real range, from the seat's view."""

from __future__ import annotations

from warbench.rulesets.full_thrust.actions import AssignWeapon, DeclareTarget
from warbench.rulesets.full_thrust.odds_options import (
    BeamOptions,
    KGunOptions,
    ScattergunOptions,
)

from .helpers import RULES, battle, orders, ship


def test_a_lock_offered_has_the_odds_of_every_beam_bearing_at_the_real_range() -> None:
    """Sabre's class-2 and two class-1 beams bear on Pike 10 MU ahead: 4 dice, the same
    answer as the beam odds command for four one-die batteries against a lancer."""
    game, _ = battle(
        [ship("lancer", "Sabre", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 20.0, facing=6)],
        6, 1,
    )
    orders(game)
    decision = game.pending()[0]
    lock = DeclareTarget(0, 1, "ship", 1)
    assert lock in decision.options
    answer = RULES.action_odds(game.observe(decision.player).state, lock)
    assert answer is not None and answer.outcome == "hull damage"
    command = RULES.attacks()["beam"].odds(
        BeamOptions(beam_class=1, batteries=4, range=10.0, target="lancer", show="hull")
    )
    assert answer.distribution.to_dict() == command.distribution.to_dict()
    assert answer.named == command.named
    assert "4 dice" in answer.notes[0] and "10.0 MU" in answer.notes[0]
    assert RULES.action_odds(game.observe(0).state, DeclareTarget(0, 1)) is None  # no lock


def test_only_the_beams_in_arc_count_for_a_target_astern() -> None:
    """A target astern: only the all-round class-1 beams bear (2 dice, not 4)."""
    game, _ = battle(
        [ship("lancer", "Sabre", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 4.0, facing=6)],
        6, 1,
    )
    orders(game)
    answer = RULES.action_odds(game.observe(0).state, DeclareTarget(0, 1, "ship", 1))
    assert answer is not None and "2 dice" in answer.notes[0]


def test_a_kravak_lock_has_the_odds_of_its_k_guns_at_the_real_range() -> None:
    """Fang's K3 and two K1 guns bear on Watch 10 MU ahead (the scattergun reaches 6): the
    lock's mean hull damage is the K-gun command's for each class, added up."""
    game, _ = battle([ship("vorrun", "Fang", 30.0, 10.0)],
                     [ship("sentinel", "Watch", 30.0, 20.0, facing=6)], 6, 1)
    orders(game)
    answer = RULES.action_odds(game.observe(0).state, DeclareTarget(0, 1, "ship", 1))
    assert answer is not None and answer.outcome == "hull damage"
    kgun = RULES.attacks()["k-gun"]
    means = [
        kgun.odds(KGunOptions(gun_class=level, guns=guns, range=10.0, target="sentinel",
                              show="hull")).distribution.mean
        for level, guns in ((3, 1), (1, 2))
    ]
    assert abs(answer.distribution.mean - sum(means)) < 1e-9
    assert "K3 gun, K1 gun, K1 gun at 10.0 MU" in answer.notes[0]
    assert "destroyed" in answer.named and "threshold check" in answer.named


def test_a_weapon_asked_for_its_target_has_its_own_odds_and_holding_has_none() -> None:
    """At 4 MU the scattergun (one shot) is asked for its target: its odds are the
    scattergun command's against that ship; holding fire has none."""
    game, _ = battle([ship("vorrun", "Fang", 30.0, 10.0)],
                     [ship("sentinel", "Watch", 30.0, 14.0, facing=6)], 6, 1)
    orders(game)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    aim, hold = game.pending()[0].options
    assert isinstance(aim, AssignWeapon) and aim.target == 1 and hold.target == -1
    answer = RULES.action_odds(game.observe(0).state, aim)
    command = RULES.attacks()["scattergun"].odds(
        ScattergunOptions(range=4.0, target="sentinel", show="hull"))
    assert answer is not None
    assert answer.distribution.to_dict() == command.distribution.to_dict()
    assert RULES.action_odds(game.observe(0).state, hold) is None
