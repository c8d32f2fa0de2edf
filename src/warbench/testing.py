"""The conformance kit: the checks every ruleset must pass before its own tests.

Like OpenSpiel's random-play test, it plays many games with random agents and checks, for
any ruleset, what the engine promises:

- every game reaches its end without an error;
- replaying the journal reproduces every recorded state hash;
- a refused action leaves the state, events and journal exactly as they were;
- a journal saved to JSON and loaded back replays to the same state;
- a game played in referee mode (typed faces) replays from its journal;
- a copied game is independent of the original;
- a player's view, and the standing it is told (``Ruleset.victory``), do not change when
  another player's secrets change, and the view never shows the random stream
  (non-interference: what a player sees cannot depend on what they may not see);
- every bot of the ruleset chooses the same action when the other seats' secrets change
  (agents decide from their seat's observation only), and an observation's sample of the
  hidden state is reproducible from its seed.

Use it from a ruleset's tests::

    from warbench.testing import assert_conforms
    def test_conformance():
        assert_conforms(ruleset("armada"), games=20)
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from warbench.core.actions import Action
from warbench.core.agents import RandomAgent
from warbench.core.botspec import ConfigurableBot
from warbench.core.dice import RefereeDice
from warbench.core.engine import Game, IllegalAction, clone_state
from warbench.core.events import Event, UnitDamaged, UnitDestroyed
from warbench.core.journal import Journal
from warbench.core.match import play_next_decision
from warbench.core.odds import Dist
from warbench.core.plain import REDACTED, Hidden, canonical_json
from warbench.core.replay import ReplayMismatch, replay
from warbench.core.rng import RandomStream, seed_for
from warbench.core.ruleset import Ruleset
from warbench.core.words import player_name

#: z for a one-sided p of 0.001: the level at which rolls are judged not to fit the odds.
Z_999 = 3.0902

#: What the probe writes into secrets it does not own, to see if a view changes.
SECRET_PROBE = "\u00a7probe\u00a7"


@dataclass(slots=True)
class ConformanceReport:
    """What the kit played and every problem it found."""

    games: int = 0
    decisions: int = 0
    refusals_checked: int = 0
    views_checked: int = 0
    agents_checked: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No problem found."""
        return not self.problems

    def __str__(self) -> str:
        lines = [
            f"{self.games} games, {self.decisions} decisions, "
            f"{self.refusals_checked} refusals, {self.views_checked} views and"
            f" {self.agents_checked} agent choices checked",
            "outcomes: " + ", ".join(f"{k} x{v}" for k, v in sorted(self.outcomes.items())),
        ]
        lines += [f"PROBLEM: {problem}" for problem in self.problems]
        return "\n".join(lines)


def check_ruleset(
    ruleset: Ruleset[Any, Any],
    *,
    games: int = 20,
    seed: int = 0,
    setups: Sequence[Mapping[str, Any]] | None = None,
    player_counts: Sequence[int] | None = None,
    max_decisions: int = 20_000,
    probe_every: int = 5,
    agent_probe_factor: int = 4,
) -> ConformanceReport:
    """Play ``games`` random games and run every check; return the report (never raises)."""
    report = ConformanceReport()
    chosen_setups = list(setups) if setups else [ruleset.default_setup()]
    counts = list(player_counts) if player_counts else list(
        range(ruleset.min_players, ruleset.max_players + 1)
    )
    for index in range(games):
        game_seed = seed_for(seed, index)
        setup = chosen_setups[index % len(chosen_setups)]
        players = counts[index % len(counts)]
        label = f"game {index} (seed {game_seed}, {players} players)"
        try:
            _check_one_game(
                ruleset,
                setup,
                players,
                game_seed,
                (max_decisions, probe_every, agent_probe_factor),
                label,
                report,
            )
        except Exception as error:  # the kit reports, it does not stop at the first failure
            report.problems.append(f"{label}: {type(error).__name__}: {error}")
        report.games += 1
    return report


def assert_conforms(ruleset: Ruleset[Any, Any], **options: Any) -> ConformanceReport:
    """Run :func:`check_ruleset` and fail with every problem listed."""
    report = check_ruleset(ruleset, **options)
    if not report.ok:
        raise AssertionError(str(report))
    return report


