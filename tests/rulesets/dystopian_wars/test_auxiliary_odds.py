"""Exact odds of ack-ack and concussion charges used as attacks at a model that is no wing
(``warbench odds dystopian-wars aa-flyer | cc-diver``: DW-ODDS-AA-FLYER, DW-ODDS-CC-DIVER):
a wing's ack-ack at a flyer answered at the same time (DW-WING-AA-ANSWER), a ship's ack-ack
at a flyer, charges at a diving model (DW-AA-CC-BASICS); checked against icepool (the odds
reference), the game's own resolved attacks and the web table's odds of the same options."""

from __future__ import annotations

import copy
import json
from typing import Any

import icepool
import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    model,
    play,
    scripted,
    seeded,
    setup,
    squadron,
    state,
)
from tests.rulesets.dystopian_wars.test_odds import (
    EXTRA,
    assert_dist,
    damage_named,
    dw_die,
    hull_lost,
)
from tests.rulesets.dystopian_wars.test_wing_odds import chance_lost, lost, strikes
from warbench.cli import main
from warbench.core.attacks import AttackOptionsError, OddsAnswer
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Decline,
    Fire,
    Move,
    Respond,
)
from warbench.rulesets.dystopian_wars.answered import attack_odds as web_odds
from warbench.rulesets.dystopian_wars.attack_rolls import Attack, resolve_attack
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.odds import attack_odds
from warbench.testing import chi_square

ATTACKS = attack_odds(RULES.data)
TOLERANCE = 1e-12


def odds(attack: str, **options: Any) -> OddsAnswer:
    """The answer for ``attack`` with ``options`` given as on the command line."""
    chosen = ATTACKS[attack]
    return chosen.odds(chosen.parse_options([f"{k}={v}" for k, v in options.items()]))


def hits_reference(dice: int, needed: int, shield: int = 0, saves: int = 0) -> icepool.Die:
    """The hits that count, written from the rules: ``dice`` on ``needed`` (a 6 two hits and
    another die), less shield generators' (4+, alike), less a card's saves, never below
    none. An answer to a wing's ack-ack is fought at the same time: it takes nothing off."""
    rolled = dice @ dw_die(needed)
    if shield:
        rolled = (rolled - shield @ dw_die(4)).map(lambda hits: max(hits, 0))
    return rolled.map(lambda hits: max(hits - saves, 0))


# --- against icepool ------------------------------------------------------------------------


