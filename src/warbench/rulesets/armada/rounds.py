"""The battle as procedures: deployment, then rounds of engineering, helm and gunnery.

Read top to bottom it follows the rules' sequence: the armadas deploy some distance apart;
each round fleets regain shields (engineering), the admirals' checks set who moves first
and the armadas move half their fleets in turn, then the other half (helm); every fleet
may attack once and all the damage lands together at the end (gunnery); then morale,
critical damage and the end of the battle are settled.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import cast

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.dice import DiceExpr, d, roll
from warbench.core.engine import Game
from warbench.core.hexgrid import Hex, HexPose
from warbench.core.procedures import Outcome, Procedure
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.actions import Fire, HoldFire, Move
from warbench.rulesets.armada.combat import (
    armor_class,
    damage_per_die,
    gunnery_modifier,
    morale_modifier,
    range_band,
    targeting_refusal,
)
from warbench.rulesets.armada.data import Tables, load_tables
from warbench.rulesets.armada.moves import (
    drift_pose,
    end_pose,
    flee_steps,
    move_refusal,
    ordinary_moves,
    stunt_dc,
    stunt_moves,
)
from warbench.rulesets.armada.state import (
    ACTIVE,
    CRITICALS,
    DESTROYED,
    DISABLED,
    INSPIRED,
    ROUTED,
    SHAKEN,
    STEADY,
    ArmadaState,
    Fleet,
)

#: The EMP ability inflicts a critical condition when a check beats AC by this much.
EMP_MARGIN = 5
#: Morale check margins: passing by this much inspires, failing by this much routs.
MORALE_MARGIN = 5


def armada_state(game: Game) -> ArmadaState:
    """The game's state, typed."""
    return cast(ArmadaState, game.state)


# ------------------------------------------------------------------------ the battle


@dataclass(slots=True)
class Battle(Procedure):
    """Deploy, then play rounds until one side is beaten or the round limit is reached."""

    stage: str = "deploy"

    def step(self, game: Game) -> None:
        state = armada_state(game)
        if self.stage == "deploy":
            deploy(game, state, load_tables())
            self.stage = "rounds"
            return
        state.round += 1
        game.emit("round", f"round {state.round} begins", round=state.round)
        game.push(Round())


