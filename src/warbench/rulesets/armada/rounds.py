"""The battle as procedures: deployment, then rounds of engineering, helm and gunnery.

Read top to bottom it follows the rules' sequence: the armadas deploy some distance apart;
each round fleets regain shields (engineering), the admirals' checks set who moves first
and the armadas move half their fleets in turn, then the other half (helm); every fleet
may attack once and all the damage lands together at the end (gunnery); then morale,
critical damage and the end of the battle are settled.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, cast

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.dice import DiceExpr, d
from warbench.core.engine import Game
from warbench.core.hexgrid import Hex, HexPose
from warbench.core.procedures import Outcome, Procedure
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.actions import (
    ChangeRole,
    Decline,
    EndOrders,
    Fire,
    HoldFire,
    LayMines,
    Move,
    Order,
    SelfDestruct,
)
from warbench.rulesets.armada.combat import (
    ARRAY_PENALTY,
    Gunnery,
    absorb_damage,
    arcs_toward,
    armor_class,
    band_at,
    check_modifiers,
    firing_arcs,
    gunnery_for,
    gunnery_officer_bonus,
    mine_gunnery,
    range_band,
    reaches_critical_threshold,
    roll_d20,
    roll_gunnery,
    status_for_hull,
    targeting_refusal,
)
from warbench.rulesets.armada.data import Tables, load_tables
from warbench.rulesets.armada.experience import reward_text, rewards_for
from warbench.rulesets.armada.moves import (
    STUNT_DC_BASE,
    drift_pose,
    flee_steps,
    mine_cost,
    move_refusal,
    ordinary_moves,
    passed_enemies,
    plan_move,
    stunt_dc,
    stunt_moves,
)
from warbench.rulesets.armada.officers import (
    OrderSpace,
    change_role,
    encouragement,
    end_of_round_orders,
    end_of_taunts,
    give_order,
    morale_check_modifier,
    resolve_spender,
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
    Mine,
)
from warbench.rulesets.armada.templates import template_id

#: Morale check margins: passing by this much inspires, failing by this much routs.
MORALE_MARGIN = 5


def armada_state(game: Game[Any, Any]) -> ArmadaState:
    """The game's state, typed."""
    return cast(ArmadaState, game.state)


# ------------------------------------------------------------------------ the battle


@dataclass(slots=True)
class Battle(Procedure[Any, Any]):
    """Deploy, then play rounds until one side is beaten or the round limit is reached."""

    stage: str = "deploy"

    def step(self, game: Game[Any, Any]) -> None:
        state = armada_state(game)
        if self.stage == "deploy":
            deploy(game, state, load_tables())
            self.stage = "rounds"
            return
        state.round += 1
        game.emit("round", f"round {state.round} begins", round=state.round)
        game.push(Round())


def deploy(game: Game[Any, Any], state: ArmadaState, tables: Tables) -> None:
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
class Round(Procedure[Any, Any]):
    """One round: engineering (officers' orders, then shields), helm, gunnery, then the
    end-of-round upkeep."""

    stage: str = "orders"
    order: list[int] = field(default_factory=list)

    def step(self, game: Game[Any, Any]) -> None:
        state = armada_state(game)
        tables = load_tables()
        if self.stage == "orders":
            state.phase = "engineering"
            game.push(OrdersWindow(list(range(state.players))))
            self.stage = "engineering"
        elif self.stage == "engineering":
            engineering(game, state, tables)
            self.stage = "helm"
        elif self.stage == "helm":
            state.phase = "helm"
            end_of_taunts(state)
            self.order = initiative_order(game, state, list(range(state.players)))
            game.emit("initiative", f"movement order: sides {self.order}", order=self.order)
            drift(game, state, tables)
            game.push(HelmPhase(order=list(self.order)))
            self.stage = "mines"
        elif self.stage == "mines":
            game.push(MinesWindow(list(self.order)))
            self.stage = "gunnery"
        elif self.stage == "gunnery":
            state.phase = "gunnery"
            game.push(GunneryPhase(order=list(self.order)))
            self.stage = "end"
        else:
            end_of_round(game, state, tables)
            if not game.is_over:
                game.pop()


# ------------------------------------------------------------------------ engineering


@dataclass(slots=True)
class OrdersWindow(Procedure[Any, Any]):
    """The start of engineering: each armada in turn changes its officers' roles and gives
    its engineering orders (moving to an adjacent fleet among them), then ends its orders."""

    sides: list[int]
    turn: int = 0

    def decisions(self, game: Game[Any, Any]) -> list[Decision]:
        if self.turn >= len(self.sides):
            return []
        state = armada_state(game)
        side = self.sides[self.turn]
        space = OrderSpace(state, load_tables(), side, "engineering")
        if not space.candidates():
            return []
        return [Decision(side, "officers: change roles and give engineering orders",
                         (EndOrders(),), (space,))]

    def act(self, game: Game[Any, Any], player: int, action: Action) -> None:
        state = armada_state(game)
        if isinstance(action, ChangeRole):
            change_role(game, state, action)
        elif isinstance(action, Order):
            give_order(game, state, load_tables(), action)
        else:
            self.turn += 1

    def step(self, game: Game[Any, Any]) -> None:
        self.turn += 1
        if self.turn >= len(self.sides):
            game.pop()


