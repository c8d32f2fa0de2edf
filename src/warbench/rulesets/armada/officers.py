"""Officers' orders: who may give which order, when, and at what; the orders offered.

An officer gives at most one order a round, in its phase (``orders.toml``): engineering
orders at the start of the round, helm orders just before or after its own fleet moves,
gunnery orders during its armada's gunnery turns, and encouragement whenever its armada
decides. An order reaches out to its fleet's long range (extreme on the flagship) with no
range penalty. :func:`order_refusal` says why an order may not be given now;
:func:`~.orders.give_order` rolls its check and applies its effect;
:class:`~.order_space.OrderSpace` offers them. Compiled (``warbench.compiled``): the bots
list the orders many times a decision.
"""

from __future__ import annotations

from warbench.core.hexgrid import Hex
from warbench.rulesets.armada.actions import ChangeRole, Order
from warbench.rulesets.armada.combat import gunnery_officer_bonus
from warbench.rulesets.armada.data import OrderRule, Tables
from warbench.rulesets.armada.names import fleet_label
from warbench.rulesets.armada.state import (
    ACTIVE,
    DESTROYED,
    ArmadaState,
    Fleet,
    Officer,
    Phase,
)

#: What a chief engineer's boost may improve.
BOOSTS = ("speed", "turn", "shields", "damage")
#: What a commander may direct its officer bonus to.
DIRECTIONS = ("gunnery", "ac")


def officer_bonus_for(
    tables: Tables, role: str, skills: tuple[tuple[str, int], ...], base_attack_bonus: int
) -> int:
    """2 + 1 per 6 ranks in the best of the role's skills (``skills`` as
    :meth:`~.data.Tables.skill_ranks` gives them); a commander may count base attack bonus.

    >>> from warbench.rulesets.armada.data import shipped_tables
    >>> tables, skills = shipped_tables(), (("diplomacy", 12), ("engineering", 3))
    >>> [officer_bonus_for(tables, role, skills, 20) for role in ("admiral", "chief-engineer")]
    [4, 2]
    >>> officer_bonus_for(tables, "commander", (("piloting", 5),), 12)
    4
    """
    ranks = dict(skills)
    basis = max((ranks.get(skill.lower(), 0) for skill in tables.roles[role].skills), default=0)
    if role == "commander":
        basis = max(basis, base_attack_bonus)
    return 2 + basis // 6


def officer_reach(state: ArmadaState, tables: Tables, officer: Officer) -> int:
    """How far the officer's orders reach: its fleet's long range, extreme on the flagship."""
    fleet = state.fleets[officer.fleet]
    bands = tables.fleets.range_bands
    multiple = bands.extreme_multiple if "flagship" in fleet.abilities else bands.long_multiple
    return fleet.range * multiple + fleet.this_round.range_bonus


def encouragement(fleet: Fleet, officer_bonus: int) -> int:
    """What a pending encouragement adds to a check that already has ``officer_bonus``:
    the admiral's bonus replaces it (bonuses do not stack) or +1, whichever is more; used
    up by the check.

    >>> fleet = Fleet(0, 0, "F", 1, "small", "fighter", (), 4, 2, 4, 1, 1, 1, "1d4", 6, 0,
    ...               2, 3, ("fore",), 5)
    >>> fleet.now().encouraged = 4
    >>> encouragement(fleet, 3), fleet.this_round.encouraged
    (1, 0)
    """
    extra = encouragement_due(fleet, officer_bonus)
    if extra:
        fleet.now().encouraged = 0
    return extra


def gunnery_encouragement(state: ArmadaState, fleet: Fleet) -> int:
    """What a pending encouragement adds to the gunnery check ``fleet`` is about to roll,
    used up: every gunnery check of the fleet takes it (its attack on a fleet or a mine, a
    free attack, its boarders' check), as its other checks do (ARM-OFF-ENCOURAGE)."""
    return encouragement(fleet, gunnery_officer_bonus(state, fleet))


def encouragement_due(fleet: Fleet, officer_bonus: int) -> int:
    """What :func:`encouragement` would add to the fleet's next check, leaving it pending."""
    if not fleet.this_round.encouraged:
        return 0
    return max(1, fleet.this_round.encouraged - officer_bonus)


