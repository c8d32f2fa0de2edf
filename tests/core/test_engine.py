"""The game loop, played through the test-only Duel and a few deliberately broken rulesets."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest

from tests.core.engine_helpers import snapshot
from tests.duel import (
    Activation,
    AnswerShot,
    Duel,
    DuelState,
    Gamble,
    Pass,
    Respond,
    Shoot,
    Stance,
    bearing,
)
from warbench.core.actions import Action, ActionFormatError
from warbench.core.agents import RandomAgent
from warbench.core.dice import InvalidFaces, RefereeDice, ScriptedDice
from warbench.core.engine import Game, IllegalAction, UnknownPlayer
from warbench.core.journal import Journal
from warbench.core.plain import OMNISCIENT, canonical_json
from warbench.core.replay import ReplayMismatch, replay, replay_steps
from warbench.core.rng import RandomStream
from warbench.core.ruleset import SetupError

# ----------------------------------------------------------------- helpers


def new_duel(players: int = 2, seed: int = 0, **options: Any) -> Game:
    return Game.new(Duel(), seed=seed, players=players, **options)


def duel_state(game: Game) -> DuelState:
    assert isinstance(game.state, DuelState)
    return game.state


def write_stances(game: Game, *stances: str) -> None:
    for player, stance in enumerate(stances):
        game.apply(player, Stance(stance))


def to_first_aim(game: Game) -> int:
    """Write guarded stances for everyone; return the player who aims first."""
    write_stances(game, *["guarded"] * game.players)
    (decision,) = game.pending()
    assert decision.prompt == "aim or pass"
    return decision.player


def aimed_shot(game: Game, shooter: int, target: int, off: float = 0.0) -> Shoot:
    return Shoot(target, (bearing(shooter, target, game.players) + off) % 360, 1)


def play_out(game: Game, agent_seed: int = 0) -> list[str]:
    """Play to the end with random agents; return the hash after every action."""
    agents = [RandomAgent(agent_seed + seat) for seat in range(game.players)]
    hashes = []
    while not game.is_over:
        decision = game.pending()[0]
        try:
            seat = decision.player
            game.apply(seat, agents[seat].choose(game.observe(seat), decision))
        except IllegalAction:
            continue
        hashes.append(game.hash())
    return hashes


def seed_where_the_first_gamble_rolls_one() -> tuple[int, int]:
    """A seed whose first aiming player would roll a 1 on a gamble, and that player."""
    for seed in range(500):
        game = new_duel(seed=seed)
        shooter = to_first_aim(game)
        if game.state.rng.copy().faces(6, 1) == [1]:
            return seed, shooter
    raise AssertionError("no seed in range gives a failed gamble")


# ----------------------------------------------------------------- starting


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_waits_for_every_stance_at_once(players: int) -> None:
    game = new_duel(players)
    pending = game.pending()
    assert [decision.player for decision in pending] == list(range(players))
    for decision in pending:
        assert decision.options == (Stance("aggressive"), Stance("guarded"))
    assert game.journal.entries == []
    assert game.journal.opening_hash == game.hash()
    assert game.journal.players == players and game.journal.seed == 0


def test_simultaneous_decisions_advance_only_when_all_are_in() -> None:
    game = new_duel(3)
    game.apply(1, Stance("aggressive"))
    assert sorted(decision.player for decision in game.pending()) == [0, 2]
    game.apply(2, Stance("guarded"))
    assert [event.kind for event in game.events].count("roll") == 0
    game.apply(0, Stance("guarded"))
    assert [decision.prompt for decision in game.pending()] == ["aim or pass"]
    rolls = [event.data["label"] for event in game.events if event.kind == "roll"]
    assert rolls and set(rolls) == {"initiative"}


def test_bad_player_counts_and_setups_are_refused() -> None:
    with pytest.raises(SetupError, match="test-duel is played by 2 to 4 players, not 5"):
        new_duel(5)
    with pytest.raises(SetupError, match="unknown key 'armour'"):
        Game.new(Duel(), {"armour": 3})
    assert Game.new(Duel()).players == Duel.min_players


# ----------------------------------------------------------------- check and apply


def test_check_refuses_a_player_who_owes_nothing() -> None:
    game = new_duel()
    game.apply(0, Stance("guarded"))
    assert game.check(0, Stance("aggressive")) == (
        "player 1 owes no decision now (waiting for player 2)"
    )


def test_check_refuses_players_who_do_not_exist() -> None:
    game = new_duel()
    assert game.check(2, Stance("guarded")) == (
        "there is no seat 2 in a 2-player game (seats are 0 to 1)")
    assert game.check(-1, Stance("guarded")) == (
        "there is no seat -1 in a 2-player game (seats are 0 to 1)")


def test_check_refuses_actions_not_among_the_options() -> None:
    game = new_duel()
    assert game.check(0, Stance("reckless")) == (
        "stance: stance reckless is not a legal answer to 'write your stance'"
    )
    assert game.check(0, Pass()) is not None


def test_check_gives_the_parameter_space_reasons() -> None:
    game = new_duel()
    shooter = to_first_aim(game)
    rival = 1 - shooter
    assert game.check(shooter, aimed_shot(game, shooter, rival, off=15.0)) is None
    assert game.check(shooter, aimed_shot(game, shooter, rival, off=-19.5)) is None
    off_by_35 = aimed_shot(game, shooter, rival, off=35.0)
    assert game.check(shooter, off_by_35) == (
        f"bearing {off_by_35.bearing:.1f} misses player {rival + 1} by 35.0 deg"
    )
    at_self = Shoot(shooter, 0.0, 1)
    assert game.check(shooter, at_self) == f"player {shooter + 1} is not a living rival"
    too_strong = Shoot(rival, aimed_shot(game, shooter, rival).bearing, 3)
    assert game.check(shooter, too_strong) == "power 3 is not between 1 and 2"


def test_a_kept_check_answers_as_a_fresh_one_until_the_game_moves_on() -> None:
    """issue 16 (``Game.check`` keeps its last answer): asking again about the very same
    action, for the same or another player, gives what a game that never kept an answer
    gives, before and after the game moves on."""
    game, fresh = new_duel(), new_duel()
    stance = Stance("guarded")
    for player in (0, 0, 1, 0):
        assert game.check(player, stance) == fresh.check(player, Stance("guarded")) is None
    game.apply(0, stance)
    fresh.apply(0, Stance("guarded"))
    for player in (0, 0, 1, 1):
        assert game.check(player, stance) == fresh.check(player, Stance("guarded"))
    assert game.check(0, stance) is not None and game.check(1, stance) is None


def test_check_refuses_everything_once_the_game_is_over() -> None:
    game = new_duel()
    play_out(game)
    assert game.is_over and game.pending() == []
    assert game.check(0, Stance("guarded")) == "the game is over"
    assert game.check(7, Pass()) == "the game is over"


@pytest.mark.parametrize(
    ("player", "action"),
    [(0, Stance("reckless")), (2, Stance("guarded")), (1, Pass())],
)
def test_apply_raises_the_check_reason_and_changes_nothing(player: int, action: Action) -> None:
    game = new_duel()
    game.apply(1, Stance("guarded"))
    before = snapshot(game)
    reason = game.check(player, action)
    assert reason is not None
    with pytest.raises(IllegalAction) as error:
        game.apply(player, action)
    assert str(error.value) == reason
    assert snapshot(game) == before


def test_apply_returns_the_events_it_caused() -> None:
    game = new_duel()
    game.apply(0, Stance("aggressive"))
    caused = game.apply(1, Stance("guarded"))
    assert caused == game.events[-len(caused) :]
    kinds = [event.kind for event in caused]
    assert kinds[:3] == ["stance_written", "own_stance", "stances_revealed"]
    assert "roll" in kinds


def test_apply_plain_decodes_then_applies() -> None:
    game = new_duel()
    game.apply_plain(0, {"type": "stance", "stance": "guarded"})
    assert game.journal.entries[-1].action == {"type": "stance", "stance": "guarded"}
    before = snapshot(game)
    with pytest.raises(ActionFormatError, match="did you mean 'stance'"):
        game.apply_plain(1, {"type": "stanse", "stance": "guarded"})
    assert snapshot(game) == before


# ----------------------------------------------------------------- late refusal and rollback


def test_a_late_refusal_rolls_back_everything_including_the_dice_stream() -> None:
    seed, shooter = seed_where_the_first_gamble_rolls_one()
    game = new_duel(seed=seed)
    to_first_aim(game)
    before = snapshot(game)
    stream_before = game.state.rng.copy()
    energy_before = list(duel_state(game).energy)
    with pytest.raises(IllegalAction, match="the gamble failed"):
        game.apply(shooter, Gamble())
    assert snapshot(game) == before
    assert game.state.rng == stream_before
    assert duel_state(game).energy == energy_before
    # The die was rolled back too, so the same gamble fails the same way again.
    with pytest.raises(IllegalAction, match="the gamble failed"):
        game.apply(shooter, Gamble())
    assert snapshot(game) == before


def test_after_a_late_refusal_the_game_goes_on_as_if_it_never_happened() -> None:
    seed, shooter = seed_where_the_first_gamble_rolls_one()
    tried = new_duel(seed=seed)
    to_first_aim(tried)
    with pytest.raises(IllegalAction):
        tried.apply(shooter, Gamble())
    untried = new_duel(seed=seed)
    to_first_aim(untried)
    for game in (tried, untried):
        game.apply(shooter, Pass())
    assert play_out(tried, agent_seed=4) == play_out(untried, agent_seed=4)
    assert tried.journal.dumps() == untried.journal.dumps()


def test_referee_faces_of_a_late_refusal_stay_out_of_the_journal() -> None:
    # Initiative 6 against 2: player 0 aims first; the gamble shows 1 and is refused.
    game = new_duel(dice=ScriptedDice([6, 2, 1]))
    write_stances(game, "guarded", "guarded")
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="the gamble failed"):
        game.apply(0, Gamble())
    assert snapshot(game) == before
    game.apply(0, Pass())
    assert [entry.faces for entry in game.journal.entries] == [[], [6, 2], []]


def test_without_transactions_a_late_refusal_leaves_its_changes() -> None:
    game = new_duel(dice=ScriptedDice([6, 2, 1]), transactional=False)
    write_stances(game, "guarded", "guarded")
    events = list(game.events)
    with pytest.raises(IllegalAction):
        game.apply(0, Gamble())
    assert duel_state(game).energy == [1, 2]
    assert game.events == events
    assert len(game.journal.entries) == 2


# ----------------------------------------------------------------- decisions mid-activation


def test_the_target_answers_in_the_middle_of_the_shooters_activation() -> None:
    game = new_duel(3)
    shooter = to_first_aim(game)
    target = (shooter + 1) % 3
    game.apply(shooter, aimed_shot(game, shooter, target))
    (answer,) = game.pending()
    assert answer.player == target
    assert answer.options == (Respond("dodge"), Respond("brace"))
    assert [type(frame) for frame in game.state.stack[-2:]] == [Activation, AnswerShot]
    assert game.check(shooter, Pass()) is not None
    assert game.events[-1].kind == "shot"
    caused = game.apply(target, Respond("brace"))
    damage = [event for event in caused if event.kind == "damage"]
    assert len(damage) == 1 and damage[0].data["target"] == target
    assert next(event.data["label"] for event in caused if event.kind == "roll") == "shot"
    stack = game.state.stack
    assert not any(isinstance(frame, AnswerShot) for frame in stack)
    assert not any(isinstance(frame, Activation) and frame.player == shooter for frame in stack)


# ----------------------------------------------------------------- secrets


def test_a_view_shows_your_own_stance_but_not_others_until_revealed() -> None:
    game = new_duel(3)
    game.apply(0, Stance("aggressive"))

    def written(viewer: int) -> Any:
        return game.view(viewer)["stack"][-1]["written"]["0"]

    assert written(0) == {
        "hidden": False,
        "owner": 0,
        "revealed": False,
        "value": {"@": "Stance", "stance": "aggressive"},
    }
    for other in (1, 2):
        assert written(other) == {"hidden": True, "owner": 0}
        assert "aggressive" not in canonical_json(game.view(other))
    game.apply(1, Stance("guarded"))
    game.apply(2, Stance("guarded"))
    for viewer in (0, 1, 2):
        assert game.view(viewer)["stances"] == ["aggressive", "guarded", "guarded"]


def test_views_never_hold_the_random_stream() -> None:
    game = new_duel()
    assert "rng" not in game.view(0) and "rng" not in game.view(1)
    assert canonical_json(game.state.rng) not in canonical_json(game.view(0))


def test_events_for_hides_a_players_own_stance_from_the_others() -> None:
    game = new_duel(3)
    game.apply(0, Stance("aggressive"))
    own = [event for event in game.events if event.kind == "own_stance"]
    assert len(own) == 1 and own[0].visible_to == frozenset({0})
    assert own[0] in game.events_for(0)
    for other in (1, 2):
        seen = game.events_for(other)
        assert [event.kind for event in seen] == ["stance_written"]
        assert "aggressive" not in str([event.to_plain() for event in seen])
    with pytest.raises(UnknownPlayer, match="no seat -1"):
        game.events_for(OMNISCIENT)  # the referee reads game.events; no seat sees all
    with pytest.raises(UnknownPlayer, match="no seat 3 in a 3-player game"):
        game.view(3)


# ----------------------------------------------------------------- dice, journal, copies


def test_every_draw_from_the_stream_is_a_roll_event() -> None:
    game = new_duel(4, seed=11)
    play_out(game, agent_seed=3)
    rolls = [event for event in game.events if event.kind == "roll"]
    assert {event.data["label"] for event in rolls} >= {"initiative", "shot"}
    stream = RandomStream.from_seed(11)
    for event in rolls:
        assert stream.faces(event.data["sides"], len(event.data["faces"])) == event.data["faces"]
    assert stream == game.state.rng  # nothing else was drawn


def test_roll_events_name_the_side_that_rolled() -> None:
    game = new_duel(3, seed=4)
    shooter = to_first_aim(game)
    target = (shooter + 1) % 3
    game.apply(shooter, aimed_shot(game, shooter, target))
    caused = game.apply(target, Respond("brace"))
    shots = [event for event in caused if event.kind == "roll"]
    assert shots and all(event.data["player"] == shooter for event in shots)
    initiative = [event for event in game.events if event.data.get("label") == "initiative"]
    assert initiative and all(event.data["player"] is None for event in initiative)


def test_the_journal_records_the_hash_after_every_action() -> None:
    game = new_duel(3, seed=5)
    hashes = play_out(game, agent_seed=1)
    assert [entry.hash for entry in game.journal.entries] == hashes
    assert len(set(hashes)) == len(hashes)


def test_record_hashes_off_keeps_actions_but_no_hashes() -> None:
    game = new_duel(seed=5, record_hashes=False)
    play_out(game)
    assert game.journal.opening_hash is None
    assert game.journal.entries and all(entry.hash is None for entry in game.journal.entries)
    checked = new_duel(seed=5)
    play_out(checked)
    assert replay(game.journal, rules=Duel()).hash() == checked.hash()


def test_a_copy_is_independent_of_its_original() -> None:
    game = new_duel(3, seed=2)
    shooter = to_first_aim(game)
    twin = game.copy()
    assert twin.hash() == game.hash()
    assert twin.events == []
    assert [(d.player, d.prompt, d.options) for d in twin.pending()] == [
        (d.player, d.prompt, d.options) for d in game.pending()
    ]
    assert twin.journal.dumps() == game.journal.dumps()
    before = snapshot(game)
    play_out(twin)
    assert twin.is_over and snapshot(game) == before
    twin_after = snapshot(twin)
    game.apply(shooter, Pass())
    assert snapshot(twin) == twin_after


# ----------------------------------------------------------------- referee mode


def cycling_referee(faces: Sequence[int]) -> RefereeDice:
    typed = itertools.cycle(faces)
    return RefereeDice(lambda sides, count, label: [next(typed) for _ in range(count)])


def test_referee_faces_go_to_the_journal_and_replay_reproduces_every_hash() -> None:
    referee = cycling_referee([3, 5, 2, 6, 1, 4, 4])
    game = new_duel(3, seed=9, dice=referee)
    play_out(game, agent_seed=2)
    journal = game.journal
    assert journal.referee and journal.opening_faces == []
    journal_faces = [face for entry in journal.entries for face in entry.faces or []]
    rolled = [face for event in game.events if event.kind == "roll" for face in event.data["faces"]]
    assert journal_faces == rolled
    # The referee also typed the faces of refused gambles: unrolled with them, so the log
    # holds the journal's faces and replays the game as its docstring says.
    typed = [face for _, faces in referee.log for face in faces]
    assert typed == journal_faces
    again = Game.new(Duel(), seed=9, players=3, dice=ScriptedDice.from_log(referee.log))
    for entry in journal.entries:
        again.apply(entry.player, Duel().codec.decode(entry.action))
    assert again.hash() == game.hash()
    loaded = Journal.loads(journal.dumps())
    replayed = [g.hash() for _, g in replay_steps(loaded, rules=Duel())]
    assert replayed == [journal.opening_hash] + [entry.hash for entry in journal.entries]


def test_a_referee_journal_of_another_version_whose_faces_go_unused_names_both_versions() -> None:
    """Journey 2: a referee game stored under one rules version and resumed under another
    (the server upgraded mid-game) whose typed faces the new rules no longer all roll is
    refused leading with both versions, as any replay of another version is, not with a
    bare "step 3 left 1 typed faces unused"."""
    game = new_duel(seed=9, dice=cycling_referee([3, 5, 2, 6, 4, 4]))
    play_out(game, agent_seed=1)
    journal = Journal.loads(game.journal.dumps())
    step = next(number for number, entry in enumerate(journal.entries, start=1) if entry.faces)
    journal.entries[step - 1].faces = [*(journal.entries[step - 1].faces or []), 1]
    journal.version = "0.0"
    with pytest.raises(ReplayMismatch) as caught:
        replay(journal, rules=Duel())
    assert str(caught.value) == (
        f"journal written by {Duel.id} 0.0, replayed with {Duel.version}: the rules changed"
        " between these versions, so this journal replays only with version 0.0 (step"
        f" {step} left 1 typed faces unused)")


def test_a_copy_of_a_referee_game_replays_from_its_journal() -> None:
    game = new_duel(seed=9, dice=cycling_referee([3, 5, 2, 6, 4, 4]))
    write_stances(game, "guarded", "guarded")
    twin = game.copy()
    play_out(twin, agent_seed=1)
    assert replay(twin.journal, rules=Duel()).hash() == twin.hash()


def test_a_bad_referee_face_raises_and_leaves_the_game_unchanged() -> None:
    answers: list[list[int]] = [[2], [7]]
    game = new_duel(dice=RefereeDice(lambda sides, count, label: answers.pop()))
    game.apply(0, Stance("guarded"))
    before = snapshot(game)
    with pytest.raises(InvalidFaces, match="7 is not on a d6"):
        game.apply(1, Stance("guarded"))  # the last stance triggers the initiative roll
    assert snapshot(game) == before
    assert [decision.player for decision in game.pending()] == [1]
    answers[:] = [[2], [5]]
    game.apply(1, Stance("guarded"))
    assert game.journal.entries[-1].faces == [5, 2]
    referee = game.external_dice  # the refused action's faces were unrolled with it
    assert isinstance(referee, RefereeDice) and referee.log == [(6, (5,)), (6, (2,))]


# ----------------------------------------------------------------- determinism


def test_same_seed_and_actions_give_the_same_hash_at_every_step() -> None:
    for players in (2, 4):
        first, second = new_duel(players, seed=21), new_duel(players, seed=21)
        assert first.hash() == second.hash()
        assert play_out(first, agent_seed=8) == play_out(second, agent_seed=8)
        assert first.journal.dumps() == second.journal.dumps()


def test_different_seeds_give_different_games() -> None:
    first, second = new_duel(seed=1), new_duel(seed=2)
    assert first.hash() != second.hash()
    for game in (first, second):  # the same actions: only the dice may differ
        while not game.is_over:
            for decision in game.pending():
                answer = Pass() if decision.prompt == "aim or pass" else Stance("guarded")
                game.apply(decision.player, answer)

    def faces(game: Game) -> list[list[int]]:
        return [event.data["faces"] for event in game.events if event.kind == "roll"]

    assert faces(first) != faces(second)
