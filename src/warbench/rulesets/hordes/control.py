"""The maintenance and control phases: lasting effects ending, fury above FURY removed,
leaching, upkeep, threshold checks and frenzies, and shaking off knockdown."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.events import RollEffect
from warbench.rulesets.hordes.actions import DONE, LEACH, ClearFury, Done, Leach, Shake, Upkeep
from warbench.rulesets.hordes.activation import force_problem
from warbench.rulesets.hordes.combat import Strike, attack
from warbench.rulesets.hordes.damage import deal
from warbench.rulesets.hordes.events import Threshold
from warbench.rulesets.hordes.game import (
    HordesGame,
    HordesProcedure,
    add_fury,
    name,
    roll,
    stand_up,
)
from warbench.rulesets.hordes.magic import ctrl_fury, end_upkeep
from warbench.rulesets.hordes.movement import MoveLeg, face
from warbench.rulesets.hordes.profile import boxes_left, spd_penalised, stat
from warbench.rulesets.hordes.rush import CHARGE_BONUS
from warbench.rulesets.hordes.sight import sight_of
from warbench.rulesets.hordes.space import (
    gap,
    in_control_area,
    in_melee_range,
    run_out,
    weapon_reach,
)
from warbench.rulesets.hordes.state import Model


def maintenance(game: HordesGame, player: int) -> None:
    """Effects lasting a round end as their side's turn starts; fury above a model's FURY
    is removed; the player's models are ready to activate and to stand up."""
    data = game.data
    for model in game.state.living(player):
        model.activated = model.frenzied = False
        model.stay_down = False
        cap = data.models[model.card].fury
        if model.fury > cap:
            add_fury(game, model, cap - model.fury, "cap")
    for model in game.state.living():
        model.effects = [e for e in model.effects if e.expires != player]


class ControlStage(enum.StrEnum):
    LEACH = "leach"
    UPKEEP = "upkeep"
    THRESHOLD = "threshold"
    SHAKE = "shake"


@dataclass(slots=True)
class ControlPhase(HordesProcedure):
    """The control phase of ``player``: leach, upkeep, threshold checks, shake effects."""

    player: int
    stage: ControlStage = ControlStage.LEACH
    checked: int = -1
    #: The warlock's upkeep spells paid for in this phase.
    kept: list[str] = field(default_factory=list)

    def decisions(self, game: HordesGame) -> list[Decision]:
        state, data = game.state, game.data
        warlock = state.warlock(self.player)
        if warlock is None:
            return []
        cap = ctrl_fury(game, warlock)
        if self.stage is ControlStage.LEACH:
            room = cap - warlock.fury
            options: list[Action] = []
            if room > 0:
                for beast in state.living(self.player):
                    if (
                        beast.beast
                        and beast.fury > 0
                        and in_control_area(data, warlock, beast, cap)
                    ):
                        options += [
                            LEACH(beast.uid, n) for n in range(1, min(room, beast.fury) + 1)
                        ]
                life = min(room, boxes_left(data, warlock) - 1)
                options += [LEACH(warlock.uid, n) for n in range(1, life + 1)]
            return [Decision(self.player, "leach fury", (*options, DONE()))] if options else []
        if self.stage is ControlStage.UPKEEP:
            mine = self._upkeeps(game, warlock)
            if not mine:
                return []
            spell, target = mine[0][1], mine[0][2]
            keep = (Upkeep(spell, target, True),) if warlock.fury >= 1 else ()
            return [
                Decision(self.player, f"upkeep {spell}?", (*keep, Upkeep(spell, target, False)))
            ]
        if self.stage is ControlStage.SHAKE:
            options = []
            for model in state.living(self.player):
                if not model.knocked_down or model.stay_down:
                    continue
                if (model is warlock and warlock.fury >= 1) or (
                    model.beast and force_problem(game, model) is None
                ):
                    options.append(Shake(model.uid))
            return (
                [Decision(self.player, "shake off knockdown", (*options, DONE()))]
                if options
                else []
            )
        return []

    def _upkeeps(self, game: HordesGame, warlock: Model) -> list[tuple[int, str, int]]:
        """The warlock's upkeep spells in play not yet decided on this phase: one entry for
        each model a spell is on (a spell with an AOE may be on several, and is upkept once
        for all of them, HOR-UPKEEP)."""
        return [u for u in game.state.upkeep if u[0] == warlock.uid and u[1] not in self.kept]

    def act(self, game: HordesGame, player: int, action: Action) -> None:
        state = game.state
        warlock = state.warlock(self.player)
        if warlock is None:
            raise IllegalAction("no warlock to act for")
        if isinstance(action, Leach):
            source = state.models[action.source]
            if source is warlock:
                add_fury(game, warlock, action.amount, "leach from life")
                deal(game, warlock, action.amount, -1, friendly=True)
            else:
                add_fury(game, source, -action.amount, "leach")
                add_fury(game, warlock, action.amount, "leach")
        elif isinstance(action, Upkeep):
            if action.keep:  # 1 fury for the spell, on however many models it is
                add_fury(game, warlock, -1, "upkeep")
                self.kept.append(action.spell)
            else:
                for entry in [u for u in state.upkeep if u[:2] == (warlock.uid, action.spell)]:
                    end_upkeep(game, entry)
        elif isinstance(action, Shake):
            model = state.models[action.model]
            add_fury(game, model, -1 if model is warlock else 1, "shake")
            stand_up(game, model)
        elif isinstance(action, Done):
            if self.stage is ControlStage.SHAKE:
                game.pop()
            else:
                self.stage = ControlStage.UPKEEP
        else:
            raise IllegalAction(f"{action!r} is not a control-phase action")

    def step(self, game: HordesGame) -> None:
        state = game.state
        if state.warlock(self.player) is None:
            game.pop()
        elif self.stage is ControlStage.LEACH:
            self.stage = ControlStage.UPKEEP
        elif self.stage is ControlStage.UPKEEP:
            self.stage = ControlStage.THRESHOLD
        elif self.stage is ControlStage.THRESHOLD:
            self._next_threshold(game)
        else:
            game.pop()

    def _next_threshold(self, game: HordesGame) -> None:
        """Check the next beast with fury: 2d6 + fury above THR and it frenzies."""
        for beast in game.state.models[self.checked + 1 :]:
            self.checked = beast.uid
            if beast.owner != self.player or not beast.alive or not beast.beast or beast.fury < 1:
                continue
            thr = game.data.models[beast.card].thr
            total = sum(roll(game, self.player, 2, "threshold")) + beast.fury
            frenzy = total > thr
            game.emit(RollEffect(self.player, "threshold", int(not frenzy), 2,
                                 modifier=beast.fury, at_most=thr))  # 1: no frenzy
            game.emit(
                Threshold(
                    beast.uid,
                    total,
                    thr,
                    frenzy,
                    text=f"{name(game, beast)} threshold {total} against THR {thr}"
                    + (": frenzy!" if frenzy else ""),
                )
            )
            if frenzy:
                beast.frenzied = True
                game.push(Frenzy(beast.uid))
            return
        self.stage = ControlStage.SHAKE


