"""The state of a Dystopian Wars game: models, squadrons, mines, terrain, cards, markers.

Everything is plain data (slotted dataclasses of ints, floats, strings, lists and dicts),
so a game can be copied, saved and hashed at any moment, even in the middle of an
activation. A model keeps only what changes during play; its statistics are looked up in
the catalog by its class id (:attr:`Model.cls`).

Levels: ``surface`` (ships, land models, surfaced divers), ``submerged`` (a diving model
under the water or the ground), ``flying`` and ``obscured`` (a flyer up in the clouds).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from warbench.core.engine import EngineError, Game
from warbench.core.geometry import Body, CircleBase, Point, Pose, RectBase
from warbench.core.plain import Hidden
from warbench.core.procedures import GameState, Procedure
from warbench.rulesets.dystopian_wars.data import ModelSpec, RulesData

LEVELS = ("surface", "submerged", "flying", "obscured")

#: Markers that come from starred critical results and may be repaired.
REPAIRABLE = (
    "raging-fire", "shredded-defences", "rudder-jammed", "half-mv", "half-ad",
    "chaos-and-disarray", "generator-offline",
)


@dataclass(slots=True)
class Model:
    """One model (or one wing of tiny flyer tokens) on the table."""

    uid: int
    player: int
    squadron: int
    cls: str
    name: str
    x: float
    y: float
    heading: float
    level: str = "surface"
    damage: int = 0
    ap: int = 0
    helm: str = "ahead"
    markers: dict[str, int] = field(default_factory=dict)
    broken: bool = False
    broken_at: int = -1
    alive: bool = True
    fate: str = ""
    derelict: bool = False
    prize_of: int = -1
    prize_ap: int = 0
    captured_by: int = -1
    contact: list[int] = field(default_factory=list)
    grounded: bool = False
    tokens: int = 0
    fuel: int = 0
    armed: bool = True
    carried_by: int = -1
    cap_with: int = -1
    ready_turn: int = 0
    left_patrol: int = -1
    fired_at: list[int] = field(default_factory=list)

    def pose(self) -> Pose:
        """Where the model stands and faces."""
        return Pose(self.x, self.y, self.heading)

    def point(self) -> Point:
        """The model's centre."""
        return Point(self.x, self.y)

    def place(self, pose: Pose) -> None:
        """Move the model to ``pose``."""
        self.x, self.y, self.heading = pose.x, pose.y, pose.heading

    def marker(self, name: str) -> int:
        """How many ``name`` markers the model carries."""
        return self.markers.get(name, 0)

    def add_marker(self, name: str, count: int = 1) -> None:
        """Place ``count`` ``name`` markers."""
        self.markers[name] = self.markers.get(name, 0) + count

    def remove_marker(self, name: str, count: int = 1) -> None:
        """Take ``count`` ``name`` markers away (never below none)."""
        left = self.markers.get(name, 0) - count
        if left > 0:
            self.markers[name] = left
        else:
            self.markers.pop(name, None)

    @property
    def active(self) -> bool:
        """On the table and under its own fleet's command (not derelict)."""
        return self.alive and not self.derelict

    def __reduce__(self) -> tuple[type[Model], tuple[Any, ...]]:
        # Pickling (every transactional action snapshots the state) as one call with the
        # fields in order: several times cheaper than the default per-slot dictionary.
        return (
            Model,
            (
                self.uid, self.player, self.squadron, self.cls, self.name, self.x, self.y,
                self.heading, self.level, self.damage, self.ap, self.helm, self.markers,
                self.broken, self.broken_at, self.alive, self.fate, self.derelict,
                self.prize_of, self.prize_ap, self.captured_by, self.contact, self.grounded,
                self.tokens, self.fuel, self.armed, self.carried_by, self.cap_with,
                self.ready_turn, self.left_patrol, self.fired_at,
            ),
        )


@dataclass(slots=True)
class Squadron:
    """Models activated together; a wing of tiny flyers is a squadron of one wing model."""

    sid: int
    player: int
    name: str
    models: list[int]
    activated: bool = False
    core: bool = True

    def __reduce__(self) -> tuple[type[Squadron], tuple[Any, ...]]:
        # One call with the fields in order, as for :class:`Model`.
        return (
            Squadron, (self.sid, self.player, self.name, self.models, self.activated, self.core)
        )


@dataclass(slots=True)
class Locked:
    """A boarding that carries on: ``player``'s boarding parties (model, assault points
    aboard) locked in ``target``, fighting another round at their next boarding step."""

    target: int
    player: int
    parties: list[tuple[int, int]] = field(default_factory=list)


@dataclass(slots=True)
class Mine:
    """A mine on the table: its centre, attack dice, who dropped it and when."""

    mid: int
    player: int
    x: float
    y: float
    ad: int
    dropped_by: int
    armed: bool = False

    def point(self) -> Point:
        """The mine's centre."""
        return Point(self.x, self.y)


