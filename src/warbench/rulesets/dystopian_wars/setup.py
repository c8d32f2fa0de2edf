"""Setting up a game: the table, terrain, fleets, deployment and the opening state.

A set-up is plain JSON (it goes into the journal)::

    {"table": {"width": 72, "height": 48},
     "terrain": [{"name": "Gull Rock", "kind": "island", "density": "dense",
                  "points": [[30, 20], [36, 20], [36, 26], [30, 26]]}],
     "fleets": [{"name": "...", "squadrons": [
         {"name": "Sovereign", "unit": "britannia-battleship", "count": 1,
          "commodore": true}, ...]}, ...],
     "turns": 6, "cards": true, "battle_orders": true, "concession": false,
     "surface": "sea"}

``terrain`` may instead be ``"random"``: the source's procedure, each player rolling a D6
for every 2-by-2-foot area of the table and placing a piece there on a 5 or 6 (pieces are
kept out of the deployment zones, an engine default), or ``"quick"``: the source's quick
idea, an 8-inch island in each quarter of the table. Fleets deploy within 8 inches of
their own table edge (player 0 the south edge, player 1 the north, then west and east), in
line abreast, squadron by squadron: an engine default standing in for deploying squadrons
one at a time. ``surface`` is ``"sea"`` (the default: islands are the only land) or
``"land"`` (water pieces are the only sea): a land squadron on a sea table, or a naval one on
a land table, goes down at the nearest place of its zone where it may stand; where there is
none, ground is laid for it under its place in the line (:mod:`.shore`), unless
``"shore": false``, when the set-up is refused (DW-TABLE-SURFACE).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import Field, ValidationError

from warbench.core.catalog import DataModel
from warbench.core.data_errors import validation_problems
from warbench.core.lists import ArmyList
from warbench.core.plain import Hidden
from warbench.core.rng import RandomStream
from warbench.core.ruleset import SetupError
from warbench.rulesets.dystopian_wars.cards import new_deck
from warbench.rulesets.dystopian_wars.data import (
    DATA_DIR,
    ModelSpec,
    RulesData,
    load_fleet,
)
from warbench.rulesets.dystopian_wars.deployment import (
    find_footing,
    formation,
    needs_footing,
)
from warbench.rulesets.dystopian_wars.edges import abreast_centres, edge_point, seat_edge
from warbench.rulesets.dystopian_wars.fleets import FREE_WINGS, Wing, free_wings
from warbench.rulesets.dystopian_wars.flyers import FULL_FUEL
from warbench.rulesets.dystopian_wars.shore import shore_piece
from warbench.rulesets.dystopian_wars.state import DWState, Model, Piece, Squadron, body_of
from warbench.rulesets.dystopian_wars.surface import (
    is_naval,
    off_surface_reason,
    open_table_stops,
    stands_off,
)
from warbench.rulesets.dystopian_wars.turn import Battle

#: Depth of a deployment zone.
DEPLOY_DEPTH = 8.0
#: The demo fleets, one per seat: 1000 points each (a two-player game takes the first two,
#: which the commodore bot finds evenly matched).
DEMO_FLEETS = (
    "britannia-1000.toml",
    "blazing-sun-1000.toml",
    "federated-states-1000.toml",
    "prussia-1000.toml",
)
#: Area side for the source's terrain roll (2 feet).
AREA = 24.0
#: Half the width of a quick-idea island (8 inches across).
QUICK_RADIUS = 4.0


class TableSpec(DataModel):
    """The table's size in inches."""

    width: float = Field(default=72.0, gt=16.0, le=240.0)
    height: float = Field(default=48.0, gt=16.0, le=240.0)


class PieceSpec(DataModel):
    """A terrain piece in the set-up."""

    name: str
    kind: Literal["island", "rocks", "forest", "hill", "water", "town", "reef"] = "island"
    density: Literal["light", "medium", "dense"] = "dense"
    points: list[tuple[float, float]] = Field(min_length=3)
    blocks_sight: bool = True
    #: Read by no rule since 0.11 (every piece but water stops a naval torpedo,
    #: DW-ROCKETS-TORPEDOES); still accepted so that older set-ups load.
    full_depth: bool = True


