"""The lists a parameter space's form offers, built from legal actions the seat's own
observation drew: each field's values in the ruleset's words, the values of a field naming
something of the acting piece (its weapon) for each piece alone, the members of a field
naming several things at once (a Dystopian Wars attack's guns) with the values the other
fields take with them, the values a player seldom wants set aside, and the words of any
value a form holds (for one outside its list).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from warbench.core.actions import Action

#: A field's value in words (``Ruleset.field_value_words`` on the seat's state).
Words = Callable[[Action, str], str | None]
#: Why an action is set aside (``Ruleset.action_aside`` on the seat's state).
Aside = Callable[[Action], str | None]
#: Every value a field of an action may take, the rest as it is, where the rules bound
#: them (``Ruleset.field_values`` on the seat's state).
Values = Callable[[Action, str], Sequence[Any] | None]

#: Fields naming the piece (or Armada's officer) that acts, in the order a form's actor is
#: looked for.
ACTOR_FIELDS = ("unit", "ship", "model", "officer")
#: Fields naming something the acting piece carries (a weapon, a ship's system or fire
#: control), may give (an officer's orders) or may take (a Dystopian Wars model's level):
#: a form lists the chosen one's alone.
OWN_FIELDS = frozenset({"weapon", "system", "control", "order", "level"})


def field_choices(spec: Mapping[str, Any], drawn: list[Action], words: Words | None
                  ) -> list[list[Any]]:
    """The ``[value, words]`` a form lists for the field ``spec`` (``[]``: typed instead):
    no and yes for a yes/no; else each value the legal ``drawn`` actions give it, in order,
    where ``words`` words them all (a value worded differently by different actions, as a
    weapon's number by different units, reads as each of them, joined)."""
    name = spec["name"]
    if spec["type"] == "bool":
        return [[False, "no"], [True, "yes"]]
    if words is None or not drawn:
        return []
    seen: dict[Any, list[str]] = {}
    for action in drawn:
        value = getattr(action, name, None)
        if isinstance(value, bool) or not isinstance(value, int | str):
            return []
        said = words(action, name)
        if said is None:
            return []
        named = seen.setdefault(value, [])
        if said not in named:
            named.append(said)
    return [[value, " / ".join(seen[value])] for value in sorted(seen)]


def variants(drawn: list[Action], names: list[str], values: Values) -> list[Action]:
    """The ``drawn`` actions with each field of ``names`` set to each value ``values``
    bounds it to (the rest as it is), those not drawn already, in order: what a form lists
    beside the drawn values (a Dystopian Wars move's every level for its model; an attack's
    split dice, from none to all its gun has left), legal or not with the rest.

    >>> from warbench.rulesets.dystopian_wars.actions import Fire
    >>> bound = lambda action, name: range(3) if name == "dice" else None
    >>> [v.dice for v in variants([Fire(((0, "turret"),), 1)], ["guns", "dice"], bound)]
    [1, 2]
    """
    seen: set[str] | None = None  # made once a field is bounded at all
    found: list[Action] = []
    for action in drawn:
        for name in names:
            for value in values(action, name) or ():
                varied = dataclasses.replace(action, **{name: value})
                if seen is None:
                    seen = {repr(other) for other in drawn}
                if repr(varied) not in seen:
                    seen.add(repr(varied))
                    found.append(varied)
    return found


def member_choices(spec: Mapping[str, Any], drawn: list[Action], words: Words | None
                   ) -> list[list[Any]]:
    """The ``[member, words]`` a form offers to tick for the field ``spec`` whose values
    are tuples of several things at once (a Dystopian Wars attack's guns, each a model and
    its mount), in the order the legal ``drawn`` actions first give them, each in the words
    the ruleset gives a value of that member alone (``[]``: typed instead, where a value is
    not such a tuple or a member has no words)."""
    name = spec["name"]
    if words is None or not drawn:
        return []
    seen: dict[Any, str] = {}
    for action in drawn:
        value = getattr(action, name, None)
        if not isinstance(value, tuple) or not value:
            return []
        for member in value:
            if member in seen:
                continue
            said = words(dataclasses.replace(action, **{name: (member,)}), name)
            if said is None:
                return []
            seen[member] = said
    return [[plain(member), said] for member, said in seen.items()]


def annotate(fields: list[dict[str, Any]], drawn: list[Action], words: Words | None,
             aside: Aside | None) -> None:
    """Give the form's ``fields`` (:func:`~.snapshot.field_specs`) what the legal ``drawn``
    actions list: ``choices`` (:func:`field_choices`); ``aside``, the caption and values
    of a listed field that only actions ``aside`` sets aside give (a charge's target that
    is one's own model); for a field naming something of the acting piece (a weapon),
    ``per_piece``: the acting field and, for each piece, its own choices; and for a field
    naming several things at once (guns), ``members`` (:func:`member_choices`), each other
    listed field then given ``per_members``: that field and, for each of its values drawn
    (a set of guns that fire together), the other field's choices with it (the targets
    they may fire at); a field of one value per member of another (``one_per``), the
    values it may hold for each (:func:`_each`)."""
    reasons = [None if aside is None else aside(action) for action in drawn]
    for spec in fields:
        if spec.get("one_per"):
            _each(spec, drawn, words)
            continue
        choices = field_choices(spec, drawn, words)
        if not choices:
            members = member_choices(spec, drawn, words)
            if members:
                spec["members"] = members
            continue
        spec["choices"] = choices
        if spec["type"] == "bool":  # a yes/no is listed whatever was drawn
            continue
        set_aside = _aside_values(spec["name"], drawn, reasons)
        if set_aside is not None:
            spec["aside"] = set_aside
    _follow_members(fields, drawn, words)
    actor = _actor_field(fields)
    if actor is None or words is None:
        return
    for spec in fields:
        if spec["name"] in OWN_FIELDS and spec.get("choices"):
            spec["per_piece"] = {"field": actor,
                                 "choices": _piece_choices(spec, actor, drawn, words)}


def _each(spec: dict[str, Any], drawn: list[Action], words: Words | None) -> None:
    """Give the field ``spec`` of one value per member of another (its ``one_per``: a
    Dystopian Wars answer's parties, one per answering model) ``each``: the ``[value,
    words]`` any member may take, in the order the legal ``drawn`` actions first give them
    (:func:`member_choices` of the actions that give a value at all), and ``each_none``, the
    words of the field left empty where a drawn action leaves it so (an answer naming no
    party: at the boarders together)."""
    name = spec["name"]
    given = [action for action in drawn if getattr(action, name, None)]
    each = member_choices(spec, given, words)
    if each:
        spec["each"] = each
    empty = next((action for action in drawn if getattr(action, name, None) == ()), None)
    if empty is not None and each and words is not None:
        spec["each_none"] = words(empty, name) or "none"


def _follow_members(specs: list[dict[str, Any]], drawn: list[Action], words: Words | None
                    ) -> None:
    """Give each listed field other than a yes/no, beside a field of ``members``, its
    choices for each value of that field the ``drawn`` actions give (``per_members``), in
    the order they first give them."""
    several = next((spec["name"] for spec in specs if spec.get("members")), None)
    if several is None or words is None:
        return
    by_value: dict[Any, list[Action]] = {}
    for action in drawn:
        by_value.setdefault(getattr(action, several), []).append(action)
    for spec in specs:
        if spec.get("choices") and spec["type"] != "bool":
            spec["per_members"] = {
                "field": several,
                "choices": [[plain(value), field_choices(spec, actions, words)]
                            for value, actions in by_value.items()],
            }


def plain(value: Any) -> Any:
    """``value`` as JSON holds it: tuples as lists."""
    return [plain(item) for item in value] if isinstance(value, tuple) else value


def _actor_field(specs: list[dict[str, Any]]) -> str | None:
    """The listed field of a form naming the piece that acts, where another listed field
    names something of that piece (a Shoot's ``unit`` beside its ``weapon``)."""
    listed = {spec["name"] for spec in specs if spec.get("choices")}
    if not listed & OWN_FIELDS:
        return None
    return next((name for name in ACTOR_FIELDS if name in listed), None)


def _piece_choices(spec: Mapping[str, Any], actor: str, drawn: list[Action], words: Words
                   ) -> list[list[Any]]:
    """For each value of the ``actor`` field drawn, ``[piece, choices]``: the field
    ``spec``'s choices among the drawn actions of that piece alone (its own weapons, each
    in its own words), pieces in order."""
    by_piece: dict[Any, list[Action]] = {}
    for action in drawn:
        by_piece.setdefault(getattr(action, actor), []).append(action)
    return [[piece, field_choices(spec, by_piece[piece], words)] for piece in sorted(by_piece)]


def _aside_values(name: str, drawn: list[Action], reasons: list[str | None]
                  ) -> list[dict[str, Any]] | None:
    """The values of the field ``name`` that only actions set aside give (each action's
    caption in ``reasons``, ``None`` where it is not), grouped by caption in the order
    the captions first come: ``[{"caption": ..., "values": [...]}, ...]``; ``None`` for
    none. A value that actions of two captions give goes with the first."""
    kept = {getattr(action, name) for action, why in zip(drawn, reasons, strict=True)
            if why is None}
    groups: dict[str, set[Any]] = {}
    placed: set[Any] = set()
    for action, why in zip(drawn, reasons, strict=True):
        value = getattr(action, name)
        if why is not None and value not in kept and value not in placed:
            groups.setdefault(why, set()).add(value)
            placed.add(value)
    if not groups:
        return None
    return [{"caption": caption, "values": sorted(values)} for caption, values in groups.items()]


def value_words(action: Action, words: Words) -> dict[str, str]:
    """Each field of ``action`` the ruleset names, in its words: what a form shows for a
    value it holds outside its list (typed, or set by a click on the table)."""
    found: dict[str, str] = {}
    for item in dataclasses.fields(action):
        said = words(action, item.name)
        if said is not None:
            found[item.name] = said
    return found
