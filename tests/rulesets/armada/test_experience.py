"""Experience rewards after a battle (ARM-XP): the starship-combat XP rules the source refers
to, shared by the winning armada's officers, shown in the game-over event and the summary."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.rulesets.armada.helpers import RULES, armada, fleet, hold_position, in_gunnery, texts
from warbench.core.catalog import DataFileError
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.rulesets.armada.actions import HoldFire
from warbench.rulesets.armada.data import DATA_DIR, read_tables, shipped_tables
from warbench.rulesets.armada.state import DISABLED

LANCE = fleet("Lance", 3, "medium", "destroyer", "flagship")
GRUDGE = fleet("Grudge", 3, "medium", "capital", "flagship")
WING = fleet("Wing", 3, "small", "fighter")
BLUE_OFFICERS = [
    {"name": "Ada", "role": "admiral", "ranks": 6, "fleet": "Lance"},
    {"name": "Bex", "role": "commander", "ranks": 6, "fleet": "Lance"},
    {"name": "Cy", "role": "chief-technician", "ranks": 6, "fleet": "Lance"},
]


def hold_fire(game: Game) -> None:
    while in_gunnery(game) and game.pending():
        decision = game.pending()[0]
        game.apply(decision.player, next(o for o in decision.options if isinstance(o, HoldFire)))


def one_round(
    blue_tier: int,
    red_tier: int,
    beaten: list[int],
    *,
    blue_officers: list[dict[str, Any]] | None = None,
    **setup: Any,
) -> Game:
    """Blue (Lance) against Red (Grudge and Wing); the fleets in ``beaten`` start disabled;
    nobody moves or fires, so the battle ends after the first round."""
    full = {
        "armadas": [
            armada("Blue", blue_tier, [LANCE], blue_officers),
            armada("Red", red_tier, [GRUDGE, WING]),
        ],
        "distance": 1,
        "placements": [[[0, 0, 0]], [[5, -20, 3], [7, -20, 3]]],
        **setup,
    }
    game = Game.new(RULES, full, dice=ScriptedDice([1, 2]))
    for fleet_id in beaten:
        game.state.fleets[fleet_id].status = DISABLED  # type: ignore[attr-defined]
    hold_position(game)
    hold_fire(game)
    assert game.outcome is not None
    return game


def test_arm_xp_difficulty_sets_the_cr_and_the_cr_the_award() -> None:
    """ARM-XP: the enemy tier against the party's (allied armada tier) gives the difficulty
    (easy -3 ... epic +1), the difficulty a CR of party level -1 ... +3, beyond the table one
    CR per tier; the CR gives the total XP, none more than 10 below the party level."""
    tables = shipped_tables()
    experience = tables.experience
    encounters = [experience.encounter(tables.challenge, 10, enemy) for enemy in range(7, 12)]
    assert encounters == [
        ("easy", 9), ("average", 10), ("challenging", 11), ("hard", 12), ("epic", 13)
    ]
    assert experience.encounter(tables.challenge, 10, 1) == ("below easy", 3)
    assert experience.encounter(tables.challenge, 3, 20) == ("above epic", 22)
    assert [experience.total_xp(cr, 1) for cr in (1, 3, 5, 10, 22)] == [
        400, 800, 1600, 9600, 614400
    ]
    assert experience.total_xp(9, 20) == 0 and experience.total_xp(10, 20) == 9600


def test_arm_xp_the_winners_officers_share_the_award_in_event_outcome_and_summary() -> None:
    """ARM-XP: beating a tier-3 armada with a tier-6 one is easy, CR 5: 1600 XP for the
    winner, 533 each for its three officers (rounded down); the experience event, the
    game-over event and the summary all say so; the loser earns nothing."""
    game = one_round(6, 3, [1, 2], blue_officers=BLUE_OFFICERS)
    [event] = [event for event in game.events if event.kind == "experience"]
    assert event.data == {
        "side": 0, "enemy": 1, "difficulty": "easy", "challenge_rating": 5,
        "xp": 1600, "officers": 3, "xp_each": 533,
    }
    sentence = "the 3 officers of Blue earn 1600 XP (533 each) for defeating Red (easy, CR 5)"
    assert event.text == sentence
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert game.outcome.reason == f"Blue holds the field; {sentence}"
    assert texts(game, "game_over") == [f"Blue holds the field; {sentence}"]
    summary = RULES.describe(game.state)
    assert f"  over: Blue holds the field; {sentence}" in summary
    assert f"  experience: {sentence}" in summary


def test_arm_xp_an_armada_without_officers_takes_one_share() -> None:
    """ARM-XP: the winner of an epic battle (enemy one tier up, CR party level + 3) with no
    officers earns the whole award as one share."""
    game = one_round(5, 4, [0])
    [event] = [event for event in game.events if event.kind == "experience"]
    assert (event.data["difficulty"], event.data["challenge_rating"]) == ("epic", 7)
    assert (event.data["xp"], event.data["officers"], event.data["xp_each"]) == (3200, 0, 3200)
    assert event.text == "Red earns 3200 XP, with no officers to share it, for defeating Blue " \
        "(epic, CR 7)"


def test_arm_xp_round_limit_winner_earns_a_draw_does_not() -> None:
    """ARM-XP, ARM-END-LIMIT: the side that wins on build points at the round limit earns
    the reward; when both armadas fall (a draw) nobody does, and the summary says so."""
    won = one_round(3, 3, [2], blue_officers=BLUE_OFFICERS, max_rounds=1)
    assert won.outcome is not None and won.outcome.winners == (0,)
    assert won.outcome.reason.endswith(
        "the 3 officers of Blue earn 1600 XP (533 each) for defeating Red (hard, CR 5)"
    )
    draw = one_round(3, 3, [0, 1, 2], blue_officers=BLUE_OFFICERS)
    assert draw.outcome is not None and draw.outcome.winners == ()
    assert texts(draw, "experience") == []
    assert draw.outcome.reason == "both armadas fall"
    assert "  experience: none (no single winner)" in RULES.describe(draw.state)


def test_arm_xp_tables_are_engine_defaults_and_errors_name_the_key(tmp_path: Path) -> None:
    """ARM-XP, ARM-DATA: the XP tables are marked engine default; a table that cannot reach
    every CR a battle may have, or an award that falls, is refused with file and key."""
    assert shipped_tables().experience.source == "engine default"
    for item in DATA_DIR.glob("*.toml"):
        shutil.copy(item, tmp_path / item.name)
    path = tmp_path / "experience.toml"
    original = path.read_text()
    path.write_text(original.split("\n21 = ")[0] + "\n")
    with pytest.raises(DataFileError) as short:
        read_tables(tmp_path)
    assert f"{path}: xp_by_cr: stops at CR 20 but a battle between tiers 1-20 reaches CR 22" in (
        str(short.value)
    )
    path.write_text(original.replace("5 = 1600", "5 = 1100"))
    with pytest.raises(DataFileError, match="awards must rise with the CR"):
        read_tables(tmp_path)
