"""Parameter spaces that remember what they drew.

A space lives for one decision, during which the state does not change (the engine builds
fresh decisions after every action). A candidate a space drew was judged legal when it was
drawn; an agent then checking that very object (``Observation.check``, as the random agent
does) is answered from memory instead of the rules being asked twice. Any other action,
even an equal one built elsewhere, is judged afresh.
"""

from __future__ import annotations

from abc import abstractmethod

from warbench.core.actions import Action
from warbench.core.decisions import ParamSpace


class DrawnSpace(ParamSpace):
    """A space whose ``validate`` knows the candidates its ``sample`` drew as legal."""

    _drawn: list[Action]

    def validate(self, action: Action) -> str | None:
        if any(action is drawn for drawn in getattr(self, "_drawn", ())):
            return None
        return self.judge(action)

    @abstractmethod
    def judge(self, action: Action) -> str | None:
        """What ``validate`` answers for an action this space did not draw."""

    def drew(self, found: list[Action]) -> list[Action]:
        """Remember ``found`` (candidates ``judge`` passed) and hand them back."""
        if not hasattr(self, "_drawn"):
            self._drawn = []
        self._drawn.extend(found)
        return found
