"""Deployment: squadrons placed one at a time, alternately, within 8 inches of each edge.

With ``"deployment": "alternate"`` in the set-up, each player rolls 2D6 and the highest
places a squadron first, then the players alternate until every squadron is on the table
(a player with none left waits). In a two-player game the roll's winner first chooses any
table edge and the opponent takes the opposite one; with more players each keeps the edge
of their seat (engine default: player 0 the south edge, player 1 the north, then west and
east). A squadron goes down in line abreast around its lead model, every
model's centre within the zone and on no other model or impassable terrain, and every base
off the open table a model keeps off (a land model on a sea table stands on an island, a
naval one on a land table in water: DW-TABLE-SURFACE; the roll's winner is then offered
only the edges where every such squadron finds a place). Wings aboard a
carrier go down with it or, once it is on the table, apart within 4 inches of it, each a
placement of its own (:mod:`.wings_apart`); a player left with only such wings may keep
them aboard (:class:`Decline`). Free wings go anywhere in the zone; every wing set down,
apart or free, lies clear of every model (engine default: it is in the air). Until it is
placed, a squadron stands where the automatic deployment put it (along the chosen edge,
when the winner changed edges), and placing it there is allowed unless it would stand on
another squadron; a free wing whose spot is refused is offered the nearest legal one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.core.geometry import Body, Pose, overlaps
from warbench.core.procedures import Procedure
from warbench.core.rng import RandomStream
from warbench.core.words import one_of, player_name, possessive
from warbench.rulesets.dystopian_wars.actions import ChooseEdge, Decline, Deploy
from warbench.rulesets.dystopian_wars.data import ModelSpec, RulesData
from warbench.rulesets.dystopian_wars.edges import (
    EDGE_NAMES,
    abreast_centres,
    edge_of,
    edge_point,
    edge_span,
    opposite,
    seat_edge,
)
from warbench.rulesets.dystopian_wars.events import (
    Deployed,
    DeploymentOrder,
    EdgeChosen,
    KeptAboard,
)
from warbench.rulesets.dystopian_wars.geometry import terrain_of
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, Model, body_of
from warbench.rulesets.dystopian_wars.surface import (
    LAND_KINDS,
    off_surface_reason,
    open_table_stops,
    stands_off,
)
from warbench.rulesets.dystopian_wars.sweep import blocks_movement
from warbench.rulesets.dystopian_wars.wings_apart import (
    aboard,
    apart_refusal,
    apart_spots,
    apart_wings,
    nearest_spots,
    over_model,
    place_apart,
    sample_apart,
)

#: Depth of a deployment zone, in inches from the edge.
ZONE = 8.0


def spacing(spec: ModelSpec) -> float:
    """Gap between the centres of models abreast in a squadron."""
    return max(2.5, spec.width + 1.2)


def formation(spec: ModelSpec, count: int, x: float, y: float, heading: float) -> list[Pose]:
    """``count`` poses in line abreast, centred on (x, y), all facing ``heading``.

    >>> from warbench.rulesets.dystopian_wars.data import load_data
    >>> [(p.x, p.y) for p in formation(load_data().models["britannia-frigate"], 3,
    ...                                10.0, 4.0, 0.0)]
    [(7.5, 4.0), (10.0, 4.0), (12.5, 4.0)]
    """
    across = math.radians(heading + 90.0)
    step = spacing(spec)
    poses = []
    for k in range(count):
        offset = (k - (count - 1) / 2.0) * step
        poses.append(
            Pose(round(x + offset * math.sin(across), 4), round(y + offset * math.cos(across), 4),
                 heading)
        )
    return poses


def zone_box(state: DWState, player: int) -> tuple[float, float, float, float]:
    """The player's deployment zone, (x0, y0, x1, y1): the table within 8 inches of
    their edge."""
    width, height = state.width, state.height
    return ((0.0, 0.0, width, ZONE), (0.0, height - ZONE, width, height),
            (0.0, 0.0, ZONE, height), (width - ZONE, 0.0, width, height))[edge_of(state, player)]


def in_zone(state: DWState, player: int, x: float, y: float) -> bool:
    """Whether a centre lies in the player's deployment zone."""
    x0, y0, x1, y1 = zone_box(state, player)
    return x0 <= x <= x1 and y0 <= y <= y1


