"""An action a seat considers before taking it: its words, verdict, odds and ghosts.

The page sends an action (a choice in a form, an option picked by clicking its target), a
drag of a piece to a point, which the ruleset turns into the action it means
(``Ruleset.action_from_drag``), or a click on a piece aimed at by a form of a parameter
space: the form's action with the field whose value makes the ruleset name that piece as
its target (``Ruleset.action_target``) set to it, or, where the form's other fields cannot
aim there (empty, say), a legal example that does, the fields it filled named in a note;
where none does, why not in a player's words (:mod:`.aiming`).
The answer says it in words (each field the ruleset names too, for a form showing a value
outside its list), gives the engine's verdict (with the rules' own reason where
the ruleset gives one), the exact odds of the attack it declares, and the ghosts of the
pieces it would move, predicted by the ruleset's own movement. All of it is judged from the
seat's observation; nothing is taken.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from warbench.core.actions import Action
from warbench.core.engine import Game
from warbench.server.aiming import aim, aim_request
from warbench.server.choices import value_words
from warbench.server.session import MalformedAction
from warbench.server.snapshot import odds_plain


def consider(game: Game[Any, Any], seat: int, request: Any) -> dict[str, Any]:
    """The answer to ``{"action": {...}}``, ``{"drag": {"label", "x", "y"}}``, ``{"turn":
    {"label", "heading"}}`` (the piece turned on the spot, ``Ruleset.action_from_turn``) or
    ``{"aim": ...}`` for ``seat``.

    Raises :class:`MalformedAction` for a request that names no action or no drag.
    """
    rules = game.ruleset
    observation = game.observe(seat)
    state = observation.state
    action: Action | None
    note = ""
    if isinstance(request, dict) and "drag" in request:
        label, x, y = _drag(request["drag"])
        action = rules.action_from_drag(state, observation.decisions, label, x, y)
        if action is None:
            why = rules.drag_refusal(state, observation.decisions, label)
            why = why or f"dragging {label} means nothing now"
            return _answer(None, "", why, None, [], None)
    elif isinstance(request, dict) and "turn" in request:
        label, heading = _turn(request["turn"])
        action = rules.action_from_turn(state, observation.decisions, label, heading)
        if action is None:
            return _answer(None, "", f"{label} cannot turn on the spot now", None, [], None)
    elif isinstance(request, dict) and "aim" in request:
        label, partial = aim_request(request["aim"])
        action, note, why = aim(game, observation, partial, label, request["aim"].get("field"))
        if action is None:
            return _answer(None, "", why, None, [], None)
    elif isinstance(request, dict) and "action" in request:
        try:
            action = rules.codec.decode(request["action"])
        except ValueError as error:
            raise MalformedAction(f"malformed action: {error}") from None
    else:
        raise MalformedAction(
            'send {"action": {...}}, {"drag": {"label", "x", "y"}}, {"turn": {"label", "heading"}} '
            'or {"aim": {"label", "action"}}'
        )
    preview = rules.action_preview(state, action)
    reason = observation.check(action)
    if reason is not None and preview.refusal is not None:
        reason = preview.refusal
    odds = rules.action_odds(state, action) if reason is None else None
    return _answer(
        action.to_plain(),
        rules.action_text(state, action),
        reason,
        odds_plain(odds),
        [ghost.to_plain() for ghost in preview.ghosts],
        rules.action_target(state, action),
        note,
        rules.action_fields(state, action),
        value_words(action, lambda act, name: rules.field_value_words(state, act, name)),
    )


def odds_of(game: Game[Any, Any], seat: int, request: Any) -> dict[str, Any]:
    """The answer to ``{"action": {...}}`` asking the odds of one option offered (a
    decision of many options is sent without them: ``snapshot.ODDS_OPTIONS``), judged from
    the seat's observation: the exact odds of the attack it declares, ``None`` for an
    action that declares none or that the seat may not take now. The action and the
    ``step`` the page was showing are sent back as they came, for the page to find the
    option it asked about (and drop an answer about a state it no longer shows).

    Raises :class:`MalformedAction` for a request that names no action.
    """
    if not isinstance(request, dict) or "action" not in request:
        raise MalformedAction('send {"action": {...}}: the option whose odds are asked')
    try:
        action = game.ruleset.codec.decode(request["action"])
    except ValueError as error:
        raise MalformedAction(f"malformed action: {error}") from None
    observation = game.observe(seat)
    odds = None
    if observation.check(action) is None:
        odds = game.ruleset.action_odds(observation.state, action)
    return {"type": "odds_of", "action": request["action"], "step": request.get("step"),
            "odds": odds_plain(odds)}


def _turn(turn: Any) -> tuple[str, float]:
    if not isinstance(turn, dict) or not isinstance(turn.get("label"), str):
        raise MalformedAction("turn.label: the label of the piece turned, as text")
    heading = turn.get("heading")
    if isinstance(heading, bool) or not isinstance(heading, int | float) or not math.isfinite(
            heading):
        raise MalformedAction(f"turn.heading: a number of degrees, not {heading!r}")
    return turn["label"], float(heading)


def _drag(drag: Any) -> tuple[str, float, float]:
    if not isinstance(drag, dict):
        raise MalformedAction("drag: send {label, x, y}")
    label, x, y = drag.get("label"), drag.get("x"), drag.get("y")
    if not isinstance(label, str):
        raise MalformedAction("drag.label: the label of the piece dragged, as text")
    for key, value in (("x", x), ("y", y)):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise MalformedAction(f"drag.{key}: a number, not {value!r}")
    return label, float(x), float(y)  # type: ignore[arg-type]


def _answer(
    action: dict[str, Any] | None,
    text: str,
    reason: str | None,
    odds: dict[str, Any] | None,
    ghosts: list[dict[str, Any]],
    target: str | None,
    note: str = "",
    fields: Mapping[str, tuple[str, str]] | None = None,
    values: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    return {
        "note": note,
        "fields": {name: list(words) for name, words in (fields or {}).items()},
        "values": dict(values or {}),
        "type": "considered",
        "action": action,
        "text": text,
        "reason": reason,
        "odds": odds,
        "ghosts": ghosts,
        "target": target,
    }
