"""Phase 7: fighter combat, then point defence fire, then (optionally) fighter morale.

First dogfights (a group that declared an enemy group), screens (a group screening a ship
meets the first group attacking that ship) and salvo interceptions are fought. Then every
ship under attack allocates its point defence: its PDS and its class-1 beams, and the PDS
and class-1 beams of a neighbour with an area defence fire control within reach (which
covers one other ship a turn). Each system fires once a turn. The dice are rolled once
everything is allocated. With the morale rule, every group about to attack a ship (with an endurance
point left to pay for it) that has lost fighters (is below its full strength, whenever it
lost them) then tests: a d6 (-1 with an ace, +1 if green) above the fighters left breaks
off its attack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.dice import DiceSource, worded
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.core.words import possessive
from warbench.rulesets.full_thrust.actions import ChooseRole, DefenceDone, DefendWith
from warbench.rulesets.full_thrust.context import FTGame, FTProcedure
from warbench.rulesets.full_thrust.declarations import (
    FIGHTERS,
    SALVO,
    SHIP,
    choose_role,
    profile,
    role_decisions,
)
from warbench.rulesets.full_thrust.defence_reach import covers, defence_systems, defenders
from warbench.rulesets.full_thrust.events import (
    DefenceAllocated,
    Dogfight,
    FightersLost,
    Interception,
    MoraleBroken,
    MoraleHeld,
)
from warbench.rulesets.full_thrust.events_alien import BoltWeakened
from warbench.rulesets.full_thrust.kravak import k1_defence_table, scattergun_kills
from warbench.rulesets.full_thrust.library import FighterType, Library
from warbench.rulesets.full_thrust.luck import rule_effect
from warbench.rulesets.full_thrust.names import group_label, ship_label
from warbench.rulesets.full_thrust.phalon import in_burst, scattergun_bolt_hits
from warbench.rulesets.full_thrust.pods import (
    POD_LAUNCHER,
    grow_pod,
    interceptor_kills,
)
from warbench.rulesets.full_thrust.salvo_losses import down_missiles
from warbench.rulesets.full_thrust.savasku import SPICULE
from warbench.rulesets.full_thrust.scoring import (
    GroupDice,
    beam_rule,
    face_plus_table,
    group_kills,
    point_defence,
    read_faces,
    six_table,
)
from warbench.rulesets.full_thrust.state import (
    SCREENING,
    FighterGroup,
    FullThrustState,
    Ship,
)

#: A plasma bolt as a point defence threat (FT-ALIEN-PLASMA).
PLASMA = "plasma"
#: Interceptors attacking light fighters kill a d6 plus this many, whatever their number.
LIGHT_KILL_BONUS = 1


def dogfight_dice(fighting: FighterType, target: FighterType | None) -> GroupDice:
    """How a group fighting as ``fighting`` kills ``target`` fighters (``None``: missiles):
    interceptors kill a d6+1 light fighters; otherwise one die a fighter, scored like a beam
    (armoured targets as behind level-1 screens) or killing on a 6, with the type's modifier
    (an interceptor's lost against interceptors) and +1 against light fighters."""
    if target is not None and fighting.interceptor and target.light:
        return GroupDice(face_plus_table(LIGHT_KILL_BONUS), per_fighter=False,
                         aside=" vs light fighters")
    modifier = fighting.dogfight_modifier
    if target is not None and fighting.interceptor and target.interceptor:
        modifier = 0
    if target is not None and target.light:
        modifier += 1
    if fighting.dogfight == "six":
        return GroupDice(six_table(modifier))
    screens = 1 if target is not None and target.armoured else 0
    return GroupDice(beam_rule(screens, modifier))


def fighter_kills(
    game: FTGame, shooter: FighterGroup, fighting: FighterType, target: FighterType | None
) -> int:
    """Kills ``shooter`` scores in one round of a dogfight (``target`` None: missiles)."""
    dice = dogfight_dice(fighting, target)
    # the dice's label, their key, keeps the name; people read the group's tag
    label, told = f"{shooter.name} dogfight", f"{group_label(game.state, shooter)} dogfight"
    source = worded(game.dice_for(shooter.player), label, told)
    kills = group_kills(source, shooter.count, dice, label=label)
    game.emit(rule_effect(shooter.player, label + dice.aside, kills, dice.dice(shooter.count),
                          dice.reading, told=told + dice.aside))
    return kills


def _lose(game: FTGame, group: FighterGroup, kills: int, cause: str) -> None:
    kills = min(kills, group.count)
    if kills <= 0:
        return
    group.count -= kills
    group.losses += kills
    gone = " and is wiped out" if group.count == 0 else f", {group.count} left"
    game.emit(
        FightersLost(
            group=group.id,
            kills=kills,
            left=group.count,
            text=f"{group_label(game.state, group)} loses {kills} to {cause}{gone}",
        )
    )


def dogfight(game: FTGame, first: FighterGroup, second: FighterGroup) -> None:
    """Both groups roll at once; each that rolls spends an endurance point."""
    lib = game.data
    one, two = profile(lib, first), profile(lib, second)
    named_first, named_second = group_label(game.state, first), group_label(game.state, second)
    game.emit(
        Dogfight(
            groups=(first.id, second.id),
            text=f"{named_first} and {named_second} dogfight",
        )
    )
    on_second = fighter_kills(game, first, one, two) if first.endurance > 0 else 0
    on_first = fighter_kills(game, second, two, one) if second.endurance > 0 else 0
    for group in (first, second):
        group.engaged = True
        if group.endurance > 0:
            group.endurance -= 1
    _lose(game, second, on_second, named_first)
    _lose(game, first, on_first, named_second)


def fight_fighters(game: FTGame) -> None:
    """Dogfights, then screens meeting attackers, then interceptions of salvos. Two groups
    that each declared a dogfight on the other fight one dogfight, not two (engine
    default, FT-FTR-DOGFIGHT)."""
    state = game.state
    lib = game.data
    fought: set[frozenset[int]] = set()
    for group in state.groups:
        if group.target_kind == FIGHTERS and group.count > 0:
            enemy = state.groups[group.target]
            pair = frozenset((group.id, enemy.id))
            if enemy.count > 0 and enemy.in_play and pair not in fought:
                fought.add(pair)
                dogfight(game, group, enemy)
    for attacker in state.groups:
        if attacker.target_kind != SHIP or attacker.count <= 0:
            continue
        for screen in state.groups:
            if (
                screen.status == SCREENING
                and screen.screening == attacker.target
                and screen.count > 0
                and not screen.engaged
            ):
                dogfight(game, screen, attacker)
                break
    for group in state.groups:
        if group.target_kind == SALVO and group.count > 0 and group.endurance > 0:
            salvo = state.salvos[group.target]
            kills = min(fighter_kills(game, group, profile(lib, group), None), salvo.missiles)
            group.endurance -= 1
            group.engaged = True
            salvo.missiles -= kills
            game.emit(
                Interception(
                    group=group.id,
                    salvo=salvo.id,
                    kills=kills,
                    text=f"{group_label(state, group)} shoots down {kills} missiles of salvo "
                    f"{salvo.id}",
                )
            )


def threats(state: FullThrustState, lib: Library, ship: Ship) -> list[tuple[str, int]]:
    """Fighter groups and salvos about to attack ``ship``, and plasma bolts with ``ship``
    in their burst."""
    found: list[tuple[str, int]] = [
        (FIGHTERS, group.id)
        for group in state.groups
        if about_to_attack(group) and group.target == ship.id
    ]
    found += [
        (SALVO, salvo.id)
        for salvo in state.salvos
        if salvo.target == ship.id and salvo.missiles > 0
    ]
    found += [
        (PLASMA, bolt.id)
        for bolt in state.bolts
        if bolt.strength > 0 and in_burst(lib, bolt, ship)
    ]
    return found


def threat_point(state: FullThrustState, kind: str, threat: int) -> tuple[float, float]:
    """Where a threat's marker is (not yet moved onto its target: FT-SEQ-TARGETS)."""
    if kind == FIGHTERS:
        group = state.groups[threat]
        return group.x, group.y
    if kind == PLASMA:
        bolt = state.bolts[threat]
        return bolt.x, bolt.y
    salvo = state.salvos[threat]
    return salvo.x, salvo.y


def bears_on(game: FTGame, ship: Ship, system: int, kind: str, threat: int) -> bool:
    """Whether a point defence system can fire at the threat: a pulser only into its arcs
    (FT-PH-PULSER-PD), every other system all round."""
    spec = game.data.designs[ship.design].systems[system]
    x, y = threat_point(game.state, kind, threat)
    return covers(ship, spec, x, y)


def defence_options(game: FTGame, player: int) -> list[Action]:
    """Every allocation ``player`` may make now."""
    state = game.state
    options: list[Action] = []
    seen: set[DefendWith] = set()
    for ship in state.fleet(player):
        attacking = threats(state, game.data, ship)
        if not attacking:
            continue
        for defender in defenders(state, game.data, ship):
            for system in defence_systems(game.data, defender):
                for kind, threat in attacking:
                    option = DefendWith(defender.id, system, kind, threat)
                    if option not in seen and bears_on(game, defender, system, kind, threat):
                        seen.add(option)
                        options.append(option)
    return options


class DefenceStage(StrEnum):
    """Where phase 7 stands: fighter combat, then point defence allocation."""

    FIGHTERS = "fighters"
    ALLOCATE = "allocate"


@dataclass(slots=True)
class PointDefencePhase(FTProcedure):
    """Phase 7: fighter combat, point defence allocation and fire, morale."""

    stage: DefenceStage = DefenceStage.FIGHTERS
    done: list[int] = field(default_factory=list)
    allocations: list[tuple[int, int, str, int]] = field(default_factory=list)

    def decisions(self, game: FTGame) -> list[Decision]:
        if self.stage is DefenceStage.FIGHTERS:
            return role_decisions(game.state, game.data)  # FT-FTR-MULTIROLE
        state = game.state
        owed = []
        for player in state.loser_first:
            if player in self.done:
                continue
            options = defence_options(game, player)
            if options:
                owed.append(Decision(player, "allocate point defence", (*options, DefenceDone())))
        return owed

    def act(self, game: FTGame, player: int, action: Action) -> None:
        if isinstance(action, DefenceDone):
            self.done.append(player)
            return
        if isinstance(action, ChooseRole):
            choose_role(game, action)
            return
        if not isinstance(action, DefendWith):
            raise IllegalAction(f"{action!r} allocates no point defence")
        state = game.state
        defender = state.ships[action.ship]
        defender.use(action.system)
        spec = game.data.designs[defender.design].systems[action.system]
        if spec.kind == SPICULE:
            defender.attack_power -= 1  # a spicule shot costs one attack power
        elif spec.kind == POD_LAUNCHER:
            grow_pod(game.data, defender, spec)  # FT-SV-PODS
        self.allocations.append((action.ship, action.system, action.kind, action.threat))
        target = _threat_target(game, defender, action.kind, action.threat)
        if target != defender.id:
            defender.covering = target
        label = game.data.designs[defender.design].systems[action.system].label
        threat = _threat_name(state, action.kind, action.threat)
        game.emit(
            DefenceAllocated(
                ship=defender.id,
                system=action.system,
                target_kind=action.kind,
                threat=action.threat,
                text=f"{possessive(ship_label(state, defender))} {label} fires at {threat}",
            )
        )

    def step(self, game: FTGame) -> None:
        if self.stage is DefenceStage.FIGHTERS:
            fight_fighters(game)
            self.stage = DefenceStage.ALLOCATE
            return
        state = game.state
        lib = game.data
        for ship, system, kind, threat in self.allocations:
            _defensive_fire(game, lib, state.ships[ship], system, kind, threat)
        if state.option("fighter_morale"):
            for group in state.groups:
                if about_to_attack(group) and group.count < lib.fighters[group.kind].size:
                    morale_check(game, group)
        close_on_targets(state)
        game.pop()


def about_to_attack(group: FighterGroup) -> bool:
    """Whether ``group`` still has an attack on a ship to make in phase 8: a target ship,
    fighters left and an endurance point to pay for the attack (FT-FTR-ENDURANCE). Only
    such a group tests its morale, before attacking (FT-FTR-MORALE, seed l.104)."""
    return group.target_kind == SHIP and group.count > 0 and group.endurance > 0


def close_on_targets(state: FullThrustState) -> None:
    """After point defence, the markers of fighter groups still attacking a ship (not broken
    by morale, with an endurance point left for the attack) and of salvos still flying close
    on their targets (FT-SEQ-PD-ORDER, seed l.35), so that phase 8 judges where they are
    from there (whether a salvo lies in a plasma burst, l.44)."""
    for group in state.groups:
        if about_to_attack(group) and not group.broken:
            target = state.ships[group.target]
            group.x, group.y = target.x, target.y
    for salvo in state.salvos:
        if salvo.missiles > 0 and salvo.target >= 0:
            target = state.ships[salvo.target]
            salvo.x, salvo.y = target.x, target.y


def _threat_target(game: FTGame, defender: Ship, kind: str, threat: int) -> int:
    state = game.state
    if kind == FIGHTERS:
        return state.groups[threat].target
    if kind == PLASMA:
        bolt = state.bolts[threat]
        if in_burst(game.data, bolt, defender):
            return defender.id
        # an ADFC ship covers the first friend in the burst it reaches
        for friend in state.fleet(defender.player):
            if in_burst(game.data, bolt, friend) and defender in defenders(
                state, game.data, friend
            ):
                return friend.id
        return defender.id
    return state.salvos[threat].target


def _threat_name(state: FullThrustState, kind: str, threat: int) -> str:
    if kind == PLASMA:
        return f"plasma bolt {threat}"
    return group_label(state, state.groups[threat]) if kind == FIGHTERS else f"salvo {threat}"


def _defensive_fire(
    game: FTGame, lib: Library, ship: Ship, system: int, kind: str, threat: int
) -> None:
    state = game.state
    # the dice's label, their key, keeps the name; people read the ship's tag
    named = ship_label(state, ship)
    label, told = f"{ship.name} point defence", f"{named} point defence"
    source = worded(game.dice_for(ship.player), label, told)
    kind_of = game.data.designs[ship.design].systems[system].kind
    if kind == FIGHTERS:
        group = state.groups[threat]
        if group.count <= 0:
            return
        target = profile(lib, group)
        if kind_of == POD_LAUNCHER:
            kills = interceptor_kills(source, lib.rules.pods, heavy=target.armoured,
                                      light=target.light, label=label)
        else:
            kills = defence_kills(source, kind_of, target, label)
        _rate_defence(game, ship.player, (label, told), kind_of, kills, target)
        _lose(game, group, kills, f"{possessive(named)} point defence")
        return
    if kind == PLASMA:
        bolt = state.bolts[threat]
        if bolt.strength <= 0:
            return
        if kind_of == POD_LAUNCHER:
            hits = source.faces(lib.rules.pods.interceptor_die, 1, label=label)[0]
        else:
            hits = bolt_defence_hits(source, kind_of, label)
        _rate_defence(game, ship.player, (label, told), kind_of, hits, None, bolt=True)
        hits = min(hits, bolt.strength)
        bolt.strength -= hits
        game.emit(
            BoltWeakened(
                bolt=bolt.id, hits=hits, left=bolt.strength,
                text=f"{possessive(named)} point defence takes {hits} off plasma bolt {bolt.id}, "
                f"strength {bolt.strength} left",
            )
        )
        return
    salvo = state.salvos[threat]
    if salvo.missiles <= 0:
        return
    if kind_of == POD_LAUNCHER:
        shot = interceptor_kills(source, lib.rules.pods, heavy=False, light=False,
                                 label=label)
    else:
        shot = defence_kills(source, kind_of, None, label)
    _rate_defence(game, ship.player, (label, told), kind_of, shot, None)
    down_missiles(
        game, salvo, shot,
        lambda kills, left: f"{possessive(named)} point defence downs {kills} missiles of salvo "
        f"{salvo.id}, {left} left",
    )


def _rate_defence(
    game: FTGame, player: int, purpose: tuple[str, str], system: str, kills: int,
    target: FighterType | None, *, bolt: bool = False,
) -> None:
    """The luck of one point defence shot for its ship's side: its kills (before any cap)
    among fighters (``target``) or missiles (``target`` None), or with ``bolt`` the
    strength it takes off a plasma bolt (FT-ALIEN-PLASMA); ``purpose``: its dice's label
    and their words for people."""
    query, args = defence_query(game.data, system, target, bolt=bolt)
    label, told = purpose
    game.emit(RollEffect(player, label, kills, 1, query=query, args=args, told=told))


def defence_query(
    lib: Library, system: str, target: FighterType | None, *, bolt: bool
) -> tuple[str, tuple[int, ...]]:
    """The luck query of one point defence shot (see :func:`_rate_defence`)."""
    heavy = int(target is not None and target.armoured)
    light = int(target is not None and target.light)
    if system == POD_LAUNCHER:  # FT-SV-PODS: a d3 kills, or strength off a bolt
        return "interceptor", (lib.rules.pods.interceptor_die, heavy, light)
    if system == "scattergun":  # FT-KV-SCATTERGUN
        if bolt:
            return "scattergun_bolt", ()
        return "scattergun_kills", (heavy, light)
    if system == "k_gun":  # FT-KV-K1-PD
        return "k1_defence", (light,)
    return "point_defence", (int(system == "beam"), heavy, light)


def bolt_defence_hits(source: DiceSource, system: str, label: str) -> int:
    """Strength one point defence system takes off a plasma bolt: a scattergun 1 on 4-5
    and 2 on a 6, any other system one a kill, as against missiles."""
    if system == "scattergun":
        return scattergun_bolt_hits(source.faces(6, 1, label=label)[0])
    return defence_kills(source, system, None, label)


def defence_kills(
    source: DiceSource, system: str, target: FighterType | None, label: str
) -> int:
    """Kills of one point defence system of kind ``system`` at fighters of type ``target``
    (``None``: missiles); a pulser or a spicule fires one PDS die (FT-PH-PULSER-PD,
    FT-SV-SPICULE)."""
    armoured = target is not None and target.armoured
    light = target is not None and target.light
    if system == "scattergun":
        return scattergun_kills(source, heavy=armoured, light=light, label=label)
    if system == "k_gun":
        return read_faces(source, 1, k1_defence_table(light), label=label)
    return point_defence(
        source, beam=system == "beam", armoured=armoured, light=light, label=label
    )


def morale_check(game: FTGame, group: FighterGroup) -> None:
    """The optional morale test: a d6 (+1 green, -1 with an ace) above the fighters left
    breaks the attack off (the group spends no endurance on it)."""
    named = group_label(game.state, group)  # the dice's label, their key, keeps the name
    purpose, told = f"morale {group.name}", f"morale {named}"
    face = game.dice_for(group.player).faces(6, 1, label=purpose, told=told)[0]
    modifier = (1 if group.green else 0) - (1 if group.ace else 0)
    total = face + modifier
    game.emit(RollEffect(group.player, purpose, int(total <= group.count), 1,
                         modifier=modifier, at_most=group.count, told=told))  # 1: it holds
    if total > group.count:
        group.broken = True
        game.emit(
            MoraleBroken(
                group=group.id,
                face=face,
                text=f"{named} loses its nerve (rolled {face}) and breaks "
                "off",
            )
        )
    else:
        game.emit(
            MoraleHeld(
                group=group.id,
                face=face,
                text=f"{named} presses on (rolled {face})",
            )
        )