def deploy_refusal(state: DWState, data: RulesData, action: Deploy, player: int) -> str | None:
    """Why a squadron may not be placed so."""
    if not 0 <= action.squadron < len(state.squadrons):
        return f"there is no squadron {action.squadron} (DW-ACTIONS)"
    squadron = state.squadrons[action.squadron]
    if squadron.player != player:
        return f"{squadron.name} is not yours (DW-ACTIONS)"
    models = [state.models[uid] for uid in squadron.models if state.models[uid].carried_by < 0]
    if not models:
        return f"{squadron.name} goes down with its carrier (DW-DEPLOY-ALTERNATE)"
    spec = data.models[models[0].cls]
    if not all(math.isfinite(v) for v in (action.x, action.y, action.heading)):
        return "deployment needs finite numbers (DW-ACTIONS)"
    poses = formation(spec, len(models), action.x, action.y, action.heading)
    for model, pose in zip(models, poses, strict=True):
        refusal = placement_refusal(state, data, model, pose, {m.uid for m in models})
        if refusal is not None:
            return refusal
    return None


def placement_refusal(
    state: DWState, data: RulesData, model: Model, pose: Pose, own: set[int]
) -> str | None:
    """Why ``model`` may not be set down at ``pose`` (the models ``own`` going down with it
    not counted): out of its zone, off the surface it keeps to (DW-TABLE-SURFACE), on
    terrain it may not enter, on another model at its level, or, for a wing, over any
    model (:func:`.wings_apart.over_model`)."""
    spec = data.models[model.cls]
    player = model.player
    if not in_zone(state, player, pose.x, pose.y):
        return f"{model.name} would stand outside the deployment zone (DW-DEPLOY-ALTERNATE)"
    body = Body(pose, body_of(model, spec).base)
    if stands_off(state.terrain, state.surface, state.width, state.height, spec,
                  model.level, body):
        return off_surface_reason(model.name, state.surface)
    for piece in state.terrain:
        if blocks_movement(spec, model.level, piece, state.surface) and terrain_of(
            piece
        ).contains(pose.point):
            return f"{model.name} would stand on {piece.name} (DW-DEPLOY-ALTERNATE)"
    if spec.tiny:
        return over_model(state, data, model, body)
    for other in state.models:
        if other.uid in own or not other.alive or other.carried_by >= 0:
            continue
        other_spec = data.models[other.cls]
        if other.level != model.level or other_spec.tiny:
            continue
        if overlaps(body, body_of(other, other_spec)):
            return f"{model.name} would stand on {other.name} (DW-DEPLOY-ALTERNATE)"
    return None


def wing_refusal(state: DWState, data: RulesData, action: Deploy, placed: list[int]) -> str | None:
    """Why a wing aboard a carrier may not be deployed apart so: the carrier's reach
    (:func:`.wings_apart.apart_refusal`), then the zone, terrain and models as for any
    wing."""
    refusal = apart_refusal(state, data, action, placed)
    if refusal is not None:
        return refusal
    wing = state.models[state.squadrons[action.squadron].models[0]]
    return placement_refusal(state, data, wing, Pose(action.x, action.y, action.heading),
                             {wing.uid})


def free_wing_spot(state: DWState, data: RulesData, option: Deploy,
                   player: int) -> Deploy | None:
    """Where a free wing whose own spot ``option`` is refused is offered a place: the
    nearest legal point of its zone (:func:`.wings_apart.nearest_spots`); None for any other
    squadron (it is offered no place then) or where none is legal."""
    models = state.squadrons[option.squadron].models
    if len(models) != 1 or not data.models[state.models[models[0]].cls].tiny:
        return None
    return next((spot for spot in nearest_spots(option, zone_box(state, player))
                 if deploy_refusal(state, data, spot, player) is None), None)


def needs_footing(state: DWState, data: RulesData, model: Model) -> bool:
    """Whether the model keeps off the open table (DW-TABLE-SURFACE)."""
    return open_table_stops(data.models[model.cls], model.level, state.surface)


