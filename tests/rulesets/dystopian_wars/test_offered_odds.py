"""The exact odds the web table shows under a boarding assault offered and each answer to
it, under a move considered that rams, collides or runs aground, and under each way
offered to use charges at mines: the command line's own entries (``boarding``, ``ram``,
``cc-mine``) with every option read from the seat's observation, and the dice the game
then rolls."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    model,
    owed,
    play,
    refresh,
    scripted,
    setup,
    squadron,
    state,
)
from tests.rulesets.dystopian_wars.test_boarding import ALONGSIDE
from tests.rulesets.dystopian_wars.test_movement import octagon
from tests.rulesets.dystopian_wars.test_prizes_and_charges import two_cruisers
from warbench.core.attacks import OddsAnswer
from warbench.core.dice import SeededDice
from warbench.core.engine import Game
from warbench.core.events import RollEffect
from warbench.core.odds import Dist
from warbench.core.rng import RandomStream
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    Board,
    CeaseFire,
    Decline,
    Move,
    Respond,
    SweepMines,
)
from warbench.rulesets.dystopian_wars.boarding_events import Melee
from warbench.rulesets.dystopian_wars.boarding_rules import assault_outcome
from warbench.rulesets.dystopian_wars.events import CriticalHit, HullDamage
from warbench.rulesets.dystopian_wars.odds import attack_odds
from warbench.rulesets.dystopian_wars.state import Locked, Mine
from warbench.testing import chi_square

ATTACKS = attack_odds()


def command(*words: str) -> OddsAnswer:
    """The command line's answer to ``warbench odds dystopian-wars WORDS``."""
    entry = ATTACKS[words[0]]
    return entry.odds(entry.parse_options(list(words[1:])))


def shown(game: Game, seat: int, action: object) -> OddsAnswer:
    """The odds the web table shows ``seat`` under ``action``, from its observation."""
    answer = game.ruleset.action_odds(game.observe(seat).state, action)
    assert answer is not None, action
    return answer


def assert_same(ours: OddsAnswer, theirs: OddsAnswer) -> None:
    """The same distribution and named chances (to rounding)."""
    assert ours.outcome == theirs.outcome and not ours.withheld
    assert ours.named == pytest.approx(theirs.named, abs=1e-12)
    assert ours.distribution.to_dict() == pytest.approx(theirs.distribution.to_dict(),
                                                        abs=1e-12)


def rolled(game: Game) -> dict[str, int]:
    """The dice of each roll made so far, by its purpose (the last of each)."""
    return {event.purpose: event.dice for event in game.events if isinstance(event, RollEffect)}


# --- boarding ----------------------------------------------------------------------------


def test_dw_odds_boarding_each_board_option_and_answer_shows_the_commands_odds() -> None:
    """DW-ODDS-BOARDING, DW-BOARD-ANSWER, DW-BOARD-MELEE: Warden (5 points) may board a
    Prussian frigate (2 points) whose squadron's three frigates each have 1 ack-ack die.
    The Board options show `boarding ap=5 defenders=2 aa=3` (and ap=2), the answer assumed
    every frigate's own die; the defender's answers show theirs: each on its own and
    linked (1 + 1 + 1 = 3 dice), and *decline* (aa=0). The game then rolls the dice the
    odds read: three answer dice, and 4 melee dice once one boarder fell."""
    game = scripted(ALONGSIDE, [*P0_FIRST, 5, 1, 1, 4, 4, 1, 1, 1, 1, 4, 1, 1])
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    whole = shown(game, 0, Board(0, 1, 5))
    assert_same(whole, command("boarding", "ap=5", "defenders=2", "aa=3"))
    assert whole.facts == ("if Hagel 1's squadron answers with all its ack-ack, each model "
                           "on its own",)
    assert_same(shown(game, 0, Board(0, 1, 2)),
                command("boarding", "ap=2", "defenders=2", "aa=3"))
    play(game, Board(0, 1, 5))
    answers = owed(game).options
    assert answers == (Respond((1, 2, 3)), Respond((1, 2, 3), linked=True), Decline())
    for answer, aa in zip(answers, ("3", "3", "0"), strict=True):
        assert_same(shown(game, 1, answer),
                    command("boarding", "ap=5", "defenders=2", f"aa={aa}"))
    play(game, answers[0])
    dice = rolled(game)
    assert [dice[f"Hagel {n} answer to boarders"] for n in (1, 2, 3)] == [1, 1, 1]
    assert dice["boarders' melee on Hagel 1"] == 4 and dice["Hagel 1 defenders' melee"] == 2


