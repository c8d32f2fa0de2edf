"""The search tree: one node per sequence of actions, shared by every sampled game.

The tree of single-observer information-set MCTS: a node stands for the actions taken
since the root, whatever the hidden state, so every sampled game walks the same tree. An
edge is one action of one player; its statistics are that player's values. An edge exists
in some samples and not others (a move the sampled enemy blocks), so its exploration
term counts the times it was *available* rather than the parent's visits. Parameter
spaces have endless actions, so a node below the root grows children progressively: at
most ``1 + isqrt(visits)`` (and ``width``), new ones proposed by the candidate generator.

>>> node = Node()
>>> node.room(width=6)
True
>>> node.children["a"] = Edge(action=None, player=0, child=Node())  # type: ignore[arg-type]
>>> node.room(width=6)
False
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from warbench.core.actions import Action
from warbench.core.engine import Game
from warbench.core.search.candidates import action_key


@dataclass(slots=True)
class Node:
    """The actions taken so far, and the edges tried from there."""

    children: dict[str, Edge] = field(default_factory=dict)
    visits: int = 0

    def room(self, width: int) -> bool:
        """Whether a new child may be added: at most ``1 + isqrt(visits)`` and ``width``."""
        return len(self.children) < min(width, 1 + math.isqrt(self.visits))


@dataclass(slots=True)
class Edge:
    """``player`` taking ``action``; ``total`` sums that player's values over ``visits``."""

    action: Action
    player: int
    child: Node
    visits: int = 0
    total: float = 0.0
    available: int = 0

    @property
    def mean(self) -> float:
        """The mean value to ``player`` (0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0

    def ucb(self, explore: float) -> float:
        """UCB1 with availability counts: unvisited edges first."""
        if self.visits == 0:
            return math.inf
        return self.mean + explore * math.sqrt(math.log(max(1, self.available)) / self.visits)


def select(
    node: Node,
    game: Game[Any, Any],
    player: int,
    propose: Callable[[], Sequence[Action]],
    *,
    width: int,
    explore: float,
) -> tuple[Edge, bool] | None:
    """The edge ``player`` takes from ``node`` in ``game``, and whether it is new.

    Existing edges legal in this sample count as available; a new edge is added when the
    node has room (or no edge is legal here), else the best by UCB is followed. ``None``
    when nothing proposed is legal in this sample.
    """
    legal = [
        edge
        for edge in node.children.values()
        if edge.player == player and game.check(player, edge.action) is None
    ]
    for edge in legal:
        edge.available += 1
    if node.room(width) or not legal:
        for action in propose():
            key = action_key(action)
            if key not in node.children and game.check(player, action) is None:
                edge = Edge(action, player, Node(), available=1)
                node.children[key] = edge
                return edge, True
    if not legal:
        return None
    return max(legal, key=lambda edge: edge.ucb(explore)), False


def follow(node: Node, player: int, action: Action) -> tuple[Edge, bool]:
    """The edge of ``player`` taking ``action`` from ``node`` (the heuristic's answer of a
    seat the tree does not branch for), and whether it is new."""
    key = action_key(action)
    edge = node.children.get(key)
    new = edge is None
    if edge is None:
        edge = node.children[key] = Edge(action, player, Node())
    edge.available += 1
    return edge, new


def backpropagate(root: Node, path: Sequence[Edge], values: Sequence[float]) -> None:
    """Add one sample's ``values`` (one per seat) along ``path`` from ``root``."""
    root.visits += 1
    for edge in path:
        edge.visits += 1
        edge.total += values[edge.player]
        edge.child.visits += 1


def best(root: Node, prior: Action, margin: float) -> Edge | None:
    """The root edge of the best mean value among those tried in most of the samples.

    Every root candidate is played in every sample where it is open (common random
    numbers), so means compare on the same luck; an edge open in fewer than half the
    samples of the most open one does not count. The best replaces the ``prior`` action's
    edge only if its mean is ``margin`` higher.
    """
    edges = [edge for edge in root.children.values() if edge.visits]
    if not edges:
        return None
    most = max(edge.visits for edge in edges)
    chosen = max((edge for edge in edges if 2 * edge.visits >= most), key=lambda e: e.mean)
    kept = root.children.get(action_key(prior))
    if kept is not None and 2 * kept.visits >= most and chosen.mean < kept.mean + margin:
        return kept
    return chosen


def contenders(root: Node, candidates: Sequence[Action]) -> list[Action]:
    """The first of ``candidates`` (the heuristic's choice) and those ahead of it so far.

    After the pilot worlds a candidate that has not beaten the heuristic's choice on the
    same luck stops playing; when no candidate is ahead, the choice is settled. If the
    first was open in no world yet, all play on.
    """
    first = root.children.get(action_key(candidates[0]))
    if first is None or first.visits == 0:
        return list(candidates)
    ahead = []
    for action in candidates[1:]:
        edge = root.children.get(action_key(action))
        if edge is not None and edge.visits and edge.mean > first.mean:
            ahead.append(action)
    return [candidates[0], *ahead]