def max_shields(state: ArmadaState, fleet: Fleet) -> int:
    """Shield points the fleet may hold: its own plus its chief engineer's bonus."""
    return fleet.shield_max + state.officer_bonus(fleet, "chief-engineer")


def engineering(game: Game[Any, Any], state: ArmadaState, tables: Tables) -> None:
    """Each fleet regains shield points by the regain table (not with damaged shields)."""
    for fleet in state.fleets:
        if fleet.status != ACTIVE or "shields" in fleet.criticals:
            continue
        most = max_shields(state, fleet)
        dice = tables.regain_dice(most)
        if dice is None or fleet.shields >= most:
            fleet.shields = min(fleet.shields, most)
            continue
        gained = DiceExpr.parse(dice).roll(game.dice_for(fleet.side),
                                           label=f"{fleet.name} shields").total
        gained += fleet.this_round.regain_bonus
        before = fleet.shields
        fleet.shields = min(most, fleet.shields + gained)
        game.emit(
            "shields",
            f"{fleet.name} regains {fleet.shields - before} shield points",
            fleet=fleet.id,
            shields=fleet.shields,
        )


# ------------------------------------------------------------------------ helm


def initiative_check(game: Game[Any, Any], state: ArmadaState, side: int) -> int:
    """The admiral's check (d20 + officer bonus + fleet modifier, + 1d4 foreseen by a
    chief spellcaster), or 1d6 with no admiral."""
    admiral = state.admiral(side)
    dice = game.dice_for(side)
    if admiral is None:
        return d(dice, 6, label=f"side {side} initiative (no admiral)").total
    fleet = state.fleets[admiral.fleet]
    natural = d(dice, 20, label=f"{admiral.name} initiative").total
    total = natural + admiral.bonus + fleet.check_modifier + check_modifiers(fleet)
    total += encouragement(fleet, admiral.bonus)
    if state.sides[side].precognition_round == state.round:
        state.sides[side].precognition_round = 0
        total += d(dice, 4, label=f"{admiral.name} precognition").total
    return total


def initiative_order(game: Game[Any, Any], state: ArmadaState, sides: list[int]) -> list[int]:
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


def drift(game: Game[Any, Any], state: ArmadaState, tables: Tables) -> None:
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
        fleet = self.state.fleets[action.fleet]
        if action.resolve:
            if action.stunt not in ("flyby", *STUNT_DC_BASE):
                return "only a stunt with a piloting check can spend resolve"
            if resolve_spender(self.state, fleet) is None:
                return f"no officer aboard {fleet.name} has a resolve point left"
        return move_refusal(self.state, fleet, action)

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
class HelmPhase(Procedure[Any, Any]):
    """Sides in order move half their active fleets (rounded up), then the rest. The
    officers of a fleet give their helm orders just before or just after it moves: an order
    before the move commits the armada to move that fleet next."""

    order: list[int]
    half: int = 0
    turn: int = 0
    quota: int = -1
    moved: list[int] = field(default_factory=list)
    current: int = -1
    committed: bool = False

    def movable(self, state: ArmadaState) -> list[int]:
        """Fleets of the side whose turn it is that have not moved yet."""
        side = self.order[self.turn]
        return [f.id for f in state.active_fleets(side) if f.id not in self.moved]

    def decisions(self, game: Game[Any, Any]) -> list[Decision]:
        state = armada_state(game)
        tables = load_tables()
        side = self.order[self.turn]
        if self.quota == 0 and self.current >= 0:
            after = OrderSpace(state, tables, side, "helm", [self.current])
            if not after.candidates():
                return []
            return [Decision(side, "orders after the move, or end them", (EndOrders(),),
                             (after,))]
        movable = self.movable(state)
        if self.quota <= 0 or not movable:
            return []
        movers = [self.current] if self.committed else movable
        spaces: list[ParamSpace] = [MoveSpace(state, movers)]
        officers_of = sorted({*movers, self.current} - {-1})
        orders = OrderSpace(state, tables, side, "helm", officers_of)
        if orders.candidates():
            spaces.append(orders)
        prompt = f"move a fleet ({self.quota} more in this half of the helm phase)"
        return [Decision(side, prompt, (), tuple(spaces))]

    def act(self, game: Game[Any, Any], player: int, action: Action) -> None:
        state = armada_state(game)
        if isinstance(action, EndOrders):
            self.current, self.committed = -1, False
            return
        if isinstance(action, Order):
            tables = load_tables()
            give_order(game, state, tables, action)
            home = state.officers[action.officer].fleet
            if tables.orders[action.order].phase == "helm" and home != self.current:
                self.current, self.committed = home, True
            return
        assert isinstance(action, Move)
        fleet = state.fleets[action.fleet]
        self.moved.append(fleet.id)
        self.quota -= 1
        self.current, self.committed = fleet.id, False
        move_fleet(game, state, load_tables(), fleet, action)

    def step(self, game: Game[Any, Any]) -> None:
        state = armada_state(game)
        if self.quota == -1:
            movable = self.movable(state)
            side_active = len(state.active_fleets(self.order[self.turn]))
            self.quota = math.ceil(side_active / 2) if self.half == 0 else len(movable)
            return
        self.quota = -1
        self.current, self.committed = -1, False
        self.turn += 1
        if self.turn == len(self.order):
            self.turn = 0
            self.half += 1
            if self.half == 2:
                game.pop()


