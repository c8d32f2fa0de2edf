"""Exact odds of the attacks at and by wings of tiny flyers (``warbench odds dystopian-wars
aa-wing | dogfight | wing-attack``: DW-ODDS-WING, DW-ODDS-DOGFIGHT, DW-ODDS-WING-ATTACK),
checked against icepool (the odds reference) and the game's own rolls; and the web table's
answer odds of a reaction card and a patrol's strike back (DW-ODDS-ANSWERED, DW-CAP-AD)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import icepool
import pytest

from tests.rulesets.dystopian_wars.helpers import (
    RULES,
    model,
    owed,
    play,
    refresh,
    scripted,
    seeded,
    setup,
    squadron,
    state,
)
from tests.rulesets.dystopian_wars.test_odds import (
    assert_dist,
    damage_named,
    dw_die,
    left_after,
)
from warbench.cli import main
from warbench.core.attacks import AttackOptionsError, OddsAnswer
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Decline,
    Fire,
    Move,
    PlayCard,
    Respond,
)
from warbench.rulesets.dystopian_wars.answered import attack_odds as web_odds
from warbench.rulesets.dystopian_wars.attack_rolls import (
    Attack,
    patrol_counters,
    resolve_attack,
)
from warbench.rulesets.dystopian_wars.combat import BOTH_ANSWERS, shot_refusal
from warbench.rulesets.dystopian_wars.odds import attack_odds
from warbench.testing import chi_square

ATTACKS = attack_odds(RULES.data)
TOLERANCE = 1e-12
#: icepool explodes this deep; what it leaves out (6**-21 a die) is far below TOLERANCE.
DEPTH = 20
NO_STRIKE = icepool.vectorize(0, 0)


def odds(attack: str, **options: Any) -> OddsAnswer:
    """The answer for ``attack`` with ``options`` given as on the command line."""
    chosen = ATTACKS[attack]
    return chosen.odds(chosen.parse_options([f"{k}={v}" for k, v in options.items()]))


def wing_die(needed: int) -> icepool.Die:
    """One die at a wing, written from the rules (not read from the code): (tokens shot
    down, aborts): a 6 shoots one down and rolls again, the number needed below 6 aborts,
    lower faces do nothing."""
    faces = ([NO_STRIKE] * (needed - 1) + [icepool.vectorize(0, 1)] * (6 - needed)
             + [icepool.vectorize(1, 0)])
    return icepool.Die(faces).explode([icepool.vectorize(1, 0)], depth=DEPTH)


def strikes(*pools: tuple[int, int], cap: tuple[int, int]) -> icepool.Die:
    """The tokens shot down and aborts of several pools (dice, number needed) together, die
    by die, each count kept at most ``cap`` (the wing's tokens and fuel: what is past them
    changes no fate, and keeps the reference quick)."""
    die_cap = icepool.vectorize(*cap)
    total = icepool.Die([NO_STRIKE])
    for dice, needed in pools:
        one = wing_die(needed)
        for _ in range(dice):
            total = (total + one).map(lambda hit: hit.binary_operator(die_cap, min))
    return total


def lost(tokens: int, fuel: int, struck: icepool.Die) -> icepool.Die:
    """Tokens lost: all of them once the sixes reach the tokens or the aborts the fuel."""
    return struck.map(lambda hit: tokens if hit[0] >= tokens or hit[1] >= fuel else hit[0])


def chance_lost(tokens: int, fuel: int, struck: icepool.Die) -> float:
    down = struck.map(lambda hit: int(hit[0] >= tokens or hit[1] >= fuel))
    return down.probability(1)


# --- against icepool ------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "dice", "needed", "tokens", "fuel"), [
    ({"shooter": "britannia-cruiser", "target": "prussia-fighter-wing"}, 4, 5, 5, 6),
    ({"shooter": "britannia-cruiser", "damage": 2, "target": "prussia-fighter-wing",
      "tokens": 3}, 2, 5, 3, 6),
    ({"shooter": "britannia-battleship", "target": "prussia-fighter-wing", "fuel": 2},
     6, 5, 5, 2),
    ({"dice": 7, "tokens": 3, "fuel": 2}, 7, 5, 3, 2),
    ({"dice": 4, "tokens": 4, "obscured": "true"}, 4, 6, 4, 6),
    ({"shooter": "prussia-fighter-wing", "shooter_tokens": 3,
      "target": "britannia-dive-bomber-wing", "tokens": 4}, 6, 3, 4, 6),
    ({"shooter": "britannia-recon-wing", "target": "prussia-torpedo-bomber-wing"}, 1, 5, 5, 6),
    ({"dice": 30, "tokens": 5, "needed": 2}, 30, 2, 5, 6),
])
def test_dw_odds_wing_ack_ack_at_a_wing_matches_icepool(
    options: dict[str, Any], dice: int, needed: int, tokens: int, fuel: int
) -> None:
    """DW-ODDS-WING, DW-AA-WING, DW-DOGFIGHT: `aa-wing`: a ship's ack-ack (one die fewer per
    hull point lost) on 5+, a wing's on its dogfight number, an obscured shooter's on 6, at
    a wing of the class's largest size: the tokens lost (all when the sixes reach its tokens
    or the aborts its fuel) and the chance of a token down, an abort and the wing lost."""
    answer = odds("aa-wing", **options)
    struck = strikes((dice, needed), cap=(tokens, fuel))
    assert_dist(answer.distribution, lost(tokens, fuel, struck))
    assert answer.named["destroyed"] == pytest.approx(chance_lost(tokens, fuel, struck),
                                                      abs=TOLERANCE)
    assert answer.named["token shot down"] == pytest.approx(
        struck.map(lambda hit: int(hit[0] > 0)).probability(1), abs=TOLERANCE)
    assert answer.named["abort"] == pytest.approx(
        struck.map(lambda hit: int(hit[1] > 0)).probability(1), abs=TOLERANCE)
    assert answer.notes[0].startswith(f"{dice} {'die' if dice == 1 else 'dice'} at {tokens} "
                                      f"tokens with {fuel} fuel")


@pytest.mark.parametrize(("options", "attack", "answer", "tokens", "fuel"), [
    # five fighters (2 ack-ack each, 3+) at four dive bombers (1 each, 6): the bombers' answer
    # burns one of their 6 fuel; the fighters attack on the 5 their attack left them
    ({"wing": "britannia-fighter-wing", "target": "prussia-dive-bomber-wing",
      "target_tokens": 4}, (10, 3), (4, 6), (5, 4), (5, 5)),
    ({"wing": "prussia-dive-bomber-wing", "tokens": 3, "fuel": 2,
      "target": "britannia-fighter-wing"}, (3, 6), (10, 3), (3, 5), (2, 5)),
    # on its last fuel the wing attacked is lost answering: it rolls nothing
    ({"wing": "britannia-fighter-wing", "tokens": 2, "target": "prussia-fighter-wing",
      "target_fuel": 1}, (4, 3), (0, 3), (2, 5), (5, 0)),
    ({"wing": "britannia-recon-wing", "target": "prussia-fighter-wing", "answer": "false",
      "target_fuel": 3}, (1, 5), (0, 3), (1, 5), (5, 3)),
])
def test_dw_odds_dogfight_matches_icepool(
    options: dict[str, Any], attack: tuple[int, int], answer: tuple[int, int],
    tokens: tuple[int, int], fuel: tuple[int, int],
) -> None:
    """DW-ODDS-DOGFIGHT, DW-DOGFIGHT, DW-FUEL: `dogfight`: both wings strike at the same time,
    fighters 3+, recon 5+, bombers 6; the wing attacked meets the attack with the fuel its
    answer left it; `show=attacker` counts the attacker's tokens lost to the answer."""
    attacker_tokens, target_tokens = tokens
    attacker_fuel, target_fuel = fuel
    at_target = strikes(attack, cap=(target_tokens, target_fuel))
    at_attacker = strikes(answer, cap=(attacker_tokens, attacker_fuel))
    found = odds("dogfight", **options)
    assert_dist(found.distribution, lost(target_tokens, target_fuel, at_target))
    assert found.named["destroyed"] == pytest.approx(
        chance_lost(target_tokens, target_fuel, at_target), abs=TOLERANCE)
    if answer[0]:
        assert found.named["attacker lost"] == pytest.approx(
            chance_lost(attacker_tokens, attacker_fuel, at_attacker), abs=TOLERANCE)
        back = odds("dogfight", **options, show="attacker")
        assert back.outcome == "attacker tokens lost"
        assert_dist(back.distribution, lost(attacker_tokens, attacker_fuel, at_attacker))
    else:
        assert "attacker lost" not in found.named


