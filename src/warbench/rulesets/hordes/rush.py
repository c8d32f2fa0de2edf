"""The straight line of a charge or a slam and where on it the model may stop (HOR-CHARGE,
HOR-SLAM), with the parameter space of charges and slams that stop short of the full
run-out."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from warbench.core.actions import Action
from warbench.core.geometry import Point
from warbench.core.preview import action_words
from warbench.core.rng import RandomStream
from warbench.rulesets.hordes.actions import Charge, Slam
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.kept_space import KeptSpace
from warbench.rulesets.hordes.movement import face
from warbench.rulesets.hordes.power import POWER_ATTACK_RANGE
from warbench.rulesets.hordes.profile import stat
from warbench.rulesets.hordes.refusals import RULES
from warbench.rulesets.hordes.space import gap, in_melee_range, melee_reach, run_out, weapon_reach
from warbench.rulesets.hordes.state import HordesState, Model

#: Inches a charge or slam adds to SPD.
CHARGE_BONUS: Final = 3.0
#: Rounding allowed when a stop is judged against the window's ends.
SLACK: Final = 1e-6


@dataclass(frozen=True, slots=True)
class RushLine:
    """A charge or slam straight at a target: its ``heading``, how far the model gets on it
    (``run_out``: SPD + 3" or whatever stops it first), the ``gap`` between the bases at the
    start and the melee range (``reach``) the target must be within at a voluntary stop."""

    heading: float
    run_out: float
    gap: float
    reach: float

    def moved(self, stop_short: float) -> float:
        """Inches moved when stopping ``stop_short`` from the target (0: the full run-out)."""
        return self.run_out if stop_short <= 0.0 else self.gap - stop_short

    def window(self) -> tuple[float, float]:
        """The least and the greatest gap a voluntary stop may leave to the target."""
        return max(0.0, self.gap - self.run_out), min(self.reach, self.gap)

    def stop_problem(self, stop_short: float, slam: bool) -> str | None:
        """``None`` if stopping ``stop_short`` from the target is legal, else why not."""
        rule = "HOR-SLAM" if slam else "HOR-CHARGE"
        if stop_short < 0.0:
            return (
                "stop_short is the gap to leave to the target: 0 (the full run-out) or more "
                f"({rule})"
            )
        if stop_short == 0.0:
            return None
        least, most = self.window()
        if stop_short > self.reach + SLACK:
            if slam:
                return (
                    f'a slammer may stop short only within {self.reach:g}" of its target, '
                    f'not {stop_short:.2f}" from it (HOR-SLAM)'
                )
            return (
                f'stopping {stop_short:.2f}" short leaves the target outside the charger\'s '
                f'{self.reach:g}" melee range: a charge may stop only once its target is in '
                "melee range (HOR-CHARGE)"
            )
        if stop_short > most + SLACK:
            return (
                f'the target is only {self.gap:.2f}" away: the model would have to move back '
                f'to stop {stop_short:.2f}" short of it ({rule})'
            )
        if stop_short < least - SLACK:
            return (
                f'the model gets only {self.run_out:.2f}" along the line (SPD + 3" or what '
                f'stops it), {least:.2f}" from the target: it cannot stop {stop_short:.2f}" '
                f"short ({rule})"
            )
        return None


def rush_line(data: HordesData, state: HordesState, mover: Model, target: Model, slam: bool
              ) -> RushLine:
    """The line of ``mover``'s charge (or slam) at ``target``, from where it stands."""
    heading = face(mover, target)
    distance, _ = run_out(data, state, mover, heading, stat(data, mover, "spd") + CHARGE_BONUS)
    reach = POWER_ATTACK_RANGE if slam else melee_reach(data, mover)
    return RushLine(heading, distance, gap(data, mover, target), reach)


def arrival(mover: Model, line: RushLine, stop_short: float) -> tuple[Model, float]:
    """``mover`` where its charge or slam along ``line`` would leave it (a copy), and how
    far it moved."""
    moved = line.moved(stop_short)
    end = Point(mover.x, mover.y).toward(line.heading, moved)
    return dataclasses.replace(mover, x=end.x, y=end.y, heading=line.heading), moved


def rush_reaches(data: HordesData, state: HordesState, mover: Model, target: Model,
                 slam: bool, stop_short: float = 0.0) -> bool:
    """Whether ``mover``'s charge (or slam) at ``target`` ends with the target in its melee
    range (a slam: within 0.5"), judged as the game judges the arrival (HOR-CHARGE,
    HOR-SLAM). The line is the geometry's alone: dice on the way (a free strike) can only
    stop the model sooner, so a rush this says falls short always fails."""
    there, _ = arrival(mover, rush_line(data, state, mover, target, slam), stop_short)
    if slam:
        return gap(data, there, target) <= POWER_ATTACK_RANGE + 1e-9
    return any(in_melee_range(data, there, target, weapon_reach(weapon))
               for weapon in data.models[mover.card].weapons if weapon.kind == "melee")


class RushSpace(KeptSpace):
    """Charges (or slams) at the ``targets`` the decision offers them at, stopping
    ``stop_short`` inches from the target once it is in melee range (within 0.5" for a
    slam), short of the full run-out the options take."""

    def __init__(
        self, data: HordesData, state: HordesState, mover: Model, kind: type[Charge | Slam],
        targets: tuple[int, ...],
    ) -> None:
        super().__init__()
        self._data, self._state, self._mover = data, state, mover
        self.action_type = self._kind = kind
        self.targets = targets
        self._lines: dict[int, RushLine] = {}
        self._slam = kind is Slam
        self.description = (
            'slam the target chosen; stop short: how many inches from it the slam ends'
            ' (0.5" at most; 0'
            if self._slam
            else "charge the target chosen; stop short: how many inches from it the charge"
            " ends once it is in melee range (0"
        ) + ": the full run-out)"

    def line(self, target: int) -> RushLine:
        """The line at ``target``, worked out once for this decision."""
        kept = self._lines.get(target)
        if kept is None:
            model = self._state.models[target]
            kept = self._lines[target] = rush_line(
                self._data, self._state, self._mover, model, self._slam
            )
        return kept

    def problem(self, action: Action) -> str | None:
        if not isinstance(action, Charge | Slam) or type(action) is not self.action_type:
            return f"{action_words(action)} is not a {self.action_type.TAG}"
        if action.target not in self.targets:
            return f"{action_words(action)} is not legal now: {RULES[action.TAG]}"
        return self.line(action.target).stop_problem(action.stop_short, self._slam)

    def listed(self) -> list[Action]:
        """The full run-out at each target (the decision's own options), the enemy's first:
        a form lists every target by name, whatever the samples of stopping short draw."""
        own = self._mover.owner
        ahead = sorted(self.targets, key=lambda t: self._state.models[t].owner == own)
        return [self._kind(target, 0.0) for target in ahead]  # the enemy's first

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        windows = [(t, *self.line(t).window()) for t in self.targets]
        open_ = [(t, least, most) for t, least, most in windows if most - least >= 0.02]
        found: list[Action] = []
        for _ in range(count * 2 if open_ else 0):
            target, least, most = open_[rng.choice_index(len(open_))]
            stop = round(least + 0.01 + rng.random() * (most - least - 0.02), 2)
            action = self._kind(target, stop)
            if self.validate(action) is None:
                found.append(action)
                if len(found) >= count:
                    break
        return found
