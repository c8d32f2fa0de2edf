"""Rolling a declared attack (summary steps 4a to 5): the defender's answer dice cancel
hits, shield generators and reaction cards save more, then the damage is dealt; wings on
combat air patrol strike back at the attacker."""


from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.cards import card_reaches
from warbench.rulesets.dystopian_wars.combat import (
    AA_GUN,
    AIRBORNE,
    BOTH_ANSWERS,
    CC_GUN,
    Shot,
    aa_needed,
    aa_value,
    cc_value,
    dogfight_needed,
    shot_refusal,
)
from warbench.rulesets.dystopian_wars.damage import apply_hits
from warbench.rulesets.dystopian_wars.data import Card, RulesData
from warbench.rulesets.dystopian_wars.events import (
    AttackLost,
    AttackRolled,
    PatrolStrike,
)
from warbench.rulesets.dystopian_wars.flyers import burn_fuel, strike_wing
from warbench.rulesets.dystopian_wars.geometry import AA_RANGE, CC_RANGE, gap
from warbench.rulesets.dystopian_wars.linking import combining, linked_answers
from warbench.rulesets.dystopian_wars.obscured import answer_obscured, answering_needed
from warbench.rulesets.dystopian_wars.option_words import MOUNT_WORDS
from warbench.rulesets.dystopian_wars.pools import rolled_hits
from warbench.rulesets.dystopian_wars.shields import rolled_shields, shielded_words
from warbench.rulesets.dystopian_wars.state import (
    CardPlay,
    DWGame,
    DWState,
    Model,
    body_of,
)

#: The number answer dice (ack-ack, concussion charges) need to cancel hits.
CANCEL_NEEDED: Final = 5


@dataclass(slots=True)
class Attack:
    """A declared attack: guns (model, mount), target, dice, number needed, kind, band,
    what the defender may answer with and who answers."""

    guns: list[tuple[int, str]]
    target: int
    dice: int
    needed: int
    kind: str
    band: int
    split: bool = False
    answer: str = ""
    responders: list[int] = field(default_factory=list)
    asked: bool = False
    bonus: int = 0
    tokens: int = 0
    linked: bool = False


def answer_means(state: DWState, data: RulesData, attack: Attack) -> dict[str, int]:
    """The answers that reach ``attack``, each with the model an answering model must be
    in range of (DW-AA-ANSWER, DW-CC-ANSWER): ack-ack against a flyer's attack within 8
    inches (in range of the flyer) or else against rockets (of the target); charges against
    a diving model's attack within 4 inches (of the diver) or else against torpedoes (of the
    target). Both reach a flyer's torpedoes within 8 inches and a diving model's rockets
    within 4 (DW-CC-ANSWER). Ack-ack and charges used as attacks go unanswered, but for a
    wing's ack-ack (steps 4b and 4c: the wing or other flyer it attacks answers with its
    own, seed l.628, DW-WING-AA-ANSWER)."""
    target = state.models[attack.target]
    lead = state.models[attack.guns[0][0]]
    lead_spec, target_spec = data.models[lead.cls], data.models[target.cls]
    if attack.kind == CC_GUN or (attack.kind == AA_GUN and not lead_spec.tiny):
        return {}
    apart = gap(body_of(lead, lead_spec), body_of(target, target_spec))
    means: dict[str, int] = {}
    if lead.level in AIRBORNE and apart <= AA_RANGE + 1e-9:
        means[AA_GUN] = lead.uid
    elif attack.kind == "rockets":
        means[AA_GUN] = target.uid
    if lead_spec.diving and apart <= CC_RANGE + 1e-9:
        means[CC_GUN] = lead.uid
    elif attack.kind == "torpedoes":
        means[CC_GUN] = target.uid
    return means


def answers_with(
    state: DWState, data: RulesData, model: Model, kind: str, lead: Model, anchor: Model
) -> bool:
    """Whether ``model`` (of the attacked squadron) answers an attack led by ``lead`` with
    ``kind``, being in range of ``anchor`` (:func:`answer_means`): ack-ack within 8 inches
    (tiny flyers' 4), charges within 4 (tiny flyers' 2, DW-TINY-AA-RANGE), never charges
    between land and naval models, never from tokens aboard a carrier (DW-AA-CARRIED)."""
    if model.carried_by >= 0:
        return False
    spec = data.models[model.cls]
    if kind == AA_GUN:
        reach = AA_RANGE / 2.0 if spec.tiny else AA_RANGE
        dice = aa_value(spec, model)
    else:
        if {spec.domain, data.models[lead.cls].domain} == {"naval", "land"}:
            return False
        reach = CC_RANGE / 2.0 if spec.tiny else CC_RANGE
        dice = cc_value(spec, model)
    anchor_body = body_of(anchor, data.models[anchor.cls])
    return dice > 0 and gap(body_of(model, spec), anchor_body) <= reach + 1e-9


