"""The options of each Full Thrust attack whose odds are answered, checked by pydantic."""

from __future__ import annotations

from typing import Any, Literal

import pydantic
from pydantic import ConfigDict, Field

Show = Literal["total", "normal", "penetrating", "hull"]
MISSILES = "missiles"


class _Options(pydantic.BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _target() -> Any:
    return Field(None, description="a ship design of the catalog (e.g. citadel): its armour "
                 "and hull (and screens), unless given below")


def _screens() -> Any:
    return Field(None, ge=0, le=2, description="the target's working screen level, 0-2 "
                 "(default: the design's, else 0)")


def _armour() -> Any:
    return Field(None, ge=0, description="armour boxes left (default: the design's, else 0)")


def _hull() -> Any:
    return Field(None, ge=1, description="hull boxes (default: the design's); with it come "
                 "the odds of a threshold check and of destruction")


def _hull_hits() -> Any:
    return Field(0, ge=0, description="hull boxes already marked")


def _show() -> Any:
    return Field("total", description="what the distribution counts: total, normal or "
                 "penetrating damage, or hull (damage reaching the hull past the armour)")


def _pds(default: int = 0) -> Any:
    return Field(default, ge=0, description="point defence systems firing at them first")


def _pd_beams() -> Any:
    return Field(0, ge=0, description="class-1 beams firing as point defence at them first")


class _AgainstShip(_Options):
    """Options of an attack on one ship: the target (a catalog design, or its armour and
    hull given by hand), hull boxes already lost, and what to show."""

    target: str | None = _target()
    armour: int | None = _armour()
    hull: int | None = _hull()
    hull_hits: int = _hull_hits()
    show: Show = _show()


class BeamOptions(_AgainstShip):
    """Beam batteries of one class firing at one ship."""

    beam_class: int = Field(2, description="the beam's class, 1 to 6: its dice in the first "
                            "12 MU")
    range: float = Field(6.0, ge=0, description="MU to the target: one die fewer each 12 MU")
    batteries: int = Field(1, ge=1, description="batteries of this class firing together")
    screens: int | None = _screens()


class SubmunitionOptions(_AgainstShip):
    """Submunition packs fired at one ship."""

    range: float = Field(4.0, ge=0, description="MU to the target: 3, 2, 1 dice by 6 MU band")
    packs: int = Field(1, ge=1, description="packs fired together")
    screens: int | None = _screens()


class PulseTorpedoOptions(_AgainstShip):
    """Pulse torpedo tubes fired at one ship (screens are no help against them)."""

    range: float = Field(10.0, ge=0, description="MU to the target: hits on 2+ to 6 by "
                         "6 MU band, out to 30 MU")
    tubes: int = Field(1, ge=1, description="tubes fired together")


class NeedleOptions(_AgainstShip):
    """Needle beams fired at one ship (past screens and armour)."""

    range: float = Field(6.0, ge=0, description="MU to the target (needle beams reach 12)")
    beams: int = Field(1, ge=1, description="needle beams fired together")


class PdsOptions(_Options):
    """Point defence at one fighter group or salvo."""

    pds: int = Field(1, ge=0, description="point defence systems firing")
    beams: int = Field(0, ge=0, description="class-1 beams firing as point defence")
    k1: int = Field(0, ge=0, description="Kra'Vak K1 guns firing as point defence")
    scatterguns: int = Field(0, ge=0, description="Kra'Vak scatterguns firing at them")
    interceptor_pods: int = Field(0, ge=0, description="Sa'Vasku interceptor pods meeting "
                                  "them")
    against: str = Field(
        "standard", description="a fighter type (standard, heavy, light ...) or 'missiles'"
    )
    count: int | None = Field(
        None, ge=1, description="fighters in the group or missiles in the salvo (default: "
        "a full group or salvo)"
    )


class FighterOptions(_AgainstShip):
    """A fighter group attacking a ship, after the ship's point defence (if any)."""

    type: str = Field("standard", description="the fighter type (standard, attack, "
                      "torpedo, heavy, light ...)")
    count: int | None = Field(None, ge=1, description="fighters in the group (default: full)")
    role: str | None = Field(None, description="multi-role fighters: the role they fight in")
    pds: int = _pds()
    beams: int = _pd_beams()
    screens: int | None = _screens()


class SalvoOptions(_AgainstShip):
    """A salvo striking a ship, after the ship's point defence (if any)."""

    missiles: int | None = Field(
        None, ge=1, description="missiles in the salvo (default: a full salvo)"
    )
    pds: int = _pds()
    beams: int = _pd_beams()


class DogfightOptions(_Options):
    """Two fighter groups in a dogfight: both roll at once, the losses land together."""

    type: str = Field("standard", description="your group's fighter type (standard, "
                      "interceptor, attack, heavy, light ...)")
    count: int | None = Field(None, ge=1, description="fighters in your group (default: full)")
    role: str | None = Field(None, description="multi-role fighters: the role you fight in")
    enemy: str = Field("standard", description="the enemy group's fighter type")
    enemy_count: int | None = Field(
        None, ge=1, description="fighters in the enemy group (default: full)"
    )
    enemy_role: str | None = Field(None, description="multi-role fighters: the enemy's role")
    show: Literal["kills", "losses"] = Field(
        "kills", description="what the distribution counts: enemy fighters your group shoots "
        "down (kills) or fighters it loses (losses)"
    )


class InterceptOptions(_Options):
    """A fighter group shooting at a salvo before point defence fires."""

    type: str = Field("interceptor", description="the fighter type (interceptor, standard, "
                      "attack ...)")
    count: int | None = Field(None, ge=1, description="fighters in the group (default: full)")
    role: str | None = Field(None, description="multi-role fighters: the role they fight in")
    missiles: int | None = Field(
        None, ge=1, description="missiles in the salvo (default: a full salvo)"
    )
    show: Literal["kills", "left"] = Field(
        "kills", description="what the distribution counts: missiles shot down (kills) or "
        "missiles left to strike (left)"
    )


class ThresholdOptions(_Options):
    """Threshold checks: one at a row, or those a run of hull damage calls for."""

    row: int | None = Field(
        None, ge=1, description="the row whose end calls the check, 1-3 (default 1)"
    )
    rows: int = Field(1, ge=1, description="rows finished at once (+1 a row beyond the first)")
    damage: str = Field(
        "", description="instead of row: hull damage of successive attacks, e.g. '3,4' "
        "(each followed by its check; needs the hull)"
    )
    systems: int = Field(1, ge=1, description="working systems that roll")
    target: str | None = Field(None, description="a ship design of the catalog: its hull")
    hull: int | None = _hull()
    hull_hits: int = _hull_hits()


#: Options of the attacks that damage a ship.

class KGunOptions(_AgainstShip):
    """Kra'Vak K-guns of one class firing at one ship (screens are no help against them)."""

    gun_class: int = Field(3, description="the K-gun's class, 1 to 6")
    range: float = Field(10.0, ge=0, description="MU to the target: hits on 2+ to 6 by "
                         "6 MU band, out to 30 MU")
    guns: int = Field(1, ge=1, description="guns of this class firing together")


class MkpOptions(_AgainstShip):
    """Kra'Vak MKPs fired at one ship within 12 MU."""

    range: float = Field(6.0, ge=0, description="MU to the target, at most 12")
    mkps: int = Field(1, ge=1, description="MKPs fired together")


class ScattergunOptions(_AgainstShip):
    """Kra'Vak scatterguns fired at one ship within their reach."""

    range: float = Field(3.0, ge=0, description="MU to the target (engine default reach 6)")
    scatterguns: int = Field(1, ge=1, description="scatterguns fired together")


class PlasmaOptions(_AgainstShip):
    """A plasma bolt bursting over one ship."""

    strength: int = Field(3, ge=1, le=6, description="the bolt's strength left (its class "
                          "less the point defence kills)")
    screens: int | None = _screens()


class PulserOptions(_AgainstShip):
    """Phalon pulsers of one mode firing at one ship."""

    mode: Literal["long", "medium", "close"] = Field("medium", description="the mode set "
                                                     "before battle: long, medium or close")
    range: float = Field(10.0, ge=0, description="MU to the target")
    pulsers: int = Field(1, ge=1, description="pulsers firing together")
    screens: int | None = _screens()


class StingerOptions(_AgainstShip):
    """Sa'Vasku stingers firing at one ship with the attack power put into them."""

    power: int = Field(2, ge=1, description="attack power spent: one die a point")
    stingers: int = Field(1, ge=1, description="stingers firing (each takes at most its "
                          "share of power)")
    range: float = Field(6.0, ge=0, description="MU to the target (stingers reach 12)")
    screens: int | None = _screens()


class PodOptions(_AgainstShip):
    """Sa'Vasku lance or leech pods striking one ship within their reach."""

    pod: Literal["lance", "leech"] = Field("lance", description="the pod: lance or leech")
    pods: int = Field(1, ge=1, description="pods striking together")
    range: float = Field(12.0, ge=0, description="MU to the target (engine default reach 18)")


DamageOptions = (
    BeamOptions | SubmunitionOptions | PulseTorpedoOptions | NeedleOptions | FighterOptions
    | SalvoOptions | KGunOptions | MkpOptions | ScattergunOptions | PlasmaOptions
    | PulserOptions | StingerOptions | PodOptions
)