def resolve_refusal(state: ArmadaState, fleet: Fleet, checks: int = 1) -> str | None:
    """Why no resolve point may be spent on each of ``checks`` checks of ``fleet`` now (one
    point before each), or ``None``."""
    if state.comms_down(fleet):
        return (f"communications are down on {fleet_label(state, fleet)}: no officer's resolve "
                "helps it (ARM-CRIT-COMMS)")
    points = resolve_points(state, fleet)
    if points == 0:
        return (f"no officer aboard {fleet_label(state, fleet)} has a resolve point left "
                "(ARM-OFF-RESOLVE)")
    if points < checks:
        return (f"resolve costs a point before each of the {checks} checks, and the officers "
                f"aboard {fleet_label(state, fleet)} have {points} left (ARM-OFF-RESOLVE)")
    return None


def resolve_points(state: ArmadaState, fleet: Fleet) -> int:
    """The resolve points the officers aboard ``fleet`` could spend on its checks now (none
    while its communications are down, see :func:`resolve_spender`)."""
    if state.comms_down(fleet):
        return 0
    return sum(o.resolve for o in state.officers_on(fleet) if o.resolve > 0 and not o.incapacitated)


def resolve_spender(state: ArmadaState, fleet: Fleet) -> Officer | None:
    """The officer aboard with the most resolve points left (none if nobody has any, or
    while the fleet's communications are down: it gets no officer's benefit, ARM-CRIT-COMMS)."""
    if state.comms_down(fleet):
        return None
    aboard = [o for o in state.officers_on(fleet) if o.resolve > 0 and not o.incapacitated]
    return max(aboard, key=lambda officer: officer.resolve, default=None)


# ------------------------------------------------------------------------ refusals


def order_refusal(
    state: ArmadaState, tables: Tables, player: int, phase: Phase, order: Order
) -> str | None:
    """Why ``player`` may not give ``order`` in ``phase`` now, or ``None`` if it may."""
    refusal = giver_refusal(state, tables, player, phase, order.officer, order.order)
    return refusal if refusal is not None else _given_refusal(state, tables, order)


def _given_refusal(state: ArmadaState, tables: Tables, order: Order) -> str | None:
    """The checks of :func:`order_refusal` after :func:`giver_refusal`'s: resolve, the
    fleets named and the target."""
    officer = state.officers[order.officer]
    rule = tables.orders[order.order]
    if order.resolve and officer.resolve <= 0:
        return f"{officer.name} has no resolve points left (ARM-OFF-RESOLVE)"
    for what, index in (("fleet", order.fleet), ("ally", order.ally)):
        if index != -1 and not 0 <= index < len(state.fleets):  # -1: not given
            return f"{what}: there is no fleet {index} (ARM-ACTIONS)"
    return _target_refusal(state, tables, officer, rule, order)


def giver_refusal(
    state: ArmadaState, tables: Tables, player: int, phase: Phase, index: int, name: str
) -> str | None:
    """Why ``player``'s officer ``index`` may give no order named ``name`` in ``phase`` now,
    whatever its target (the first checks of :func:`order_refusal`), or ``None``."""
    if not 0 <= index < len(state.officers):
        return f"there is no officer {index} (ARM-ACTIONS)"
    officer = state.officers[index]
    if officer.side != player:
        return f"{officer.name} serves another armada (ARM-ACTIONS)"
    if name not in tables.orders:
        return f"no order {name!r}: the orders are {', '.join(tables.orders)} (ARM-ACTIONS)"
    rule = tables.orders[name]
    if rule.role not in ("any", officer.role):
        return (f"{officer.name} is the {officer.role}; {name} is an order of the {rule.role} "
                f"({order_rule_id(name)})")
    if rule.phase not in ("any", phase):
        return (f"{name} is an order of the {rule.phase} phase, not the {phase} phase "
                f"({order_rule_id(name)})")
    if officer.incapacitated:
        return f"{officer.name} is incapacitated (ARM-OFF-DUEL)"
    if officer.jammed_round == state.round:
        return f"{officer.name} is jammed this round (ARM-OFF-JAM)"
    if officer.acted_round == state.round:
        return f"{officer.name} has already given an order this round (ARM-OFF-ACTION)"
    home = state.fleets[officer.fleet]
    if home.status == DESTROYED or (name != "transfer" and home.status != ACTIVE):
        return (f"{officer.name}'s fleet {fleet_label(state, home)} is {home.status} "
                "(ARM-OFF-ACTION)")
    return None