def wing_attack_reference(
    dice: int, needed: int, tokens: int, fuel: int, answers: list[tuple[int, int]],
    cancel: int = 0, shield: int = 0, saves: int = 0,
) -> icepool.Die:
    """The hits that count, written from the rules: the answer's ack-ack strikes the wing
    first; lost, it attacks no more; thinned, it rolls the dice its tokens left (rounded
    down); charges cancel (5 one, 6 two and again), then shield generators (4+), then a
    card's saves."""
    def hits(hit: Any) -> Any:
        kills, aborts = hit
        if kills >= tokens or aborts >= fuel:
            return 0
        rolled = (dice * (tokens - kills) // tokens) @ dw_die(needed)
        for count, at in ((cancel, 5), (shield, 4)):
            if count:
                rolled = (rolled - count @ dw_die(at)).map(lambda h: max(h, 0))
        return rolled.map(lambda h: max(h - saves, 0))

    return strikes(*answers, cap=(tokens, fuel)).map(hits)


@pytest.mark.parametrize(("options", "reference", "dr_cr"), [
    ({"wing": "britannia-torpedo-bomber-wing", "target": "prussia-cruiser", "aa": 6, "cc": 2,
      "patrol": "prussia-fighter-wing", "patrol_tokens": 3},
     {"dice": 10, "needed": 3, "tokens": 5, "fuel": 5, "answers": [(6, 5), (6, 3)],
      "cancel": 2}, (4, 6)),
    ({"wing": "britannia-dive-bomber-wing", "tokens": 4, "target": "prussia-battleship",
      "aa": 8, "aa_obscured": 2, "card": "deflector-screens"},
     {"dice": 8, "needed": 3, "tokens": 4, "fuel": 5, "answers": [(8, 5), (2, 6)],
      "shield": 1, "saves": 2}, (6, 10)),
    ({"wing": "britannia-fighter-wing", "tokens": 3, "fuel": 2, "target": "prussia-frigate",
      "aa": 3, "card": "hard-to-port"},
     {"dice": 3, "needed": 5, "tokens": 3, "fuel": 2, "answers": [(3, 5)]}, (3, 5)),
    ({"dice": 6, "needed": 4, "tokens": 3, "fuel": 1, "aa": 2, "dr": 2, "cr": 4},
     {"dice": 6, "needed": 4, "tokens": 3, "fuel": 1, "answers": [(2, 5)]}, (2, 4)),
    ({"wing": "britannia-dive-bomber-wing", "target": "prussia-cruiser", "level": "submerged",
      "patrol": "prussia-fighter-wing", "patrol_fuel": 1},
     {"dice": 10, "needed": 6, "tokens": 5, "fuel": 5, "answers": []}, (4, 6)),
])
def test_dw_odds_wing_attack_matches_icepool(
    options: dict[str, Any], reference: dict[str, Any], dr_cr: tuple[int, int]
) -> None:
    """DW-ODDS-WING-ATTACK, DW-BOMBERS, DW-AA-WING, DW-CAP: `wing-attack`: a wing's AD per token
    (bombs and torpedoes 3+ at surface models, the harder number winning), the answer's
    ack-ack (5+, obscured 6, a patrol's as in a dogfight, none from a patrol on its last
    fuel) striking its tokens first, charges at torpedoes, shields and a reaction card:
    the hits that count, none / damage / critical, and the wing lost first."""
    answer = odds("wing-attack", **options)
    expected = wing_attack_reference(**reference)
    assert_dist(answer.distribution, expected)
    for name, chance in damage_named(expected, *dr_cr).items():
        assert answer.named[name] == pytest.approx(chance, abs=TOLERANCE), name
    if reference["answers"]:
        cap = (reference["tokens"], reference["fuel"])
        down = chance_lost(*cap, strikes(*reference["answers"], cap=cap))
        assert answer.named["attacker lost first"] == pytest.approx(down, abs=TOLERANCE)
    else:
        assert "attacker lost first" not in answer.named


# --- the game's own rolls -------------------------------------------------------------------


def _reset(game: Game, saved: list[Any], depth: int) -> None:
    table = state(game)
    table.models[:] = [copy.deepcopy(m) for m in saved]
    del table.stack[depth:]
    game.events.clear()


def test_dw_odds_dogfight_fits_the_games_resolved_dogfights() -> None:
    """DW-ODDS-GAME, DW-ODDS-DOGFIGHT, DW-DOGFIGHT, DW-FUEL, DW-ODDS-ANSWERED: three British
    fighters (4 fuel) at five Prussian fighters (3 fuel) that answer, resolved 3000 times by
    the game: the tokens the wing attacked loses fit `dogfight` (which the web table's answer
    odds equal), and so does how often the attacker goes down at the same time."""
    game = seeded(setup(
        [squadron("britannia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("prussia-fighter-wing", (36.0, 22.0, 180.0), count=5)],
    ), seed=11)
    table = state(game)
    table.models[0].fuel, table.models[1].fuel = 4, 3
    _, shot = shot_refusal(table, RULES.data, table.models[0], "aa", table.models[1])
    assert shot is not None and (shot.dice, shot.needed) == (6, 3)
    attack = Attack([(0, "aa")], 1, shot.dice, shot.needed, shot.kind, shot.band,
                    answer="aa", responders=[1], tokens=3)
    exact = odds("dogfight", wing="britannia-fighter-wing", tokens=3, fuel=4,
                 target="prussia-fighter-wing", target_fuel=3)
    web = web_odds(table, RULES.data, attack, 0)
    assert web.distribution.to_dict() == pytest.approx(exact.distribution.to_dict(),
                                                       abs=TOLERANCE)
    assert web.named["attacker lost"] == pytest.approx(exact.named["attacker lost"])
    saved, depth = [copy.deepcopy(m) for m in table.models], len(table.stack)
    tokens_lost, down = [], 0
    for _ in range(3000):
        resolve_attack(game, table, RULES.data, attack)
        wing = table.models[1]
        tokens_lost.append(5 if not wing.alive else 5 - wing.tokens)
        down += not table.models[0].alive
        _reset(game, saved, depth)
    stat, critical = chi_square(tokens_lost, exact.distribution)
    assert stat < critical, (stat, critical)
    p = exact.named["attacker lost"]
    assert abs(down / 3000 - p) < 4 * (p * (1 - p) / 3000) ** 0.5, (down, p)


def test_dw_odds_wing_attack_fits_the_games_resolved_torpedo_bombers() -> None:
    """DW-ODDS-GAME, DW-ODDS-WING-ATTACK, DW-BOMBERS, DW-CC-ANSWER: four torpedo bombers at
    a Prussian cruiser that answers with ack-ack at the tokens and charges at the torpedoes,
    resolved 3000 times by the game: the hits that count (none when the wing went down
    first) fit `wing-attack`, whose hull points lost equal the web table's answer odds."""
    game = seeded(setup(
        [squadron("britannia-torpedo-bomber-wing", (36.0, 20.0, 0.0), count=4)],
        [squadron("prussia-cruiser", (36.0, 23.0, 180.0))],
    ), seed=12)
    table = state(game)
    table.models[0].fuel = 3
    _, shot = shot_refusal(table, RULES.data, table.models[0], "torpedoes", table.models[1])
    assert shot is not None and (shot.dice, shot.needed) == (8, 3)
    attack = Attack([(0, "torpedoes")], 1, shot.dice, shot.needed, shot.kind, shot.band,
                    answer=BOTH_ANSWERS, responders=[1], tokens=4)
    words = {"wing": "britannia-torpedo-bomber-wing", "tokens": 4, "fuel": 3,
             "target": "prussia-cruiser", "aa": 3, "cc": 2}
    exact = odds("wing-attack", **words)
    hull = odds("wing-attack", **words, show="hull")
    web = web_odds(table, RULES.data, attack, 0)
    assert web.distribution.to_dict() == pytest.approx(hull.distribution.to_dict(),
                                                       abs=TOLERANCE)
    assert web.named == pytest.approx(hull.named, abs=TOLERANCE)
    saved, depth = [copy.deepcopy(m) for m in table.models], len(table.stack)
    finals = []
    for _ in range(3000):
        resolve_attack(game, table, RULES.data, attack)
        rolled = [e for e in game.events if e.kind == "attack_rolled"]
        finals.append(rolled[0].data["final"] if rolled else 0)
        _reset(game, saved, depth)
    stat, critical = chi_square(finals, exact.distribution)
    assert stat < critical, (stat, critical)


# --- the web table's answer odds ------------------------------------------------------------


def test_dw_odds_answered_a_reaction_card_offered_shows_the_attack_it_leaves() -> None:
    """DW-ODDS-ANSWERED, DW-CARDS-R: asked to answer, a reaction card offered shows the
    attack with the card played and no answer yet: the odds the decline shows once the card
    is down (deflector screens: 2 hits fewer; hard to port: one more needed)."""
    duel = setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("blazing-sun-gyro", (36.0, 24.0, 180.0), name="Tonbo")],
        cards=True,
    )
    for card in ("deflector-screens", "hard-to-port"):
        game = scripted(duel, (1, 1, 6, 6, *([1] * 30)))
        table = state(game)
        table.hands[1].value[:] = []
        table.hands[0].value[:] = [card]
        refresh(game)
        play(game, Activate(1), Move(1, (4.0,)), Fire(((1, "rockets"),), 0), CeaseFire())
        seen = game.observe(0).state
        offered = RULES.action_odds(seen, PlayCard(card, 0))
        declined = RULES.action_odds(seen, Decline())
        assert offered is not None and declined is not None
        assert offered.distribution.mean < declined.distribution.mean
        assert any(note.endswith("played on the attack, before any answer")
                   for note in offered.notes)
        play(game, PlayCard(card, 0), Decline())  # the attacker does not counter it
        assert owed(game).player == 0  # the answer is still owed
        after = RULES.action_odds(game.observe(0).state, Decline())
        assert after is not None
        assert after.distribution.to_dict() == pytest.approx(offered.distribution.to_dict(),
                                                             abs=TOLERANCE)
        assert after.named == pytest.approx(offered.named, abs=TOLERANCE)


def test_dw_odds_answered_a_patrol_strikes_back_at_the_attacker() -> None:
    """DW-ODDS-ANSWERED, DW-CAP-AD: rockets from a gyro at a battleship with three fighters
    on patrol: each answer shows the chances the fighters' strike back (their guns, 1 die a
    token on 4+) deals the gyro damage or a critical, as icepool counts them; a patrol wing
    on its last fuel that answers is lost and strikes nothing."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-fighter-wing", (36.0, 17.0, 0.0), count=3)],
        [squadron("blazing-sun-gyro", (36.0, 24.0, 180.0), name="Tonbo")],
    ), (1, 1, 6, 6, *([1] * 30)))
    model(game, 1).cap_with = 0
    refresh(game)
    play(game, Activate(2), Move(2, (4.0,)), Fire(((2, "rockets"),), 0), CeaseFire())
    seen = game.observe(0).state
    _, shot = shot_refusal(seen, RULES.data, seen.models[1], "guns", seen.models[2])
    assert shot is not None and (shot.dice, shot.needed) == (3, 4)
    gyro = RULES.data.models["blazing-sun-gyro"]
    expected = damage_named(3 @ dw_die(4), gyro.dr, gyro.cr)
    both = RULES.action_odds(seen, Respond((0, 1)))
    assert both is not None
    for name, chance in expected.items():
        assert both.named[f"attacker {name}"] == pytest.approx(chance, abs=TOLERANCE)
    assert any("strikes back at Tonbo with 3 dice on 4+" in note for note in both.notes)
    model(game, 1).fuel = 1
    seen = game.observe(0).state
    spent = RULES.action_odds(seen, Respond((0, 1)))
    declined = RULES.action_odds(seen, Decline())
    assert spent is not None and declined is not None
    assert "attacker damage" not in spent.named  # lost answering: no strike back
    assert "attacker damage" not in declined.named  # the last fuel is never spent on it


def _kaiserin_under_patrol(seed: int | None = None) -> Game:
    """A Prussian battleship (1 shield generator die) about to fire at a British battleship
    that three fighters patrol with, in range of them."""
    table = setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-fighter-wing", (36.0, 17.0, 0.0), count=3)],
        [squadron("prussia-battleship", (36.0, 22.0, 180.0), name="Kaiserin")],
    )
    game = seeded(table, seed) if seed is not None else scripted(table, (1, 1, 6, 6,
                                                                          *([1] * 60)))
    model(game, 1).cap_with = 0
    refresh(game)
    play(game, Activate(2), Move(2, (2.0,)))
    return game


def test_dw_cap_ad_the_web_tables_strike_back_meets_the_attackers_shields() -> None:
    """DW-ODDS-ANSWERED, DW-CAP-AD, DW-GENERATORS: torpedoes from a Prussian battleship at a
    battleship three fighters patrol: the attack offered and the decline show the fighters'
    strike back (3 dice on 4+) less what the attacker's one shield generator die cancels on
    4+, as icepool counts it and as `wing-attack` at the battleship gives it; with its
    generators offline, the strike back meets no shields."""
    game = _kaiserin_under_patrol()
    fire = Fire(((2, "torpedoes"),), 0)
    kaiserin = RULES.data.models["prussia-battleship"]
    shielded = damage_named(left_after(3 @ dw_die(4), 1 @ dw_die(4)), kaiserin.dr, kaiserin.cr)
    command = odds("wing-attack", wing="britannia-fighter-wing", tokens=3,
                   target="prussia-battleship")
    offered = RULES.action_odds(game.observe(1).state, fire)
    play(game, fire, CeaseFire())
    declined = RULES.action_odds(game.observe(0).state, Decline())
    assert offered is not None and declined is not None
    for answer in (offered, declined):
        for name, chance in shielded.items():
            assert answer.named[f"attacker {name}"] == pytest.approx(chance, abs=TOLERANCE)
            assert answer.named[f"attacker {name}"] == pytest.approx(command.named[name],
                                                                     abs=TOLERANCE)
        assert any("against its 1 shield generator die on 4+" in note for note in answer.notes)
    model(game, 2).add_marker("generator-offline")
    bare = RULES.action_odds(game.observe(0).state, Decline())
    assert bare is not None
    for name, chance in damage_named(3 @ dw_die(4), kaiserin.dr, kaiserin.cr).items():
        assert bare.named[f"attacker {name}"] == pytest.approx(chance, abs=TOLERANCE)


def test_dw_cap_ad_wing_attack_fits_the_games_strikes_back_at_a_shielded_attacker() -> None:
    """DW-ODDS-GAME, DW-ODDS-WING-ATTACK, DW-CAP-AD, DW-GENERATORS: three British fighters on
    patrol strike back at a Prussian battleship firing at their squadron, 3000 times by the
    game (`patrol_counters`): the hits that count after its shield generator die fit
    `wing-attack` at the battleship (its shields read from its class)."""
    game = _kaiserin_under_patrol(seed=41)
    table = state(game)
    lead, target = table.models[2], table.models[0]
    _, shot = shot_refusal(table, RULES.data, lead, "torpedoes", target)
    assert shot is not None
    attack = Attack([(2, "torpedoes")], 0, shot.dice, shot.needed, shot.kind, shot.band)
    saved, depth = [copy.deepcopy(m) for m in table.models], len(table.stack)
    finals = []
    for _ in range(3000):
        struck = patrol_counters(game, table, RULES.data, attack, lead, target)
        assert len(struck) == 1
        finals.append(struck[0][1])
        _reset(game, saved, depth)
        lead, target = table.models[2], table.models[0]
    exact = odds("wing-attack", wing="britannia-fighter-wing", tokens=3,
                 target="prussia-battleship")
    stat, critical = chi_square(finals, exact.distribution)
    assert stat < critical, (stat, critical)


# --- options and the command line -----------------------------------------------------------


@pytest.mark.parametrize(("words", "message"), [
    (["aa-wing", "dice=3"], "give the wing's tokens (tokens=) or its class (target=)"),
    (["aa-wing", "tokens=3"], "give the dice (dice=) or the shooter's class"),
    (["aa-wing", "dice=3", "target=prussia-cruiser"], "is not a wing of tiny flyers"),
    (["aa-wing", "dice=3", "target=prussia-fighter-wing", "tokens=6"], "at most 5 tokens"),
    (["aa-wing", "shooter=britannia-cruiser", "damage=5", "tokens=3"], "has only 5 hull"),
    (["aa-wing", "shooter=prussia-fighter-wing", "damage=1", "tokens=3"], "loses tokens"),
    (["aa-wing", "dice=3", "tokens=3", "fuel=0"], "fuel: expected at least 1, got 0"),
    (["dogfight", "wing=prussia-fighter-wing"], "give the tokens of the wing attacked"),
    (["dogfight", "wing=prussia-fighter-wing", "target_tokens=3"], "answer: the answer is"),
    (["dogfight", "dice=4", "needed=3", "target=prussia-fighter-wing"], "answer strikes the"),
    (["dogfight", "target=prussia-fighter-wing", "answer=false"], "give the attacking wing's"),
    (["dogfight", "wing=prussia-fighter-wing", "target_tokens=3", "answer=false",
      "show=attacker"], "the attacker loses tokens only to an answer"),
    (["wing-attack", "target=prussia-cruiser"], "give the wing's attack dice"),
    (["wing-attack", "wing=britannia-recon-wing"], "recon planes carry no weapons"),
    (["wing-attack", "wing=britannia-cruiser"], "is not a wing of tiny flyers"),
    (["wing-attack", "wing=britannia-dive-bomber-wing", "target=prussia-fighter-wing"],
     "never target tiny flyers"),
    (["wing-attack", "wing=britannia-torpedo-bomber-wing", "target=blazing-sun-gyro"],
     "torpedoes never reach flyers"),
    (["wing-attack", "wing=britannia-dive-bomber-wing", "target=blazing-sun-gyro"],
     "only large and massive flyers"),
    (["wing-attack", "wing=britannia-dive-bomber-wing", "cc=2"], "charges answer only torpedo"),
    (["wing-attack", "dice=4", "needed=4", "aa=2"], "ack-ack strikes the wing's tokens"),
    (["wing-attack", "wing=britannia-fighter-wing", "card=full-steam"], "no reaction card"),
    (["wing-attack", "wing=britannia-fighter-wing", "card=deflector"], 'unknown card'),
    (["wing-attack", "wing=britannia-fighter-wing", "show=hull"], "hull needs the target's"),
    (["wing-attack", "wing=britannia-fighter-wing", "patrol_tokens=3"], "give the patrol's"),
    (["torpedoes", "shooter=britannia-torpedo-bomber-wing", "weapon=torpedoes", "band=1"],
     "see wing-attack"),
    (["gunnery", "dice=3", "size=tiny"], "see aa-wing and dogfight"),
])
def test_dw_odds_wing_bad_options_are_refused_with_the_reason(
    words: list[str], message: str
) -> None:
    """DW-ODDS-OPTIONS, DW-ODDS-WING: what the wing attacks cannot use, and what the game
    refuses (bombers at small flyers, torpedoes at flyers, guns at wings, charges at a wing
    that never dives), refused with the reason; gunnery and torpedoes point a wing's
    attack to wing-attack."""
    attack = ATTACKS[words[0]]
    with pytest.raises(AttackOptionsError) as error:
        attack.odds(attack.parse_options(words[1:]))
    assert message in str(error.value)


def test_dw_odds_wing_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """DW-ODDS-CLI, DW-ODDS-OPTIONS, DW-ODDS-WING: the list shows the wing attacks and their
    options; `--json` gives the tokens lost and named outcomes; `--compare` sets an answer
    beside none, `--plot` draws the chart; a bad option prints one line (no traceback) and
    exits 2."""
    assert main(["odds", "dystopian-wars"]) == 0
    listing = capsys.readouterr().out
    for name in ("aa-wing:", "dogfight:", "wing-attack:", "patrol_fuel", "target_fuel"):
        assert name in listing
    assert main(["odds", "dystopian-wars", "dogfight", "wing=britannia-fighter-wing",
                 "target=prussia-dive-bomber-wing", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert plain["outcome"] == "tokens lost"
    assert {"destroyed", "attacker lost"} <= set(plain["outcomes"])
    assert sum(plain["distribution"].values()) == pytest.approx(1.0, abs=1e-12)
    chart = tmp_path / "bombers.svg"
    assert main(["odds", "dystopian-wars", "wing-attack", "wing=britannia-dive-bomber-wing",
                 "target=prussia-cruiser", "--compare", "aa=3", "--plot", str(chart)]) == 0
    shown = capsys.readouterr().out
    assert "Side by side" in shown and "attacker lost first" in shown and chart.stat().st_size
    assert main(["odds", "dystopian-wars", "wing-attack", "wing=britannia-dive-bomber-wing",
                 "target=blazing-sun-gyro"]) == 2
    assert main(["odds", "dystopian-wars", "aa-wing", "dice=3", "tokens=9",
                 "target=prussia-fighter-wing"]) == 2
    assert main(["odds", "dystopian-wars", "dogfight", "wing=prussia-fighter-wing",
                 "fuel=7"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 3 and "Traceback" not in captured.err
    assert all(line.startswith("warbench: error: ") for line in lines)
    assert "bombers attack only large and massive flyers" in lines[0]
