"""Several boarding parties at one model: the defender divides its answer among them
(DW-MULTI-ASSAULT, seed l.578-579), the web table's odds follow the division, and the
bots keep playing."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    model,
    owed,
    play,
    scripted,
    setup,
    squadron,
    state,
    texts,
)
from warbench.core.actions import ActionCodec
from warbench.core.dice import SeededDice
from warbench.core.engine import Game, IllegalAction
from warbench.core.odds import Dist
from warbench.core.replay import replay
from warbench.core.rng import RandomStream
from warbench.rulesets.dystopian_wars.actions import (
    ACTION_TYPES,
    Activate,
    Board,
    CeaseFire,
    Decline,
    Move,
    Respond,
)
from warbench.rulesets.dystopian_wars.boarding import AnswerBoarding
from warbench.rulesets.dystopian_wars.boarding_events import Melee
from warbench.rulesets.dystopian_wars.boarding_rules import assault_outcome
from warbench.rulesets.dystopian_wars.bot_tactics import answer_choice
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.events import CriticalHit, HullDamage
from warbench.testing import chi_square

#: Two Prussian robots (4 points, DR 5, CR 7, 5 hull points each) either side of Yeoman 1,
#: a British tank (2 points) whose squadron's three tanks answer with 2 ack-ack dice each.
ROBOTS = setup(
    [squadron("prussia-robot", (30.1, 10.0, 0.0), (32.1, 10.0, 0.0), name="Uhrwerk")],
    [squadron("britannia-tank", (31.1, 10.0, 0.0), (31.1, 14.0, 90.0), (34.0, 14.0, 90.0),
              name="Yeoman")],
    surface="land",
)
TANKS = (2, 3, 4)


def boarded(faces: tuple[int, ...] = (), seed: int | None = None) -> Game:
    """Uhrwerk 1 and 2 have both boarded Yeoman 1; its squadron owes the answer."""
    dice = (*P0_FIRST, *faces, *([1] * 60))
    game = scripted(ROBOTS, dice)
    play(game, Activate(0), Move(0, (0.0,), ram=False), Move(1, (0.0,), ram=False),
         CeaseFire(), Board(0, 2, 4), Board(1, 2, 4))
    if seed is not None:
        game.set_dice(SeededDice(RandomStream.from_seed(seed)))
    return game


def test_dw_multi_assault_the_answer_at_two_robots_strikes_the_one_each_roll_names() -> None:
    """DW-MULTI-ASSAULT, DW-BOARD-ANSWER: two robots board one tank; the tanks' answer may
    be divided among them (l.579): each tank's roll goes at the robot it names, a linked
    pool's at one. Offered: every roll at Uhrwerk 1, every roll at Uhrwerk 2, each other
    division, each linked pool at either; not the answer naming none (a hull is one
    model's). Yeoman 1 names Uhrwerk 1 and rolls 1 1; Yeoman 2 and 3 name Uhrwerk 2: 6 6
    (rolling again 4 1) and 1 1, 5 hits on its DR 5: Uhrwerk 2 loses a hull point,
    Uhrwerk 1 none (before, every roll struck the first robot sent)."""
    game = boarded((1, 1, 6, 6, 4, 1, 1, 1))
    decision = owed(game)
    assert decision.player == 1 and decision.spaces
    options = [o for o in decision.options if isinstance(o, Respond)]
    assert options[:2] == [Respond(TANKS, at=(0, 0, 0)), Respond(TANKS, at=(1, 1, 1))]
    assert Respond(TANKS, at=(0, 1, 1)) in options
    assert Respond(TANKS, True, (1, 1, 1)) in options
    assert Respond(TANKS) not in options and len(options) == 8 + 2
    divided = Respond(TANKS, at=(0, 1, 1))
    assert RULES.action_text(state(game), divided) == (
        "answer with Yeoman 1, Yeoman 2, Yeoman 3: Yeoman 1 at Uhrwerk 1; Yeoman 2, "
        "Yeoman 3 at Uhrwerk 2")
    assert RULES.action_text(state(game), Respond(TANKS, True, (1, 1, 1))) == (
        "answer with Yeoman 1, Yeoman 2, Yeoman 3 linked in one pool at Uhrwerk 2")
    play(game, divided)
    rolls = [e for e in game.events if "answer to boarders" in getattr(e, "label", "")]
    assert [e.faces for e in rolls] == [(1, 1), (6, 6), (4, 1), (1, 1)]  # type: ignore[attr-defined]
    assert [e.label for e in rolls] == [  # type: ignore[attr-defined]
        "Yeoman 1 answer to boarders at Uhrwerk 1", "Yeoman 2 answer to boarders at Uhrwerk 2",
        "Yeoman 2 answer to boarders at Uhrwerk 2 (exploding)",
        "Yeoman 3 answer to boarders at Uhrwerk 2"]
    assert (model(game, 0).damage, model(game, 1).damage) == (0, 1)
    assert [e.model for e in game.events if isinstance(e, HullDamage)] == [1]


@pytest.mark.parametrize(("answer", "said"), [
    (Respond(TANKS), "name the boarding party each answering model's roll goes at"),
    (Respond(TANKS, at=(0, 1)), "name one boarding party for each answering model, 3, not 2"),
    (Respond(TANKS, at=(0, 1, 2)), "Yeoman 1 sends no boarding party here"),
    (Respond(TANKS, at=(0, 1, 9)), "model 9 sends no boarding party here"),
    (Respond(TANKS, True, (0, 1, 1)), "a linked answer is one roll, at one boarding party"),
    (Respond((2, 3), at=(0, 1)), "the answer is every model able to give it"),
], ids=["none-named", "too-few", "a-tank", "no-model", "linked-divided", "not-every-model"])
def test_dw_multi_assault_a_division_the_rules_refuse_names_the_rule(
    answer: Respond, said: str
) -> None:
    """DW-MULTI-ASSAULT: an answer to two boarding robots that names no robot, names too
    few or a model boarding nothing here, divides a linked pool (one roll, DW-AA-LINK) or
    leaves a tank out is refused with the reason and the rule; the game is unchanged."""
    game = boarded()
    before = game.hash()
    with pytest.raises(IllegalAction) as refused:
        game.apply(1, answer)
    assert said in str(refused.value)
    assert str(refused.value).endswith(("(DW-MULTI-ASSAULT)", "(DW-MULTI-ASSAULT, DW-AA-LINK)",
                                        "(DW-BOARD-ANSWER)"))
    assert isinstance(state(game).stack[-1], AnswerBoarding) and game.hash() == before


#: Two British cruisers (5 points each) within 4 inches of Hagel 1, a Prussian frigate (2
#: points) whose squadron's three frigates answer with 1 ack-ack die each.
CRUISERS = setup(
    [squadron("britannia-cruiser", (17.0, 10.0, 0.0), (20.0, 10.0, 0.0), name="Warden")],
    [squadron("prussia-frigate", (17.0, 15.0, 90.0), (20.0, 15.0, 90.0), (23.0, 15.0, 90.0))],
)


def crews(faces: tuple[int, ...]) -> Game:
    """Warden 1 sends 5 points, Warden 2 sends 1 at Hagel 1; the frigates owe the answer."""
    game = scripted(CRUISERS, (*P0_FIRST, *faces, *([1] * 60)))
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)), CeaseFire(), Board(0, 2, 5),
         Board(1, 2, 1))
    return game


def test_dw_multi_assault_kills_fall_on_the_crew_each_roll_names() -> None:
    """DW-MULTI-ASSAULT: crews from two ships at one frigate: whose points fall decides
    each ship's points for the rest of the game, its melee dice and who is left aboard,
    so the defender may divide its answer: each frigate's kills fall on the party it names
    alone, any beyond that party's points lost. Hagel 1 and 2 name Warden 2's party of 1
    point and score 6 (two, rolling again: 1) and 5: one point falls there, the other two
    kills are lost, and the log says so; Hagel 3 names Warden 1 and scores 5: one of its 5.
    Each roll's words name the party it goes at. Undivided, the same four kills would have
    fallen on the larger party first (Warden 1 losing four). The answer at the boarders
    together is still offered first, as before."""
    game = crews((6, 1, 5, 5))
    decision = owed(game)
    frigates = (2, 3, 4)
    assert decision.options[0] == Respond(frigates)
    assert RULES.action_text(state(game), decision.options[0]) == (
        "answer with Hagel 1, Hagel 2, Hagel 3 at the boarders together, the largest party "
        "losing first")
    divided = Respond(frigates, at=(1, 1, 0))
    assert divided in decision.options
    play(game, divided)
    assert (model(game, 0).ap, model(game, 1).ap) == (5 - 1, 5 - 1)
    said = texts(game)
    assert ("1 of Warden 2's 1 boarding point falls to the defenders' fire, 2 more kills at "
            "it lost") in said
    assert "1 of Warden 1's 5 boarding points falls to the defenders' fire" in said
    rolls = [e.label for e in game.events if "answer to boarders" in getattr(e, "label", "")]
    assert rolls == ["Hagel 1 answer to boarders at Warden 2",
                     "Hagel 1 answer to boarders at Warden 2 (exploding)",
                     "Hagel 2 answer to boarders at Warden 2",
                     "Hagel 3 answer to boarders at Warden 1"]
    assert "boarding Hagel 1: 4 melee dice score" in " ".join(said)

    together = crews((6, 1, 5, 5))
    play(together, Respond(frigates))
    assert (model(together, 0).ap, model(together, 1).ap) == (5 - 4, 5)


def test_dw_multi_assault_a_divided_answer_replays_and_its_action_round_trips() -> None:
    """DW-MULTI-ASSAULT, DW-REPLAY: the answer's division is part of the action's JSON
    (``at``), read back to the same action (an answer of an older journal, naming none,
    reads as before); the game's journal replays to the same state."""
    codec = ActionCodec(ACTION_TYPES)
    divided = Respond(TANKS, True, (1, 1, 1))
    assert divided.to_plain() == {"type": "respond", "models": [2, 3, 4], "linked": True,
                                  "at": [1, 1, 1]}
    assert codec.decode(divided.to_plain()) == divided
    assert codec.decode({"type": "respond", "models": [2, 3, 4]}) == Respond(TANKS)
    game = boarded((1, 1, 6, 6, 4, 1, 1, 1))
    play(game, Respond(TANKS, at=(0, 1, 1)))
    assert replay(game.journal).hash() == game.hash()


def _fit(game: Game, answer: Respond, copies: int, seed: int) -> None:
    """Seeded copies of ``game`` taking ``answer`` fit the web table's odds under it: how
    the assault ends, and what the answer does to each robot's hull (chi-square)."""
    odds = RULES.action_odds(state(game), answer)
    assert odds is not None and not odds.withheld
    ends = ("captured", "repelled", "both lose AP", "both wiped out")
    struck = ("none", "damage", "critical")
    stream = RandomStream.from_seed(seed)
    seen_ends: list[int] = []
    seen_hulls: dict[int, list[int]] = {0: [], 1: []}
    for _ in range(copies):
        twin = game.copy()
        twin.set_dice(SeededDice(stream))
        twin.apply(1, answer)
        for uid, seen in seen_hulls.items():
            hit = {type(e) for e in twin.events if getattr(e, "model", -1) == uid}
            seen.append(2 if CriticalHit in hit else 1 if HullDamage in hit else 0)
        table = state(twin)
        if not any(isinstance(e, Melee) for e in twin.events):
            seen_ends.append(ends.index("repelled"))
        else:
            left = sum(table.models[uid].ap for uid in (0, 1) if table.models[uid].active)
            seen_ends.append(ends.index(assault_outcome(table.models[2].ap, left)))
    exact = Dist([odds.named[name] for name in ends])
    stat, critical = chi_square(seen_ends, exact)
    assert stat < critical, ("ends", stat, critical)
    for uid, seen in seen_hulls.items():
        named = odds.others[state(game).models[uid].name]
        stat, critical = chi_square(seen, Dist([named[name] for name in struck]))
        assert stat < critical, (uid, stat, critical)


def test_dw_odds_boarding_a_divided_answer_at_two_robots_fits_the_games_assaults() -> None:
    """DW-ODDS-BOARDING, DW-ODDS-GAME, DW-MULTI-ASSAULT: the web table's odds under an
    answer divided between two robots (Uhrwerk 2 on 1 hull point, Yeoman 1 at Uhrwerk 1,
    Yeoman 2 and 3 at Uhrwerk 2) follow the division: how the assault ends, and none,
    damage or a critical hit on each robot's hull (named by robot), fit 1500 seeded
    copies of the game taking that answer; every roll at one robot shows that robot's
    hull alone, as `boarding attacker=prussia-robot` does, and says which robot the
    attacker is (at first, the page's "attacker damage" named neither). Before 0.20, every
    answer showed the first robot struck by every roll."""
    game = boarded()
    model(game, 1).damage = 4
    odds = RULES.action_odds(state(game), Respond(TANKS, at=(0, 1, 1)))
    assert odds is not None and set(odds.others) == {"Uhrwerk 1", "Uhrwerk 2"}
    assert odds.others["Uhrwerk 2"]["destroyed"] > odds.others["Uhrwerk 1"]["destroyed"]
    at_two = RULES.action_odds(state(game), Respond(TANKS, at=(1, 1, 1)))
    assert at_two is not None and at_two.named["attacker destroyed"] > 0.05
    assert "Uhrwerk 2: DR 5, CR 7, 1 hull point left" in " ".join(at_two.notes)
    assert "attacker: Uhrwerk 2 (every roll at its hull)" in at_two.facts
    assert not any(fact.startswith("attacker:") for fact in odds.facts)
    _fit(game, Respond(TANKS, at=(0, 1, 1)), 1500, 43)


def test_dw_odds_boarding_a_divided_answer_at_two_crews_fits_the_games_assaults() -> None:
    """DW-ODDS-BOARDING, DW-MULTI-ASSAULT: the web table's odds under an answer divided
    between two cruisers' crews (Hagel 1 and 2 at Warden 2's 1 point, Hagel 3 at Warden
    1's 5) fit seeded copies of the game: each party loses only the kills at it."""
    game = crews(())
    answer = Respond((2, 3, 4), at=(1, 1, 0))
    odds = RULES.action_odds(state(game), answer)
    assert odds is not None and "kills beyond a party's points are lost" in odds.notes
    together = RULES.action_odds(state(game), Respond((2, 3, 4)))
    assert together is not None and together.named != odds.named
    ends = ("captured", "repelled", "both lose AP", "both wiped out")
    stream = RandomStream.from_seed(47)
    seen: list[int] = []
    for _ in range(1500):
        twin = game.copy()
        twin.set_dice(SeededDice(stream))
        twin.apply(1, answer)
        table = state(twin)
        melee = [e for e in twin.events if isinstance(e, Melee)]
        if not melee:
            seen.append(ends.index("repelled"))
            continue
        boarders = sum(ap for ap in (table.models[0].ap, table.models[1].ap))
        lost = 10 - boarders  # the ships' points lost, to the answer and in the melee
        seen.append(ends.index(assault_outcome(table.models[2].ap, 6 - lost)))
    stat, critical = chi_square(seen, Dist([odds.named[name] for name in ends]))
    assert stat < critical, (stat, critical)


def test_dw_multi_assault_the_bot_answers_the_robot_it_can_sink() -> None:
    """DW-MULTI-ASSAULT, DW-BOT: against two boarding robots the commodore bot names the
    one its answer can sink before it comes aboard (Uhrwerk 2 on 1 hull point), every
    roll at it, rather than the first sent; at full hull both it strikes the first."""
    game = boarded()
    data = game.ruleset.data  # type: ignore[attr-defined]
    assert answer_choice(state(game), data, owed(game)).at[0] == 0  # type: ignore[union-attr]
    model(game, 1).damage = 4
    chosen = answer_choice(state(game), data, owed(game))
    assert chosen is not None and set(chosen.at) == {1}


def test_dw_multi_assault_a_bot_game_with_boarding_robots_runs_to_its_end() -> None:
    """DW-MULTI-ASSAULT, DW-CONFORMANCE: the two robots board the tank, then commodore bots
    play both fleets on to the end: the defender's bot answers naming robots, and the
    game's journal replays to the same state."""
    game = Game.new(RULES, {**ROBOTS, "turns": 3}, seed=5)
    bots = [CommodoreBot(1), CommodoreBot(2)]
    script = [Activate(0), Move(0, (0.0,), ram=False), Move(1, (0.0,), ram=False),
              CeaseFire(), Board(0, 2, 4), Board(1, 2, 4)]
    assert owed(game).player == 0  # the robots' side wins the initiative at this seed
    answered: list[Respond] = []
    steps = 0
    while not game.is_over and steps < 3000:
        decision = owed(game)
        if script and decision.player == 0:
            action = script.pop(0)
        else:
            action = bots[decision.player].choose(game.observe(decision.player), decision)
            if isinstance(state(game).stack[-1], AnswerBoarding) and isinstance(action, Respond):
                answered.append(action)
        game.apply(decision.player, action)
        steps += 1
    assert game.is_over and answered and answered[0].at
    assert set(answered[0].at) <= {0, 1}
    assert replay(game.journal).hash() == game.hash()


def test_dw_multi_assault_decline_still_answers_nothing() -> None:
    """DW-MULTI-ASSAULT: declining the answer leaves both robots' hulls whole."""
    game = boarded()
    play(game, Decline())
    assert (model(game, 0).damage, model(game, 1).damage) == (0, 0)


def test_dw_odds_boarding_a_division_at_one_hull_is_the_commands_struck_odds() -> None:
    """DW-ODDS-BOARDING: the divided odds (`exact.divided_assault_odds`) of rolls all at one
    robot, beside a crew none strikes, equal `exact.struck_assault_odds`, the command's."""
    from warbench.rulesets.dystopian_wars.exact import (
        Hull,
        divided_assault_odds,
        pool_hits,
        struck_assault_odds,
    )

    strikes = [pool_hits(4, 4), pool_hits(2, 4)]
    extra = Dist.constant(1)
    parties = [(7, 4), (8, 3)]

    def melee(left: list[tuple[int, int]]) -> int:
        return sum(ap for _, ap in left)

    ours, hulls = divided_assault_odds(parties, 3, {}, {7: (strikes, Hull(5, 7, 5, 2, extra))},
                                       melee)
    theirs, hull = struck_assault_odds(parties, 3, 7, strikes, dr=5, cr=7, starting_hp=5,
                                       hull_left=2, extra=extra, melee=melee)
    for name, chance in theirs.outcomes.items():
        assert ours.outcomes[name] == pytest.approx(chance, abs=1e-12)
    assert ours.defenders_lost.mean == pytest.approx(theirs.defenders_lost.mean, abs=1e-12)
    assert ours.boarders_lost.mean == pytest.approx(theirs.boarders_lost.mean, abs=1e-12)
    assert hulls[7].named() == pytest.approx(hull.named(), abs=1e-12)
