"""Events: the one record of what happened in a game, and who may see it.

The narrator, the table renderer, statistics and replays all read events. An event has a
kind, plain data, a line of English for the narrator, and the players who may see it
(``None`` means everyone).

>>> hit = Event("damage", {"target": 2, "hull": 3}, text="Ajax takes 3 damage")
>>> hit.visible_to_player(1)
True
>>> Event("orders", {"player": 0}, visible_to=frozenset({0})).visible_to_player(1)
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from warbench.core.plain import OMNISCIENT, to_plain


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: ``kind``, plain ``data``, narration ``text``, audience."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""
    visible_to: frozenset[int] | None = None

    def visible_to_player(self, player: int) -> bool:
        """Whether ``player`` may see this event (``OMNISCIENT`` sees all)."""
        return player == OMNISCIENT or self.visible_to is None or player in self.visible_to

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form, for logs and the web client."""
        plain: dict[str, Any] = {"kind": self.kind, "data": to_plain(dict(self.data))}
        if self.text:
            plain["text"] = self.text
        if self.visible_to is not None:
            plain["visible_to"] = sorted(self.visible_to)
        return plain
