"""A checker of the web table's odds against the game's own dice (HOR-ACTION-ODDS).

For a game and one option offered in it (an attack, an offensive spell or animus, a charge
and its charge attack, a slam, a headbutt, a free strike, a damage boost's answer), the odds
``Ruleset.action_odds`` shows the acting seat are compared with what the game itself makes
of the option: the option is applied to copies of the game under every sequence of dice,
each copy played on through the attack's own decisions (the damage boosts, a warlock's
transfer, a reave) and stopped at the first decision that is not part of the attack.

Every sequence is enumerated where there are few enough: a roll is branched on when the
game asks for it, and faces the game counts alike are one branch with their weight (a damage
roll counts only its total, HOR-DAMAGE-ROLL; an attack roll's faces in no order,
HOR-ATTACK-ROLL: all 1s, all 6s, doubles and the total). Where the branches pass a budget,
the game's outcomes are sampled instead, each copy rolling its own seeded dice.

What is measured is what the odds name: the target's hit and critical chance, the boxes the
attack marks on it, it destroyed, each aspect crippled, knocked down and not destroyed, no
damage, the reasons no roll is made; every other model's line under an AOE's template or in
a spray's strip (under the template, hit, destroyed, each aspect crippled); and each
``(damage boosted)`` outcome from copies where the warlock boosts every damage roll it is
offered (the odds' policy, HOR-BOOST), the rest from copies where it boosts none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Any

from warbench.core.attacks import OddsAnswer
from warbench.core.dice import SeededDice
from warbench.core.engine import Game
from warbench.core.rng import RandomStream
from warbench.rulesets.hordes import actions as act
from warbench.rulesets.hordes.action_odds import CHARGE_OUT_OF_SIGHT, activation
from warbench.rulesets.hordes.damage_rolls import DamageRoll
from warbench.rulesets.hordes.movement import FreeStrikeOffer
from warbench.rulesets.hordes.names import model_labels
from warbench.rulesets.hordes.odds_others import BOOSTED
from warbench.rulesets.hordes.profile import crippled_aspects
from warbench.rulesets.hordes.shot import NOT_UNDER_THE_SPRAY
from warbench.rulesets.hordes.spiral import ASPECTS

HGame = Game[Any, Any]
#: The named outcomes of the target the checker measures (``(damage boosted)`` too).
TARGET_KEYS = ("destroyed", "no damage", "knocked down, not destroyed",
               *(f"target's {aspect} crippled" for aspect in ASPECTS))
#: Named outcomes that say why no attack roll is made: found in the game's own words.
NO_ROLL = ("out of range: automatic miss", 'stealth beyond 5": automatic miss',
           NOT_UNDER_THE_SPRAY)
#: Rushes that do not reach: the game's event says the model fails.
FAILS = {"charge fails: cannot reach": "failed charge", "slam fails: cannot reach": "failed slam"}
#: The named outcomes of each other model's line the checker measures.
LINE_KEYS = ("under the template", "hit", "destroyed",
             *(f"{aspect} crippled" for aspect in ASPECTS))


class Needed(Exception):
    """The game asked for more faces than the script holds: ``count`` d6 for ``label``."""

    def __init__(self, count: int, label: str) -> None:
        super().__init__(f"{count} faces for {label!r}")
        self.count, self.label = count, label


class PrefixDice:
    """Faces handed out in the order given; one roll past them raises :class:`Needed`."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.script, self.next = faces, 0

    def faces(self, sides: int, count: int, *, label: str = "", told: str = "") -> list[int]:
        assert sides == 6, label
        if self.next + count > len(self.script):
            raise Needed(count, label)
        self.next += count
        return list(self.script[self.next - count:self.next])


