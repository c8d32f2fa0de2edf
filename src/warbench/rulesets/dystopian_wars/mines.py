"""Mines: set off by a model coming within 1 inch, a blast template, chains of mines.

A mine goes off the moment a model moving (or drifting, derelicts too) comes within 1 inch
of its centre, with the table as it stands then and the mover where it set the mine off
(:func:`.sweep.carry_out` notes where; :func:`set_off_mines` puts the mover there for
:func:`explode`); the mover then completes its move.

A mine sits at surface level whatever dropped it. When it goes off, the blast template
(4 inches across, engine default) is centred on it; every surface or submerged model
wholly or partly under the template takes the hits of the mine's one roll of attack dice,
each model reading the faces at the number it needs by level as gunnery does, but ignoring
the small, fast and elusive target rules; each model's own shield generators then stop
some of its hits, as against batteries (a mine works as batteries do). A mine dropped by a
flyer also hits large and massive flyers under the template (in the open sky, not in the
clouds: engine default), on 5 or 6. A model shielded from the blast is not hit: the line
from the mine's centre to the model's is blocked by sight-blocking terrain or by another
surface model's base, judged as line of sight is (a base shields models of its size class
or smaller: engine default). Each other mine under
the template rolls a D6: on 5 or 6 it goes off too, on its own. Mines arm at the end of
the activation that dropped them (engine default), so a model never sets off its own mine
as it drops it; a mine dropped on a model (its centre on the model's base) goes off at
once. Concussion charges of the models that moved within 4 inches of a mine may clear it
(:mod:`.charges`).
"""

from __future__ import annotations

from typing import Final

from warbench.core.events import RollEffect
from warbench.core.geometry import (
    BlastTemplate,
    Body,
    CircleBase,
    Disc,
    Pose,
    Terrain,
    shape_distance,
)
from warbench.core.words import player_name
from warbench.rulesets.dystopian_wars.damage import apply_hits
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import (
    MineAttack,
    MineExploded,
    MineShielded,
)
from warbench.rulesets.dystopian_wars.geometry import (
    MINE_BLAST_RADIUS,
    Screen,
    sees_past,
)
from warbench.rulesets.dystopian_wars.pools import clamp_needed, hits_in, rolled_faces
from warbench.rulesets.dystopian_wars.shields import rolled_shields, shielded_words
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, Mine, Model, body_of
from warbench.rulesets.dystopian_wars.sweep import MoveResult
from warbench.rulesets.dystopian_wars.world import world_of

#: What a chained mine needs on its D6 to go off as well.
CHAIN_NEEDED: Final = 5
#: Flyers a mine dropped by a flyer may hit, and what its dice need against them.
FLYER_MINE_SIZES: Final = ("large", "massive")
FLYER_MINE_NEEDED: Final = 5
#: The radius of the point a mine's blast spreads from, for lines to the models it may hit.
MINE_POINT: Final = 1e-3


def mine_needed(level: str, diving: bool) -> int:
    """The number a mine's dice need against a model at this level.

    >>> mine_needed("surface", False), mine_needed("submerged", True), mine_needed("surface", True)
    (4, 6, 5)
    """
    if level == "submerged":
        return 6
    return clamp_needed(5 if diving else 4)


def explode(game: DWGame, state: DWState, data: RulesData, mine: Mine) -> None:
    """Set off ``mine`` (and any chained mines): one roll of its dice, whose hits every model
    under it takes (each at the number it needs)."""
    queue = [mine.mid]
    done: set[int] = set()
    while queue:
        mid = queue.pop(0)
        if mid in done:
            continue
        done.add(mid)
        current = state.mine(mid)
        if current is None:
            continue
        template = BlastTemplate(current.point(), MINE_BLAST_RADIUS)
        game.emit(
            MineExploded(
                mine=current.mid,
                x=current.x,
                y=current.y,
                text=f"a mine goes off at ({current.x:.1f}, {current.y:.1f})",
            )
        )
        state.mines = [m for m in state.mines if m.mid != mid]
        from_the_air = dropped_by_flyer(state, data, current)
        world = world_of(state, data)
        terrain, blockers = world.sight_blockers
        blast = Body(Pose(current.x, current.y), CircleBase(MINE_POINT))
        struck: list[tuple[Model, int]] = []
        for model in state.models:
            if not model.alive:
                continue
            spec = data.models[model.cls]
            if model.level not in ("surface", "submerged") and not (
                from_the_air and model.level == "flying" and spec.size in FLYER_MINE_SIZES
            ):
                continue
            if spec.tiny or not template.touches(body_of(model, spec)):
                continue
            target = Body(model.pose(), world.body(model.uid).base, spec.rank)
            if shielded(blast, target, terrain, blockers):
                game.emit(
                    MineShielded(
                        model=model.uid,
                        mine=current.mid,
                        text=f"{model.name} is shielded from the mine",
                    )
                )
                continue
            needed = (
                FLYER_MINE_NEEDED if model.level == "flying"
                else mine_needed(model.level, spec.diving)
            )
            struck.append((model, needed))
        if struck:
            blast_models(game, current, struck)
        for other in list(state.mines):
            if other.mid not in done and template.covers(other.point()):
                face = game.dice_for(current.player).faces(6, 1, label="mine chain")[0]
                game.emit(RollEffect(current.player, "mine chain", int(face >= CHAIN_NEEDED), 1,
                                     at_least=CHAIN_NEEDED))
                if face >= CHAIN_NEEDED:
                    queue.append(other.mid)


