"""Building the opening state from a set-up, and set-ups from fleets or army lists.

A set-up is plain JSON::

    {"fleets": ["concord", "directorate"],        # ids of ready-made fleets, or inline
     "turns": 12, "movement": "cinematic",        # or "vector"
     "options": {"fighter_morale": true}}

An inline fleet is ``{"name": ..., "faction": ..., "ships": [{"design": ..., "name": ...,
"fighters": [...], "x": ..., "y": ..., "facing": ..., "speed": ...}]}``; a ship without a
position is deployed along its player's table edge (player 0 at the bottom facing up,
player 1 at the top facing down).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from warbench.core.lists import ArmyList, Violation
from warbench.core.rng import RandomStream
from warbench.core.ruleset import SetupError
from warbench.core.words import counted
from warbench.rulesets.full_thrust.arcs import heading_of
from warbench.rulesets.full_thrust.library import Library, fleet_ship_problems, parse_hangar_entry
from warbench.rulesets.full_thrust.movement import MOVEMENT_SYSTEMS
from warbench.rulesets.full_thrust.state import (
    IN_HANGAR,
    IN_SPACE,
    FighterGroup,
    FullThrustState,
    Ship,
)
from warbench.rulesets.full_thrust.turn import Turn

OPTIONS = ("fighter_morale", "fire_at_fighters", "reduced_heavy_range")
"""Optional rules a set-up may switch on."""
SETUP_KEYS = ("fleets", "turns", "movement", "options")
SHIP_KEYS = ("design", "name", "fighters", "x", "y", "facing", "speed")


def fleet_setup(library: Library, fleet_id: str) -> dict[str, Any]:
    """The inline form of a ready-made fleet."""
    record = library.fleet_records[fleet_id]
    return {
        "name": record.name,
        "faction": record.faction,
        "ships": [
            {"design": ship.design, "name": ship.name, "fighters": list(ship.fighters)}
            for ship in record.ships
        ],
    }


def army_setup(library: Library, army: ArmyList) -> dict[str, Any]:
    """The inline fleet an army list describes (each entry's options are its hangar load).

    A ship is named by its entry's name, else by the first word of its design's name. An
    entry of ``count = 2`` or more numbers its ships, over every ship of the list that
    shares the name, in the list's order (two entries of two Lancers are ``Lancer 1`` to
    ``Lancer 4``); entries of one ship each that share a name keep it bare, and the labels
    tell them apart (FT-NAMES).
    """
    bases = [entry.name or library.designs[entry.unit].name.split("-")[0]
             for entry in army.units]
    numbered_names = {base for base, entry in zip(bases, army.units, strict=True)
                      if entry.count > 1}
    numbers = Counter[str]()
    ships = []
    for base, entry in zip(bases, army.units, strict=True):
        for _ in range(entry.count):
            numbers[base] += 1
            name = f"{base} {numbers[base]}" if base in numbered_names else base
            ships.append({"design": entry.unit, "name": name, "fighters": list(entry.options)})
    return {"name": army.name, "faction": army.faction or "", "ships": ships}


def _fleet(library: Library, raw: Any, where: str) -> Mapping[str, Any]:
    if isinstance(raw, str):
        try:
            return fleet_setup(library, raw)
        except KeyError as error:
            raise SetupError(f"{where}: {error}") from None
    if not isinstance(raw, Mapping) or not isinstance(raw.get("ships"), list) or not raw["ships"]:
        raise SetupError(f"{where}: a fleet is a fleet id or a table with a list of ships")
    return raw


def new_battle(
    library: Library, setup: Mapping[str, Any], players: int, rng: RandomStream
) -> FullThrustState:
    """The opening state for ``setup``; :class:`SetupError` names what is wrong."""
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise SetupError(f"setup: unknown key {unknown[0]!r} (keys: {', '.join(SETUP_KEYS)})")
    fleets = setup.get("fleets", ["concord", "directorate"])
    if not isinstance(fleets, list) or len(fleets) != players:
        raise SetupError(f"setup.fleets: give one fleet per player ({players})")
    game_rules = library.rules.game
    turns = setup.get("turns", game_rules.turns)
    if not isinstance(turns, int) or isinstance(turns, bool) or turns < 1:
        raise SetupError(f"setup.turns: a whole number of turns of at least 1, got {turns!r}")
    movement = setup.get("movement", "cinematic")
    if movement not in MOVEMENT_SYSTEMS:
        raise SetupError(f"setup.movement: {movement!r} is not one of {MOVEMENT_SYSTEMS}")
    options = setup.get("options", {})
    if not isinstance(options, Mapping) or any(k not in OPTIONS for k in options):
        raise SetupError(f"setup.options: a table of optional rules among {', '.join(OPTIONS)}")
    state = FullThrustState(
        players=players,
        rng=rng,
        max_turns=turns,
        movement=movement,
        options={key: bool(options[key]) for key in sorted(options)},
        width=game_rules.width,
        height=game_rules.height,
    )
    for player, raw in enumerate(fleets):
        fleet = _fleet(library, raw, f"setup.fleets[{player}]")
        # kept in the state: an unnamed fleet by its seat index, shown through words.name_as_told
        state.fleet_names.append(str(fleet.get("name", f"Player {player}")))
        for index, ship in enumerate(fleet["ships"]):
            _add_ship(library, state, player, fleet, index, ship)
    state.orders = [None] * len(state.ships)
    state.stack.append(Turn())
    return state


def _add_ship(
    library: Library,
    state: FullThrustState,
    player: int,
    fleet: Mapping[str, Any],
    index: int,
    raw: Any,
) -> None:
    where = f"setup.fleets[{player}].ships[{index}]"
    if not isinstance(raw, Mapping) or any(key not in SHIP_KEYS for key in raw):
        raise SetupError(f"{where}: a ship is a table with keys among {', '.join(SHIP_KEYS)}")
    hangar = raw.get("fighters", [])
    problems = fleet_ship_problems(
        str(raw.get("design")), hangar, str(fleet.get("faction", "")), library.designs,
        library.fighters,
    )
    if problems:
        field, reason = problems[0]
        path = ".".join(str(part) for part in field)
        raise SetupError(f"{where}.{path}: {reason}")
    cls = library.designs[raw["design"]]
    count = len(fleet["ships"])
    rules = library.rules.game
    spacing = min(8.0, state.width / (count + 1))
    default_x = state.width / 2 + (index - (count - 1) / 2) * spacing
    bottom = player % 2 == 0
    default_y = rules.deploy_depth if bottom else state.height - rules.deploy_depth
    try:
        x = float(raw.get("x", default_x))
        y = float(raw.get("y", default_y))
        facing = int(raw.get("facing", 0 if bottom else 6)) % 12
        speed = int(raw.get("speed", rules.start_speed))
    except (TypeError, ValueError) as error:
        raise SetupError(f"{where}: {error}") from None
    ship = Ship(
        id=len(state.ships),
        player=player,
        name=str(raw.get("name", cls.name)),
        design=cls.id,
        x=x,
        y=y,
        facing=facing,
        speed=max(speed, 0),
        damage=[0] * len(cls.systems),
        ammo={index: system.ammo for index, system in enumerate(cls.systems)
              if system.ammo >= 0},
        biomass=cls.biomass,
    )
    if state.movement == "vector":
        radians = math.radians(heading_of(facing))
        ship.vx = round(math.sin(radians) * ship.speed, 3)
        ship.vy = round(math.cos(radians) * ship.speed, 3)
    state.ships.append(ship)
    bays = cls.indices("hangar")
    for bay, text in zip(bays, hangar, strict=False):
        entry = parse_hangar_entry(text, library.fighters)
        kind = library.fighters[entry.kind]
        number = sum(1 for g in state.groups if g.carrier == ship.id) + 1
        state.groups.append(
            FighterGroup(
                id=len(state.groups),
                player=player,
                name=f"{ship.name} {kind.code}{number}",
                kind=entry.kind,
                count=kind.size,
                endurance=kind.endurance,
                carrier=ship.id,
                bay=bay,
                status=IN_SPACE if entry.ftl and not entry.aboard else IN_HANGAR,
                x=ship.x,
                y=ship.y,
                ace=entry.ace,
                green=entry.green,
                ftl=entry.ftl,
            )
        )


def hangar_violations(library: Library, army: ArmyList) -> list[Violation]:
    """Hangar loads larger than their ship's bays (FT-FLEET-LIST); the loads themselves are
    priced as options, so an unknown fighter is the validator's unknown option."""
    problems = []
    for index, entry in enumerate(army.units):
        design = library.designs.get(entry.unit)
        # a ship with no bays takes no fighter option at all: each is named as unknown
        if design is not None and 0 < design.hangars < len(entry.options):
            problems.append(Violation(
                f"units[{index}].options", "hangar_bays",
                f"{counted(len(entry.options), 'fighter group')} but {design.name}"
                f" ({entry.unit}) has {counted(design.hangars, 'hangar bay')}",
            ))
    return problems


def check_armies(library: Library, armies: Sequence[ArmyList], ruleset_id: str) -> None:
    """Raise :class:`SetupError` for lists of another game or with impossible ships."""
    for player, army in enumerate(armies):
        if army.ruleset != ruleset_id:
            raise SetupError(f"army {player} ({army.name}) is a {army.ruleset} list")
        for index, entry in enumerate(army.units):
            problems = fleet_ship_problems(
                entry.unit, entry.options, army.faction or "", library.designs, library.fighters
            )
            if problems:
                _, reason = problems[0]
                raise SetupError(f"army {player} ({army.name}) units[{index}]: {reason}")
