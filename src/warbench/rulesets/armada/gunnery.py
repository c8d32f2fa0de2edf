"""The gunnery phase: boarders attack, then the sides take turns declaring one fleet's
attack; the hits wait and land together at the end of the phase (:mod:`.damage`), then the
morale checks they force and the duels they settle."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import IllegalAction
from warbench.core.procedures import Procedure
from warbench.core.rng import RandomStream
from warbench.core.words import one_of, possessive
from warbench.rulesets.armada.actions import (
    Fire,
    HoldFire,
    Order,
)
from warbench.rulesets.armada.combat import (
    ARRAY_PENALTY,
    arc_fired,
    arcs_toward,
    band_at,
    band_hexes,
    firing_arcs,
    gunnery_for,
    mine_gunnery,
    range_band,
    targeting_refusal,
)
from warbench.rulesets.armada.context import ArmadaGame
from warbench.rulesets.armada.damage import PendingHit, SettleDuels, land_hits
from warbench.rulesets.armada.data import ArmadaData, Tables
from warbench.rulesets.armada.events import Boarders, HeldFire, Hit, MineShot, Missed
from warbench.rulesets.armada.luck import rolled_gunnery
from warbench.rulesets.armada.morale import morale_tests
from warbench.rulesets.armada.names import fleet_label, fleet_labels, side_label
from warbench.rulesets.armada.officers import (
    gunnery_encouragement,
    resolve_points,
    resolve_refusal,
    resolve_spender,
)
from warbench.rulesets.armada.order_space import OrderSpace
from warbench.rulesets.armada.orders import give_order
from warbench.rulesets.armada.places import hex_from, mine_name
from warbench.rulesets.armada.resolve import Check, roll_or_offer
from warbench.rulesets.armada.shown import record_ability, record_check
from warbench.rulesets.armada.state import (
    ACTIVE,
    DESTROYED,
    ArmadaState,
    Fleet,
    Mine,
    Phase,
)


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
    targets = [t for t in state.fleets if targeting_refusal(state, tables, fleet, t) is None]
    for target in targets:
        for twice in resolve:
            options.append(Fire(fleet.id, target.id, resolve=twice))
            if superweapon:
                options.append(Fire(fleet.id, target.id, superweapon=True, resolve=twice))
    if fleet.has("array"):
        points = resolve_points(state, fleet)
        for size in (2, 3):
            for group in combinations(targets, size):
                if shared_arc(fleet, group):
                    also = tuple(t.id for t in group[1:])
                    options.append(Fire(fleet.id, group[0].id, also=also))
                    if points >= size:  # a point before each of its checks
                        options.append(Fire(fleet.id, group[0].id, also=also, resolve=True))
    for index, mine in enumerate(state.mines):
        if mine_refusal(state, tables, fleet, mine) is None:
            for twice in resolve:
                options.append(Fire(fleet.id, -1, mine=index, resolve=twice))
    options.append(HoldFire(fleet.id))
    return options


def shared_arc(attacker: Fleet, targets: Sequence[Fleet]) -> bool:
    """Whether one firing arc of ``attacker`` holds every target (for an array)."""
    arcs = frozenset(attacker.arcs)
    for target in targets:
        arcs &= firing_arcs(attacker, target)
    return bool(arcs)


def mine_refusal(
    state: ArmadaState, tables: Tables, attacker: Fleet, mine: Mine
) -> str | None:
    """Why ``attacker`` may not shoot at ``mine`` now, or ``None``."""
    if mine.hp <= 0:
        return "that mine is destroyed (ARM-ABILITY-MINES)"
    if not arcs_toward(attacker, mine.hex):
        reason = "is in none of its firing arcs (ARM-GUN-ARC)"
    elif band_at(tables, attacker, mine.hex) is None:
        reason = "is beyond its extreme range (ARM-GUN-RANGE)"
    else:
        return None
    return f"the mine {hex_from(attacker.hex, mine.hex, fleet_label(state, attacker))} {reason}"


def fire_refusal(state: ArmadaState, tables: Tables, attacker: Fleet, fire: Fire) -> str | None:
    """Why ``attacker`` may not make the attack ``fire`` now, or ``None``."""
    if fire.mine >= 0:
        if fire.target != -1 or fire.also or fire.superweapon:
            return ("an attack on a mine names target -1 and nothing else (resolve may be "
                    "spent, ARM-ABILITY-MINES)")
        if fire.mine >= len(state.mines):
            return f"there is no mine {fire.mine} (ARM-ACTIONS)"
        if fire.resolve and (reason := resolve_refusal(state, attacker)) is not None:
            return reason
        return mine_refusal(state, tables, attacker, state.mines[fire.mine])
    indexes = (fire.target, *fire.also)
    if any(not 0 <= index < len(state.fleets) for index in indexes):
        return f"no fleet {list(indexes)} in this battle (ARM-ACTIONS)"
    if fire.superweapon and not superweapon_ready(state, attacker):
        return f"{fleet_label(state, attacker)} has no superweapon ready (ARM-ABILITY-SUPERWEAPON)"
    if fire.also:
        if not attacker.has("array"):
            return (f"{fleet_label(state, attacker)} has no array to attack several fleets at once "
                    "(ARM-ABILITY-ARRAY)")
        if len(indexes) > len(ARRAY_PENALTY) or len(set(indexes)) != len(indexes):
            return "an array attacks two or three different fleets (ARM-ABILITY-ARRAY)"
        if fire.superweapon:
            return "an array attack takes no superweapon (ARM-ABILITY-ARRAY)"
    if fire.resolve and (reason := resolve_refusal(state, attacker, len(indexes))) is not None:
        return reason
    targets = [state.fleets[index] for index in indexes]
    for target in targets:
        reason = targeting_refusal(state, tables, attacker, target)
        if reason is not None:
            return reason
    if fire.also and not shared_arc(attacker, targets):
        return "an array's targets must all lie in one firing arc (ARM-ABILITY-ARRAY)"
    return None


class FireSpace(ParamSpace):
    """Attacks of the fleets a side may still fire with; explains every refusal."""

    action_type = Fire

    def __init__(self, state: ArmadaState, tables: Tables, fleets: list[int]) -> None:
        self._state = state
        self._tables = tables
        self.fleets = fleets
        labels = fleet_labels(state.fleets)
        self.description = f"by {one_of([labels[index] for index in fleets])}"

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, Fire):
            return f"an attack, not {action!r} (ARM-ACTIONS)"
        state = self._state
        if not 0 <= action.fleet < len(state.fleets):
            return f"no fleet {action.fleet} in this battle (ARM-ACTIONS)"
        attacker = state.fleets[action.fleet]
        if action.fleet not in self.fleets:
            return _idle_refusal(state, attacker, state.fleets[self.fleets[0]].side)
        return fire_refusal(state, self._tables, attacker, action)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        legal = [
            option
            for fleet in self.fleets
            for option in fire_options(self._state, self._tables, self._state.fleets[fleet])
            if isinstance(option, Fire)
        ]
        return [legal[rng.choice_index(len(legal))] for _ in range(count)] if legal else []


def _idle_refusal(state: ArmadaState, attacker: Fleet, side: int) -> str:
    """Why ``attacker``, not among the fleets of ``side`` that may still attack, may not."""
    named = fleet_label(state, attacker)
    if attacker.side != side:
        return f"{named} is not a fleet of {side_label(state, side)} (ARM-ACTIONS)"
    if attacker.status == DESTROYED:
        return f"{named} is destroyed (ARM-DMG-DESTROYED)"
    if attacker.status != ACTIVE:
        return f"{named} is {attacker.status}: it makes no attack (ARM-DMG-DISABLED)"
    return f"{named} has made its attack this round (ARM-GUN-ONCE)"


@dataclass(slots=True)
class GunneryPhase(Procedure[ArmadaState, ArmadaData]):
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

    def decisions(self, game: ArmadaGame) -> list[Decision]:
        if self.shooters is None:
            return []
        state = game.state
        side = self.order[self.turn]
        waiting = self.waiting(state, side)
        if not waiting:
            return []
        tables = game.data.tables
        options: list[Action] = []
        for fleet_id in waiting:
            options.extend(fire_options(state, tables, state.fleets[fleet_id]))
        spaces: list[ParamSpace] = [FireSpace(state, tables, waiting)]
        orders = OrderSpace(state, tables, side, Phase.GUNNERY)
        if orders.candidates():
            spaces.append(orders)
        return [
            Decision(
                side, "choose a fleet's attack, or hold its fire", tuple(options), tuple(spaces)
            )
        ]

    def act(self, game: ArmadaGame, player: int, action: Action) -> None:
        state = game.state
        match action:
            case Order():
                give_order(game, state, game.data.tables, action)
            case HoldFire():
                self._declared(action.fleet)
                fleet = state.fleets[action.fleet]
                game.emit(HeldFire(fleet.id, text=f"{fleet_label(state, fleet)} holds fire"))
            case Fire():
                self._declared(action.fleet)
                self.hits.extend(gunnery_check(game, state, game.data.tables, action))
            case _:
                raise IllegalAction(
                    f"gunnery takes attacks and orders, not {action!r} (ARM-ACTIONS)"
                )

    def _declared(self, fleet: int) -> None:
        self.done.append(fleet)
        self.turn = (self.turn + 1) % len(self.order)

    def step(self, game: ArmadaGame) -> None:
        state = game.state
        if self.shooters is None:
            self.shooters = [f.id for f in state.fleets if f.status == ACTIVE]
            boarders_attack(game, [f.id for f in state.fleets if f.boarding >= 0])
            return
        if all(f in self.done for f in self.shooters):
            game.pop()
            dealt, tests = land_hits(game, state, game.data.tables, self.hits)
            morale_tests(game, tests, SettleDuels(self.hits, dealt))
            return
        self.turn = (self.turn + 1) % len(self.order)


def waiting_damage(state: ArmadaState) -> dict[int, int]:
    """The damage rolled so far this gunnery phase and waiting to land, by target fleet: the
    hits on the table that every player has seen (ARM-GUN-SIMULTANEOUS); empty outside the
    gunnery phase."""
    for frame in reversed(state.stack):
        if isinstance(frame, GunneryPhase):
            waiting: dict[int, int] = {}
            for hit in frame.hits:
                if hit.mine < 0 and hit.target >= 0:
                    waiting[hit.target] = waiting.get(hit.target, 0) + hit.damage
            return waiting
    return {}


def boarders_attack(game: ArmadaGame, fleets: list[int]) -> None:
    """Each boarding party of ``fleets`` in turn makes a bonus gunnery check against the
    fleet it boarded (aboard: no range, no shields from the front) for half damage; a miss
    ends it (captured). An officer aboard may spend resolve on the check first
    (:class:`Boarding`). The hits wait with the gunnery phase's."""
    state = game.state
    queue = list(fleets)
    while queue:
        fleet = state.fleets[queue[0]]
        if fleet.status == ACTIVE and state.fleets[fleet.boarding].status != DESTROYED:
            roll_or_offer(game, Boarding(queue))  # the rest board after the first
            return
        fleet.boarding = -1
        queue.pop(0)


