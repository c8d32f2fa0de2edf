"""Phase 6: salvos and fighter groups declare their targets.

Each salvo marker picks an enemy ship within its attack radius (when only one is in reach
it takes that one). Each fighter group within attack range of a target may declare an
attack on an enemy ship, a dogfight with an enemy group, or the interception of a salvo; a
group may spend an endurance point on a secondary move to reach a target further off, or
to leave the arcs of point defence with limited arcs (:mod:`.arc_escape`). Markers are
turned to their targets, not moved onto them: they close in after point defence. Players
declare alternately, one marker at a time, the initiative loser first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.rulesets.full_thrust.actions import ChooseRole, FighterTarget, SalvoTarget
from warbench.rulesets.full_thrust.arc_escape import dash_point, escape_point, in_arcs
from warbench.rulesets.full_thrust.context import FTGame, FTProcedure
from warbench.rulesets.full_thrust.defence_reach import arc_watchers
from warbench.rulesets.full_thrust.events import (
    FighterTargetDeclared,
    NoAttack,
    RoleChosen,
    SalvoHoming,
)
from warbench.rulesets.full_thrust.library import FighterType, Library
from warbench.rulesets.full_thrust.names import group_label, ship_label, ship_labels
from warbench.rulesets.full_thrust.state import (
    IN_SPACE,
    SCREENING,
    FighterGroup,
    FullThrustState,
    Salvo,
)

#: A salvo that found no ship to strike.
NO_TARGET = -2
SHIP, FIGHTERS, SALVO, NONE = "ship", "fighters", "salvo", "none"


def profile(lib: Library, group: FighterGroup) -> FighterType:
    """How a group fights this turn: its type, or for multi-role fighters the chosen role."""
    kind = lib.fighters[group.kind]
    if kind.roles:
        return lib.fighters[group.role or kind.roles[0]]
    return kind


def attacks_ships(lib: Library, group: FighterGroup, role: str = "") -> bool:
    """Whether the group, in ``role``, can attack ships now."""
    kind = lib.fighters[group.kind]
    fighting = lib.fighters[role] if kind.roles and role else profile(lib, group)
    if fighting.ship_attack == "none":
        return False
    return not (fighting.ship_attack == "torpedo" and group.torpedoes_spent)


def drawn_in_without_role(state: FullThrustState, lib: Library) -> list[FighterGroup]:
    """Multi-role groups whose owner has not chosen their role this turn and that phase 7
    is about to draw into a dogfight: as the target of an enemy group's dogfight, or as a
    screen of a ship an enemy group attacks (FT-FTR-MULTIROLE)."""
    return [
        group
        for group in state.groups
        if not group.role and group.in_play and lib.fighters[group.kind].roles
        and any(_draws_in(enemy, group) for enemy in state.groups)
    ]


def _draws_in(enemy: FighterGroup, group: FighterGroup) -> bool:
    """Whether ``enemy``'s declaration brings it into a dogfight with ``group``."""
    if enemy.player == group.player or enemy.count <= 0:
        return False
    if enemy.target_kind == FIGHTERS:
        return enemy.target == group.id
    return (enemy.target_kind == SHIP and group.status == SCREENING
            and group.screening == enemy.target)


def role_decisions(state: FullThrustState, lib: Library) -> list[Decision]:
    """One role choice owed by each player with a multi-role group drawn into a dogfight
    without a role (see :func:`drawn_in_without_role`), the initiative loser first."""
    waiting = drawn_in_without_role(state, lib)
    owed = []
    for player in state.loser_first:
        group = next((g for g in waiting if g.player == player), None)
        if group is not None:
            roles: tuple[Action, ...] = tuple(
                ChooseRole(group.id, role) for role in lib.fighters[group.kind].roles
            )
            owed.append(Decision(
                player, f"{group_label(state, group)}: choose how it fights this turn", roles))
    return owed


def choose_role(game: FTGame, action: ChooseRole) -> None:
    """Set the role a multi-role group fights in for the rest of the turn."""
    group = game.state.groups[action.group]
    group.role = action.role
    game.emit(RoleChosen(group=group.id, role=action.role,
                         text=f"{group_label(game.state, group)} fights as {action.role} "
                         "fighters this turn"))


