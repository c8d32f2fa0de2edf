"""The cards an odds query names: a model by its id or printed name (close ids suggested),
and what an attacker's card gives an attack: the stat added to the attack roll, the damage
roll's POW, the weapon's qualities, and the most attacks of that kind it makes in one
activation (HOR-EXTRA-ATTACK).

>>> from warbench.rulesets.hordes.data import DATA_DIR, DataFolder, load_data
>>> data = load_data(DataFolder(DATA_DIR))
>>> find_model(data.models, "Oakhide Brute", "target")[0]
'oakhide-brute'
>>> find_model(data.models, "mosshund", "target")
Traceback (most recent call last):
...
warbench.core.attacks.AttackOptionsError: target: no model 'mosshund', did you mean "mosshound"?
>>> card = attacker_card(data, "melee", "rootcrusher", "root maul", False)
>>> card.skill, card.power, card.most, card.source
(6, 18, 6, "rootcrusher's card (Root Maul: POW 6 + STR 12)")
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass

from warbench.core.attacks import AttackOptionsError
from warbench.core.catalog import did_you_mean
from warbench.rulesets.hordes.data import HordesData, ModelRecord, SpellRecord, Weapon

#: What the attack roll adds and what the damage roll's POW is, by kind of attack.
WORDS = {"melee": ("MAT", "P+S"), "ranged": ("RAT", "POW"), "magic": ("FURY", "POW"),
         "slam": ("MAT", "STR")}


def find_model(
    models: Mapping[str, ModelRecord], key: str, option: str
) -> tuple[str, ModelRecord]:
    """The model ``key`` names: its id, or its printed name (any case); else one line
    naming the close ids (or every id)."""
    if key in models:
        return key, models[key]
    folded = key.strip().casefold()
    by_name = {record.name.casefold(): name for name, record in models.items()}
    by_name |= {name.casefold(): name for name in models}
    if folded in by_name:
        return by_name[folded], models[by_name[folded]]
    close = difflib.get_close_matches(folded, list(by_name), n=3)
    ids = list(dict.fromkeys(by_name[word] for word in close))
    tail = did_you_mean(ids) if ids else f" (models: {', '.join(sorted(models))})"
    raise AttackOptionsError(f"{option}: no model {key!r}{tail}")


@dataclass(frozen=True, slots=True)
class AttackerCard:
    """What an attacker's card gives one kind of attack."""

    skill: int
    power: int
    qualities: frozenset[str]
    most: int | None  # the most such attacks in one activation; None: no limit
    why: str  # how ``most`` is counted
    source: str  # where skill and power come from, in words
    free: int = 1  # attacks made without fury (one per melee weapon, one shot, no spell)
    price: int = 1  # fury each attack past those costs (a spell's COST)
    rng: float = 0.5  # the weapon's or spell's RNG, inches
    aoe: int = 0  # its AOE, inches across (0: none)