def test_dw_odds_boarding_a_party_after_a_ram_rolls_half_and_joins_those_sent() -> None:
    """DW-ODDS-BOARDING, DW-CONTACT-BOARD: a cruiser that rammed another model this
    activation boards with half its melee dice: the odds are `boarding rammed=true`; a
    second party sent at the same target joins the first, and its option shows the odds
    of both together (`ap=10` where neither is halved), saying who went first."""
    game = scripted(setup(
        [squadron("britannia-cruiser", (17.0, 10.0, 0.0), (20.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-frigate", (18.5, 13.0, 90.0), (30.0, 30.0, 90.0),
                  (33.0, 30.0, 90.0))],
    ), [*P0_FIRST, *[1] * 60])
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)), CeaseFire())
    assert Board(0, 2, 5) in owed(game).options and Board(1, 2, 5) in owed(game).options
    one = command("boarding", "ap=5", "defenders=2", "aa=1")
    assert_same(shown(game, 0, Board(0, 2, 5)), one)
    model(game, 0).struck.append(3)  # Warden 1 rammed Hagel 2 in this activation
    assert_same(shown(game, 0, Board(0, 2, 5)),
                command("boarding", "ap=5", "defenders=2", "aa=1", "rammed=true"))
    model(game, 0).struck.clear()
    play(game, Board(0, 2, 5))
    both = shown(game, 0, Board(1, 2, 5))
    assert_same(both, command("boarding", "ap=10", "defenders=2", "aa=1"))
    assert both.facts[0] == "with Warden 1's 5 points sent already"


def _leviathan(hull: int = 8) -> Game:
    """Leviathan (a Japanese creature: 9 points; DR 5, CR 9, ``hull`` of its 8 hull points
    left) in base contact with Hecht 1, a surfaced Prussian submarine of 4 points whose
    squadron's two submarines have 4 charges each, in its boarding step."""
    game = scripted(setup(
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan")],
        [squadron("prussia-submarine", (36.0, 16.0, 0.0), (40.0, 16.0, 0.0))],
    ), (*P0_FIRST, *([1] * 40)))
    play(game, Activate(0), Move(0, (6.0,), ram=False), CeaseFire())
    model(game, 0).damage = 8 - hull
    refresh(game)
    return game


def test_dw_odds_boarding_ack_ack_at_a_boarding_creature_shows_the_commands_odds() -> None:
    """DW-ODDS-BOARDING, DW-BOARD-ANSWER (seed l.559): an answer at a boarding creature
    strikes its hull on 4+, each roll meeting its DR and CR on its own, and takes none of
    its points; one it sinks never reaches the target. Leviathan, 2 hull points left,
    boards Hecht 1 (4 points), whose squadron answers with charges (Leviathan dives,
    l.558): the Board option and the answer each on its own show `boarding
    attacker=blazing-sun-creature hp=2 ap=9 defenders=4 answers=4,4` (two rolls of 4 dice,
    each against DR 5 alone), linked (4 + 2 dice, one roll) `aa=6`, *decline* no answer;
    the game then rolls those dice at its hull. Before, each said there were no exact
    odds."""
    game = _leviathan(hull=2)
    creature = ("attacker=blazing-sun-creature", "hp=2", "ap=9", "defenders=4")
    apart = command("boarding", *creature, "answers=4,4")
    offered = shown(game, 0, Board(0, 1, 9))
    assert_same(offered, apart)
    assert offered.facts == (
        "if Hecht 1's squadron answers with all its concussion charges, each model on its own",
        "creatures and robots never capture: captured means Hecht 1 is left with no points")
    assert apart.named["attacker destroyed"] > 0.05 and apart.named["repelled"] > 0.05
    play(game, Board(0, 1, 9))
    answers = owed(game).options
    assert answers == (Respond((1, 2)), Respond((1, 2), linked=True), Decline())
    for answer, words in zip(answers, (("answers=4,4",), ("aa=6",), ()), strict=True):
        assert_same(shown(game, 1, answer), command("boarding", *creature, *words))
    assert "attacker none" not in shown(game, 1, Decline()).named
    play(game, answers[0])
    dice = rolled(game)
    assert [dice[f"Hecht {n} answer to boarders"] for n in (1, 2)] == [4, 4]