def answer_rolls(
    state: DWState, data: RulesData, attack: Attack
) -> tuple[list[tuple[int, str, int]], set[int], list[tuple[int, str, int]]]:
    """The answer ``attack``'s responders roll (DW-AA-ANSWER, DW-CC-ANSWER, DW-AA-LINK), in
    the order rolled: (model, kind, dice) for each answer each active responder gives (with
    both answers, each it reaches: torpedo bombers meet ack-ack at the tokens and charges at
    the torpedoes), pooled where ``attack.linked``; then the wings among them and the
    rolls as they were before pooling."""
    lead = state.models[attack.guns[0][0]]
    rolls: list[tuple[int, str, int]] = []
    for uid in attack.responders:
        model = state.models[uid]
        if not model.active:
            continue
        spec = data.models[model.cls]
        kinds = [attack.answer]
        if attack.answer == BOTH_ANSWERS:
            # each answer the model reaches (torpedo bombers: ack-ack at the tokens,
            # charges at the torpedoes)
            kinds = [kind for kind, anchor in answer_means(state, data, attack).items()
                     if answers_with(state, data, model, kind, lead, state.models[anchor])]
        rolls.extend(
            (uid, kind, aa_value(spec, model) if kind == AA_GUN else cc_value(spec, model))
            for kind in kinds
        )
    wings = {uid for uid, _, _ in rolls if data.models[state.models[uid].cls].tiny}
    each = rolls
    if attack.linked:
        rolls = linked_answers(rolls, wings, combining(state, data, attack.responders))
    return rolls, wings, each