def attacker_card(
    data: HordesData, kind: str, key: str, weapon: str | None, mind_crippled: bool
) -> AttackerCard:
    """The card ``key`` as the attacker of a ``kind`` attack with ``weapon`` (a weapon's or
    spell's name, any case; needed only when the card has several that fit)."""
    name, record = find_model(data.models, key, "attacker")
    if kind == "slam":
        if record.role != "warbeast":
            raise AttackOptionsError(
                f"attacker: {name} is a warlock: only warbeasts make power attacks (HOR-SLAM)")
        return AttackerCard(record.mat, record.str_, frozenset(), 1, "one slam an activation",
                            f"{name}'s card")
    fury = 0 if mind_crippled else record.fury  # a crippled mind buys no attacks
    bought = f"FURY {record.fury} bought" if not mind_crippled else "none bought (mind crippled)"
    if kind == "magic":
        _, spell = _spell(data, name, record, weapon)
        most = None if spell.cost == 0 else record.fury // spell.cost
        knocks = any(effect.kind == "knockdown" for effect in spell.effects)
        return AttackerCard(
            record.fury, spell.pow, frozenset({"knockdown"} if knocks else ()), most,
            f"FURY {record.fury} pays for {spell.name} (COST {spell.cost}) {most} times",
            f"{name}'s card ({spell.name}: POW {spell.pow})", free=0, price=spell.cost,
            rng=0.0 if isinstance(spell.rng, str) else spell.rng, aoe=spell.template)
    chosen = _weapon(name, record, "melee" if kind == "melee" else "ranged", weapon)
    if kind == "melee":
        count = sum(w.kind == "melee" for w in record.weapons)
        return AttackerCard(
            record.mat, chosen.pow + record.str_, frozenset(chosen.qualities), count + fury,
            f"{count} melee weapon{'s' if count > 1 else ''} + {bought}",
            f"{name}'s card ({chosen.name}: POW {chosen.pow} + STR {record.str_})", free=count)
    most = min(chosen.rof, 1 + fury)
    return AttackerCard(
        record.rat, chosen.pow, frozenset(chosen.qualities), most,
        f"{chosen.name} ROF {chosen.rof}, 1 + {bought}",
        f"{name}'s card ({chosen.name}: POW {chosen.pow})", rng=chosen.rng, aoe=chosen.aoe)


def _weapon(name: str, record: ModelRecord, kind: str, wanted: str | None) -> Weapon:
    fitting = [w for w in record.weapons if w.kind == kind]
    if wanted is not None:
        found = next((w for w in record.weapons if w.name.casefold() == wanted.casefold()),
                     None)
        names = [w.name for w in record.weapons]
        if found is None:
            close = difflib.get_close_matches(wanted, names, n=3) or names
            raise AttackOptionsError(
                f"weapon: {name} has no weapon {wanted!r}{did_you_mean(close)}")
        if found.kind != kind:
            raise AttackOptionsError(f"weapon: {found.name} is a {found.kind} weapon, not {kind}")
        return found
    if not fitting:
        raise AttackOptionsError(f"attacker: {name} has no {kind} weapon")
    if len(fitting) > 1:
        choices = " or ".join(f'"{w.name}"' for w in fitting)
        raise AttackOptionsError(f"weapon: {name} has {len(fitting)} {kind} weapons: give "
                                 f"weapon={choices}")
    return fitting[0]


def _spell(
    data: HordesData, name: str, record: ModelRecord, wanted: str | None
) -> tuple[str, SpellRecord]:
    own = [*record.spells, *([record.animus] if record.animus else [])]
    hurting = [s for s in own if data.spells[s].off and data.spells[s].pow > 0]
    if wanted is not None:
        found = next((s for s in own if wanted.casefold() in (s, data.spells[s].name.casefold())),
                     None)
        if found is None:
            raise AttackOptionsError(
                f"spell: {name} has no spell {wanted!r} (its spells: {', '.join(own) or 'none'})")
        if found not in hurting:
            raise AttackOptionsError(
                f"spell: {data.spells[found].name} makes no magic attack with a damage roll"
                " (not offensive, or no POW)")
        return found, data.spells[found]
    if not hurting:
        raise AttackOptionsError(f"attacker: {name} has no offensive spell with a POW")
    if len(hurting) > 1:
        raise AttackOptionsError(
            f"spell: {name} has {len(hurting)} offensive spells: give spell="
            + " or ".join(hurting))
    return hurting[0], data.spells[hurting[0]]


def most_attacks(data: HordesData) -> tuple[int, str]:
    """The most melee attacks any model in ``data`` makes in one activation (its melee
    weapons' initial attacks, and one more for each point of its FURY), and who."""
    best, who = 1, "any model"
    for record in data.models.values():
        count = sum(w.kind == "melee" for w in record.weapons)
        if count + record.fury > best:
            best = count + record.fury
            who = (f"{record.name}, {count} melee weapon{'s' if count != 1 else ''}"
                   f" + FURY {record.fury}")
    return best, who