@dataclass(slots=True)
class Piece:
    """A terrain piece: outline, kind and density (light, medium, dense)."""

    name: str
    kind: str
    density: str
    points: list[tuple[float, float]]
    blocks_sight: bool = True
    full_depth: bool = True

    def __reduce__(self) -> tuple[type[Piece], tuple[Any, ...]]:
        # One call with the fields in order, as for :class:`Model`.
        return (
            Piece,
            (self.name, self.kind, self.density, self.points, self.blocks_sight,
             self.full_depth),
        )


@dataclass(slots=True)
class CardPlay:
    """A STAR card in force: which card, who played it, on what, until when."""

    card: str
    player: int
    squadron: int = -1
    model: int = -1
    until: str = "turn"
    event: int = -1


@dataclass(slots=True)
class DWState(GameState):
    """The whole game."""

    width: float = 72.0
    height: float = 48.0
    terrain: list[Piece] = field(default_factory=list)
    models: list[Model] = field(default_factory=list)
    squadrons: list[Squadron] = field(default_factory=list)
    mines: list[Mine] = field(default_factory=list)
    boardings: list[Locked] = field(default_factory=list)
    turn: int = 0
    phase_no: int = 0
    max_turns: int = 6
    initiative: list[int] = field(default_factory=list)
    commodore: list[int] = field(default_factory=list)
    commodore_lost: list[bool] = field(default_factory=list)
    commodore_tested: list[bool] = field(default_factory=list)
    reroll_used: list[bool] = field(default_factory=list)
    orders: list[int] = field(default_factory=list)
    deployed: list[int] = field(default_factory=list)
    conceded: list[bool] = field(default_factory=list)
    fallen: list[int] = field(default_factory=list)
    commodore_fell: list[int] = field(default_factory=list)
    cards_on: bool = True
    hands: list[Hidden[list[str]]] = field(default_factory=list)
    decks: list[Hidden[list[str]]] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)
    trashed: list[list[str]] = field(default_factory=list)
    in_play: list[CardPlay] = field(default_factory=list)
    next_mine: int = 0
    deck_ops: dict[str, int] = field(default_factory=dict)
    allow_concession: bool = False
    deployment: str = "auto"

    def squadron_models(self, sid: int) -> list[Model]:
        """The squadron's models still in play (alive and not derelict)."""
        models = self.models
        return [models[uid] for uid in self.squadrons[sid].models if models[uid].active]

    def fleet(self, player: int) -> list[Model]:
        """The player's models still in play."""
        return [model for model in self.models if model.player == player and model.active]

    def opponents(self, player: int) -> list[int]:
        """Every other player (all players are enemies of each other)."""
        return [other for other in range(self.players) if other != player]


def body_of(model: Model, spec: ModelSpec) -> Body:
    """The model's base on the table: a rectangle (a circle for tiny flyer wings).

    Bodies are frozen, so one built for a base size at a pose serves every later call for
    the same size and pose (kept in :data:`_BODIES`, keyed by exactly what the body is
    built from; nothing invalidates an entry, the memo only starts afresh when full)."""
    tiny = spec.tiny
    key = (tiny, spec.width, spec.length, model.x, model.y, model.heading)
    found = _BODIES.get(key)
    if found is None:
        if len(_BODIES) >= BODY_MEMO_LIMIT:
            _BODIES.clear()
        base = CircleBase(spec.width / 2.0) if tiny else RectBase(spec.width, spec.length)
        found = _BODIES[key] = Body(model.pose(), base)
    return found


def ranked_body_of(model: Model, spec: ModelSpec) -> Body:
    """:func:`body_of` ranked by the model's size class, as sight compares bases (a base
    hides models of its own size or smaller); kept as :func:`body_of` keeps its bodies."""
    key = (spec.tiny, spec.width, spec.length, spec.rank, model.x, model.y, model.heading)
    found = _RANKED.get(key)
    if found is None:
        if len(_RANKED) >= BODY_MEMO_LIMIT:
            _RANKED.clear()
        found = _RANKED[key] = Body(model.pose(), body_of(model, spec).base, spec.rank)
    return found


#: How many bodies :func:`body_of` and :func:`ranked_body_of` keep before starting afresh.
BODY_MEMO_LIMIT = 1 << 14
_BODIES: dict[tuple[bool, float, float, float, float, float], Body] = {}
_RANKED: dict[tuple[bool, float, float, int, float, float, float], Body] = {}


#: A game of Dystopian Wars: its state and rules data reach procedures typed.
DWGame = Game[DWState, RulesData]

F = TypeVar("F", bound=Procedure[Any, Any])


def frame_below(game: DWGame, kind: type[F], depth: int = 2) -> F:
    """The frame ``depth`` from the top of the stack (1: the top), which must be a ``kind``
    (an answer frame reaches the attack or boarding it answers)."""
    frame = game.state.stack[-depth]
    if not isinstance(frame, kind):
        raise EngineError(f"{kind.__name__} expected {depth} deep on the stack, found {frame!r}")
    return frame
