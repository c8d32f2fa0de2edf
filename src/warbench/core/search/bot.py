"""The search bot, and the factory a ruleset lists it with in ``bots()``.

Per decision, :class:`SearchBot` runs information-set MCTS on games sampled from its
observation (``observation.sample(seed)``: it never reads hidden state): each iteration
samples one world and plays every root candidate (:mod:`~warbench.core.search.candidates`)
in a copy of it, with the same hidden state, dice and play-out bots (common random
numbers); below the root each walks the shared tree (:mod:`~warbench.core.search.tree`),
then the ruleset's heuristic bot plays every seat for ``depth`` more decisions and the
result is scored (:mod:`~warbench.core.search.value`). It answers with the root candidate
of the best mean value, keeping the heuristic's own choice unless another beats it by
the budget's ``margin``. The root candidates after the heuristic's choice are its bot's
own next-best actions where it offers them (``alternatives(observation, decision,
count)``, up to the budget's ``alternatives``), then draws of the candidate generator.

A ruleset may give a ``belief``: a model of the hidden choices other seats have already
made (Full Thrust's written orders), which redraws them in every sampled world the way
that seat's heuristic would have made them, where the ruleset's own ``determinize`` can
only draw any legal value. It is built from the searching seat's observation alone.

Seeded: with a budget in iterations, the same seed and observations give the same
choices. A ruleset lists it as ``"search": SearchFactory(MyHeuristicBot)``; the command
line configures it with ``--bot search:iterations=64`` or ``--bot search:ms=200``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from warbench.core.actions import Action
from warbench.core.agents import Agent, AgentError
from warbench.core.botspec import BadBotSpec
from warbench.core.decisions import Decision
from warbench.core.engine import Game, IllegalAction
from warbench.core.match import play_next_decision
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream, seed_for
from warbench.core.ruleset import Ruleset
from warbench.core.search.budget import Budget
from warbench.core.search.candidates import (
    CandidateGenerator,
    action_key,
    merge,
    sample_candidates,
)
from warbench.core.search.dice import KeyedDice
from warbench.core.search.paired import RootRecord, open_cases, paired_answer
from warbench.core.search.tree import (
    Edge,
    Node,
    backpropagate,
    best,
    contenders,
    follow,
    select,
)
from warbench.core.search.value import Score, Standing, values

#: Redraws, in a sampled game's state, the hidden choices of the other seats (seeded by the
#: stream it is given); what a :data:`Belief` returns for one decision.
Redraw = Callable[[Any, RandomStream], None]
#: A model of the other seats' hidden choices, from the searching seat's observation: how
#: to redraw them in each sampled world, or ``None`` when there is nothing to redraw.
Belief = Callable[[Observation[Any, Any]], Redraw | None]
#: Where a ruleset's play-outs may stop (a game the ruleset's ``standing`` values well
#: without playing on: Full Thrust once the ships have moved, before the dice of their
#: fire). A play-out stops at the first such game after its root, unless the root itself
#: is one (the decisions there are searched to the budget's depth as usual).
Horizon = Callable[[Game[Any, Any]], bool]
#: A game's turn or round counter: with the budget's ``turns``, how far past the root a
#: play-out goes before the :data:`Horizon` may stop it.
Clock = Callable[[Game[Any, Any]], int]
#: Which decisions are searched; the others are answered with the heuristic's choice at
#: once (Full Thrust searches its orders only: at its fire the search added only variance).
Searched = Callable[[Decision], bool]
#: The index of the stream a redraw is seeded from, in each world's seed (0 and 1 seed the
#: sample, 2 the tree's choices, 3 and up the play-out bots).
REDRAW_STREAM = 1 << 20
#: The index of the stream a world's keyed dice are seeded from (the budget's ``keyed``).
KEYED_STREAM = (1 << 20) + 1

#: The cheapest budget: what conformance checks play the bot with (two play-outs).
PROBE_BUDGET = Budget(iterations=1, depth=2, width=2)


@dataclass(slots=True)
class SearchCost:
    """What a bot's searches have cost: decisions searched, iterations, seconds, play-outs;
    and how many answers the pilot settled or the search overruled."""

    decisions: int = 0
    iterations: int = 0
    seconds: float = 0.0
    playouts: int = 0
    settled: int = 0  # decisions the pilot answered with the heuristic's choice
    overruled: int = 0  # decisions answered with another candidate than the heuristic's
    extended: int = 0  # decisions that played more worlds than ``iterations`` (``extend``)


class SearchBot:
    """Information-set MCTS over the engine's decisions, with a heuristic for play-outs."""

    name = "search"

    def __init__(
        self,
        seed: int,
        heuristic: Callable[[int], Agent],
        budget: Budget | None = None,
        generator: CandidateGenerator = sample_candidates,
        score: Score | None = None,
        standing: Standing | None = None,
        belief: Belief | None = None,
        horizon: Horizon | None = None,
        clock: Clock | None = None,
        searched: Searched | None = None,
    ) -> None:
        self.seed = seed
        self.heuristic = heuristic
        self.own = heuristic(seed_for(seed, 0))  # answers at the root as the heuristic would
        self.budget = Budget() if budget is None else budget
        self.generator = generator
        self.score = score
        self.standing = standing
        self.belief = belief
        self.horizon = horizon
        self.clock = clock
        self.searched = searched
        self.cost = SearchCost()
        #: Set to a list to keep a :class:`~.paired.RootRecord` of every searched decision:
        #: what each root candidate gained over the heuristic's choice (recording changes
        #: no answer; ``benchmarks/search_roots.py`` sums them up).
        self.roots: list[RootRecord] | None = None
        self._calls = 0
        self._redraw: Redraw | None = None  # the belief's redraw for the decision searched

    def choose(self, observation: Observation[Any, Any], decision: Decision) -> Action:
        """The root candidate that did best on the budget's sampled worlds.

        Every iteration samples one world and plays every root candidate in it with the
        same dice and play-out bots (common random numbers), so that candidates are compared
        on the same luck rather than on their own.
        """
        self._calls += 1
        base = seed_for(self.seed, self._calls)
        first = self.own.choose(observation, decision)
        if not decision.spaces and len(decision.options) <= 1:
            return first
        if self.searched is not None and not self.searched(decision):
            return first
        rng = RandomStream.from_seed(base)
        width = self.budget.width
        drawn = self.generator(observation, decision, rng, width - 1) if self.budget.draws else []
        candidates = merge(first, [*self._alternatives(observation, decision, first), *drawn],
                           width)
        if len(candidates) == 1:
            return first
        started = time.perf_counter()
        self._redraw = None if self.belief is None else self.belief(observation)
        deadline = None if self.budget.ms is None else started + self.budget.ms / 1000
        root = Node()
        played: dict[str, dict[int, float]] = {}  # each candidate's value in each world
        done = 0
        playing = candidates
        while self.budget.iterations is None or done < self.budget.iterations:
            self._world(observation, root, playing, seed_for(base, done + 1), done, played)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if done == self.budget.pilot and done != self.budget.iterations:
                playing = contenders(root, playing)
                if len(playing) == 1:
                    self.cost.settled += 1
                    break
        if len(playing) > 1 and done == self.budget.iterations:
            done = self._extend(observation, root, candidates, base, done, played, deadline)
        self.cost.decisions += 1
        self.cost.iterations += done
        self.cost.seconds += time.perf_counter() - started
        return self._answer(root, candidates, played)

    def _world(
        self,
        observation: Observation[Any, Any],
        root: Node,
        playing: list[Action],
        world: int,
        index: int,
        played: dict[str, dict[int, float]],
    ) -> None:
        """Play every candidate in ``playing`` in the sampled world ``world`` (the
        ``index``-th), noting each one's value there in ``played``."""
        for action in playing:
            value = self._iterate(observation, root, action, world)
            if value is not None:
                played.setdefault(action_key(action), {})[index] = value
        self.cost.playouts += len(playing)

    def _extend(
        self,
        observation: Observation[Any, Any],
        root: Node,
        candidates: list[Action],
        base: int,
        done: int,
        played: dict[str, dict[int, float]],
        deadline: float | None,
    ) -> int:
        """Up to the budget's ``extend`` more worlds while a candidate ahead of the
        heuristic's choice has not yet cleared the bar (:func:`open_cases`), playing only
        the heuristic's choice and those; the worlds played in all."""
        budget = self.budget
        prior = action_key(candidates[0])
        for extra in range(budget.extend):
            keys = open_cases(played, prior, budget.margin, budget.paired)
            if not keys or (deadline is not None and time.perf_counter() >= deadline):
                break
            if extra == 0:
                self.cost.extended += 1
            playing = [candidates[0], *(a for a in candidates if action_key(a) in keys)]
            self._world(observation, root, playing, seed_for(base, done + 1), done, played)
            done += 1
        return done

    def _answer(
        self, root: Node, candidates: list[Action], played: dict[str, dict[int, float]]
    ) -> Action:
        """The candidate the worlds played favour: by the paired gain over the heuristic's
        choice with the budget's ``paired`` or ``extend``, else by the best mean."""
        first = candidates[0]
        budget = self.budget
        if budget.paired or budget.extend:
            key = paired_answer(played, action_key(first), budget.margin, budget.paired)
            chosen = next(a for a in candidates if action_key(a) == key)
        else:
            edge = best(root, first, budget.margin)
            chosen = first if edge is None else edge.action
        overruled = action_key(chosen) != action_key(first)
        if self.roots is not None:
            keys = [action_key(candidate) for candidate in candidates]
            self.roots.append(RootRecord.of(type(first).__name__, keys, played, overruled))
        if not overruled:
            return first
        self.cost.overruled += 1
        return chosen

    def _alternatives(
        self, observation: Observation[Any, Any], decision: Decision, first: Action
    ) -> list[Action]:
        """The heuristic's own next-best actions other than ``first`` (the budget's
        ``alternatives`` of them), where its bot offers them; none otherwise."""
        count = min(self.budget.alternatives, self.budget.width - 1)
        offer = getattr(self.own, "alternatives", None)
        if count == 0 or offer is None:
            return []
        return merge(first, offer(observation, decision, count + 1), count + 1)[1:]

    def _iterate(
        self,
        observation: Observation[Any, Any],
        root: Node,
        action: Action,
        seed: int,
    ) -> float | None:
        """Root ``action`` in the world ``seed``: down the tree, a play-out, values back up;
        the value to the searching seat (``None`` when the action was not open there)."""
        game = observation.sample(seed)
        if self._redraw is not None:
            self._redraw(game.state, RandomStream.from_seed(seed_for(seed, REDRAW_STREAM)))
        game.transactional = observation.ruleset.late_refusals
        if self.budget.keyed:
            game.set_dice(KeyedDice(seed_for(seed, KEYED_STREAM), self._tick(game)))
        player = observation.seat
        if game.check(player, action) is not None:  # not open in this sample
            return None
        before = () if self.score is None else tuple(self.score(game))
        horizon = self._horizon(game)
        edge = root.children.setdefault(action_key(action), Edge(action, player, Node()))
        edge.available += 1
        rng = RandomStream.from_seed(seed_for(seed, 2))
        bots = [self.heuristic(seed_for(seed, 3 + seat)) for seat in range(game.players)]
        budget = self.budget
        path: list[Edge] = []
        new = False
        while True:
            try:
                game.apply(player, edge.action)
            except IllegalAction:  # refused after its roll in this sample: score as it is
                break
            path.append(edge)
            if new or not budget.tree or game.is_over or (horizon is not None and horizon(game)):
                break
            decision = game.pending()[0]
            player = decision.player
            picked: tuple[Edge, bool] | None
            if not (budget.own if player == observation.seat else budget.others):
                seen = game.observe(player)
                picked = follow(edge.child, player, bots[player].choose(seen, decision))
            else:
                propose = self._proposer(game.observe(player), decision, bots[player], rng)
                picked = select(edge.child, game, player, propose,
                                width=budget.width, explore=budget.explore)
            if picked is None:
                break
            edge, new = picked
        try:
            for _ in range(budget.depth):
                if game.is_over or (horizon is not None and horizon(game)):
                    break
                play_next_decision(game, bots)
        except AgentError:  # a heuristic stuck in an odd sample: score what was played
            pass
        if not path:
            return None
        found = values(game, self.score, before, self.standing)
        backpropagate(root, path, found)
        return found[observation.seat]

    def _tick(self, game: Game[Any, Any]) -> Callable[[], int] | None:
        """The world ``game``'s clock as :class:`KeyedDice` reads it (none without a clock)."""
        clock = self.clock
        return None if clock is None else lambda: clock(game)

    def _horizon(self, game: Game[Any, Any]) -> Horizon | None:
        """Where play-outs from the root ``game`` stop: none when the root is marked itself;
        with the budget's ``turns`` and a clock, not before that many turns have begun."""
        horizon, clock = self.horizon, self.clock
        if horizon is None or horizon(game):
            return None
        if clock is None or self.budget.turns <= 1:
            return horizon
        due = clock(game) + self.budget.turns - 1
        return lambda reached: horizon(reached) and clock(reached) >= due

    def _proposer(
        self,
        observation: Observation[Any, Any],
        decision: Decision,
        bot: Agent,
        rng: RandomStream,
    ) -> Callable[[], list[Action]]:
        """Candidates at a node below the root, computed only when the node grows."""
        width = self.budget.width

        def propose() -> list[Action]:
            first = bot.choose(observation, decision)
            return merge(first, self.generator(observation, decision, rng, width - 1), width)

        return propose