@pytest.mark.parametrize(("attack", "options", "reference", "dr_cr", "answer"), [
    # five Prussian fighters (2 ack-ack a token) at a bomber (medium: 4+), answered by the
    # bomber's 3 dice (5+ at the tokens) and three British fighters on patrol (3+)
    ("aa-flyer", {"shooter": "prussia-fighter-wing", "target": "britannia-bomber", "aa": 3,
                  "patrol": "britannia-fighter-wing", "patrol_tokens": 3},
     (10, 4, 0, 0), (4, 6), ((5, 5), [(3, 5), (6, 3)])),
    # three dive bombers on 2 fuel at a sky fortress (its shield, deflector screens), open
    # and obscured answers
    ("aa-flyer", {"shooter": "britannia-dive-bomber-wing", "shooter_tokens": 3,
                  "shooter_fuel": 2, "target": "prussia-sky-fortress", "aa": 8,
                  "aa_obscured": 2, "card": "deflector-screens"},
     (3, 4, 1, 2), (6, 10), ((3, 2), [(8, 5), (2, 6)])),
    # a patrol on its last fuel is lost answering and strikes nothing
    ("aa-flyer", {"shooter": "prussia-fighter-wing", "shooter_tokens": 4,
                  "target": "britannia-rotor", "patrol": "britannia-fighter-wing",
                  "patrol_fuel": 1, "aa": 2},
     (8, 4, 0, 0), (4, 6), ((4, 5), [(2, 5)])),
    # a ship's ack-ack at a flyer: one die fewer per hull point lost, unanswered
    ("aa-flyer", {"shooter": "prussia-battleship", "damage": 2,
                  "target": "britannia-sky-fortress"}, (3, 4, 1, 0), (6, 10), None),
    ("aa-flyer", {"shooter": "prussia-cruiser", "linked": "3,3", "target": "britannia-bomber",
                  "card": "hard-to-port"}, (5, 5, 0, 0), (4, 6), None),
    ("aa-flyer", {"dice": 4, "linked": 3, "combined": "true", "obscured": "true",
                  "size": "small", "dr": 2, "cr": 4}, (7, 6, 0, 0), (2, 4), None),
    ("aa-flyer", {"dice": 6, "size": "small", "dr": 3, "cr": 5}, (6, 5, 0, 0), (3, 5), None),
    # charges at a diving model: 4+, small 5+
    ("cc-diver", {"shooter": "britannia-cruiser", "target": "prussia-submarine"},
     (2, 4, 0, 0), (5, 7), None),
    ("cc-diver", {"shooter": "prussia-escort", "linked": 3, "combined": "true",
                  "target": "britannia-submarine", "card": "hard-to-port"},
     (6, 5, 0, 0), (5, 7), None),
    ("cc-diver", {"shooter": "federated-states-burrower", "damage": 1,
                  "target": "federated-states-burrower"}, (2, 4, 0, 0), (5, 7), None),
    ("cc-diver", {"dice": 5, "size": "small", "dr": 3, "cr": 5}, (5, 5, 0, 0), (3, 5), None),
])
def test_dw_odds_ack_ack_and_charges_as_attacks_match_icepool(
    attack: str, options: dict[str, Any], reference: tuple[int, int, int, int],
    dr_cr: tuple[int, int], answer: tuple[tuple[int, int], list[tuple[int, int]]] | None,
) -> None:
    """DW-ODDS-AA-FLYER, DW-ODDS-CC-DIVER, DW-WING-AA-ANSWER, DW-AA-CC-BASICS, DW-LINKED,
    DW-COMBINED, DW-OBSCURED: ack-ack at a flyer on 4+ (small 5+), charges at a diver alike,
    an obscured shooter 6, a reaction card's one more needed or two hits saved, shields:
    the hits that count and none / damage / critical; a wing's ack-ack answered at the
    same time: the same hits, and the chance the answer brings the wing down."""
    found = odds(attack, **options)
    expected = hits_reference(*reference)
    assert_dist(found.distribution, expected)
    for name, chance in damage_named(expected, *dr_cr).items():
        assert found.named[name] == pytest.approx(chance, abs=TOLERANCE), name
    if answer is None:
        assert "attacker lost" not in found.named
        return
    (tokens, fuel), rolls = answer
    struck = strikes(*rolls, cap=(tokens, fuel))
    assert found.named["attacker lost"] == pytest.approx(chance_lost(tokens, fuel, struck),
                                                         abs=TOLERANCE)
    back = odds(attack, **options, show="attacker")
    assert back.outcome == "attacker tokens lost"
    assert_dist(back.distribution, lost(tokens, fuel, struck))


def test_dw_odds_aa_flyer_hull_lost_matches_icepool() -> None:
    """DW-ODDS-AA-FLYER, DW-CRIT-HITS: `show=hull` counts the hull points a bomber (DR 4, CR
    6, 3 hull) loses to four fighters' ack-ack, criticals' table rolls included."""
    found = odds("aa-flyer", shooter="prussia-fighter-wing", shooter_tokens=4,
                 target="britannia-bomber", show="hull")
    assert found.outcome == "hull points lost"
    assert_dist(found.distribution, hull_lost(8 @ dw_die(4), 4, 6, 3, 3))
    assert EXTRA.probability(1) == pytest.approx(1 / 8)  # the table the reference reads


# --- the game's own rolls and the web table -------------------------------------------------


