"""ARM-END-LIMIT, ARM-END-BEATEN, ARM-OFF-SCAN: what the table tells each seat of how a
battle is won and how it stands (``Ruleset.victory``), that the standing names the side the
engine then makes the winner, and that an enemy fleet's build points reach a seat only once
its scans have taught them."""

from __future__ import annotations

from tests.rulesets.armada.helpers import RULES, battle, fleet, hold_position, in_gunnery
from warbench.core.engine import Game
from warbench.core.victory import Victory
from warbench.rulesets.armada.actions import HoldFire
from warbench.rulesets.armada.sight import ABILITIES, STATISTICS
from warbench.rulesets.armada.state import DISABLED, ArmadaState
from warbench.server.snapshot import SPECTATOR

#: Blue: Lance (a medium destroyer) and Wing (a small fighter, 9 build points); Red: Grudge.
BLUE = [fleet("Lance", 3, "medium", "destroyer", "flagship"), fleet("Wing", 3, "small", "fighter")]
RED = [fleet("Grudge", 3, "medium", "capital", "flagship")]
WING = 1


def _wing_beaten(rounds: int = 1) -> Game:
    """A battle of ``rounds`` rounds where Red has disabled Blue's Wing in round 1."""
    game = battle(BLUE, RED, [[[0, 0, 0], [4, 0, 0]], [[5, -20, 3]]], [1, 2] * rounds,
                  max_rounds=rounds)
    _state(game).fleets[WING].status = DISABLED
    return game


def _state(game: Game) -> ArmadaState:
    state = game.state
    assert isinstance(state, ArmadaState)
    return state


def _seen(game: Game, seat: int) -> Victory:
    said = RULES.victory(RULES.observe(game.state, seat))
    assert said is not None
    return said


def test_arm_end_limit_the_side_named_wins_when_the_last_round_ends() -> None:
    """ARM-END-LIMIT, ARM-END-BEATEN: Blue, whose Wing (9 build points) Red has disabled,
    is told the rules, each side's fleets and build points beaten, and that Red would win
    if the last round ended now; the engine makes Red the winner when it ends."""
    game = _wing_beaten()
    said = _seen(game, 0)
    assert said.how == (
        "Blue (player 1) against Red (player 2).",
        "A fleet disabled or destroyed is beaten; the battle ends when at most one side still"
        " has an active fleet, and that side wins (none left: a draw) (ARM-END-BEATEN).",
        "Otherwise it ends after round 1 (engine default: the rules set no limit): the side"
        " that has disabled or destroyed more build points of enemy fleets wins; equal build"
        " points are a draw (ARM-END-LIMIT).",
        "An enemy fleet's build points are known to a side once its scans have taught the"
        " fleet's statistics and special abilities (ARM-OFF-SCAN).",
    )
    assert said.standing == (
        "Round 1 of 1.",
        "Blue: 1 of 2 fleets active; it has beaten no enemy fleet",
        "Red: 1 of 1 fleet active; it has beaten 1 enemy fleet: 9 build points",
        "If the last round ended now: Red would win on build points beaten.",
    )
    assert said.headline == ("Round 1 of 1 · build points beaten: Blue 0, Red 9 · if it"
                             " ended now: Red would win")
    hold_position(game)
    while in_gunnery(game) and game.pending():
        decision = game.pending()[0]
        game.apply(decision.player, next(o for o in decision.options if isinstance(o, HoldFire)))
    assert game.outcome is not None and game.outcome.winners == (1,)
    assert game.outcome.scores == (0.0, 9.0)


def test_arm_off_scan_a_fleet_beaten_unscanned_is_named_never_counted() -> None:
    """ARM-OFF-SCAN: Red has not scanned the Wing it beat, nor has a spectator: each is
    told the fleet beaten and that its build points are unknown, so the build points cannot
    tell who would win; the text stays the same whatever the Wing truly costs. A scan of
    its statistics alone (its abilities' cost still unknown) tells no more; one that
    teaches its abilities too gives Red the 9 points and the verdict Blue is given."""
    game = _wing_beaten(2)
    for seat in (1, SPECTATOR):
        said = _seen(game, seat)
        assert said.standing[2] == ("Red: 1 of 1 fleet active; it has beaten 1 enemy fleet:"
                                    " Wing, whose build points are unknown here (not scanned)")
        assert said.standing[3] == ("If the last round ended now: the build points beaten"
                                    " cannot tell who would win here: Wing not scanned.")
        assert said.headline.endswith("Red ? (1 fleet not scanned) · if it ended now: not"
                                      " known here")
    wing = _state(game).fleets[WING]
    for level in (0, STATISTICS):
        wing.scanned = [0, level]
        told = _seen(game, 1)
        wing.cost = 99  # the truth moved: what Red is told does not
        assert _seen(game, 1) == told and "99" not in " ".join(told.standing)
        assert _seen(game, 0).standing[2].endswith("99 build points")  # its own side knows
        wing.cost = 9
    wing.scanned = [0, ABILITIES]
    assert _seen(game, 1).standing[2:] == (
        "Red: 1 of 1 fleet active; it has beaten 1 enemy fleet: 9 build points",
        "If the last round ended now: Red would win on build points beaten.",
    )
