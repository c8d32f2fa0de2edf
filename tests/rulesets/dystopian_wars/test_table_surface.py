"""DW-TABLE-SURFACE: a sea table (islands the only land) or a land table (water pieces the
only sea), where land and naval models may move and deploy."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    model,
    owed,
    play,
    scripted,
    seeded,
    setup,
    squadron,
    state,
    texts,
)
from warbench.core.engine import Game, IllegalAction
from warbench.core.geometry import Body
from warbench.core.lists import ArmyList, UnitEntry
from warbench.core.match import play_match
from warbench.core.rng import RandomStream
from warbench.core.ruleset import SetupError
from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, ChooseEdge, Deploy, Move
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.deployment import DeploySpace, in_zone
from warbench.rulesets.dystopian_wars.setup import octagon
from warbench.rulesets.dystopian_wars.state import body_of
from warbench.rulesets.dystopian_wars.surface import stands_off


def island(name: str, x: float, y: float, radius: float, density: str = "dense",
           kind: str = "island") -> dict[str, Any]:
    """An eight-sided piece around (x, y)."""
    return {"name": name, "kind": kind, "density": density,
            "points": octagon(x, y, radius), "blocks_sight": False}


def on_its_surface(game: Any, uid: int) -> bool:
    """Whether the model stands wholly where it may (off the open table it keeps off)."""
    table = state(game)
    one = model(game, uid)
    spec = RULES.data.models[one.cls]
    return not stands_off(table.terrain, table.surface, table.width, table.height, spec,
                          one.level, Body(one.pose(), body_of(one, spec).base))


#: The enemy: an airship, which flies over either table.
ENEMY = [squadron("prussia-airship", (36.0, 44.0, 180.0), name="Kaiserin")]


def test_dw_table_surface_the_open_sea_stops_a_land_model() -> None:
    """DW-TABLE-SURFACE, DW-LAND-WATER: on a sea table a land model on an island meets the
    open sea at the coast, a collision that stops it; on a land table it drives on."""
    rock = [island("Gull Rock", 20.0, 10.0, 4.0)]
    ship = [squadron("britannia-land-ship", (20.0, 10.0, 0.0), name="Ironside")]
    game = scripted(setup(ship, ENEMY, terrain=rock), (*P0_FIRST, *([1] * 12)))
    assert state(game).surface == "sea"
    play(game, Activate(0), Move(0, (5.0,)))
    # the flat top of the island lies 3.7 inches north of its centre; the base is 4 long
    assert model(game, 0).y == pytest.approx(10.0 + 4.0 * 0.92388 - 2.0, abs=1e-3)
    play(game, CeaseFire())
    assert any(t.startswith("Ironside runs into the open sea (dense): 0 hits on 12D6")
               for t in texts(game))
    game = scripted(setup(ship, ENEMY, surface="land"), P0_FIRST)
    assert state(game).surface == "land"
    play(game, Activate(0), Move(0, (5.0,)))
    assert model(game, 0).y == pytest.approx(15.0)
    assert not any("runs into" in t for t in texts(game))


def test_dw_table_surface_a_land_model_drives_across_an_island() -> None:
    """DW-TABLE-SURFACE: on a sea table an island, dense or not, is the ground a land
    model drives over (before, dense and medium islands stopped it); on a land table a
    dense piece still stops it (DW-COLLIDE-TERRAIN)."""
    land = [island("the Mainland", 20.0, 12.0, 11.0, density="light"),
            island("Gull Rock", 20.0, 14.0, 2.0)]
    tanks = [squadron("britannia-tank", (20.0, 6.0, 0.0), (23.0, 6.0, 0.0), (26.0, 6.0, 0.0))]
    game = scripted(setup(tanks, ENEMY, terrain=land), P0_FIRST)
    play(game, Activate(0), Move(0, (7.0,)))
    assert model(game, 0).y == pytest.approx(13.0)
    play(game, Move(1, (7.0,)), Move(2, (7.0,)), CeaseFire())
    assert not any("runs into" in t or "crosses" in t for t in texts(game))
    game = scripted(setup(tanks, ENEMY, terrain=land[1:], surface="land"),
                    (*P0_FIRST, *([1] * 12)))
    play(game, Activate(0), Move(0, (7.0,)))
    assert model(game, 0).y < 12.0
    play(game, Move(1, (1.0,)), Move(2, (1.0,)), CeaseFire())
    assert any(t.startswith("Yeoman 1 runs into Gull Rock") for t in texts(game))


def test_dw_table_surface_a_naval_model_on_a_land_table_keeps_to_water() -> None:
    """DW-TABLE-SURFACE: on a land table a naval model moves only in water, the open
    ground stopping it as land does; on a sea table the same move runs its length."""
    lake = [island("the Mere", 20.0, 30.0, 6.0, kind="water")]
    frigate = [squadron("prussia-frigate", (20.0, 30.0, 0.0), name="Hagel")]
    tanks = [squadron("britannia-tank", (50.0, 6.0, 0.0))]
    game = scripted(setup(tanks, frigate, terrain=lake, surface="land"),
                    (1, 1, 6, 6, *([1] * 12)))
    play(game, Activate(1), Move(1, (8.0,)))
    assert model(game, 1).y == pytest.approx(30.0 + 6.0 * 0.92388 - 0.8, abs=1e-3)
    play(game, CeaseFire())
    assert any(t.startswith("Hagel runs into the open ground") for t in texts(game))
    game = scripted(setup([squadron("britannia-frigate", (50.0, 30.0, 0.0))], frigate,
                          terrain=lake), (1, 1, 6, 6))
    play(game, Activate(1), Move(1, (8.0,)))
    assert model(game, 1).y == pytest.approx(38.0)


def without_shore(game_setup: dict[str, Any]) -> dict[str, Any]:
    """The set-up with the engine's shores turned off (set-up key ``shore``)."""
    return {**game_setup, "shore": False}


