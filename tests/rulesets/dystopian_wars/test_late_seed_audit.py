"""Findings of the audit of the seed's later chapters (boarding onwards: tiny flyers, ack-ack,
repairs, mines, fleets, the table, deployment, battle orders): each test names the row it
holds the engine to, and fails on the behaviour before it."""

from __future__ import annotations

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    model,
    owed,
    play,
    refresh,
    scripted,
    setup,
    squadron,
    state,
    texts,
)
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Decline,
    Fire,
    Move,
    Respond,
)


def test_dw_wing_aa_answer_a_flyer_answers_a_wings_ack_ack_at_the_same_time() -> None:
    """DW-WING-AA-ANSWER: a model attacked by tiny flyers may use its ack-ack (seed l.628),
    and the wings' ack-ack at other flyers is fought at the same time (step 4c, l.275): a
    bomber shot at by a fighter wing's ack-ack answers it, striking the tokens on 5+ (a 6
    shoots one down and rolls again); the wing it shoots down still rolls all its dice.
    Before, the bomber was offered no answer."""
    game = scripted(setup(
        [squadron("prussia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("britannia-bomber", (36.0, 23.0, 180.0), name="Vulcan")],
    ), [*P0_FIRST,
        6, 6, 6, 1, 1, 1,       # the answer: three 6s (each rolls again) shoot down 3 tokens
        4, 4, 4, 4, 1, 1])      # the attack, rolled whole: 4 hits on 4+, Vulcan's DR 4
    play(game, Activate(0), Move(0, (1.0,)), Fire(((0, "aa"),), 1), CeaseFire())
    assert Respond((1,)) in owed(game).options
    # the odds shown with the answer: the attack as without it, the wing perhaps lost too
    answered = RULES.action_odds(state(game), Respond((1,)))
    declined = RULES.action_odds(state(game), Decline())
    assert answered is not None and declined is not None
    assert answered.distribution == declined.distribution
    assert 0.0 < answered.named["attacker lost"] < 1.0
    play(game, Respond((1,)))
    assert not model(game, 0).alive
    assert model(game, 1).damage == 1
    assert any("rolls 6 dice at Vulcan: 4 hits" in text for text in texts(game))


def test_dw_aa_carried_tokens_aboard_a_carrier_do_not_answer() -> None:
    """DW-AA-CARRIED: tokens aboard a carrier may be shot by ack-ack (seed l.473, l.613),
    but they are on its deck, not in the air (DW-OFF-TABLE), and the seed gives them no
    fire: a wing aboard neither answers an enemy wing's ack-ack nor burns fuel for it.
    Before, it was offered a dogfight answer from the deck."""
    game = scripted(setup(
        [squadron("prussia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("britannia-fleet-carrier", (36.0, 26.0, 180.0), name="Albion"),
         squadron("britannia-fighter-wing", (36.0, 26.0, 180.0), count=3)],
    ), [*P0_FIRST, *[1] * 6])
    aboard = model(game, 2)
    aboard.carried_by = 1
    refresh(game)
    play(game, Activate(0), Move(0, (3.0,)), Fire(((0, "aa"),), 2), CeaseFire())
    assert not any(isinstance(option, Respond) for option in owed(game).options)
    assert aboard.fuel == 6 and aboard.tokens == 3
    assert owed(game).prompt == "activate a squadron"  # the attack rolled, unanswered
