"""Exact odds of dice at a wing of tiny flyers, and of one attack rolled through its answer:
the one mechanism behind the web table's odds (:mod:`.declared`, :mod:`.answered`) and the
``odds`` command's wing attacks (:mod:`.wing_odds`).

Dice at a wing (ack-ack, a dogfight: DW-AA-WING, DW-DOGFIGHT) are read through
:func:`~.pools.wing_table`: each natural 6 shoots down a token and rolls again, every other
die on the number needed is an abort costing the wing one fuel, and the wing is lost with
its last token (first) or its last fuel (:func:`~.flyers.strike_wing`). ``dice`` dice shoot
down ``S`` tokens, the sixes of their chains (negative binomial, summed by
:func:`~.exact.explosions`), and abort ``A`` times, the dice that stop on the number needed
or more below 6 (binomial): the faces a chain stops on do not depend on its sixes, so the
two are independent.

A :class:`Strike` is an attack as :func:`~.attack_rolls.resolve_attack` rolls it, in plain
numbers: the answer's rolls in order (ack-ack at an attacking wing striking its tokens and
fuel, every other answer cancelling hits: a 5 one, a 6 two and another die), a wing lost
ending its attack (but for a wing's ack-ack, fought at the same time), one thinned rolling the
dice its tokens left; then card dice, fog, the number needed, shield generators and
reaction cards' saves, into :func:`~.exact.damage_odds`; or, at a wing, its fate. Patrol
wings' strikes back at an attacking model go into :func:`~.exact.strikes_damage_odds`, each
strike on its own, as the game applies them one by one.

>>> fate = wing_fate(3, 4, [(2, 5)])  # two dice on 5+ at 3 tokens with 4 fuel
>>> round(fate[LOST], 6), round(fate[(3, 4)], 6)  # three sixes first; no 5 or 6 at all
(0.016204, 0.444444)
>>> rolled = strike(Strike(6, 3, (AnswerRoll(4, 5, True, "ack-ack"),), Wing(3, 5), 3))
>>> round(rolled.attacker[LOST], 6), round(rolled.hits.mean, 6)  # wing down; hits left
(0.062286, 4.447445)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from warbench.core.attacks import OddsAnswer
from warbench.core.odds import Dist, mixture
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.attack_rolls import fog_halved
from warbench.rulesets.dystopian_wars.exact import (
    DamageOdds,
    cancel_hits,
    damage_odds,
    explosions,
    pool_hits,
    strikes_damage_odds,
)
from warbench.rulesets.dystopian_wars.pools import clamp_needed
from warbench.rulesets.dystopian_wars.shields import SHIELD_NEEDED

#: A wing's fate when it is lost: no tokens, no fuel.
LOST = (0, 0)
#: The chance a die at a wing shows a 6: a token down, and the die rolls again.
SIX = 1.0 / 6.0

Fates = dict[tuple[int, int], float]


class Fuelled(Protocol):
    """A wing's tokens and fuel (a :class:`Wing`, or a wing's model on the table)."""

    @property
    def tokens(self) -> int: ...

    @property
    def fuel(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Wing:
    """A wing's tokens and fuel."""

    tokens: int
    fuel: int


@dataclass(frozen=True, slots=True)
class AnswerRoll:
    """One roll of an answer: ``dice`` needing ``needed``, striking the attacking wing's
    tokens and fuel (``strikes``) or cancelling hits; ``words`` name it in the notes."""

    dice: int
    needed: int
    strikes: bool
    words: str


@dataclass(frozen=True, slots=True)
class ShipTarget:
    """The numbers of a model attacked (not a wing): DR, CR, hull at the start and left."""

    dr: int
    cr: int
    starting_hp: int
    hull_left: int | None


