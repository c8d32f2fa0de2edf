"""Damage landing: shields then hull, disabled and destroyed fleets, critical damage,
morale (:mod:`.morale`), self-destruct, and the attacks that land at once (free attacks,
debris).

All the hits of a gunnery phase land together through :func:`resolve_gunnery`; damage
outside gunnery (a fleet passing an enemy, a self-destruct, debris) goes through it too.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.dice import d
from warbench.core.engine import IllegalAction
from warbench.core.events import PointsScored, UnitDamaged, UnitDestroyed
from warbench.core.procedures import Procedure
from warbench.core.words import counted, possessive
from warbench.rulesets.armada.actions import (
    Decline,
    SelfDestruct,
)
from warbench.rulesets.armada.combat import (
    Gunnery,
    absorb_damage,
    gunnery_for,
    reaches_critical_threshold,
    spared_by_jam,
    status_for_hull,
)
from warbench.rulesets.armada.context import ArmadaGame
from warbench.rulesets.armada.data import ArmadaData, Tables
from warbench.rulesets.armada.events import (
    Critical,
    Damaged,
    DebrisStrikes,
    Destroyed,
    Disabled,
    Duel,
    Hit,
    MineDestroyed,
    Missed,
    SelfDestructed,
)
from warbench.rulesets.armada.luck import critical_effect, pick_effect, rolled_gunnery
from warbench.rulesets.armada.morale import MoraleTest, morale_tests
from warbench.rulesets.armada.names import fleet_label, fleet_labels
from warbench.rulesets.armada.officers import gunnery_encouragement
from warbench.rulesets.armada.orders import lose_officer_effects
from warbench.rulesets.armada.places import mine_name
from warbench.rulesets.armada.resolve import Check, Then, roll_or_offer
from warbench.rulesets.armada.shown import record_ability, record_check, record_damage
from warbench.rulesets.armada.sight import ABILITIES, OFFICERS, RECORDS_ONLY, knowing_sides
from warbench.rulesets.armada.state import (
    ACTIVE,
    CRITICALS,
    DESTROYED,
    DISABLED,
    ArmadaState,
    Fleet,
)
from warbench.rulesets.armada.templates import template_id


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


def free_attack(
    game: ArmadaGame, state: ArmadaState, tables: Tables, attacker: Fleet, target: Fleet,
    *, halved: bool = False, label: str = "free attack", then: Then | None = None,
) -> None:
    """An attack outside the gunnery phase (at 1 hex, any arc, no forward shields), landing
    at once: a fleet passing through the attacker's hex, or a self-destruct. An officer
    aboard the attacker may spend resolve on it first (:class:`FreeAttack`); ``then`` waits
    for the attack and what it sets off."""
    roll_or_offer(game, FreeAttack(attacker.id, target.id, halved, label, then))


@dataclass(slots=True)
class FreeAttack(Check):
    """A free attack (see :func:`free_attack`) waiting to be rolled; then ``then``."""

    attacker: int
    target: int
    halved: bool = False
    label: str = "free attack"
    then: Then | None = None

    def fleet(self, state: ArmadaState) -> int:
        return self.attacker

    def words(self, state: ArmadaState) -> str:
        labels = fleet_labels(state.fleets)
        return f"{possessive(labels[self.attacker])} {self.label} on {labels[self.target]}"

    def roll(self, game: ArmadaGame, twice: bool) -> None:
        state, tables = game.state, game.data.tables
        attacker, target = state.fleets[self.attacker], state.fleets[self.target]
        label, halved = self.label, self.halved
        gunnery = gunnery_for(state, tables, attacker, target, close=True, halved=halved,
                              encouragement=gunnery_encouragement(state, attacker))
        # the dice's label keys a search's dice on the fleet's name; people read its tag
        attacking, attacked = fleet_label(state, attacker), fleet_label(state, target)
        shot = rolled_gunnery(game, attacker.side, gunnery, f"{attacker.name} {label}",
                              twice=twice, told=f"{attacking} {label}")
        half = ", half damage" if halved else ""
        where = f"({shot.check} against AC {gunnery.armor_class}{half})"
        close = ("close", (0, 1), "")  # a free attack's, as its event says
        if not shot.hit:
            game.emit(Missed(attacker.id, target.id, shot.natural, shot.check,
                             gunnery.armor_class,
                             text=f"{possessive(attacking)} {label} misses {attacked} {where}"))
            record_check(state.shown, attacker.id, target.id, close)
            if self.then is not None:
                self.then.resume(game)
            return
        game.emit(Hit(attacker.id, target.id, shot.natural, shot.check, gunnery.armor_class,
                      shot.damage, text=f"{possessive(attacking)} {label} hits {attacked} {where}: "
                      f"{shot.damage} damage (shields first)"))
        record_check(state.shown, attacker.id, target.id, close,
                     (gunnery.dice, gunnery.sides), shot.damage)
        hit = PendingHit(attacker.id, target.id, shot.damage, shot.natural, gunnery)
        resolve_gunnery(game, state, tables, [hit], then=self.then)


def debris_damage(game: ArmadaGame, state: ArmadaState, tables: Tables, fleet: Fleet) -> None:
    """A fleet ending its move in conjured debris takes the debris's damage at once (none
    while it is jammed: no officer action but the jam affects it, ARM-OFF-JAM)."""
    if spared_by_jam(state, fleet):
        return
    damage = sum(debris.damage for debris in state.debris if debris.covers(fleet.hex))
    if damage:
        game.emit(DebrisStrikes(fleet.id, damage, text=f"{fleet_label(state, fleet)} ends its "
                                f"move in the debris: {damage} damage"))
        record_damage(state.shown, fleet.id, damage)
        resolve_gunnery(game, state, tables, [PendingHit(-1, fleet.id, damage)])

def resolve_gunnery(
    game: ArmadaGame, state: ArmadaState, tables: Tables, hits: list[PendingHit],
    then: Then | None = None,
) -> list[int]:
    """Apply every hit of the phase (or other damage) at once: shields, then hull; then
    disabled and destroyed fleets, critical damage and morale (``then`` after the morale
    checks, which may wait for an answer on resolve). Returns the hull damage each hit
    counts as dealing (:func:`land_hits`)."""
    dealt, tests = land_hits(game, state, tables, hits)
    morale_tests(game, tests, then)
    return dealt


def land_hits(
    game: ArmadaGame, state: ArmadaState, tables: Tables, hits: list[PendingHit]
) -> tuple[list[int], list[MoraleTest]]:
    """:func:`resolve_gunnery` but for the morale checks: the hull damage each hit counts as
    dealing, and the morale tests of the fleets that fell to half hull points, still to roll.

    The hits land together (ARM-GUN-SIMULTANEOUS): the shields take the first damage of
    them all, so which hit "dealt" the hull damage is not a matter of their order. For
    critical damage (ARM-CRIT-NAT20) every hit of some damage on a fleet counts as dealing
    the hull damage the fleet took in this landing (engine reading); the hull damage a hit
    is credited with in reports still follows the order they were rolled in."""
    struck: list[int] = []
    hull_before: dict[int, int] = {}
    # the attacker whose hit first took each fleet to disabled (hull 0), and past destroyed
    disabler: dict[int, int] = {}
    destroyer: dict[int, int] = {}
    for hit in hits:
        if hit.mine >= 0:
            hit_mine(game, state, hit)
            continue
        target = state.fleets[hit.target]
        before = target.hull
        hull_before.setdefault(target.id, before)
        shields_before = target.shields
        target.shields, target.hull = absorb_damage(target.shields, target.hull, hit.damage)
        if target.id not in struck:
            struck.append(target.id)
        now = status_for_hull(target.hull, target.hull_points)
        if now != ACTIVE:
            disabler.setdefault(target.id, hit.attacker)
        if now == DESTROYED:
            destroyer.setdefault(target.id, hit.attacker)
        game.emit(Damaged(
            target.id, target.shields, target.hull,
            text=damaged_text(fleet_label(state, target), target, hit.damage,
                              shields_before - target.shields),
            visible_to=knowing_sides(state, target),  # ARM-OFF-SCAN: hull and shields
        ))
        if before > target.hull:
            by = state.fleets[hit.attacker] if hit.attacker >= 0 else None
            note_damage(game, target, before - target.hull, by)
    halved: list[Fleet] = []
    for fleet_id in struck:
        fleet = state.fleets[fleet_id]
        status = status_for_hull(fleet.hull, fleet.hull_points)
        if status == DESTROYED:
            if fleet.status != DESTROYED:
                attacker = destroyer.get(fleet.id, -1)
                note_loss(game, fleet, state.fleets[attacker] if attacker >= 0 else None)
            fleet.status = DESTROYED
            game.emit(Destroyed(fleet.id, text=f"{fleet_label(state, fleet)} is destroyed"))
        elif status == DISABLED and fleet.status == ACTIVE:
            attacker = disabler.get(fleet.id, -1)
            note_disabled(game, fleet, state.fleets[attacker] if attacker >= 0 else None)
            fleet.status = DISABLED
            game.emit(Disabled(fleet.id, text=f"{fleet_label(state, fleet)} is disabled"))
            if fleet.has("self-destruct"):
                game.push(SelfDestructChoice(fleet.id))
        if fleet.status == ACTIVE and reaches_critical_threshold(
            fleet.hull, fleet.critical_threshold, fleet.halved
        ):
            fleet.halved = True
            halved.append(fleet)
    shared = [
        hull_before[hit.target] - state.fleets[hit.target].hull
        if hit.mine < 0 and hit.damage > 0 else 0
        for hit in hits
    ]
    for hit, dealt in zip(hits, shared, strict=True):
        if hit.mine >= 0:
            continue
        target = state.fleets[hit.target]
        gunnery = hit.gunnery
        if target.status == ACTIVE and gunnery is not None and gunnery.critical(hit.natural, dealt):
            lasting = gunnery.lasting_critical(hit.natural, dealt)
            if not lasting:  # an EMP's passing critical, announced as one
                record_ability(state.shown, hit.attacker, "emp")
            roller = state.fleets[hit.attacker].side if hit.attacker >= 0 else _enemy(state, target)
            critical_damage(game, target, roller, until=None if lasting else state.round + 1)
    for fleet in halved:
        critical_damage(game, fleet, _enemy(state, fleet))
    tests = [
        MoraleTest(fleet.id, 10 + max(side.tier for i, side in enumerate(state.sides)
                                      if i != fleet.side) // 2)
        for fleet in halved
    ]
    return shared, tests


def unit_type(fleet: Fleet) -> str:
    """The fleet's id in army lists (its template id), for unit events."""
    return template_id(fleet.fleet_class, fleet.size, fleet.tier)


