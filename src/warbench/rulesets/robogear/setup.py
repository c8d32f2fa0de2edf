"""Building a battle from a set-up: armies into squads, turn elements, terrain, deployment.

A set-up is JSON: ``armies`` (shipped army ids or ``{"name", "faction", "units": [...]}``
as :func:`army_setup` writes them), ``teams`` (a team number per player; omitted: each
against all), ``mission`` (annihilation, capture, commander, hold), ``rounds``, ``edges``
(omitted: players choose), ``terrain`` ("default"; "town": its ruins as buildings; or
"none") and ``turns`` ("squad", the default, or "model": every trooper takes its own turn,
for small infantry battles).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from warbench.core.catalog import UnknownEntry
from warbench.core.lists import ArmyList
from warbench.core.rng import RandomStream
from warbench.core.rounding import round_to
from warbench.core.ruleset import SetupError
from warbench.rulesets.robogear.data import RobogearData, steps
from warbench.rulesets.robogear.pieces import Block, Element, Squad, Unit
from warbench.rulesets.robogear.state import RobogearState

EDGES = ("north", "east", "south", "west")
MISSIONS = ("annihilation", "capture", "commander", "hold")
SETUP_KEYS = {"armies", "teams", "mission", "rounds", "edges", "terrain", "turns"}

#: The default table's terrain (engine default), the same seen from every edge (it turns
#: onto itself by a quarter turn): name, box in steps, height in steps.
DEFAULT_TERRAIN = (
    ("rubble mound", 27.0, 27.0, 33.0, 33.0, 0.8),
    ("ruin", 12.0, 27.0, 16.0, 33.0, 3.0),
    ("ruin", 27.0, 44.0, 33.0, 48.0, 3.0),
    ("ruin", 44.0, 27.0, 48.0, 33.0, 3.0),
    ("ruin", 27.0, 12.0, 33.0, 16.0, 3.0),
    ("trench", 16.0, 16.0, 20.0, 17.0, -1.0),
    ("trench", 16.0, 40.0, 17.0, 44.0, -1.0),
    ("trench", 40.0, 43.0, 44.0, 44.0, -1.0),
    ("trench", 43.0, 16.0, 44.0, 20.0, -1.0),
)


#: In the "town" table each ruin is a building this tall with this many firing slots.
TOWN_HEIGHT, TOWN_SLOTS = 4.0, 4


def _town(block: Block) -> Block:
    """The default table's ruins as buildings troopers can occupy (engine default)."""
    if block.name != "ruin":
        return block
    return Block(block.x0, block.y0, block.x1, block.y1, TOWN_HEIGHT, "building", TOWN_SLOTS)


def army_setup(army: ArmyList) -> dict[str, Any]:
    """The set-up form of an army list."""
    return {
        "name": army.name,
        "faction": army.faction or "",
        "units": [
            {"unit": e.unit, "count": e.count, "role": e.role or "", "name": e.name or ""}
            for e in army.units
        ],
    }


def _entries(data: RobogearData, raw: Any, where: str) -> tuple[str, list[dict[str, Any]]]:
    if isinstance(raw, str):
        try:
            army = data.armies[raw]
        except UnknownEntry as error:
            raise SetupError(f"{where}: {error}") from None
        return army.name, [e.model_dump() for e in army.units]
    if isinstance(raw, Mapping) and isinstance(raw.get("units"), list):
        return str(raw.get("name", "army")), [dict(e) for e in raw["units"]]
    raise SetupError(f"{where}: an army is a shipped army id or a table with units")


def _teams(setup: Mapping[str, Any], players: int) -> list[int]:
    teams = setup.get("teams")
    if teams is None:
        return list(range(players))
    if not isinstance(teams, list) or len(teams) < players or not all(
            isinstance(t, int) for t in teams):
        raise SetupError(f"setup.teams: give a team number for each of the {players} players")
    chosen = list(teams[:players])
    if len(set(chosen)) < 2:
        raise SetupError("setup.teams: at least two teams must fight")
    return chosen


