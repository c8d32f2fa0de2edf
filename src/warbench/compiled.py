"""An optional compiled build of Warbench's hottest modules (mypyc), with pure Python as fallback.

The modules named in ``MODULES`` are ordinary typed Python. ``python -m warbench.compile``
(``make compiled``) compiles them with mypyc into ``build/compiled`` beside the
source tree, with a manifest holding a digest of every source file under ``src/warbench``.
``import warbench`` then loads the compiled modules instead of their sources, but only while
that digest still matches: after any edit (or a checkout of another commit) Warbench runs
the pure sources until the next build, so a stale build can never stand in for changed code.
``WARBENCH_PURE=1`` turns the build off. Compiled and pure runs give the same games bit for
bit (tests/core/test_compiled.py plays seeded games both ways).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

PACKAGE_ROOT = Path(__file__).resolve().parent
"""``src/warbench``: every ``.py`` under it goes into the digest."""
BUILD_DIR = PACKAGE_ROOT.parent.parent / "build" / "compiled"
"""Where the build and its manifest live (a source checkout's ``build/``, ignored by git)."""
MANIFEST = "manifest.json"

MODULES: tuple[str, ...] = (
    # The core: geometry, the hex grid, observations.
    "warbench.core.geometry.arcs",
    "warbench.core.geometry.bands",
    "warbench.core.geometry.bases",
    "warbench.core.geometry.collision",
    "warbench.core.geometry.distance",
    "warbench.core.geometry.movement",
    "warbench.core.geometry.shapes",
    "warbench.core.geometry.sight",
    "warbench.core.geometry.templates",
    "warbench.core.geometry.terrain",
    "warbench.core.geometry.vectors",
    "warbench.core.hexgrid.arcs",
    "warbench.core.hexgrid.hexes",
    "warbench.core.hexgrid.moves",
    "warbench.core.labels",
    "warbench.core.observation",
    "warbench.core.rounding",
    # Dystopian Wars: the state's pieces, the table's snapshot, shots, moves and the commodore.
    "warbench.rulesets.dystopian_wars.attack_listing",
    "warbench.rulesets.dystopian_wars.attack_rolls",
    "warbench.rulesets.dystopian_wars.bot_outlook",
    "warbench.rulesets.dystopian_wars.bot_tactics",
    "warbench.rulesets.dystopian_wars.bots",
    "warbench.rulesets.dystopian_wars.combat",
    "warbench.rulesets.dystopian_wars.flyers",
    "warbench.rulesets.dystopian_wars.geometry",
    "warbench.rulesets.dystopian_wars.linking",
    "warbench.rulesets.dystopian_wars.mines",
    "warbench.rulesets.dystopian_wars.obscured",
    "warbench.rulesets.dystopian_wars.pieces",
    "warbench.rulesets.dystopian_wars.rams",
    "warbench.rulesets.dystopian_wars.specs",
    "warbench.rulesets.dystopian_wars.sweep",
    "warbench.rulesets.dystopian_wars.world",
    # Armada: the state's pieces, moves and the tactician's helm.
    "warbench.rulesets.armada.bot_helm",
    "warbench.rulesets.armada.bot_orders",
    "warbench.rulesets.armada.bots",
    "warbench.rulesets.armada.combat",
    "warbench.rulesets.armada.gunnery_keys",
    "warbench.rulesets.armada.context",
    "warbench.rulesets.armada.moves",
    "warbench.rulesets.armada.officers",
    "warbench.rulesets.armada.pieces",
    # Full Thrust: the admiral's order weighing and the geometry it stands on.
    "warbench.rulesets.full_thrust.arcs",
    "warbench.rulesets.full_thrust.bots",
    "warbench.rulesets.full_thrust.course",
    "warbench.rulesets.full_thrust.firepower",
    "warbench.rulesets.full_thrust.movement",
    "warbench.rulesets.full_thrust.weapon_values",
    # HORDES: the space and combat arithmetic, magic and the warlock.
    "warbench.rulesets.hordes.bots",
    "warbench.rulesets.hordes.combat",
    "warbench.rulesets.hordes.magic",
    "warbench.rulesets.hordes.power",
    "warbench.rulesets.hordes.refusals",
    "warbench.rulesets.hordes.sight",
    "warbench.rulesets.hordes.space",
    # ROBOGEAR: sight, shots, moves, the turn's listing helpers and the commander.
    "warbench.rulesets.robogear.board",
    "warbench.rulesets.robogear.bots",
    "warbench.rulesets.robogear.buildings",
    "warbench.rulesets.robogear.candidates",
    "warbench.rulesets.robogear.chances",
    "warbench.rulesets.robogear.damage",
    "warbench.rulesets.robogear.fire",
    "warbench.rulesets.robogear.flames",
    "warbench.rulesets.robogear.group_rules",
    "warbench.rulesets.robogear.infantry",
    "warbench.rulesets.robogear.moves",
    "warbench.rulesets.robogear.options",
    "warbench.rulesets.robogear.pieces",
    "warbench.rulesets.robogear.positions",
    "warbench.rulesets.robogear.roster",
    "warbench.rulesets.robogear.sheets",
    "warbench.rulesets.robogear.shots",
    "warbench.rulesets.robogear.table",
    "warbench.rulesets.robogear.victory",
)
"""Modules compiled by ``warbench.compile``: computation over plain data. Left interpreted:
modules with classes mypyc cannot compile (subclasses of the core's ``Action``, ``Event``,
``Procedure`` or ``GameState``; generic ``dataclass(slots=True)``; pydantic models;
classes that interpreted modules subclass, such as ``ParamSpace`` and HORDES' ``KeptSpace``);
modules that must answer a value of the wrong type with their own refusal (compiled code
checks annotated types as it reads them: ``core.hexgrid.hexes``, and Dystopian Wars'
``movement``, which reads a player's move); type aliases pydantic reads
(``armada.templates``).
Each module is compiled on its own (mypyc's ``separate``).

A field of an interpreted class read from compiled code costs CPython's generic look-up (a
pydantic model's more, through its ``__getattr__`` hook), one of a compiled class a few
instructions, and the other way round for interpreted readers of compiled classes. So plain
records that compiled code reads all the time live in compiled modules of their own
(the ``pieces`` of ROBOGEAR, Dystopian Wars and Armada: the state's units, models, fleets,
terrain and the like, every other name of the state staying in its interpreted ``state``
module, which re-exports them; ROBOGEAR's ``sheets``:
compiled copies of what the hot code reads of the pydantic data), and interpreted code that
walks them moves into compiled helpers (ROBOGEAR's ``roster``)."""


@dataclass(frozen=True)
class Status:
    """Whether compiled modules are in use, and why (not)."""

    active: bool
    modules: int
    reason: str


_status = Status(False, 0, "not installed")


def source_digest(root: Path = PACKAGE_ROOT) -> str:
    """A digest of every Python source under ``root`` (its path and bytes), in path order."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def read_manifest(build_dir: Path, root: Path = PACKAGE_ROOT) -> tuple[dict[str, Path], str]:
    """The compiled module files a build offers, or none and the reason it cannot be used."""
    path = build_dir / MANIFEST
    if not path.is_file():
        return {}, f"no compiled build ({path} is missing: run `make compiled`)"
    try:
        manifest = json.loads(path.read_text())
        suffix, digest, files = manifest["suffix"], manifest["digest"], manifest["files"]
    except (ValueError, KeyError, TypeError) as error:
        return {}, f"{path}: unreadable manifest ({error})"
    loads = sysconfig.get_config_var("EXT_SUFFIX")
    if suffix != loads:
        return {}, f"{path}: built for {suffix}, this Python loads {loads}"
    if digest != source_digest(root):
        return {}, ("the sources changed since the compiled build: running pure Python "
                    "(`make compiled` builds it again)")
    modules = {name: build_dir / file for name, file in files.items()}
    missing = [str(file) for file in modules.values() if not file.is_file()]
    if missing:
        return {}, f"{path}: compiled files missing: {', '.join(missing)}"
    return modules, f"compiled build in use ({len(modules)} files)"


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled file for each module of the build, ahead of its source."""

    def __init__(self, modules: dict[str, Path]) -> None:
        self.modules = modules

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.modules.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.machinery.ModuleSpec(fullname, loader, origin=str(file))


def install(build_dir: Path = BUILD_DIR) -> Status:
    """Put the compiled build in front of the sources when it matches them (idempotent)."""
    global _status
    if any(isinstance(finder, CompiledFinder) for finder in sys.meta_path):
        return _status
    if os.environ.get("WARBENCH_PURE"):
        _status = Status(False, 0, "WARBENCH_PURE is set: running pure Python")
        return _status
    modules, reason = read_manifest(build_dir)
    if modules:
        sys.meta_path.insert(0, CompiledFinder(modules))
    _status = Status(bool(modules), sum(name in modules for name in MODULES), reason)
    return _status


def compiled_sources() -> frozenset[Path]:
    """The source file of each module that runs compiled now (none while running pure)."""
    if not _status.active:
        return frozenset()
    return frozenset(PACKAGE_ROOT.parent.joinpath(*name.split(".")).with_suffix(".py")
                     for name in MODULES)


def status() -> Status:
    """What ``install`` found when Warbench was imported."""
    return _status
