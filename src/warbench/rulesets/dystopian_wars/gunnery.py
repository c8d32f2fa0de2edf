"""Attacks: declaring them all, the defender's ack-ack or concussion answer, rolling them.

Summary steps 3 to 5. The active player declares every attack of the activated part of
the squadron before any die is rolled (:class:`Fire` actions, then :class:`CeaseFire`):
one gun at full dice, several guns of one kind linked at one target (the focus at full
dice, each other gun adding half, rounded down), or one gun's dice split between several
targets in one range band. Then the defender answers each attack that allows it: ack-ack
against flyers' attacks within 8 inches and against rockets, concussion charges against
diving models' attacks within 4 inches and against torpedoes, both where both reach (a
flyer's torpedoes, a diver's rockets); every model of the attacked squadron in range may
join in. Ack-ack and concussion attacks resolve first (4a), tiny
flyers next (4b-4d), then the rest (5). Answer dice cancel one hit on a 5 and two on a 6
(which rolls again); shield generators cancel one hit on a 4 or 5 and two on a 6.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from warbench.core.actions import Action
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.engine import IllegalAction
from warbench.core.procedures import Procedure
from warbench.core.rng import RandomStream
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.actions import CeaseFire, Decline, Fire, PlayCard, Respond
from warbench.rulesets.dystopian_wars.attack_listing import (
    enemy_targets,
    fire_options,
    gun_key,
)
from warbench.rulesets.dystopian_wars.attack_rolls import (
    Attack,
    action_card,
    action_card_bonus,
    answer_means,
    answers_with,
    resolve_attack,
)
from warbench.rulesets.dystopian_wars.cards import play_card
from warbench.rulesets.dystopian_wars.combat import (
    AA_GUN,
    BOTH_ANSWERS,
    CC_GUN,
    Shot,
    shot_refusal,
)
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.events import (
    AnswerDeclared,
    AttackDeclared,
)
from warbench.rulesets.dystopian_wars.flyers import burn_fuel
from warbench.rulesets.dystopian_wars.linking import combining, linked_dice, may_link
from warbench.rulesets.dystopian_wars.no_attack import no_attack_reason
from warbench.rulesets.dystopian_wars.option_words import fire_verb, guns_words
from warbench.rulesets.dystopian_wars.state import (
    DWGame,
    DWState,
    Model,
    frame_below,
)
from warbench.rulesets.dystopian_wars.world import World, world_of


class GunneryStage(StrEnum):
    """The steps of the shooting step: declare every attack, answers, roll."""

    DECLARE = "declare"
    ANSWER = "answer"
    RESOLVE = "resolve"


#: Weapons whose dice may not be split (DW-SPLIT-FIRE: the seed lists what may be split,
#: batteries, rockets, torpedoes, ack-ack and charges, and bans mines; bombs are not listed).
UNSPLIT_KINDS: Final = ("bombs", "mines")


def fire_refusal(
    state: DWState,
    data: RulesData,
    frame: Gunnery,
    fire: Fire,
    world: World | None = None,
) -> tuple[str | None, Attack | None]:
    """Why ``fire`` may not be declared now, or the attack it declares (``world``: the
    table's :func:`~.world.world_of`, found when not given)."""
    if not fire.guns:
        return "an attack needs at least one gun (DW-ACTIONS)", None
    if len(set(fire.guns)) != len(fire.guns):
        return "a gun is named twice (DW-ACTIONS)", None
    if fire.dice < 0:
        return "split dice cannot be negative (DW-SPLIT-FIRE)", None
    linked = len(fire.guns) > 1
    if linked and fire.dice:
        return "linked fire cannot be split (DW-LINKED)", None
    if not 0 <= fire.target < len(state.models):
        return f"there is no model {fire.target} (DW-ACTIONS)", None
    target = state.models[fire.target]
    shots: list[Shot] = []
    if world is None:
        world = world_of(state, data)  # once for all the guns
    for uid, mount in fire.guns:
        if uid not in frame.part:
            named = state.models[uid].name if 0 <= uid < len(state.models) else f"model {uid}"
            return f"{named} is not part of this activation (DW-ALTERNATE)", None
        model = state.models[uid]
        if not model.active:
            return f"{model.name} can no longer attack (DW-ACTIONS)", None
        if model.broken and (linked or fire.dice):
            return f"{model.name} is broken: it may neither link nor split fire (DW-BROKEN)", None
        key = gun_key(uid, mount)
        spent = frame.used.get(key, 0)
        if spent < 0:
            return f"{model.name}'s {mount} has already fired (DW-ALL-ARCS)", None
        if spent and not fire.dice:
            return (f"{model.name}'s {mount} has split {spent} of its dice already: the rest"
                    " may only be split too, dice above 0 (DW-SPLIT-FIRE)"), None
        reason, shot = shot_refusal(state, data, model, mount, target, world=world)
        if reason is not None:
            return whose(reason, model.name, mount), None
        assert shot is not None
        shots.append(shot)
    lead = shots[0]
    if any(shot.group != lead.group for shot in shots):
        return "linked fire joins only weapons of one kind (DW-LINKED)", None
    if fire.dice and lead.kind in UNSPLIT_KINDS:
        return f"{lead.kind} cannot be split (DW-SPLIT-FIRE)", None
    if fire.dice:
        uid, mount = fire.guns[0]
        key = gun_key(uid, mount)
        band = frame.split_band.get(key)
        if band is not None and band != lead.band:
            return f"split fire stays in one range band (band {band}, DW-SPLIT-FIRE)", None
        if fire.target in frame.split_targets.get(key, []):
            return "split fire cannot hit the same target twice (DW-SPLIT-FIRE)", None
        left = lead.dice - frame.used.get(key, 0)
        if fire.dice > left:
            return (f"{state.models[uid].name}'s {mount} has only {left} dice left to split"
                    " (DW-SPLIT-FIRE)"), None
        dice = fire.dice
    else:
        escorts = combining(state, data, [uid for uid, _ in fire.guns])
        whole = [uid in escorts and mount in (AA_GUN, CC_GUN) for uid, mount in fire.guns]
        dice = linked_dice([shot.dice for shot in shots], whole) if linked else lead.dice
    attack = Attack(
        list(fire.guns), fire.target, dice, lead.needed, lead.kind, lead.band,
        split=bool(fire.dice),
    )
    return None, attack


def whose(reason: str, model: str, mount: str) -> str:
    """A gun's refusal naming the gun as its model's (``Warden 1's turret has no attack
    dice ...``, ``... arc of Warden 1's turret``): in a linked attack, which gun it is.

    >>> whose("turret has no attack dice in range band 3 (DW-AD)", "Warden 1", "turret")
    "Warden 1's turret has no attack dice in range band 3 (DW-AD)"
    """
    if reason.startswith(f"{mount} "):
        return f"{model}'s {reason}"
    return reason.replace(f" arc of {mount} (", f" arc of {model}'s {mount} (")


def split_share(
    state: DWState, data: RulesData, frame: Gunnery, fire: Fire
) -> tuple[int, int] | None:
    """The dice ``fire``'s one gun has at its target (in that range band) and those it has
    split already this activation, or ``None`` where its dice cannot be split there (linked
    guns, a gun fired in full, bombs and mines, a broken model, no shot at that target:
    DW-SPLIT-FIRE, DW-BROKEN)."""
    if len(fire.guns) != 1 or not 0 <= fire.target < len(state.models):
        return None
    uid, mount = fire.guns[0]
    if not 0 <= uid < len(state.models) or state.models[uid].broken:
        return None
    spent = frame.used.get(gun_key(uid, mount), 0)
    if spent < 0:
        return None
    _, shot = shot_refusal(state, data, state.models[uid], mount, state.models[fire.target])
    if shot is None or shot.kind in UNSPLIT_KINDS:
        return None
    return shot.dice, spent


def dice_choices(state: DWState, data: RulesData, frame: Gunnery, fire: Fire) -> tuple[int, ...]:
    """Every ``dice`` ``fire`` may hold, its gun and target as they are: 0 (the whole gun)
    unless it has split some already, then from one die up to those it has left at that
    target (DW-SPLIT-FIRE); 0 alone where it cannot split."""
    share = split_share(state, data, frame, fire)
    if share is None:
        return (0,)
    dice, spent = share
    return (() if spent else (0,)) + tuple(range(1, dice - spent + 1))


def record_fire(frame: Gunnery, fire: Fire, attack: Attack, lead_dice: int) -> None:
    """Mark the guns of a declared attack as used."""
    if fire.dice:
        uid, mount = fire.guns[0]
        key = gun_key(uid, mount)
        frame.used[key] = frame.used.get(key, 0) + fire.dice
        if frame.used[key] >= lead_dice:
            frame.used[key] = -1
        frame.split_band[key] = attack.band
        frame.split_targets.setdefault(key, []).append(fire.target)
    else:
        for uid, mount in fire.guns:
            frame.used[gun_key(uid, mount)] = -1


class FireSpace(ParamSpace):
    """Any legal attack, including split fire (a share of one gun's dice)."""

    action_type = Fire

    def __init__(self, state: DWState, data: RulesData, frame: Gunnery) -> None:
        self._state = state
        self._data = data
        self._frame = frame
        self.description = (
            "declare an attack: one gun, or several of one kind linked (the one with most"
            " dice leads), at a target; dice above 0 splits that many of one gun's dice"
        )

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, Fire):
            return f"expected {self.action_type.TAG!r}, got {action!r} (DW-ACTIONS)"
        reason, _ = fire_refusal(self._state, self._data, self._frame, action)
        return reason

    def listed(self) -> list[Action]:
        """Every attack of a whole gun, every linked attack of all the guns of a kind at a
        target (the decision's options: any of those guns fire together too, DW-LINKED),
        and the dice left of each gun split in part, at each target it may still split at
        (DW-SPLIT-FIRE). None listed: no attack is legal."""
        state, data, frame = self._state, self._data, self._frame
        found: list[Action] = [*fire_options(state, data, frame)]
        world = world_of(state, data)
        for key, spent in frame.used.items():
            if spent <= 0:  # fired in full
                continue
            uid, mount = key.split("|", 1)
            model = state.models[int(uid)]
            for target in enemy_targets(state, model.player):
                _, shot = shot_refusal(state, data, model, mount, target, world=world)
                if shot is None:
                    continue
                rest = Fire(((model.uid, mount),), target.uid, shot.dice - spent)
                if fire_refusal(state, data, frame, rest, world)[0] is None:
                    found.append(rest)
        return found

    def unavailable(self) -> str | None:
        """Why no attack may be declared now (:func:`~.no_attack.no_attack_reason`)."""
        return no_attack_reason(self._state, self._data, self._frame)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        options = fire_options(self._state, self._data, self._frame)
        found: list[Action] = []
        for _ in range(count * 2):
            if not options:
                break
            base = options[rng.choice_index(len(options))]
            if len(base.guns) == 1 and rng.random() < 0.5:
                uid, mount = base.guns[0]
                _, shot = shot_refusal(
                    self._state, self._data, self._state.models[uid], mount,
                    self._state.models[base.target],
                )
                spent = max(0, self._frame.used.get(gun_key(uid, mount), 0))
                if shot is not None and shot.dice - spent > 1:
                    share = 1 + rng.choice_index(shot.dice - spent - 1)
                    candidate = Fire(base.guns, base.target, share)
                    if self.validate(candidate) is None:
                        found.append(candidate)
                        continue
            found.append(base)
            if len(found) >= count:
                break
        return found[:count]


