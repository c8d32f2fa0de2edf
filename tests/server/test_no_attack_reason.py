"""The Dystopian Wars attack step with no attack to declare (the Fire form's
``unavailable``): each gun judged against every enemy it may attack, and every gun fired
(DW-RANGE-BANDS, DW-NO-TINY-TARGETS, DW-AA-CC-BASICS, DW-SPLIT-FIRE)."""

from __future__ import annotations

from typing import Any

from warbench.server.snapshot import snapshot


def cruiser_out_of_reach() -> Any:
    """DW-RANGE-BANDS: a cruiser activated and moved, the only enemy across the table
    beyond every gun's reach: its attack step, with no attack to declare."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted, setup, squadron
    from warbench.rulesets.dystopian_wars.actions import Activate, Move

    game = scripted(setup([squadron("britannia-cruiser", (30.0, 10.0, 0.0))],
                          [squadron("prussia-battleship", (48.0, 44.0, 180.0))]), P0_FIRST)
    play(game, Activate(0), Move(0, (2.0,)))
    return game


def test_dw_no_tiny_targets_an_attack_step_judges_each_gun_against_every_enemy() -> None:
    """DW-NO-TINY-TARGETS, DW-RANGE-BANDS, DW-AA-CC-BASICS: the nearest enemy is a wing of
    tiny flyers, which no battery may target, and the battleship beyond it is out of reach:
    the batteries' reason is the battleship's range, not the wing (named as nearer but never
    theirs to attack); the ack-ack's is the wing's distance (beyond its 8 inches), the
    charges' that no enemy dives."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted, setup, squadron
    from warbench.rulesets.dystopian_wars.actions import Activate, Fire, Move

    game = scripted(setup([squadron("britannia-cruiser", (30.0, 10.0, 0.0))],
                          [squadron("prussia-battleship", (48.0, 44.0, 180.0)),
                           squadron("prussia-fighter-wing", (30.0, 27.0, 180.0), count=1)]),
                    P0_FIRST)
    play(game, Activate(0), Move(0, (2.0,)))
    (space,) = [s for d in snapshot(game, 0)["decisions"] for s in d["spaces"]]
    assert space["type"] == Fire.TAG and space["possible"] is False
    batteries, ack_ack, charges = space["unavailable"].split("; ")
    assert batteries == (
        "no gun left can reach an enemy: Warden 1's turret, Warden 1's broadside (port),"
        " Warden 1's broadside (starboard) at Kaiserin 1, the nearest enemy they may attack,"
        " 32.9 inches away: Kaiserin 1 is beyond range band 4 (DW-RANGE-BANDS) (Prussian"
        " fighter wing is nearer, but gunnery, rockets, torpedoes, bombs and mines never"
        " target tiny flyers (DW-NO-TINY-TARGETS))")
    assert ack_ack == (
        "Warden 1's ack-ack at Prussian fighter wing, the nearest enemy it may attack:"
        " Prussian fighter wing is 13.1 inches away, beyond 8 inches (DW-AA-CC-BASICS)")
    assert charges.endswith("concussion charges attack only diving models (DW-AA-CC-BASICS)")


def test_a_dystopian_wars_attack_step_with_every_gun_fired_says_so() -> None:
    """DW-SPLIT-FIRE: a gun fires once an activation; once the cruiser's guns have all
    fired (the frame's record, as after its attacks), the Fire form says so."""
    from warbench.rulesets.dystopian_wars.actions import Fire
    from warbench.rulesets.dystopian_wars.attack_listing import gun_key, guns_of
    from warbench.rulesets.dystopian_wars.gunnery import FireSpace, Gunnery

    game = cruiser_out_of_reach()
    (space,) = game.pending()[0].spaces
    assert isinstance(space, FireSpace)
    frame = space._frame
    assert isinstance(frame, Gunnery)
    model = game.state.models[frame.part[0]]
    for mount in guns_of(game.ruleset.data, model):
        frame.used[gun_key(model.uid, mount)] = -1
    (form,) = [s for d in snapshot(game, 0)["decisions"] for s in d["spaces"]]
    assert form["type"] == Fire.TAG and form["possible"] is False
    assert form["unavailable"] == "every gun of Warden 1 has fired this activation"
