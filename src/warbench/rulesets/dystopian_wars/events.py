"""What happens in a Dystopian Wars game, as typed events (the narrator reads their text).

Each kind is a frozen dataclass whose tag is the kind's name; lost hull points and lost
models are the core's :class:`~warbench.core.events.UnitDamaged` and
:class:`~warbench.core.events.UnitDestroyed`, which simulation tallies read.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.events import Event
from warbench.rulesets.dystopian_wars.boarding_events import (
    BoardersLost,
    BoardersShot,
    BoardingDeclared,
    BoardingGoesOn,
    BoardingReinforced,
    BoardingRepelled,
    Derelict,
    Melee,
    Prize,
)

# ---------------------------------------------------------------- the turn


@dataclass(frozen=True, slots=True)
class BattleOrder(Event, tag="battle_order"):
    """``player`` rolled battle order ``order`` (1-6)."""

    player: int
    order: int


@dataclass(frozen=True, slots=True)
class TurnBegins(Event, tag="turn"):
    """Turn ``turn`` begins."""

    turn: int


@dataclass(frozen=True, slots=True)
class InitiativeRoll(Event, tag="initiative_roll"):
    """``player`` rolled ``total`` (card bonus included) for initiative."""

    player: int
    total: int


@dataclass(frozen=True, slots=True)
class InitiativeOrder(Event, tag="initiative"):
    """The players' activation order this turn."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Conceded(Event, tag="concede"):
    """``player`` concedes the battle."""

    player: int


@dataclass(frozen=True, slots=True)
class DerelictDrift(Event, tag="derelict_drift"):
    """A derelict (no prize crew, or one not under all stop) drifts its minimum move."""

    model: int


@dataclass(frozen=True, slots=True)
class Deployed(Event, tag="deployed"):
    """``player`` deployed ``squadron``."""

    player: int
    squadron: int


@dataclass(frozen=True, slots=True)
class KeptAboard(Event, tag="kept_aboard"):
    """``player`` keeps ``wings`` aboard their carriers rather than deploy them apart."""

    player: int
    wings: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeploymentOrder(Event, tag="deployment_order"):
    """The order in which players deploy."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EdgeChosen(Event, tag="edge_chosen"):
    """The winner of the deployment roll chose ``edges[player]`` for each player."""

    edges: tuple[int, ...]


# ---------------------------------------------------------------- activations and moves


@dataclass(frozen=True, slots=True)
class Activated(Event, tag="activation"):
    """``player`` activates ``squadron``."""

    player: int
    squadron: int


@dataclass(frozen=True, slots=True)
class Split(Event, tag="split"):
    """Models out of command distance activate on their own."""

    detached: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Idled(Event, tag="idle"):
    """``squadron`` does nothing this turn and drifts."""

    squadron: int


@dataclass(frozen=True, slots=True)
class Moved(Event, tag="move"):
    """``model`` moved and now stands at ``x``, ``y`` facing ``heading``."""

    model: int
    x: float
    y: float
    heading: float


@dataclass(frozen=True, slots=True)
class Pivoted(Event, tag="pivot"):
    """``model`` turned ``degrees`` on the spot."""

    model: int
    degrees: float


@dataclass(frozen=True, slots=True)
class LevelChanged(Event, tag="level"):
    """``model`` dived, surfaced, climbed or went into the clouds."""

    model: int
    level: str


@dataclass(frozen=True, slots=True)
class HelmOrder(Event, tag="helm"):
    """A model under all stop took a helm order, or a prize crew gave one (DW-DERELICT:
    ``hold``, ``ahead`` clearing all stop, ``drift`` leaving the prize to drift)."""

    model: int
    order: str


@dataclass(frozen=True, slots=True)
class AllStop(Event, tag="all_stop"):
    """``model`` signalled all stop."""

    model: int


@dataclass(frozen=True, slots=True)
class Touched(Event, tag="touch"):
    """``model`` came alongside ``other`` without ramming."""

    model: int
    other: int


@dataclass(frozen=True, slots=True)
class Rammed(Event, tag="ram"):
    """``model`` rammed ``other`` for ``hits`` (the answer comes after: :class:`RamAnswered`)."""

    model: int
    other: int
    hits: int


@dataclass(frozen=True, slots=True)
class RamAnswered(Event, tag="ram_answer"):
    """``model``, rammed by ``other``, answered with ``dice`` (the hull the ram left it) for
    ``hits``; no dice when the ram destroyed it."""

    model: int
    other: int
    dice: int
    hits: int


@dataclass(frozen=True, slots=True)
class Collided(Event, tag="collision"):
    """``model`` collided with ``other`` (a terrain piece when negative: ``-1 - index``):
    ``hits`` against ``answer`` (none from terrain)."""

    model: int
    other: int
    hits: int
    answer: int = 0


@dataclass(frozen=True, slots=True)
class Treacherous(Event, tag="treacherous"):
    """A land model crossing treacherous terrain rolled ``roll``."""

    model: int
    roll: int


@dataclass(frozen=True, slots=True)
class CommodoreReroll(Event, tag="commodore_reroll"):
    """``player``'s commodore ordered a re-roll."""

    player: int