def new_battle(
    data: RobogearData, setup: Mapping[str, Any], players: int, rng: RandomStream
) -> RobogearState:
    """The opening state (units not yet placed: edges are chosen first)."""
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        keys = ", ".join(sorted(SETUP_KEYS))
        raise SetupError(f"setup: unknown key {unknown[0]!r} (keys: {keys})")
    armies = setup.get("armies", ["ferrum", "verdant", "ashen", "ferrum"])
    if not isinstance(armies, list) or len(armies) < players:
        raise SetupError(f"setup.armies: give an army for each of the {players} players")
    mission = setup.get("mission", "annihilation")
    if mission not in MISSIONS:
        raise SetupError(f"setup.mission: {mission!r} is not one of {', '.join(MISSIONS)}")
    rounds = setup.get("rounds", data.rules.game.rounds)
    if not isinstance(rounds, int) or rounds < 1:
        raise SetupError(f"setup.rounds: a positive whole number, got {rounds!r}")
    turns = setup.get("turns", "squad")
    if turns not in ("squad", "model"):
        raise SetupError("setup.turns: 'squad' (squads turn as one) or 'model' (each trooper)")
    by_model = turns == "model"
    size = steps(data.rules.game.table_cm)
    state = RobogearState(
        players=players, rng=rng, teams=_teams(setup, players), mission=mission,
        width=size, height=size, max_rounds=rounds, eliminated=[False] * players,
    )
    for player in range(players):
        name, entries = _entries(data, armies[player], f"setup.armies[{player}]")
        state.army_names.append(name)
        _add_army(state, data, player, entries, f"setup.armies[{player}]", by_model)
        if mission == "commander" and not any(
                u.command for u in state.units if u.player == player):  # RG-WIN-MISSION
            raise SetupError(f"setup.armies[{player}]: the commander mission needs a command"
                             " machine in every army (a unit with role command)")
    _make_elements(state)
    edges = setup.get("edges")
    if edges is not None:
        if not isinstance(edges, list) or len(edges) < players or any(
                e not in EDGES for e in edges[:players]) or len(set(edges[:players])) < players:
            raise SetupError(f"setup.edges: one distinct edge per player from {', '.join(EDGES)}")
        state.edges = list(edges[:players])
    else:
        state.edges = [""] * players
    terrain = setup.get("terrain", "default")
    if terrain in ("default", "town"):
        state.terrain = [Block(x0, y0, x1, y1, h, name) for name, x0, y0, x1, y1, h in
                         DEFAULT_TERRAIN]
        if terrain == "town":
            state.terrain = [_town(block) for block in state.terrain]
    elif terrain != "none":
        raise SetupError("setup.terrain: 'default', 'town' or 'none'")
    return state


def _add_army(
    state: RobogearState, data: RobogearData, player: int, entries: list[dict[str, Any]],
    where: str, by_model: bool = False,
) -> None:
    last_troop: Squad | None = None
    last_battery: Squad | None = None
    for index, entry in enumerate(entries):
        here = f"{where}.units[{index}]"
        try:
            record = data.units[str(entry.get("unit"))]
        except UnknownEntry as error:
            raise SetupError(f"{here}.unit: {error}") from None
        count = int(entry.get("count", 1))
        roles = str(entry.get("role") or "").split()
        group = next((r.split(":", 1)[1] for r in roles if r.startswith("group:")), "")
        label = str(entry.get("name") or record.name)
        single = record.kind == "machine" or (by_model and record.kind == "trooper")
        batches = [1] * count if single else [count]
        for batch in batches:
            if record.kind == "gun" and "attach" in roles:
                if last_troop is None:
                    raise SetupError(f"{here}: an attached gun needs a trooper squad above it")
                squad = last_troop
            else:
                squad = Squad(len(state.squads), player, label, group=group)
                state.squads.append(squad)
            for _ in range(batch):
                unit = Unit(
                    id=len(state.units), player=player, type=record.id, kind=record.kind,
                    squad=squad.id, radius=record.radius, height=record.height,
                    pilot=data.measures.pilot_lives if record.kind == "machine" else 0,
                    ammo=[w.ammo if w.ammo else -1 for w in record.weapons],
                    grenades=record.grenades, command="command" in roles,
                    reserve="reserve" in roles and record.infiltrate,
                )
                state.units.append(unit)
                squad.units.append(unit.id)
            if record.kind == "trooper":
                last_troop = squad
                if "crew" in roles:
                    if last_battery is None:
                        raise SetupError(f"{here}: a crew squad follows the battery it serves")
                    squad.crew_of = last_battery.id
            elif record.kind == "gun" and "attach" not in roles:
                last_battery = squad


