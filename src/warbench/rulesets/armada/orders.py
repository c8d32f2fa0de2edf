"""Giving officers' orders: the officer's check and what each order does; the round's
order effects ending.

:func:`give_order` rolls an order's check and applies its effect (``EFFECTS``); who may
give which order, when, is in :mod:`.officers`.
"""

from __future__ import annotations

from typing import Any

from warbench.core.dice import d
from warbench.core.events import RollEffect
from warbench.core.words import possessive
from warbench.rulesets.armada.actions import (
    ChangeRole,
    Order,
)
from warbench.rulesets.armada.combat import (
    armor_class,
    check_modifiers,
    roll_d20,
    strong_against,
)
from warbench.rulesets.armada.context import ArmadaGame
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.events import (
    OrderChecked,
    OrderEffect,
    RoleChanged,
    Scanned,
)
from warbench.rulesets.armada.luck import pick_effect
from warbench.rulesets.armada.morale import rally_retest
from warbench.rulesets.armada.names import fleet_label, fleet_labels
from warbench.rulesets.armada.officers import encouragement, officer_bonus_for
from warbench.rulesets.armada.shown import record_role
from warbench.rulesets.armada.state import (
    ArmadaState,
    Debris,
    Fleet,
    Officer,
    RoundEffects,
)

#: A direct check failed by less than this still gives a bonus of 1.
DIRECT_NEAR_MISS = 5
#: Each full step of this by which a check beats AC adds a round of repair or a scan result.
STEP = 5
#: What a chief technician's scan reveals, in order.
SCAN_LEVELS = ("statistics", "special abilities", "officers")
#: The bonuses a duel check gets when the officers are known, and when the target duels back.
DUEL_KNOWN_BONUS = 5
DUEL_MUTUAL_BONUS = 5


def officer_check(
    game: ArmadaGame, state: ArmadaState, officer: Officer, label: str, twice: bool
) -> int:
    """The officer's check: d20 + officer bonus + its fleet's check modifier and the
    modifiers on all its fleet's checks (+ encouragement)."""
    fleet = state.fleets[officer.fleet]
    purpose = f"{officer.name} {label}"
    natural = roll_d20(game.dice_for(officer.side), purpose, twice=twice)
    # the DC is the caller's: the natural d20 is the effect, higher always better
    game.emit(RollEffect(officer.side, purpose, natural, 1, sides=20, query="d20",
                         args=(int(twice),)))
    return (
        natural
        + officer.bonus
        + fleet.check_modifier
        + check_modifiers(fleet)
        + encouragement(fleet, officer.bonus)
    )


def change_role(game: ArmadaGame, state: ArmadaState, change: ChangeRole) -> None:
    """The officer takes up its new role; its bonus follows its best ranks among the new
    role's skills."""
    officer = state.officers[change.officer]
    old = officer.role
    officer.role = change.role
    officer.role_round = state.round
    record_role(state.roles_shown, change.officer, change.role)
    officer.bonus = officer_bonus_for(
        game.data.tables, officer.role, officer.skills, officer.base_attack_bonus
    )
    game.emit(RoleChanged(
        change.officer, officer.role,
        text=f"{officer.name} leaves the {old}'s post for the {officer.role}'s",
    ))


def give_order(game: ArmadaGame, state: ArmadaState, tables: Tables, order: Order) -> bool:
    """Roll the order's check and apply its effect; whether it succeeded."""
    officer = state.officers[order.officer]
    rule = tables.orders[order.order]
    officer.acted_round = state.round
    record_role(state.roles_shown, order.officer, rule.role)
    if order.resolve:
        officer.resolve -= 1
    target = state.fleets[order.fleet] if order.fleet >= 0 else state.fleets[officer.fleet]
    margin = 0
    if rule.check != "none":
        check = officer_check(game, state, officer, order.order, order.resolve) + rule.bonus
        against = rule.dc if rule.check == "dc" else armor_class(state, target) + rule.ac_offset
        if order.order == "duel":
            check += _duel_bonus(state, officer, target)
        margin = check - against
        verdict = "succeeds" if margin >= 0 else "fails"
        labels = fleet_labels(state.fleets)
        aim = f" on {labels[target.id]}" if rule.target in ("fleet", "ally", "enemy") else ""
        if rule.target == "enemy-and-ally":
            aim = f" on {labels[target.id]} for {labels[order.ally]}"
        game.emit(OrderChecked(
            order.officer, order.order, check, against,
            text=f"{officer.name} orders {order.order}{aim}: {check} against {against}, "
            f"{verdict}",
        ))
    if order.order == "taunt":
        officer.taunted.append(target.id)
    if order.order == "duel":
        officer.dueled, officer.duel_margin = target.id, margin
        _answer_duels(game, state, officer, target)
    if margin < 0 and not (order.order == "direct" and margin > -DIRECT_NEAR_MISS):
        return False
    EFFECTS[order.order](game, state, officer, order, margin)
    return True


