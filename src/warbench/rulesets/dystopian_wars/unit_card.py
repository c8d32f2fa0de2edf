"""A Dystopian Wars model class as a stat card (its FIG in words), for ``catalog --unit``."""

from __future__ import annotations

from itertools import pairwise

from warbench.core.cards import CardWeapon, UnitCard
from warbench.rulesets.dystopian_wars.data import ModelRecord, WeaponRecord
from warbench.rulesets.dystopian_wars.geometry import BANDS
from warbench.rulesets.dystopian_wars.option_words import arc_words

#: What each trait does, in the engine's words (see docs/rules/dystopian-wars.md).
TRAITS = {
    "icon": "may lead the fleet as its commodore (DW-COMMODORE-ICON)",
    "diving": "may submerge or burrow: hit only on 6, torpedoes only (DW-DIVING)",
    "flying": "flies: may climb to obscured, fired at by ack-ack (DW-AA-CC-BASICS)",
    "creature": "a beast: never tests, boarded in base contact (DW-FEARLESS)",
    "robot": "a machine: never tests, boarded in base contact (DW-FEARLESS)",
    "fortification": "immobile and heavily armed (DW-FORTIFICATIONS)",
    "escort": "draws no card and takes no rout test (DW-CARDS-DRAW)",
    "spotter": "spots for indirect fire in range bands 3-4 (DW-INDIRECT)",
    "covered-decks": "tokens aboard cannot be shot by ack-ack (DW-AA-CARRIED)",
    "double-decker": "may launch and land in the same turn (DW-LAND)",
    "fast": "capital ships hit it only on 6 (DW-SMALL-TARGET)",
    "elusive": "capital ships hit it on 5+, bombers too (DW-SMALL-TARGET)",
    "no-reverse": "may not move backward (DW-NO-REVERSE)",
    "amphibious": "moves on land and water (listed; the engine does not use it yet)",
}

def _band_heads() -> tuple[str, ...]:
    edges = (0.0, *BANDS.edges)
    return tuple(f'{low:g}-{high:g}"' for low, high in pairwise(edges))


def _weapon(weapon: WeaponRecord) -> CardWeapon:
    notes: list[str] = [weapon.grade, weapon.kind]
    notes += [flag for flag in ("tesla", "indirect") if getattr(weapon, flag)]
    return CardWeapon(
        name=weapon.name,
        arcs=", ".join(arc_words(arc) for arc in weapon.arcs),
        bands=tuple(
            (head, str(dice) if dice else "-")
            for head, dice in zip(_band_heads(), weapon.ad, strict=True)
        ),
        notes=" ".join(notes),
    )


def model_card(unit_id: str, model: ModelRecord) -> UnitCard:
    """The card of one model class: profile, weapons by range band, traits, points."""
    low, high = model.squadron
    stats: tuple[tuple[str, str], ...] = (
        ("MV", f'{model.mv}"'),
        ("turn", f'{model.turn:g}"'),
        ("HP", str(model.hp)),
        ("DR", str(model.dr)),
        ("CR", str(model.cr)),
        ("AA", str(model.aa)),
        ("CC", str(model.cc)),
        ("AP", str(model.ap)),
        ("RR", str(model.rr)),
        ("shield", str(model.shield)),
        ("squadron", str(low) if low == high else f"{low}-{high}"),
    )
    if model.carrier:
        stats += (("carries", f"{model.carrier} {model.wing or 'tokens'}"),)
    traits: tuple[tuple[str, str], ...] = tuple((trait, TRAITS[trait]) for trait in model.traits)
    if model.capital:
        traits = (("capital", "a capital ship"), *traits)
    kind = f"{model.nation} {model.category}, {model.domain}, {model.size}"
    notes = (f"source: {model.source}",) if model.source != "rules" else ()
    return UnitCard(
        unit_id,
        model.name,
        kind,
        model.points,
        stats=stats,
        weapons=tuple(_weapon(weapon) for weapon in model.weapons),
        traits=traits,
        notes=notes,
    )
