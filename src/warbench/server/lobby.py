"""The lobby's questions: which rulesets, bots and formats there are; checking pasted lists;
turning a lobby form into a game's set-up and seats.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pydantic

from warbench.core.botspec import BadBotSpec, ConfigurableBot, UnknownBot, bot_factory
from warbench.core.catalog import DataFileError, parse_model, parse_toml
from warbench.core.list_reading import read_list
from warbench.core.lists import ArmyList
from warbench.core.ruleset import Ruleset, SetupError
from warbench.core.search.bot import SearchFactory
from warbench.core.words import player_name
from warbench.server.store import Seat

if TYPE_CHECKING:
    from warbench.core.agents import Agent

#: The most characters a pasted army list may have.
MAX_LIST_CHARS = 100_000

#: The search bot's strengths the lobby names, each as its options: a time budget per
#: searched decision (``ms``, wall-clock), or the ruleset's own budget (``default``).
SEARCH_STRENGTHS: dict[str, str] = {"quick": "ms=100", "default": "", "strong": "ms=2000"}
#: The longest a search bot seated by the lobby thinks over one decision, in milliseconds
#: (engine default): a seat's options may ask for less, never more, so a game a visitor
#: makes cannot hold a server thread for hours. The world under way is finished.
MAX_SEARCH_MS = 10_000.0


class LobbyError(ValueError):
    """A lobby form that cannot start a game; ``problems`` lists every reason."""

    def __init__(self, message: str, problems: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems)


class SeatForm(pydantic.BaseModel):
    """One seat of the form: a person, or a bot by name, with options as the command line
    takes them (``search:ms=500``)."""

    model_config = pydantic.ConfigDict(extra="forbid")
    kind: str = pydantic.Field(default="person", pattern="^(person|bot)$")
    bot: str = pydantic.Field(default="", max_length=200)


class GameForm(pydantic.BaseModel):
    """The lobby's form for a new game."""

    model_config = pydantic.ConfigDict(extra="forbid")
    ruleset: str
    seats: list[SeatForm] = pydantic.Field(min_length=1, max_length=8)
    lists: list[str] = pydantic.Field(default_factory=list, max_length=8)
    format: str | None = None
    scenario: str | None = None
    options: list[str] = pydantic.Field(default_factory=list, max_length=8)
    referee: bool = False
    #: One screen for every person seat: the page shows and acts as the person to act.
    one_screen: bool = False
    seed: int | None = pydantic.Field(default=None, ge=0, le=2**63 - 1)


def form_default(default: str) -> str:
    """An attack option's default (as :meth:`option_help` writes it) as the grey hint of its
    empty box on the table: ``auto`` where nothing given means worked out from the units,
    text without its quotes, yes/no without Python's ``True``/``False``.

    >>> [form_default(d) for d in ("None", "''", "'hits'", "6", "required", "False", "True")]
    ['auto', '', 'hits', '6', 'required', 'no', 'yes']
    """
    if default == "None":
        return "auto"
    if default in ("False", "True"):
        return "no" if default == "False" else "yes"
    if len(default) >= 2 and default[0] == default[-1] and default[0] in "'\"":
        return default[1:-1]
    return default


def ruleset_info(rules: Ruleset[Any, Any]) -> dict[str, Any]:
    """What the lobby and the table show of a ruleset."""
    return {
        "id": rules.id,
        "name": rules.name,
        "version": rules.version,
        "players": [rules.min_players, rules.max_players],
        "bots": list(rules.bots()),
        "bot_options": bot_options(rules),
        "formats": list(rules.list_formats()),
        "scenarios": scenario_menu(rules),
        "options": dict(rules.setup_options()),
        "choices": {
            name: {"group": choice.group, "players": list(choice.players)}
            for name, choice in rules.setup_choices().items()
        },
        "attacks": {
            name: {
                "summary": attack.summary,
                "options": [
                    {"name": key, "caption": key.replace("_", " "),
                     "default": form_default(default), "help": text}
                    for key, default, text in attack.option_help()
                ],
            }
            for name, attack in rules.attacks().items()
        },
    }


def bot_options(rules: Ruleset[Any, Any]) -> dict[str, dict[str, Any]]:
    """Each bot of the ruleset that takes options, with the strengths the lobby names for it
    (the search bot's :data:`SEARCH_STRENGTHS`; none for another)."""
    return {
        name: {"strengths": dict(SEARCH_STRENGTHS) if isinstance(factory, SearchFactory) else {}}
        for name, factory in rules.bots().items()
        if isinstance(factory, ConfigurableBot)
    }


def seat_bot(rules: Ruleset[Any, Any], text: str) -> Callable[[int], Agent]:
    """The factory (seed -> agent) of a seat's bot, ``NAME[:KEY=VALUE,...]`` read by the
    command line's parser (:func:`~warbench.core.botspec.bot_factory`); only one of the
    ruleset's own bots, never a file or module to import. :class:`UnknownBot` or
    :class:`BadBotSpec` says what is wrong in one line."""
    offered = rules.bots()
    name = text.partition(":")[0]
    if name not in offered:
        raise UnknownBot(f"{rules.id} has no bot {name!r} (bots: {', '.join(offered)})")
    factory = bot_factory(rules, text)
    if isinstance(factory, SearchFactory):
        ms = factory.budget.ms
        if ms is not None and ms > MAX_SEARCH_MS:
            raise BadBotSpec(f"bot {name!r} option 'ms': at most {MAX_SEARCH_MS:.0f} on the "
                             f"web table (asked {ms:g})")
        # a budget in worlds that finishes sooner plays as on the command line
        return replace(factory, budget=replace(factory.budget, ms=ms or MAX_SEARCH_MS))
    return factory


