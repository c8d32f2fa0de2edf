"""The exact odds of fighter, salvo and point defence choices, before they are taken.

Judged from the state the acting seat observes, through the ruleset's own odds: a fighter
group's attack on a ship (``fighters``), its dogfight with another group (``dogfight``)
or its shots at a salvo (``intercept``), a salvo striking a ship (``salvo``), each before
any point defence (the defender has not chosen it yet); one point defence system's shot at
a threat, read through the luck query of that shot (:func:`~.defence.defence_query`,
answered by :func:`~.luck.effect_odds`), as the game rates it.
"""

from __future__ import annotations

import pydantic

from warbench.core.attacks import OddsAnswer
from warbench.rulesets.full_thrust.actions import DefendWith, FighterTarget, SalvoTarget
from warbench.rulesets.full_thrust.damage import armour_left, screens_of
from warbench.rulesets.full_thrust.declarations import FIGHTERS, SALVO, SHIP, profile
from warbench.rulesets.full_thrust.defence import PLASMA, defence_query
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.luck import effect_odds
from warbench.rulesets.full_thrust.odds_fighters import (
    DogfightOdds,
    FighterOdds,
    InterceptOdds,
    SalvoOdds,
)
from warbench.rulesets.full_thrust.odds_options import (
    DogfightOptions,
    FighterOptions,
    InterceptOptions,
    SalvoOptions,
)
from warbench.rulesets.full_thrust.odds_target import LibraryOdds
from warbench.rulesets.full_thrust.state import FighterGroup, FullThrustState, Ship

BEFORE_DEFENCE = "before any point defence"
#: Answers kept per library and options (both frozen: nothing invalidates an entry, which
#: holds the library so that its id is not reused); a table asks again at every snapshot.
_ANSWERS: dict[tuple[int, pydantic.BaseModel], tuple[Library, OddsAnswer]] = {}


def _answer(lib: Library, attack: type[LibraryOdds], options: pydantic.BaseModel) -> OddsAnswer:
    """``attack``'s answer to ``options``, with the note that no point defence is counted."""
    key = (id(lib), options)
    kept = _ANSWERS.get(key)
    if kept is None or kept[0] is not lib:
        if len(_ANSWERS) >= 4096:
            _ANSWERS.clear()
        answer = attack(lib).odds(options)
        kept = _ANSWERS[key] = (lib, OddsAnswer(answer.distribution, answer.outcome,
                                                answer.named, (*answer.notes, BEFORE_DEFENCE)))
    return kept[1]


def _ship_numbers(lib: Library, ship: Ship) -> tuple[int, int, int]:
    """A target ship's armour left, hull and hull boxes marked."""
    cls = lib.designs[ship.design]
    return armour_left(cls, ship), cls.hull, ship.hull_hits


def _role(lib: Library, group: FighterGroup, role: str) -> str | None:
    """The role a group fights in, as the odds options name it (None: no roles)."""
    if not lib.fighters[group.kind].roles:
        return None
    return role or group.role or None


def fighter_odds(
    state: FullThrustState, lib: Library, action: FighterTarget
) -> OddsAnswer | None:
    """The odds of the attack ``action`` declares (``None``: declaring none)."""
    if not 0 <= action.group < len(state.groups):
        return None
    group = state.groups[action.group]
    kind, count, role = group.kind, group.count, _role(lib, group, action.role)
    if action.kind == SHIP and 0 <= action.target < len(state.ships):
        enemy = state.ships[action.target]
        armour, hull, hits = _ship_numbers(lib, enemy)
        return _answer(lib, FighterOdds, FighterOptions(
            type=kind, count=count, role=role, armour=armour, hull=hull, hull_hits=hits,
            screens=screens_of(lib.designs[enemy.design], enemy), show="hull"))
    if action.kind == FIGHTERS and 0 <= action.target < len(state.groups):
        other = state.groups[action.target]
        return _answer(lib, DogfightOdds, DogfightOptions(
            type=kind, count=count, role=role, enemy=other.kind, enemy_count=other.count,
            enemy_role=_role(lib, other, ""), show="kills"))
    if action.kind == SALVO and 0 <= action.target < len(state.salvos):
        missiles = state.salvos[action.target].missiles
        return _answer(lib, InterceptOdds, InterceptOptions(
            type=kind, count=count, role=role, missiles=missiles, show="kills"))
    return None


def salvo_odds(state: FullThrustState, lib: Library, action: SalvoTarget) -> OddsAnswer | None:
    """The damage of the salvo striking the ship ``action`` names."""
    if not (0 <= action.salvo < len(state.salvos) and 0 <= action.ship < len(state.ships)):
        return None
    salvo, enemy = state.salvos[action.salvo], state.ships[action.ship]
    armour, hull, hits = _ship_numbers(lib, enemy)
    return _answer(lib, SalvoOdds, SalvoOptions(missiles=salvo.missiles, armour=armour,
                                                hull=hull, hull_hits=hits, show="hull"))


def defence_odds(state: FullThrustState, lib: Library, action: DefendWith) -> OddsAnswer | None:
    """What one point defence shot takes off its threat: fighters, missiles or a plasma
    bolt's strength."""
    if not 0 <= action.ship < len(state.ships):
        return None
    systems = lib.designs[state.ships[action.ship].design].systems
    if not 0 <= action.system < len(systems):
        return None
    kind = systems[action.system].kind
    if action.kind == FIGHTERS and 0 <= action.threat < len(state.groups):
        group = state.groups[action.threat]
        query = defence_query(lib, kind, profile(lib, group), bolt=False)
        most, outcome = group.count, "fighters killed"
    elif action.kind == SALVO and 0 <= action.threat < len(state.salvos):
        query = defence_query(lib, kind, None, bolt=False)
        most, outcome = state.salvos[action.threat].missiles, "missiles shot down"
    elif action.kind == PLASMA and 0 <= action.threat < len(state.bolts):
        query = defence_query(lib, kind, None, bolt=True)
        most, outcome = state.bolts[action.threat].strength, "strength taken off the bolt"
    else:
        return None
    kills = effect_odds(*query).clip(None, most)
    named = {"none": kills.p(0), "at least one": kills.at_least(1), "all": kills.at_least(most)}
    return OddsAnswer(kills, outcome, named, (f"one {systems[action.system].label} shot",))