def blast_models(game: DWGame, mine: Mine, struck: list[tuple[Model, int]]) -> None:
    """Roll ``mine``'s dice once and give every model under it (with the number it needs)
    the hits those faces score (seed l.501), each model's own shield generators stopping
    some of its hits as against batteries (seed l.498, DW-GENERATORS). The dice are the
    owner's: the roll is rated good for the owner when an enemy model is under the blast
    (its own models' hits hurt it)."""
    enemies = [needed for model, needed in struck if model.player != mine.player]
    # the label names the seat by index: a search keys its dice on it; people count from 1
    faces = rolled_faces(game, mine.player, mine.ad, (enemies or [struck[0][1]])[0],
                         label=f"player {mine.player} mine",
                         told=f"{player_name(mine.player)}'s mine", higher_is_better=bool(enemies))
    for model, needed in struck:
        hits = hits_in(faces, needed)
        stopped = min(hits, rolled_shields(game, game.data.models[model.cls], model))
        game.emit(
            MineAttack(
                model=model.uid,
                hits=hits,
                shields=stopped,
                final=hits - stopped,
                text=f"{player_name(mine.player)}'s mine rolls {mine.ad} dice at {model.name}"
                f"{' (its own model)' if model.player == mine.player else ''}:"
                f" {shielded_words(hits, stopped)}",
            )
        )
        apply_hits(game, model, hits - stopped, by_model=mine.dropped_by, cause="mine")


def shielded(
    blast: Body, target: Body, terrain: list[Terrain], blockers: list[Screen]
) -> bool:
    """Whether terrain or another model's base lies across the line from a mine's centre
    to ``target``'s, shielding it from the blast.

    >>> from warbench.core.geometry import Point, RectBase
    >>> rock = Terrain(tuple(Point(x, y) for x, y in ((-1, 2), (1, 2), (1, 3), (-1, 3))))
    >>> mine = Body(Pose(0.0, 0.0), CircleBase(MINE_POINT))
    >>> ship = Body(Pose(0.0, 4.0), RectBase(1.0, 3.0))
    >>> shielded(mine, ship, [rock], []), shielded(mine, ship, [], [])
    (True, False)
    """
    return not sees_past(blast, target, terrain, blockers)


def dropped_on(state: DWState, data: RulesData, mine: Mine, dropper: Model) -> Model | None:
    """The model a mine was dropped on, if any: a surface or submerged model (not tiny,
    not the dropper) whose base the mine's centre lies on; such a mine goes off at once."""
    point = Disc(mine.point(), 1e-6)
    for model in state.models:
        if model.uid == dropper.uid or not model.alive or model.carried_by >= 0:
            continue
        spec = data.models[model.cls]
        if spec.tiny or model.level not in ("surface", "submerged"):
            continue
        if shape_distance(body_of(model, spec).shape(), point) <= 1e-6:
            return model
    return None


def dropped_by_flyer(state: DWState, data: RulesData, mine: Mine) -> bool:
    """Whether a flying model dropped ``mine`` (it may then hit large and massive flyers)."""
    if not 0 <= mine.dropped_by < len(state.models):
        return False
    return data.models[state.models[mine.dropped_by].cls].flying


def set_off_mines(
    game: DWGame, state: DWState, data: RulesData, model: Model, result: MoveResult
) -> tuple[Pose, float] | None:
    """DW-MINES: the mines ``model`` came within 1 inch of on its move go off there and
    then, one by one in the order it met them: the model stands where it set each off (the
    table otherwise as it is at that moment: the models of its squadron that moved before
    it where they ended, those still to move where they stand), and then completes its
    move. A blast that destroys the model ends its move there: that pose and the inches
    it had come are returned (None when it lives through them all)."""
    for mid, (where, travelled) in zip(result.mines, result.triggers, strict=True):
        mine = state.mine(mid)
        if mine is None:
            continue  # a blast before already set it off in a chain
        model.place(where)
        explode(game, state, data, mine)
        if not model.alive:
            return where, travelled
    return None
