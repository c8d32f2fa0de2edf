"""Replaying a journal: the same setup, seed and actions give the same states, bit for bit."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from warbench.core.actions import ActionFormatError
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.core.journal import Journal, JournalFileError, JournalOutcome
from warbench.core.registry import ruleset as find_ruleset
from warbench.core.ruleset import Ruleset
from warbench.core.words import player_name


class ReplayMismatch(ValueError):
    """A replayed state differs from the one the journal recorded."""


class DataMismatch(ReplayMismatch):
    """A game played with other unit data than the replay reads: refused before any step,
    so nothing was verified (the command line says so as a mistake, not a failed check)."""


def replay_steps(
    journal: Journal, *, verify: bool = True, rules: Ruleset[Any, Any] | None = None
) -> Iterator[tuple[int, Game[Any, Any]]]:
    """Yield ``(n, game)`` after the opening (n = 0) and after each of the n actions.

    The same :class:`Game` object is yielded each time, moved on by one action. With
    ``verify``, every recorded hash is compared and :class:`ReplayMismatch` names the first
    step that differs, and a recorded outcome must be where the actions lead (a journal cut
    short of its end fails); a journal that is malformed (no game starts from its opening, an
    action no codec reads) raises :class:`JournalFileError`. ``rules`` defaults to the
    registered ruleset the journal names.
    """
    if rules is None:
        rules = find_ruleset(journal.ruleset)
    elif rules.id != journal.ruleset:
        raise ReplayMismatch(f"the journal is a {journal.ruleset} game, not {rules.id}")
    if journal.data != rules.data_digest:
        raise DataMismatch(data_mismatch(journal.data, rules.data_digest))
    version = rules.version  # the rules replaying it, for the closures below

    def mismatch(detail: str) -> ReplayMismatch:
        """A replay that went astray; under another rules version, the version leads."""
        if journal.version == version:
            return ReplayMismatch(detail)
        return ReplayMismatch(
            f"journal written by {journal.ruleset} {journal.version}, replayed with"
            f" {version}: the rules changed between these versions, so this journal"
            f" replays only with version {journal.version} ({detail})"
        )

    def all_faces_used(where: str) -> None:
        """Every face typed for ``where`` rolled, or the mismatch saying how many were not."""
        try:
            _all_faces_used(game, where)
        except ReplayMismatch as error:
            raise mismatch(str(error)) from None

    try:
        game = Game.new(
            rules,
            journal.setup,
            seed=journal.seed,
            players=journal.players,
            dice=_typed(journal.opening_faces) if journal.referee else None,
        )
    except ValueError as error:  # no players, an unknown set-up key: a malformed journal
        raise JournalFileError(f"the journal's opening cannot start a game: {error}") from None
    if journal.referee:
        all_faces_used("the opening")
    game.journal.played_by = journal.played_by  # who played: kept, as nothing replays it

    if verify and journal.opening_hash and game.hash() != journal.opening_hash:
        raise mismatch("the opening state differs from the journal's")
    yield 0, game
    for number, entry in enumerate(journal.entries, start=1):
        try:
            action = rules.codec.decode(entry.action)
        except ActionFormatError as error:
            raise JournalFileError(
                f"step {number}: the journal's action cannot be read: {error}"
            ) from None
        try:
            if journal.referee:
                game.set_dice(_typed(entry.faces))
            game.apply(entry.player, action)
        except ValueError as error:  # refused, malformed, or typed faces that do not fit
            raise mismatch(
                f"step {number}: the journal's action cannot be replayed: {error}"
            ) from None
        if journal.referee:
            all_faces_used(f"step {number}")
        if verify and entry.hash is not None and game.hash() != entry.hash:
            raise mismatch(
                f"step {number} ({entry.action.get('type')} by {player_name(entry.player)}) reached"
                f" a different state than the journal recorded"
            )
        yield number, game
    recorded, found = journal.outcome, JournalOutcome.of(game.outcome)
    if verify and recorded is not None and found != recorded:
        raise mismatch(outcome_mismatch(recorded, found, len(journal.entries)))


def every_hash(journal: Journal) -> bool:
    """Whether the journal records the hash of every state, the opening's too."""
    return journal.opening_hash is not None and all(
        entry.hash is not None for entry in journal.entries)