def note_damage(game: ArmadaGame, target: Fleet, amount: int, by: Fleet | None) -> None:
    """The ``unit_damaged`` event for hull damage (``by``: the attacking fleet, if any)."""
    game.emit(UnitDamaged(
        unit_type(target), target.side, amount,
        by_player=None if by is None else by.side,
        by_unit_type=None if by is None else unit_type(by),
        visible_to=RECORDS_ONLY,
    ))


def note_loss(game: ArmadaGame, fleet: Fleet, by: Fleet | None) -> None:
    """The ``unit_destroyed`` event for a fleet destroyed (``by``: the fleet whose hit
    destroyed it, if any); it scores the fleet's build points for the enemy when the fleet
    was still active (a fleet disabled first scored them then: :func:`note_disabled`)."""
    game.emit(UnitDestroyed(
        unit_type(fleet), fleet.side, points=float(fleet.cost if fleet.status == ACTIVE else 0),
        by_player=None if by is None else by.side,
        by_unit_type=None if by is None else unit_type(by),
        visible_to=RECORDS_ONLY,
    ))


def note_disabled(game: ArmadaGame, fleet: Fleet, by: Fleet | None) -> None:
    """The ``points_scored`` event for an active fleet disabled (``by``: the fleet whose
    hit disabled it; ``None`` for a long rout): the enemy scores its build points now, as
    the battle's score counts them (:func:`~.rounds.battle_scores`)."""
    game.emit(PointsScored(
        unit_type(fleet), fleet.side, float(fleet.cost),
        by_player=None if by is None else by.side,
        by_unit_type=None if by is None else unit_type(by),
        visible_to=RECORDS_ONLY,
    ))