def resolve_attack(
    game: DWGame, state: DWState, data: RulesData, attack: Attack, index: int = -1
) -> None:
    """Roll one declared attack: answers first, then the dice, shields, damage."""
    target = state.models[attack.target]
    lead = state.models[attack.guns[0][0]]
    if not target.alive or not any(state.models[uid].active for uid, _ in attack.guns):
        game.emit(AttackLost(target=target.uid, text=f"the attack on {target.name} is lost"))
        return
    lead_spec = data.models[lead.cls]
    target_spec = data.models[target.cls]
    cancelled = 0
    dice = attack.dice
    # a wing's ack-ack and the answer to it fire at the same time (steps 4b, 4c: a
    # dogfight, or at another flyer): the answer costs the attacking wing nothing of it
    simultaneous = lead_spec.tiny and attack.kind == AA_GUN
    if attack.answer and attack.responders:
        rolls, wings, each = answer_rolls(state, data, attack)
        fuelled: set[int] = set()
        for uid, kind, answer in rolls:
            model = state.models[uid]
            spec = data.models[model.cls]
            # an obscured model answers on 6 only (DW-OBSCURED)
            obscured = answer_obscured(state, each, wings, attack.linked, uid, kind)
            if uid in wings and uid not in fuelled:
                # a wing using its ack-ack or charges burns fuel (once, whether or not it
                # also strikes back with its attack dice)
                fuelled.add(uid)
                burn_fuel(game, model, f"answering with {attack.answer}")
            if not model.active:
                continue
            if lead_spec.tiny and kind == AA_GUN:
                # a wing answering a wing (a dogfight, or a patrol guarding its ship) hits
                # as tiny flyers hit tiny flyers: fighters 3+, bombers 6
                needed = answering_needed(
                    dogfight_needed(spec) if spec.tiny else aa_needed(lead_spec), obscured
                )
                lost = lead.alive and strike_wing(game, model.player, lead, answer, needed,
                                                  label=f"{model.name} ack-ack at {lead.name}",
                                                  by_model=uid)
                if lost and not simultaneous:
                    game.emit(
                        AttackLost(
                            target=target.uid,
                            text=f"{lead.name}'s attack on {target.name} is over",
                        )
                    )
                    return
                continue
            saved = rolled_hits(game, model.player, answer,
                                answering_needed(CANCEL_NEEDED, obscured),
                                label=f"{model.name} {kind} answer")
            cancelled += saved
    # why the dice rolled are not those declared, said with the roll
    changes: list[str] = []
    if lead_spec.tiny and attack.tokens and lead.tokens < attack.tokens and not simultaneous:
        dice = dice * lead.tokens // attack.tokens
        changes.append(f"{lead.tokens} of its {counted(attack.tokens, 'token')} left")
    if lead_spec.tiny and attack.kind in ("bombs", "torpedoes"):
        lead.armed = False
    if target_spec.tiny:
        strike_wing(game, lead.player, target, dice, attack.needed,
                    label=f"{lead.name} {MOUNT_WORDS.get(attack.kind, attack.kind)} attack on"
                    f" {target.name}", by_model=lead.uid)
        return
    boosts = squadron_gunnery_cards(state, data, lead)
    dice = dice + attack.bonus + sum(card.value for card in boosts)
    if attack.bonus:
        changes.append(f"{attack.bonus} more from the action card it was declared with")
    changes += [f"{card.value} more from {card.name}" for card in boosts if card.value]
    fog = fog_cards(state, data)
    if attack.band >= 3 and fog:
        floor = " (never below 1 die, DW-AD-MIN)" if dice == 1 else ""
        dice = fog_halved(dice)
        changes.append(f"halved by {', '.join(fog)} in band {attack.band}{floor}")
    told = f" ({attack.dice} declared; {'; '.join(changes)})" if changes else ""
    reactions = [
        data.cards[play.card]
        for play in state.in_play
        if play.until == "attack" and play.event == index
    ]
    state.in_play = [
        play for play in state.in_play if not (play.until == "attack" and play.event == index)
    ]
    evasion = [card.name for card in reactions if card.effect == "evasion"]
    needed = attack.needed + len(evasion)
    # the declaration said the number needed: a card that changed it says the new one
    aimed = f", now hitting on {needed}+ ({', '.join(evasion)})" if evasion else ""
    hits = rolled_hits(game, lead.player, dice, needed,
                       label=f"{lead.name} {attack.kind} attack on {target.name}")
    shield = rolled_shields(game, target_spec, target)
    screens = [card for card in reactions if card.effect == "shields"]
    card_saves = sum(card.value for card in screens)
    final = max(0, hits - cancelled - shield - card_saves)
    notes = []
    if cancelled:
        by = attack.answer
        if by == BOTH_ANSWERS:  # ack-ack at a wing strikes its tokens, cancelling nothing
            by = CC_GUN if lead_spec.tiny else "aa and cc"
        notes.append(f"{cancelled} cancelled by {by}")
    if shield:
        notes.append(f"{shield} stopped by shields")
    if card_saves:
        notes.append(f"{card_saves} stopped by {', '.join(card.name for card in screens)}")
    game.emit(
        AttackRolled(
            target=target.uid,
            dice=dice,
            hits=hits,
            cancelled=cancelled,
            shields=shield,
            final=final,
            guns=tuple(attack.guns),
            band=attack.band,
            needed=needed,
            text=f"{lead.name} rolls {counted(dice, 'die')}{told} at {target.name}{aimed}: "
            + f"{hits} {'hit' if hits == 1 else 'hits'}"
            + (f" ({', '.join(notes)}), {final} {'counts' if final == 1 else 'count'}"
               if notes else ""),
        )
    )
    counters = patrol_counters(game, state, data, attack, lead, target)
    apply_hits(game, target, final, by_model=lead.uid, cause=f"{attack.kind} from {lead.name}")
    for wing, hits in counters:
        apply_hits(game, lead, hits, by_model=wing, cause="combat air patrol")


def patrol_shots(
    state: DWState, data: RulesData, attack: Attack, lead: Model, target: Model
) -> list[tuple[Model, Shot, bool]]:
    """The wings on patrol with the attacked squadron that strike the attacker back (DW-CAP-
    AD), each with the shot of its first weapon that may legally hit it and whether the
    strike burns its fuel (it did not answer); one that did not answer never spends its
    last fuel, and so itself, on it (the strike is a choice: engine default)."""
    found: list[tuple[Model, Shot, bool]] = []
    answered = set(attack.responders) if attack.answer else set()
    for wing in state.models:
        spec = data.models[wing.cls]
        if not (spec.tiny and wing.active and wing.cap_with == target.squadron
                and wing.player == target.player and wing.carried_by < 0):
            continue
        for mount in spec.mounts:
            reason, shot = shot_refusal(state, data, wing, mount.name, lead)
            if reason is not None or shot is None:
                continue
            burns = wing.uid not in answered
            if not (burns and wing.fuel <= 1):
                found.append((wing, shot, burns))
            break
    return found


