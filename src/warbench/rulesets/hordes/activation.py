"""One model's activation: standing up, movement (advance, run, charge, slam, or none),
then its combat action (attacks, extra attacks, boosts, a headbutt), with spells, animi,
healing, the feat and riling at any time outside movement and attacks."""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import IllegalAction
from warbench.core.geometry import Point
from warbench.rulesets.hordes.actions import (
    ATTACK,
    CHARGE,
    DISCARD,
    DONE,
    FEAT,
    HOLD,
    RILE,
    SLAM,
    STAND_UP,
    Animus,
    Attack,
    Cast,
    Charge,
    Discard,
    Done,
    Feat,
    Headbutt,
    Heal,
    Hold,
    Move,
    Rile,
    Slam,
    StandUp,
)
from warbench.rulesets.hordes.combat import AIM_BONUS, Strike, attack
from warbench.rulesets.hordes.data import Weapon
from warbench.rulesets.hordes.events import Moved
from warbench.rulesets.hordes.game import HordesGame, HordesProcedure, add_fury, name, stand_up
from warbench.rulesets.hordes.magic import (
    animus_options,
    cast,
    cast_options,
    ctrl_fury,
    feat,
    heal_action,
    heal_options,
    use_animus,
)
from warbench.rulesets.hordes.movement import MoveLeg, MoveSpace
from warbench.rulesets.hordes.power import MOMENTUM, POWER_ATTACK_RANGE, headbutt, slam_attack
from warbench.rulesets.hordes.profile import can_be_forced, is_crippled, spd_penalised, stat
from warbench.rulesets.hordes.refusals import Refusals
from warbench.rulesets.hordes.rush import RushSpace, rush_line
from warbench.rulesets.hordes.sight import Sight, sight_of
from warbench.rulesets.hordes.space import (
    engaged,
    gap,
    in_control_area,
    in_melee_range,
    leg_cost,
    radius,
    weapon_reach,
)
from warbench.rulesets.hordes.state import Model


@lru_cache(maxsize=256)
def _counted(kind: Callable[[int], Action], count: int) -> tuple[Action, ...]:
    """``kind(1)`` to ``kind(count)`` (riles, discards): kept per process for each kept
    action constructor and count (pure; nothing invalidates an entry)."""
    return tuple(kind(n) for n in range(1, count + 1))


class Stage(enum.StrEnum):
    START = "start"
    MOVE = "move"
    MOVING = "moving"
    CHARGING = "charging"
    SLAMMING = "slamming"
    ACTION = "action"
    DONE = "done"


def force_problem(game: HordesGame, beast: Model, amount: int = 1) -> str | None:
    """``None`` if the beast may be forced ``amount`` times now, else why not."""
    reason = can_be_forced(game.data, beast, amount)
    if reason:
        return reason
    warlock = game.state.warlock(beast.owner)
    if warlock is None or not in_control_area(game.data, warlock, beast, ctrl_fury(game, warlock)):
        return "a warbeast is forced only in its warlock's control area (HOR-FORCE-CTRL)"
    return None