def footing_spots(state: DWState, player: int) -> list[tuple[float, float]]:
    """The points of a half-inch grid in the player's zone over the pieces a model kept
    off the open table may stand on (islands on a sea table, water on a land table)."""
    kinds = LAND_KINDS if state.surface == "sea" else frozenset({"water"})
    spots: set[tuple[float, float]] = set()
    for piece in state.terrain:
        if piece.kind not in kinds:
            continue
        x0, y0, x1, y1 = terrain_of(piece).bounds
        for k in range(math.floor(x0 * 2), math.ceil(x1 * 2) + 1):
            for j in range(math.floor(y0 * 2), math.ceil(y1 * 2) + 1):
                if in_zone(state, player, k / 2.0, j / 2.0):
                    spots.add((k / 2.0, j / 2.0))
    return sorted(spots)


def edges_with_footing(state: DWState, data: RulesData, winner: int,
                       edges: list[int]) -> list[int]:
    """The edges the deployment roll's winner may choose: those where every squadron kept
    off the open table finds a place in its zone, on both sides (DW-TABLE-SURFACE); all
    of them when no squadron needs one, the first when none serves."""
    needing = []
    for squadron in state.squadrons:
        models = [state.models[uid] for uid in squadron.models
                  if state.models[uid].carried_by < 0]
        if models and needs_footing(state, data, models[0]):
            needing.append(models)
    if not needing:
        return edges
    kept = []
    saved = state.edges
    try:
        for edge in edges:
            trial = [0] * state.players
            trial[winner], trial[1 - winner] = edge, opposite(edge)
            state.edges = trial
            if all(find_footing(state, data, models, state.width / 2, state.height / 2,
                                (0.0, 180.0, 90.0, 270.0)[trial[models[0].player]])
                   is not None for models in needing):
                kept.append(edge)
    finally:
        state.edges = saved
    return kept or edges[:1]


def find_footing(
    state: DWState, data: RulesData, models: list[Model], x: float, y: float, heading: float
) -> tuple[float, float] | None:
    """The centre nearest (x, y), among :func:`footing_spots`, where the models go down in
    line abreast facing ``heading`` with every one standing legally, or None."""
    spec = data.models[models[0].cls]
    own = {m.uid for m in models}
    spots = footing_spots(state, models[0].player)
    spots.sort(key=lambda p: ((p[0] - x) ** 2 + (p[1] - y) ** 2, p))
    for cx, cy in spots:
        poses = formation(spec, len(models), cx, cy, heading)
        if all(
            placement_refusal(state, data, model, pose, own) is None
            for model, pose in zip(models, poses, strict=True)
        ):
            return cx, cy
    return None


