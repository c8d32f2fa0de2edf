"""Checking where a command will write, before it does any work.

Every command that writes a file (``simulate --report`` and ``--db``, ``odds --plot``,
``render --out``) calls :func:`check_output` first, so a path that cannot be written fails
at once rather than after hours of games.

>>> check_output("/no/such/folder/report.html", "--report")
Traceback (most recent call last):
...
warbench.core.outputs.OutputPathError: --report /no/such/folder/report.html: folder \
/no/such/folder does not exist
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path


class OutputPathError(ValueError):
    """An output path that cannot be written; the message names the option and why."""


def check_output(
    path: str | os.PathLike[str], option: str, suffixes: Sequence[str] = ()
) -> Path:
    """``path`` if a file can be written there (``suffixes``: the endings allowed).

    The check opens the file for appending, which changes nothing in an existing file, and
    removes it again if it did not exist.
    """
    target = Path(path)
    where = f"{option} {target}"
    if target.is_dir():
        raise OutputPathError(f"{where}: is a folder, not a file")
    if suffixes and target.suffix.lower() not in suffixes:
        raise OutputPathError(f"{where}: the file must end in {' or '.join(suffixes)}")
    if not target.parent.is_dir():
        raise OutputPathError(f"{where}: folder {target.parent} does not exist")
    existed = target.exists()
    try:
        with target.open("ab"):
            pass
    except OSError as error:
        raise OutputPathError(f"{where}: cannot write ({error.strerror})") from None
    if not existed:
        target.unlink(missing_ok=True)
    return target