# ---------------------------------------------------------------- command


@dataclass(frozen=True, slots=True)
class TestPassed(Event, tag="test_passed"):
    """``models`` passed a ``test`` (command, rout, bravery); no roll under iron discipline."""

    test: str
    models: tuple[int, ...]
    hits: int = 0
    needed: int = 0
    faces: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TestFailed(Event, tag="test_failed"):
    """``models`` failed a ``test`` with ``hits`` of ``needed``."""

    test: str
    models: tuple[int, ...]
    hits: int
    needed: int
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Broken(Event, tag="broken"):
    """``models`` are broken."""

    models: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rallied(Event, tag="rallied"):
    """``models`` rallied (their break markers are gone)."""

    models: tuple[int, ...]


# ---------------------------------------------------------------- attacks and damage


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event, tag="attack_declared"):
    """``guns`` (model, mount) fire at ``target``: ``dice`` in ``band``, hitting on ``needed``."""

    guns: tuple[tuple[int, str], ...]
    target: int
    dice: int
    band: int
    needed: int


@dataclass(frozen=True, slots=True)
class AnswerDeclared(Event, tag="answer_declared"):
    """``models`` answer an attack with ack-ack or concussion charges."""

    models: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AttackLost(Event, tag="attack_lost"):
    """The attack on ``target`` is lost (its shooters are gone)."""

    target: int


@dataclass(frozen=True, slots=True)
class AttackRolled(Event, tag="attack_rolled"):
    """An attack on ``target`` rolled ``dice`` for ``hits``; ``final`` hits count. ``guns``
    (model, mount) fired it in ``band``, hitting on ``needed`` (after any card's change)."""

    target: int
    dice: int
    hits: int
    cancelled: int
    shields: int
    final: int
    guns: tuple[tuple[int, str], ...] = ()
    band: int = 0
    needed: int = 0


@dataclass(frozen=True, slots=True)
class PatrolStrike(Event, tag="patrol_strike"):
    """A wing on combat air patrol struck back at ``target`` with ``hits``; ``target``'s
    shields stopped ``shields`` of them, ``final`` count."""

    model: int
    target: int
    hits: int
    shields: int
    final: int


@dataclass(frozen=True, slots=True)
class HullDamage(Event, tag="hull_damage"):
    """``model`` lost ``points`` hull points; ``left`` remain."""

    model: int
    points: int
    left: int


@dataclass(frozen=True, slots=True)
class ModelLost(Event, tag="model_lost"):
    """``model`` is out of the game (``fate``: destroyed, sunk, captured...), at the hands
    of model ``by_model`` (-1: nobody's, as for a model that leaves the table)."""

    model: int
    fate: str
    by_model: int = -1


@dataclass(frozen=True, slots=True)
class CommodoreLost(Event, tag="commodore_lost"):
    """``player`` lost the commodore."""

    player: int


@dataclass(frozen=True, slots=True)
class NoDamage(Event, tag="no_damage"):
    """An attack did ``model`` no harm."""

    model: int


@dataclass(frozen=True, slots=True)
class CriticalHit(Event, tag="critical_hit"):
    """``hits`` reached ``model``'s critical rating."""

    model: int
    hits: int


@dataclass(frozen=True, slots=True)
class CriticalResult(Event, tag="critical_result"):
    """``model`` rolled ``roll`` on the critical table: ``result``, the critical hit dealt
    by model ``by_model`` (-1: none known); a fire it sets burns for that model."""

    model: int
    roll: int
    result: str
    by_model: int = -1


@dataclass(frozen=True, slots=True)
class FireOut(Event, tag="fire_out"):
    """A raging fire aboard ``model`` is put out."""

    model: int


@dataclass(frozen=True, slots=True)
class FireSpreads(Event, tag="fire_spreads"):
    """A raging fire aboard ``model`` spreads."""

    model: int


@dataclass(frozen=True, slots=True)
class Repaired(Event, tag="repaired"):
    """``model`` repaired a ``marker``."""

    model: int
    marker: str


@dataclass(frozen=True, slots=True)
class RepairFire(Event, tag="repair_fire"):
    """``model``'s repair set off another fire."""

    model: int


