"""Every command against the corpus of bad inputs: the right exit status, one line, no
traceback, and within seconds (issue 11)."""

from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from tests.fuzz.corpus import CliCase, bad_files, cli_cases, run_cli

#: Seconds any corpus command may take (every one is refused before any real work).
CASE_SECONDS = 60


class TookTooLong(BaseException):
    """Raised by the alarm; a BaseException so no command's error handling swallows it."""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("corpus")
    bad_files(path)
    return path


@pytest.fixture
def alarm() -> Iterator[None]:
    def ring(signum: int, frame: FrameType | None) -> None:
        raise TookTooLong(f"over {CASE_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(CASE_SECONDS)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("case", cli_cases(), ids=lambda case: case.name)
def test_command_refuses_bad_input(
    case: CliCase, folder: Path, alarm: None, capsys: pytest.CaptureFixture[str]
) -> None:
    status = run_cli(case, folder)
    err = capsys.readouterr().err
    assert status == case.status, err
    assert "Traceback" not in err
    if status == 2:  # one line; a list's broken rules one to a line under their count
        lines = err.strip().splitlines()
        assert lines[0].startswith("warbench: error: "), err
        assert len(lines) == 1 or (
            re.fullmatch(r"warbench: error: \d+ problems in the lists:", lines[0])
            and all(line.startswith("  ") for line in lines[1:])), err
