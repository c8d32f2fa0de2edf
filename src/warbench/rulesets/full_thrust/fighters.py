"""Phase 3: fighter launches, landings, re-arming and fighter group movement.

Launching: a carrier's written orders (phase 1) may launch any number of its ready groups;
they leave their bays at the start of phase 3 and move before the other groups. Landing: a group
within its move of a friendly carrier with a free working bay may land; a carrier takes at
most half its hangar bays (rounded up) of groups a turn, and may launch and recover in the
same turn. A landed group rolls to re-arm: 1 flies no more this game, 2-5 may launch after
one full turn, 6 may launch next turn. Depleted groups of one type in one carrier may merge;
the merged group is ready when the later of the two is.

Movement: players alternate moving one group at a time, the initiative loser first; groups
launched this turn move first, and groups screening a ship are not moved (they may stay on
or be released).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.core.preview import action_words
from warbench.core.rng import RandomStream
from warbench.core.words import possessive
from warbench.rulesets.full_thrust.actions import (
    JumpOut,
    KeepScreening,
    LandGroup,
    Launch,
    MergeGroups,
    MoveGroup,
    ScreenShip,
)
from warbench.rulesets.full_thrust.context import FTGame, FTProcedure
from warbench.rulesets.full_thrust.events import (
    GroupJumpedOut,
    GroupLanded,
    GroupLaunched,
    GroupMoved,
    GroupRearmed,
    GroupScreening,
    GroupsMerged,
    ScreenReleased,
)
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.movement import on_table
from warbench.rulesets.full_thrust.names import group_label, ship_label
from warbench.rulesets.full_thrust.state import (
    IN_HANGAR,
    IN_SPACE,
    JUMPED,
    LOST,
    MERGED,
    SCREENING,
    FighterGroup,
    FullThrustState,
    Ship,
)

#: Groups heading for a ship stop this far short of where it stood.
APPROACH_GAP = 3.0


def group_reach(state: FullThrustState, lib: Library, group: FighterGroup) -> float:
    """How far a group moves in phase 3 (heavy and torpedo fighters less, by option)."""
    kind = lib.fighters[group.kind]
    return float(kind.reduced_move if state.option("reduced_heavy_range") else kind.move)


def free_bays(game: FTGame, ship: Ship) -> list[int]:
    """The working hangar bays of ``ship`` holding no group."""
    state = game.state
    cls = game.data.designs[ship.design]
    taken = {
        group.bay
        for group in state.groups
        if group.carrier == ship.id and group.status == IN_HANGAR
    }
    return [
        index
        for index, system in enumerate(cls.systems)
        if system.kind == "hangar" and not ship.damage[index] and index not in taken
    ]


def can_recover(game: FTGame, ship: Ship) -> bool:
    """Whether ``ship`` may take one more group aboard this turn."""
    cls = game.data.designs[ship.design]
    return (
        ship.active
        and ship.recovered < math.ceil(cls.hangars / 2)
        and bool(free_bays(game, ship))
    )


def launchable(state: FullThrustState, group: FighterGroup) -> bool:
    """A group in a working bay of a carrier still in the battle, re-armed and ready."""
    if group.status != IN_HANGAR or group.count <= 0 or group.ready_turn > state.turn:
        return False
    carrier = state.ships[group.carrier]
    return carrier.active and not carrier.damage[group.bay]


def launch_options(game: FTGame, carrier: Ship, written: list[int]) -> list[Action]:
    """Launches (of groups not yet in ``written``) and merges ``carrier``'s orders may
    still hold."""
    state = game.state
    lib = game.data
    options: list[Action] = []
    hangared = [g for g in state.groups if g.carrier == carrier.id and g.status == IN_HANGAR]
    for group in hangared:
        if launchable(state, group) and group.id not in written:
            options.append(Launch(group.id))
    if not carrier.active:
        return options
    for group in hangared:
        size = lib.fighters[group.kind].size
        for other in hangared:
            if (
                other.id != group.id
                and group.id not in written
                and other.kind == group.kind
                and group.count + other.count <= size
                and group.count < size
                and other.count < size
            ):
                options.append(MergeGroups(group.id, other.id))
    return options


def launch_written(game: FTGame, written: list[int]) -> None:
    """Phase 3: the groups the written orders launch leave their bays, at the carrier."""
    state = game.state
    for group_id in written:
        group = state.groups[group_id]
        if not launchable(game.state, group):
            continue
        carrier = state.ships[group.carrier]
        group.status, group.launched, group.moved = IN_SPACE, True, False
        group.x, group.y = carrier.x, carrier.y
        game.emit(
            GroupLaunched(
                group=group.id,
                ship=carrier.id,
                text=f"{ship_label(state, carrier)} launches {group_label(state, group)}",
            )
        )


def rearm(game: FTGame, group: FighterGroup) -> None:
    """The re-arming roll of a group that has just landed."""
    state = game.state
    rules = game.data.rules.fighters
    named = group_label(state, group)  # the dice's label, their key, keeps the name
    purpose, told = f"re-arm {group.name}", f"re-arm {named}"
    face = game.dice_for(group.player).faces(6, 1, label=purpose, told=told)[0]
    # 0: grounded, 1: ready in the usual time, 2: ready early on a 6
    values = tuple(0 if f <= rules.lost_on else 2 if f == 6 else 1 for f in range(1, 7))
    game.emit(RollEffect(group.player, purpose, values[face - 1], 1, values=values, told=told))
    group.endurance = game.data.fighters[group.kind].endurance
    group.torpedoes_spent = False  # re-armed: torpedo fighters have their torpedoes again
    if face <= rules.lost_on:
        group.status = LOST
        text = "is grounded for the rest of the battle"
    elif face == 6:
        group.ready_turn = state.turn + rules.launch_on_six
        text = f"is ready again on turn {group.ready_turn}"
    else:
        group.ready_turn = state.turn + rules.relaunch_after
        text = f"will be ready on turn {group.ready_turn}"
    game.emit(
        GroupRearmed(
            group=group.id,
            face=face,
            ready=group.ready_turn,
            text=f"{named} re-arms (rolled {face}) and {text}",
        )
    )


class MoveSpace(ParamSpace):
    """Any point on the table within a group's move (``name``: the group's label)."""

    action_type = MoveGroup

    def __init__(
        self, group: FighterGroup, name: str, reach: float, width: float, height: float
    ) -> None:
        self.group, self.name = group.id, name
        self.x, self.y, self.reach = group.x, group.y, reach
        self.width, self.height = width, height
        self.description = f"{name} up to {reach:g} MU, ending on the table"

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, MoveGroup):
            return f"{action_words(action)} moves no fighter group (FT-ACTIONS)"
        if action.group != self.group:
            return (f"it is {possessive(self.name)} move (group {self.group}), not group "
                    f"{action.group}'s (FT-ACTIONS)")
        distance = math.hypot(action.x - self.x, action.y - self.y)
        if distance > self.reach + 1e-6:
            return (f"the move of {distance:.1f} MU is longer than {self.reach:g} MU (a group "
                    f"moves as far as its type lets it: FT-FTR-STANDARD, FT-FTR-FAST)")
        if not on_table(action.x, action.y, self.width, self.height):
            return f"({action.x:.1f}, {action.y:.1f}) is off the table (FT-ACTIONS)"
        return None

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        found: list[Action] = []
        for _ in range(count * 4):
            if len(found) == count:
                break
            angle = rng.random() * 2 * math.pi
            distance = self.reach * math.sqrt(rng.random())
            x = round(self.x + math.sin(angle) * distance, 3)
            y = round(self.y + math.cos(angle) * distance, 3)
            if on_table(x, y, self.width, self.height):
                found.append(MoveGroup(self.group, x, y))
        return found


def toward(
    x: float, y: float, tx: float, ty: float, reach: float, gap: float
) -> tuple[float, float]:
    """The point reached moving from ``(x, y)`` toward ``(tx, ty)``, at most ``reach`` and
    stopping ``gap`` short of it."""
    distance = math.hypot(tx - x, ty - y)
    travel = min(reach, max(distance - gap, 0.0))
    if distance == 0.0:
        return x, y
    return round(x + (tx - x) * travel / distance, 3), round(y + (ty - y) * travel / distance, 3)


def move_options(game: FTGame, group: FighterGroup) -> tuple[list[Action], MoveSpace | None]:
    """A group's named moves (hold, close on each enemy, screen, land, jump) and its space."""
    state = game.state
    if group.status == SCREENING:
        return [KeepScreening(group.id), KeepScreening(group.id, release=True)], None
    reach = group_reach(state, game.data, group)
    options: list[Action] = [MoveGroup(group.id, group.x, group.y)]
    for ship in state.ships:
        if not ship.active:
            continue
        distance = math.hypot(ship.x - group.x, ship.y - group.y)
        if ship.player != group.player:
            x, y = toward(group.x, group.y, ship.x, ship.y, reach, APPROACH_GAP)
            if on_table(x, y, state.width, state.height):
                options.append(MoveGroup(group.id, x, y))
        elif distance <= reach:
            options.append(ScreenShip(group.id, ship.id))
            if can_recover(game, ship):
                options.append(LandGroup(group.id, ship.id))
    if group.ftl:
        options.append(JumpOut(group.id))
    space = MoveSpace(group, group_label(state, group), reach, state.width, state.height)
    return list(dict.fromkeys(options)), space


