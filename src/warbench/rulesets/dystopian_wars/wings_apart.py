"""Wings in alternate deployment (DW-DEPLOY-ALTERNATE): apart from their carrier, and free.

A carrier's wings go down aboard it, in its placement; or, once the carrier is on the
table, a wing aboard may be placed as a deployment of its own, within 4 inches of its
carrier (seed l.205, l.598), measured base edge to base edge as a landing is (DW-LAND),
its centre in the player's zone like any squadron's. A wing so placed flies from the
start, as the free wings do: in the air, on no patrol, with its full 6 fuel (l.615: every
wing, deployed or launched, starts with 6), free to act in the first turn (the next-turn
wait of l.608 is for a launch in play), and the carrier keeps its room to land it later.
Every wing set down, apart or free, lies clear of every model (:func:`over_model`; engine
default: it is in the air, not on a deck); a free wing whose own spot lies over a model is
offered the nearest clear one (:func:`nearest_spots`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from warbench.core.geometry import Body, Pose, overlaps
from warbench.core.geometry.vectors import to_radians
from warbench.core.rng import RandomStream
from warbench.rulesets.dystopian_wars.actions import Deploy
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.flyers import DECK_RANGE, LAUNCH_OFFSET
from warbench.rulesets.dystopian_wars.geometry import gap
from warbench.rulesets.dystopian_wars.state import DWState, Model, body_of


def aboard(state: DWState, sid: int) -> tuple[Model, Model] | None:
    """The wing of squadron ``sid`` and the carrier it is aboard, or None for a squadron
    that is no wing aboard a carrier."""
    models = [state.models[uid] for uid in state.squadrons[sid].models]
    if len(models) != 1 or models[0].carried_by < 0:
        return None
    return models[0], state.models[models[0].carried_by]


def apart_wings(state: DWState, player: int, placed: list[int]) -> list[int]:
    """The player's wings still aboard a carrier already on the table (its squadron in
    ``placed``), each of which may be deployed apart."""
    found = []
    for squadron in state.squadrons:
        pair = aboard(state, squadron.sid) if squadron.player == player else None
        if pair is not None and pair[1].squadron in placed:
            found.append(squadron.sid)
    return found


def apart_refusal(state: DWState, data: RulesData, action: Deploy, placed: list[int]) -> str | None:
    """Why the wing of ``action.squadron`` (one aboard a carrier) may not be set down apart
    at (x, y): its carrier not on the table yet, or more than 4 inches from it. The zone,
    terrain and the models under it are checked as for any wing
    (:func:`.deployment.placement_refusal`, :func:`over_model`)."""
    pair = aboard(state, action.squadron)
    if pair is None:
        return None
    wing, carrier = pair
    if carrier.squadron not in placed:
        return (f"{wing.name} is aboard {carrier.name}, which is not on the table yet: it goes"
                " down with its carrier, or apart once the carrier is placed"
                " (DW-DEPLOY-ALTERNATE)")
    if not all(math.isfinite(v) for v in (action.x, action.y, action.heading)):
        return "deployment needs finite numbers (DW-ACTIONS)"
    body = Body(Pose(action.x, action.y, action.heading), body_of(wing, data.models[wing.cls]).base)
    apart = gap(body, body_of(carrier, data.models[carrier.cls]))
    if apart > DECK_RANGE + 1e-9:
        return (f"{wing.name} would be {apart:.1f} inches from its carrier {carrier.name}: a"
                " wing deployed apart goes down within 4 inches of it (DW-DEPLOY-ALTERNATE)")
    return None


def over_model(state: DWState, data: RulesData, wing: Model, body: Body) -> str | None:
    """Why ``wing`` may not be set down as ``body``: its token over a model on the table
    (aboard none, not submerged), at any level (engine default: a wing deployed, apart from
    its carrier or free, is in the air, not on a deck); None when it is clear."""
    for other in state.models:
        if other.uid == wing.uid or not other.alive or other.carried_by >= 0:
            continue
        if other.level != "submerged" and overlaps(body, body_of(other, data.models[other.cls])):
            kind = "a wing deployed apart" if wing.carried_by >= 0 else "a free wing"
            return (f"{wing.name} would stand on {other.name}: {kind} goes down clear of"
                    " every model (DW-DEPLOY-ALTERNATE)")
    return None


def nearest_spots(
    option: Deploy, box: tuple[float, float, float, float]
) -> Iterator[Deploy]:
    """Placements for a free wing whose own spot ``option`` is refused, nearest first: the
    points of a half-inch grid over ``box`` (its zone, x0, y0, x1, y1), ties broken by x
    then y; the caller keeps the first legal one."""
    x0, y0, x1, y1 = box
    points = [(k / 2.0, j / 2.0)
              for k in range(math.ceil(x0 * 2), math.floor(x1 * 2) + 1)
              for j in range(math.ceil(y0 * 2), math.floor(y1 * 2) + 1)]
    points.sort(key=lambda p: ((p[0] - option.x) ** 2 + (p[1] - option.y) ** 2, p))
    for x, y in points:
        yield Deploy(option.squadron, x, y, option.heading)


def apart_spots(state: DWState, sid: int) -> list[Deploy]:
    """The placements offered first for a wing apart (the caller keeps the legal ones):
    where a launch puts it, 3 inches to its carrier's port (:func:`.flyers.launch`), then
    as far to starboard."""
    pair = aboard(state, sid)
    if pair is None:
        return []
    carrier = pair[1]
    spots = []
    for side in (-90.0, 90.0):
        bearing = to_radians(carrier.heading + side)
        spots.append(Deploy(sid, round(carrier.x + LAUNCH_OFFSET * math.sin(bearing), 4),
                            round(carrier.y + LAUNCH_OFFSET * math.cos(bearing), 4),
                            carrier.heading))
    return spots


def sample_apart(
    state: DWState, data: RulesData, rng: RandomStream, sid: int, heading: float
) -> Deploy | None:
    """A spot drawn at random within reach of the wing's carrier (checked by the caller)."""
    pair = aboard(state, sid)
    if pair is None:
        return None
    carrier = pair[1]
    spec = data.models[carrier.cls]
    reach = max(spec.width, spec.length) / 2.0 + DECK_RANGE
    x = carrier.x + (rng.random() * 2.0 - 1.0) * reach
    y = carrier.y + (rng.random() * 2.0 - 1.0) * reach
    return Deploy(sid, round(x, 2), round(y, 2), heading)


def place_apart(wing: Model, pose: Pose) -> None:
    """Take the wing off its carrier's deck and set it in the air at ``pose``, on its own
    (no patrol); its fuel stays full from the set-up and it acts from the first turn."""
    wing.carried_by = -1
    wing.cap_with = -1
    wing.level = "flying"
    wing.place(pose)
