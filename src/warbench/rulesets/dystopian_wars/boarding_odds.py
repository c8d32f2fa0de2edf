"""The exact odds of a boarding assault on the command line: ``warbench odds dystopian-wars
boarding ...``, one boarding party or several, the answer at the boarders together or divided
among them (DW-ODDS-BOARDING, DW-MULTI-ASSAULT).

The first party is ``ap=`` (or ``attacker=``, a class, with ``hp=`` and ``rammed=``); more
parties at the same target are ``parties=``; the answering rolls are ``aa=``,
``aa_obscured=`` and ``answers=``, and ``at=`` names the party each roll goes at. The numbers
are the game's, through the functions :meth:`~.boarding.Boarding.answer_fire` and
:meth:`~.boarding.Boarding.fight` resolve an assault with: an answer at the boarders together
takes its kills off the largest party first (:func:`~.exact.assault_odds`), a divided one
kills only the points of the crew each roll names and strikes the hull of the creature or
robot it names (:func:`~.exact.divided_assault_odds`), and each party rolls its own melee
dice (:func:`~.boarding_rules.melee_dice`, halved after its ship rammed).

>>> from warbench.rulesets.dystopian_wars.data import load_data
>>> odds = BoardingOdds(load_data())
>>> two = odds.odds(odds.parse_options(["ap=2", "parties=2", "defenders=0", "aa=1", "at=2"]))
>>> round(two.named["captured"], 12)
1.0
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pydantic

from warbench.core.attacks import OddsAnswer
from warbench.core.odds import Dist
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.boarding_rules import (
    BEAST_AA_NEEDED,
    BOARDER_NEEDED,
    BOTH_LOSE,
    BOTH_WIPED_OUT,
    CAPTURED,
    REPELLED,
    melee_dice,
)
from warbench.rulesets.dystopian_wars.data import ModelSpec
from warbench.rulesets.dystopian_wars.exact import (
    AssaultOdds,
    DamageOdds,
    Hull,
    assault_odds,
    boarding_odds,
    divided_assault_odds,
    pool_hits,
    struck_assault_odds,
)
from warbench.rulesets.dystopian_wars.obscured import answering_needed
from warbench.rulesets.dystopian_wars.odds_base import DataOdds, critical_notes
from warbench.rulesets.dystopian_wars.odds_options import BoardingOptions, Target, option_error

#: The melee dice of the parties left, ``(index, points)`` each.
Melee = Callable[[list[tuple[int, int]]], int]
#: A crew's party in ``parties=``: its points, ``r`` after its ship rammed or collided.
CREW_PARTY = re.compile(r"^(\d+)(r?)$")


@dataclass(frozen=True)
class Party:
    """One boarding party: its points, whether its ship rammed (half its melee dice), and
    for a creature or robot its class and the hull it has left, which the answer strikes."""

    points: int
    rammed: bool = False
    beast: ModelSpec | None = None
    hull: int = 0

    def words(self, number: int) -> str:
        """``party 2 (3 points, rammed)``, ``party 1 (Kraken, 4 points, 6 hull left)``."""
        said = [counted(self.points, "point")]
        if self.beast is not None:
            said = [self.beast.name, *said, f"{self.hull} hull left"]
        if self.rammed:
            said.append("half melee dice after a ram")
        return f"party {number} ({', '.join(said)})"


class BoardingOdds(DataOdds):
    """A boarding assault: captured, repelled, or both sides losing points; answered at a
    creature or robot (``attacker=``), what the answer does to its hull too
    (:func:`~.exact.struck_assault_odds`, as :meth:`~.boarding.Boarding.answer_fire`
    rolls it: each roll at its DR and CR on its own); several parties (``parties=``)
    answered together or divided among them (``at=``)."""

    name = "boarding"
    summary = ("a boarding assault: the answer kills boarders on 5+ (strikes a creature's or "
               "robot's hull on 4+), then melee dice on 4+ both ways: captured, repelled, "
               "both lose AP")
    options_model = BoardingOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, BoardingOptions):
            raise TypeError(f"{self.name} odds take BoardingOptions, not {options!r}")
        attacker = self.spec(options.attacker, "attacker")
        target = self.spec(options.target, "target")
        ap = options.ap if options.ap is not None else (attacker.ap if attacker else None)
        if ap is None or ap < 1:
            raise option_error("ap", "give the assault points sent (ap=) or an attacker= with "
                         "assault points")
        if attacker is not None and ap > attacker.ap:
            raise option_error("ap", f"{attacker.name} has only {attacker.ap} assault points")
        rolls = answer_rolls(options)
        beast = attacker is not None and attacker.beast
        if options.hp is not None and not beast:
            raise option_error("hp", "the answer strikes the hull of a boarding creature or "
                               "robot only: give attacker= one")
        if attacker is not None and options.hp is not None and options.hp > attacker.hp:
            raise option_error("hp", f"{attacker.name} has only {attacker.hp} hull points")
        if target is not None and target.tiny:
            raise option_error("target", "tiny flyers cannot be boarded")
        defenders = options.defenders if options.defenders is not None else (
            target.ap if target else None
        )
        if defenders is None:
            raise option_error("defenders", "give the assault points aboard the target "
                         "(defenders=) or target=")
        first = Party(ap, options.rammed, attacker if beast else None,
                      (options.hp or attacker.hp) if beast and attacker else 0)
        parties = [first, *self.more_parties(options.parties)]
        aims = aimed_parties(options.at, len(rolls), len(parties))
        if len(parties) > 1:
            return self._several(options, parties, defenders, rolls, aims, target)
        hull: DamageOdds | None = None
        if beast and rolls:
            assert attacker is not None
            left = first.hull
            fight, hull = struck_assault_odds(
                [(0, ap)], defenders, 0,
                [pool_hits(dice, answering_needed(BEAST_AA_NEEDED, obscured))
                 for dice, obscured in rolls],
                dr=attacker.dr, cr=attacker.cr, starting_hp=attacker.hp, hull_left=left,
                extra=self.extra,
                melee=lambda parties: sum(melee_dice(points, options.rammed)
                                          for _, points in parties))
            notes = [f"{ap} boarding points against {defenders} defenders"
                     + (", half melee dice after a ram" if options.rammed else "")]
            notes.extend(
                f"an answering roll of {counted(dice, 'die')} strikes {attacker.name}'s hull "
                f"on {answering_needed(BEAST_AA_NEEDED, obscured)}+ (DR {attacker.dr}, CR "
                f"{attacker.cr}, {left} hull left)" for dice, obscured in rolls)
            notes.append(f"no boarding point falls to the answer; {attacker.name} destroyed "
                         "by it never reaches the target (repelled)")
        else:
            opened = sum(dice for dice, obscured in rolls if not obscured)
            hidden = sum(dice for dice, obscured in rolls if obscured)
            fight = boarding_odds(ap, defenders, opened, rammed=options.rammed,
                                  obscured_answer=hidden)
            notes = [f"{ap} boarding points against {defenders} defenders"
                     + (f", {counted(opened, 'die')} of answering fire first" if opened else "")
                     + (f", {counted(hidden, 'die')} of answering fire from obscured models "
                        "(6 only)" if hidden else "")
                     + (", half melee dice after a ram" if options.rammed else "")]
        if target is not None and target.beast:
            notes.append(f"{target.name} is a creature or robot: captured means destroyed")
        named = _named(fight)
        if hull is not None:
            assert attacker is not None
            named.update(hull.named("attacker "))
            notes.extend(critical_notes(hull, Target(attacker.dr, attacker.cr, first.hull,
                                                     attacker.hp), "attacker: "))
        return OddsAnswer(*_shown(fight, options.show), named, tuple(notes))

    def more_parties(self, text: str) -> list[Party]:
        """The parties of ``parties=``: each a crew's points (``3``, ``3r`` after its ship
        rammed) or a creature's or robot's class (all its points; ``CLASS@HP`` with the
        hull it has left), comma-separated."""
        found = []
        for part in (word.strip() for word in text.split(",")) if text.strip() else []:
            crew = CREW_PARTY.match(part.lower())
            if crew is not None:
                if int(crew.group(1)) < 1:
                    raise option_error("parties", f"{part!r}: a party sends 1 point or more")
                found.append(Party(int(crew.group(1)), bool(crew.group(2))))
                continue
            name, _, hp = part.partition("@")
            spec = self.spec(name.strip(), "parties")
            assert spec is not None
            if not spec.beast:
                raise option_error("parties", f"{part!r}: a ship's crew is given by its points "
                                   f"(such as {spec.ap}, or {spec.ap}r after a ram); a class "
                                   "names a creature or robot, which boards with all its points")
            if hp and (not hp.strip().isdigit() or not 1 <= int(hp) <= spec.hp):
                raise option_error("parties", f"{part!r}: {spec.name}'s hull left is a whole "
                                   f"number from 1 to {spec.hp}")
            found.append(Party(spec.ap, False, spec, int(hp) if hp else spec.hp))
        return found

    def _several(
        self, options: BoardingOptions, parties: list[Party], defenders: int,
        rolls: list[tuple[int, bool]], aims: list[int], target: ModelSpec | None,
    ) -> OddsAnswer:
        """Several parties at one target: the answer at them together (kills off the largest
        party first) or divided among them as ``aims`` says (DW-MULTI-ASSAULT)."""
        numbered = list(enumerate(party.points for party in parties))
        boarders = sum(party.points for party in parties)
        dice = sum(melee_dice(party.points, party.rammed) for party in parties)
        notes = [f"{boarders} boarding points in {len(parties)} parties ("
                 f"{counted(dice, 'melee die')} if none falls to the answer) against "
                 f"{defenders} defenders, melee on 4+",
                 *(party.words(number) for number, party in enumerate(parties, 1))]

        def melee(left: list[tuple[int, int]]) -> int:
            return sum(melee_dice(points, parties[index].rammed) for index, points in left)

        named: dict[str, float]
        others: dict[str, dict[str, float]] = {}
        facts: list[str] = []
        if not aims:
            if any(party.beast for party in parties) and rolls:
                raise option_error("at", "a creature or robot is one of several parties: the "
                                   "answer names the party each roll goes at (DW-MULTI-ASSAULT)")
            killed = Dist.constant(0)
            for dice, obscured in rolls:
                needed = answering_needed(BOARDER_NEEDED, obscured)
                killed = killed + pool_hits(dice, needed)
                notes.append(f"{counted(dice, 'die')} {_verb(dice, 'kill')} boarders on "
                             f"{needed}+, at the boarders together: the largest party loses "
                             "its points first")
            fight = assault_odds(numbered, defenders, killed, melee)
            named = _named(fight)
        else:
            fight, hulls = self._divided(parties, numbered, defenders, rolls, aims, melee,
                                         notes)
            named = _named(fight)
            if len(hulls) == 1:
                (index, hull), = hulls.items()
                named.update(hull.named("attacker "))
                facts.append(f"attacker: party {index + 1} (the rolls at its hull)")
            else:
                for index, hull in hulls.items():
                    beast = parties[index].beast
                    assert beast is not None  # only a creature's or robot's hull is struck
                    others[f"party {index + 1} ({beast.name})"] = hull.named()
        if target is not None and target.beast:
            notes.append(f"{target.name} is a creature or robot: captured means destroyed")
        elif all(party.beast for party in parties):
            facts.append("creatures and robots never capture: captured means the target is "
                         "left with no points")
        return OddsAnswer(*_shown(fight, options.show), named, tuple(notes), others,
                          tuple(facts))

    def _divided(
        self, parties: list[Party], numbered: list[tuple[int, int]], defenders: int,
        rolls: list[tuple[int, bool]], aims: list[int], melee: Melee, notes: list[str],
    ) -> tuple[AssaultOdds, dict[int, DamageOdds]]:
        """The answer divided among ``parties``: each roll's kills at the crew it names,
        none beyond its points, or its strikes at the hull of the creature or robot."""
        kills: dict[int, Dist] = {}
        strikes: dict[int, tuple[list[Dist], Hull]] = {}
        for (dice, obscured), aim in zip(rolls, aims, strict=True):
            party = parties[aim]
            if party.beast is None:
                needed = answering_needed(BOARDER_NEEDED, obscured)
                kills[aim] = kills.get(aim, Dist.constant(0)) + pool_hits(dice, needed)
                notes.append(f"{counted(dice, 'die')} at party {aim + 1} {_verb(dice, 'kill')} "
                             f"its boarders on {needed}+ (none beyond its points)")
            else:
                needed = answering_needed(BEAST_AA_NEEDED, obscured)
                beast = party.beast
                strikes.setdefault(aim, ([], Hull(beast.dr, beast.cr, beast.hp, party.hull,
                                                  self.extra)))[0].append(
                    pool_hits(dice, needed))
                notes.append(f"{counted(dice, 'die')} at party {aim + 1} {_verb(dice, 'strike')} "
                             f"{party.beast.name}'s hull on {needed}+ (DR {party.beast.dr}, "
                             f"CR {party.beast.cr}); destroyed, it never reaches the target")
        return divided_assault_odds(numbered, defenders, kills, strikes, melee)


def answer_rolls(options: BoardingOptions) -> list[tuple[int, bool]]:
    """The answering rolls of a ``boarding`` query, in the order they are rolled: ``aa=``,
    ``aa_obscured=``, then each of ``answers=``; ``(dice, obscured)`` each, none empty.

    >>> answer_rolls(BoardingOptions(aa=2, answers="1, 3o"))
    [(2, False), (1, False), (3, True)]
    """
    rolls = [(options.aa, False), (options.aa_obscured, True)]
    for part in options.answers.split(",") if options.answers.strip() else []:
        word = part.strip().lower()
        obscured = word.endswith("o")
        digits = word[:-1] if obscured else word
        if not digits.isdigit() or int(digits) < 1:
            raise option_error("answers", f"{part.strip()!r} is not a number of dice, 1 or "
                               "more, ending in o for an obscured model's")
        rolls.append((int(digits), obscured))
    return [(dice, obscured) for dice, obscured in rolls if dice > 0]


def aimed_parties(text: str, rolls: int, parties: int) -> list[int]:
    """The party each answering roll goes at (``at=``: numbers from 1, in the order the
    rolls are made), as indexes from 0; none given, ``[]`` (the answer at the boarders
    together).

    >>> aimed_parties("2, 1", 2, 2)
    [1, 0]
    >>> aimed_parties("", 3, 1)
    []
    """
    if not text.strip():
        return []
    words = [word.strip() for word in text.split(",")]
    if len(words) != rolls:
        raise option_error("at", f"{counted(len(words), 'party')} named for "
                           f"{counted(rolls, 'answering roll')} (aa=, aa_obscured=, then each "
                           "of answers=): name one for each")
    aims = []
    for word in words:
        if not word.isdigit() or not 1 <= int(word) <= parties:
            more = {1: "", 2: ", 2 the one of parties="}.get(
                parties, f", 2 to {parties} those of parties=")
            raise option_error("at", f"{word!r} is no party: 1 is the first (ap= or "
                               f"attacker=){more}")
        aims.append(int(word) - 1)
    return aims


def _verb(dice: int, verb: str) -> str:
    """``verb`` agreeing with a number of dice: ``kills`` for one, ``kill`` for several."""
    return f"{verb}s" if dice == 1 else verb


def _named(fight: AssaultOdds) -> dict[str, float]:
    """The chance of each way an assault ends."""
    return {name: fight.outcomes.get(name, 0.0)
            for name in (CAPTURED, REPELLED, BOTH_LOSE, BOTH_WIPED_OUT)}


def _shown(fight: AssaultOdds, show: str) -> tuple[Dist, str]:
    """The distribution ``show=`` asks for, and what it counts."""
    if show == "boarders":
        return fight.boarders_lost, "boarding points lost"
    return fight.defenders_lost, "defending points lost"