def _answer_duels(game: ArmadaGame, state: ArmadaState, officer: Officer, target: Fleet) -> None:
    """A duel answered in kind: the commanders of ``target`` who dueled ``officer``'s fleet
    earlier this round get the mutual +5 on their checks now (ARM-OFF-DUEL), which may turn
    a miss into a win."""
    for other in state.officers_on(target):
        if other.dueled != officer.fleet or other.role != "commander":
            continue
        missed = other.duel_margin < 0
        other.duel_margin += DUEL_MUTUAL_BONUS
        outcome = "succeeds" if other.duel_margin >= 0 else "fails"
        _say(game, other, f"{officer.name} duels back: +{DUEL_MUTUAL_BONUS} to the duel, which "
             f"{'still ' if outcome == 'fails' or not missed else 'now '}{outcome}",
             fleet=target.id)
        if missed and other.duel_margin >= 0:
            state.fleets[other.fleet].now().duel_target = officer.fleet


def _duel_bonus(state: ArmadaState, officer: Officer, target: Fleet) -> int:
    bonus = DUEL_KNOWN_BONUS if scan_level(target, officer.side) >= len(SCAN_LEVELS) else 0
    if any(other.dueled == officer.fleet for other in state.officers_on(target)):
        bonus += DUEL_MUTUAL_BONUS
    return bonus


def scan_level(fleet: Fleet, side: int) -> int:
    """How many of the scan results ``side`` has learned about ``fleet``."""
    return fleet.scanned[side] if side < len(fleet.scanned) else 0


def _say(
    game: ArmadaGame,
    officer: Officer,
    text: str,
    *,
    fleet: int | None = None,
    target: int | None = None,
    hex: tuple[int, int] | None = None,
    boost: str | None = None,
    condition: str | None = None,
) -> None:
    game.emit(OrderEffect(fleet, target, hex, boost, condition, text=f"{officer.name}: {text}"))


