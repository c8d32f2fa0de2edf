"""The state's pieces that live in compiled modules (Dystopian Wars' models, squadrons,
terrain, mines, locked boardings and cards in force; Armada's fleets, their round's effects,
officers, mines, debris and sides) write their ``__init__`` and pickled form out field by
field, so that the compiled build can make them (``warbench.compiled``): every field must
land in its own place, or a snapshot rolled back, a saved game or a copied state would
quietly differ from the original."""

from __future__ import annotations

import pickle
from dataclasses import MISSING, fields

import pytest

import warbench
from tests.field_marks import field_marks, flag_count
from warbench.core.engine import Game
from warbench.core.plain import state_hash
from warbench.rulesets.armada import pieces as armada_pieces
from warbench.rulesets.armada import state as armada_state
from warbench.rulesets.dystopian_wars import pieces as dw_pieces
from warbench.rulesets.dystopian_wars import state as dw_state

#: Each ruleset's pieces module, its state module, and the piece classes.
MODULES = {
    "dystopian-wars": (dw_pieces, dw_state, ["Model", "Squadron", "Locked", "Mine", "Piece",
                                             "CardPlay"]),
    "armada": (armada_pieces, armada_state, ["Fleet", "RoundEffects", "Officer", "Mine",
                                             "Debris", "Side"]),
}
PIECES = [getattr(module, name) for module, _, names in MODULES.values() for name in names]


@pytest.mark.parametrize("kind", PIECES, ids=lambda kind: f"{kind.__module__}.{kind.__name__}")
def test_every_field_of_a_piece_lands_in_its_own_place(kind: type) -> None:
    """Made with a distinct value in every field (each flag alone true in turn), a piece
    and its pickled copy hold each value in its own field, the containers the very ones
    passed (pickle copies them, equal)."""
    flags = max(1, flag_count(kind))
    for hot in range(flags):
        marks = field_marks(kind, hot)
        piece = kind(*marks)
        assert [getattr(piece, item.name) for item in fields(kind)] == marks
        assert all(getattr(piece, item.name) is mark for item, mark in
                   zip(fields(kind), marks, strict=True) if isinstance(mark, list | dict))
        copied = pickle.loads(pickle.dumps(piece))
        assert copied == piece and copied is not piece
        assert [getattr(copied, item.name) for item in fields(kind)] == marks


@pytest.mark.parametrize("kind", PIECES, ids=lambda kind: f"{kind.__module__}.{kind.__name__}")
def test_a_container_left_out_starts_empty_and_unshared(kind: type) -> None:
    """Defaults as the plain dataclass gives them: a list or dict left out is a new empty
    one for every piece, never shared between two."""
    required = [mark for item, mark in zip(fields(kind), field_marks(kind, 0), strict=True)
                if item.default is MISSING and item.default_factory is MISSING]
    first, second = kind(*required), kind(*required)
    for item in fields(kind):
        if item.default_factory is not MISSING:
            value = getattr(first, item.name)
            assert value == type(value)() and value is not getattr(second, item.name)


def test_the_state_modules_still_name_every_piece() -> None:
    """The rest of each ruleset imports the pieces from its ``state`` module."""
    for pieces, state, names in MODULES.values():
        for name in names:
            assert getattr(state, name) is getattr(pieces, name)


@pytest.mark.parametrize("ruleset_id", sorted(MODULES))
def test_a_played_battle_state_pickles_to_an_equal_state(ruleset_id: str) -> None:
    """A snapshot (pickle round trip, as a transactional action takes) of a battle some
    way in is equal to it, piece by piece, and hashes alike."""
    rules = warbench.ruleset(ruleset_id)
    game = Game.new(rules, seed=4, players=rules.min_players)
    bots = [rules.bots()["random"](seat) for seat in range(rules.min_players)]
    for _ in range(60):
        if game.is_over:
            break
        decision = game.pending()[0]
        game.apply(decision.player, bots[decision.player].choose(
            game.observe(decision.player), decision))
    copied = pickle.loads(pickle.dumps(game.state))
    assert copied == game.state and state_hash(copied) == game.hash()
