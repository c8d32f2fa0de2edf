"""A click on a piece that no form can be aimed by says why in a player's words: one's own
unit that cannot shoot says why not (the rules' reason, at the nearest enemy where the
form names no target), one's own unit clicked as a target says it is one's own with the
rules' reason (naming the rule where the ruleset does), terrain is no piece, a piece gone
from the table is said so; never the action's tag ("rg-shoot")."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.server.test_board import _game, _play_until
from tests.server.test_field_choices import group_turn
from warbench.core.decisions import Decision
from warbench.server.consider import consider
from warbench.server.snapshot import snapshot

#: The Shoot form as the page sends it when nothing may shoot: no examples, fields empty.
EMPTY_SHOOT = {"type": "rg-shoot", "at_pilot": False, "indirect": False}


def far_turn() -> Any:
    """RG-FIRE-BANDS: group A's turn, a tank and a walker (a rover of theirs waiting for
    its own), the enemy's walker and rover far beyond long range across the table, and
    the default terrain: nothing may shoot."""
    from tests.robogear.helpers import army, battle, put, turn_of

    game = battle(army(("ferrum-tank", 1, "group:a"), ("ferrum-walker", 1, "group:a"),
                       ("ferrum-rover", 1)),
                  army(("verdant-walker", 1), ("verdant-rover", 1)), terrain="default")
    for unit, (x, y, facing) in enumerate([(20, 10, 0), (30, 10, 0), (40, 10, 0),
                                           (20, 90, 180), (60, 90, 180)]):
        put(game, unit, x, y, facing)
    turn_of(game, 0)
    return game


def _aim(game: Any, label: str, action: dict[str, Any], field: str | None = None
         ) -> dict[str, Any]:
    aim = {"label": label, "action": action, **({"field": field} if field else {})}
    return consider(game, 0, {"aim": aim})


def test_robogear_ones_own_unit_that_cannot_shoot_says_why() -> None:
    """RG-FIRE-BANDS: nothing may shoot, so the Shoot form is empty; one's own walker
    clicked (to act) says it cannot shoot and the rules' reason at the nearest enemy (a
    rover not in the turn, the reason alone, as it holds at any target); clicked as a
    target, that it is one's own and that no shot is legal; terrain, that it is no piece;
    a destroyed unit, that it is not on the table. No tag, nothing taken."""
    game = far_turn()
    steps = len(game.journal.entries)
    assert not any(space.sample(_seeded(), 1) for space in game.pending()[0].spaces
                   if space.action_type.TAG == "rg-shoot")
    walker = _aim(game, "1 Strider walker", EMPTY_SHOOT, "unit")
    assert walker["action"] is None
    assert walker["reason"] == ("1 Strider walker cannot shoot now (at the nearest enemy, "
                                "3 Mantis walker): 3 Mantis walker is beyond long range "
                                "(77.6 steps, RG-FIRE-BANDS)")
    # a reason the same whatever the target is said without one
    assert _aim(game, "2 Rover carrier", EMPTY_SHOOT, "unit")["reason"] == (
        "2 Rover carrier cannot shoot now: 2 Rover carrier is not in the squad taking its turn "
        "(RG-ACTIONS)")
    assert _aim(game, "1 Strider walker", EMPTY_SHOOT)["reason"] == (
        "1 Strider walker is your own unit: there is no legal Shoot now")
    assert _aim(game, "3 Mantis walker", EMPTY_SHOOT)["reason"] == (
        "the Shoot form cannot aim at 3 Mantis walker now: there is no legal Shoot now")
    terrain = next(s["label"] for s in snapshot(game, 0)["scene"]["shapes"]
                   if s.get("player") is None)
    assert _aim(game, terrain, EMPTY_SHOOT)["reason"] == (
        f"{terrain} is terrain or a marker, not a piece: the Shoot form aims at pieces")
    game.state.units[0].alive = False  # destroyed: off the table
    assert _aim(game, "0 Anvil battle tank", EMPTY_SHOOT, "unit")["reason"] == (
        "0 Anvil battle tank is not on the table")
    assert len(game.journal.entries) == steps


def test_robogear_ones_own_unit_clicked_as_a_target_is_said_to_be_ones_own() -> None:
    """RG-GROUP-GLOBAL: shots are legal, the form empty; one's own walker offered as the
    target is one's own, with the rules' reason; clicked to act, a legal shot of its own
    fills the form, the note saying so."""
    game = group_turn()
    own = _aim(game, "1 Strider walker", EMPTY_SHOOT)
    assert own["action"] is None
    assert own["reason"] == (
        "1 Strider walker is your own unit: only enemy units may be chosen as targets "
        "(RG-ACTIONS)")
    acting = _aim(game, "1 Strider walker", EMPTY_SHOOT, "unit")
    assert acting["action"]["unit"] == 1 and acting["reason"] is None
    assert acting["note"] == "unit, target chosen from a legal example of 1 Strider walker"


def test_dystopian_wars_ones_own_model_clicked_as_a_target_names_the_rule() -> None:
    """DW-NO-OWN-TARGETS: the Fire form, no guns chosen, offered one's own model says it is
    one's own and gives the rules' reason with the rule's ID."""
    from warbench.rulesets.dystopian_wars.actions import Fire

    game = _game("dystopian-wars")
    seat = _play_until(game, lambda d: any(isinstance(o, Fire) for o in d.options)).player
    own = next(s["label"] for s in snapshot(game, seat)["scene"]["shapes"]
               if s.get("player") == seat and not s.get("faded"))
    reply = consider(game, seat, {"aim": {"label": own, "action": {"type": "fire"}}})
    assert reply["action"] is None
    assert reply["reason"].startswith(f"{own} is your own piece: ")
    assert reply["reason"].endswith("(DW-NO-OWN-TARGETS)")


def _seeded() -> Any:
    from warbench.core.rng import RandomStream

    return RandomStream.from_seed(1)


def _aimable(decision: Decision) -> bool:
    """Whether a decision has a form a click may aim (a whole-number field beside the
    piece acting)."""
    return any(_aim_fields(space.action_type) for space in decision.spaces)


def _aim_fields(action_type: type) -> list[str]:
    return [f.name for f in dataclasses.fields(action_type) if f.type in ("int", int)
            and f.name not in ("unit", "ship", "model", "group") and action_type.TAG]


@pytest.mark.parametrize("ruleset_id", ["robogear", "full-thrust", "armada",
                                        "dystopian-wars", "hordes"])
def test_no_click_on_a_piece_answers_with_an_actions_tag(ruleset_id: str) -> None:
    """Every form a click may aim, at the first decision offering one, with its fields
    empty, offered one of the seat's pieces, another side's and a piece of the table: the
    answer is an action or a reason in words naming the piece, never the action's tag."""
    game = _game(ruleset_id)
    decision = _play_until(game, _aimable)
    seat = decision.player
    shapes = snapshot(game, seat)["scene"]["shapes"]
    picks = [next((s["label"] for s in shapes if test(s)), None) for test in (
        lambda s: s.get("player") == seat, lambda s: s.get("player") not in (None, seat),
        lambda s: s.get("player") is None)]
    for space in decision.spaces:
        if not _aim_fields(space.action_type):
            continue
        tag = space.action_type.TAG
        for label in filter(None, picks):
            reply = consider(game, seat, {"aim": {"label": label, "action": {"type": tag}}})
            if reply["action"] is None:
                assert label in reply["reason"] and tag not in reply["reason"], reply["reason"]
                assert "no target of" not in reply["reason"]
