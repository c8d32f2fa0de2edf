"""The state of an Armada battle: fleets on the hex map, officers, sides, the round.

Everything here is plain data (ints, strings, tuples, lists), so a state copies, saves and
hashes cheaply; the rules read derived statistics from the fields copied in at set-up.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from warbench.core.hexgrid import Hex
from warbench.core.procedures import GameState
from warbench.rulesets.armada.pieces import (
    ACTIVE,
    CRITICALS,
    DESTROYED,
    DISABLED,
    INSPIRED,
    NO_EFFECTS,
    ROUTED,
    SHAKEN,
    STEADY,
    Debris,
    Fleet,
    Mine,
    Officer,
    RoundEffects,
    Side,
    comms_down_of,
    occupied_hexes,
    officer_bonus_of,
)
from warbench.rulesets.armada.shown import Shown

#: The pieces (:mod:`~.pieces`, a module of their own so that it can be compiled) are named
#: here too, where the ruleset imports them from.
__all__ = [
    "ACTIVE", "CRITICALS", "DESTROYED", "DISABLED", "INSPIRED", "NO_EFFECTS", "ROUTED",
    "SHAKEN", "STEADY", "ArmadaState", "Debris", "Fleet", "Mine", "Officer", "Phase",
    "RoundEffects", "Side",
]


class Phase(enum.StrEnum):
    """The phase of the round (before the first round: ``SETUP``); orders name theirs."""

    SETUP = ""
    ENGINEERING = "engineering"
    HELM = "helm"
    GUNNERY = "gunnery"


@dataclass(slots=True)
class ArmadaState(GameState):
    """A whole battle."""

    sides: list[Side] = field(default_factory=list)
    fleets: list[Fleet] = field(default_factory=list)
    officers: list[Officer] = field(default_factory=list)
    round: int = 0
    #: The engine's round limit (ARM-END-LIMIT; the seed has none): 0 for no limit.
    max_rounds: int = 10
    distance: int = 0
    placements: list[list[list[int]]] | None = None
    phase: Phase = Phase.SETUP
    debris: list[Debris] = field(default_factory=list)
    mines: list[Mine] = field(default_factory=list)
    #: What each fleet has shown at the table, by fleet id (public: ARM-OFF-SCAN, .shown).
    shown: list[Shown] = field(default_factory=list)
    #: The role each officer has shown by an order it gave or a post it took up, by
    #: officer index, ``""`` for none yet (public: ARM-OFF-SCAN, .shown).
    roles_shown: list[str] = field(default_factory=list)

    def active_fleets(self, side: int) -> list[Fleet]:
        """The fleets of ``side`` that can still act."""
        return [f for f in self.fleets if f.side == side and f.status == ACTIVE]

    def enemies_of(self, fleet: Fleet) -> list[Fleet]:
        """Every enemy fleet still on the map."""
        return [f for f in self.fleets if f.side != fleet.side and f.status != DESTROYED]

    def occupied(self, exclude: int = -1) -> set[Hex]:
        """Hexes where a fleet on the map stands (but fleet ``exclude``)."""
        return occupied_hexes(self.fleets, exclude)

    def comms_down(self, fleet: Fleet) -> bool:
        """Whether the fleet's communications are down (the critical condition, lasting or
        to the end of a round: a duel's, an EMP's; not while a repair holds it off)."""
        return comms_down_of(fleet)

    def officer_bonus(self, fleet: Fleet, role: str) -> int:
        """The passive bonus the fleet's officer in ``role`` gives it (0 without one, when
        communications are down, or while the officer is jammed or incapacitated)."""
        return officer_bonus_of(self.officers, self.round, fleet, role)

    def officers_on(self, fleet: Fleet) -> list[Officer]:
        """The officers aboard ``fleet``."""
        return [officer for officer in self.officers if officer.fleet == fleet.id]

    def admiral(self, side: int) -> Officer | None:
        """The side's admiral, if its fleet is still on the map and it is not incapacitated."""
        for officer in self.officers:
            if (
                officer.side == side
                and officer.role == "admiral"
                and not officer.incapacitated
                and self.fleets[officer.fleet].status != DESTROYED
            ):
                return officer
        return None
