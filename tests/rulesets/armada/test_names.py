"""ARM-NAMES: fleets that share a name (two copies of one armada) are told apart wherever
people read about them (the board and the picture, the options and their fields, the
narration, the prompts, the dice lines of the log and the luck report), by one tag the
board shows too; the state, the dice's labels (by which the search bot keys its sampled
rolls) and the outcome kept in the state keep the name alone."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from tests.rulesets.armada.helpers import RULES
from warbench.core.botspec import make_bot
from warbench.core.engine import Game
from warbench.core.events import GameOver, Roll
from warbench.core.journal import Journal, JournalOutcome
from warbench.core.luck import luck_report
from warbench.core.match import play_next_decision
from warbench.core.replay import every_hash, replay
from warbench.rulesets.armada.actions import Fire
from warbench.rulesets.armada.data import ArmadaData
from warbench.rulesets.armada.names import fleet_labels
from warbench.rulesets.armada.state import ArmadaState
from warbench.server.snapshot import event_text

#: Two copies of the Vanguard Picket: every fleet's name is on both sides.
MIRROR = {"armadas": ["vanguard-3", "vanguard-3"]}
FLEETS = ("Dawnbreaker", "Lance Squadron", "Pike Squadron", "Hornets", "Wasps")
#: A fleet's name not followed by its tag.
BARE = re.compile(rf"\b({'|'.join(FLEETS)})(?! \(P[12]\))")


def _keys(state: ArmadaState) -> dict[str, str]:
    """Each fleet's piece on the picture: its key (the fleet's id) and its label."""
    return {piece.key: piece.label for piece in RULES.table(state).pieces
            if piece.key and piece.shape == "hex"}


@cache
def _mirror() -> Game[ArmadaState, ArmadaData]:
    """A whole mirror, two tacticians."""
    game = Game.new(RULES, MIRROR, seed=4)
    agents = [make_bot(RULES, "tactician", seed) for seed in (1, 2)]
    while not game.is_over:
        play_next_decision(game, agents)
    return game


def test_arm_names_a_mirror_tags_every_fleet_by_its_side_on_the_picture() -> None:
    """ARM-NAMES: each of the ten fleets of a mirror is labelled with its name and its
    player on the table picture, no label twice; the labels are :func:`fleet_labels`."""
    game = Game.new(RULES, MIRROR, seed=4)
    keys = _keys(game.state)
    assert len(set(keys.values())) == len(keys) == 10
    assert keys["0"] == "Dawnbreaker (P1)" and keys["5"] == "Dawnbreaker (P2)"
    assert tuple(keys[str(index)] for index in range(10)) == fleet_labels(game.state.fleets)
    assert {name for fleet in game.state.fleets for name in (fleet.name,)} == set(FLEETS)


def test_arm_names_each_attack_names_its_target_by_the_label_its_piece_carries() -> None:
    """ARM-NAMES: in a mirror's gunnery phase every attack at a fleet names its attacker and
    its target by the labels of their pieces (the target's piece keyed by the option's
    target), in the option's words, in its target field and as the piece the board marks;
    no two options read alike; the prompt's space names the fleets that may fire so."""
    game = Game.new(RULES, MIRROR, seed=4)
    agents = [make_bot(RULES, "tactician", seed) for seed in (1, 2)]
    attacks: list[Fire] = []
    while not attacks:
        play_next_decision(game, agents)
        attacks = [option for decision in game.pending() for option in decision.options
                   if isinstance(option, Fire) and option.mine < 0]
    state, keys = game.observe(game.pending()[0].player).state, _keys(game.state)
    words = [RULES.action_text(state, option) for option in attacks]
    assert len(set(words)) == len(words) > 1
    for option, said in zip(attacks, words, strict=True):
        target = keys[str(option.target)]
        assert said.startswith(f"{keys[str(option.fleet)]} fires at {target}")
        assert RULES.field_value_words(state, option, "target") == target
        assert RULES.action_target(state, option) == target
    (space,) = game.pending()[0].spaces[:1]
    assert not BARE.search(space.description), space.description


