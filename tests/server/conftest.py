"""Fixtures of the server tests: an app on a fresh SQLite file, and its test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import OPEN_SOCKETS
from warbench.server.app import create_app


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A path for the server's SQLite file (not created yet)."""
    return tmp_path / "games.sqlite"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """A test client of an app on ``db``, started and stopped around the test."""
    with TestClient(create_app(db)) as test_client:
        yield test_client
        for socket in list(OPEN_SOCKETS):
            socket.close()
