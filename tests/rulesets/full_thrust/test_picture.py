"""Fire drawn on the Full Thrust table: every weapon's arc and range band (FT-PICTURE)."""

from __future__ import annotations

import math
from typing import Any

from tests.rulesets.full_thrust.helpers import RULES, battle, ship
from warbench.rulesets.full_thrust.events import SalvoAttack, WeaponFired
from warbench.rulesets.full_thrust.fire import can_reach, weapon_reach
from warbench.rulesets.full_thrust.state import Salvo
from warbench.server.snapshot import snapshot


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
    assert both[0].label == "Ajax: class-2 beam, pulse torpedo\n5 damage"  # data's names
    assert not beam_only[0].hit
    assert beam_only[0].label == "Ajax: class-2 beam\nmisses"  # as the log says, not 0 damage


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
    (one,) = RULES.attacks_drawn(game.state, [SalvoAttack(0, 1, 1, 4)])
    assert one.label == "salvo 0: 1 lock\n4 damage"


def _wedges(game: Any, name: str) -> dict[str, list[dict[str, Any]]]:
    """The reach wedges a seat's state message draws for the ship ``name``, by weapon."""
    shape = next(s for s in snapshot(game, 0)["scene"]["shapes"] if s["label"] == name)
    found: dict[str, list[dict[str, Any]]] = {}
    for wedge in shape.get("reach", []):
        found.setdefault(wedge["label"], []).append(wedge)
    return found


def test_ft_picture_a_kravak_ship_draws_the_reach_of_every_weapon_it_can_fire() -> None:
    """FT-PICTURE, FT-KV-KGUN, FT-KV-SCATTERGUN, FT-KV-MKP: a selected Kra'Vak frigate (no
    beams) draws each weapon by its name, out to the reach the fire rules judge a shot by,
    in its arcs: the K2 gun ahead, the K1 gun all round, the scattergun over the three
    forward arcs, the MKP ahead; a point just inside a wedge is in that weapon's reach and
    arcs, one just past its edge is not. A weapon knocked out or a one-shot weapon spent
    is not drawn."""
    game, _ = battle([ship("tarkesh", "Claw", 30.0, 20.0, facing=3)],
                     [ship("sentinel", "Watch", 30.0, 40.0)], faction="kravak")
    wedges = _wedges(game, "Claw")
    assert sorted(wedges) == ["K1 gun", "K2 gun", "MKP", "scattergun"]
    claw = game.state.ships[0]
    systems = RULES.data.designs["tarkesh"].systems
    for spec in systems:
        if spec.label not in wedges:
            continue
        (wedge,) = wedges[spec.label]
        assert wedge["radius"] == weapon_reach(RULES.data, spec)
        middle = math.radians((wedge["start"] + wedge["end"]) / 2)
        for distance, inside in ((wedge["radius"] - 0.1, True), (wedge["radius"] + 0.1, False)):
            x, y = claw.x + distance * math.sin(middle), claw.y + distance * math.cos(middle)
            assert can_reach(RULES.data, claw, spec, x, y) is inside, (spec.label, distance)
        if wedge["end"] - wedge["start"] < 360.0:  # just past the wedge's side: no shot
            side = math.radians(wedge["end"] + 2.0)
            x, y = claw.x + 3.0 * math.sin(side), claw.y + 3.0 * math.cos(side)
            assert not can_reach(RULES.data, claw, spec, x, y), spec.label
    assert wedges["K1 gun"][0]["end"] - wedges["K1 gun"][0]["start"] == 360.0
    assert (wedges["scattergun"][0]["start"], wedges["scattergun"][0]["end"]) == (0.0, 180.0)
    assert wedges["K2 gun"][0]["band"] == RULES.data.rules.weapons.k_gun[0].reach
    k2 = next(i for i, s in enumerate(systems) if s.label == "K2 gun")
    mkp = next(i for i, s in enumerate(systems) if s.kind == "mkp")
    claw.damage[k2] = 1
    claw.use(mkp)
    assert sorted(_wedges(game, "Claw")) == ["K1 gun", "scattergun"]


def test_ft_picture_beams_alike_are_drawn_once_counted_with_their_bands() -> None:
    """FT-PICTURE, FT-BEAM: a destroyer's two class-2 beams in the three forward arcs are
    one wedge named "class-2 beam x2" over those arcs, out to 24 MU with a line at every
    12 MU band; its class-1 beam reaches 12 MU all round."""
    game, _ = battle([ship("harrier", "Ajax", 10, 10)], [ship("harrier", "Brute", 10, 25)])
    wedges = _wedges(game, "Ajax")
    band = RULES.data.rules.weapons.beam_band
    (two,) = wedges["class-2 beam x2"]
    assert (two["radius"], two["band"], two["start"], two["end"]) == (2 * band, band, -90, 90)
    (one,) = wedges["class-1 beam"]
    assert (one["radius"], one["end"] - one["start"]) == (band, 360.0)
