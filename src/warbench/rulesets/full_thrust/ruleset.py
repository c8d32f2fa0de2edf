"""The Full Thrust ruleset: what it tells the core about itself."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from warbench.core.actions import Action
from warbench.core.attacks import AttackOdds, OddsAnswer
from warbench.core.cards import UnitCard
from warbench.core.catalog import Record
from warbench.core.datafolder import DataFolder
from warbench.core.decisions import Decision
from warbench.core.events import Event
from warbench.core.lists import (
    ArmyList,
    ConstraintSet,
    PointsCap,
    UnitInfo,
    UnitSize,
    Violation,
)
from warbench.core.odds import Dist
from warbench.core.preview import Preview
from warbench.core.redaction import observed_state
from warbench.core.rng import RandomStream
from warbench.core.ruleset import ArmyRules, Ruleset, SetupError, entry_names
from warbench.core.scene import Scene
from warbench.core.table import Attack, Piece, TablePicture
from warbench.core.victory import Victory
from warbench.core.words import name_as_told
from warbench.rulesets.full_thrust.actions import ACTION_TYPES
from warbench.rulesets.full_thrust.design import RACE_NAMES
from warbench.rulesets.full_thrust.events import EVENT_TYPES
from warbench.rulesets.full_thrust.library import (
    DATA_DIR,
    Library,
    known_factions,
    library_from,
    race_of_faction,
)
from warbench.rulesets.full_thrust.luck import effect_odds
from warbench.rulesets.full_thrust.names import group_label, ship_labels
from warbench.rulesets.full_thrust.orders import draw_unseen_orders, orders_seen_by
from warbench.rulesets.full_thrust.scene import damage_text
from warbench.rulesets.full_thrust.setup import (
    army_setup,
    check_armies,
    hangar_violations,
    new_battle,
)
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
    refusal_rule = "FT-ACTIONS"  # the engine's own refusals name the engine's checks
    score_meaning = "points of enemy ships destroyed, and a share of those crippled or disengaged"
    name = "Full Thrust (Fleet Book era)"
    # 2: the issue-12 rule fixes (damage control, odd turns, launches, design rounding)
    # 3: Sa'Vasku pods, drones, biomass and repair power (issue 19); Ship and Order
    #    carry biomass and repair power
    # 4: fighter rule fixes against the seed (light fighters under ship fire, morale of
    #    depleted groups, multi-role and dodge choices, FTL groups aboard, launched groups
    #    first, bolts on salvos, one dogfight a pair)
    # 5: rule fixes against the seed: a one-shot or costly weapon with one target in reach
    #    is asked for its target or held (FT-FIRECON); Sa'Vasku orders may fund several
    #    repairs (FT-SV-REPAIR); vector orders write whether the burn and the push come
    #    before or after the rotation (FT-MOVE-VECTOR; Order and WriteOrders carry it)
    # 6: a Sa'Vasku stinger or pod whose attack power (or biomass) the weapons aimed before
    #    it in the same fire will have spent is not asked for a target (FT-SV-PODS)
    # 7: a stinger or pod firing at fighters spends its power (and biomass) as at a ship
    #    (FT-SV-STINGER, FT-SV-PODS); salvo markers close on their targets after point
    #    defence, so a plasma burst is judged there (FT-SEQ-PD-ORDER)
    # 8: a fighter group may pay an endurance point to fly out of a pulser's arcs before
    #    point defence (FT-SEQ-TARGETS; FighterTarget carries out_of_arcs)
    # 9: an army list's ships that share a name are numbered over the whole list (FT-NAMES:
    #    two entries of two Lancers are Lancer 1 to 4, were Lancer 1, 2, 1, 2); the shipped
    #    lists and fleets are named as before
    # 10: a fighter group left without endurance to attack (spent in a phase 7 dogfight)
    #     rolls no morale die and does not close on its target (FT-FTR-MORALE,
    #     FT-SEQ-MORALE, FT-SEQ-PD-ORDER; the third seed audit)
    version = "10"
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

    def default_side_names(self, players: int) -> tuple[str, ...]:
        ids = self.default_setup()["fleets"][:players]
        return tuple(self.data.fleet_records[fleet].name for fleet in ids)

    def side_names(self, setup: Mapping[str, Any], players: int) -> tuple[str, ...]:
        """Each fleet's name, any set-up: a shipped fleet's by its id, a list's its own."""
        return (entry_names(setup.get("fleets"), players,
                            lambda key: self.data.fleet_records[key].name)
                or super().side_names(setup, players))

    def setup_for(
        self, armies: Sequence[ArmyList], scenario: str | None = None
    ) -> dict[str, Any]:
        self.check_players(len(armies))
        check_armies(self.data, armies, self.id)
        movement = scenario or self.default_list_scenario()
        if movement not in self.list_scenarios():
            raise SetupError(f"scenario {scenario!r}: use 'cinematic' or 'vector' movement")
        return {
            "fleets": [army_setup(self.data, army) for army in armies],
            "turns": self.data.rules.game.turns,
            "movement": movement,
        }

    def list_scenarios(self) -> tuple[str, ...]:
        """The movement rules: cinematic (the default) or vector."""
        return ("cinematic", "vector")

    def default_list_scenario(self) -> str:
        return "cinematic"

    def army_rules(self, army: ArmyList, list_format: str | None = None) -> ArmyRules:
        faction = army.faction or ""
        option_costs: dict[str, int] = {}
        for kind in self.data.fighters.values():
            if kind.factions and faction not in kind.factions:
                continue
            if race_of_faction(faction) not in kind.races:
                continue
            for flags in ((), ("ace",), ("green",)):
                for drive in ((), ("ftl",), ("ftl", "aboard")):  # FT-FTR-OPT-FTL
                    # the flags in any order, as a player writes them ("standard+ftl+ace")
                    for order in itertools.permutations((*flags, *drive)):
                        text = "+".join((kind.id, *order))
                        option_costs[text] = kind.points + (kind.size if drive else 0)
        race = race_of_faction(faction)
        no_bays = {text: f"{text!r}: this ship has no hangar bay, and fighter groups ride in"
                   " a carrier's bays (FT-FLEET-LIST)" for text in option_costs}
        lookup = {
            design.id: UnitInfo(
                cost=design.points,
                tags=frozenset((*design.tags, design.descriptor)),
                max_models=12,
                option_costs=option_costs if design.hangars else {},
                refused_options={} if design.hangars else no_bays,
            )
            for design in self.data.designs.values()
            if race == design.race  # a fleet is of one race (FT-KV-FLEET)
        }
        fleet = f"a {faction} fleet" if faction else "a fleet without a faction"
        elsewhere = {
            design.id: f"a {RACE_NAMES[design.race]} design; {fleet} fields"
            f" {RACE_NAMES[race]} designs only"
            for design in self.data.designs.values()
            if race != design.race
        }
        constraints: tuple[PointsCap | UnitSize, ...] = (UnitSize(),)
        if army.points is not None:
            constraints = (PointsCap(), UnitSize())
        return ArmyRules(
            lookup,
            ConstraintSet(name="Full Thrust fleet", constraints=constraints),
            factions=known_factions(self.data),
            elsewhere=elsewhere,
            roles=(),  # a Full Thrust list gives its ships no roles
        )

    def list_violations(self, army: ArmyList, list_format: str | None = None) -> list[Violation]:
        return hangar_violations(self.data, army)

    def catalog(self) -> Mapping[str, Record]:
        entries: dict[str, Record] = dict(self.data.design_records)
        for key, record in self.data.fighter_records.items():
            entries[f"fighters/{key}"] = record
        return entries

    def catalog_side(self, faction: str) -> str:
        """The race a fleet of ``faction`` fields (a ``concord`` fleet: ``human``), by the
        mapping the list validator uses; a name no list takes is left as it is."""
        return race_of_faction(faction) if faction in known_factions(self.data) else faction

    def list_factions(self) -> tuple[str, ...]:
        return known_factions(self.data)

    def unit_card(self, unit_id: str) -> UnitCard:
        from warbench.rulesets.full_thrust.unit_card import full_thrust_card

        return full_thrust_card(unit_id, self.catalog()[unit_id], self.data)

    def bots(self) -> Mapping[str, Callable[[int], Agent]]:
        from warbench.core.agents import RandomAgent
        from warbench.core.search import SearchFactory
        from warbench.rulesets.full_thrust.bots import AdmiralBot
        from warbench.rulesets.full_thrust.bots_belief import admiral_orders
        from warbench.rulesets.full_thrust.bots_search import SEARCH_BUDGET, writes_orders
        from warbench.rulesets.full_thrust.bots_standing import moved, standing, turn

        return {"random": RandomAgent, "admiral": AdmiralBot,
                "search": SearchFactory(AdmiralBot, SEARCH_BUDGET, standing=standing,
                                        belief=admiral_orders, horizon=moved, clock=turn,
                                        searched=writes_orders)}

    def attacks(self) -> Mapping[str, AttackOdds]:
        from warbench.rulesets.full_thrust.odds import attack_odds

        return attack_odds(self.data)

    def effect_odds(self, data: Library, query: str, args: tuple[int, ...]) -> Dist:
        """Beam-style rolls, torpedoes and salvos, for luck reports (``luck.py``)."""
        return effect_odds(query, args)

    def action_odds(self, state: FullThrustState, action: Action) -> OddsAnswer | None:
        """The exact odds of a fire-control lock or a weapon's target offered: every
        weapon bearing on the target at the real range (see :mod:`.declared`); of a
        fighter group's attack, a salvo's strike or a point defence shot
        (:mod:`.threat_odds`)."""
        from warbench.rulesets.full_thrust.actions import AssignWeapon, DeclareTarget
        from warbench.rulesets.full_thrust.declared import assigned_odds, declared_odds

        if isinstance(action, DeclareTarget):
            return declared_odds(state, self.data, action)
        if isinstance(action, AssignWeapon):
            return assigned_odds(state, self.data, action)
        return _threat_odds(state, self.data, action)

    def table(self, state: FullThrustState) -> TablePicture:
        """Every ship still on the table, fighter groups in play and salvos, each keyed by
        its own id all game: a ship by the number its forms name it by, a group by ``g``
        and its id, a salvo by ``s`` and its id (its label's number); ships and groups are
        labelled with their names told apart (:mod:`.names`)."""
        labels = ship_labels(state.ships)
        pieces = [
            Piece(
                labels[ship.id],
                ship.x,
                ship.y,
                size=0.8 + self.data.designs[ship.design].mass / 100,
                heading=ship.facing * 30.0,
                player=ship.player,
                faded=not ship.active,
                damage=damage_text(self.data, ship),
                key=str(ship.id),
            )
            for ship in state.ships
            if ship.status != "disengaged"
        ]
        pieces += [
            Piece(f"{group_label(state, group)} ({group.count})", group.x, group.y, size=0.4,
                  player=group.player, key=f"g{group.id}")
            for group in state.groups
            if group.in_play
        ]
        pieces += [
            Piece(f"salvo {salvo.id}", salvo.x, salvo.y, shape="rect", size=0.6, length=0.6,
                  player=salvo.player, key=f"s{salvo.id}")
            for salvo in state.salvos
        ]
        return TablePicture(
            state.width, state.height, tuple(pieces),
            title=f"Full Thrust, turn {state.turn}", units="MU",
        )

    def action_text(self, state: FullThrustState, action: Action) -> str:
        """Options with the ships', systems' and groups' names (see :mod:`.words`)."""
        from warbench.rulesets.full_thrust.words import action_text

        return action_text(state, self.data, action)

    def action_fields(
        self, state: FullThrustState, action: Action
    ) -> Mapping[str, tuple[str, str]]:
        """Written orders' settings in words, with the thrust and turn the drive allows
        (see :mod:`.words`)."""
        from warbench.rulesets.full_thrust.words import order_fields

        return order_fields(state, self.data, action)

    def field_value_words(self, state: FullThrustState, action: Action, field: str) -> str | None:
        """Ships, systems, fighter groups, salvos and targets by name."""
        from warbench.rulesets.full_thrust.words import field_value_words

        return field_value_words(state, self.data, action, field)

    def action_target(self, state: FullThrustState, action: Action) -> str | None:
        """The piece a lock, a weapon, a salvo, a fighter group's attack or move, or a
        point defence shot aims at (see :mod:`.words`)."""
        from warbench.rulesets.full_thrust.words import aimed_piece

        return aimed_piece(state, self.data, action)

    def action_preview(self, state: FullThrustState, action: Action) -> Preview:
        """Where written orders take the ship, by phase 5's own movement, a fighter
        group's move, or its secondary move out of defensive arcs (see :mod:`.course`)."""
        from warbench.rulesets.full_thrust.actions import FighterTarget, MoveGroup, WriteOrders
        from warbench.rulesets.full_thrust.course import (
            escape_preview,
            group_preview,
            order_preview,
        )

        if isinstance(action, MoveGroup):
            return group_preview(state, action)
        if isinstance(action, FighterTarget):
            return escape_preview(state, self.data, action)
        if not isinstance(action, WriteOrders):
            return Preview()
        return order_preview(state, self.data, action)

    def action_from_drag(
        self, state: FullThrustState, decisions: Sequence[Decision], label: str, x: float,
        y: float,
    ) -> Action | None:
        """A ship whose orders are owed, dragged: the order whose move ends nearest the
        point; a fighter group whose move is owed: a move there."""
        from warbench.rulesets.full_thrust.course import dragged_group, dragged_order

        order = dragged_order(state, self.data, decisions, label, x, y)
        return order or dragged_group(state, decisions, label, x, y)

    def attacks_drawn(
        self, state: FullThrustState, events: Sequence[Event]
    ) -> tuple[Attack, ...]:
        from warbench.rulesets.full_thrust.scene import attacks_drawn

        return attacks_drawn(self.data, state, events)

    def victory(self, state: FullThrustState) -> Victory:
        """How the battle is won (a fleet left alone, points after the last turn) and its
        standing (FT-END-FLEET, FT-END-TURNS)."""
        from warbench.rulesets.full_thrust.victory_text import victory_text

        return victory_text(self.data, state)

    def scene(self, state: FullThrustState, units: Mapping[str, str]) -> Scene:
        """The picture, each ship with the reach of every weapon it can fire, in its arcs."""
        from warbench.rulesets.full_thrust.scene import gun_reach

        return Scene.from_picture(self.table(state), units, gun_reach(self.data, state))

    def fielded(self, state: FullThrustState) -> tuple[dict[str, int], ...]:
        """Every ship that has stood on the table, by its player and unit type."""
        from warbench.core.sim.units import count_units

        return count_units(state.players, ((ship.player, ship.design) for ship in state.ships))

    def describe(self, state: FullThrustState) -> str:
        phase = PHASES[state.phase - 1] if state.phase else "set-up"
        fleets = "; ".join(
            f"{name_as_told(name)}: {len(state.fleet(player))} ships"
            for player, name in enumerate(state.fleet_names)
        )
        flying = sum(1 for group in state.groups if group.in_play)
        return f"Turn {state.turn}, {phase}. {fleets}; {flying} fighter groups out"


def _threat_odds(state: FullThrustState, lib: Library, action: Action) -> OddsAnswer | None:
    """The odds of a fighter group's attack, a salvo's strike or a point defence shot."""
    from warbench.rulesets.full_thrust.actions import DefendWith, FighterTarget, SalvoTarget
    from warbench.rulesets.full_thrust.threat_odds import defence_odds, fighter_odds, salvo_odds

    if isinstance(action, FighterTarget):
        return fighter_odds(state, lib, action)
    if isinstance(action, SalvoTarget):
        return salvo_odds(state, lib, action)
    if isinstance(action, DefendWith):
        return defence_odds(state, lib, action)
    return None