def test_dw_table_surface_land_models_deploy_only_on_land() -> None:
    """DW-TABLE-SURFACE: on a sea table the automatic deployment sets land models down on
    an island in their zone, and lays no shore; with none there and the shore turned off
    the set-up is refused, naming the squadron."""
    tanks = {"unit": "britannia-tank", "count": 3}
    shore = [island("Landing", 50.0, 3.0, 5.0, density="light")]
    game = seeded(setup([tanks], ENEMY, terrain=shore))
    for uid in (0, 1, 2):
        one = model(game, uid)
        assert in_zone(state(game), 0, one.x, one.y)
        assert on_its_surface(game, uid)
    assert model(game, 0).x > 40.0
    assert [piece.name for piece in state(game).terrain] == ["Landing"]
    with pytest.raises(SetupError, match=r"setup\.fleets\[0\]\.squadrons\[0\]: .* finds no "
                       r"place on an island .* \(DW-TABLE-SURFACE; "):
        seeded(without_shore(setup([tanks], ENEMY)))
    # a land table needs no island; a naval squadron there needs water
    assert seeded(setup([tanks], [{"unit": "britannia-tank", "count": 3}], surface="land"))
    with pytest.raises(SetupError, match=r"fleets\[1\]\.squadrons\[0\]: .* finds no place on "
                       r"water"):
        seeded(without_shore(setup([tanks], [{"unit": "prussia-battleship"}], surface="land")))


def test_dw_table_surface_placing_a_land_squadron_in_the_open_sea_is_refused() -> None:
    """DW-TABLE-SURFACE, DW-DEPLOY-ALTERNATE: placed one squadron at a time, a land
    squadron in the open sea is refused, naming the rule; the placements the bots draw all
    stand on the island."""
    tanks = {"unit": "britannia-tank", "count": 3}
    shore = [island("Landing", 50.0, 3.0, 5.0, density="light")]
    game_setup = setup([tanks], ENEMY, terrain=shore)
    game_setup["deployment"] = "alternate"
    game = scripted(game_setup, (6, 6, 1, 1, *P0_FIRST))
    play(game, ChooseEdge(0))
    with pytest.raises(IllegalAction, match="open sea: on a sea table a land model stands "
                       r"on an island \(DW-TABLE-SURFACE\)"):
        game.apply(0, Deploy(0, 20.0, 4.0, 0.0))
    space = DeploySpace(state(game), RULES.data, 0, [0])
    drawn = space.sample(RandomStream.from_seed(7), 5)
    assert drawn
    for action in drawn:
        assert isinstance(action, Deploy) and 44.0 < action.x < 56.0
    play(game, drawn[0])
    assert all(on_its_surface(game, uid) for uid in (0, 1, 2))


