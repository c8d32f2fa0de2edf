"""How each player stands before the end, by the end-of-battle scoring: what the search bot
values an unfinished play-out by (RG-ROUND-LIMIT, RG-WIN-TEAMS, RG-WIN-MISSION)."""

from __future__ import annotations

import pytest

from tests.robogear.helpers import army, battle
from warbench.rulesets.robogear.victory import standing


def test_level_armies_stand_at_a_half_and_a_loss_moves_every_player() -> None:
    """RG-ROUND-LIMIT: shares kept decide; one margin over the best other player."""
    game = battle(army(("ferrum-rifleman", 2)), army(("ferrum-tank", 2)),
                  army(("ferrum-rover", 1)))
    assert standing(game) == (0.5, 0.5, 0.5)
    game.state.units[2].alive = False  # player 1 has kept half of its army
    assert standing(game) == (0.5, pytest.approx(0.25), 0.5)
    game.state.units[0].alive = False  # player 0 too
    assert standing(game) == (pytest.approx(0.25), pytest.approx(0.25), pytest.approx(0.75))


def test_partners_stand_together_by_their_team_share() -> None:
    """RG-WIN-TEAMS: in 2 v 2 a team's share is what counts, the same for both partners."""
    game = battle(army(("ferrum-tank", 1)), army(("ferrum-tank", 1)),
                  army(("ferrum-tank", 1)), army(("ferrum-tank", 1)), teams=[0, 1, 0, 1])
    assert game.state.teams[0] == game.state.teams[2]
    game.state.units[1].alive = False  # player 1's team keeps half
    values = standing(game)
    assert values[0] == values[2] == pytest.approx(0.75)
    assert values[1] == values[3] == pytest.approx(0.25)


def test_a_player_out_of_the_commander_mission_stands_at_nothing() -> None:
    """RG-WIN-MISSION: a player whose command machine is gone is out, worth 0."""
    game = battle(*[army(("ferrum-tank", 1, "command")) for _ in range(3)], mission="commander")
    game.state.eliminated[2] = True
    assert standing(game)[2] == 0.0
    assert standing(game)[:2] == (0.5, 0.5)
