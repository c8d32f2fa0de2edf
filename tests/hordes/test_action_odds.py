"""HOR-ACTION-ODDS: the web table's odds of each attack, spell, charge and slam offered,
from the seat's observed state, equal to what the game's own dice give."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from tests.hordes.helpers import RULES, HGame, activate, battle, options, script
from warbench.core.events import Event
from warbench.rulesets.hordes.actions import Attack, Cast, Charge, Headbutt, Hold, Slam
from warbench.rulesets.hordes.odds import MagicOdds, MagicOptions
from warbench.rulesets.hordes.profile import crippled_aspects
from warbench.server.snapshot import odds_plain

ARMIES = [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]]
#: Maelis (0) to the side, the Brute (1) in melee with the Titan (3), Vesk (2) far away.
PLACES = [[19, 17, 0], [24, 20, 0], [24, 45, 180], [24, 20 + 2 * 0.984 + 0.3, 180]]


def _prepare(state: Any) -> None:
    state.models[0].fury = 7
    state.models[3].spiral[:] = [2, 0, 0, 1, 0, 0]  # the Titan is hurt already


def _game() -> HGame:
    return battle(ARMIES, PLACES, prepare=_prepare)


def _hit_by_the_game(game: HGame, action: Any, dice: int) -> float:
    """The share of every face tuple of the attack roll that the game counts a hit: the
    action applied to a copy with those faces scripted first (1s after, for the rest)."""
    hits = 0
    for faces in product(range(1, 7), repeat=dice):
        trial = game.copy()
        script(trial, *faces, *[1] * 12)
        trial.apply(0, action)
        rolled = [e for e in trial.events if _is_attack(e)]
        hits += rolled[-1].hit
    return hits / 6**dice


def _is_attack(event: Event) -> bool:
    return event.kind == "hordes_attack"


def test_hor_action_odds_a_beast_in_melee_matches_the_games_dice() -> None:
    """HOR-ACTION-ODDS: every attack and headbutt of the Brute engaged with the hurt Titan
    is answered from the seat's observation; its hit chance is the game's over every face
    of the attack roll."""
    game = _game()
    activate(game, 1)
    game.apply(0, Hold())
    seen = game.observe(0).state
    attacks = [o for o in options(game) if isinstance(o, Attack | Headbutt)]
    assert attacks
    for action in attacks:
        answer = RULES.action_odds(seen, action)
        assert answer is not None, action
        expected = _hit_by_the_game(game, action, 2)
        assert answer.named["hit (each attack)"] == pytest.approx(expected, abs=1e-12)
        assert any("starts with 3 of 30 circles" in note for note in answer.notes)


def test_hor_action_odds_a_warlock_casting_matches_the_games_dice_and_says_out_of_range() -> None:
    """HOR-ACTION-ODDS, HOR-BOOST: each offensive cast is answered; in range, the hit chance
    is the game's (-4 at a model in melee, boosted or not) and equals the calculator's for
    the same explicit options, and what the target becomes with the damage roll boosted
    (a later decision, paid from the fury left after the cast) is the calculator's with
    ``boost_damage=true``; out of range it is an automatic miss said with the distance, in
    the odds and in the option's words."""
    game = _game()
    activate(game, 0)
    seen = game.observe(0).state
    casts = [o for o in options(game) if isinstance(o, Cast)
             and RULES.data.spells[o.spell].off]
    assert casts
    for action in casts:
        answer = RULES.action_odds(seen, action)
        assert answer is not None, action
        words = RULES.action_text(seen, action)
        if action.target == 2:  # Vesk, 27" away
            assert answer.named["out of range: automatic miss"] == 1.0
            assert answer.distribution.mean == 0.0
            assert any(note.startswith('out of range: automatic miss; 27.3" to the target')
                       for note in answer.notes)
            assert words.endswith('(27.3" away, range 10": out of range, automatic miss)') or (
                words.endswith('(27.3" away, range 8": out of range, automatic miss)'))
            continue
        assert '" away, range ' in words and "out of range" not in words
        expected = _hit_by_the_game(game, action, 3 if action.boost_hit else 2)
        assert answer.named["hit (each attack)"] == pytest.approx(expected, abs=1e-12)
    lash = Cast("thorn-lash", 3, True)
    explicit_options = MagicOptions(
        attacker="maelis", spell="thorn-lash", target="magma-titan", skill=7, bonus=-4,
        defence=11, arm=18, power=12, boost_hit=True, marked="2,0,0,1,0,0")
    explicit = MagicOdds(RULES.data).odds(explicit_options)
    ours = RULES.action_odds(seen, lash)
    assert ours is not None
    assert dict(ours.distribution.items()) == pytest.approx(dict(explicit.distribution.items()))
    later = " (damage boosted)"
    assert {k: p for k, p in ours.named.items() if not k.endswith(later)} == pytest.approx(
        dict(explicit.named))
    boosted = MagicOdds(RULES.data).odds(explicit_options.model_copy(
        update={"boost_damage": True}))
    assert {k.removesuffix(later): p for k, p in ours.named.items() if k.endswith(later)} == (
        pytest.approx({k: p for k, p in boosted.named.items()
                       if k.startswith("target's") or k == "destroyed"}))
    assert any("its fury then: 4" in note for note in ours.notes)  # 7 - 2 - 1 for the boost


