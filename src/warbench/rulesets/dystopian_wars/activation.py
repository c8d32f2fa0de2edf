"""One squadron's activation, in the source's order (the summary 1a to 8).

1a the squadron is chosen (by :class:`~.turn.Activations`); 1b models out of command
distance take command tests; 2a each model moves all its move before the next (a mine it
comes within 1 inch of goes off there and then, with the model where it set it off, and the
model then completes its move); 2b rams and collisions are rolled; 3 every attack is
declared and the defender declares its answers;
4a-5 the attacks are rolled (:mod:`.gunnery`); 6 boarding assaults; 7a rout tests for
squadrons that lost models; 7b bravery tests for models broken before this activation;
8 repairs. A split squadron activates its commanded part first, then each detached model
on its own; a squadron may instead do nothing and drift 2 inches straight ahead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import IllegalAction
from warbench.core.geometry.movement import TurnLimits, plan_path
from warbench.core.procedures import Procedure
from warbench.core.words import one_of, player_name
from warbench.rulesets.dystopian_wars.actions import (
    Command,
    Decline,
    Helm,
    Idle,
    JoinPatrol,
    Land,
    Launch,
    Move,
    Pivot,
    PlayCard,
)
from warbench.rulesets.dystopian_wars.boarding import Boarding
from warbench.rulesets.dystopian_wars.cards import card_options, expire_cards, play_card
from warbench.rulesets.dystopian_wars.charges import sweep
from warbench.rulesets.dystopian_wars.command import (
    RoutTests,
    break_models,
    command_groups,
    fearless,
    free_of_command,
    take_test,
)
from warbench.rulesets.dystopian_wars.contacts import resolve_contact
from warbench.rulesets.dystopian_wars.damage import destroy
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import (
    Activated,
    AllStop,
    HelmOrder,
    Idled,
    JoinedPatrol,
    LevelChanged,
    MineDropped,
    Moved,
    Pivoted,
    Rallied,
    Split,
    Touched,
)
from warbench.rulesets.dystopian_wars.flyers import (
    burn_fuel,
    carry_wings,
    land,
    landing_decks,
    launch,
    launch_patrol,
    launchable,
    patrol_kept,
    patrol_squadrons,
    shift_tokens,
)
from warbench.rulesets.dystopian_wars.gunnery import Gunnery
from warbench.rulesets.dystopian_wars.mines import dropped_on, explode, set_off_mines
from warbench.rulesets.dystopian_wars.movement import (
    DRIFT,
    MoveSpace,
    PivotSpace,
    leaves_table,
    move_refusal,
    place_mine,
    treacherous,
)
from warbench.rulesets.dystopian_wars.rams import Contact
from warbench.rulesets.dystopian_wars.repairs import Repairs
from warbench.rulesets.dystopian_wars.state import DWGame, DWState, Model
from warbench.rulesets.dystopian_wars.surface import piece_met
from warbench.rulesets.dystopian_wars.sweep import carry_out
from warbench.rulesets.dystopian_wars.treacherous import TerrainRoll
from warbench.rulesets.dystopian_wars.victory import end_battle, judge, standing

HELM_ORDERS = ("hold", "ahead", "reverse")
#: Inches a model must travel to leave its contacts behind (less is rounding noise).
MOVED = 1e-6


class ActivationStage(StrEnum):
    """The steps of one activation, in the order of the source's summary."""

    START = "start"
    COMMAND = "command"
    TESTS = "tests"
    CARDS = "cards"
    MOVE = "move"
    COLLIDE = "collide"
    FIRE = "fire"
    BOARD = "board"
    NEXT = "next"
    DECK = "deck"
    BRAVERY = "bravery"
    REPAIR = "repair"


