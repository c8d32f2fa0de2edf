"""What the attacker's fury pays for in an odds query (HOR-BOOST, HOR-EXTRA-ATTACK).

A warlock pays 1 fury for each attack past those it makes without fury (one with each melee
weapon, one shot with its ranged weapon; a spell costs its COST every cast), 1 for each
attack roll boosted (``boost_hit``, declared with the attack), and then, with
``boost_damage``, 1 for the damage roll of each hit while fury is left: the damage boost is
declared once the attack is known to have hit, so a miss costs nothing, and the odds boost
every hit's damage roll until the fury left after the attacks and their attack boosts runs
out (the first hits boosted, the later ones not). Its fury is ``fury=``, else its FURY, the
most it holds (HOR-LEACH, HOR-REAVE).

A warbeast pays for no boost: only warlocks boost (HOR-BOOST, the seed l.203-204). Its
boosted rolls are a charge attack's or a free strike's damage roll and a frenzy's attack,
each one melee attack, so a beast's boosts are refused for anything else.

>>> from warbench.rulesets.hordes.data import DATA_DIR, DataFolder, load_data
>>> from warbench.rulesets.hordes.odds_cards import attacker_card
>>> data = load_data(DataFolder(DATA_DIR))
>>> card = attacker_card(data, "melee", "hask", None, False)  # one melee weapon, FURY 6
>>> paid = fury_paid(data, "melee", "hask", card, attacks=3, boost_hit=False,
...                  boost_damage=True, fury=None)
>>> paid.damage_boosts
3
>>> for part in paid.note.split("; "): print(part)
fury 6 (hask's FURY): 2 for 2 more attacks
every hit's damage roll boosted, 1 fury each once the hit is known
>>> fury_paid(data, "melee", "hask", card, 3, True, True, fury=6).damage_boosts  # 1 left
1
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.attacks import AttackOptionsError
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.odds_cards import AttackerCard


@dataclass(frozen=True, slots=True)
class FuryPaid:
    """How many hits, in turn, have their damage roll boosted (every one when at least the
    attacks), and what the fury pays for, in words (``""``: nothing to say)."""

    damage_boosts: int
    note: str


def fury_paid(data: HordesData, kind: str, key: str, card: AttackerCard | None, attacks: int,
              boost_hit: bool, boost_damage: bool, fury: int | None) -> FuryPaid:
    """What the attacker ``key`` (``card``: ``None`` without one) pays for ``attacks``
    ``kind`` attacks with the boosts asked; one line naming the option and the rule where
    it cannot pay."""
    every = attacks if boost_damage else 0
    if card is None:
        if fury is not None:
            raise AttackOptionsError("fury: name the attacking warlock too (attacker=): its "
                                     "card says what its attacks cost")
        said = ("fury not counted: give attacker= (a warlock) to count what its fury pays for"
                if boost_hit or boost_damage else "")
        return FuryPaid(every, said)
    record = data.models[key]
    if record.role == "warbeast":
        return FuryPaid(every, _beast(kind, key, attacks, boost_hit, boost_damage, fury))
    have = record.fury if fury is None else fury
    if have > record.fury:
        raise AttackOptionsError(f"fury: {key} holds at most its FURY {record.fury} "
                                 "(HOR-LEACH, HOR-REAVE)")
    bought = max(0, attacks - card.free)
    paid = bought * card.price
    most = card.free + have // card.price
    if paid > have:
        raise AttackOptionsError(
            f"attacks: {key} with fury {have} makes at most {most} (the first {card.free} "
            f"without fury, then {card.price} fury each; HOR-EXTRA-ATTACK)")
    boosted = attacks if boost_hit else 0
    if paid + boosted > have:
        raise AttackOptionsError(
            f"boost_hit: {key}'s fury {have} pays {paid} for its attacks and {have - paid} "
            f"attack boosts at most, not {attacks} (1 fury each; HOR-BOOST)")
    left = have - paid - boosted
    if boost_damage and left == 0:
        raise AttackOptionsError(
            f"boost_damage: {key}'s fury {have} is all spent on its attacks and attack boosts"
            " (1 fury each damage boost; HOR-BOOST)")
    spent = [f"{paid} for {_attacks(card, bought)}" if paid else "",
             f"{boosted} for the attack boosts" if boosted else ""]
    head = f"fury {have}" + (f" ({key}'s FURY)" if fury is None else "")
    spending = ", ".join(part for part in spent if part)
    if not boost_damage:
        return FuryPaid(0, f"{head}: {spending}" if spending else "")
    boosts = min(left, attacks)
    which = ("every hit's damage roll" if boosts >= attacks else "the first hit's damage roll"
             if boosts == 1 else f"the first {boosts} hits' damage rolls")
    return FuryPaid(boosts, f"{head}: {spending + '; ' if spending else ''}{which} boosted, "
                            "1 fury each once the hit is known")


def _attacks(card: AttackerCard, bought: int) -> str:
    if card.free == 0:
        return f"{bought} cast{'s' if bought > 1 else ''}"
    return f"{bought} more attack{'s' if bought > 1 else ''}"


def _beast(kind: str, key: str, attacks: int, boost_hit: bool, boost_damage: bool,
           fury: int | None) -> str:
    """A warbeast's boosts: only a charge attack's, a free strike's or a frenzy's."""
    if fury is not None:
        raise AttackOptionsError(
            f"fury: {key} is a warbeast: it is forced (fury put on it), it spends none; fury="
            " is a warlock's")
    if not (boost_hit or boost_damage):
        return ""
    which = "boost_hit" if boost_hit else "boost_damage"
    if kind != "melee" or attacks > 1:
        raise AttackOptionsError(
            f"{which}: {key} is a warbeast: it pays for no boost (only warlocks do, HOR-BOOST);"
            " its boosted rolls are a charge attack's or a free strike's damage roll and a "
            "frenzy's attack, each one melee attack (melee attacks=1)")
    return ("a warbeast pays for no boost (HOR-BOOST): a boosted roll of its melee attack is a"
            " charge attack's or a free strike's damage roll, or a frenzy's attack")
