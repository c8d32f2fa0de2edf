"""The Dystopian Wars ruleset: what the core needs to know about the system."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from warbench.core.actions import Action
from warbench.core.agents import Agent, RandomAgent
from warbench.core.attacks import AttackOdds, OddsAnswer
from warbench.core.cards import UnitCard
from warbench.core.catalog import Record
from warbench.core.datafolder import DataFolder
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.core.events import Event
from warbench.core.lists import ArmyList, Violation
from warbench.core.preview import Preview, action_words
from warbench.core.rng import RandomStream
from warbench.core.ruleset import ArmyRules, Ruleset, SetupError, entry_names
from warbench.core.scene import Scene
from warbench.core.table import Attack, TablePicture
from warbench.core.table import Piece as Shape
from warbench.core.victory import Victory
from warbench.core.words import player_name
from warbench.rulesets.dystopian_wars import board
from warbench.rulesets.dystopian_wars.actions import ACTION_TYPES, ACTIONS_RULE
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.data import DATA_DIR, RulesData, load_data
from warbench.rulesets.dystopian_wars.events import EVENT_TYPES
from warbench.rulesets.dystopian_wars.fleets import (
    FORMATS,
    army_rules,
    commodore_violations,
    wing_violations,
)
from warbench.rulesets.dystopian_wars.hidden_cards import (
    deal_unseen_cards,
    hand_words,
    observed_state,
)
from warbench.rulesets.dystopian_wars.picture import attacks_drawn, damage_text
from warbench.rulesets.dystopian_wars.setup import (
    SCENARIOS,
    build_state,
    demo_setup,
    setup_from_armies,
)
from warbench.rulesets.dystopian_wars.state import DWState
from warbench.rulesets.dystopian_wars.victory import victory_points


class DystopianWarsRuleset(Ruleset[DWState, RulesData]):
    """Dystopian Wars, 1st edition: naval, aerial and land fleets of 1870."""

    id = "dystopian-wars"
    score_meaning = "points of enemy models destroyed or captured (a prize held counts double)"
    points_destroyed_meaning = (
        "the victory points it won for its fleet (DW-VP): the points of every enemy model"
        " its attacks destroyed or its boarders captured, and of a prize its boarders took"
        " still held at the end once more"
    )
    name = "Dystopian Wars (1st edition)"
    version = "0.21"  # 0.2: issue 12 rule fixes (moving turns, contacts, wings, boarding...);
    # 0.3: its second reading (air and land turns, dogfights, spotting, beasts boarding,
    # tokens shifted aside, rams by flyers and divers, linked charges at mines, torpedo bombers);
    # 0.4: the audit's fixes (patrols dogfight, fearless never split, the roll's winner picks
    # the edge, every model drifts, whole backward moves, linked answers, bombs unsplit);
    # 0.5: the seed audit's fixes (a mine goes off where it is set off, obscured answers on 6,
    # repairs only in the following activation, a launched wing's patrol a choice, answers
    # without the patrol wings, drifting derelicts set off mines);
    # 0.6: a prize drifts until its crew chooses all stop, which holds it still from the
    # next turn (DW-DERELICT); the owner links or splits charges between mines, broken
    # models alone, none after hitting terrain (DW-MINE-CC);
    # 0.7: the set-up flies a legal choice of free wings and embarks one recon plane a
    # carrier (DW-WINGS-FREE, DW-CARRIER-CAPACITY);
    # 0.8: the third audit's fixes (an S card reaches only the commanded part, DW-CARDS-S;
    # a turn in place never ends on a model or forbidden terrain, DW-END-ON-MODELS;
    # an A card may go on an unbroken model out of command, DW-CARDS-A; a flyer ends on no
    # model, surface ones too, DW-END-ON-MODELS; a drifting derelict that meets land or a
    # model collides, DW-DERELICT; a rammed model answers after the ram with the hull it
    # has left, DW-RAM; a primary's band-1 bonus eases only the hit table's 4+,
    # DW-HARDEST-RULE; a squadron doing nothing uses no charges at mines, DW-DRIFT; the
    # activated squadron's rout test follows its split, DW-ROUT-TEST; a set-up naming a
    # commodore that is no Icon is refused, DW-COMMODORE-ICON; and the combat audit's:
    # bombers striking back on patrol spend their ammunition, DW-BOMBERS; a patrol strikes
    # back whether or not its ack-ack answers, DW-CAP-AD; a mine rolls once for every
    # model under it, DW-MINES; bombs halve at a target only partly in the channel,
    # DW-BOMBS; escorts combine their ack-ack and charges unhalved, DW-COMBINED; a derelict
    # rolls no shields, DW-GENERATORS; a creature or robot at 0 assault points in a
    # boarding is destroyed, boarder or boarded, DW-CAPTURE; no ack-ack or charges at an
    # enemy locked in our boarding, DW-BOARDING-LATER; a wing joins no squadron of diving
    # models, surfaced or not, DW-CAP);
    # 0.9: a flyer's torpedoes within 8" and a diver's rockets within 4" meet ack-ack and
    # charges together, and a tiny flyer's charges reach 2" when answering (DW-CC-ANSWER);
    # 0.10: the second-half seed audit's fixes (a recon plane lands only on a carrier with
    # no recon plane aboard, and a wing lands on a carrier short of room, losing the
    # tokens over its capacity, DW-CARRIER-CAPACITY; naval models use no charges on a land
    # diver's boarders, nor land models on a naval one's, DW-BOARD-ANSWER; a massive
    # squadron no longer fills the core force's large place, DW-FLEET-CORE; only batteries
    # reach a flying creature or robot in band 1, DW-FLYER-RB1; only the model that rammed
    # or collided in this activation is barred from boarding what it hit, DW-CONTACT-BOARD);
    # 0.11: the first-half seed audit's fixes (only the model that rammed or collided, in
    # this activation, fires half its dice, DW-CONTACT-HALF; a naval torpedo passes no
    # other naval model, submerged ones too, and no terrain but water, DW-ROCKETS-TORPEDOES;
    # every weapon marked primary, not only batteries, is eased in band 1, DW-PRIMARY-RB1;
    # losses in the end phase are rout-tested as it ends, and a prize sunk later is no
    # second loss to its old squadron, DW-ROUT-TEST);
    # 0.12: the table's surface, sea or land (DW-TABLE-SURFACE): on a sea table land models
    # move and deploy only on islands, which no longer stop them; the state records the
    # surface, so every state hash differs from 0.11's though the sea games play the same;
    # 0.13: a squadron with nowhere to stand in its zone gets a shore laid (DW-TABLE-SURFACE,
    # set-up key shore), and the ground a model stands on no longer blocks its sight lines
    # (DW-SIGHT);
    # 0.14: a name two players' models share is tagged with the player counted from 1, as
    # every text for people counts them ("Fighter wing (P1)" for seat 0, was "(P0)"): the
    # names are in the state, so set-ups with such names hash differently from 0.13's;
    # 0.15: a fog card halves an attack's dice never below 1 (DW-AD-MIN): a 1-die attack in
    # band 3 or 4 under fog rolls 1 die, no longer none;
    # 0.16: the later-chapters seed audit's fixes (a flyer attacked by a wing's ack-ack
    # answers it with its own, at the same time, DW-WING-AA-ANSWER; tokens aboard a
    # carrier answer no attack, DW-AA-CARRIED; in alternate deployment a carrier's wing
    # may go down apart, within 4 inches of it, DW-DEPLOY-ALTERNATE; a land table's rolled
    # and quick terrain are hills, named so, DW-TERRAIN-ROLL: land-table states hash anew);
    # 0.17: in alternate deployment a free wing goes down clear of every model, as a wing
    # apart does, and is offered the nearest clear spot when its own lies over one
    # (DW-DEPLOY-ALTERNATE): alternate-deployment games, random and commodore, play anew;
    # 0.18: shield generators meet a mine's blast, each model under it rolling its own, and
    # a patrol wing's strike back at the attacker (DW-GENERATORS, DW-MINES, DW-CAP-AD): games
    # where either meets a shielded model roll more dice and play anew;
    # 0.19: a boarding party halved after its ship rammed or collided rolls at least 1
    # melee die (DW-CONTACT-BOARD): a party of 1 point, sent so or left so by the answer,
    # rolled none;
    # 0.20: the answer to several boarding parties at one model is divided as the defender
    # says, each answering roll at the party it names (DW-MULTI-ASSAULT, seed l.579): at
    # creatures and robots every roll struck the first sent, at crews the kills fell on the
    # largest party first (still offered, as the answer at the boarders together); games
    # with several parties at one model offer the answer anew;
    # 0.21: an assault at a model its fleet captured earlier in the same boarding step is
    # not fought (it fought its own prize crew), and a prize crew's melee dice are rolled
    # by the fleet holding it (DW-BOARD-FRIENDLY, DW-PRIZE-NO-AA)
    min_players = 2
    max_players = 4
    action_types = ACTION_TYPES
    late_refusals = False  # no action is refused after it has changed the state
    refusal_rule = ACTIONS_RULE  # the engine's own refusals name the engine's checks
    event_types = EVENT_TYPES
    shipped_data = DATA_DIR
    #: A player's models.toml holds only their own model classes (DW-DATA-REPLACE).
    data_by_entry = frozenset({"models.toml"})
    #: Hands and decks hold the cards; a turn-card frame on the stack holds the cards laid
    #: (:meth:`observe` copies only those frames: see :mod:`.hidden_cards`).
    secret_fields = ("hands", "decks", "stack")

    def load_data(self, folder: DataFolder) -> RulesData:
        return load_data(folder)

    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> DWState:
        return build_state(setup, players, rng, self.data)

    def observe(self, state: DWState, player: int) -> DWState:
        return observed_state(state, player)

    def determinize(self, state: DWState, player: int, rng: RandomStream) -> None:
        deal_unseen_cards(state, player, self.data, rng)

    def default_setup(self) -> dict[str, Any]:
        return demo_setup()

    def default_side_names(self, players: int) -> tuple[str, ...]:
        return tuple(str(fleet["name"]) for fleet in demo_setup()["fleets"][:players])

    def side_names(self, setup: Mapping[str, Any], players: int) -> tuple[str, ...]:
        """Each fleet's name as the set-up gives it (a list game's fleets are named after
        their lists), any set-up; an unnamed fleet's left empty (``player k``)."""
        return (entry_names(setup.get("fleets"), players, lambda _: "")
                or super().side_names(setup, players))

    def setup_for(
        self, armies: Sequence[ArmyList], scenario: str | None = None
    ) -> dict[str, Any]:
        format_name = "open"
        if scenario in FORMATS:
            format_name, scenario = scenario, None
        elif scenario is not None and scenario not in SCENARIOS:
            raise SetupError(
                f"unknown scenario {scenario!r} (scenarios: {', '.join(SCENARIOS)}; the fleet"
                f" formats {', '.join(FORMATS)} are list formats: --format)"
            )
        if not self.min_players <= len(armies) <= self.max_players:
            raise SetupError(f"{self.id} needs 2 to 4 fleets, got {len(armies)}")
        problems: list[str] = []
        for index, army in enumerate(armies):
            report = self.validate_list(army, format_name)
            problems.extend(f"armies[{index}] ({army.name}) {violation}"
                            for violation in report.violations)
        if problems:
            raise SetupError("; ".join(problems))
        return setup_from_armies(armies, scenario, self.data)

    def list_scenarios(self) -> tuple[str, ...]:
        return SCENARIOS

    def default_list_scenario(self) -> str:
        """The demo table, at sea unless no list fields a ship (DW-TABLE-SURFACE)."""
        return "the demo table"

    def list_formats(self) -> tuple[str, ...]:
        return tuple(FORMATS)

    def army_rules(self, army: ArmyList, list_format: str | None = None) -> ArmyRules | None:
        return army_rules(army, self.data, list_format or "tournament")

    def list_violations(self, army: ArmyList, list_format: str | None = None) -> list[Violation]:
        return [*commodore_violations(army, self.data), *wing_violations(army, self.data)]

    def catalog(self) -> Mapping[str, Record] | None:
        return self.data.catalog

    def unit_card(self, unit_id: str) -> UnitCard:
        from warbench.rulesets.dystopian_wars.unit_card import model_card

        return model_card(unit_id, self.data.catalog[unit_id])

    def bots(self) -> Mapping[str, Callable[[int], Agent]]:
        from warbench.core.search import SearchFactory
        from warbench.rulesets.dystopian_wars.bots_search import SEARCH_BUDGET, game_turn

        return {"random": RandomAgent, "commodore": CommodoreBot,
                "search": SearchFactory(CommodoreBot, SEARCH_BUDGET, score=search_score,
                                        clock=game_turn)}

    def attacks(self) -> Mapping[str, AttackOdds]:
        from warbench.rulesets.dystopian_wars.odds import attack_odds

        return attack_odds(self.data)

    def action_text(self, state: DWState, action: Action) -> str:
        """Every choice with the names of its models, squadrons, cards and criticals."""
        from warbench.rulesets.dystopian_wars.actions import Activate, ChooseEdge, Fire
        from warbench.rulesets.dystopian_wars.edges import EDGE_NAMES, opposite

        models, squadrons = state.models, state.squadrons
        if isinstance(action, Activate) and 0 <= action.squadron < len(squadrons):
            return f"activate {squadrons[action.squadron].name}"
        if isinstance(action, Fire) and 0 <= action.target < len(models):
            from warbench.rulesets.dystopian_wars.option_words import guns_words, split_words

            guns = guns_words(state, tuple((uid, mount) for uid, mount in action.guns
                                           if 0 <= uid < len(models)))
            return (f"{guns} at {models[action.target].name}"
                    f"{split_words(action.dice, self._split_share(state, action))}")
        if isinstance(action, ChooseEdge) and 0 <= action.edge < len(EDGE_NAMES):
            theirs = EDGE_NAMES[opposite(action.edge)]
            return f"deploy along the {EDGE_NAMES[action.edge]} edge (the opponent the {theirs})"
        from warbench.rulesets.dystopian_wars.activation import idle_text
        from warbench.rulesets.dystopian_wars.charges import sweep_text
        from warbench.rulesets.dystopian_wars.deployment import keep_aboard_text
        from warbench.rulesets.dystopian_wars.option_words import option_text
        from warbench.rulesets.dystopian_wars.prizes import crew_text

        return (crew_text(state, action) or sweep_text(state, action) or idle_text(state, action)
                or keep_aboard_text(state, action) or option_text(self.data, state, action)
                or action_words(action))

    def field_value_words(self, state: DWState, action: Action, field: str) -> str | None:
        """Models and squadrons by name, an attack's guns and split dice, a move's level
        and the mine it drops (see :func:`.option_words.field_value_words`)."""
        from warbench.rulesets.dystopian_wars.option_words import field_value_words

        return field_value_words(state, action, field)

    def action_fields(self, state: DWState, action: Action) -> Mapping[str, tuple[str, str]]:
        """An answer's models, link and where its rolls go, in words, for a form of many
        answers (see :func:`.option_words.respond_fields`)."""
        from warbench.rulesets.dystopian_wars.option_words import respond_fields

        return respond_fields(state, action)

    def field_help(self, action_type: type[Action], field: str) -> tuple[str, str] | None:
        """The captions and hints of an answer's form (:data:`.option_words.FIELD_HELP`)."""
        from warbench.rulesets.dystopian_wars.option_words import field_help

        return field_help(action_type, field)

    def field_values(self, state: DWState, action: Action, field: str) -> tuple[Any, ...] | None:
        """A move's every level its model may move at ("" keeps its level), and an attack's
        split dice, from none (the whole gun) to all its gun has left at that target."""
        from warbench.rulesets.dystopian_wars.actions import Fire, Move
        from warbench.rulesets.dystopian_wars.declared import declaring
        from warbench.rulesets.dystopian_wars.gunnery import dice_choices
        from warbench.rulesets.dystopian_wars.movement import level_choices

        if isinstance(action, Move) and field == "level":
            if not 0 <= action.model < len(state.models):
                return None
            return ("", *level_choices(self.data, state.models[action.model]))
        if isinstance(action, Fire) and field == "dice":
            frame = declaring(state)
            return None if frame is None else dice_choices(state, self.data, frame, action)
        return None

    def _split_share(self, state: DWState, action: Action) -> tuple[int, int] | None:
        """The dice a split attack's gun has at its target and has split already."""
        from warbench.rulesets.dystopian_wars.actions import Fire
        from warbench.rulesets.dystopian_wars.declared import declaring
        from warbench.rulesets.dystopian_wars.gunnery import split_share

        frame = declaring(state)
        if frame is None or not isinstance(action, Fire) or not action.dice:
            return None
        return split_share(state, self.data, frame, action)

    def action_target(self, state: DWState, action: Action) -> str | None:
        """The model an attack aims at."""
        return board.action_target(self.data, state, action)

    def action_preview(self, state: DWState, action: Action) -> Preview:
        """Where a move, a pivot or a deployment leaves the model (see :mod:`.board`)."""
        return board.action_preview(self.data, state, action)

    def action_from_drag(
        self, state: DWState, decisions: Sequence[Decision], label: str, x: float, y: float
    ) -> Action | None:
        """A model with a move to make, dragged: the move ending nearest the point."""
        return board.dragged_move(self.data, state, decisions, label, x, y)

    def drag_refusal(
        self, state: DWState, decisions: Sequence[Decision], label: str
    ) -> str | None:
        """A model on the table dragged while another squadron, or another model, moves:
        why it does not move now (:meth:`.MoveSpace.unmoving`)."""
        return board.drag_refusal(self.data, state, decisions, label)

    def action_from_turn(
        self, state: DWState, decisions: Sequence[Decision], label: str, heading: float
    ) -> Action | None:
        """A land model that may pivot, turned: the pivot to that heading."""
        return board.turned(self.data, state, decisions, label, heading)

    def action_odds(self, state: DWState, action: Action) -> OddsAnswer | None:
        """The exact odds of an attack offered in the shooting step (see :mod:`.declared`;
        at a wing, the tokens it loses), and of the attack each answer or reaction card
        offered (or none) leaves (see :mod:`.answered`), both rolled by
        :func:`~.strikes.strike`; of a boarding assault offered and each answer to it
        (:mod:`.boarded`), of the ram, collision or terrain a move considered meets
        (:mod:`.contact_odds`) and of charges at mines (:mod:`.sweep_odds`)."""
        from warbench.rulesets.dystopian_wars.actions import Fire
        from warbench.rulesets.dystopian_wars.answered import answer_odds
        from warbench.rulesets.dystopian_wars.boarded import boarded_odds
        from warbench.rulesets.dystopian_wars.contact_odds import contact_odds
        from warbench.rulesets.dystopian_wars.declared import declared_odds
        from warbench.rulesets.dystopian_wars.sweep_odds import sweep_odds

        if isinstance(action, Fire):
            return declared_odds(state, self.data, action)
        for odds in (boarded_odds, contact_odds, sweep_odds):
            answer = odds(state, self.data, action)
            if answer is not None:
                return answer
        return answer_odds(state, self.data, action)

    def table(self, state: DWState) -> TablePicture | None:
        """Terrain, mines and every model on the table (not those aboard a carrier), each
        keyed by its own number all game: a model by its id, the number its forms name it
        by, a mine by ``m`` and its id (:func:`.board.model_key`)."""
        pieces: list[Shape] = []
        for piece in state.terrain:
            pieces.append(
                Shape(piece.name, piece.points[0][0], piece.points[0][1], "polygon",
                      points=tuple((x, y) for x, y in piece.points))
            )
        for mine in state.mines:
            pieces.append(Shape("mine", mine.x, mine.y, "circle", 0.3, player=mine.player,
                                key=board.mine_key(mine.mid)))
        for model in state.models:
            if not model.alive or model.carried_by >= 0:
                continue
            spec = self.data.models[model.cls]
            label = board.model_label(self.data, model)
            if spec.tiny:
                pieces.append(Shape(label, model.x, model.y, "circle", spec.width / 2,
                                    heading=model.heading, player=model.player,
                                    damage=damage_text(self.data, model), unit=model.cls,
                                    key=board.model_key(model.uid)))
            else:
                pieces.append(
                    Shape(label, model.x, model.y, "rect", spec.width, spec.length,
                          heading=model.heading, player=model.player,
                          faded=model.derelict or model.level in ("submerged", "obscured"),
                          damage=damage_text(self.data, model), unit=model.cls,
                          key=board.model_key(model.uid))
                )
        title = f"Dystopian Wars, turn {state.turn}"
        if state.surface == "land":  # a sea table, the usual one, goes unsaid
            title += ", land table"
        ground = "land" if state.surface == "land" else ""
        return TablePicture(state.width, state.height, tuple(pieces), title=title, ground=ground)

    def scene(self, state: DWState, units: Mapping[str, str]) -> Scene:
        """The table picture, its title saying the seat's own hand and how many cards the
        others hold where ``state`` is a seat's view (:func:`.hidden_cards.hand_words`)."""
        scene = super().scene(state, units)
        hand = hand_words(self.data, state)
        return dataclasses.replace(scene, title=f"{scene.title} · {hand}") if hand else scene

    def attacks_drawn(self, state: DWState, events: Sequence[Event]) -> tuple[Attack, ...]:
        return attacks_drawn(self.data, state, events)

    def victory(self, state: DWState) -> Victory:
        """How the game is won (a fleet left alone, battle orders, the last turn, victory
        points) and its standing (DW-END-*, DW-BATTLE-ORDERS, DW-VP)."""
        from warbench.rulesets.dystopian_wars.victory_text import victory_text

        return victory_text(self.data, state)

    def fielded(self, state: DWState) -> tuple[dict[str, int], ...]:
        """Every model that has stood on the table, by its player and unit type."""
        from warbench.core.sim.units import count_units

        return count_units(state.players, ((model.player, model.cls) for model in state.models))

    def observation_terms(self) -> tuple[str, ...]:
        """The card ids, in the deck file's order: a hand, a laid turn card and the cards
        in force read as numbers to a learner (what a seat may not see is redacted first)."""
        return tuple(self.data.cards)

    def describe(self, state: DWState) -> str:
        parts = []
        for player in range(state.players):
            fleet = state.fleet(player)
            parts.append(
                f"{player_name(player)}: {len(fleet)} models, "
                f"{victory_points(state, self.data, player)} VP"
            )
        return f"Dystopian Wars, turn {state.turn}: " + "; ".join(parts)


def search_score(game: Game[DWState, RulesData]) -> tuple[float, ...]:
    """Each player's victory points now: what the search values a cut-off play-out by."""
    return tuple(
        float(victory_points(game.state, game.data, player)) for player in range(game.players)
    )
