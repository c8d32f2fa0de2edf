"""An action a seat considers before taking it: its words, verdict, odds and ghosts.

The page sends an action (a choice in a form, an option picked by clicking its target) or
a drag of a piece to a point, which the ruleset turns into the action it means
(``Ruleset.action_from_drag``). The answer says it in words, gives the engine's verdict
(with the rules' own reason where the ruleset gives one), the exact odds of the attack it
declares, and the ghosts of the pieces it would move, predicted by the ruleset's own
movement. All of it is judged from the seat's observation; nothing is taken.
"""

from __future__ import annotations

from typing import Any

from warbench.core.actions import Action
from warbench.core.engine import Game
from warbench.server.session import MalformedAction
from warbench.server.snapshot import odds_plain


def consider(game: Game[Any, Any], seat: int, request: Any) -> dict[str, Any]:
    """The answer to ``{"action": {...}}`` or ``{"drag": {"label", "x", "y"}}`` for ``seat``.

    Raises :class:`MalformedAction` for a request that names no action or no drag.
    """
    rules = game.ruleset
    observation = game.observe(seat)
    state = observation.state
    action: Action | None
    if isinstance(request, dict) and "drag" in request:
        label, x, y = _drag(request["drag"])
        action = rules.action_from_drag(state, observation.decisions, label, x, y)
        if action is None:
            return _answer(None, "", f"dragging {label} means nothing now", None, [], None)
    elif isinstance(request, dict) and "action" in request:
        try:
            action = rules.codec.decode(request["action"])
        except ValueError as error:
            raise MalformedAction(f"malformed action: {error}") from None
    else:
        raise MalformedAction('send {"action": {...}} or {"drag": {"label", "x", "y"}}')
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
    )


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
) -> dict[str, Any]:
    return {
        "type": "considered",
        "action": action,
        "text": text,
        "reason": reason,
        "odds": odds,
        "ghosts": ghosts,
        "target": target,
    }
