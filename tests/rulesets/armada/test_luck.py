"""ARM-LUCK: Armada rolls rated by what they did, for the side that rolled them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.armada.helpers import battle, fleet, hold_position
from tests.rulesets.armada.test_gunnery import facing_off
from tests.rulesets.armada.test_officers import act, end_window, officer, start
from warbench.cli import main
from warbench.core.events import Roll, RollEffect
from warbench.core.journal import Journal, JournalOutcome
from warbench.core.luck import luck_report
from warbench.core.replay import every_hash, replay
from warbench.rulesets.armada.actions import Fire, HoldFire, Order
from warbench.rulesets.armada.combat import Gunnery
from warbench.rulesets.armada.damage import critical_damage
from warbench.rulesets.armada.odds import luck_odds
from warbench.server.snapshot import event_text

FIXTURES = Path(__file__).parent / "data"


def test_arm_gunnery_rated_by_damage_dealt_hand_worked() -> None:
    """ARM-GUN-CHECK, ARM-GUN-HIT, ARM-MATCHUP, ARM-LUCK: Lance's 10 + 2 misses AC 13 (a
    natural 11+ hits, half the time): no damage. A destroyer's die against a capital
    counts one less, so a hit rolling 1 deals nothing too: P(0) = 1/2 + 1/2 x 1/s on its
    d``s``, percentile P(0) / 2, for side 0. Grudge's 11 hits and its die rolls 6, + 1:
    P(worse) = 1/2 (a miss) + 1/2 x 5/s, P(same) = 1/2 x 1/s."""
    game = facing_off([1, 2, 10, 11, 6])
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0))
    effects = [e for e in game.events if isinstance(e, RollEffect) and e.query == "gunnery"]
    assert [(e.player, e.effect) for e in effects] == [(0, 0), (1, 7)]
    report = luck_report(effects, game.luck_odds)
    miss, hit = report.rolls
    sides, per_die = effects[0].args[3:5]
    assert per_die == -1 and effects[1].args[4] == 1
    assert miss.percentile == pytest.approx((0.5 + 0.5 / sides) / 2)
    sides = effects[1].args[3]
    assert hit.percentile == pytest.approx(0.5 + 0.5 * 5 / sides + 0.5 / sides / 2)
    assert report.sides[1].percentile > 0.5 > report.sides[0].percentile


def test_arm_checks_the_better_of_two_d20_when_resolve_is_spent() -> None:
    """ARM-LUCK: a check needing 11 passes half the time on one d20, 3/4 on the better of
    two; the natural roll of an officer's check is its own effect."""
    assert luck_odds("check", (11, 0)).p(1) == pytest.approx(0.5)
    assert luck_odds("check", (11, 1)).p(1) == pytest.approx(0.75)
    assert luck_odds("d20", (1,)).p(20) == pytest.approx(39 / 400)
    with pytest.raises(ValueError, match="no luck query"):
        luck_odds("salvo", (1,))


def test_arm_morale_check_with_resolve_rated_by_the_better_of_two_d20_hand_worked() -> None:
    """ARM-LUCK, ARM-OFF-RESOLVE: a morale check at +2 against DC 11 routs on a natural 1-4,
    shakes on 5-8, holds on 9-13, inspires on 14+: with the better of two d20 (resolve
    spent) it routs on (4/20)^2, inspires on 1 - (13/20)^2; on one d20 the query agrees
    with the plain faces."""
    twice = luck_odds("morale", (2, 11, 5, 1))
    assert twice.p(0) == pytest.approx(16 / 400)
    assert twice.p(1) == pytest.approx((64 - 16) / 400)
    assert twice.p(3) == pytest.approx(1 - 169 / 400)
    once = luck_odds("morale", (2, 11, 5, 0))
    assert [once.p(level) for level in range(4)] == pytest.approx([4 / 20, 4 / 20, 5 / 20,
                                                                   7 / 20])


