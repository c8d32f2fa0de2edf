"""The pieces of a Dystopian Wars state: models, squadrons, terrain, mines, locked boardings
and cards in force, in a module of their own so that it can be compiled
(``warbench.compiled``): the compiled rules, geometry and bots read their fields natively,
where a field of an interpreted class costs compiled code a generic look-up (the state
itself, a ``GameState``, stays interpreted). Plain slotted dataclasses either way, so the
state copies, pickles, hashes and serialises alike, compiled or pure.

Each class writes its ``__init__`` out (the dataclasses module's own runs interpreted) and
pickles as the call that makes it again (a compiled class's ``__new__`` runs its
``__init__``, so pickle's default, an empty object and then its fields, cannot make one).
:mod:`~.state` re-exports every name, where the rest of the ruleset imports them from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from warbench.core.geometry import Body, CircleBase, Point, Pose, RectBase
from warbench.rulesets.dystopian_wars.data import ModelSpec

#: Markers that come from starred critical results and may be repaired.
REPAIRABLE: Final = (
    "raging-fire", "shredded-defences", "rudder-jammed", "half-mv", "half-ad",
    "chaos-and-disarray", "generator-offline",
)


@dataclass(slots=True, init=False)
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
    #: Models it rammed, or collided with, in the activation under way (DW-CONTACT-BOARD:
    #: it may not board them, and boards others with half its melee dice; DW-CONTACT-HALF:
    #: one of its size or one smaller halves its fire).
    struck: list[int] = field(default_factory=list)
    #: Repairable markers gained since the model's squadron last began an activation: not
    #: repairable until its next one (DW-REPAIR: repairs come in the following activation).
    fresh: dict[str, int] = field(default_factory=dict)

    def __init__(self, uid: int, player: int, squadron: int, cls: str, name: str,
                 x: float, y: float, heading: float, level: str = "surface",
                 damage: int = 0, ap: int = 0, helm: str = "ahead",
                 markers: dict[str, int] | None = None, broken: bool = False,
                 broken_at: int = -1, alive: bool = True, fate: str = "",
                 derelict: bool = False, prize_of: int = -1, prize_ap: int = 0,
                 captured_by: int = -1, contact: list[int] | None = None,
                 grounded: bool = False, tokens: int = 0, fuel: int = 0, armed: bool = True,
                 carried_by: int = -1, cap_with: int = -1, ready_turn: int = 0,
                 left_patrol: int = -1, fired_at: list[int] | None = None,
                 struck: list[int] | None = None,
                 fresh: dict[str, int] | None = None) -> None:
        """Every field as the dataclass would take it (a dict or list left out starts
        empty)."""
        self.uid = uid
        self.player = player
        self.squadron = squadron
        self.cls = cls
        self.name = name
        self.x = x
        self.y = y
        self.heading = heading
        self.level = level
        self.damage = damage
        self.ap = ap
        self.helm = helm
        self.markers = {} if markers is None else markers
        self.broken = broken
        self.broken_at = broken_at
        self.alive = alive
        self.fate = fate
        self.derelict = derelict
        self.prize_of = prize_of
        self.prize_ap = prize_ap
        self.captured_by = captured_by
        self.contact = [] if contact is None else contact
        self.grounded = grounded
        self.tokens = tokens
        self.fuel = fuel
        self.armed = armed
        self.carried_by = carried_by
        self.cap_with = cap_with
        self.ready_turn = ready_turn
        self.left_patrol = left_patrol
        self.fired_at = [] if fired_at is None else fired_at
        self.struck = [] if struck is None else struck
        self.fresh = {} if fresh is None else fresh

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
        """Place ``count`` ``name`` markers (a repairable one is :attr:`fresh` until the
        model's squadron next begins an activation)."""
        self.markers[name] = self.markers.get(name, 0) + count
        if name in REPAIRABLE:
            self.fresh[name] = self.fresh.get(name, 0) + count

    def remove_marker(self, name: str, count: int = 1) -> None:
        """Take ``count`` ``name`` markers away (never below none; never fewer left than
        are fresh)."""
        left = self.markers.get(name, 0) - count
        if left > 0:
            self.markers[name] = left
        else:
            self.markers.pop(name, None)
        if self.fresh.get(name, 0) > max(left, 0):
            if left > 0:
                self.fresh[name] = left
            else:
                self.fresh.pop(name, None)

    def settled(self, name: str) -> int:
        """How many ``name`` markers the model carried before its squadron's activation
        now under way began (those it may repair at its step 8, DW-REPAIR).

        >>> ship = Model(0, 0, 0, "x", "Ship", 0.0, 0.0, 0.0, markers={"half-mv": 1})
        >>> ship.add_marker("half-mv"); ship.add_marker("raging-fire")
        >>> ship.marker("half-mv"), ship.settled("half-mv"), ship.settled("raging-fire")
        (2, 1, 0)
        """
        return max(self.markers.get(name, 0) - self.fresh.get(name, 0), 0)

    @property
    def active(self) -> bool:
        """On the table and under its own fleet's command (not derelict)."""
        return self.alive and not self.derelict

    def __reduce__(self) -> tuple[Callable[..., Model], tuple[object, ...]]:
        # Pickling (a transactional action snapshots the state) as one call with the fields
        # in order: several times cheaper than the default per-slot dictionary.
        return (
            Model,
            (
                self.uid, self.player, self.squadron, self.cls, self.name, self.x, self.y,
                self.heading, self.level, self.damage, self.ap, self.helm, self.markers,
                self.broken, self.broken_at, self.alive, self.fate, self.derelict,
                self.prize_of, self.prize_ap, self.captured_by, self.contact, self.grounded,
                self.tokens, self.fuel, self.armed, self.carried_by, self.cap_with,
                self.ready_turn, self.left_patrol, self.fired_at, self.struck, self.fresh,
            ),
        )


@dataclass(slots=True, init=False)
class Squadron:
    """Models activated together; a wing of tiny flyers is a squadron of one wing model."""

    sid: int
    player: int
    name: str
    models: list[int]
    activated: bool = False
    core: bool = True

    def __init__(self, sid: int, player: int, name: str, models: list[int],
                 activated: bool = False, core: bool = True) -> None:
        self.sid = sid
        self.player = player
        self.name = name
        self.models = models
        self.activated = activated
        self.core = core

    def __reduce__(self) -> tuple[Callable[..., Squadron], tuple[object, ...]]:
        return (
            Squadron, (self.sid, self.player, self.name, self.models, self.activated, self.core)
        )


@dataclass(slots=True, init=False)
class Locked:
    """A boarding that carries on: ``player``'s boarding parties (model, assault points
    aboard) locked in ``target``, fighting another round at their next boarding step."""

    target: int
    player: int
    parties: list[tuple[int, int]] = field(default_factory=list)

    def __init__(self, target: int, player: int,
                 parties: list[tuple[int, int]] | None = None) -> None:
        self.target = target
        self.player = player
        self.parties = [] if parties is None else parties

    def __reduce__(self) -> tuple[Callable[..., Locked], tuple[object, ...]]:
        return Locked, (self.target, self.player, self.parties)


@dataclass(slots=True, init=False)
class Mine:
    """A mine on the table: its centre, attack dice, who dropped it and when."""

    mid: int
    player: int
    x: float
    y: float
    ad: int
    dropped_by: int
    armed: bool = False

    def __init__(self, mid: int, player: int, x: float, y: float, ad: int, dropped_by: int,
                 armed: bool = False) -> None:
        self.mid = mid
        self.player = player
        self.x = x
        self.y = y
        self.ad = ad
        self.dropped_by = dropped_by
        self.armed = armed

    def point(self) -> Point:
        """The mine's centre."""
        return Point(self.x, self.y)

    def __reduce__(self) -> tuple[Callable[..., Mine], tuple[object, ...]]:
        return Mine, (self.mid, self.player, self.x, self.y, self.ad, self.dropped_by,
                      self.armed)


@dataclass(slots=True, init=False)
class Piece:
    """A terrain piece: outline, kind and density (light, medium, dense)."""

    name: str
    kind: str
    density: str
    points: list[tuple[float, float]]
    blocks_sight: bool = True
    #: Whether the piece reaches the sea bed: read by no rule since 0.11, when naval
    #: torpedoes came to stop at every piece but water as the seed says
    #: (DW-ROCKETS-TORPEDOES); kept so that set-ups naming it still load.
    full_depth: bool = True

    def __init__(self, name: str, kind: str, density: str, points: list[tuple[float, float]],
                 blocks_sight: bool = True, full_depth: bool = True) -> None:
        self.name = name
        self.kind = kind
        self.density = density
        self.points = points
        self.blocks_sight = blocks_sight
        self.full_depth = full_depth

    def __reduce__(self) -> tuple[Callable[..., Piece], tuple[object, ...]]:
        return (
            Piece,
            (self.name, self.kind, self.density, self.points, self.blocks_sight,
             self.full_depth),
        )


@dataclass(slots=True, init=False)
class CardPlay:
    """A STAR card in force: which card, who played it, on what, until when; an S card
    also names the models it reaches (``reach``: the commanded part it was played on)."""

    card: str
    player: int
    squadron: int = -1
    model: int = -1
    until: str = "turn"
    event: int = -1
    reach: list[int] = field(default_factory=list)

    def __init__(self, card: str, player: int, squadron: int = -1, model: int = -1,
                 until: str = "turn", event: int = -1, reach: list[int] | None = None) -> None:
        self.card = card
        self.player = player
        self.squadron = squadron
        self.model = model
        self.until = until
        self.event = event
        self.reach = [] if reach is None else reach

    def __reduce__(self) -> tuple[Callable[..., CardPlay], tuple[object, ...]]:
        return CardPlay, (self.card, self.player, self.squadron, self.model, self.until,
                          self.event, self.reach)


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
BODY_MEMO_LIMIT: Final = 1 << 14
_BODIES: dict[tuple[bool, float, float, float, float, float], Body] = {}
_RANKED: dict[tuple[bool, float, float, int, float, float, float], Body] = {}
