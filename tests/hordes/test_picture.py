"""Attacks drawn on the HORDES table: the arc and reach of weapons and spells."""

from __future__ import annotations

from tests.hordes.helpers import RULES, activate, battle, script
from warbench.core.labels import Box
from warbench.core.scene import Scene
from warbench.rulesets.hordes.actions import Attack, Hold
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
    assert mark.label == ("Elder Maelis at Cinder Matron Vesk\n"  # who struck whom, then how
                          "Thorn Lash 14 vs DEF 13: hit, 2 boxes") and mark.hit
    unnamed = RULES.attacks_drawn(game.state, events[1:])[0]
    assert unnamed.far == 0.0 and unnamed.label.split("\n")[1].startswith("magic ")


def test_a_damage_roll_after_its_boost_decision_is_drawn_on_its_own() -> None:
    """HOR-BOOST: a warlock's damage roll comes a step after its attack roll (the damage
    boost is decided in between), so it is drawn on its own from the attacker, labelled
    with the roll against ARM and the boxes marked."""
    game = battle([["maelis"], ["vesk"]], [[24, 10, 0], [24, 18, 180]])
    (mark,) = RULES.attacks_drawn(game.state, [DamageRolled(1, 17, 14, 3, 0)])
    assert mark.label.split("\n")[1] == "damage 17 vs ARM 14: 3 boxes" and mark.hit
    assert RULES.attacks_drawn(game.state, [DamageRolled(1, 17, 14, 3)]) == ()


def test_an_attack_is_labelled_with_its_weapons_name() -> None:
    """HOR-WEAPON-STATS, HOR-FACING: an attack made with a weapon records the weapon's name
    (the model card's), and the table labels the mark with it and draws that weapon's
    reach: Vesk's Spitfire (RNG 10) shot at Maelis reads "Spitfire 17 vs DEF 16"."""
    game = battle([["vesk"], ["maelis"]], [[12, 14, 0], [12, 21.5, 180]], layout="open")
    activate(game, 0)
    game.apply(0, Hold())
    script(game, 4, 5, *[1] * 10)
    start = len(game.events)
    game.apply(0, Attack(1, 1))
    (event,) = [e for e in game.events[start:] if isinstance(e, AttackRolled)]
    assert event.weapon == "Spitfire" and "ranged attack with Spitfire on" in event.text
    (mark,) = RULES.attacks_drawn(game.state, game.events[start:])
    assert mark.label.split("\n")[1].startswith("Spitfire 17 vs DEF 16: hit")
    assert mark.far == radius(RULES.data, game.state.models[0]) + 10


def test_attacks_with_two_weapons_are_labelled_apart_by_name() -> None:
    """HOR-WEAPON-STATS, HOR-MELEE-RANGE: two attacks with one melee weapon and one with
    another are two marks named by weapon, each out to that weapon's melee range (Root
    Maul has reach, 2"; Stomp 0.5"); an event recorded before weapons were named still
    decodes and reads by its style."""
    game = battle([["maelis", "rootcrusher"], ["vesk"]], [[24, 4, 0], [24, 10, 0], [24, 18, 180]])
    events = [
        AttackRolled(1, 2, "melee", 9, 13, False, False, "Root Maul"),
        AttackRolled(1, 2, "melee", 15, 13, True, False, "Root Maul"),
        DamageRolled(2, 17, 14, 3),
        AttackRolled(1, 2, "melee", 8, 13, False, False, "Stomp"),
    ]
    maul, stomp = RULES.attacks_drawn(game.state, events)
    edge = radius(RULES.data, game.state.models[1])
    assert (maul.label.split("\n")[1], maul.far) == ("Root Maul x2: 1 hit, 3 boxes", edge + 2)
    assert (stomp.label.split("\n")[1], stomp.far) == ("Stomp 8 vs DEF 13: miss", edge + 0.5)
    old = {key: value for key, value in events[0].to_plain().items() if key != "weapon"}
    decoded = RULES.event_codec.decode(old)
    assert isinstance(decoded, AttackRolled) and decoded.weapon == ""
    assert RULES.attacks_drawn(game.state, [decoded])[0].label.endswith("\nmelee 9 vs DEF 13: miss")


def test_terrain_labels_lie_on_no_model_and_no_label_crosses_a_facing_tick() -> None:
    """HOR-TERRAIN, HOR-FACING: models standing by the corners the terrain is named from
    (one at the rough ground's, facing it; one on the forest's; a beast across the rough
    ground): each terrain's label is drawn, on no model's base, and no label runs across
    a model's facing tick."""
    game = battle([["maelis", "oakhide-brute", "mosshound"], ["vesk"]],
                  [[20.3, 13.0, 0], [23.5, 15.5, 90], [8.5, 20.5, 0], [24, 30, 180]],
                  layout="standard")
    scene = Scene.from_picture(RULES.table(game.state))
    models = [shape for shape in scene.shapes if shape.kind == "circle"]
    bodies = [Box(m.x - m.radius, m.y - m.radius, m.x + m.radius, m.y + m.radius)
              for m in models]
    ticks = [model.tick for model in models if model.tick is not None]
    assert len(ticks) == 4
    labels = {label.text: label.box for label in scene.labels}
    for kind in ("forest", "obstruction", "rough", "hill"):
        assert not any(labels[kind].overlaps(body) for body in bodies), kind
    for text, box in labels.items():
        assert not any(box.crossed_by(tick) for tick in ticks), text
