"""The exact odds of ack-ack (and any attack) at a wing of tiny flyers, and of an attack as
each answer offered to the defender leaves it (DW-AA-WING, DW-DOGFIGHT, DW-AA-ANSWER,
DW-AA-LINK): checked against each die's chances enumerated apart, and against the game's
own rolls."""

from __future__ import annotations

import copy
from collections import defaultdict

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    owed,
    play,
    scripted,
    seeded,
    setup,
    squadron,
    state,
)
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Decline,
    Fire,
    Move,
    Respond,
)
from warbench.rulesets.dystopian_wars.answered import (
    LOST,
    attack_odds,
    wing_fate,
    wing_odds,
)
from warbench.rulesets.dystopian_wars.attack_rolls import Attack, resolve_attack
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.gunnery import Gunnery
from warbench.testing import chi_square


def _one_die(needed: int, depth: int = 40) -> dict[tuple[int, int], float]:
    """One die at a wing, face by face: a 6 shoots a token down and rolls again, the number
    needed below 6 aborts, lower faces do nothing (chains longer than ``depth`` left out)."""
    found: dict[tuple[int, int], float] = defaultdict(float)
    for sixes in range(depth):
        chain = (1 / 6) ** sixes
        for face in range(1, 6):
            found[(sixes, 1 if face >= needed else 0)] += chain / 6
    return found


def _enumerated(tokens: int, fuel: int, dice: int, needed: int) -> dict[tuple[int, int], float]:
    """A wing's fate after ``dice`` dice, each die's chances convolved, then read as
    :func:`~warbench.rulesets.dystopian_wars.flyers.strike_wing` reads the rolls."""
    total: dict[tuple[int, int], float] = {(0, 0): 1.0}
    for _ in range(dice):
        after: dict[tuple[int, int], float] = defaultdict(float)
        for (kills, aborts), p in total.items():
            for (k, a), q in _one_die(needed).items():
                after[(kills + k, aborts + a)] += p * q
        total = after
    fate: dict[tuple[int, int], float] = defaultdict(float)
    for (kills, aborts), p in total.items():
        if kills >= tokens or aborts >= fuel:
            fate[LOST] += p
        else:
            fate[(tokens - kills, fuel - aborts)] += p
    return fate


@pytest.mark.parametrize(("tokens", "fuel", "dice", "needed"),
                         [(3, 6, 5, 5), (2, 1, 3, 3), (5, 4, 4, 6), (1, 2, 0, 5)])
def test_dw_aa_wing_a_wings_fate_matches_each_die_enumerated(
    tokens: int, fuel: int, dice: int, needed: int
) -> None:
    """DW-ODDS-WING, DW-AA-WING: the chances of each (tokens, fuel) a wing keeps, or its loss,
    after dice at it (the sixes negative binomial, the aborts binomial, independent) match each
    die's face-by-face chances convolved."""
    exact = wing_fate(tokens, fuel, [(dice, needed)])
    apart = _enumerated(tokens, fuel, dice, needed)
    for key in set(exact) | set(apart):
        assert exact.get(key, 0.0) == pytest.approx(apart.get(key, 0.0), abs=1e-12), key
    assert sum(exact.values()) == pytest.approx(1.0, abs=1e-12)


