"""The actions of a HORDES player: deployment order, the control phase, activations and
the answers given in the middle of the other player's activation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import ParamSpec, TypeVar, cast

from warbench.core.actions import Action


@dataclass(frozen=True, slots=True)
class GoFirst(Action, tag="go_first"):
    """The winner of the starting roll names the player who deploys and plays first."""

    player: int


@dataclass(frozen=True, slots=True)
class Leach(Action, tag="leach"):
    """Control phase: the warlock takes ``amount`` fury from a beast (or, naming itself,
    from its own life at 1 damage per fury point)."""

    source: int
    amount: int


@dataclass(frozen=True, slots=True)
class Upkeep(Action, tag="upkeep"):
    """Control phase: pay 1 fury to keep an upkeep spell (or let it expire)."""

    spell: str
    target: int
    keep: bool


@dataclass(frozen=True, slots=True)
class Shake(Action, tag="shake"):
    """Control phase: a knocked-down model stands up for 1 fury."""

    model: int


@dataclass(frozen=True, slots=True)
class Done(Action, tag="done"):
    """Finish the current step (leaching, shaking, movement, an activation, the turn)."""


@dataclass(frozen=True, slots=True)
class ClearFury(Action, tag="clear_fury"):
    """After a frenzy, remove ``amount`` fury from the beast."""

    amount: int


@dataclass(frozen=True, slots=True)
class Activate(Action, tag="activate"):
    """Activate one of your models."""

    model: int


@dataclass(frozen=True, slots=True)
class StandUp(Action, tag="stand_up"):
    """A knocked-down model stands up, giving up its movement or its action."""

    give_up: str


@dataclass(frozen=True, slots=True)
class Place(Action, tag="place"):
    """Deploy ``model`` at ``(x, y)`` facing ``heading`` (HOR-DEPLOY)."""

    model: int
    x: float
    y: float
    heading: float


@dataclass(frozen=True, slots=True)
class Move(Action, tag="move"):
    """One straight leg to ``(x, y)``, then face ``heading``; ``run`` on the first leg
    declares a run (twice SPD, the activation ends after it)."""

    x: float
    y: float
    heading: float
    run: bool = False


@dataclass(frozen=True, slots=True)
class Hold(Action, tag="hold"):
    """Give up movement (ranged attacks this activation gain the aim bonus)."""


@dataclass(frozen=True, slots=True)
class Charge(Action, tag="charge"):
    """Charge ``target``: face it, move up to SPD + 3" straight at it; ``stop_short``
    (inches, once the target is in melee range) stops that far from it, 0 goes the whole
    way (to base contact or whatever stops the charger)."""

    target: int
    stop_short: float = 0.0


@dataclass(frozen=True, slots=True)
class Slam(Action, tag="slam"):
    """Power attack: slam ``target`` (movement and action); ``stop_short`` (0.5" at most)
    ends the slam that far from it, 0 goes the whole way."""

    target: int
    stop_short: float = 0.0


@dataclass(frozen=True, slots=True)
class Headbutt(Action, tag="headbutt"):
    """Power attack: headbutt ``target`` in melee range."""

    target: int


@dataclass(frozen=True, slots=True)
class Attack(Action, tag="attack"):
    """Attack ``target`` with the model's weapon number ``weapon``; a warlock may boost
    the attack roll for 1 fury (its damage roll is boosted, or not, once the attack hits:
    :class:`DamageBoost`)."""

    weapon: int
    target: int
    boost_hit: bool = False


@dataclass(frozen=True, slots=True)
class Cast(Action, tag="cast"):
    """The warlock casts one of its spells at ``target`` (an offensive one's magic attack
    roll may be boosted; its damage roll is offered a boost once it hits)."""

    spell: str
    target: int
    boost_hit: bool = False


@dataclass(frozen=True, slots=True)
class DamageBoost(Action, tag="damage_boost"):
    """Just before the active warlock's damage roll on ``target``: boost it for 1 fury
    (one more die), or roll it unboosted (HOR-BOOST)."""

    target: int
    boost: bool


@dataclass(frozen=True, slots=True)
class Animus(Action, tag="animus"):
    """Use the animus of ``beast`` on ``target``: the beast forced, or its warlock paying
    (the warlock may boost an offensive animus's magic attack roll for 1 fury more, as a
    spell's: ``boost_hit``)."""

    beast: int
    target: int
    boost_hit: bool = False


@dataclass(frozen=True, slots=True)
class Heal(Action, tag="heal"):
    """The warlock spends ``amount`` fury to heal itself or a beast in its control area."""

    target: int
    amount: int


@dataclass(frozen=True, slots=True)
class Feat(Action, tag="feat"):
    """The warlock uses its feat (once a game)."""


@dataclass(frozen=True, slots=True)
class Rile(Action, tag="rile"):
    """The active beast is forced ``amount`` times for nothing but fury."""

    amount: int


@dataclass(frozen=True, slots=True)
class Discard(Action, tag="discard"):
    """The active warlock removes ``amount`` of its fury."""

    amount: int


@dataclass(frozen=True, slots=True)
class FreeStrike(Action, tag="free_strike"):
    """Strike a model leaving your melee range with weapon ``weapon`` (or -1: let it go)."""

    weapon: int


@dataclass(frozen=True, slots=True)
class Transfer(Action, tag="transfer"):
    """Send the damage your warlock is taking to beast ``beast`` (or -1: take it)."""

    beast: int


@dataclass(frozen=True, slots=True)
class Reave(Action, tag="reave"):
    """Take (or not) the fury of your beast destroyed in the control area."""

    take: bool


ACTION_TYPES: tuple[type[Action], ...] = (
    GoFirst,
    Place,
    Leach,
    Upkeep,
    Shake,
    Done,
    ClearFury,
    Activate,
    StandUp,
    Move,
    Hold,
    Charge,
    Slam,
    Headbutt,
    Attack,
    Cast,
    Animus,
    Heal,
    Feat,
    Rile,
    Discard,
    FreeStrike,
    Transfer,
    Reave,
    DamageBoost,
)


P = ParamSpec("P")
A = TypeVar("A", bound=Action)


def kept(kind: Callable[P, A]) -> Callable[P, A]:
    """``kind``'s constructor keeping one object per distinct argument list, for the
    process: for actions offered again at every decision (the options of an activation,
    a turn, a control phase). An action is a frozen value, so a kept one is as good as a
    new one; ``typed`` keeps ``True`` apart from ``1``. Nothing invalidates an entry."""
    return cast(Callable[P, A], lru_cache(maxsize=None, typed=True)(kind))


ACTIVATE = kept(Activate)
ANIMUS = kept(Animus)
ATTACK = kept(Attack)
CAST = kept(Cast)
CHARGE = kept(Charge)
DISCARD = kept(Discard)
DONE = kept(Done)
FEAT = kept(Feat)
HEAL = kept(Heal)
HOLD = kept(Hold)
LEACH = kept(Leach)
RILE = kept(Rile)
SLAM = kept(Slam)
STAND_UP = kept(StandUp)
