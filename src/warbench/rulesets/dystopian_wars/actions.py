"""The actions of Dystopian Wars: frozen values with a type tag and a JSON form.

Models and squadrons are named by their numbers (``uid``, ``sid``); weapons by the mount
names of the model's class (``"fore turret"``, ``"broadside (port)"``), with ``"aa"`` and
``"cc"`` for ack-ack and concussion charges used as attacks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from warbench.core.actions import ONE_PER, Action

#: The rule ID of the engine's own checks (an action no decision asks for now, a model,
#: squadron or weapon that does not exist or has no part in it, malformed numbers): every
#: refusal ends with a rule ID of docs/rules/dystopian-wars.md, these with this one.
ACTIONS_RULE: Final = "DW-ACTIONS"


@dataclass(frozen=True, slots=True)
class Activate(Action, tag="activate"):
    """Activate one of your squadrons (summary step 1a)."""

    squadron: int


@dataclass(frozen=True, slots=True)
class Idle(Action, tag="idle"):
    """Declare that the activated squadron does nothing this turn: it drifts 2 inches."""


@dataclass(frozen=True, slots=True)
class Command(Action, tag="command"):
    """Choose the commanded part of a split squadron by naming one model in it."""

    model: int


@dataclass(frozen=True, slots=True)
class Move(Action, tag="move"):
    """Move one model along ``path`` (straight, turn, straight, ... in inches and degrees).

    ``backward`` moves in reverse (a model with a direction arrow, or a land model without
    a minimum move); ``level`` dives, surfaces, climbs into the clouds or comes down for
    the whole activation ("" keeps the level); ``all_stop`` places an all stop marker after
    the move; ``mine_at`` drops a mine at the stern that many inches along the path;
    ``ram`` false lets a creature or robot touch a model without ramming it; ``ram_at``
    names the enemy a flyer or submerged model rams (it otherwise passes over or under).
    """

    model: int
    path: tuple[float, ...]
    backward: bool = False
    level: str = ""
    all_stop: bool = False
    mine_at: float = -1.0
    ram: bool = True
    ram_at: int = -1


@dataclass(frozen=True, slots=True)
class Helm(Action, tag="helm"):
    """A model under all stop: ``hold`` still, get ``ahead`` again (next activation), or
    take a direction arrow to ``reverse`` (next activation)."""

    model: int
    order: str


@dataclass(frozen=True, slots=True)
class Pivot(Action, tag="pivot"):
    """A land model turns on the spot instead of moving (small and medium any amount,
    large and massive up to 180 degrees)."""

    model: int
    degrees: float


@dataclass(frozen=True, slots=True)
class Fire(Action, tag="fire"):
    """Declare one attack: ``guns`` are (model, mount) pairs, the first the focus of linked
    fire; ``dice`` > 0 splits that many dice of a single gun at this target."""

    guns: tuple[tuple[int, str], ...]
    target: int
    dice: int = 0


@dataclass(frozen=True, slots=True)
class CeaseFire(Action, tag="cease-fire"):
    """No more attacks this activation."""


@dataclass(frozen=True, slots=True)
class Respond(Action, tag="respond"):
    """Answer an attack with ack-ack or concussion charges from these models: each on its
    own, or ``linked`` in one pool (the model with most dice in full, every other half).
    ``at``, in an answer to boarders only: for each of ``models`` the boarding model whose
    party its roll goes at (a linked pool's ships all name one), the answer divided among
    several parties boarding one model (DW-MULTI-ASSAULT); none: at them all together."""

    models: tuple[int, ...]
    linked: bool = False
    at: tuple[int, ...] = field(default=(), metadata={ONE_PER: "models"})


@dataclass(frozen=True, slots=True)
class Decline(Action, tag="decline"):
    """Let the moment pass: no answer, no card, keep the roll."""


@dataclass(frozen=True, slots=True)
class Reroll(Action, tag="reroll"):
    """Spend the commodore's re-roll for this turn on the roll just made."""


@dataclass(frozen=True, slots=True)
class Board(Action, tag="board"):
    """Send ``ap`` assault points from ``model`` to board ``target``."""

    model: int
    target: int
    ap: int


@dataclass(frozen=True, slots=True)
class EndBoarding(Action, tag="end-boarding"):
    """No more boarding assaults this activation."""


@dataclass(frozen=True, slots=True)
class Garrison(Action, tag="garrison"):
    """After a capture, leave ``ap`` assault points aboard the prize (0: a derelict)."""

    ap: int


@dataclass(frozen=True, slots=True)
class Repair(Action, tag="repair"):
    """Roll to repair one starred critical marker of a model."""

    model: int
    marker: str


@dataclass(frozen=True, slots=True)
class PlayCard(Action, tag="play-card"):
    """Play a STAR card from your hand, on a model (A cards) or none."""

    card: str
    model: int = -1


@dataclass(frozen=True, slots=True)
class Discard(Action, tag="discard"):
    """In the end phase, discard a card to draw anew."""

    card: str


@dataclass(frozen=True, slots=True)
class Launch(Action, tag="launch"):
    """A carrier launches a wing it carries (before the carrier moves); ``patrol``: the
    wing joins the carrier's squadron as its combat air patrol, or (False) flies on its
    own (DW-CAP: joining is the wing's choice)."""

    wing: int
    patrol: bool = True


@dataclass(frozen=True, slots=True)
class Land(Action, tag="land"):
    """A wing within 4 inches of a friendly carrier lands on it (end of its activation)."""

    carrier: int


@dataclass(frozen=True, slots=True)
class JoinPatrol(Action, tag="join-patrol"):
    """A wing joins a large or massive squadron within 4 inches as its combat air patrol."""

    squadron: int


@dataclass(frozen=True, slots=True)
class Deploy(Action, tag="deploy"):
    """Place one of your squadrons in your deployment zone, its lead model at (x, y)."""

    squadron: int
    x: float
    y: float
    heading: float


@dataclass(frozen=True, slots=True)
class ChooseEdge(Action, tag="choose-edge"):
    """The winner of the deployment roll picks a table edge (0 south, 1 north, 2 west,
    3 east); the opponent deploys along the opposite one."""

    edge: int


@dataclass(frozen=True, slots=True)
class PrizeCrew(Action, tag="prize-crew"):
    """The crew aboard a prize, after its drift in the end phase (DW-DERELICT): ``all_stop``
    declares (or keeps) all stop, so the prize holds still from the next turn; False lets
    it drift on (a prize under all stop clears it and drifts from the next turn)."""

    model: int
    all_stop: bool


@dataclass(frozen=True, slots=True)
class SweepMines(Action, tag="sweep-mines"):
    """Concussion charges at enemy mines after a move (DW-MINE-CC): each shot is (mine,
    models, dice): the models' charges linked at the mine (one model: all its own), or,
    with ``dice`` > 0, that many of a lone model's charges split at it."""

    shots: tuple[tuple[int, tuple[int, ...], int], ...]


@dataclass(frozen=True, slots=True)
class Concede(Action, tag="concede"):
    """Concede the game."""


ACTION_TYPES: tuple[type[Action], ...] = (
    Activate, Idle, Command, Move, Helm, Pivot, Fire, CeaseFire, Respond, Decline, Reroll,
    Board, EndBoarding, Garrison, Repair, PlayCard, Discard, Launch, Land, JoinPatrol,
    Deploy, ChooseEdge, PrizeCrew, SweepMines, Concede,
)