def test_arm_names_the_narration_prompts_and_dice_lines_of_a_mirror_name_each_fleet_so(
) -> None:
    """ARM-NAMES: in a whole mirror every line of the narration, every dice line of the log
    and every roll the luck report rates names a fleet by its tag, never by the bare name
    both sides share; the dice's labels (the search's keys) and the outcome kept in the
    state name the fleets bare, so no search and no hash changes with the tags."""
    game = _mirror()
    told = [e.text for e in game.events if e.text and not isinstance(e, GameOver)]
    assert any("(P1)" in text for text in told) and any("(P2)" in text for text in told)
    assert not [text for text in told if BARE.search(text)]
    rolls = [event for event in game.events if isinstance(event, Roll)]
    lines = [event_text(event) for event in rolls]
    assert any(re.search(r"rolled 1d20 for \w[\w ]* \(P[12]\) gunnery: ", line)
               for line in lines), lines
    assert not [line for line in lines if BARE.search(line)]
    named = [event.label for event in rolls if BARE.search(event.label)]
    assert named and not [label for label in named if "(P" in label]
    rated = [roll.purpose for roll in luck_report(game.events, game.luck_odds).rolls]
    assert rated and not [purpose for purpose in rated if BARE.search(purpose)]
    assert game.outcome is not None and "(P" not in game.outcome.reason


def test_arm_names_the_two_armadas_of_a_mirror_are_told_apart_in_words() -> None:
    """ARM-NAMES: two copies of one armada are named with their players wherever the
    narration names an armada (the movement order, tied helm checks, the standing), so
    "movement order: Vanguard Picket, then Vanguard Picket" says who moves first; the
    outcome kept in the state names them bare."""
    game = _mirror()
    orders = [e.text for e in game.events if e.text.startswith("movement order: ")]
    assert orders and all(re.fullmatch(
        r"movement order: Vanguard Picket \(P([12])\), then Vanguard Picket \(P(?!\1)[12]\)"
        r" \(the lower helm check moves first\)", text) for text in orders), orders[:2]
    victory = RULES.victory(game.state)
    assert victory is not None
    said = " ".join([*victory.standing, victory.headline])
    assert "Vanguard Picket (P1)" in said and "Vanguard Picket (P2)" in said
    assert game.outcome is not None and "(P" not in game.outcome.reason


def test_arm_names_the_standing_and_the_table_in_words_tag_the_fleets() -> None:
    """ARM-NAMES: the CLI's account of the table lists each fleet by its label."""
    said = RULES.describe(_mirror().state)
    assert "] Dawnbreaker (P1): hull" in said and "] Wasps (P2): hull" in said
    assert not BARE.search(said)


def test_arm_names_a_journal_of_before_the_tags_replays_and_its_dice_read_tagged() -> None:
    """ARM-NAMES: a mirror journaled by two tacticians before fleets were told apart
    replays to every hash it records and to its outcome: the tags change no state, no die
    and no decision. Replayed, its dice lines name each fleet by its tag, while their
    labels, the search's keys, keep the name."""
    journal = Journal.load(Path(__file__).parent / "data" / "mirror-before-names.json")
    assert journal.setup == MIRROR and every_hash(journal)
    game = replay(journal)
    assert journal.outcome is not None and JournalOutcome.of(game.outcome) == journal.outcome
    gunnery = [event for event in game.events if isinstance(event, Roll)
               and event.label.endswith(" gunnery") and BARE.match(event.label)]
    assert gunnery and not [event for event in gunnery if "(P" in event.label]
    said = re.compile(r"player [12] rolled 1d20 for [\w ]+ \(P[12]\)( free attack)? gunnery: \d+")
    assert all(said.fullmatch(event_text(event)) for event in gunnery)
