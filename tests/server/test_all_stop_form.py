"""The Dystopian Wars Move form of a squadron whose models are held by all stop
(DW-ALL-STOP): it offers only what the rules let each model do, never an empty form."""

from __future__ import annotations

from typing import Any

from warbench.server.snapshot import snapshot


def _lone_ships() -> Any:
    from tests.rulesets.dystopian_wars.helpers import setup, squadron

    return setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-cruiser", (56.0, 10.0, 0.0), (59.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0), name="Kaiserin")],
    )


def _move_decision(game: Any) -> dict[str, Any]:
    (decision,) = snapshot(game, 0)["decisions"]
    assert decision["prompt"].startswith("move ")
    return decision


def test_dw_all_stop_a_model_held_still_gets_its_helm_orders_and_no_empty_move_form() -> None:
    """DW-ALL-STOP, DW-MK-ALL-STOP (USERS journey 2): Sovereign signalled all stop last
    turn, so this activation it stays put: the page offers its three helm orders (hold
    still, clear the marker, a direction arrow) and, instead of a Move form with nothing
    to choose, says why no move is possible, with the clause. Walked in a referee game,
    the Move form showed empty fields and no model to pick."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted
    from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Idle, Move

    game = scripted(_lone_ships(), (*P0_FIRST, *P0_FIRST))
    play(game, Activate(0), Move(0, (2.0,), all_stop=True), CeaseFire())
    play(game, Activate(2), Idle(), Activate(1), Idle())
    play(game, Activate(0))
    decision = _move_decision(game)
    helm = [option["label"] for option in decision["options"]
            if option["action"]["type"] == "helm"]
    assert helm == ["Sovereign holds still",
                    "Sovereign gets under way again next activation",
                    "Sovereign takes a direction arrow to reverse next activation"]
    (form,) = [space for space in decision["spaces"] if space["type"] == "move"]
    assert form["possible"] is False and form["samples"] == []
    assert form["unavailable"] == (
        "Sovereign is under all stop: it stays put this activation and takes one of the"
        " helm orders offered instead (DW-ALL-STOP)")


def test_dw_all_stop_the_move_form_lists_only_the_models_free_to_move() -> None:
    """DW-ALL-STOP: of a squadron's two cruisers, one under all stop, the Move form lists
    only the other (the one held still takes a helm order); once that one has moved, the
    form says why no model is left to move."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted, state
    from warbench.rulesets.dystopian_wars.actions import Activate, Move

    game = scripted(_lone_ships(), P0_FIRST)
    state(game).models[2].helm = "all_stop"
    play(game, Activate(1))
    (form,) = [s for s in _move_decision(game)["spaces"] if s["type"] == "move"]
    (model,) = [spec for spec in form["fields"] if spec["name"] == "model"]
    assert form["possible"] is True and [value for value, _ in model["choices"]] == [1]
    play(game, Move(1, (2.0,)))
    (form,) = [s for s in _move_decision(game)["spaces"] if s["type"] == "move"]
    assert form["possible"] is False
    assert form["unavailable"].startswith("Warden 2 is under all stop: it stays put")


def test_dw_mk_all_stop_the_table_shows_the_helm_marker_a_model_moves_under() -> None:
    """DW-MK-ALL-STOP, DW-MK-DIRECTION (USERS journey 2): a referee's table must show the
    markers the real models carry: the seat's scene names all stop beside Sovereign's hull
    once it is signalled, then a direction arrow once taken (walked: nothing said either,
    so which ship was held still was only in the log)."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted
    from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Helm, Idle, Move

    def sovereign() -> str:
        shapes = snapshot(game, 0)["scene"]["shapes"]
        return str(next(shape["damage"] for shape in shapes if shape["label"] == "Sovereign"))

    game = scripted(_lone_ships(), (*P0_FIRST, *P0_FIRST))
    assert sovereign() == "hull 8/8"
    play(game, Activate(0), Move(0, (2.0,), all_stop=True))
    assert sovereign() == "hull 8/8, all stop"
    play(game, CeaseFire(), Activate(2), Idle(), Activate(1), Idle(), Activate(0))
    play(game, Helm(0, "reverse"))
    assert sovereign() == "hull 8/8, direction arrow"
