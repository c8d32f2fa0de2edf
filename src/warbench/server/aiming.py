"""A click on a piece that aims a form of a parameter space at it.

The page sends the form's action (some fields perhaps unset) and the label of the piece
clicked: another side's piece becomes its target (:func:`aimed`: the whole-number field
for which the ruleset names that piece as the target, ``Ruleset.action_target``), one's
own the piece acting (:func:`acting`). Where the form's other fields cannot aim there (a
Dystopian Wars attack with its guns empty), a legal example that does stands in
(:func:`from_example`). Where none does (the form empty, as ROBOGEAR's Shoot is when
nothing may shoot), :func:`unaimed` says why in a player's words: the piece is not on the
table, or part of it and no piece, or the rules' own reason (naming its rule where the
ruleset does) for a stand-in of the form's action with that piece in its place, its other
fields from the form, a legal example, the nearest enemy or left blank; the form named as
the page titles it, never by its action's tag. All of it is judged from the seat's
observation.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream
from warbench.core.ruleset import Ruleset
from warbench.core.table import Piece
from warbench.server.choices import OWN_FIELDS
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


#: Legal examples drawn from a space when a click must fill a form's empty fields (where
#: the space does not list every legal action).
EXAMPLES = 64


def examples_of(decisions: Sequence[Decision], tag: str) -> list[Action]:
    """Legal actions of type ``tag`` from the spaces offering it: each space's every one
    where it lists them all (``ParamSpace.every_legal``), else :data:`EXAMPLES` drawn with
    a fixed seed."""
    found: list[Action] = []
    spaces = [space for decision in decisions for space in decision.spaces
              if tag == space.action_type.TAG]
    for index, space in enumerate(spaces):
        try:
            listed = space.every_legal()
            found += (space.sample(RandomStream.from_seed(index), EXAMPLES) if listed is None
                      else listed)
        except Exception:  # a sampler that fails offers no example, as for the page's form
            continue
    return found


def agreeing(examples: Sequence[Action], partial: dict[str, Any]) -> Action:
    """The one of ``examples`` (not empty) keeping most of the fields ``partial`` sets."""
    kept = {key: value for key, value in partial.items() if key != "type"}

    def agrees(example: Action) -> int:
        plain = example.to_plain()
        return sum(plain.get(key) == value for key, value in kept.items())

    return max(examples, key=agrees)


def from_example(examples: Sequence[Action], partial: dict[str, Any],
                 fits: Callable[[Action], bool], whose: str) -> tuple[Action | None, str]:
    """A legal action of ``partial``'s type that ``fits`` (aims at the piece clicked, or
    has it acting), for a form whose fields (a Dystopian Wars attack's ``guns``) are
    missing or cannot aim there: the legal example that fits and keeps most of the fields
    the form has set; with it, a note naming the fields filled (``guns chosen from a legal
    example aiming at Hiryu``: ``whose`` the last words). ``(None, "")`` when none fits."""
    fitting = [example for example in examples if fits(example)]
    if not fitting:
        return None, ""
    chosen = agreeing(fitting, partial)
    return chosen, _filled(chosen, partial, f"from a legal example {whose}")


def _filled(chosen: Action, partial: dict[str, Any], how: str) -> str:
    """A note naming the fields ``chosen`` sets otherwise than the form ``partial``
    (``guns chosen from a legal example aiming at Hiryu``), or none."""
    plain = chosen.to_plain()
    unset = _blank(type(chosen))  # a field the form leaves unset at its default is no news
    filled = [key for key in plain
              if key != "type" and plain[key] != partial.get(key, unset.get(key))]
    words = ", ".join(key.replace("_", " ") for key in filled)
    return f"{words} chosen {how}" if filled else ""


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


def aim(game: Game[Any, Any], observation: Observation[Any, Any], partial: dict[str, Any],
        label: str, field: Any) -> tuple[Action | None, str, str]:
    """The form's action ``partial`` aimed by a click on the piece ``label``: as its target
    (:func:`aimed`), or, with ``field``, with that piece acting (:func:`acting`); else the
    legal example that does, with a note of the fields it filled; else a legal stand-in
    or, with no action, why none (:func:`unaimed`). Returns the action, the note and why."""
    rules, state = game.ruleset, observation.state
    action = (aimed(rules, state, partial, label, observation.check) if field is None
              else acting(rules, state, partial, label, field))
    if action is not None:
        return action, "", ""
    examples = examples_of(observation.decisions, partial["type"])
    if field is None:
        action, note = from_example(
            examples, partial, lambda example: rules.action_target(state, example) == label,
            f"aiming at {label}")
    else:
        found = acting(rules, state, examples[0].to_plain(), label, field) if examples else None
        number = None if found is None else getattr(found, field)
        action, note = from_example(
            examples, partial, lambda example: getattr(example, field) == number, f"of {label}")
    if action is not None:
        return action, note, ""
    stand_in, why = unaimed(game, observation, partial, label, field, examples)
    if stand_in is None:
        return None, "", why
    return stand_in, _filled(stand_in, partial, f"for {label}"), ""


def aim_request(request: Any) -> tuple[str, dict[str, Any]]:
    """The label clicked and the form's action of an ``aim`` request."""
    if not isinstance(request, dict) or not isinstance(request.get("label"), str):
        raise MalformedAction("aim.label: the label of the piece clicked, as text")
    partial = request.get("action")
    if not isinstance(partial, dict) or not isinstance(partial.get("type"), str):
        raise MalformedAction("aim.action: the form's action, with its type")
    return request["label"], partial


#: Blank values of a stand-in's fields that neither the form nor an example sets, by type.
BLANKS: dict[str, Any] = {"int": 0, "float": 0.0, "bool": False, "str": ""}
#: Fields naming the piece that acts, as a player calls such a piece.
PIECE_NOUNS = ("unit", "ship", "model", "fleet", "squadron", "group")
#: The shapes of areas drawn on a table (a control range, terrain): never pieces.
AREAS = ("ring", "polygon")


def kind_words(action_type: type[Action]) -> str:
    """What an action of ``action_type`` does, as a verb: its name in lower-case words.

    >>> from warbench.rulesets.robogear.actions import RunOver, Shoot
    >>> kind_words(Shoot), kind_words(RunOver)
    ('shoot', 'run over')
    """
    return " ".join(re.findall(r"[A-Z][a-z]*", action_type.__name__)).lower()


def unaimed(game: Game[Any, Any], observation: Observation[Any, Any],
            partial: dict[str, Any], label: str, field: str | None,
            examples: Sequence[Action]) -> tuple[Action | None, str]:
    """For a click on ``label`` that the form ``partial`` could not be aimed by (as its
    target, or with ``field`` the piece acting; ``examples`` the legal ones of its type):
    a legal stand-in where one turns up (with no words), else ``None`` and why not."""
    rules, state, seat = game.ruleset, observation.state, observation.seat
    action_type = rules.codec.type_of(partial["type"])
    assert action_type is not None  # the aim was checked for its type before
    form = action_type.__name__
    picture = rules.table(state)
    pieces = {} if picture is None else {piece.label: piece for piece in picture.pieces}
    piece = pieces.get(label)
    if piece is None:
        return None, f"{label} is not on the table"
    if piece.player is None or piece.shape in AREAS:
        what = "an area" if piece.shape in AREAS else "terrain or a marker"
        return None, f"{label} is {what}, not a piece: the {form} form aims at pieces"
    teams = rules.teams(game.journal.setup)

    def side(player: int) -> int:
        return player if teams is None else teams[player]

    if field is not None:
        enemies = sorted((p for p in pieces.values() if p.player is not None and not p.faded
                          and p.shape not in AREAS and side(p.player) != side(seat)),
                         key=lambda p: math.hypot(p.x - piece.x, p.y - piece.y))
        tries = _acting_stand_in(rules, state, partial, label, field, examples, enemies)
    else:
        aimed_at = _target_stand_in(rules, state, partial, label, examples)
        tries = [] if aimed_at is None else [(aimed_at, None)]
    reasons = [observation.check(probe) for probe, _ in tries]
    for (probe, _), reason in zip(tries, reasons, strict=True):
        if reason is None:
            return probe, ""
    why = reasons[0] if reasons else f"there is no legal {form} now"
    if field is not None:
        # the reason at the nearest enemy, said so unless the next one's is the same
        enemy = tries[0][1] if tries and len(set(reasons)) == len(reasons) else None
        at = "" if enemy is None else f" (at the nearest enemy, {enemy})"
        return None, f"{label} cannot {kind_words(action_type)} now{at}: {why}"
    names = {item.name for item in dataclasses.fields(action_type)}
    noun = next((name for name in PIECE_NOUNS if name in names), "piece")
    if piece.player == seat:
        return None, f"{label} is your own {noun}: {why}"
    if side(piece.player) == side(seat):
        return None, f"{label} is your ally's {noun}: {why}"
    return None, f"the {form} form cannot aim at {label} now: {why}"


def _blank(action_type: type[Action]) -> dict[str, Any]:
    """A value for each field of ``action_type``: its default, else a blank of its type."""
    plain: dict[str, Any] = {"type": action_type.TAG}
    for spec in field_specs(action_type):
        if "default" in spec:
            plain[spec["name"]] = spec["default"]
        elif spec["type"] in BLANKS:
            plain[spec["name"]] = BLANKS[spec["type"]]
        elif spec["type"].startswith("tuple"):
            plain[spec["name"]] = []
    return plain


def _acting_stand_in(rules: Ruleset[Any, Any], state: Any, partial: dict[str, Any],
                     label: str, field: str, examples: Sequence[Action],
                     enemies: list[Piece]) -> list[tuple[Action, str | None]]:
    """The form's action with the piece ``label`` acting (its ``field``), aimed at the
    form's target, else the target of the legal example agreeing most with the form, else
    at each of the two nearest ``enemies`` (each with its label); the form's choice of the
    acting piece's things (a weapon) left blank, as it belonged to another piece."""
    action_type = rules.codec.type_of(partial["type"])
    assert action_type is not None
    plain = {**_blank(action_type),
             **{key: value for key, value in partial.items() if key not in OWN_FIELDS}}
    bases: Sequence[tuple[dict[str, Any], str | None]] = [(plain, None)]
    if "target" not in partial and examples:
        plain["target"] = agreeing(examples, partial).target  # type: ignore[attr-defined]
    elif "target" not in partial:
        aims = ((aimed(rules, state, plain, enemy.label), enemy.label) for enemy in enemies)
        bases = [(at.to_plain(), enemy) for at, enemy in aims if at is not None][:2]
    found: list[tuple[Action, str | None]] = []
    for base, enemy in bases:
        stand_in = acting(rules, state, base, label, field)
        if stand_in is not None:
            found.append((stand_in, enemy))
    return found


def _target_stand_in(rules: Ruleset[Any, Any], state: Any, partial: dict[str, Any],
                     label: str, examples: Sequence[Action]) -> Action | None:
    """The form's action aimed at the piece ``label``, its unset fields from the legal
    example agreeing most with it, or, with none, left blank where the form sets every
    field it must bar the one aimed (a HORDES charge's target); else ``None``."""
    action_type = rules.codec.type_of(partial["type"])
    assert action_type is not None
    if examples:
        base = agreeing(examples, partial).to_plain()
    else:
        base = _blank(action_type)
        if len([spec for spec in field_specs(action_type)
                if "default" not in spec and spec["name"] not in partial]) > 1:
            return None
    return aimed(rules, state, {**base, **partial}, label)