@dataclass(slots=True)
class Boarding(Check):
    """The boarding parties still to make their check this gunnery phase, the first next."""

    fleets: list[int]

    def fleet(self, state: ArmadaState) -> int:
        return self.fleets[0]

    def words(self, state: ArmadaState) -> str:
        labels = fleet_labels(state.fleets)
        fleet = state.fleets[self.fleets[0]]
        return f"{possessive(labels[fleet.id])} boarders' check against {labels[fleet.boarding]}"

    def roll(self, game: ArmadaGame, twice: bool) -> None:
        board(game, game.state.fleets[self.fleets[0]], twice)
        boarders_attack(game, self.fleets[1:])


def board(game: ArmadaGame, fleet: Fleet, twice: bool) -> None:
    """One boarding party's check (the d20 twice, the better kept, with ``twice``); a hit
    waits with the gunnery phase's hits."""
    state, tables = game.state, game.data.tables
    target = state.fleets[fleet.boarding]
    gunnery = gunnery_for(state, tables, fleet, target, close=True, halved=True,
                          encouragement=gunnery_encouragement(state, fleet))
    boarding, boarded = fleet_label(state, fleet), fleet_label(state, target)
    shot = rolled_gunnery(game, fleet.side, gunnery, f"{fleet.name} boarders", twice=twice,
                          told=f"{boarding} boarders")
    where = f"({shot.check} against AC {gunnery.armor_class})"
    if shot.hit:
        game.emit(Boarders(fleet.id, target.id, shot.damage,
                           text=f"{possessive(boarding)} boarders strike {boarded} for "
                           f"{shot.damage} {where}"))
        phase = gunnery_phase(state)
        phase.hits.append(PendingHit(fleet.id, target.id, shot.damage, shot.natural, gunnery))
    else:
        game.emit(Boarders(fleet.id, target.id, text=f"{possessive(boarding)} boarders are "
                           f"captured aboard {boarded} {where}"))
        fleet.boarding = -1