def test_dw_odds_boarding_an_answer_at_a_creature_fits_the_games_assaults() -> None:
    """DW-ODDS-GAME, DW-ODDS-BOARDING, DW-BOARD-ANSWER: the answer each on its own at
    Leviathan (2 hull points left) played 1500 times by the game from seeded copies of the
    table (`Boarding.answer_fire`, then `fight`): how the assault ends, and whether the
    answer left its hull unharmed, damaged or critically hit, fit the odds the web table
    shows under that answer (chi-square, p > 0.001), and not the odds of one roll of all
    8 dice."""
    game = _leviathan(hull=2)
    play(game, Board(0, 1, 9))
    answer = owed(game).options[0]
    odds = shown(game, 1, answer)
    ends = ("captured", "repelled", "both lose AP", "both wiped out")
    struck = ("none", "damage", "critical")
    stream = RandomStream.from_seed(41)
    seen_ends, seen_struck = [], []
    for _ in range(1500):
        twin = game.copy()
        twin.set_dice(SeededDice(stream))
        twin.apply(1, answer)
        hit = {type(e) for e in twin.events if getattr(e, "model", -1) == 0}
        seen_struck.append(2 if CriticalHit in hit else 1 if HullDamage in hit else 0)
        table = state(twin)
        if not any(isinstance(e, Melee) for e in twin.events):
            seen_ends.append(ends.index("repelled"))  # sunk: the boarders never reach it
        else:
            seen_ends.append(ends.index(assault_outcome(table.models[1].ap,
                                                        table.models[0].ap)))
    for seen, names in ((seen_ends, ends), (seen_struck, [f"attacker {n}" for n in struck])):
        exact = Dist([odds.named[name] for name in names])
        stat, critical = chi_square(seen, exact)
        assert stat < critical, (names, stat, critical)
    summed = command("boarding", "attacker=blazing-sun-creature", "hp=2", "ap=9",
                     "defenders=4", "aa=8")  # the two rolls added up: one roll of 8 dice
    stat, critical = chi_square(seen_struck, Dist([summed.named[f"attacker {n}"]
                                                   for n in struck]))
    assert stat > critical, "the fit cannot tell two rolls apart from their sum"


def carried_on() -> Game:
    """Two British cruisers in their boarding step, Warden 1's 3 points locked aboard Hagel
    1 (a Prussian frigate) from an earlier activation."""
    game = scripted(setup(
        [squadron("britannia-cruiser", (17.0, 10.0, 0.0), (20.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-frigate", (17.0, 15.0, 90.0), (20.0, 15.0, 90.0),
                  (23.0, 15.0, 90.0))],
    ), [*P0_FIRST, *[1] * 60])
    state(game).boardings = [Locked(2, 0, [(0, 3)])]
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)), CeaseFire())
    return game


def test_dw_odds_boarding_a_boarding_carried_on_at_the_target_comes_first() -> None:
    """DW-ODDS-BOARDING, DW-BOARD-ROUNDS: where a boarding of the target carried on from an
    earlier activation is fought first in this step (its melee changes the defenders), a
    new assault at it says there are no exact odds, and why; one at another target has
    them."""
    game = carried_on()
    assert Board(1, 2, 5) in owed(game).options
    assert shown(game, 0, Board(1, 2, 5)).withheld.startswith(
        "a boarding of Hagel 1 carried on from an earlier activation is fought first")
    assert not shown(game, 0, Board(1, 3, 5)).withheld


# --- rams, collisions, terrain -------------------------------------------------------------


FRIGATES = squadron("prussia-frigate", (36.0, 16.0, 90.0), (39.0, 20.0, 90.0),
                    (42.0, 20.0, 90.0))