def test_dw_table_surface_is_a_checked_set_up_key() -> None:
    """DW-TABLE-SURFACE: ``surface`` is ``sea`` (the default) or ``land``; anything else
    is refused naming the key; a land table says so in its picture's title."""
    with pytest.raises(SetupError, match=r"surface: expected \"sea\" or \"land\""):
        scripted(setup(ENEMY, ENEMY, surface="lava"), P0_FIRST)
    game = scripted(setup([squadron("britannia-tank", (10.0, 6.0, 0.0))], ENEMY,
                          surface="land"), P0_FIRST)
    picture = RULES.table(state(game))
    assert picture is not None and "land table" in picture.title
    sea = RULES.table(state(scripted(setup(ENEMY, ENEMY), P0_FIRST)))
    assert sea is not None and "table" not in sea.title


def test_dw_table_surface_a_burrower_under_the_ground_stays_under_the_islands() -> None:
    """DW-TABLE-SURFACE, DW-SUBMERGED: under the ground a land model still may not pass
    into the sea (seed l.366's note), so on a sea table the open sea stops a submerged
    burrower at the island's coast; on a land table it burrows on."""
    rock = [island("Gull Rock", 20.0, 10.0, 4.0)]
    mole = [squadron("federated-states-burrower", (20.0, 10.0, 0.0), name="Mole",
                     level="submerged")]
    game = scripted(setup(mole, ENEMY, terrain=rock), (*P0_FIRST, *([1] * 12)))
    play(game, Activate(0), Move(0, (4.0,), level="submerged"))
    assert model(game, 0).y == pytest.approx(10.0 + 4.0 * 0.92388 - 1.25, abs=1e-3)
    game = scripted(setup(mole, ENEMY, terrain=rock, surface="land"), P0_FIRST)
    play(game, Activate(0), Move(0, (4.0,), level="submerged"))
    assert model(game, 0).y == pytest.approx(14.0)


def test_dw_table_surface_the_commodore_keeps_its_tanks_on_their_island() -> None:
    """DW-TABLE-SURFACE, DW-BOT: the commodore bot's land models, on an island with the
    enemy across the water, choose moves that keep them ashore (no collision with the open
    sea), where the enemy's pull alone would drive them into it."""
    shore = [{"name": "the Point", "kind": "island", "density": "light",
              "points": [[10.0, 0.0], [62.0, 0.0], [62.0, 12.0], [10.0, 12.0]],
              "blocks_sight": False}]
    tanks = [squadron("britannia-tank", (30.0, 9.0, 0.0), (33.0, 9.0, 0.0), (36.0, 9.0, 0.0))]
    game = scripted(setup(tanks, ENEMY, terrain=shore), (*P0_FIRST, *([4] * 60)))
    bot = CommodoreBot(3)
    play(game, Activate(0))
    for _ in range(3):
        decision = owed(game)
        if decision.player != 0 or not any(s.action_type is Move for s in decision.spaces):
            break
        game.apply(0, bot.choose(game.observe(0), decision))
    assert not any("open sea" in t for t in texts(game))
    assert all(on_its_surface(game, uid) for uid in (0, 1, 2))


def _army(name: str, faction: str, *units: tuple[str, int, str]) -> ArmyList:
    """A list of (unit, count, role) entries."""
    return ArmyList(name=name, ruleset="dystopian-wars", faction=faction, points=500, units=tuple(
        UnitEntry(unit=unit, count=count, role=role or None) for unit, count, role in units))


TANKS = _army("Armour", "britannia", ("britannia-land-ship", 1, "commodore"),
              ("britannia-tank", 3, ""))
PANZERS = _army("Panzers", "prussia", ("prussia-land-ship", 1, "commodore"),
                ("prussia-tank", 3, ""))
MIXED = _army("Mixed", "britannia", ("britannia-battleship", 1, "commodore"),
              ("britannia-tank", 3, ""))