@dataclass(slots=True)
class Activation(Procedure[DWState, RulesData]):
    """The activation of squadron ``sid``."""

    sid: int
    stage: ActivationStage = ActivationStage.START
    parts: list[list[int]] = field(default_factory=list)
    part: int = 0
    groups: list[list[int]] = field(default_factory=list)
    moved: list[int] = field(default_factory=list)
    idle: bool = False
    contacts: list[tuple[int, int, bool]] = field(default_factory=list)
    dropped: list[int] = field(default_factory=list)
    broken_before: list[int] = field(default_factory=list)

    # ------------------------------------------------------------------ decisions

    def decisions(self, game: DWGame) -> list[Decision]:
        state, data = game.state, game.data
        player = state.squadrons[self.sid].player
        if self.stage is ActivationStage.COMMAND:
            commands = tuple(Command(group[0]) for group in self.groups)
            return [Decision(player, "the squadron is split: choose the commanded part", commands)]
        if self.stage is ActivationStage.MOVE:
            movers = self.movers(state)
            if not movers:
                return []
            options: list[Action] = []
            if self.part == 0 and not self.moved:
                options.append(Idle())
            for uid in movers:
                carrier = state.models[uid]
                for w in launchable(state, data, carrier):
                    # DW-CAP: the wing may join the carrier's squadron, or fly on its own
                    if launch_patrol(state, data, carrier, state.models[w]):
                        options.append(Launch(w))
                    options.append(Launch(w, patrol=False))
            for uid in movers:
                if state.models[uid].helm == "all_stop":
                    options.extend(Helm(uid, order) for order in self.helm_orders(state, data, uid))
            spaces: list[ParamSpace] = [MoveSpace(state, data, movers, self.moved)]
            free = [uid for uid in movers if state.models[uid].helm != "all_stop"]
            pivot = PivotSpace(state, data, free)
            if pivot.movers:
                spaces.append(pivot)
            return [
                Decision(
                    player,
                    f"move {state.squadrons[self.sid].name}",
                    tuple(options),
                    tuple(spaces),
                )
            ]
        if self.stage is ActivationStage.CARDS:
            cards = card_options(state, data, self.sid, self.parts)
            if not cards:
                return []
            return [Decision(player, "play a squadron or action card?", (*cards, Decline()))]
        if self.stage is ActivationStage.DECK:
            wing = self.wing(state, data)
            if wing is None:
                return []
            deck: list[Action] = [Land(c) for c in landing_decks(state, data, wing)]
            deck += [JoinPatrol(s) for s in patrol_squadrons(state, data, wing)]
            if not deck:
                return []
            return [Decision(player, f"land or patrol with {wing.name}?", (*deck, Decline()))]
        return []

    def wing(self, state: DWState, data: RulesData) -> Model | None:
        """The squadron's wing of tiny flyers, if it is one and still in the air."""
        models = state.squadron_models(self.sid)
        if len(models) == 1 and data.models[models[0].cls].tiny and models[0].carried_by < 0:
            return models[0]
        return None

    def movers(self, state: DWState) -> list[int]:
        """Models of the current part still to move."""
        if self.part >= len(self.parts):
            return []
        return [
            uid for uid in self.parts[self.part]
            if uid not in self.moved and state.models[uid].active
        ]

    @staticmethod
    def helm_orders(state: DWState, data: RulesData, uid: int) -> tuple[str, ...]:
        """Orders a model under all stop may take."""
        spec = data.models[state.models[uid].cls]
        if "no-reverse" in spec.traits:
            return ("hold", "ahead")
        return HELM_ORDERS

    # ------------------------------------------------------------------ answers

    def act(self, game: DWGame, player: int, action: Action) -> None:
        state, data = game.state, game.data
        if isinstance(action, Command):
            chosen = next(group for group in self.groups if action.model in group)
            self.set_parts(game, chosen)
            return
        if isinstance(action, Idle):
            self.idle = True
            self.drift(game, state, data)
            return
        if isinstance(action, Launch):
            carrier = state.models[state.models[action.wing].carried_by]
            launch(game, state, data, carrier, state.models[action.wing], action.patrol)
            return
        if self.stage is ActivationStage.CARDS:
            self.stage = ActivationStage.MOVE
            if isinstance(action, PlayCard):
                target = state.models[action.model].name if action.model >= 0 else ""
                reach = list(self.parts[0]) if action.model < 0 else None
                play_card(game, player, action.card, squadron=self.sid, model=action.model,
                          until="activation", on=target or state.squadrons[self.sid].name,
                          reach=reach)
            return
        if isinstance(action, Land | JoinPatrol | Decline):
            self.deck(game, state, action)
            return
        if isinstance(action, Helm):
            self.helm(game, state, action)
            return
        if isinstance(action, Pivot):
            model = state.models[action.model]
            model.place(model.pose().turned(action.degrees))
            shift_tokens(game, state, data, model)
            release(state, model)
            self.moved.append(model.uid)
            game.emit(
                Pivoted(
                    model=model.uid,
                    degrees=action.degrees,
                    text=f"{model.name} turns {action.degrees:g} degrees on the spot",
                )
            )
            return
        if not isinstance(action, Move):
            raise IllegalAction(f"activation: {action!r} answers nothing here (DW-ACTIONS)")
        self.move(game, state, data, action)

    def deck(self, game: DWGame, state: DWState, action: Action) -> None:
        """The wing lands, joins a patrol, or stays as it is."""
        wing = self.wing(state, game.data)
        assert wing is not None
        if isinstance(action, Land):
            land(game, state, wing, state.models[action.carrier])
        elif isinstance(action, JoinPatrol):
            wing.cap_with = action.squadron
            game.emit(
                JoinedPatrol(
                    model=wing.uid,
                    squadron=action.squadron,
                    text=f"{wing.name} joins {state.squadrons[action.squadron].name} "
                    "on combat air patrol",
                )
            )
        self.stage = ActivationStage.BRAVERY

    def helm(self, game: DWGame, state: DWState, action: Helm) -> None:
        """Carry out a helm order of a model under all stop."""
        model = state.models[action.model]
        self.moved.append(model.uid)
        if action.order == "ahead":
            model.helm = "ahead"
            text = f"{model.name} clears its all stop: it gets under way next activation"
        elif action.order == "reverse":
            model.helm = "reverse"
            text = f"{model.name} takes a direction arrow: it may back away next activation"
        else:
            text = f"{model.name} holds still"
        game.emit(HelmOrder(model=model.uid, order=action.order, text=text))

    def move(self, game: DWGame, state: DWState, data: RulesData, action: Move) -> None:
        """Carry out one model's move."""
        model = state.models[action.model]
        reason, plan = move_refusal(state, data, model, action)
        assert reason is None and plan is not None
        if action.level and action.level != model.level:
            game.emit(
                LevelChanged(
                    model=model.uid,
                    level=action.level,
                    text=f"{model.name} {'dives' if action.level == 'submerged' else 'goes'} "
                    f"{'under' if action.level == 'submerged' else 'to ' + action.level}",
                )
            )
        result = carry_out(state, data, model, plan, action)
        if action.level:
            if action.level == "submerged" and data.models[model.cls].beast:
                model.remove_marker("raging-fire", model.marker("raging-fire"))
            model.level = action.level
        sunk = set_off_mines(game, state, data, model, result)
        if sunk is not None:
            # the mine's blast ended the model where it set the mine off: no more move
            self.moved.append(model.uid)
            where, travelled = sunk
            model.place(where)
            if travelled > MOVED:
                release(state, model)
            lost = f"{model.name} is lost to a mine after {travelled:.1f} inches"
            game.emit(moved_event(model, lost))
            return
        model.place(result.final)
        carry_wings(state, model)
        shift_tokens(game, state, data, model)
        if result.travelled > MOVED:
            release(state, model)
        self.moved.append(model.uid)
        game.emit(
            moved_event(
                model,
                f"{model.name} moves {result.travelled:.1f} inches"
                + (" backward" if action.backward else "")
                + (f" and stops against {self.obstacle_name(state, result.contact.other)}"
                   if result.contact else "")
                + (f", held against {self.obstacle_name(state, result.held_by)} (in contact"
                   " from the start: no ram or collision)" if result.held_by is not None
                   else ""),
            )
        )
        if result.dropped is not None:
            mine = place_mine(state, data, model, result.dropped)
            self.dropped.append(mine.mid)
            game.emit(MineDropped(mine=mine.mid, text=f"{model.name} drops a mine"))
            if dropped_on(state, data, mine, model) is not None:
                explode(game, state, data, mine)  # a mine dropped on a model goes off at once
        if action.all_stop:
            model.helm = "all_stop"
            game.emit(AllStop(model=model.uid, text=f"{model.name} signals all stop"))
        if result.contact is not None:
            contact = result.contact
            if action.ram or contact.other < 0:
                self.contacts.append((contact.mover, contact.other, contact.forward))
            else:
                game.emit(
                    Touched(
                        model=model.uid,
                        other=contact.other,
                        text=f"{model.name} comes alongside "
                        f"{self.obstacle_name(state, contact.other)} without ramming",
                    )
                )
        if leaves_table(state, model):
            destroy(game, model, "destroyed", "left the table")
        for piece in reversed(treacherous(state, data, model, plan)):
            game.push(TerrainRoll(model.uid, piece.name))
        spec = data.models[model.cls]
        if spec.tiny and model.alive:
            if result.travelled > spec.mv / 2.0 + 1e-9:
                burn_fuel(game, model, "flying hard")
            if model.cap_with >= 0 and not patrol_kept(state, data, model):
                model.cap_with = -1
                model.left_patrol = state.turn

    @staticmethod
    def obstacle_name(state: DWState, other: int) -> str:
        """The name of what a contact met."""
        if other >= 0:
            return state.models[other].name
        return piece_met(state.terrain, state.surface, other).name

    def drift(self, game: DWGame, state: DWState, data: RulesData) -> None:
        """The squadron does nothing: each model not under all stop drifts 2 inches, land
        models, walkers and wings in the air too (the seed makes no exception); only a model
        that cannot move at all (no move value, as most fortifications) and a wing aboard
        its carrier stay put."""
        game.emit(
            Idled(
                squadron=self.sid,
                text=f"{state.squadrons[self.sid].name} does nothing this turn and drifts",
            )
        )
        for part in self.parts:
            for uid in part:
                model = state.models[uid]
                if not model.active or model.helm == "all_stop" or model.carried_by >= 0:
                    continue
                spec = data.models[model.cls]
                if spec.mv <= 0:
                    continue
                drift = Move(uid, (DRIFT,), backward=model.helm == "reverse")
                start = model.pose().turned(180.0) if drift.backward else model.pose()
                plan = plan_path(start, (DRIFT,), TurnLimits(0.0, True, DRIFT))
                result = carry_out(state, data, model, plan, drift)
                sunk = set_off_mines(game, state, data, model, result)
                travelled = result.travelled if sunk is None else sunk[1]
                if travelled > MOVED:
                    release(state, model)
                if sunk is not None:
                    model.place(sunk[0])  # lost to a mine on the way
                    continue
                model.place(result.final)
                carry_wings(state, model)
                shift_tokens(game, state, data, model)
                if spec.tiny and model.cap_with >= 0 and not patrol_kept(state, data, model):
                    model.cap_with = -1
                    model.left_patrol = state.turn
                if result.contact is not None:
                    c = result.contact
                    self.contacts.append((c.mover, c.other, False))
                if leaves_table(state, model):
                    destroy(game, model, "destroyed", "drifted off the table")
        self.moved = [uid for part in self.parts for uid in part]
        self.part = len(self.parts) - 1

    # ------------------------------------------------------------------ stepping

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        stage = self.stage
        if stage is ActivationStage.START:
            self.start(game, state)
        elif stage is ActivationStage.TESTS:
            self.command_tests(game, state, data)
            self.stage = ActivationStage.CARDS
        elif stage is ActivationStage.CARDS:
            self.stage = ActivationStage.MOVE
        elif stage is ActivationStage.MOVE:
            self.stage = ActivationStage.COLLIDE
        elif stage is ActivationStage.COLLIDE:
            if self.contacts:
                mover, other, forward = self.contacts.pop(0)
                resolve_contact(game, state, data, Contact(mover, other, forward))
                return
            if not self.idle:  # drifting models attack in no way, charges at mines too
                sweep(game, state, data, self.parts[self.part])
            self.stage = ActivationStage.FIRE
        elif stage is ActivationStage.FIRE:
            self.stage = ActivationStage.BOARD
            part = [uid for uid in self.parts[self.part] if state.models[uid].active]
            if not self.idle and part:
                game.push(Gunnery(self.sid, part))
        elif stage is ActivationStage.BOARD:
            self.stage = ActivationStage.NEXT
            part = [uid for uid in self.parts[self.part] if state.models[uid].active]
            if not self.idle and part:
                game.push(Boarding(self.sid, part))
        elif stage is ActivationStage.NEXT:
            if self.part + 1 < len(self.parts) and not self.idle:
                self.part += 1
                self.stage = ActivationStage.MOVE
            else:
                self.stage = ActivationStage.DECK
                game.push(RoutTests(self.sid, list(self.parts[0]) if self.parts else []))
        elif stage is ActivationStage.DECK:
            self.stage = ActivationStage.BRAVERY
        elif stage is ActivationStage.BRAVERY:
            self.bravery(game, state, data)
            self.stage = ActivationStage.REPAIR
            game.push(Repairs(self.sid))
        else:
            self.finish(state)
            game.pop()
            left = [p for p in range(state.players) if standing(state, p)]
            if len(left) <= 1:
                outcome = judge(state, data, last_turn=True)
                assert outcome is not None
                end_battle(game, outcome)

    def start(self, game: DWGame, state: DWState) -> None:
        """Begin: note who is broken, find the command groups."""
        state.phase_no += 1
        squadron = state.squadrons[self.sid]
        squadron.activated = True
        models = state.squadron_models(self.sid)
        for model in models:
            model.grounded = False
            model.fired_at = []
            model.struck = []
            if model.fresh:
                model.fresh = {}  # markers gained before this activation may be repaired
        self.broken_before = [m.uid for m in models if m.broken]
        game.emit(
            Activated(
                player=squadron.player,
                squadron=self.sid,
                text=f"{player_name(squadron.player)} activates {squadron.name}",
            )
        )
        # models that ignore command distance are never split off (DW-FEARLESS)
        self.groups = command_groups(state, self.sid, game.data)
        if len(self.groups) > 1:
            self.stage = ActivationStage.COMMAND
        else:
            self.set_parts(game, self.groups[0] if self.groups else [])

    def set_parts(self, game: DWGame, chosen: list[int]) -> None:
        """The commanded part first (with every model that ignores command distance),
        then each model out of command on its own."""
        others = [uid for group in self.groups if group is not chosen for uid in group]
        free = free_of_command(game.state, game.data, self.sid)
        self.parts = [sorted(chosen + free)] + [[uid] for uid in sorted(others)]
        if others:
            game.emit(
                Split(
                    detached=tuple(sorted(others)),
                    text=f"{len(others)} model{'s' if len(others) > 1 else ''} out of command "
                    "distance",
                )
            )
        self.stage = ActivationStage.TESTS

    def command_tests(self, game: DWGame, state: DWState, data: RulesData) -> None:
        """1b: detached models test; break markers spread through the commanded part."""
        if not self.parts:
            return
        commanded = [state.models[uid] for uid in self.parts[0]]
        if any(m.broken for m in commanded):
            break_models(game, [m for m in commanded if not m.broken], "a broken model rejoined")
        for part in self.parts[1:]:
            model = state.models[part[0]]
            if fearless(data, model) or model.broken:
                continue
            if not take_test(game, "command", [model], detached=True, label="command test"):
                break_models(game, [model], "failed command test")

    def bravery(self, game: DWGame, state: DWState, data: RulesData) -> None:
        """7b: models broken before this activation test to remove their markers."""
        candidates = [state.models[uid] for uid in self.broken_before]
        still = [
            m for m in candidates
            if m.active and m.broken and m.broken_at < state.phase_no and not fearless(data, m)
        ]
        if not still:
            return
        commanded = [m for m in still if m.uid in self.parts[0]] if self.parts else []
        groups = ([commanded] if commanded else []) + [[m] for m in still if m not in commanded]
        for group in groups:
            if take_test(game, "bravery", group, detached=group is not commanded,
                         label="bravery test"):
                for model in group:
                    model.broken = False
                game.emit(
                    Rallied(
                        models=tuple(m.uid for m in group),
                        text=f"{', '.join(m.name for m in group)} rally",
                    )
                )

    def finish(self, state: DWState) -> None:
        """Mines dropped this activation arm; grounding ends; cards of the activation end."""
        expire_cards(state, "activation")
        for mine in state.mines:
            if mine.mid in self.dropped:
                mine.armed = True
        for model in state.squadron_models(self.sid):
            model.grounded = False
            model.fired_at = []
            model.struck = []
            model.remove_marker("launching")


