"""Tiny flyers: wings of 3 to 5 tokens, carriers, fuel, combat air patrol, dogfights.

A wing is one squadron of tokens of one type (fighters, dive bombers, torpedo bombers,
reconnaissance planes), shown here as one model whose ``tokens`` count the bases; its
tokens fire combined (whole dice, no halving). Wings ignore command distance and bravery,
turn freely and have no minimum move.

* Fuel: 6 to start; moving more than half its move, attacking (AD, ack-ack or charges)
  and each abort cost 1; a wing with none left is lost. Wings aboard a carrier refuel and
  re-arm in the end phase (engine default).
* Against a wing (the seed, not FACTS.md's later revision): each natural 6 destroys a
  token (and rolls again, counting no second hit); every other hit is an abort costing
  1 fuel. A wing whose tokens or fuel run out is lost, and its attack with it.
* Fighters hit other tiny flyers on 3+, reconnaissance planes on 5+, bombers only on 6.
  Bombers need base contact to drop their bombs and hit surface models on 3+ (large and
  massive flyers on 5+); torpedo bombers use their torpedoes in range band 1, hitting
  surface models on 3+. A bomber that made an AD attack must land to re-arm.
* A carrier launches a wing it carries before it moves, or lands one within 4 inches at
  the end of the wing's activation (tokens over its capacity are lost; one recon plane
  aboard at most): one of the two per turn (both, or two of either,
  with a double deck). A launched wing waits until the next turn, and the carrier fires
  no gunnery, rockets or ack-ack in that activation.
* Combat air patrol: a wing taking off may join its carrier's squadron, or fly on its own
  (:func:`launch_patrol`: a recon plane only where none patrols it yet); a wing ending its
  activation within 4 inches of a friendly large or massive squadron (not submerged) may
  join it; its ack-ack then answers attacks on that squadron. A reconnaissance plane on
  patrol gives its squadron's indirect fire +1 to hit.
* A model ending its move on tokens pushes them aside by the least distance that clears
  its base (:func:`shift_tokens`).
"""

from __future__ import annotations

import math
from math import hypot
from typing import Final

from warbench.core.geometry import Body, CircleBase, Point, heading_vector, overlaps
from warbench.core.geometry.vectors import to_radians
from warbench.rulesets.dystopian_wars.damage import destroy, report_damage
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import (
    Aborted,
    FuelBurnt,
    Landed,
    Launched,
    Moved,
    Refuelled,
    TokensLost,
)
from warbench.rulesets.dystopian_wars.geometry import gap
from warbench.rulesets.dystopian_wars.pools import rolled_against_wing
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, Model, body_of

#: Fuel a wing starts with (and refuels to aboard a carrier).
FULL_FUEL: Final = 6
#: How close a wing must be to launch beside, land on, or patrol with a model.
DECK_RANGE: Final = 4.0
#: Where a launched wing is placed: this far to the carrier's port side (engine default).
LAUNCH_OFFSET: Final = 3.0
#: How far past touching a token pushed aside ends up, in inches (clear of the base).
CLEARANCE: Final = 1e-3


def cleared_point(body: Body, token: Point, radius: float) -> Point:
    """Where a round token of ``radius`` centred at ``token`` goes to clear ``body`` by the
    least distance: straight out of the nearest side.

    >>> from warbench.core.geometry import Pose, RectBase
    >>> ship = Body(Pose(0.0, 0.0, 0.0), RectBase(2.0, 6.0))
    >>> p = cleared_point(ship, Point(0.5, 1.0), 0.5)
    >>> round(p.x, 3), round(p.y, 3)
    (1.501, 1.0)
    """
    base = body.base
    ox, oy = body.pose.x, body.pose.y
    if isinstance(base, CircleBase):
        dx, dy = token.x - ox, token.y - oy
        apart = hypot(dx, dy) or 1.0
        reach = base.radius + radius + CLEARANCE
        return Point(ox + dx / apart * reach, oy + dy / apart * reach)
    across, along = body.local_xy(token.x, token.y)
    half_width, half_length = base.width / 2.0, base.length / 2.0
    near_across = max(-half_width, min(half_width, across))
    near_along = max(-half_length, min(half_length, along))
    outside = hypot(across - near_across, along - near_along)
    if outside > 0.0:
        scale = (radius + CLEARANCE) / outside
        across = near_across + (across - near_across) * scale
        along = near_along + (along - near_along) * scale
    elif half_width - abs(across) <= half_length - abs(along):
        across = math.copysign(half_width + radius + CLEARANCE, across or 1.0)
    else:
        along = math.copysign(half_length + radius + CLEARANCE, along or 1.0)
    fx, fy = heading_vector(body.pose.heading)
    return Point(ox + across * fy + along * fx, oy - across * fx + along * fy)