def _check_one_game(
    ruleset: Ruleset[Any, Any],
    setup: Mapping[str, Any],
    players: int,
    seed: int,
    limits: tuple[int, int, int],
    label: str,
    report: ConformanceReport,
) -> None:
    max_decisions, probe_every, agent_probe_factor = limits
    game = Game.new(ruleset, setup, seed=seed, players=players)
    agents = [RandomAgent(seed_for(seed, 1000 + seat)) for seat in range(players)]
    probe_rng = RandomStream.from_seed(seed_for(seed, 999))
    seen: list[Action] = []
    decisions = late_refusals = 0
    while not game.is_over:
        if decisions >= max_decisions:
            report.problems.append(f"{label}: no end after {max_decisions} decisions")
            return
        pending = game.pending()
        if not pending:
            report.problems.append(f"{label}: not over, yet nobody owes a decision")
            return
        if decisions % probe_every == 0:
            report.refusals_checked += _probe_refusals(game, seen, probe_rng, label, report)
            report.views_checked += _probe_views(game, label, report)
        if decisions % (probe_every * agent_probe_factor) == 0:
            report.agents_checked += _probe_agents(game, seed + decisions, label, report)
        decision = pending[0]
        action = agents[decision.player].choose(game.observe(decision.player), decision)
        seen.append(action)
        del seen[:-40]
        if _apply_or_roll_back(game, decision.player, action, label, report):
            decisions += 1
            late_refusals = 0
        else:
            late_refusals += 1
            if late_refusals > 50:
                report.problems.append(f"{label}: 50 legal-looking actions refused in a row")
                return
    report.decisions += decisions
    outcome = game.outcome
    assert outcome is not None
    report.outcomes["draw" if outcome.is_draw else f"{player_name(outcome.winners[0])} won"] += 1
    _check_replay_and_save(game, label, report)
    _check_copy(ruleset, setup, players, seed, label, report)
    _check_referee_mode(ruleset, setup, players, seed, max_decisions, label, report)


def _apply_or_roll_back(
    game: Game[Any, Any], player: int, action: Action, label: str, report: ConformanceReport
) -> bool:
    """Apply an action check accepted; if the rules refuse it late, nothing may change."""
    before = (game.hash(), len(game.events), len(game.journal.entries))
    try:
        game.apply(player, action)
    except IllegalAction:
        report.refusals_checked += 1
        if not game.ruleset.late_refusals:
            report.problems.append(
                f"{label}: {action!r} was refused late, but the ruleset declares"
                " late_refusals = False (simulations then skip the snapshot)"
            )
        if (game.hash(), len(game.events), len(game.journal.entries)) != before:
            report.problems.append(f"{label}: a late refusal of {action!r} changed the game")
        return False
    return True


def _probe_refusals(
    game: Game[Any, Any],
    seen: list[Action],
    rng: RandomStream,
    label: str,
    report: ConformanceReport,
) -> int:
    """Try actions the rules should refuse; each must leave everything untouched."""
    candidates = list(seen[-10:])
    for decision in game.pending():
        candidates.extend(decision.options[:3])
    checked = 0
    before_hash = game.hash()
    for _ in range(min(4, len(candidates) * game.players)):
        action = candidates[rng.choice_index(len(candidates))]
        player = rng.choice_index(game.players)
        reason = game.check(player, action)
        if reason is None:
            continue
        events, entries = len(game.events), len(game.journal.entries)
        try:
            game.apply(player, action)
        except IllegalAction as error:
            if str(error) != reason:
                report.problems.append(f"{label}: check and apply disagree on {action!r}")
        else:
            report.problems.append(f"{label}: {action!r} was refused by check but applied")
            return checked
        if (game.hash(), len(game.events), len(game.journal.entries)) != (
            before_hash,
            events,
            entries,
        ):
            report.problems.append(f"{label}: refusing {action!r} changed the game")
        checked += 1
    return checked


def _probe_views(game: Game[Any, Any], label: str, report: ConformanceReport) -> int:
    """Non-interference: changing what a player may not see must not change their view."""
    rng_plain = canonical_json(game.state.rng)
    rules = game.ruleset
    for player in range(game.players):
        view = canonical_json(game.view(player))
        if rng_plain in view:
            report.problems.append(
                f"{label}: {player_name(player)}'s view shows the random stream")
        probed = clone_state(game.state)
        probed.rng = RandomStream.from_seed(12345)
        for secret in _hidden_values(probed):
            if not secret.visible_to(player):
                secret.value = SECRET_PROBE
        if canonical_json(rules.view(probed, player)) != view:
            report.problems.append(
                f"{label}: {player_name(player)}'s view changes with secrets they may not see"
            )
        if rules.victory(rules.observe(probed, player)) != rules.victory(
                rules.observe(game.state, player)):
            report.problems.append(
                f"{label}: the standing {player_name(player)} is told changes with secrets they"
                " may not see"
            )
    return game.players


