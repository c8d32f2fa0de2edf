"""Where the answer to boarders goes when several parties board one model (DW-MULTI-ASSAULT,
seed l.578-579: the answering ack-ack may be divided among the assaulters).

An answer names, for each answering model, the boarding party its roll goes at
(``Respond.at``): a model rolling on its own names its own, the ships of a linked pool one
(they roll one pool, DW-AA-LINK, l.560). A roll at a crew kills that party's points only,
any kills beyond them lost; a roll at a creature or robot strikes its hull
(DW-BOARD-ANSWER). An answer naming none goes at the boarders together, their points
summed (l.579) and taken off the largest party first (engine default); where a creature or
robot is one of two parties or more the answer must name them, a hull being one model's.

The defender is offered the answer at the boarders together (where it may be given),
every roll at each party in turn and, while there are at most :data:`MAX_DIVISIONS` of
them, every other division; a parameter space (:class:`AimSpace`) takes any division.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final

from warbench.core.actions import Action, type_refusal
from warbench.core.decisions import ParamSpace
from warbench.core.rng import RandomStream
from warbench.rulesets.dystopian_wars.actions import Respond
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.linking import may_link
from warbench.rulesets.dystopian_wars.state import DWState

#: The most divisions of one kind (each model on its own, or linked) listed as options;
#: beyond it, only every roll at one party (the space takes the others).
MAX_DIVISIONS: Final = 16
#: The most divisions the space lists for a form; beyond it, it only samples.
MAX_LISTED: Final = 729


def is_beast(state: DWState, data: RulesData, uid: int) -> bool:
    """Whether model ``uid`` is a creature or robot (its hull takes the answer)."""
    return 0 <= uid < len(state.models) and data.models[state.models[uid].cls].beast


def aimable(state: DWState, parties: Sequence[tuple[int, int]]) -> list[int]:
    """The boarding models an answer may go at: each party's, still in play with points,
    in the order sent."""
    return list(dict.fromkeys(
        uid for uid, ap in parties if ap > 0 and state.models[uid].active))


def must_aim(state: DWState, data: RulesData, targets: Sequence[int]) -> bool:
    """Whether the answer must name the party each roll goes at: two parties or more, a
    creature or robot among them."""
    return len(targets) > 1 and any(is_beast(state, data, uid) for uid in targets)


def _units(state: DWState, data: RulesData, able: Sequence[int], linked: bool
           ) -> list[list[int]]:
    """The answering models grouped by roll: each on its own, or the ships linked in one
    pool and each wing on its own (DW-AA-LINK)."""
    if not linked:
        return [[uid] for uid in able]
    ships = [uid for uid in able if not data.models[state.models[uid].cls].tiny]
    return [ships, *([uid] for uid in able if uid not in ships)]


def divisions(
    state: DWState, data: RulesData, able: Sequence[int], targets: Sequence[int],
    linked: bool, limit: int | None = None,
) -> list[Respond]:
    """The answers of ``able`` (each on its own, or ``linked``) naming a party of
    ``targets`` for every roll: every roll at one party, each party in turn, then every
    other division, unless there are more than ``limit`` of them."""
    units = _units(state, data, able, linked)
    uniform = [tuple(aim for _ in units) for aim in targets]
    combos = uniform
    if limit is None or len(targets) ** len(units) <= limit:
        combos = uniform + [c for c in product(targets, repeat=len(units)) if c not in uniform]
    found = []
    for combo in combos:
        aim_of = {uid: aim for unit, aim in zip(units, combo, strict=True) for uid in unit}
        found.append(Respond(tuple(able), linked, tuple(aim_of[uid] for uid in able)))
    return found


def aim_options(
    state: DWState, data: RulesData, able: Sequence[int], targets: Sequence[int],
    limit: int | None = MAX_DIVISIONS,
) -> list[Respond]:
    """The answers offered: every able model on its own, then linked (where they may
    link), at the boarders together where that may be given, then divided
    (:func:`divisions`) where two parties or more board."""
    modes = [False, True] if may_link(state, data, list(able)) else [False]
    found: list[Respond] = []
    if not must_aim(state, data, targets):
        found.extend(Respond(tuple(able), linked) for linked in modes)
    if len(targets) > 1:
        for linked in modes:
            found.extend(divisions(state, data, able, targets, linked, limit))
    return found


def aim_refusal(
    state: DWState, data: RulesData, able: Sequence[int], targets: Sequence[int],
    action: Respond,
) -> str | None:
    """Why ``action`` is no answer to these boarders: not every able model, a link the
    models may not make, or a division the rules refuse (DW-MULTI-ASSAULT)."""
    names = ", ".join(state.models[uid].name for uid in able)
    if sorted(action.models) != sorted(able):
        return f"the answer is every model able to give it: {names} (DW-BOARD-ANSWER)"
    if action.linked and not may_link(state, data, list(action.models)):
        return "only two ships or more may link their answer (DW-AA-LINK)"
    if not action.at:
        if must_aim(state, data, targets):
            return ("name the boarding party each answering model's roll goes at: a "
                    "creature's or robot's hull takes only the rolls at it (DW-MULTI-ASSAULT)")
        return None
    if len(action.at) != len(action.models):
        return (f"name one boarding party for each answering model, {len(action.models)}, "
                f"not {len(action.at)} (DW-MULTI-ASSAULT)")
    parties = ", ".join(state.models[uid].name for uid in targets)
    for aim in action.at:
        if aim not in targets:
            who = state.models[aim].name if 0 <= aim < len(state.models) else f"model {aim}"
            return (f"{who} sends no boarding party here: the answer goes at {parties} "
                    "(DW-MULTI-ASSAULT)")
    if action.linked:
        aim_of = dict(zip(action.models, action.at, strict=True))
        ships = _units(state, data, action.models, True)[0]
        if len({aim_of[uid] for uid in ships}) > 1:
            return ("a linked answer is one roll, at one boarding party: its ships must "
                    "name the same (DW-MULTI-ASSAULT, DW-AA-LINK)")
    return None


def aim_words(state: DWState, action: Respond) -> str:
    """Where a divided answer's rolls go, in words ('' where it names none): the one
    party all go at, or the models answering at each party, first named first."""
    if not action.at or len(action.at) != len(action.models):
        return ""
    by_aim: dict[int, list[int]] = {}
    for uid, aim in zip(action.models, action.at, strict=True):
        by_aim.setdefault(aim, []).append(uid)

    def name(uid: int) -> str:
        return state.models[uid].name if 0 <= uid < len(state.models) else f"model {uid}"

    if len(by_aim) == 1:
        return f" at {name(action.at[0])}"
    parts = [f"{', '.join(name(uid) for uid in uids)} at {name(aim)}"
             for aim, uids in by_aim.items()]
    return ": " + "; ".join(parts)


def answer_label(state: DWState, uid: int, aim: int, named: bool) -> str:
    """The words of model ``uid``'s roll answering boarders (a linked pool's, its lead's):
    whose roll, and where the answer names the parties (``named``, DW-MULTI-ASSAULT) the
    one it goes at, as the log and a referee's request for the faces say it."""
    label = f"{state.models[uid].name} answer to boarders"
    return f"{label} at {state.models[aim].name}" if named and aim >= 0 else label