def answer_for(state: DWState, data: RulesData, attack: Attack) -> tuple[str, list[int]]:
    """What the defender may answer ``attack`` with (``"aa"``, ``"cc"``, or both: each model
    then answers with every one it reaches), and which of its models may: the attacked
    squadron's and its wings on patrol in range (:func:`~.attack_rolls.answer_means`)."""
    means = answer_means(state, data, attack)
    if not means:
        return "", []
    target = state.models[attack.target]
    lead = state.models[attack.guns[0][0]]
    squadron = [m for m in state.squadron_models(target.squadron) if m.prize_of < 0]
    squadron += [
        m for m in state.models
        if m.active and m.cap_with == target.squadron and m.player == target.player
        and m.carried_by < 0 and data.models[m.cls].tiny
    ]
    able = [
        m.uid for m in squadron
        if any(answers_with(state, data, m, kind, lead, state.models[anchor])
               for kind, anchor in means.items())
    ]
    kind = BOTH_ANSWERS if len(means) > 1 else next(iter(means))
    return (kind, able) if able else ("", [])


@dataclass(slots=True)
class Gunnery(Procedure[DWState, RulesData]):
    """Declare every attack of an activation part, take answers, then roll them."""

    sid: int
    part: list[int]
    stage: GunneryStage = GunneryStage.DECLARE
    attacks: list[Attack] = field(default_factory=list)
    used: dict[str, int] = field(default_factory=dict)
    split_band: dict[str, int] = field(default_factory=dict)
    split_targets: dict[str, list[int]] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)
    fuelled: list[int] = field(default_factory=list)

    def decisions(self, game: DWGame) -> list[Decision]:
        if self.stage is not GunneryStage.DECLARE:
            return []
        state, data = game.state, game.data
        player = state.squadrons[self.sid].player
        options: tuple[Action, ...] = (*fire_options(state, data, self), CeaseFire())
        return [
            Decision(
                player,
                f"declare attacks for {state.squadrons[self.sid].name} (or cease fire)",
                options,
                (FireSpace(state, data, self),),
            )
        ]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        state, data = game.state, game.data
        if isinstance(action, CeaseFire):
            self.stage = GunneryStage.ANSWER
            return
        if not isinstance(action, Fire):
            raise IllegalAction(f"gunnery: {action!r} declares no attack (DW-ACTIONS)")
        world = world_of(state, data)
        reason, attack = fire_refusal(state, data, self, action, world)
        assert reason is None and attack is not None
        lead_uid, lead_mount = action.guns[0]
        _, shot = shot_refusal(
            state, data, state.models[lead_uid], lead_mount, state.models[action.target],
            world=world,
        )
        assert shot is not None
        record_fire(self, action, attack, shot.dice)
        for uid, _ in action.guns:
            if action.target not in state.models[uid].fired_at:
                state.models[uid].fired_at.append(action.target)
        attack.answer, _ = answer_for(state, data, attack)
        lead = state.models[lead_uid]
        helping = action_card(state, data, lead_uid)
        bonus, easier = action_card_bonus(state, data, lead_uid)
        attack.bonus += bonus
        if easier:
            attack.needed = max(3, attack.needed - easier)
        if data.models[lead.cls].tiny:
            attack.tokens = lead.tokens
            if lead_uid not in self.fuelled:
                self.fuelled.append(lead_uid)
                burn_fuel(game, lead, "attacking")
        self.attacks.append(attack)
        # the action card declared with it says what it adds (rolled with the dice)
        name = "" if helping is None else data.cards[helping.card].name
        more = f" and {counted(bonus, 'more die')} from {name}" if bonus else ""
        aim = f" ({name})" if easier else ""
        guns = guns_words(state, action.guns)
        how = "split" if attack.split else ("linked" if len(action.guns) > 1 else "")
        verb = fire_verb(action.guns)
        game.emit(
            AttackDeclared(
                guns=action.guns,
                target=action.target,
                dice=attack.dice,
                band=attack.band,
                needed=attack.needed,
                text=f"{guns} {verb + ' ' + how if how else verb} at "
                f"{state.models[action.target].name}: {counted(attack.dice, 'die')} in band "
                f"{attack.band}{more}, hitting on {attack.needed}+{aim}",
            )
        )

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        if self.stage is GunneryStage.ANSWER:
            for index, attack in enumerate(self.attacks):
                if attack.asked:
                    continue
                attack.asked = True
                kind, able = answer_for(state, data, attack) if attack.answer else ("", [])
                target = state.models[attack.target]
                # with cards in play the defender is always asked, so that nobody learns
                # from the question whether the defender holds a reaction card
                cards = state.cards_on and may_react(data, target)
                if able or cards:
                    game.push(Answer(index, kind if able else "", able))
                    return
            self.stage = GunneryStage.RESOLVE
            groups = [_resolve_group(data, state, attack) for attack in self.attacks]
            self.order = sorted(range(len(self.attacks)), key=lambda i: (groups[i], i))
            return
        if self.stage is GunneryStage.RESOLVE:
            if not self.order:
                game.pop()
                return
            index = self.order.pop(0)
            resolve_attack(game, state, data, self.attacks[index], index)
            return
        game.pop()


