"""A click on a piece that aims a form of a parameter space at it.

The page sends the form's action (some fields perhaps unset) and the label of the piece
clicked: another side's piece becomes its target (:func:`aimed`: the whole-number field
for which the ruleset names that piece as the target, ``Ruleset.action_target``), one's
own the piece acting (:func:`acting`). Where the form's other fields cannot aim there (a
Dystopian Wars attack with its guns empty), a legal example that does stands in
(:func:`from_example`). All of it is judged from the seat's observation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.rng import RandomStream
from warbench.core.ruleset import Ruleset
from warbench.server.session import MalformedAction
from warbench.server.snapshot import field_specs

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


def aim_request(aim: Any) -> tuple[str, dict[str, Any]]:
    """The label clicked and the form's action of an ``aim`` request."""
    if not isinstance(aim, dict) or not isinstance(aim.get("label"), str):
        raise MalformedAction("aim.label: the label of the piece clicked, as text")
    partial = aim.get("action")
    if not isinstance(partial, dict) or not isinstance(partial.get("type"), str):
        raise MalformedAction("aim.action: the form's action, with its type")
    return aim["label"], partial
