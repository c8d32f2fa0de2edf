"""A picture of the table: round bases with facing, control areas, terrain, and each
model's damage and life-spiral state in its label."""

from __future__ import annotations

from warbench.core.table import Piece, TablePicture
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.profile import boxes_left, crippled_aspects
from warbench.rulesets.hordes.state import HordesState, Model


def picture(data: HordesData, state: HordesState) -> TablePicture:
    """Terrain polygons, control-area rings of living warlocks, and every model."""
    pieces = [
        Piece(record.kind, *record.points[0], shape="polygon", points=record.points)
        for record in data.layouts[state.layout]
    ]
    for model in state.models:
        record = data.models[model.card]
        if model.alive and not model.beast:
            pieces.append(
                Piece(
                    f'control {2 * record.fury}"',
                    model.x,
                    model.y,
                    shape="ring",
                    size=2.0 * record.fury,
                    player=model.owner,
                )
            )
        pieces.append(
            Piece(
                model_label(data, model),
                model.x,
                model.y,
                size=record.radius,
                heading=model.heading,
                player=model.owner,
                faded=not model.alive,
                unit=model.card,
            )
        )
    return TablePicture(
        data.settings.table,
        data.settings.table,
        tuple(pieces),
        title=f"HORDES, round {state.round}",
    )


def model_label(data: HordesData, model: Model) -> str:
    """A model's label on the table: its name, boxes left, fury, crippled aspects."""
    record = data.models[model.card]
    status = [f"{boxes_left(data, model)}/{record.boxes}", f"F{model.fury}"]
    status += [f"{aspect} crippled" for aspect in sorted(crippled_aspects(data, model))]
    if model.knocked_down:
        status.append("knocked down")
    return f"{record.name} ({', '.join(status)})"