class SquadronSpec(DataModel):
    """A squadron (or a wing: ``count`` tokens of a tiny flyer class); ``at`` places its
    models at given ``[x, y, heading]`` instead of the automatic deployment."""

    unit: str
    count: int = Field(default=1, ge=1, le=20)
    name: str = ""
    commodore: bool = False
    at: list[tuple[float, float, float]] | None = None
    level: Literal["surface", "submerged", "flying", "obscured"] | None = None


class FleetSpec(DataModel):
    """One player's fleet."""

    name: str = "fleet"
    squadrons: list[SquadronSpec] = Field(min_length=1)


class SetupSpec(DataModel):
    """The whole set-up."""

    table: TableSpec = TableSpec()
    terrain: list[PieceSpec] | Literal["random", "quick", "none"] = "none"
    fleets: list[FleetSpec] = Field(min_length=2)
    turns: int = Field(default=6, ge=1, le=30)
    cards: bool = True
    battle_orders: bool = True
    concession: bool = False
    deployment: Literal["auto", "alternate"] = "auto"
    #: The table's surface: ``sea`` (open table blue, islands the land) or ``land`` (open
    #: table green, water pieces the only sea), DW-TABLE-SURFACE.
    surface: Literal["sea", "land"] = "sea"
    #: Whether a squadron with nowhere to stand in its zone gets ground laid for it
    #: (:mod:`.shore`), or the set-up is refused (DW-TABLE-SURFACE).
    shore: bool = True


def octagon(x: float, y: float, radius: float) -> list[list[float]]:
    """An eight-sided island around (x, y)."""
    return [
        [round(x + radius * math.sin(math.radians(45 * k + 22.5)), 3),
         round(y + radius * math.cos(math.radians(45 * k + 22.5)), 3)]
        for k in range(8)
    ]


DEMO_TERRAIN = [
    {"name": "Gull Rock", "kind": "island", "density": "dense", "points": octagon(20, 30, 3.5)},
    {"name": "Saint Agnes", "kind": "island", "density": "dense", "points": octagon(52, 18, 3.5)},
    {"name": "the Shoals", "kind": "reef", "density": "medium", "points": octagon(36, 24, 2.5),
     "blocks_sight": False, "full_depth": False},
    {"name": "Black Skerry", "kind": "rocks", "density": "medium",
     "points": octagon(10, 18, 2.0), "blocks_sight": False},
    {"name": "the Needles", "kind": "rocks", "density": "medium",
     "points": octagon(62, 30, 2.0), "blocks_sight": False},
]


def fleet_from_army(army: ArmyList) -> dict[str, Any]:
    """The set-up form of an army list: each entry a squadron."""
    return {
        "name": army.name,
        "squadrons": [
            {
                "unit": entry.unit,
                "count": entry.count,
                "name": entry.name or "",
                "commodore": entry.role == "commodore",
            }
            for entry in army.units
        ],
    }


@functools.cache
def demo_fleet(name: str) -> ArmyList:
    """A shipped demo fleet (one of ``DEMO_FLEETS``), read once: the files ship with the
    package, and a list is frozen, so every game can share it."""
    return load_fleet(DATA_DIR / "fleets" / name)


def demo_setup() -> dict[str, Any]:
    """Two (up to four) 1000-point fleets on a 6-by-4-foot table with five pieces of
    terrain, laid out the same from either long edge."""
    return {
        "table": {"width": 72.0, "height": 48.0},
        "terrain": DEMO_TERRAIN,
        "fleets": [fleet_from_army(demo_fleet(name)) for name in DEMO_FLEETS],
        "turns": 6,
        "cards": True,
        "battle_orders": True,
        "concession": False,
    }


