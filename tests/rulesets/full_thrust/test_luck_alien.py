"""FT-LUCK for the alien races: Kra'Vak, Phalon and Sa'Vasku rolls rated by what they did.

Every percentile here is worked by hand from the seed's dice (the mid-rank: P(worse) plus
half P(same), for the seat the roll helped or hurt)."""

from __future__ import annotations

import pytest

from warbench.core.events import RollEffect
from warbench.core.luck import RatedRoll, luck_report
from warbench.rulesets.full_thrust.actions import (
    DeclareTarget,
    DefenceDone,
    DefendWith,
    LaunchSalvo,
    WriteOrders,
)
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.pods import INTERCEPTOR, POD_LAUNCHER

from .helpers import RULES, battle, fire_asked, orders, ship

LIB = RULES.data
LAUNCHER = LIB.designs["quillon"].indices("plasma_launcher")[0]


def _rated(game: FTGame) -> list[tuple[RollEffect, RatedRoll]]:
    """Each rated roll effect of the game with its rating, in order."""
    effects = [(i, e) for i, e in enumerate(game.events) if isinstance(e, RollEffect)]
    report = luck_report(game.events, game.luck_odds)
    by_index = {roll.event_index: roll for roll in report.rolls}
    return [(effect, by_index[i]) for i, effect in effects if i in by_index]


def _unrated(game: FTGame, start: str) -> list[str]:
    """Roll labels starting with ``start`` that no effect rates."""
    report = luck_report(game.events, game.luck_odds)
    return [label for (_, label) in report.unrated if label.startswith(start)]


def test_ft_kv_kgun_mkp_and_scattergun_shots_are_rated_by_damage_dealt() -> None:
    """FT-KV-KGUN, FT-KV-MKP, FT-KV-SCATTERGUN, FT-LUCK: the shots of
    test_ft_kv_mkp_and_scattergun_at_ships, rated for the firing side.

    K2 at 4 MU needs 2+: a miss (to-hit 1) has P = 1/6, so 1/12; the mean is
    5/6 x (2 x 4 + 4 x 2) / 6 = 20/9. MKP 6 (two hits, 8): P(8) = 1/6, so 1 - 1/12; mean
    (2 x 4 + 8) / 6 = 8/3. Scattergun 6 (2 points): 1 - 1/12, mean (2 x 1 + 2) / 6 = 2/3."""
    game, feed = battle([ship("tarkesh", "Claw", 30.0, 10.0)],
                        [ship("warden", "Ward", 30.0, 14.0, facing=6)], 6, 1)
    orders(game)
    feed.add(1, 1, 6, 6, *[1] * 30)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fire_asked(game, 0)
    shots = {effect.query: (effect, rated) for effect, rated in reversed(_rated(game))
             if effect.purpose.startswith("Claw")}  # the first shot of each kind
    kgun, kgun_rated = shots["k_gun"]
    assert (kgun.player, kgun.effect, kgun.args) == (0, 0, (2, 2))
    assert kgun_rated.percentile == pytest.approx(1 / 12)
    assert kgun_rated.mean == pytest.approx(20 / 9)
    mkp, mkp_rated = shots["mkp"]
    assert (mkp.effect, mkp_rated.percentile) == (8, pytest.approx(11 / 12))
    assert mkp_rated.mean == pytest.approx(8 / 3)
    scatter, scatter_rated = shots["scattergun"]
    assert (scatter.effect, scatter_rated.percentile) == (2, pytest.approx(11 / 12))
    assert scatter_rated.mean == pytest.approx(2 / 3)
    assert not _unrated(game, "Claw")


@pytest.mark.parametrize("face, effect, percentile", [(5, 1, 4 / 6 + 1 / 12),
                                                      (6, 2, 1 - 1 / 12), (4, 0, 1 / 3)])
def test_ft_needle_beam_is_rated_by_points_and_the_system_it_knocks_out(
    face: int, effect: int, percentile: float
) -> None:
    """FT-NEEDLE, FT-LUCK: a needle beam's die: 1-4 nothing (4/6), 5 a point (1/6), 6 a
    point and a system (1/6); its effect counts both, 0, 1 or 2."""
    game, feed = battle([ship("wasp", "Sting", 30.0, 10.0)],
                        [ship("lancer", "Pike", 30.0, 20.0, facing=6)], 6, 1)
    orders(game)
    feed.add(face, *[1] * 30)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fire_asked(game, 0)
    needle, rated = next((e, r) for e, r in _rated(game) if e.query == "needle")
    assert (needle.player, needle.effect) == (0, effect)
    assert rated.percentile == pytest.approx(percentile)