def _transfer(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    officer.fleet = order.fleet
    _say(game, officer, f"moves to {fleet_labels(state.fleets)[order.fleet]}",
         fleet=order.fleet)


def _rally(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    fleet = state.fleets[order.fleet]
    fleet.now().rally_bonus = officer.bonus
    _say(game, officer, f"rallies {fleet_label(state, fleet)} (+{officer.bonus} to morale)",
         fleet=fleet.id)
    rally_retest(game, fleet)


def _encourage(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    fleet = state.fleets[order.fleet]
    fleet.now().encouraged = officer.bonus
    _say(game, officer, f"encourages {fleet_label(state, fleet)}", fleet=fleet.id)


def _taunt(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    fleet = state.fleets[order.fleet]
    fleet.taunt_penalty = 1 + officer.bonus // 2
    fleet.taunt_round = state.round
    _say(game, officer,
         f"taunts {fleet_label(state, fleet)}: -{fleet.taunt_penalty} to all its checks",
         fleet=fleet.id)


def _conjure(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    state.debris.append(Debris(order.q, order.r, officer.bonus))
    _say(game, officer, f"conjures debris around {order.q},{order.r}", hex=(order.q, order.r))


def _enchant(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    fleet = state.fleets[order.fleet]
    fleet.now().range_bonus = ENCHANT_RANGE
    fleet.now().critical_from = min(fleet.this_round.critical_from, ENCHANT_CRITICAL)
    _say(game, officer, f"enchants {possessive(fleet_label(state, fleet))} weapons",
         fleet=fleet.id)


def _precognition(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    state.sides[officer.side].precognition_round = state.round
    _say(game, officer, "foresees the enemy's moves: the admiral adds 1d4 to the helm check")


def _boost(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    fleet = state.fleets[order.fleet]
    if order.choice == "speed":
        told = f"{fleet_label(state, fleet)} boost"  # the dice's label, their key: the name
        boost = d(game.dice_for(officer.side), 2, label=f"{fleet.name} boost", told=told).total
        game.emit(RollEffect(officer.side, f"{fleet.name} boost", boost, 1, sides=2, told=told))
        fleet.now().speed_bonus = boost
        text = f"+{fleet.this_round.speed_bonus} speed"
    elif order.choice == "turn":
        fleet.now().turn_bonus = 1
        text = "1 less turn distance"
    elif order.choice == "shields":
        fleet.now().regain_bonus = officer.bonus
        text = f"+{officer.bonus} shield points regained"
    else:
        fleet.now().damage_bonus = officer.bonus
        text = f"+{officer.bonus} to its damage rolls"
    _say(game, officer, f"boosts {fleet_label(state, fleet)}: {text}", fleet=fleet.id,
         boost=order.choice)


def _repair(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    fleet = state.fleets[order.fleet]
    last = state.round + margin // STEP
    fleet.criticals.remove(order.choice)
    fleet.repairs.append((order.choice, last))
    _say(game, officer,
         f"repairs {possessive(fleet_label(state, fleet))} {order.choice} to the end of round "
         f"{last}",
         fleet=fleet.id, condition=order.choice)


def _jam(game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int) -> None:
    fleet = state.fleets[order.fleet]
    fleet.jammed_round = state.round + 1
    chosen = [other for other in state.officers_on(fleet) if other.name == order.choice]
    # the random one among those still at work: an incapacitated officer gives nothing to
    # jam (l.175; as the duel's pick)
    aboard = [other for other in state.officers_on(fleet) if not other.incapacitated]
    if not chosen and aboard:
        which = f"{officer.name} jam (which officer)"
        pick = d(game.dice_for(officer.side), len(aboard), label=which).total
        game.emit(pick_effect(officer.side, which, tuple(o.bonus for o in aboard), pick,
                              higher_is_better=officer.side != fleet.side))
        chosen = [aboard[pick - 1]]
    for other in chosen:
        other.jammed_round = state.round + 1
    who = f" and {chosen[0].name}" if chosen else ""
    _say(game, officer, f"jams {fleet_label(state, fleet)}{who} for the next round",
         fleet=fleet.id)


def _scan(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    fleet = state.fleets[order.fleet]
    while len(fleet.scanned) < len(state.sides):
        fleet.scanned.append(0)
    known = fleet.scanned[officer.side]
    fleet.scanned[officer.side] = min(len(SCAN_LEVELS), known + 1 + margin // STEP)
    learned = SCAN_LEVELS[known : fleet.scanned[officer.side]]
    strong, weak = _matchups(game.data.tables, fleet)
    abilities = "special abilities" in learned
    game.emit(Scanned(
        fleet.id,
        learned,
        statistics=_scan_statistics(fleet) if "statistics" in learned else None,
        abilities=fleet.abilities if abilities else None,
        strong_against=strong if abilities else None,
        weak_against=weak if abilities else None,
        officers=(
            tuple((o.name, o.role) for o in state.officers_on(fleet))
            if "officers" in learned else None
        ),
        text=f"{officer.name} scans {fleet_label(state, fleet)}: learns its "
        + (", ".join(learned) if learned else "nothing new"),
        visible_to=frozenset({officer.side}),
    ))


def _matchups(tables: Tables, fleet: Fleet) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fleet classes ``fleet`` is strong against (interceptors counted), and those
    strong against it: what the second scan result tells besides abilities (ARM-OFF-SCAN)."""
    strong = tuple(name for name in tables.classes if strong_against(tables, fleet, name))
    weak = tuple(
        name for name, row in tables.classes.items() if fleet.fleet_class in row.strong_against
    )
    return strong, weak


def _scan_statistics(fleet: Fleet) -> dict[str, Any]:
    return {
        "class": fleet.fleet_class, "size": fleet.size, "speed": fleet.speed,
        "turn_distance": fleet.turn_distance, "tier": fleet.tier, "damage": fleet.damage,
        "hull_points": fleet.hull_points, "hull": fleet.hull,
        "shield_max": fleet.shield_max, "shields": fleet.shields,
    }


def _target(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    ally, enemy = state.fleets[order.ally], state.fleets[order.fleet]
    ally.now().locks.append(enemy.id)
    _say(game, officer,
         f"locks {possessive(fleet_label(state, ally))} guns on {fleet_label(state, enemy)}",
         fleet=ally.id,
         target=enemy.id)


def _direct(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    fleet = state.fleets[officer.fleet]
    bonus = officer.bonus if margin >= 0 else 1
    if order.choice == "gunnery":
        fleet.now().direct_gunnery = bonus
    else:
        fleet.now().direct_ac = bonus
    near_miss = " all the same, missing by less than 5" if margin < 0 else ""
    _say(game, officer,
         f"directs {fleet_label(state, fleet)}{near_miss}: +{bonus} to its {order.choice}",
         fleet=fleet.id)


def _duel(
    game: ArmadaGame, state: ArmadaState, officer: Officer, order: Order, margin: int
) -> None:
    officer_fleet = state.fleets[officer.fleet]
    officer_fleet.now().duel_target = order.fleet
    _say(game, officer, f"leads a duel against {fleet_labels(state.fleets)[order.fleet]}",
         fleet=order.fleet)


#: A chief spellcaster's enchantment: extra hexes on every range band, and criticals from 19.
ENCHANT_RANGE = 2
ENCHANT_CRITICAL = 19

EFFECTS = {
    "transfer": _transfer,
    "rally": _rally,
    "encourage": _encourage,
    "taunt": _taunt,
    "conjure": _conjure,
    "enchant": _enchant,
    "precognition": _precognition,
    "boost": _boost,
    "repair": _repair,
    "jam": _jam,
    "scan": _scan,
    "target": _target,
    "direct": _direct,
    "duel": _duel,
}


# ------------------------------------------------------------------------ upkeep


def lose_officer_effects(fleet: Fleet) -> None:
    """The fleet's communications went down: what officers' orders gave it this round
    (rally, encouragement, enchantment, boosts, direction, target locks) stops applying
    (ARM-CRIT-COMMS); a duel it leads, a flyby and a stunt's penalty stay."""
    effects = fleet.effects
    if effects is None:
        return
    fleet.effects = RoundEffects(
        duel_target=effects.duel_target,
        flyby_target=effects.flyby_target,
        ac_penalty=effects.ac_penalty,
    )


def end_of_round_orders(state: ArmadaState) -> None:
    """The round's effects end (rallies, encouragement, enchantments, boosts, directions,
    locks, duels, flybys, stunt penalties) and its debris; repairs and an EMP's critical
    conditions run out."""
    for fleet in state.fleets:
        fleet.effects = None
        for condition, last in list(fleet.fleeting):
            if last <= state.round:
                fleet.fleeting.remove((condition, last))
                fleet.repairs = [entry for entry in fleet.repairs if entry[0] != condition]
                if condition in fleet.criticals:
                    fleet.criticals.remove(condition)
                if condition == "auxiliary":
                    fleet.suppressed_ability = ""
        for condition, last in list(fleet.repairs):
            if last <= state.round:
                fleet.repairs.remove((condition, last))
                if condition not in fleet.criticals:
                    fleet.criticals.append(condition)
    for officer in state.officers:
        officer.dueled, officer.duel_margin = -1, 0
    state.debris.clear()


def end_of_taunts(state: ArmadaState) -> None:
    """Taunts last until the start of the next helm phase."""
    for fleet in state.fleets:
        if fleet.taunt_round < state.round:
            fleet.taunt_penalty = 0
