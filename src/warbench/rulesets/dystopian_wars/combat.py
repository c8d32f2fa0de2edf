"""What a model can do to another: current values, weapon reach, the hit table by level.

These are pure functions of the state and the data: who may fire what at whom, with how
many dice and needing what. Rolling and damage live in :mod:`.attacks` and :mod:`.damage`.

Levels and the number needed (the source's hit table, with its restrictions):

* surface or flying shooters against surface or flying targets: 4+;
* any target obscured or submerged: 6 (obscured medium, large or massive flyers: 5+);
* a surfaced diving model (submarine, burrower): 5+;
* an obscured shooter hits only on 6;
* capital ships' gunnery, rockets, torpedoes and bombs against small targets: 5+, fast
  targets 6, elusive targets 5+ from anyone;
* primaries are one easier in range band 1; a natural 1 always fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import hypot
from typing import Final

from warbench.core.geometry import base_crossed_by
from warbench.rulesets.dystopian_wars.data import ModelSpec, Mount, RulesData
from warbench.rulesets.dystopian_wars.geometry import (
    AA_RANGE,
    BANDS,
    CC_RANGE,
    CHANNELS,
    wholly_in_channel,
)
from warbench.rulesets.dystopian_wars.locked import locked_against
from warbench.rulesets.dystopian_wars.obscured import OBSCURED_NEEDED
from warbench.rulesets.dystopian_wars.option_words import arc_words
from warbench.rulesets.dystopian_wars.pools import clamp_needed
from warbench.rulesets.dystopian_wars.rams import size_halves
from warbench.rulesets.dystopian_wars.state import DWState, Model
from warbench.rulesets.dystopian_wars.world import World, world_of

AIRBORNE: Final = ("flying", "obscured")
#: Pseudo-mounts for ack-ack and concussion charges used as attacks.
AA_GUN, CC_GUN = "aa", "cc"
#: The answer to torpedo bombers: ack-ack at the tokens and charges at the torpedoes.
BOTH_ANSWERS: Final = "aa+cc"
#: Weapons that fire like gunnery but keep their dice whatever the hull damage.
UNDAMAGED_KINDS: Final = ("rockets", "torpedoes", "bombs", "mines")
#: How far behind a flyer its bombs fall (a 4-inch fixed channel).
BOMB_REACH: Final = 4.0
#: How close counts as base contact (dive bombers, creatures boarding), in inches.
CONTACT: Final = 0.05


def hull_left(spec: ModelSpec, model: Model) -> int:
    """Hull points the model has left."""
    return spec.hp - model.damage


def aa_value(spec: ModelSpec, model: Model) -> int:
    """Ack-ack dice now: reduced by hull damage (never below 1), 0 when submerged,
    shredded or derelict; a wing rolls its tokens' ack-ack combined."""
    if model.level == "submerged" or model.derelict or model.marker("shredded-defences"):
        return 0
    if spec.tiny:
        return spec.aa * model.tokens
    if spec.aa <= 0:
        return 0
    return max(1, spec.aa - model.damage)


def cc_value(spec: ModelSpec, model: Model) -> int:
    """Concussion charge dice now, reduced as :func:`aa_value`."""
    if model.level == "submerged" or model.derelict or model.marker("shredded-defences"):
        return 0
    if spec.tiny:
        return spec.cc * model.tokens
    if spec.cc <= 0:
        return 0
    return max(1, spec.cc - model.damage)


def contact_halves(state: DWState, data: RulesData, spec: ModelSpec, model: Model) -> bool:
    """Whether a ram or collision halves this model's fire (DW-CONTACT-HALF): a medium,
    large or massive model that rammed or collided, in the activation under way
    (:attr:`~.pieces.Model.struck`), with a model of its own size or one size smaller."""
    models = state.models
    return any(other >= 0 and models[other].alive
               and size_halves(spec, data.models[models[other].cls]) for other in model.struck)


