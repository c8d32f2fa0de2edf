"""The Armada ruleset: set-up from armadas (demo ids or inline tables), bots, summary."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pydantic

from warbench.core.actions import Action
from warbench.core.agents import RandomAgent
from warbench.core.attacks import AttackOdds, OddsAnswer
from warbench.core.cards import UnitCard
from warbench.core.catalog import Record
from warbench.core.data_errors import validation_problems
from warbench.core.datafolder import DataFolder
from warbench.core.decisions import Decision
from warbench.core.events import Event
from warbench.core.hexgrid import Hex
from warbench.core.lists import ArmyList, Violation
from warbench.core.odds import Dist
from warbench.core.preview import Preview, action_words
from warbench.core.rng import RandomStream
from warbench.core.ruleset import ArmyRules, Ruleset, SetupError, entry_names
from warbench.core.table import Attack, TablePicture
from warbench.core.victory import Victory
from warbench.core.words import as_told, told_apart
from warbench.rulesets.armada import board
from warbench.rulesets.armada.actions import ACTION_TYPES
from warbench.rulesets.armada.data import DATA_DIR, ArmadaData, ArmadaSpec, load_data
from warbench.rulesets.armada.events import EVENT_TYPES
from warbench.rulesets.armada.experience import reward_text, rewards_for
from warbench.rulesets.armada.fleets import new_fleet, validate_armada
from warbench.rulesets.armada.lists import armada_from_list, army_rules, list_violations
from warbench.rulesets.armada.names import fleet_labels
from warbench.rulesets.armada.odds import armada_attacks, luck_odds
from warbench.rulesets.armada.officers import officer_bonus_for
from warbench.rulesets.armada.picture import table_picture
from warbench.rulesets.armada.rounds import Battle
from warbench.rulesets.armada.shown import Shown
from warbench.rulesets.armada.state import ArmadaState, Officer, Side
from warbench.rulesets.armada.templates import fleet_templates

if TYPE_CHECKING:
    from warbench.core.agents import Agent

SETUP_KEYS = frozenset({"armadas", "distance", "placements", "max_rounds"})


def _armada(entry: Any, side: int, data: ArmadaData) -> ArmadaSpec:
    where = f"setup.armadas[{side}]"
    if isinstance(entry, str):
        demos = data.armadas
        if entry not in demos:
            raise SetupError(f"{where}: unknown armada {entry!r} (known: {', '.join(demos)})")
        return demos[entry]
    try:
        return ArmadaSpec.model_validate(entry)
    except pydantic.ValidationError as error:
        lines = [f"{where}: {problem.where}: {problem.reason}" for problem in
                 validation_problems(error, entry)]
        raise SetupError("\n".join(lines)) from None


def _placements(raw: Any, armadas: list[ArmadaSpec]) -> list[list[list[int]]]:
    if not isinstance(raw, list) or len(raw) != len(armadas):
        raise SetupError("setup.placements: give one list of [q, r, facing] per armada")
    for side, (rows, armada) in enumerate(zip(raw, armadas, strict=True)):
        if not isinstance(rows, list) or len(rows) != len(armada.fleets):
            raise SetupError(
                f"setup.placements[{side}]: give one [q, r, facing] per fleet "
                f"({len(armada.fleets)} fleets)"
            )
        for index, row in enumerate(rows):
            if (
                not isinstance(row, list)
                or len(row) != 3
                or any(type(value) is not int for value in row)
                or not 0 <= row[2] < 6
            ):
                raise SetupError(
                    f"setup.placements[{side}][{index}]: expected [q, r, facing 0-5], got {row!r}"
                )
    hexes = [(row[0], row[1]) for rows in raw for row in rows]
    if len(set(hexes)) != len(hexes):
        raise SetupError("setup.placements: two fleets share a hex")
    return [[list(row) for row in rows] for rows in raw]


def _closest_enemies(
    placements: list[list[list[int]]], armadas: list[ArmadaSpec]
) -> list[tuple[int, str, str]]:
    """Every pair of enemy fleets as placed: (hexes apart, one's label, the other's, names
    both armadas give told apart as the table will, ARM-NAMES), closest first."""
    placed = [
        (side, spec.name, Hex(row[0], row[1]))
        for side, (rows, armada) in enumerate(zip(placements, armadas, strict=True))
        for row, spec in zip(rows, armada.fleets, strict=True)
    ]
    labels = told_apart(tuple((name, side) for side, name, _ in placed))
    return sorted(
        (one_hex.distance(other_hex), labels[index], labels[other_index])
        for index, (side, _, one_hex) in enumerate(placed)
        for other_index, (other_side, _, other_hex) in enumerate(placed)
        if other_index > index and other_side != side
    )


def _placed_distance(
    placements: list[list[list[int]]], armadas: list[ArmadaSpec], distance: int
) -> int:
    """ARM-SETUP-PLACE: fixed placements keep the set-up ``distance`` from every enemy
    fleet (:class:`SetupError` naming the fleets too close); without a distance the
    placements set it, the closest enemies' (engine default)."""
    pairs = _closest_enemies(placements, armadas)
    if not pairs:
        return distance
    if distance <= 0:
        return pairs[0][0]
    close = [f"{one} and {other} ({apart})" for apart, one, other in pairs if apart < distance]
    if close:
        raise SetupError(
            f"setup.placements: enemy fleets closer than the set-up distance of {distance} "
            f"hexes (ARM-SETUP-PLACE): {', '.join(close)}"
        )
    return distance