def shift_tokens(game: DWGame, state: DWState, data: RulesData, mover: Model) -> None:
    """Tokens of tiny flyers (in the air, not aboard) under ``mover``'s base where its move
    ended are pushed aside by the least distance that clears it."""
    spec = data.models[mover.cls]
    if spec.tiny or not mover.alive:
        return
    body = body_of(mover, spec)
    for wing in state.models:
        wing_spec = data.models[wing.cls]
        if not (wing_spec.tiny and wing.alive and wing.carried_by < 0):
            continue
        token = body_of(wing, wing_spec)
        if not overlaps(body, token) or not isinstance(token.base, CircleBase):
            continue
        moved = cleared_point(body, wing.point(), token.base.radius)
        wing.x, wing.y = moved.x, moved.y
        game.emit(Moved(model=wing.uid, x=round(wing.x, 3), y=round(wing.y, 3),
                        heading=round(wing.heading, 3),
                        text=f"{wing.name} shifts aside from {mover.name}"))


def strike_wing(
    game: DWGame, player: int, wing: Model, dice: int, needed: int, *, label: str,
    by_model: int = -1,
) -> bool:
    """``player`` rolls ``dice`` at a wing (the seed's reading): each natural 6 destroys a
    token and rolls again (it does not count two hits); every other hit is an abort,
    costing the wing 1 fuel. True when the wing is lost (no tokens or no fuel left). Each
    token shot down is a point of damage dealt by model ``by_model``."""
    kills, aborts = rolled_against_wing(game, player, dice, needed, label=label)
    if kills:
        report_damage(game, wing, min(kills, wing.tokens), by_model)
        wing.tokens = max(0, wing.tokens - kills)
        game.emit(
            TokensLost(
                model=wing.uid,
                kills=kills,
                text=f"{wing.name} loses {kills} token{'s' if kills > 1 else ''}, "
                f"{wing.tokens} left",
            )
        )
    if wing.tokens <= 0:
        destroy(game, wing, "destroyed", "every token shot down", by_model)
        return True
    if aborts:
        wing.fuel = max(0, wing.fuel - aborts)
        game.emit(
            Aborted(
                model=wing.uid,
                text=f"{wing.name} aborts {aborts} time{'s' if aborts > 1 else ''}: "
                f"{aborts} fuel lost ({wing.fuel} left)",
            )
        )
        if wing.fuel <= 0:  # the aborts the fire forced cost the wing
            destroy(game, wing, "destroyed", "out of fuel", by_model)
            return True
    return False


def burn_fuel(game: DWGame, wing: Model, why: str) -> None:
    """Spend one fuel; a wing with none left is lost."""
    wing.fuel -= 1
    game.emit(FuelBurnt(model=wing.uid, text=f"{wing.name} burns fuel {why} ({wing.fuel} left)"))
    if wing.fuel <= 0:
        destroy(game, wing, "destroyed", "out of fuel")


def carried_tokens(state: DWState, carrier: Model) -> int:
    """Tokens aboard a carrier now."""
    return sum(m.tokens for m in state.models if m.alive and m.carried_by == carrier.uid)


