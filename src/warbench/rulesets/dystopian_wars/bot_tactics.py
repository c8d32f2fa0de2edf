"""The commodore bot's use of the rest of the game: levels, mines, wings and decks.

Kept apart from the bot's movement and gunnery scoring (:mod:`.bots`). Each rule reads
only what the seat may know (the observed state and the catalog):

* a diving model runs submerged when it carries torpedoes (its one weapon under water)
  or has been hurt, and surfaces otherwise;
* a flyer (not a wing) climbs into the clouds once it has lost half its hull points, and
  comes down otherwise;
* a model carrying mines drops one behind it on every move with an enemy within 16 inches;
* a carrier launches its wings before it moves; a wing joins a patrol when it can, and
  lands to refuel when low on fuel or out of bombs and torpedoes, and stays out of
  answers on its last fuel;
* fighters and reconnaissance planes escort the nearest friendly large or massive
  squadron that may take a patrol (they end their moves beside it), so they join it on
  combat air patrol and answer attacks on it; bombers go for the enemy;
* a prize crew declares all stop when the prize's next drift would set off a mine, run
  into a model or terrain, take it off the table or bring it nearer the nearest enemy
  that could board it back, and lets it drift away otherwise (DW-DERELICT);
* concussion charges at mines go the way expected to destroy the most mines (the first
  listed of equals: every model in reach of the first mine linked there) (DW-MINE-CC).
"""

from __future__ import annotations

import math
from math import atan2, hypot
from typing import Final

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.geometry.movement import IllegalMove, TurnLimits, plan_path
from warbench.core.geometry.vectors import to_degrees
from warbench.core.odds import Dist
from warbench.core.rounding import round_to
from warbench.rulesets.dystopian_wars.actions import (
    JoinPatrol,
    Land,
    Launch,
    Move,
    PrizeCrew,
    Respond,
    SweepMines,
)
from warbench.rulesets.dystopian_wars.answer_aims import aimable, is_beast
from warbench.rulesets.dystopian_wars.boarding import (
    AnswerBoarding,
    Assault,
    Boarding,
    answer_rolls,
)
from warbench.rulesets.dystopian_wars.boarding_rules import party_dice
from warbench.rulesets.dystopian_wars.charges import MINE_SWEEP_NEEDED, shot_dice
from warbench.rulesets.dystopian_wars.combat import hull_left
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.exact import pool_hits, strikes_damage_odds
from warbench.rulesets.dystopian_wars.geometry import off_table
from warbench.rulesets.dystopian_wars.state import DWState, Model
from warbench.rulesets.dystopian_wars.sweep import carry_out

#: Enemies this close (centre to centre) make a minelayer drop a mine.
MINE_REACH: Final = 16.0
#: A wing with this much fuel or less lands when it can.
LOW_FUEL: Final = 3
#: Wing types that escort big ships rather than attack.
ESCORTS: Final = ("fighter", "recon")
#: How far beyond the escorted model's half length an escort aims to end (inside the
#: patrol's 4 inches).
ESCORT_GAP: Final = 2.0


def level_for(data: RulesData, model: Model) -> str:
    """The level the model should move at this activation ("" keeps it as it is)."""
    spec = data.models[model.cls]
    if spec.tiny:
        return ""
    if spec.diving:
        under = model.damage > 0 or any(m.kind == "torpedoes" for m in spec.mounts)
        wanted = "submerged" if under else "surface"
    elif spec.flying:
        wanted = "obscured" if 2 * model.damage >= spec.hp else "flying"
    else:
        return ""
    return wanted if wanted != model.level else ""


def mine_drop(state: DWState, data: RulesData, model: Model) -> float:
    """Where along its move the model drops a mine: at the start (0.0), or -1 for none."""
    spec = data.models[model.cls]
    if not any(m.kind == "mines" for m in spec.mounts) or model.marker("chaos-and-disarray"):
        return -1.0
    for other in state.models:
        if other.player != model.player and other.active and other.carried_by < 0 and (
            hypot(other.x - model.x, other.y - model.y) <= MINE_REACH
        ):
            return 0.0
    return -1.0