def salvo_candidates(state: FullThrustState, lib: Library, salvo: Salvo) -> list[int]:
    """Enemy ships within a salvo marker's attack radius."""
    radius = lib.rules.salvo.attack_radius
    return [
        ship.id
        for ship in state.enemies(salvo.player)
        if math.hypot(ship.x - salvo.x, ship.y - salvo.y) <= radius + 1e-9
    ]


def group_targets(state: FullThrustState, lib: Library, group: FighterGroup) -> list[FighterTarget]:
    """Every target declaration open to ``group`` (besides declaring none)."""
    if group.endurance < 1 or group.count <= 0:
        return []
    rules = lib.rules.fighters
    near, far = rules.attack_range, rules.attack_range + rules.secondary_move
    spare = group.endurance >= 2
    points: list[tuple[str, int, float, float]] = [
        (SHIP, ship.id, ship.x, ship.y) for ship in state.enemies(group.player)
    ]
    points += [
        (FIGHTERS, other.id, other.x, other.y)
        for other in state.groups
        if other.player != group.player and other.in_play
    ]
    points += [
        (SALVO, salvo.id, salvo.x, salvo.y)
        for salvo in state.salvos
        if salvo.player != group.player and salvo.missiles > 0
    ]
    kind = lib.fighters[group.kind]
    roles = kind.roles or ("",)
    found = []
    for role in roles:
        for target_kind, target, x, y in points:
            if target_kind == SHIP and not attacks_ships(lib, group, role):
                continue
            distance = math.hypot(x - group.x, y - group.y)
            if distance <= near + 1e-9:
                found.append(FighterTarget(group.id, target_kind, target, False, role))
            elif spare and distance <= far + 1e-9:
                found.append(FighterTarget(group.id, target_kind, target, True, role))
            else:
                continue
            if spare and target_kind == SHIP and escape_point(
                state, lib, group, state.ships[target]
            ) is not None:
                found.append(FighterTarget(group.id, SHIP, target, True, role, out_of_arcs=True))
    return found


def escape_refusal(state: FullThrustState, lib: Library, action: FighterTarget) -> str | None:
    """Why the move out of defensive arcs ``action`` declares is not open to its group now
    (``None``: it is, or ``action`` declares no such move)."""
    if not action.out_of_arcs:
        return None
    if not 0 <= action.group < len(state.groups):
        return f"there is no fighter group {action.group}"
    group = state.groups[action.group]
    named, rule = group_label(state, group), "(FT-SEQ-TARGETS)"
    if action.kind != SHIP or not 0 <= action.target < len(state.ships):
        return f"{named} may fly out of defensive arcs only to attack a ship {rule}"
    ship = state.ships[action.target]
    aimed = ship_label(state, ship)
    if not action.secondary:
        return f"a move out of defensive arcs is a secondary move: it needs secondary {rule}"
    if group.status != IN_SPACE or group.count <= 0 or group.target_kind:
        return f"{named} has no attack to declare now {rule}"
    if not attacks_ships(lib, group, action.role):
        return f"{named} cannot attack ships {rule}"
    if group.endurance < 2:
        return (f"{named} has {group.endurance} endurance left: the secondary move costs "
                "one point and the attack another (FT-FTR-ENDURANCE)")
    rules = lib.rules.fighters
    far = rules.attack_range + rules.secondary_move
    if math.hypot(ship.x - group.x, ship.y - group.y) > far + 1e-9:
        return f"{aimed} is beyond {far:g} MU of {named} {rule}"
    if escape_point(state, lib, group, ship) is not None:
        return None
    watchers = arc_watchers(state, lib, ship)
    if not watchers:
        return f"no point defence with limited arcs defends {aimed} {rule}"
    if not in_arcs(watchers, *dash_point(lib, group, ship.x, ship.y)):
        return f"{named} already attacks from outside the defensive arcs {rule}"
    return (f"no point within one secondary move of {named} and attack range of "
            f"{aimed} lies outside the defensive arcs {rule}")


def _undeclared_salvos(state: FullThrustState, player: int) -> list[Salvo]:
    return [s for s in state.salvos if s.player == player and s.target == -1]