def mount_dice(
    state: DWState, data: RulesData, spec: ModelSpec, model: Model, mount: Mount, band: int
) -> int:
    """Attack dice of one mount in one range band, after damage and markers (0: cannot)."""
    dice = mount.ad[band - 1]
    if dice <= 0:
        return 0
    if spec.tiny:
        return dice * model.tokens
    if mount.kind not in UNDAMAGED_KINDS:
        dice = max(1, dice - model.damage)
        if model.marker("half-ad"):
            dice = (dice + 1) // 2
    if model.struck and contact_halves(state, data, spec, model):
        dice = max(1, dice // 2)
    return dice


def needed_to_hit(
    shooter_spec: ModelSpec,
    shooter: Model,
    target_spec: ModelSpec,
    target: Model,
    mount: Mount,
    band: int,
) -> int:
    """The number the attack needs on each die (2..6), by level, size and weapon; a primary
    in band 1 eases only the hit table's 4, to 3 (DW-HARDEST-RULE)."""
    level = target.level
    if level == "obscured":
        needed = 5 if target_spec.rank >= 2 else 6
    elif level == "submerged":
        needed = 6
    elif target_spec.diving:
        needed = 5
    else:
        needed = 4
    if shooter.level == "obscured":
        needed = 6
    if "elusive" in target_spec.traits:
        needed = max(needed, 5)
    if shooter_spec.capital and target_spec.size == "small":
        needed = max(needed, 6 if "fast" in target_spec.traits else 5)
    if mount.kind == "bombs" and target.level in AIRBORNE:
        needed = max(needed, 5)
    if mount.grade == "primary" and band == 1 and needed == 4:  # any weapon marked P
        needed = 3
    return clamp_needed(needed)


def deck_refusal(
    state: DWState, data: RulesData, spec: ModelSpec, shooter: Model, wing: Model, gun: str
) -> str | None:
    """Tokens aboard a carrier are open only to ack-ack from models at least as big as the
    carrier or flying above it, and never under covered decks."""
    carrier = state.models[wing.carried_by]
    carrier_spec = data.models[carrier.cls]
    if gun != AA_GUN:
        return "tokens aboard a carrier can be attacked only with ack-ack (DW-AA-CARRIED)"
    if "covered-decks" in carrier_spec.traits:
        return f"{carrier.name}'s covered decks shelter its tokens (DW-AA-CARRIED)"
    above = shooter.level in AIRBORNE and carrier.level not in AIRBORNE
    if spec.rank < carrier_spec.rank and not above:
        return (f"only models as big as {carrier.name}, or flying above it, reach its decks "
                "(DW-AA-CARRIED)")
    return None


def dogfight_needed(shooter: ModelSpec) -> int:
    """What a tiny flyer needs against other tiny flyers: fighters 3+, recon 5+, bombers 6."""
    if shooter.wing == "fighter":
        return 3
    if shooter.wing == "recon":
        return 5
    return 6


def aa_needed(target_spec: ModelSpec) -> int:
    """Ack-ack as an attack: flyers and obscured flyers on 4+, small and tiny ones on 5+."""
    return 5 if target_spec.rank <= 1 else 4


def cc_needed(target_spec: ModelSpec) -> int:
    """Concussion charges as an attack: diving models on 4+, small and tiny ones on 5+."""
    return 5 if target_spec.rank <= 1 else 4


def auxiliary_needed(spec: ModelSpec, shooter: Model, target_spec: ModelSpec, gun: str) -> int:
    """What ``shooter``'s ack-ack (``gun`` :data:`AA_GUN`) or charges need as an attack: a
    wing's ack-ack at a wing its dogfight number, an obscured shooter 6 with any weapon."""
    if gun != AA_GUN:
        return OBSCURED_NEEDED if shooter.level == "obscured" else cc_needed(target_spec)
    needed = dogfight_needed(spec) if spec.tiny and target_spec.tiny else aa_needed(target_spec)
    return OBSCURED_NEEDED if shooter.level == "obscured" else needed


@dataclass(frozen=True, slots=True, init=False)
class Shot:
    """A legal shot of one gun at one target: dice, number needed, range band."""

    dice: int
    needed: int
    band: int
    kind: str
    group: str

    def __init__(self, dice: int, needed: int, band: int, kind: str, group: str) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "needed", needed)
        object.__setattr__(self, "band", band)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "group", group)

    def __reduce__(self) -> tuple[type[Shot], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Shot, (self.dice, self.needed, self.band, self.kind, self.group)


#: Why a naval torpedo may not be fired at a target (:func:`torpedo_path_clear`).
_BLOCKED_RUN: Final = "the torpedo run is blocked by a ship or terrain (DW-ROCKETS-TORPEDOES)"
#: Inches allowed for rounding when a range band is read from bounds on the distance.
_MARGIN: Final = 1e-6


def own_side(shooter: Model, target: Model) -> bool:
    """Whether the target belongs (or once belonged) to the shooter's fleet."""
    return target.player == shooter.player or target.prize_of == shooter.player


def sight_line(
    state: DWState,
    data: RulesData,
    shooter: Model,
    target: Model,
    *,
    kind: str = "gunnery",
    world: World | None = None,
) -> bool:
    """Line of sight for an attack (bombs ignore it; flyers see over terrain and ships;
    ``world`` is the table's :func:`~.world.world_of`, found when not given)."""
    if kind == "bombs":
        return True
    if shooter.level in AIRBORNE or target.level in AIRBORNE:
        return True
    if world is None:
        world = world_of(state, data)
    return world.sees(shooter, target)


def torpedo_path_clear(
    state: DWState, data: RulesData, shooter: Model, target: Model, world: World | None = None
) -> bool:
    """Naval torpedoes pass through no other naval model, submerged or not, and no
    terrain but water (the answer kept in the table's ``world``, found when not given)."""
    if world is None:
        world = world_of(state, data)
    pair = (shooter.uid, target.uid)
    found = world.torpedo.get(pair)
    if found is None:
        found = world.torpedo[pair] = _run_clear(shooter, target, world)
    return found


def _run_clear(shooter: Model, target: Model, world: World) -> bool:
    start, end = shooter.point(), target.point()
    if any(shape.crossed_by(start, end) for shape in world.depths):
        return False
    low_x, high_x = sorted((start.x, end.x))
    low_y, high_y = sorted((start.y, end.y))
    ends = (shooter.uid, target.uid)
    for x, y, radius, uid in world.hulls:
        # a path farther from a centre than the base's reach misses the base
        if (
            low_x <= x + radius and x - radius <= high_x
            and low_y <= y + radius and y - radius <= high_y
            and uid not in ends
            and base_crossed_by(world.body(uid), start, end)
        ):
            return False
    return True


def surely_apart(data: RulesData, first: Model, second: Model, inches: float) -> bool:
    """Whether the two bases are certainly more than ``inches`` apart edge to edge, judged
    from their centres and reaches alone (with a margin for rounding): a quick test that
    spares measuring pairs no edge-to-edge distance could bring within ``inches``."""
    apart = hypot(second.x - first.x, second.y - first.y)
    nearest = apart - data.models[first.cls].reach - data.models[second.cls].reach
    return nearest > inches + _MARGIN


def _no_weapon(shooter: Model, mount_name: str) -> str:
    return f"{shooter.name} has no weapon {mount_name!r} (DW-ACTIONS)"


def pair_refusal(data: RulesData, shooter: Model, target: Model) -> str | None:
    """Why no gun of ``shooter`` (ack-ack and charges included) may fire at ``target``
    whatever the gun: the first checks of every shot, or None."""
    if not target.alive:
        return f"{target.name} is no longer on the table (DW-HP)"
    if own_side(shooter, target):
        return f"{target.name} belongs to your own fleet (DW-NO-OWN-TARGETS)"
    if shooter.grounded:
        return f"{shooter.name} ran aground this activation and cannot attack (DW-GROUNDED)"
    apart = hypot(target.x - shooter.x, target.y - shooter.y)
    models = data.models
    if apart - models[shooter.cls].reach - models[target.cls].reach > BANDS.reach:
        # no two points of the bases are closer than that
        return f"{target.name} is beyond range band 4 (DW-RANGE-BANDS)"
    return None


def kind_refusal(
    state: DWState, data: RulesData, shooter: Model, mount_name: str, target: Model
) -> str | None:
    """Why ``shooter``'s gun ``mount_name`` never attacks ``target`` as it is, wherever the
    two stand: a target of a kind the weapon does not attack (a tiny flyer for any weapon
    but ack-ack and charges, a model not flying for ack-ack, a small flyer for bombs, a
    flyer for torpedoes...), or tokens aboard a carrier out of its reach; None where only
    where they stand (range, arcs, sight) or the shooter's own state may refuse the shot.
    The first checks of :func:`_shot` (a gun the shooter lacks: None)."""
    spec = data.models[shooter.cls]
    target_spec = data.models[target.cls]
    if target.carried_by >= 0:
        reason = deck_refusal(state, data, spec, shooter, target, mount_name)
        if reason is not None:
            return reason
    airborne = target.level in AIRBORNE
    if mount_name == AA_GUN:
        return None if airborne else "ack-ack attacks only flyers (DW-AA-CC-BASICS)"
    if mount_name == CC_GUN:
        if not target_spec.diving:
            return "concussion charges attack only diving models (DW-AA-CC-BASICS)"
        if {spec.domain, target_spec.domain} == {"naval", "land"}:
            return ("land and naval models cannot use concussion charges on each other "
                    "(DW-CC-ANSWER)")
        return None
    mount = spec.mount(mount_name)
    if mount is None:
        return None
    if target_spec.tiny:
        return ("gunnery, rockets, torpedoes, bombs and mines never target tiny flyers "
                "(DW-NO-TINY-TARGETS)")
    small_flyer = airborne and target_spec.rank < 3
    if spec.tiny and mount.kind in ("bombs", "torpedoes") and small_flyer:
        return "bombers attack only large and massive flyers (DW-BOMBERS)"
    if mount.kind == "bombs" and small_flyer:
        return "bombs hit flyers only when they are large or massive (DW-BOMBS)"
    if mount.kind == "torpedoes" and airborne:
        return "torpedoes never reach flyers (DW-ROCKETS-TORPEDOES)"
    if mount.kind == "torpedoes" and spec.domain == "naval" and target_spec.domain == "land":
        return "naval torpedoes have no effect on land models (DW-ROCKETS-TORPEDOES)"
    return None


def shot_refusal(
    state: DWState,
    data: RulesData,
    shooter: Model,
    mount_name: str,
    target: Model,
    *,
    world: World | None = None,
) -> tuple[str | None, Shot | None]:
    """Why ``shooter`` may not fire ``mount_name`` at ``target``, or the shot it may make.

    The answer is worked out once in the table's ``world`` (:func:`~.world.world_of`,
    found when not given; pass it for many shots at once) and remembered while the table
    stays as it is.
    """
    if mount_name not in (AA_GUN, CC_GUN) and data.models[shooter.cls].mount(mount_name) is None:
        return _no_weapon(shooter, mount_name), None  # first, whatever the target
    if state.boardings and locked_against(
        state, data, shooter.player, target.uid
    ):  # read outside the remembered answers: a boarding is no part of the table's shape
        return (f"{target.name} is locked in a boarding with our crews aboard: no fire at it "
                "(DW-BOARDING-LATER)"), None
    if world is None:
        world = world_of(state, data)
    return table_shot(state, data, shooter, mount_name, target, world)


def table_shot(
    state: DWState,
    data: RulesData,
    shooter: Model,
    mount_name: str,
    target: Model,
    world: World,
) -> tuple[str | None, Shot | None]:
    """:func:`shot_refusal` as the table alone decides it (boardings aside), remembered in
    ``world``."""
    key = (shooter.uid, mount_name, target.uid)
    found = world.shots.get(key)
    if found is None:
        reason = pair_refusal(data, shooter, target)
        found = world.shots[key] = (
            (reason, None) if reason is not None
            else _shot(state, data, shooter, mount_name, target, world)
        )
    return found


def pair_shots(
    state: DWState,
    data: RulesData,
    shooter: Model,
    mounts: list[str],
    target: Model,
    world: World,
) -> list[Shot | None]:
    """The legal shot of each of ``mounts`` at ``target`` (None where the gun may not fire),
    which must have passed :func:`pair_refusal` (asked once for all the mounts).

    Only legality is asked, so the costly checks (the torpedo run, the line of sight) come
    last (``_shot(..., listing=True)``) and a refusal is not kept in ``world``: its reason
    may not be the rules' first, which :func:`table_shot` works out if it is ever asked. A
    legal shot passed every check, so it is :func:`table_shot`'s answer, and kept."""
    shots = world.shots
    found: list[Shot | None] = []
    # ack-ack attacks only flyers, charges only diving models (kind_refusal's first tests)
    no_aa = target.level not in AIRBORNE
    no_cc = not data.models[target.cls].diving
    for mount_name in mounts:
        if (no_aa and mount_name == AA_GUN) or (no_cc and mount_name == CC_GUN):
            found.append(None)
            continue
        key = (shooter.uid, mount_name, target.uid)
        answer = shots.get(key)
        if answer is None:
            answer = _shot(state, data, shooter, mount_name, target, world, listing=True)
            if answer[1] is None:
                found.append(None)
                continue
            shots[key] = answer
        found.append(answer[1])
    return found


def _shot(
    state: DWState,
    data: RulesData,
    shooter: Model,
    mount_name: str,
    target: Model,
    world: World,
    *,
    listing: bool = False,
) -> tuple[str | None, Shot | None]:
    """The rest of :func:`table_shot`'s checks, in the rules' order (what no gun may do,
    :func:`pair_refusal`, is asked before). With ``listing``, the torpedo run and the line
    of sight, the costly checks, wait until every other check has passed (attack dice in
    the band above all): the same shot when it is legal, but a refusal's reason may then
    not be the rules' first."""
    spec = data.models[shooter.cls]
    target_spec = data.models[target.cls]
    reason = kind_refusal(state, data, shooter, mount_name, target)
    if reason is not None:
        return reason, None
    if mount_name in (AA_GUN, CC_GUN):
        return _auxiliary_shot(spec, shooter, target_spec, target, mount_name, world)
    mount = spec.mount(mount_name)
    if mount is None:
        return _no_weapon(shooter, mount_name), None
    if shooter.level == "submerged" and mount.kind != "torpedoes":
        return "a submerged model attacks only with torpedoes (DW-SUBMERGED-FIRE)", None
    if spec.tiny and mount.kind in ("bombs", "torpedoes") and not shooter.armed:
        return (f"{shooter.name} has spent its ammunition: it must land to re-arm "
                "(DW-BOMBERS)"), None
    if shooter.marker("launching") and mount.kind in ("gunnery", "rockets"):
        return (f"{shooter.name} launched a wing this activation: no gunnery or rockets "
                "(DW-LAUNCH)"), None
    if mount.kind in ("rockets", "torpedoes", "bombs", "mines") and shooter.marker(
        "chaos-and-disarray"
    ):
        return f"{shooter.name} is in chaos and disarray: no {mount.kind} (DW-MK-CHAOS)", None
    if mount.kind == "mines":
        return "mines are dropped while moving, not fired (DW-MINES)", None
    if mount.kind == "bombs":
        distance = world.gap(shooter.uid, target.uid)
        if not spec.flying:
            return "only flyers drop bombs (DW-BOMBS)", None
        if spec.tiny and distance > CONTACT:
            return "dive bombers must be in base contact to drop their bombs (DW-BOMBERS)", None
        if distance > BOMB_REACH + 1e-9:
            return (f"bombs fall within {BOMB_REACH:g} inches, {target.name} is farther "
                    "(DW-BOMBS)"), None
    if mount.kind == "torpedoes":
        run = spec.domain == "naval" and not spec.flying
        if run and not listing and not torpedo_path_clear(state, data, shooter, target, world):
            return _BLOCKED_RUN, None
    else:
        run = False
    band, distance = world.band(shooter.uid, target.uid)
    if band is None:
        return (f"{target.name} is {distance:.1f} inches away, beyond range band 4 "
                "(DW-RANGE-BANDS)"), None
    if spec.tiny and mount.kind == "torpedoes" and band != 1:
        return "torpedo bombers launch their torpedoes in range band 1 only (DW-BOMBERS)", None
    if target.level == "submerged" and shooter.level == "surface" and band == 1:
        return ("a surface model cannot fire at a submerged one in range band 1 "
                "(DW-SUBMERGED-FIRE)"), None
    if target.level == "submerged" and shooter.level == "obscured":
        return "an obscured model cannot fire at a submerged one (DW-SUBMERGED-FIRE)", None
    if (
        target.level in AIRBORNE
        and shooter.level in ("surface", "submerged")
        and band == 1
        and not (target_spec.beast and mount.kind == "gunnery")
    ):
        # a flying creature or robot is open to batteries in band 1 (seed l.548), only them
        return ("a surface model fires at flyers in range band 1 only with ack-ack "
                "(DW-FLYER-RB1)"), None
    if not world.in_arc(shooter.uid, mount.arc, target.uid):
        return (f"{target.name} is not in the {arc_words(mount.arc)} arc of {mount.name}"
                " (DW-ARCS)"), None
    dice = mount_dice(state, data, spec, shooter, mount, band)
    if listing:
        if dice <= 0:
            return f"{mount.name} has no attack dice in range band {band} (DW-AD)", None
        if run and not torpedo_path_clear(state, data, shooter, target, world):
            return _BLOCKED_RUN, None
    seen = sight_line(state, data, shooter, target, kind=mount.kind, world=world)
    spotted = False
    if not seen:
        if not (mount.indirect and band >= 3):
            return f"{shooter.name} has no line of sight to {target.name} (DW-SIGHT)", None
        spotted = spotter_for(state, data, shooter, target)
        if not spotted:
            return (
                f"indirect fire at {target.name} needs a spotter: the Spotter rule or a "
                "recon plane within 32 inches of the target (DW-INDIRECT)", None
            )
    if dice <= 0:
        return f"{mount.name} has no attack dice in range band {band} (DW-AD)", None
    needed = needed_to_hit(spec, shooter, target_spec, target, mount, band)
    if spec.tiny and mount.kind in ("bombs", "torpedoes") and target.level == "surface":
        # bombers hit surface models on 3+; the harder numbers (6 submerged, 5+ against
        # surfaced divers and elusive targets) still win
        needed = 3 if needed <= 4 else needed
    if mount.indirect and band >= 3 and patrol_recon(state, data, shooter):
        needed = clamp_needed(needed - 1)
    if mount.kind == "bombs" and mount.arc in CHANNELS and not wholly_in_channel(
        world.body(shooter.uid), mount.arc, world.body(target.uid)
    ):
        dice = max(1, dice // 2)  # the target only partly in the channel (seed l.496)
    return None, Shot(dice, needed, band, mount.kind, mount.link_group)


def _auxiliary_shot(
    spec: ModelSpec,
    shooter: Model,
    target_spec: ModelSpec,
    target: Model,
    gun: str,
    world: World,
) -> tuple[str | None, Shot | None]:
    if gun == AA_GUN:
        reach = AA_RANGE / 2.0 if spec.tiny else AA_RANGE
        dice = aa_value(spec, shooter)
        if shooter.marker("launching"):
            return f"{shooter.name} launched a wing this activation: no ack-ack (DW-LAUNCH)", None
    else:
        reach = CC_RANGE / 2.0 if spec.tiny else CC_RANGE
        dice = cc_value(spec, shooter)
    needed = auxiliary_needed(spec, shooter, target_spec, gun)
    if shooter.level == "submerged":
        return ("a submerged model uses neither ack-ack nor concussion charges "
                "(DW-AA-CC-BASICS)"), None
    distance = world.gap(shooter.uid, target.uid)
    if distance > reach + 1e-9:
        return (f"{target.name} is {distance:.1f} inches away, beyond {reach:g} inches "
                "(DW-AA-CC-BASICS)"), None
    if dice <= 0:
        return (f"{shooter.name} has no {'ack-ack' if gun == AA_GUN else 'charges'} left "
                "(DW-AA-CC-BASICS)"), None
    return None, Shot(dice, needed, 1, gun, gun)


def spotter_for(state: DWState, data: RulesData, shooter: Model, target: Model) -> bool:
    """Indirect fire may go ahead: the shooter has the Spotter rule, or a recon plane
    joined to its squadron (on combat air patrol) is within 32 inches of the target
    (flying, it sees it)."""
    if "spotter" in data.models[shooter.cls].traits:
        return True
    for model in state.models:
        spec = data.models[model.cls]
        if (
            model.player == shooter.player and model.active and model.carried_by < 0
            and spec.wing == "recon" and model.cap_with == shooter.squadron
            and model.point().distance_to(target.point()) <= BANDS.reach + 1e-9
        ):
            return True
    return False


def patrol_recon(state: DWState, data: RulesData, shooter: Model) -> bool:
    """A recon plane on combat air patrol with the shooter's squadron (+1 to hit for its
    indirect fire)."""
    return any(
        m.active and m.cap_with == shooter.squadron and m.player == shooter.player
        and data.models[m.cls].wing == "recon"
        for m in state.models
    )