@dataclass(frozen=True, slots=True)
class RepairFailed(Event, tag="repair_failed"):
    """``model`` failed to repair."""

    model: int


# ---------------------------------------------------------------- mines


@dataclass(frozen=True, slots=True)
class MineDropped(Event, tag="mine_dropped"):
    """A mine was dropped."""

    mine: int


@dataclass(frozen=True, slots=True)
class MineExploded(Event, tag="mine_exploded"):
    """``mine`` went off at ``x``, ``y``."""

    mine: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class MineShielded(Event, tag="mine_shielded"):
    """``model`` is shielded from ``mine``'s blast."""

    model: int
    mine: int


@dataclass(frozen=True, slots=True)
class MineAttack(Event, tag="mine_attack"):
    """A mine's blast scored ``hits`` on ``model``; its shields stopped ``shields`` of
    them, ``final`` count."""

    model: int
    hits: int
    shields: int
    final: int


@dataclass(frozen=True, slots=True)
class MineSwept(Event, tag="mine_swept"):
    """``model``'s charges destroyed ``mine``."""

    model: int
    mine: int


@dataclass(frozen=True, slots=True)
class MineSurvives(Event, tag="mine_survives"):
    """``model``'s charges missed ``mine``."""

    model: int
    mine: int


# ---------------------------------------------------------------- flyers


@dataclass(frozen=True, slots=True)
class TokensLost(Event, tag="tokens_lost"):
    """A wing (``model``) lost ``kills`` tokens."""

    model: int
    kills: int


@dataclass(frozen=True, slots=True)
class Aborted(Event, tag="abort"):
    """A wing aborted its attack."""

    model: int


@dataclass(frozen=True, slots=True)
class FuelBurnt(Event, tag="fuel"):
    """A wing burnt one fuel."""

    model: int


@dataclass(frozen=True, slots=True)
class Launched(Event, tag="launch"):
    """A carrier (``model``) launched ``wing``."""

    model: int
    wing: int


@dataclass(frozen=True, slots=True)
class Landed(Event, tag="landing"):
    """A wing (``model``) landed aboard ``carrier``."""

    model: int
    carrier: int


@dataclass(frozen=True, slots=True)
class Refuelled(Event, tag="refuelled"):
    """A wing refuelled and re-armed aboard its carrier."""

    model: int


@dataclass(frozen=True, slots=True)
class JoinedPatrol(Event, tag="patrol"):
    """A wing joined ``squadron`` on combat air patrol."""

    model: int
    squadron: int


# ---------------------------------------------------------------- cards


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event, tag="cards_drawn"):
    """``player`` drew ``count`` cards (everyone sees how many)."""

    player: int
    count: int


@dataclass(frozen=True, slots=True)
class OwnCards(Event, tag="own_cards"):
    """The cards a player drew (only that player sees them)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event, tag="card_played"):
    """``player`` played ``card``."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class CardCountered(Event, tag="card_countered"):
    """``player`` countered ``card`` with ``counter``."""

    player: int
    card: str
    counter: str


@dataclass(frozen=True, slots=True)
class CardLaid(Event, tag="card_laid"):
    """``player`` has chosen a turn card (or none), face down."""

    player: int


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event, tag="card_discarded"):
    """``player`` discarded a card."""

    player: int


#: Every event Dystopian Wars emits besides the core's.
EVENT_TYPES: tuple[type[Event], ...] = (
    BattleOrder, TurnBegins, InitiativeRoll, InitiativeOrder, Conceded, DerelictDrift,
    Deployed, KeptAboard, DeploymentOrder, EdgeChosen, Activated, Split, Idled, Moved, Pivoted,
    LevelChanged, HelmOrder, AllStop, Touched, Rammed, RamAnswered, Collided, Treacherous,
    CommodoreReroll, TestPassed, TestFailed, Broken, Rallied, AttackDeclared, AnswerDeclared,
    AttackLost, AttackRolled, PatrolStrike, HullDamage, ModelLost, CommodoreLost, NoDamage,
    CriticalHit, CriticalResult, FireOut, FireSpreads, Repaired, RepairFire, RepairFailed,
    BoardingDeclared, BoardingRepelled, BoardersShot, Melee, BoardersLost, Prize, Derelict,
    BoardingGoesOn, BoardingReinforced,
    MineDropped,
    MineExploded, MineShielded, MineAttack, MineSwept, MineSurvives, TokensLost, Aborted,
    FuelBurnt, Launched, Landed, Refuelled, JoinedPatrol, CardsDrawn, OwnCards, CardPlayed,
    CardCountered, CardLaid, CardDiscarded,
)
