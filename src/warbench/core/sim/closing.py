"""A base for what holds a resource until it is closed (a worker pool, a Ray instance, a
results file): each is also a context manager that closes it on the way out.

>>> class Door(Closing):
...     def close(self) -> None:
...         print("closed")
>>> with Door():
...     pass
closed
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from types import TracebackType
from typing import Self


class Closing(ABC):
    """Closed by :meth:`close`, or at the end of a ``with`` block."""

    @abstractmethod
    def close(self) -> None:
        """Let the resource go."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
