"""Command distance, and command, rout and bravery tests.

Models of a squadron keep within 6 inches of each other, centre to centre. At activation a
squadron whose models have drifted apart is split: its owner names the commanded part and
every model outside it takes a command test of its own.

A test rolls 3D6 read as hits (4-5 one, 6 two, nothing rolled again) and usually needs one
hit: two once the commodore is lost, two when the squadron has lost half its models or more
(three with the commodore lost too). A model within 8 inches of the commodore adds a die
(for a squadron, when any of its models is), a model out of command distance loses one.

A failed test places break markers: the models may not play cards, link or split fire, or
start boarding, until a bravery test at the end of a later activation of theirs removes
the markers. Burrowers, robots, creatures, fortifications, submarines and tiny flyers never
test and ignore command distance altogether: they are never split from their squadron.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from warbench.core.procedures import Procedure
from warbench.rulesets.dystopian_wars.cards import card_reaches
from warbench.rulesets.dystopian_wars.damage import near_commodore
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import (
    Broken,
    TestFailed,
    TestPassed,
)
from warbench.rulesets.dystopian_wars.geometry import COMMAND_DISTANCE
from warbench.rulesets.dystopian_wars.pools import rolled_test
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, Model

#: Dice a test rolls before modifiers.
TEST_DICE = 3


def command_groups(
    state: DWState, sid: int, data: RulesData | None = None
) -> list[list[int]]:
    """The squadron's models in play, split into groups linked by 6 inches (centre to
    centre); largest group first, then by lowest model number.

    A group is every model reachable through a chain of links of at most 6 inches. Given
    ``data``, the models that ignore command distance (:func:`fearless`) are left out:
    they are never split off (see :func:`free_of_command`).
    """
    models = [
        m for m in state.squadron_models(sid) if data is None or not fearless(data, m)
    ]
    groups: list[list[int]] = []
    seen: set[int] = set()
    for start in models:
        if start.uid in seen:
            continue
        group = [start.uid]
        seen.add(start.uid)
        frontier = [start]
        while frontier:
            here = frontier.pop()
            for other in models:
                if other.uid in seen:
                    continue
                if here.point().distance_to(other.point()) <= COMMAND_DISTANCE + 1e-9:
                    seen.add(other.uid)
                    group.append(other.uid)
                    frontier.append(other)
        groups.append(sorted(group))
    groups.sort(key=lambda g: (-len(g), g[0]))
    return groups


def fearless(data: RulesData, model: Model) -> bool:
    """Whether the model never takes command, rout or bravery tests."""
    return data.models[model.cls].fearless


def free_of_command(state: DWState, data: RulesData, sid: int) -> list[int]:
    """The squadron's models in play that ignore command distance: they are never split
    from their squadron and act (and link fire) with its commanded part."""
    return [m.uid for m in state.squadron_models(sid) if fearless(data, m)]


def hits_needed(state: DWState, sid: int) -> int:
    """Hits a test by this squadron (or one of its models) needs."""
    player = state.squadrons[sid].player
    commodore_lost = state.commodore_lost[player]
    squadron = state.squadrons[sid]
    lost = sum(1 for uid in squadron.models if not state.models[uid].active)
    half_gone = lost * 2 >= len(squadron.models) and lost > 0
    if half_gone:
        return 3 if commodore_lost else 2
    return 2 if commodore_lost else 1


def dice_for_test(state: DWState, models: Sequence[Model], *, detached: bool) -> int:
    """Dice for a test by ``models`` (a squadron or one model)."""
    dice = TEST_DICE
    if any(near_commodore(state, model) for model in models):
        dice += 1
    if detached:
        dice -= 1
    return dice


def take_test(
    game: DWGame, kind: str, models: Sequence[Model], *, detached: bool, label: str
) -> bool:
    """Roll a command, rout or bravery test for ``models``; True when it passes."""
    state = game.state
    first = models[0]
    dice = dice_for_test(state, models, detached=detached)
    needed = hits_needed(state, first.squadron)
    who = first.name if len(models) == 1 else state.squadrons[first.squadron].name
    if kind != "rout" and any(
        game.data.cards[play.card].effect == "bravery"
        and all(card_reaches(play, model) for model in models)
        for play in state.in_play
    ):
        game.emit(
            TestPassed(
                test=kind,
                models=tuple(m.uid for m in models),
                text=f"{who} passes its {kind} test (iron discipline)",
            )
        )
        return True
    hits, faces = rolled_test(game, first.player, dice, needed, label=f"{who} {label}")
    passed = hits >= needed
    outcome = TestPassed if passed else TestFailed
    game.emit(
        outcome(
            test=kind,
            models=tuple(m.uid for m in models),
            hits=hits,
            needed=needed,
            faces=tuple(faces),
            text=f"{who} {'passes' if passed else 'fails'} its {kind} test: {hits} hit"
            f"{'s' if hits != 1 else ''} on {dice}D6, {needed} needed",
        )
    )
    return passed


def break_models(game: DWGame, models: Sequence[Model], why: str) -> None:
    """Place break markers on ``models``."""
    state = game.state
    for model in models:
        if not model.broken:
            model.broken = True
            model.broken_at = state.phase_no
    if models:
        game.emit(
            Broken(
                models=tuple(m.uid for m in models),
                text=f"{', '.join(m.name for m in models)} {'is' if len(models) == 1 else 'are'} "
                f"broken ({why})",
            )
        )


@dataclass(slots=True)
class RoutTests(Procedure[DWState, RulesData]):
    """Step 7a: rout tests for squadrons that lost models during this activation, and for
    every squadron and split model of a fleet whose commodore fell. The activated squadron
    ``sid`` tests as the parts it was split into as it activated: its ``commanded`` part
    together, every other model alone (a model moving back into command rejoins only at
    its next activation, seed l.266); any other squadron as it stands now, its largest
    group together (engine default)."""

    sid: int = -1
    commanded: list[int] = field(default_factory=list)

    def squadron_and_split(
        self, state: DWState, data: RulesData, sid: int
    ) -> tuple[list[Model], list[Model]]:
        """The models of squadron ``sid`` testing together, and those testing alone."""
        models = [m for m in state.squadron_models(sid) if not fearless(data, m)]
        if sid == self.sid:
            together = [m for m in models if m.uid in self.commanded]
        else:
            groups = command_groups(state, sid, data)
            together = [state.models[uid] for uid in groups[0]] if groups else []
        kept = {m.uid for m in together}
        return together, [m for m in models if m.uid not in kept]

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        testing: list[int] = list(state.fallen)
        for player in state.commodore_fell:
            for squadron in state.squadrons:
                if squadron.player == player and squadron.sid not in testing:
                    testing.append(squadron.sid)
        state.fallen.clear()
        state.commodore_fell.clear()
        for sid in testing:
            main, alone = self.squadron_and_split(state, data, sid)
            if main and not take_test(game, "rout", main, detached=False, label="rout test"):
                break_models(game, main, "failed rout test")
            for model in alone:
                if not take_test(game, "rout", [model], detached=True, label="rout test"):
                    break_models(game, [model], "failed rout test")
        game.pop()