def parse_setup(setup: Mapping[str, Any], players: int, data: RulesData) -> SetupSpec:
    """Validate a set-up; :class:`SetupError` lists every problem with its key path."""
    try:
        spec = SetupSpec.model_validate(dict(setup))
    except ValidationError as error:
        found = validation_problems(error, dict(setup))
        raise SetupError("; ".join(p.line("setup") for p in found)) from None
    problems: list[str] = []
    if len(spec.fleets) < players:
        problems.append(f"setup.fleets: {players} players need {players} fleets, "
                        f"got {len(spec.fleets)}")
    for f_index, fleet in enumerate(spec.fleets[:players]):
        for s_index, squadron in enumerate(fleet.squadrons):
            where = f"setup.fleets[{f_index}].squadrons[{s_index}]"
            model = data.models.get(squadron.unit)
            if model is None:
                problems.append(f"{where}.unit: unknown model class {squadron.unit!r}")
                continue
            placed = 1 if model.tiny else squadron.count
            if squadron.at is not None and len(squadron.at) != placed:
                problems.append(
                    f"{where}.at: {len(squadron.at)} positions for {placed} models"
                )
            if squadron.commodore and not model.may_lead:
                problems.append(
                    f"{where}.commodore: {model.name} cannot lead the fleet: only an Icon, "
                    "never a creature or robot, may be named commodore"
                )
        named = [s_index for s_index, squadron in enumerate(fleet.squadrons)
                 if squadron.commodore]
        if len(named) > 1:
            problems.append(f"setup.fleets[{f_index}].squadrons[{named[1]}].commodore: the "
                            f"fleet names a commodore already (squadrons[{named[0]}])")
    if problems:
        raise SetupError("; ".join(problems))
    return spec


def short_name(name: str) -> str:
    """The first word of a class name: "Warden-pattern cruiser" -> "Warden"."""
    return name.replace("-", " ").split()[0]


def deploy_position(
    player: int, players: int, width: float, height: float, slot: float, depth: float,
) -> tuple[float, float, float]:
    """A point ``slot`` inches along the player's edge and ``depth`` inches in, and the
    heading facing into the table: player 0 the south edge, 1 the north, 2 west, 3 east.

    >>> deploy_position(1, 2, 72.0, 48.0, 10.0, 4.0)
    (62.0, 44.0, 180.0)
    """
    return edge_point(seat_edge(player, players), width, height, slot, depth)


def landform(spec: SetupSpec) -> str:
    """What the rolled and quick terrain lays: islands on a sea table, hills on a land one
    (seed l.204: four 8-inch islands, or hills for land tables)."""
    return "hill" if spec.surface == "land" else "island"


def random_terrain(spec: SetupSpec, players: int, rng: RandomStream) -> list[Piece]:
    """The source's terrain roll: per 2-foot area, a piece (:func:`landform`) for each
    player's 5 or 6."""
    width, height = spec.table.width, spec.table.height
    kind = landform(spec)
    pieces: list[Piece] = []
    columns, rows = max(1, round(width / AREA)), max(1, round(height / AREA))
    for column in range(columns):
        for row in range(rows):
            for _ in range(players):
                if rng.integers(1, 6) < 5:
                    continue
                cx = (column + 0.25 + 0.5 * rng.random()) * width / columns
                cy = (row + 0.25 + 0.5 * rng.random()) * height / rows
                cy = min(max(cy, DEPLOY_DEPTH + 5.0), height - DEPLOY_DEPTH - 5.0)
                cx = min(max(cx, 6.0), width - 6.0)
                radius = 2.0 + 2.0 * rng.random()
                points = [(float(x), float(y)) for x, y in octagon(cx, cy, radius)]
                pieces.append(Piece(f"{kind} {len(pieces) + 1}", kind, "dense", points))
    return pieces


def quick_terrain(spec: SetupSpec, rng: RandomStream) -> list[Piece]:
    """The source's quick idea: the table cut into four sections, an 8-inch island (a hill on
    a land table) in each, placed by the player deploying there (engine default: at a random
    spot of the section, out of the deployment zones)."""
    width, height = spec.table.width, spec.table.height
    kind = landform(spec)
    pieces: list[Piece] = []
    for column in range(2):
        for row in range(2):
            cx = (column + 0.25 + 0.5 * rng.random()) * width / 2
            cy = (row + 0.25 + 0.5 * rng.random()) * height / 2
            cy = min(max(cy, DEPLOY_DEPTH + 5.0), height - DEPLOY_DEPTH - 5.0)
            points = [(float(x), float(y)) for x, y in octagon(cx, cy, QUICK_RADIUS)]
            pieces.append(Piece(f"{kind} {len(pieces) + 1}", kind, "dense", points))
    return pieces


