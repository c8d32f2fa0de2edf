"""A designer's variant data folder (``--data``): each mistake is one line naming the file,
the key and what is wrong, in plain words."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from warbench.core.catalog import DataFileError
from warbench.core.datafolder import DataFolder
from warbench.rulesets.armada.data import load_data as armada_data
from warbench.rulesets.full_thrust.library import library_from
from warbench.rulesets.hordes.data import load_data as hordes_data
from warbench.rulesets.robogear.data import load_data as robogear_data

RULESETS = Path(__file__).parents[1] / "src" / "warbench" / "rulesets"


def variant(folder: Path, ruleset: str, name: str, old: str, new: str) -> DataFolder:
    """``folder`` holding the shipped ``name`` of ``ruleset`` with ``old`` (once) made
    ``new``; the data folder it makes with the shipped files."""
    shipped = RULESETS / ruleset / "data"
    text = (shipped / name).read_text()
    assert old in text
    (folder / name).write_text(text.replace(old, new, 1))
    return DataFolder(shipped, folder)


@pytest.mark.parametrize(
    ("damage", "count"), [("[6, 5]", "has 2 values"), ("[6, 5, 3, 1]", "has 4 values")]
)
def test_a_weapons_damage_of_the_wrong_length_names_its_three_ranges(
    tmp_path: Path, damage: str, count: str
) -> None:
    line = '{ name = "autocannon", damage = [4, 3, 2]'
    folder = variant(tmp_path, "robogear", "units.toml", line, line.replace("[4, 3, 2]", damage))
    with pytest.raises(DataFileError) as caught:
        robogear_data(folder)
    assert str(caught.value) == (
        f"{tmp_path / 'units.toml'}: ferrum-walker.weapons[0].damage: {count}, needs 3"
        " (short, medium, long)"
    )


def without(folder: Path, ruleset: str, name: str, *tables: str) -> DataFolder:
    """``folder`` holding the shipped ``name`` of ``ruleset`` less the top-level ``tables``."""
    shipped = RULESETS / ruleset / "data"
    blocks = re.split(r"(?m)^(?=\[)", (shipped / name).read_text())
    gone = {f"[{table}]" for table in tables}
    kept = [block for block in blocks if block.split("\n", 1)[0].strip() not in gone]
    assert len(kept) == len(blocks) - len(tables)
    (folder / name).write_text("".join(kept))
    return DataFolder(shipped, folder)


def test_an_unknown_animus_is_reported_at_the_key_animus(tmp_path: Path) -> None:
    folder = variant(tmp_path, "hordes", "models.toml", 'animus = "deep-roots"',
                     'animus = "deep-root"')
    with pytest.raises(DataFileError) as caught:
        hordes_data(folder)
    assert str(caught.value) == (f'{tmp_path / "models.toml"}: oakhide-brute.animus: unknown '
                                 'spell or animus "deep-root", did you mean "deep-roots"?')


@pytest.mark.parametrize(
    ("ruleset", "target", "lost", "referrer", "where", "load"),
    [
        ("robogear", "units.toml", "ferrum-walker", "armies.toml", "ferrum.units[1].unit",
         robogear_data),
        ("hordes", "spells.toml", "deep-roots", "models.toml", "oakhide-brute.animus",
         hordes_data),
        ("full-thrust", "designs.toml", "haven", "fleets.toml", "concord.ships[1].design",
         library_from),
        ("armada", "orders.toml", "taunt", "officers.toml", "admiral.orders[2]", armada_data),
    ],
)
def test_a_replaced_file_that_lost_an_id_a_shipped_file_names_is_blamed_with_advice(
    tmp_path: Path, ruleset: str, target: str, lost: str, referrer: str, where: str,
    load: Callable[[DataFolder], object],
) -> None:
    folder = without(tmp_path, ruleset.replace("-", "_"), target, lost)
    with pytest.raises(DataFileError) as caught:
        load(folder)
    message = str(caught.value)
    assert "\n" not in message and str(RULESETS) not in message
    assert message.startswith(f'{tmp_path / target}: lacks the ')
    assert f'"{lost}", which the shipped {referrer} names (first at {where}); your {target}' \
        " replaces the shipped one whole, so it must hold every " in message
    assert message.endswith(f"or copy {referrer} into {tmp_path} as well and change it there"
                            f" (or write only the change, in {referrer[:-5]}.changes.toml)")


def test_a_life_spiral_of_the_wrong_length_names_the_model_and_the_key(tmp_path: Path) -> None:
    folder = variant(tmp_path, "hordes", "models.toml", "spiral = [4, 5, 5, 5, 5, 4]",
                     "spiral = [4, 5, 5, 5, 5]")
    with pytest.raises(DataFileError) as caught:
        hordes_data(folder)
    assert str(caught.value) == (
        f"{tmp_path / 'models.toml'}: oakhide-brute.spiral: a warbeast's life spiral has six"
        " branches of 1 or more circles; Oakhide Brute's has 5 ([4, 5, 5, 5, 5])")


def test_a_warlock_without_a_feat_is_told_at_the_key_feat(tmp_path: Path) -> None:
    folder = variant(tmp_path, "hordes", "models.toml", 'feat = "heartwood-ward"\n', '')
    with pytest.raises(DataFileError) as caught:
        hordes_data(folder)
    assert ".feat: a warlock needs a feat" in str(caught.value)


def test_a_warbeasts_faction_no_warlock_has_is_a_data_error_at_its_key(tmp_path: Path) -> None:
    old = 'faction = "thornwood"\nrole = "warbeast"\nweight = "heavy"\nbase = 50'
    folder = variant(tmp_path, "hordes", "models.toml", old, old.replace("thornwood", "thornwod"))
    with pytest.raises(DataFileError) as caught:
        hordes_data(folder)
    assert str(caught.value) == (
        f'{tmp_path / "models.toml"}: oakhide-brute.faction: no warlock is of faction "thornwod",'
        ' so this warbeast could never join a battlegroup (warlocks\' factions: "ashen",'
        ' "thornwood"), did you mean "thornwood"?')
