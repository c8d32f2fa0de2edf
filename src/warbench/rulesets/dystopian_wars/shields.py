"""Shield generators (DW-GENERATORS): early generators cancel one hit on 4-5 and two on a 6,
rolling again (FACTS.md). A model rolls its own against every attack that reaches it as a
battery's does: batteries, rockets, torpedoes, bombs, a wing's attack dice, a mine's blast
(seed l.498: a mine works as batteries do) and a patrol wing's strike back (DW-CAP-AD: its
attack dice). Generators offline or a derelict's roll none (seed l.580)."""

from __future__ import annotations

from typing import Final

from warbench.rulesets.dystopian_wars.data import ModelSpec
from warbench.rulesets.dystopian_wars.pools import rolled_hits
from warbench.rulesets.dystopian_wars.state import DWGame, Model

#: The number shield generator dice need to cancel hits (early generators).
SHIELD_NEEDED: Final = 4


def generator_dice(spec: ModelSpec, model: Model) -> int:
    """The shield generator dice ``model`` rolls against an attack: its class's, none while
    its generators are offline (a critical) or it is derelict, recaptured or not."""
    if model.marker("generator-offline") or model.derelict:
        return 0
    return spec.shield


def rolled_shields(game: DWGame, spec: ModelSpec, model: Model) -> int:
    """Roll ``model``'s working shield generators against an attack: the hits they cancel
    (nothing is rolled when it has none)."""
    dice = generator_dice(spec, model)
    if not dice:
        return 0
    return rolled_hits(game, model.player, dice, SHIELD_NEEDED, label=f"{model.name} shields")


def shielded_words(hits: int, stopped: int) -> str:
    """``hits`` said, with the hits shields ``stopped`` and those left when any were.

    >>> shielded_words(1, 0), shielded_words(3, 2)
    ('1 hit', '3 hits (2 stopped by shields), 1 counts')
    """
    said = f"{hits} {'hit' if hits == 1 else 'hits'}"
    if not stopped:
        return said
    final = hits - stopped
    return f"{said} ({stopped} stopped by shields), {final} {'counts' if final == 1 else 'count'}"