def _bolt_at(red: dict[str, object], *faces: int, allocate: list[int],
             attack: int = 0) -> FTGame:
    """Glass (a Quillon, player 0) places a strength-3 bolt on ``red`` (player 1, with at
    least ``attack`` power), whose systems ``allocate`` shoot it in phase 7; then the
    phase's dice ``faces`` roll."""
    game, feed = battle([ship("quillon", "Glass", 30.0, 10.0)], [red], 6, 1)
    game.apply(0, WriteOrders(0, 0, 0))
    written = [o for o in game.pending_for(1)[0].options if isinstance(o, WriteOrders)]
    game.apply(1, next(o for o in written if (o.speed, o.turn) == (0, 0) and o.attack >= attack))
    game.apply(0, LaunchSalvo(0, LAUNCHER, 32.0, 34.0))
    for system in allocate:
        game.apply(1, DefendWith(1, system, "plasma", 0))
    feed.add(*faces, *[1] * 60)
    while game.state.phase == 7:
        game.apply(game.pending()[0].player, DefenceDone())
    return game


def test_ft_kv_scattergun_and_k1_at_a_plasma_bolt_are_rated_by_strength_taken_off() -> None:
    """FT-KV-SCATTERGUN, FT-KV-K1-PD, FT-ALIEN-PLASMA, FT-LUCK: Fang's scattergun rolls 6
    (2 off the bolt: P = 1/6, so 1 - 1/12) and a K1 rolls 5 (1 off: kills on 5-6, so
    P(0) = 2/3 and 2/3 + 1/6 = 5/6), both good luck for Fang's side (player 1)."""
    vorrun = LIB.designs["vorrun"]
    scatter, k1 = vorrun.indices("scattergun")[0], vorrun.indices("k_gun")[1]
    game = _bolt_at(ship("vorrun", "Fang", 30.0, 34.0, facing=6), 6, 5,
                    allocate=[scatter, k1])
    defence = [(e, r) for e, r in _rated(game) if e.purpose == "Fang point defence"]
    assert [(e.player, e.query, e.effect) for e, _ in defence] == [
        (1, "scattergun_bolt", 2), (1, "k1_defence", 1)]
    assert [r.percentile for _, r in defence] == [pytest.approx(11 / 12), pytest.approx(5 / 6)]
    assert game.state.bolts[0].strength == 0
    assert not _unrated(game, "Fang")


def test_ft_sv_interceptor_pod_at_a_plasma_bolt_is_rated_by_strength_taken_off() -> None:
    """FT-SV-PODS, FT-ALIEN-PLASMA, FT-LUCK: an interceptor pod takes a d3 off a bolt; a 3
    is the best of three equal chances: 2/3 + 1/6 = 5/6 for Root's side."""
    kossuun = LIB.designs["kossuun"]
    pod = next(i for i, s in enumerate(kossuun.systems)
               if s.kind == POD_LAUNCHER and s.mode == INTERCEPTOR)
    game = _bolt_at(ship("kossuun", "Root", 30.0, 34.0, facing=6), 3, allocate=[pod],
                    attack=18)
    effect, rated = next((e, r) for e, r in _rated(game) if e.purpose == "Root point defence")
    assert (effect.player, effect.query, effect.effect) == (1, "interceptor", 3)
    assert rated.percentile == pytest.approx(5 / 6)
    assert not _unrated(game, "Root")


