"""Phase 6: a fighter group paying an endurance point to fly out of a Phalon pulser's
arcs before point defence (FT-SEQ-TARGETS, FT-PH-PULSER-PD)."""

from __future__ import annotations

import pytest

from warbench.rulesets.full_thrust.actions import DefendWith, FighterTarget, Launch, MoveGroup
from warbench.rulesets.full_thrust.arc_escape import escape_point
from warbench.rulesets.full_thrust.arcs import arcs_containing
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.declarations import escape_refusal, group_targets
from warbench.rulesets.full_thrust.defence import defence_options
from warbench.rulesets.full_thrust.events import FighterTargetDeclared

from .helpers import RULES, battle, orders, ship

LIB = RULES.data
#: Reed's pulsers: close, all round; close, fore arcs only (FP, F, FS).
ROUND, FORE = LIB.designs["sorrel"].indices("pulser")
LEAVE = FighterTarget(0, "ship", 1, True, out_of_arcs=True)


def reed_ahead_of_nest(endurance: int = 6, at: tuple[float, float] = (32.0, 26.0)) -> FTGame:
    """Nest's standard group (with ``endurance`` left) launched and flown ``at`` (by default
    4.5 MU off the bow of Red's Sorrel-class Reed, facing Nest), inside the fore pulser's
    arcs: phase 6, Blue to declare."""
    game, _ = battle([ship("haven", "Nest", 30.0, 10.0, fighters=("standard",))],
                     [ship("sorrel", "Reed", 30.0, 30.0, facing=6)], 6, 1)
    orders(game)
    game.apply(0, Launch(0))
    game.state.groups[0].endurance = endurance
    game.apply(0, MoveGroup(0, *at))
    assert game.state.phase == 6 and game.pending()[0].player == 0
    return game


def test_ft_seq_targets_a_group_in_a_pulsers_arcs_is_offered_a_move_out_of_them() -> None:
    """FT-SEQ-TARGETS: besides the plain attack, the group may pay for a secondary move
    to the nearest point out of the fore pulser's arcs within attack range of Reed; the
    option says so in words, with the point."""
    game = reed_ahead_of_nest()
    options = game.pending()[0].options
    assert FighterTarget(0, "ship", 1) in options and LEAVE in options
    state = game.state
    reed = state.ships[1]
    x, y = escape_point(state, LIB, state.groups[0], reed) or (0.0, 0.0)
    assert (x, y) == pytest.approx((31.965, 30.017))  # just abaft the beam, past the arc edge
    assert not arcs_containing(reed.x, reed.y, reed.facing, x, y) & LIB.designs["sorrel"] \
        .systems[FORE].arcs
    assert RULES.action_text(state, LEAVE) == (
        "Nest S1 (6) attacks Reed, after a secondary move out of the point defence arcs, "
        "to (32.0, 30.0) (an endurance point)")
    ghost = RULES.action_preview(state, LEAVE).ghosts[0]
    assert (ghost.x, ghost.y) == (x, y)


@pytest.mark.parametrize("leave", [False, True])
def test_ft_seq_targets_the_move_costs_an_endurance_point_and_the_fore_pulser_cannot_fire(
    leave: bool,
) -> None:
    """FT-SEQ-TARGETS, FT-PH-PULSER-PD, FT-FTR-ENDURANCE: the move costs an endurance
    point, is kept in the journal, and point defence judges the marker where it now is:
    Reed's fore pulser no longer bears, its all-round pulser still does. Without the move
    both may fire."""
    game = reed_ahead_of_nest()
    game.apply(0, LEAVE if leave else FighterTarget(0, "ship", 1))
    group = game.state.groups[0]
    assert group.endurance == (5 if leave else 6)
    assert (group.x, group.y) == ((31.965, 30.017) if leave else (32.0, 26.0))
    assert game.journal.entries[-1].action["out_of_arcs"] is leave
    declared = [e for e in game.events if isinstance(e, FighterTargetDeclared)][-1]
    assert declared.secondary is leave
    assert ("out of the defensive arcs" in declared.text) is leave
    pulsers = {o.system for o in defence_options(game, 1)
               if isinstance(o, DefendWith) and o.threat == 0}
    assert pulsers == ({ROUND} if leave else {ROUND, FORE})


