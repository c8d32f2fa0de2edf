"""Attacks drawn on the HORDES table: the arc and reach of weapons and spells."""

from __future__ import annotations

from tests.hordes.helpers import RULES, battle
from warbench.rulesets.hordes.events import AttackRolled, DamageRolled, SpellEffect
from warbench.rulesets.hordes.space import radius


def test_a_spell_attack_is_drawn_with_the_spells_range() -> None:
    """HOR-SPELL-STATS, HOR-FACING: a magic attack is drawn over the caster's front arc out
    to the RNG of the spell cast (named by the cast before it), past the caster's base, and
    labelled with the spell's name, the roll and the boxes marked."""
    game = battle([["maelis"], ["vesk"]], [[24, 10, 0], [24, 18, 180]])
    caster = game.state.models[0]
    events = [
        SpellEffect(0, "thorn-lash", 1),
        AttackRolled(0, 1, "magic", 14, 13, True, False),
        DamageRolled(1, 15, 13, 2),
    ]
    (mark,) = RULES.attacks_drawn(game.state, events)
    assert mark.far == radius(RULES.data, caster) + 10  # Thorn Lash: RNG 10
    assert (mark.near, mark.arc_end - mark.arc_start) == (0.0, 180.0)
    assert mark.label == "Thorn Lash 14 vs DEF 13: hit, 2 boxes" and mark.hit
    unnamed = RULES.attacks_drawn(game.state, events[1:])[0]
    assert unnamed.far == 0.0 and unnamed.label.startswith("magic ")


def test_a_damage_roll_after_its_boost_decision_is_drawn_on_its_own() -> None:
    """HOR-BOOST: a warlock's damage roll comes a step after its attack roll (the damage
    boost is decided in between), so it is drawn on its own from the attacker, labelled
    with the roll against ARM and the boxes marked."""
    game = battle([["maelis"], ["vesk"]], [[24, 10, 0], [24, 18, 180]])
    (mark,) = RULES.attacks_drawn(game.state, [DamageRolled(1, 17, 14, 3, 0)])
    assert mark.label == "damage 17 vs ARM 14: 3 boxes" and mark.hit
    assert RULES.attacks_drawn(game.state, [DamageRolled(1, 17, 14, 3)]) == ()