def test_hor_action_odds_a_charge_too_short_says_so() -> None:
    """HOR-ACTION-ODDS, HOR-CHARGE: a charge that cannot reach says so with the distance;
    one that reaches gives its charge attack's odds (damage boosted after 3")."""
    game = _game()
    activate(game, 0)
    seen = game.observe(0).state
    far = RULES.action_odds(seen, Charge(2))
    assert far is not None and far.named["charge fails: cannot reach"] == 1.0
    assert far.notes[0].startswith('charge cannot reach: 27.3" to the target')
    assert RULES.action_text(seen, Charge(2)).endswith(": cannot reach)")
    near = RULES.action_odds(seen, Charge(3))
    assert near is not None and near.named["hit (each attack)"] > 0
    assert "its damage roll boosted" in near.notes[0]


def test_hor_action_odds_a_slam_mixes_the_extra_die() -> None:
    """HOR-ACTION-ODDS, HOR-SLAM: a slam reaching its target after 3" answers the slam's
    attack (-2 on a larger base) and its damage, with or without the extra die."""
    places = [[19, 17, 0], [24, 14, 0], [24, 45, 180], [24, 22, 180]]
    game = battle(ARMIES, places, prepare=_prepare)
    activate(game, 1)
    seen = game.observe(0).state
    answer = RULES.action_odds(seen, Slam(3))
    assert answer is not None
    assert answer.named["knocked down, not destroyed"] > 0
    assert any("slam reaches" in note for note in answer.notes)
    expected = _hit_by_the_game(game, Slam(3), 2)
    assert answer.named["hit (each attack)"] == pytest.approx(expected, abs=1e-12)


def test_hor_action_odds_an_aspect_crippled_already_is_said_not_given_a_chance() -> None:
    """HOR-ACTION-ODDS, HOR-ODDS, HOR-SPIRAL-ASPECTS: the Titan's mind is crippled before
    the Brute's attack: its odds say so (``target's mind crippled already``, on the table's
    line and in the JSON) and give it no chance of being crippled; its body and spirit get
    the game's own chances, counted over every face of the damage roll and of the branch
    die (the Titan knocked down: the attack hits without a roll)."""

    def hurt(state: Any) -> None:
        _prepare(state)
        state.models[3].spiral[:] = [5, 5, 3, 3, 0, 0]  # mind crippled, body 4 circles short
        state.models[3].knocked_down = True

    game = battle(ARMIES, PLACES, prepare=hurt)
    activate(game, 1)
    game.apply(0, Hold())
    fist = next(o for o in options(game) if isinstance(o, Attack) and o.target == 3)
    answer = RULES.action_odds(game.observe(0).state, fist)
    assert answer is not None
    assert answer.facts == ("target's mind crippled already",)
    assert "target's mind crippled" not in answer.named
    plain = odds_plain(answer)
    assert plain is not None and plain["facts"] == ["target's mind crippled already"]
    crippled = {"body": 0, "spirit": 0}
    for faces in product(range(1, 7), repeat=3):  # the damage roll's 2d6, the branch die
        trial = game.copy()
        script(trial, *faces, *[1] * 12)
        trial.apply(0, fist)
        titan = trial.state.models[3]
        for aspect in crippled_aspects(RULES.data, titan) & crippled.keys():
            crippled[aspect] += 1
    assert crippled["body"] > 0
    for aspect, count in crippled.items():
        assert answer.named[f"target's {aspect} crippled"] == pytest.approx(count / 216,
                                                                           abs=1e-12)