def _resolve_group(data: RulesData, state: DWState, attack: Attack) -> int:
    """4a: ack-ack and charges; 4b-4d: tiny flyers; 5: the rest."""
    if attack.kind in (AA_GUN, CC_GUN):
        return 0
    if data.models[state.models[attack.guns[0][0]].cls].tiny:
        return 1
    return 2


@dataclass(slots=True)
class Answer(Procedure[DWState, RulesData]):
    """The defender answers one attack: ack-ack or concussion charges from the models able
    (``kind`` empty when none are), and a reaction card, one per attack."""

    attack: int
    kind: str
    able: list[int]
    carded: bool = False

    def reactions(self, game: DWGame) -> list[str]:
        """Reaction cards the defender may still play on this attack."""
        state, data = game.state, game.data
        gunnery = frame_below(game, Gunnery)
        target = state.models[gunnery.attacks[self.attack].target]
        if self.carded or not state.cards_on:
            return []
        return reaction_cards(state, data, target)

    def decisions(self, game: DWGame) -> list[Decision]:
        state = game.state
        gunnery = frame_below(game, Gunnery)
        target = state.models[gunnery.attacks[self.attack].target]
        options: list[Action] = []
        if self.kind:
            options.extend(answer_options(state, game.data, target, self.able))
        options.extend(PlayCard(card, target.uid) for card in self.reactions(game))
        options.append(Decline())
        name = {"aa": "ack-ack", "cc": "concussion charges", BOTH_ANSWERS: "ack-ack and "
                "concussion charges", "": "a reaction card"}[self.kind]
        return [Decision(target.player, f"answer the attack on {target.name} with {name}?",
                         tuple(options))]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        if isinstance(action, PlayCard):
            self.carded = True
            if not self.kind:
                game.pop()
            play_card(game, player, action.card, model=action.model, until="attack",
                      event=self.attack, on=game.state.models[action.model].name)
            return
        game.pop()
        gunnery = frame_below(game, Gunnery, depth=1)
        attack = gunnery.attacks[self.attack]
        if isinstance(action, Respond):
            attack.responders = list(action.models)
            attack.linked = action.linked
            state = game.state
            names = ", ".join(state.models[uid].name for uid in action.models)
            means = {AA_GUN: "ack-ack", CC_GUN: "charges"}.get(self.kind, "ack-ack and charges")
            game.emit(
                AnswerDeclared(
                    models=tuple(action.models),
                    text=f"{names} {'answers' if len(action.models) == 1 else 'answer'} with"
                    f" {means}" + (" linked" if action.linked else ""),
                )
            )
        else:
            attack.answer = ""