class DeploySpace(ParamSpace):
    """Anywhere in the zone for one of the player's squadrons still to deploy, and within
    4 inches of its carrier for a wing the player may deploy apart (``apart``)."""

    action_type = Deploy

    def __init__(self, state: DWState, data: RulesData, player: int, left: list[int],
                 placed: list[int] | None = None, apart: list[int] | None = None) -> None:
        self._state = state
        self._data = data
        self.player = player
        self.left = left
        self.placed = placed or []
        self.apart = apart or []
        self.description = "place a squadron: its lead model's centre (x, y) and heading"
        if self.apart:
            self.description += " (a wing apart: within 4 inches of its carrier)"
        self._footings: dict[int, list[tuple[float, float]]] = {}

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, Deploy):
            return f"expected {self.action_type.TAG!r}, got {action!r} (DW-ACTIONS)"
        if action.squadron in self.left:
            return deploy_refusal(self._state, self._data, action, self.player)
        state = self._state
        if (0 <= action.squadron < len(state.squadrons)
                and state.squadrons[action.squadron].player == self.player
                and aboard(state, action.squadron) is not None):
            return wing_refusal(state, self._data, action, self.placed)
        return f"squadron {action.squadron} is not waiting to deploy (DW-DEPLOY-ALTERNATE)"

    def footings(self, sid: int, heading: float) -> list[tuple[float, float]]:
        """Where, on a half-inch grid over the pieces a squadron kept off the open table may
        stand on (islands on a sea table, water on a land table), it may go down."""
        if sid not in self._footings:
            state = self._state
            self._footings[sid] = [
                spot for spot in footing_spots(state, self.player)
                if deploy_refusal(state, self._data, Deploy(sid, spot[0], spot[1], heading),
                                  self.player) is None
            ]
        return self._footings[sid]

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        found: list[Action] = []
        heading = (0.0, 180.0, 90.0, 270.0)[edge_of(self._state, self.player)]
        choices = self.left + self.apart
        for _ in range(count * 4):
            sid = choices[rng.choice_index(len(choices))]
            if sid in self.apart:
                action = sample_apart(self._state, self._data, rng, sid, heading)
            else:
                action = self.drawn(rng, sid, heading)
            if action is not None and self.validate(action) is None:
                found.append(action)
                if len(found) >= count:
                    break
        return found

    def drawn(self, rng: RandomStream, sid: int, heading: float) -> Deploy | None:
        """A place in the zone drawn at random for squadron ``sid`` (on the pieces it may
        stand on when it keeps off the open table), or None where there is none."""
        state = self._state
        edge = edge_of(state, self.player)
        x = 4.0 + rng.random() * (state.width - 8.0)
        y = 4.0 + rng.random() * (state.height - 8.0)
        if edge == 0:
            y = 1.0 + rng.random() * (ZONE - 2.0)
        elif edge == 1:
            y = state.height - 1.0 - rng.random() * (ZONE - 2.0)
        elif edge == 2:
            x = 1.0 + rng.random() * (ZONE - 2.0)
        else:
            x = state.width - 1.0 - rng.random() * (ZONE - 2.0)
        squadron = state.squadrons[sid]
        lead = next(state.models[uid] for uid in squadron.models
                    if state.models[uid].carried_by < 0)
        if needs_footing(state, self._data, lead):
            # one of the places it may stand on (DW-TABLE-SURFACE)
            spots = self.footings(sid, heading)
            if not spots:
                return None
            x, y = spots[rng.choice_index(len(spots))]
        return Deploy(sid, round(x, 2), round(y, 2), heading)

    def without_wings(self) -> DeploySpace:
        """This space with no wing to deploy apart (the commodore keeps them aboard)."""
        return DeploySpace(self._state, self._data, self.player, self.left, self.placed)