def _undeclared_groups(state: FullThrustState, player: int) -> list[FighterGroup]:
    return [
        g for g in state.groups
        if g.player == player and g.status == IN_SPACE and g.count > 0 and not g.target_kind
    ]


@dataclass(slots=True)
class DeclarationPhase(FTProcedure):
    """Phase 6: alternate declarations, one salvo or group at a time."""

    prepared: bool = False
    turn_index: int = 0

    def decisions(self, game: FTGame) -> list[Decision]:
        if not self.prepared:
            return []
        state = game.state
        lib = game.data
        player = state.loser_first[self.turn_index % len(state.initiative)]
        salvos = _undeclared_salvos(state, player)
        if salvos:
            salvo = salvos[0]
            targets = salvo_candidates(state, lib, salvo)
            return [
                Decision(
                    player,
                    f"choose the target of salvo {salvo.id}",
                    tuple(SalvoTarget(salvo.id, ship) for ship in targets),
                )
            ]
        groups = _undeclared_groups(state, player)
        if groups:
            group = groups[0]
            choices: tuple[Action, ...] = (
                *group_targets(state, lib, group),
                FighterTarget(group.id, NONE),
            )
            return [Decision(player, f"declare the target of {group_label(state, group)}", choices)]
        return []

    def act(self, game: FTGame, player: int, action: Action) -> None:
        state = game.state
        self.turn_index += 1
        if isinstance(action, SalvoTarget):
            salvo = state.salvos[action.salvo]
            salvo.target = action.ship
            game.emit(
                SalvoHoming(
                    salvo=salvo.id,
                    ship=action.ship,
                    text=f"salvo {salvo.id} homes on {ship_labels(state.ships)[action.ship]}",
                )
            )
            return
        if not isinstance(action, FighterTarget):
            raise IllegalAction(f"{action!r} declares no salvo or fighter target")
        group = state.groups[action.group]
        group.target_kind, group.target, group.role = action.kind, action.target, action.role
        if action.kind == NONE:
            game.emit(
                NoAttack(
                    group=group.id,
                    text=f"{group_label(state, group)} makes no attack",
                )
            )
            return
        x, y, name = _target_point(state, action.kind, action.target)
        role = f" as {action.role} fighters" if action.role else ""
        extra = ""
        if action.secondary:
            place = dash_point(game.data, group, x, y)
            extra = " after a secondary move"
            if action.out_of_arcs:
                escape = escape_point(state, game.data, group, state.ships[action.target])
                if escape is None:
                    raise IllegalAction(
                        f"{group_label(state, group)} has no move out of defensive arcs")
                place = escape
                extra += f" out of the defensive arcs, to ({place[0]:.1f}, {place[1]:.1f})"
            group.endurance -= 1
            group.x, group.y = place
        game.emit(
            FighterTargetDeclared(
                group=group.id,
                target_kind=action.kind,
                target=action.target,
                secondary=action.secondary,
                text=f"{group_label(state, group)} targets {name}{role}{extra}",
            )
        )

    def step(self, game: FTGame) -> None:
        state = game.state
        lib = game.data
        if not self.prepared:
            self.prepared = True
            for salvo in state.salvos:
                candidates = salvo_candidates(state, lib, salvo)
                if len(candidates) <= 1:
                    salvo.target = candidates[0] if candidates else NO_TARGET
                    if candidates:
                        game.emit(
                            SalvoHoming(
                                salvo=salvo.id,
                                ship=salvo.target,
                                text=f"salvo {salvo.id} homes on "
                                f"{ship_labels(state.ships)[salvo.target]}",
                            )
                        )
            for group in state.groups:
                if group.status == IN_SPACE and not group_targets(state, lib, group):
                    group.target_kind = NONE
            return
        if not any(
            _undeclared_salvos(state, player) or _undeclared_groups(state, player)
            for player in state.initiative
        ):
            game.pop()
            return
        self.turn_index += 1


def _target_point(state: FullThrustState, kind: str, target: int) -> tuple[float, float, str]:
    if kind == SHIP:
        ship = state.ships[target]
        return ship.x, ship.y, ship_label(state, ship)
    if kind == FIGHTERS:
        group = state.groups[target]
        return group.x, group.y, group_label(state, group)
    salvo = state.salvos[target]
    return salvo.x, salvo.y, f"salvo {salvo.id}"
