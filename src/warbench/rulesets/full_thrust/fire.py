"""Phase 9: ship fire, one ship at a time, players alternating from the initiative winner.

The firing ship's fire controls each lock on one target, then each weapon is given one of
those targets (it must be in the weapon's arcs and range) or held: the player is asked
unless the weapon reaches one target and costs nothing to fire (then it fires at it); only
then are the dice rolled.
Damage lands at once; a ship hit makes its threshold check when the firing ship is done
with it. Beams roll by 12 MU band; pulse torpedoes need a to-hit roll by range and do a d6
ignoring screens; needle beams snipe a system; submunition packs fire once (screens no
help). With the optional rule, weapons may fire at free fighter groups and kill one on a 6.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeAlias

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.dice import worded
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.core.words import possessive
from warbench.rulesets.full_thrust.actions import (
    AssignWeapon,
    ChooseSystem,
    DeclareTarget,
    Dodge,
    FireShip,
)
from warbench.rulesets.full_thrust.arcs import arcs_containing
from warbench.rulesets.full_thrust.context import FTGame, FTProcedure
from warbench.rulesets.full_thrust.damage import (
    DRIVE_WRECKED,
    apply_points,
    knock_out,
    rows_finished,
    screens_of,
    threshold_check,
    working,
)
from warbench.rulesets.full_thrust.data import Band
from warbench.rulesets.full_thrust.declarations import FIGHTERS, SHIP, profile
from warbench.rulesets.full_thrust.events import (
    FireAtFighters,
    ShipFires,
    TargetDeclared,
    WeaponFired,
)
from warbench.rulesets.full_thrust.kravak import kgun_shot, mkp_shot, scattergun_at_ship
from warbench.rulesets.full_thrust.library import Library, ShipClass, SystemSpec
from warbench.rulesets.full_thrust.names import group_label, ship_label, ship_labels
from warbench.rulesets.full_thrust.phalon import PULSER, pulser_dice, pulser_reach
from warbench.rulesets.full_thrust.pods import (
    INTERCEPTOR,
    LANCE,
    POD_LAUNCHER,
    fed_in_turn,
    grow_pod,
    pod_ready,
    pod_strike,
)
from warbench.rulesets.full_thrust.savasku import STINGER, stinger_dice
from warbench.rulesets.full_thrust.scoring import (
    Points,
    beam_dice,
    beam_dice_at,
    needle_beam,
    pulse_torpedo,
    to_hit_number,
)
from warbench.rulesets.full_thrust.state import IN_SPACE, FighterGroup, FullThrustState, Ship

#: The face a weapon firing at fighters needs to kill one (optional rule, no re-roll).
SHIP_FIRE_KILLS_ON = 6

DIRECT_FIRE = ("beam", "pulse_torpedo", "needle_beam", "submunition", "k_gun", "scattergun",
               "mkp", PULSER, STINGER, POD_LAUNCHER)


def range_table(table: tuple[Band, ...]) -> tuple[tuple[float, int], ...]:
    """A range table of the data as ``(reach, value)`` pairs for :func:`to_hit_number`."""
    return tuple((band.reach, band.value) for band in table)


def weapon_reach(lib: Library, spec: SystemSpec) -> float:
    """The longest range a direct-fire weapon reaches."""
    weapons = lib.rules.weapons
    if spec.kind == "beam":
        return spec.level * weapons.beam_band
    if spec.kind == "pulse_torpedo":
        return weapons.pulse_torpedo[-1].reach
    if spec.kind == "needle_beam":
        return weapons.needle_beam_reach
    if spec.kind == "k_gun":
        return weapons.k_gun[-1].reach
    if spec.kind == "mkp":
        return weapons.mkp_reach
    if spec.kind == "scattergun":
        return lib.rules.kravak_defaults.scattergun_reach
    if spec.kind == PULSER:
        return pulser_reach(lib, spec)
    if spec.kind == STINGER:
        return lib.rules.savasku.stinger_reach
    if spec.kind == POD_LAUNCHER:
        return lib.rules.pods.reach
    return weapons.submunition[-1].reach


#: A direct-fire weapon of a design: its index, spec and reach.
DesignGun: TypeAlias = tuple[int, SystemSpec, float]
#: Each design's direct-fire weapons, kept per library and design (see :func:`design_guns`).
_GUNS: dict[tuple[int, int], tuple[Library, ShipClass, tuple[DesignGun, ...]]] = {}


def design_guns(lib: Library, cls: ShipClass) -> tuple[DesignGun, ...]:
    """The direct-fire weapons of the design ``cls``, in system order, with their reach.
    Kept per library and design object: both are frozen, so nothing invalidates an entry,
    which holds them so that their ids are not reused."""
    entry = _GUNS.get((id(lib), id(cls)))
    if entry is None or entry[0] is not lib or entry[1] is not cls:
        if len(_GUNS) >= 4096:
            _GUNS.clear()
        guns = tuple((index, system, weapon_reach(lib, system))
                     for index, system in enumerate(cls.systems) if system.kind in DIRECT_FIRE)
        entry = _GUNS[(id(lib), id(cls))] = (lib, cls, guns)
    return entry[2]


def usable_weapons(lib: Library, ship: Ship) -> list[int]:
    """Direct-fire weapons of ``ship`` that are working, loaded and not yet used (a
    stinger: with attack power left, FT-SV-STINGER; a lance or leech pod launcher: with the
    biomass and power for a pod, FT-SV-PODS)."""
    return [index for index, _, _ in _usable_guns(lib, ship)]


def _usable_guns(lib: Library, ship: Ship) -> list[DesignGun]:
    """:func:`usable_weapons` with their specs and reaches."""
    return [
        gun
        for gun in design_guns(lib, lib.designs[ship.design])
        if (gun[1].kind != STINGER or ship.attack_power > 0)
        and (gun[1].kind != POD_LAUNCHER
             or (gun[1].mode != INTERCEPTOR and pod_ready(lib, ship, gun[1])))
        and not ship.damage[gun[0]]
        and not ship.is_used(gun[0])
        and ship.has_shots(gun[0])
    ]


def spends_on_firing(spec: SystemSpec) -> bool:
    """Whether firing ``spec`` spends what holding it keeps (FT-FIRECON): a one-shot
    weapon's shot (MKP, submunition pack, scattergun), attack power (a stinger) or biomass
    and power (a lance or leech pod)."""
    return spec.ammo >= 0 or spec.kind in (STINGER, POD_LAUNCHER)


def target_point(state: FullThrustState, kind: str, target: int) -> tuple[float, float]:
    """Where a target (ship or fighter group) is."""
    if kind == SHIP:
        ship = state.ships[target]
        return ship.x, ship.y
    group = state.groups[target]
    return group.x, group.y


def can_reach(lib: Library, ship: Ship, spec: SystemSpec, x: float, y: float) -> bool:
    """Whether the weapon ``spec`` of ``ship`` bears on the point ``(x, y)``."""
    return any_bears(ship, ((spec.arcs, weapon_reach(lib, spec)),), x, y)


def any_bears(ship: Ship, reaches: Sequence[tuple[int, float]], x: float, y: float) -> bool:
    """Whether any weapon of ``ship``, given as ``(arcs, reach)``, bears on the point
    ``(x, y)``: in its reach and arcs (the distance worked out once, the arcs once and only
    if needed)."""
    distance = math.hypot(x - ship.x, y - ship.y)
    arcs = -1
    for weapon_arcs, reach in reaches:
        if distance > reach + 1e-9:
            continue
        if arcs < 0:
            arcs = arcs_containing(ship.x, ship.y, ship.facing, x, y)
        if arcs & weapon_arcs:
            return True
    return False


def fire_targets(game: FTGame, ship: Ship) -> list[tuple[str, int]]:
    """Targets some usable weapon of ``ship`` bears on: enemy ships, and (optional rule)
    enemy fighter groups flying free."""
    return list(_fire_targets(game, ship))


def _fire_targets(game: FTGame, ship: Ship) -> Iterator[tuple[str, int]]:
    """:func:`fire_targets` one by one, worked out as they are asked for (:func:`can_fire`
    needs only the first)."""
    state = game.state
    reaches = [(system.arcs, reach) for _, system, reach in _usable_guns(game.data, ship)]
    if not reaches:
        return
    for enemy in state.enemies(ship.player):
        if any_bears(ship, reaches, enemy.x, enemy.y):
            yield SHIP, enemy.id
    if state.option("fire_at_fighters"):
        for group in state.groups:
            if (group.player != ship.player and group.status == IN_SPACE and group.count > 0
                    and not group.engaged and any_bears(ship, reaches, group.x, group.y)):
                yield FIGHTERS, group.id


def can_fire(game: FTGame, ship: Ship) -> bool:
    """A ship that has not fired, has a working fire control, something to shoot at and no
    vapour shroud up (FT-PH-SHROUD)."""
    cls = game.data.designs[ship.design]
    return (
        ship.active
        and not ship.fired
        and not ship.shrouded
        and bool(working(cls, ship, "fire_control"))
        and next(_fire_targets(game, ship), None) is not None
    )


class FireStage(StrEnum):
    """Where a ship's fire stands: choosing the ship, locking fire controls, assigning
    weapons, picking a needle beam's system, a hit fighter group's dodge, rolling."""

    CHOOSE = "choose"
    DECLARE = "declare"
    ASSIGN = "assign"
    NEEDLE = "needle"
    DODGE = "dodge"
    RESOLVE = "resolve"


@dataclass(slots=True)
class ShipFirePhase(FTProcedure):
    """Phase 9: choose a ship, declare per fire control, assign weapons, roll."""

    turn_index: int = 0
    firer: int = -1
    stage: FireStage = FireStage.CHOOSE
    controls: list[int] = field(default_factory=list)
    declared: list[tuple[str, int]] = field(default_factory=list)
    weapons: list[int] = field(default_factory=list)
    assignments: list[tuple[int, str, int]] = field(default_factory=list)
    resolved: int = 0
    rows_before: dict[int, int] = field(default_factory=dict)
    needle_target: int = -1
    dodging: tuple[int, str, int] = (-1, "", 0)  # a hit group that may dodge: weapon, die

    def _player(self, state: FullThrustState) -> int:
        return state.initiative[self.turn_index % len(state.initiative)]

    def _candidates(self, game: FTGame) -> list[Ship]:
        state = game.state
        return [ship for ship in state.fleet(self._player(state)) if can_fire(game, ship)]

    def decisions(self, game: FTGame) -> list[Decision]:
        state = game.state
        if self.stage is FireStage.CHOOSE:
            ships = self._candidates(game)
            if len(ships) < 2:
                return []
            picks: tuple[Action, ...] = tuple(FireShip(ship.id) for ship in ships)
            return [Decision(self._player(state), "choose the next ship to fire", picks)]
        ship = state.ships[self.firer]
        if self.stage is FireStage.DECLARE and self.controls:
            free = [t for t in fire_targets(game, ship) if t not in self.declared]
            if not free:
                return []
            control = self.controls[0]
            locks: tuple[Action, ...] = tuple(
                DeclareTarget(ship.id, control, k, t) for k, t in free
            )
            return [Decision(ship.player,
                             f"{ship_label(state, ship)}: lock a fire control on a target",
                             (*locks, DeclareTarget(ship.id, control, SHIP, -1)))]
        if self.stage is FireStage.ASSIGN and self.weapons:
            system = self.weapons[0]
            spec = game.data.designs[ship.design].systems[system]
            reachable = self._reachable(game, ship, system)
            if not reachable or (len(reachable) == 1 and not spends_on_firing(spec)):
                return []  # nothing in reach, or one target and holding gains nothing
            if not self._fed(game, ship, spec):
                return []  # the weapons given targets before it will have spent the power
            label = spec.label
            aims: tuple[Action, ...] = tuple(
                AssignWeapon(ship.id, system, k, t) for k, t in reachable
            )
            return [Decision(ship.player,
                             f"{ship_label(state, ship)}: choose a target for the {label}",
                             (*aims, AssignWeapon(ship.id, system, SHIP, -1)))]
        if self.stage is FireStage.DODGE:
            group = state.groups[self.dodging[0]]
            return [Decision(group.player, f"{group_label(state, group)}: spend an endurance "
                             f"point to dodge {possessive(ship_label(state, ship))} "
                             f"{self.dodging[1]}, or lose a fighter",
                             (Dodge(group.id, True), Dodge(group.id, False)))]
        if self.stage is FireStage.NEEDLE:
            target = state.ships[self.needle_target]
            systems: tuple[Action, ...] = tuple(
                ChooseSystem(target.id, i) for i in _damageable(game, target)
            )
            if systems:
                return [Decision(ship.player, f"choose the system of {ship_label(state, target)} "
                                 "the needle beam knocks out", systems)]
        return []

    def _fed(self, game: FTGame, ship: Ship, spec: SystemSpec) -> bool:
        """Whether ``spec`` will have the attack power (and biomass) to fire after the
        weapons already given targets (FT-SV-STINGER, FT-SV-PODS): a Sa'Vasku player is
        not asked to aim a weapon that will have nothing left to fire with."""
        systems = game.data.designs[ship.design].systems
        earlier = [(systems[system], kind == FIGHTERS) for system, kind, _ in self.assignments]
        return fed_in_turn(game.data, ship, earlier, spec)

    def _reachable(self, game: FTGame, ship: Ship, system: int) -> list[tuple[str, int]]:
        state = game.state
        spec = game.data.designs[ship.design].systems[system]
        lib = game.data
        return [
            (kind, target)
            for kind, target in self.declared
            if can_reach(lib, ship, spec, *target_point(state, kind, target))
        ]

    def act(self, game: FTGame, player: int, action: Action) -> None:
        state = game.state
        if isinstance(action, FireShip):
            self._start(game, state.ships[action.ship])
        elif isinstance(action, DeclareTarget):
            self.controls.pop(0)
            if action.target >= 0:
                self._declare(game, action.kind, action.target)
        elif isinstance(action, AssignWeapon):
            self.weapons.pop(0)
            if action.target >= 0:
                self.assignments.append((action.system, action.kind, action.target))
        elif isinstance(action, Dodge):
            _, label, face = self.dodging
            fighter_hit(game, state.ships[self.firer], label, state.groups[action.group],
                        face, dodge=action.spend)
            self.stage, self.dodging = FireStage.RESOLVE, (-1, "", 0)
        elif isinstance(action, ChooseSystem):
            knock_out(game, state.ships[action.ship], action.system, "a needle beam",
                      lasting=True)
            self.stage = FireStage.RESOLVE
        else:
            raise IllegalAction(f"{action!r} is no part of a ship's fire")

    def _start(self, game: FTGame, ship: Ship) -> None:
        ship.fired = True
        self.firer = ship.id
        self.stage = FireStage.DECLARE
        self.controls = working(game.data.designs[ship.design], ship, "fire_control")
        self.declared, self.assignments, self.resolved = [], [], 0
        self.rows_before = {}
        game.emit(
            ShipFires(
                ship=ship.id,
                text=f"{ship_label(game.state, ship)} opens fire",
            )
        )

    def _declare(self, game: FTGame, kind: str, target: int) -> None:
        state = game.state
        self.declared.append((kind, target))
        name = ship_labels(state.ships)[target] if kind == SHIP \
            else group_label(state, state.groups[target])
        game.emit(
            TargetDeclared(
                ship=self.firer,
                target_kind=kind,
                target=target,
                text=f"{ship_labels(state.ships)[self.firer]} locks on {name}",
            )
        )

    def step(self, game: FTGame) -> None:
        state = game.state
        if self.stage is FireStage.CHOOSE:
            ships = self._candidates(game)
            if ships:
                self._start(game, ships[0])
                return
            # none of this player's ships can fire: pass on while another player's can
            player = self._player(state)
            if any(can_fire(game, ship) for ship in state.ships if ship.player != player):
                self.turn_index += 1
            else:
                game.pop()
            return
        ship = state.ships[self.firer]
        if self.stage is FireStage.DECLARE:
            self.controls = []
            self.stage = FireStage.ASSIGN
            self.weapons = usable_weapons(game.data, ship)
        elif self.stage is FireStage.ASSIGN:
            if not self.weapons:
                self.stage = FireStage.RESOLVE
                return
            reachable = self._reachable(game, ship, self.weapons[0])
            system = self.weapons.pop(0)
            spec = game.data.designs[ship.design].systems[system]
            if reachable and self._fed(game, ship, spec):
                # its one target: not asked, as holding it would gain nothing
                self.assignments.append((system, *reachable[0]))
        elif self.stage is FireStage.NEEDLE:
            self.stage = FireStage.RESOLVE
        elif self.resolved < len(self.assignments):
            system, kind, target = self.assignments[self.resolved]
            self.resolved += 1
            self._fire(game, ship, system, kind, target)
        else:
            for target, before in self.rows_before.items():
                threshold_check(game, state.ships[target], before)
            self.stage = FireStage.CHOOSE
            self.firer = -1
            self.turn_index += 1

    def _fire(self, game: FTGame, ship: Ship, system: int, kind: str, target: int) -> None:
        state = game.state
        spec = game.data.designs[ship.design].systems[system]
        ship.use(system)
        x, y = target_point(state, kind, target)
        distance = math.hypot(x - ship.x, y - ship.y)
        # the dice's label, their key, keeps the name; people read the ships' tags
        named = ship_label(state, ship)
        label, told = f"{ship.name} {spec.label}", f"{named} {spec.label}"
        source = worded(game.dice_for(ship.player), label, told)
        if kind == FIGHTERS:
            if not _feed_at_fighters(game, ship, spec):
                return
            face = _fire_at_fighters(game, ship, spec.label, target)
            if face:
                self.stage, self.dodging = FireStage.DODGE, (target, spec.label, face)
            return
        enemy = state.ships[target]
        if not enemy.active:
            return
        cls = game.data.designs[enemy.design]
        if enemy.id not in self.rows_before:
            self.rows_before[enemy.id] = rows_finished(cls, enemy.hull_hits)
        weapons = game.data.rules.weapons
        points = Points()
        # the luck query of the roll: its name, its arguments and its dice
        luck: tuple[str, tuple[int, ...], int] | None = None
        effect: int | None = None  # what the roll did, when not its damage
        if spec.kind == "beam":
            dice = beam_dice_at(spec.level, distance, weapons.beam_band)
            points = beam_dice(source, dice, screens=screens_of(cls, enemy), label=label)
            luck = ("beam", (dice, screens_of(cls, enemy), 0), dice)
        elif spec.kind == PULSER:
            dice = pulser_dice(game.data, spec, distance)
            points = beam_dice(source, dice, screens=screens_of(cls, enemy), label=label)
            luck = ("beam", (dice, screens_of(cls, enemy), 0), dice)
        elif spec.kind == STINGER:
            dice = stinger_dice(game.data, ship, distance)
            ship.attack_power -= dice
            points = beam_dice(source, dice, screens=screens_of(cls, enemy), label=label)
            luck = ("beam", (dice, screens_of(cls, enemy), 0), dice)
        elif spec.kind == POD_LAUNCHER:
            if pod_ready(game.data, ship, spec):  # as it was when aimed (ShipFirePhase._fed)
                grow_pod(game.data, ship, spec)
                pods = game.data.rules.pods
                points, fed = pod_strike(source, pods, spec.mode, label=label)
                ship.biomass += fed
                die = pods.lance_die if spec.mode == LANCE else pods.leech_die
                luck = ("pod", (int(spec.mode == LANCE), pods.hit_on, die), 1)
        elif spec.kind == "submunition":
            dice = to_hit_number(distance, range_table(weapons.submunition)) or 0
            points = beam_dice(source, dice, screens=0, label=label)  # screens no help
            luck = ("beam", (dice, 0, 0), dice)
        elif spec.kind == "k_gun":
            need = to_hit_number(distance, range_table(weapons.k_gun)) or 7
            points = kgun_shot(source, spec.level, need=need, label=label)
            luck = ("k_gun", (spec.level, need), 1)
        elif spec.kind == "mkp":
            points = mkp_shot(source, label=label)
            luck = ("mkp", (), 1)
        elif spec.kind == "scattergun":
            points = scattergun_at_ship(source, label=label)
            luck = ("scattergun", (), 1)
        elif spec.kind == "pulse_torpedo":
            need = to_hit_number(distance, range_table(weapons.pulse_torpedo)) or 7
            points = pulse_torpedo(source, need, label=label)
            luck = ("pulse_torpedo", (need,), 1)
        else:
            points, system_hit = needle_beam(source, label=label)
            effect = points.total + int(system_hit)  # FT-NEEDLE: a point, and a system
            luck = ("needle", (), 1)
            if system_hit and _damageable(game, enemy):
                self.needle_target = enemy.id
                self.stage = FireStage.NEEDLE
        game.emit(
            WeaponFired(
                ship=ship.id,
                system=system,
                target=enemy.id,
                damage=points.total,
                text=f"{possessive(named)} {spec.label} fires at {ship_label(state, enemy)} "
                f"({distance:.1f} MU): "
                + (f"{points.total} damage" if points.total else "misses"),
            )
        )
        if luck is not None:  # damage dealt, judged for the firing side
            query, args, dice = luck
            game.emit(RollEffect(ship.player, label, points.total if effect is None else effect,
                                 dice, query=query, args=args, told=told))
        apply_points(game, enemy, points, f"{possessive(named)} {spec.label}", by=ship)
        if self.stage is FireStage.NEEDLE and not enemy.active:
            self.stage = FireStage.RESOLVE


def _damageable(game: FTGame, ship: Ship) -> list[int]:
    cls = game.data.designs[ship.design]
    return [
        index
        for index, system in enumerate(cls.systems)
        if ship.damage[index] < (DRIVE_WRECKED if system.kind == "drive" else 1)
    ]


def _feed_at_fighters(game: FTGame, ship: Ship, spec: SystemSpec) -> bool:
    """A Sa'Vasku weapon's one die at fighters spends what it spends at a ship: a stinger a
    point of attack power, a pod launcher a pod grown of biomass and power (FT-SV-STINGER,
    FT-SV-PODS); False (no shot) when that is gone. Other weapons spend nothing."""
    if spec.kind == STINGER:
        if ship.attack_power < 1:
            return False
        ship.attack_power -= 1
    elif spec.kind == POD_LAUNCHER:
        if not pod_ready(game.data, ship, spec):
            return False
        grow_pod(game.data, ship, spec)
    return True


def _fire_at_fighters(game: FTGame, ship: Ship, label: str, group_id: int) -> int:
    """Optional rule: a 6 kills one fighter (a 5 or 6 a light fighter: every attack on
    them adds 1, FT-FTR-LIGHT), unless the group spends endurance to dodge. Returns the die
    of a hit that waits on its owner's choice to dodge (a group with endurance left), else
    0."""
    state = game.state
    group = state.groups[group_id]
    if group.count <= 0 or group.status != IN_SPACE:
        return 0
    need = fighter_kill_need(game.data, group)
    # the dice's label, their key, keeps the name; people read the ship's tag
    purpose = f"{ship.name} {label} at fighters"
    told = f"{ship_label(state, ship)} {label} at fighters"
    face = game.dice_for(ship.player).faces(6, 1, label=purpose, told=told)[0]
    game.emit(RollEffect(ship.player, purpose, int(face >= need), 1, at_least=need, told=told))
    if face < need:
        _report(game, ship, label, group, face, "misses")
        return 0
    if group.endurance > 0:
        return face
    fighter_hit(game, ship, label, group, face, dodge=False)
    return 0


def fighter_kill_need(lib: Library, group: FighterGroup) -> int:
    """The face a ship's weapon needs to kill a fighter of ``group`` (optional rule): a 6,
    a 5 against light fighters (FT-FTR-LIGHT)."""
    return SHIP_FIRE_KILLS_ON - (1 if profile(lib, group).light else 0)


def fighter_hit(game: FTGame, ship: Ship, label: str, group: FighterGroup, face: int, *,
                dodge: bool) -> None:
    """A weapon's hit on ``group`` lands: dodged for an endurance point, or one fighter
    lost (``face``: the die that hit, for the event)."""
    if dodge and group.endurance > 0:
        group.endurance -= 1
        text = "is dodged at the cost of an endurance point"
    else:
        group.count -= 1
        group.losses += 1
        text = f"kills a fighter, {group.count} left"
    _report(game, ship, label, group, face, text)


def _report(game: FTGame, ship: Ship, label: str, group: FighterGroup, face: int,
            text: str) -> None:
    game.emit(
        FireAtFighters(
            ship=ship.id,
            group=group.id,
            face=face,
            text=f"{possessive(ship_label(game.state, ship))} {label} fires at "
            f"{group_label(game.state, group)} and {text}",
        )
    )
