"""The admiral: a bot that fights a Full Thrust battle sensibly, with what a player may see.

Orders: for each legal order it works out where the ship ends, guesses where each enemy
ship will be (carrying on at its current course and speed: written orders are hidden), and
scores the mean damage its weapons (beams, K-guns, torpedoes, one-shot packs) would bring
to bear there (weapon_values.py), now and a turn later, with a penalty for drifting toward
the table edge. Fighters launch, close on the weakest enemy ship, attack it, and head home
when tired; interceptors screen. Point defence goes to the biggest threat, fire controls
lock on the target the ship hurts most, favouring damaged ships (a scattergun is kept for
point defence while enemy fighters or missiles may come, unless its shot may finish a hurt
ship), and damage control fixes fire controls, drives and big guns first. A Phalon ship
raises its vapour shroud when it has nothing to shoot at and enemy guns bear on it; plasma
bolts go where an enemy ship is heading and no friend will be; pulsers defend only when no
enemy ship is in their reach. It never reads hidden orders.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from math import hypot
from typing import Final, TypeAlias

from warbench.core.actions import Action
from warbench.core.agents import RandomAgent
from warbench.core.decisions import Decision
from warbench.core.geometry.vectors import to_radians
from warbench.core.observation import Observation
from warbench.rulesets.full_thrust.actions import (
    AssignWeapon,
    ChooseRole,
    ChooseSystem,
    DeclareTarget,
    DefenceDone,
    DefendWith,
    Dodge,
    FighterTarget,
    FireShip,
    HoldSalvos,
    KeepScreening,
    LandGroup,
    Launch,
    LaunchesDone,
    LaunchSalvo,
    MergeGroups,
    MoveGroup,
    Repair,
    SalvoTarget,
    ScreenShip,
    WriteOrders,
)
from warbench.rulesets.full_thrust.arcs import arcs_containing, heading_of
from warbench.rulesets.full_thrust.bot_fighters import hull_fraction_lost, target_value
from warbench.rulesets.full_thrust.damage import screens_of
from warbench.rulesets.full_thrust.declarations import FIGHTERS, SHIP
from warbench.rulesets.full_thrust.defence import PLASMA, PointDefencePhase
from warbench.rulesets.full_thrust.fighters import group_reach
from warbench.rulesets.full_thrust.fire import usable_weapons, weapon_reach
from warbench.rulesets.full_thrust.firepower import (
    Arms,
    bolts_bearing,
    firepower,
    point_defence_wanted,
)
from warbench.rulesets.full_thrust.library import Library, ShipClass
from warbench.rulesets.full_thrust.movement import (
    VECTOR,
    Written,
    cinematic_move,
    heading_unit,
    manoeuvre_of,
    vector_move,
)
from warbench.rulesets.full_thrust.phalon import PLASMA_LAUNCHER, PULSER, launcher_ready
from warbench.rulesets.full_thrust.pods import INTERCEPTOR, POD_LAUNCHER, pod_power
from warbench.rulesets.full_thrust.savasku import SAVASKU, SPICULE, STINGER
from warbench.rulesets.full_thrust.state import FullThrustState, Ship
from warbench.rulesets.full_thrust.weapon_values import mean_damage

#: Damage control and needle beam priorities, most wanted first.
SYSTEM_PRIORITY: Final = ("fire_control", "drive", "beam", "k_gun", "pulser", "stinger",
                   "plasma_launcher", "pod_launcher", "pulse_torpedo", "mkp", "pds", "spicule",
                   "scattergun", "adfc", "screen", "shroud")
EDGE_MARGIN: Final = 8.0
#: Sa'Vasku power: mean damage one attack power buys (a stinger die), damage one screen
#: level saves a beam die aimed at the ship, and the worth of a repair attempt.
POWER_VALUE: Final = 0.7
SCREEN_SAVING: Final = 0.167
REPAIR_VALUE: Final = 1.2
#: A scattergun kept for point defence, on the scale of ``_fire_value``: its shot at a
#: ship (0.67 mean damage) is taken only when it may well finish a badly hurt ship.
SCATTERGUN_KEPT: Final = 1.5

#: What the admiral is handed: its seat's observation of the battle.
Seen: TypeAlias = Observation[FullThrustState, Library]


def predicted(ship: Ship, turns: float = 1.0) -> tuple[float, float]:
    """Where ``ship`` will be if it keeps its course and speed (all an enemy can see)."""
    if ship.vx or ship.vy:
        return ship.x + ship.vx * turns, ship.y + ship.vy * turns
    radians = to_radians(heading_of(ship.facing))
    return (
        ship.x + math.sin(radians) * ship.speed * turns,
        ship.y + math.cos(radians) * ship.speed * turns,
    )


def expected_damage(lib: Library, ship: Ship, target: Ship, systems: Sequence[int]) -> float:
    """The mean damage ``ship``'s weapons ``systems`` deal ``target`` from where both stand
    (each weapon whose arc and reach cover it; the target's screens count)."""
    cls = lib.designs[ship.design]
    screens = screens_of(lib.designs[target.design], target)
    distance = hypot(target.x - ship.x, target.y - ship.y)
    arcs = arcs_containing(ship.x, ship.y, ship.facing, target.x, target.y)
    total = 0.0
    for index in systems:
        system = cls.systems[index]
        if not system.arcs & arcs or distance > weapon_reach(lib, system):
            continue
        total += mean_damage(lib, system, distance, screens)
    return total


def option_player(state: FullThrustState, option: DefendWith) -> int:
    """The player whose ship a point defence option uses."""
    return state.ships[option.ship].player


class AdmiralBot:
    """A sensible Full Thrust commander (see the module docstring)."""

    name = "admiral"

    def __init__(self, seed: int = 0) -> None:
        self.fallback = RandomAgent(seed)

    def choose(self, seen: Seen, decision: Decision) -> Action:
        """Pick an action for ``decision``."""
        options = list(decision.options)
        if not options:
            return self.fallback.choose(seen, decision)
        first = options[0]
        if isinstance(first, WriteOrders):
            return self._orders(seen, [o for o in options if isinstance(o, WriteOrders)])
        if isinstance(first, Launch | MergeGroups | LaunchesDone):
            return next((o for o in options if isinstance(o, MergeGroups | Launch)), first)
        if isinstance(first, MoveGroup | ScreenShip | LandGroup | KeepScreening):
            return self._fighter_move(seen, options)
        if isinstance(first, LaunchSalvo | HoldSalvos):
            return self._salvo(seen, options)
        if isinstance(first, SalvoTarget):
            aims = [o for o in options if isinstance(o, SalvoTarget)]
            return max(aims, key=lambda o: self._target_value(seen, o))
        if isinstance(first, FighterTarget):
            targets = [o for o in options if isinstance(o, FighterTarget)]
            return self._fighter_target(seen, targets)
        if isinstance(first, Dodge):
            return self._dodge(seen, [o for o in options if isinstance(o, Dodge)])
        if isinstance(first, ChooseRole):
            return self._role(seen, [o for o in options if isinstance(o, ChooseRole)])
        if isinstance(first, DefendWith | DefenceDone):
            return self._defence(seen, options)
        if isinstance(first, FireShip):
            ships = [o for o in options if isinstance(o, FireShip)]
            return max(ships, key=lambda o: self._ship_punch(seen, o))
        if isinstance(first, DeclareTarget | AssignWeapon):
            shots = [o for o in options if isinstance(o, DeclareTarget | AssignWeapon)]
            return max(shots, key=lambda o: self._fire_value(seen, o))
        if isinstance(first, ChooseSystem | Repair):
            systems = [o for o in options if isinstance(o, ChooseSystem | Repair)]
            return min(systems, key=lambda o: self._system_rank(seen, o))
        return first

    def alternatives(self, seen: Seen, decision: Decision, count: int) -> list[Action]:
        """Up to ``count`` actions this bot rates best (for the search bot's root
        candidates; :mod:`~warbench.rulesets.full_thrust.bots_search`)."""
        from warbench.rulesets.full_thrust.bots_search import alternatives

        return alternatives(self, seen, decision, count)

    # ------------------------------------------------------------------ orders

    def _orders(self, seen: Seen, options: Sequence[WriteOrders]) -> Action:
        state = seen.state
        lib = seen.data
        first = options[0]
        ship = state.ships[first.ship]
        cls = seen.data.designs[ship.design]
        enemies = [predicted(enemy) for enemy in state.enemies(ship.player)]
        arms = Arms.of(state, lib, cls, ship)
        best, best_score = first, -math.inf
        for option in options:
            if option.shroud or option.screens or option.repair:
                continue
            score = self._order_score(state, lib, cls, ship, option, enemies, arms)
            if cls.race == SAVASKU:  # power the drive spends is attack power lost
                score += POWER_VALUE * min(option.attack, self._power_wanted(seen, ship, option))
            if score > best_score:
                best, best_score = option, score
        if any(option.shroud for option in options):  # a Phalon ship's shroud is offered
            shrouded = replace(best, shroud=True)
            if shrouded in options and self._shroud_pays(seen, ship, best):
                return shrouded
        if cls.race != SAVASKU:
            return best
        same = [o for o in options if manoeuvre_of(o) == manoeuvre_of(best)]
        return self._share_power(seen, ship, best, same)

    def _power_wanted(self, seen: Seen, ship: Ship, order: WriteOrders) -> int:
        """Attack power a Sa'Vasku ship's weapons could spend from where ``order`` takes it:
        stingers (their most) and lance or leech pods (their price) bearing on an enemy in
        reach, and a spicule shot for each enemy fighter group or salvo near."""
        state, lib = seen.state, seen.data
        cls = lib.designs[ship.design]
        x, y, facing = self._end_pose(state, ship, order)
        targets = [predicted(e) for e in state.enemies(ship.player)]
        wanted = 0
        for index, spec in enumerate(cls.systems):
            if ship.damage[index] or spec.kind not in (STINGER, POD_LAUNCHER):
                continue
            if spec.kind == POD_LAUNCHER and (spec.mode == INTERCEPTOR or ship.biomass < 1):
                continue
            reach = weapon_reach(lib, spec)
            if any(hypot(tx - x, ty - y) <= reach
                   and arcs_containing(x, y, facing, tx, ty) & spec.arcs for tx, ty in targets):
                wanted += (lib.rules.savasku.stinger_most_power if spec.kind == STINGER
                           else pod_power(lib, spec))
        attackers = sum(1 for g in state.groups if g.player != ship.player and g.in_play
                        and hypot(g.x - x, g.y - y) <= 30.0)
        attackers += sum(1 for m in state.salvos if m.player != ship.player)
        return wanted + min(attackers, len(cls.indices(SPICULE)))

    def _share_power(self, seen: Seen, ship: Ship, order: WriteOrders,
                     options: Sequence[WriteOrders]) -> WriteOrders:
        """Share a Sa'Vasku ship's power once its manoeuvre is chosen (FT-SEQ-ALIEN-POWER):
        weapons first, as much as those in reach can spend; what they cannot spend goes to
        repair (FT-SV-REPAIR) and to screens when enemy guns bear on the ship."""
        state, lib = seen.state, seen.data
        x, y, _ = self._end_pose(state, ship, order)
        threat = sum(
            firepower(lib, lib.designs[e.design], e, *predicted(e), e.facing, x, y)
            for e in state.enemies(ship.player)
        )
        wanted = self._power_wanted(seen, ship, order)

        def value(option: WriteOrders) -> float:
            spent = min(option.attack, wanted)
            guarded = threat * SCREEN_SAVING * option.screens
            mended = REPAIR_VALUE if option.repair else 0.0
            return POWER_VALUE * spent + guarded + mended + 0.01 * option.attack

        return max(options, key=value)

    def _shroud_pays(self, seen: Seen, ship: Ship, order: WriteOrders) -> bool:
        """Raise the shroud when the ship will have nothing to shoot (no gun bearing, no
        bolt ready for a target in reach) and enemy guns will bear on it."""
        state, lib = seen.state, seen.data
        cls = lib.designs[ship.design]
        x, y, facing = self._end_pose(state, ship, order)
        enemies = state.enemies(ship.player)
        own = max((firepower(lib, cls, ship, x, y, facing, *predicted(e)) for e in enemies),
                  default=0.0)
        reach = lib.rules.phalon.plasma_reach
        bolts = any(
            system.kind == PLASMA_LAUNCHER and not ship.damage[index]
            and launcher_ready(state, ship, index)
            and any(hypot(e.x - ship.x, e.y - ship.y) <= reach for e in enemies)
            for index, system in enumerate(cls.systems)
        )
        threat = sum(
            firepower(lib, lib.designs[e.design], e, *predicted(e), e.facing, x, y)
            for e in enemies
        )
        return own < 0.5 and not bolts and threat >= 1.0

    @staticmethod
    def _end_pose(state: FullThrustState, ship: Ship, order: Written) -> tuple[
            float, float, int]:
        if state.movement == VECTOR:
            x, y, facing, _, _ = vector_move(
                ship.x, ship.y, ship.facing, ship.vx, ship.vy, manoeuvre_of(order)
            )
            return x, y, facing
        x, y, facing, _ = cinematic_move(
            ship.x, ship.y, ship.facing, ship.speed, order.speed, order.turn
        )
        return x, y, facing

    def _order_score(
        self,
        state: FullThrustState,
        lib: Library,
        cls: ShipClass,
        ship: Ship,
        order: WriteOrders,
        enemies: list[tuple[float, float]],
        arms: Arms,
    ) -> float:
        """How good ``order`` looks for ``ship``, whose weapons are ``arms``."""
        if state.movement == VECTOR:
            x, y, facing, vx, vy = vector_move(
                ship.x, ship.y, ship.facing, ship.vx, ship.vy, manoeuvre_of(order)
            )
            nx, ny = x + vx, y + vy
            speed = hypot(vx, vy)
        else:
            x, y, facing, new_speed = cinematic_move(
                ship.x, ship.y, ship.facing, ship.speed, order.speed, order.turn
            )
            sin, cos = heading_unit(facing)
            nx, ny = x + sin * new_speed, y + cos * new_speed
            speed = float(new_speed)
        edge = _edge_room(x, y, state.width, state.height)
        if edge < 0:
            return -1e9
        score = -max(0.0, EDGE_MARGIN - edge) * 3.0
        next_edge = _edge_room(nx, ny, state.width, state.height)
        score -= max(0.0, EDGE_MARGIN - next_edge) * 1.5
        score -= max(0.0, speed - 8.0) * 0.5
        if not enemies:
            return score
        keep_off = 18.0 if cls.hangars else 9.0
        distances = [hypot(ex - x, ey - y) for ex, ey in enemies]
        first, distance = 0, distances[0]
        for index, other in enumerate(distances):  # min() and index(), without boxing
            if other < distance:
                first, distance = index, other
        ex, ey = enemies[first]
        # the most firepower on an enemy, the nearest weighed first (often the most)
        power = arms.firepower(distance, x, y, facing, ex, ey)
        for index, (tx, ty) in enumerate(enemies):
            if index != first:
                power = arms.stronger(power, distances[index], x, y, facing, tx, ty)
        later = arms.firepower(hypot(ex - nx, ey - ny), nx, ny, facing, ex, ey)
        bolts = bolts_bearing(lib, arms.launchers, x, y, facing, enemies) if arms.launchers else 0.0
        return score + power * 2.0 + later + bolts - abs(distance - keep_off) * 0.3

    # ------------------------------------------------------------------ fighters

    def _fighter_move(self, seen: Seen, options: Sequence[Action]) -> Action:
        state = seen.state
        lib = seen.data
        first = options[0]
        group = state.groups[first.group]  # type: ignore[attr-defined]
        if isinstance(first, KeepScreening):
            return first
        kind = lib.fighters[group.kind]
        tired = group.endurance <= 1 or group.count <= kind.size // 3
        if tired:
            land = [o for o in options if isinstance(o, LandGroup)]
            if land:
                return land[0]
            carrier = state.ships[group.carrier]
            return self._closest_move(options, carrier.x, carrier.y)
        enemy_fighters = [g for g in state.groups if g.player != group.player and g.in_play]
        if kind.ship_attack == "none" and not kind.roles:
            if enemy_fighters:
                foe = min(enemy_fighters, key=lambda g: hypot(g.x - group.x, g.y - group.y))
                return self._closest_move(options, foe.x, foe.y)
            screens = [o for o in options if isinstance(o, ScreenShip)]
            if screens:
                return max(screens, key=lambda o: lib.designs[state.ships[o.ship].design].hangars)
        enemies = state.enemies(group.player)
        if not enemies:
            return options[0]
        reach = group_reach(state, lib, group) + lib.rules.fighters.secondary_move
        target = min(
            enemies,
            key=lambda s: (
                hypot(s.x - group.x, s.y - group.y) > reach,
                -hull_fraction_lost(lib, s),
                hypot(s.x - group.x, s.y - group.y),
            ),
        )
        return self._closest_move(options, *predicted(target))

    @staticmethod
    def _closest_move(options: Sequence[Action], x: float, y: float) -> Action:
        moves = [o for o in options if isinstance(o, MoveGroup)]
        if not moves:
            return options[0]
        return min(moves, key=lambda o: hypot(o.x - x, o.y - y))

    @staticmethod
    def _fighter_target(seen: Seen, options: Sequence[FighterTarget]) -> Action:
        return max(options, key=lambda option: target_value(seen.state, seen.data, option))

    # ------------------------------------------------------------------ salvos

    def _salvo(self, seen: Seen, options: Sequence[Action]) -> Action:
        state = seen.state
        launches = [o for o in options if isinstance(o, LaunchSalvo)]
        launches = [o for o in launches if self._aim_is_safe(seen, o)]
        if not launches:
            return next((o for o in options if isinstance(o, HoldSalvos)), options[0])

        def distance(option: LaunchSalvo) -> float:
            ship = state.ships[option.ship]
            return hypot(option.x - ship.x, option.y - ship.y)

        def value(option: LaunchSalvo) -> tuple[int, float]:
            return self._bolt_catch(seen, option), -distance(option)

        return max(launches, key=value)

    def _friend_ends(self, seen: Seen, player: int) -> list[tuple[float, float]]:
        """Where the seat's own ships end this turn: their written orders are its own."""
        state = seen.state
        ends = []
        for friend in state.fleet(player):
            written = state.orders[friend.id] if friend.id < len(state.orders) else None
            if written is None:
                ends.append(predicted(friend))
                continue
            x, y, _ = self._end_pose(state, friend, written.value)
            ends.append((x, y))
        return ends

    def _aim_is_safe(self, seen: Seen, option: LaunchSalvo) -> bool:
        """A plasma bolt's aim point with no friend in its burst where the friend's own
        written orders take it (a bolt strikes friends too); salvos lock on enemies only."""
        state, lib = seen.state, seen.data
        ship = state.ships[option.ship]
        if lib.designs[ship.design].systems[option.system].kind != PLASMA_LAUNCHER:
            return True
        margin = lib.rules.phalon.plasma_radius + 1.0
        return all(
            hypot(fx - option.x, fy - option.y) > margin
            for fx, fy in self._friend_ends(seen, ship.player)
        )

    @staticmethod
    def _bolt_catch(seen: Seen, option: LaunchSalvo) -> int:
        """Enemy ships likely in a plasma bolt's burst (0 for a salvo)."""
        state, lib = seen.state, seen.data
        ship = state.ships[option.ship]
        if lib.designs[ship.design].systems[option.system].kind != PLASMA_LAUNCHER:
            return 0
        radius = lib.rules.phalon.plasma_radius
        ends = [predicted(enemy) for enemy in state.enemies(ship.player)]
        return sum(1 for ex, ey in ends if hypot(ex - option.x, ey - option.y) <= radius)

    def _target_value(self, seen: Seen, option: SalvoTarget) -> float:
        return hull_fraction_lost(seen.data, seen.state.ships[option.ship])

    # ------------------------------------------------------------------ defence

    @staticmethod
    def _dodge(seen: Seen, options: Sequence[Dodge]) -> Action:
        """Spend endurance to dodge a hit while the group keeps a point for an attack;
        its last point is worth more than one fighter of a group that could no longer
        attack."""
        group = seen.state.groups[options[0].group]
        spend = group.endurance >= 2
        return next((o for o in options if o.spend == spend), options[0])

    @staticmethod
    def _role(seen: Seen, options: Sequence[ChooseRole]) -> Action:
        """A multi-role group drawn into a dogfight fights as interceptors: they score
        like beams at +1 (or d6+1 on light fighters) and take an enemy interceptor's bonus
        away, where attack fighters kill only on a 6."""
        fighters = seen.data.fighters
        return next((o for o in options if fighters[o.role].interceptor), options[0])

    def _defence(self, seen: Seen, options: Sequence[Action]) -> Action:
        state = seen.state
        frame = seen.state.stack[-1]
        if not isinstance(frame, PointDefencePhase):
            return options[-1]
        allocated: dict[tuple[str, int], int] = {}
        for _, _, kind, threat in frame.allocations:
            allocated[(kind, threat)] = allocated.get((kind, threat), 0) + 1
        best: Action = options[-1]
        best_need = 0
        for option in options:
            if not isinstance(option, DefendWith) or self._pulser_wanted(seen, option):
                continue
            if option.kind == FIGHTERS:
                size = state.groups[option.threat].count
            elif option.kind == PLASMA:
                bolt = state.bolts[option.threat]
                size = 0 if bolt.player == option_player(state, option) else bolt.strength
            else:
                size = state.salvos[option.threat].missiles
            need = size - allocated.get((option.kind, option.threat), 0)
            if need > best_need:
                best, best_need = option, need
        return best

    @staticmethod
    def _pulser_wanted(seen: Seen, option: DefendWith) -> bool:
        """A pulser is kept for phase 9 while an enemy ship is in its reach."""
        state, lib = seen.state, seen.data
        ship = state.ships[option.ship]
        spec = lib.designs[ship.design].systems[option.system]
        if spec.kind != PULSER:
            return False
        reach = weapon_reach(lib, spec)
        return any(hypot(e.x - ship.x, e.y - ship.y) <= reach
                   for e in state.enemies(ship.player))

    # ------------------------------------------------------------------ ship fire

    def _ship_punch(self, seen: Seen, option: FireShip) -> float:
        state = seen.state
        ship = state.ships[option.ship]
        weapons = usable_weapons(seen.data, ship)
        return max(
            (expected_damage(seen.data, ship, enemy, weapons)
             for enemy in state.enemies(ship.player)),
            default=0.0,
        )

    def _fire_value(self, seen: Seen, option: DeclareTarget | AssignWeapon) -> float:
        if option.target < 0:
            return self._kept_value(seen, option)
        state = seen.state
        ship = state.ships[option.ship]
        if option.kind != SHIP:
            return 0.1
        target = state.ships[option.target]
        lib = seen.data
        systems = (
            [option.system] if isinstance(option, AssignWeapon) else usable_weapons(seen.data, ship)
        )
        expected = expected_damage(lib, ship, target, systems)
        left = lib.designs[target.design].hull - target.hull_hits
        return expected * (1.0 + hull_fraction_lost(lib, target)) + min(expected / left, 1.0)

    @staticmethod
    def _kept_value(seen: Seen, option: DeclareTarget | AssignWeapon) -> float:
        """Holding a fire control or weapon: worth something only for a scattergun whose
        one shot point defence may still need (FT-FIRECON)."""
        if isinstance(option, AssignWeapon):
            ship = seen.state.ships[option.ship]
            spec = seen.data.designs[ship.design].systems[option.system]
            if spec.kind == "scattergun" and point_defence_wanted(seen.state, seen.data,
                                                                  ship.player):
                return SCATTERGUN_KEPT
        return -1.0

    # ------------------------------------------------------------------ systems

    def _system_rank(self, seen: Seen, option: ChooseSystem | Repair) -> tuple[int, int]:
        if option.system < 0:
            return (len(SYSTEM_PRIORITY) + 1, 0)
        ship = seen.state.ships[option.ship]
        system = seen.data.designs[ship.design].systems[option.system]
        rank = (
            SYSTEM_PRIORITY.index(system.kind)
            if system.kind in SYSTEM_PRIORITY
            else len(SYSTEM_PRIORITY)
        )
        return (rank, -system.level)


def _edge_room(x: float, y: float, width: float, height: float) -> float:
    """How far ``(x, y)`` lies inside the table's nearest edge (negative: off the table):
    ``min(x, y, width - x, height - y)``, the same float, without a generic call.

    >>> _edge_room(5.0, 30.0, 48.0, 36.0), _edge_room(40.0, -1.0, 48.0, 36.0)
    (5.0, -1.0)
    """
    least = x
    if y < least:
        least = y
    right = width - x
    if right < least:
        least = right
    top = height - y
    if top < least:
        least = top
    return least
