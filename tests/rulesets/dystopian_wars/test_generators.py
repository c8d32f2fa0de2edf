"""Shield generators (DW-GENERATORS) against the two attacks that once rolled none: a mine's
blast (DW-MINES: a mine works as batteries do, seed l.498) and a patrol wing's strike back
at the attacker (DW-CAP-AD: the wing's own attack dice, seed l.621)."""

from __future__ import annotations

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    model,
    play,
    refresh,
    scripted,
    setup,
    squadron,
    state,
    texts,
)
from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Fire, Move
from warbench.rulesets.dystopian_wars.mines import explode
from warbench.rulesets.dystopian_wars.pieces import Mine


def test_dw_mines_dw_generators_each_model_under_a_blast_rolls_its_own_shields() -> None:
    """DW-MINES, DW-GENERATORS (seed l.498, l.501): a mine works as batteries do, so each
    model under its blast meets its one roll (here 8 hits) with its own shield generators:
    a Prussian battleship's die (a 6, then a 4: 3 stopped) leaves 5 hits, short of its DR 6;
    the other's generators are offline, so it rolls none and loses a hull point."""
    game = scripted(setup(
        [squadron("britannia-destroyer", (10.0, 10.0, 0.0), name="D")],
        [squadron("prussia-battleship", (36.0, 22.8, 90.0), name="Kaiserin"),
         squadron("prussia-battleship", (36.0, 25.2, 90.0), name="Preussen")],
    ), (*P0_FIRST, 6, 6, 6, 6, 1, 1, 1, 1, 6, 4, 1, *([1] * 60)))
    table = state(game)
    offline = model(game, 2)
    offline.add_marker("generator-offline")
    mine = Mine(99, 0, 36.0, 24.0, 4, 0, armed=True)
    table.mines.append(mine)
    explode(game, table, RULES.data, mine)
    said = texts(game)
    assert "player 1's mine rolls 4 dice at Kaiserin: 8 hits (3 stopped by shields), 5 count" \
        in said
    assert "player 1's mine rolls 4 dice at Preussen: 8 hits" in said
    assert not any("Preussen shields" in text for text in said)
    assert model(game, 1).damage == 0
    assert offline.damage == 1
    blasts = [event.data for event in game.events if event.kind == "mine_attack"]
    assert [(b["hits"], b["shields"], b["final"]) for b in blasts] == [(8, 3, 5), (8, 0, 8)]


def test_dw_cap_ad_dw_generators_a_patrols_strike_back_meets_the_attackers_shields() -> None:
    """DW-CAP-AD, DW-GENERATORS (seed l.621): a wing on patrol striking back hits with its
    attack dice, as its own attack would, so the attacker's shield generators meet it: three
    fighters' 3 hits at a Prussian battleship, whose one shield die (a 4) stops 1 of them."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-fighter-wing", (36.0, 17.0, 0.0), count=3)],
        [squadron("prussia-battleship", (36.0, 22.0, 180.0), name="Kaiserin")],
    ), (1, 1, 6, 6, *([4] * 200)))
    wing = model(game, 1)
    wing.cap_with = 0
    refresh(game)
    play(game, Activate(2), Move(2, (2.0,)), Fire(((2, "fore turret"),), 0), CeaseFire())
    said = texts(game)
    assert ("Britannic fighter wing strikes back at Kaiserin: 3 hits (1 stopped by shields), "
            "2 count") in said
    rolls = [event.data["label"] for event in game.events if event.kind == "roll"]
    assert rolls[-2:] == ["Britannic fighter wing patrol strike", "Kaiserin shields"]
    assert "2 hits fail to reach Kaiserin's DR 6" in said
    struck = [event.data for event in game.events if event.kind == "patrol_strike"]
    assert [(s["hits"], s["shields"], s["final"]) for s in struck] == [(3, 1, 2)]