def deck_ops_left(state: DWState, data: RulesData, carrier: Model) -> int:
    """Launches and landings the carrier may still make this turn."""
    allowed = 2 if "double-decker" in data.models[carrier.cls].traits else 1
    return allowed - state.deck_ops.get(str(carrier.uid), 0)


def launchable(state: DWState, data: RulesData, carrier: Model) -> list[int]:
    """Wings aboard ``carrier`` that it may launch now."""
    if not carrier.active or deck_ops_left(state, data, carrier) <= 0:
        return []
    return [
        m.uid for m in state.models if m.alive and m.carried_by == carrier.uid
    ]


def launch_patrol(state: DWState, data: RulesData, carrier: Model, wing: Model) -> bool:
    """Whether ``wing``, taking off from ``carrier``, may join the carrier's squadron as
    its patrol: any wing may, but a squadron takes one recon plane at most."""
    if data.models[wing.cls].wing != "recon":
        return True
    return not any(
        m.active and m.cap_with == carrier.squadron and data.models[m.cls].wing == "recon"
        for m in state.models
    )


def launch(
    game: DWGame, state: DWState, data: RulesData, carrier: Model, wing: Model,
    patrol: bool = True,
) -> None:
    """Put a wing in the air beside its carrier, joined to the carrier's squadron as its
    combat air patrol when ``patrol`` (the seed: it may join); it may act from the next
    turn."""
    heading = to_radians(carrier.heading - 90.0)
    wing.x = min(max(carrier.x + LAUNCH_OFFSET * math.sin(heading), 0.5), state.width - 0.5)
    wing.y = min(max(carrier.y + LAUNCH_OFFSET * math.cos(heading), 0.5), state.height - 0.5)
    wing.heading = carrier.heading
    wing.level = "flying"
    wing.carried_by = -1
    wing.cap_with = carrier.squadron if patrol else -1
    wing.ready_turn = state.turn + 1
    key = str(carrier.uid)
    state.deck_ops[key] = state.deck_ops.get(key, 0) + 1
    carrier.add_marker("launching")
    game.emit(
        Launched(
            model=carrier.uid,
            wing=wing.uid,
            text=f"{carrier.name} launches {wing.name}"
            + (" on combat air patrol" if patrol else ", flying on its own"),
        )
    )


def carry_wings(state: DWState, carrier: Model) -> None:
    """Tokens aboard a carrier go where it goes."""
    for wing in state.models:
        if wing.carried_by == carrier.uid:
            wing.x, wing.y, wing.heading = carrier.x, carrier.y, carrier.heading


def carries_recon(state: DWState, data: RulesData, carrier: Model) -> bool:
    """Whether a recon plane is aboard ``carrier`` now."""
    return any(
        m.alive and m.carried_by == carrier.uid and data.models[m.cls].wing == "recon"
        for m in state.models
    )


def deck_room(state: DWState, data: RulesData, carrier: Model) -> int:
    """Tokens ``carrier`` may still take aboard."""
    return data.models[carrier.cls].carrier - carried_tokens(state, carrier)


def landing_decks(state: DWState, data: RulesData, wing: Model) -> list[int]:
    """Friendly carriers within 4 inches with room for one token or more and a deck
    operation left, the most room first (tokens beyond the room are lost as the wing
    lands, :func:`land`); a recon plane lands only on a carrier with no recon plane aboard
    (seed l.594: a carrier carries one recon plane)."""
    spec = data.models[wing.cls]
    wing_body = body_of(wing, spec)
    found = []
    for carrier in state.models:
        carrier_spec = data.models[carrier.cls]
        if carrier.player != wing.player or not carrier.active or not carrier_spec.carrier:
            continue
        if carrier.level == "submerged" or deck_ops_left(state, data, carrier) <= 0:
            continue
        if deck_room(state, data, carrier) <= 0:
            continue
        if spec.wing == "recon" and carries_recon(state, data, carrier):
            continue
        if gap(wing_body, body_of(carrier, carrier_spec)) <= DECK_RANGE + 1e-9:
            found.append(carrier.uid)
    return sorted(found, key=lambda uid: -min(wing.tokens,
                                              deck_room(state, data, state.models[uid])))


