"""Ship movement on the hex grid: forward hexes, 60-degree turns and a turn distance.

A move is a sequence of steps: ``"F"`` moves one hex forward (across the side the ship
faces), ``"L"`` and ``"R"`` turn one hex side anticlockwise or clockwise without moving.
A string such as ``"FFRF"`` is a valid sequence. The rules, as in Starfinder starship
combat (which Armada Combat refers to for turning and moving through other fleets):

* at most ``speed`` forward hexes; fewer (even none) is allowed, there is no minimum;
* each turn needs at least ``turn_distance`` forward hexes since the start of the move or
  since the previous turn; turns cost no movement;
* with turn distance 0 a ship may turn at most twice in one hex (twice per hex it enters,
  and twice before it leaves its start hex), so it never turns right round without moving;
* a ship may pass through hexes holding other ships but may not end its move in one. The
  caller says which hexes those are through two callbacks: ``blocked(hex)`` refuses entering
  a hex at all (the map edge, say), ``may_end_on(hex)`` refuses ending there (another ship).
  Both must treat the moving ship's own start hex as free.

Stunts (back off, flip and burn, slide ...) and movement costs such as gravity mines belong
to the ruleset; it builds them from these pieces.

>>> result = move_plan(HexPose(Hex(0, 0), 0), "FFRF", speed=4, turn_distance=2)
>>> result.end
HexPose(hex=Hex(q=1, r=-3), facing=1)
>>> try:
...     move_plan(HexPose(Hex(0, 0), 0), "FRF", speed=4, turn_distance=2)
... except IllegalHexMove as refusal:
...     print(refusal)
step 1 ('R'): a turn needs 2 forward hexes since the start of the move, the ship has moved 1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any, Final

from warbench.core.hexgrid.hexes import HASH_OFFSET, Hex, InvalidHexData, check_facing

#: With turn distance 0, the most turns a ship may make in one hex.
MAX_TURNS_PER_HEX: Final = 2

_TURN_STEPS: Final = {"L": -1, "R": 1}


class IllegalHexMove(ValueError):
    """A move that breaks the movement rules; the message names the step and the reason,
    and ``breaks`` which rule, for a ruleset to name its own: ``steps`` (malformed steps or
    limits), ``speed`` (too many forward hexes), ``turn`` (a turn too soon, or too many in
    one hex), ``enter`` (a hex the ship may not enter) or ``end`` (a hex it may not end on)."""

    def __init__(self, message: str, breaks: str = "steps") -> None:
        super().__init__(message)
        self.breaks = breaks


@dataclass(frozen=True, slots=True, init=False)
class HexPose:
    """Where a ship is and which hex side it faces (0 north, clockwise)."""

    hex: Hex
    facing: int

    def __init__(self, hex: Hex, facing: int) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted);
        # a frozen class's fields are set through object.__setattr__, as that one does
        if type(facing) is not int or not 0 <= facing < 6:  # check_facing's test, inline:
            check_facing(facing)  # poses are many, and it raises the error
        object.__setattr__(self, "hex", hex)
        object.__setattr__(self, "facing", facing)

    def __reduce__(self) -> tuple[type[HexPose], tuple[Hex, int]]:
        """Pickled as the call that makes it again (a compiled class's ``__new__`` runs its
        ``__init__``, so pickle's empty pose could not be made)."""
        return HexPose, (self.hex, self.facing)

    # Equality and hash written out so that they run compiled (as :class:`~.hexes.Hex`'s,
    # whose hash this one extends by the facing): every move search keys a dictionary by
    # poses.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HexPose) or other.__class__ is not self.__class__:
            return NotImplemented
        return self.facing == other.facing and self.hex == other.hex

    def __hash__(self) -> int:
        here = self.hex
        return ((here.q + HASH_OFFSET) << 16 | (here.r + HASH_OFFSET)) << 3 | self.facing

    def forward(self) -> HexPose:
        """The pose one hex ahead, same facing."""
        return HexPose(self.hex.neighbor(self.facing), self.facing)

    def turned(self, steps: int) -> HexPose:
        """The pose after turning ``steps`` hex sides in place, positive clockwise."""
        return HexPose(self.hex, (self.facing + steps) % 6)

    def to_plain(self) -> dict[str, Any]:
        """The JSON-ready form ``{"hex": [q, r], "facing": f}``."""
        return {"hex": self.hex.to_plain(), "facing": self.facing}

    @classmethod
    def from_plain(cls, plain: Any) -> HexPose:
        """The pose a ``{"hex": [q, r], "facing": f}`` dict describes.

        >>> HexPose.from_plain({"hex": [2, -1], "facing": 5})
        HexPose(hex=Hex(q=2, r=-1), facing=5)
        """
        if not isinstance(plain, dict) or set(plain) != {"hex", "facing"}:
            raise InvalidHexData(f'a pose is written {{"hex": [q, r], "facing": f}}, got {plain!r}')
        return cls(Hex.from_plain(plain["hex"]), plain["facing"])


@dataclass(frozen=True, slots=True, init=False)
class MoveResult:
    """A legal move: ``path[0]`` is the start pose, then one pose after each step."""

    path: tuple[HexPose, ...]
    hexes_moved: int
    turns: int

    def __init__(self, path: tuple[HexPose, ...], hexes_moved: int, turns: int) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "hexes_moved", hexes_moved)
        object.__setattr__(self, "turns", turns)

    def __reduce__(self) -> tuple[type[MoveResult], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return MoveResult, (self.path, self.hexes_moved, self.turns)

    @property
    def end(self) -> HexPose:
        """Where the ship ends."""
        return self.path[-1]

    def hexes_entered(self) -> tuple[Hex, ...]:
        """Each hex the ship moved into, in order (the last is where it ends).

        The ruleset reads this to find ships passed through (Starfinder gives each such
        enemy a free shot).
        """
        return tuple(after.hex for before, after in pairwise(self.path) if after.hex != before.hex)


def _check_limits(speed: int, turn_distance: int) -> None:
    if speed < 0:
        raise IllegalHexMove(f"speed must not be negative, got {speed}")
    if turn_distance < 0:
        raise IllegalHexMove(f"turn distance must not be negative, got {turn_distance}")


def move_plan(
    start: HexPose,
    steps: Sequence[str],
    speed: int,
    turn_distance: int,
    *,
    blocked: Callable[[Hex], bool] | None = None,
    may_end_on: Callable[[Hex], bool] | None = None,
) -> MoveResult:
    """Check the move ``steps`` from ``start`` and return its path, or raise
    :class:`IllegalHexMove` naming the first step that breaks a rule.

    >>> move_plan(HexPose(Hex(0, 0), 0), "FRFF", speed=3, turn_distance=1).hexes_entered()
    (Hex(q=0, r=-1), Hex(q=1, r=-2), Hex(q=2, r=-3))
    """
    _check_limits(speed, turn_distance)
    pose = start
    path = [start]
    moved = since_turn = turns = turns_here = 0
    for index, step in enumerate(steps):
        if step == "F":
            if moved == speed:
                raise IllegalHexMove(
                    f"step {index} ('F'): the ship has already moved its speed of {speed} hexes",
                    "speed",
                )
            pose = pose.forward()
            if blocked is not None and blocked(pose.hex):
                raise IllegalHexMove(
                    f"step {index} ('F'): the ship may not enter {pose.hex!r}", "enter"
                )
            moved += 1
            since_turn += 1
            turns_here = 0
        elif step in _TURN_STEPS:
            if since_turn < turn_distance:
                since = "the previous turn" if turns else "the start of the move"
                raise IllegalHexMove(
                    f"step {index} ({step!r}): a turn needs {turn_distance} forward hexes since"
                    f" {since}, the ship has moved {since_turn}",
                    "turn",
                )
            if turns_here == MAX_TURNS_PER_HEX:
                raise IllegalHexMove(
                    f"step {index} ({step!r}): at most {MAX_TURNS_PER_HEX} turns in one hex",
                    "turn",
                )
            pose = pose.turned(_TURN_STEPS[step])
            since_turn = 0
            turns += 1
            turns_here += 1
        else:
            raise IllegalHexMove(f"step {index}: unknown step {step!r}, expected 'F', 'L' or 'R'")
        path.append(pose)
    if may_end_on is not None and not may_end_on(pose.hex):
        raise IllegalHexMove(
            f"step {len(steps) - 1}: the move ends on {pose.hex!r}, where the ship may not end",
            "end",
        )
    return MoveResult(tuple(path), moved, turns)


#: A search state: hex, facing, forward hexes since the last turn (capped at the turn
#: distance, as more make no difference), turns made in the current hex.
_State = tuple[Hex, int, int, int]


def reachable(
    start: HexPose,
    speed: int,
    turn_distance: int,
    *,
    blocked: Callable[[Hex], bool] | None = None,
    may_end_on: Callable[[Hex], bool] | None = None,
) -> dict[HexPose, str]:
    """Every pose a legal move can end in, each with the steps of one move that gets there.

    That move uses the fewest forward hexes; ``move_plan(start, steps, ...)`` accepts it. The
    search goes breadth-first by hexes moved, so of two ways to the same state the one with
    fewer hexes moved, which leaves the most speed, is kept. The order of the dict is
    deterministic (by hexes moved, then by search order), which seeded bots rely on.

    Without ``blocked`` the search does not depend on where the ship starts, so it is done
    once per speed, turn distance and facing (:func:`_reach_table`) and only shifted to the
    start hex here; with ``blocked`` it is done afresh.

    >>> sorted(pose.facing for pose in reachable(HexPose(Hex(0, 0), 0), 1, 1))
    [0, 0, 1, 5]
    """
    _check_limits(speed, turn_distance)
    if blocked is not None:
        found = _search(start, speed, turn_distance, blocked)
        if may_end_on is None:
            return found
        return {pose: steps for pose, steps in found.items() if may_end_on(pose.hex)}
    hexes, rows = _reach_from(start.hex.q, start.hex.r, start.facing, speed, turn_distance)
    if may_end_on is None:
        return {pose: steps for pose, steps, _ in rows}
    allowed = [may_end_on(hex_) for hex_ in hexes]  # once per hex, not per pose
    return {pose: steps for pose, steps, index in rows if allowed[index]}


def reachable_steps(
    start: HexPose,
    speed: int,
    turn_distance: int,
    *,
    may_end_on: Callable[[Hex], bool] | None = None,
) -> list[str]:
    """The steps of :func:`reachable`'s moves (without ``blocked``), in its order, without
    building the end poses: what a caller picking one move at random needs.

    >>> reachable_steps(HexPose(Hex(0, 0), 0), 1, 1)
    ['', 'F', 'FL', 'FR']
    """
    _check_limits(speed, turn_distance)
    rows = _reach_table(speed, turn_distance, start.facing)
    if may_end_on is None:
        return [steps for _, _, _, steps in rows]
    offsets, at = _table_hexes(speed, turn_distance, start.facing)
    q, r = start.hex.q, start.hex.r
    allowed = [may_end_on(Hex(q + dq, r + dr)) for dq, dr in offsets]  # once per hex
    return [row[3] for row, index in zip(rows, at, strict=True) if allowed[index]]


#: One end of a move from the origin hex: (q, r, facing, steps).
_TableRow = tuple[int, int, int, str]


@lru_cache(maxsize=64)
def _reach_from(
    q: int, r: int, facing: int, speed: int, turn_distance: int
) -> tuple[tuple[Hex, ...], tuple[tuple[HexPose, str, int], ...]]:
    """:func:`_reach_table` shifted to start hex ``(q, r)``: the hexes reached (each once)
    and the poses themselves, each with the index of its hex, kept for the next call from
    the same pose (a fleet is weighed again at each decision until it moves)."""
    offsets, at = _table_hexes(speed, turn_distance, facing)
    hexes = tuple(Hex(q + dq, r + dr) for dq, dr in offsets)
    rows = _reach_table(speed, turn_distance, facing)
    return hexes, tuple(
        (HexPose(hexes[index], row[2]), row[3], index)
        for row, index in zip(rows, at, strict=True)
    )


@lru_cache(maxsize=256)
def _table_hexes(
    speed: int, turn_distance: int, facing: int
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The hexes :func:`_reach_table` ends on, each once in order of first sight, and for
    each of its rows the index of its hex among them."""
    index: dict[tuple[int, int], int] = {}
    at = [index.setdefault((dq, dr), len(index)) for dq, dr, _, _ in _reach_table(
        speed, turn_distance, facing
    )]
    return tuple(index), tuple(at)


@lru_cache(maxsize=256)
def _reach_table(speed: int, turn_distance: int, facing: int) -> tuple[_TableRow, ...]:
    """Every end of a move from the origin hex with ``facing``, in :func:`reachable`'s order.

    A pose is listed once, with the steps of the first search state that reaches it; which
    ends a caller's ``may_end_on`` refuses depends on the hex alone, so filtering the table
    keeps the order and the steps the search would have given. The search from facing 0 is
    turned for the other facings: turning the start turns every state of the search alike,
    in the same order.
    """
    if facing:
        origin = Hex(0, 0)
        return tuple(
            (*_turned(origin, dq, dr, facing), (end_facing + facing) % 6, steps)
            for dq, dr, end_facing, steps in _reach_table(speed, turn_distance, 0)
        )
    found = _search(HexPose(Hex(0, 0), facing), speed, turn_distance, None)
    return tuple((pose.hex.q, pose.hex.r, pose.facing, steps) for pose, steps in found.items())


def _turned(origin: Hex, dq: int, dr: int, steps: int) -> tuple[int, int]:
    turned = Hex(dq, dr).rotated(origin, steps)
    return turned.q, turned.r


def _search(
    start: HexPose, speed: int, turn_distance: int, blocked: Callable[[Hex], bool] | None
) -> dict[HexPose, str]:
    """The breadth-first search of :func:`reachable`: every end pose, no end refused."""
    first: _State = (start.hex, start.facing, 0, 0)
    steps_to: dict[_State, str] = {first: ""}
    layer = [first]
    for moved in range(speed + 1):
        frontier = list(layer)
        while frontier:  # turns cost nothing: close this layer under turning
            turned_states: list[_State] = []
            for state in frontier:
                hex_, facing, since_turn, turns_here = state
                if since_turn < turn_distance or turns_here == MAX_TURNS_PER_HEX:
                    continue
                for step, change in _TURN_STEPS.items():
                    after = (hex_, (facing + change) % 6, 0, turns_here + 1)
                    if after not in steps_to:
                        steps_to[after] = steps_to[state] + step
                        turned_states.append(after)
            layer.extend(turned_states)
            frontier = turned_states
        if moved == speed:
            break
        next_layer: list[_State] = []
        for state in layer:
            hex_, facing, since_turn, _ = state
            ahead = hex_.neighbor(facing)
            if blocked is not None and blocked(ahead):
                continue
            after = (ahead, facing, min(since_turn + 1, turn_distance), 0)
            if after not in steps_to:
                steps_to[after] = steps_to[state] + "F"
                next_layer.append(after)
        layer = next_layer
    ends: dict[HexPose, str] = {}
    for (hex_, facing, _, _), steps in steps_to.items():
        pose = HexPose(hex_, facing)
        if pose not in ends:
            ends[pose] = steps
    return ends