class AimSpace(ParamSpace):
    """Any answer to several boarding parties: every able model, on its own or linked, and
    the party each roll goes at (:func:`aim_refusal` says why one is refused)."""

    action_type = Respond

    def __init__(
        self, state: DWState, data: RulesData, able: Sequence[int], targets: Sequence[int],
        offered: Sequence[Action],
    ) -> None:
        self._state = state
        self._data = data
        self._able = tuple(able)
        self._targets = tuple(targets)
        self._offered = tuple(offered)
        self.description = ("divide the answer among the boarding parties: the party each "
                            "answering model's roll goes at")

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, Respond):
            return f"expected {self.action_type.TAG!r}, got {action!r} (DW-ACTIONS)"
        problem = type_refusal(action)
        if problem is not None:
            return f"{problem} (DW-ACTIONS)"
        return aim_refusal(self._state, self._data, self._able, self._targets, action)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        modes = [False, True] if may_link(self._state, self._data, list(self._able)) else [False]
        found: list[Action] = []
        for _ in range(count):
            linked = modes[rng.choice_index(len(modes))]
            units = _units(self._state, self._data, self._able, linked)
            aim_of = {uid: aim for unit in units
                      for aim in [self._targets[rng.choice_index(len(self._targets))]]
                      for uid in unit}
            found.append(Respond(self._able, linked, tuple(aim_of[uid] for uid in self._able)))
        return found

    def every_legal(self) -> Sequence[Action] | None:
        modes = [False, True] if may_link(self._state, self._data, list(self._able)) else [False]
        if len(self._targets) ** len(self._able) * len(modes) > MAX_LISTED:
            return None
        return aim_options(self._state, self._data, self._able, self._targets, limit=None)

    def listed(self) -> Sequence[Action] | None:
        return [action for action in self._offered if isinstance(action, Respond)]
