"""Every attack an activated part of a squadron may declare, as the table stands: the
guns of each model, the legal shot of each gun at each enemy, and the attacks they make.

A module of its own, apart from the gunnery procedures (:mod:`~.gunnery`, which re-exports
these names), so that it can be compiled (``warbench.compiled``): the listing runs after
every move of a part, over every gun and every enemy model, and reads the models (compiled
:mod:`~.pieces`) and the table's snapshot (compiled :mod:`~.world`) natively.
"""

from __future__ import annotations

from typing import Protocol

from warbench.rulesets.dystopian_wars.actions import Fire
from warbench.rulesets.dystopian_wars.combat import (
    AA_GUN,
    CC_GUN,
    Shot,
    pair_refusal,
    pair_shots,
)
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.locked import locked_against
from warbench.rulesets.dystopian_wars.pieces import Model
from warbench.rulesets.dystopian_wars.state import DWState
from warbench.rulesets.dystopian_wars.world import World, world_of


class GunFrame(Protocol):
    """What the listing reads of the gunnery procedure declaring the attacks
    (:class:`~.gunnery.Gunnery`): the squadron, its part activated, the guns already used."""

    sid: int
    part: list[int]
    used: dict[str, int]


def gun_key(uid: int, mount: str) -> str:
    """The key a gun is tracked by in an activation."""
    return f"{uid}|{mount}"


def guns_of(data: RulesData, model: Model) -> list[str]:
    """Every gun a model may attack with: its mounts (not mines), ack-ack, charges."""
    spec = data.models[model.cls]
    guns = [mount.name for mount in spec.mounts if mount.kind != "mines"]
    if spec.aa:
        guns.append(AA_GUN)
    if spec.cc:
        guns.append(CC_GUN)
    return guns


def enemy_targets(state: DWState, player: int) -> list[Model]:
    """Models another fleet fields, still on the table."""
    return [m for m in state.models if m.alive and m.player != player and m.prize_of != player]


def gun_shots(
    state: DWState, data: RulesData, world: World, model: Model, mount: str, player: int
) -> list[tuple[int, Shot]]:
    """The shots ``model``'s gun ``mount`` may make at ``player``'s enemies as the table
    stands (boardings aside, see :func:`~.combat.shot_refusal`): each target's number and
    the shot, in the models' order. Kept in ``world`` (what they read is the table's);
    the first gun of a model asked about works out every gun of the model at once."""
    key = (model.uid, mount, player)
    found = world.guns.get(key)
    if found is None:
        guns = guns_of(data, model)
        if mount not in guns:
            guns = [mount]
        _model_shots(state, data, world, model, guns, player)
        found = world.guns[key]
    return found


def _model_shots(
    state: DWState, data: RulesData, world: World, model: Model, guns: list[str], player: int
) -> None:
    """Keep in ``world`` the legal shots of each of ``model``'s ``guns`` (see
    :func:`gun_shots`): a target that no gun may fire at (:func:`~.combat.pair_refusal`)
    is passed over once, not asked about gun by gun."""
    found: dict[str, list[tuple[int, Shot]]] = {mount: [] for mount in guns}
    for target in enemy_targets(state, player):
        if pair_refusal(data, model, target) is not None:
            continue
        answers = pair_shots(state, data, model, guns, target, world)
        for mount, shot in zip(guns, answers, strict=True):
            if shot is not None:
                found[mount].append((target.uid, shot))
    for mount, shots in found.items():
        world.guns[(model.uid, mount, player)] = shots


def fire_options(state: DWState, data: RulesData, frame: GunFrame) -> list[Fire]:
    """Every whole-gun attack, and every linked attack of all the guns of one kind that
    can reach a target, each the strongest gun first."""
    player = state.squadrons[frame.sid].player
    options: list[Fire] = []
    by_group: dict[tuple[str, int], list[tuple[int, int, str]]] = {}
    world = world_of(state, data)
    boardings = bool(state.boardings)
    for uid in frame.part:
        model = state.models[uid]
        if not model.active:
            continue
        for mount in guns_of(data, model):
            if frame.used.get(gun_key(uid, mount), 0):
                continue
            for target, shot in gun_shots(state, data, world, model, mount, player):
                if boardings and locked_against(state, data, model.player, target):
                    continue  # as shot_refusal refuses it
                options.append(Fire(((uid, mount),), target))
                if not model.broken:
                    by_group.setdefault((shot.group, target), []).append(
                        (shot.dice, uid, mount)
                    )
    for (_, target_uid), guns in by_group.items():
        if len(guns) > 1:
            guns.sort(key=lambda gun: (-gun[0], gun[1], gun[2]))
            options.append(Fire(tuple((uid, mount) for _, uid, mount in guns), target_uid))
    return options