def move_fleet(game: Game[Any, Any], state: ArmadaState, tables: Tables, fleet: Fleet, move: Move) -> None:
    """Make a legal move: the piloting check of a stunt (a failed one leaves the fleet where
    it was, but a failed flyby still passes the enemy), then free attacks from the enemies
    passed, then conjured debris where it ends."""
    plan = plan_move(state, fleet, move)
    slowed = mine_cost(state, tables, fleet, plan.path) > 0
    dc = piloting_dc(state, fleet, move)
    passed = True
    if dc is not None:
        spender = resolve_spender(state, fleet) if move.resolve else None
        if spender is not None:
            spender.resolve -= 1
        natural = roll_d20(game.dice_for(fleet.side), f"{fleet.name} {move.stunt}",
                           twice=move.resolve)
        commander = state.officer_bonus(fleet, "commander")
        check = natural + piloting_modifier(state, fleet) + encouragement(fleet, commander)
        passed = check >= dc
        if not passed:
            game.emit(
                "stunt_failed",
                f"{fleet.name} fails its {move.stunt} ({check} against DC {dc})",
                fleet=fleet.id,
                check=check,
                dc=dc,
            )
            if move.stunt != "flyby":
                debris_damage(game, state, fleet)
                return
    fleet.place(plan.end)
    if slowed:
        fleet.slowed_round = state.round
    game.emit(
        "moved",
        f"{fleet.name} moves to {fleet.q},{fleet.r} facing {fleet.facing}"
        + (f" ({move.stunt})" if move.stunt else ""),
        fleet=fleet.id,
        to=[fleet.q, fleet.r, fleet.facing],
        stunt=move.stunt,
    )
    flown_by = move.target if move.stunt == "flyby" else -1
    if flown_by >= 0 and passed:
        fleet.now().flyby_target = flown_by
        if fleet.has("boarders"):
            fleet.boarding = flown_by
            game.emit("boarders", f"{fleet.name}'s boarders cross to "
                      f"{state.fleets[flown_by].name}", fleet=fleet.id, target=flown_by)
    for enemy in passed_enemies(state, fleet, plan.path):
        if fleet.status != ACTIVE:
            break
        if enemy.id == flown_by and passed:
            continue
        halved = enemy.id == flown_by and not enemy.has("point-defense")
        free_attack(game, state, tables, enemy, fleet, halved=halved)
    debris_damage(game, state, fleet)


def free_attack(
    game: Game[Any, Any], state: ArmadaState, tables: Tables, attacker: Fleet, target: Fleet,
    *, halved: bool = False, label: str = "free attack",
) -> None:
    """An attack outside the gunnery phase (at 1 hex, any arc, no forward shields), landing
    at once: a fleet passing through the attacker's hex, or a self-destruct."""
    gunnery = gunnery_for(state, tables, attacker, target, close=True, halved=halved)
    shot = roll_gunnery(game.dice_for(attacker.side), gunnery, f"{attacker.name} {label}")
    half = ", half damage" if halved else ""
    where = f"({shot.check} against AC {gunnery.armor_class}{half})"
    if not shot.hit:
        game.emit("miss", f"{attacker.name}'s {label} misses {target.name} {where}",
                  attacker=attacker.id, target=target.id, natural=shot.natural,
                  check=shot.check, ac=gunnery.armor_class)
        return
    game.emit("hit", f"{attacker.name}'s {label} hits {target.name} for {shot.damage} {where}",
              attacker=attacker.id, target=target.id, natural=shot.natural, check=shot.check,
              ac=gunnery.armor_class, damage=shot.damage)
    resolve_gunnery(
        game, state, tables, [PendingHit(attacker.id, target.id, shot.damage, shot.natural,
                                          gunnery)]
    )


def debris_damage(game: Game[Any, Any], state: ArmadaState, fleet: Fleet) -> None:
    """A fleet ending its move in conjured debris takes the debris's damage at once."""
    damage = sum(debris.damage for debris in state.debris if debris.covers(fleet.hex))
    if damage:
        game.emit("debris", f"{fleet.name} ends its move in the debris: {damage} damage",
                  fleet=fleet.id, damage=damage)
        resolve_gunnery(game, state, load_tables(), [PendingHit(-1, fleet.id, damage)])


