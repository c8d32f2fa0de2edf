"""The Full Thrust ruleset: what it tells the core about itself."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from warbench.core.actions import Action
from warbench.core.attacks import AttackOdds
from warbench.core.catalog import Record
from warbench.core.lists import ArmyList, ConstraintSet, PointsCap, UnitInfo
from warbench.core.procedures import GameState
from warbench.core.rng import RandomStream
from warbench.core.ruleset import ArmyRules, Ruleset, SetupError
from warbench.core.scene import Scene
from warbench.core.table import Piece, TablePicture
from warbench.rulesets.full_thrust.actions import ACTION_TYPES
from warbench.rulesets.full_thrust.library import Library, load_library
from warbench.rulesets.full_thrust.setup import army_setup, check_armies, new_battle
from warbench.rulesets.full_thrust.state import FullThrustState
from warbench.rulesets.full_thrust.turn import PHASES

if TYPE_CHECKING:
    from warbench.core.agents import Agent


class FullThrustRuleset(Ruleset[Any, Any]):
    """Full Thrust, Fleet Book era: written orders, fighters, beams and thresholds.

    ``data_dir`` points to another folder of data files (the same five files) to play
    with a user's own designs, fleets or numbers.
    """

    id = "full-thrust"
    name = "Full Thrust (Fleet Book era)"
    version = "1"
    min_players = 2
    max_players = 2
    action_types = ACTION_TYPES
    late_refusals = False  # no action is refused after it has changed the state

    def __init__(self, data_dir: str | os.PathLike[str] | None = None) -> None:
        self.library: Library = load_library(data_dir)

    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> GameState:
        return new_battle(self.library, setup, players, rng)

    def default_setup(self) -> dict[str, Any]:
        return {"fleets": ["concord", "directorate"], "turns": self.library.rules.game.turns}

    def setup_for(
        self, armies: Sequence[ArmyList], scenario: str | None = None
    ) -> dict[str, Any]:
        self.check_players(len(armies))
        check_armies(self.library, armies, self.id)
        movement = scenario or "cinematic"
        if movement not in ("cinematic", "vector"):
            raise SetupError(f"scenario {scenario!r}: use 'cinematic' or 'vector' movement")
        return {
            "fleets": [army_setup(self.library, army) for army in armies],
            "turns": self.library.rules.game.turns,
            "movement": movement,
        }

    def army_rules(self, army: ArmyList, list_format: str | None = None) -> ArmyRules:
        faction = army.faction or ""
        option_costs: dict[str, int] = {}
        for kind in self.library.fighters.values():
            if kind.factions and faction not in kind.factions:
                continue
            for flags in ((), ("ace",), ("green",)):
                for ftl in (False, True):
                    text = "+".join((kind.id, *flags, *(("ftl",) if ftl else ())))
                    option_costs[text] = kind.points + (kind.size if ftl else 0)
        lookup = {
            design.id: UnitInfo(
                cost=design.points,
                tags=frozenset((*design.tags, design.descriptor)),
                max_models=12,
                option_costs=option_costs if design.hangars else {},
            )
            for design in self.library.designs.values()
        }
        constraints = (PointsCap(),) if army.points is not None else ()
        return ArmyRules(lookup, ConstraintSet(name="Full Thrust fleet", constraints=constraints))

    def catalog(self) -> Mapping[str, Record]:
        entries: dict[str, Record] = dict(self.library.design_records)
        for key, record in self.library.fighter_records.items():
            entries[f"fighters/{key}"] = record
        return entries

    def bots(self) -> Mapping[str, Callable[[int], Agent]]:
        from warbench.core.agents import RandomAgent
        from warbench.rulesets.full_thrust.bots import AdmiralBot

        return {"random": RandomAgent, "admiral": AdmiralBot}

    def attacks(self) -> Mapping[str, AttackOdds]:
        from warbench.rulesets.full_thrust.odds import attack_odds

        return attack_odds(self.library)

    def table(self, state: GameState) -> TablePicture:
        assert isinstance(state, FullThrustState)
        pieces = [
            Piece(
                ship.name,
                ship.x,
                ship.y,
                size=0.8 + self.library.designs[ship.design].mass / 100,
                heading=ship.facing * 30.0,
                player=ship.player,
                faded=not ship.active,
            )
            for ship in state.ships
            if ship.status != "disengaged"
        ]
        pieces += [
            Piece(f"{group.name} ({group.count})", group.x, group.y, size=0.4,
                  player=group.player)
            for group in state.groups
            if group.in_play
        ]
        pieces += [
            Piece(f"salvo {salvo.id}", salvo.x, salvo.y, shape="rect", size=0.6, length=0.6,
                  player=salvo.player)
            for salvo in state.salvos
        ]
        return TablePicture(
            state.width, state.height, tuple(pieces),
            title=f"Full Thrust, turn {state.turn}", units="MU",
        )

    def action_text(self, state: GameState, action: Action) -> str:
        """Fire-control locks and firing order with the ships' names."""
        from warbench.rulesets.full_thrust.actions import DeclareTarget, FireShip

        assert isinstance(state, FullThrustState)
        ships = state.ships
        if isinstance(action, FireShip):
            return f"{ships[action.ship].name} fires next"
        if isinstance(action, DeclareTarget):
            shooter = f"{ships[action.ship].name}: fire control {action.control}"
            if action.target < 0:
                return f"{shooter} locks on nothing"
            if action.kind == "ship":
                return f"{shooter} locks on {ships[action.target].name}"
            return f"{shooter} locks on {action.kind} {action.target}"
        return repr(action)

    def scene(self, state: GameState, units: Mapping[str, str]) -> Scene:
        """The picture, each ship with the reach of its working beams in each arc."""
        from warbench.rulesets.full_thrust.scene import beam_reach

        assert isinstance(state, FullThrustState)
        return Scene.from_picture(self.table(state), units, beam_reach(self.library, state))

    def describe(self, state: GameState) -> str:
        assert isinstance(state, FullThrustState)
        phase = PHASES[state.phase - 1] if state.phase else "set-up"
        fleets = "; ".join(
            f"{name}: {len(state.fleet(player))} ships"
            for player, name in enumerate(state.fleet_names)
        )
        flying = sum(1 for group in state.groups if group.in_play)
        return f"Turn {state.turn}, {phase}. {fleets}; {flying} fighter groups out"