def _seat_problem(rules: Ruleset[Any, Any], index: int, seat: SeatForm) -> str | None:
    """What is wrong with a bot seat's name and options, naming the seat; ``None`` if
    nothing (or a person sits there)."""
    if seat.kind != "bot":
        return None
    try:
        seat_bot(rules, seat.bot)
    except (UnknownBot, BadBotSpec) as error:
        return f"{player_name(index)}: {error}"
    return None


def scenario_menu(rules: Ruleset[Any, Any]) -> list[dict[str, str]]:
    """The lobby's Scenario choice for army lists: the ruleset's default first, then its other
    scenarios; each the ``value`` the form sends (empty for a default with no name: the form
    then sends none) and its ``caption``. Empty where :meth:`Ruleset.setup_for` takes none."""
    names = rules.list_scenarios()
    if not names:
        return []
    default = rules.default_list_scenario()
    first = {"value": default if default in names else "", "caption": f"{default} (default)"}
    return [first, *({"value": name, "caption": name} for name in names if name != default)]


def game_kind(rules: Ruleset[Any, Any], setup: Mapping[str, Any], players: int,
              one_screen: bool) -> str:
    """What kind of game a lobby row is, in words: who plays with whom, and one screen.

    >>> from types import SimpleNamespace
    >>> rules = SimpleNamespace(teams=lambda setup: setup.get("teams"))
    >>> game_kind(rules, {}, 2, True), game_kind(rules, {}, 3, False)
    ('one against one, on one screen', 'a free-for-all of 3')
    >>> game_kind(rules, {"teams": [0, 1, 0, 1]}, 4, False)
    'teams: player 1 + player 3 v player 2 + player 4'
    """
    try:
        teams = rules.teams(setup)
    except (ValueError, KeyError, TypeError):  # a set-up the ruleset cannot read: say less
        teams = None
    if teams is not None and len(set(teams)) < len(teams):
        groups = [" + ".join(player_name(seat) for seat, team in enumerate(teams) if team == one)
                  for one in sorted(set(teams))]
        kind = "teams: " + " v ".join(groups)
    elif players > 2:
        kind = f"a free-for-all of {players}"
    else:
        kind = "one against one"
    return kind + (", on one screen" if one_screen else "")


def parse_list(text: str, number: int) -> ArmyList:
    """A pasted army list; :class:`DataFileError` names the line or key at fault."""
    return parse_model(_list_table(text, number), ArmyList, _source(number))


def _source(number: int) -> str:
    return f"{player_name(number)}'s list"


def _list_table(text: str, number: int) -> dict[str, Any]:
    """A pasted list's TOML, not yet read as a list."""
    if len(text) > MAX_LIST_CHARS:
        raise LobbyError(f"{_source(number)}: longer than {MAX_LIST_CHARS} characters")
    if not text.strip():
        raise LobbyError(f"{_source(number)}: nothing is pasted (paste a list for every seat,"
                         " or choose the default scenario)")
    return parse_toml(text, _source(number))


def check_lists(
    rules: Ruleset[Any, Any], texts: Sequence[str], list_format: str | None
) -> list[dict[str, Any]]:
    """A report per pasted list: its name, points and every problem (or why it cannot be
    read). An entry that cannot be read is named with its problem, and the rules are
    checked on the other entries all the same, so every problem shows at once."""
    reports: list[dict[str, Any]] = []
    for number, text in enumerate(texts):
        try:
            read = read_list(_list_table(text, number), _source(number))
            report = rules.validate_list(read.army, list_format)
        except (DataFileError, SetupError, LobbyError) as error:
            reports.append({"list": number + 1, "seat": number, "ok": False,
                            "problems": str(error).splitlines()})
            continue
        problems = read.problems(report.violations)
        reports.append(
            {
                "list": number + 1,
                "seat": number,
                "name": read.army.name,
                "points": report.total_points,
                "ok": report.ok and not read.unread,
                "problems": problems,
            }
        )
    return reports


def seats_and_setup(rules: Ruleset[Any, Any], form: GameForm) -> tuple[list[Seat], dict[str, Any]]:
    """The seats and the set-up a form asks for; :class:`LobbyError` lists every problem."""
    problems = [
        problem
        for index, seat in enumerate(form.seats)
        if (problem := _seat_problem(rules, index, seat)) is not None
    ]
    try:
        rules.check_players(len(form.seats))
    except SetupError as error:
        problems.append(str(error))
    if problems:
        raise LobbyError("the seats cannot be filled", problems)
    seats = [Seat(seat.kind, seat.bot if seat.kind == "bot" else "") for seat in form.seats]
    if not form.lists:
        if form.scenario:
            raise LobbyError("a scenario is chosen with army lists; paste one list per seat")
        try:
            return seats, rules.default_setup_with(form.options, len(seats))
        except SetupError as error:
            raise LobbyError(str(error)) from None
    if len(form.lists) != len(seats):
        raise LobbyError(f"paste one army list per seat ({len(seats)}), not {len(form.lists)}")
    reports = check_lists(rules, form.lists, form.format)
    if not all(report["ok"] for report in reports):
        raise LobbyError("the army lists break rules", reports)
    armies = [parse_list(text, number) for number, text in enumerate(form.lists)]
    scenario = ",".join(filter(None, [form.scenario, *form.options])) or None
    try:
        return seats, rules.setup_for(armies, scenario or form.format)
    except SetupError as error:
        raise LobbyError(str(error)) from None