def piloting_dc(state: ArmadaState, fleet: Fleet, move: Move) -> int | None:
    """The move's piloting DC: a flyby's is the passed enemy's AC; ``None`` without check."""
    if move.stunt == "flyby":
        return armor_class(state, state.fleets[move.target])
    return stunt_dc(fleet, move.stunt)


def piloting_modifier(state: ArmadaState, fleet: Fleet) -> int:
    """A piloting check's modifier: fleet check modifier, class piloting modifier,
    commander's bonus, the modifiers on all the fleet's checks (morale, taunts)."""
    return (
        fleet.check_modifier
        + fleet.piloting_modifier
        + state.officer_bonus(fleet, "commander")
        + check_modifiers(fleet)
    )


# ------------------------------------------------------------------------ gravity mines


class MineSpace(ParamSpace):
    """Two hexes within reach of one of the fleets that may lay gravity mines now."""

    action_type = LayMines

    def __init__(self, state: ArmadaState, tables: Tables, fleets: list[int]) -> None:
        self.state, self.rule, self.fleets = state, tables.rounds.gravity_mines, fleets
        self.description = f"lay gravity mines with one of fleets {fleets}"

    def validate(self, action: Action) -> str | None:
        assert isinstance(action, LayMines)
        if action.fleet not in self.fleets:
            return f"fleet {action.fleet} may not lay gravity mines now (may: {self.fleets})"
        fleet = self.state.fleets[action.fleet]
        hexes = [Hex(q, r) for q, r in action.hexes]
        if len(hexes) != self.rule.hexes or len(set(hexes)) != len(hexes):
            return f"gravity mines go in {self.rule.hexes} different hexes"
        far = [h for h in hexes if h.distance(fleet.hex) > self.rule.reach]
        if far:
            return f"{far[0]!r} is more than {self.rule.reach} hexes from {fleet.name}"
        return None

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        samples: list[Action] = []
        for _ in range(count):
            fleet = self.state.fleets[self.fleets[rng.choice_index(len(self.fleets))]]
            around = list(fleet.hex.within(self.rule.reach))
            picked: list[Hex] = []
            while len(picked) < self.rule.hexes:
                hex_ = around.pop(rng.choice_index(len(around)))
                picked.append(hex_)
            samples.append(LayMines(fleet.id, tuple((h.q, h.r) for h in picked)))
        return samples


