"""DW-TABLE-SURFACE (engine default, :mod:`warbench.rulesets.dystopian_wars.shore`): a
squadron with nowhere to stand in its zone gets ground laid under its place in the line;
DW-SIGHT: the ground a model stands on hides neither it nor its view."""

from __future__ import annotations

from typing import Any

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    model,
    play,
    scripted,
    seeded,
    setup,
    squadron,
    state,
)
from tests.rulesets.dystopian_wars.test_table_surface import (
    ENEMY,
    MIXED,
    PANZERS,
    on_its_surface,
)
from warbench.core.engine import Game
from warbench.core.geometry import first_contact
from warbench.core.match import play_match
from warbench.core.rng import RandomStream
from warbench.rulesets.dystopian_wars.actions import ChooseEdge, Deploy
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.combat import sight_line
from warbench.rulesets.dystopian_wars.deployment import DeploySpace, in_zone
from warbench.rulesets.dystopian_wars.geometry import terrain_of
from warbench.rulesets.dystopian_wars.shore import SHORE_DEPTH
from warbench.rulesets.dystopian_wars.state import body_of


def laid(game: Game) -> list[Any]:
    """The pieces the set-up laid (named for a squadron's shore or anchorage)."""
    return [piece for piece in state(game).terrain
            if piece.name.endswith(("'s shore", "'s anchorage"))]


def touches(game: Game, uid: int, piece: Any) -> bool:
    """Whether the model's base touches or overlaps the piece."""
    one = model(game, uid)
    body = body_of(one, RULES.data.models[one.cls])
    return first_contact(body, 0.0, (), [terrain_of(piece)]) is not None


def test_dw_table_surface_a_list_with_tanks_gets_a_shore_at_sea() -> None:
    """DW-TABLE-SURFACE: a list of a battleship and tanks against one of a land ship and
    tanks, on the demo sea table whose islands lie outside the zones, each gets a shore
    under its land squadrons' place in its line (a squadron beside one already laid may
    find its place on it): an island from its table edge 12 inches in, named for a
    squadron of its fleet; the land models stand on it in their zone, no ship touches it,
    and the battle plays to the end."""
    game = Game.new(RULES, RULES.setup_for([MIXED, PANZERS]), seed=3)
    table = state(game)
    shores = laid(game)
    assert {piece.kind for piece in shores} == {"island"}
    ashore = [m for m in table.models if RULES.data.models[m.cls].domain == "land"]
    for one in ashore:
        assert on_its_surface(game, one.uid) and in_zone(table, one.player, one.x, one.y)
        [under] = [piece for piece in shores if touches(game, one.uid, piece)]
        assert under.name in {f"{squadron.name}'s shore" for squadron in table.squadrons
                              if squadron.player == one.player}
        reach = [y for _, y in under.points]
        edge = 0.0 if one.player == 0 else table.height
        assert edge in reach and abs(edge - (sum(reach) - 2 * edge) / 2) == SHORE_DEPTH
    ships = [m for m in table.models if RULES.data.models[m.cls].domain == "naval"]
    assert ships and not any(touches(game, m.uid, piece) for m in ships for piece in shores)
    result = play_match(RULES, [CommodoreBot(1), CommodoreBot(2)],
                        setup=RULES.setup_for([MIXED, PANZERS]), seed=3)
    assert result.outcome is not None


def test_dw_table_surface_a_ship_on_a_land_table_gets_an_anchorage() -> None:
    """DW-TABLE-SURFACE: on a land table a battleship with no water in its zone gets water
    laid under its place (an anchorage, which blocks no sight), and stands in it; the tanks
    beside it stand on the open ground."""
    tanks = {"unit": "britannia-tank", "count": 3, "name": "Yeomanry"}
    ship = {"unit": "prussia-battleship", "name": "Kaiserin"}
    game = seeded(setup([tanks], [{"unit": "prussia-tank", "count": 3}, ship], surface="land"))
    [water] = laid(game)
    assert (water.name, water.kind, water.blocks_sight) == ("Kaiserin's anchorage", "water",
                                                             False)
    assert max(y for _, y in water.points) == 48.0
    assert all(on_its_surface(game, m.uid) for m in state(game).models)
    assert not any(touches(game, m.uid, water) for m in state(game).models
                   if m.cls == "prussia-tank")


def test_dw_table_surface_a_shore_serves_the_deployment_roll_too() -> None:
    """DW-TABLE-SURFACE, DW-DEPLOY-ALTERNATE: deploying one squadron at a time, the tanks
    may go down on their shore, and the placements drawn for bots all stand on it."""
    tanks = {"unit": "britannia-tank", "count": 3}
    game_setup = setup([tanks], ENEMY)
    game_setup["deployment"] = "alternate"
    game = scripted(game_setup, (6, 6, 1, 1, *P0_FIRST))
    [shore] = laid(game)
    play(game, ChooseEdge(0))
    low = min(x for x, _ in shore.points)
    high = max(x for x, _ in shore.points)
    drawn = DeploySpace(state(game), RULES.data, 0, [0]).sample(RandomStream.from_seed(7), 5)
    assert drawn
    for action in drawn:
        assert isinstance(action, Deploy) and low <= action.x <= high
    play(game, drawn[0])
    assert all(on_its_surface(game, uid) for uid in (0, 1, 2))


def test_dw_sight_the_ground_a_model_stands_on_hides_neither_it_nor_its_view() -> None:
    """DW-SIGHT (engine default): a land ship on a sight-blocking island sees a battleship
    across the open sea and is seen by it; an island between them still blocks the line."""
    landmass = {"name": "Big Isle", "kind": "island", "density": "dense",
                "points": [[20.0, 0.0], [40.0, 0.0], [40.0, 14.0], [20.0, 14.0]]}
    between = {"name": "Tor", "kind": "island", "density": "dense",
               "points": [[43.0, 15.0], [47.0, 15.0], [47.0, 19.0], [43.0, 19.0]]}
    blue = [squadron("britannia-land-ship", (30.0, 6.0, 0.0), name="Ironside")]
    red = [squadron("prussia-battleship", (30.0, 26.0, 180.0), name="Kaiserin"),
           squadron("prussia-battleship", (60.0, 28.0, 180.0), name="Blucher")]
    game = seeded(setup(blue, red, terrain=[landmass, between]))
    table = state(game)
    land, facing, beyond = (model(game, uid) for uid in (0, 1, 2))
    assert sight_line(table, RULES.data, land, facing)
    assert sight_line(table, RULES.data, facing, land)
    assert not sight_line(table, RULES.data, land, beyond)
