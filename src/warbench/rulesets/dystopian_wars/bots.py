"""The "commodore" bot: a heuristic admiral that plays a sensible game.

It moves each model to bring its strongest arc to bear at range bands 1-2 of the nearest
enemy, keeping off the table edge and away from rocks; it declares linked fire at the most
damaged target it can hurt (the expected hits against DR and CR decide) and splits only
when a gun cannot reach its linked target; it answers every attack with all the ack-ack or
charges it has; it boards when its assault points outnumber the defender's; it re-rolls
critical results that hurt it and keeps those that hurt the enemy; it plays its cards as
soon as they help.
"""

from __future__ import annotations

import dataclasses
import math
from math import hypot
from typing import Final

from warbench.core.actions import Action
from warbench.core.agents import RandomAgent
from warbench.core.decisions import Decision
from warbench.core.geometry.movement import Plan
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream
from warbench.core.rounding import round_to
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    Board,
    CeaseFire,
    ChooseEdge,
    Decline,
    Discard,
    EndBoarding,
    Fire,
    Garrison,
    Helm,
    Idle,
    Move,
    PlayCard,
    Repair,
    Reroll,
)
from warbench.rulesets.dystopian_wars.bot_outlook import ORDER_FOCUS, Outlook, serves_order
from warbench.rulesets.dystopian_wars.bot_tactics import (
    deck_choice,
    escort_for,
    escort_run,
    launch_choice,
    level_for,
    mine_drop,
    tactic_choice,
)
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.data import ModelSpec, RulesData
from warbench.rulesets.dystopian_wars.deployment import kept_aboard
from warbench.rulesets.dystopian_wars.movement import limits_for, move_refusal
from warbench.rulesets.dystopian_wars.state import DWState, Model
from warbench.rulesets.dystopian_wars.sweep import carry_out, touching
from warbench.rulesets.dystopian_wars.world import World, world_of

#: Expected hits per die needing 2..6 (a natural 6 counts two and rolls again).
EXPECTED: Final = {needed: ((6 - needed) / 6 + 2 / 6) / (1 - 1 / 6) for needed in range(2, 7)}
#: How much the bot fears enemy guns against how much it likes its own.
THREAT_WEIGHT: Final = 0.15
#: Critical results (by name) the bot re-rolls on its own ships.
BAD_CRITICALS: Final = ("Magazine explosion", "Raging fire", "Engines damaged", "Weapons damaged")


def expected_damage(hits: float, spec: ModelSpec) -> float:
    """A rough value of ``hits`` expected hits against a target's DR and CR."""
    if hits >= spec.cr:
        return 2.5
    if hits >= spec.dr:
        return 1.0
    return hits / spec.dr * 0.6


