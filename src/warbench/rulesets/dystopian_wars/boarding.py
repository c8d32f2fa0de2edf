"""Boarding assaults (summary step 6): declaring, the ack-ack answer, melee, capture.

A model with assault points may send some of them against an enemy within 4 inches (any
part of it; no line of sight needed); creatures and robots must be in base contact and send
all. Assaults on one target add their points together. The defender's squadron answers with
ack-ack (concussion charges against boarders from a diving model): each 5 kills one
boarding point, each 6 two and rolls again; against a creature or robot the ack-ack hits on
4+ and damages it instead; several parties' answer may be divided among them
(:mod:`.answer_aims`). Then both sides roll melee dice (one per assault point left,
4-5 one hit, 6 two and roll again) at the same time, each hit costing the other side an
assault point. When both sides keep points the boarding carries on: the survivors stay locked aboard
and fight another round (melee only) at each later boarding step of their squadron
(:mod:`.locked`). A defender left with none while a boarder survives is captured: it becomes a
derelict, and the winners decide how many of their points stay aboard as a prize crew
(a prize held counts double victory points); the rest go home. Creatures and robots can
neither capture nor be captured: at 0 assault points they are destroyed. A model that
rammed or collided boards only another model, with half its melee dice.

A friendly model may be boarded only while an enemy boarding of it is under way: the
points sent join its defenders. Boarders whose ship ends more than 4 inches from the
model they are aboard cannot go back to it: when that model is captured they stay aboard
as (part of) the prize crew, and the choice of who goes home is made once.

Who may board whom, and the numbers of an assault, are in :mod:`.boarding_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import IllegalAction
from warbench.core.procedures import Procedure
from warbench.core.rng import RandomStream
from warbench.core.words import player_name
from warbench.rulesets.dystopian_wars.actions import (
    Board,
    Decline,
    EndBoarding,
    Garrison,
    Respond,
)
from warbench.rulesets.dystopian_wars.answer_aims import (
    AimSpace,
    aim_options,
    aimable,
    answer_label,
    is_beast,
)
from warbench.rulesets.dystopian_wars.boarding_events import (
    BoardersLost,
    BoardersShot,
    BoardingDeclared,
    BoardingGoesOn,
    BoardingReinforced,
    BoardingRepelled,
    Derelict,
    Melee,
    Prize,
)
from warbench.rulesets.dystopian_wars.boarding_rules import (
    BEAST_AA_NEEDED,
    BOARDER_NEEDED,
    BOTH_LOSE,
    CAPTURED,
    MELEE_NEEDED,
    aimed_losses,
    assault_outcome,
    board_refusal,
    defender_of,
    killed_text,
    lose_points,
    lost_words,
    party_dice,
    shot_text,
    taken_meanwhile,
    under_attack,
)
from warbench.rulesets.dystopian_wars.combat import (
    aa_value,
    cc_value,
    surely_apart,
)
from warbench.rulesets.dystopian_wars.damage import apply_hits, destroy
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.geometry import AA_RANGE, BOARDING_RANGE, CC_RANGE, gap
from warbench.rulesets.dystopian_wars.linking import combining, linked_answers
from warbench.rulesets.dystopian_wars.locked import lock, locked_points, take_rounds
from warbench.rulesets.dystopian_wars.obscured import answer_obscured, answering_needed
from warbench.rulesets.dystopian_wars.pools import rolled_hits
from warbench.rulesets.dystopian_wars.state import (
    DWGame,
    DWState,
    Model,
    body_of,
    frame_below,
)


class BoardSpace(ParamSpace):
    """Any boarding assault: a model of the part, an enemy target, a number of points."""

    action_type = Board

    def __init__(self, state: DWState, data: RulesData, frame: Boarding) -> None:
        self._state = state
        self._data = data
        self._frame = frame
        self.description = "board an enemy within 4 inches with some of a model's points"

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, Board):
            return f"expected {self.action_type.TAG!r}, got {action!r} (DW-ACTIONS)"
        if action.model not in self._frame.part:
            models = self._state.models
            named = (models[action.model].name if 0 <= action.model < len(models)
                     else f"model {action.model}")
            return f"{named} is not part of this activation (DW-ALTERNATE)"
        if self._frame.sent(action.model):
            return (f"{self._state.models[action.model].name} has already sent its boarders "
                    "(DW-BOARD-DECLARE)")
        if not 0 <= action.target < len(self._state.models):
            return f"there is no model {action.target} (DW-ACTIONS)"
        attacker = self._state.models[action.model]
        return board_refusal(
            self._state, self._data, attacker, self._state.models[action.target], action.ap
        )

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        options = self._frame.options(self._state, self._data)
        found: list[Action] = []
        for _ in range(count):
            if not options:
                break
            base = options[rng.choice_index(len(options))]
            ap = 1 + rng.choice_index(max(1, base.ap))
            candidate = Board(base.model, base.target, ap)
            found.append(candidate if self.validate(candidate) is None else base)
        return found


class BoardingStage(StrEnum):
    """The steps of the boarding step: boardings carried on from earlier activations, then
    declare, answer, fight, garrison a prize."""

    ROUNDS = "rounds"
    DECLARE = "declare"
    ANSWER = "answer"
    MELEE = "melee"
    GARRISON = "garrison"


@dataclass(slots=True)
class Assault:
    """Boarding parties against one target: (model, points) pairs, and who answers (each
    responder's roll at the party ``aims`` names, DW-MULTI-ASSAULT; none: at them all)."""

    target: int
    parties: list[tuple[int, int]]
    answer: str = ""
    responders: list[int] = field(default_factory=list)
    asked: bool = False
    carried: bool = False
    linked: bool = False
    aims: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Boarding(Procedure[DWState, RulesData]):
    """Step 6 for one activation part: declare assaults, take answers, fight them."""

    sid: int
    part: list[int]
    stage: BoardingStage = BoardingStage.ROUNDS
    assaults: list[Assault] = field(default_factory=list)
    capture: int = -1
    survivors: list[tuple[int, int]] = field(default_factory=list)
    reinforced: list[int] = field(default_factory=list)

    def sent(self, uid: int) -> bool:
        """Whether the model has already sent boarders (an assault, or help aboard a
        friendly model)."""
        return uid in self.reinforced or any(
            uid == party[0] for a in self.assaults for party in a.parties
        )

    def options(self, state: DWState, data: RulesData) -> list[Board]:
        """Every assault the part may still declare (all points, or half of them)."""
        found: list[Board] = []
        for uid in self.part:
            attacker = state.models[uid]
            free = attacker.ap - locked_points(state, uid)
            if self.sent(uid) or not attacker.active or free <= 0:
                continue
            for target in state.models:
                if not target.alive or defender_of(target) == -1 or target.uid == uid:
                    continue
                if defender_of(target) == attacker.player and not under_attack(
                    state, target.uid, attacker.player
                ):
                    continue
                if surely_apart(data, attacker, target, BOARDING_RANGE):
                    continue  # board_refusal would find it beyond reach
                choices = sorted({free, max(1, free // 2)}, reverse=True)
                for ap in choices:
                    if board_refusal(state, data, attacker, target, ap) is None:
                        found.append(Board(uid, target.uid, ap))
        return found

    def decisions(self, game: DWGame) -> list[Decision]:
        state, data = game.state, game.data
        player = state.squadrons[self.sid].player
        if self.stage is BoardingStage.DECLARE:
            found = self.options(state, data)
            if not found:
                return []
            return [Decision(player, "declare boarding assaults (or end boarding)",
                             (*found, EndBoarding()), (BoardSpace(state, data, self),))]
        if self.stage is BoardingStage.GARRISON:
            left = sum(ap for _, ap in self.survivors)
            stranded = sum(ap for _, ap in stranded_parties(state, data, self))
            options = tuple(Garrison(n) for n in range(left, stranded - 1, -1))
            return [Decision(player, f"{state.models[self.capture].name} is captured: how "
                             "many assault points stay aboard as a prize crew?", options)]
        return []

    def act(self, game: DWGame, player: int, action: Action) -> None:
        state = game.state
        if isinstance(action, EndBoarding):
            self.stage = BoardingStage.ANSWER
            return
        if isinstance(action, Garrison):
            self.garrison(game, state, action.ap)
            return
        if not isinstance(action, Board):
            raise IllegalAction(f"boarding: {action!r} answers nothing here (DW-ACTIONS)")
        attacker, target = state.models[action.model], state.models[action.target]
        if defender_of(target) == attacker.player:
            self.reinforced.append(attacker.uid)
            reinforce(game, attacker, target, action.ap)
            return
        for assault in self.assaults:
            if assault.target == target.uid and not assault.carried:
                assault.parties.append((attacker.uid, action.ap))
                break
        else:
            self.assaults.append(Assault(target.uid, [(attacker.uid, action.ap)]))
        game.emit(
            BoardingDeclared(
                model=attacker.uid,
                target=target.uid,
                ap=action.ap,
                text=f"{attacker.name} sends {action.ap} assault points to board {target.name}",
            )
        )

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        if self.stage is BoardingStage.ROUNDS:
            for carried in take_rounds(state, self.part):
                self.assaults.append(
                    Assault(carried.target, carried.parties, asked=True, carried=True)
                )
            self.stage = BoardingStage.DECLARE
        elif self.stage is BoardingStage.DECLARE:
            self.stage = BoardingStage.ANSWER
        elif self.stage is BoardingStage.ANSWER:
            for index, assault in enumerate(self.assaults):
                if assault.asked:
                    continue
                assault.asked = True
                kind, able = boarding_answer(state, data, assault)
                if able:
                    assault.answer = kind
                    game.push(AnswerBoarding(index, kind, able))
                    return
            self.stage = BoardingStage.MELEE
        elif self.stage is BoardingStage.MELEE:
            if not self.assaults:
                game.pop()
                return
            self.fight(game, state, data, self.assaults.pop(0))
        else:
            game.pop()

    def fight(self, game: DWGame, state: DWState, data: RulesData, assault: Assault) -> None:
        """Roll the answer and the melee of one assault."""
        target = state.models[assault.target]
        target_spec = data.models[target.cls]
        parties = [
            (uid, ap) for uid, ap in assault.parties if state.models[uid].active and ap > 0
        ]
        if not target.alive or not parties:
            return
        boarder = state.models[parties[0][0]].player
        taken = taken_meanwhile(target, boarder)
        if taken is not None:  # taken by a boarding fought before this one
            game.emit(BoardingRepelled(target=target.uid, text=taken))
            return
        parties = self.answer_fire(game, state, data, assault, parties)
        boarders = sum(ap for _, ap in parties)
        if boarders <= 0:
            game.emit(
                BoardingRepelled(
                    target=target.uid,
                    text=f"the boarders never reach {target.name}",
                )
            )
            return
        dice = sum(party_dice(state, data, uid, ap, target.uid) for uid, ap in parties)
        defending = target.prize_ap if target.derelict else target.ap
        attack_hits = rolled_hits(game, boarder, dice, MELEE_NEEDED,
                                  label=f"boarders' melee on {target.name}")
        defence_hits = rolled_hits(game, defender_of(target), defending, MELEE_NEEDED,
                                   label=f"{target.name} defenders' melee")
        game.emit(
            Melee(
                target=target.uid,
                hits=attack_hits,
                answer=defence_hits,
                text=f"boarding {target.name}: {dice} melee dice score {attack_hits}, the "
                f"{defending} defenders score {defence_hits}",
            )
        )
        if target.derelict:
            target.prize_ap = max(0, target.prize_ap - attack_hits)
            left_defending = target.prize_ap
        else:
            target.ap = max(0, target.ap - attack_hits)
            left_defending = target.ap
        survivors = lose_points(state, parties, defence_hits)
        if left_defending == 0 and not target.derelict:
            target.add_marker("boarders-gone")
        # surviving boarders are back aboard their own ships: their points never left them
        alive_boarders = sum(ap for _, ap in survivors)
        beasts = [uid for uid, _ in parties if data.models[state.models[uid].cls].beast]
        outcome = assault_outcome(left_defending, alive_boarders)
        if alive_boarders == 0:  # beaten back, or both wiped out: say so (captures and
            # boardings that go on say it below)
            game.emit(BoardersLost(target=target.uid, defenders=left_defending,
                                   text=lost_words(target.name, left_defending)))
        # a creature or robot left with no assault points in a boarding is destroyed,
        # attacker or defender, whoever else is left (seed l.572, l.575)
        for uid in [*beasts, target.uid]:
            beast = state.models[uid]
            if data.models[beast.cls].beast and beast.alive and beast.ap == 0:
                why = "overwhelmed by boarders" if uid == target.uid else "no assault points left"
                by = parties[0][0] if uid == target.uid else target.uid
                destroy(game, beast, "destroyed", why, by)
        if not target.alive:
            return
        if outcome == BOTH_LOSE:
            lock(state, target.uid, state.squadrons[self.sid].player, survivors)
            game.emit(
                BoardingGoesOn(
                    target=target.uid,
                    boarders=alive_boarders,
                    defenders=left_defending,
                    text=f"the boarding of {target.name} goes on: {alive_boarders} boarders "
                    f"against {left_defending} defenders",
                )
            )
        if outcome != CAPTURED or target_spec.beast:
            return
        if len(beasts) == len(parties):
            return
        self.capture = target.uid
        self.survivors = survivors
        player = state.squadrons[self.sid].player
        target.derelict = True
        target.captured_by = player
        target.prize_of = -1
        target.prize_ap = 0
        target.helm = "ahead"  # the old crew's all stop goes with it (DW-DERELICT)
        captor = next(uid for uid, _ in parties if uid not in beasts)
        destroy(game, target, "captured", f"boarded by {player_name(player)}", captor)
        if player == target.player and state.commodore[player] == target.uid:
            # the commodore recaptured: tests no longer need the extra hit
            state.commodore_lost[player] = False
        self.stage = BoardingStage.GARRISON

    def answer_fire(
        self,
        game: DWGame,
        state: DWState,
        data: RulesData,
        assault: Assault,
        parties: list[tuple[int, int]],
    ) -> list[tuple[int, int]]:
        """Ack-ack (or charges) of the answering models thin out the boarders: each roll
        at the party it goes at (:func:`answer_rolls`), a crew's points or a creature's or
        robot's hull."""
        if not assault.answer or not assault.responders:
            return parties
        beasts = [(uid, ap) for uid, ap in parties if is_beast(state, data, uid)]
        crews = [(uid, ap) for uid, ap in parties if (uid, ap) not in beasts]
        kills: dict[int, int] = {}
        for uid, dice, needed, aim in answer_rolls(state, data, assault, parties):
            model = state.models[uid]
            hits = rolled_hits(game, model.player, dice, needed,
                               label=answer_label(state, uid, aim, bool(assault.aims)))
            if is_beast(state, data, aim):
                apply_hits(game, state.models[aim], hits, by_model=uid,
                           cause="ack-ack against boarders")
            else:
                kills[aim] = kills.get(aim, 0) + hits
        if assault.aims:
            survivors = aimed_losses(state, crews, kills)
            for uid, ap in crews:
                if kills.get(uid, 0):
                    game.emit(BoardersShot(killed=min(ap, kills[uid]), text=shot_text(
                        state.models[uid].name, ap, kills[uid])))
        else:
            killed = kills.get(-1, 0)
            if killed:
                game.emit(
                    BoardersShot(
                        killed=killed,
                        text=killed_text(killed),
                    )
                )
            survivors = lose_points(state, crews, killed) if crews else []
        return survivors + [(uid, ap) for uid, ap in beasts if state.models[uid].active]

    def garrison(self, game: DWGame, state: DWState, crew: int) -> None:
        """Leave ``crew`` points aboard the captured model; the rest go home."""
        target = state.models[self.capture]
        player = state.squadrons[self.sid].player
        remaining = crew
        # boarders who cannot go home (their ship beyond 4 inches) stay aboard first
        stranded = stranded_parties(state, game.data, self)
        others = [party for party in self.survivors if party not in stranded]
        for uid, ap in stranded + others:
            stay = min(ap, remaining)
            state.models[uid].ap -= stay
            remaining -= stay
        if crew > 0:
            target.prize_of = player
            target.prize_ap = crew
            game.emit(
                Prize(
                    model=target.uid,
                    ap=crew,
                    text=f"{target.name} is held as a prize by {crew} assault points",
                )
            )
        else:
            game.emit(Derelict(model=target.uid, text=f"{target.name} is left a derelict"))
        self.capture = -1
        self.survivors = []
        self.stage = BoardingStage.MELEE


def stranded_parties(
    state: DWState, data: RulesData, frame: Boarding
) -> list[tuple[int, int]]:
    """The surviving boarding parties of a capture whose ships are more than 4 inches
    from the captured model (or gone): they cannot re-embark and stay aboard."""
    target = state.models[frame.capture]
    target_body = body_of(target, data.models[target.cls])
    found = []
    for uid, ap in frame.survivors:
        ship = state.models[uid]
        if not ship.active or gap(
            body_of(ship, data.models[ship.cls]), target_body
        ) > BOARDING_RANGE + 1e-9:
            found.append((uid, ap))
    return found


def reinforce(game: DWGame, attacker: Model, target: Model, ap: int) -> None:
    """Send ``ap`` of ``attacker``'s points aboard a friendly model under boarding: they
    join its defenders (for good: engine default)."""
    attacker.ap -= ap
    if attacker.ap == 0:
        attacker.add_marker("boarders-gone")
    if target.derelict:
        target.prize_ap += ap
    else:
        target.ap += ap
        target.remove_marker("boarders-gone")
    game.emit(
        BoardingReinforced(
            model=attacker.uid,
            target=target.uid,
            ap=ap,
            text=f"{attacker.name} sends {ap} assault points aboard {target.name} to fight "
            "off its boarders",
        )
    )


def answer_dice(
    state: DWState, data: RulesData, assault: Assault, beasts: bool
) -> list[tuple[int, int, int]]:
    """The rolls of ``assault``'s answer: ``(model, dice, number needed)`` each, its
    responders' ack-ack or charges on their own or linked (DW-AA-LINK), needing 5+ (4+
    at boarding creatures and robots, ``beasts``; 6 from an obscured model, DW-OBSCURED)."""
    rolls = [
        (uid, assault.answer,
         aa_value(data.models[state.models[uid].cls], state.models[uid])
         if assault.answer == "aa"
         else cc_value(data.models[state.models[uid].cls], state.models[uid]))
        for uid in assault.responders
    ]
    wings = {uid for uid in assault.responders if data.models[state.models[uid].cls].tiny}
    each = rolls
    if assault.linked:
        rolls = linked_answers(rolls, wings, combining(state, data, assault.responders))
    return [
        (uid, dice, answering_needed(
            BEAST_AA_NEEDED if beasts else BOARDER_NEEDED,
            answer_obscured(state, each, wings, assault.linked, uid, kind)))
        for uid, kind, dice in rolls
    ]


def answer_rolls(
    state: DWState, data: RulesData, assault: Assault, parties: list[tuple[int, int]]
) -> list[tuple[int, int, int, int]]:
    """The rolls of ``assault``'s answer at ``parties`` (:func:`answer_dice`) and where
    each goes: ``(model, dice, number needed, party)``, the party the roll's model names
    (a linked pool's, its lead's; DW-MULTI-ASSAULT), 4+ at a creature or robot and 5+ at
    a crew. An answer naming none goes at the first creature or robot sent, else at the
    boarders together, party -1."""
    beasts = [uid for uid, _ in parties if is_beast(state, data, uid)]
    aim_of = dict(zip(assault.responders, assault.aims, strict=False))
    found = []
    at_crews = answer_dice(state, data, assault, False)
    at_beasts = answer_dice(state, data, assault, True)
    for (uid, dice, crew_needed), (_, _, beast_needed) in zip(at_crews, at_beasts, strict=True):
        aim = aim_of.get(uid, beasts[0] if beasts else -1)
        found.append((uid, dice, beast_needed if is_beast(state, data, aim) else crew_needed,
                      aim))
    return found


def boarding_answer(state: DWState, data: RulesData, assault: Assault) -> tuple[str, list[int]]:
    """Who may answer an assault: the target's squadron, with ack-ack (or charges against
    boarders from diving models, never between land and naval models) within range of the
    target. A prize cannot answer, but
    one squadron of the fleet holding it may (engine default: the one with most dice)."""
    target = state.models[assault.target]
    divers = {
        data.models[state.models[uid].cls].domain
        for uid, _ in assault.parties if data.models[state.models[uid].cls].diving
    }
    diving = bool(divers)
    kind = "cc" if diving else "aa"
    reach = CC_RANGE if diving else AA_RANGE
    target_body = body_of(target, data.models[target.cls])

    def able_in(models: list[Model]) -> list[tuple[int, int]]:
        found = []
        for model in models:
            spec = data.models[model.cls]
            if diving and any({spec.domain, domain} == {"naval", "land"} for domain in divers):
                continue  # land and naval models never use charges on each other (l.490)
            dice = cc_value(spec, model) if diving else aa_value(spec, model)
            if dice > 0 and gap(body_of(model, spec), target_body) <= reach + 1e-9:
                found.append((model.uid, dice))
        return found

    if not target.derelict:
        return kind, [uid for uid, _ in able_in(state.squadron_models(target.squadron))]
    best: list[tuple[int, int]] = []
    for squadron in state.squadrons:
        if squadron.player == target.prize_of:
            found = able_in(state.squadron_models(squadron.sid))
            if sum(d for _, d in found) > sum(d for _, d in best):
                best = found
    return kind, [uid for uid, _ in best]


@dataclass(slots=True)
class AnswerBoarding(Procedure[DWState, RulesData]):
    """The defender answers a boarding assault with ack-ack or concussion charges."""

    assault: int
    kind: str
    able: list[int]

    def decisions(self, game: DWGame) -> list[Decision]:
        state, data = game.state, game.data
        boarding = frame_below(game, Boarding)
        assault = boarding.assaults[self.assault]
        target = state.models[assault.target]
        name = "ack-ack" if self.kind == "aa" else "concussion charges"
        targets = aimable(state, assault.parties)
        options: list[Action] = list(aim_options(state, data, self.able, targets))
        spaces = (AimSpace(state, data, self.able, targets, options),) if len(targets) > 1 else ()
        return [Decision(defender_of(target), f"answer the boarders of {target.name} with {name}?",
                         (*options, Decline()), spaces)]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        game.pop()
        boarding = frame_below(game, Boarding, depth=1)
        assault = boarding.assaults[self.assault]
        if isinstance(action, Respond):
            assault.responders = list(action.models)
            assault.linked = action.linked
            assault.aims = list(action.at)
        else:
            assault.answer = ""
