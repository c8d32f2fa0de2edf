"""A model's card and its current stats: the card's line, lasting effects, crippled aspects.

>>> from warbench.rulesets.hordes.data import DATA_DIR, DataFolder, load_data
>>> data = load_data(DataFolder(DATA_DIR))
>>> brute = Model(0, 0, "oakhide-brute", True, 0.0, 0.0, 0.0, spiral=[4, 5, 0, 0, 0, 0])
>>> stat(data, brute, "arm"), crippled_aspects(data, brute)
(18, frozenset({'mind'}))
"""

from __future__ import annotations

from warbench.rulesets.hordes.data import HordesData, ModelRecord
from warbench.rulesets.hordes.spiral import ASPECTS, crippled, left
from warbench.rulesets.hordes.state import HordesState, Model

_FIELDS = {"str": "str_", "def": "def_"}


def card(data: HordesData, model: Model) -> ModelRecord:
    """The model's card."""
    return data.models[model.card]


def stat(data: HordesData, model: Model, name: str) -> int:
    """A stat as it stands now: the card's value plus every lasting change to it."""
    value: int = getattr(data.models[model.card], _FIELDS.get(name, name))
    for effect in model.effects:
        if effect.stat == name:
            value += effect.amount
    return value


def spd_penalised(model: Model) -> bool:
    """Whether a lasting effect lowers the model's SPD: such a model may not charge or slam
    (HOR-CHARGE, HOR-SLAM), whatever raises it at the same time.

    >>> from warbench.rulesets.hordes.state import Lasting
    >>> hound = Model(1, 0, "mosshound", True, 0.0, 0.0, 0.0)
    >>> hound.effects = [Lasting("haste", "spell", "spd", 2, 0, -1)]
    >>> spd_penalised(hound)
    False
    >>> hound.effects.append(Lasting("entangle", "spell", "spd", -2, 5, -1, True))
    >>> spd_penalised(hound)
    True
    """
    return any(effect.stat == "spd" and effect.amount < 0 for effect in model.effects)


def crippled_aspects(data: HordesData, model: Model) -> frozenset[str]:
    """The crippled aspects of a warbeast (none for a warlock)."""
    if not model.beast:
        return frozenset()
    return crippled(model.spiral, data.models[model.card].spiral)


def is_crippled(data: HordesData, model: Model, aspect: str) -> bool:
    """``aspect in crippled_aspects(data, model)``, without building the set."""
    if not model.beast:
        return False
    a, b = ASPECTS[aspect]
    sizes, marked = data.models[model.card].spiral, model.spiral
    return marked[a] >= sizes[a] and marked[b] >= sizes[b]


def boxes_left(data: HordesData, model: Model) -> int:
    """Unmarked damage boxes or life-spiral circles."""
    record = data.models[model.card]
    if model.beast:
        return left(model.spiral, record.spiral)
    return record.damage - model.damage


def boxes_left_by_side(data: HordesData, state: HordesState) -> tuple[float, float]:
    """Each side's score however the game ends: the unmarked boxes and circles of its living
    models (HOR-TURN-LIMIT decides by them; a game won by killing the warlock scores the same
    way, so every game's scores are on one scale: engine default, HOR-VICTORY)."""
    first, second = (float(sum(boxes_left(data, m) for m in state.living(p))) for p in (0, 1))
    return first, second


def has(data: HordesData, model: Model, ability: str) -> bool:
    """Whether the card gives ``ability`` (tough, stealth)."""
    return ability in data.models[model.card].abilities


def can_be_forced(data: HordesData, model: Model, amount: int = 1) -> str | None:
    """``None`` if the beast may take ``amount`` more fury by forcing, else why not."""
    if not model.beast:
        return "only a warbeast is forced"
    if is_crippled(data, model, "spirit"):
        return "a warbeast with a crippled spirit cannot be forced (HOR-SPIRAL-SPIRIT)"
    if model.fury + amount > data.models[model.card].fury:
        return (
            f"forcing would put {model.fury + amount} fury on it, above its FURY "
            f"{data.models[model.card].fury} (HOR-FORCE-CAP)"
        )
    return None