@dataclass(slots=True)
class Activation(HordesProcedure):
    """The activation of model ``model``."""

    model: int
    stage: Stage = Stage.START
    left: float = 0.0
    legs: int = 0
    run: bool = False
    moved: float = 0.0
    target: int = -1
    charge_bonus: bool = False
    aimed: bool = False
    no_action: bool = False
    mode: str = ""
    used: list[int] = field(default_factory=list)
    shots: list[int] = field(default_factory=list)
    special: bool = False
    animus_used: bool = False
    cast_done: bool = False
    feat_done: bool = False
    start: tuple[float, float] = (0.0, 0.0)

    # ------------------------------------------------------------------ decisions

    def decisions(self, game: HordesGame) -> list[Decision]:
        me = game.state.models[self.model]
        if not me.alive or self.stage in (Stage.DONE, Stage.CHARGING, Stage.SLAMMING):
            return []
        data, state = game.data, game.state
        if self.stage is Stage.START:
            if not me.knocked_down or me.stay_down:
                return []
            return [
                Decision(
                    me.owner,
                    "stand up, giving up movement or action",
                    (STAND_UP("move"), STAND_UP("action"), DONE()),
                )
            ]
        if me.knocked_down:
            return []
        if self.stage is Stage.MOVING:
            legs = (MoveSpace(data, state, me, {self.run: self.left}),)
            return [Decision(me.owner, "move on or stop", (DONE(),), legs)]
        sight = sight_of(data, state)
        # Whether the beast may be forced once now: read by every list below (a warlock
        # is never forced).
        forced = me.beast and force_problem(game, me) is None
        options: list[Action] = [*self._free_actions(game, me, sight, forced), DONE()]
        spaces: tuple[ParamSpace, ...] = ()
        if self.stage is Stage.MOVE:
            charges = self._charges(game, me, sight, forced)
            options = [HOLD(), *charges, *options]
            spd = stat(data, me, "spd")
            allowances = {False: float(spd)}
            if self._can_run(me, forced):
                allowances[True] = 2.0 * spd
            spaces = (MoveSpace(data, state, me, allowances), *_stops(game, me, charges))
            prompt = f"move {name(game, me)}"
        else:
            options = [*self._attacks(game, me, sight, forced), *options]
            prompt = (
                f"{name(game, me)} gave up its action: spells and fury after its move"
                if self.no_action
                else f"combat action of {name(game, me)}"
            )
        return [Decision(me.owner, prompt, tuple(options), (*spaces, Refusals(prompt)))]

    def _can_run(self, me: Model, forced: bool) -> bool:
        """A model that gave up its action may not run; nor may a beast that used its
        animus, nor a warlock that cast a spell, used an animus or its feat (HOR-MOVE-RUN)."""
        if self.no_action or self.cast_done or self.animus_used or self.feat_done:
            return False
        return not me.beast or forced

    def _free_actions(
        self, game: HordesGame, me: Model, sight: Sight, forced: bool
    ) -> list[Action]:
        options: list[Action] = []
        if me.beast:
            options += animus_options(game, me, self.run, self.animus_used, sight)
            room = game.data.models[me.card].fury - me.fury
            # Riling n <= room never passes FURY, so every n is allowed if forcing once is.
            if room > 0 and forced:
                options += _counted(RILE, room)
            return options
        options += cast_options(game, me, sight)
        options += animus_options(game, me, False, False, sight)
        options += heal_options(game, me)
        if not me.feat_used:
            options.append(FEAT())
        options += _counted(DISCARD, me.fury)
        return options

    def _charges(self, game: HordesGame, me: Model, sight: Sight, forced: bool) -> list[Action]:
        data, state = game.data, game.state
        if self.no_action or spd_penalised(me):
            return []
        if me.beast and not forced:
            return []
        options: list[Action] = []
        mind = is_crippled(data, me, "mind")
        for other in state.targets_for(me.owner):  # any model in sight, friendly too (HOR-CHARGE)
            if other is me or not sight.sees(me, other):
                continue
            options.append(CHARGE(other.uid))
            if me.beast and not mind and not other.knocked_down:
                options.append(SLAM(other.uid))
        return options

    def _attacks(self, game: HordesGame, me: Model, sight: Sight, forced: bool) -> list[Action]:
        if self.no_action:
            return []
        data, state = game.data, game.state
        mind = is_crippled(data, me, "mind")
        extra_ok = not mind and (me.fury >= 1 if not me.beast else forced)
        options: list[Action] = []
        in_melee = engaged(data, state, me)
        # Any model in sight may be attacked, friendly too (HOR-COMBAT-ACTION).
        seen = [m for m in state.targets_for(me.owner) if m is not me and sight.sees(me, m)]
        for index, weapon in enumerate(data.models[me.card].weapons):
            initial = index not in self.used and not self.special
            if weapon.kind == "melee":
                if self.mode == "ranged" or not (initial or extra_ok):
                    continue
                targets = [m for m in seen if in_melee_range(data, me, m, weapon_reach(weapon))]
            else:
                if self.mode == "melee" or in_melee or self.shots[index] >= weapon.rof:
                    continue
                if not (initial or extra_ok):
                    continue
                targets = seen
            cost = 0 if initial else 1
            for target in targets:
                options += self._boosted(me, index, target.uid, cost)
        headbutts = me.beast and not mind and not self.mode and not self.special
        if headbutts and self.target < 0 and forced:
            options += [
                Headbutt(target.uid)
                for target in seen
                if in_melee_range(data, me, target, POWER_ATTACK_RANGE)
                and radius(data, target) <= radius(data, me) + 1e-9
            ]
        return options

    def _charge_attack(self, kind: str) -> bool:
        """Whether a ``kind`` attack now is the charge attack: the first melee attack after
        a charge of 3" or more, whatever its target (HOR-CHARGE)."""
        return kind == "melee" and self.charge_bonus

    def _boosted(self, me: Model, weapon: int, target: int, cost: int) -> list[Action]:
        """The attack, and the attack with its attack roll boosted where the warlock pays
        for it; its damage roll is offered a boost once it hits (HOR-BOOST, DamageRoll)."""
        if me.beast:
            return [ATTACK(weapon, target)]
        return [ATTACK(weapon, target, hit) for hit in (False, True) if cost + hit <= me.fury]

    # ------------------------------------------------------------------ acting

    def act(self, game: HordesGame, player: int, action: Action) -> None:
        me = game.state.models[self.model]
        data = game.data
        if isinstance(action, StandUp):
            stand_up(game, me)
            if action.give_up == "move":
                self.stage, self.aimed, self.left = Stage.ACTION, True, -1.0
            else:
                self.no_action, self.stage = True, Stage.MOVE
        elif isinstance(action, Done):
            self.stage = self._after_move() if self.stage is Stage.MOVING else Stage.DONE
        elif isinstance(action, Hold):
            self.stage, self.aimed, self.left = Stage.ACTION, True, -1.0
        elif isinstance(action, Move):
            self._move(game, me, action)
        elif isinstance(action, Charge | Slam):
            self._rush(game, me, action)
        elif isinstance(action, Attack):
            self._attack(game, me, action)
        elif isinstance(action, Headbutt):
            add_fury(game, me, 1, "force")
            self.mode, self.special, self.stage = "melee", True, Stage.ACTION
            headbutt(game, me, game.state.models[action.target])
        elif isinstance(action, Cast):
            self.cast_done = True
            cast(game, me, action)
        elif isinstance(action, Animus):
            self.animus_used = True  # a warlock's animus is a spell: no run after it
            use_animus(game, me, action)
        elif isinstance(action, Heal):
            heal_action(game, me, action)
        elif isinstance(action, Feat):
            self.feat_done = True
            feat(game, me, action)
        elif isinstance(action, Discard):
            add_fury(game, me, -action.amount, "discard")
        elif isinstance(action, Rile):
            add_fury(game, me, action.amount, "rile")
        else:
            raise IllegalAction(f"{action!r} is not part of an activation")
        del data

    def _after_move(self) -> Stage:
        """A run ends the activation (HOR-MOVE-RUN); after any other move it goes on, also
        for a model that gave up its action to stand: it makes no attack, but its spells,
        healing, feat, animus and riling are used at any time in the activation (HOR-STAND,
        HOR-FEAT, HOR-HEAL, HOR-ANIMUS)."""
        return Stage.DONE if self.run else Stage.ACTION

    def _move(self, game: HordesGame, me: Model, action: Move) -> None:
        if self.stage is Stage.MOVE:
            self.run = action.run
            spd = stat(game.data, me, "spd")
            self.left = float(spd * (2 if action.run else 1))
            self.start = (me.x, me.y)
            if action.run and me.beast:
                add_fury(game, me, 1, "force")
        cost = leg_cost(game.data, game.state, Point(me.x, me.y), Point(action.x, action.y))
        self.left = max(0.0, self.left - cost)
        self.legs += 1
        self.moved += math.hypot(action.x - me.x, action.y - me.y)
        self.stage = Stage.MOVING
        if self.legs >= game.data.settings.max_legs or self.left < 0.01:
            self.stage = self._after_move()
        game.push(
            MoveLeg(me.uid, action.x, action.y, action.heading, "run" if action.run else "advance")
        )

    def _rush(self, game: HordesGame, me: Model, action: Charge | Slam) -> None:
        """Face the target and move straight at it: the full run-out, or up to the stop
        the action names (its decision's :class:`RushSpace` judged it legal)."""
        target = game.state.models[action.target]
        if me.beast:
            add_fury(game, me, 1, "force")
        line = rush_line(game.data, game.state, me, target, isinstance(action, Slam))
        heading = me.heading = line.heading
        distance = line.moved(action.stop_short)
        end = Point(me.x, me.y).toward(heading, distance)
        self.moved, self.target, self.left = distance, target.uid, 0.0
        self.stage = Stage.CHARGING if isinstance(action, Charge) else Stage.SLAMMING
        how = "charge" if isinstance(action, Charge) else "slam"
        stop = f', to stop {action.stop_short:.2f}" short' if action.stop_short > 0 else ""
        game.emit(
            Moved(
                me.uid,
                me.x,
                me.y,
                heading,
                how,
                text=f"{name(game, me)} declares a {how} on {name(game, target)}{stop}",
            )
        )
        game.push(MoveLeg(me.uid, end.x, end.y, heading, how))

    def _attack(self, game: HordesGame, me: Model, action: Attack) -> None:
        weapon = game.data.models[me.card].weapons[action.weapon]
        initial = action.weapon not in self.used and not self.special
        if not initial:
            add_fury(game, me, 1 if me.beast else -1, "force" if me.beast else "spend")
        if action.boost_hit:
            add_fury(game, me, -1, "spend")
        self.used.append(action.weapon)
        self.mode = weapon.kind
        target = game.state.models[action.target]
        strike = self.strike(weapon, action.boost_hit)
        if weapon.kind == "melee":
            self.charge_bonus = False
        else:
            self.shots[action.weapon] += 1
        attack(game, me, target, strike)

    def strike(self, weapon: Weapon, boost_hit: bool) -> Strike:
        """The attack ``weapon`` makes now: in melee the charge attack's damage boosted
        (HOR-CHARGE), at range the aim bonus after holding (HOR-AIM). The odds read it too
        (:mod:`~warbench.rulesets.hordes.action_odds`)."""
        if weapon.kind == "melee":
            return Strike(
                "melee",
                weapon.pow,
                qualities=weapon.qualities,
                boost_hit=boost_hit,
                boost_damage=self._charge_attack(weapon.kind),
                weapon=weapon.name,
            )
        return Strike(
            "ranged",
            weapon.pow,
            weapon.rng,
            weapon.aoe,
            weapon.qualities,
            bonus=AIM_BONUS if self.aimed else 0,
            boost_hit=boost_hit,
            weapon=weapon.name,
        )

    # ------------------------------------------------------------------ stepping

    def step(self, game: HordesGame) -> None:
        me = game.state.models[self.model]
        if not me.alive or self.stage is Stage.DONE:
            self._finish(game, me)
        elif self.stage is Stage.START:
            if me.knocked_down:
                self._finish(game, me)  # knocked down this turn: it cannot stand yet
            else:
                self.stage = Stage.MOVE
        elif self.stage in (Stage.CHARGING, Stage.SLAMMING):
            self._arrive(game, me)
        else:
            self._finish(game, me)  # knocked down in the middle of its activation

    def _arrive(self, game: HordesGame, me: Model) -> None:
        data = game.data
        target = game.state.models[self.target]
        if me.knocked_down:
            self.stage = Stage.DONE
            return
        if self.stage is Stage.CHARGING:
            reaches = [weapon_reach(w) for w in data.models[me.card].weapons if w.kind == "melee"]
            if target.alive and any(in_melee_range(data, me, target, r) for r in reaches):
                # A charger that reaches its target makes melee attacks, no ranged ones
                # (HOR-CHARGE, HOR-COMBAT-ACTION), engaged or not.
                self.stage, self.mode = Stage.ACTION, "melee"
                self.charge_bonus = self.moved >= MOMENTUM - 1e-9
            else:
                game.emit(
                    Moved(
                        me.uid,
                        me.x,
                        me.y,
                        me.heading,
                        "failed charge",
                        text=f"{name(game, me)} fails its charge",
                    )
                )
                self.stage = Stage.DONE
            return
        if target.alive and gap(data, me, target) <= POWER_ATTACK_RANGE + 1e-9:
            self.stage, self.mode, self.special = Stage.ACTION, "melee", True
            slam_attack(game, me, target, self.moved)
        else:
            game.emit(
                Moved(
                    me.uid,
                    me.x,
                    me.y,
                    me.heading,
                    "failed slam",
                    text=f"{name(game, me)} fails its slam",
                )
            )
            self.stage = Stage.DONE

    def _finish(self, game: HordesGame, me: Model) -> None:
        me.activated = True
        game.pop()


def _stops(game: HordesGame, me: Model, rushes: list[Action]) -> tuple[RushSpace, ...]:
    """A space of charges stopping short at the targets ``rushes`` offers charges at, and
    one of slams likewise (none for a kind not offered)."""
    spaces = []
    for kind in (Charge, Slam):
        targets = tuple(o.target for o in rushes if isinstance(o, kind))
        if targets:
            spaces.append(RushSpace(game.data, game.state, me, kind, targets))
    return tuple(spaces)


def new_activation(game: HordesGame, model: Model) -> Activation:
    """The activation frame of ``model``, with a shot counter per weapon."""
    return Activation(model.uid, shots=[0] * len(game.data.models[model.card].weapons))
