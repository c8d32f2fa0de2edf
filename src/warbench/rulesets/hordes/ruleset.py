"""The HORDES Mk II ruleset: what it declares to the core and what it offers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from warbench.core.actions import Action
from warbench.core.cards import UnitCard
from warbench.core.catalog import Record
from warbench.core.datafolder import DataFolder
from warbench.core.decisions import Decision
from warbench.core.events import Event
from warbench.core.lists import ArmyList, Violation
from warbench.core.odds import Dist
from warbench.core.preview import Preview
from warbench.core.rng import RandomStream
from warbench.core.ruleset import ArmyRules, Ruleset, SetupError, entry_names
from warbench.core.table import Attack, TablePicture
from warbench.core.victory import Victory
from warbench.core.words import player_name
from warbench.rulesets.hordes import board, words
from warbench.rulesets.hordes.actions import ACTION_TYPES
from warbench.rulesets.hordes.data import HordesData, load_data
from warbench.rulesets.hordes.events import EVENT_TYPES
from warbench.rulesets.hordes.lists import army_rules, list_violations, roster
from warbench.rulesets.hordes.luck import effect_odds
from warbench.rulesets.hordes.names import model_labels
from warbench.rulesets.hordes.picture import attacks_drawn, picture
from warbench.rulesets.hordes.profile import boxes_left
from warbench.rulesets.hordes.refusals import ACTIONS_RULE
from warbench.rulesets.hordes.setup import DEFAULT_ARMIES, build_state
from warbench.rulesets.hordes.state import HordesState
from warbench.rulesets.hordes.turn import Battle

if TYPE_CHECKING:
    from warbench.core.agents import Agent
    from warbench.core.attacks import AttackOdds, OddsAnswer


class HordesRuleset(Ruleset[HordesState, HordesData]):
    """HORDES Mk II quick rules: warlocks, warbeasts and fury on a 48" table."""

    id = "hordes"
    refusal_rule = ACTIONS_RULE  # the engine's own refusals name the engine's checks
    score_meaning = "unmarked damage boxes and life-spiral circles on the side's living models"
    name = "HORDES Mk II (quick rules)"
    # 2: rule fixes after an audit against the seed (frenzy after knockdown, running after
    #    an animus or feat, boosts, SELF animi, AOE effects, charge attack, CTRL spells)
    # 3: a warlock's damage boost is declared just before the damage roll, once the attack
    #    has hit (a decision of its own), no longer with the attack (HOR-BOOST)
    # 4: rule fixes after a second audit against the seed: a beast knocked down in its
    #    controller's turn stays down in a frenzy (HOR-FRENZY); every model under an AOE
    #    takes the full damage roll, no half-POW blast (HOR-AOE); sight to any point of
    #    the target's base, not only its centre (HOR-LOS); a charger may stop anywhere on
    #    its line once the target is in melee range, a slammer anywhere within 0.5" of it
    #    (``stop_short``: HOR-CHARGE, HOR-SLAM)
    # 5: facing may change any number of times in a move: up to ten straight legs, where
    #    three were allowed (HOR-MOVE-BASES)
    # 6: a charger makes no ranged attacks after its charge (HOR-CHARGE); the attacker under
    #    its own AOE is hit (HOR-AOE); an upkeep spell's side is its caster's (HOR-UPKEEP);
    #    any SPD penalty forbids a charge or slam, a frenzy's too (HOR-FRENZY)
    # 7: a game won by destroying the warlock scores each side's unmarked boxes, as the turn
    #    limit does, where it scored 1 and 0 (HOR-VICTORY: one scale for every game's scores)
    # 8: rule fixes after a fourth audit against the seed: a model that gave up its action to
    #    stand goes on after its move (spells, healing, feat, animus, riling; HOR-STAND); a
    #    spray attacks every model its strip touches, none missed as out of range (HOR-SPRAY);
    #    a spell's AOE reaches every model under it, its effects every model hit, an upkeep
    #    spell on several models is upkept once, a fury effect given once (HOR-SPELL-STATS,
    #    HOR-UPKEEP: designers' spells; no shipped spell plays differently); a warlock may
    #    boost the magic attack roll of an offensive animus it uses (HOR-ANIMUS-WARLOCK;
    #    ``Animus.boost_hit``, false in older journals)
    # 9: rule fixes after a fifth audit against the seed: a spray's attack rolls are each
    #    their own roll, so a warlock's 1-fury attack boost boosts the target's roll alone,
    #    not every roll in the strip (HOR-BOOST, HOR-SPRAY, l.204-208); a beast's animus
    #    with UP that its warlock uses, as a spell of its own card, is upkept as its spells
    #    are, and a newer animus on the model ends its upkeep (HOR-ANIMUS-WARLOCK, l.558-562;
    #    it was never upkept). Both are designers' cards: no shipped model plays
    #    differently, so version 8 journals of the shipped cards replay the same
    # 10: a slammed model flies straight away from its slammer and never meets it, where a
    #    slammer that stopped in base contact was at times found in the way at 0" (a
    #    rounding tie): the slammed model stayed put, took the extra die and the slammer
    #    collateral damage and a knockdown (HOR-SLAM, l.407-413, l.420-423; found by the
    #    odds checked against the game's dice, tests/hordes/odds_check.py). Shipped games
    #    play differently where that tie came up
    version = "10"
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    shipped_data = Path(__file__).parent / "data"
    secret_fields = ()
    late_refusals = False

    def load_data(self, folder: DataFolder) -> HordesData:
        return load_data(folder)

    def default_setup(self) -> dict[str, Any]:
        return {"armies": list(DEFAULT_ARMIES), "layout": "standard"}

    def default_side_names(self, players: int) -> tuple[str, ...]:
        return tuple(self.data.lists[name].name for name in DEFAULT_ARMIES[:players])

    def side_names(self, setup: Mapping[str, Any], players: int) -> tuple[str, ...]:
        """Each battlegroup's name, any set-up: an example list's own (the data folder's),
        a player's list's as :meth:`setup_for` writes it (``""`` for a bare list of card
        ids)."""
        return (entry_names(setup.get("armies", list(DEFAULT_ARMIES)), players,
                            lambda key: self.data.lists[key].name)
                or super().side_names(setup, players))

    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> HordesState:
        state = build_state(self.data, setup, players, rng)
        state.stack.append(Battle())
        return state

    def setup_for(self, armies: Sequence[ArmyList], scenario: str | None = None) -> dict[str, Any]:
        """A battle between these battlegroups (``scenario`` names a terrain layout)."""
        self.check_players(len(armies))
        problems = []
        for player, army in enumerate(armies):
            report = self.validate_list(army)
            problems += [f"armies[{player}] ({army.name}) {v}" for v in report.violations]
        if problems:
            raise SetupError("\n".join(problems))
        layout = scenario or self.default_list_scenario()
        if layout not in self.list_scenarios():
            raise SetupError(f"hordes has no layout {layout!r} ({', '.join(self.data.layouts)})")
        return {"armies": [{"name": army.name, "models": roster(army)} for army in armies],
                "layout": layout}

    def list_scenarios(self) -> tuple[str, ...]:
        """The terrain layouts of ``terrain.toml``."""
        return tuple(self.data.layouts)

    def default_list_scenario(self) -> str:
        return "standard"

    def army_rules(self, army: ArmyList, list_format: str | None = None) -> ArmyRules:
        return army_rules(self.data, army)

    def list_violations(self, army: ArmyList, list_format: str | None = None) -> list[Violation]:
        return list_violations(self.data, army)

    def catalog(self) -> Mapping[str, Record]:
        return dict(self.data.models)

    def unit_card(self, unit_id: str) -> UnitCard:
        from warbench.rulesets.hordes.unit_card import model_card

        return model_card(unit_id, self.data.models[unit_id], self.data)

    def bots(self) -> Mapping[str, Callable[[int], Agent]]:
        from warbench.core.agents import RandomAgent
        from warbench.core.search import SearchFactory
        from warbench.rulesets.hordes.bots import WarlockBot
        from warbench.rulesets.hordes.bots_search import SEARCH_BUDGET, candidates, player_turn

        return {"warlock": WarlockBot, "random": RandomAgent,
                "search": SearchFactory(WarlockBot, SEARCH_BUDGET, generator=candidates,
                                        clock=player_turn)}

    def attacks(self) -> Mapping[str, AttackOdds]:
        from warbench.rulesets.hordes.odds import attack_odds

        return attack_odds(self.data)

    def action_text(self, state: HordesState, action: Action) -> str:
        """Activations, charges, attacks, spells and fury in words, with the models' names."""
        from warbench.rulesets.hordes.action_odds import distance_words

        text = board.action_text(self.data, state, action) or words.action_text(
            self.data, state, action)
        return text + distance_words(self.data, state, action)

    def action_odds(self, state: HordesState, action: Action) -> OddsAnswer | None:
        """The exact odds of an attack, spell, charge, slam, headbutt or free strike offered,
        every option of ``warbench odds hordes`` filled from ``state`` as the game resolves
        it (:mod:`.action_odds`); out of range or out of reach said so."""
        from warbench.rulesets.hordes.action_odds import action_odds

        return action_odds(self.data, state, action)

    def field_value_words(self, state: HordesState, action: Action, field: str) -> str | None:
        """Models by name and number, the acting model's weapons by name."""
        from warbench.rulesets.hordes.words import field_value_words

        return field_value_words(self.data, state, action, field)

    def action_aside(self, state: HordesState, action: Action) -> str | None:
        """A blow at one's own model: legal, listed after the others (HOR-CHARGE)."""
        return words.action_aside(self.data, state, action)

    def action_target(self, state: HordesState, action: Action) -> str | None:
        """The model a charge, slam, headbutt, attack or spell aims at."""
        return words.action_target(self.data, state, action)

    def action_preview(self, state: HordesState, action: Action) -> Preview:
        """Where a leg or a placement leaves the model (see :mod:`.board`)."""
        return board.action_preview(self.data, state, action)

    def action_from_drag(
        self, state: HordesState, decisions: Sequence[Decision], label: str, x: float,
        y: float,
    ) -> Action | None:
        """The model that may move, dragged: a leg to the point, advance or run."""
        return board.dragged_leg(self.data, state, decisions, label, x, y)
    def action_from_turn(
        self, state: HordesState, decisions: Sequence[Decision], label: str, heading: float
    ) -> Action | None:
        """The model that may move, turned: a leg of no length ending facing that way."""
        return board.turned_leg(self.data, state, decisions, label, heading)

    def effect_odds(self, data: HordesData, query: str, args: tuple[int, ...]) -> Dist:
        """Attack and damage rolls, for luck reports (``luck.py``)."""
        return effect_odds(query, args)

    def table(self, state: HordesState) -> TablePicture:
        return picture(self.data, state)

    def attacks_drawn(self, state: HordesState, events: Sequence[Event]) -> tuple[Attack, ...]:
        return attacks_drawn(self.data, state, events)

    def victory(self, state: HordesState) -> Victory:
        """How the game is won (the enemy warlock, boxes at the turn limit) and its
        standing (HOR-VICTORY, HOR-TURN-LIMIT)."""
        from warbench.rulesets.hordes.victory_text import victory_text

        return victory_text(self.data, state)

    def fielded(self, state: HordesState) -> tuple[dict[str, int], ...]:
        """Every model that has stood on the table, by its player and unit type."""
        from warbench.core.sim.units import count_units

        return count_units(state.players, ((model.owner, model.card) for model in state.models))

    def outcome_text(self, state: HordesState) -> str:
        """The outcome's reason with the destroyed warlock named by its label (HOR-NAMES)."""
        from warbench.rulesets.hordes.victory_text import outcome_words

        return outcome_words(self.data, state)

    def describe(self, state: HordesState) -> str:
        """Each side's living models, as the board labels them, with boxes and fury."""
        labels = model_labels(self.data, state.models)
        sides = []
        for player in (0, 1):
            models = ", ".join(
                f"{labels[m.uid]} {boxes_left(self.data, m)} boxes {m.fury} fury"
                for m in state.living(player)
            )
            sides.append(f"{player_name(player)}: {models or 'nothing left'}")
        return f"HORDES round {state.round}; " + "; ".join(sides)