def build_state(
    setup: Mapping[str, Any], players: int, rng: RandomStream, data: RulesData
) -> DWState:
    """The opening state: fleets deployed, orders and cards still to come."""
    spec = parse_setup(setup, players, data)
    width, height = spec.table.width, spec.table.height
    if spec.terrain == "random":
        terrain = random_terrain(spec, players, rng)
    elif spec.terrain == "quick":
        terrain = quick_terrain(spec, rng)
    elif spec.terrain == "none":
        terrain = []
    else:
        terrain = [
            Piece(p.name, p.kind, p.density, [(float(x), float(y)) for x, y in p.points],
                  p.blocks_sight, p.full_depth)
            for p in spec.terrain
        ]
    state = DWState(
        players=players,
        rng=rng,
        width=width,
        height=height,
        terrain=terrain,
        max_turns=spec.turns,
        commodore=[-1] * players,
        commodore_lost=[False] * players,
        commodore_tested=[False] * players,
        reroll_used=[False] * players,
        orders=[0] * players if spec.battle_orders else [],
        conceded=[False] * players,
        cards_on=spec.cards,
        hands=[Hidden(player, []) for player in range(players)],
        decks=[new_deck(data, player) for player in range(players)],
        discards=[[] for _ in range(players)],
        trashed=[[] for _ in range(players)],
        allow_concession=spec.concession,
        deployment=spec.deployment,
        surface=spec.surface,
    )
    for player, fleet in enumerate(spec.fleets[:players]):
        deploy_fleet(state, data, player, fleet, spec.shore)
    _unique_names(state)
    state.deployed = [
        sum(data.models[m.cls].points for m in state.models if m.player == p)
        for p in range(players)
    ]
    state.stack.append(Battle())
    return state


def deploy_spacing(spec: ModelSpec) -> float:
    """Centre-to-centre spacing of a squadron's models in line abreast."""
    return max(2.5, spec.width + 1.2)


def line_widths(data: RulesData, fleet: FleetSpec) -> list[float]:
    """How much of its edge each squadron's line abreast takes: room for its models side
    by side (:func:`~.edges.abreast_centres` shares out what is left as equal gaps, so that
    squadrons never start on top of each other when the edge has room; engine default).

    >>> fleet = FleetSpec(squadrons=[SquadronSpec(unit="britannia-frigate", count=4),
    ...                              SquadronSpec(unit="britannia-battleship")])
    >>> from warbench.rulesets.dystopian_wars.data import load_data
    >>> [round(w, 2) for w in line_widths(load_data(), fleet)]
    [8.1, 1.3]
    """
    widths = []
    for squadron in fleet.squadrons:
        spec = data.models[squadron.unit]
        count = 1 if spec.tiny else squadron.count
        widths.append((count - 1) * deploy_spacing(spec) + max(spec.width, spec.length / 4))
    return widths


def start_level(squadron: SquadronSpec, spec: ModelSpec) -> str:
    """The level a squadron's models start at: the set-up's, else flying for a flyer."""
    return squadron.level or ("flying" if spec.flying else "surface")


