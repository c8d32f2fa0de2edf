"""FT-NAMES: ships and fighter groups that share a name (two unnamed entries of one design
in a list, two copies of one fleet) are told apart wherever people read about them (the
board and the picture, the options and their fields, the narration, the prompts, the dice
lines of the log and the luck report), by one tag the board shows too; the state, the
dice's labels (by which the search bot keys its sampled rolls) and the outcome keep the
name alone."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from tests.rulesets.full_thrust.helpers import RULES
from warbench.core.botspec import make_bot
from warbench.core.engine import Game
from warbench.core.events import GameOver, Roll
from warbench.core.journal import Journal, JournalOutcome
from warbench.core.lists import ArmyList, UnitEntry
from warbench.core.luck import luck_report
from warbench.core.match import play_next_decision
from warbench.core.replay import every_hash, replay
from warbench.rulesets.full_thrust.actions import AssignWeapon, DeclareTarget
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.state import FullThrustState
from warbench.server.snapshot import event_text

#: Two unnamed escort carriers (each "Haven") and a named frigate, on both sides.
TWINS = ArmyList(name="Twin carriers", ruleset="full-thrust", faction="concord", units=(
    UnitEntry(unit="haven", options=("standard",)), UnitEntry(unit="haven", options=("standard",)),
    UnitEntry(unit="harrier", name="Kite")))
SHIPS = ("Haven 1 (P1)", "Haven 2 (P1)", "Kite (P1)", "Haven 1 (P2)", "Haven 2 (P2)",
         "Kite (P2)")
#: Each group reads after its carrier's label (it read "Haven S1 1 (P1)" until December 2026).
GROUPS = ("Haven 1 S1 (P1)", "Haven 2 S1 (P1)", "Haven 1 S1 (P2)", "Haven 2 S1 (P2)")


def _setup() -> dict[str, object]:
    return {**RULES.setup_for([TWINS, TWINS]), "turns": 4}


def _bare(text: str) -> bool:
    """Whether ``text`` names a ship or group by a name several share, not by its label."""
    for label in sorted(SHIPS + GROUPS, key=len, reverse=True):
        text = text.replace(label, "")
    return re.search(r"\b(Haven|Kite)\b", text) is not None


@cache
def _battle() -> Game[FullThrustState, Library]:
    """A whole battle of the twins, two admirals."""
    game = Game.new(RULES, _setup(), seed=2)
    agents = [make_bot(RULES, "admiral", seed) for seed in (1, 2)]
    while not game.is_over:
        play_next_decision(game, agents)
    return game


def test_ft_names_ships_and_groups_a_list_names_alike_are_numbered_and_tagged() -> None:
    """FT-NAMES: a list's two unnamed Havens are both named "Haven" in the state (as the
    set-up always named them); on the picture each ship is numbered among its side's and
    tagged with its player where both sides field its name, each fighter group the same;
    no label twice."""
    game = Game.new(RULES, _setup(), seed=2)
    assert [ship.name for ship in game.state.ships] == ["Haven", "Haven", "Kite"] * 2
    labels = {piece.key: piece.label for piece in RULES.table(game.state).pieces if piece.key}
    assert tuple(labels[str(index)] for index in range(6)) == SHIPS
    assert len(set(labels.values())) == len(labels)
    orders_owed = [decision.prompt for decision in game.pending()]
    assert orders_owed[:2] == ["write orders for Haven 1 (P1)", "write orders for Haven 2 (P1)"]


def test_ft_names_each_weapon_choice_names_its_target_by_the_label_its_piece_carries() -> None:
    """FT-NAMES: when a ship locks or aims at the enemy's two Havens, each option names the
    firer and its target by the labels of their pieces (the target's keyed by the option's
    target), in its words, in its target field and as the piece the board marks; no two
    options read alike."""
    game = Game.new(RULES, _setup(), seed=2)
    agents = [make_bot(RULES, "admiral", seed) for seed in (1, 2)]
    aims: list[DeclareTarget | AssignWeapon] = []
    while not aims or len({aim.target for aim in aims}) < 2:
        play_next_decision(game, agents)
        aims = [option for decision in game.pending() for option in decision.options
                if isinstance(option, DeclareTarget | AssignWeapon) and option.target >= 0
                and option.kind == "ship"]
    labels = {piece.key: piece.label for piece in RULES.table(game.state).pieces if piece.key}
    state = game.observe(game.pending()[0].player).state
    words = [RULES.action_text(state, option) for option in aims]
    assert len(set(words)) == len(words)
    for option, said in zip(aims, words, strict=True):
        target = labels[str(option.target)]
        assert said.startswith(f"{labels[str(option.ship)]}: ") and f" {target} (" in said
        assert RULES.field_value_words(state, option, "target") == target
        assert RULES.action_target(state, option) == target


def test_ft_names_the_narration_and_dice_lines_of_a_battle_name_each_so() -> None:
    """FT-NAMES: in a whole battle of the twins every line of the narration, every dice line
    of the log and every roll the luck report rates names a ship or group by its label,
    never by the name it shares; the dice's labels (the search's keys) and the outcome keep
    the names bare."""
    game = _battle()
    told = [e.text for e in game.events if e.text and not isinstance(e, GameOver)]
    assert any("Haven 2 (P2)" in text for text in told)
    assert not [text for text in told if _bare(text)]
    rolls = [event for event in game.events if isinstance(event, Roll)]
    lines = [event_text(event) for event in rolls]
    assert any(re.search(r"for Haven [12] \(P[12]\) (point defence|class)", line)
               for line in lines), lines
    assert not [line for line in lines if _bare(line)]
    named = [event.label for event in rolls if "Haven" in event.label or "Kite" in event.label]
    assert named and not [label for label in named if "(P" in label]
    rated = [roll.purpose for roll in luck_report(game.events, game.luck_odds).rolls]
    assert rated and not [purpose for purpose in rated if _bare(purpose)]
    assert game.outcome is not None and "(P" not in game.outcome.reason


def test_ft_names_two_fleets_of_one_name_are_told_apart_in_words() -> None:
    """FT-NAMES: two copies of one list are named with their players where the narration
    names a fleet (who wins the initiative, the standing), so "Twin carriers wins the
    initiative" says which; the outcome kept in the state names them bare."""
    game = _battle()
    initiative = [e.text for e in game.events if e.text.endswith(" wins the initiative")]
    assert initiative and all(re.fullmatch(r"Twin carriers \(P[12]\) wins the initiative", text)
                              for text in initiative), initiative[:2]
    victory = RULES.victory(game.state)
    assert victory is not None
    said = " ".join([*victory.standing, victory.headline])
    assert "Twin carriers (P1)" in said and "Twin carriers (P2)" in said
    assert game.outcome is not None and "(P" not in game.outcome.reason


def test_ft_names_a_journal_of_before_the_tags_replays_and_its_dice_read_tagged() -> None:
    """FT-NAMES: a battle of two fleets of two Havens each, journaled by two admirals before
    ships were told apart, replays to every hash it records and to its outcome: the tags
    change no state, no die and no decision. Replayed, its dice lines name each ship by its
    tag (a fighter group's by its own), while their labels, the search's keys, keep the
    name."""
    journal = Journal.load(Path(__file__).parent / "data" / "twins-before-names.json")
    assert every_hash(journal)
    game = replay(journal)
    assert journal.outcome is not None and JournalOutcome.of(game.outcome) == journal.outcome
    havens = [event for event in game.events if isinstance(event, Roll)
              and event.label.startswith("Haven ")]
    assert havens and not [event for event in havens if "(P" in event.label]
    said = re.compile(r"player [12] rolled \d+d6 for Haven [12]( S1)? \(P[12]\) [\w ()-]+: [\d ]+")
    assert all(said.fullmatch(event_text(event)) for event in havens), [
        event_text(event) for event in havens]