def moved_event(model: Model, text: str) -> Moved:
    """The event of ``model`` standing where its move left it, told with ``text``."""
    return Moved(model=model.uid, x=round(model.x, 3), y=round(model.y, 3),
                 heading=round(model.heading, 3), text=text)


def release(state: DWState, model: Model) -> None:
    """The model moves away: its ram and collision contacts end, on both sides."""
    for other in model.contact:
        if other >= 0 and model.uid in state.models[other].contact:
            state.models[other].contact.remove(model.uid)
    model.contact = []


def idle_text(state: DWState, action: Action) -> str:
    """Doing nothing in words, for the squadron activating now ("" for another action):
    no attack, and which models drift 2 inches or stay put under all stop (DW-DRIFT)."""
    frame = next((f for f in reversed(state.stack) if isinstance(f, Activation)), None)
    if not isinstance(action, Idle) or frame is None:
        return ""
    models = [state.models[uid] for part in frame.parts for uid in part]
    held = [model.name for model in models if model.active and model.helm == "all_stop"]
    if not held:
        return "do nothing this turn: the squadron drifts 2 inches straight, no attack (DW-DRIFT)"
    rest = ", the others drift 2 inches straight" if len(held) < len(models) else ""
    return (f"do nothing this turn: no attack; {one_of(held, 'and')} stay"
            f"{'s' * (len(held) == 1)} put under all stop{rest} (DW-DRIFT)")
