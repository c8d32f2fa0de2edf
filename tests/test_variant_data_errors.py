"""A designer's variant data folder (``--data``): each mistake is one line naming the file,
the key and what is wrong, in plain words."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.core.catalog import DataFileError
from warbench.core.datafolder import DataFolder
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
