"""Exact odds of a boarding (`warbench odds dystopian-wars boarding`) against icepool,
written from the rules: the answer thinning the boarders (5+, an obscured model's 6 only)
or striking a boarding creature's hull (4+ against its DR and CR), then the melee dice and
the defenders' at once."""

from __future__ import annotations

import icepool
import pytest

from .helpers import RULES
from .test_odds import ATTACKS, EXTRA, TOLERANCE, assert_dist, assert_named, dw_die, odds


def boarding_reference(
    points: int, defenders: int, answer: int, rammed: bool, obscured: int = 0
) -> tuple[dict[str, float], icepool.Die]:
    """Written from the rules: answer dice on 5+ (an obscured model's on 6 only) kill
    boarders first; then melee dice (half after a ram, rounded down but never below 1
    die: DW-CONTACT-BOARD) and the defenders' dice on 4+ at once."""
    outcomes = {"captured": 0.0, "repelled": 0.0, "both lose AP": 0.0, "both wiped out": 0.0}
    killed = answer @ dw_die(5) + obscured @ dw_die(6)
    defence = defenders @ dw_die(4)
    lost_parts: list[icepool.Die] = []
    weights: list[int] = []
    for kills, quantity in killed.items():
        chance = quantity / killed.denominator()
        boarders = max(0, points - kills)
        if boarders == 0:
            outcomes["repelled"] += chance
            lost_parts.append(icepool.Die([0]))
        else:
            attack = (max(1, boarders // 2) if rammed else boarders) @ dw_die(4)
            wiped = float(attack.probability(">=", defenders))
            lost = float(defence.probability(">=", boarders))
            outcomes["captured"] += chance * wiped * (1 - lost)
            outcomes["both wiped out"] += chance * wiped * lost
            outcomes["repelled"] += chance * (1 - wiped) * lost
            outcomes["both lose AP"] += chance * (1 - wiped) * (1 - lost)
            lost_parts.append(attack.map(lambda h: min(h, defenders)))
        weights.append(quantity)
    return outcomes, icepool.Die(lost_parts, times=weights)


@pytest.mark.parametrize(("points", "defenders", "answer", "rammed"), [
    (5, 3, 0, False), (6, 4, 2, False), (5, 2, 3, True), (1, 0, 0, False), (1, 0, 2, False),
    (1, 2, 0, True), (3, 1, 2, True),
])
def test_dw_odds_boarding_matches_icepool(
    points: int, defenders: int, answer: int, rammed: bool
) -> None:
    """DW-ODDS-BOARDING, DW-BOARD-ANSWER, DW-BOARD-MELEE, DW-BOARD-CAPTURE: captured,
    repelled, both lose AP, both wiped out; the defenders' points lost. DW-CONTACT-BOARD:
    after a ram a party left with 1 point rolls 1 melee die (since 0.19)."""
    result = odds("boarding", ap=points, defenders=defenders, aa=answer, rammed=rammed)
    outcomes, lost = boarding_reference(points, defenders, answer, rammed)
    assert_named(result, outcomes)
    assert abs(sum(result.named.values()) - 1.0) <= TOLERANCE
    assert_dist(result.distribution, lost)


def creature_reference(
    ap: int, defenders: int, rolls: list[tuple[int, int]], dr: int, cr: int, starting: int,
    hull: int, rammed: bool = False,
) -> tuple[dict[str, float], dict[int, float], dict[int, float]]:
    """Written from the rules (seed l.559, DW-BOARD-ANSWER): each answering roll of
    ``(dice, number needed)`` at a boarding creature meets its DR and CR on its own, one
    after another (CR or more a critical: 2 hull points and a D8 table roll per multiple of
    CR, each 8 one more, rolled after the melee; DR or more one point), nothing once it has
    no hull left; none of its points fall. Sunk, it never reaches the target (repelled, its
    points lost); else its ``ap`` melee dice (half after a ram, never below 1) and the
    defenders' dice on 4+ at once. The named chances (how it ends; `attacker none / damage
    / critical / destroyed`), the defenders' points lost and the boarders'."""
    named = dict.fromkeys(("captured", "repelled", "both lose AP", "both wiped out"), 0.0)
    named |= {f"attacker {n}": 0.0 for n in ("none", "damage", "critical", "destroyed")}
    # (hull points lost, table rolls owed, a critical yet) after each roll in turn
    states: dict[tuple[int, int, bool], float] = {(0, 0, False): 1.0}
    for dice, needed in rolls:
        die = dice @ dw_die(needed)
        after: dict[tuple[int, int, bool], float] = {}
        for (points, table, critical), chance in states.items():
            for hits, q in die.items():
                landed = (points, table, critical)
                if points < hull and hits >= cr:
                    landed = (points + 2, table + (0 if starting <= 2 else hits // cr), True)
                elif points < hull and hits >= dr:
                    landed = (points + 1, table, critical)
                after[landed] = after.get(landed, 0.0) + chance * q / die.denominator()
        states = after
    gone = 0.0
    for (points, table, critical), chance in states.items():
        what = "critical" if critical else "damage" if points else "none"
        named[f"attacker {what}"] += chance
        named["attacker destroyed"] += chance * float(
            (table @ EXTRA + points).probability(">=", hull))
        gone += chance if points >= hull else 0.0
    attack = (max(1, ap // 2) if rammed else ap) @ dw_die(4)
    defence = defenders @ dw_die(4)
    wiped = float(attack.probability(">=", defenders))
    lost = float(defence.probability(">=", ap))
    stays = 1.0 - gone
    named["captured"] = stays * wiped * (1 - lost)
    named["both wiped out"] = stays * wiped * lost
    named["repelled"] = gone + stays * (1 - wiped) * lost
    named["both lose AP"] = stays * (1 - wiped) * (1 - lost)
    defending: dict[int, float] = {0: gone}
    for hits, q in attack.map(lambda h: min(h, defenders)).items():
        defending[int(hits)] = defending.get(int(hits), 0.0) + stays * q / attack.denominator()
    boarding: dict[int, float] = {ap: gone}
    for hits, q in defence.map(lambda h: min(h, ap)).items():
        boarding[int(hits)] = boarding.get(int(hits), 0.0) + stays * q / defence.denominator()
    return named, defending, boarding


@pytest.mark.parametrize(("words", "ap", "defenders", "rolls", "hull", "rammed"), [
    (("attacker=blazing-sun-creature", "hp=2", "defenders=4", "answers=4,4"), 9, 4,
     [(4, 4), (4, 4)], 2, False),
    (("attacker=blazing-sun-creature", "hp=1", "defenders=3", "aa=6"), 9, 3, [(6, 4)], 1,
     False),
    (("attacker=prussia-robot", "defenders=2", "aa=2", "answers=3,2o"), 4, 2,
     [(2, 4), (3, 4), (2, 6)], 5, False),
    (("attacker=prussia-robot", "ap=3", "hp=1", "defenders=5", "aa_obscured=3",
      "rammed=true"), 3, 5, [(3, 6)], 1, True),
])
def test_dw_odds_boarding_answer_at_a_creature_matches_icepool(
    words: tuple[str, ...], ap: int, defenders: int, rolls: list[tuple[int, int]],
    hull: int, rammed: bool,
) -> None:
    """DW-ODDS-BOARDING, DW-BOARD-ANSWER (seed l.559): ack-ack (or charges) at a boarding
    creature or robot hits its hull on 4+ (6 from an obscured model), each roll meeting its
    DR and CR on its own, and takes none of its points; sunk by it, the creature never
    reaches the target. `aa=` and `aa_obscured=` are a roll each, `answers=` more rolls
    apart, in that order. Before, the command refused it."""
    entry = ATTACKS["boarding"]
    spec = RULES.data.models[words[0].split("=")[1]]
    named, defending, boarding = creature_reference(
        ap, defenders, rolls, spec.dr, spec.cr, spec.hp, hull, rammed)
    result = entry.odds(entry.parse_options(list(words)))
    assert_named(result, named)
    assert set(result.named) == set(named)
    for ours, expected in ((result.distribution, defending),
                           (entry.odds(entry.parse_options([*words, "show=boarders"]))
                            .distribution, boarding)):
        got = ours.to_dict()
        for points in set(got) | set(expected):
            assert abs(got.get(points, 0.0) - expected.get(points, 0.0)) <= TOLERANCE, points


def test_dw_obscured_odds_boarders_thinned_by_obscured_models_only_on_six() -> None:
    """DW-OBSCURED, DW-ODDS-BOARDING, DW-BOARD-ANSWER: an obscured model's answering dice
    kill boarders only on 6; beside open dice, each pool needs its own number."""
    result = odds("boarding", ap=6, defenders=3, aa=1, aa_obscured=3)
    outcomes, lost = boarding_reference(6, 3, 1, False, obscured=3)
    assert_named(result, outcomes)
    assert_dist(result.distribution, lost)
    open_fire = odds("boarding", ap=6, defenders=3, aa=4)
    assert result.named["captured"] > open_fire.named["captured"]


def test_dw_odds_boarding_reads_the_classes_points() -> None:
    """DW-ODDS-BOARDING: a cruiser's 5 points against a frigate's 2, answered by its AA."""
    named = odds("boarding", attacker="britannia-cruiser", target="prussia-frigate", aa=1)
    outcomes, _ = boarding_reference(5, 2, 1, False)
    assert_named(named, outcomes)
    boarders = odds("boarding", ap=4, defenders=3, show="boarders").distribution
    assert_dist(boarders, (3 @ dw_die(4)).map(lambda h: min(h, 4)))