def gunnery_phase(state: ArmadaState) -> GunneryPhase:
    """The gunnery phase under way."""
    phase = next(frame for frame in reversed(state.stack) if isinstance(frame, GunneryPhase))
    assert isinstance(phase, GunneryPhase)
    return phase


def gunnery_check(
    game: ArmadaGame, state: ArmadaState, tables: Tables, fire: Fire
) -> list[PendingHit]:
    """Roll one attack (a check per target of an array): d20 + modifiers against AC; on a
    hit roll damage. Nothing is applied yet: the hits wait for the end of the phase."""
    attacker = state.fleets[fire.fleet]
    if fire.mine >= 0:
        return mine_attack(game, state, tables, attacker, fire.mine, fire.resolve)
    if fire.superweapon:
        attacker.superweapon_used_round = state.round
        record_ability(state.shown, attacker.id, "superweapon")
    if fire.also:
        record_ability(state.shown, attacker.id, "array")
    indexes = (fire.target, *fire.also)
    hits: list[PendingHit] = []
    labels = fleet_labels(state.fleets)  # the dice's label, their key, keeps the name
    for index in indexes:
        if fire.resolve:  # a point before each check (an array's too)
            _spend_resolve(state, attacker)
        target = state.fleets[index]
        gunnery = gunnery_for(
            state, tables, attacker, target, superweapon=fire.superweapon,
            targets=len(indexes), encouragement=gunnery_encouragement(state, attacker),
        )
        shot = rolled_gunnery(game, attacker.side, gunnery, attacker.name, twice=fire.resolve,
                              told=labels[attacker.id])
        band = range_band(tables, attacker, target)
        flown_by = target.id == attacker.this_round.flyby_target
        reach = "close" if flown_by else band.name if band else "?"
        arc, hexes = arc_fired(attacker, target), band_hexes(tables, attacker, reach)
        where = f"({shot.check} against AC {gunnery.armor_class}, {reach} range)"
        weapon = " with its superweapon" if fire.superweapon else ""
        if not shot.hit:
            game.emit(Missed(attacker.id, target.id, shot.natural, shot.check,
                             gunnery.armor_class, arc, reach, hexes,
                             text=f"{labels[attacker.id]} misses {labels[index]}{weapon} {where}"))
            record_check(state.shown, attacker.id, target.id, (reach, hexes, arc))
            continue
        record_check(state.shown, attacker.id, target.id, (reach, hexes, arc),
                     (gunnery.dice, gunnery.sides), shot.damage)
        game.emit(Hit(attacker.id, target.id, shot.natural, shot.check, gunnery.armor_class,
                      shot.damage, arc, reach, hexes,
                      text=f"{labels[attacker.id]} hits {labels[index]}{weapon} {where}: "
                      f"{shot.damage} damage (shields first)"))
        hits.append(PendingHit(attacker.id, target.id, shot.damage, shot.natural, gunnery))
    return hits


