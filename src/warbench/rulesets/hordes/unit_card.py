"""A HORDES model (warlock or warbeast) as a stat card: stat line, weapons, abilities,
spells, feat or animus, in words."""

from __future__ import annotations

from warbench.core.cards import CardWeapon, UnitCard
from warbench.rulesets.hordes.data import Effect, HordesData, ModelRecord, SpellRecord, Weapon

#: What each ability and weapon quality does (docs/rules/hordes.md).
RULES = {
    "tough": "when its last box is marked, on 5-6 heals 1 and is knocked down (HOR-TOUGH)",
    "stealth": "ranged and magic attacks from beyond 5\" miss it (HOR-STEALTH)",
    "reach": 'melee range 2" (HOR-REACH)',
    "knockdown": "knocks down every model hit (HOR-AUTO-EFFECT)",
    "critical_knockdown": "knocks down on a critical hit (HOR-CRITICAL)",
    "spray": "hits everything under a 1\"-wide strip (HOR-SPRAY)",
}
_SCOPES = {
    "target": "the target",
    "self": "itself",
    "friendly_ctrl": "friends in its control area",
    "enemy_ctrl": "enemies in its control area",
}


def effect_text(effect: Effect) -> str:
    """One effect in words: ``ARM +3 for friends in its control area``."""
    scope = _SCOPES[effect.scope]
    if effect.kind == "stat" and effect.stat is not None:
        return f"{effect.stat.upper()} {effect.amount:+d} for {scope}"
    if effect.kind == "heal":
        return f"heals {effect.amount} on {scope}"
    if effect.kind == "fury":
        return f"{effect.amount:+d} fury for {scope}"
    return f"knocks down {scope}"


def _spell_text(spell: SpellRecord) -> str:
    rng = spell.rng if isinstance(spell.rng, str) else f'{spell.rng:g}"'
    parts = [f"cost {spell.cost}", f"RNG {rng}"]
    parts += [f"AOE {spell.aoe}"] if spell.aoe else []
    parts += [f"POW {spell.pow}"] if spell.pow else []
    parts += ["upkeep"] if spell.up else []
    parts += ["offensive"] if spell.off else []
    parts += [effect_text(effect) for effect in spell.effects]
    return ", ".join(parts)


def _weapon(weapon: Weapon, strength: int) -> CardWeapon:
    if weapon.kind == "melee":
        reach = 2.0 if "reach" in weapon.qualities else 0.5
        bands = ((f'0-{reach:g}"', f"P+S {weapon.pow + strength}"),)
        notes = [f"POW {weapon.pow}"]
    else:
        bands = ((f'0-{weapon.rng:g}"', f"POW {weapon.pow}"),)
        notes = [f"ROF {weapon.rof}"] + ([f"AOE {weapon.aoe}"] if weapon.aoe else [])
    notes += [quality.replace("_", " ") for quality in weapon.qualities]
    return CardWeapon(weapon.name, "front 180°", bands, ", ".join(notes))


def model_card(unit_id: str, model: ModelRecord, data: HordesData) -> UnitCard:
    """The card of one model: stats, weapons, abilities, spells and feat or animus."""
    stats = [
        ("SPD", model.spd), ("STR", model.str_), ("MAT", model.mat), ("RAT", model.rat),
        ("DEF", model.def_), ("ARM", model.arm), ("FURY", model.fury),
    ]
    if model.role == "warbeast":
        stats.append(("THR", model.thr))
    damage = (
        ("damage", f"{model.damage} boxes")
        if model.role == "warlock"
        else ("life spiral", " ".join(map(str, model.spiral)))
    )
    traits: list[tuple[str, str]] = [(name, RULES[name]) for name in model.abilities]
    qualities = {quality for weapon in model.weapons for quality in weapon.qualities}
    traits += [(name.replace("_", " "), RULES[name]) for name in sorted(qualities)]
    for spell_id in model.spells:
        spell = data.spells[spell_id]
        traits.append((f"spell: {spell.name}", _spell_text(spell)))
    if model.animus is not None:
        animus = data.spells[model.animus]
        traits.append((f"animus: {animus.name}", _spell_text(animus)))
    if model.feat is not None:
        feat = data.feats[model.feat]
        traits.append((f"feat: {feat.name}", "; ".join(map(effect_text, feat.effects))))
    kind = f"{model.faction} {model.weight + ' ' if model.weight else ''}{model.role}"
    return UnitCard(
        unit_id,
        model.name,
        f"{kind}, {model.base} mm base",
        model.points,
        stats=(*((label, str(value)) for label, value in stats), damage),
        weapons=tuple(_weapon(weapon, model.str_) for weapon in model.weapons),
        traits=tuple(traits),
        notes=(
            (f"Brings {model.warbeast_points} warbeast points to its battlegroup.",)
            if model.warbeast_points
            else ()
        ),
    )
