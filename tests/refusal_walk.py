"""A walk of a seeded random game that gathers the reasons the rules give for illegal
variants of its actions (each ruleset's refusal tests check every reason names a rule)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from warbench.core.actions import Action
from warbench.core.agents import RandomAgent
from warbench.core.engine import Game
from warbench.core.rng import RandomStream

#: Variants of an action the rules may refuse, given how many pieces the table holds.
Variants = Callable[[Action, int], list[Action]]


def table_ids(table: Path, prefix: str) -> set[str]:
    """The rule IDs (``prefix``-...) of a rules table (docs/rules/<id>.md)."""
    return set(re.findall(rf"^\| ({prefix}-[A-Z0-9-]+) \|", table.read_text(), re.MULTILINE))


def refusals(
    game: Game[Any, Any], seed: int, variants: Variants, pieces: Callable[[Any], int],
    steps: int, again: Callable[[Action], bool],
) -> list[str]:
    """The reasons ``game`` gives, over ``steps`` decisions of random play (agents seeded
    from ``seed``), for the
    ``variants`` of its first six options and two samples of each space, an option taken
    by a seat owing nothing, the last eight actions taken again (out of their step) and an
    action for which ``again`` holds taken twice (a gun fired twice)."""
    agents = [RandomAgent(seed * 10 + p) for p in range(game.players)]
    rng = RandomStream.from_seed(seed)
    seen: list[Action] = []  # actions of earlier decisions: now out of their step
    reasons: list[str] = []
    for _ in range(steps):
        if game.is_over:
            break
        pending = game.pending()
        decision = pending[0]
        count = pieces(game.state)
        tried: list[tuple[int, Action]] = []
        for option in decision.options[:6]:
            tried += [(decision.player, v) for v in variants(option, count)]
        for space in decision.spaces:
            for drawn in space.sample(rng, 2):
                tried += [(decision.player, v) for v in variants(drawn, count)]
        others = [p for p in range(game.players) if all(d.player != p for d in pending)]
        if decision.options and others:
            tried.append((others[0], decision.options[0]))  # the wrong seat
        tried += [(decision.player, old) for old in seen[-8:]]  # the wrong step
        for player, action in tried:
            reason = game.check(player, action)
            if reason is not None:
                reasons.append(reason)
        action = agents[decision.player].choose(game.observe(decision.player), decision)
        seen.append(action)
        game.apply(decision.player, action)
        if again(action):
            reason = game.check(decision.player, action)
            if reason is not None:
                reasons.append(reason)
    return reasons



def numeric_variants(action: Action, pieces: int) -> list[Action]:
    """Actions near ``action`` the rules may refuse: every whole number of it another piece
    or amount (the first two, one past the last piece, a negative one), every distance or
    coordinate farther, a little farther or negative."""
    found: list[Action] = []
    for item in dataclasses.fields(action):
        value = getattr(action, item.name)
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        others = ((0, 1, pieces + 1, -5) if isinstance(value, int)
                  else (value + 50.0, value + 3.0, -1.0))
        for other in others:
            try:
                found.append(dataclasses.replace(action, **{item.name: other}))
            except (TypeError, ValueError):
                continue
    return found


def named_rules(reasons: list[str], prefix: str, table: Path) -> set[str]:
    """The rule IDs the ``reasons`` end with, having checked that every reason ends with
    a parenthesis naming some (``"... (77.6 steps, RG-FIRE-BANDS)"``, ``"... (HOR-CHARGE,
    HOR-FORCE-CTRL)"``) and that each is a row of ``table``."""
    ending = re.compile(rf"\(([^()]*\b{prefix}-[A-Z0-9-]+[^()]*)\)$")
    unnamed = sorted({reason for reason in reasons if not ending.search(reason)})
    assert not unnamed, "\n".join(unnamed[:40])
    named = {rule for reason in reasons if (m := ending.search(reason))
             for rule in re.findall(rf"\b{prefix}-[A-Z0-9]+(?:-[A-Z0-9]+)*", m.group(1))}
    unknown = named - table_ids(table, prefix)
    assert not unknown, sorted(unknown)
    return named