def build_state(
    setup: Mapping[str, Any], players: int, rng: RandomStream, data: ArmadaData
) -> ArmadaState:
    """The opening state for ``setup`` (armadas by id from ``data``, or inline tables);
    :class:`SetupError` lists what is wrong."""
    tables = data.tables
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise SetupError(f"setup: unknown key {unknown[0]!r} (known: {sorted(SETUP_KEYS)})")
    raw = setup.get("armadas", ["vanguard-3", "raiders-3"])
    if not isinstance(raw, list) or len(raw) != players:
        raise SetupError(f"setup.armadas: give {players} armadas (ids or tables)")
    armadas = [_armada(entry, side, data) for side, entry in enumerate(raw)]
    problems = [
        f"setup.armadas[{side}].{violation}"
        for side, armada in enumerate(armadas)
        for violation in validate_armada(armada, tables)
    ]
    if problems:
        raise SetupError("\n".join(problems))
    distance = setup.get("distance", 0)
    if type(distance) is not int or distance < 0:
        raise SetupError(f"setup.distance: a whole number of hexes, got {distance!r}")
    max_rounds = setup.get("max_rounds", tables.rounds.round_limit.rounds)
    if type(max_rounds) is not int or max_rounds < 0:
        raise SetupError(
            f"setup.max_rounds: a whole number of rounds (0: no limit), got {max_rounds!r}"
        )
    placements = None
    if setup.get("placements") is not None:
        placements = _placements(setup["placements"], armadas)
        distance = _placed_distance(placements, armadas, distance)
    state = ArmadaState(
        players=players,
        rng=rng,
        sides=[Side(armada.name, armada.tier) for armada in armadas],
        distance=distance,
        max_rounds=max_rounds,
        placements=placements,
    )
    for side, armada in enumerate(armadas):
        first = len(state.fleets)
        for spec in armada.fleets:
            state.fleets.append(new_fleet(len(state.fleets), side, spec, tables))
        names = {spec.name: first + index for index, spec in enumerate(armada.fleets)}
        for officer in armada.officers:
            skills = tables.skill_ranks(officer)
            bonus = officer_bonus_for(tables, officer.role, skills, officer.base_attack_bonus)
            state.officers.append(
                Officer(officer.name, side, officer.role, bonus, names[officer.fleet],
                        skills=skills, base_attack_bonus=officer.base_attack_bonus,
                        resolve=officer.resolve)
            )
    for fleet in state.fleets:
        fleet.shields += state.officer_bonus(fleet, "chief-engineer")
        fleet.scanned = [0] * players
    state.shown = [Shown() for _ in state.fleets]
    state.roles_shown = ["" for _ in state.officers]
    state.stack.append(Battle())
    return state