def damaged_text(named: str, target: Fleet, damage: int, to_shields: int) -> str:
    """A hit landing on ``target`` (``named`` so: its label), as the table reads it, for the
    sides that know the target's hull and shields (ARM-OFF-SCAN): what the shields stopped,
    the hull taken and what is left of it (never below 0: a fleet past its hull points is
    destroyed).

    >>> from types import SimpleNamespace as Fleetish
    >>> sparks = Fleetish(hull=-5, hull_points=20, shields=0)
    >>> damaged_text("Sparks", sparks, 22, 4).split("; ")[1]
    'hull 0/20, disabled (16 more damage destroys it)'
    >>> damaged_text("Sparks (P2)", Fleetish(hull=-21, hull_points=20, shields=0), 9, 0)
    'Sparks (P2) takes 9 damage: no shields, 9 to the hull; hull 0/20, destroyed'
    >>> damaged_text("Sparks", Fleetish(hull=20, hull_points=20, shields=2), 1, 1)
    'Sparks takes 1 damage: all of it stopped by the shields (2 shield points left); hull 20/20'
    """
    hull = f"hull {max(target.hull, 0)}/{target.hull_points}"
    status = status_for_hull(target.hull, target.hull_points)
    if status == DISABLED:  # at 0 or below; destroyed once below minus its hull points
        hull += f", disabled ({target.hull + target.hull_points + 1} more damage destroys it)"
    elif status == DESTROYED:
        hull += ", destroyed"
    if to_shields >= damage:
        left = counted(target.shields, "shield point")
        return (f"{named} takes {damage} damage: all of it stopped by the shields "
                f"({left} left); {hull}")
    stopped = f"{to_shields} stopped by the shields, " if to_shields else "no shields, "
    return (f"{named} takes {damage} damage: {stopped}{damage - to_shields} to the "
            f"hull; {hull}")