def hashes_checked(journal: Journal) -> str:
    """What a replay that reached the end proved: every hash matched, some did, or none
    was recorded (a journal of legal moves with no hash verifies nothing), in words."""
    recorded = sum(entry.hash is not None for entry in journal.entries)
    recorded += journal.opening_hash is not None
    total = len(journal.entries) + 1
    if recorded == total:
        return "every hash matches"
    if recorded == 0:
        return "the journal records no state hash, so nothing was verified"
    if recorded == 1:
        return f"1 recorded hash of {total} states matches; the rest were not recorded"
    return f"{recorded} recorded hashes of {total} states match; the rest were not recorded"


def outcome_mismatch(recorded: JournalOutcome, found: JournalOutcome | None, steps: int) -> str:
    """How the outcome a journal records differs from the one its ``steps`` actions reach,
    naming the scores where the winners and the reason agree.

    >>> said = outcome_mismatch(JournalOutcome([1], [0.0, 9.0], "sunk"),
    ...                         JournalOutcome([1], [0.0, 4.0], "sunk"), 12)
    >>> for part in said.split(", but "):
    ...     print(part)
    the journal records the game won by player 2 (sunk) with scores 0, 9
    after its 12 actions it ends with scores 0, 4
    """
    said, reached = recorded.text(), "still goes on" if found is None else f"is {found.text()}"
    if found is not None and found.text() == said:
        said += f" with scores {_scores(recorded.scores)}"
        reached = f"ends with scores {_scores(found.scores)}"
    return f"the journal records the game {said}, but after its {steps} actions it {reached}"


def _scores(scores: list[float]) -> str:
    return ", ".join(f"{score:g}" for score in scores) or "none"


def data_mismatch(
    played: str | None, given: str | None, what: str = "the journal", folder: str | None = None
) -> str:
    """Why ``what`` (a journal, a stored game), played with the data of digest ``played``
    (``None``: the shipped data) from ``folder`` where that is known, cannot be replayed
    with the data of digest ``given``.

    >>> print(data_mismatch("ab12", None, "game 31 (run 2)", "/home/me/my-data"))
    ... # doctest: +NORMALIZE_WHITESPACE
    game 31 (run 2) was played with a player's data folder, /home/me/my-data (digest ab12);
    replay it with --data /home/me/my-data
    """
    if played is None:
        return (
            f"{what} was played with the shipped data, but this replay reads a data"
            f" folder (digest {given}); replay it without --data"
        )
    where = "" if folder is None else f", {folder}"
    again = f"--data {folder}" if folder is not None else "--data pointing at that folder"
    if given is None:
        return f"{what} was played with a player's data folder{where} (digest {played});" \
            f" replay it with {again}"
    return (
        f"{what} was played with other data{where} (digest {played}, this folder has"
        f" {given}); replay it with "
        + (again if folder is not None else "--data pointing at the folder it was played with")
    )


def _typed(faces: list[int] | None) -> ScriptedDice:
    return ScriptedDice(faces or [])


def _all_faces_used(game: Game[Any, Any], where: str) -> None:
    source = game.external_dice
    if isinstance(source, ScriptedDice) and source.remaining:
        raise ReplayMismatch(f"{where} left {source.remaining} typed faces unused")


def replay(
    journal: Journal, *, verify: bool = True, rules: Ruleset[Any, Any] | None = None
) -> Game[Any, Any]:
    """The game the journal records, replayed to its last action."""
    last = None
    for _, last in replay_steps(journal, verify=verify, rules=rules):  # noqa: B007
        pass
    assert last is not None
    return last