def next_mover(state: FullThrustState, player: int) -> FighterGroup | None:
    """The next group ``player`` moves. While any player's group launched this turn has
    yet to move, only launched groups move (FT-SEQ-FIGHTER-MOVE: they all go before the
    groups already out, whoever owns them); then the rest, screening groups last."""
    unmoved = [
        g for g in state.groups
        if not g.moved and g.count > 0 and g.status in (IN_SPACE, SCREENING)
    ]
    if any(g.launched for g in unmoved):
        unmoved = [g for g in unmoved if g.launched]
    waiting = [g for g in unmoved if g.player == player]
    if not waiting:
        return None
    return min(waiting, key=lambda g: (g.status == SCREENING, g.id))


class FighterStage(StrEnum):
    """Where phase 3 stands: carriers launching, then groups moving."""

    LAUNCH = "launch"
    MOVE = "move"


@dataclass(slots=True)
class FighterPhase(FTProcedure):
    """Phase 3: the launches written in phase 1, then alternate group moves."""

    stage: FighterStage = FighterStage.LAUNCH
    turn_index: int = 0

    def decisions(self, game: FTGame) -> list[Decision]:
        state = game.state
        if self.stage is FighterStage.LAUNCH:
            return []
        player = state.loser_first[self.turn_index % len(state.loser_first)]
        group = next_mover(state, player)
        if group is None:
            return []
        options, space = move_options(game, group)
        return [
            Decision(player, f"move {group_label(state, group)}", tuple(options),
                     (space,) if space else ())
        ]

    def act(self, game: FTGame, player: int, action: Action) -> None:
        self._move(game, action)

    def _move(self, game: FTGame, action: Action) -> None:
        state = game.state
        if not isinstance(action, MoveGroup | ScreenShip | LandGroup | KeepScreening | JumpOut):
            raise IllegalAction(f"{action!r} is no fighter move")
        group = state.groups[action.group]
        group.moved = True
        self.turn_index += 1
        if isinstance(action, MoveGroup):
            group.x, group.y = action.x, action.y
            game.emit(
                GroupMoved(
                    group=group.id,
                    x=group.x,
                    y=group.y,
                    text=f"{group_label(state, group)} moves to ({group.x:.1f}, {group.y:.1f})",
                )
            )
        elif isinstance(action, ScreenShip):
            ship = state.ships[action.ship]
            group.status, group.screening, group.x, group.y = SCREENING, ship.id, ship.x, ship.y
            game.emit(
                GroupScreening(
                    group=group.id,
                    ship=ship.id,
                    text=f"{group_label(state, group)} screens {ship_label(state, ship)}",
                )
            )
        elif isinstance(action, LandGroup):
            ship = state.ships[action.ship]
            group.status, group.carrier, group.bay = IN_HANGAR, ship.id, free_bays(game, ship)[0]
            ship.recovered += 1
            game.emit(
                GroupLanded(
                    group=group.id,
                    ship=ship.id,
                    text=f"{group_label(state, group)} lands on {ship_label(state, ship)}",
                )
            )
            rearm(game, group)
        elif isinstance(action, JumpOut):
            group.status = JUMPED
            game.emit(
                GroupJumpedOut(
                    group=group.id,
                    text=f"{group_label(state, group)} jumps out of the battle",
                )
            )
        elif action.release:
            group.status, group.screening = IN_SPACE, -1
            game.emit(
                ScreenReleased(
                    group=group.id,
                    text=f"{group_label(state, group)} stops screening",
                )
            )

    def step(self, game: FTGame) -> None:
        state = game.state
        if self.stage is FighterStage.LAUNCH:
            for written in state.orders:
                if written is not None and written.value.launch:
                    launch_written(game, written.value.launch)
            self.stage = FighterStage.MOVE
            return
        if all(next_mover(state, player) is None for player in state.loser_first):
            game.pop()
            return
        self.turn_index += 1


def merge(game: FTGame, group: FighterGroup, into: FighterGroup) -> None:
    into.count += group.count
    into.ready_turn = max(into.ready_turn, group.ready_turn)
    group.count, group.status = 0, MERGED
    game.emit(
        GroupsMerged(
            group=group.id,
            into=into.id,
            text=f"{group_label(game.state, group)} merges into {group_label(game.state, into)} "
            f"({into.count} fighters, ready on turn {into.ready_turn})",
        )
    )