class CommodoreBot:
    """Plays Dystopian Wars with simple, sound heuristics."""

    name = "commodore"

    def __init__(self, seed: int = 0, caution: float = THREAT_WEIGHT) -> None:
        self.rng = RandomStream.from_seed(seed)
        self.fallback = RandomAgent(seed)
        self.caution = caution

    def choose(
        self, observation: Observation[DWState, RulesData], decision: Decision
    ) -> Action:
        """An action answering ``decision``, from what this seat knows."""
        data = observation.data  # the observed state is built only where it is read
        deploying = kept_aboard(decision)
        if deploying is not None:  # its wings stay aboard, to launch in play
            if not deploying.spaces:
                return deploying.options[0]
            return self.fallback.choose(observation, deploying)
        options = decision.options
        if any(isinstance(o, Activate) for o in options):
            return self.activate(observation.state, data, decision)
        if any(isinstance(s.action_type, type) and s.action_type is Move for s in decision.spaces):
            launch = launch_choice(decision)
            if launch is not None:
                return launch
            return self.move(observation, observation.state, data, decision)
        if any(isinstance(o, CeaseFire) for o in options):
            return self.fire(observation.state, data, decision)
        answer = tactic_choice(observation.state, data, decision)
        if answer is not None:
            return answer
        for option in options:
            if isinstance(option, ChooseEdge):
                # keep the edge the fleet already stands along (listed first): a long
                # edge of the table, with room for every squadron abreast
                return option
        if any(isinstance(o, Reroll) for o in options):
            return self.reroll(observation.state, data, decision)
        if any(isinstance(o, Board) for o in options):
            return self.board(observation.state, data, decision)
        for kind in (Repair, Garrison):
            found = [o for o in options if isinstance(o, kind)]
            if found:
                return max(found, key=lambda o: getattr(o, "ap", 0))
        cards = [o for o in options if isinstance(o, PlayCard)]
        if cards:
            return cards[0]
        if any(isinstance(o, Discard) for o in options):
            return Decline()
        deck = deck_choice(observation.state, decision)
        if deck is not None:
            return deck
        helms = [o for o in options if isinstance(o, Helm)]
        if helms:
            return next((h for h in helms if h.order == "ahead"), helms[0])
        for option in options:
            if isinstance(option, Decline | EndBoarding):
                return option
        return self.fallback.choose(observation, decision)

    def alternatives(
        self, observation: Observation[DWState, RulesData], decision: Decision, count: int
    ) -> list[Action]:
        """Its next-best actions, its own choice first (:mod:`.bots_search`)."""
        from warbench.rulesets.dystopian_wars.bots_search import alternatives

        return alternatives(self, observation.state, observation.data, decision, count)

    # ------------------------------------------------------------------ squadrons

    def activate(self, state: DWState, data: RulesData, decision: Decision) -> Action:
        """Activate the squadron closest to the enemy first (it has targets now)."""
        choices = [o for o in decision.options if isinstance(o, Activate)]

        def urgency(option: Activate) -> float:
            models = state.squadron_models(option.squadron)
            if not models:
                return math.inf
            return min(self.nearest_enemy(state, m)[1] for m in models)

        return min(choices, key=urgency)

    @staticmethod
    def nearest_enemy(state: DWState, model: Model) -> tuple[Model | None, float]:
        """The nearest enemy model in play and its distance, centre to centre."""
        best: Model | None = None
        distance = math.inf
        x, y, player = model.x, model.y, model.player
        for other in state.models:
            if other.player == player or not other.alive or other.derelict or (
                other.carried_by >= 0
            ):
                continue
            d = hypot(other.x - x, other.y - y)
            if d < distance:
                best, distance = other, d
        return best, distance

    # ------------------------------------------------------------------ moving

    def move(
        self,
        observation: Observation[DWState, RulesData],
        state: DWState,
        data: RulesData,
        decision: Decision,
    ) -> Action:
        """Move the first model still to move to its best-scoring candidate pose."""
        space = next(s for s in decision.spaces if s.action_type is Move)
        movers: list[int] = list(getattr(space, "movers", []))
        if not movers:
            return self.fallback.choose(observation, decision)
        model = state.models[movers[0]]
        # the paths are known to be sound, so only the winner's other rules (levels, mines,
        # flyers' bases) are checked
        best = next((c for c, _ in self.ranked(state, data, model)
                     if self.sound(state, data, model, c)), None)
        if best is None:
            samples = space.sample(self.rng, 4)
            if samples:
                return samples[0]
            for option in decision.options:
                if not isinstance(option, Idle):
                    return option
            return self.fallback.choose(observation, decision)
        return best

    def ranked(self, state: DWState, data: RulesData, model: Model) -> list[tuple[Move, Plan]]:
        """The model's candidate moves that have a path, with it, by the commodore's score
        of the pose they reach: the best first, the earliest candidate among equals."""
        outlook = Outlook(state, data, model, self.caution)
        scored = []
        for index, candidate in enumerate(self.candidates(state, data, model)):
            plan = outlook.plan(candidate)
            if plan is not None:
                scored.append((-outlook.score(candidate, plan), index, candidate, plan))
        scored.sort(key=lambda item: item[:2])
        return [(candidate, plan) for _, _, candidate, plan in scored]

    @staticmethod
    def sound(state: DWState, data: RulesData, model: Model, move: Move) -> bool:
        """Whether ``move`` is legal and, for a model touching another, not held short of
        its minimum move against what it touches (it should slide or turn away)."""
        reason, plan = move_refusal(state, data, model, move)
        if reason is not None or plan is None:
            return False
        if not model.contact and not touching(state, data, model):
            return True
        result = carry_out(state, data, model, plan, move)
        minimum = limits_for(state, data, model, backward=move.backward).minimum
        return result.held_by is None or result.travelled >= minimum - 1e-6

    def candidates(self, state: DWState, data: RulesData, model: Model) -> list[Move]:
        """Straight runs at several speeds, and turns of 45 degrees at several points, at
        the level the model wants and dropping a mine when one is due
        (:mod:`.bot_tactics`)."""
        found = self.paths(state, data, model)
        escort = escort_for(state, data, model)
        if escort is not None:
            turn, run = escort_run(data, model, escort)
            top = limits_for(state, data, model, backward=False).allowance
            for speed in sorted({min(run, top), min(run, top / 2.0)}):
                found.append(Move(model.uid, (0.0, turn, round_to(speed, 2))))
        level, mine_at = level_for(data, model), mine_drop(state, data, model)
        if level or mine_at >= 0.0:
            found = [dataclasses.replace(m, level=level, mine_at=mine_at) for m in found]
        return found

    def paths(self, state: DWState, data: RulesData, model: Model) -> list[Move]:
        """Straight runs at several speeds, and turns of 45 degrees at several points;
        a model in contact also backs off with a turn of up to 90 degrees first."""
        backward = model.helm == "reverse"
        limits = limits_for(state, data, model, backward=backward)
        low, high = limits.minimum, limits.allowance
        found: list[Move] = []
        speeds = sorted({round_to(low + (high - low) * k / 4, 2) for k in range(5)})
        for speed in speeds:
            found.append(Move(model.uid, (speed,), backward))
        if backward or not limits.can_turn:
            return found
        if limits.disengage:
            for angle in (-90.0, -45.0, 45.0, 90.0):
                for speed in speeds:
                    found.append(Move(model.uid, (0.0, angle, speed)))
        if limits.straight_before <= 0.0:
            for angle in (-135.0, -90.0, -45.0, 45.0, 90.0, 135.0, 180.0):
                for speed in speeds:
                    found.append(Move(model.uid, (0.0, angle, speed)))
            return found
        first = limits.straight_before
        for side in (-45.0, 45.0):
            for speed in speeds:
                rest = speed - first - 1.0
                if rest >= -1e-9:
                    found.append(Move(model.uid, (first, side, max(0.0, round_to(rest, 2)))))
                    if limits.repeat and rest >= 1.0:
                        found.append(
                            Move(model.uid, (first, side, 0.0, side, round_to(rest - 1.0, 2)))
                        )
            if high - first - 1.0 > 2.0:
                mid = round_to((high - 1.0) / 2.0 + first / 2.0, 2)
                found.append(Move(model.uid, (mid, side, round_to(high - 1.0 - mid, 2))))
        return found

    def fire(self, state: DWState, data: RulesData, decision: Decision) -> Action:
        """Link guns only when the linked attack beats their separate best uses; otherwise
        the single attack of best expected damage (favouring damaged, valuable targets),
        split over small targets when one needs only part of a gun's dice."""
        fires = [o for o in decision.options if isinstance(o, Fire)]
        world = world_of(state, data)
        values = {fire: self.attack_value(state, data, fire, world) for fire in fires}
        best_single: dict[tuple[int, str], float] = {}
        for fire, value in values.items():
            if len(fire.guns) == 1:
                gun = fire.guns[0]
                best_single[gun] = max(best_single.get(gun, 0.0), value)
        best: Action = CeaseFire()
        gain = 0.0
        for fire, value in values.items():
            if len(fire.guns) > 1:
                extra = value - sum(best_single.get(gun, 0.0) for gun in fire.guns)
                if extra > gain:
                    best, gain = fire, extra
        if isinstance(best, Fire):
            return best
        best_value = 0.05
        for fire, value in values.items():
            if len(fire.guns) == 1 and value > best_value:
                best, best_value = fire, value
        if isinstance(best, Fire):
            return self.maybe_split(state, data, decision, best, world)
        return best

    def maybe_split(
        self, state: DWState, data: RulesData, decision: Decision, fire: Fire, world: World
    ) -> Action:
        """Keep back the dice a small target does not need, for another target."""
        uid, mount = fire.guns[0]
        target = state.models[fire.target]
        spec = data.models[target.cls]
        _, shot = shot_refusal(state, data, state.models[uid], mount, target, world=world)
        if shot is None or spec.hp > 2:
            return fire
        others = [
            o for o in decision.options
            if isinstance(o, Fire) and o.guns == fire.guns and o.target != fire.target
            and data.models[state.models[o.target].cls].hp <= 2
        ]
        enough = math.ceil((spec.cr + 1) / EXPECTED[shot.needed])
        if not others or shot.dice < enough + 2:
            return fire
        split = Fire(fire.guns, fire.target, enough)
        space = decision.spaces[0] if decision.spaces else None
        if space is not None and space.validate(split) is None:
            return split
        return fire

    def attack_value(
        self,
        state: DWState,
        data: RulesData,
        fire: Fire,
        world: World | None = None,
    ) -> float:
        """Expected damage of an attack, weighted by the target's worth and wounds
        (``world`` lets the shots be worked out once for a whole decision)."""
        target = state.models[fire.target]
        target_spec = data.models[target.cls]
        dice = 0
        needed = 6
        for index, (uid, mount) in enumerate(fire.guns):
            _, shot = shot_refusal(state, data, state.models[uid], mount, target, world=world)
            if shot is None:
                return 0.0
            dice += shot.dice if index == 0 else shot.dice // 2 if shot.dice > 1 else 1
            if index == 0:
                needed = shot.needed
        hits = dice * EXPECTED[needed]
        damage = expected_damage(hits, target_spec)
        left = max(1, target_spec.hp - target.damage)
        worth = target_spec.points / left
        player = state.models[fire.guns[0][0]].player
        order = state.orders[player] if state.orders else 0
        focus = ORDER_FOCUS if serves_order(state, data, order, target) else 1.0
        return damage * (1.0 + worth / 40.0) * focus + 0.01 * len(fire.guns)

    # ------------------------------------------------------------------ other choices

    def reroll(self, state: DWState, data: RulesData, decision: Decision) -> Action:
        """Re-roll a critical that hurts us badly, or a mild one dealt to the enemy."""
        prompt = decision.prompt
        own = any(
            m.name in prompt and m.player == decision.player for m in state.models if m.alive
        )
        harsh = any(name in prompt for name in BAD_CRITICALS)
        if prompt.startswith("repair roll"):
            return Reroll()
        if own == harsh:
            return Reroll()
        return Decline()

    def board(self, state: DWState, data: RulesData, decision: Decision) -> Action:
        """Board when our assault points outnumber the defender's."""
        boards = [o for o in decision.options if isinstance(o, Board)]
        for option in sorted(boards, key=lambda b: -b.ap):
            target = state.models[option.target]
            defenders = target.prize_ap if target.derelict else target.ap
            if option.ap > defenders + 1:
                return option
        return next(o for o in decision.options if isinstance(o, EndBoarding))

