"""Why an action is refused: a parameter space that accepts nothing, but names the rule
an action breaks when it is not among a decision's legal options."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from warbench.core.actions import Action
from warbench.core.decisions import ParamSpace
from warbench.core.preview import action_words
from warbench.core.rng import RandomStream

#: The row of the engine's own checks (an answer no step asks for, a place off the table):
#: the ruleset's ``refusal_rule``, which the core's own refusals end with too.
ACTIONS_RULE: Final = "HOR-ACTIONS"
#: The rule each kind of action is refused under, when it is not legal now.
RULES: dict[str, str] = {
    "attack": "an attack needs an initial attack left or fury to pay for an extra one, a "
    "target in sight and in melee range or not engaged for ranged, no mixing of melee and "
    "ranged, and at most ROF shots (HOR-COMBAT-ACTION, HOR-MELEE-RANGE, HOR-RANGED-ENGAGED)",
    "charge": "a charge needs a target in sight, movement not spent, no SPD penalty, and a "
    "beast that can be forced in its control area (HOR-CHARGE, HOR-FORCE-CTRL)",
    "slam": "a slam needs movement and action, a standing target in sight, and a beast that "
    "can be forced, with an uncrippled mind (HOR-SLAM, HOR-SPIRAL-MIND)",
    "headbutt": "a headbutt needs a forceable beast that has not attacked or charged, a target "
    'within 0.5" that is not on a larger base (HOR-HEADBUTT, HOR-POWER)',
    "cast": "a spell needs its COST (plus boosts) in fury, a target in sight and, for a "
    "friendly spell, in range (HOR-CAST-COST, HOR-SPELL-LOS)",
    "animus": "an animus needs a beast that can take its COST in fury in the control area, "
    "once an activation and not after a run, or a warlock paying it (HOR-ANIMUS)",
    "heal": "healing costs 1 fury a box, on the warlock or a beast in its control area (HOR-HEAL)",
    "feat": "a feat is used once a game, in the warlock's activation (HOR-FEAT)",
    "rile": "riling forces a beast in its warlock's control area, spirit not crippled, never "
    "above its FURY (HOR-RILE, HOR-FORCE-CTRL, HOR-SPIRAL-SPIRIT, HOR-FORCE-CAP)",
    "discard": "a warlock discards fury it has, in its activation (HOR-DISCARD)",
    "leach": "leaching takes fury from beasts in the control area, up to the warlock's FURY "
    "(HOR-LEACH)",
    "shake": "a knocked-down model pays 1 fury to stand in the control phase (HOR-SHAKE)",
    "place": "each model in turn is deployed wholly within 10\" of its side's edge, on the "
    "table, clear of other bases and obstructions (HOR-DEPLOY)",
    "activate": "each model activates once a turn, in its controller's turn (HOR-ACTIVATION)",
    "stand_up": "a knocked-down model stands at the start of its activation (HOR-STAND)",
    "hold": "movement is chosen at the start of the activation (HOR-MOVE-ADVANCE)",
    "move": "movement is chosen at the start of the activation (HOR-MOVE-ADVANCE)",
    "transfer": "damage goes to a beast in the control area, below its FURY, for 1 fury "
    "(HOR-TRANSFER)",
    "free_strike": "a free strike is made with a melee weapon in range (HOR-FREE-STRIKE)",
    "upkeep": "upkeep costs 1 fury a spell (HOR-UPKEEP)",
    "damage_boost": "a warlock boosts a damage roll for 1 fury in its activation, just before "
    "the roll once its attack has hit, and a roll is boosted only once (HOR-BOOST)",
}


class Refusals(ParamSpace):
    """Accepts nothing; says which rule an action breaks now."""

    action_type = Action
    description = "no further actions: a refused action is told its rule"

    def __init__(self, now: Callable[[], str] | str = "") -> None:
        self._now = now

    def validate(self, action: Action) -> str | None:
        rule = RULES.get(action.TAG)
        where = self._now() if callable(self._now) else self._now
        if rule is None:
            return f"{action_words(action)} is not part of {where or 'this step'} ({ACTIONS_RULE})"
        return f"{action_words(action)} is not legal now: {rule}"

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        return []
