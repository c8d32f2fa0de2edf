"""A click or a drag on the board that must fill in what a form leaves out: an enemy clicked
while the attack form names no guns gets a legal attack on it (the web table's own
behaviour, no rule of the game: its odds shown); a piece turned on the spot by dragging its rotate
handle gets the ruleset's turn, previewed with its ghost and the rules' reason."""

from __future__ import annotations

from tests.server.test_board import _game, _play_until
from warbench.server.consider import consider


def test_dystopian_wars_an_enemy_clicked_with_no_guns_chosen_gets_a_legal_attack() -> None:
    """The Fire form with its ``guns`` empty, aimed at an enemy: the guns come from a legal
    attack on that model, the note says so, the verdict is legal with its exact odds, and
    the engine takes it as it is."""
    from warbench.rulesets.dystopian_wars.actions import Fire

    game = _game("dystopian-wars")
    decision = _play_until(game, lambda d: any(isinstance(o, Fire) for o in d.options))
    seat = decision.player
    legal = next(o for o in decision.options if isinstance(o, Fire))
    target = game.ruleset.action_target(game.observe(seat).state, legal)
    reply = consider(game, seat, {"aim": {"label": target, "action": {"type": "fire"}}})
    assert reply["action"] is not None and reply["target"] == target
    assert reply["reason"] is None and reply["odds"] is not None
    assert "guns" in reply["note"] and target in reply["note"]
    # Guns the person chose are kept (no note): the click only sets the target.
    chosen = {"type": "fire", "guns": [list(gun) for gun in legal.guns]}
    kept = consider(game, seat, {"aim": {"label": target, "action": chosen}})
    assert kept["action"]["guns"] == chosen["guns"] and kept["note"] == ""
    game.apply(seat, game.ruleset.codec.decode(reply["action"]))