@dataclass(slots=True)
class Deployment(Procedure[DWState, RulesData]):
    """Roll 2D6 for who deploys first, then place squadrons alternately."""

    order: list[int] = field(default_factory=list)
    turn: int = 0
    placed: list[int] = field(default_factory=list)
    edge_chosen: bool = False
    #: Players who keep the wings still aboard their carriers there.
    kept: list[int] = field(default_factory=list)

    def waiting(self, state: DWState, player: int) -> list[int]:
        """The player's squadrons still to place (wings aboard carriers go with them)."""
        return [
            s.sid for s in state.squadrons
            if s.player == player and s.sid not in self.placed
            and any(state.models[uid].carried_by < 0 for uid in s.models)
        ]

    def apart(self, state: DWState, player: int) -> list[int]:
        """The player's wings that may still be deployed apart from their carrier."""
        return [] if player in self.kept else apart_wings(state, player, self.placed)

    def current(self, state: DWState) -> int | None:
        """The player placing next."""
        for offset in range(len(self.order)):
            player = self.order[(self.turn + offset) % len(self.order)]
            if self.waiting(state, player) or self.apart(state, player):
                return player
        return None

    def decisions(self, game: DWGame) -> list[Decision]:
        state, data = game.state, game.data
        if not self.order:
            return []
        if not self.edge_chosen:
            winner = self.order[0]
            own = seat_edge(winner, state.players)
            edges = [own] + [edge for edge in range(4) if edge != own]
            edges = edges_with_footing(state, data, winner, edges)
            return [Decision(winner, "choose your table edge (the opponent takes the opposite)",
                             tuple(ChooseEdge(edge) for edge in edges))]
        player = self.current(state)
        if player is None:
            return []
        left = self.waiting(state, player)
        options: list[Action] = []
        for sid in left:
            models = [
                state.models[uid] for uid in state.squadrons[sid].models
                if state.models[uid].carried_by < 0
            ]
            x = sum(m.x for m in models) / len(models)
            y = sum(m.y for m in models) / len(models)
            option = Deploy(sid, round(x, 4), round(y, 4), models[0].heading)
            offered = option if deploy_refusal(state, data, option, player) is None else (
                free_wing_spot(state, data, option, player))
            if offered is not None:
                options.append(offered)
        apart = self.apart(state, player)
        for sid in apart:
            options.extend(next(
                ([spot] for spot in apart_spots(state, sid)
                 if wing_refusal(state, data, spot, self.placed) is None), []))
        prompt = "deploy a squadron"
        if apart and left:
            prompt = "deploy a squadron, or a wing apart from its carrier"
        elif apart:
            prompt = "deploy a wing apart from its carrier, or keep your wings aboard"
            options.append(Decline())
        return [
            Decision(player, prompt, tuple(options),
                     (DeploySpace(state, data, player, left, self.placed, apart),))
        ]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        state, data = game.state, game.data
        if isinstance(action, ChooseEdge) and not self.edge_chosen:
            self.choose_edge(game, player, action.edge)
            return
        if isinstance(action, Decline):
            self.keep_aboard(game, player)
            return
        if not isinstance(action, Deploy):
            raise IllegalAction(f"deployment: {action!r} deploys nothing (DW-ACTIONS)")
        squadron = state.squadrons[action.squadron]
        if aboard(state, action.squadron) is not None:
            self.deploy_apart(game, player, action)
            return
        models = [state.models[uid] for uid in squadron.models if state.models[uid].carried_by < 0]
        spec = data.models[models[0].cls]
        for model, pose in zip(
            models, formation(spec, len(models), action.x, action.y, action.heading), strict=True
        ):
            model.place(pose)
            for wing in state.models:
                if wing.carried_by == model.uid:
                    wing.place(pose)
        self.placed.append(action.squadron)
        self.turn = (self.order.index(player) + 1) % len(self.order)
        game.emit(
            Deployed(
                player=player,
                squadron=action.squadron,
                text=f"{player_name(player)} deploys {squadron.name}"
                f" at ({action.x:.1f}, {action.y:.1f})",
            )
        )

    def step(self, game: DWGame) -> None:
        state = game.state
        if not self.order:
            totals: dict[int, list[int]] = {}
            for player in range(state.players):
                # by seat index: a search keys its dice on the label; people count from 1
                label = f"deployment, player {player}"
                told = f"{possessive(player_name(player))} deployment"
                faces = game.dice_for(player).faces(6, 2, label=label, told=told)
                game.emit(RollEffect(player, label, sum(faces), 2, told=told))  # highest first
                totals.setdefault(sum(faces), []).append(player)
            for total in sorted(totals, reverse=True):
                self.order.extend(sorted(totals[total]))  # ties: the lower seat first
            game.emit(
                DeploymentOrder(
                    order=tuple(self.order),
                    text="deployment order: " + ", ".join(
                    player_name(p) for p in self.order),
                )
            )
            # the roll's winner chooses the edge only between two players (engine
            # default: with more, every player keeps the edge of their seat)
            self.edge_chosen = state.players != 2
            return
        game.pop()

    def deploy_apart(self, game: DWGame, player: int, action: Deploy) -> None:
        """DW-DEPLOY-ALTERNATE: a wing aboard goes down apart from its carrier, as a
        placement of its own (:mod:`.wings_apart`)."""
        pair = aboard(game.state, action.squadron)
        assert pair is not None
        wing, carrier = pair
        place_apart(wing, Pose(action.x, action.y, action.heading))
        self.placed.append(action.squadron)
        self.turn = (self.order.index(player) + 1) % len(self.order)
        game.emit(Deployed(
            player=player, squadron=action.squadron,
            text=f"{player_name(player)} deploys {wing.name} apart from its carrier"
            f" {carrier.name}, at ({action.x:.1f}, {action.y:.1f})"))

    def keep_aboard(self, game: DWGame, player: int) -> None:
        """DW-DEPLOY-ALTERNATE: the player's wings still aboard stay there, to be launched
        in play; the player has placed all they will."""
        state = game.state
        wings = [aboard(state, sid) for sid in self.apart(state, player)]
        self.kept.append(player)
        self.turn = (self.order.index(player) + 1) % len(self.order)
        said = [f"{pair[0].name} aboard {pair[1].name}" for pair in wings if pair is not None]
        game.emit(KeptAboard(
            player=player, wings=tuple(pair[0].uid for pair in wings if pair is not None),
            text=f"{player_name(player)} keeps {one_of(said, 'and')}"))

    def choose_edge(self, game: DWGame, player: int, edge: int) -> None:
        """DW-DEPLOY-ALTERNATE: the roll's winner takes ``edge``, the opponent the
        opposite one; if that moves the fleets, they stand anew along their edges."""
        state = game.state
        if edge not in range(4):
            raise IllegalAction(f"there is no table edge {edge} (DW-ACTIONS)")
        edges = [0] * state.players
        edges[player] = edge
        edges[1 - player] = opposite(edge)
        self.edge_chosen = True
        if edges != [seat_edge(p, state.players) for p in range(state.players)]:
            state.edges = edges
            for side in range(state.players):
                stand_on_edge(state, game.data, side)
        game.emit(
            EdgeChosen(
                edges=tuple(edges),
                text=f"{player_name(player)} chooses the {EDGE_NAMES[edge]} edge;"
                f" {player_name(1 - player)} deploys along the {EDGE_NAMES[opposite(edge)]} edge",
            )
        )


