"""The Full Thrust ruleset: what it tells the core about itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from warbench.core.actions import Action
from warbench.core.attacks import AttackOdds, OddsAnswer
from warbench.core.catalog import Record
from warbench.core.datafolder import DataFolder
from warbench.core.lists import ArmyList, ConstraintSet, PointsCap, UnitInfo, UnitSize
from warbench.core.redaction import observed_state
from warbench.core.rng import RandomStream
from warbench.core.ruleset import ArmyRules, Ruleset, SetupError
from warbench.core.scene import Scene
from warbench.core.table import Piece, TablePicture
from warbench.rulesets.full_thrust.actions import ACTION_TYPES
from warbench.rulesets.full_thrust.events import EVENT_TYPES
from warbench.rulesets.full_thrust.library import (
    DATA_DIR,
    Library,
    library_from,
    race_of_faction,
)
from warbench.rulesets.full_thrust.orders import draw_unseen_orders, orders_seen_by
from warbench.rulesets.full_thrust.setup import army_setup, check_armies, new_battle
from warbench.rulesets.full_thrust.state import FullThrustState
from warbench.rulesets.full_thrust.turn import PHASES

if TYPE_CHECKING:
    from warbench.core.agents import Agent


class FullThrustRuleset(Ruleset[FullThrustState, Library]):
    """Full Thrust, Fleet Book era: written orders, fighters, beams and thresholds.

    ``data_dir`` points to a player's folder of data files (any of the five shipped ones)
    read in place of the shipped files, to play with their own designs, fleets or numbers.
    """

    id = "full-thrust"
    name = "Full Thrust (Fleet Book era)"
    # 2: the issue-12 rule fixes (damage control, odd turns, launches, design rounding)
    # 3: Sa'Vasku pods, drones, biomass and repair power (issue 19); Ship and Order
    #    carry biomass and repair power
    version = "3"
    min_players = 2
    max_players = 2
    action_types = ACTION_TYPES
    late_refusals = False  # no action is refused after it has changed the state

    shipped_data = DATA_DIR
    event_types = EVENT_TYPES
    secret_fields = ("orders",)  # written orders are the only secrets (FT-SEQ-ORDERS)

    def load_data(self, folder: DataFolder) -> Library:
        return library_from(folder)

    def new_state(
        self, setup: Mapping[str, Any], players: int, rng: RandomStream
    ) -> FullThrustState:
        return new_battle(self.data, setup, players, rng)

    def observe(self, state: FullThrustState, player: int) -> FullThrustState:
        """Shallow, as ``secret_fields`` says, with the orders redacted without a pickle
        pass: bots observe at every decision."""
        observed = observed_state(state, player, ())
        observed.orders = orders_seen_by(state.orders, player)
        return observed

    def determinize(self, state: FullThrustState, player: int, rng: RandomStream) -> None:
        """Draw a legal order for every enemy order ``player`` has not seen revealed."""
        draw_unseen_orders(state, self.data, player, rng)

    def default_setup(self) -> dict[str, Any]:
        return {"fleets": ["concord", "directorate"], "turns": self.data.rules.game.turns}

    def setup_for(
        self, armies: Sequence[ArmyList], scenario: str | None = None
    ) -> dict[str, Any]:
        self.check_players(len(armies))
        check_armies(self.data, armies, self.id)
        movement = scenario or "cinematic"
        if movement not in ("cinematic", "vector"):
            raise SetupError(f"scenario {scenario!r}: use 'cinematic' or 'vector' movement")
        return {
            "fleets": [army_setup(self.data, army) for army in armies],
            "turns": self.data.rules.game.turns,
            "movement": movement,
        }

    def army_rules(self, army: ArmyList, list_format: str | None = None) -> ArmyRules:
        faction = army.faction or ""
        option_costs: dict[str, int] = {}
        for kind in self.data.fighters.values():
            if kind.factions and faction not in kind.factions:
                continue
            if race_of_faction(faction) not in kind.races:
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
            for design in self.data.designs.values()
            if race_of_faction(faction) == design.race  # a fleet is of one race (FT-KV-FLEET)
        }
        constraints: tuple[PointsCap | UnitSize, ...] = (UnitSize(),)
        if army.points is not None:
            constraints = (PointsCap(), UnitSize())
        return ArmyRules(lookup, ConstraintSet(name="Full Thrust fleet", constraints=constraints))

    def catalog(self) -> Mapping[str, Record]:
        entries: dict[str, Record] = dict(self.data.design_records)
        for key, record in self.data.fighter_records.items():
            entries[f"fighters/{key}"] = record
        return entries

    def bots(self) -> Mapping[str, Callable[[int], Agent]]:
        from warbench.core.agents import RandomAgent
        from warbench.core.search import SearchFactory
        from warbench.rulesets.full_thrust.bots import AdmiralBot

        return {"random": RandomAgent, "admiral": AdmiralBot, "search": SearchFactory(AdmiralBot)}

    def attacks(self) -> Mapping[str, AttackOdds]:
        from warbench.rulesets.full_thrust.odds import attack_odds

        return attack_odds(self.data)

    def action_odds(self, state: FullThrustState, action: Action) -> OddsAnswer | None:
        """The exact odds of a fire-control lock offered: the beams bearing on its target
        at the real range (see :mod:`.declared`)."""
        from warbench.rulesets.full_thrust.actions import DeclareTarget
        from warbench.rulesets.full_thrust.declared import declared_odds

        if not isinstance(action, DeclareTarget):
            return None
        return declared_odds(state, self.data, action)

    def table(self, state: FullThrustState) -> TablePicture:
        pieces = [
            Piece(
                ship.name,
                ship.x,
                ship.y,
                size=0.8 + self.data.designs[ship.design].mass / 100,
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

    def action_text(self, state: FullThrustState, action: Action) -> str:
        """Fire-control locks and firing order with the ships' names."""
        from warbench.rulesets.full_thrust.actions import DeclareTarget, FireShip

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

    def scene(self, state: FullThrustState, units: Mapping[str, str]) -> Scene:
        """The picture, each ship with the reach of its working beams in each arc."""
        from warbench.rulesets.full_thrust.scene import beam_reach

        return Scene.from_picture(self.table(state), units, beam_reach(self.data, state))

    def describe(self, state: FullThrustState) -> str:
        phase = PHASES[state.phase - 1] if state.phase else "set-up"
        fleets = "; ".join(
            f"{name}: {len(state.fleet(player))} ships"
            for player, name in enumerate(state.fleet_names)
        )
        flying = sum(1 for group in state.groups if group.in_play)
        return f"Turn {state.turn}, {phase}. {fleets}; {flying} fighter groups out"
