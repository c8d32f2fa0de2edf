"""The choices of a turn in words a player reads at the table: cards by their names, models
and squadrons by theirs, critical markers by the damage they stand for.

The web table, the referee's prompts and the learning environment's action labels show
these words (:meth:`~.ruleset.DystopianWarsRuleset.action_text`); attacks, activations,
edges, prize crews and sweeps have words of their own elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from warbench.core.actions import Action
from warbench.core.geometry.movement import inches
from warbench.core.preview import unnamed
from warbench.rulesets.dystopian_wars.actions import (
    Board,
    Command,
    Deploy,
    Discard,
    Fire,
    Garrison,
    Helm,
    JoinPatrol,
    Land,
    Launch,
    Move,
    Pivot,
    PlayCard,
    Repair,
    Respond,
)
from warbench.rulesets.dystopian_wars.answer_aims import aim_words, aimable
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.state import DWState
from warbench.rulesets.dystopian_wars.wings_apart import aboard

#: What each helm order of a model under all stop does, in words.
HELM_WORDS = {
    "hold": "holds still",
    "ahead": "gets under way again next activation",
    "reverse": "takes a direction arrow to reverse next activation",
}


#: The mounts named by a short id in the rules, in words.
MOUNT_WORDS = {"aa": "ack-ack", "cc": "concussion charges"}

#: The arcs named by a short id in the data, in words (the others are words already).
ARC_WORDS = {
    "fore180": "fore 180°",
    "aft180": "aft 180°",
    "fore270": "fore 270°",
    "aft270": "aft 270°",
    "all": "all round",
    "aft-channel": "aft channel",
}


def arc_words(arc: str) -> str:
    """A weapon's arc in words.

    >>> arc_words("aft270"), arc_words("port")
    ('aft 270°', 'port')
    """
    return ARC_WORDS.get(arc, arc)

#: What a move's ``level`` does, in words: "" keeps the model's level (DW-SUBMERGED,
#: DW-OBSCURED).
LEVEL_WORDS = {
    "": "stays at its level",
    "surface": "surfaces (at the surface)",
    "submerged": "dives (submerged)",
    "flying": "flies below the clouds (flying)",
    "obscured": "climbs into the clouds (obscured)",
}


def level_words(level: str) -> str:
    """A move's ``level`` in words (one no model takes says so).

    >>> level_words(""), level_words("submerged"), level_words("deep")
    ('stays at its level', 'dives (submerged)', "level 'deep' — no such level")
    """
    return LEVEL_WORDS.get(level, f"level {level!r} — no such level")


def mine_words(mine_at: float) -> str:
    """A move's ``mine_at`` in words: no mine (below 0), else where along the path it drops.

    >>> mine_words(-1.0), mine_words(3.5), mine_words(1)
    ('no mine', 'drop a mine at 3.5 inches along the path', 'drop a mine at 1 inch along the path')
    """
    return "no mine" if mine_at < 0 else f"drop a mine at {inches(mine_at)} along the path"


def dice_words(dice: int) -> str:
    """An attack's ``dice`` in words: 0 fires the gun's whole dice, more splits that many of
    them at this target (DW-SPLIT-FIRE).

    >>> dice_words(0), dice_words(1), dice_words(3)
    ('all its dice (no split)', 'split fire: 1 die here', 'split fire: 3 dice here')
    """
    if dice == 0:
        return "all its dice (no split)"
    if dice < 0:
        return f"{dice} dice — split dice cannot be negative"
    return f"split fire: {dice} {'die' if dice == 1 else 'dice'} here"


def split_words(dice: int, share: tuple[int, int] | None = None) -> str:
    """The dice of a split attack in words, after what fires them ("" for none split);
    with ``share``, the dice the gun has at that target and has split already, those it
    has and those it still has for other targets.

    >>> split_words(1), split_words(3), split_words(0)
    (' (1 die, split fire)', ' (3 dice, split fire)', '')
    >>> split_words(2, (5, 1))
    ' (2 of the 4 dice it has left, split fire; 2 left for other targets)'
    >>> split_words(4, (4, 0))
    ' (4 of its 4 dice, split fire)'
    """
    if not dice:
        return ""
    counted = f"{dice} {'die' if dice == 1 else 'dice'}"
    if share is None:
        return f" ({counted}, split fire)"
    total, spent = share
    left = total - spent
    of = f"{dice} of its {total} dice" if not spent else f"{dice} of the {left} dice it has left"
    kept = left - dice
    return f" ({of}, split fire{f'; {kept} left for other targets' if kept > 0 else ''})"




def fire_verb(guns: Sequence[tuple[int, str]]) -> str:
    """``fire`` or ``fires``, agreeing with the guns of an attack: several linked, or one
    mount named in the plural (torpedoes, rockets, bombs, guns, concussion charges), fire;
    one turret or broadside fires.

    >>> fire_verb([(0, "torpedoes")]), fire_verb([(0, "fore turret")]), fire_verb([(0, "cc")])
    ('fire', 'fires', 'fire')
    >>> fire_verb([(0, "turret"), (1, "turret")]), fire_verb([(0, "aa")])
    ('fire', 'fires')
    """
    if len(guns) != 1:
        return "fire"
    words = MOUNT_WORDS.get(guns[0][1], guns[0][1]).split(" (")[0]
    last = words.split()[-1] if words.split() else ""
    return "fire" if last.endswith("s") and not last.endswith("ss") else "fires"


def guns_words(state: DWState, guns: tuple[tuple[int, str], ...]) -> str:
    """The (model, mount) pairs of an attack in words: ``Kaze 2's ack-ack, Kaze 3's turret``."""
    return ", ".join(f"{_model(state, uid)}'s {MOUNT_WORDS.get(mount, mount)}"
                     for uid, mount in guns)


def _model(state: DWState, uid: int) -> str:
    return state.models[uid].name if 0 <= uid < len(state.models) else f"model {uid}"


def _card(data: RulesData, card: str) -> str:
    return data.cards[card].name if card in data.cards else card


def _critical(data: RulesData, marker: str) -> str:
    named = next((c.name for c in data.criticals if c.marker == marker), "")
    return named or marker.replace("-", " ")


def path_words(path: tuple[float, ...], backward: bool = False) -> str:
    """A move's path in words: straights in inches, turns by side (clockwise is starboard).

    >>> path_words((3.5, -27.3, 2.9))
    '3.5" ahead, 27° to port, 2.9" ahead'
    >>> path_words((2.0,), backward=True)
    '2" astern'
    """
    way = "astern" if backward else "ahead"
    parts = []
    for index, value in enumerate(path):
        if index % 2 == 0:
            if value or len(path) == 1:
                parts.append(f'{value:.3g}" {way}')
        elif round(value):
            parts.append(f"{abs(value):.0f}° to {'starboard' if value > 0 else 'port'}")
    return ", ".join(parts) or "stays where it is"


def _move(state: DWState, action: Move) -> str:
    extras = []
    if action.level:
        extras.append(LEVEL_WORDS.get(action.level, "").split(" (")[0]
                      or f"goes to {action.level}")
    if action.mine_at >= 0:
        extras.append(f'drops a mine {action.mine_at:.3g}" along')
    if action.ram_at >= 0:
        extras.append(f"rams {_model(state, action.ram_at)}")
    elif not action.ram:
        extras.append("touches without ramming")
    if action.all_stop:
        extras.append("then all stop")
    more = f" ({'; '.join(extras)})" if extras else ""
    return f"{_model(state, action.model)}: {path_words(action.path, action.backward)}{more}"


def option_text(data: RulesData, state: DWState, action: Action) -> str:
    """``action`` in words, or "" for an action this module does not word.

    >>> from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
    >>> from warbench.rulesets.dystopian_wars.actions import Garrison
    >>> rules = DystopianWarsRuleset()
    >>> option_text(rules.data, None, Garrison(0))
    'leave the prize a derelict (no crew aboard)'
    """
    if isinstance(action, Move):
        return _move(state, action)
    if isinstance(action, Pivot):
        side = "starboard" if action.degrees > 0 else "port"
        turned = f"{abs(action.degrees):.0f}° to {side}"
        return f"{_model(state, action.model)} turns {turned} on the spot"
    if isinstance(action, Deploy):
        squadrons = state.squadrons
        name = (squadrons[action.squadron].name if 0 <= action.squadron < len(squadrons)
                else f"squadron {action.squadron}")
        pair = aboard(state, action.squadron) if 0 <= action.squadron < len(squadrons) else None
        if pair is not None:
            return (f"deploy {name} apart from its carrier {pair[1].name}, at"
                    f" ({action.x:.1f}, {action.y:.1f})")
        return (f"deploy {name} with its lead at ({action.x:.1f}, {action.y:.1f}),"
                f" heading {action.heading:.0f}°")
    if isinstance(action, PlayCard):
        on = "" if action.model < 0 else f" on {_model(state, action.model)}"
        return f"play {_card(data, action.card)}{on}"
    if isinstance(action, Discard):
        return f"discard {_card(data, action.card)} to draw anew"
    if isinstance(action, Command):
        return f"command the part of the squadron with {_model(state, action.model)}"
    if isinstance(action, Helm):
        return f"{_model(state, action.model)} {HELM_WORDS.get(action.order, action.order)}"
    if isinstance(action, Respond):
        names = ", ".join(_model(state, uid) for uid in action.models)
        return (f"answer with {names}{' linked in one pool' if action.linked else ''}"
                f"{aim_words(state, action) or together_words(state, action)}")
    if isinstance(action, Board):
        return (f"{_model(state, action.model)} boards {_model(state, action.target)} with"
                f" {action.ap} assault point{'s' if action.ap != 1 else ''}")
    if isinstance(action, Garrison):
        if action.ap == 0:
            return "leave the prize a derelict (no crew aboard)"
        return f"leave {action.ap} assault point{'s' if action.ap != 1 else ''} aboard the prize"
    if isinstance(action, Repair):
        return f"repair {_model(state, action.model)}: {_critical(data, action.marker)}"
    if isinstance(action, Launch):
        how = "as its carrier's patrol" if action.patrol else "to fly on its own"
        return f"launch {_model(state, action.wing)} {how}"
    if isinstance(action, Land):
        return f"land on {_model(state, action.carrier)}"
    if isinstance(action, JoinPatrol):
        squadrons = state.squadrons
        name = (squadrons[action.squadron].name if 0 <= action.squadron < len(squadrons)
                else f"squadron {action.squadron}")
        return f"join {name} as its combat air patrol"
    return ""


#: Fields that name a model by its number (-1: none; a wing too, as the model it is), and
#: those that name a squadron.
MODEL_FIELDS = frozenset({"model", "target", "carrier", "ram_at", "wing"})
SQUADRON_FIELDS = frozenset({"squadron"})


def together_words(state: DWState, action: Respond) -> str:
    """' at the boarders together' for an answer naming no party where several board the
    model answering (DW-MULTI-ASSAULT); '' elsewhere."""
    from warbench.rulesets.dystopian_wars.boarding import AnswerBoarding, Boarding

    top, below = (state.stack[-1], state.stack[-2]) if len(state.stack) > 1 else (None, None)
    if action.at or not isinstance(top, AnswerBoarding) or not isinstance(below, Boarding):
        return ""
    if not 0 <= top.assault < len(below.assaults):
        return ""
    if len(aimable(state, below.assaults[top.assault].parties)) < 2:
        return ""
    return " at the boarders together, the largest party losing first"


#: The captions and hints of an answer's fields on the web table's form (the form of an
#: answer to several boarding parties: ``answer_aims.AimSpace``).
FIELD_HELP = {
    ("respond", "models"): ("answering models", "every model able to answer: each rolls on "
                            "its own, or the ships in one pool if linked"),
    ("respond", "linked"): ("linked in one pool", "no: each model rolls its own dice; yes: "
                            "the ships roll one pool, at one boarding party (DW-AA-LINK)"),
    ("respond", "at"): ("rolls at", "the boarding party each answering model's roll goes "
                        "at (DW-MULTI-ASSAULT)"),
}


def field_help(action_type: type[Action], field: str) -> tuple[str, str] | None:
    """A form field's caption and hint in words (:data:`FIELD_HELP`), or ``None``."""
    return FIELD_HELP.get((action_type.TAG, field))


