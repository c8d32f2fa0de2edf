"""Building the opening state from a set-up: the two battlegroups, the terrain layout,
and deployment: by the players (``deployment = "players"``, the default: see
:mod:`deployment`) or a fixed formation within 10" of each edge (``"formation"``, for demos;
also where ``positions`` place every model)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warbench.core.rng import RandomStream
from warbench.core.ruleset import SetupError
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.lists import example_roster
from warbench.rulesets.hordes.state import HordesState, Model

SETUP_KEYS = frozenset({"armies", "layout", "positions", "deployment"})
DEPLOYMENTS = ("players", "formation")
DEFAULT_ARMIES = ("thornwood-maelis", "ashen-vesk")
#: Gap between the bases of deployed beasts, in inches (engine default).
SPACING = 1.5


def armies_of(data: HordesData, setup: Mapping[str, Any]) -> list[list[str]]:
    """The card ids of each side: the name of an example list of the data folder
    (``lists/NAME.toml``), a list of card ids, or a list written out with its name
    (``{"name": ..., "models": [...]}``, as :meth:`setup_for` writes a player's list)."""
    raw = setup.get("armies", list(DEFAULT_ARMIES))
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise SetupError("setup.armies: two battlegroups, one per player")
    armies = []
    for side, entry in enumerate(raw):
        if isinstance(entry, str):
            if entry not in data.lists:
                raise SetupError(f"setup.armies[{side}]: no example list {entry!r} (lists: "
                                 f"{', '.join(data.lists)})")
            armies.append(example_roster(data, entry))
            continue
        armies.append(_written_army(data, entry, f"setup.armies[{side}]"))
    return armies


def _written_army(data: HordesData, entry: Any, where: str) -> list[str]:
    """The card ids of a battlegroup written out, checked: one warlock, known models."""
    if isinstance(entry, Mapping):
        unknown = sorted(set(entry) - {"name", "models"})
        if unknown:
            raise SetupError(f"{where}: unknown key {unknown[0]!r} (keys: name, models)")
        if not isinstance(entry.get("name", ""), str):
            raise SetupError(f"{where}.name: a battlegroup's name is text")
        where, entry = f"{where}.models", entry.get("models")
    if not isinstance(entry, list | tuple) or not all(isinstance(u, str) for u in entry):
        raise SetupError(f"{where}: a list name or a list of model ids")
    for index, unit in enumerate(entry):
        if unit not in data.models:
            raise SetupError(f"{where}[{index}]: unknown model {unit!r}")
    warlocks = [u for u in entry if data.models[u].role == "warlock"]
    if len(warlocks) != 1:
        raise SetupError(f"{where}: exactly one warlock, got {len(warlocks)}")
    return list(entry)


def build_state(
    data: HordesData, setup: Mapping[str, Any], players: int, rng: RandomStream
) -> HordesState:
    """The opening state: models deployed, warlocks holding fury equal to their FURY."""
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise SetupError(
            f"setup: unknown key {unknown[0]!r} (keys: armies, layout, positions, deployment)"
        )
    layout = setup.get("layout", "standard")
    if layout not in data.layouts:
        raise SetupError(f"setup.layout: no layout {layout!r} ({', '.join(data.layouts)})")
    state = HordesState(players=players, rng=rng, layout=str(layout))
    for side, army in enumerate(armies_of(data, setup)):
        deploy(data, state, side, army)
    place(state, setup.get("positions"))
    deployment = setup.get("deployment", "players")
    if deployment not in DEPLOYMENTS:
        raise SetupError(f"setup.deployment: {deployment!r} is not one of {', '.join(DEPLOYMENTS)}")
    if deployment == "players" and setup.get("positions") is None:
        state.unplaced = [model.uid for model in state.models]
    return state


def place(state: HordesState, positions: Any) -> None:
    """Optional ``positions``: ``[x, y, heading]`` for each model in order (a scenario or
    a test set-up), replacing the deployment formation."""
    if positions is None:
        return
    if not isinstance(positions, list | tuple) or len(positions) != len(state.models):
        raise SetupError(f"setup.positions: one [x, y, heading] per model ({len(state.models)})")
    for index, (model, pose) in enumerate(zip(state.models, positions, strict=True)):
        if not (
            isinstance(pose, list | tuple)
            and len(pose) == 3
            and all(isinstance(v, int | float) for v in pose)
        ):
            raise SetupError(f"setup.positions[{index}]: [x, y, heading] in inches and degrees")
        model.x, model.y, model.heading = float(pose[0]), float(pose[1]), float(pose[2]) % 360


def deploy(data: HordesData, state: HordesState, side: int, army: list[str]) -> None:
    """Warlock centred 3" from its edge; beasts in a line 7" from it, facing the enemy."""
    size = data.settings.table
    heading = 0.0 if side == 0 else 180.0

    def depth(inches: float) -> float:
        return inches if side == 0 else size - inches

    beasts = [card for card in army if data.models[card].role == "warbeast"]
    width = sum(2 * data.models[c].radius for c in beasts) + SPACING * max(0, len(beasts) - 1)
    x = size / 2 - width / 2
    for card in army:
        record = data.models[card]
        uid = len(state.models)
        if record.role == "warlock":
            model = Model(uid, side, card, False, size / 2, depth(3.0), heading, fury=record.fury)
        else:
            x += record.radius
            model = Model(uid, side, card, True, x, depth(7.0), heading, spiral=[0] * 6)
            x += record.radius + SPACING
        state.models.append(model)
