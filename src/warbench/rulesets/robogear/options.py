"""The finite actions a unit may take in its turn (moves and turns are parameter spaces)."""

from __future__ import annotations

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.rng import RandomStream
from warbench.rulesets.robogear import buildings, fire, infantry, moves
from warbench.rulesets.robogear.actions import (
    ACTIONS_RULE,
    Board,
    Disembark,
    EndTurn,
    Enter,
    Heal,
    Leave,
    Melee,
    Ram,
    RunOver,
    Shoot,
    Throw,
)
from warbench.rulesets.robogear.damage import RobogearGame
from warbench.rulesets.robogear.data import RobogearData, steps
from warbench.rulesets.robogear.flames import FlamePlan
from warbench.rulesets.robogear.picture import unit_words
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.roster import Roster
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import Sight, gap, gap_at_most

#: Finite action kinds also offered as rule-judged spaces (for refusals naming the rule).
RULED: tuple[type[Action], ...] = (Shoot, Throw, Ram, RunOver, Melee, Heal, Board, Disembark)
#: Offered only on a table with buildings.
BUILDING_ACTIONS: tuple[type[Action], ...] = (Enter, Leave)


def enemies_of(state: RobogearState, player: int) -> list[Unit]:
    """The player's enemies' units that can be aimed at or charged: alive, not held back."""
    teams = state.teams
    side = teams[player]
    return [t for t in state.units
            if t.player != player and teams[t.player] != side and t.alive and not t.reserve]


def turn_decisions(game: RobogearGame, units: list[Unit], player: int) -> list[Decision]:
    """What the player whose squad (or group) has its turn may do with ``units``: end the
    turn, a listed action of a unit (:func:`unit_options`), or a move, a turn on the spot or
    a deployment from the parameter spaces; none when nothing is left to do but end it."""
    state, data = game.state, game.data
    roster = Roster(units)
    mobile, hidden, able = roster.mobile, roster.hidden, roster.able
    options: list[Action] = [EndTurn()]
    spaces: list[ParamSpace] = []
    sight = Sight(state, data) if able else None
    foes: dict[int, list[Unit]] = {}
    for unit in able:
        if unit.player not in foes:
            foes[unit.player] = enemies_of(state, unit.player)
        options.extend(unit_options(game, unit, sight, foes[unit.player]))
    acting = roster.acting
    ruled = RULED + BUILDING_ACTIONS if any(b.slots for b in state.terrain) else RULED
    spaces += [RuleSpace(kind, state, data, acting, options) for kind in ruled]
    if mobile:
        spaces += [moves.MoveSpace(state, data, mobile), moves.TurnSpace(state, data, mobile)]
    if hidden:
        spaces.append(infantry.DeploySpace(state, data, hidden))
    if len(options) == 1 and not mobile and not hidden:
        return []
    return [Decision(player, "act with a unit or end the turn", tuple(options), tuple(spaces))]


def unit_options(game: RobogearGame, unit: Unit, sight: Sight | None = None,
                 enemies: list[Unit] | None = None) -> list[Action]:
    """Every legal shot, throw, ram, run-over, fight, treatment and boarding of ``unit``;
    ``sight``, ``enemies``: the table's :class:`Sight` and :func:`enemies_of` the unit's
    player as the table stands, if already worked out (every unit of a turn shares them)."""
    state, data = game.state, game.data
    if not unit.alive or unit.reserve or unit.points_left <= 0:
        return []
    if enemies is None:
        enemies = enemies_of(state, unit.player)
    found: list[Action] = []
    if fire.shooting_block(state, data, unit, enemies) is None:
        found += _shots(state, data, unit, sight or Sight(state, data), enemies)
    if unit.kind == "machine" and moves.move_block(state, data, unit) is None:
        found += _charges(state, data, unit, enemies)
    if unit.kind == "gun":
        found += [Board(unit.id, m.id) for m in state.units
                  if m.on_table and m.kind == "machine" and gap(unit, m) <= 1.0
                  and infantry.board_refusal(state, data, Board(unit.id, m.id)) is None]
    if unit.kind == "gun" and unit.carried_by >= 0 and infantry.disembark_refusal(
            state, data, Disembark(unit.id)) is None:
        found.append(Disembark(unit.id))
    if unit.kind != "trooper":
        return found
    found += _contacts(state, data, unit)
    if unit.carried_by >= 0 and infantry.disembark_refusal(state, data, Disembark(unit.id)) is None:
        found.append(Disembark(unit.id))
    if unit.inside >= 0:
        if buildings.leave_refusal(state, data, Leave(unit.id)) is None:
            found.append(Leave(unit.id))
        return found
    found += [Enter(unit.id, b) for b, block in enumerate(state.terrain) if block.slots
              and buildings.enter_refusal(state, data, Enter(unit.id, b)) is None]
    return found