def _probe_agents(game: Game[Any, Any], seed: int, label: str, report: ConformanceReport) -> int:
    """Every bot answers a seat's decision alike when the other seats' secrets differ.

    The other seats' secrets are redrawn by the ruleset's ``determinize`` (the dice stream
    kept, and the events so far), so the second game differs from the first only in what
    the seat may not see.
    """
    checked = 0
    ruleset = game.ruleset
    for seat in sorted({decision.player for decision in game.pending()}):
        observation = game.observe(seat)
        unseen = Hidden.unseen_in(observation.state, seat)
        if any(secret.value is not REDACTED for secret in unseen):
            report.problems.append(
                f"{label}: {player_name(seat)}'s observation holds others' secrets")
        if canonical_json(observation.state.rng) == canonical_json(game.state.rng):
            report.problems.append(
                f"{label}: {player_name(seat)}'s observation holds the dice stream")
        first, second = observation.sample(seed), observation.sample(seed)
        if first.hash() != second.hash():
            report.problems.append(f"{label}: two samples from one seed differ")
        other = Game(ruleset, first.state, game.journal, record_hashes=False)
        other.state.rng = game.state.rng.copy()
        other.events = list(game.events)  # the same past: what the seat saw of it is alike
        twin = other.observe(seat)
        if len(twin.decisions) != len(observation.decisions):
            report.problems.append(
                f"{label}: {player_name(seat)}'s decisions change with the others' secrets"
            )
            continue
        for name, offered in ruleset.bots().items():
            # A bot with a budget (search) is probed on its smallest: the same code, cheaply.
            factory = offered.cheapest() if isinstance(offered, ConfigurableBot) else offered
            for decision, twin_decision in zip(
                observation.decisions, twin.decisions, strict=True
            ):
                chosen = factory(seed).choose(observation, decision)
                again = factory(seed).choose(twin, twin_decision)
                checked += 1
                if chosen != again:
                    report.problems.append(
                        f"{label}: bot {name!r} for {player_name(seat)} chose {chosen!r}, but"
                        f" {again!r} when the other seats' secrets differed"
                    )
    return checked