def mine_attack(
    game: ArmadaGame, state: ArmadaState, tables: Tables, attacker: Fleet, index: int,
    twice: bool = False,
) -> list[PendingHit]:
    """Shoot at a gravity mine: the damage lands on its hit points at the end of the phase
    (``twice``: an officer aboard spends a resolve point, the better of two d20 kept)."""
    mine = state.mines[index]
    gunnery = mine_gunnery(state, tables, attacker, mine,
                           encouragement=gunnery_encouragement(state, attacker))
    if twice:
        _spend_resolve(state, attacker)
    named = fleet_label(state, attacker)
    shot = rolled_gunnery(game, attacker.side, gunnery, f"{attacker.name} at a mine", twice=twice,
                          told=f"{named} at a mine")
    verdict = "hits" if shot.hit else "misses"
    damage = f": {shot.damage} damage" if shot.hit else ""
    game.emit(MineShot(attacker.id, index, shot.damage,
                       text=f"{named} {verdict} gravity {mine_name(index)} "
                       f"({shot.check} against AC {gunnery.armor_class}){damage}"))
    if not shot.hit:
        return []
    return [PendingHit(attacker.id, -1, shot.damage, shot.natural, gunnery, mine=index)]




def _spend_resolve(state: ArmadaState, attacker: Fleet) -> None:
    """An officer aboard ``attacker`` (:func:`.officers.resolve_spender`) spends a resolve
    point on the check about to roll (the attack's refusal made sure there is one)."""
    spender = resolve_spender(state, attacker)
    assert spender is not None, "a check with resolve and no point left"
    spender.resolve -= 1
