"""Preparing a run: sides, bots and set-ups, checked before any game starts.

:func:`prepare` validates every army list with its ruleset's costs and constraints, asks the
ruleset for the set-up of each seating once, and checks the bots, so that a bad list or
scenario fails at once with the validator's messages rather than in the first game. The
result, a :class:`GamePlan`, is everything a worker needs to play any game of the run.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from warbench.core.botspec import BadBotSpec as BadBotSpec
from warbench.core.botspec import UnknownBot as UnknownBot
from warbench.core.botspec import bot_factory
from warbench.core.list_reading import ReadList
from warbench.core.lists import ArmyList
from warbench.core.rng import RandomStream
from warbench.core.ruleset import Ruleset, SetupError
from warbench.core.sim.seeds import seating
from warbench.core.words import player_name

#: Decisions after which a game is stopped and counted as unfinished.
DEFAULT_MAX_DECISIONS = 100_000


class ArmyListRejected(ValueError):
    """One or more army lists break their ruleset's rules; every violation is listed."""


class BadMatchup(ValueError):
    """Sides that cannot meet: a list for another ruleset, a wrong number of sides, ..."""


@dataclass(frozen=True, slots=True)
class Side:
    """One contender: a label for tables, and its army list (``None``: the default set-up).

    ``source`` (a file name) prefixes the list's validation messages. Without a list,
    ``force`` names what the side plays in the default set-up (its seat's fleet). ``read``:
    the list as read from its file, which names the entries that could not be read (left
    out of ``army``) and the entries its problems are in.
    """

    label: str
    army: ArmyList | None = None
    source: str = ""
    force: str = ""
    read: ReadList | None = field(default=None, compare=False, repr=False)

    @property
    def plays(self) -> str:
        """What the side plays, in words: its list's name, or its force of the set-up."""
        return self.army.name if self.army is not None else self.force or self.label

    @property
    def hash(self) -> str:
        """16 hex digits identifying what the side plays (the same list, the same hash)."""
        plain = (
            {"default set-up": self.force} if self.army is None
            else self.army.model_dump(mode="json")
        )
        text = json.dumps(plain, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def fielded(self) -> dict[str, int]:
        """Models of each unit type the list fields (empty without a list)."""
        counts: dict[str, int] = {}
        for entry in self.army.units if self.army is not None else ():
            counts[entry.unit] = counts.get(entry.unit, 0) + entry.count
        return counts


def is_mirror(sides: Sequence[Side]) -> bool:
    """Whether every side plays the same list (or the same force of the default set-up)."""
    return len(sides) > 1 and len({side.hash for side in sides}) == 1


def matchup(sides: Sequence[Side], teams: Sequence[int] | None = None) -> str:
    """The sides in words: ``A vs B``, ``A + C vs B + D`` (``teams``: each side's team),
    or ``A (mirror: every side plays it)``.

    >>> matchup([Side("Ferrum #1", force="Ferrum"), Side("Ferrum #2", force="Ferrum")])
    'Ferrum (mirror: every side plays it)'
    >>> matchup([Side("A"), Side("B"), Side("C"), Side("D")], teams=[0, 1, 0, 1])
    'A + C vs B + D'
    """
    if is_mirror(sides) and teams is None:
        return f"{sides[0].plays} (mirror: every side plays it)"
    if teams is None:
        return " vs ".join(side.label for side in sides)
    return " vs ".join(
        " + ".join(side.label for side, its in zip(sides, teams, strict=True) if its == team)
        for team in dict.fromkeys(teams)
    )


def unique_labels(names: Sequence[str]) -> list[str]:
    """``names`` with a repeated one numbered (``Ferrum #1``, ``Ferrum #2``).

    >>> unique_labels(["Ferrum", "Verdant", "Ferrum"])
    ['Ferrum #1', 'Verdant', 'Ferrum #2']
    """
    seen: dict[str, int] = {}
    labels = []
    for name in names:
        if names.count(name) == 1:
            labels.append(name)
            continue
        seen[name] = seen.get(name, 0) + 1
        labels.append(f"{name} #{seen[name]}")
    return labels


@dataclass(frozen=True, slots=True)
class GamePlan:
    """Everything needed to play game ``i`` of a run, on any worker.

    ``setups[r]`` is the set-up for seating ``r``, in which side ``j`` sits in seat
    ``(j + r) % n``; game ``i`` uses seating ``i % n``. ``bots[j]`` plays side ``j``. With
    ``fixed_seats`` (the default set-up, which ties each force to its seat) side ``j``
    always sits in seat ``j``. ``list_format`` is the format the lists were checked
    under (``None``: the ruleset's own).
    """

    ruleset: Ruleset[Any, Any]
    sides: tuple[Side, ...]
    setups: tuple[dict[str, Any], ...]
    bots: tuple[str, ...]
    seed: int
    scenario: str | None = None
    max_decisions: int = DEFAULT_MAX_DECISIONS
    keep_journals: bool = False
    fixed_seats: bool = False
    list_format: str | None = None

    def seats(self, index: int) -> tuple[int, ...]:
        """The side in each seat of game ``index``."""
        if self.fixed_seats:
            return tuple(range(len(self.sides)))
        return seating(index, len(self.sides))

    def setup(self, index: int) -> dict[str, Any]:
        """The set-up of game ``index``."""
        return self.setups[index % len(self.sides)]

    def side_teams(self) -> tuple[int, ...] | None:
        """Each side's team, when the set-ups have teams and every seating keeps the same
        sides together (as ROBOGEAR's 2 v 2 does); else ``None``."""
        found: set[tuple[int, ...]] = set()
        for index in range(len(self.sides)):
            by_seat = self.ruleset.teams(self.setup(index))
            if by_seat is None:
                return None
            seats = self.seats(index)  # the side in each seat
            team_of = dict.fromkeys(range(len(self.sides)), 0)
            for seat, side in enumerate(seats):
                team_of[side] = by_seat[seat]
            first_seen = {team: n for n, team in enumerate(dict.fromkeys(team_of.values()))}
            found.add(tuple(first_seen[team_of[side]] for side in range(len(self.sides))))
        return found.pop() if len(found) == 1 else None

    def key(self) -> str:
        """A digest of what decides the games (not their number): equal keys, equal games."""
        plain = {
            "ruleset": self.ruleset.id,
            "version": self.ruleset.version,
            **({"data": self.ruleset.data_digest} if self.ruleset.data_digest else {}),
            "sides": [side.hash for side in self.sides],
            "setups": self.setups,
            "bots": self.bots,
            "seed": self.seed,
            "scenario": self.scenario,
            "max_decisions": self.max_decisions,
            **({"fixed_seats": True} if self.fixed_seats else {}),
        }
        text = json.dumps(plain, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def default_bot(ruleset: Ruleset[Any, Any]) -> str:
    """The ruleset's first bot other than ``random``, or ``random`` if it has no other."""
    names = list(ruleset.bots())
    return next((name for name in names if name != "random"), names[0] if names else "random")


def default_sides(ruleset: Ruleset[Any, Any], players: int | None = None) -> tuple[Side, ...]:
    """Sides playing the ruleset's default set-up, each named after its seat's force."""
    count = ruleset.min_players if players is None else players
    names = ruleset.default_side_names(count)
    return tuple(
        Side(label, source=f"the default set-up, {player_name(seat)}", force=name)
        for seat, (label, name) in enumerate(zip(unique_labels(names), names, strict=True))
    )


def check_lists(
    ruleset: Ruleset[Any, Any], sides: Sequence[Side], list_format: str | None = None
) -> None:
    """Validate every side's list under ``list_format`` (``None``: the ruleset's own);
    :class:`ArmyListRejected` lists every problem of each: its entries that could not be
    read, and the rules its other entries break."""
    ruleset.check_list_format(list_format)
    problems: list[str] = []
    for side in sides:
        if side.army is None:
            continue
        where = side.source or side.label
        if side.army.ruleset != ruleset.id:
            problems.append(f"{where}: a list for {side.army.ruleset}, not {ruleset.id}")
            continue
        if ruleset.army_rules(side.army) is None:
            raise BadMatchup(f"{ruleset.id} has no army lists yet; simulate without --army")
        try:
            report = ruleset.validate_list(side.army, list_format)
        except SetupError as error:  # a list it cannot judge; the others are still checked
            problems.append(f"{where}: {error}")
            continue
        read = side.read or ReadList.whole(side.army)
        problems.extend(f"{where}: {problem}" for problem in read.problems(report.violations))
    if problems:
        raise ArmyListRejected("\n".join(problems))


def prepare(
    ruleset: Ruleset[Any, Any],
    sides: Sequence[Side],
    *,
    seed: int = 1,
    scenario: str | None = None,
    bots: Sequence[str] = (),
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    keep_journals: bool = False,
    list_format: str | None = None,
) -> GamePlan:
    """Check the sides, bots and scenario, and build the plan; nothing is played.

    ``bots`` holds no name (the ruleset's :func:`default_bot` for all), one (for all) or
    one per side, each a name with options if the bot takes any (``search:iterations=64``,
    see :mod:`warbench.core.botspec`). The lists are checked under ``list_format``. Raises
    :class:`ArmyListRejected`, :class:`UnknownBot`, :class:`BadBotSpec`,
    :class:`BadMatchup` or the ruleset's :class:`~warbench.core.ruleset.SetupError`.
    """
    ruleset.check_players(len(sides))
    with_lists = [side.army is not None for side in sides]
    if any(with_lists) and not all(with_lists):
        raise BadMatchup("either every side has an army list or none has")
    if list_format is not None and not any(with_lists):
        raise BadMatchup(f"--format {list_format} checks army lists; give them with --army")
    if scenario is not None and scenario in ruleset.list_formats():
        raise BadMatchup(
            f"scenario {scenario!r} is a list format: check the lists under it with --format "
            f"{scenario}"
        )
    check_lists(ruleset, sides, list_format)
    if max_decisions < 1:
        raise BadMatchup(f"the decision limit must be at least 1, not {max_decisions}")
    chosen = _bots(ruleset, bots, len(sides))
    setups = tuple(_setup(ruleset, sides, rotation, scenario) for rotation in range(len(sides)))
    for setup in setups:  # a set-up the opening state refuses would fail every game
        ruleset.new_state(setup, len(sides), RandomStream.from_seed(0))
    return GamePlan(
        ruleset,
        tuple(sides),
        setups,
        chosen,
        seed,
        scenario,
        max_decisions,
        keep_journals,
        fixed_seats=not any(with_lists),
        list_format=list_format,
    )


def _bots(ruleset: Ruleset[Any, Any], names: Sequence[str], sides: int) -> tuple[str, ...]:
    if not names:
        names = [default_bot(ruleset)]
    if len(names) == 1:
        names = list(names) * sides
    if len(names) != sides:
        raise BadMatchup(f"give one bot for all sides or one per side ({sides}), not {len(names)}")
    for name in names:  # a name with options (search:iterations=64) is checked whole
        bot_factory(ruleset, name)
    return tuple(names)


def _setup(
    ruleset: Ruleset[Any, Any], sides: Sequence[Side], rotation: int, scenario: str | None
) -> dict[str, Any]:
    order = seating(rotation, len(sides))
    armies = [sides[side].army for side in order]
    if any(army is None for army in armies):  # the default set-up, with the scenario's options
        setup = (ruleset.default_setup() if scenario is None
                 else ruleset.default_setup_with(scenario.split(","), len(sides)))
    else:
        setup = ruleset.setup_for([army for army in armies if army is not None], scenario)
    try:
        json.dumps(setup)
    except (TypeError, ValueError) as error:
        raise SetupError(f"{ruleset.id}: the set-up is not plain JSON ({error})") from None
    return setup
