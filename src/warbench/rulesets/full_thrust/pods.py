"""Sa'Vasku pods, grown from biomass and attack power (FT-SV-PODS; engine defaults).

The Fleet Book facts name a pod launcher (3 MASS, one arc) that grows lance, leech and
interceptor pods from biomass and attack power, but give no statistics; the numbers here
are the engine's (``rules.toml [pods]``). A launcher grows one kind, set in its design.
Each pod takes one biomass and its kind's attack power. Lance and leech pods strike a ship
within reach in the launcher's arc in phase 9: one die, a hit on 4+; a lance pod's hit
does a d6 of penetrating damage, a leech pod's a d3 of normal damage and brings one
biomass home. Screens are no help against pods. An interceptor pod meets an attacker in
phase 7 as point defence: it kills a d3 fighters or missiles (half, rounded down, of heavy
fighters; one more of light ones), or takes a d3 off a plasma bolt.

>>> from warbench.core.dice import ScriptedDice
>>> from warbench.rulesets.full_thrust.library import load_library
>>> rules = load_library().rules.pods
>>> pod_strike(ScriptedDice([4, 5]), rules, LANCE, label="p")
(Points(normal=0, penetrating=5), 0)
>>> pod_strike(ScriptedDice([6, 3]), rules, LEECH, label="p")
(Points(normal=3, penetrating=0), 1)
>>> pod_strike(ScriptedDice([3]), rules, LANCE, label="p")
(Points(normal=0, penetrating=0), 0)
"""

from __future__ import annotations

from warbench.core.dice import DiceSource
from warbench.rulesets.full_thrust.data import PodRules
from warbench.rulesets.full_thrust.library import Library, SystemSpec
from warbench.rulesets.full_thrust.savasku import STINGER
from warbench.rulesets.full_thrust.scoring import SIDES, Points
from warbench.rulesets.full_thrust.state import Ship

POD_LAUNCHER = "pod_launcher"
LANCE = "lance"
LEECH = "leech"
INTERCEPTOR = "interceptor"
#: Light fighters lose one more to an interceptor pod (as to a scattergun).
LIGHT_BONUS = 1


def pod_power(lib: Library, spec: SystemSpec) -> int:
    """Attack power one pod of the launcher ``spec`` takes."""
    return lib.rules.pods.power[spec.mode]


def pod_ready(lib: Library, ship: Ship, spec: SystemSpec) -> bool:
    """Whether ``ship`` has the biomass and attack power to grow a pod of ``spec``."""
    return _can_grow(lib, spec, ship.attack_power, ship.biomass)


def _can_grow(lib: Library, spec: SystemSpec, power: int, biomass: int) -> bool:
    return biomass >= 1 and power >= pod_power(lib, spec)


def left_after(
    lib: Library, ship: Ship, earlier: list[tuple[SystemSpec, bool]]
) -> tuple[int, int]:
    """The attack power and biomass ``ship`` will have left once the weapons of
    ``earlier`` (given targets before another in the same fire, which fire first; each with
    whether it fires at fighters) have fired: a stinger spends a point a die, its share at
    a ship and one at fighters (one die, FT-FTR-OPT-SHIPFIRE), a lance or leech pod its
    power and a biomass (FT-SV-STINGER, FT-SV-PODS)."""
    power, biomass = ship.attack_power, ship.biomass
    for weapon, at_fighters in earlier:
        if weapon.kind == STINGER:
            most = 1 if at_fighters else lib.rules.savasku.stinger_most_power
            power -= min(most, power)
        elif weapon.kind == POD_LAUNCHER and _can_grow(lib, weapon, power, biomass):
            power, biomass = power - pod_power(lib, weapon), biomass - 1
    return power, biomass


def fed_in_turn(
    lib: Library, ship: Ship, earlier: list[tuple[SystemSpec, bool]], spec: SystemSpec
) -> bool:
    """Whether ``spec`` will still have what it spends when it fires, after the weapons of
    ``earlier`` (see :func:`left_after`). Other weapons spend nothing of the kind."""
    power, biomass = left_after(lib, ship, earlier)
    if spec.kind == STINGER:
        return power > 0
    if spec.kind == POD_LAUNCHER:
        return _can_grow(lib, spec, power, biomass)
    return True


def grow_pod(lib: Library, ship: Ship, spec: SystemSpec) -> None:
    """Spend one biomass and the pod's attack power."""
    ship.biomass -= 1
    ship.attack_power -= pod_power(lib, spec)


def strike_points(kind: str, damage: int) -> Points:
    """A striking pod's ``damage``: a lance pod's penetrates, a leech pod's is normal."""
    return Points(0, damage) if kind == LANCE else Points(damage, 0)


def pod_strike(source: DiceSource, rules: PodRules, kind: str, *, label: str
               ) -> tuple[Points, int]:
    """A lance or leech pod at a ship: the damage, and the biomass a leech brings home."""
    face = source.faces(SIDES, 1, label=f"{label} to hit")[0]
    if face < rules.hit_on:
        return Points(), 0
    die = rules.lance_die if kind == LANCE else rules.leech_die
    damage = source.faces(die, 1, label=f"{label} damage")[0]
    return strike_points(kind, damage), (1 if kind == LEECH else 0)


def interceptor_kill_count(face: int, *, heavy: bool = False, light: bool = False) -> int:
    """Fighters or missiles an interceptor pod kills for its die ``face``.

    >>> interceptor_kill_count(3), interceptor_kill_count(3, heavy=True)
    (3, 1)
    >>> interceptor_kill_count(2, light=True)
    3
    """
    if heavy:
        return face // 2
    return face + (LIGHT_BONUS if light else 0)


def interceptor_kills(source: DiceSource, rules: PodRules, *, heavy: bool, light: bool,
                      label: str) -> int:
    """An interceptor pod's kills among attackers."""
    face = source.faces(rules.interceptor_die, 1, label=label)[0]
    return interceptor_kill_count(face, heavy=heavy, light=light)