def respond_fields(state: DWState, action: Action) -> dict[str, tuple[str, str]]:
    """An answer's fields as a form of options lists them, each its caption and value in
    words: who answers, on its own or linked, and where the rolls go (every roll at one
    party, the models answering at each, or at the boarders together: DW-MULTI-ASSAULT);
    ``{}`` for any other action.

    >>> respond_fields(None, Garrison(0))
    {}
    """
    if not isinstance(action, Respond):
        return {}
    aimed = aim_words(state, action)
    if aimed.startswith(": "):
        at = aimed[2:]
    elif aimed:
        at = f"every roll{aimed}"
    else:
        at = together_words(state, action).strip().removeprefix("at ") or "no party named"
    return {
        "models": ("answering", ", ".join(_model(state, uid) for uid in action.models)),
        "linked": ("rolled", "linked in one pool" if action.linked else "each on its own"),
        "at": ("rolls at", at),
    }


def field_value_words(state: DWState, action: Action, field: str) -> str | None:
    """A model (a wing included) or squadron named by ``action``'s ``field``, an attack's
    guns and split dice, a move's level and the mine it drops, an answer's models and the
    boarding parties they answer (DW-MULTI-ASSAULT), in words (one naming nothing
    on the table says so; ``None`` for other fields)."""
    value = getattr(action, field, None)
    if isinstance(action, Fire) and field == "guns":
        return guns_words(state, action.guns)
    if isinstance(action, Fire) and field == "dice":
        return dice_words(action.dice)
    if isinstance(action, Move) and field == "level":
        return level_words(action.level)
    if isinstance(action, Move) and field == "mine_at":
        return mine_words(action.mine_at)
    if isinstance(action, Respond) and field in ("models", "at"):
        named = ", ".join(_model(state, uid) for uid in getattr(action, field))
        return named or "the boarders together"
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    if field in MODEL_FIELDS:
        if value < 0:
            return "none"
        return _model(state, value) if value < len(state.models) else unnamed("model", value)
    if field in SQUADRON_FIELDS:
        squadrons = state.squadrons
        return squadrons[value].name if 0 <= value < len(squadrons) else unnamed(
            "squadron", value)
    return None
