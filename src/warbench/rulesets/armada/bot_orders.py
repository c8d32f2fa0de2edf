"""How much the tactician wants each officer's order or role change, judged from its seat's
observed state (enemy fleets as far as its scans taught them, the prior for the rest:
ARM-OFF-SCAN, ``sight``).

Every order of every role has a use here (ARM-BOT-ORDERS in ``docs/rules/armada.md``):
rally a routed fleet, repair, boost, enchant, precognition, direct, target, taunt, jam as
before; and now encourage the fleet about to fire, conjure debris where an enemy fleet is
expected to end its move, scan an enemy fleet whose officers a commander may duel, hold the
commander's direct back for a duel when a fleet carrying officers will be in reach, duel it,
take up a role the armada lacks (an admiral, a chief engineer for a damaged fleet nobody can
repair), and leave a fleet that can no longer act for an adjacent one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from warbench.core.actions import Action
from warbench.core.hexgrid import Hex
from warbench.rulesets.armada.actions import ChangeRole, Order
from warbench.rulesets.armada.combat import firing_arcs, gunnery_for, range_band, spared_by_jam
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.officers import officer_reach
from warbench.rulesets.armada.orders import SCAN_LEVELS, scan_level
from warbench.rulesets.armada.state import ACTIVE, ROUTED, ArmadaState, Fleet, Officer

#: Critical conditions a chief engineer repairs first.
REPAIR_ORDER: Final = ("weapons", "engines", "communications", "shields", "auxiliary")
#: How far a commander's duel reaches (the duel order's reach in orders.toml).
DUEL_REACH: Final = 3
#: Taking up a role the armada lacks comes before any order (a role change must come
#: before the officer's order of the round).
ROLE_PRIORITY: Final = 20.0


@dataclass(slots=True)
class OrderContext:
    """What the tactician knows about the window an order is offered in: the phase, the
    fleets still to move in a helm window (``None``: no move is offered, every fleet in the
    window has moved), the fleets still waiting to fire (with the value of their best
    attack), and where enemy fleets are expected to end their move."""

    phase: str
    movers: frozenset[int] | None = None
    waiting: dict[int, float] = field(default_factory=dict)
    predict: Callable[[Fleet], Hex] | None = None

    def moved(self, fleet: Fleet) -> bool:
        """Whether ``fleet`` has made its move in this helm window."""
        return self.movers is None or fleet.id not in self.movers


def hit_chance(modifier: int, ac: int) -> float:
    """Chance that d20 + ``modifier`` reaches ``ac``.

    >>> hit_chance(5, 16), hit_chance(0, 25), hit_chance(30, 10)
    (0.5, 0.0, 1.0)
    """
    return min(1.0, max(0.0, (21 - (ac - modifier)) / 20))


def duel_prospects(state: ArmadaState, home: Fleet, reach: int) -> list[Fleet]:
    """Active enemy fleets carrying an officer within ``reach`` hexes of ``home``."""
    return [
        enemy for enemy in state.enemies_of(home)
        if enemy.status == ACTIVE and state.officers_on(enemy)
        and home.hex.distance(enemy.hex) <= reach
    ]


def duel_in_sight(state: ArmadaState, tables: Tables, home: Fleet) -> bool:
    """Whether ``home`` can duel an enemy fleet carrying officers and fire at it now."""
    return any(
        firing_arcs(home, enemy) and range_band(tables, home, enemy) is not None
        for enemy in duel_prospects(state, home, DUEL_REACH)
    )


def role_change_score(state: ArmadaState, tables: Tables, change: ChangeRole) -> float:
    """A role change is worth making only to fill a role the armada lacks: an admiral
    (none left), or a chief engineer where an own damaged fleet has no engineer in reach."""
    officer = state.officers[change.officer]
    if officer.role == "admiral":
        return 0.0
    if change.role == "admiral":
        return ROLE_PRIORITY if state.admiral(officer.side) is None else 0.0
    if change.role == "chief-engineer" and _unrepaired(state, tables, officer):
        return ROLE_PRIORITY - 1
    return 0.0


def _unrepaired(state: ArmadaState, tables: Tables, officer: Officer) -> bool:
    """Whether some own fleet with critical damage, in ``officer``'s reach, has no chief
    engineer of the armada able to reach it."""
    engineers = [
        other for other in state.officers
        if other.side == officer.side and other.role == "chief-engineer"
        and not other.silenced(state.round) and state.fleets[other.fleet].status == ACTIVE
    ]
    if officer.role == "chief-engineer":
        return False
    reach = officer_reach(state, tables, officer)
    home = state.fleets[officer.fleet]
    for fleet in state.active_fleets(officer.side):
        if not fleet.criticals or home.hex.distance(fleet.hex) > reach:
            continue
        if not any(
            state.fleets[e.fleet].hex.distance(fleet.hex) <= officer_reach(state, tables, e)
            for e in engineers
        ):
            return True
    return False


def order_score(
    state: ArmadaState, tables: Tables, order: Order, context: OrderContext,
    target_value: Callable[[Fleet, Fleet], float],
) -> float:
    """How much the tactician wants to give ``order`` now (0: not at all);
    ``target_value(attacker, target)`` values an attack as the tactician's gunnery does."""
    officer = state.officers[order.officer]
    home = state.fleets[officer.fleet]
    target = state.fleets[order.fleet] if order.fleet >= 0 else home
    name = order.order
    if name == "transfer":
        return _transfer_score(state, home, target)
    if name == "rally":
        return 10.0 if target.morale == ROUTED else 0.0
    if name == "repair":
        return 8.0 - REPAIR_ORDER.index(order.choice) if order.choice in REPAIR_ORDER else 0
    if name == "boost":
        return 3.0 if order.choice == "damage" and target.id == home.id else 0.0
    if name == "enchant":
        return 2.0 if target.id == home.id else 0.0
    if name == "precognition":
        return 1.5
    if name == "conjure":
        return _conjure_score(state, officer, Hex(order.q, order.r), context)
    if name == "direct":
        return _direct_score(state, tables, home, order, context)
    if name == "duel":
        return _duel_score(state, tables, home, target, context)
    if name == "encourage":
        return _encourage_score(state, tables, officer, target, context)
    if name == "target":
        ally = state.fleets[order.ally]
        return 0.4 * target_value(ally, target) if ally.id == home.id else 0.0
    if name == "taunt":
        return 3.0 if target.status == ACTIVE else 0.0
    if name == "jam":
        return 2.0 * len(state.officers_on(target)) if not order.choice else 0.0
    if name == "scan":
        return _scan_score(state, officer, target)
    return 0.0


