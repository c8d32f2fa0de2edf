"""DW-DEPLOY-ALTERNATE: a carrier's wing deployed apart from it, within 4 inches (seed
l.205, l.598), or kept aboard; the free wings anywhere in the zone; every wing set down
clear of every model (engine default: it is in the air)."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    model,
    owed,
    play,
    refresh,
    scripted,
    seeded,
    setup,
    squadron,
    state,
    texts,
)
from warbench.core.agents import RandomAgent
from warbench.core.engine import Game, IllegalAction
from warbench.core.geometry import overlaps
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    ChooseEdge,
    Decline,
    Deploy,
)
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.deployment import Deployment
from warbench.rulesets.dystopian_wars.flyers import FULL_FUEL, deck_room
from warbench.rulesets.dystopian_wars.state import body_of
from warbench.server.snapshot import snapshot

#: Where player 0 places its carrier: on the south edge, facing north.
ALBION = Deploy(0, 40.0, 4.0, 0.0)


def deploying() -> Game:
    """Albion (a carrier) with a fighter wing aboard and a free recon flight for player 0,
    a battleship for player 1; player 0 wins the deployment roll and keeps the south edge."""
    game_setup = setup(
        [squadron("britannia-fleet-carrier", (36.0, 4.0, 0.0), name="Albion"),
         squadron("britannia-fighter-wing", (30.0, 4.0, 0.0), count=3),
         squadron("britannia-recon-wing", (20.0, 4.0, 0.0), count=1, name="Recon flight")],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0), name="Kaiserin")],
    )
    game_setup["deployment"] = "alternate"
    game = scripted(game_setup, (6, 6, 1, 1, *P0_FIRST))
    model(game, 1).carried_by = 0
    refresh(game)
    play(game, ChooseEdge(0))
    return game


def test_dw_deploy_alternate_a_wing_is_deployed_apart_within_4_inches_of_its_carrier() -> None:
    """Once Albion is on the table, its wing aboard may go down as a placement of its own
    (its own turn in the alternation) with its base within 4 inches of Albion's, measured
    base edge to base edge: 4.2 inches is refused naming the rule, 3.2 accepted. The wing
    flies from the start: in the air, on no patrol, full fuel (l.615), free to act in the
    first turn, and Albion keeps the room to land it later."""
    game = deploying()
    play(game, ALBION, Deploy(3, 36.0, 44.0, 180.0))
    decision = owed(game)
    assert decision.player == 0
    assert Deploy(1, 37.0, 4.0, 0.0) in decision.options  # where a launch puts it
    with pytest.raises(IllegalAction, match=r"Britannic fighter wing would be 4\.2 inches from "
                       r"its carrier Albion: a wing deployed apart goes down within 4 inches "
                       r"of it \(DW-DEPLOY-ALTERNATE\)"):
        game.apply(0, Deploy(1, 34.5, 4.0, 0.0))
    assert game.check(0, Deploy(1, 40.0, 6.0, 0.0)) == (
        "Britannic fighter wing would stand on Albion: a wing deployed apart goes down clear"
        " of every model (DW-DEPLOY-ALTERNATE)")
    assert game.check(0, Deploy(1, 40.0, 9.5, 0.0)) == (
        "Britannic fighter wing would stand outside the deployment zone (DW-DEPLOY-ALTERNATE)")
    play(game, Deploy(1, 35.5, 4.0, 0.0))
    wing = model(game, 1)
    assert (wing.x, wing.y, wing.carried_by, wing.cap_with) == (35.5, 4.0, -1, -1)
    assert wing.level == "flying" and wing.fuel == FULL_FUEL
    assert deck_room(state(game), RULES.data, model(game, 0)) == 10
    assert ("player 1 deploys Britannic fighter wing apart from its carrier Albion, at"
            " (35.5, 4.0)") in texts(game)
    play(game, Deploy(2, 20.0, 4.0, 0.0))  # the free recon flight: the last placement
    assert owed(game).prompt == "activate a squadron"
    assert Activate(1) in owed(game).options


def test_dw_deploy_alternate_a_wing_is_not_deployed_apart_before_its_carrier() -> None:
    """Before Albion is placed its wing is offered no placement of its own, and one is
    refused, naming the carrier and the rule."""
    game = deploying()
    assert [o.squadron for o in owed(game).options if isinstance(o, Deploy)] == [0, 2]
    assert game.check(0, Deploy(1, 35.5, 4.0, 0.0)) == (
        "Britannic fighter wing is aboard Albion, which is not on the table yet: it goes down"
        " with its carrier, or apart once the carrier is placed (DW-DEPLOY-ALTERNATE)")


def test_dw_deploy_alternate_a_wing_kept_aboard_goes_with_its_carrier() -> None:
    """A wing that is not deployed apart stays aboard, as before: it goes down with Albion,
    and a player left with only such wings to place may keep them aboard, in words that
    say so; the deployment then ends."""
    game = deploying()
    play(game, ALBION, Deploy(3, 36.0, 44.0, 180.0), Deploy(2, 20.0, 4.0, 0.0))
    wing = model(game, 1)
    assert (wing.x, wing.y, wing.carried_by) == (40.0, 4.0, 0)
    decision = owed(game)
    assert decision.prompt == "deploy a wing apart from its carrier, or keep your wings aboard"
    assert Decline() in decision.options
    assert RULES.action_text(state(game), Decline()) == (
        "keep your wings aboard their carriers, to be launched in play (DW-DEPLOY-ALTERNATE)")
    play(game, Decline())
    assert wing.carried_by == 0
    assert "player 1 keeps Britannic fighter wing aboard Albion" in texts(game)
    assert owed(game).prompt == "activate a squadron"


def test_dw_deploy_alternate_the_free_wings_go_anywhere_in_the_zone() -> None:
    """The free recon flight has no carrier's limits: it goes down anywhere in the zone,
    far from Albion and before it."""
    game = deploying()
    play(game, Deploy(2, 10.0, 4.0, 0.0))
    assert (model(game, 2).x, model(game, 2).y) == (10.0, 4.0)


def test_dw_deploy_alternate_a_free_wing_is_not_placed_over_a_model() -> None:
    """A free wing is in the air, as a wing apart is (engine default): the recon flight set
    down over Albion is refused, naming Albion and the rule, and nothing moves."""
    game = deploying()
    reason = ("Recon flight would stand on Albion: a free wing goes down clear of every model"
              " (DW-DEPLOY-ALTERNATE)")
    assert game.check(0, Deploy(2, 37.0, 4.0, 0.0)) == reason
    with pytest.raises(IllegalAction, match=r"Recon flight would stand on Albion: a free wing"):
        game.apply(0, Deploy(2, 37.0, 4.0, 0.0))
    assert (model(game, 2).x, model(game, 2).y) == (20.0, 4.0)


def test_dw_deploy_alternate_a_free_wing_is_offered_a_clear_spot() -> None:
    """With Albion placed over the recon flight's own spot, the placement offered for the
    flight (the first a bot or the web form takes) is the nearest point of a half-inch grid
    of the zone clear of Albion, and playing it places the flight there."""
    game = deploying()
    play(game, Deploy(0, 20.0, 4.0, 0.0), Deploy(3, 36.0, 44.0, 180.0))
    offered = [o for o in owed(game).options if isinstance(o, Deploy) and o.squadron == 2]
    # Albion is 1.8 inches wide and the token 0.8: 1.5 inches aside clears it, the west
    # side first of two as near
    assert offered == [Deploy(2, 18.5, 4.0, 0.0)]
    assert game.check(0, offered[0]) is None
    wing, albion = model(game, 2), model(game, 0)
    play(game, offered[0])
    assert not overlaps(body_of(wing, RULES.data.models[wing.cls]),
                        body_of(albion, RULES.data.models[albion.cls]))
    assert wing.y <= 8.0


@pytest.mark.parametrize(("agent", "seed"), [("random", 3), ("random", 5), ("commodore", 6),
                                             ("commodore", 9)])
def test_dw_deploy_alternate_bots_set_every_free_wing_down_clear(agent: str, seed: int) -> None:
    """Random play and the commodore bot take the demo fleets through alternate deployment,
    setting down every free wing, each clear of every model as it goes down (seeds where,
    before 0.17, a free wing went down over a ship)."""
    game_setup = RULES.default_setup()
    game_setup["deployment"] = "alternate"
    game = seeded(game_setup, seed)
    agents = ([RandomAgent(seed + 1), RandomAgent(seed + 2)] if agent == "random"
              else [CommodoreBot(seed), CommodoreBot(seed + 1)])
    models, specs = state(game).models, RULES.data.models
    free = {m.squadron for m in models if specs[m.cls].tiny and m.carried_by < 0}
    set_down = set()
    while any(isinstance(frame, Deployment) for frame in state(game).stack):
        decision = owed(game)
        action = agents[decision.player].choose(game.observe(decision.player), decision)
        play(game, action)
        if isinstance(action, Deploy) and action.squadron in free:
            wing = models[state(game).squadrons[action.squadron].models[0]]
            set_down.add(action.squadron)
            assert not [other.name for other in models if other.uid != wing.uid
                        and other.carried_by < 0 and overlaps(body_of(wing, specs[wing.cls]),
                                                              body_of(other, specs[other.cls]))]
    assert len(free) == 4 and set_down == free  # the two free wings of each fleet


def test_dw_deploy_alternate_the_commodore_keeps_its_wings_aboard() -> None:
    """The commodore bot (and the search built on it) deploys as it did before wings could
    go down apart: never a wing apart, and it keeps them aboard when only they are left."""
    game = deploying()
    bot = CommodoreBot(3)
    choice = bot.choose(game.observe(0), owed(game))
    assert isinstance(choice, Deploy) and choice.squadron in (0, 2)
    play(game, ALBION, Deploy(3, 36.0, 44.0, 180.0))
    choice = bot.choose(game.observe(0), owed(game))
    assert isinstance(choice, Deploy) and choice.squadron == 2
    play(game, choice)
    assert bot.choose(game.observe(0), owed(game)) == Decline()
    assert bot.alternatives(game.observe(0), owed(game), 3) == [Decline()]  # search too


def test_dw_deploy_alternate_the_web_table_offers_a_wing_apart() -> None:
    """The web table lists the wing's placement apart (its form says how far it may go),
    and, when only wings are left, keeping them aboard, in words."""
    game = deploying()
    play(game, ALBION, Deploy(3, 36.0, 44.0, 180.0))
    sent = snapshot(game, 0)["decisions"][0]
    words = [option["label"] for option in sent["options"]]
    assert "deploy Britannic fighter wing apart from its carrier Albion, at (37.0, 4.0)" in words
    assert "within 4 inches of its carrier" in sent["spaces"][0]["description"]
    play(game, Deploy(2, 20.0, 4.0, 0.0))
    sent = snapshot(game, 0)["decisions"][0]
    assert sent["prompt"] == "deploy a wing apart from its carrier, or keep your wings aboard"
    assert [option["label"] for option in sent["options"]] == [
        "deploy Britannic fighter wing apart from its carrier Albion, at (37.0, 4.0)",
        "keep your wings aboard their carriers, to be launched in play (DW-DEPLOY-ALTERNATE)"]