@dataclass(frozen=True, slots=True)
class Strike:
    """An attack in numbers: ``dice`` declared, needing ``needed`` (reaction cards' evasion
    included), the answer's rolls in the order rolled, the attacking wing as the answer
    meets it (``None`` for any other attacker) and its tokens when it declared (its dice
    fall with the tokens it keeps; 0: never thinned), whether it is fought at the same
    time as its answer (a wing's ack-ack, a dogfight or at another flyer: the answer
    neither thins nor stops it); dice added after (cards), fog
    (halves the dice), shield generator dice and cards' saves; and what is attacked: a wing
    (``wing``) or a model (``ship``, absent when its DR and CR are not known); and the
    patrol wings' strikes back at an attacking model (``counters``: dice and number needed
    of each, DW-CAP-AD) with that model's numbers (``striker``) and shield generator dice,
    meeting each strike (``striker_shield``)."""

    dice: int
    needed: int
    answers: tuple[AnswerRoll, ...] = ()
    attacker: Wing | None = None
    declared_tokens: int = 0
    simultaneous: bool = False
    extra_dice: int = 0
    fog: bool = False
    shield: int = 0
    saves: int = 0
    wing: Wing | None = None
    ship: ShipTarget | None = None
    counters: tuple[tuple[int, int], ...] = ()
    striker: ShipTarget | None = None
    striker_shield: int = 0


@dataclass(frozen=True, slots=True)
class StrikeOdds:
    """What a :class:`Strike` does: the attacking wing's fates after the answer (one sure
    fate for any other attacker), the wing attacked's fates, or the hits that count on a
    model and the damage they deal (when its DR and CR are known); and the damage the
    patrol's strikes back deal the attacker, if any strike."""

    attacker: Fates
    wing: Fates | None
    hits: Dist | None
    damage: DamageOdds | None
    counter: DamageOdds | None = None

    @property
    def attacker_lost(self) -> float:
        """The chance the answer brings the attacking wing down."""
        return self.attacker.get(LOST, 0.0)


def strike_odds(dice: int, needed: int) -> tuple[list[float], list[float]]:
    """The chances of shooting down 0, 1, 2 ... tokens and of 0, 1, 2 ... aborts when
    ``dice`` dice strike a wing needing ``needed`` (the tail of the sixes past the last
    listed, at most 1e-15, is left out).

    >>> kills, aborts = strike_odds(1, 5)  # one die: 6 (again), 5 (abort), 1-4 (nothing)
    >>> round(kills[1], 12), round(aborts[1], 12)  # one 6 then a stop; the stop a 5
    (0.138888888889, 0.2)
    """
    if dice <= 0:
        return [1.0], [1.0]
    sixes, _ = explosions(dice, SIX)
    chance = max(0, 6 - clamp_needed(needed)) / 5.0  # the stopping faces 1-5 that abort
    aborts = [math.comb(dice, a) * chance**a * (1.0 - chance) ** (dice - a)
              for a in range(dice + 1)]
    return [float(p) for p in sixes], aborts


def wing_fate(
    tokens: int, fuel: int, strikes: Sequence[tuple[int, int]], start: Fates | None = None,
) -> Fates:
    """The chances of each (tokens, fuel) a wing of ``tokens`` and ``fuel`` is left with
    after ``strikes`` (dice, number needed) in turn, :data:`LOST` for a wing lost: every
    token shot down, else every fuel spent on aborts (``start``: the fates to strike
    from instead)."""
    fates: Fates = {LOST: 0.0}
    for key, chance in (start if start is not None else {(tokens, fuel): 1.0}).items():
        key = key if min(key) > 0 else LOST  # no tokens or no fuel: lost already
        fates[key] = fates.get(key, 0.0) + chance
    for dice, needed in strikes:
        kills, aborts = strike_odds(dice, needed)
        after: Fates = {LOST: fates.get(LOST, 0.0)}
        for (left, fuelled), chance in fates.items():
            if (left, fuelled) == LOST or chance == 0.0:
                continue
            shot = 0.0
            for down, p_down in enumerate(kills[:left]):
                shot += p_down
                for aborted, p_abort in enumerate(aborts):
                    key = (left - down, fuelled - aborted) if fuelled > aborted else LOST
                    after[key] = after.get(key, 0.0) + chance * p_down * p_abort
            after[LOST] += chance * max(0.0, 1.0 - shot)  # every token shot down
        fates = after
    return fates


def tokens_lost(tokens: int, fates: Fates) -> Dist:
    """The tokens a wing of ``tokens`` loses over ``fates``: all of them when it is lost."""
    lost: dict[int, float] = {}
    for (left, fuel), chance in fates.items():
        down = tokens if (left, fuel) == LOST else tokens - left
        lost[down] = lost.get(down, 0.0) + chance
    return Dist.from_mapping(lost)


