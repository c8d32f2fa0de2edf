"""Every action a Full Thrust player can take, phase by phase.

Ships, fighter groups and salvos are named by their index in the state's lists; systems
by their index in the ship class's system list.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.actions import Action


@dataclass(frozen=True, slots=True)
class WriteOrders(Action, tag="ft-orders"):
    """Phase 1: a ship's orders. ``speed`` is the speed change (cinematic) or the main
    drive burn (vector); ``turn`` is clock points, positive to starboard (in vector
    movement the rotation); ``side`` (MU, positive to starboard) and ``retro`` (MU astern)
    are vector movement's one push; ``burn_before_turn`` and ``push_before_turn`` write the
    burn and the push before the rotation (vector movement; unwritten, they come after it,
    FT-MOVE-VECTOR); ``shroud`` raises a Phalon ship's vapour shroud this
    turn (FT-SEQ-ALIEN-SHROUD); ``screens`` and ``attack`` are a Sa'Vasku ship's power
    shares: screen levels powered and attack power (FT-SEQ-ALIEN-POWER), and ``repair``
    its repair power (FT-SV-REPAIR)."""

    ship: int
    speed: int
    turn: int
    side: int = 0
    retro: int = 0
    burn_before_turn: bool = False
    push_before_turn: bool = False
    shroud: bool = False
    screens: int = 0
    attack: int = 0
    repair: int = 0


@dataclass(frozen=True, slots=True)
class Launch(Action, tag="ft-launch"):
    """Phase 1: write into its carrier's orders that a fighter group launches (it does so
    at the start of phase 3)."""

    group: int


@dataclass(frozen=True, slots=True)
class MergeGroups(Action, tag="ft-merge"):
    """Phase 1: merge a depleted group in a hangar into another of the same type there."""

    group: int
    into: int


@dataclass(frozen=True, slots=True)
class LaunchesDone(Action, tag="ft-launches-done"):
    """Phase 1: the carrier ``ship``'s orders launch no more groups this turn."""

    ship: int


@dataclass(frozen=True, slots=True)
class MoveGroup(Action, tag="ft-move-group"):
    """Phase 3: move a fighter group to ``(x, y)``."""

    group: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class ScreenShip(Action, tag="ft-screen"):
    """Phase 3: move a fighter group into contact with a friendly ship and screen it."""

    group: int
    ship: int


@dataclass(frozen=True, slots=True)
class LandGroup(Action, tag="ft-land"):
    """Phase 3: land a fighter group on a friendly carrier within reach."""

    group: int
    ship: int


@dataclass(frozen=True, slots=True)
class KeepScreening(Action, tag="ft-keep-screening"):
    """Phase 3: a screening group stays with its ship (``release`` ends the screen)."""

    group: int
    release: bool = False


@dataclass(frozen=True, slots=True)
class JumpOut(Action, tag="ft-jump-out"):
    """Phase 3: an FTL-equipped fighter group leaves the battle on its own drive."""

    group: int


@dataclass(frozen=True, slots=True)
class LaunchSalvo(Action, tag="ft-launch-salvo"):
    """Phase 4: fire a salvo from a launcher or rack; its marker goes to ``(x, y)``."""

    ship: int
    system: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class HoldSalvos(Action, tag="ft-hold-salvos"):
    """Phase 4: this ship launches nothing (more) this turn."""

    ship: int


@dataclass(frozen=True, slots=True)
class SalvoTarget(Action, tag="ft-salvo-target"):
    """Phase 6: the ship a salvo strikes."""

    salvo: int
    ship: int


@dataclass(frozen=True, slots=True)
class FighterTarget(Action, tag="ft-fighter-target"):
    """Phase 6: what a fighter group attacks: ``kind`` is ship, fighters, salvo or none.

    ``secondary`` spends an endurance point on a secondary move: straight at a target
    beyond attack range or, with ``out_of_arcs``, to the nearest point out of the arcs of
    the point defence with limited arcs that watches the ship attacked (FT-SEQ-TARGETS);
    ``role`` picks how multi-role fighters fight this turn.
    """

    group: int
    kind: str
    target: int = -1
    secondary: bool = False
    role: str = ""
    out_of_arcs: bool = False


@dataclass(frozen=True, slots=True)
class ChooseRole(Action, tag="ft-choose-role"):
    """Phase 7: how a multi-role group that declared no role fights this turn, chosen
    when it is drawn into a dogfight (as a screen, or attacked by an enemy group)."""

    group: int
    role: str


@dataclass(frozen=True, slots=True)
class DefendWith(Action, tag="ft-defend"):
    """Phase 7: point defence system ``system`` of ``ship`` fires at a threat
    (``kind`` fighters or salvo, index ``threat``)."""

    ship: int
    system: int
    kind: str
    threat: int


@dataclass(frozen=True, slots=True)
class DefenceDone(Action, tag="ft-defence-done"):
    """Phase 7: allocate no more point defence this turn."""


@dataclass(frozen=True, slots=True)
class FireShip(Action, tag="ft-fire-ship"):
    """Phase 9: the next ship to fire."""

    ship: int


@dataclass(frozen=True, slots=True)
class DeclareTarget(Action, tag="ft-declare"):
    """Phase 9: a fire control locks on a target (``kind`` ship or fighters; -1: none)."""

    ship: int
    control: int
    kind: str = "ship"
    target: int = -1


@dataclass(frozen=True, slots=True)
class AssignWeapon(Action, tag="ft-assign"):
    """Phase 9: a weapon fires at one of the declared targets, or holds (``target`` -1)."""

    ship: int
    system: int
    kind: str = "ship"
    target: int = -1


@dataclass(frozen=True, slots=True)
class Dodge(Action, tag="ft-dodge"):
    """Phase 9 (optional rule): a fighter group a ship's weapon hit spends an endurance
    point to avoid the loss (``spend``), or takes it."""

    group: int
    spend: bool


@dataclass(frozen=True, slots=True)
class ChooseSystem(Action, tag="ft-needle-system"):
    """Phase 9: the system a needle beam's hit knocks out."""

    ship: int
    system: int


@dataclass(frozen=True, slots=True)
class Repair(Action, tag="ft-repair"):
    """Phase 10: a damage control party works on a damaged system (-1: stands down)."""

    ship: int
    system: int


ACTION_TYPES: tuple[type[Action], ...] = (
    WriteOrders,
    Launch,
    MergeGroups,
    LaunchesDone,
    MoveGroup,
    ScreenShip,
    LandGroup,
    KeepScreening,
    JumpOut,
    LaunchSalvo,
    HoldSalvos,
    SalvoTarget,
    FighterTarget,
    ChooseRole,
    DefendWith,
    DefenceDone,
    FireShip,
    DeclareTarget,
    AssignWeapon,
    Dodge,
    ChooseSystem,
    Repair,
)
