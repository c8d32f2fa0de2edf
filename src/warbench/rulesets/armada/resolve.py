"""Resolve before the checks that roll between decisions (ARM-OFF-RESOLVE).

An officer may spend a resolve point before a check of its fleet to roll the d20 twice and
keep the better. A gunnery check, a stunt and an officer's order spend it as part of their
action (``Fire.resolve``, ``Move.resolve``, ``Order.resolve``); the other checks roll while
the rules play on by themselves: morale checks, a rally's re-test, the admiral's helm check,
free attacks and the boarders' check. Before each of those, :func:`roll_or_offer` asks the
fleet's armada (:class:`ResolveOffer`, answered with :class:`~.actions.SpendResolve`) when
an officer could spend a point on it, and otherwise rolls at once, so a battle without
resolve plays as before.

A check waiting for the answer is a :class:`Check`: plain data saying what to roll and what
follows it (:class:`Then`: the rest of the rules' work, which must wait for the check), so a
game can be saved, copied and hashed while it waits.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.procedures import Procedure
from warbench.core.words import possessive
from warbench.rulesets.armada.actions import SpendResolve
from warbench.rulesets.armada.context import ArmadaGame
from warbench.rulesets.armada.data import ArmadaData
from warbench.rulesets.armada.events import ResolveSpent
from warbench.rulesets.armada.names import fleet_labels
from warbench.rulesets.armada.officers import resolve_spender
from warbench.rulesets.armada.state import ArmadaState, Officer


@dataclass(slots=True)
class Then:
    """Work of the rules that waits for a check rolled between decisions (the attacks still
    to come of a move, the duels settled after the gunnery's morale checks)."""

    def resume(self, game: ArmadaGame) -> None:
        """Carry on with the work."""
        raise NotImplementedError(f"{type(self).__name__} cannot resume")


@dataclass(slots=True)
class Check:
    """A check of a fleet rolled between decisions, waiting to be rolled: ``fleet`` says
    whose; :meth:`roll` rolls it (and carries on with what follows it)."""

    def fleet(self, state: ArmadaState) -> int:
        """The fleet whose check it is (its armada decides on resolve)."""
        raise NotImplementedError

    def spender(self, state: ArmadaState) -> Officer | None:
        """The officer who would spend the resolve point (:func:`resolve_spender`: the
        officer aboard with the most points left), or ``None``."""
        return resolve_spender(state, state.fleets[self.fleet(state)])

    def words(self, state: ArmadaState) -> str:
        """The check in words (``Wing's morale check against DC 12``)."""
        raise NotImplementedError

    def roll(self, game: ArmadaGame, twice: bool) -> None:
        """Roll the check (the d20 twice, the better kept, with ``twice``), then go on."""
        raise NotImplementedError


def roll_or_offer(game: ArmadaGame, check: Check) -> None:
    """Roll ``check`` now if no officer could spend resolve on it; otherwise ask its armada
    first (:class:`ResolveOffer`): the check, and whatever follows it, wait for the answer.
    The caller must do nothing after this that the check should come before."""
    if check.spender(game.state) is None:
        check.roll(game, False)
    else:
        game.push(ResolveOffer(check))


@dataclass(slots=True)
class ResolveOffer(Procedure[ArmadaState, ArmadaData]):
    """The armada of the fleet about to make ``check`` may have an officer aboard spend a
    resolve point on it (ARM-OFF-RESOLVE). Nothing is rolled before the answer."""

    check: Check

    def decisions(self, game: ArmadaGame) -> list[Decision]:
        state = game.state
        spender = self.check.spender(state)
        if spender is None:  # no longer anyone to spend: the check rolls once (step)
            return []
        fleet = state.fleets[self.check.fleet(state)]
        points = "point" if spender.resolve == 1 else "points"
        prompt = (f"{self.check.words(state)}: should {spender.name} ({spender.resolve} resolve "
                  f"{points}) spend one to roll the d20 twice and keep the better?")
        options: tuple[Action, ...] = (SpendResolve(fleet.id), SpendResolve(fleet.id, False))
        return [Decision(fleet.side, prompt, options)]

    def act(self, game: ArmadaGame, player: int, action: Action) -> None:
        if not isinstance(action, SpendResolve):
            raise IllegalAction(f"spend resolve or not, not {action!r} (ARM-ACTIONS)")
        state = game.state
        game.pop()
        spender = self.check.spender(state) if action.spend else None
        if spender is not None:
            spender.resolve -= 1
            fleet = state.fleets[self.check.fleet(state)]
            game.emit(ResolveSpent(
                next(i for i, officer in enumerate(state.officers) if officer is spender),
                fleet.id,
                text=f"{spender.name} spends a resolve point on {self.check.words(state)} "
                f"({spender.resolve} left)",
            ))
        self.check.roll(game, spender is not None)

    def step(self, game: ArmadaGame) -> None:
        game.pop()
        self.check.roll(game, False)


def pending_check(state: ArmadaState) -> Check | None:
    """The check an armada is asked to spend resolve on now, if any (for bots)."""
    if state.stack and isinstance(state.stack[-1], ResolveOffer):
        return state.stack[-1].check
    return None


def resolve_words(state: ArmadaState, action: SpendResolve) -> str:
    """:class:`~.actions.SpendResolve` in words, naming the check waiting for it."""
    check = pending_check(state)
    if check is not None and check.fleet(state) == action.fleet:
        what = check.words(state)
    elif 0 <= action.fleet < len(state.fleets):
        what = f"{possessive(fleet_labels(state.fleets)[action.fleet])} check"
    else:
        what = f"fleet {action.fleet}'s check"
    if action.spend:
        return f"spend a resolve point on {what} (the d20 twice, the better kept)"
    return f"roll {what} once, keeping the resolve points"
