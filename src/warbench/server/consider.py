"""An action a seat considers before taking it: its words, verdict, odds and ghosts.

The page sends an action (a choice in a form, an option picked by clicking its target), a
drag of a piece to a point, which the ruleset turns into the action it means
(``Ruleset.action_from_drag``), or a click on a piece aimed at by a form of a parameter
space: the form's action with the field whose value makes the ruleset name that piece as
its target (``Ruleset.action_target``) set to it, or, where the form's other fields cannot
aim there (empty, say), a legal example that does, the fields it filled named in a note.
The answer says it in words (each field the ruleset names too, for a form showing a value
outside its list), gives the engine's verdict (with the rules' own reason where
the ruleset gives one), the exact odds of the attack it declares, and the ghosts of the
pieces it would move, predicted by the ruleset's own movement. All of it is judged from the
seat's observation; nothing is taken.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.core.rng import RandomStream
from warbench.core.ruleset import Ruleset
from warbench.server.choices import value_words
from warbench.server.session import MalformedAction
from warbench.server.snapshot import field_specs, odds_plain


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
            return _answer(None, "", f"dragging {label} means nothing now", None, [], None)
    elif isinstance(request, dict) and "turn" in request:
        label, heading = _turn(request["turn"])
        action = rules.action_from_turn(state, observation.decisions, label, heading)
        if action is None:
            return _answer(None, "", f"{label} cannot turn on the spot now", None, [], None)
    elif isinstance(request, dict) and "aim" in request:
        label, partial = _aim(request["aim"])
        field = request["aim"].get("field")
        action = (aimed(rules, state, partial, label, observation.check) if field is None
                  else acting(rules, state, partial, label, field))
        if action is None and field is None:
            action, note = from_example(rules, state, observation.decisions, partial, label)
        if action is None:
            why = f"{label} is no target of {partial['type']}: no legal example aims at it now"
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


#: The largest piece number tried when a click aims a form at a piece.
AIM_LIMIT = 512


def aimed(rules: Ruleset[Any, Any], state: Any, partial: dict[str, Any], label: str,
          check: Callable[[Action], str | None] | None = None) -> Action | None:
    """``partial`` (a form's action, some fields perhaps unset) as it is if the ruleset
    names the piece ``label`` as its target, else with one whole-number field set so that
    it does (``target`` tried first, then the others in order); ``None`` when none does.
    A new piece aimed at keeps the qualifiers of the old choice (fields with a default: a
    ROBOGEAR shot at the pilot, a lobbed one) only where ``check`` accepts them with it."""
    action_type = rules.codec.type_of(partial["type"])
    if action_type is None:
        raise MalformedAction(f"aim.action.type: no action {partial['type']!r}")
    try:
        whole = rules.codec.decode(partial)
    except ValueError:
        whole = None
    if whole is not None and rules.action_target(state, whole) == label:
        return whole
    numbers = [f.name for f in dataclasses.fields(action_type) if f.type in ("int", int)]
    for key in sorted(numbers, key=lambda name: name != "target"):
        for value in range(-1, AIM_LIMIT):
            try:
                action = rules.codec.decode({**partial, key: value})
            except ValueError:
                continue
            if rules.action_target(state, action) == label:
                return action if check is None else _plain_aim(rules, state, action, key, check)
    return None


def _plain_aim(rules: Ruleset[Any, Any], state: Any, action: Action, aimed_by: str,
               check: Callable[[Action], str | None]) -> Action:
    """``action``, newly aimed through its field ``aimed_by``, with every other field that
    has a default set back to it when the rules refuse ``action`` as it is and the plain
    one still aims at the same piece: a form then says and sends only what the new choice
    means, and a refusal is the new target's own, not one earned by the old qualifiers."""
    plain = action.to_plain()
    reset = {**plain, **{spec["name"]: spec["default"] for spec in field_specs(type(action))
                         if "default" in spec and spec["name"] != aimed_by}}
    if reset == plain or check(action) is None:
        return action
    try:
        fresh = rules.codec.decode(reset)
    except ValueError:
        return action
    target = rules.action_target(state, action)
    return fresh if rules.action_target(state, fresh) == target else action


#: Legal examples drawn from a space when a click must fill a form's empty fields.
EXAMPLES = 64


def from_example(rules: Ruleset[Any, Any], state: Any, decisions: Sequence[Decision],
                 partial: dict[str, Any], label: str) -> tuple[Action | None, str]:
    """A legal action of ``partial``'s type aiming at the piece ``label``, for a form whose
    fields (a Dystopian Wars attack's ``guns``) are missing or cannot aim at it: the legal
    example (drawn from the spaces offering that type, with a fixed seed) that aims there
    and keeps most of the fields the form has set; with it, a note naming the fields
    filled. ``(None, "")`` when no example aims at that piece."""
    spaces = [space for decision in decisions for space in decision.spaces
              if partial["type"] == space.action_type.TAG]
    examples: list[Action] = []
    for index, space in enumerate(spaces):
        try:
            examples += space.sample(RandomStream.from_seed(index), EXAMPLES)
        except Exception:  # a sampler that fails offers no example, as for the page's form
            continue
    fitting = [example for example in examples if rules.action_target(state, example) == label]
    if not fitting:
        return None, ""
    kept = {key: value for key, value in partial.items() if key != "type"}

    def agrees(example: Action) -> int:
        plain = example.to_plain()
        return sum(plain.get(key) == value for key, value in kept.items())

    chosen = max(fitting, key=agrees)
    plain = chosen.to_plain()
    filled = [key for key in plain if key != "type" and plain[key] != partial.get(key)]
    words = ", ".join(key.replace("_", " ") for key in filled)
    return chosen, f"{words} chosen from a legal example aiming at {label}" if filled else ""


def acting(rules: Ruleset[Any, Any], state: Any, partial: dict[str, Any], label: str,
           field: Any) -> Action | None:
    """``partial`` with its ``field`` (the unit, ship or model acting) set to the number of
    the piece ``label``: the number that, as the action's ``target``, names that piece
    (pieces acting and pieces aimed at are numbered alike); ``None`` when none does."""
    action_type = rules.codec.type_of(partial["type"])
    if action_type is None:
        raise MalformedAction(f"aim.action.type: no action {partial['type']!r}")
    names = {f.name for f in dataclasses.fields(action_type)}
    if not isinstance(field, str) or field not in names or "target" not in names:
        raise MalformedAction(f"aim.field: a field of {partial['type']} beside its target")
    for value in range(AIM_LIMIT):
        try:
            probe = rules.codec.decode({**partial, "target": value})
        except ValueError:
            continue
        if rules.action_target(state, probe) == label:
            try:
                return rules.codec.decode({**partial, field: value})
            except ValueError:
                return None
    return None


def _aim(aim: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(aim, dict) or not isinstance(aim.get("label"), str):
        raise MalformedAction("aim.label: the label of the piece clicked, as text")
    partial = aim.get("action")
    if not isinstance(partial, dict) or not isinstance(partial.get("type"), str):
        raise MalformedAction("aim.action: the form's action, with its type")
    return aim["label"], partial


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