def test_ft_seq_targets_the_move_out_of_arcs_is_refused_with_a_reason() -> None:
    """FT-SEQ-TARGETS, FT-FTR-ENDURANCE: not offered, and refused with the rules' reason,
    without an endurance point to spare, without a clear point in reach, against a ship
    with no arc-limited point defence, and for anything but an attack on a ship."""
    game = reed_ahead_of_nest(endurance=1)
    state = game.state
    group = state.groups[0]
    assert FighterTarget(0, "ship", 1) in game.pending()[0].options
    assert LEAVE not in game.pending()[0].options
    assert game.check(0, LEAVE) is not None
    reason = RULES.action_preview(state, LEAVE).refusal or ""
    assert "endurance" in reason and "FT-FTR-ENDURANCE" in reason
    group.endurance = 6
    group.x, group.y = 30.0, 15.0  # 15 MU ahead: every point out of the arcs is too far
    assert not any(o.out_of_arcs for o in group_targets(state, LIB, group))
    assert "no point within one secondary move" in (escape_refusal(state, LIB, LEAVE) or "")
    dogfight = FighterTarget(0, "fighters", 0, True, out_of_arcs=True)
    assert "only to attack a ship" in (escape_refusal(state, LIB, dogfight) or "")
    assert escape_refusal(state, LIB, FighterTarget(0, "ship", 1)) is None


def test_ft_seq_targets_no_move_is_offered_against_all_round_point_defence() -> None:
    """FT-SEQ-TARGETS: a ship whose point defence covers every arc (a lancer's PDS) gives
    no move to leave; nor does a group already outside the pulser's arcs."""
    game, _ = battle([ship("haven", "Nest", 30.0, 10.0, fighters=("standard",))],
                     [ship("lancer", "Pike", 30.0, 30.0, facing=6),
                      ship("sorrel", "Reed", 50.0, 30.0, facing=6)])
    state = game.state
    group = state.groups[0]
    group.status, group.x, group.y = "space", 32.0, 26.0
    assert not any(o.out_of_arcs for o in group_targets(state, LIB, group))
    assert "no point defence with limited arcs" in (escape_refusal(state, LIB, LEAVE) or "")
    group.x, group.y = 50.0, 34.0  # astern of Reed
    assert not any(o.out_of_arcs for o in group_targets(state, LIB, group))
    behind = FighterTarget(0, "ship", 2, True, out_of_arcs=True)
    assert "already attacks from outside" in (escape_refusal(state, LIB, behind) or "")


def test_ft_seq_targets_the_admiral_pays_to_leave_the_arcs_where_the_move_is_worth_it() -> None:
    """FT-SEQ-TARGETS, FT-PH-PULSER-PD: next to Reed, one fore pulser's die is not worth an
    endurance point, so the admiral attacks from where it is; from beyond attack range the
    group must spend the point on a secondary move anyway, and the admiral spends it on the
    move that ends out of the pulser's arcs rather than on the straight dash into them."""
    game = reed_ahead_of_nest()
    seen = game.observe(0)
    assert LEAVE in seen.decisions[0].options
    assert AdmiralBot(3).choose(seen, seen.decisions[0]) == FighterTarget(0, "ship", 1)
    far = reed_ahead_of_nest(at=(34.0, 21.0))  # 9.8 MU off Reed's bow, beyond attack range
    seen = far.observe(0)
    options = seen.decisions[0].options
    assert FighterTarget(0, "ship", 1, True) in options and LEAVE in options
    choice = AdmiralBot(3).choose(seen, seen.decisions[0])
    assert choice == LEAVE and far.check(0, choice) is None
