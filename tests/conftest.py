"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.duel import Duel
from warbench.core import registry


@pytest.fixture
def duel_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Install only the test game, so the CLI sees exactly one ruleset."""
    monkeypatch.setattr(registry, "_factories", {"test-duel": Duel})
    monkeypatch.setattr(registry, "_instances", {})
    monkeypatch.setattr(registry, "_load_entry_points", lambda: None)
    yield
