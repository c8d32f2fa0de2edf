"""The ROBOGEAR ruleset: what it tells the core about itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from warbench.core.actions import Action
from warbench.core.attacks import AttackOdds, OddsAnswer
from warbench.core.cards import UnitCard
from warbench.core.catalog import Record
from warbench.core.datafolder import DataFolder
from warbench.core.decisions import Decision
from warbench.core.events import Event
from warbench.core.lists import ArmyList, Violation
from warbench.core.preview import Preview, action_words
from warbench.core.rng import RandomStream
from warbench.core.ruleset import ArmyRules, Ruleset, SetupChoice, SetupError, entry_names
from warbench.core.table import Attack, TablePicture
from warbench.core.victory import Victory
from warbench.core.words import player_name
from warbench.rulesets.robogear import board, lists
from warbench.rulesets.robogear.actions import ACTION_TYPES, ACTIONS_RULE
from warbench.rulesets.robogear.data import RobogearData, load_data
from warbench.rulesets.robogear.events import EVENT_TYPES
from warbench.rulesets.robogear.picture import attacks_drawn, table_picture, team_words
from warbench.rulesets.robogear.setup import (
    MISSIONS,
    army_setup,
    check_depth,
    list_depth,
    new_battle,
)
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.turn import Battle

if TYPE_CHECKING:
    from warbench.core.agents import Agent

class RobogearRuleset(Ruleset[RobogearState, RobogearData]):
    """ROBOGEAR (Tehnolog): machines, pilots and infantry, two to four players."""

    id = "robogear"
    score_meaning = "points of the side's units still in the battle"
    name = "ROBOGEAR"
    version = "9"  # 2: buildings (units and terrain carry occupancy fields); 3: audit fixes
    # (one turn per unit a round, gun crews, spider, fan fire, band boundary, ditches);
    # 4: flames' D6 hits each deal the flamer's damage; the flame template laid over as
    # many enemy units as it can; 5: a machine across the line of fire hides the part of
    # the target below its top, by the two heights, not half of it whatever they are;
    # 6: audit fixes (a lobbing gun that sees its target lobs without a spotter; a medic
    # treating and the trooper treated serve no gun; no treatment from a carrier or with
    # no resource left; terrain charges the rise or drop met at its edges, not the
    # height of a piece walked along; rams and run-overs keep a group within 40 cm; a
    # battery's crew neither boards nor enters a building, nor is a battery gun loaded;
    # a walker climbs only what is lower than its knee; a pilot gets into a gun's seat
    # and turns the gun; a lobbing gun fired direct always lays a blast marker);
    # 7: audit fixes (a blast marker's centre hole within the weapon's greatest range;
    # no bonus from above against a gun); 8: a unit that turns for free turns on the spot
    # once between its other actions (Unit.spun: a trooper could turn for ever, RG-INF-MOVE);
    # 9: a trooper at a machine's controls keeps its points in the battle while it drives
    # (Unit.piloting; RG-ROUND-LIMIT, RG-PILOT-NEW: boarding cost its army its points)
    min_players = 2
    max_players = 4
    demo_players = 3
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    late_refusals = False  # every refusal comes before any change
    refusal_rule = ACTIONS_RULE  # the engine's own refusals name the engine's checks
    shipped_data = Path(__file__).parent / "data"
    secret_fields = ()  # nothing is hidden: every seat sees the whole table

    def load_data(self, folder: DataFolder) -> RobogearData:
        return load_data(folder)

    def default_setup(self) -> dict[str, Any]:
        return {"armies": ["ferrum", "verdant", "ashen", "ferrum"], "mission": "annihilation"}

    def default_side_names(self, players: int) -> tuple[str, ...]:
        ids = self.default_setup()["armies"][:players]
        return tuple(self.data.armies[army].name for army in ids)

    def side_names(self, setup: Mapping[str, Any], players: int) -> tuple[str, ...]:
        """Each army's name, any set-up: a shipped army's by its id, a list's its own; in a
        game of teams each says its partners ("with player 2"), as two armies may share a
        name."""
        names = (entry_names(setup.get("armies"), players,
                             lambda key: self.data.armies[key].name)
                 or super().side_names(setup, players))
        teams = setup.get("teams")
        if not isinstance(teams, list) or len(teams) < players:
            return names
        said = []
        for seat, name in enumerate(names):
            partners = [player_name(other) for other in range(players)
                        if other != seat and teams[other] == teams[seat]]
            said.append(f"{name} (with {', '.join(partners)})" if partners else name)
        return tuple(said)

    def new_state(
        self, setup: Mapping[str, Any], players: int, rng: RandomStream
    ) -> RobogearState:
        state = new_battle(self.data, setup, players, rng)
        check_depth(state, self.data)
        state.stack.append(Battle())
        return state

    def setup_for(
        self, armies: Sequence[ArmyList], scenario: str | None = None
    ) -> dict[str, Any]:
        """A battle between these lists; ``scenario`` is a mission, ``2v2`` for teams, or
        both joined by a comma (``capture,2v2``)."""
        self.check_players(len(armies))
        problems: list[str] = []
        for player, army in enumerate(armies):
            try:
                report = self.validate_list(army)
            except SetupError as error:
                problems.append(f"armies[{player}]: {error}")
                continue
            problems += [f"armies[{player}] ({army.name}): {v}" for v in report.violations]
        if problems:
            raise SetupError("; ".join(problems))
        setup: dict[str, Any] = {"armies": [army_setup(army) for army in armies]}
        setup = _varied(setup, (scenario or "").split(","), len(armies))
        try:  # what the mission asks of each army (a command machine), by the list's name
            new_battle(self.data, setup, len(armies), RandomStream.from_seed(0))
        except SetupError as error:
            said = str(error)
            for player, army in enumerate(armies):
                said = said.replace(f"setup.armies[{player}]", f"armies[{player}] ({army.name})")
            raise SetupError(said) from None
        return setup

    def setup_options(self) -> Mapping[str, str]:
        """Teams (2v2, four players) and the missions other than annihilation."""
        return {
            "2v2": f"two teams of two: {player_name(0)} and {player_name(2)} against"
                   f" {player_name(1)} and {player_name(3)} (four players)",
            **{m: f"the {m} mission" for m in MISSIONS if m != "annihilation"},
        }

    def setup_choices(self) -> Mapping[str, SetupChoice]:
        """2v2 for four players only; one mission at most."""
        return {
            "2v2": SetupChoice(players=(4,)),
            **{m: SetupChoice(group="mission") for m in MISSIONS if m != "annihilation"},
        }

    def default_setup_with(self, options: Sequence[str], players: int) -> dict[str, Any]:
        return _varied(self.default_setup(), options, players)

    def army_rules(self, army: ArmyList, list_format: str | None = None) -> ArmyRules:
        return lists.army_rules(self.data, army)

    def list_violations(self, army: ArmyList, list_format: str | None = None) -> list[Violation]:
        found = lists.list_violations(self.data, army)
        depth = list_depth(self.data, army)
        if depth is not None and depth[0] > depth[1] + 1e-9:  # RG-SETUP-EDGE
            found.append(Violation("units", "deployment",
                                   f"the army needs {depth[0]:.1f} steps of depth to deploy, "
                                   f"the deployment band is {depth[1]:.1f} (20 cm)"))
        return found

    def catalog(self) -> Mapping[str, Record]:
        return dict(self.data.units.items())

    def unit_card(self, unit_id: str) -> UnitCard:
        from warbench.rulesets.robogear.unit_card import unit_card

        return unit_card(unit_id, self.data.units[unit_id], self.data.measures)

    def bots(self) -> Mapping[str, Callable[[int], Agent]]:
        from warbench.core.agents import RandomAgent
        from warbench.core.search import SearchFactory
        from warbench.rulesets.robogear.bots import CommanderBot
        from warbench.rulesets.robogear.bots_search import SEARCH_BUDGET
        from warbench.rulesets.robogear.candidates import robogear_candidates
        from warbench.rulesets.robogear.victory import standing

        return {"random": RandomAgent, "commander": CommanderBot,
                "search": SearchFactory(CommanderBot, SEARCH_BUDGET,
                                        generator=robogear_candidates, standing=standing)}

    def attacks(self) -> Mapping[str, AttackOdds]:
        from warbench.rulesets.robogear.odds import attack_odds

        return attack_odds(self.data)

    def table(self, state: RobogearState) -> TablePicture:
        """Terrain, craters and every unit, labelled with its armour track and resource."""
        return table_picture(self.data, state)

    def attacks_drawn(self, state: RobogearState, events: Sequence[Event]) -> tuple[Attack, ...]:
        return attacks_drawn(self.data, state, events)

    def victory(self, state: RobogearState) -> Victory:
        """How the battle is won (teams, mission, round limit) and its standing by the same
        measure (RG-WIN-*, RG-ROUND-LIMIT)."""
        from warbench.rulesets.robogear.victory_text import victory_text

        return victory_text(self.data, state)

    def action_text(self, state: RobogearState, action: Action) -> str:
        """Every choice in words, naming each unit by its name and its number on the board."""
        from warbench.rulesets.robogear.unit_words import unit_action_text

        return (board.action_text(self.data, state, action)
                or unit_action_text(self.data, state, action) or action_words(action))

    def field_value_words(self, state: RobogearState, action: Action, field: str) -> str | None:
        """Units by name and number, weapons, buildings and turn elements by name."""
        from warbench.rulesets.robogear.unit_words import field_value_words

        return field_value_words(self.data, state, action, field)

    def action_target(self, state: RobogearState, action: Action) -> str | None:
        """The unit a shot, throw, ram, run-over, fight or treatment aims at."""
        return board.action_target(self.data, state, action)

    def action_preview(self, state: RobogearState, action: Action) -> Preview:
        """Where a move, a turn or a placement leaves the unit (see :mod:`.board`)."""
        return board.action_preview(self.data, state, action)

    def action_from_drag(
        self, state: RobogearState, decisions: Sequence[Decision], label: str, x: float,
        y: float,
    ) -> Action | None:
        """A unit that may move, dragged: the straight move towards the point."""
        return board.dragged_move(self.data, state, decisions, label, x, y)

    def action_from_turn(
        self, state: RobogearState, decisions: Sequence[Decision], label: str, heading: float
    ) -> Action | None:
        """A unit that may turn, turned: the turn on the spot to that facing."""
        return board.turned(self.data, state, decisions, label, heading)

    def action_odds(self, state: RobogearState, action: Action) -> OddsAnswer | None:
        """An aimed shot's exact odds at the real distance and cover."""
        return board.action_odds(self.data, state, action)

    def teams(self, setup: Mapping[str, Any]) -> tuple[int, ...] | None:
        """RG-WIN-TEAMS: the ``teams`` of a 2 v 2 set-up; each against all otherwise."""
        teams = setup.get("teams")
        return tuple(teams) if teams else None

    def fielded(self, state: RobogearState) -> tuple[dict[str, int], ...]:
        """Every unit that has stood on the table, by its player and unit type."""
        from warbench.core.sim.units import count_units

        return count_units(state.players, ((unit.player, unit.type) for unit in state.units))

    def describe(self, state: RobogearState) -> str:
        armies = "; ".join(
            f"{name}: {len([u for u in state.living(p) if u.alive])} units"
            + (" (out)" if state.eliminated[p] else "")
            for p, name in enumerate(state.army_names)
        )
        return (f"Round {state.round} of {state.max_rounds}, {state.mission}"
                f"{team_words(state)}. {armies}")


def _varied(setup: dict[str, Any], words: Sequence[str], players: int) -> dict[str, Any]:
    """``setup`` with each scenario word applied: ``2v2`` for teams, or one mission."""
    missions = [word.strip() for word in words if word.strip() in MISSIONS]
    if len(missions) > 1:
        raise SetupError(f"choose one mission, not {', '.join(missions)}")
    for word in (word.strip() for word in words):
        if not word:
            continue
        if word == "2v2":
            if players != 4:
                raise SetupError(f"a 2v2 game needs four players, one army each, not {players}")
            setup["teams"] = [0, 1, 0, 1]
        elif word in MISSIONS:
            setup["mission"] = word
        else:
            raise SetupError(f"scenario {word!r}: use one of {', '.join(MISSIONS)} or 2v2")
    return setup