def _make_elements(state: RobogearState) -> None:
    """Each squad takes its turn alone, except squads of one group, which share one."""
    groups: dict[tuple[int, str], Element] = {}
    for squad in state.squads:
        key = (squad.player, squad.group)
        if squad.group and key in groups:
            groups[key].squads.append(squad.id)
            continue
        element = Element(len(state.elements), squad.player, squad.name, [squad.id])
        if squad.group:
            element.name = f"group {squad.group}"
            groups[key] = element
        state.elements.append(element)


def place_armies(state: RobogearState, data: RobogearData) -> None:
    """Set each army in a band at the middle of its chosen edge, facing the table."""
    band = steps(data.rules.game.deploy_band_cm)
    depth = steps(data.rules.game.deploy_depth_cm)
    for player, edge in enumerate(state.edges):
        rows = layout(state, data, player, band)
        facing = {"north": 180.0, "east": 270.0, "south": 0.0, "west": 90.0}[edge]
        for unit_id, along, inward in rows:
            unit = state.units[unit_id]
            inward = min(inward, depth)
            offset = along - band / 2
            if edge == "north":
                unit.x, unit.y = state.width / 2 + offset, state.height - inward
            elif edge == "south":
                unit.x, unit.y = state.width / 2 - offset, inward
            elif edge == "east":
                unit.x, unit.y = state.width - inward, state.height / 2 - offset
            else:
                unit.x, unit.y = inward, state.height / 2 + offset
            unit.x, unit.y, unit.facing = round_to(unit.x, 3), round_to(unit.y, 3), facing


def layout(
    state: RobogearState, data: RobogearData, player: int, band: float
) -> list[tuple[int, float, float]]:
    """Rows of bases across a band: (unit, distance along the band, distance from the edge)."""
    placed: list[tuple[int, float, float]] = []
    along, inward, row_depth = 0.0, 0.0, 0.0
    for unit in state.units:
        if unit.player != player or unit.reserve:
            continue
        size = 2 * unit.radius + 0.4
        if along + size > band and along > 0:
            inward += row_depth
            along, row_depth = 0.0, 0.0
        placed.append((unit.id, along + size / 2, inward + size / 2))
        along += size
        row_depth = max(row_depth, size)
    return placed


def army_depth(state: RobogearState, data: RobogearData, player: int) -> float:
    """How deep the player's deployment runs (it must fit the deployment band)."""
    rows = layout(state, data, player, steps(data.rules.game.deploy_band_cm))
    return max((inward + state.units[u].radius for u, _, inward in rows), default=0.0)


def list_depth(data: RobogearData, army: ArmyList) -> tuple[float, float] | None:
    """How deep ``army`` would deploy and how deep the deployment band is, or ``None``
    where the list cannot be set up to judge it (its other faults are reported instead)."""
    try:
        state = new_battle(data, {"armies": [army_setup(army)] * 2}, 2,
                           RandomStream.from_seed(0))
    except (SetupError, ValueError, KeyError):
        return None
    return army_depth(state, data, 0), steps(data.rules.game.deploy_depth_cm)


def check_depth(state: RobogearState, data: RobogearData) -> None:
    """Raise SetupError when an army does not fit its deployment band."""
    depth = steps(data.rules.game.deploy_depth_cm)
    for player in range(state.players):
        need = army_depth(state, data, player)
        if need > depth + 1e-9:
            raise SetupError(
                f"setup.armies[{player}]: the army needs {need:.1f} steps of depth to deploy,"
                f" the deployment zone is {depth:.1f}"
            )


def min_army_gap(state: RobogearState) -> float:
    """The smallest edge-to-edge distance between bases of enemy armies."""
    best = math.inf
    for a in state.units:
        for b in state.units:
            if a.player < b.player and a.on_table and b.on_table and state.enemies(
                    a.player, b.player):
                best = min(best, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)
    return best