def hit_mine(game: ArmadaGame, state: ArmadaState, hit: PendingHit) -> None:
    """Damage on a gravity mine; at 0 hit points it is destroyed."""
    mine = state.mines[hit.mine]
    was_standing = mine.hp > 0
    mine.hp -= hit.damage
    if was_standing and mine.hp <= 0:
        game.emit(MineDestroyed((mine.q, mine.r),
                                text=f"gravity {mine_name(hit.mine)} is destroyed"))


def adjacent_fleets(state: ArmadaState, fleet: Fleet) -> list[Fleet]:
    """Fleets on the map in the hexes next to ``fleet``."""
    return [
        other
        for other in state.fleets
        if other.status != DESTROYED and other.hex.distance(fleet.hex) == 1
    ]


@dataclass(slots=True)
class SelfDestructChoice(Procedure[ArmadaState, ArmadaData]):
    """A fleet with self-destruct has just been disabled: its armada may blow it up instead
    and make a free attack on an adjacent fleet (``SelfDestruct(fleet, -1)``, no attack,
    when no fleet is next to it)."""

    fleet: int

    def decisions(self, game: ArmadaGame) -> list[Decision]:
        state = game.state
        fleet = state.fleets[self.fleet]
        targets = [other.id for other in adjacent_fleets(state, fleet)]
        options: list[Action] = [SelfDestruct(fleet.id, target) for target in targets or [-1]]
        options.append(Decline(fleet.id))
        attack = "and attack an adjacent fleet" if targets else "with no fleet next to attack"
        prompt = f"{fleet_label(state, fleet)} is disabled: self-destruct {attack}?"
        return [Decision(fleet.side, prompt, tuple(options))]

    def act(self, game: ArmadaGame, player: int, action: Action) -> None:
        state = game.state
        fleet = state.fleets[self.fleet]
        match action:
            case Decline():
                game.pop()
                record_ability(state.shown, fleet.id, "self-destruct")  # it was asked
                game.emit(SelfDestructed(fleet.id,
                                         text=f"{fleet_label(state, fleet)} stays adrift"))
            case SelfDestruct():
                game.pop()
                note_loss(game, fleet, None)  # its own doing, disabled before: scores nothing
                fleet.status = DESTROYED
                record_ability(state.shown, fleet.id, "self-destruct")
                if action.target < 0:
                    game.emit(SelfDestructed(fleet.id, destroyed=True,
                                             text=f"{fleet_label(state, fleet)} self-destructs"))
                    return
                target = state.fleets[action.target]
                game.emit(SelfDestructed(fleet.id, target.id, destroyed=True,
                                         text=f"{fleet_label(state, fleet)} self-destructs, "
                                         f"attacking {fleet_label(state, target)}"))
                free_attack(game, state, game.data.tables, fleet, target, label="self-destruct")
            case _:
                raise IllegalAction(f"self-destruct or decline, not {action!r} (ARM-ACTIONS)")


