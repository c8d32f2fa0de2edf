"""Fire drawn on the Full Thrust table: every weapon's arc and range band (FT-PICTURE)."""

from __future__ import annotations

from tests.rulesets.full_thrust.helpers import RULES, battle, ship
from warbench.rulesets.full_thrust.events import SalvoAttack, WeaponFired
from warbench.rulesets.full_thrust.state import Salvo


def test_ft_picture_every_direct_fire_weapon_draws_the_band_it_fired_in() -> None:
    """FT-PICTURE, FT-SEQ-SHIP-FIRE: a pulse torpedo at 15 MU is drawn over the
    12-18 MU line of its range table, a class-2 beam over its 12-24 MU band; a ship firing
    both at one target draws the band of the longer-reaching weapon; all over the F arc."""
    game, _ = battle([ship("harrier", "Ajax", 10, 10)], [ship("harrier", "Brute", 10, 25)])
    systems = RULES.data.designs["harrier"].systems
    torpedo = next(i for i, s in enumerate(systems) if s.kind == "pulse_torpedo")
    beam = next(i for i, s in enumerate(systems) if s.kind == "beam" and s.level == 2)
    torpedo_only = RULES.attacks_drawn(game.state, [WeaponFired(0, torpedo, 1, 3)])
    beam_only = RULES.attacks_drawn(game.state, [WeaponFired(0, beam, 1, 0)])
    both = RULES.attacks_drawn(game.state, [WeaponFired(0, beam, 1, 2),
                                            WeaponFired(0, torpedo, 1, 3)])
    assert [(m.near, m.far) for m in torpedo_only + beam_only + both] == [
        (12.0, 18.0), (12.0, 24.0), (12.0, 18.0)]
    assert all(m.arc_end - m.arc_start == 60.0 for m in torpedo_only + beam_only + both)
    assert both[0].label == "Ajax: beam-2, pulse_torpedo\n5 damage"
    assert not beam_only[0].hit


def test_ft_picture_a_salvo_is_drawn_from_its_marker_with_its_attack_radius() -> None:
    """FT-PICTURE, FT-SEQ-ATTACKS: a salvo's strike runs from its marker to the ship, all round,
    out to the radius its missiles strike within."""
    game, _ = battle([ship("spear", "Lance", 10, 10)], [ship("harrier", "Brute", 10, 25)])
    game.state.salvos.append(Salvo(0, 0, 0, 10.0, 22.0, 6, target=1))
    (mark,) = RULES.attacks_drawn(game.state, [SalvoAttack(0, 1, 3, 9)])
    assert (mark.x, mark.y, mark.target_x, mark.target_y) == (10.0, 22.0, 10.0, 25.0)
    assert (mark.arc_start, mark.arc_end, mark.near) == (0.0, 360.0, 0.0)
    assert mark.far == RULES.data.rules.salvo.attack_radius
    assert mark.label == "salvo 0: 3 locks\n9 damage" and mark.player == 0
