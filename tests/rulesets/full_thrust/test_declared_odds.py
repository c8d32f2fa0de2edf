"""The exact odds of each fire-control lock offered, at the real range, from the seat's view."""

from __future__ import annotations

from warbench.rulesets.full_thrust.actions import DeclareTarget
from warbench.rulesets.full_thrust.odds_options import BeamOptions

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
