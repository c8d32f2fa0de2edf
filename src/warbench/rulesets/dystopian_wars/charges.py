"""Concussion charges at enemy mines (DW-MINE-CC): which models' charges go at which mine.

Once the models of an activation part have moved (and the mines they came within 1 inch
of have gone off), each of them that ended within 4 inches of an enemy mine, but not
within 1 inch, uses its concussion charges on it (seed l.507): hits on 5+, and hits
matching the mine's attack dice destroy it, fewer do nothing (l.508, l.510). Each model
of the squadron in range may link its charges with the others' or split them (l.509):
linked, the model with most dice rolls them all and every other adds half (l.466); a
model may split its charges between targets (l.447), but never at one target (l.448),
never a linked pool (l.465), and linked and split dice never in one attack (l.441); a
broken model neither links nor splits (l.261, l.310). A model that hit terrain in this
move uses no charges (l.377).

The owner chooses. The whole choice (every partition of the models into linked pools and
lone or split shots, at every mine) grows fast, so the engine offers a bounded set
(engine default), in which every model in reach of a mine uses its charges (the seed: they
"are used"; they cost nothing): for each mine in reach, every model in reach of it there,
linked, the others at their nearest mine, linked there; the same with each model on its
own (where two or more reach that mine); every model at its nearest mine, linked there or
each on its own; and, where a model has two mines or more in reach, every such model
splitting its charges evenly between them (the odd dice at the nearer; the others all
theirs at their nearest). Broken models always roll on their own, all their dice at one
mine. Repeats are dropped; when one choice is left it is carried out at once, otherwise
the owner is asked (:class:`MineCharges`). The shots are rolled in the table's order of
the mines; a shot at a mine an earlier one destroyed is not rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.geometry import Disc, shape_distance
from warbench.core.procedures import Procedure
from warbench.rulesets.dystopian_wars.actions import SweepMines
from warbench.rulesets.dystopian_wars.combat import cc_value
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import MineSurvives, MineSwept
from warbench.rulesets.dystopian_wars.geometry import CC_RANGE, MINE_TRIGGER
from warbench.rulesets.dystopian_wars.linking import combining, linked_dice
from warbench.rulesets.dystopian_wars.option_words import split_words
from warbench.rulesets.dystopian_wars.pools import rolled_hits
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, body_of

#: What concussion charges need against a mine.
MINE_SWEEP_NEEDED: Final = 5

#: One shot of charges: (mine, models, dice); dice 0 for the models' own (linked) dice.
Shot = tuple[int, tuple[int, ...], int]


@dataclass(frozen=True, slots=True)
class InReach:
    """A model able to use its charges at a mine: its dice, the distance, whether broken."""

    uid: int
    dice: int
    distance: float
    broken: bool


def in_reach(state: DWState, data: RulesData, movers: list[int]) -> dict[int, list[InReach]]:
    """For each armed enemy mine (by id, in the table's order) the movers able to use
    their charges at it, most dice first: not tiny, not having hit terrain, with charges,
    and ending more than 1 and at most 4 inches from its centre."""
    found: dict[int, list[InReach]] = {}
    for mine in state.mines:
        if not mine.armed:
            continue
        able = []
        for uid in movers:
            model = state.models[uid]
            spec = data.models[model.cls]
            if model.player == mine.player or not model.alive or spec.tiny or model.grounded:
                continue
            dice = cc_value(spec, model)
            distance = shape_distance(body_of(model, spec).shape(), Disc(mine.point(), 1e-6))
            if dice > 0 and MINE_TRIGGER < max(0.0, distance) <= CC_RANGE + 1e-9:
                able.append(InReach(uid, dice, distance, model.broken))
        if able:
            able.sort(key=lambda reach: (-reach.dice, reach.uid))
            found[mine.mid] = able
    return found


def assigned(
    reach: dict[int, list[InReach]], target: dict[int, int], linked: bool
) -> list[Shot]:
    """The shots of every model in reach at its ``target`` mine: at each mine, the
    unbroken there linked in one pool (when ``linked``), every other model on its own."""
    shots: list[Shot] = []
    for mid, group in reach.items():
        there = [r for r in group if target[r.uid] == mid]
        pooled = [r.uid for r in there if not r.broken] if linked else []
        if pooled:
            shots.append((mid, tuple(pooled), 0))
        shots.extend((mid, (r.uid,), 0) for r in there if r.uid not in pooled)
    return shots


def sweep_options(state: DWState, data: RulesData, movers: list[int]) -> list[SweepMines]:
    """The ways the movers may use their charges at the enemy mines in reach (see the
    module's notes), without repeats; empty when no mine is in reach. Every model in
    reach of a mine uses its charges in each of them: at each mine, every model in reach
    of it there (linked, then each on its own) and the others at their nearest mine; every
    model at its nearest mine (linked, then on its own); every model able to split its
    charges between the mines in its reach."""
    reach = in_reach(state, data, movers)
    if not reach:
        return []
    order = list(reach)
    mines_of: dict[int, list[tuple[float, int, int]]] = {}
    for mid, group in reach.items():
        for r in group:
            mines_of.setdefault(r.uid, []).append((r.distance, order.index(mid), mid))
    nearest = {uid: min(mines)[2] for uid, mines in mines_of.items()}
    plans: list[list[Shot]] = []
    for linked in (True, False):
        for mid, group in reach.items():
            if linked or len(group) > 1:
                target = dict(nearest)
                target.update((r.uid, mid) for r in group)
                plans.append(assigned(reach, target, linked))
    plans.extend(assigned(reach, nearest, linked) for linked in (True, False))
    able = {r.uid: r for group in reach.values() for r in group}
    if any(len(mines) > 1 and not able[uid].broken and able[uid].dice > 1
           for uid, mines in mines_of.items()):
        plans.append(split_plan(able, mines_of))
    found: list[SweepMines] = []
    seen: set[tuple[Shot, ...]] = set()
    for plan in plans:
        key = tuple(sorted(plan))
        if key not in seen:
            seen.add(key)
            found.append(SweepMines(tuple(sorted(plan, key=lambda shot: order.index(shot[0])))))
    return found


def split_plan(
    able: dict[int, InReach], mines_of: dict[int, list[tuple[float, int, int]]]
) -> list[Shot]:
    """Every unbroken model with two mines or more in reach splits its charges evenly
    between them (as many as it has dice for), the odd dice at the nearer; the others
    roll all theirs, on their own, at their nearest mine."""
    shots: list[Shot] = []
    for uid, mines in sorted(mines_of.items()):
        r = able[uid]
        ranked = sorted(mines)
        if r.broken or len(ranked) == 1 or r.dice < 2:
            shots.append((ranked[0][2], (uid,), 0))
            continue
        count = min(len(ranked), r.dice)
        share, odd = divmod(r.dice, count)
        for index, (_, _, mid) in enumerate(ranked[:count]):
            shots.append((mid, (uid,), share + (1 if index < odd else 0)))
    return shots


def shot_dice(state: DWState, data: RulesData, shot: Shot) -> int:
    """The dice a shot rolls: its split share, or its models' charges linked."""
    if shot[2] > 0:
        return shot[2]
    shares = [cc_value(data.models[state.models[uid].cls], state.models[uid]) for uid in shot[1]]
    escorts = combining(state, data, shot[1])
    return linked_dice(shares, [uid in escorts for uid in shot[1]])


def fire_charges(game: DWGame, state: DWState, data: RulesData, action: SweepMines) -> None:
    """Roll each shot in turn; hits matching a mine's dice destroy it."""
    for shot in action.shots:
        mine = state.mine(shot[0])
        if mine is None:
            continue  # destroyed by an earlier shot
        models = [state.models[uid] for uid in shot[1]]
        dice = shot_dice(state, data, shot)
        names = " and ".join(model.name for model in models)
        hits = rolled_hits(game, models[0].player, dice, MINE_SWEEP_NEEDED,
                           label=f"{names} charges at a mine")
        cleared = hits >= mine.ad
        swept = MineSwept if cleared else MineSurvives
        split = " split" if shot[2] > 0 else ""
        game.emit(
            swept(
                model=models[0].uid,
                mine=mine.mid,
                text=f"{names}'s charges {'destroy' if cleared else 'miss'} a mine "
                f"({hits} hits on {dice}{split} dice)",
            )
        )
        if cleared:
            state.mines.remove(mine)


def sweep(game: DWGame, state: DWState, data: RulesData, movers: list[int]) -> None:
    """The movers' charges at the enemy mines in reach: carried out at once when there is
    one way to use them, else the owner chooses (:class:`MineCharges`)."""
    options = sweep_options(state, data, movers)
    if len(options) == 1:
        fire_charges(game, state, data, options[0])
    elif options:
        game.push(MineCharges(list(movers)))


@dataclass(slots=True)
class MineCharges(Procedure[DWState, RulesData]):
    """The owner of the models that just moved chooses how their charges go at the mines
    in reach."""

    movers: list[int]

    def decisions(self, game: DWGame) -> list[Decision]:
        state = game.state
        options = sweep_options(state, game.data, self.movers)
        if not options:
            return []
        player = state.models[self.movers[0]].player
        return [Decision(player, "concussion charges at the enemy mines in reach: how?",
                         tuple(options))]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        if not isinstance(action, SweepMines):
            raise IllegalAction(f"mine charges: {action!r} answers nothing here (DW-ACTIONS)")
        game.pop()
        fire_charges(game, game.state, game.data, action)

    def step(self, game: DWGame) -> None:
        game.pop()


def sweep_text(state: DWState, action: Action) -> str:
    """Charges at mines in words ("" for any other action), e.g. "charges: Warden 1 and
    Warden 2 linked at the mine at (30.0, 16.5)"."""
    if not isinstance(action, SweepMines):
        return ""
    parts = []
    for mid, uids, dice in action.shots:
        mine = state.mine(mid)
        names = " and ".join(state.models[uid].name for uid in uids
                             if 0 <= uid < len(state.models))
        how = split_words(dice) if dice else " linked" if len(uids) > 1 else ""
        where = f"the mine at ({mine.x:.1f}, {mine.y:.1f})" if mine else f"mine {mid}"
        parts.append(f"{names}{how} at {where}")
    return "charges: " + "; ".join(parts)