def order_rule_id(order: str) -> str:
    """The rule (``docs/rules/armada.md``) that governs the order ``order``.

    >>> order_rule_id("boost"), order_rule_id("transfer")
    ('ARM-OFF-BOOST', 'ARM-OFF-MOVE')
    """
    return "ARM-OFF-MOVE" if order == "transfer" else f"ARM-OFF-{order.upper()}"


def _fleet(state: ArmadaState, index: int, what: str) -> Fleet | str:
    if not 0 <= index < len(state.fleets):
        return f"{what}: there is no fleet {index} (ARM-ACTIONS)"
    fleet = state.fleets[index]
    if fleet.status == DESTROYED:
        return f"{fleet_label(state, fleet)} is destroyed (ARM-DMG-DESTROYED)"
    return fleet


def _reach_refusal(
    state: ArmadaState, tables: Tables, officer: Officer, order: str, where: Hex, name: str
) -> str | None:
    """Why ``where`` (``name``) is out of reach of the officer's ``order``, or ``None``: an
    order's own reach (a duel's 3 hexes), else its fleet's long range, extreme on the
    flagship."""
    home = state.fleets[officer.fleet]
    own_reach = tables.orders[order].reach
    reach = own_reach or officer_reach(state, tables, officer)
    distance = home.hex.distance(where)
    if distance <= reach:
        return None
    if own_reach:
        rule = order_rule_id(order)
    elif "flagship" in home.abilities:
        rule = "ARM-OFF-RANGE, ARM-ABILITY-FLAGSHIP-RANGE"
    else:
        rule = "ARM-OFF-RANGE"
    return (f"{name} is {distance} hexes from {fleet_label(state, home)}, beyond "
            f"{officer.name}'s reach of {reach} ({rule})")


def _comms_refusal(state: ArmadaState, officer: Officer) -> str | None:
    home = state.fleets[officer.fleet]
    if state.comms_down(home):
        return (
            f"communications are down on {fleet_label(state, home)}: its officers cannot "
            "affect other fleets (ARM-CRIT-COMMS)"
        )
    return None


def _benefit_refusal(state: ArmadaState, order: Order, target: Fleet) -> str | None:
    """A fleet of the officer's own armada with communications down gets no officer's
    benefit (ARM-CRIT-COMMS); repairing the communications themselves is allowed (engine
    reading: otherwise no officer could ever repair them)."""
    if order.order == "repair" and order.choice == "communications":
        return None
    if state.comms_down(target):
        return (
            f"communications are down on {fleet_label(state, target)}: it gets no officer's "
            "benefit (ARM-CRIT-COMMS)"
        )
    return None


def _affect_refusal(state: ArmadaState, officer: Officer, target: Fleet) -> str | None:
    if target.id != officer.fleet and (reason := _comms_refusal(state, officer)) is not None:
        return reason
    if target.jammed_round == state.round:
        return (f"{fleet_label(state, target)} is jammed: no officer's order can affect it "
                "this round (ARM-OFF-JAM)")
    return None


def _target_refusal(
    state: ArmadaState, tables: Tables, officer: Officer, rule: OrderRule, order: Order
) -> str | None:
    if rule.target == "none":
        if state.admiral(officer.side) is None:
            return "the armada has no admiral to use the foresight (ARM-OFF-PRECOGNITION)"
        return None
    if rule.target == "hex":
        return _comms_refusal(state, officer) or _reach_refusal(
            state, tables, officer, order.order, Hex(order.q, order.r), f"hex {order.q},{order.r}"
        )
    index = officer.fleet if rule.target == "own" and order.fleet == -1 else order.fleet
    target = _fleet(state, index, "fleet")
    if isinstance(target, str):
        return target
    if rule.target == "own" and target.id != officer.fleet:
        return (f"{order.order} affects only {officer.name}'s own fleet "
                f"({order_rule_id(order.order)})")
    wants_enemy = rule.target in ("enemy", "enemy-and-ally")
    if rule.target in ("ally", "enemy", "enemy-and-ally") and (target.side != officer.side) != (
        wants_enemy
    ):
        kind = "an enemy fleet" if wants_enemy else "a fleet of its own armada"
        return (f"{order.order} needs {kind}, not {fleet_label(state, target)} "
                f"({order_rule_id(order.order)})")
    if order.order == "transfer":
        return _transfer_refusal(state, officer, target)
    reason = _reach_refusal(state, tables, officer, order.order, target.hex,
                             fleet_label(state, target))
    reason = reason or _affect_refusal(state, officer, target)
    if reason is None and rule.target in ("ally", "own"):
        reason = _benefit_refusal(state, order, target)
    if reason is not None:
        return reason
    if rule.target == "enemy-and-ally":
        ally = _fleet(state, order.ally, "ally")
        if isinstance(ally, str):
            return ally
        if ally.side != officer.side:
            return (f"{fleet_label(state, ally)} is not an allied fleet "
                    f"({order_rule_id(order.order)})")
        reason = _reach_refusal(state, tables, officer, order.order, ally.hex,
                                 fleet_label(state, ally))
        reason = reason or _affect_refusal(state, officer, ally)
        return reason or _benefit_refusal(state, order, ally)
    return _choice_refusal(state, officer, order, target)


