"""What the Dystopian Wars odds classes share: the data they read (model classes, the
critical table's extra damage), the numbers of the model attacked and the notes on critical
hits."""

from __future__ import annotations

from typing import Protocol

from warbench.core.attacks import AttackOdds, OddsAnswer
from warbench.core.catalog import UnknownEntry
from warbench.core.odds import Dist
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.damage import CRITICAL_DAMAGE
from warbench.rulesets.dystopian_wars.data import Card, ModelSpec, RulesData
from warbench.rulesets.dystopian_wars.exact import DamageOdds, damage_odds, extra_damage_die
from warbench.rulesets.dystopian_wars.odds_options import Target, option_error

#: Chances below this are left out of the notes' "at least n" lists.
SHOWN_CHANCE = 5e-7


class TargetOptions(Protocol):
    """Options that may give the numbers of the model attacked (else its class's)."""

    @property
    def dr(self) -> int | None: ...

    @property
    def cr(self) -> int | None: ...

    @property
    def hp(self) -> int | None: ...

    @property
    def starting_hp(self) -> int | None: ...

    @property
    def shield(self) -> int | None: ...


def struck_numbers(options: TargetOptions, spec: ModelSpec | None) -> tuple[int, Target]:
    """The shield generator dice and the numbers of the model attacked: each as the options
    give it, else its class's (``spec``: the hull it began with, its full hull; without a
    class, no shields and the hull left), the numbers checked."""
    shield = options.shield if options.shield is not None else (
        spec.shield if spec is not None else 0)
    hp = options.hp if options.hp is not None else (spec.hp if spec else None)
    struck = Target(
        options.dr if options.dr is not None else (spec.dr if spec else None),
        options.cr if options.cr is not None else (spec.cr if spec else None),
        hp, options.starting_hp if options.starting_hp is not None
        else (spec.hp if spec else hp),
    ).checked()
    return shield, struck


class DataOdds(AttackOdds):
    """An attack answered from the ruleset's data (model classes, critical table)."""

    def __init__(self, data: RulesData) -> None:
        self.data = data
        self.extra = extra_damage_die(data.criticals)

    def spec(self, key: str | None, option: str) -> ModelSpec | None:
        """The model class called ``key``, if any."""
        if key is None:
            return None
        if key not in self.data.models:
            raise option_error(option, str(UnknownEntry("model class", key, self.data.models)))
        return self.data.models[key]

    def reaction_card(self, key: str | None, target: ModelSpec | None) -> Card | None:
        """The reaction card ``key`` played on the attack, if any: one that protects a
        model (cancelling hits, or one more needed) and may be played on ``target``
        (DW-CARDS-R, :func:`~.gunnery.reaction_cards`)."""
        if key is None:
            return None
        cards = self.data.cards
        if key not in cards:
            raise option_error("card", str(UnknownEntry("card", key, cards)))
        card = cards[key]
        if card.kind != "R" or card.effect not in ("shields", "evasion"):
            raise option_error("card", f"{card.name} is no reaction card that protects a "
                               "model")
        if target is not None and not card.fits(target):
            raise option_error("card", f"{card.name} cannot be played on a {target.name}")
        return card

    def damage(self, hits: Dist, target: Target, *, criticals: bool = True) -> DamageOdds | None:
        """What ``hits`` do to ``target``, when its DR and CR are known."""
        if target.dr is None or target.cr is None:
            return None
        starting = target.starting_hp or target.hp or CRITICAL_DAMAGE + 1
        return damage_odds(hits, target.dr, target.cr, starting, hull_left=target.hp,
                           extra=self.extra, criticals=criticals)


def damage_named(
    damage: DamageOdds | None, target: Target, notes: list[str]
) -> dict[str, float]:
    """The named outcomes of ``damage`` (none while the target's DR and CR are unknown),
    its notes on critical hits, else what to give for them, added to ``notes``."""
    if damage is None:
        notes.append("give target= or dr= and cr= for the chances of damage and criticals")
        return {}
    notes.extend(critical_notes(damage, target))
    return damage.named()


def hits_or_hull(
    show: str, hits: Dist, damage: DamageOdds | None, named: dict[str, float], notes: list[str]
) -> OddsAnswer:
    """The answer ``show=`` asks for: the hull points lost (``hull``: refused while the
    target's DR, CR and hull are unknown), else the hits that count."""
    if show == "hull":
        if damage is None or damage.hull is None:
            raise option_error("show", "hull needs the target's DR, CR and hull (target= or "
                               "dr=, cr=, hp=)")
        return OddsAnswer(damage.hull, "hull points lost", named, tuple(notes))
    return OddsAnswer(hits, "hits", named, tuple(notes))


def critical_notes(damage: DamageOdds, target: Target, who: str = "") -> list[str]:
    """The critical table rolls owed, and what ``destroyed`` counts (``who``: whose)."""
    notes = []
    rolls = damage.rolls
    shown = [
        f"at least {n} {rolls.at_least(n):.4%}"
        for n in range(1, max(rolls.support) + 1)
        if rolls.at_least(n) >= SHOWN_CHANCE
    ]
    if shown:
        notes.append(f"{who}critical table rolls (one per multiple of CR): " + ", ".join(shown))
    starting = target.starting_hp or target.hp
    if starting is not None and starting <= 2 and damage.critical:
        notes.append(f"{who}began with {counted(starting, 'hull point')}: a critical hit"
                     " costs 2 and "
                     "rolls no table")
    if damage.hull is not None and shown:
        notes.append(f"{who}destroyed counts the critical table's extra damage, without "
                     "the commodore's re-roll")
    return notes