@dataclass(slots=True)
class SettleDuels(Then):
    """The gunnery phase's duels settled once its hits have landed and the morale checks
    they forced are rolled (:func:`settle_duels`)."""

    hits: list[PendingHit]
    dealt: list[int]

    def resume(self, game: ArmadaGame) -> None:
        settle_duels(game, game.state, self.hits, self.dealt)


def settle_duels(
    game: ArmadaGame, state: ArmadaState, hits: list[PendingHit], dealt: list[int]
) -> None:
    """A commander who won a duel: if its fleet's attack damaged the dueled fleet this
    round, that fleet suffers the communications critical condition to the end of the next
    round (a chief engineer may repair it); if the attack was critical, one of its officers
    (at random) is incapacitated for the battle."""
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
        suffer(target, "communications", state.round + 1)
        dueller, dueled = fleet_label(state, fleet), fleet_label(state, target)
        game.emit(Duel(target.id, text=f"{possessive(dueller)} duel cuts "
                       f"{possessive(dueled)} communications"))
        aboard = [o for o in state.officers_on(target) if not o.incapacitated]
        if aboard and any(
            hit.gunnery is not None and hit.gunnery.critical(hit.natural, hull)
            for hit, hull in landed
        ):
            told = f"{dueller} duel"
            pick = d(game.dice_for(fleet.side), len(aboard), label=f"{fleet.name} duel",
                     told=told).total
            game.emit(pick_effect(fleet.side, f"{fleet.name} duel",
                                  tuple(o.bonus for o in aboard), pick, higher_is_better=True,
                                  told=told))
            aboard[pick - 1].incapacitated = True
            known = len(knowing_sides(state, target, OFFICERS)) == state.players
            who = aboard[pick - 1].name if known else f"an officer of {dueled}"
            game.emit(Duel(target.id, text=f"{who} is incapacitated in the duel"))


def _enemy(state: ArmadaState, fleet: Fleet) -> int:
    """The side that rolls a critical with no one attacker (engine default: the first
    enemy side; the seed has the attacking fleet roll)."""
    return next(side for side in range(len(state.sides)) if side != fleet.side)


