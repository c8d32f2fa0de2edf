"""HOR-BOOST odds: what a warlock's damage boost, decided once its attack has hit, makes of
the target. At the decision itself the web table gives the damage roll's odds boosted and
not, equal to the game's own dice over every face; the attack offered before it says what
the target becomes with the damage boosted; ``warbench odds hordes ... boost_damage=true``
boosts every hit's damage roll while the warlock's fury lasts, after its attacks and attack
boosts, and refuses what the fury (or a warbeast, which pays for no boost) cannot pay."""

from __future__ import annotations

from itertools import product
from typing import Any

import icepool
import pytest

from tests.hordes.helpers import RULES, HGame, activate, battle, script
from warbench.cli import USAGE_ERROR, main
from warbench.rulesets.hordes.action_odds import NO_DAMAGE_BOOST
from warbench.rulesets.hordes.actions import Attack, DamageBoost, Hold
from warbench.rulesets.hordes.odds import MeleeOdds

#: Maelis (uid 0, MAT 5, P+S 10) in melee with Vesk (uid 1, DEF 15, ARM 14, 16 boxes).
PLACES = [[24, 20, 0], [24, 21.5, 180]]
VESK_MARKED = 12  # 4 boxes left


def _maelis_on_vesk(fury: int) -> HGame:
    """Maelis activated, holding ``fury``, facing Vesk with 12 of her 16 boxes marked."""

    def hurt(state: Any) -> None:
        state.models[1].damage = VESK_MARKED

    game = battle([["maelis"], ["vesk"]], PLACES, prepare=hurt)
    activate(game, 0)
    game.apply(0, Hold())
    game.state.models[0].fury = fury
    return game


def _by_the_game(game: HGame, boost: bool) -> tuple[dict[int, float], float]:
    """The boxes the damage roll marks on Vesk (as many as she has left at most) and the
    chance she is destroyed, over every face of its dice, played by the game after the
    hit."""
    dice = 3 if boost else 2
    boxes: dict[int, float] = {}
    destroyed = 0.0
    for faces in product(range(1, 7), repeat=dice):
        trial = game.copy()
        script(trial, *faces)
        trial.apply(0, DamageBoost(1, boost))
        (rolled,) = [e for e in trial.events if e.kind == "hordes_damage"]
        marked = min(rolled.boxes, 16 - VESK_MARKED)
        boxes[marked] = boxes.get(marked, 0.0) + 1 / 6**dice
        destroyed += (not trial.state.models[1].alive) / 6**dice
    return boxes, destroyed


def test_hor_boost_odds_the_damage_boost_decision_matches_the_games_dice() -> None:
    """HOR-BOOST, HOR-ACTION-ODDS, HOR-DAMAGE-ROLL: once Maelis's attack hits, each answer
    to "boost the damage roll?" shows the damage roll's odds, 3d6 or 2d6 + 10 against ARM
    14 on Vesk with 4 boxes left, equal to the game's over every face; the attack offered
    before it named the same chances (times the hit's) as its outcomes ``(damage
    boosted)`` and unboosted, and without fury to pay says no boost is left."""
    before = _maelis_on_vesk(fury=7)
    attack = RULES.action_odds(before.observe(0).state, Attack(0, 1))
    assert attack is not None
    game = before.copy()
    script(game, 4, 6)  # 10 + MAT 5 = 15 against DEF 15: a hit
    game.apply(0, Attack(0, 1))
    seen = game.observe(0).state
    hit = attack.named["hit (each attack)"]
    for boost in (True, False):
        answer = RULES.action_odds(seen, DamageBoost(1, boost))
        assert answer is not None
        boxes, destroyed = _by_the_game(game, boost)
        assert dict(answer.distribution.items()) == pytest.approx(boxes, abs=1e-12)
        assert answer.named["destroyed"] == pytest.approx(destroyed, abs=1e-12)
        later = attack.named["destroyed (damage boosted)" if boost else "destroyed"]
        assert later == pytest.approx(hit * destroyed, abs=1e-12)
    assert 0 < attack.named["destroyed"] < attack.named["destroyed (damage boosted)"]
    assert any("its fury then: 7" in note for note in attack.notes)
    broke = _maelis_on_vesk(fury=0)
    plain = RULES.action_odds(broke.observe(0).state, Attack(0, 1))
    assert plain is not None and NO_DAMAGE_BOOST in plain.notes
    assert not any(key.endswith("(damage boosted)") for key in plain.named)