def test_ft_alien_plasma_bolt_strikes_are_rated_for_the_bolts_side_friend_or_foe() -> None:
    """FT-ALIEN-PLASMA, FT-PH-PULSER-PD, FT-LUCK: the bolt of
    test_ft_alien_plasma_bolt_placed_in_phase_4_strikes_its_whole_burst_first. Pike's PDS
    rolls 5 (1 off: a beam die, P(0) = 1/2, P(1) = 1/3: 1/2 + 1/6 = 2/3, player 1). The bolt,
    strength 2, rolls two beam dice (per die P(0) = 1/2, P(1) = 1/3, P(2) = 1/12, P(3) = 1/18):
    3 damage on Eye, its own side's ship, is bad luck for player 0: P(3) = 2(1/2)(1/18) +
    2(1/3)(1/12) = 1/9 and P(4+) = 1/9, so 1/9 + 1/18 = 1/6; 2 damage on Pike is good luck
    for player 0: P(0-1) = 1/4 + 1/3 = 7/12, P(2) = 1/9 + 1/12 = 7/36, so 7/12 + 7/72."""
    game, feed = battle(
        [ship("quillon", "Glass", 30.0, 10.0), ship("vesk", "Eye", 36.0, 34.0)],
        [ship("lancer", "Pike", 30.0, 34.0, facing=6)], 6, 1,
    )
    orders(game)
    game.apply(0, LaunchSalvo(0, LAUNCHER, 32.0, 34.0))
    game.apply(1, DefendWith(2, LIB.designs["lancer"].indices("pds")[0], "plasma", 0))
    feed.add(5, 6, 1, 4, 1, 1, 1, 5, 5, *[1] * 40)  # PDS, Eye, Eye's threshold, Pike
    while game.state.phase == 7:
        game.apply(game.pending()[0].player, DefenceDone())
    rated = _rated(game)
    pds = next(r for e, r in rated if e.purpose == "Pike point defence")
    assert (pds.player, pds.effect, pds.percentile) == (1, 1, pytest.approx(2 / 3))
    strikes = [(e, r) for e, r in rated if e.purpose == "plasma bolt 0"]
    assert [(e.player, e.effect, e.higher_is_better) for e, _ in strikes] == [
        (0, 3, False), (0, 2, True)]
    assert [r.percentile for _, r in strikes] == [pytest.approx(1 / 6),
                                                   pytest.approx(7 / 12 + 7 / 72)]
    assert strikes[0][1].z < 0 < strikes[1][1].z
    assert not _unrated(game, "plasma bolt")


def test_ft_sv_lance_pod_is_rated_by_damage_dealt() -> None:
    """FT-SV-PODS, FT-LUCK: the lance pod of
    test_ft_sv_lance_pod_strikes_a_ship_for_biomass_and_power hits (5) and does 4: a miss
    is 1/2 and each of 1-6 damage 1/12, so 1/2 + 3/12 + 1/24 = 19/24; mean 1/2 x 3.5."""
    game, feed = battle([ship("vethra", "Husk", 30.0, 10.0)],
                        [ship("lancer", "Pike", 30.0, 26.0, facing=6)], 6, 1)
    game.apply(0, WriteOrders(0, 0, 0, attack=18))
    game.apply(1, WriteOrders(1, 0, 0))
    feed.add(5, 4, *[1] * 30)
    if isinstance(game.pending()[0].options[0], DeclareTarget):
        game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fire_asked(game, 0)
    effect, rated = next((e, r) for e, r in _rated(game) if e.query == "pod")
    assert (effect.player, effect.effect, effect.args) == (0, 4, (1, 4, 6))
    assert rated.percentile == pytest.approx(19 / 24)
    assert rated.mean == pytest.approx(1.75)
    assert not _unrated(game, "Husk")


def test_ft_alien_point_defence_kill_queries_read_the_seed_dice() -> None:
    """FT-KV-SCATTERGUN, FT-KV-K1-PD, FT-SV-PODS, FT-LUCK: at fighters a scattergun kills
    a d6 (heavies: half, rounded down; light: a d6 + 1), a K1 gun one on 5-6 (4-6 at
    light fighters), an interceptor pod a d3 (heavies: half; light: one more)."""
    def odds(query: str, *args: int) -> dict[int, float]:
        dist = RULES.effect_odds(LIB, query, args)
        return {value: round(p * 36, 9) for value, p in dist.items() if p}

    assert odds("scattergun_kills", 0, 0) == {k: 6 for k in range(1, 7)}
    assert odds("scattergun_kills", 1, 0) == {0: 6, 1: 12, 2: 12, 3: 6}
    assert odds("scattergun_kills", 0, 1) == {k: 6 for k in range(2, 8)}
    assert odds("k1_defence", 0) == {0: 24, 1: 12}
    assert odds("k1_defence", 1) == {0: 18, 1: 18}
    assert odds("interceptor", 3, 1, 0) == {0: 12, 1: 24}
    assert odds("interceptor", 3, 0, 1) == {2: 12, 3: 12, 4: 12}
