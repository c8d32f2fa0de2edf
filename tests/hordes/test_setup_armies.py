"""HOR-LISTS set-ups: a battlegroup given by a shipped list's name, by its card ids, or
written out with its name, as ``setup_for`` writes a player's list."""

from __future__ import annotations

import pytest

from warbench import ruleset
from warbench.core.engine import Game
from warbench.core.ruleset import SetupError
from warbench.rulesets.hordes.lists import roster, shipped_list

RULES = ruleset("hordes")


def test_a_players_list_keeps_its_name_and_plays_as_its_card_ids() -> None:
    """HOR-LISTS: the set-up of a list game names each battlegroup, and the battle is the
    one its bare card ids give."""
    armies = [shipped_list("thornwood-orrin"), shipped_list("ashen-hask")]
    setup = RULES.setup_for(armies)
    assert RULES.side_names(setup, 2) == (armies[0].name, armies[1].name)
    bare = {**setup, "armies": [roster(army) for army in armies]}
    assert RULES.side_names(bare, 2) == ("", "")
    named = Game.new(RULES, setup, seed=3, record_hashes=True)
    plain = Game.new(RULES, bare, seed=3, record_hashes=True)
    assert [m.card for m in named.state.models] == [m.card for m in plain.state.models]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"name": "Pack", "models": ["maelis"], "points": 3}, "armies[0]: unknown key 'points'"),
        ({"name": 7, "models": ["maelis"]}, "armies[0].name: a battlegroup's name is text"),
        ({"name": "Pack", "models": ["maelis", "gnawer"]},
         "armies[0].models[1]: unknown model 'gnawer'"),
        ({"name": "Pack", "models": ["mosshound"]}, "armies[0].models: exactly one warlock"),
    ],
)
def test_a_written_out_battlegroup_is_checked_by_key(entry: object, message: str) -> None:
    """HOR-LISTS: a bad battlegroup in a set-up is refused naming the key at fault."""
    with pytest.raises(SetupError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Game.new(RULES, {"armies": [entry, "ashen-vesk"]}, seed=1)
