"""Decisions: who must choose now, and from what.

A :class:`Decision` names one player and what they may do: a finite list of actions, one
or more parameter spaces (a move to any legal pose, a point to aim a template at), or both.
A parameter space validates a proposed action and samples candidates for bots.

Several decisions may be owed at once: every player writing hidden orders in Full Thrust,
or a defender answering in the middle of an attacker's activation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from warbench.core.actions import Action, type_refusal
from warbench.core.preview import action_words
from warbench.core.rng import RandomStream
from warbench.core.slot_init import install


class ParamSpace(ABC):
    """A continuous or very large set of actions of one type, given by a validator."""

    #: The action type this space accepts.
    action_type: type[Action]
    #: A line of English saying what may be chosen, for people and logs.
    description: str = ""

    @abstractmethod
    def validate(self, action: Action) -> str | None:
        """``None`` when ``action`` lies in the space, else the reason it does not."""

    @abstractmethod
    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        """Up to ``count`` legal candidates, drawn with ``rng`` (for bots)."""

    def accepts(self, action: Action) -> bool:
        """Whether ``action`` is of this space's type (it may still fail validation)."""
        return isinstance(action, self.action_type)

    def every_legal(self) -> Sequence[Action] | None:
        """Every legal action of this space, where the rules list them all (a space of
        finitely many choices judged by the rules, such as ROBOGEAR's shots): a form then
        lists each value any legal action gives a field, none left to chance. ``None``, the
        default, where only :meth:`sample` finds them."""
        return None

    def listed(self) -> Sequence[Action] | None:
        """Legal actions of this space the rules list now, where they cannot list them all
        (:meth:`every_legal`) but can list those every other is made of (Dystopian Wars:
        each gun's attack in full, all the guns of a kind linked, the dice left of a gun
        split in part): a form's lists always hold the values these give, whatever
        :meth:`sample` draws, and none listed means no action of the space is legal.
        Agents never need them. ``None``, the default, where the space lists none."""
        return None

    def unavailable(self) -> str | None:
        """Why no action of this space is legal now, in a player's words (Dystopian Wars:
        every gun has fired, or each gun left and the nearest enemy with the rules'
        reason), asked only where :meth:`every_legal` or :meth:`listed` found none; the web
        table shows it instead of an empty form. ``None``, the default: not said."""
        return None


class DrawnSpace(ParamSpace):
    """A space whose ``validate`` knows the candidates its ``sample`` drew as legal.

    A space lives for one decision, during which the state does not change (the engine
    builds fresh decisions after every action). A candidate a space drew was judged legal
    when it was drawn; an agent and then the engine checking that very object (as the
    random agent does) are answered from memory instead of the rules being asked again.
    Any other action, even an equal one built elsewhere, is judged afresh.
    """

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


def ruled(reason: str, rule: str | None) -> str:
    """``reason`` ending with the rule ID ``rule`` names, when it names one.

    >>> ruled("not now", "DW-ACTIONS"), ruled("not now", None)
    ('not now (DW-ACTIONS)', 'not now')
    """
    return f"{reason} ({rule})" if rule else reason


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice owed by ``player``: one of ``options`` or an action in one of ``spaces``."""

    player: int
    prompt: str
    options: tuple[Action, ...] = ()
    spaces: tuple[ParamSpace, ...] = ()

    def refusal(self, action: Action, rule: str | None = None) -> str | None:
        """``None`` when ``action`` answers this decision, else why it does not.

        An option handed out by the engine itself is taken as it is; any other action must
        first hold its declared types (``True`` equals ``1`` but is no seat or index). The
        decision's own reasons (a wrong type, no option) end with ``rule`` when given (the
        ruleset's :attr:`~warbench.core.ruleset.Ruleset.refusal_rule`); a parameter space's
        reasons are the rules' own.
        """
        kind, same_kind = type(action), False
        for option in self.options:
            if option is action:
                return None
            if type(option) is kind:
                same_kind = True
        problem = type_refusal(action)
        if problem is not None:
            return ruled(problem, rule)
        # actions are dataclasses: only an option of the very same type can equal one
        if same_kind and action in self.options:
            return None
        reasons, own = [], []
        for space in self.spaces:
            if space.accepts(action):
                reason = space.validate(action)
                if reason is None:
                    return None
                reasons.append(reason)
                if space.action_type is type(action):
                    own.append(reason)
        if reasons:  # a space of this very action type gives the rules' reason alone
            return "; ".join(own or reasons)
        return ruled(f"{action_words(action)} is not a legal answer to {self.prompt!r}", rule)

    def offers_kind(self, action: Action) -> bool:
        """Whether this decision offers actions of ``action``'s kind at all (an option of
        its type, or a parameter space accepting it): its refusal is then the rules' own."""
        return any(type(option) is type(action) for option in self.options) or any(
            space.accepts(action) for space in self.spaces
        )


install(Decision)  # its fields set through its own slots (core.slot_init)
