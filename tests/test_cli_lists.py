"""`warbench list validate` and the list checks of `simulate`, as a player sees them."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.cli import USAGE_ERROR, main
from warbench.rulesets.full_thrust.library import DATA_DIR as FT_DATA

FT_LISTS = FT_DATA / "lists"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_full_thrust_list_validate_refuses_what_simulate_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FT-FLEET-LIST: hangar loads must fit the bays. `list validate` called a Drakhan
    (2 bays) with 4 groups valid, and `simulate` then refused it naming neither file nor
    key; now both name the file's entry, and simulate names the file."""
    overfull = write(tmp_path / "overfull.toml", (
        'name = "Overfull"\nruleset = "full-thrust"\nfaction = "kravak"\npoints = 1000\n'
        '[[units]]\nunit = "drakhan"\n'
        'options = ["heavy", "standard", "standard", "standard"]\n'
    ))
    assert main(["list", "validate", str(overfull)]) == 1
    out = capsys.readouterr().out
    assert "units[0].options: 4 fighter groups but Drakhan" in out
    assert "has 2 hangar bays [hangar_bays]" in out
    args = ["simulate", "full-thrust", "--army", str(overfull),
            "--army", str(FT_LISTS / "concord-line.toml"), "--games", "1"]
    assert main(args) == USAGE_ERROR
    err = capsys.readouterr().err
    assert f"{overfull}: units[0].options: 4 fighter groups" in err
