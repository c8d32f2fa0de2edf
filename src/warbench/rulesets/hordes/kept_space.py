"""A parameter space that keeps each answer of its validator for the very action asked.

A sampled move or placement is checked three times before it is carried out (when sampled,
by the agent through ``observation.check``, by the engine before applying it); each check
of the same action object gives the same answer, since a space is a decision of one state
and the engine lists decisions afresh after every action.
"""

from __future__ import annotations

from abc import abstractmethod

from warbench.core.actions import Action
from warbench.core.decisions import ParamSpace


class KeptSpace(ParamSpace):
    """A :class:`ParamSpace` whose :meth:`validate` works out :meth:`problem` once per
    action object. Answers are kept by the action's ``id`` together with the action itself
    (so the id cannot be reused while the entry lives); nothing invalidates them while the
    space is offered, as nothing :meth:`problem` reads changes until the next action."""

    def __init__(self) -> None:
        self._answers: dict[int, tuple[Action, str | None]] = {}

    def validate(self, action: Action) -> str | None:
        kept = self._answers.get(id(action))
        if kept is not None and kept[0] is action:
            return kept[1]
        answer = self.problem(action)
        self._answers[id(action)] = (action, answer)
        return answer

    @abstractmethod
    def problem(self, action: Action) -> str | None:
        """``None`` when ``action`` lies in the space, else the reason it does not."""
