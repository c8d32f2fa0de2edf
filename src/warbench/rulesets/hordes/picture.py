"""A picture of the table: round bases with facing, control areas, terrain, each model's
damage and life-spiral state, and the attacks of a moment over the front arc and the
weapon's range."""

from __future__ import annotations

from collections.abc import Sequence

from warbench.core.events import Event
from warbench.core.geometry import Arc, RangeBands
from warbench.core.table import Attack, Piece, TablePicture
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.events import AttackRolled, DamageRolled, SpellEffect
from warbench.rulesets.hordes.names import model_labels
from warbench.rulesets.hordes.profile import boxes_left, crippled_aspects
from warbench.rulesets.hordes.space import radius, weapon_reach
from warbench.rulesets.hordes.state import HordesState, Model

#: The front arc every model attacks through (HOR-FACING): 180 degrees.
FRONT_ARC = Arc.centered(180.0)
#: An attack mark's key: attacker, target, style (a magic attack's spell) and weapon name.
_Key = tuple[int, int, str, str]


def picture(data: HordesData, state: HordesState) -> TablePicture:
    """Terrain polygons, control-area rings of living warlocks, and every model, keyed by
    its id all game (the number a form's ``model`` or ``target`` holds for it) and labelled
    with its name, told apart from the others that share it (:mod:`.names`)."""
    labels = model_labels(data, state.models)
    pieces = [
        Piece(record.kind, *record.points[0], shape="polygon", points=record.points)
        for record in data.layouts[state.layout]
    ]
    for model in state.models:
        record = data.models[model.card]
        if model.alive and not model.beast:
            pieces.append(
                Piece(
                    f'control {2 * record.fury}"',
                    model.x,
                    model.y,
                    shape="ring",
                    size=2.0 * record.fury,
                    player=model.owner,
                )
            )
        pieces.append(
            Piece(
                labels[model.uid],
                model.x,
                model.y,
                size=record.radius,
                heading=model.heading,
                player=model.owner,
                faded=not model.alive,
                unit=model.card,
                damage=damage_text(data, model),
                key=str(model.uid),
            )
        )
    return TablePicture(data.settings.table, data.settings.table, tuple(pieces),
                        title=title(data, state))


def title(data: HordesData, state: HordesState) -> str:
    """The round being played; after the last round (the counter has moved on to one the
    game never plays), the last round and that the game is over."""
    rounds = data.settings.rounds
    if state.outcome is not None:
        return f"HORDES, round {min(state.round, rounds)} of {rounds}, game over"
    return f"HORDES, round {state.round} of {rounds}"


def damage_text(data: HordesData, model: Model) -> str:
    """Boxes left of the damage grid, fury, crippled aspects, knockdown; or destroyed."""
    record = data.models[model.card]
    if not model.alive:
        return "destroyed"
    status = [f"{boxes_left(data, model)}/{record.boxes} boxes", f"F{model.fury}"]
    crippled = sorted(crippled_aspects(data, model))
    if crippled:
        status.append("crippled " + "+".join(crippled))
    if model.knocked_down:
        status.append("knocked down")
    return " ".join(status)


def attacks_drawn(
    data: HordesData, state: HordesState, events: Sequence[Event]
) -> tuple[Attack, ...]:
    """Each attacker's attacks on each target in ``events``, one mark per pair and weapon
    (a magic attack: per spell, named by the cast that made it): how many hit, the boxes
    they marked, over the front arc and the weapon's or spell's range, labelled with the
    weapon's or spell's name (an attack that records none: its style). A damage roll made
    in a later step than its attack roll (after the warlock's damage boost decision,
    HOR-BOOST) is drawn on its own, as the attacker's damage roll."""
    tallies: dict[_Key, list[int]] = {}
    rolls: dict[_Key, str] = {}
    last: _Key | None = None
    casting: dict[int, str] = {}
    for event in events:
        if isinstance(event, SpellEffect):
            casting[event.caster] = event.spell
        elif isinstance(event, AttackRolled):
            style = event.style
            if style == "magic":
                style = casting.get(event.attacker, style)
            last = (event.attacker, event.target, style, event.weapon)
            tally = tallies.setdefault(last, [0, 0, 0])
            tally[0] += 1
            tally[1] += event.hit
            rolls[last] = f"{event.total} vs DEF {event.needed}" if event.total else ""
        elif isinstance(event, DamageRolled) and last is not None and last[1] == event.target:
            tallies[last][2] += event.boxes
        elif isinstance(event, DamageRolled) and last is None and event.attacker >= 0:
            alone = (event.attacker, event.target, "damage", "")
            tally = tallies.setdefault(alone, [0, 0, 0])
            tally[0], tally[1] = tally[0] + 1, tally[1] + 1
            tally[2] += event.boxes
            rolls[alone] = f"{event.total} vs ARM {event.arm}"
    marks = []
    labels = model_labels(data, state.models)
    for key, (count, hits, boxes) in tallies.items():
        attacker, target = state.models[key[0]], state.models[key[1]]
        style = data.spells[key[2]].name if key[2] in data.spells else key[3] or key[2]
        label = f"{style} {rolls[key]}".strip() if count == 1 else f"{style} x{count}"
        outcome = ("hit" if hits else "miss") if count == 1 else f"{hits} hit{'s' * (hits != 1)}"
        if key[2] == "damage":
            label += f": {boxes} box{'es' * (boxes != 1)}"
        else:
            label += f": {outcome}"
            label += f", {boxes} box{'es' * (boxes != 1)}" if hits else ""
        # who struck whom first: the target may be gone from the table after it
        label = f"{labels[attacker.uid]} at {labels[target.uid]}\n{label}"
        marks.append(
            Attack.fired(
                (attacker.x, attacker.y), attacker.heading, (target.x, target.y), arc=FRONT_ARC,
                bands=_reach(data, attacker, key[2], key[3]), label=label,
                player=attacker.owner, hit=hits > 0,
            )
        )
    return tuple(marks)


def _reach(data: HordesData, model: Model, style: str, weapon: str = "") -> RangeBands | None:
    """How far the style reaches from the model's centre: the named weapon's melee range
    or RNG (a name not on the card, such as a power attack's: the longest of the style),
    or the spell's RNG, past the edge of its base (none for a spell measured otherwise)."""
    weapons = [w for w in data.models[model.card].weapons if w.kind == style]
    named = [w for w in weapons if w.name == weapon] or weapons
    if style == "melee":
        reach = max(map(weapon_reach, named), default=0.0)
    elif style == "ranged":
        reach = max((w.rng for w in named), default=0.0)
    elif style in data.spells and not isinstance(data.spells[style].rng, str):
        reach = float(data.spells[style].rng)
    else:
        reach = 0.0
    return RangeBands((radius(data, model) + reach,)) if reach else None