def deploy_fleet(
    state: DWState, data: RulesData, player: int, fleet: FleetSpec, shore: bool = True
) -> None:
    """Place a fleet's squadrons in line abreast along its edge; name the commodore. With
    ``shore``, a squadron kept off the open table that finds nowhere to stand in its zone
    gets ground laid under its place in the line (:mod:`.shore`)."""
    kind = next(
        (data.models[s.unit].domain for s in fleet.squadrons if not data.models[s.unit].tiny),
        "naval",
    )
    numbers: dict[str, int] = {}
    span = state.width if state.players <= 2 or player % 4 < 2 else state.height
    widths = line_widths(data, fleet)
    centres = abreast_centres(widths, span - 8.0)
    lines = [(4.0 + centre - width / 2.0, 4.0 + centre + width / 2.0)
             for centre, width in zip(centres, widths, strict=True)]
    afloat = [  # the squadrons whose lines a laid shore keeps clear of
        not open_table_stops(data.models[s.unit], start_level(s, data.models[s.unit]),
                             state.surface)
        for s in fleet.squadrons
    ]
    for index, squadron_spec in enumerate(fleet.squadrons):
        spec = data.models[squadron_spec.unit]
        sid = len(state.squadrons)
        name = squadron_spec.name or spec.name
        squadron = Squadron(sid, player, name, [], core=spec.domain == kind and not spec.tiny)
        state.squadrons.append(squadron)
        centre = 4.0 + centres[index]
        count = 1 if spec.tiny else squadron_spec.count
        spacing = deploy_spacing(spec)
        depth = 6.5 if spec.tiny or spec.flying else 2.0 + spec.length / 2.0
        for k in range(count):
            if squadron_spec.at is not None:
                x, y, heading = squadron_spec.at[k]
            else:
                slot = centre + (k - (count - 1) / 2.0) * spacing
                x, y, heading = deploy_position(
                    player, state.players, state.width, state.height, slot, depth
                )
            uid = len(state.models)
            short = short_name(spec.name)
            numbers[short] = numbers.get(short, 0) + 1
            if spec.tiny:
                model_name = squadron_spec.name or spec.name
            elif count == 1 and squadron_spec.name:
                model_name = squadron_spec.name
            else:
                model_name = f"{short} {numbers[short]}"
            model = Model(
                uid, player, sid, spec.id, model_name, round(x, 4), round(y, 4), heading,
                level=start_level(squadron_spec, spec),
                ap=spec.ap,
                tokens=squadron_spec.count if spec.tiny else 0,
                fuel=FULL_FUEL if spec.tiny else 0,
            )
            state.models.append(model)
            squadron.models.append(uid)
        if squadron_spec.at is None:
            room = _room(lines, afloat, index, span) if shore else None
            find_ground(state, data, squadron, (player, index), centre, depth, room)
        else:
            check_footing(state, data, squadron, (player, index))
        if squadron_spec.commodore:  # an Icon, as parse_setup checked
            state.commodore[player] = squadron.models[0]
    embark_wings(state, data, player)
    if state.commodore[player] < 0:
        icons = [
            m for m in state.models
            if m.player == player and "icon" in data.models[m.cls].traits
            and not data.models[m.cls].beast
        ]
        if icons:
            best = max(icons, key=lambda m: (data.models[m.cls].points, -m.uid))
            state.commodore[player] = best.uid