class FrenzyStage(enum.StrEnum):
    GO = "go"
    STRIKE = "strike"
    CLEAR = "clear"


@dataclass(slots=True)
class Frenzy(HordesProcedure):
    """A frenzied beast activates at once: it charges the nearest model it can see (either
    side, the seed; ties to the lowest uid: engine default), makes one attack with its
    highest-POW melee weapon, boosted to hit and to damage, and then its controller may
    remove any fury from it. It does not activate again this turn. A knocked-down beast
    stands up giving up its movement (engine default): it does not charge, and attacks
    only a model already in its reach. One knocked down earlier this turn of its
    controller may not stand yet (HOR-STAND): it activates without standing, moving or
    attacking."""

    beast: int
    stage: FrenzyStage = FrenzyStage.GO
    target: int = -1

    def decisions(self, game: HordesGame) -> list[Decision]:
        beast = game.state.models[self.beast]
        if self.stage is not FrenzyStage.CLEAR or not beast.alive or beast.fury < 1:
            return []
        return [
            Decision(
                beast.owner,
                f"remove fury from the frenzied {name(game, beast)}",
                tuple(ClearFury(n) for n in range(beast.fury + 1)),
            )
        ]

    def act(self, game: HordesGame, player: int, action: Action) -> None:
        if not isinstance(action, ClearFury):
            raise IllegalAction(f"{action!r} does not answer a frenzy")
        beast = game.state.models[self.beast]
        if action.amount:
            add_fury(game, beast, -action.amount, "clear")
        game.pop()

    def step(self, game: HordesGame) -> None:
        state, data = game.state, game.data
        beast = state.models[self.beast]
        beast.activated = True
        if not beast.alive or self.stage is FrenzyStage.CLEAR:
            game.pop()
            return
        if self.stage is FrenzyStage.GO:
            self.stage = FrenzyStage.STRIKE
            if beast.stay_down:  # knocked down this turn: it may not stand until the next
                self.stage = FrenzyStage.CLEAR
                return
            # Standing up costs the movement (engine default: the frenzy keeps its attack),
            # so a beast that stands does not charge (HOR-FRENZY, HOR-STAND).
            stood_up = beast.knocked_down
            if stood_up:
                stand_up(game, beast)
            sees = sight_of(data, state).sees
            seen = [m for m in state.living() if m is not beast and sees(beast, m)]
            if not seen:
                self.stage = FrenzyStage.CLEAR
                return
            target = min(seen, key=lambda m: (gap(data, beast, m), m.uid))
            self.target = target.uid
            # With a SPD penalty it may not charge (l.304-305): it strikes only a model
            # already in its melee range (engine default, as after standing up).
            charges = not stood_up and not spd_penalised(beast)
            if charges and not _in_reach(game, beast, target):
                heading = face(beast, target)
                beast.heading = heading
                budget = stat(data, beast, "spd") + CHARGE_BONUS
                distance, _ = run_out(data, state, beast, heading, budget)
                x = beast.x + math.sin(math.radians(heading)) * distance
                y = beast.y + math.cos(math.radians(heading)) * distance
                game.push(MoveLeg(beast.uid, x, y, heading, "frenzied charge"))
            return
        self.stage = FrenzyStage.CLEAR
        target = state.models[self.target]
        weapons = [
            w
            for w in data.models[beast.card].weapons
            if w.kind == "melee" and in_melee_range(data, beast, target, weapon_reach(w))
        ]
        if beast.knocked_down or not weapons:
            return
        weapon = max(weapons, key=lambda w: w.pow)
        attack(
            game,
            beast,
            target,
            Strike(
                "melee", weapon.pow, qualities=weapon.qualities, boost_hit=True,
                boost_damage=True, weapon=weapon.name,
            ),
        )


def _in_reach(game: HordesGame, beast: Model, target: Model) -> bool:
    return any(
        in_melee_range(game.data, beast, target, weapon_reach(w))
        for w in game.data.models[beast.card].weapons
        if w.kind == "melee"
    )