def wing_odds(
    wing: Fuelled, dice: int, needed: int, notes: tuple[str, ...] = (),
    fates: Fates | None = None,
) -> OddsAnswer:
    """The odds of ``dice`` dice needing ``needed`` at ``wing``: the tokens it loses (all of
    them when it is lost, out of tokens or fuel), the chances of a token shot down, of an
    abort and of the wing lost (``fates``: the wing's, worked out already)."""
    fate = fates if fates is not None else wing_fate(wing.tokens, wing.fuel, [(dice, needed)])
    kills, aborts = strike_odds(dice, needed)
    named = {"token shot down": 1.0 - kills[0], "abort": 1.0 - aborts[0],
             "destroyed": fate.get(LOST, 0.0)}
    said = (f"{counted(dice, 'die')} at {wing.tokens} token{'s' * (wing.tokens != 1)} with "
            f"{wing.fuel} fuel: a 6 shoots one down and rolls again, "
            f"{clamp_needed(needed)}+ below it aborts (1 fuel)")
    return OddsAnswer(tokens_lost(wing.tokens, fate), "tokens lost", named, (said, *notes))


def shielded(hits: Dist, shield: int) -> Dist:
    """``hits`` less those ``shield`` generator dice cancel (DW-GENERATORS).

    >>> round(shielded(Dist.constant(2), 1).mean, 6)  # 1-3 none (1/2), 4-5 one (1/3), 6 both
    1.333333
    """
    return cancel_hits(hits, pool_hits(shield, SHIELD_NEEDED)) if shield else hits


def strike(attack: Strike, extra: Dist | None = None) -> StrikeOdds:
    """What ``attack`` does, rolled as :func:`~.attack_rolls.resolve_attack` rolls it;
    ``extra`` is one critical table roll's extra hull damage (none when not given)."""
    wing = attack.attacker
    fates: Fates = {(wing.tokens, wing.fuel) if wing else (1, 1): 1.0}
    fates = wing_fate(0, 0, [], fates)  # a wing with no fuel left is lost already
    cancelled = Dist.constant(0)
    for roll in attack.answers:
        if roll.strikes:
            fates = wing_fate(0, 0, [(roll.dice, roll.needed)], fates)
        else:
            cancelled = cancelled + pool_hits(roll.dice, roll.needed)
    if wing is None:
        fates.pop(LOST, None)
    if attack.wing is not None:  # at a wing: its fate, with no card dice, fog or shields
        struck = attack.wing
        return StrikeOdds(fates, wing_fate(struck.tokens, struck.fuel,
                                           [(attack.dice, attack.needed)]), None, None)
    parts: list[tuple[float, Dist]] = []
    for (left, fuel), chance in fates.items():
        if chance <= 0.0:
            continue
        if wing is not None and (left, fuel) == LOST and not attack.simultaneous:
            parts.append((chance, Dist.constant(0)))  # the wing is down: its attack is over
            continue
        dice = attack.dice
        if attack.declared_tokens and left < attack.declared_tokens and not attack.simultaneous:
            dice = dice * left // attack.declared_tokens
        dice += attack.extra_dice
        if attack.fog:
            dice = fog_halved(dice)
        hits = shielded(cancel_hits(pool_hits(dice, attack.needed), cancelled), attack.shield)
        if attack.saves:
            hits = cancel_hits(hits, Dist.constant(attack.saves))
        parts.append((chance, hits))
    extra = extra if extra is not None else Dist.constant(0)
    hits = mixture(parts)
    ship = attack.ship
    damage = None if ship is None else damage_odds(
        hits, ship.dr, ship.cr, ship.starting_hp, hull_left=ship.hull_left, extra=extra)
    counter = None
    striker = attack.striker
    if attack.counters and striker is not None and attack.attacker is None:
        # at the same time as the attack, whatever it does (only a model is struck back);
        # the striker's shields meet each wing's strike as they meet any wing's attack, and
        # each strike meets its DR and CR on its own, as the game applies them
        back = [shielded(pool_hits(dice, needed), attack.striker_shield)
                for dice, needed in attack.counters]
        counter = strikes_damage_odds(back, striker.dr, striker.cr, striker.starting_hp,
                                      hull_left=striker.hull_left, extra=extra)
    return StrikeOdds(fates, None, hits, damage, counter)
