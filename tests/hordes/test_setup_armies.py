"""HOR-LISTS set-ups: a battlegroup given by an example list's name (read from the data
folder), by its card ids, or written out with its name, as ``setup_for`` writes a player's
list."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench import ruleset
from warbench.core.catalog import DataFileError
from warbench.core.engine import Game
from warbench.core.ruleset import SetupError
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.lists import roster

RULES = ruleset("hordes")
SHIPPED = Path(RULES.shipped_data or ".")


def test_a_players_list_keeps_its_name_and_plays_as_its_card_ids() -> None:
    """HOR-LISTS: the set-up of a list game names each battlegroup, and the battle is the
    one its bare card ids give."""
    armies = [RULES.data.lists["thornwood-orrin"], RULES.data.lists["ashen-hask"]]
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


def test_hor_lists_example_lists_come_from_the_data_folder(tmp_path: Path) -> None:
    """HOR-LISTS: a designer's ``--data`` folder replaces an example list as it replaces any
    data file: the default battle and a set-up naming the list field the designer's
    battlegroup under its name, not the package's; an unknown name is refused, naming the
    lists there are."""
    shipped = (SHIPPED / "lists" / "thornwood-maelis.toml").read_text()
    mine = shipped.replace('name = "Thornwood Vanguard"', 'name = "Moss Pack"').replace(
        'unit = "oakhide-brute"', 'unit = "mosshound"')
    assert mine.count("mosshound") == 2
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "thornwood-maelis.toml").write_text(mine)
    rules = HordesRuleset(data_dir=tmp_path)
    assert rules.default_side_names(2) == ("Moss Pack", "Ashen Warband")
    game = Game.new(rules, rules.default_setup(), seed=1)
    assert [m.card for m in game.state.models if m.owner == 0] == [
        "maelis", "mosshound", "mosshound", "bramble-stalker"]
    setup = {"armies": ["ashen-hask", "thornwood-maelis"]}
    assert rules.side_names(setup, 2) == ("Hask's Pyre Host", "Moss Pack")
    assert RULES.default_side_names(2) == ("Thornwood Vanguard", "Ashen Warband")
    with pytest.raises(SetupError, match=r"no example list 'moss-pack' .*thornwood-maelis"):
        Game.new(rules, {"armies": ["moss-pack", "ashen-vesk"]}, seed=1)


def test_hor_lists_an_example_list_naming_a_model_the_data_lacks_is_refused(
    tmp_path: Path,
) -> None:
    """HOR-LISTS: a designer's models file without a model a shipped example list names is
    refused when the data is read, naming the list, the key and what to do (copy the list
    too), not at the first game; the designer's own list naming an unknown model names
    its own file and key."""
    models = (SHIPPED / "models.toml").read_text()
    (tmp_path / "models.toml").write_text(models.replace("[slag-hound]", "[slag-mite]"))
    with pytest.raises(DataFileError, match=(
            r"models.toml.*\"slag-hound\".*lists/ashen-vesk.toml.*units\[3\].unit.*copy")):
        _ = HordesRuleset(data_dir=tmp_path).data
    (tmp_path / "models.toml").unlink()
    (tmp_path / "lists").mkdir()
    mine = (SHIPPED / "lists" / "ashen-vesk.toml").read_text().replace("slag-hound", "slag-mite")
    (tmp_path / "lists" / "ashen-vesk.toml").write_text(mine)
    with pytest.raises(DataFileError, match=r"ashen-vesk.toml.*units\[3\].unit.*slag-mite"):
        _ = HordesRuleset(data_dir=tmp_path).data
