"""What the server sends one seat: built only from that seat's observation.

A seat's snapshot holds the scene of its observed state, the decisions it owes (options
as JSON, parameter spaces described by their action's fields, with a few legal samples),
who else owes a decision, how the game is won and stands (``Ruleset.victory``), and the
text of the events it may see. A spectator's snapshot
is built the same way from the state as nobody's seat may know it. Nothing here reads the
true state, its hash or its dice stream.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from typing import Any

from warbench.core.actions import ONE_PER, Action
from warbench.core.attacks import OddsAnswer
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import Game
from warbench.core.events import Event, Roll
from warbench.core.preview import action_words
from warbench.core.rng import RandomStream
from warbench.core.scene import Scene
from warbench.core.table import Attack
from warbench.core.words import player_name, possessive, roll_words
from warbench.server.choices import Aside, Values, Words, annotate, plain, value_words, variants

#: The viewer index of a spectator: no seat's secrets are visible to it.
SPECTATOR = -2
#: Legal samples offered per parameter space (suggestions on the page, answers for scripts).
SAMPLES = 3
#: Further legal samples drawn per parameter space to list each field's choices, where the
#: space does not list every legal action (``ParamSpace.every_legal``).
CHOICE_SAMPLES = 40
#: Decisions with more options than this are sent without the odds of each, marked
#: ``odds_asked``: the page asks for an option's odds as it is shown (``consider.odds_of``).
ODDS_OPTIONS = 40


def event_text(event: Event) -> str:
    """The line a log shows for ``event`` ('' for none): a roll's line names its roller
    once (``player 2 rolled 2d6 for their initiative: 6 6``, where its words say
    ``player 2's initiative``)."""
    if isinstance(event, Roll) and not event.text:
        purpose = roll_words(event.label, event.told) or "a roll"
        who = ""
        if event.player is not None:
            name = player_name(event.player)
            who, own = f"{name} ", f"{possessive(name)} "
            if purpose.startswith(own):
                purpose = f"their {purpose.removeprefix(own)}"
        faces = " ".join(str(face) for face in event.faces)
        return f"{who}rolled {len(event.faces)}d{event.sides} for {purpose}: {faces}"
    return event.text


def visible_events(game: Game[Any, Any], seat: int) -> list[Event]:
    """The events ``seat`` may see (a spectator: only public ones)."""
    if seat == SPECTATOR:
        return [event for event in game.events if event.visible_to is None]
    return game.events_for(seat)


#: The hint a form's field shows on hover, by the kind of value it takes, where the
#: ruleset gives none (``Ruleset.field_help``).
TYPE_HINTS = {
    "int": "a whole number",
    "float": "a number",
    "str": "words, as typed",
    "bool": "no or yes",
}
#: A field's help: its caption and hint, or ``None`` for its name and :data:`TYPE_HINTS`.
FieldHelp = Callable[[type[Action], str], tuple[str, str] | None]


def type_hint(kind: str) -> str:
    """What a field of type ``kind`` takes, in words.

    >>> type_hint("int"), type_hint("tuple[float, ...]"), type_hint("tuple[int, ...]")
    ('a whole number', 'numbers, one after another', 'whole numbers, one after another')
    """
    if kind in TYPE_HINTS:
        return TYPE_HINTS[kind]
    if kind.startswith("tuple[int"):
        return "whole numbers, one after another"
    if kind.startswith("tuple["):
        return "numbers, one after another"
    return "a value"


def field_specs(action_type: type[Action], help_: FieldHelp | None = None
                ) -> list[dict[str, Any]]:
    """The fields of an action type, for a form: name, type, default, the ``caption``
    and ``hint`` a person reads (``help_``: the ruleset's, else the name in words and
    :func:`type_hint`), and ``one_per``, the field of whose members it holds one value
    each (:data:`~warbench.core.actions.ONE_PER`)."""
    specs = []
    for item in dataclasses.fields(action_type):
        kind = str(item.type)
        said = None if help_ is None else help_(action_type, item.name)
        caption, hint = said or (item.name.replace("_", " "), type_hint(kind))
        spec: dict[str, Any] = {"name": item.name, "type": kind, "caption": caption,
                                "hint": hint}
        if item.metadata.get(ONE_PER):
            spec["one_per"] = item.metadata[ONE_PER]
        if item.default is not dataclasses.MISSING:
            spec["default"] = plain(item.default)
        elif item.default_factory is not dataclasses.MISSING:
            spec["default"] = plain(item.default_factory())
        specs.append(spec)
    return specs


def off_defaults(action: Action, fields: list[dict[str, Any]]) -> int:
    """How many of ``action``'s fields that have a default it sets otherwise: a Dystopian
    Wars move that also drops a mine and signals all stop, 2; a plain move, 0."""
    values = action.to_plain()
    return sum(1 for spec in fields
               if "default" in spec and values.get(spec["name"]) != spec["default"])


def form_title(action_type: type[Action]) -> str:
    """A form's title: its action's name in words.

    >>> from warbench.rulesets.robogear.actions import RunOver
    >>> form_title(RunOver)
    'Run over'
    """
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", action_type.__name__).capitalize()


def space_plain(
    space: ParamSpace, index: int, seed: int, text: Callable[[Action], str] = action_words,
    words: Words | None = None, aside: Aside | None = None, values: Values | None = None,
    help_: FieldHelp | None = None,
) -> dict[str, Any]:
    """A parameter space described for a page: its action type, fields and samples, each
    sample with its ``text`` (the words its button shows; of samples that read alike, the
    first; those ``aside`` sets aside last) and its fields' values in ``words``
    (``sample_values``; ``start_values`` those of ``start``). A field gets ``choices``
    (value and words, for a list) where it is a yes/no or where ``words`` words every value
    of it drawn, or of every legal action where the space lists them all
    (``ParamSpace.every_legal``: a unit's weapons then hold each it may fire now), those the
    space lists (``ParamSpace.listed``: Dystopian Wars' attacks of whole guns, linked or
    not) always among them and every value ``values`` bounds a field to (a Dystopian Wars
    move's levels, an attack's split dice: :func:`.choices.variants`), and ``aside``,
    ``per_piece``, ``members`` and ``per_members`` where they apply (see
    :func:`.choices.annotate`); a field typed, not listed, whose values ``words`` words
    (a mine dropped so many inches along a path) is ``worded``: the page shows a value's
    words beside it. ``start`` is the first action the space lists,
    which the form starts on (else, of the legal samples of the form's own action type, so
    that a form never opens on a combination the rules refuse, the first that sets fewest
    fields off their defaults: :func:`off_defaults`): a Dystopian Wars attack of a whole
    gun, not a split a sample may be; a move that drops no mine and signals no all stop,
    so a person who picks the model and types the path asks for nothing more. ``help_``
    gives the fields' captions and hints. ``possible`` is false only where the space
    lists every legal action, or the parts of every one, and there is none (the page folds
    such forms away); ``unavailable`` then says why in words where the space does
    (``ParamSpace.unavailable``: the page shows it instead of the form)."""
    drawn: list[Action] = []
    more: list[Action] = []
    parts: list[Action] = []
    possible = True
    why: str | None = None
    rng = RandomStream.from_seed(seed + index)
    try:
        made_of = space.listed()  # None where the space lists no parts
        parts = list(made_of or ())
        drawn = list(space.sample(rng, SAMPLES))
        listed = space.every_legal()  # None where the space only samples
        if not drawn:  # an empty full list, or no parts to make one of: none is legal
            possible = (listed is None or bool(listed)) and (made_of is None or bool(parts))
            if not possible:
                why = space.unavailable()
        elif words is not None:
            more = list(listed) if listed is not None else space.sample(rng, CHOICE_SAMPLES)
    except Exception:  # a sampler that fails still leaves the form usable
        pass
    if aside is not None:  # the samples a player seldom wants last
        drawn.sort(key=lambda action: aside(action) is not None)
    worded: dict[str, Action] = {}
    for action in drawn:  # two samples that read alike would be two identical buttons
        worded.setdefault(text(action), action)
    fields = field_specs(space.action_type, help_)
    # the form makes actions of its space's type alone (Armada's order space also draws
    # role changes, which its examples offer)
    kin = [a for a in (*parts, *drawn, *more) if isinstance(a, space.action_type)]
    bounded = [] if values is None else variants(kin, [spec["name"] for spec in fields], values)
    annotate(fields, kin + bounded, words, aside)
    firsts = [action for action in parts if isinstance(action, space.action_type)]
    if not firsts:  # the legal example of the form's own kind (not a role change) asking least
        firsts = sorted((action for action in (*drawn, *more)
                         if isinstance(action, space.action_type)),
                        key=lambda action: off_defaults(action, fields))
    shown = list(worded.values())
    said = [{} if words is None else value_words(action, words) for action in shown]
    start_said = {} if words is None or not firsts else value_words(firsts[0], words)
    for spec in fields:
        if "choices" in spec or "members" in spec:
            continue
        if any(spec["name"] in values_said for values_said in (*said, start_said)):
            spec["worded"] = True
    return {
        "index": index,
        "type": space.action_type.TAG,
        "name": form_title(space.action_type),
        "description": space.description,
        "fields": fields,
        "samples": [action.to_plain() for action in worded.values()],
        "sample_words": list(worded),
        "sample_values": said,
        "start": firsts[0].to_plain() if firsts else None,
        "start_values": start_said,
        "possible": possible,
        "unavailable": why,
    }


def odds_plain(odds: OddsAnswer | None) -> dict[str, Any] | None:
    """The exact odds of an attack as JSON: what is counted, its mean, the named chances
    (and those of each other piece it may reach, ``others``, and what holds before the
    attack, ``facts``, where there are any); ``{"withheld": why}`` where no exact odds can
    be given (:meth:`~warbench.core.attacks.OddsAnswer.withholding`)."""
    if odds is None:
        return None
    if odds.withheld:
        return {"withheld": odds.withheld}
    plain: dict[str, Any] = {"outcome": odds.outcome, "mean": odds.distribution.mean,
                             "outcomes": dict(odds.named)}
    if odds.others:
        plain["others"] = {piece: dict(named) for piece, named in odds.others.items()}
    if odds.facts:
        plain["facts"] = list(odds.facts)
    return plain


def option_plain(
    option: Action, label: str, odds: OddsAnswer | None, target: str | None = None,
    fields: Mapping[str, tuple[str, str]] | None = None, aside: str | None = None,
) -> dict[str, Any]:
    """An option as JSON: its label, its action, the exact odds of the attack it declares,
    the label of the piece it aims at (a click on that piece picks it), its fields in
    words (``Ruleset.action_fields``: caption and value, for a form's lists) and the
    caption it is set aside under (``Ruleset.action_aside``: listed after the others)."""
    plain: dict[str, Any] = {"label": label, "action": option.to_plain()}
    if aside is not None:
        plain["aside"] = aside
    if odds is not None:
        plain["odds"] = odds_plain(odds)
    if target is not None:
        plain["target"] = target
    if fields:
        plain["fields"] = {name: list(words) for name, words in fields.items()}
    return plain


def decision_plain(
    decision: Decision,
    seed: int,
    odds: Callable[[Action], OddsAnswer | None] | None = None,
    text: Callable[[Action], str] = action_words,
    target: Callable[[Action], str | None] | None = None,
    fields: Callable[[Action], Mapping[str, tuple[str, str]]] | None = None,
    words: Words | None = None,
    aside: Aside | None = None,
    values: Values | None = None,
    help_: FieldHelp | None = None,
) -> dict[str, Any]:
    """A decision as JSON: prompt, options (``text`` of each, action, odds where ``odds``
    answers, the piece aimed at where ``target`` names one, the fields in words where
    ``fields`` gives them, the caption of those ``aside`` sets aside) and parameter spaces
    (their fields' values in ``words``, those set aside marked, the values ``values``
    bounds a field to listed). A decision of more than :data:`ODDS_OPTIONS` options is
    sent without their odds, ``odds_asked`` saying the page may ask for each."""
    judged = odds if odds is not None and len(decision.options) <= ODDS_OPTIONS else None
    return {
        "player": decision.player,
        "prompt": decision.prompt,
        "odds_asked": odds is not None and judged is None,
        "options": [
            option_plain(
                option,
                text(option),
                None if judged is None else judged(option),
                None if target is None else target(option),
                None if fields is None else fields(option),
                None if aside is None else aside(option),
            )
            for option in decision.options
        ],
        "spaces": [
            space_plain(space, index, seed, text, words, aside, values, help_)
            for index, space in enumerate(decision.spaces)
            if space.action_type.TAG  # a space of no action type accepts nothing: no form
        ],
    }


def seat_units(game: Game[Any, Any], seat: int) -> dict[str, str]:
    """The catalog unit of each named piece, read from the seat's view (see ``scene``)."""
    return game.ruleset.unit_names(game.ruleset.view(game.state, seat))


def with_last_attacks(scene: Scene, attacks: tuple[int, tuple[Attack, ...]]) -> Scene:
    """``scene`` with the last attacks a viewer saw (their step and marks, as
    :class:`~warbench.core.moments.SeenAttacks` keeps them) drawn, its title saying so."""
    step, marks = attacks
    if not marks:
        return scene
    count = f"{len(marks)} attack{'s' * (len(marks) != 1)}"
    return scene.with_attacks(marks, f"{scene.title} (last seen: {count} of action {step})")


def snapshot(
    game: Game[Any, Any],
    seat: int,
    *,
    log_from: int = 0,
    units: Mapping[str, str] | None = None,
    attacks: tuple[int, tuple[Attack, ...]] = (0, ()),
    deciding: bool = True,
) -> dict[str, Any]:
    """Everything ``seat`` (or :data:`SPECTATOR`) may be sent now.

    ``log_from`` skips the first visible events the page already has; ``units`` are the
    seat's :func:`seat_units`, when the caller keeps them (names of units rarely change);
    ``attacks`` the step and marks of the last attacks this seat has seen
    (:class:`~warbench.core.moments.SeenAttacks`), drawn on its scene; ``deciding`` false
    while the table waits for typed dice (referee mode): no decision is sent until they are
    in, as none can be taken.
    """
    rules = game.ruleset
    if seat == SPECTATOR:
        state = rules.observe(game.state, SPECTATOR)
        decisions: list[Decision] = []
    else:
        observation = game.observe(seat)
        state = observation.state
        decisions = list(observation.decisions) if deciding else []
    if units is None:
        units = seat_units(game, seat)
    events = visible_events(game, seat)
    seed = len(game.journal.entries)
    outcome = game.outcome
    scene = rules.scene(state, units)
    step, marks = attacks
    scene = with_last_attacks(scene, attacks)
    return {
        "type": "state",
        "seat": None if seat == SPECTATOR else seat,
        "step": len(game.journal.entries),
        "scene": scene.to_plain(),
        "sides": list(rules.side_names(game.journal.setup, game.players)),
        "victory": None if (victory := rules.victory(state)) is None else victory.to_plain(),
        "attacks_step": step if marks else None,
        "decisions": [
            decision_plain(
                decision,
                seed,
                lambda action: rules.action_odds(state, action),
                lambda action: rules.action_text(state, action),
                lambda action: rules.action_target(state, action),
                lambda action: rules.action_fields(state, action),
                lambda action, name: rules.field_value_words(state, action, name),
                lambda action: rules.action_aside(state, action),
                lambda action, name: rules.field_values(state, action, name),
                rules.field_help,
            )
            for decision in decisions
        ],
        "waiting_for": sorted({decision.player for decision in game.pending()}),
        "log_from": log_from,
        "log": [text for text in map(event_text, events[log_from:]) if text],
        "log_count": len(events),
        "over": outcome is not None,
        "outcome": None
        if outcome is None
        else {"winners": list(outcome.winners), "reason": rules.outcome_text(state)},
    }