def _transfer_score(state: ArmadaState, home: Fleet, target: Fleet) -> float:
    """Leave a fleet that can no longer act (or is fleeing) for an adjacent active one."""
    if target.status != ACTIVE or target.morale == ROUTED:
        return 0.0
    if home.status != ACTIVE:
        return 6.0 + target.hull / max(1, target.hull_points)
    if home.morale == ROUTED:
        return 4.0 + target.hull / max(1, target.hull_points)
    return 0.0


def _conjure_score(
    state: ArmadaState, officer: Officer, where: Hex, context: OrderContext
) -> float:
    """Debris where an enemy fleet is expected to end its move (and no own fleet now
    stands within 2 hexes; a jammed enemy takes none): its damage is the officer's bonus."""
    if context.predict is None:
        return 0.0
    home = state.fleets[officer.fleet]
    if any(fleet.hex.distance(where) <= 2 for fleet in state.active_fleets(officer.side)):
        return 0.0
    expected = [
        enemy for enemy in state.enemies_of(home)
        if enemy.status == ACTIVE and not spared_by_jam(state, enemy)  # ARM-OFF-JAM
        and context.predict(enemy).distance(where) <= 1
    ]
    return _debris_value(officer, len(expected))


def is_conjure(action: Action) -> bool:
    """Whether ``action`` is a conjure order (scored by where enemies are expected)."""
    return isinstance(action, Order) and action.order == "conjure"


def conjure_ceiling(state: ArmadaState, officer: Officer) -> float:
    """No conjure order of ``officer`` scores more: every active enemy caught by its
    debris. Found without predicting any enemy's move."""
    home = state.fleets[officer.fleet]
    active = sum(1 for enemy in state.enemies_of(home) if enemy.status == ACTIVE)
    return _debris_value(officer, active)


def _debris_value(officer: Officer, caught: int) -> float:
    """The score of conjured debris expected to catch ``caught`` enemy fleets (it grows
    with ``caught``, so :func:`conjure_ceiling` bounds :func:`_conjure_score`)."""
    return 0.6 * officer.bonus * caught