def _sequence_by_hand(hit: float, attacks: int, boosts: int) -> dict[int, float]:
    """Boxes marked by ``attacks`` attacks of 2d6 + 14 against ARM 18, the first ``boosts``
    hits' damage rolls with a third die: every pattern of hits and misses, by icepool."""
    plain = (2 @ icepool.d6).map(lambda total: max(0, total - 4))
    boosted = (3 @ icepool.d6).map(lambda total: max(0, total - 4))
    found: dict[int, float] = {}
    for pattern in product((False, True), repeat=attacks):
        chance = 1.0
        for landed in pattern:
            chance *= hit if landed else 1 - hit
        totals = icepool.Die([0])
        for order in range(sum(pattern)):
            totals = totals + (boosted if order < boosts else plain)
        for boxes in totals.outcomes():
            found[boxes] = found.get(boxes, 0.0) + chance * float(totals.probability(boxes))
    return found


@pytest.mark.parametrize(("fury", "boosted"), [(3, 1), (4, 2), (6, 3)])
def test_hor_boost_odds_damage_boosts_while_the_warlocks_fury_lasts(
    fury: int, boosted: int
) -> None:
    """HOR-BOOST, HOR-EXTRA-ATTACK, HOR-ODDS: Pyre Lord Hask (one melee weapon) makes three
    attacks with ``boost_damage=true``: two are bought for 2 fury, and the rest boosts the
    damage of the first hits, in turn, while it lasts (fury 3: the first hit; 6: every
    hit), exactly as every pattern of hits and misses gives by hand; the note says so."""
    melee = MeleeOdds(RULES.data)
    answer = melee.odds(melee.parse_options(
        ["attacker=hask", "attacks=3", "boost_damage=true", f"fury={fury}"]))
    hit = answer.named["hit (each attack)"]
    expected = _sequence_by_hand(hit, 3, boosted)
    assert dict(answer.distribution.items()) == pytest.approx(expected, abs=1e-12)
    said = "every hit's damage roll" if boosted == 3 else "the first "
    assert any(note.startswith(f"fury {fury}: 2 for 2 more attacks; {said}")
               for note in answer.notes)


@pytest.mark.parametrize(("query", "message"), [
    (["attacker=hask", "attacks=7", "boost_hit=true"],
     "boost_hit: hask's fury 6 pays 6 for its attacks and 0 attack boosts at most, not 7"),
    (["attacker=hask", "attacks=3", "fury=2", "boost_damage=true"],
     "boost_damage: hask's fury 2 is all spent on its attacks and attack boosts"),
    (["attacker=hask", "attacks=4", "fury=2"], "attacks: hask with fury 2 makes at most 3"),
    (["attacker=hask", "fury=9"], "fury: hask holds at most its FURY 6"),
    (["fury=3"], "fury: name the attacking warlock too (attacker=)"),
    (["attacker=oakhide-brute", "weapon=gore", "fury=2"], "fury: oakhide-brute is a warbeast"),
    (["attacker=oakhide-brute", "weapon=gore", "attacks=2", "boost_damage=true"],
     "boost_damage: oakhide-brute is a warbeast: it pays for no boost (only warlocks do"),
])
def test_hor_boost_odds_refuse_what_the_fury_cannot_pay(
    query: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """HOR-BOOST, HOR-EXTRA-ATTACK: a warlock's attacks and boosts past its fury, fury
    above its FURY or without a warlock named, and a warbeast's boosts beyond the one
    melee attack of a charge, a free strike or a frenzy are refused in one line naming
    the option."""
    assert main(["odds", "hordes", "melee", *query]) == USAGE_ERROR
    err = capsys.readouterr().err
    assert err.startswith("warbench: error: ") and message in err
    assert "Traceback" not in err


def test_hor_boost_odds_a_beasts_ranged_attack_is_never_boosted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HOR-BOOST: a warbeast's ranged attack roll is never boosted (no frenzy, charge or
    free strike makes one), so the odds refuse it; its one melee attack may be."""
    assert main(["odds", "hordes", "ranged", "attacker=obsidian-horror",
                 "boost_hit=true"]) == USAGE_ERROR
    assert "obsidian-horror is a warbeast" in capsys.readouterr().err
    assert main(["odds", "hordes", "melee", "attacker=oakhide-brute", "weapon=gore",
                 "boost_damage=true"]) == 0
    assert "a warbeast pays for no boost" in capsys.readouterr().out
