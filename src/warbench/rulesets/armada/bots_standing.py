"""How an Armada battle stands, for the search bot's play-outs cut off before the end.

At the round limit a battle goes to the side that has beaten the most build points of enemy
fleets (ARM-END-LIMIT), but a play-out of a few decisions from a helm order often ends
before a gun fires: its dice cannot tell two courses apart. :func:`standing` values a
cut-off battle by what each side has lost and stands to lose: the build points of its
fleets beaten, a share of each fleet's hull already gone, and the build points the enemy's
guns can expect to take in the gunnery to come from where the fleets now stand (each fleet
aiming its mean damage, the tactician's own estimate, at the enemy in its arcs and range
it hurts most).
"""

from __future__ import annotations

from warbench.core.engine import Game
from warbench.core.search.value import standing_of_losses
from warbench.rulesets.armada.bot_helm import expected_damage
from warbench.rulesets.armada.combat import absorb_damage, targeting_refusal
from warbench.rulesets.armada.data import ArmadaData
from warbench.rulesets.armada.gunnery import waiting_damage
from warbench.rulesets.armada.state import ACTIVE, ArmadaState, Fleet

#: How much a point of hull gone counts (as a share of the fleet's build points) beyond the
#: build points already beaten: damage that a disabling will follow.
HULL_WEIGHT = 0.5
#: How much a build point of expected loss in the coming gunnery counts against one beaten.
THREAT_WEIGHT = 0.5
#: A margin of this many average fleets' build points is worth tanh(1) of the way to a win.
SCALE_FLEETS = 2.0

ArmadaGame = Game[ArmadaState, ArmadaData]


def losses(game: ArmadaGame) -> list[float]:
    """Each side's loss in build points: fleets beaten, hull gone, gunnery to come. A play-out
    cut off in the gunnery phase counts the hits already rolled as landed
    (:func:`~warbench.rulesets.armada.gunnery.waiting_damage`, ARM-GUN-SIMULTANEOUS): a fleet
    they disable is beaten."""
    state, tables = game.state, game.data.tables
    landing = waiting_damage(state)
    lost = [0.0] * state.players
    active: list[Fleet] = []
    for fleet in state.fleets:
        _, hull = absorb_damage(fleet.shields, fleet.hull, landing.get(fleet.id, 0))
        if fleet.status != ACTIVE or hull <= 0:
            lost[fleet.side] += fleet.cost
        else:
            active.append(fleet)
            gone = (fleet.hull_points - hull) / fleet.hull_points
            lost[fleet.side] += HULL_WEIGHT * gone * fleet.cost
    for fleet in active:
        best, victim = 0.0, -1
        for target in active:
            if target.side == fleet.side \
                    or targeting_refusal(state, tables, fleet, target) is not None:
                continue
            left = max(1, target.hull + target.shields - landing.get(target.id, 0))
            worth = min(1.0, expected_damage(state, tables, fleet, target) / left) * target.cost
            if worth > best:
                best, victim = worth, target.side
        if victim >= 0:
            lost[victim] += THREAT_WEIGHT * best
    return lost


def standing(game: ArmadaGame) -> tuple[float, ...]:
    """Each side's value of the unfinished battle, between 0 and 1 (0.5 when level): how
    much more the others stand to lose than it, on a scale of a couple of average fleets."""
    fleets = game.state.fleets
    lost = losses(game)
    scale = SCALE_FLEETS * sum(fleet.cost for fleet in fleets) / max(1, len(fleets))
    return standing_of_losses(lost, scale)


def battle_round(game: ArmadaGame) -> int:
    """The battle round: the clock (:data:`~warbench.core.search.bot.Clock`) the search
    bot's keyed dice count rolls by (ARM-ROUND-PHASES)."""
    return game.state.round
