"""What one attack may do to each model beside its target, in words and odds, for the web
table's lines under an AOE's template (:mod:`.odds_blast`) or a spray's strip
(:mod:`.odds_spray`): each model's name for the line (its label on the board, ``your own``
where it is the attacker's side's, how far it is, the aspects crippled already, and what
the line takes for granted where a player's later choice would change it: a warlock's
transfer, HOR-TRANSFER), and what one damage roll of the attack leaves of it (destroyed,
each aspect of a warbeast crippled), from what is marked on it now.

>>> from warbench.rulesets.hordes.data import DATA_DIR, DataFolder, load_data
>>> data = load_data(DataFolder(DATA_DIR))
>>> horror = Model(0, 0, "obsidian-horror", True, 0.0, 0.0, 0.0, spiral=[0] * 6)
>>> hound = Model(1, 1, "mosshound", True, 0.0, 6.0, 0.0, spiral=[0] * 6)
>>> spines = Strike("ranged", 13, 10.0, 3)
>>> outcomes = damage_outcomes(data, horror, hound, spines, boosted=False, weak=False)
>>> sorted(outcomes), outcomes["destroyed"] == 0  # 2d6 + 13 - 15 never marks 18 circles
(['body crippled', 'destroyed', 'mind crippled', 'spirit crippled'], True)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from warbench.core.words import one_of
from warbench.rulesets.hordes.combat import Strike, strike_power
from warbench.rulesets.hordes.damage import transfer_beasts
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.odds_target import damage_roll_odds, marks
from warbench.rulesets.hordes.profile import crippled_aspects, stat
from warbench.rulesets.hordes.rolls import dice_count
from warbench.rulesets.hordes.spiral import ASPECTS
from warbench.rulesets.hordes.state import Model

#: Said of a warlock the attack may damage that could send the damage to a beast.
KEEPS = "if it transfers no damage"
#: Said of a beast that a warlock the attack may damage could send its damage to.
GETS_NONE = "if no damage is transferred to it"
#: Said of a model whose damage roll may come once the warlock's fury for boosts is spent.
FURY_SHORT = "fury may run out before its roll"
#: What a damage roll's outcome is called where the attacking warlock boosts it.
BOOSTED = " (damage boosted)"


def line_name(data: HordesData, models: Sequence[Model], label: str, me: Model, model: Model,
              away: str, reached: Collection[int], fury: int, rolls: bool) -> str:
    """The name of ``model``'s line: ``label``, ``your own`` where it is ``me``'s side's,
    ``away`` (how far it is), the aspects crippled already and, where the attack ``rolls``
    damage, what the line assumes of a transfer among the models it may damage
    (``reached``: their uids; ``fury``: what ``me`` holds once the attack is paid for):
    ``Mosshound 3, 0.7" from the target, mind already crippled``."""
    who = f"your own {label}" if model.owner == me.owner else label
    now = [aspect for aspect in ASPECTS if aspect in crippled_aspects(data, model)]
    already = f", {one_of(now, 'and')} already crippled" if now else ""
    assumed = transfer_assumed(data, models, model, me, reached, fury) if rolls else ""
    return f"{who}, {away}{already}{f', {assumed}' if assumed else ''}"


def transfer_assumed(data: HordesData, models: Sequence[Model], model: Model, me: Model,
                     reached: Collection[int], fury: int) -> str:
    """What ``model``'s odds take for granted of a transfer, as the target's odds do (the
    boxes counted where the attack marks them): :data:`KEEPS` for a warlock that may send
    its damage to a beast, :data:`GETS_NONE` for a beast a warlock among ``reached`` may
    send its damage to (before or after its own roll); ``""`` where no transfer can touch
    it. Whether to transfer is the warlock's player's choice, made as the damage lands."""

    def held(warlock: Model) -> int:
        return fury if warlock.uid == me.uid else warlock.fury

    if not model.beast:
        return KEEPS if transfer_beasts(data, models, model, held(model)) else ""
    senders = (w for w in models if w.uid in reached and w.uid != model.uid and not w.beast)
    if any(model in transfer_beasts(data, models, w, held(w)) for w in senders):
        return GETS_NONE
    return ""


def damage_outcomes(data: HordesData, me: Model, model: Model, strike: Strike, *,
                    boosted: bool, weak: bool) -> dict[str, float]:
    """What one damage roll of ``me``'s ``strike`` leaves of ``model`` (boosted or not;
    ``weak``: one die fewer for the attacker's crippled body), with their chances:
    ``destroyed``, and each aspect of a warbeast not crippled already (``mind crippled``)."""
    dice = dice_count(strike.boost_damage or boosted, weak)
    answer = damage_roll_odds(data, model.card, marks(model), dice=dice,
                              power=strike_power(data, me, strike), arm=stat(data, model, "arm"),
                              down=model.knocked_down)
    crippled = {f"{aspect} crippled" for aspect in crippled_aspects(data, model)}
    return {key.removeprefix("target's "): p for key, p in answer.named.items()
            if key == "destroyed"
            or (key.startswith("target's") and key.removeprefix("target's ") not in crippled)}


def target_transfer_note(data: HordesData, models: Sequence[Model], target: Model,
                         me: Model, reached: Collection[int], fury: int) -> tuple[str, ...]:
    """A note for a target warbeast a warlock the attack may damage could send its damage
    to: its odds count none (a warlock target's own transfer is noted with its odds)."""
    if target.beast and transfer_assumed(data, models, target, me, reached, fury):
        return ("a warlock the attack may damage could transfer its damage to the target: "
                "none counted (HOR-TRANSFER)",)
    return ()