@lru_cache(maxsize=64)
def branches(count: int, label: str) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The faces of a roll of ``count`` d6 for ``label`` the game may count differently,
    each with its chance: a damage roll by its total, an attack roll by its faces in no
    order, any other roll face by face."""
    if label.startswith("damage on"):
        def key(faces: tuple[int, ...]) -> Any:
            return sum(faces)
    elif " attack on " in label:
        def key(faces: tuple[int, ...]) -> Any:
            return tuple(sorted(faces))
    else:
        def key(faces: tuple[int, ...]) -> Any:
            return faces
    found: dict[Any, tuple[tuple[int, ...], int]] = {}
    for faces in product(range(1, 7), repeat=count):
        first, seen = found.get(key(faces), (faces, 0))
        found[key(faces)] = (first, seen + 1)
    return tuple((faces, seen / 6**count) for faces, seen in found.values())


@dataclass(frozen=True, slots=True)
class Option:
    """An option offered at a decision: who answers it, the model attacking and the model
    its odds are of (the target)."""

    player: int
    action: Any
    attacker: int
    target: int


def option_at(game: HGame, player: int, action: Any) -> Option | None:
    """``action`` as an :class:`Option` of ``game`` now, or ``None`` for one that makes
    no attack."""
    state = game.state
    if isinstance(action, act.FreeStrike):
        offer = state.stack[-1]
        if action.weapon < 0 or not isinstance(offer, FreeStrikeOffer):
            return None
        return Option(player, action, offer.striker, offer.victim)
    if isinstance(action, act.DamageBoost):
        owed = state.stack[-1]
        assert isinstance(owed, DamageRoll)
        return Option(player, action, owed.attacker, owed.target)
    frame = activation(state)
    if frame is None or not hasattr(action, "target"):
        return None
    return Option(player, action, frame.model, action.target)


def _within(game: HGame, boost: bool) -> Any | None:
    """The answer to the decision owed now where it is part of the attack under way (a
    damage boost, by ``boost``; no transfer; no reave; no free strike on a charger), else
    ``None``."""
    pending = game.pending()
    if not pending:
        return None
    options = pending[0].options
    for option in options:
        if isinstance(option, act.DamageBoost) and option.boost == boost:
            return option
        if isinstance(option, act.Transfer) and option.beast < 0:
            return option
        if isinstance(option, act.Reave) and not option.take:
            return option
        if isinstance(option, act.FreeStrike) and option.weapon < 0:
            return option
    return None


def play(game: HGame, option: Option, boost: bool, dice: Any) -> HGame:
    """A copy of ``game`` with ``option`` applied under ``dice`` and played on through the
    attack's own decisions (a charge: on to its charge attack, with the weapon its odds
    name)."""
    trial = game.copy()
    trial.transactional = False
    trial.set_dice(dice)
    trial.apply(option.player, option.action)
    _settle(trial, boost)
    if isinstance(option.action, act.Charge) and not trial.is_over:
        attacks = [o for d in trial.pending() for o in d.options
                   if isinstance(o, act.Attack) and o.target == option.target
                   and not o.boost_hit]
        if attacks:
            trial.apply(option.player, attacks[0])
            _settle(trial, boost)
    return trial


def _settle(trial: HGame, boost: bool) -> None:
    while not trial.is_over and (answer := _within(trial, boost)) is not None:
        trial.apply(trial.pending()[0].player, answer)


def _marked(model: Any) -> int:
    return sum(model.spiral) if model.beast else model.damage


def measure(game: HGame, trial: HGame, option: Option) -> dict[str, float]:
    """What ``trial`` (``game`` after the option) shows of each named outcome, 0 or 1,
    and the boxes marked on the target (``boxes``); each other model's outcomes under
    ``uid:<n>:<key>``."""
    data, events = trial.data, trial.events
    before, after = game.state.models[option.target], trial.state.models[option.target]
    rolled = [e for e in events if e.kind == "hordes_attack" and e.attacker == option.attacker]
    mine = [e for e in rolled if e.target == option.target]
    damaged = {e.target for e in events if e.kind == "hordes_damage"}
    now = crippled_aspects(data, after) if after.alive else frozenset(ASPECTS)
    found: dict[str, float] = {
        "boxes": _marked(after) - _marked(before),
        "hit (each attack)": float(bool(mine) and mine[0].hit),
        "critical (each attack)": float(bool(mine) and mine[0].critical),
        "destroyed": float(not after.alive),
        "knocked down, not destroyed": float(after.alive and after.knocked_down),
        "caught by the deviated template (each attack)": float(
            bool(mine) and not mine[0].hit and option.target in damaged),
        **{f"target's {aspect} crippled": float(aspect in now) for aspect in ASPECTS},
    }
    found["no damage"] = float(found["boxes"] == 0)
    for reason in NO_ROLL[:2]:
        found[reason] = float(any(reason in e.text for e in mine))
    found[NOT_UNDER_THE_SPRAY] = float(not mine)
    for key, said in FAILS.items():
        found[key] = float(any(e.kind == "hordes_moved" and e.how == said for e in events))
    found[CHARGE_OUT_OF_SIGHT] = float(  # reached, and no attack at the target offered
        isinstance(option.action, act.Charge) and not found["charge fails: cannot reach"]
        and not mine)
    for uid, model in enumerate(trial.state.models):
        if uid == option.target or not game.state.models[uid].alive:
            continue
        aspects = crippled_aspects(data, model) if model.alive else frozenset(ASPECTS)
        hits = [e for e in rolled if e.target == uid]
        line = {"under the template": float(uid in damaged),
                "hit": float(bool(hits) and hits[0].hit),
                "destroyed": float(not model.alive),
                **{f"{aspect} crippled": float(aspect in aspects) for aspect in ASPECTS}}
        found.update({f"uid:{uid}:{key}": p for key, p in line.items()})
    found["over"] = float(trial.state.outcome is not None)
    found["boost offered"] = float(any(e.kind == "hordes_fury" and e.reason == "boost"
                                       for e in events))
    return found


@dataclass(slots=True)
class Measured:
    """The game's chance of each measured outcome (``boxes:<n>``: the target's boxes)
    over the copies, and how they were found."""

    chances: dict[str, float] = field(default_factory=dict)
    exact: bool = True
    copies: int = 0

    def add(self, found: Mapping[str, float], weight: float) -> None:
        for key, value in found.items():
            if key == "boxes":
                key = f"boxes:{int(value)}"
                value = 1.0
            self.chances[key] = self.chances.get(key, 0.0) + weight * value
        self.copies += 1


def by_the_game(game: HGame, option: Option, boost: bool, budget: int = 4000,
                samples: int = 2000, seed: int = 1) -> Measured:
    """The game's outcomes of ``option``: every sequence of dice (faces counted alike
    grouped) while there are at most ``budget`` of them, else ``samples`` seeded copies."""
    found = Measured()
    try:
        for trial, weight in _every(game, option, boost, (), 1.0, [budget]):
            found.add(measure(game, trial, option), weight)
        return found
    except _TooMany:
        pass
    found = Measured(exact=False)
    for n in range(samples):
        dice = SeededDice(RandomStream.from_seed(seed * 100_003 + n))
        found.add(measure(game, play(game, option, boost, dice), option), 1.0 / samples)
    return found


class _TooMany(Exception):
    """More sequences of dice than the budget."""


def _every(game: HGame, option: Option, boost: bool, head: tuple[int, ...], weight: float,
           left: list[int]) -> Iterator[tuple[HGame, float]]:
    try:
        trial = play(game, option, boost, PrefixDice(head))
    except Needed as need:
        for faces, p in branches(need.count, need.label):
            yield from _every(game, option, boost, head + faces, weight * p, left)
        return
    left[0] -= 1
    if left[0] < 0:
        raise _TooMany
    yield trial, weight


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A named outcome whose odds differ from the game's."""

    key: str
    odds: float
    game: float

    def __str__(self) -> str:
        return f"{self.key}: odds {self.odds:.6f}, game {self.game:.6f}"