def test_arm_a_gunnery_check_that_cannot_miss_is_rated_without_error() -> None:
    """ARM-LUCK: when every natural roll hits, the twenty chances add up to a hair over 1;
    the damage is then the damage of a hit (no negative miss weight)."""
    from warbench.rulesets.armada.odds import attack_damage, damage_on_hit

    sure = Gunnery(modifier=40, armor_class=10, dice=2, sides=6, per_die=1, bonus_damage=0,
                   halved=False)
    assert attack_damage(sure, True).items() == damage_on_hit(sure).items()


RED_OFFICERS = [officer("Sab", "chief-spellcaster", "Grudge", 12),
                officer("Ord", "admiral", "Grudge", 2)]


def test_arm_critical_damage_and_duel_pick_rated_for_the_attacker_hand_worked() -> None:
    """ARM-CRIT-ROLL, ARM-CRIT-TWICE, ARM-OFF-DUEL, ARM-LUCK: Lance's natural 20 deals a
    critical to a Grudge with no conditions: faces 1-5 add one (5/6), a 6 two (1/6), so the
    5 (weapons) sits at (5/6)/2 = 5/12 for Blue. Blue's duel then incapacitates one of
    Grudge's two officers at random, rated by the officer's bonus (Sab 4, Ord 2): Sab, the
    better, sits at 1/2 + 1/4 = 3/4."""
    game = start([1, 20, 7, 20, 9, 5, 1], [officer("Cmd", "commander", "Lance")],
                 RED_OFFICERS)
    end_window(game)
    hold_position(game)
    game.state.fleets[2].scanned = [3, 0]
    act(game, Order(0, "duel", 2), Fire(0, 2), HoldFire(2), HoldFire(1))
    picked = [e for e in game.events if isinstance(e, RollEffect)
              and e.purpose in ("Grudge critical damage", "Lance duel")]
    assert [(e.player, e.effect) for e in picked] == [(0, 1), (0, 4)]
    report = luck_report(picked, game.luck_odds)
    assert [r.percentile for r in report.rolls] == pytest.approx([5 / 12, 3 / 4])
    assert not luck_report(game.events, game.luck_odds).unrated


def test_arm_jam_pick_and_auxiliary_system_rated_by_worth_hand_worked() -> None:
    """ARM-OFF-JAM, ARM-CRIT-AUX, ARM-LUCK: a jam naming no officer picks one of Grudge's
    two at random: Ord (bonus 2, the lesser) sits at 1/4 for Blue. A critical 1 (auxiliary)
    on a Grudge that already suffers it adds nothing; only that face does (a 6 draws two
    distinct conditions, one at least new), so P(0) = 1/6 and the roll sits at 1/12 for
    Blue. The ability lost is picked between array (3 build points) and self-destruct (1):
    self-destruct, the cheaper, sits at 1/4."""
    game = start([1, 6, 9, 2, 1, 2], [officer("Tec", "chief-technician", "Lance")],
                 RED_OFFICERS)
    end_window(game)
    hold_position(game)
    act(game, Order(0, "jam", 2))
    jam = [e for e in game.events if isinstance(e, RollEffect)][-1]
    assert (jam.purpose, jam.player, jam.effect, jam.values) == (
        "Tec jam (which officer)", 0, 2, (4, 2))
    grudge = game.state.fleets[2]
    grudge.abilities = ("flagship", "array", "self-destruct")
    grudge.criticals.append("auxiliary")
    critical_damage(game, grudge, 0)
    assert grudge.suppressed_ability == "self-destruct"
    crit, aux = [e for e in game.events if isinstance(e, RollEffect)][-2:]
    assert (crit.effect, crit.args, aux.effect, aux.values) == (0, (1, 0, 0, 0, 0), 1, (3, 1))
    report = luck_report([jam, crit, aux], game.luck_odds)
    assert [r.percentile for r in report.rolls] == pytest.approx([1 / 4, 1 / 12, 1 / 4])
    assert not luck_report(game.events, game.luck_odds).unrated