def patrol_counters(
    game: DWGame, state: DWState, data: RulesData, attack: Attack, lead: Model, target: Model
) -> list[tuple[int, int]]:
    """Wings on patrol with the attacked squadron strike the attacker with their attack
    dice when in range (:func:`patrol_shots`), whether or not their ack-ack answered, at the
    same time as the attack (their hits land with it); a wing that did not answer burns its
    fuel here. Each strike is the wing's attack: the attacker's shield generators meet it
    as they meet any wing's (DW-GENERATORS). Returns each wing with the hits that count."""
    found: list[tuple[int, int]] = []
    lead_spec = data.models[lead.cls]
    for wing, shot, burns in patrol_shots(state, data, attack, lead, target):
        if burns:
            burn_fuel(game, wing, "striking back on patrol")
        hits = rolled_hits(game, wing.player, shot.dice, shot.needed,
                           label=f"{wing.name} patrol strike")
        stopped = min(hits, rolled_shields(game, lead_spec, lead))
        if shot.kind in ("bombs", "torpedoes"):
            # an AD attack, even one striking back, spends bombers' ammunition
            # until they land (DW-BOMBERS, seed l.640)
            wing.armed = False
        game.emit(
            PatrolStrike(
                model=wing.uid,
                target=lead.uid,
                hits=hits,
                shields=stopped,
                final=hits - stopped,
                text=f"{wing.name} strikes back at {lead.name}: {shielded_words(hits, stopped)}",
            )
        )
        found.append((wing.uid, hits - stopped))
    return found


def squadron_gunnery_cards(state: DWState, data: RulesData, lead: Model) -> list[Card]:
    """The S cards in force giving extra dice to every attack led by ``lead`` (reaching
    the squadron's commanded models only)."""
    return [
        data.cards[play.card]
        for play in state.in_play
        if play.squadron >= 0 and play.model < 0 and data.cards[play.card].effect == "gunnery"
        and card_reaches(play, lead)
    ]


def squadron_card_dice(state: DWState, data: RulesData, lead: Model) -> int:
    """Extra dice on every attack led by ``lead`` from an S card in force that reaches it
    (the squadron's commanded models only)."""
    return sum(card.value for card in squadron_gunnery_cards(state, data, lead))


def action_card(state: DWState, data: RulesData, lead: int) -> CardPlay | None:
    """The A card in force on the attack's lead model that helps its first attack (more
    dice, or an easier number needed), if any."""
    for play in state.in_play:
        card = data.cards[play.card]
        if play.model == lead and play.until == "activation" and card.kind == "A" and (
            card.effect in ("gunnery", "steady-aim")
        ):
            return play
    return None


def card_help(data: RulesData, play: CardPlay | None) -> tuple[int, int]:
    """What an :func:`action_card` gives the attack: (extra dice, easier by)."""
    if play is None:
        return 0, 0
    card = data.cards[play.card]
    return (card.value, 0) if card.effect == "gunnery" else (0, card.value)


def action_card_bonus(state: DWState, data: RulesData, lead: int) -> tuple[int, int]:
    """The :func:`card_help` of the lead model's A card for its first attack; the card is
    then used up."""
    play = action_card(state, data, lead)
    if play is not None:
        state.in_play.remove(play)
    return card_help(data, play)


def fog_cards(state: DWState, data: RulesData) -> list[str]:
    """The names of the fog cards in force: they halve the dice of attacks in range bands 3
    and 4."""
    return [data.cards[play.card].name for play in state.in_play
            if data.cards[play.card].effect == "fog"]


def fog_in_force(state: DWState, data: RulesData) -> bool:
    """Whether a fog card is in force: it halves the dice of attacks in range bands 3 and 4."""
    return bool(fog_cards(state, data))


def fog_halved(dice: int) -> int:
    """An attack's ``dice`` halved by a fog card, rounding down but never below 1 die: the
    seed lets no rule reduce an attack's AD below 1 (DW-AD-MIN).

    >>> fog_halved(13), fog_halved(2), fog_halved(1), fog_halved(0)
    (6, 1, 1, 0)
    """
    return max(min(dice, 1), dice // 2)