def _shots(state: RobogearState, data: RobogearData, unit: Unit, sight: Sight,
           enemies: list[Unit]) -> list[Action]:
    """The legal shots and grenade throws of a unit free to shoot."""
    found: list[Action] = []
    record = data.units[unit.type]
    # a weapon that cannot fire at all (fired, jammed, empty, too dear) needs no target
    armed = [(index, weapon) for index, weapon in enumerate(record.weapons)
             if fire.weapon_block(unit, weapon, index) is None]
    throwing = unit.grenades > 0 and not unit.threw and not unit.fired
    if not armed and not throwing:
        return found
    reach = steps(data.measures.long_cm)
    here = fire.spot(state, unit)
    # gap(here, spot(t)) spelt out: this is the hottest loop of a turn's listing
    units, hx, hy, hr = state.units, here.x, here.y, here.radius
    in_reach = []
    for t in enemies:
        aim = units[t.carried_by] if t.carried_by >= 0 else t
        if gap_at_most(hx - aim.x, hy - aim.y, hr, aim.radius, reach):
            in_reach.append(t)
    # what a shot at each target needs of the table (the hidden share first of all), worked
    # out when first asked and shared by every weapon
    views: dict[int, fire.Aim] = {}
    plans: dict[bool, FlamePlan] = {}  # a flamer's placings, the same for every target
    for index, weapon in armed:
        indirect = "indirect" in weapon.traits
        flamer = "flamer" in weapon.traits
        for target in in_reach:
            view = views.get(target.id)
            if view is None:
                view = views[target.id] = fire.Aim(state, data, unit, target, None, sight,
                                                   plans)
            if not indirect:
                # a weapon useless at the target's band is refused every shot there (see
                # fire.aim_refusal) whatever the sight: no need to look
                band = view.reach
                if not flamer and (band is None or weapon.damage[band] == 0):
                    continue
                if view.share() >= 1.0:
                    continue
            choices = [Shoot(unit.id, index, target.id)]
            if data.units[target.type].cockpit == "open" and target.pilot > 0:
                choices.append(Shoot(unit.id, index, target.id, at_pilot=True))
            if indirect:
                choices.append(Shoot(unit.id, index, target.id, indirect=True))
            # fire.shot_detail, less what is known here: the weapon can fire (armed) and
            # the target is an enemy on the table
            found += [c for c in choices if fire.aim_refusal(
                state, data, unit, record, weapon, target, c, view) is None]
    if throwing:
        short = steps(data.measures.short_cm)
        for t in in_reach:
            if gap(here, t) >= short:
                continue
            view = views.get(t.id)
            if view is None:
                view = views[t.id] = fire.Aim(state, data, unit, t, None, sight, plans)
            if view.share() < 1.0 and fire.throw_detail(
                    state, data, unit, Throw(unit.id, t.id)) is None:
                found.append(Throw(unit.id, t.id))
    return found


def _charges(state: RobogearState, data: RobogearData, unit: Unit,
             enemies: list[Unit]) -> list[Action]:
    """The legal rams and run-overs of a machine free to move."""
    found: list[Action] = []
    run = unit.points_left * max(r.forward for r in data.tables.movement.values()) + 0.01
    x, y, radius = unit.x, unit.y, unit.radius
    for target in enemies:
        # gap(unit, target) > run, spelt out
        if target.carried_by >= 0 or not gap_at_most(x - target.x, y - target.y, radius,
                                                     target.radius, run):
            continue
        kind = RunOver if target.kind == "trooper" else Ram
        charge = kind(unit.id, target.id)
        if moves.charge_refusal(state, data, charge) is None:
            found.append(charge)
    return found


def _contacts(state: RobogearState, data: RobogearData, unit: Unit) -> list[Action]:
    """A trooper's legal fights, treatments and boardings of the bases within a step."""
    found: list[Action] = []
    x, y, radius = unit.x, unit.y, unit.radius
    for other in state.units:
        if other is unit or not other.alive:
            continue
        # gap(unit, other) <= 1.0, spelt out
        if gap_at_most(x - other.x, y - other.y, radius, other.radius, 1.0) and other.on_table:
            for candidate in (Melee(unit.id, other.id), Heal(unit.id, other.id),
                              Board(unit.id, other.id)):
                if _refusal(state, data, candidate) is None:
                    found.append(candidate)
    return found


def _refusal(state: RobogearState, data: RobogearData, action: Melee | Heal | Board) -> str | None:
    if isinstance(action, Melee):
        return infantry.melee_refusal(state, data, action)
    if isinstance(action, Heal):
        return infantry.heal_refusal(state, data, action)
    return infantry.board_refusal(state, data, action)


class RuleSpace(ParamSpace):
    """Actions of one kind by the units whose turn it is, judged by the rules, so that an
    illegal one is refused with the rule that forbids it; samples are the legal listed
    ones."""

    def __init__(self, action_type: type[Action], state: RobogearState, data: RobogearData,
                 units: list[int], legal: list[Action]) -> None:
        self.action_type = action_type
        self._state = state
        self._data = data
        self.units = tuple(units)
        self._listed = legal  # the turn's options, of every kind: filtered when sampled
        self.description = _describe(action_type)

    def validate(self, action: Action) -> str | None:
        from warbench.rulesets.robogear.turn import refusal_of

        unit = getattr(action, "unit", -1)
        if unit not in self.units:
            who = unit_words(self._state, self._data, unit)
            return f"{who} is not in the squad taking its turn ({ACTIONS_RULE})"
        return refusal_of(self._state, self._data, action)

    def every_legal(self) -> list[Action]:
        """Every legal action of this kind: the turn lists them all (:func:`unit_options`)."""
        return [a for a in self._listed if isinstance(a, self.action_type)]

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        legal = self.every_legal()
        if not legal:
            return []
        return [legal[rng.choice_index(len(legal))] for _ in range(count)]


#: Each rule-judged space's description by action type, written once.
_DESCRIPTIONS: dict[type[Action], str] = {}


def _describe(action_type: type[Action]) -> str:
    """What a :class:`RuleSpace` of ``action_type`` offers, in a line of English."""
    found = _DESCRIPTIONS.get(action_type)
    if found is None:
        found = _DESCRIPTIONS[action_type] = (
            f"{action_type.__name__.lower()} by a unit taking its turn")
    return found