def test_arm_critical_odds_hand_worked() -> None:
    """ARM-CRIT-TWICE, ARM-LUCK: with three of five conditions held, a face 1-5 adds one
    2/5 of the time; a 6 draws two distinct conditions, none new (3 x 2)/20, one new
    (2 x 2 x 3)/20, two new (2 x 1)/20."""
    dist = luck_odds("critical", (1, 1, 1, 0, 0))
    assert dist.p(0) == pytest.approx(5 / 6 * 3 / 5 + 1 / 6 * 6 / 20)
    assert dist.p(1) == pytest.approx(5 / 6 * 2 / 5 + 1 / 6 * 12 / 20)
    assert dist.p(2) == pytest.approx(1 / 6 * 2 / 20)
    with pytest.raises(ValueError, match="takes 5 flags"):
        luck_odds("critical", (1, 1))


def test_arm_helm_d6_rolls_without_an_admiral_read_from_player_1_in_the_luck_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ARM-HELM-D6, ARM-LUCK: two armadas without an admiral roll 1d6 each for the helm,
    tie on 3 and roll again (5 and 2). The log's dice lines and the luck table of
    ``warbench replay --luck`` name each roll by its armada and count players from 1, as
    every other line does; the dice's labels, by which a search keys its dice, still name
    the side by its index, so no search plays otherwise."""
    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship"),
            fleet("B2", 3, "small", "fighter")]
    red = [fleet("Grudge", 3, "medium", "capital", "flagship"), fleet("R2", 3, "small", "fighter")]
    game = battle(blue, red, [[[0, 0, 0], [2, -1, 0]], [[0, -8, 3], [2, -9, 3]]], [3, 3, 5, 2])
    rolls = [event for event in game.events if isinstance(event, Roll)]
    assert [event_text(event) for event in rolls] == [
        "player 1 rolled 1d6 for Blue initiative (no admiral): 3",
        "player 2 rolled 1d6 for Red initiative (no admiral): 3",
        "player 1 rolled 1d6 for Blue initiative (no admiral): 5",
        "player 2 rolled 1d6 for Red initiative (no admiral): 2"]
    assert [event.label for event in rolls] == [
        "side 0 initiative (no admiral)", "side 1 initiative (no admiral)"] * 2
    journal = tmp_path / "helm.json"
    game.journal.save(journal)
    assert main(["replay", str(journal), "--quiet", "--luck"]) == 0
    out = capsys.readouterr().out
    assert "every hash matches" in out
    assert ("player 1 Blue initiative (no admiral): 5 against a mean of 3.50 (+1.50; 0.9 sd "
            "better for player 1" in out)
    assert "player 2 Red initiative (no admiral): 2 against a mean of 3.50" in out
    assert "side 0" not in out and "side 1" not in out


def test_arm_helm_d6_a_journal_of_before_rolls_had_words_replays_and_reads_from_player_1(
) -> None:
    """ARM-HELM-D6, ARM-LUCK: two rounds of the demo armadas with no officers, played by two
    tacticians and journaled before a roll had words for people apart from its label
    (commit ac3d18c, rules 0.11), replay to every hash the journal records and to its
    outcome: the words change no state and no die. Replayed, each helm roll is rated under
    its armada's name, the players counted from 1, and no line a person reads counts sides
    from 0."""
    journal = Journal.load(FIXTURES / "no-admirals-before-roll-words.json")
    assert journal.version == "0.11" and every_hash(journal)  # 0.12, 0.13 changed no roll it makes
    game = replay(journal)
    assert journal.outcome is not None and JournalOutcome.of(game.outcome) == journal.outcome
    report = luck_report(game.events, game.luck_odds)
    helm = {(roll.player, roll.purpose) for roll in report.rolls if "admiral" in roll.purpose}
    assert helm == {(0, "Vanguard Picket initiative (no admiral)"),
                    (1, "Red Talon Raiders initiative (no admiral)")}
    lines = [event_text(event) for event in game.events if isinstance(event, Roll)]
    assert "player 2 rolled 1d6 for Red Talon Raiders initiative (no admiral)" in "\n".join(lines)
    assert not [line for line in lines if "side 0" in line or "side 1" in line]
