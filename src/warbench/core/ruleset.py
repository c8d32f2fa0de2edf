"""The ruleset interface: what a rule system tells the core about itself.

A ruleset declares up front its id, version, player counts and action types (the way
OpenSpiel games declare their type), builds the opening state from a setup, and may offer
views, bots and a table picture. The core knows rulesets only through this interface and
the registry.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from warbench.core.actions import Action, ActionCodec
from warbench.core.attacks import AttackOdds
from warbench.core.catalog import Record
from warbench.core.lists import (
    ArmyList,
    ConstraintSet,
    UnitInfo,
    ValidationReport,
    Violation,
    validate,
)
from warbench.core.plain import to_plain
from warbench.core.procedures import GameState
from warbench.core.rng import RandomStream
from warbench.core.table import TablePicture

if TYPE_CHECKING:
    from warbench.core.agents import Agent


@dataclass(frozen=True, slots=True)
class ArmyRules:
    """How a ruleset prices and checks army lists: unit costs and tags, and constraints."""

    lookup: Mapping[str, UnitInfo]
    constraints: ConstraintSet


class SetupError(ValueError):
    """A game set-up (armies, scenario, player count) that a ruleset cannot start from."""


class Ruleset(ABC):
    """One rule system. Subclass it once per system and register the subclass."""

    id: ClassVar[str]
    name: ClassVar[str]
    version: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: Whether the rules may refuse an action after changing the state (say, after a roll).
    #: Bot matches and simulations skip the per-action snapshot when this is False.
    late_refusals: ClassVar[bool] = True

    @abstractmethod
    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> GameState:
        """The opening state, its stack holding the first procedure; raise SetupError."""

    def default_setup(self) -> dict[str, Any]:
        """A set-up that starts a sensible game with no further input (for demos)."""
        return {}

    def check_players(self, players: int) -> None:
        """Raise :class:`SetupError` unless this many players may play."""
        if not self.min_players <= players <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise SetupError(f"{self.id} is played by {span} players, not {players}")

    def view(self, state: GameState, player: int) -> dict[str, Any]:
        """What ``player`` may see of ``state``: everything but others' hidden values."""
        view: dict[str, Any] = to_plain(state, viewer=player)
        return view

    def bots(self) -> Mapping[str, Callable[[int], Agent]]:
        """Named bot factories taking a seed; every ruleset has at least a random bot."""
        from warbench.core.agents import RandomAgent

        return {"random": RandomAgent}

    def setup_for(
        self, armies: Sequence[ArmyList], scenario: str | None = None
    ) -> dict[str, Any]:
        """A JSON set-up for a game between these armies (player i plays ``armies[i]``).

        Raises :class:`SetupError` naming what is wrong; checks every list first.
        """
        raise SetupError(f"{self.id} cannot start a game from army lists yet")

    def list_formats(self) -> tuple[str, ...]:
        """Names of the list-building formats (open, tournament...); empty if only one."""
        return ()

    def army_rules(self, army: ArmyList, list_format: str | None = None) -> ArmyRules | None:
        """Costs and constraints for ``army`` in a format, or ``None`` without lists."""
        return None

    def list_violations(
        self, army: ArmyList, list_format: str | None = None
    ) -> list[Violation]:
        """Rules of this system that the constraint language cannot say (one officer per
        role per fleet, carrier capacity...), each with its path in the list file."""
        return []

    def validate_list(
        self,
        army: ArmyList,
        list_format: str | None = None,
        constraints: ConstraintSet | None = None,
    ) -> ValidationReport:
        """Every rule ``army`` breaks: the format's constraints (or ``constraints``) and the
        system's own list rules. Raises :class:`SetupError` for a list it cannot judge."""
        if army.ruleset != self.id:
            raise SetupError(f"ruleset: the list is for {army.ruleset}, not {self.id}")
        formats = self.list_formats()
        if list_format is not None and list_format not in formats:
            known = ", ".join(formats) if formats else "none"
            raise SetupError(f"{self.id} has no list format {list_format!r} (formats: {known})")
        rules = self.army_rules(army, list_format)
        if rules is None:
            raise SetupError(f"ruleset: {self.id} has no army lists yet")
        chosen = rules.constraints if constraints is None else constraints
        report = validate(army, chosen.constraints, rules.lookup)
        extra = [
            violation
            for violation in self.list_violations(army, list_format)
            if violation not in report.violations
        ]
        return ValidationReport(report.priced, report.violations + tuple(extra))

    def catalog(self) -> Mapping[str, Record] | None:
        """The unit catalog (id to record), or ``None`` if this ruleset has none yet."""
        return None

    def attacks(self) -> Mapping[str, AttackOdds]:
        """The attacks whose exact odds this ruleset answers, by name."""
        return {}

    def table(self, state: GameState) -> TablePicture | None:
        """A picture of the table in ``state``, or ``None`` if this ruleset draws none."""
        return None

    def describe(self, state: GameState) -> str:
        """A short English summary of the state, for the narrator and the CLI."""
        return f"{self.name}: {len(state.stack)} procedures on the stack"

    @cached_property
    def codec(self) -> ActionCodec:
        """Decoder for this ruleset's actions."""
        return ActionCodec(self.action_types)