@pytest.mark.parametrize(("fleets", "gun", "answer", "words"), [
    # three Prussian fighters (3 fuel) at a British bomber that answers with its ack-ack
    (([squadron("prussia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
      [squadron("britannia-bomber", (36.0, 23.0, 180.0))]), "aa", "aa",
     ("aa-flyer", {"shooter": "prussia-fighter-wing", "shooter_tokens": 3, "shooter_fuel": 3,
                   "target": "britannia-bomber", "aa": 3})),
    # a British battleship's ack-ack at a Prussian airship, unanswered
    (([squadron("britannia-battleship", (36.0, 10.0, 0.0))],
      [squadron("prussia-airship", (36.0, 16.0, 180.0))]), "aa", "",
     ("aa-flyer", {"shooter": "britannia-battleship", "target": "prussia-airship"})),
    # a British cruiser's charges at a Prussian submarine on the surface, unanswered
    (([squadron("britannia-cruiser", (36.0, 20.0, 0.0))],
      [squadron("prussia-submarine", (36.0, 23.0, 180.0))]), "cc", "",
     ("cc-diver", {"shooter": "britannia-cruiser", "target": "prussia-submarine"})),
])
def test_dw_odds_ack_ack_and_charges_as_attacks_fit_the_games_resolved_attacks(
    fleets: tuple[list[dict[str, Any]], list[dict[str, Any]]], gun: str, answer: str,
    words: tuple[str, dict[str, Any]],
) -> None:
    """DW-ODDS-GAME, DW-ODDS-AA-FLYER, DW-ODDS-CC-DIVER, DW-WING-AA-ANSWER, DW-ODDS-ANSWERED:
    each attack resolved 2000 times by the game (`resolve_attack`, with the dice and number
    needed of the game's own shot): the hits that count fit the command's odds, whose
    hull points lost and named outcomes the web table's odds of the same attack equal;
    where a wing fires, it rolls every time, and how often the answer brings it down at
    the same time fits `attacker lost`."""
    game = seeded(setup(*fleets), seed=21)
    table = state(game)
    shooter, target = table.models[0], table.models[1]
    if answer:
        shooter.fuel = 3
    _, shot = shot_refusal(table, RULES.data, shooter, gun, target)
    assert shot is not None
    attack = Attack([(0, gun)], 1, shot.dice, shot.needed, shot.kind, shot.band,
                    answer=answer, responders=[1] if answer else [], tokens=shooter.tokens)
    name, options = words
    exact = odds(name, **options)
    hull = odds(name, **options, show="hull")
    web = web_odds(table, RULES.data, attack, 0)
    assert web.distribution.to_dict() == pytest.approx(hull.distribution.to_dict(),
                                                       abs=TOLERANCE)
    assert web.named == pytest.approx(hull.named, abs=TOLERANCE)
    saved, depth = [copy.deepcopy(m) for m in table.models], len(table.stack)
    finals, down = [], 0
    for _ in range(2000):
        resolve_attack(game, table, RULES.data, attack)
        rolled = [e for e in game.events if e.kind == "attack_rolled"]
        assert len(rolled) == 1  # the answer never stops the attack
        finals.append(rolled[0].data["final"])
        down += not table.models[0].alive
        table.models[:] = [copy.deepcopy(m) for m in saved]
        del table.stack[depth:]
        game.events.clear()
    stat, critical = chi_square(finals, exact.distribution)
    assert stat < critical, (stat, critical)
    p = exact.named.get("attacker lost", 0.0)
    assert abs(down / 2000 - p) <= 4 * (p * (1 - p) / 2000) ** 0.5, (down, p)


def test_dw_wing_aa_answer_the_web_tables_options_show_the_commands_odds() -> None:
    """DW-WING-AA-ANSWER, DW-ODDS-AA-FLYER, DW-ODDS-ANSWERED: three Prussian fighters' ack-ack
    at a British bomber on the web table: the odds under the attack offered are
    `aa-flyer` with no answer, those under the bomber's answer and its decline are the
    same hull points lost, the answer's with the chance the wing goes down (`aa=3`, at the
    fuel it has left)."""
    game = scripted(setup(
        [squadron("prussia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("britannia-bomber", (36.0, 23.0, 180.0), name="Vulcan")],
    ), [*P0_FIRST, *[1] * 40])
    words = {"shooter": "prussia-fighter-wing", "shooter_tokens": 3,
             "target": "britannia-bomber", "show": "hull"}
    play(game, Activate(0), Move(0, (1.0,)))
    offered = RULES.action_odds(state(game), Fire(((0, "aa"),), 1))
    plain = odds("aa-flyer", **words)
    assert offered is not None
    assert offered.distribution.to_dict() == pytest.approx(plain.distribution.to_dict(),
                                                           abs=TOLERANCE)
    assert offered.named == pytest.approx(plain.named, abs=TOLERANCE)
    play(game, Fire(((0, "aa"),), 1), CeaseFire())
    answered = RULES.action_odds(state(game), Respond((1,)))
    declined = RULES.action_odds(state(game), Decline())
    full = odds("aa-flyer", **words, aa=3, shooter_fuel=model(game, 0).fuel)
    assert answered is not None and declined is not None
    assert answered.distribution.to_dict() == pytest.approx(full.distribution.to_dict(),
                                                            abs=TOLERANCE)
    assert answered.named == pytest.approx(full.named, abs=TOLERANCE)
    assert declined.named == pytest.approx(plain.named, abs=TOLERANCE)
    assert 0.0 < full.named["attacker lost"] < 1.0


# --- options and the command line -----------------------------------------------------------


@pytest.mark.parametrize(("words", "option", "message"), [
    (["aa-flyer", "target=britannia-bomber"], "dice", "give the ack-ack dice"),
    (["aa-flyer", "dice=3", "target=britannia-cruiser"], "target",
     "does not fly: ack-ack attacks only flyers"),
    (["aa-flyer", "dice=3", "target=britannia-fighter-wing"], "target",
     "see aa-wing and dogfight"),
    (["aa-flyer", "shooter=prussia-cruiser", "aa=2"], "aa", "only a wing's ack-ack is answered"),
    (["aa-flyer", "dice=3", "aa_obscured=1"], "aa_obscured", "only a wing's ack-ack"),
    (["aa-flyer", "dice=3", "patrol=britannia-fighter-wing"], "patrol", "only a wing's"),
    (["aa-flyer", "shooter=prussia-cruiser", "shooter_tokens=2"], "shooter_tokens",
     "is not a wing"),
    (["aa-flyer", "shooter=prussia-fighter-wing", "shooter_tokens=6"], "shooter_tokens",
     "at most 5 tokens"),
    (["aa-flyer", "shooter=prussia-fighter-wing", "damage=1"], "damage",
     "loses tokens, not hull points"),
    (["aa-flyer", "shooter=prussia-cruiser", "damage=5"], "damage", "has only 5 hull points"),
    (["aa-flyer", "shooter=prussia-fighter-wing", "linked=2"], "linked", "a wing rolls"),
    (["aa-flyer", "dice=3", "linked=2,x"], "linked", "not whole numbers"),
    (["aa-flyer", "dice=3", "patrol=britannia-cruiser", "shooter_tokens=3"], "patrol",
     "is not a wing of tiny flyers"),
    (["aa-flyer", "shooter=prussia-fighter-wing", "patrol_tokens=2"], "patrol_tokens",
     "give the patrol's class too"),
    (["aa-flyer", "dice=3", "show=attacker"], "show", "a shooting wing loses tokens only"),
    (["aa-flyer", "dice=3", "show=hull"], "show", "hull needs the target's"),
    (["aa-flyer", "dice=3", "card=full-steam"], "card", "no reaction card"),
    (["aa-flyer", "dice=3", "needed=7"], "needed", "at most 6"),
    (["aa-flyer", "dice=3", "shooter_fuel=0"], "shooter_fuel", "at least 1"),
    (["cc-diver", "shooter=prussia-bomber"], "shooter", "has no concussion charges"),
    (["cc-diver", "dice=2", "target=prussia-cruiser"], "target",
     "charges attack only diving models"),
    (["cc-diver", "shooter=britannia-cruiser", "target=federated-states-burrower"], "target",
     "land and naval models cannot use charges on each other"),
])
def test_dw_odds_ack_ack_and_charges_bad_options_are_refused_naming_the_option(
    words: list[str], option: str, message: str
) -> None:
    """DW-ODDS-OPTIONS, DW-ODDS-AA-FLYER, DW-ODDS-CC-DIVER: what the game refuses (ack-ack
    at a model that does not fly or at a wing, charges at a model that does not dive or
    across land and sea, an answer to a ship's ack-ack) and what the options cannot mean,
    refused with the option named first."""
    attack = ATTACKS[words[0]]
    with pytest.raises(AttackOptionsError) as error:
        attack.odds(attack.parse_options(words[1:]))
    said = str(error.value).removeprefix(f"{words[0]}: ")  # how pydantic's are told
    assert said.startswith(f"{option}: "), said
    assert message in str(error.value)


@pytest.mark.parametrize(("attack", "option"), [("aa-flyer", "cc=2"), ("cc-diver", "aa=2"),
                                                ("cc-diver", "patrol=prussia-fighter-wing")])
def test_dw_odds_ack_ack_and_charges_take_no_option_they_cannot_use(
    attack: str, option: str
) -> None:
    """DW-ODDS-OPTIONS, DW-ODDS-CC-DIVER: charges never answer a wing's ack-ack, and nothing
    answers charges used as an attack: such options are unknown, named in the refusal."""
    with pytest.raises(AttackOptionsError) as error:
        ATTACKS[attack].parse_options(["dice=2", option])
    assert option.split("=")[0] in str(error.value)


def test_dw_odds_ack_ack_and_charges_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """DW-ODDS-CLI, DW-ODDS-AA-FLYER, DW-ODDS-CC-DIVER: the list shows both attacks and their
    options; `--json` gives the hits, named outcomes and the wing's loss; a bad option
    prints one line and exits 2."""
    assert main(["odds", "dystopian-wars"]) == 0
    listing = capsys.readouterr().out
    for name in ("aa-flyer:", "cc-diver:", "shooter_fuel", "shooter_tokens"):
        assert name in listing
    assert main(["odds", "dystopian-wars", "aa-flyer", "shooter=prussia-fighter-wing",
                 "target=britannia-bomber", "aa=3", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["outcome"] == "hits"
    assert {"none", "critical", "destroyed", "attacker lost"} <= set(shown["outcomes"])
    assert main(["odds", "dystopian-wars", "cc-diver", "dice=2", "target=prussia-cruiser"]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip().startswith("warbench: error: target: ")
    assert "Traceback" not in captured.err
