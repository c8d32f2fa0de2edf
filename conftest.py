"""Collection rules for the whole tree (sources' doctests and tests/)."""

from __future__ import annotations

from pathlib import Path

from warbench import compiled


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """A compiled module keeps no doctests, so while the build is in use its doctests are run
    on its source in a pure-Python process (tests/core/test_compiled.py) instead of here."""
    return True if collection_path in compiled.compiled_sources() else None