def land(game: DWGame, state: DWState, wing: Model, carrier: Model) -> None:
    """Land a wing aboard a carrier; tokens beyond the carrier's room are destroyed (seed
    l.611: a carrier never holds more than its capacity, the tokens over it are lost)."""
    over = wing.tokens - deck_room(state, game.data, carrier)
    if over > 0:
        report_damage(game, wing, over)  # dealt by nobody
        wing.tokens -= over
        game.emit(
            TokensLost(
                model=wing.uid,
                kills=over,
                text=f"{wing.name} loses {over} token{'s' if over > 1 else ''} landing on "
                f"{carrier.name}, which has no room for {'them' if over > 1 else 'it'}: "
                f"{wing.tokens} left",
            )
        )
    wing.carried_by = carrier.uid
    wing.cap_with = -1
    wing.x, wing.y, wing.heading = carrier.x, carrier.y, carrier.heading
    key = str(carrier.uid)
    state.deck_ops[key] = state.deck_ops.get(key, 0) + 1
    game.emit(
        Landed(
            model=wing.uid,
            carrier=carrier.uid,
            text=f"{wing.name} lands aboard {carrier.name}",
        )
    )


def patrol_squadrons(state: DWState, data: RulesData, wing: Model) -> list[int]:
    """Friendly large or massive squadrons (no diving models) with a model within 4 inches;
    a squadron takes one recon plane at most. A wing on patrol must first leave it (by
    moving away), and a wing that left a patrol joins no other in the same turn."""
    if wing.cap_with >= 0 or wing.left_patrol == state.turn:
        return []
    wing_body = body_of(wing, data.models[wing.cls])
    recon = data.models[wing.cls].wing == "recon"
    found = []
    for squadron in state.squadrons:
        if squadron.player != wing.player or squadron.sid == wing.cap_with:
            continue
        if recon and any(
            m.active and m.cap_with == squadron.sid and data.models[m.cls].wing == "recon"
            for m in state.models
        ):
            continue
        models = state.squadron_models(squadron.sid)
        if not models or any(data.models[m.cls].rank < 3 for m in models):
            continue
        if any(data.models[m.cls].diving for m in models):
            continue  # no squadron of diving models, surfaced or not (seed l.619)
        if any(
            gap(wing_body, body_of(m, data.models[m.cls])) <= DECK_RANGE + 1e-9
            for m in models
        ):
            found.append(squadron.sid)
    return found


def patrol_kept(state: DWState, data: RulesData, wing: Model) -> bool:
    """Whether a wing on patrol is still within 4 inches of its squadron (recon need not)."""
    if wing.cap_with < 0:
        return False
    spec = data.models[wing.cls]
    if spec.wing == "recon":
        return bool(state.squadron_models(wing.cap_with))
    wing_body = body_of(wing, spec)
    return any(
        gap(wing_body, body_of(m, data.models[m.cls])) <= DECK_RANGE + 1e-9
        for m in state.squadron_models(wing.cap_with)
    )


def refuel_and_land(game: DWGame, state: DWState, data: RulesData) -> None:
    """End phase: wings out of fuel are lost; wings aboard carriers refuel and re-arm;
    deck operations and launch markers reset."""
    for model in state.models:
        model.remove_marker("launching")
        if not model.alive or not data.models[model.cls].tiny:
            continue
        if model.carried_by >= 0:
            if model.fuel < FULL_FUEL or not model.armed:
                model.fuel = FULL_FUEL
                model.armed = True
                game.emit(
                    Refuelled(
                        model=model.uid,
                        text=f"{model.name} refuels and re-arms aboard its carrier",
                    )
                )
        elif model.fuel <= 0:
            destroy(game, model, "destroyed", "out of fuel")
    state.deck_ops.clear()