@dataclass(slots=True)
class MinesWindow(Procedure[Any, Any]):
    """The end of the helm phase: in helm order, each armada may lay the gravity mines of
    its fleets that have not laid them yet (once a battle)."""

    sides: list[int]
    turn: int = 0
    declined: list[int] = field(default_factory=list)

    def layers(self, state: ArmadaState, side: int) -> list[int]:
        """Fleets of ``side`` that may still lay their mines this round."""
        return [
            fleet.id
            for fleet in state.active_fleets(side)
            if fleet.has("gravity-mines") and not fleet.mines_laid
            and fleet.id not in self.declined
        ]

    def decisions(self, game: Game[Any, Any]) -> list[Decision]:
        if self.turn >= len(self.sides):
            return []
        state = armada_state(game)
        side = self.sides[self.turn]
        layers = self.layers(state, side)
        if not layers:
            return []
        return [Decision(side, "lay gravity mines now, or not yet",
                         tuple(Decline(fleet) for fleet in layers),
                         (MineSpace(state, load_tables(), layers),))]

    def act(self, game: Game[Any, Any], player: int, action: Action) -> None:
        state = armada_state(game)
        if isinstance(action, Decline):
            self.declined.append(action.fleet)
            return
        assert isinstance(action, LayMines)
        fleet = state.fleets[action.fleet]
        rule = load_tables().rounds.gravity_mines
        for q, r in action.hexes:
            state.mines.append(Mine(q, r, fleet.side, fleet.id, state.round,
                                    max(1, fleet.tier // rule.hp_divisor)))
        fleet.mines_laid = True
        game.emit("mines", f"{fleet.name} lays gravity mines at "
                  + " and ".join(f"{q},{r}" for q, r in action.hexes), fleet=fleet.id,
                  hexes=[list(h) for h in action.hexes])

    def step(self, game: Game[Any, Any]) -> None:
        self.turn += 1
        if self.turn >= len(self.sides):
            game.pop()


# ------------------------------------------------------------------------ gunnery


@dataclass(slots=True)
class PendingHit:
    """Damage waiting to land: a hit rolled during gunnery (applied with all the others at
    the end of the phase), or damage with no gunnery check (``gunnery`` is ``None``)."""

    attacker: int
    target: int
    damage: int
    natural: int = 0
    gunnery: Gunnery | None = None
    mine: int = -1


def superweapon_ready(state: ArmadaState, fleet: Fleet) -> bool:
    """Whether the fleet's superweapon may fire (not since the end of the round after its
    last shot)."""
    return fleet.has("superweapon") and state.round >= fleet.superweapon_used_round + 2


def fire_options(state: ArmadaState, tables: Tables, fleet: Fleet) -> list[Action]:
    """Every attack ``fleet`` may make now (array groups and gravity mines included), and
    holding fire."""
    options: list[Action] = []
    superweapon = superweapon_ready(state, fleet)
    resolve = (False, True) if resolve_spender(state, fleet) is not None else (False,)
    targets = [t for t in state.fleets if targeting_refusal(tables, fleet, t) is None]
    for target in targets:
        for twice in resolve:
            options.append(Fire(fleet.id, target.id, resolve=twice))
            if superweapon:
                options.append(Fire(fleet.id, target.id, superweapon=True, resolve=twice))
    if fleet.has("array"):
        for size in (2, 3):
            for group in combinations(targets, size):
                if shared_arc(fleet, group):
                    options.append(Fire(fleet.id, group[0].id, also=tuple(t.id for t in group[1:])))
    for index, mine in enumerate(state.mines):
        if mine_refusal(tables, fleet, mine) is None:
            options.append(Fire(fleet.id, -1, mine=index))
    options.append(HoldFire(fleet.id))
    return options


def shared_arc(attacker: Fleet, targets: Sequence[Fleet]) -> bool:
    """Whether one firing arc of ``attacker`` holds every target (for an array)."""
    arcs = frozenset(attacker.arcs)
    for target in targets:
        arcs &= firing_arcs(attacker, target)
    return bool(arcs)


def mine_refusal(tables: Tables, attacker: Fleet, mine: Mine) -> str | None:
    """Why ``attacker`` may not shoot at ``mine`` now, or ``None``."""
    if mine.hp <= 0:
        return "that mine is destroyed"
    if not arcs_toward(attacker, mine.hex):
        return f"the mine at {mine.q},{mine.r} is in none of {attacker.name}'s firing arcs"
    if band_at(tables, attacker, mine.hex) is None:
        return f"the mine at {mine.q},{mine.r} is beyond {attacker.name}'s extreme range"
    return None


def fire_refusal(state: ArmadaState, tables: Tables, attacker: Fleet, fire: Fire) -> str | None:
    """Why ``attacker`` may not make the attack ``fire`` now, or ``None``."""
    if fire.mine >= 0:
        if fire.target != -1 or fire.also or fire.superweapon or fire.resolve:
            return "an attack on a mine names target -1 and nothing else"
        if fire.mine >= len(state.mines):
            return f"there is no mine {fire.mine}"
        return mine_refusal(tables, attacker, state.mines[fire.mine])
    indexes = (fire.target, *fire.also)
    if any(not 0 <= index < len(state.fleets) for index in indexes):
        return f"no fleet {list(indexes)} in this battle"
    if fire.superweapon and not superweapon_ready(state, attacker):
        return f"{attacker.name} has no superweapon ready"
    if fire.resolve and resolve_spender(state, attacker) is None:
        return f"no officer aboard {attacker.name} has a resolve point left"
    if fire.also:
        if not attacker.has("array"):
            return f"{attacker.name} has no array to attack several fleets at once"
        if len(indexes) > len(ARRAY_PENALTY) or len(set(indexes)) != len(indexes):
            return "an array attacks two or three different fleets"
        if fire.superweapon or fire.resolve:
            return "an array attack takes no superweapon and no resolve"
    targets = [state.fleets[index] for index in indexes]
    for target in targets:
        reason = targeting_refusal(tables, attacker, target)
        if reason is not None:
            return reason
    if fire.also and not shared_arc(attacker, targets):
        return "an array's targets must all lie in one firing arc"
    return None


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
        if not 0 <= action.fleet < len(state.fleets):
            return f"no fleet {action.fleet} in this battle"
        attacker = state.fleets[action.fleet]
        if action.fleet not in self.fleets:
            return f"{attacker.name} may not attack now (it has attacked, or it is not active)"
        return fire_refusal(state, self.tables, attacker, action)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        legal = [
            option
            for fleet in self.fleets
            for option in fire_options(self.state, self.tables, self.state.fleets[fleet])
            if isinstance(option, Fire)
        ]
        return [legal[rng.choice_index(len(legal))] for _ in range(count)] if legal else []


@dataclass(slots=True)
class GunneryPhase(Procedure[Any, Any]):
    """Boarders attack; then sides take turns declaring one fleet's attack; all hits land
    together at the end."""

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

    def decisions(self, game: Game[Any, Any]) -> list[Decision]:
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
        spaces: list[ParamSpace] = [FireSpace(state, tables, waiting)]
        orders = OrderSpace(state, tables, side, "gunnery")
        if orders.candidates():
            spaces.append(orders)
        return [
            Decision(
                side, "choose a fleet's attack, or hold its fire", tuple(options), tuple(spaces)
            )
        ]

    def act(self, game: Game[Any, Any], player: int, action: Action) -> None:
        state = armada_state(game)
        if isinstance(action, Order):
            give_order(game, state, load_tables(), action)
            return
        assert isinstance(action, Fire | HoldFire)
        self.done.append(action.fleet)
        self.turn = (self.turn + 1) % len(self.order)
        if isinstance(action, HoldFire):
            game.emit("hold_fire", f"{state.fleets[action.fleet].name} holds fire")
            return
        self.hits.extend(gunnery_check(game, state, load_tables(), action))

    def step(self, game: Game[Any, Any]) -> None:
        state = armada_state(game)
        if self.shooters is None:
            self.shooters = [f.id for f in state.fleets if f.status == ACTIVE]
            self.hits.extend(boarders_attack(game, state, load_tables()))
            return
        if all(f in self.done for f in self.shooters):
            game.pop()
            dealt = resolve_gunnery(game, state, load_tables(), self.hits)
            settle_duels(game, state, self.hits, dealt)
            return
        self.turn = (self.turn + 1) % len(self.order)


def boarders_attack(game: Game[Any, Any], state: ArmadaState, tables: Tables) -> list[PendingHit]:
    """Each boarding party makes a bonus gunnery check against the fleet it boarded (aboard:
    no range, no shields from the front) for half damage; a miss ends it (captured)."""
    hits: list[PendingHit] = []
    for fleet in state.fleets:
        if fleet.boarding < 0:
            continue
        target = state.fleets[fleet.boarding]
        if fleet.status != ACTIVE or target.status == DESTROYED:
            fleet.boarding = -1
            continue
        gunnery = gunnery_for(state, tables, fleet, target, close=True, halved=True)
        shot = roll_gunnery(game.dice_for(fleet.side), gunnery, f"{fleet.name} boarders")
        where = f"({shot.check} against AC {gunnery.armor_class})"
        if shot.hit:
            game.emit("boarders", f"{fleet.name}'s boarders strike {target.name} for "
                      f"{shot.damage} {where}", fleet=fleet.id, target=target.id,
                      damage=shot.damage)
            hits.append(PendingHit(fleet.id, target.id, shot.damage, shot.natural, gunnery))
        else:
            game.emit("boarders", f"{fleet.name}'s boarders are captured aboard {target.name} "
                      f"{where}", fleet=fleet.id, target=target.id)
            fleet.boarding = -1
    return hits


def gunnery_check(game: Game[Any, Any], state: ArmadaState, tables: Tables, fire: Fire) -> list[PendingHit]:
    """Roll one attack (a check per target of an array): d20 + modifiers against AC; on a
    hit roll damage. Nothing is applied yet: the hits wait for the end of the phase."""
    attacker = state.fleets[fire.fleet]
    if fire.mine >= 0:
        return mine_attack(game, state, tables, attacker, fire.mine)
    if fire.superweapon:
        attacker.superweapon_used_round = state.round
    spender = resolve_spender(state, attacker) if fire.resolve else None
    if spender is not None:
        spender.resolve -= 1
    indexes = (fire.target, *fire.also)
    hits: list[PendingHit] = []
    for index in indexes:
        target = state.fleets[index]
        boost = encouragement(attacker, gunnery_officer_bonus(state, attacker))
        gunnery = gunnery_for(
            state, tables, attacker, target, superweapon=fire.superweapon,
            targets=len(indexes), encouragement=boost,
        )
        shot = roll_gunnery(game.dice_for(attacker.side), gunnery, attacker.name,
                            twice=fire.resolve)
        band = range_band(tables, attacker, target)
        flown_by = target.id == attacker.this_round.flyby_target
        reach = "close" if flown_by else band.name if band else "?"
        where = f"({shot.check} against AC {gunnery.armor_class}, {reach} range)"
        if not shot.hit:
            game.emit("miss", f"{attacker.name} misses {target.name} {where}",
                      attacker=attacker.id, target=target.id, natural=shot.natural,
                      check=shot.check, ac=gunnery.armor_class)
            continue
        game.emit("hit", f"{attacker.name} hits {target.name} for {shot.damage} {where}",
                  attacker=attacker.id, target=target.id, natural=shot.natural,
                  check=shot.check, ac=gunnery.armor_class, damage=shot.damage)
        hits.append(PendingHit(attacker.id, target.id, shot.damage, shot.natural, gunnery))
    return hits


def mine_attack(
    game: Game[Any, Any], state: ArmadaState, tables: Tables, attacker: Fleet, index: int
) -> list[PendingHit]:
    """Shoot at a gravity mine: the damage lands on its hit points at the end of the phase."""
    mine = state.mines[index]
    gunnery = mine_gunnery(state, tables, attacker, mine)
    shot = roll_gunnery(game.dice_for(attacker.side), gunnery, f"{attacker.name} at a mine")
    verdict = f"hits for {shot.damage}" if shot.hit else "misses"
    game.emit("mine_shot", f"{attacker.name} {verdict} the mine at {mine.q},{mine.r} "
              f"({shot.check} against AC {gunnery.armor_class})", attacker=attacker.id,
              mine=index, damage=shot.damage)
    if not shot.hit:
        return []
    return [PendingHit(attacker.id, -1, shot.damage, shot.natural, gunnery, mine=index)]


def resolve_gunnery(
    game: Game[Any, Any], state: ArmadaState, tables: Tables, hits: list[PendingHit]
) -> list[int]:
    """Apply every hit of the phase (or other damage) at once: shields, then hull; then
    disabled and destroyed fleets, critical damage and morale. Returns the hull damage each
    hit dealt."""
    hull_damage: list[int] = []
    struck: list[int] = []
    for hit in hits:
        if hit.mine >= 0:
            hull_damage.append(0)
            hit_mine(game, state, hit)
            continue
        target = state.fleets[hit.target]
        before = target.hull
        shields_before = target.shields
        target.shields, target.hull = absorb_damage(target.shields, target.hull, hit.damage)
        hull_damage.append(before - target.hull)
        if target.id not in struck:
            struck.append(target.id)
        game.emit(
            "damage",
            f"{target.name} takes {hit.damage} ({shields_before - target.shields} to shields),"
            f" hull {target.hull}",
            fleet=target.id,
            shields=target.shields,
            hull=target.hull,
        )
        if before > target.hull:
            by = state.fleets[hit.attacker] if hit.attacker >= 0 else None
            note_damage(game, target, before - target.hull, by)
    halved: list[Fleet] = []
    for fleet_id in struck:
        fleet = state.fleets[fleet_id]
        status = status_for_hull(fleet.hull, fleet.hull_points)
        if status == DESTROYED:
            if fleet.status != DESTROYED:
                game.emit("unit_destroyed", "", unit_type=unit_type(fleet), player=fleet.side)
            fleet.status = DESTROYED
            game.emit("destroyed", f"{fleet.name} is destroyed", fleet=fleet.id)
        elif status == DISABLED and fleet.status == ACTIVE:
            fleet.status = DISABLED
            game.emit("disabled", f"{fleet.name} is disabled", fleet=fleet.id)
            if fleet.has("self-destruct") and adjacent_fleets(state, fleet):
                game.push(SelfDestructChoice(fleet.id))
        if fleet.status == ACTIVE and reaches_critical_threshold(
            fleet.hull, fleet.critical_threshold, fleet.halved
        ):
            fleet.halved = True
            halved.append(fleet)
    for hit, dealt in zip(hits, hull_damage, strict=True):
        if hit.mine >= 0:
            continue
        target = state.fleets[hit.target]
        gunnery = hit.gunnery
        if target.status == ACTIVE and gunnery is not None and gunnery.critical(hit.natural, dealt):
            critical_damage(game, target)
    for fleet in halved:
        critical_damage(game, fleet)
    for fleet in halved:
        if fleet.status == ACTIVE and fleet.morale != ROUTED:
            enemy_tier = max(side.tier for i, side in enumerate(state.sides) if i != fleet.side)
            morale_test(game, state, tables, fleet, 10 + enemy_tier // 2)
    return hull_damage


def unit_type(fleet: Fleet) -> str:
    """The fleet's id in army lists (its template id), for unit events."""
    return template_id(fleet.fleet_class, fleet.size, fleet.tier)


def note_damage(game: Game[Any, Any], target: Fleet, amount: int, by: Fleet | None) -> None:
    """The ``unit_damaged`` event for hull damage (``by``: the attacking fleet, if any)."""
    credit: dict[str, Any] = {}
    if by is not None:
        credit = {"by_player": by.side, "by_unit_type": unit_type(by)}
    game.emit("unit_damaged", "", unit_type=unit_type(target), player=target.side,
              amount=amount, **credit)


def hit_mine(game: Game[Any, Any], state: ArmadaState, hit: PendingHit) -> None:
    """Damage on a gravity mine; at 0 hit points it is destroyed."""
    mine = state.mines[hit.mine]
    was_standing = mine.hp > 0
    mine.hp -= hit.damage
    if was_standing and mine.hp <= 0:
        game.emit("mine_destroyed", f"the gravity mine at {mine.q},{mine.r} is destroyed",
                  hex=[mine.q, mine.r])


def adjacent_fleets(state: ArmadaState, fleet: Fleet) -> list[Fleet]:
    """Fleets on the map in the hexes next to ``fleet``."""
    return [
        other
        for other in state.fleets
        if other.status != DESTROYED and other.hex.distance(fleet.hex) == 1
    ]


@dataclass(slots=True)
class SelfDestructChoice(Procedure[Any, Any]):
    """A fleet with self-destruct has just been disabled: its armada may blow it up instead
    and make a free attack on an adjacent fleet."""

    fleet: int

    def decisions(self, game: Game[Any, Any]) -> list[Decision]:
        state = armada_state(game)
        fleet = state.fleets[self.fleet]
        options: list[Action] = [
            SelfDestruct(fleet.id, other.id) for other in adjacent_fleets(state, fleet)
        ]
        options.append(Decline(fleet.id))
        prompt = f"{fleet.name} is disabled: self-destruct and attack an adjacent fleet?"
        return [Decision(fleet.side, prompt, tuple(options))]

    def act(self, game: Game[Any, Any], player: int, action: Action) -> None:
        state = armada_state(game)
        fleet = state.fleets[self.fleet]
        game.pop()
        if isinstance(action, Decline):
            game.emit("self_destruct", f"{fleet.name} stays adrift", fleet=fleet.id)
            return
        assert isinstance(action, SelfDestruct)
        fleet.status = DESTROYED
        game.emit("unit_destroyed", "", unit_type=unit_type(fleet), player=fleet.side)
        target = state.fleets[action.target]
        game.emit("self_destruct", f"{fleet.name} self-destructs, attacking {target.name}",
                  fleet=fleet.id, target=target.id)
        free_attack(game, state, load_tables(), fleet, target, label="self-destruct")


def settle_duels(
    game: Game[Any, Any], state: ArmadaState, hits: list[PendingHit], dealt: list[int]
) -> None:
    """A commander who won a duel: if its fleet's attack damaged the dueled fleet this
    round, that fleet's communications are down to the end of the next round; if the attack
    was critical, one of its officers (at random) is incapacitated for the battle."""
    for fleet in state.fleets:
        if fleet.this_round.duel_target < 0:
            continue
        target = state.fleets[fleet.this_round.duel_target]
        landed = [
            (hit, hull)
            for hit, hull in zip(hits, dealt, strict=True)
            if hit.attacker == fleet.id and hit.target == target.id and hit.damage > 0
        ]
        if not landed or target.status == DESTROYED:
            continue
        target.comms_until = state.round + 1
        game.emit("duel", f"{fleet.name}'s duel cuts {target.name}'s communications",
                  fleet=target.id)
        aboard = [o for o in state.officers_on(target) if not o.incapacitated]
        if aboard and any(
            hit.gunnery is not None and hit.gunnery.critical(hit.natural, hull)
            for hit, hull in landed
        ):
            pick = d(game.dice_for(fleet.side), len(aboard), label=f"{fleet.name} duel").total
            aboard[pick - 1].incapacitated = True
            game.emit("duel", f"{aboard[pick - 1].name} is incapacitated in the duel",
                      fleet=target.id)


def critical_damage(game: Game[Any, Any], fleet: Fleet) -> None:
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


def morale_test(game: Game[Any, Any], state: ArmadaState, tables: Tables, fleet: Fleet, dc: int) -> None:
    """A morale check: pass by 5+ inspires, pass by less does nothing, fail by 1-4 shakes,
    fail by 5+ routs (and shakes allies within 2 hexes at half hull or less)."""
    if state.round == fleet.morale_safe_round:
        return
    natural = roll_d20(game.dice_for(fleet.side), f"{fleet.name} morale")
    check = natural + morale_check_modifier(state, fleet)
    margin = check - dc
    if margin >= 0:
        fleet.morale_safe_round = state.round
    if margin >= MORALE_MARGIN:
        fleet.morale, fleet.morale_until = INSPIRED, state.round + 1
    elif margin <= -MORALE_MARGIN:
        fleet.morale, fleet.routed_round, fleet.rout_dc = ROUTED, state.round, dc
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


def end_of_round(game: Game[Any, Any], state: ArmadaState, tables: Tables) -> None:
    """Orders' effects end, flybys and spent mines are over, morale wears off, long routs
    end in disablement, and the battle may end."""
    end_of_round_orders(state)
    rounds = tables.rounds.gravity_mines.rounds
    state.mines = [m for m in state.mines if m.hp > 0 and state.round < m.laid_round + rounds]
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
        reason = (
            f"{state.sides[standing[0]].name} holds the field" if standing else "both armadas fall"
        )
        finish_battle(game, state, tables, tuple(standing), battle_scores(state), reason)
    elif state.round >= state.max_rounds:
        scores = battle_scores(state)
        best = max(scores)
        winners = tuple(side for side, score in enumerate(scores) if score == best)
        finish_battle(
            game,
            state,
            tables,
            winners if len(winners) == 1 else (),
            scores,
            f"round limit {state.max_rounds} reached; build points beaten {list(scores)}",
        )


def finish_battle(
    game: Game[Any, Any],
    state: ArmadaState,
    tables: Tables,
    winners: tuple[int, ...],
    scores: tuple[float, ...],
    reason: str,
) -> None:
    """End the battle: the winner's officers earn their experience (an event each, and the
    outcome's reason says it too), then the game is over."""
    for reward in rewards_for(state, winners, tables):
        text = reward_text(state, reward)
        reason = f"{reason}; {text}"
        game.emit(
            "experience",
            text,
            side=reward.side,
            enemy=reward.enemy,
            difficulty=reward.difficulty,
            challenge_rating=reward.challenge_rating,
            xp=reward.total,
            officers=reward.officers,
            xp_each=reward.each,
        )
    game.end(Outcome(winners, scores, reason))


def battle_scores(state: ArmadaState) -> tuple[float, ...]:
    """For each side, the build points of enemy fleets it has disabled or destroyed."""
    return tuple(
        float(sum(f.cost for f in state.fleets if f.side != side and f.status != ACTIVE))
        for side in range(state.players)
    )
