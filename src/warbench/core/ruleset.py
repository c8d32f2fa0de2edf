"""The ruleset interface: what a rule system tells the core about itself.

A ruleset declares up front its id, version, player counts and action types (the way
OpenSpiel games declare their type), builds the opening state from a setup, and may offer
views, bots and a table picture. The core knows rulesets only through this interface and
the registry.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from warbench.core.actions import Action, ActionCodec
from warbench.core.attacks import AttackOdds, OddsAnswer
from warbench.core.cards import UnitCard
from warbench.core.catalog import Record
from warbench.core.datafolder import DataFolder
from warbench.core.events import Event, EventCodec
from warbench.core.lists import (
    ArmyList,
    ConstraintSet,
    UnitInfo,
    ValidationReport,
    Violation,
    faction_violations,
    role_violations,
    selector_problems,
    validate,
)
from warbench.core.odds import Dist
from warbench.core.plain import Hidden, to_plain
from warbench.core.preview import Preview, action_words
from warbench.core.procedures import D, S
from warbench.core.redaction import observed_state
from warbench.core.rng import RandomStream
from warbench.core.scene import Scene, units_by_label
from warbench.core.table import Attack, TablePicture
from warbench.core.victory import Victory
from warbench.core.words import as_told, player_name

if TYPE_CHECKING:
    from warbench.core.agents import Agent
    from warbench.core.decisions import Decision


@dataclass(frozen=True, slots=True)
class ArmyRules:
    """How a ruleset prices and checks army lists: unit costs and tags, and constraints;
    the factions a list may name (empty: any), the units the ruleset knows that this
    list may not field, each with why (``elsewhere``: another faction's or race's), and the
    roles an entry may give (``None``: the ruleset checks roles itself; empty: none)."""

    lookup: Mapping[str, UnitInfo]
    constraints: ConstraintSet
    factions: tuple[str, ...] = ()
    elsewhere: Mapping[str, str] = field(default_factory=dict)
    roles: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class SetupChoice:
    """How a lobby offers one of :meth:`Ruleset.setup_options`: ``group`` names options of
    which one at most is chosen (shown as radio buttons; '' for none), ``players`` the
    player counts it fits (empty: any)."""

    group: str = ""
    players: tuple[int, ...] = ()


class SetupError(ValueError):
    """A game set-up (armies, scenario, player count) that a ruleset cannot start from."""


class ConstraintsError(SetupError):
    """A player's constraint set that names tags or units the ruleset's units lack."""


def entry_names(
    entries: object, players: int, name_of: Callable[[str], str]
) -> tuple[str, ...]:
    """The name of each of the first ``players`` forces a set-up lists (``entries``): a
    force written out in full names itself (``name``), one given by id is named by
    ``name_of`` (an unknown id: ``""``); empty when ``entries`` lists fewer forces.

    >>> entry_names([{"name": "Red Talon"}, "blue"], 2, lambda key: key.title())
    ('Red Talon', 'Blue')
    >>> entry_names(["blue"], 2, str)
    ()
    """
    if not isinstance(entries, list) or len(entries) < players:
        return ()
    names = []
    for entry in entries[:players]:
        if isinstance(entry, Mapping):
            names.append(str(entry.get("name", "")))
        else:
            try:
                names.append(name_of(str(entry)))
            except KeyError:
                names.append("")
    return tuple(names)


class Ruleset(ABC, Generic[S, D]):
    """One rule system. Subclass it once per system and register the subclass.

    ``Ruleset[MyState, MyData]`` names the ruleset's state and data types: procedures,
    games and observations of it then reach ``state`` and ``data`` typed. The data is loaded
    once per ruleset instance, from the shipped files (``shipped_data``) with a player's own
    folder (``data_dir``) read first.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    version: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: Players in ``warbench demo`` (``None``: ``min_players``).
    demo_players: ClassVar[int | None] = None
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: Whether the rules may refuse an action after changing the state (say, after a roll).
    #: Bot matches and simulations skip the per-action snapshot when this is False.
    late_refusals: ClassVar[bool] = True
    #: The rule ID the engine's own refusals end with (the game is over, the seat owes no
    #: decision, the action is no option of it): the ruleset's row for the engine's checks;
    #: ``None``: they name none.
    refusal_rule: ClassVar[str | None] = None
    #: The event types this ruleset emits (the core's own are always known).
    event_types: ClassVar[tuple[type[Event], ...]] = ()
    #: The folder of data files this ruleset ships, if it has any.
    shipped_data: ClassVar[Path | None] = None
    #: The data files a player's copy adds entries to (replacing those of the same id)
    #: rather than replacing whole (``DataFolder.by_entry``).
    data_by_entry: ClassVar[frozenset[str]] = frozenset()
    #: What a side's score at the end of a game counts, in words (reports say it beside
    #: the scores; empty: the ruleset does not say).
    score_meaning: ClassVar[str] = ""
    #: What simulation reports credit a unit type with for the enemy models its attacks
    #: took out, in words (empty: the points of the enemy models it destroyed, at their
    #: cost in the lists; ``docs/simulate.md``, unit events).
    points_destroyed_meaning: ClassVar[str] = ""
    #: The state fields where secrets (``Hidden`` values) may live, stack included; an
    #: observation copies only those and shares the rest. ``None``: copy the whole state.
    secret_fields: ClassVar[tuple[str, ...] | None] = None
    #: The player's own data folder, read before the shipped one (``None``: shipped only).
    data_dir: Path | None = None

    def __init__(self, data_dir: str | os.PathLike[str] | None = None) -> None:
        self.data_dir = None if data_dir is None else Path(data_dir)
        if self.data_dir is not None:
            self.data_folder.check()

    @cached_property
    def data_folder(self) -> DataFolder:
        """Where the data files are read: the player's folder first, then the shipped one."""
        shipped = self.shipped_data if self.shipped_data is not None else Path(".")
        return DataFolder(shipped, self.data_dir, self.data_by_entry)

    @cached_property
    def data_digest(self) -> str | None:
        """The digest of the player's data files (``None`` when playing the shipped data).

        Journals record it, so a replay with other data is refused.
        """
        return self.data_folder.digest()

    @cached_property
    def data(self) -> D:
        """This ruleset's data (catalog, tables, cards), loaded once from its data folder;
        a problem with a file the player changed names the file that set its key. The
        digest is taken first, so a file edited while it is read is seen as changed."""
        _ = self.data_digest
        return self.data_folder.load(self.load_data)

    def load_data(self, folder: DataFolder) -> D:
        """Load the data files from ``folder`` (``folder.load_toml(name)`` reads each file,
        the player's changes merged in)."""
        raise NotImplementedError(f"{self.id} has no data files")

    @abstractmethod
    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> S:
        """The opening state, its stack holding the first procedure; raise SetupError."""

    def default_setup(self) -> dict[str, Any]:
        """A set-up that starts a sensible game with no further input (for demos)."""
        return {}

    def setup_options(self) -> Mapping[str, str]:
        """Named variations of the default set-up a lobby may offer (name: what it does)."""
        return {}

    def setup_choices(self) -> Mapping[str, SetupChoice]:
        """How a lobby offers those of :meth:`setup_options` that exclude each other or fit
        only some player counts (the others: any number, together)."""
        return {}

    def default_setup_with(self, options: Sequence[str], players: int) -> dict[str, Any]:
        """The default set-up for ``players`` with the :meth:`setup_options` named; raise
        :class:`SetupError` for an option unknown or unfit for that many players."""
        if options:
            raise SetupError(f"{self.id} offers no set-up options ({', '.join(options)})")
        return self.default_setup()

    def teams(self, setup: Mapping[str, Any]) -> tuple[int, ...] | None:
        """The team of each seat in a game of ``setup`` (seats of one team win together),
        or ``None`` when every seat plays for itself. Default: ``None``."""
        return None

    def default_side_names(self, players: int) -> tuple[str, ...]:
        """What each seat plays in the default set-up for ``players``, in words (a fleet's
        name): simulation reports name their sides after it. Default: ``player k``, counted
        from 1."""
        return tuple(player_name(seat) for seat in range(players))

    def side_names(self, setup: Mapping[str, Any], players: int) -> tuple[str, ...]:
        """What each seat plays in a game of ``setup``, in words, for a picture's legend:
        the :meth:`default_side_names` when ``setup`` is the default set-up, else empty
        names (unknown; the legend then says ``player k``)."""
        try:
            if dict(setup) == self.default_setup():
                names = self.default_side_names(players)
                if len(names) == players:
                    return names
        except (SetupError, ValueError, KeyError, IndexError):  # no default set-up to name
            pass
        return ("",) * players

    def check_players(self, players: int) -> None:
        """Raise :class:`SetupError` unless this many players may play."""
        if not self.min_players <= players <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise SetupError(f"{self.id} is played by {span} players, not {players}")

    def view(self, state: S, player: int) -> dict[str, Any]:
        """What ``player`` may see of ``state``: everything but others' hidden values."""
        view: dict[str, Any] = to_plain(state, viewer=player)
        return view

    def observe(self, state: S, player: int) -> S:
        """What ``player`` may know of ``state``: secrets it may not see hold ``REDACTED``."""
        return observed_state(state, player, self.secret_fields)

    def determinize(self, state: S, player: int, rng: RandomStream) -> None:
        """Fill in, in place, the secrets ``player`` cannot see in an observed ``state``.

        ``state`` is what :meth:`Game.observe` gave the seat: every value hidden from it
        holds :data:`~warbench.core.plain.REDACTED`. Draw a value for each with ``rng``
        that is consistent with what ``player`` knows (unseen cards from the unseen pool;
        an order not yet revealed may be withdrawn so that the game asks for it again),
        so a search can play on. This default withdraws the unseen orders of
        :class:`~warbench.core.turns.SimultaneousOrders` frames; rulesets with other
        secrets override it.
        """
        from warbench.core.turns import withdraw_unseen_orders

        withdraw_unseen_orders(state, player)
        for secret in Hidden.unseen_in(state, player):
            raise NotImplementedError(
                f"{self.id} cannot sample the secret of {player_name(secret.owner)} for a search"
            )

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

    def list_scenarios(self) -> tuple[str, ...]:
        """The scenarios :meth:`setup_for` takes by name, apart from the
        :meth:`setup_options` (a lobby offers those as options); empty where it takes none."""
        return ()

    def default_list_scenario(self) -> str:
        """What :meth:`setup_for` plays given no scenario: one of :meth:`list_scenarios`,
        or the table it sets up in words where that has no name."""
        return ""

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

    def check_list_format(self, list_format: str | None) -> None:
        """Raise :class:`SetupError` if ``list_format`` is not one of this ruleset's
        (``None``, its own, always is)."""
        formats = self.list_formats()
        if list_format is not None and list_format not in formats:
            if not formats:
                raise SetupError(f"{self.id} has no list format {list_format!r}: its lists have"
                                 " one set of rules, checked without --format")
            raise SetupError(f"{self.id} has no list format {list_format!r} (formats:"
                             f" {', '.join(formats)})")

    def validate_list(
        self,
        army: ArmyList,
        list_format: str | None = None,
        constraints: ConstraintSet | None = None,
    ) -> ValidationReport:
        """Every rule ``army`` breaks: the format's constraints (or ``constraints``) and the
        system's own list rules. Raises :class:`SetupError` for a list it cannot judge, and
        :class:`ConstraintsError` for ``constraints`` naming tags or units no unit has."""
        if army.ruleset != self.id:
            raise SetupError(f"ruleset: the list is for {army.ruleset}, not {self.id}")
        self.check_list_format(list_format)
        rules = self.army_rules(army, list_format)
        if rules is None:
            raise SetupError(f"ruleset: {self.id} has no army lists yet")
        if constraints is not None and (problems := selector_problems(constraints, rules.lookup)):
            raise ConstraintsError("; ".join(problems))
        chosen = rules.constraints if constraints is None else constraints
        report = validate(army, chosen.constraints, rules.lookup, rules.elsewhere)
        extra = [
            violation
            for violation in self.list_violations(army, list_format)
            if violation not in report.violations
        ]
        first = faction_violations(army, rules.factions)
        if rules.roles is not None:
            first = [*first, *role_violations(army, rules.roles, self.name)]
        violations = (*first, *report.violations, *extra)
        return ValidationReport(report.priced, violations, report.cap)

    def catalog(self) -> Mapping[str, Record] | None:
        """The unit catalog (id to record), or ``None`` if this ruleset has none yet."""
        return None

    def catalog_side(self, faction: str) -> str:
        """The side of the catalog (an entry's faction, nation or race) whose entries an army
        list of ``faction`` fields, for ``warbench catalog --faction``. Default: the faction
        itself; a ruleset whose lists name factions of a wider side maps them here, as its
        list validator does (Full Thrust: a ``concord`` fleet fields ``human`` designs)."""
        return faction

    def list_factions(self) -> tuple[str, ...]:
        """The factions an army list may name where they are more than the catalog's sides
        (``warbench catalog --faction`` names them when refusing one); default: none."""
        return ()

    def unit_card(self, unit_id: str) -> UnitCard | None:
        """The stat card of the catalog entry ``unit_id`` (``warbench catalog --unit``), or
        ``None`` where this ruleset describes no cards (the entry is then shown as data).
        ``unit_id`` is a key of :meth:`catalog`."""
        return None

    def attacks(self) -> Mapping[str, AttackOdds]:
        """The attacks whose exact odds this ruleset answers, by name."""
        return {}

    def action_text(self, state: S, action: Action) -> str:
        """``action`` in words for a person, judged from ``state`` (what the acting seat may
        know): the names of the units it refers to rather than their numbers. The default
        is :func:`~warbench.core.preview.action_words`, the action's type and fields."""
        return action_words(action)

    def action_fields(self, state: S, action: Action) -> Mapping[str, tuple[str, str]]:
        """The fields of an option that a form lists one by one, each as its caption and
        its value in words (Full Thrust's orders: ``{"speed": ("speed change (thrust 4)",
        "+2 (to 6)")}``), judged from ``state``. The web table lists a field by them where
        every option gives its words; the default gives none (options are then listed
        whole, in words, where a field names a piece)."""
        return {}

    def field_value_words(self, state: S, action: Action, field: str) -> str | None:
        """The value of ``action``'s ``field`` in words for a form's list (ROBOGEAR's
        ``Shoot.target`` 11: ``"11 Mantis walker"``), judged from ``state``, or ``None``
        where a number says it as well; a number naming nothing there says so
        (:func:`~warbench.core.preview.unnamed`: ``"unit 17 — not on the table"``). The web
        table lists a parameter space's field whose drawn values all have words as a choice
        of those words, and shows a value outside that list (typed) in them; the default
        gives none."""
        return None

    def field_help(self, action_type: type[Action], field: str) -> tuple[str, str] | None:
        """A form's caption for ``action_type``'s ``field`` and the hint its hover shows,
        in words (Armada: ``("fleet aimed at", "the fleet the order is given at")``), or
        ``None``: the field's name in words and a hint of the kind of value it takes
        (``server.snapshot.field_specs``)."""
        return None

    def field_values(self, state: S, action: Action, field: str) -> Sequence[Any] | None:
        """Every value ``action``'s ``field`` may take, the rest of it as it is, where the
        rules bound them to a few (a Dystopian Wars move's level: the levels its model may
        move at; an attack's split dice: its gun's whole dice, or from one die up to those
        it has left), judged from ``state``; ``None`` where the legal actions drawn say
        enough. The web table lists them all beside the values those actions hold, each in
        :meth:`field_value_words` (a value not legal with the rest still gets the rules'
        reason once chosen); the default bounds none."""
        return None

    def action_aside(self, state: S, action: Action) -> str | None:
        """A caption for ``action`` where it is a legal choice a player seldom wants (HORDES:
        a charge or an attack at one's own model), judged from ``state``: the web table
        lists such options after the others, folded under that caption. The default sets
        none aside."""
        return None

    def action_target(self, state: S, action: Action) -> str | None:
        """The label of the table picture's piece ``action`` aims at (its target), or
        ``None``: the web table picks the option aiming at a piece when it is clicked."""
        return None

    def action_preview(self, state: S, action: Action) -> Preview:
        """Where the pieces ``action`` moves would stand after it, by this ruleset's own
        movement, judged from ``state`` (what the acting seat may know); the default
        predicts nothing."""
        return Preview()

    def action_from_drag(
        self, state: S, decisions: Sequence[Decision], label: str, x: float, y: float
    ) -> Action | None:
        """The action a seat owing ``decisions`` means by dragging the piece ``label`` to
        ``(x, y)`` (legal or not: the table shows why not), or ``None`` when a drag of that
        piece means nothing now. The default: none."""
        return None

    def drag_refusal(self, state: S, decisions: Sequence[Decision], label: str) -> str | None:
        """Why dragging the piece ``label`` means nothing now, in the rules' words (with the
        clause), where :meth:`action_from_drag` gives no action; ``None``: the table says
        only that it means nothing now. The default: none."""
        return None

    def action_from_turn(
        self, state: S, decisions: Sequence[Decision], label: str, heading: float
    ) -> Action | None:
        """The action a seat owing ``decisions`` means by turning the piece ``label`` on the
        spot to face ``heading`` (degrees clockwise from up the table; legal or not), or
        ``None`` when turning that piece means nothing now. The default: none."""
        return None

    def action_odds(self, state: S, action: Action) -> OddsAnswer | None:
        """The exact odds of the attack ``action`` would declare, judged from ``state`` (what
        the acting seat may know), or ``None`` when it declares none this ruleset answers;
        :meth:`OddsAnswer.withholding` where it declares one whose exact odds cannot be
        known yet (the web table then says why, with no numbers).

        The web table shows them beside each attack offered, before it is declared.
        """
        return None

    def effect_odds(self, data: D, query: str, args: tuple[int, ...]) -> Dist:
        """The exact distribution a :class:`~warbench.core.events.RollEffect` with
        ``query`` names (a roll plain dice fields cannot describe), for luck reports.

        Answer from the ruleset's odds modules, cached; a query this ruleset does not
        know is a ``ValueError`` naming it.
        """
        raise ValueError(f"{self.id} answers no luck query {query!r} {list(args)}")

    def table(self, state: S) -> TablePicture | None:
        """A picture of the table in ``state``, or ``None`` if this ruleset draws none."""
        return None

    def victory(self, state: S) -> Victory | None:
        """How the game is won and how it stands now, judged from ``state`` (what one seat
        may know): the web table shows it beside the board. ``None`` (the default): the
        ruleset does not say."""
        return None

    def outcome_text(self, state: S) -> str:
        """How the game ended, in words for people (the game-over line of the log, the
        result the web table, the lobby and ``warbench demo`` show): the outcome's reason,
        kept in ``state`` and hashed with it, numbered as people count seats
        (:func:`~warbench.core.words.as_told`); ``""`` while the game goes on. A ruleset
        may name its pieces there as its board labels them, the state left as it is."""
        return as_told(state.outcome.reason) if state.outcome is not None else ""

    def attacks_drawn(self, state: S, events: Sequence[Event]) -> tuple[Attack, ...]:
        """The attacks among ``events`` (those of one step), drawn on the table of ``state``
        (the state after that step): shooter to target, with the arc and range band used.
        The default draws none."""
        return ()

    def scene(self, state: S, units: Mapping[str, str]) -> Scene:
        """What to draw for one seat: ``state`` is what that seat may know.

        ``units`` maps a piece's label to its catalog unit (see :func:`units_by_label`).
        The default is the :meth:`table` picture with those units; override it to add what
        the picture cannot say.
        """
        return Scene.from_picture(self.table(state), units)

    def unit_names(self, view: Mapping[str, Any]) -> dict[str, str]:
        """Which catalog unit each named thing of a seat's ``view`` is (for :meth:`scene`)."""
        return units_by_label(view, self.catalog())

    def describe(self, state: S) -> str:
        """A short English summary of the state, for the narrator and the CLI."""
        return f"{self.name}: {len(state.stack)} procedures on the stack"

    def observation_terms(self) -> tuple[str, ...]:
        """Words of a view that tell apart what a seat must know (card names, say): the
        learning encoding (:mod:`warbench.rl.encoding`) gives each its 1-based index here,
        where other text takes no slot. Default: none."""
        return ()

    def fielded(self, state: S) -> tuple[dict[str, int], ...] | None:
        """Each player's units of each type that have stood on the table by ``state``, the
        destroyed ones too, named as its unit events name them (:mod:`warbench.core.sim.
        units`): what ``simulate`` counts survival against for a side that plays the
        default set-up without an army list. ``None`` (the default): it does not count."""
        return None

    @cached_property
    def codec(self) -> ActionCodec:
        """Decoder for this ruleset's actions."""
        return ActionCodec(self.action_types)

    @cached_property
    def event_codec(self) -> EventCodec:
        """Decoder for this ruleset's events (and the core's)."""
        return EventCodec(self.event_types)