def escort_for(state: DWState, data: RulesData, wing: Model) -> Model | None:
    """The friendly model a fighter or reconnaissance wing should stay beside: the nearest
    of a large or massive squadron, none of it submerged (a squadron that may take a
    patrol); None for bombers and when there is none."""
    spec = data.models[wing.cls]
    if spec.wing not in ESCORTS or wing.carried_by >= 0:
        return None
    best: Model | None = None
    distance = math.inf
    for squadron in state.squadrons:
        if squadron.player != wing.player:
            continue
        models = state.squadron_models(squadron.sid)
        if not models or any(
            data.models[m.cls].rank < 3 or m.level == "submerged" for m in models
        ):
            continue
        for model in models:
            d = hypot(model.x - wing.x, model.y - wing.y)
            if model.active and d < distance:
                best, distance = model, d
    return best


def escort_reach(data: RulesData, escort: Model) -> float:
    """How close (centre to centre) an escort wing aims to end to the model it escorts."""
    return data.models[escort.cls].length / 2.0 + ESCORT_GAP


def escort_run(data: RulesData, wing: Model, escort: Model) -> tuple[float, float]:
    """The turn (degrees, relative to the wing's heading) and the distance that take a
    wing straight to the model it escorts, stopping short of it."""
    bearing = to_degrees(atan2(escort.x - wing.x, escort.y - wing.y))
    turn = (bearing - wing.heading + 180.0) % 360.0 - 180.0
    run = hypot(escort.x - wing.x, escort.y - wing.y) - escort_reach(data, escort) / 2.0
    return round_to(turn, 2), max(0.0, run)


def launch_choice(decision: Decision) -> Action | None:
    """Launch the first wing that may be launched."""
    return next((o for o in decision.options if isinstance(o, Launch)), None)


def deck_choice(state: DWState, decision: Decision) -> Action | None:
    """A wing's end of activation: land when short of fuel or ammunition, else join a
    patrol when one is offered."""
    lands = [o for o in decision.options if isinstance(o, Land)]
    patrols = [o for o in decision.options if isinstance(o, JoinPatrol)]
    if not lands and not patrols:
        return None
    wing = next(
        (m for m in state.models if m.alive and m.player == decision.player
         and m.carried_by < 0 and m.tokens and m.name in decision.prompt),
        None,
    )
    if lands and wing is not None and (wing.fuel <= LOW_FUEL or not wing.armed):
        return lands[0]
    if patrols:
        return patrols[0]
    return None


def answer_choice(state: DWState, data: RulesData, decision: Decision) -> Respond | None:
    """How to answer an attack or boarders: every able model on its own (its full dice,
    never worse when each hit counts alone), at boarders together where that may be
    given; against boarding creatures and robots, whose hull the answer strikes, the
    answer offered (on its own or linked, at which party) expected to do most: the melee
    dice it keeps from the target and the hull points it strikes, added up
    (:func:`answer_value`; the first offered of equals); a wing on its last fuel stays out
    (answering would cost it that fuel, and the wing)."""
    responds = [
        o for o in decision.options if isinstance(o, Respond)
        and not any(last_fuel(state, data, uid) for uid in o.models)
    ]
    if not responds:
        return None
    top = state.stack[-1] if state.stack else None
    if not isinstance(top, AnswerBoarding) or len(state.stack) < 2:
        return responds[0]
    boarding = state.stack[-2]
    if not isinstance(boarding, Boarding) or not 0 <= top.assault < len(boarding.assaults):
        return responds[0]
    assault = boarding.assaults[top.assault]
    if not any(is_beast(state, data, uid) for uid in aimable(state, assault.parties)):
        return responds[0]
    values = [sum(answer_value(state, data, assault, top.kind, o)) for o in responds]
    return responds[values.index(max(values))]


