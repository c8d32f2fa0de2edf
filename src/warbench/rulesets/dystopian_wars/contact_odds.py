"""The exact odds of the ram, collision or terrain a move meets (the web table's odds under
a move considered), read from the seat's observation as :mod:`.contacts` will roll it.

A move is drawn, not listed: what it meets depends on the path, so its odds show once a
path is drawn (dragged, or typed in the move form), never under the form itself. The path
is walked by the game's own :func:`~.movement.move_refusal` and :func:`~.sweep.carry_out`
(the first contact, the one the game stops at); :func:`~.rams.is_ram` says a ram from a
collision; the numbers are those of ``warbench odds dystopian-wars ram`` with every option
filled from the table (:class:`~.odds.RamOdds`: the mover's class, ram rating and hull
left; the other model's class, hull left and ram rating; terrain's density). A ram or
collision between models of a size that halves the mover's fire says so
(DW-CONTACT-HALF), and the boarding it bars (DW-CONTACT-BOARD).

No exact odds, and why, where the hull either side rolls with may change before the
contact is rolled: the move sets off a mine or drops one on a model (its blast is rolled
at once), crosses treacherous terrain (rolled at once), or an earlier move of the squadron
made a contact with the same model (rolled first). A ram the move makes without dice (a
creature or robot touching a model with ``ram`` off, a model held against what it touched
from the start) has none.
"""

from __future__ import annotations

import dataclasses

from warbench.core.actions import Action
from warbench.core.attacks import OddsAnswer
from warbench.rulesets.dystopian_wars.actions import Move
from warbench.rulesets.dystopian_wars.activation import Activation, ActivationStage
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.mines import dropped_on
from warbench.rulesets.dystopian_wars.movement import move_refusal, treacherous
from warbench.rulesets.dystopian_wars.odds import RamOdds
from warbench.rulesets.dystopian_wars.pieces import Mine
from warbench.rulesets.dystopian_wars.rams import is_ram, size_halves
from warbench.rulesets.dystopian_wars.state import DWState, Model
from warbench.rulesets.dystopian_wars.surface import piece_met
from warbench.rulesets.dystopian_wars.sweep import MoveResult, carry_out


def contact_odds(state: DWState, data: RulesData, action: Action) -> OddsAnswer | None:
    """The odds of the ram, collision or terrain ``action`` (a move of the activation under
    way) meets: the command line's ``ram`` entry for it; ``None`` for a move that meets
    nothing (or makes no roll of it) and for anything else."""
    frame = state.stack[-1] if state.stack else None
    if not isinstance(action, Move) or not isinstance(frame, Activation):
        return None
    if frame.stage is not ActivationStage.MOVE or action.model not in frame.movers(state):
        return None
    model = state.models[action.model]
    reason, plan = move_refusal(state, data, model, action)
    if reason is not None or plan is None:
        return None
    result = carry_out(state, data, model, plan, action)
    contact = result.contact
    if contact is None or (contact.other >= 0 and not action.ram):
        return None
    why = _unknown(state, data, frame, model, result) or (
        "it crosses treacherous terrain, rolled before the contact: its hits change the hull "
        "the contact rolls with (DW-TREACHEROUS)" if treacherous(state, data, model, plan)
        else "")
    if why:
        return OddsAnswer.withholding(why)
    spec = data.models[model.cls]
    hull = spec.hp - model.damage
    ram = RamOdds(data)
    if contact.other < 0:
        piece = piece_met(state.terrain, state.surface, contact.other)
        aground = ram.odds(ram.parse_options(["kind=terrain", f"model={model.cls}",
                                              f"hp={hull}", f"density={piece.density}"]))
        return dataclasses.replace(aground, facts=(
            f"runs into {piece.name} ({piece.density}): its dice strike {model.name}",))
    other = state.models[contact.other]
    other_spec = data.models[other.cls]
    kind = "ram" if is_ram(data, model, other, contact.forward) else "collision"
    answer = ram.odds(ram.parse_options([
        f"kind={kind}", f"model={model.cls}", f"target={other.cls}", f"hp={hull}",
        f"target_hp={other_spec.hp - other.damage}"]))
    facts = [f"{'rams' if kind == 'ram' else 'collides with'} {other.name}"]
    if size_halves(spec, other_spec):
        facts.append(f"then {model.name} fires half its dice while {other.name} stays afloat "
                     "(DW-CONTACT-HALF)")
    if not (spec.beast and spec.rr >= 1):
        facts.append(f"{model.name} may not board {other.name} (DW-CONTACT-BOARD)")
    return dataclasses.replace(answer, facts=tuple(facts))


def _unknown(
    state: DWState, data: RulesData, frame: Activation, model: Model, result: MoveResult
) -> str:
    """Why the contact's dice are not known yet ('' where they are): a mine set off or
    dropped on a model, or an earlier contact of the same model rolled first."""
    if result.mines:
        return ("the move sets off a mine first: its blast may change the hull the contact "
                "rolls with (DW-MINES)")
    if result.dropped is not None:
        mine = Mine(-1, model.player, result.dropped.x, result.dropped.y, 0, model.uid)
        if dropped_on(state, data, mine, model) is not None:
            return ("the mine it drops lands on a model and goes off first: its blast may "
                    "change the hull the contact rolls with (DW-MINES)")
    assert result.contact is not None
    other = result.contact.other
    met = {model.uid, other} if other >= 0 else {model.uid}  # terrain is no model
    for mover, earlier, _ in frame.contacts:
        if met & {mover, earlier}:
            name = state.models[earlier].name if earlier >= 0 else "terrain"
            return (f"{state.models[mover].name}'s contact with {name} this activation is "
                    "rolled first: its hits change the hull this one rolls with")
    return ""