def _transfer_refusal(state: ArmadaState, officer: Officer, target: Fleet) -> str | None:
    """Why the officer may not move aboard ``target``: not adjacent, its role taken there,
    or ``target`` jammed this round (an officer moving aboard would bring it its passive
    bonus, and no officer action but the jam affects a jammed fleet: ARM-OFF-JAM; moving
    off one is the officer's own move and stays allowed)."""
    home = state.fleets[officer.fleet]
    if target.jammed_round == state.round:
        return (f"{fleet_label(state, target)} is jammed: no officer may move aboard it this "
                "round (ARM-OFF-JAM, ARM-OFF-MOVE)")
    if home.hex.distance(target.hex) != 1:
        return (f"{fleet_label(state, target)} is not adjacent to {fleet_label(state, home)} "
                "(ARM-OFF-MOVE)")
    if any(other.role == officer.role for other in state.officers_on(target)):
        return (f"{fleet_label(state, target)} already has its {officer.role} (ARM-OFF-MOVE, "
                "ARM-OFF-ONE-ROLE)")
    return None


def _choice_refusal(
    state: ArmadaState, officer: Officer, order: Order, target: Fleet
) -> str | None:
    name = order.order
    if name == "scan" and target.id == officer.fleet:
        return (f"scan looks at another fleet, not {fleet_label(state, target)} "
                f"({order_rule_id(name)})")
    if name == "taunt" and target.id in officer.taunted:
        return (f"{officer.name} has already taunted {fleet_label(state, target)} "
                f"({order_rule_id(name)})")
    if name == "boost" and order.choice not in BOOSTS:
        return f"boost what? choose one of {', '.join(BOOSTS)} ({order_rule_id(name)})"
    if name == "direct" and order.choice not in DIRECTIONS:
        return (f"direct the bonus to {' or '.join(DIRECTIONS)}, not {order.choice!r} "
                f"({order_rule_id(name)})")
    if name == "repair" and order.choice not in target.criticals:
        damaged = ", ".join(target.criticals) or "none"
        return (f"{fleet_label(state, target)} has no {order.choice!r} damage to repair (its "
                f"critical damage: {damaged}; {order_rule_id(name)})")
    aboard = [other.name for other in state.officers_on(target)]
    if name == "jam" and order.choice and order.choice not in aboard:
        return (f"{order.choice!r} is not aboard {fleet_label(state, target)} (aboard: "
                f"{', '.join(aboard) or 'nobody'}; {order_rule_id(name)})")
    if name == "duel" and not aboard:
        return f"{fleet_label(state, target)} carries no officer to duel ({order_rule_id(name)})"
    return None


# ------------------------------------------------------------------------ choices


