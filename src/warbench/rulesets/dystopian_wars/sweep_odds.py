"""The exact odds of each way offered to use concussion charges at enemy mines (the web
table's odds under a :class:`~.actions.SweepMines` option), read from the seat's
observation as :func:`~.charges.fire_charges` will roll it (DW-MINE-CC).

Each shot rolls the dice :func:`~.charges.shot_dice` gives it (a split share, or its
models' charges linked, escorts combined) on :data:`~.charges.MINE_SWEEP_NEEDED` at a mine
of the dice the table shows; the numbers are those of ``warbench odds dystopian-wars
cc-mine dice=... mine=...`` (:class:`~.mine_odds.ChargesAtMineOdds`). An option of one shot
shows that entry's answer itself (its hits, destroyed and survives); one of several shows
the mines destroyed and the chance of each (at one mine, destroyed and survives), the
shots being rolled apart (a shot at a mine
an earlier one destroyed is not rolled, which changes no mine's fate).
"""

from __future__ import annotations

from warbench.core.actions import Action
from warbench.core.attacks import OddsAnswer
from warbench.core.odds import Dist
from warbench.rulesets.dystopian_wars.actions import SweepMines
from warbench.rulesets.dystopian_wars.charges import MineCharges, shot_dice, sweep_options
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.mine_odds import ChargesAtMineOdds
from warbench.rulesets.dystopian_wars.state import DWState


def sweep_odds(state: DWState, data: RulesData, action: Action) -> OddsAnswer | None:
    """The odds of the charges ``action`` (a way offered now) uses at the mines: one shot,
    the command line's ``cc-mine`` answer; several, the mines destroyed and each one's
    chance. ``None`` for anything else."""
    frame = state.stack[-1] if state.stack else None
    if not isinstance(action, SweepMines) or not isinstance(frame, MineCharges):
        return None
    if action not in sweep_options(state, data, frame.movers):
        return None
    entry = ChargesAtMineOdds(data)
    chances: dict[int, float] = {}  # each mine's chance to survive every shot at it
    notes: list[str] = []
    answers: list[OddsAnswer] = []
    for shot in action.shots:
        mine = state.mine(shot[0])
        assert mine is not None  # offered: an armed mine in reach
        answer = entry.odds(entry.parse_options([f"dice={shot_dice(state, data, shot)}",
                                                 f"mine={mine.ad}"]))
        answers.append(answer)
        chances[mine.mid] = chances.get(mine.mid, 1.0) * answer.named["survives"]
        notes.extend(answer.notes)
    if len(answers) == 1:
        return answers[0]
    destroyed = Dist.constant(0)
    named: dict[str, float] = {}
    for mid, survives in chances.items():
        mine = state.mine(mid)
        assert mine is not None
        destroyed = destroyed + Dist.from_mapping({0: survives, 1: 1.0 - survives})
        named[f"mine at ({mine.x:.1f}, {mine.y:.1f}) destroyed"] = 1.0 - survives
    if len(chances) == 1:  # one mine, several shots: named as the command line names them
        (survives,) = chances.values()
        named = {"destroyed": 1.0 - survives, "survives": survives}
    return OddsAnswer(destroyed, "mines destroyed", named, tuple(notes))