def _ack_ack_at_fighters():  # type: ignore[no-untyped-def]
    """Sovereign's ack-ack at a Prussian fighter wing of three tokens within 8 inches, in
    its activation."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-fighter-wing", (36.0, 16.0, 180.0), count=3)],
    ), [*P0_FIRST, *[1] * 40])
    play(game, Activate(0), Move(0, (2.0,)))
    return game


def test_dw_aa_wing_ack_ack_at_a_wing_is_offered_with_its_odds() -> None:
    """DW-ODDS-WING, DW-AA-WING: the ack-ack a ship may fire at a wing within 8 inches shows its
    exact odds like any attack offered: the tokens the wing loses (all of them when it is lost),
    the chances of a token shot down, an abort and the wing lost."""
    game = _ack_ack_at_fighters()
    seen = game.observe(0).state
    fire = next(o for o in owed(game).options if isinstance(o, Fire) and o.guns == ((0, "aa"),))
    answer = RULES.action_odds(seen, fire)
    assert answer is not None and answer.outcome == "tokens lost"
    wing = seen.models[1]
    _, shot = shot_refusal(seen, RULES.data, seen.models[0], "aa", wing)
    assert shot is not None
    fate = _enumerated(wing.tokens, wing.fuel, shot.dice, shot.needed)
    assert answer.named["destroyed"] == pytest.approx(fate[LOST], abs=1e-12)
    assert answer.named["token shot down"] == pytest.approx(1 - (5 / 6) ** shot.dice)
    assert 0 < answer.named["abort"] < 1
    assert answer.notes[0] == f"{shot.dice} dice at 3 tokens with {wing.fuel} fuel: a 6 " \
        f"shoots one down and rolls again, {shot.needed}+ below it aborts (1 fuel)"


def test_dw_aa_wing_odds_fit_the_games_resolved_ack_ack() -> None:
    """DW-ODDS-GAME, DW-ODDS-WING, DW-AA-WING: the tokens a wing loses to a ship's ack-ack,
    rolled 3000 times by the game, fit the odds offered."""
    game = seeded(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-fighter-wing", (36.0, 16.0, 180.0), count=3)],
    ), seed=7)
    table = state(game)
    wing = table.models[1]
    _, shot = shot_refusal(table, RULES.data, table.models[0], "aa", wing)
    assert shot is not None
    attack = Attack([(0, "aa")], 1, shot.dice, shot.needed, shot.kind, shot.band)
    expected = wing_odds(wing, shot.dice, shot.needed).distribution
    lost = []
    before = copy.deepcopy(wing)
    depth = len(table.stack)
    for _ in range(3000):
        resolve_attack(game, table, RULES.data, attack)
        lost.append(before.tokens if not wing.alive else before.tokens - wing.tokens)
        wing.tokens, wing.fuel, wing.alive, wing.fate = (before.tokens, before.fuel, True,
                                                          before.fate)
        del table.stack[depth:]
        game.events.clear()
    stat, critical = chi_square(lost, expected)
    assert stat < critical, (stat, critical)


def _fighters_at_frigates():  # type: ignore[no-untyped-def]
    """Three British fighters attack two Prussian frigates, which may answer with ack-ack
    (on 5+ at the wing's tokens, DW-AA-WING): the answer decision owed."""
    game = scripted(setup(
        [squadron("britannia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("prussia-frigate", (36.0, 24.0, 180.0), (39.0, 24.0, 180.0))],
    ), [*P0_FIRST, *[1] * 40])
    play(game, Activate(0), Move(0, (1.0,)))
    return game


def test_dw_aa_answer_each_answer_offered_shows_the_attack_it_leaves() -> None:
    """DW-ODDS-ANSWERED, DW-AA-ANSWER, DW-AA-WING: asked to answer a wing's attack, each answer
    offered (and declining) shows the attack's odds as that answer leaves it: declining, the
    odds the attack showed when declared; an answer's ack-ack may bring the wing down first (its
    attack then over) or thin it (its dice with it), so the frigate loses less."""
    game = _fighters_at_frigates()
    seen = game.observe(0).state
    fire = next(o for o in owed(game).options if isinstance(o, Fire) and o.target == 1)
    declared = RULES.action_odds(seen, fire)
    play(game, fire, CeaseFire())
    decision = owed(game)
    assert decision.player == 1
    seen = game.observe(1).state
    declined = RULES.action_odds(seen, Decline())
    assert declined is not None and declared is not None
    assert declined.named == pytest.approx(declared.named)
    assert declined.distribution.to_dict() == pytest.approx(declared.distribution.to_dict())
    answers = [o for o in decision.options if isinstance(o, Respond)]
    assert answers
    for answer in answers:
        odds = RULES.action_odds(seen, answer)
        assert odds is not None and odds.outcome == "hull points lost"
        assert odds.named["attacker lost first"] > 0
        assert odds.distribution.mean < declined.distribution.mean
        assert any("of ack-ack strike Britannic fighter wing on 5+" in n for n in odds.notes)
    both = next(a for a in answers if set(a.models) == {1, 2} and not a.linked)
    alone = next(a for a in answers if a.models == (1,)) if any(
        a.models == (1,) for a in answers) else None
    both_odds = RULES.action_odds(seen, both)
    assert both_odds is not None
    if alone is not None:
        alone_odds = RULES.action_odds(seen, alone)
        assert alone_odds is not None
        assert both_odds.named["attacker lost first"] > alone_odds.named["attacker lost first"]


def test_dw_aa_answer_odds_fit_the_games_resolved_attacks() -> None:
    """DW-ODDS-GAME, DW-ODDS-ANSWERED, DW-AA-ANSWER, DW-AA-WING: the fighters' attack answered
    by both frigates' ack-ack, rolled 3000 times by the game, fits the odds the answer showed:
    the hull points lost, and how often the wing went down first."""
    game = _fighters_at_frigates()
    fire = next(o for o in owed(game).options if isinstance(o, Fire) and o.target == 1)
    play(game, fire, CeaseFire())
    gunnery = state(game).stack[-2]
    assert isinstance(gunnery, Gunnery)
    attack = copy.deepcopy(gunnery.attacks[0])
    attack.responders, attack.linked = [1, 2], False
    table = state(game)
    exact = attack_odds(table, RULES.data, attack, 0)
    game.set_dice(None)  # the game's seeded stream rolls from here
    hull = RULES.data.models[table.models[1].cls].hp
    saved = [copy.deepcopy(m) for m in table.models]
    depth = len(table.stack)
    lost, down = [], 0
    for _ in range(3000):
        resolve_attack(game, table, RULES.data, attack)
        lost.append(min(table.models[1].damage, hull))
        down += not table.models[0].alive
        table.models[:] = [copy.deepcopy(m) for m in saved]
        del table.stack[depth:]
        game.events.clear()
    stat, critical = chi_square(lost, exact.distribution)
    assert stat < critical, (stat, critical)
    p = exact.named["attacker lost first"]
    assert abs(down / 3000 - p) < 4 * (p * (1 - p) / 3000) ** 0.5, (down, p)
