"""Victory: battle orders, victory points, and when the game ends.

After deployment each fleet rolls a D6 for its battle order (the source's table). The game
ends when only one fleet is left on the table, when a player concedes, or at the end of the
last turn (6 unless the set-up says otherwise: an engine default, the source leaves the
length to the players). At the end of any turn a fleet that has carried out its battle
order wins; if several have, or at the last turn none has, victory points decide (engine
default): the points of enemy models destroyed or captured, prizes still held counting
double.

Simulation tallies credit those points to the unit types that earned them: a model's loss
to the model that destroyed or captured it (:func:`~.damage.note_loss`), a prize held at
the end once more to the model whose boarders took it (:func:`credit_prizes`).
"""

from __future__ import annotations

from warbench.core.events import PointsScored
from warbench.core.procedures import Outcome
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import ModelLost
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, Model

BATTLE_ORDERS = {
    1: "destroy or capture at least 70% of the points an enemy fleet deployed",
    2: "destroy every large and massive model of an enemy fleet",
    3: "destroy or capture at least 50% of an enemy fleet's points, all its medium models "
    "among them",
    4: "destroy every model of an enemy fleet's core force",
    5: "destroy or capture at least 50% of an enemy fleet's points, all its small models "
    "among them",
    6: "capture the commodore of an enemy fleet",
}


def gone(model: Model) -> bool:
    """Destroyed or captured: no longer serving its own fleet."""
    return not model.alive or model.derelict


def fleet_points(state: DWState, data: RulesData, player: int) -> int:
    """Points of every model the player deployed."""
    return sum(data.models[m.cls].points for m in state.models if m.player == player)


def lost_points(state: DWState, data: RulesData, player: int) -> int:
    """Points of the player's models destroyed or captured."""
    return sum(
        data.models[m.cls].points for m in state.models if m.player == player and gone(m)
    )


def victory_points(state: DWState, data: RulesData, player: int) -> int:
    """Points of enemy models destroyed or captured; prizes this player holds count double."""
    total = 0
    for model in state.models:
        if model.player == player or not gone(model):
            continue
        points = data.models[model.cls].points
        total += 2 * points if model.prize_of == player and model.prize_ap > 0 else points
    return total


def _all_destroyed(models: list[Model]) -> bool:
    """Every one of ``models`` destroyed (a capture is no destruction)."""
    return bool(models) and all(not m.alive for m in models)


def order_met(state: DWState, data: RulesData, player: int, order: int) -> bool:
    """Whether the player has carried out battle order ``order`` against any enemy."""
    for enemy in state.opponents(player):
        fleet = [m for m in state.models if m.player == enemy]
        deployed = fleet_points(state, data, enemy)
        share = lost_points(state, data, enemy) / deployed if deployed else 0.0

        def of_size(*sizes: str, fleet: list[Model] = fleet) -> list[Model]:
            return [m for m in fleet if data.models[m.cls].size in sizes]

        if order == 1 and share >= 0.7:
            return True
        if order == 2 and _all_destroyed(of_size("large", "massive")):
            return True
        if order == 3 and share >= 0.5 and all(gone(m) for m in of_size("medium")):
            return True
        if order == 4:
            core = [m for m in fleet if state.squadrons[m.squadron].core]
            if _all_destroyed(core):
                return True
        if order == 5 and share >= 0.5 and all(gone(m) for m in of_size("small")):
            return True
        if order == 6:
            uid = state.commodore[enemy]
            if uid >= 0 and state.models[uid].fate == "captured" and (
                state.models[uid].captured_by == player
            ):
                return True
    return False


def standing(state: DWState, player: int) -> bool:
    """Whether the player still has a fighting fleet: a model in play, not conceded."""
    if state.conceded[player]:
        return False
    return any(m.player == player and m.active for m in state.models)


def orders_carried_out(state: DWState, data: RulesData, left: list[int]) -> list[int]:
    """The players of ``left`` (those still fighting) who have carried out their battle
    orders (none where the set-up plays without them)."""
    return [
        p for p in left if state.orders and state.orders[p] and order_met(
            state, data, p, state.orders[p]
        )
    ]


def judge(state: DWState, data: RulesData, *, last_turn: bool) -> Outcome | None:
    """The outcome if the game is over now (checked at the end of each turn)."""
    scores = tuple(float(victory_points(state, data, p)) for p in range(state.players))
    left = [p for p in range(state.players) if standing(state, p)]
    # a reason is kept in the state (its hash, journals): seats by index, numbered from 1
    # where it is shown (core.words.as_told)
    if len(left) <= 1:
        if left and any(state.conceded):
            reason = f"player {left[0]} wins: every other player conceded"
        elif left:
            reason = f"player {left[0]} has the only fleet left on the table"
        else:
            reason = "no fleet is left on the table"
        return Outcome(tuple(left), scores, reason)
    met = orders_carried_out(state, data, left)
    if len(met) == 1:
        order = BATTLE_ORDERS[state.orders[met[0]]]
        return Outcome((met[0],), scores, f"player {met[0]} carried out its battle order: {order}")
    if met or last_turn:
        best = max(scores[p] for p in left)
        winners = tuple(p for p in left if scores[p] == best)
        why = "several fleets carried out their battle orders" if met else "the last turn ended"
        verdict = (
            f"player {winners[0]} wins on victory points" if len(winners) == 1
            else "a draw on victory points"
        )
        return Outcome(winners if len(winners) == 1 else (), scores, f"{why}: {verdict}")
    return None


def end_battle(game: DWGame, outcome: Outcome) -> None:
    """End the game with ``outcome``, its prizes credited first (:func:`credit_prizes`)."""
    credit_prizes(game)
    game.end(outcome)


def credit_prizes(game: DWGame) -> None:
    """For each prize still held, a :class:`PointsScored` of its points once more (its
    capture scored them once: DW-VP counts a prize double) for the model whose boarders
    took it last, as :func:`victory_points` counts it."""
    state, data = game.state, game.data
    for model in state.models:
        holder = model.prize_of
        if holder < 0 or holder == model.player or model.prize_ap <= 0:
            continue
        captor = next(
            (event.by_model for event in reversed(game.events)
             if isinstance(event, ModelLost) and event.model == model.uid
             and event.fate == "captured"),
            -1,
        )
        by = state.models[captor] if captor >= 0 else None
        game.emit(
            PointsScored(
                unit_type=model.cls,
                player=model.player,
                points=float(data.models[model.cls].points),
                by_player=holder,
                by_unit_type=None if by is None else by.cls,
            )
        )