def legal_orders(
    state: ArmadaState, tables: Tables, player: int, phase: Phase, fleets: list[int] | None = None
) -> list[Order]:
    """Every order ``player``'s officers may give in ``phase`` now (orders of the phase only
    from officers aboard ``fleets``, if given; encouragement from any); conjured debris is
    offered on the hexes where fleets stand."""
    found: list[Order] = []
    for index, officer in enumerate(state.officers):
        if officer.side != player:
            continue
        aboard = fleets is None or officer.fleet in fleets
        for name in [*tables.roles[officer.role].orders, "transfer"]:
            rule = tables.orders[name]
            if rule.phase not in ("any", phase) or (rule.phase == phase and not aboard):
                continue
            if giver_refusal(state, tables, player, phase, index, name) is not None:
                continue  # refuses every order of this name, whatever its target
            # Spending resolve changes one check of _given_refusal (the officer has a point
            # left), so an order is checked once and offered with resolve where it may be.
            resolvable = rule.check != "none" and officer.resolve > 0
            for candidate in _candidates(state, index, name, rule):
                if _given_refusal(state, tables, candidate) is None:
                    found.append(candidate)
                    if resolvable:
                        found.append(Order(index, name, candidate.fleet, candidate.ally,
                                           candidate.q, candidate.r, candidate.choice, True))
    return found


def _candidates(state: ArmadaState, index: int, name: str, rule: OrderRule) -> list[Order]:
    officer = state.officers[index]
    fleets = [fleet for fleet in state.fleets if fleet.status != DESTROYED]
    if rule.target in ("ally", "enemy"):  # the other side's fleets are always refused
        enemy = rule.target == "enemy"
        fleets = [fleet for fleet in fleets if (fleet.side != officer.side) == enemy]
    if rule.target == "none":
        return [Order(index, name)]
    if rule.target == "own":
        return [Order(index, name, choice=choice) for choice in DIRECTIONS]
    if rule.target == "hex":
        return [Order(index, name, q=fleet.q, r=fleet.r) for fleet in fleets]
    if rule.target == "enemy-and-ally":
        return [
            Order(index, name, enemy.id, ally.id)
            for enemy in fleets
            if enemy.side != officer.side
            for ally in fleets
            if ally.side == officer.side
        ]
    orders = []
    for fleet in fleets:
        if name == "boost":
            orders += [Order(index, name, fleet.id, choice=choice) for choice in BOOSTS]
        elif name == "repair":
            orders += [Order(index, name, fleet.id, choice=c) for c in fleet.criticals]
        else:
            orders.append(Order(index, name, fleet.id))
    return orders


def role_refusal(state: ArmadaState, tables: Tables, player: int, change: ChangeRole) -> str | None:
    """Why ``player``'s officer may not take up the role now, or ``None``."""
    if not 0 <= change.officer < len(state.officers):
        return f"there is no officer {change.officer} (ARM-ACTIONS)"
    officer = state.officers[change.officer]
    if officer.side != player:
        return f"{officer.name} serves another armada (ARM-ACTIONS)"
    if change.role not in tables.roles:
        return f"no role {change.role!r}: the roles are {', '.join(tables.roles)} (ARM-ACTIONS)"
    if change.role == officer.role:
        return f"{officer.name} is already the {officer.role} (ARM-OFF-ROLE-CHANGE)"
    if officer.incapacitated:  # silenced: no order, and no new role either
        return f"{officer.name} is incapacitated (ARM-OFF-DUEL)"
    if officer.silenced(state.round):
        return f"{officer.name} is jammed this round (ARM-OFF-JAM)"
    if officer.role_round == state.round or officer.acted_round == state.round:
        return (f"{officer.name} may change role only once, at the start of the round "
                "(ARM-OFF-ROLE-CHANGE)")
    home = state.fleets[officer.fleet]
    if home.status == DESTROYED:  # out of the battle, as for its orders (engine reading)
        return (f"{officer.name}'s fleet {fleet_label(state, home)} is destroyed "
                "(ARM-OFF-ROLE-CHANGE)")
    # the armada's admiral as the helm check finds it: an admiral incapacitated or whose
    # fleet is destroyed leaves the post open (ARM-HELM-D6)
    if change.role == "admiral" and state.admiral(player) is not None:
        return "the armada already has an admiral (ARM-OFF-ONE-ADMIRAL)"
    if any(other.role == change.role for other in state.officers_on(home)):
        return f"{fleet_label(state, home)} already has its {change.role} (ARM-OFF-ONE-ROLE)"
    return None


def legal_role_changes(state: ArmadaState, tables: Tables, player: int) -> list[ChangeRole]:
    """Every role change ``player``'s officers may make now."""
    return [
        ChangeRole(index, role)
        for index, officer in enumerate(state.officers)
        if officer.side == player
        for role in tables.roles
        if role_refusal(state, tables, player, ChangeRole(index, role)) is None
    ]