def _direct_score(
    state: ArmadaState, tables: Tables, home: Fleet, order: Order, context: OrderContext
) -> float:
    """Direct the fleet's gunnery, unless a duel against a fleet carrying officers looks
    likely: before the move, one within the duel's reach plus the fleet's speed; after it,
    one in reach and in the fleet's arcs."""
    if order.choice != "gunnery":
        return 0.0
    if context.moved(home):
        return 0.0 if duel_in_sight(state, tables, home) else 5.0
    if duel_prospects(state, home, DUEL_REACH + home.speed):
        return 0.0
    return 5.0


def _duel_score(
    state: ArmadaState, tables: Tables, home: Fleet, target: Fleet, context: OrderContext
) -> float:
    """Duel a fleet carrying officers that the commander's fleet is about to fire at."""
    if home.id not in context.waiting or target.status != ACTIVE:
        return 0.0
    if not firing_arcs(home, target) or range_band(tables, home, target) is None:
        return 0.0
    return 2.0 + 1.5 * len(state.officers_on(target))


def _encourage_score(
    state: ArmadaState, tables: Tables, officer: Officer, target: Fleet, context: OrderContext
) -> float:
    """Encourage, in the gunnery phase, the own fleet whose waiting attack is worth most,
    by what the officer's bonus adds to that attack's hit chance."""
    if context.phase != "gunnery" or target.id not in context.waiting:
        return 0.0
    if target.this_round.encouraged or target.side != officer.side:
        return 0.0
    if max(context.waiting.values()) > context.waiting[target.id]:
        return 0.0
    enemies = [enemy for enemy in state.enemies_of(target) if enemy.status == ACTIVE]
    gain = 0.0
    for enemy in enemies:
        if not firing_arcs(target, enemy) or range_band(tables, target, enemy) is None:
            continue
        gunnery = gunnery_for(state, tables, target, enemy)
        before = hit_chance(gunnery.modifier, gunnery.armor_class)
        after = hit_chance(gunnery.modifier + max(1, officer.bonus), gunnery.armor_class)
        gain = max(gain, after - before)
    return 1.0 + 10.0 * gain if gain > 0 else 0.0


def _scan_score(state: ArmadaState, officer: Officer, target: Fleet) -> float:
    """Scan an enemy fleet carrying officers not yet identified, when the armada has a
    commander who may duel it (identified officers add 5 to the duel)."""
    if target.side == officer.side or not state.officers_on(target):
        return 0.0
    if scan_level(target, officer.side) >= len(SCAN_LEVELS):
        return 0.0
    commanders = [
        other for other in state.officers
        if other.side == officer.side and other.role == "commander" and not other.incapacitated
    ]
    near = any(
        state.fleets[c.fleet].hex.distance(target.hex)
        <= DUEL_REACH + 2 * state.fleets[c.fleet].speed
        for c in commanders
    )
    return 1.5 if near else 0.0


def best_order(
    state: ArmadaState, tables: Tables, candidates: list[Action], context: OrderContext,
    target_value: Callable[[Fleet, Fleet], float], least: float,
) -> Action | None:
    """The candidate scoring highest above ``least`` (role changes included), or ``None``."""
    ranked = ranked_orders(state, tables, candidates, context, target_value, least)
    return ranked[0] if ranked else None


def ranked_orders(
    state: ArmadaState, tables: Tables, candidates: list[Action], context: OrderContext,
    target_value: Callable[[Fleet, Fleet], float], least: float,
) -> list[Action]:
    """The candidates scoring above ``least`` (role changes included), best first; equal
    scores in the order given."""
    scored = scored_orders(state, tables, candidates, context, target_value, least)
    return [candidate for _, _, candidate in scored]


def scored_orders(
    state: ArmadaState, tables: Tables, candidates: list[Action], context: OrderContext,
    target_value: Callable[[Fleet, Fleet], float], least: float,
) -> list[tuple[float, int, Action]]:
    """:func:`ranked_orders` with each candidate's score and place among ``candidates``."""
    scored: list[tuple[float, int, Action]] = []
    for index, candidate in enumerate(candidates):
        if isinstance(candidate, ChangeRole):
            score = role_change_score(state, tables, candidate)
        elif isinstance(candidate, Order) and not candidate.resolve:
            score = order_score(state, tables, candidate, context, target_value)
        else:
            continue
        if score > least:
            scored.append((score, index, candidate))
    scored.sort(key=lambda entry: (-entry[0], entry[1]))
    return scored