def answer_value(
    state: DWState, data: RulesData, assault: Assault, kind: str, answer: Respond
) -> tuple[float, float]:
    """What ``answer`` to ``assault`` is expected to do, as the game rolls it
    (:func:`~.boarding.answer_rolls`): the melee dice it keeps from the target (a
    creature's or robot's party sunk before it comes aboard, a crew's points killed), then
    the hull points it strikes off creatures and robots."""
    parties = [(uid, ap) for uid, ap in assault.parties
               if ap > 0 and state.models[uid].active]
    trial = Assault(assault.target, parties, kind, list(answer.models), True, False,
                    answer.linked, list(answer.at))
    strikes: dict[int, list[Dist]] = {}
    kills: dict[int, Dist] = {}
    for _, dice, needed, aim in answer_rolls(state, data, trial, parties):
        hits = pool_hits(dice, needed)
        if is_beast(state, data, aim):
            strikes.setdefault(aim, []).append(hits)
        else:
            kills[aim] = kills[aim] + hits if aim in kills else hits
    kept = wounds = 0.0
    for uid, ap in parties:
        dice = party_dice(state, data, uid, ap, assault.target)
        if uid in strikes:
            model = state.models[uid]
            spec = data.models[model.cls]
            left = hull_left(spec, model)
            hull = strikes_damage_odds(strikes[uid], spec.dr, spec.cr, spec.hp,
                                       hull_left=left, extra=Dist.constant(0)).hull
            assert hull is not None
            kept += hull.at_least(left) * dice
            wounds += hull.mean
        elif uid in kills:
            kept += _capped_mean(kills[uid], ap) * dice / ap
    if -1 in kills:
        kept += _capped_mean(kills[-1], sum(
            ap for uid, ap in parties if not is_beast(state, data, uid)))
    return kept, wounds


def _capped_mean(kills: Dist, most: int) -> float:
    """The mean of ``kills``, none counted beyond ``most``."""
    return sum(min(n, most) * chance for n, chance in kills.items())


def last_fuel(state: DWState, data: RulesData, uid: int) -> bool:
    """Whether the model is a wing on its last point of fuel."""
    model = state.models[uid]
    return data.models[model.cls].tiny and model.fuel <= 1


def tactic_choice(state: DWState, data: RulesData, decision: Decision) -> Action | None:
    """An answer to an attack or boarders (:func:`answer_choice`), a prize crew's order
    (:func:`crew_choice`) or charges at mines (:func:`sweep_choice`); None elsewhere."""
    found: Action | None = answer_choice(state, data, decision)
    if found is None:
        found = crew_choice(state, data, decision)
    if found is None:
        found = sweep_choice(state, data, decision)
    return found


def crew_choice(state: DWState, data: RulesData, decision: Decision) -> PrizeCrew | None:
    """A prize crew's order: all stop when the prize's next drift is risky
    (:func:`drift_risky`), else let it drift."""
    crews = [o for o in decision.options if isinstance(o, PrizeCrew)]
    if not crews:
        return None
    stop = drift_risky(state, data, state.models[crews[0].model])
    return next((o for o in crews if o.all_stop == stop), crews[0])


def drift_risky(state: DWState, data: RulesData, prize: Model) -> bool:
    """Whether the prize's minimum move straight ahead from where it stands would set off
    a mine, meet a model or terrain, end off the table, or bring it nearer the nearest
    enemy in play with assault points (who could board it back)."""
    inches = float(data.models[prize.cls].min_move)
    try:
        plan = plan_path(prize.pose(), (inches,), TurnLimits(0.0, True, inches))
    except IllegalMove:
        return True
    result = carry_out(state, data, prize, plan, Move(prize.uid, (inches,)))
    end = result.final
    if result.mines or result.contact is not None or (
        off_table(end.point, state.width, state.height)
    ):
        return True
    before = after = math.inf
    for other in state.models:
        if other.player == prize.prize_of or not other.active or other.carried_by >= 0 or (
            other.ap <= 0
        ):
            continue
        before = min(before, hypot(other.x - prize.x, other.y - prize.y))
        after = min(after, hypot(other.x - end.x, other.y - end.y))
    return after < before


def sweep_choice(state: DWState, data: RulesData, decision: Decision) -> SweepMines | None:
    """The way to use charges at mines expected to destroy the most of them (the first
    listed of equals)."""
    sweeps = [o for o in decision.options if isinstance(o, SweepMines)]
    if not sweeps:
        return None
    ad = {mine.mid: mine.ad for mine in state.mines}

    def cleared(option: SweepMines) -> float:
        spared: dict[int, float] = {}
        for shot in option.shots:
            dice = shot_dice(state, data, shot)
            chance = pool_hits(dice, MINE_SWEEP_NEEDED).at_least(ad.get(shot[0], 0))
            spared[shot[0]] = spared.get(shot[0], 1.0) * (1.0 - chance)
        return sum(1.0 - left for left in spared.values())

    best, score = sweeps[0], cleared(sweeps[0])
    for option in sweeps[1:]:
        value = cleared(option)
        if value > score + 1e-12:
            best, score = option, value
    return best
