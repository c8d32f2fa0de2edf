"""The decision space of officers' orders and role changes (:mod:`.officers` says which are
legal)."""

from __future__ import annotations

from warbench.core.actions import Action
from warbench.core.decisions import ParamSpace
from warbench.core.rng import RandomStream
from warbench.rulesets.armada.actions import ChangeRole, Order
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.officers import (
    giver_refusal,
    legal_orders,
    legal_role_changes,
    order_refusal,
    role_refusal,
)
from warbench.rulesets.armada.state import ArmadaState, Phase


class OrderSpace(ParamSpace):
    """Orders (and, in engineering, role changes) one armada's officers may give now."""

    action_type = Order

    def __init__(
        self,
        state: ArmadaState,
        tables: Tables,
        player: int,
        phase: Phase,
        fleets: list[int] | None = None,
    ) -> None:
        self._state, self._tables = state, tables
        self.player, self.phase = player, phase
        self.fleets = fleets
        self.description = f"an officer's order in the {phase} phase"
        self._found: list[Action] | None = None

    def accepts(self, action: Action) -> bool:
        return isinstance(action, Order | ChangeRole)

    def candidates(self) -> list[Action]:
        """Every order offered now (and role changes in engineering)."""
        if self._found is None:
            found: list[Action] = []
            found += legal_orders(self._state, self._tables, self.player, self.phase, self.fleets)
            if self.phase is Phase.ENGINEERING:
                found += legal_role_changes(self._state, self._tables, self.player)
            self._found = found
        return self._found

    def validate(self, action: Action) -> str | None:
        if isinstance(action, ChangeRole):
            if self.phase is not Phase.ENGINEERING:
                return "officers change roles at the start of the round (ARM-OFF-ROLE-CHANGE)"
            return role_refusal(self._state, self._tables, self.player, action)
        if not isinstance(action, Order):
            return f"an order or a role change, not {action!r} (ARM-ACTIONS)"
        if self.fleets is not None and 0 <= action.officer < len(self._state.officers):
            officer = self._state.officers[action.officer]
            rule = self._tables.orders.get(action.order)
            helm_order = rule is not None and rule.phase == Phase.HELM.value
            if helm_order and officer.fleet not in self.fleets:
                return (f"{officer.name} gives helm orders just before or after its fleet moves "
                        "(ARM-OFF-ACTION)")
        return order_refusal(self._state, self._tables, self.player, self.phase, action)

    def may_give(self, index: int, name: str) -> bool:
        """Whether officer ``index`` may give some order named ``name`` here: ``False`` when
        :meth:`validate` refuses every one of them, whatever its target."""
        state, tables = self._state, self._tables
        if giver_refusal(state, tables, self.player, self.phase, index, name) is not None:
            return False
        officer = state.officers[index]
        helm_order = tables.orders[name].phase == Phase.HELM.value
        return not (helm_order and self.fleets is not None and officer.fleet not in self.fleets)

    def every_legal(self) -> list[Action]:
        """Every order offered now (:meth:`candidates` lists them all; role changes, of
        another kind than this form's, are left to its examples)."""
        return [action for action in self.candidates() if isinstance(action, Order)]

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        found = self.candidates()
        return [found[rng.choice_index(len(found))] for _ in range(count)] if found else []