class ArmadaRuleset(Ruleset[ArmadaState, ArmadaData]):
    """Starfinder Armada Combat: fleets of starships on a hex map."""

    id = "armada"
    refusal_rule = "ARM-ACTIONS"  # the engine's own refusals name the engine's checks
    score_meaning = "build points of the enemy fleets disabled or destroyed"
    points_destroyed_meaning = (
        "the build points of the enemy fleets its hits disabled or destroyed, once a fleet,"
        " when it first stopped fighting, as a side's score counts them"
    )
    name = "Starfinder Armada Combat"
    # 0.14 (a fourth seed audit): a shot at a gravity mine whose line of fire crosses
    # conjured debris takes its -1 like any attack (ARM-OFF-CONJURE; it was left out);
    # conjured debris neither strikes nor hinders a fleet jammed that round, no officer
    # action but the jam affecting it (ARM-OFF-JAM; debris struck it as any fleet), nor
    # may an officer move aboard it (ARM-OFF-MOVE; the move was allowed);
    # 0.13: an admiral whose fleet is destroyed leaves the post open, as the helm check
    # already read it (the armada rolled the d6), so another officer may take it up at the
    # start of a round; an officer aboard a destroyed fleet takes up no new role
    # (ARM-OFF-ONE-ADMIRAL, ARM-OFF-ROLE-CHANGE; the post stayed barred all battle);
    # 0.12: an admiral's pending encouragement goes to the fleet's next gunnery check of
    # any kind, a shot at a mine, a free attack or its boarders' check too (ARM-OFF-ENCOURAGE;
    # they left it pending for a later check);
    # a fleet routed in the helm phase before it moved counts that phase's flight among its
    # three (ARM-MORALE-ROUT-END; it fled a fourth time);
    # 0.11: a battle ended at the round limit says each player's build points beaten in
    # words (its journaled outcome's reason changes: "player 0 0, player 1 32", not a list);
    # the odds shown for a declared shot no longer spend the attacker's encouragement;
    # 0.10: the abilities a fleet uses in the open and the role an officer shows by its
    # orders are public too (Shown.abilities, ArmadaState.roles_shown; ARM-OFF-SCAN), so an
    # unscanned fleet's prior keeps them; every state hash differs from 0.9's;
    # 0.9: what each fleet showed at the table (the damage dice of its hits, its checks'
    # bands and arcs, the hits it took, its farthest move: ArmadaState.shown) is public,
    # and an unscanned
    # fleet's prior is the template nearest the default that fits it (ARM-OFF-SCAN), so the
    # bots decide on what the table showed; every state hash differs from 0.8's;
    # 0.8: a seat knows of an enemy fleet only what its scans taught (ARM-OFF-SCAN): its
    # observation, view and picture hold the prior for the rest, its bots decide on them,
    # the search draws the rest (determinize); damage and shields reach only those who know;
    # 0.7: a natural 20's critical counts the hull damage of all the hits landing together,
    # whatever their order (ARM-CRIT-NAT20); a jam naming no officer picks among those not
    # incapacitated (ARM-OFF-JAM);
    # 0.6: an officer's bonus after a role change counts its ranks in the new role's skills
    # (ARM-OFF-ROLE-CHANGE; the officer piece keeps ranks skill by skill); a duel's
    # communications are a passing critical condition a chief engineer may repair
    # (ARM-OFF-REPAIR; the fleet's comms_until goes); self-destruct offered with no fleet
    # adjacent as well (ARM-ABILITY-SELF-DESTRUCT);
    # 0.5: resolve on each check of an array and on a shot at a mine (ARM-OFF-RESOLVE);
    # 0.4: resolve offered before the checks rolled between decisions (morale, a rally's
    # re-test, the admiral's helm check, free attacks, boarders: ARM-OFF-RESOLVE); 0.3: the
    # audit's fixes (communications, direction to AC, mutual duels, placements, self-destruct
    # on a rout, scan matchups, no round limit on request); 0.2: issue 12 fixes
    version = "0.14"
    min_players = 2
    max_players = 2
    action_types = ACTION_TYPES
    late_refusals = False  # no action is refused after it has changed the state
    event_types = EVENT_TYPES
    shipped_data = DATA_DIR
    #: What a seat has not learned of an enemy fleet is not hidden by ``Hidden`` values but
    #: replaced by the prior (:meth:`observe`, ARM-OFF-SCAN); the rest is shared.
    secret_fields = ()

    def load_data(self, folder: DataFolder) -> ArmadaData:
        """The rules tables and ready-made armadas (a player's files first)."""
        return load_data(folder)

    def observe(self, state: ArmadaState, player: int) -> ArmadaState:
        """The state as ``player`` knows it (ARM-OFF-SCAN): each enemy fleet's statistics,
        abilities and officers only as far as its scans taught, the prior in place of the
        rest (:mod:`.sight`); a spectator knows no enemy's."""
        from warbench.rulesets.armada.sight import seen_state

        return seen_state(state, player, self.data.tables)

    def view(self, state: ArmadaState, player: int) -> dict[str, Any]:
        """The plain form of what ``player`` knows (:meth:`observe`), with ``known``: the
        scan levels it knows of each fleet."""
        from warbench.core.plain import to_plain

        view: dict[str, Any] = to_plain(self.observe(state, player), viewer=player)
        return view

    def determinize(self, state: ArmadaState, player: int, rng: RandomStream) -> None:
        """Draw what ``player`` has not learned of the enemy fleets (:mod:`.guess`)."""
        from warbench.rulesets.armada.guess import determinize

        determinize(state, player, self.data.tables, rng)

    def default_setup(self) -> dict[str, Any]:
        """Two tier-3 demo armadas, distance rolled (3d6+5)."""
        return {"armadas": ["vanguard-3", "raiders-3"]}

    def default_side_names(self, players: int) -> tuple[str, ...]:
        """The demo armadas' names."""
        ids = self.default_setup()["armadas"][:players]
        return tuple(self.data.armadas[armada].name for armada in ids)

    def side_names(self, setup: Mapping[str, Any], players: int) -> tuple[str, ...]:
        """Each armada's name, any set-up: a shipped armada's by its id, a list's its own."""
        return (entry_names(setup.get("armadas"), players,
                            lambda key: self.data.armadas[key].name)
                or super().side_names(setup, players))

    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> ArmadaState:
        """The opening state; the battle deploys on the first step."""
        return build_state(setup, players, rng, self.data)

    def setup_for(
        self, armies: Sequence[ArmyList], scenario: str | None = None
    ) -> dict[str, Any]:
        """A battle between the armadas of these lists (scenario ``battle``, the default:
        distance 3d6+5, each side in a line); :class:`SetupError` lists every violation."""
        self.check_players(len(armies))
        if scenario not in (None, *self.list_scenarios()):
            raise SetupError(f"armada has no scenario {scenario!r} (scenarios:"
                             f" {', '.join(self.list_scenarios())})")
        problems: list[str] = []
        armadas: list[dict[str, Any]] = []
        for player, army in enumerate(armies):
            where = f"armies[{player}] ({army.name})"
            if army.ruleset != self.id:
                problems.append(f"{where}: a {army.ruleset} list, not an {self.id} list")
                continue
            tables = self.data.tables
            problems.extend(f"{where} {violation}" for violation in list_violations(army, tables))
            spec = armada_from_list(army, tables).spec
            armadas.append(spec.model_dump(mode="json", by_alias=True))
        if problems:
            raise SetupError("\n".join(problems))
        return {"armadas": armadas}

    def list_scenarios(self) -> tuple[str, ...]:
        return ("battle",)

    def default_list_scenario(self) -> str:
        return "battle"

    def army_rules(self, army: ArmyList, list_format: str | None = None) -> ArmyRules:
        """Fleet templates and officer roles priced, and the armada's list rules."""
        return army_rules(army, self.data.tables)

    def list_violations(self, army: ArmyList, list_format: str | None = None) -> list[Violation]:
        """One officer per role per fleet, no repeated ability, unique fleet names."""
        return list_violations(army, self.data.tables)

    def catalog(self) -> Mapping[str, Record]:
        """Every fleet template (``capital-large-t3``) and officer role (``admiral``)."""
        entries: dict[str, Record] = dict(fleet_templates(self.data.tables))
        entries.update(self.data.tables.roles)
        return entries

    def unit_card(self, unit_id: str) -> UnitCard:
        """A fleet template's or an officer role's card."""
        from warbench.rulesets.armada.unit_card import armada_card

        return armada_card(unit_id, self.catalog()[unit_id], self.data.tables)

    def bots(self) -> Mapping[str, Callable[[int], Agent]]:
        """``random``, the greedy ``tactician`` and ``search`` (the tactician looking ahead, valuing
        a cut-off play-out by :func:`.bots_standing.standing`)."""
        from warbench.core.search import SearchFactory
        from warbench.rulesets.armada.bots import TacticianAgent
        from warbench.rulesets.armada.bots_search import SEARCH_BUDGET
        from warbench.rulesets.armada.bots_standing import battle_round, standing

        return {"random": RandomAgent, "tactician": TacticianAgent,
                "search": SearchFactory(TacticianAgent, SEARCH_BUDGET, standing=standing,
                                        clock=battle_round)}

    def attacks(self) -> Mapping[str, AttackOdds]:
        """``gunnery`` (one check: hull damage, named outcomes) and ``volley`` (N checks
        against one target: hull left)."""
        return armada_attacks(self.data.tables)

    def action_text(self, state: ArmadaState, action: Action) -> str:
        """Attacks, held fire, resolve, orders, role changes and moves with the fleets' and
        officers' names."""
        from warbench.rulesets.armada.actions import Fire, HoldFire, SpendResolve
        from warbench.rulesets.armada.resolve import resolve_words

        labels = fleet_labels(state.fleets)
        if isinstance(action, SpendResolve):
            return resolve_words(state, action)
        if isinstance(action, HoldFire):
            return f"{labels[action.fleet]} holds its fire"
        if isinstance(action, Fire) and action.mine < 0:
            names = ", ".join(labels[index] for index in (action.target, *action.also))
            extras = [
                word
                for flag, word in ((action.superweapon, "superweapon"), (action.resolve, "resolve"))
                if flag
            ]
            more = f" ({', '.join(extras)})" if extras else ""
            return f"{labels[action.fleet]} fires at {names}{more}"
        from warbench.rulesets.armada.option_words import option_text

        return option_text(state, action) or action_words(action)

    def effect_odds(self, data: ArmadaData, query: str, args: tuple[int, ...]) -> Dist:
        """Gunnery and d20 checks, for luck reports (``odds.luck_odds``)."""
        return luck_odds(query, args)

    def action_odds(self, state: ArmadaState, action: Action) -> OddsAnswer | None:
        """The exact odds of a declared gunnery check (its first target), as things stand."""
        from warbench.rulesets.armada.actions import Fire
        from warbench.rulesets.armada.odds import declared_odds

        if not isinstance(action, Fire):
            return None
        return declared_odds(state, self.data.tables, action)

    def attacks_drawn(self, state: ArmadaState, events: Sequence[Event]) -> tuple[Attack, ...]:
        from warbench.rulesets.armada.picture import attacks_drawn

        return attacks_drawn(state, events)

    def victory(self, state: ArmadaState) -> Victory:
        """How the battle is won (a side beaten, build points at the round limit) and its
        standing, with no build point the view ``state`` has not scanned (ARM-END-BEATEN,
        ARM-END-LIMIT, ARM-OFF-SCAN)."""
        from warbench.rulesets.armada.victory_text import victory_text

        return victory_text(state)

    def field_value_words(self, state: ArmadaState, action: Action, field: str) -> str | None:
        """Fleets, officers and gravity mines by name."""
        from warbench.rulesets.armada.option_words import field_value_words

        return field_value_words(state, action, field)

    def field_help(self, action_type: type[Action], field: str) -> tuple[str, str] | None:
        """Each form field's caption and hint in words (no ``q``, no ``int``)."""
        from warbench.rulesets.armada.option_words import field_help

        return field_help(action_type, field)

    def action_target(self, state: ArmadaState, action: Action) -> str | None:
        """The fleet an attack or a flyby aims at."""
        return board.action_target(state, action)

    def action_preview(self, state: ArmadaState, action: Action) -> Preview:
        """Where a move leaves the fleet (see :mod:`.board`)."""
        return board.action_preview(state, self.data.tables, action)

    def action_from_drag(
        self, state: ArmadaState, decisions: Sequence[Decision], label: str, x: float,
        y: float,
    ) -> Action | None:
        """A fleet that may move, dragged to a hex: the ordinary move ending there."""
        return board.dragged_move(state, self.data.tables, decisions, label, x, y)

    def table(self, state: ArmadaState) -> TablePicture:
        """The hex map: fleets coloured by side with their facing, empty hexes around."""
        return table_picture(state)

    def fielded(self, state: ArmadaState) -> tuple[dict[str, int], ...]:
        """Every fleet that has stood on the table, by its player and unit type."""
        from warbench.core.sim.units import count_units
        from warbench.rulesets.armada.damage import unit_type

        return count_units(
            state.players, ((fleet.side, unit_type(fleet)) for fleet in state.fleets))

    def describe(self, state: ArmadaState) -> str:
        """Round and each fleet's hull, shields and status; once the battle is over, how it
        ended and the experience the winner's officers earned."""
        lines = [f"{self.name}, round {state.round}"]
        labels = fleet_labels(state.fleets)
        for fleet in state.fleets:
            lines.append(
                f"  [{fleet.side}] {labels[fleet.id]}: hull {fleet.hull}/{fleet.hull_points}, "
                f"shields {fleet.shields}, {fleet.status}, {fleet.morale}"
                f" at {fleet.q},{fleet.r} facing {fleet.facing}"
            )
        if state.outcome is not None:
            lines.append(f"  over: {as_told(state.outcome.reason)}")
            rewards = rewards_for(state, state.outcome.winners, self.data.tables)
            lines.extend(f"  experience: {reward_text(state, reward)}" for reward in rewards)
            if not rewards:
                lines.append("  experience: none (no single winner)")
        return "\n".join(lines)
