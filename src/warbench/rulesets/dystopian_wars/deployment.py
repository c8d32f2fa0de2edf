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
carrier go down with it; free wings anywhere in the zone. Until it is placed, a squadron
stands where the automatic deployment put it (along the chosen edge, when the winner changed
edges), and placing it there is allowed unless it would stand on another squadron.
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
from warbench.core.words import player_name, possessive
from warbench.rulesets.dystopian_wars.actions import ChooseEdge, Deploy
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


def in_zone(state: DWState, player: int, x: float, y: float) -> bool:
    """Whether a centre lies in the player's deployment zone."""
    edge = edge_of(state, player)
    if not (0.0 <= x <= state.width and 0.0 <= y <= state.height):
        return False
    if edge == 0:
        return y <= ZONE
    if edge == 1:
        return y >= state.height - ZONE
    if edge == 2:
        return x <= ZONE
    return x >= state.width - ZONE


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
    terrain it may not enter or on another model at its level."""
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
    for other in state.models:
        if other.uid in own or not other.alive or other.carried_by >= 0:
            continue
        other_spec = data.models[other.cls]
        if other.level != model.level or other_spec.tiny or spec.tiny:
            continue
        if overlaps(body, body_of(other, other_spec)):
            return f"{model.name} would stand on {other.name} (DW-DEPLOY-ALTERNATE)"
    return None


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
    """Anywhere in the zone for one of the player's squadrons still to deploy."""

    action_type = Deploy

    def __init__(self, state: DWState, data: RulesData, player: int, left: list[int]) -> None:
        self._state = state
        self._data = data
        self.player = player
        self.left = left
        self.description = "place a squadron: its lead model's centre (x, y) and heading"
        self._footings: dict[int, list[tuple[float, float]]] = {}

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, Deploy):
            return f"expected {self.action_type.TAG!r}, got {action!r} (DW-ACTIONS)"
        if action.squadron not in self.left:
            return f"squadron {action.squadron} is not waiting to deploy (DW-DEPLOY-ALTERNATE)"
        return deploy_refusal(self._state, self._data, action, self.player)

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
        state = self._state
        edge = edge_of(state, self.player)
        heading = (0.0, 180.0, 90.0, 270.0)[edge]
        for _ in range(count * 4):
            sid = self.left[rng.choice_index(len(self.left))]
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
                    continue
                x, y = spots[rng.choice_index(len(spots))]
            action = Deploy(sid, round(x, 2), round(y, 2), heading)
            if self.validate(action) is None:
                found.append(action)
                if len(found) >= count:
                    break
        return found


@dataclass(slots=True)
class Deployment(Procedure[DWState, RulesData]):
    """Roll 2D6 for who deploys first, then place squadrons alternately."""

    order: list[int] = field(default_factory=list)
    turn: int = 0
    placed: list[int] = field(default_factory=list)
    edge_chosen: bool = False

    def waiting(self, state: DWState, player: int) -> list[int]:
        """The player's squadrons still to place (wings aboard carriers go with them)."""
        return [
            s.sid for s in state.squadrons
            if s.player == player and s.sid not in self.placed
            and any(state.models[uid].carried_by < 0 for uid in s.models)
        ]

    def current(self, state: DWState) -> int | None:
        """The player placing next."""
        for offset in range(len(self.order)):
            player = self.order[(self.turn + offset) % len(self.order)]
            if self.waiting(state, player):
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
        options = []
        for sid in left:
            models = [
                state.models[uid] for uid in state.squadrons[sid].models
                if state.models[uid].carried_by < 0
            ]
            x = sum(m.x for m in models) / len(models)
            y = sum(m.y for m in models) / len(models)
            option = Deploy(sid, round(x, 4), round(y, 4), models[0].heading)
            if deploy_refusal(state, data, option, player) is None:
                options.append(option)
        return [
            Decision(player, "deploy a squadron", tuple(options),
                     (DeploySpace(state, data, player, left),))
        ]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        state, data = game.state, game.data
        if isinstance(action, ChooseEdge) and not self.edge_chosen:
            self.choose_edge(game, player, action.edge)
            return
        if not isinstance(action, Deploy):
            raise IllegalAction(f"deployment: {action!r} deploys nothing (DW-ACTIONS)")
        squadron = state.squadrons[action.squadron]
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