def _room(lines: list[tuple[float, float]], afloat: list[bool], index: int,
          span: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Squadron ``index``'s line, and the stretch of its edge between the nearest lines on
    either side of squadrons that keep to the open table."""
    before = [line[1] for k, line in enumerate(lines[:index]) if afloat[k]]
    after = [line[0] for k, line in enumerate(lines) if k > index and afloat[k]]
    return lines[index], (max(before, default=0.0), min(after, default=span))


def find_ground(
    state: DWState, data: RulesData, squadron: Squadron, where: tuple[int, int],
    centre: float, depth: float,
    room: tuple[tuple[float, float], tuple[float, float]] | None = None,
) -> None:
    """Move a squadron placed on the open table it keeps off (a land one on a sea table, a
    naval one on a land table) to the nearest place in its zone where it may stand
    (DW-TABLE-SURFACE); where there is none and ``room`` gives its line and the stretch of
    the edge it may have, lay a shore there first (:mod:`.shore`); :class:`SetupError` when
    there is still none."""
    models = [state.models[uid] for uid in squadron.models]
    if not needs_footing(state, data, models[0]):
        return
    x, y, heading = deploy_position(
        squadron.player, state.players, state.width, state.height, centre, depth
    )
    found = find_footing(state, data, models, x, y, heading)
    if found is None and room is not None:
        name = f"{squadron.name}'s {'shore' if state.surface == 'sea' else 'anchorage'}"
        state.terrain.append(shore_piece(
            state.surface, seat_edge(squadron.player, state.players), state.width,
            state.height, room[0], room[1], name))
        found = find_footing(state, data, models, x, y, heading)
    if found is None:
        ground = "an island" if state.surface == "sea" else "water"
        raise SetupError(
            f"setup.fleets[{where[0]}].squadrons[{where[1]}]: {squadron.name} finds no place "
            f"on {ground} in its deployment zone on a {state.surface} table "
            f"(DW-TABLE-SURFACE; {_footing_hint(state.surface)})"
        )
    for model, pose in zip(models, formation(data.models[models[0].cls], len(models),
                                             found[0], found[1], heading), strict=True):
        model.place(pose)


def check_footing(
    state: DWState, data: RulesData, squadron: Squadron, where: tuple[int, int]
) -> None:
    """Refuse positions a set-up gives (``at``) that leave a model on the open table it
    keeps off (a land model in the open sea, a naval one on open ground: DW-TABLE-SURFACE),
    naming the position."""
    for k, uid in enumerate(squadron.models):
        model = state.models[uid]
        spec = data.models[model.cls]
        body = body_of(model, spec)
        if stands_off(state.terrain, state.surface, state.width, state.height, spec,
                      model.level, body):
            raise SetupError(
                f"setup.fleets[{where[0]}].squadrons[{where[1]}].at[{k}]: "
                f"{off_surface_reason(model.name, state.surface)}; "
                f"{_footing_hint(state.surface)}"
            )


def embark_wings(state: DWState, data: RulesData, player: int) -> None:
    """Wings beyond the free ones start aboard the fleet's carriers: the first legal choice
    of free wings (:func:`.fleets.free_wings`, largest first; engine default), the rest
    filling the carriers in order, one recon plane a carrier (DW-CARRIER-CAPACITY)."""
    wings = [
        m for m in state.models if m.player == player and data.models[m.cls].tiny
    ]
    wings.sort(key=lambda m: (-m.tokens, m.uid))
    carriers = [
        m for m in state.models if m.player == player and data.models[m.cls].carrier
    ]
    room = {c.uid: data.models[c.cls].carrier for c in carriers}
    recon = {m.uid for m in wings if data.models[m.cls].wing == "recon"}
    listed = [Wing(m.uid, m.tokens, m.uid in recon) for m in wings]
    free = free_wings(listed, sum(room.values()), len(carriers))
    flying = {wing.key for wing in (listed[:FREE_WINGS] if free is None else free)}
    has_recon: set[int] = set()
    for wing in wings:
        if wing.uid in flying:
            continue
        for carrier in carriers:
            if room[carrier.uid] >= wing.tokens and not (
                wing.uid in recon and carrier.uid in has_recon
            ):
                room[carrier.uid] -= wing.tokens
                if wing.uid in recon:
                    has_recon.add(carrier.uid)
                wing.carried_by = carrier.uid
                wing.x, wing.y, wing.heading = carrier.x, carrier.y, carrier.heading
                break


def _unique_names(state: DWState) -> None:
    """Tag a name two or more models share with its player, counted from 1 as people count
    players (seat 0's ``Fighter wing (P1)``, seat 1's ``Fighter wing (P2)``)."""
    seen: dict[str, int] = {}
    for model in state.models:
        seen[model.name] = seen.get(model.name, 0) + 1
    for model in state.models:
        if seen[model.name] > 1:
            model.name = f"{model.name} (P{model.player + 1})"


#: The scenarios of a game between lists (``--scenario``): the terrain rolled, a land table
#: (DW-TABLE-SURFACE), or both.
SCENARIOS = ("random-terrain", "land-table", "land-table-random-terrain")


def setup_from_armies(
    armies: Sequence[ArmyList], scenario: str | None, data: RulesData
) -> dict[str, Any]:
    """The set-up for a game between these lists (already checked) on the demo table;
    ``random-terrain`` rolls the terrain instead, ``land-table`` makes the open table land.

    Lists that field land models and no naval model fight on a land table without asking
    (engine default: the seed's land battles are fought on land tables, l.201-203, and a
    sea table would leave their tanks nowhere to stand)."""
    setup = demo_setup()
    setup["fleets"] = [fleet_from_army(army) for army in armies]
    if scenario is not None and scenario.endswith("random-terrain"):
        setup["terrain"] = "random"
    if (scenario or "").startswith("land-table") or ground_forces_only(armies, data):
        setup["surface"] = "land"
    return setup


def ground_forces_only(armies: Sequence[ArmyList], data: RulesData) -> bool:
    """Whether these lists field a land model and no naval model or sea creature (flyers
    go anywhere)."""
    specs = [data.models[entry.unit] for army in armies for entry in army.units]
    kept = [spec for spec in specs if not spec.flying]
    return bool(kept) and not any(is_naval(spec) for spec in kept)


def _footing_hint(surface: str) -> str:
    """What a player can do about a squadron with nowhere to stand."""
    if surface == "sea":
        return ('give the table islands in its zone, or play on land: set-up key surface = '
                '"land", --scenario land-table')
    return 'give the table water in its zone, or play at sea: set-up key surface = "sea"'