def critical_damage(
    game: ArmadaGame, fleet: Fleet, roller: int, *, until: int | None = None
) -> None:
    """Side ``roller`` (the attacker's, ARM-CRIT-ROLL) rolls on the critical damage table
    (a 6 rolls twice, ignoring 6s and repeats). The conditions last for the battle, or with
    ``until`` (an EMP's) to the end of that round, unless the fleet already has them."""
    dice = game.dice_for(roller)
    suffered = tuple(int(condition in fleet.criticals) for condition in CRITICALS)
    told = f"{fleet_label(game.state, fleet)} critical damage"
    face = d(dice, 6, label=f"{fleet.name} critical damage", told=told).total
    results: list[str] = []
    if face < 6:
        results.append(CRITICALS[face - 1])
    while face == 6 and len(results) < 2:
        again = d(dice, 6, label=f"{fleet.name} critical damage (roll twice)",
                  told=f"{told} (roll twice)").total
        if again < 6 and CRITICALS[again - 1] not in results:
            results.append(CRITICALS[again - 1])
    new = sum(1 for condition in results if not suffered[CRITICALS.index(condition)])
    game.emit(critical_effect(roller, fleet.side, suffered, new, f"{fleet.name} critical damage",
                              told=told))
    for condition in results:
        passing = suffer(fleet, condition, until)
        if condition == "auxiliary" and not fleet.suppressed_ability:
            _suppress_an_ability(game, fleet, roller)
        game.emit(Critical(
            fleet.id, condition,
            text=f"{fleet_label(game.state, fleet)} suffers critical damage: {condition}"
            + (_auxiliary_note(game.state, fleet) if condition == "auxiliary" else "")
            + (f" (EMP, to the end of round {until})" if passing else ""),
        ))


def suffer(fleet: Fleet, condition: str, until: int | None) -> bool:
    """The fleet suffers the critical damage ``condition``: for the battle, or with ``until``
    (an EMP's, a duel's communications) to the end of that round, unless it already has it
    for the battle; a repair holding it off ends. Whether it passes at ``until``;
    communications going down end what officers' orders gave the fleet."""
    held = [entry for entry in fleet.fleeting if entry[0] == condition]
    repaired = any(entry[0] == condition for entry in fleet.repairs)
    lasting = (condition in fleet.criticals or repaired) and not held
    for entry in held:
        fleet.fleeting.remove(entry)
    if until is not None and not lasting:
        fleet.fleeting.append((condition, until))
    if condition not in fleet.criticals:
        fleet.criticals.append(condition)
    fleet.repairs = [entry for entry in fleet.repairs if entry[0] != condition]
    if condition == "communications":
        lose_officer_effects(fleet)
    return until is not None and not lasting


def _suppress_an_ability(game: ArmadaGame, fleet: Fleet, roller: int) -> None:
    choices = [a for a in fleet.abilities if a != "flagship"]
    if len(choices) == 1:
        fleet.suppressed_ability = choices[0]
    elif choices:
        told = f"{fleet_label(game.state, fleet)} auxiliary system"
        pick = d(game.dice_for(roller), len(choices), label=f"{fleet.name} auxiliary system",
                 told=told).total
        worth = tuple(game.data.tables.abilities[name].cost if name in game.data.tables.abilities
                      else 0 for name in choices)
        game.emit(pick_effect(roller, f"{fleet.name} auxiliary system", worth, pick,
                              higher_is_better=roller != fleet.side, told=told))
        fleet.suppressed_ability = choices[pick - 1]


def _auxiliary_note(state: ArmadaState, fleet: Fleet) -> str:
    if len(knowing_sides(state, fleet, ABILITIES)) < state.players:
        return " (a special ability, if it has one, lost)"  # ARM-OFF-SCAN
    if fleet.suppressed_ability:
        return f" ({fleet.suppressed_ability} lost)"
    return " (no special ability to lose)"