FAR = [squadron("prussia-frigate", (10.0, 40.0, 0.0), (13.0, 40.0, 0.0), (16.0, 40.0, 0.0))]
SOVEREIGN = [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")]
ISLAND = [{"name": "Gull Rock", "kind": "island", "density": "dense",
           "points": octagon(36.0, 20.0, 3.0)}]
PICKETS = squadron("britannia-frigate", (36.0, 16.0, 90.0), (39.0, 19.0, 90.0),
                   (42.0, 19.0, 90.0))


@pytest.mark.parametrize(("fleets", "words", "roll"), [
    ((SOVEREIGN, [FRIGATES]), ("kind=ram", "target=prussia-frigate", "target_hp=1"),
     "Sovereign ram on Hagel 1"),
    ((SOVEREIGN, FAR, ISLAND), ("kind=terrain", "density=dense"),
     "Sovereign collision with Gull Rock"),
    (([*SOVEREIGN, PICKETS], FAR), ("kind=collision", "target=britannia-frigate",
                                    "target_hp=1"),
     "Sovereign collision on Picket 1"),
])
def test_dw_odds_ram_a_move_considered_shows_the_commands_ram_odds(
    fleets: tuple[object, ...], words: tuple[str, ...], roll: str,
) -> None:
    """DW-ODDS-RAM, DW-RAM, DW-COLLIDE, DW-COLLIDE-TERRAIN: a move considered that meets an
    enemy bow first, an island or a friend shows the command line's `ram` entry for it,
    every option read from the table: the battleship's class and hull left (2 points lost
    here: hp=6), the other's class and hull left (1 of 2), terrain's density; the game
    then rolls the dice the odds read (its ram rating, 2; the island's 12; its 6 hull
    points left)."""
    game = scripted(setup(*fleets[:2], terrain=fleets[2] if len(fleets) > 2 else "none"),
                    [*P0_FIRST, *[1] * 40])
    model(game, 0).damage = 2
    if len(state(game).models) > 1:
        model(game, 1).damage = 1
    play(game, Activate(0))
    move = Move(0, (7.0,))
    assert_same(shown(game, 0, move),
                command("ram", *words, "model=britannia-battleship", "hp=6"))
    play(game, move)
    dice = rolled(game)
    assert dice[roll] == {"kind=ram": 2, "kind=terrain": 12}.get(words[0], 6)


def test_dw_odds_ram_says_when_a_mine_or_an_earlier_contact_comes_first() -> None:
    """DW-ODDS-RAM, DW-MINES, DW-RAM: where the hull a ram rolls with may change before it
    is rolled, the move considered says there are no exact odds, and why: a mine the move
    sets off on the way, or an earlier contact of the squadron with the same model. A
    move meeting nothing shows none."""
    game = scripted(setup(SOVEREIGN, [FRIGATES]), [*P0_FIRST, *[1] * 40])
    state(game).mines.append(Mine(0, 1, 36.0, 14.0, 3, 2, armed=True))
    refresh(game)
    play(game, Activate(0))
    assert "sets off a mine" in shown(game, 0, Move(0, (7.0,))).withheld
    assert game.ruleset.action_odds(game.observe(0).state, Move(0, (1.0,))) is None
    two = scripted(setup([squadron("britannia-battleship", (36.0, 10.0, 0.0),
                                   (33.0, 10.0, 0.0), name="Sovereign")], [FRIGATES]),
                   [*P0_FIRST, *[1] * 40])
    play(two, Activate(0), Move(0, (7.0,)))
    second = shown(two, 0, Move(1, (3.0, 45.0, 3.0)))  # into Sovereign 1
    assert second.withheld.startswith("Sovereign 1's contact with Hagel 1 this activation "
                                      "is rolled first")


# --- charges at mines ----------------------------------------------------------------------


def test_dw_odds_mines_each_way_to_use_charges_shows_the_commands_cc_mine_odds() -> None:
    """DW-ODDS-MINES, DW-MINE-CC: Warden 1 and 2 (2 charge dice each) in reach of a 1-die
    and a 2-dice mine: the linked option is `cc-mine dice=3 mine=2`; an option of two
    shots shows each mine's chance (`cc-mine dice=2 mine=1` and `dice=2 mine=2`), of two
    shots at one mine its chance from both; the game rolls the 3 dice the odds read."""
    game = two_cruisers(Mine(0, 1, 30.0, 16.5, 1, 2, armed=True),
                        Mine(1, 1, 33.0, 15.0, 2, 2, armed=True), faces=(1, 1, 1))
    options = owed(game).options
    linked = SweepMines(((1, (0, 1), 0),))
    assert linked in options
    assert_same(shown(game, 0, linked), command("cc-mine", "dice=3", "mine=2"))
    apart = shown(game, 0, SweepMines(((0, (0,), 0), (1, (1,), 0))))
    small = command("cc-mine", "dice=2", "mine=1").named["destroyed"]
    large = command("cc-mine", "dice=2", "mine=2").named["destroyed"]
    assert apart.named == pytest.approx({"mine at (30.0, 16.5) destroyed": small,
                                         "mine at (33.0, 15.0) destroyed": large})
    assert apart.distribution.mean == pytest.approx(small + large)
    one_mine = shown(game, 0, SweepMines(((1, (0,), 0), (1, (1,), 0))))
    assert one_mine.named["destroyed"] == pytest.approx(1 - (1 - large) ** 2)
    play(game, linked)
    assert rolled(game)["Warden 1 and Warden 2 charges at a mine"] == 3
