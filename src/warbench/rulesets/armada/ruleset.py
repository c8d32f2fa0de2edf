"""The Armada ruleset: set-up from armadas (demo ids or inline tables), bots, summary."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pydantic

from warbench.core.agents import RandomAgent
from warbench.core.catalog import validation_problems
from warbench.core.procedures import GameState
from warbench.core.rng import RandomStream
from warbench.core.ruleset import Ruleset, SetupError
from warbench.rulesets.armada.actions import ACTION_TYPES
from warbench.rulesets.armada.data import ArmadaSpec, demo_armadas, load_tables
from warbench.rulesets.armada.fleets import fleet_stats, officer_bonus, validate_armada
from warbench.rulesets.armada.rounds import Battle
from warbench.rulesets.armada.state import ArmadaState, Fleet, Officer, Side

if TYPE_CHECKING:
    from warbench.core.agents import Agent

SETUP_KEYS = frozenset({"armadas", "distance", "placements", "max_rounds"})


def _armada(entry: Any, side: int) -> ArmadaSpec:
    where = f"setup.armadas[{side}]"
    if isinstance(entry, str):
        demos = demo_armadas()
        if entry not in demos:
            raise SetupError(f"{where}: unknown armada {entry!r} (known: {', '.join(demos)})")
        return demos[entry]
    try:
        return ArmadaSpec.model_validate(entry)
    except pydantic.ValidationError as error:
        lines = [f"{where}: {problem.where}: {problem.reason}" for problem in
                 validation_problems(error, entry)]
        raise SetupError("\n".join(lines)) from None


def _placements(raw: Any, armadas: list[ArmadaSpec]) -> list[list[list[int]]]:
    if not isinstance(raw, list) or len(raw) != len(armadas):
        raise SetupError("setup.placements: give one list of [q, r, facing] per armada")
    for side, (rows, armada) in enumerate(zip(raw, armadas, strict=True)):
        if not isinstance(rows, list) or len(rows) != len(armada.fleets):
            raise SetupError(
                f"setup.placements[{side}]: give one [q, r, facing] per fleet "
                f"({len(armada.fleets)} fleets)"
            )
        for index, row in enumerate(rows):
            if (
                not isinstance(row, list)
                or len(row) != 3
                or any(type(value) is not int for value in row)
                or not 0 <= row[2] < 6
            ):
                raise SetupError(
                    f"setup.placements[{side}][{index}]: expected [q, r, facing 0-5], got {row!r}"
                )
    hexes = [(row[0], row[1]) for rows in raw for row in rows]
    if len(set(hexes)) != len(hexes):
        raise SetupError("setup.placements: two fleets share a hex")
    return [[list(row) for row in rows] for rows in raw]


def build_state(setup: Mapping[str, Any], players: int, rng: RandomStream) -> ArmadaState:
    """The opening state for ``setup``; :class:`SetupError` lists what is wrong."""
    tables = load_tables()
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise SetupError(f"setup: unknown key {unknown[0]!r} (known: {sorted(SETUP_KEYS)})")
    raw = setup.get("armadas", ["vanguard-3", "raiders-3"])
    if not isinstance(raw, list) or len(raw) != players:
        raise SetupError(f"setup.armadas: give {players} armadas (ids or tables)")
    armadas = [_armada(entry, side) for side, entry in enumerate(raw)]
    problems = [
        f"setup.armadas[{side}].{violation}"
        for side, armada in enumerate(armadas)
        for violation in validate_armada(armada, tables)
    ]
    if problems:
        raise SetupError("\n".join(problems))
    distance = setup.get("distance", 0)
    if type(distance) is not int or distance < 0:
        raise SetupError(f"setup.distance: a whole number of hexes, got {distance!r}")
    max_rounds = setup.get("max_rounds", tables.rounds.round_limit.rounds)
    if type(max_rounds) is not int or max_rounds < 1:
        raise SetupError(f"setup.max_rounds: a positive whole number, got {max_rounds!r}")
    placements = None
    if setup.get("placements") is not None:
        placements = _placements(setup["placements"], armadas)
    state = ArmadaState(
        players=players,
        rng=rng,
        sides=[Side(armada.name, armada.tier) for armada in armadas],
        distance=distance,
        max_rounds=max_rounds,
        placements=placements,
    )
    for side, armada in enumerate(armadas):
        first = len(state.fleets)
        for spec in armada.fleets:
            stats = fleet_stats(spec, tables)
            state.fleets.append(
                Fleet(
                    id=len(state.fleets),
                    side=side,
                    name=stats.name,
                    tier=stats.tier,
                    size=stats.size,
                    fleet_class=stats.fleet_class,
                    abilities=stats.abilities,
                    hull_points=stats.hull_points,
                    critical_threshold=stats.critical_threshold,
                    hull=stats.hull_points,
                    shield_max=stats.shield_points,
                    shields=stats.shield_points,
                    check_modifier=stats.check_modifier,
                    damage=stats.damage,
                    speed=stats.speed,
                    turn_distance=stats.turn_distance,
                    piloting_modifier=stats.piloting_modifier,
                    range=stats.range,
                    arcs=stats.arcs,
                    cost=stats.cost,
                )
            )
        names = {spec.name: first + index for index, spec in enumerate(armada.fleets)}
        for officer in armada.officers:
            state.officers.append(
                Officer(officer.name, side, officer.role, officer_bonus(officer),
                        names[officer.fleet])
            )
    for fleet in state.fleets:
        fleet.shields += state.officer_bonus(fleet, "chief-engineer")
    state.stack.append(Battle())
    return state


class ArmadaRuleset(Ruleset):
    """Starfinder Armada Combat: fleets of starships on a hex map."""

    id = "armada"
    name = "Starfinder Armada Combat"
    version = "0.1"
    min_players = 2
    max_players = 2
    action_types = ACTION_TYPES

    def default_setup(self) -> dict[str, Any]:
        """Two tier-3 demo armadas, distance rolled (3d6+5)."""
        return {"armadas": ["vanguard-3", "raiders-3"]}

    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> GameState:
        """The opening state; the battle deploys on the first step."""
        return build_state(setup, players, rng)

    def bots(self) -> Mapping[str, Callable[[int], Agent]]:
        """``random`` and the greedy ``tactician``."""
        from warbench.rulesets.armada.bots import TacticianAgent

        return {"random": RandomAgent, "tactician": TacticianAgent}

    def describe(self, state: GameState) -> str:
        """Round and each fleet's hull, shields and status."""
        assert isinstance(state, ArmadaState)
        lines = [f"{self.name}, round {state.round}"]
        for fleet in state.fleets:
            lines.append(
                f"  [{fleet.side}] {fleet.name}: hull {fleet.hull}/{fleet.hull_points}, "
                f"shields {fleet.shields}, {fleet.status}, {fleet.morale}"
                f" at {fleet.q},{fleet.r} facing {fleet.facing}"
            )
        return "\n".join(lines)