def deploy(game: Game, state: ArmadaState, tables: Tables) -> None:
    """Set the distance (3d6+5 hexes unless the set-up chose one) and place the fleets."""
    if state.distance <= 0:
        expr = DiceExpr.parse(tables.rounds.setup_distance)
        state.distance = expr.roll(game.dice, label="set-up distance").total
    for side in range(state.players):
        fleets = [fleet for fleet in state.fleets if fleet.side == side]
        if state.placements is not None:
            for fleet, (q, r, facing) in zip(fleets, state.placements[side], strict=True):
                fleet.place(HexPose(Hex(q, r), facing))
            continue
        # A line of fleets per side, flagship in the middle; the lines face each other,
        # and no two enemy fleets start closer than the set-up distance.
        ordered = sorted(fleets, key=lambda fleet: "flagship" not in fleet.abilities)
        for index, fleet in enumerate(ordered):
            offset = 2 * ((index + 1) // 2) * (1 if index % 2 else -1)
            row = state.distance if side == 0 else 0
            fleet.place(HexPose(Hex(offset, row - offset // 2), 0 if side == 0 else 3))
    game.emit(
        "deployed",
        f"the armadas deploy {state.distance} hexes apart",
        distance=state.distance,
        positions={fleet.id: [fleet.q, fleet.r, fleet.facing] for fleet in state.fleets},
    )


@dataclass(slots=True)
class Round(Procedure):
    """One round: engineering, helm, gunnery, then the end-of-round upkeep."""

    stage: str = "engineering"
    order: list[int] = field(default_factory=list)

    def step(self, game: Game) -> None:
        state = armada_state(game)
        tables = load_tables()
        if self.stage == "engineering":
            engineering(game, state, tables)
            self.stage = "helm"
        elif self.stage == "helm":
            self.order = initiative_order(game, state, list(range(state.players)))
            game.emit("initiative", f"movement order: sides {self.order}", order=self.order)
            drift(game, state, tables)
            game.push(HelmPhase(order=list(self.order)))
            self.stage = "gunnery"
        elif self.stage == "gunnery":
            game.push(GunneryPhase(order=list(self.order)))
            self.stage = "end"
        else:
            end_of_round(game, state, tables)
            if not game.is_over:
                game.pop()


# ------------------------------------------------------------------------ engineering


def max_shields(state: ArmadaState, fleet: Fleet) -> int:
    """Shield points the fleet may hold: its own plus its chief engineer's bonus."""
    return fleet.shield_max + state.officer_bonus(fleet, "chief-engineer")


def engineering(game: Game, state: ArmadaState, tables: Tables) -> None:
    """Each fleet regains shield points by the regain table (not with damaged shields)."""
    for fleet in state.fleets:
        if fleet.status != ACTIVE or "shields" in fleet.criticals:
            continue
        most = max_shields(state, fleet)
        dice = tables.regain_dice(most)
        if dice is None or fleet.shields >= most:
            fleet.shields = min(fleet.shields, most)
            continue
        gained = DiceExpr.parse(dice).roll(game.dice, label=f"{fleet.name} shields").total
        before = fleet.shields
        fleet.shields = min(most, fleet.shields + gained)
        game.emit(
            "shields",
            f"{fleet.name} regains {fleet.shields - before} shield points",
            fleet=fleet.id,
            shields=fleet.shields,
        )


# ------------------------------------------------------------------------ helm


def initiative_check(game: Game, state: ArmadaState, side: int) -> int:
    """The admiral's check (d20 + officer bonus + fleet modifier), or 1d6 with no admiral."""
    admiral = state.admiral(side)
    if admiral is None:
        return d(game.dice, 6, label=f"side {side} initiative (no admiral)").total
    fleet = state.fleets[admiral.fleet]
    natural = d(game.dice, 20, label=f"{admiral.name} initiative").total
    return natural + admiral.bonus + fleet.check_modifier + morale_modifier(fleet)


def initiative_order(game: Game, state: ArmadaState, sides: list[int]) -> list[int]:
    """Sides from the lowest check to the highest; tied sides check again among themselves."""
    if len(sides) <= 1:
        return list(sides)
    by_result: dict[int, list[int]] = {}
    for side in sides:
        by_result.setdefault(initiative_check(game, state, side), []).append(side)
    order: list[int] = []
    for result in sorted(by_result):
        order.extend(initiative_order(game, state, by_result[result]))
    return order


def drift(game: Game, state: ArmadaState, tables: Tables) -> None:
    """Disabled fleets drift straight ahead at half speed."""
    for fleet in state.fleets:
        if fleet.status == DISABLED:
            pose = drift_pose(state, tables, fleet)
            if pose != fleet.pose:
                fleet.place(pose)
                game.emit("drift", f"{fleet.name} drifts", fleet=fleet.id, to=[fleet.q, fleet.r])


class MoveSpace(ParamSpace):
    """Any legal move (or stunt) of one of the fleets a side may move now."""

    action_type = Move

    def __init__(self, state: ArmadaState, fleets: list[int]) -> None:
        self.state = state
        self.fleets = fleets
        self.description = f"move one of fleets {fleets} (ordinary move or stunt)"

    def validate(self, action: Action) -> str | None:
        assert isinstance(action, Move)
        if action.fleet not in self.fleets:
            return f"fleet {action.fleet} may not move now (movable: {self.fleets})"
        return move_refusal(self.state, self.state.fleets[action.fleet], action)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        samples: list[Action] = []
        for _ in range(count):
            fleet = self.state.fleets[self.fleets[rng.choice_index(len(self.fleets))]]
            if fleet.morale == ROUTED:
                samples.append(Move(fleet.id, flee_steps(self.state, fleet)))
                continue
            if rng.random() < 0.2:
                stunts = stunt_moves(self.state, fleet)
                if stunts:
                    samples.append(stunts[rng.choice_index(len(stunts))])
                    continue
            steps = list(ordinary_moves(self.state, fleet).values())
            samples.append(Move(fleet.id, steps[rng.choice_index(len(steps))]))
        return samples


@dataclass(slots=True)
class HelmPhase(Procedure):
    """Sides in order move half their active fleets (rounded up), then the rest."""

    order: list[int]
    half: int = 0
    turn: int = 0
    quota: int = -1
    moved: list[int] = field(default_factory=list)

    def movable(self, state: ArmadaState) -> list[int]:
        """Fleets of the side whose turn it is that have not moved yet."""
        side = self.order[self.turn]
        return [f.id for f in state.active_fleets(side) if f.id not in self.moved]

    def decisions(self, game: Game) -> list[Decision]:
        state = armada_state(game)
        if self.quota <= 0:
            return []
        movable = self.movable(state)
        if not movable:
            return []
        prompt = f"move a fleet ({self.quota} more in this half of the helm phase)"
        return [Decision(self.order[self.turn], prompt, (), (MoveSpace(state, movable),))]

    def act(self, game: Game, player: int, action: Action) -> None:
        assert isinstance(action, Move)
        state = armada_state(game)
        fleet = state.fleets[action.fleet]
        self.moved.append(fleet.id)
        self.quota -= 1
        pose = end_pose(state, fleet, action)
        dc = stunt_dc(fleet, action.stunt)
        if dc is not None:
            check = d(game.dice, 20, label=f"{fleet.name} {action.stunt}").total + (
                piloting_modifier(state, fleet)
            )
            if check < dc:
                game.emit(
                    "stunt_failed",
                    f"{fleet.name} fails its {action.stunt} ({check} against DC {dc})",
                    fleet=fleet.id,
                    check=check,
                    dc=dc,
                )
                return
        fleet.place(pose)
        game.emit(
            "moved",
            f"{fleet.name} moves to {fleet.q},{fleet.r} facing {fleet.facing}"
            + (f" ({action.stunt})" if action.stunt else ""),
            fleet=fleet.id,
            to=[fleet.q, fleet.r, fleet.facing],
            stunt=action.stunt,
        )

    def step(self, game: Game) -> None:
        state = armada_state(game)
        if self.quota == -1:
            movable = self.movable(state)
            side_active = len(state.active_fleets(self.order[self.turn]))
            self.quota = math.ceil(side_active / 2) if self.half == 0 else len(movable)
            return
        self.quota = -1
        self.turn += 1
        if self.turn == len(self.order):
            self.turn = 0
            self.half += 1
            if self.half == 2:
                game.pop()


def piloting_modifier(state: ArmadaState, fleet: Fleet) -> int:
    """A piloting check's modifier: fleet check modifier, class piloting modifier,
    commander's bonus, morale."""
    return (
        fleet.check_modifier
        + fleet.piloting_modifier
        + state.officer_bonus(fleet, "commander")
        + morale_modifier(fleet)
    )


# ------------------------------------------------------------------------ gunnery


@dataclass(slots=True)
class PendingHit:
    """A hit rolled during gunnery, applied with all the others at the end of the phase."""

    attacker: int
    target: int
    damage: int
    natural: int
    critical: bool


def fire_options(state: ArmadaState, tables: Tables, fleet: Fleet) -> list[Action]:
    """Every attack ``fleet`` may make now, and holding fire."""
    options: list[Action] = []
    superweapon = fleet.has("superweapon") and state.round >= fleet.superweapon_used_round + 2
    for target in state.fleets:
        if targeting_refusal(tables, fleet, target) is None:
            options.append(Fire(fleet.id, target.id))
            if superweapon:
                options.append(Fire(fleet.id, target.id, superweapon=True))
    options.append(HoldFire(fleet.id))
    return options


class FireSpace(ParamSpace):
    """Attacks of the fleets a side may still fire with; explains every refusal."""

    action_type = Fire

    def __init__(self, state: ArmadaState, tables: Tables, fleets: list[int]) -> None:
        self.state = state
        self.tables = tables
        self.fleets = fleets
        self.description = f"an attack by one of fleets {fleets}"

    def validate(self, action: Action) -> str | None:
        assert isinstance(action, Fire)
        state = self.state
        if not (0 <= action.fleet < len(state.fleets) and 0 <= action.target < len(state.fleets)):
            return f"no fleet {action.fleet} or {action.target} in this battle"
        attacker = state.fleets[action.fleet]
        if action.fleet not in self.fleets:
            return f"{attacker.name} may not attack now (it has attacked, or it is not active)"
        if action in fire_options(state, self.tables, attacker):
            return None
        if action.superweapon:
            return f"{attacker.name} has no superweapon ready"
        reason = targeting_refusal(self.tables, attacker, state.fleets[action.target])
        return reason or f"{attacker.name} cannot fire at {state.fleets[action.target].name}"

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        legal = [
            option
            for fleet in self.fleets
            for option in fire_options(self.state, self.tables, self.state.fleets[fleet])
            if isinstance(option, Fire)
        ]
        return [legal[rng.choice_index(len(legal))] for _ in range(count)] if legal else []


@dataclass(slots=True)
class GunneryPhase(Procedure):
    """Sides take turns declaring one fleet's attack; all hits land together at the end."""

    order: list[int]
    turn: int = 0
    shooters: list[int] | None = None
    done: list[int] = field(default_factory=list)
    hits: list[PendingHit] = field(default_factory=list)

    def waiting(self, state: ArmadaState, side: int) -> list[int]:
        """Fleets of ``side`` that may still attack this phase."""
        return [
            f
            for f in self.shooters or ()
            if f not in self.done and state.fleets[f].side == side
        ]

    def decisions(self, game: Game) -> list[Decision]:
        if self.shooters is None:
            return []
        state = armada_state(game)
        side = self.order[self.turn]
        waiting = self.waiting(state, side)
        if not waiting:
            return []
        tables = load_tables()
        options: list[Action] = []
        for fleet_id in waiting:
            options.extend(fire_options(state, tables, state.fleets[fleet_id]))
        return [
            Decision(
                side,
                "choose a fleet's attack, or hold its fire",
                tuple(options),
                (FireSpace(state, tables, waiting),),
            )
        ]

    def act(self, game: Game, player: int, action: Action) -> None:
        state = armada_state(game)
        assert isinstance(action, Fire | HoldFire)
        self.done.append(action.fleet)
        self.turn = (self.turn + 1) % len(self.order)
        if isinstance(action, HoldFire):
            game.emit("hold_fire", f"{state.fleets[action.fleet].name} holds fire")
            return
        hit = gunnery_check(game, state, load_tables(), action)
        if hit is not None:
            self.hits.append(hit)

    def step(self, game: Game) -> None:
        state = armada_state(game)
        if self.shooters is None:
            self.shooters = [f.id for f in state.fleets if f.status == ACTIVE]
            return
        if all(f in self.done for f in self.shooters):
            resolve_gunnery(game, state, load_tables(), self.hits)
            game.pop()
            return
        self.turn = (self.turn + 1) % len(self.order)


def gunnery_check(game: Game, state: ArmadaState, tables: Tables, fire: Fire) -> PendingHit | None:
    """Roll one attack: d20 + modifiers against AC; on a hit roll damage. Nothing is applied
    yet: the hit waits for the end of the phase."""
    attacker, target = state.fleets[fire.fleet], state.fleets[fire.target]
    if fire.superweapon:
        attacker.superweapon_used_round = state.round
    natural = d(game.dice, 20, label=f"{attacker.name} gunnery").total
    modifier = gunnery_modifier(state, tables, attacker, target, superweapon=fire.superweapon)
    check = natural + modifier
    ac = armor_class(state, target, attacker)
    band = range_band(tables, attacker, target)
    band_name = band.name if band is not None else "?"
    if check < ac:
        game.emit(
            "miss",
            f"{attacker.name} misses {target.name} ({check} against AC {ac}, {band_name} range)",
            attacker=attacker.id,
            target=target.id,
            natural=natural,
            check=check,
            ac=ac,
        )
        return None
    expr = DiceExpr.parse(attacker.damage)
    faces = roll(game.dice, expr.count, expr.sides, label=f"{attacker.name} damage").faces
    per_die = damage_per_die(tables, attacker, target)
    damage = sum(max(0, face + per_die) for face in faces) + expr.modifier
    critical = False
    if fire.superweapon:
        damage += attacker.tier
        critical = True
    if attacker.has("emp") and check >= ac + EMP_MARGIN:
        critical = True
    game.emit(
        "hit",
        f"{attacker.name} hits {target.name} for {damage} ({check} against AC {ac}, "
        f"{band_name} range)",
        attacker=attacker.id,
        target=target.id,
        natural=natural,
        check=check,
        ac=ac,
        damage=damage,
    )
    return PendingHit(attacker.id, target.id, damage, natural, critical)


def resolve_gunnery(
    game: Game, state: ArmadaState, tables: Tables, hits: list[PendingHit]
) -> None:
    """Apply every hit of the phase at once: shields, then hull; then disabled and destroyed
    fleets, critical damage and morale."""
    hull_damage: list[int] = []
    struck: list[int] = []
    for hit in hits:
        target = state.fleets[hit.target]
        absorbed = min(target.shields, hit.damage)
        target.shields -= absorbed
        target.hull -= hit.damage - absorbed
        hull_damage.append(hit.damage - absorbed)
        if target.id not in struck:
            struck.append(target.id)
        game.emit(
            "damage",
            f"{target.name} takes {hit.damage} ({absorbed} to shields), hull {target.hull}",
            fleet=target.id,
            shields=target.shields,
            hull=target.hull,
        )
    halved: list[Fleet] = []
    for fleet_id in struck:
        fleet = state.fleets[fleet_id]
        if fleet.hull < -fleet.hull_points:
            fleet.status = DESTROYED
            game.emit("destroyed", f"{fleet.name} is destroyed", fleet=fleet.id)
        elif fleet.hull <= 0 and fleet.status == ACTIVE:
            fleet.status = DISABLED
            game.emit("disabled", f"{fleet.name} is disabled", fleet=fleet.id)
        if fleet.status == ACTIVE and not fleet.halved and fleet.hull <= fleet.critical_threshold:
            fleet.halved = True
            halved.append(fleet)
    for hit, dealt in zip(hits, hull_damage, strict=True):
        target = state.fleets[hit.target]
        if target.status == ACTIVE and (hit.critical or (hit.natural == 20 and dealt >= 1)):
            critical_damage(game, target)
    for fleet in halved:
        critical_damage(game, fleet)
    for fleet in halved:
        if fleet.status == ACTIVE and fleet.morale != ROUTED:
            enemy_tier = max(side.tier for i, side in enumerate(state.sides) if i != fleet.side)
            morale_test(game, state, tables, fleet, 10 + enemy_tier // 2)


def critical_damage(game: Game, fleet: Fleet) -> None:
    """Roll on the critical damage table (a 6 rolls twice, ignoring 6s and repeats)."""
    face = d(game.dice, 6, label=f"{fleet.name} critical damage").total
    results: list[str] = []
    if face < 6:
        results.append(CRITICALS[face - 1])
    while face == 6 and len(results) < 2:
        again = d(game.dice, 6, label=f"{fleet.name} critical damage (roll twice)").total
        if again < 6 and CRITICALS[again - 1] not in results:
            results.append(CRITICALS[again - 1])
    for condition in results:
        if condition not in fleet.criticals:
            fleet.criticals.append(condition)
        if condition == "auxiliary" and not fleet.suppressed_ability:
            choices = [a for a in fleet.abilities if a != "flagship"]
            if len(choices) == 1:
                fleet.suppressed_ability = choices[0]
            elif choices:
                pick = d(game.dice, len(choices), label=f"{fleet.name} auxiliary system").total
                fleet.suppressed_ability = choices[pick - 1]
        game.emit(
            "critical",
            f"{fleet.name} suffers critical damage: {condition}"
            + (f" ({fleet.suppressed_ability} lost)" if condition == "auxiliary" else ""),
            fleet=fleet.id,
            condition=condition,
        )


def morale_test(game: Game, state: ArmadaState, tables: Tables, fleet: Fleet, dc: int) -> None:
    """A morale check: pass by 5+ inspires, pass by less does nothing, fail by 1-4 shakes,
    fail by 5+ routs (and shakes allies within 2 hexes at half hull or less)."""
    if state.round == fleet.morale_safe_round:
        return
    natural = d(game.dice, 20, label=f"{fleet.name} morale").total
    check = (
        natural
        + fleet.check_modifier
        + state.officer_bonus(fleet, "admiral")
        + morale_modifier(fleet)
    )
    margin = check - dc
    if margin >= 0:
        fleet.morale_safe_round = state.round
    if margin >= MORALE_MARGIN:
        fleet.morale, fleet.morale_until = INSPIRED, state.round + 1
    elif margin <= -MORALE_MARGIN:
        fleet.morale, fleet.routed_round = ROUTED, state.round
    elif margin < 0:
        fleet.morale, fleet.morale_until = SHAKEN, state.round + 1
    game.emit(
        "morale",
        f"{fleet.name} tests morale: {check} against DC {dc}, now {fleet.morale}",
        fleet=fleet.id,
        check=check,
        dc=dc,
        morale=fleet.morale,
    )
    if fleet.morale == ROUTED:
        routed_ac = armor_class(state, fleet)
        radius = tables.rounds.rout.allied_test_radius
        for ally in state.fleets:
            if (
                ally.side == fleet.side
                and ally.id != fleet.id
                and ally.status == ACTIVE
                and ally.morale != ROUTED
                and 2 * ally.hull <= ally.hull_points
                and ally.hex.distance(fleet.hex) <= radius
            ):
                morale_test(game, state, tables, ally, routed_ac)


# ------------------------------------------------------------------------ end of round


def end_of_round(game: Game, state: ArmadaState, tables: Tables) -> None:
    """Morale wears off, long routs end in disablement, and the battle may end."""
    for fleet in state.fleets:
        if fleet.morale in (INSPIRED, SHAKEN) and fleet.morale_until <= state.round:
            fleet.morale = STEADY
        if (
            fleet.morale == ROUTED
            and fleet.status == ACTIVE
            and state.round - fleet.routed_round >= tables.rounds.rout.rounds_before_disabled
        ):
            fleet.status = DISABLED
            game.emit("disabled", f"{fleet.name} has fled too long and is disabled", fleet=fleet.id)
    standing = [side for side in range(state.players) if state.active_fleets(side)]
    if len(standing) <= 1:
        winners = tuple(standing)
        reason = (
            f"{state.sides[standing[0]].name} holds the field" if standing else "both armadas fall"
        )
        game.end(Outcome(winners, battle_scores(state), reason))
    elif state.round >= state.max_rounds:
        scores = battle_scores(state)
        best = max(scores)
        winners = tuple(side for side, score in enumerate(scores) if score == best)
        game.end(
            Outcome(
                winners if len(winners) == 1 else (),
                scores,
                f"round limit {state.max_rounds} reached; build points beaten {list(scores)}",
            )
        )


def battle_scores(state: ArmadaState) -> tuple[float, ...]:
    """For each side, the build points of enemy fleets it has disabled or destroyed."""
    return tuple(
        float(sum(f.cost for f in state.fleets if f.side != side and f.status != ACTIVE))
        for side in range(state.players)
    )