def test_dw_table_surface_lists_of_land_forces_fight_on_a_land_table() -> None:
    """DW-TABLE-SURFACE (engine default): lists with land models and no naval model fight on
    a land table without being asked, and the game plays; a list with a ship keeps the sea,
    where its tanks find no island in the demo table's zones: a shore is laid for them, and
    with the shore turned off the error says what to do."""
    ground = RULES.setup_for([TANKS, PANZERS])
    assert ground["surface"] == "land"
    result = play_match(RULES, [CommodoreBot(1), CommodoreBot(2)], setup=ground, seed=3)
    assert result.outcome is not None
    mixed = RULES.setup_for([MIXED, PANZERS])
    assert mixed.get("surface", "sea") == "sea"
    hint = r"finds no place on an island.*--scenario land-table"
    with pytest.raises(SetupError, match=hint):
        Game.new(RULES, without_shore(mixed), seed=3)


def test_dw_table_surface_the_scenarios_name_a_land_table() -> None:
    """DW-TABLE-SURFACE: ``--scenario land-table`` (with ``random-terrain`` too) puts lists
    on a land table; an unknown scenario lists the scenarios."""
    assert RULES.setup_for([MIXED, PANZERS], "land-table")["surface"] == "land"
    both = RULES.setup_for([TANKS, PANZERS], "land-table-random-terrain")
    assert both["surface"] == "land" and both["terrain"] == "random"
    assert RULES.setup_for([TANKS, PANZERS], "random-terrain")["terrain"] == "random"
    with pytest.raises(SetupError, match="scenarios: random-terrain, land-table"):
        RULES.setup_for([TANKS, PANZERS], "lava")


def test_dw_table_surface_a_land_table_is_drawn_green(tmp_path: Any) -> None:
    """DW-TABLE-SURFACE: the picture of a land table says so in its title and its ground,
    which the table's picture (PNG, SVG) and the web page colour green; a sea table keeps
    the usual colour."""
    from warbench.core.render import GROUND_COLOURS, render
    from warbench.core.scene import Scene

    tanks = [{"unit": "britannia-tank", "count": 3}]
    land = seeded(setup(tanks, [{"unit": "britannia-tank", "count": 3}], surface="land"))
    picture = land.ruleset.table(land.state)
    assert picture is not None and picture.ground == "land" and picture.title.endswith("land table")
    assert Scene.from_picture(picture).to_plain()["ground"] == "land"
    svg = render(picture, tmp_path / "land.svg").read_text()
    assert GROUND_COLOURS["land"] in svg and GROUND_COLOURS[""] not in svg
    sea = seeded(setup([squadron("britannia-frigate", (50.0, 30.0, 0.0))], ENEMY))
    seen = sea.ruleset.table(sea.state)
    assert seen is not None and seen.ground == ""
    assert GROUND_COLOURS[""] in render(seen, tmp_path / "sea.svg").read_text()


def test_dw_table_surface_a_position_given_in_the_open_sea_is_refused() -> None:
    """DW-TABLE-SURFACE: positions a set-up gives (``at``) keep to the table's surface too:
    a tank set down in the open sea, or a frigate on open ground, is a set-up error naming
    the position and the rule; the same tank on an island is taken."""
    tank_at_sea = [squadron("britannia-tank", (20.0, 6.0, 0.0), (23.0, 6.0, 0.0),
                            (26.0, 6.0, 0.0))]
    with pytest.raises(SetupError, match=r"setup\.fleets\[0\]\.squadrons\[0\]\.at\[0\]: "
                       r"Yeoman 1 would stand in the open sea: .*\(DW-TABLE-SURFACE\)"):
        seeded(setup(tank_at_sea, ENEMY))
    shore = [island("the Mainland", 23.0, 6.0, 6.0, density="light")]
    assert seeded(setup(tank_at_sea, ENEMY, terrain=shore))
    frigate = [squadron("prussia-frigate", (20.0, 30.0, 0.0), name="Hagel")]
    with pytest.raises(SetupError, match=r"setup\.fleets\[1\]\.squadrons\[0\]\.at\[0\]: "
                       r"Hagel would stand on the open ground"):
        seeded(setup(tank_at_sea, frigate, surface="land"))