def compare(game: HGame, option: Option, answer: OddsAnswer, plain: Measured,
            boosted: Measured | None, tolerance: Callable[[float, Measured], float]
            ) -> list[Mismatch]:
    """Every named outcome of ``answer`` (the target's, each other model's line, the boxes'
    distribution) that differs from the game's by more than ``tolerance(p, measured)``."""
    labels = model_labels(game.data, game.state.models)
    ended = plain.chances.get("over", 0.0) > 0
    wrong: list[Mismatch] = []

    def check(key: str, odds: float, chances: dict[str, float], measured: Measured) -> None:
        got = chances.get(key, 0.0)
        if abs(odds - got) > tolerance(odds, measured):
            wrong.append(Mismatch(key, odds, got))

    counted = any(key.endswith(BOOSTED) for key in answer.named)
    if boosted is not None and not counted and boosted.chances.get("boost offered", 0.0):
        wrong.append(Mismatch("a damage boost the odds do not count (boost offered)", 0.0,
                              boosted.chances["boost offered"]))
    for key, p in answer.named.items():
        base = key.removesuffix(BOOSTED)
        measured = plain if base == key else boosted
        if measured is None:
            wrong.append(Mismatch(key + " (never offered a boost)", p, 0.0))
            continue
        known = (base in TARGET_KEYS or base in NO_ROLL or base in FAILS
                 or base == CHARGE_OUT_OF_SIGHT
                 or base in ("hit (each attack)", "critical (each attack)")
                 or base == "caught by the deviated template (each attack)")
        assert known, f"a named outcome the checker does not know: {key!r}"
        if base == "caught by the deviated template (each attack)" and ended:
            continue  # a roll left unmade by the game's end hides who was under it
        check(base, p, measured.chances, measured)
    for value, p in answer.distribution.items():
        check(f"boxes:{value}", p, plain.chances, plain)
    for name, line in answer.others.items():
        uid = _uid(labels, name, game.state.models[option.attacker].owner,
                   game.state.models)
        for key, p in line.items():
            base = key.removesuffix(BOOSTED)
            assert base in LINE_KEYS, f"a line's outcome the checker does not know: {key!r}"
            if base == "under the template" and ended:
                continue
            measured = plain if base == key else boosted
            if measured is None:
                wrong.append(Mismatch(f"{name}: {key} (never offered a boost)", p, 0.0))
                continue
            got = measured.chances.get(f"uid:{uid}:{base}", 0.0)
            if abs(p - got) > tolerance(p, measured):
                wrong.append(Mismatch(f"{name}: {key}", p, got))
    return wrong


