"""Power attacks of warbeasts: the headbutt and the slam, with the slammed model's flight,
its collision damage and collateral damage to the models it meets."""

from __future__ import annotations

from math import atan2
from typing import Final

from warbench.core.geometry import Body, CircleBase, Point, Pose, Terrain, first_contact
from warbench.core.geometry.sight import base_crossed_by
from warbench.core.geometry.vectors import to_degrees
from warbench.rulesets.hordes.combat import LARGER_BASE_SLAM_PENALTY, Strike, roll_to_hit
from warbench.rulesets.hordes.damage_rolls import damage_roll
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.events import Moved
from warbench.rulesets.hordes.game import HordesGame, knock_down, name, roll
from warbench.rulesets.hordes.luck import slam_effect
from warbench.rulesets.hordes.profile import stat
from warbench.rulesets.hordes.space import body, edge_limit, radius, terrain
from warbench.rulesets.hordes.state import HordesState, Model

POWER_ATTACK_RANGE: Final = 0.5
#: Inches a charger or slammer must move for its charge attack or full slam.
MOMENTUM: Final = 3.0


def headbutt(game: HordesGame, attacker: Model, target: Model) -> None:
    """A melee attack roll; on a hit the target is knocked down and takes a damage roll
    at POW equal to the attacker's STR."""
    strike = Strike("melee", 0, power_attack=True, strength_damage=True, weapon="Headbutt")
    hit, _ = roll_to_hit(game, attacker, target, strike)
    if hit:
        knock_down(game, target)
        damage_roll(game, attacker, target, stat(game.data, attacker, "str"), False)


def slam_attack(game: HordesGame, attacker: Model, target: Model, moved: float) -> None:
    """The slam's attack roll (-2 against a larger base). After 3" or more a hit slams the
    target; after less it only takes a damage roll at POW equal to STR."""
    data = game.data
    penalty = LARGER_BASE_SLAM_PENALTY if radius(data, target) > radius(data, attacker) else 0
    strike = Strike(
        "melee", 0, bonus=penalty, power_attack=True, strength_damage=True, weapon="Slam"
    )
    hit, _ = roll_to_hit(game, attacker, target, strike)
    if not hit:
        return
    if moved < MOMENTUM - 1e-9:
        damage_roll(game, attacker, target, stat(data, attacker, "str"), False)
        return
    slammed(game, attacker, target)


class SlamFlight:
    """Where a slammed model would fly, before its d6: its ``heading`` away from the
    slammer, whether the distance is ``halved`` (a smaller slammer), what may stop it
    (``stoppers``: models of an equal or larger base; ``walls``: obstructions), the table
    ``edge`` along the way, and ``stopper_at``: how far the first stopper is within the
    longest flight (``None``: none before the edge). The odds read it too."""

    def __init__(self, data: HordesData, state: HordesState, attacker: Model, target: Model
                 ) -> None:
        self.halved = radius(data, attacker) < radius(data, target) - 1e-9
        self.heading = to_degrees(atan2(target.x - attacker.x, target.y - attacker.y))
        mine = radius(data, target)
        self.flier = Body(Pose(target.x, target.y, self.heading), CircleBase(mine))
        # it flies straight away from the slammer: it never meets the model behind it,
        # even one standing in base contact (HOR-SLAM)
        self.stoppers = [
            body(data, m) for m in state.living()
            if m.uid not in (target.uid, attacker.uid) and radius(data, m) >= mine - 1e-9
        ]
        self.walls = [piece for kind, piece, _, _ in terrain(data, state)
                      if kind == "obstruction"]
        farthest = first_contact(self.flier, 3.0 if self.halved else 6.0, self.stoppers,
                                 self.walls)
        self.edge = edge_limit(target.x, target.y, self.heading, mine, data.settings.table)
        self.stopper_at = (farthest.distance if farthest and farthest.distance <= self.edge
                           else None)


def slam_flight(data: HordesData, state: HordesState, attacker: Model, target: Model
                ) -> SlamFlight:
    """The :class:`SlamFlight` of ``target`` slammed by ``attacker`` from where it stands."""
    return SlamFlight(data, state, attacker, target)


def slammed(game: HordesGame, attacker: Model, target: Model) -> None:
    """The target flies d6" straight away from the attacker (half if the attacker's base is
    smaller), stopping at a model with an equal or larger base, an obstruction or the table
    edge; it is knocked down, then takes 2d6 + STR (+1 die if it met a model with an equal
    or larger base or an obstruction). Models of an equal base it meets, and smaller ones
    it passes over, take collateral damage (STR, never boosted) and are knocked down."""
    data, state = game.data, game.state
    face = roll(game, attacker.owner, 1, "slam distance")[0]
    flight = slam_flight(data, state, attacker, target)
    halved, heading, mine = flight.halved, flight.heading, radius(data, target)
    inches = face / 2 if halved else float(face)
    contact = first_contact(flight.flier, inches, flight.stoppers, flight.walls)
    edge = flight.edge
    game.emit(slam_effect(attacker.owner, flight.stopper_at, halved, face))
    distance = inches if contact is None else contact.distance
    distance = min(distance, edge)
    start = Point(target.x, target.y)
    end = start.toward(heading, distance)
    met: list[Model] = []
    hard = contact is not None and distance >= contact.distance - 1e-9
    if hard and contact is not None and not isinstance(contact.obstacle, Terrain):
        hit_body = contact.obstacle
        for m in state.living():
            if m is not target and body(data, m) == hit_body and abs(radius(data, m) - mine) < 1e-9:
                met.append(m)
    swept = [
        m
        for m in state.living()
        if m.uid not in (target.uid, attacker.uid) and radius(data, m) < mine - 1e-9
        and _swept(data, m, start, end, mine)
    ]
    target.x, target.y = end.x, end.y
    game.emit(
        Moved(
            target.uid,
            end.x,
            end.y,
            target.heading,
            "slam",
            text=f'{name(game, target)} is slammed {distance:.1f}"',
        )
    )
    knock_down(game, target)
    strength = stat(data, attacker, "str")
    for victim in reversed(swept + met):
        knock_down(game, victim)
    for victim in reversed(swept + met):
        damage_roll(game, attacker, victim, strength, False)
    damage_roll(game, attacker, target, strength, False, extra_dice=1 if hard else 0)


def _swept(data: HordesData, model: Model, start: Point, end: Point, reach: float) -> bool:
    """Whether a base of radius ``reach`` moving start-to-end passes over ``model``."""
    padded = Body(Pose(model.x, model.y), CircleBase(radius(data, model) + reach))
    return start != end and base_crossed_by(padded, start, end)