@dataclass(frozen=True)
class SearchFactory:
    """Makes search bots over one ruleset's heuristic bot; options set the budget (from the
    factory's own ``budget``: a ruleset may list its bot with a budget of its own).

    A ruleset lists ``"search": SearchFactory(HeuristicBot)`` in ``bots()``; ``generator``
    replaces :func:`~warbench.core.search.candidates.sample_candidates` if it has a better
    way to propose moves, and ``score`` (the ruleset's own score of a game, such as victory
    points) values the play-outs cut off before the end, or ``standing`` (how each seat
    stands by the rules that score the end) does (:mod:`~warbench.core.search.value`);
    ``belief`` models the other seats' hidden choices (:data:`Belief`) and ``horizon``
    says where play-outs may stop (:data:`Horizon`), ``clock`` counts the turns the
    budget's ``turns`` looks ahead by (:data:`Clock`), and ``searched`` picks the decisions
    searched (:data:`Searched`; the heuristic answers the others).
    """

    heuristic: Callable[[int], Agent]
    budget: Budget = field(default_factory=Budget)
    generator: CandidateGenerator = sample_candidates
    score: Score | None = None
    standing: Standing | None = None
    belief: Belief | None = None
    horizon: Horizon | None = None
    clock: Clock | None = None
    searched: Searched | None = None

    def __call__(self, seed: int) -> SearchBot:
        """A search bot seeded with ``seed``."""
        return SearchBot(seed, self.heuristic, self.budget, self.generator, self.score,
                         self.standing, self.belief, self.horizon, self.clock, self.searched)

    def configure(self, options: Mapping[str, str]) -> SearchFactory:
        """This factory with the budget ``options`` give (see :class:`Budget`); ``turns``
        only where the ruleset gives a horizon and a clock to count them by."""
        budget = Budget.from_options("search", options, self.budget)
        if budget.turns > 1 and (self.horizon is None or self.clock is None):
            raise BadBotSpec(
                "bot 'search' option 'turns': this ruleset's search has no horizon and"
                " turn clock to count turns by (leave it at 1)"
            )
        return replace(self, budget=budget)

    def cheapest(self) -> SearchFactory:
        """The same bot on the smallest budget, for checks that play it very often."""
        return replace(self, budget=PROBE_BUDGET)


def ruleset_generator(ruleset: Ruleset[Any, Any]) -> CandidateGenerator:
    """The candidate generator the ruleset's ``search`` bot uses (the core's by default)."""
    factory = ruleset.bots().get("search")
    return factory.generator if isinstance(factory, SearchFactory) else sample_candidates