def _hidden_values(value: Any) -> Iterator[Hidden[Any]]:
    if isinstance(value, Hidden):
        yield value
        yield from _hidden_values(value.value)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _hidden_values(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _hidden_values(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item_field in dataclasses.fields(value):
            yield from _hidden_values(getattr(value, item_field.name))


def _check_replay_and_save(game: Game[Any, Any], label: str, report: ConformanceReport) -> None:
    final = game.hash()
    try:
        replayed = replay(game.journal, rules=game.ruleset)
    except ReplayMismatch as error:
        report.problems.append(f"{label}: replay: {error}")
        return
    if replayed.hash() != final:
        report.problems.append(f"{label}: replay ended in a different state")
    loaded = Journal.loads(game.journal.dumps())
    if loaded.to_plain() != game.journal.to_plain():
        report.problems.append(f"{label}: the journal changed through save and load")
    if replay(loaded, rules=game.ruleset).hash() != final:
        report.problems.append(f"{label}: the loaded journal replays to a different state")


def _check_referee_mode(
    ruleset: Ruleset[Any, Any],
    setup: Mapping[str, Any],
    players: int,
    seed: int,
    max_decisions: int,
    label: str,
    report: ConformanceReport,
) -> None:
    """A game whose faces are typed (here by a stand-in) must replay from its journal."""
    typist = RandomStream.from_seed(seed_for(seed, 777))
    game = Game.new(
        ruleset,
        setup,
        seed=seed,
        players=players,
        dice=RefereeDice(lambda sides, count, _label: typist.faces(sides, count)),
    )
    agents = [RandomAgent(seed_for(seed, 2000 + seat)) for seat in range(players)]
    decisions = 0
    while not game.is_over and decisions < min(max_decisions, 300):
        play_next_decision(game, agents)
        decisions += 1
    try:
        replayed = replay(Journal.loads(game.journal.dumps()), rules=ruleset)
    except ReplayMismatch as error:
        report.problems.append(f"{label}: referee-mode replay: {error}")
        return
    if replayed.hash() != game.hash():
        report.problems.append(f"{label}: a referee-mode game replays to a different state")


def _check_copy(
    ruleset: Ruleset[Any, Any],
    setup: Mapping[str, Any],
    players: int,
    seed: int,
    label: str,
    report: ConformanceReport,
) -> None:
    original = Game.new(ruleset, setup, seed=seed, players=players)
    before = original.hash()
    twin = original.copy()
    if twin.hash() != before:
        report.problems.append(f"{label}: a copied game has a different hash")
    agents = [RandomAgent(seed_for(seed, 3000 + seat)) for seat in range(players)]
    for _ in range(5):
        if twin.is_over:
            break
        play_next_decision(twin, agents)  # asks again when the rules refuse a pick late
    if original.hash() != before:
        report.problems.append(f"{label}: playing on a copy changed the original")


def chi_square_critical(freedom: int, z: float = Z_999) -> float:
    """The chi-square quantile for ``freedom`` degrees, by Wilson and Hilferty.

    >>> round(chi_square_critical(10), 1)  # the exact 0.999 quantile is 29.59
    29.8
    """
    k = float(freedom)
    return k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3


def chi_square(samples: Sequence[int], dist: Dist) -> tuple[float, float]:
    """The statistic of ``samples`` against ``dist`` and its critical value at p = 0.001.

    Adjacent values are pooled until each bin expects 5 or more. Rulesets use it to show
    that the game's own rolls follow the exact odds they report.
    """
    values = np.asarray(samples) - dist.offset
    probs = dist.probabilities
    if values.min() < 0 or values.max() >= len(probs):
        raise AssertionError("a sample the odds rule out")
    counts = np.bincount(values, minlength=len(probs)).astype(float)
    expected = probs * len(samples)
    bins: list[tuple[float, float]] = []
    observed = wanted = 0.0
    for seen, want in zip(counts, expected, strict=True):
        observed, wanted = observed + seen, wanted + want
        if wanted >= 5:
            bins.append((observed, wanted))
            observed = wanted = 0.0
    last_seen, last_want = bins.pop()
    bins.append((last_seen + observed, last_want + wanted))
    stat = sum((seen - want) ** 2 / want for seen, want in bins)
    return stat, chi_square_critical(len(bins) - 1)


@dataclass(slots=True)
class UnitTallies:
    """What a game's unit events add up to, per (player, unit type) (see docs/simulate.md)."""

    damaged: dict[tuple[int, str], float] = field(default_factory=lambda: defaultdict(float))
    destroyed: Counter[tuple[int, str]] = field(default_factory=Counter)
    dealers: set[tuple[int, str]] = field(default_factory=set)


def unit_tallies(events: Iterable[Event]) -> UnitTallies:
    """Sum :class:`UnitDamaged` amounts and count :class:`UnitDestroyed` events, and collect
    who dealt damage; rulesets check these against their final state."""
    tallies = UnitTallies()
    for event in events:
        if isinstance(event, UnitDamaged):
            tallies.damaged[(event.player, event.unit_type)] += event.amount
            if event.by_player is not None and event.by_unit_type is not None:
                tallies.dealers.add((event.by_player, event.by_unit_type))
        elif isinstance(event, UnitDestroyed):
            tallies.destroyed[(event.player, event.unit_type)] += 1
    return tallies


def alternatives_along(
    game: Game[Any, Any], bots: Sequence[Any], steps: int, count: int
) -> Iterator[tuple[Action, list[Action]]]:
    """Play ``game`` with ``bots`` (one per seat, each offering a search bot its next-best
    actions through ``alternatives(observation, decision, count)``) for up to ``steps``
    decisions, checking at each what every such bot promises: at most ``count`` actions,
    each open to the seat that sees it, and asking leaves the bot's own choice alone.
    Yields the bot's choice and its alternatives before the choice is played."""
    for _ in range(steps):
        if game.is_over:
            return
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        bot = bots[decision.player]
        chosen = bot.choose(observation, decision)
        lines = bot.alternatives(observation, decision, count)
        assert len(lines) <= count, lines
        assert all(observation.check(line) is None for line in lines), lines
        assert bot.choose(observation, decision) == chosen
        yield chosen, lines
        game.apply(decision.player, chosen)
