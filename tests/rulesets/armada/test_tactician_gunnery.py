"""The tactician's gunnery reads the hits already rolled this phase (ARM-BOT-TACTICIAN,
ARM-GUN-SIMULTANEOUS): they land together at the end of the phase, so a fleet they will
disable still stands on the table but is worth little more fire."""

from __future__ import annotations

from tests.rulesets.armada.helpers import fleet
from tests.rulesets.armada.test_gunnery import GRUDGE, LANCE, facing_off
from warbench.core.engine import Game
from warbench.rulesets.armada.actions import Fire, HoldFire
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.gunnery import waiting_damage

PIKE = fleet("Pike", 3, "medium", "destroyer")
SPITE = fleet("Spite", 3, "medium", "capital")


def two_on_two() -> Game:
    """Lance (0) and Pike (1) against Grudge (2) and Spite (3), at the gunnery phase; Spite
    is down to 2 hull with its shields gone, so both blue fleets would rather finish it (blue
    has scanned both red fleets whole: ARM-OFF-SCAN). Every gunnery check rolls 18 and every
    damage die 8."""
    game = facing_off([2, 1] + [18, 8] * 8, blue=[LANCE, PIKE], red=[GRUDGE, SPITE])
    spite = game.state.fleets[3]
    spite.hull, spite.shields = 2, 0
    for red in game.state.fleets[2:]:
        red.scanned[0] = 3
    game.apply(1, HoldFire(2))  # red declares first
    return game


def test_arm_bot_tactician_fires_past_a_fleet_the_waiting_hits_disable() -> None:
    """ARM-BOT-TACTICIAN: the first blue attack goes at the wounded Spite; once its hit is
    waiting to land (7 damage against 2 hull), the second goes at Grudge instead of piling
    onto a fleet already beaten, and the search's root offers the same attack first."""
    game = two_on_two()
    bot = TacticianAgent(1)
    assert bot.choose(game.observe(0), game.pending()[0]) == Fire(0, 3)
    game.apply(0, Fire(0, 3))
    game.apply(1, HoldFire(3))
    observation, decision = game.observe(0), game.pending()[0]
    assert Fire(1, 3) in decision.options
    assert bot.choose(observation, decision) == Fire(1, 2)
    assert bot.alternatives(observation, decision, 2)[0] == Fire(1, 2)


def test_arm_gun_simultaneous_waiting_damage_is_what_lands_at_the_end_of_the_phase() -> None:
    """ARM-GUN-SIMULTANEOUS: the damage each fleet will take counts the phase's hits so far,
    and nothing outside the gunnery phase (the hits have landed)."""
    game = two_on_two()
    assert waiting_damage(game.state) == {}
    game.apply(0, Fire(0, 3))
    assert waiting_damage(game.state) == {3: 7}
    assert game.state.fleets[3].hull == 2  # nothing has landed yet
    game.apply(1, HoldFire(3))
    game.apply(0, Fire(1, 3))
    assert game.outcome is not None  # the one-round battle ended with the phase
    assert waiting_damage(game.state) == {}
    assert game.state.fleets[3].hull < 0