def stand_on_edge(state: DWState, data: RulesData, player: int) -> None:
    """Stand the player's squadrons in line abreast along their edge, as the automatic
    deployment does (wings aboard carriers go with them)."""
    edge = edge_of(state, player)
    rows: list[tuple[list[int], ModelSpec]] = []
    for squadron in state.squadrons:
        models = [uid for uid in squadron.models
                  if state.models[uid].carried_by < 0 and squadron.player == player]
        if models:
            rows.append((models, data.models[state.models[models[0]].cls]))
    widths = [
        (len(models) - 1) * spacing(spec) + max(spec.width, spec.length / 4)
        for models, spec in rows
    ]
    centres = abreast_centres(widths, edge_span(edge, state.width, state.height) - 8.0)
    for (models, spec), centre in zip(rows, centres, strict=True):
        depth = 6.5 if spec.tiny or spec.flying else 2.0 + spec.length / 2.0
        poses = []
        for k in range(len(models)):
            slot = 4.0 + centre + (k - (len(models) - 1) / 2.0) * spacing(spec)
            x, y, heading = edge_point(edge, state.width, state.height, slot, depth)
            poses.append(Pose(round(x, 4), round(y, 4), heading))
        squad = [state.models[uid] for uid in models]
        if needs_footing(state, data, squad[0]):
            # on the pieces it may stand on, where there are any (DW-TABLE-SURFACE)
            x, y, heading = edge_point(edge, state.width, state.height, 4.0 + centre, depth)
            found = find_footing(state, data, squad, x, y, heading)
            if found is not None:
                poses = formation(spec, len(models), found[0], found[1], heading)
        for uid, pose in zip(models, poses, strict=True):
            state.models[uid].place(pose)
            for wing in state.models:
                if wing.carried_by == uid:
                    wing.place(pose)


def kept_aboard(decision: Decision) -> Decision | None:
    """A deployment ``decision`` as the commodore bot takes it: without the wings it may
    deploy apart (it keeps them aboard, to launch in play: engine default), so it deploys
    as it did before they were offered; None for any other decision."""
    space = next((s for s in decision.spaces if isinstance(s, DeploySpace)), None)
    if space is None or not space.apart:
        return None if space is None else decision
    if not space.left:
        return Decision(decision.player, decision.prompt, (Decline(),))
    options = tuple(o for o in decision.options
                    if isinstance(o, Deploy) and o.squadron in space.left)
    return Decision(decision.player, "deploy a squadron", options, (space.without_wings(),))


def keep_aboard_text(state: DWState, action: Action) -> str:
    """Keeping the wings aboard in words, in deployment ("" for another action)."""
    if not isinstance(action, Decline) or not any(isinstance(f, Deployment)
                                                  for f in state.stack):
        return ""
    return ("keep your wings aboard their carriers, to be launched in play"
            " (DW-DEPLOY-ALTERNATE)")