def _uid(labels: Sequence[str], name: str, owner: int, models: Any) -> int:
    """The model a line's name is of: its board label, ``your own`` first for the
    attacker's side's."""
    head = name.split(", ")[0]
    own = head.startswith("your own ")
    label = head.removeprefix("your own ")
    (uid,) = [u for u, text in enumerate(labels)
              if text == label and (models[u].owner == owner) == own]
    return uid


def exact_or_sampled(p: float, measured: Measured) -> float:
    """How far the game's chance may lie from the odds: none but rounding where every
    sequence of dice was played, else five standard errors of the samples (and 0.002)."""
    if measured.exact:
        return 1e-9
    spread = (max(p * (1 - p), 1e-4) / max(measured.copies, 1)) ** 0.5
    return 5 * spread + 0.002


def check_option(game: HGame, option: Option, answer: OddsAnswer, budget: int = 4000,
                 samples: int = 2000) -> tuple[list[Mismatch], Measured]:
    """The mismatches of ``answer`` (the odds of ``option`` in ``game``) against the
    game's dice, and the plain measurement (whether it was exact, how many copies)."""
    plain = by_the_game(game, option, False, budget, samples)
    # a warlock's damage rolls may be offered a boost: played boosting each too
    warlock = not game.state.models[option.attacker].beast
    wants = warlock and not isinstance(option.action, act.DamageBoost)
    boosted = by_the_game(game, option, True, budget, samples) if wants else None
    return compare(game, option, answer, plain, boosted, exact_or_sampled), plain