def answer_options(
    state: DWState, data: RulesData, target: Model, able: list[int]
) -> list[Respond]:
    """The answers offered (DW-AA-LINK): every able model, on its own or linked; the same
    without the wings on patrol (an answer costs a wing fuel, DW-FUEL); the target alone."""
    ships = [uid for uid in able if state.models[uid].cap_with != target.squadron]
    groups = [able, ships] if ships and len(ships) < len(able) else [able]
    options: list[Respond] = []
    for group in groups:
        options.append(Respond(tuple(group)))
        if may_link(state, data, group):
            options.append(Respond(tuple(group), linked=True))
    if len(able) > 1 and target.uid in able:
        options.append(Respond((target.uid,)))
    return list(dict.fromkeys(options))


def may_react(data: RulesData, target: Model) -> bool:
    """Whether a reaction card may be played on this model (not broken, a token, or a
    derelict)."""
    return not (target.broken or data.models[target.cls].tiny or target.derelict)


def reaction_cards(state: DWState, data: RulesData, target: Model) -> list[str]:
    """The target's owner's R cards that protect a model."""
    if not may_react(data, target):
        return []
    return sorted(
        {
            card for card in state.hands[target.player].value
            if data.cards[card].kind == "R" and data.cards[card].effect in ("shields", "evasion")
            and data.cards[card].fits(data.models[target.cls])
        }
    )
