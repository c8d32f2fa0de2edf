"""The exact odds of the attack an offered HORDES action makes, for the web table
(``Ruleset.action_odds``), and the distance its words give (``Ruleset.action_text``).

Every option of the odds calculator (:mod:`~warbench.rulesets.hordes.odds`) is filled from
the state as the game will resolve the action, through the game's own functions: the
strike the activation would make (:meth:`Activation.strike`, :func:`spell_strike`,
:func:`free_strike`), the attack roll's bonus (:func:`attack_bonus`), the DEF it needs
(the target's DEF and the :func:`concealment` :func:`needed_def` adds; DEF 5 knocked down
against ranged and magic, as the calculator counts it), why no roll is made
(:func:`automatic`: out of range, stealth, a knocked-down model in melee), where a missed
AOE deviates (:func:`shot_at`, on this table) and what it does to every other model its
template may cover (:func:`with_blast`), the damage roll's POW
(:func:`strike_power`), the target's ARM and what is marked on it, crippled aspects, a
charge's or slam's line (:func:`rush_line`) and a slammed model's flight
(:class:`SlamFlight`). A warlock's attack also says what its damage boost, decided once the
attack hits, would make of the target (``... (damage boosted)``), where its fury then pays
for one; that decision's own options (:class:`DamageBoost`) get the odds of the damage roll
boosted and not. Only the state handed in is read: what the acting seat observes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from warbench.core.actions import Action
from warbench.core.attacks import AttackOptionsError, OddsAnswer
from warbench.core.odds import Dist
from warbench.rulesets.hordes import actions as act
from warbench.rulesets.hordes.activation import Activation
from warbench.rulesets.hordes.combat import (
    KNOCKED_DOWN_DEF,
    Strike,
    attack_bonus,
    attack_skill,
    automatic,
    concealment,
    spray_strip,
    strike_power,
)
from warbench.rulesets.hordes.damage_rolls import DamageRoll
from warbench.rulesets.hordes.data import HordesData, SpellRecord, Weapon
from warbench.rulesets.hordes.luck import slam_effect
from warbench.rulesets.hordes.magic import fury_gained, spell_strike
from warbench.rulesets.hordes.movement import FreeStrikeOffer, free_strike
from warbench.rulesets.hordes.odds import (
    MagicOptions,
    MeleeOdds,
    SlamOdds,
    SlamOptions,
    WeaponOptions,
    sequence_odds,
)
from warbench.rulesets.hordes.odds_blast import with_blast
from warbench.rulesets.hordes.odds_cards import WORDS
from warbench.rulesets.hordes.odds_effects import after_effects, effects_words, struck
from warbench.rulesets.hordes.odds_fury import FuryPaid
from warbench.rulesets.hordes.odds_spray import with_spray
from warbench.rulesets.hordes.odds_target import damage_roll_odds, marks
from warbench.rulesets.hordes.power import MOMENTUM, POWER_ATTACK_RANGE, SlamFlight
from warbench.rulesets.hordes.profile import is_crippled, stat
from warbench.rulesets.hordes.rolls import dice_count
from warbench.rulesets.hordes.rush import CHARGE_BONUS, RushLine, arrival, rush_line, rush_reaches
from warbench.rulesets.hordes.shot import NOT_UNDER_THE_SPRAY, Shot, shot_at
from warbench.rulesets.hordes.sight import can_see
from warbench.rulesets.hordes.space import body, gap, in_melee_range, radius, weapon_reach
from warbench.rulesets.hordes.state import HordesState, Model

#: Said under a warlock's attack: its damage boost is a later decision (HOR-BOOST).
DAMAGE_BOOST_LATER = ("(damage boosted): as if the warlock boosts the damage roll, 1 fury "
                      "once the attack has hit (its fury then: {fury}); the rest: not boosted")
#: Said under a warlock's attack it has no fury left to boost the damage of.
NO_DAMAGE_BOOST = "no fury left to boost the damage roll once it hits"


def activation(state: HordesState) -> Activation | None:
    """The innermost activation on the procedure stack."""
    for procedure in reversed(state.stack):
        if isinstance(procedure, Activation):
            return procedure
    return None


def _model(state: HordesState, uid: int) -> Model | None:
    return state.models[uid] if 0 <= uid < len(state.models) else None


def action_odds(data: HordesData, state: HordesState, action: Action) -> OddsAnswer | None:
    """The exact odds of the attack ``action`` makes (an attack, an offensive spell or
    animus, a charge and its charge attack, a slam, a headbutt, a free strike), judged from
    ``state``; ``None`` for an action that makes none (or one the calculator refuses)."""
    try:
        return _answer(data, state, action)
    except AttackOptionsError:
        return None


def _answer(data: HordesData, state: HordesState, action: Action) -> OddsAnswer | None:
    if isinstance(action, act.FreeStrike):
        return _free_strike(data, state, action)
    if isinstance(action, act.DamageBoost):
        return _damage_boost(data, state, action)
    frame = activation(state)
    if frame is None:
        return None
    me = _model(state, frame.model)
    target = _model(state, getattr(action, "target", -1))
    if me is None or target is None or not target.alive:
        return None
    if isinstance(action, act.Attack):
        weapons = data.models[me.card].weapons
        if not 0 <= action.weapon < len(weapons):
            return None
        weapon = weapons[action.weapon]
        extra = action.weapon in frame.used or frame.special  # an attack past the free ones
        return _weapon_odds(data, state, me, target, weapon,
                            frame.strike(weapon, action.boost_hit),
                            fury=me.fury - extra - action.boost_hit)
    if isinstance(action, act.Cast):
        record = data.spells.get(action.spell)
        if record is None or not record.off:
            return None
        return _spell_odds(data, state, me, target, action.spell, record, action.boost_hit,
                           "spell")
    if isinstance(action, act.Animus):
        beast = _model(state, action.beast)
        spell = data.models[beast.card].animus if beast is not None else None
        record = data.spells.get(spell or "")
        if spell is None or record is None or not record.off:
            return None
        return _spell_odds(data, state, me, target, spell, record, action.boost_hit, "animus")
    if isinstance(action, act.Charge):
        return _charge(data, state, me, target, action.stop_short)
    if isinstance(action, act.Slam):
        return _slam(data, state, me, target, action.stop_short)
    if isinstance(action, act.Headbutt):
        return _headbutt(data, state, me, target)
    return None


# ---------------------------------------------------------------------- one attack


def _marked(model: Model) -> str:
    """What is marked on ``model``, as the calculator's ``marked`` option."""
    if model.beast:
        return ",".join(str(m) for m in model.spiral) if any(model.spiral) else ""
    return str(model.damage) if model.damage else ""


def _common(data: HordesData, state: HordesState, me: Model, target: Model, strike: Strike,
            spray: bool = False) -> dict[str, Any]:
    """The options every attack fills from the state, as the game resolves it."""
    skill = attack_skill(data, me, strike.kind)
    return {
        "attacker": me.card,
        "target": target.card,
        "skill": skill,
        "bonus": attack_bonus(data, state, me, target, strike, spray) - skill,
        "defence": stat(data, target, "def"),
        "concealment": concealment(data, state, target, strike.kind),
        "arm": stat(data, target, "arm"),
        "power": strike_power(data, me, strike),
        "boost_hit": strike.boost_hit,
        "boost_damage": strike.boost_damage,
        "knocked_down": target.knocked_down,
        "mind_crippled": is_crippled(data, me, "mind"),
        "body_crippled": is_crippled(data, me, "body"),
        "marked": _marked(target),
    }


def _no_roll(reason: str, why: str) -> OddsAnswer:
    """An attack whose roll is not made and misses (a melee attack on a knocked-down
    model hits: that goes through the calculator)."""
    return OddsAnswer(Dist.from_mapping({0: 1.0}), "boxes",
                      {reason: 1.0, "hit (each attack)": 0.0, "no damage": 1.0},
                      (f"{reason}; {why}",))


def _range_words(data: HordesData, me: Model, target: Model, strike: Strike) -> str:
    return f'{gap(data, me, target):.1f}" to the target, range {strike.rng:g}"'


def _weapon_odds(data: HordesData, state: HordesState, me: Model, target: Model,
                 weapon: Weapon, strike: Strike, notes: Sequence[str] = (), fury: int = 0
                 ) -> OddsAnswer:
    """The odds of ``me``'s ``strike`` with ``weapon`` at ``target``; ``fury``: what a
    warlock holds once it has paid for the attack, for its damage boost."""
    spray = "spray" in strike.qualities
    if spray and not spray_strip(data, me, target, strike).touches(body(data, target)):
        return _no_roll(NOT_UNDER_THE_SPRAY, f'the strip is {strike.rng:g}" long and 1" wide')
    shot = shot_at(data, me, target, strike, data.settings.table) if strike.kind != "melee" \
        else Shot()
    reason = shot.missed or automatic(data, me, target, strike, spray)
    more = list(notes)
    if reason and not reason.startswith("automatic hit"):
        if not shot.aoe:
            return _no_roll(reason, _range_words(data, me, target, strike))
        more.append(f"{reason}; {_range_words(data, me, target, strike)}")
    common = _common(data, state, me, target, strike, spray)
    options = WeaponOptions(weapon=weapon.name, **common)
    numbers = _numbers(strike.kind, common)
    kind = strike.kind
    answer = _boosted(options, sequence_odds(options, kind, data, shot=shot,
                                            paid=_paid(strike.boost_damage)),
                      lambda boosted: sequence_odds(boosted, kind, data, shot=shot,
                                                    paid=_paid(True)),
                      me, strike, fury)
    if shot.aoe:
        answer = with_blast(answer, data, state.models, me, target, strike, fury)
    if spray:
        answer = with_spray(answer, data, state, me, target, strike, fury)
    return _with(answer, [*more, numbers, *_after(me, target)])


def _paid(boost_damage: bool) -> FuryPaid:
    """What the game lets the attack's damage roll be: boosted or not (its fury checked)."""
    return FuryPaid(int(boost_damage), "")


def _boosted(options: WeaponOptions | MagicOptions, answer: OddsAnswer,
             boosted: Callable[[Any], OddsAnswer], me: Model, strike: Strike,
             fury: int) -> OddsAnswer:
    """``answer`` and, for a warlock whose damage roll is not boosted already and who still
    holds ``fury`` to boost it, what its target becomes with the damage roll boosted
    (each of its outcomes ``... (damage boosted)``, HOR-BOOST)."""
    if me.beast or strike.boost_damage:
        return answer
    if fury < 1:
        return dataclasses.replace(answer, notes=(*answer.notes, NO_DAMAGE_BOOST))
    other = boosted(options.model_copy(update={"boost_damage": True}))
    named = dict(answer.named)
    for key, p in other.named.items():
        if key.startswith("target's") or key == "destroyed":
            named[f"{key} (damage boosted)"] = p
    return dataclasses.replace(answer, named=named,
                               notes=(*answer.notes, DAMAGE_BOOST_LATER.format(fury=fury)))


def _after(me: Model, target: Model) -> list[str]:
    if not target.beast and target.owner != me.owner:
        return ["the target warlock may transfer damage to a warbeast: boxes counted on the "
                "warlock"]
    return []


def _with(answer: OddsAnswer, notes: Sequence[str]) -> OddsAnswer:
    """``answer`` with ``notes`` first, and without the calculator's notes on numbers
    "given": here every number is the game's own, said by :func:`_numbers`."""
    kept = tuple(note for note in answer.notes if "given" not in note)
    return dataclasses.replace(answer, notes=(*notes, *kept))


def _numbers(kind: str, options: dict[str, Any]) -> str:
    """The numbers the game will roll with, in words."""
    skill_word, power_word = WORDS[kind]
    bonus = options["bonus"] - (2 if options.get("larger_base") else 0)
    modified = f" {bonus:+d}" if bonus else ""
    if options["knocked_down"]:
        defence = ("knocked down: hit automatically" if kind in ("melee", "slam") else
                   f"knocked down: DEF {KNOCKED_DOWN_DEF + options['concealment']}")
    else:
        defence = f"against DEF {options['defence'] + options['concealment']}"
    damage = (f"damage 2d6 + {power_word} {options['power']} against ARM {options['arm']}"
              if options["arm"] < 30 or options["power"] else "no damage roll")
    return f"{skill_word} {options['skill']}{modified} {defence}; {damage}"


def _spell_odds(data: HordesData, state: HordesState, me: Model, target: Model, spell: str,
                record: SpellRecord, boost_hit: bool, origin: str) -> OddsAnswer:
    """The odds of ``me``'s offensive ``spell`` (``origin``: a ``spell`` or an ``animus``)
    at ``target``: its effects land on each model it hits before the damage rolls, each
    roll made on the model as they leave it (:mod:`.odds_effects`, HOR-SPELL-STATS)."""
    strike = spell_strike(record, boost_hit)
    shot = shot_at(data, me, target, strike, data.settings.table)
    if shot.missed and not shot.aoe:
        return _no_roll(shot.missed, _range_words(data, me, target, strike))
    options = _common(data, state, me, target, strike)
    hurt = struck(data, state, me, spell, record, origin)
    hit = hurt[target.uid]
    options["arm"] = stat(data, hit, "arm")  # the roll's ARM once the effects have landed
    own = spell in (*data.models[me.card].spells, data.models[me.card].animus)
    if record.pow <= 0 or not own:
        # no damage roll (the calculator's spell= wants one), or a beast's animus a warlock
        # uses as its own: the numbers given, the card not named
        options["attacker"] = ""
        if record.pow <= 0:
            options["power"], options["arm"] = 0, 30  # 2d6 + 0 never passes ARM 30
        asked = MagicOptions(**options)
    else:
        asked = MagicOptions(spell=spell, **options)

    def odds(asked: MagicOptions) -> OddsAnswer:
        """The target's odds, its damage roll made on it as the effects leave it."""
        return after_effects(
            sequence_odds(asked, "magic", data, shot=shot, paid=_paid(asked.boost_damage)),
            data, target, hit, power=asked.power, arm=asked.arm,
            dice=dice_count(asked.boost_damage, asked.body_crippled))

    answer = odds(asked)
    said = effects_words(data, record.name, target, hit, record.pow > 0)
    notes = [f"{record.name}: {_range_words(data, me, target, strike)}",
             _numbers("magic", options), *([said] if said else [])]
    if shot.missed:
        notes.insert(0, f"{shot.missed}; {_range_words(data, me, target, strike)}")
    # the spell's fury effects land before its damage rolls: they pay for boosts too
    fury = fury_gained(data, me, me.fury - record.cost - boost_hit, record.effects)
    if record.pow > 0:  # boosted first: the blast follows the fury the target's roll spends
        answer = _boosted(asked, answer, odds, me, strike, fury)
    if shot.aoe:
        answer = with_blast(answer, data, state.models, me, target, strike, fury, hurt)
    if record.pow <= 0:
        return _with(answer, notes)
    return _with(answer, [*notes, *_after(me, target)])


# ---------------------------------------------------------------------- rushes

#: A charge that reaches its target but stops where the target is out of its sight.
CHARGE_OUT_OF_SIGHT = "charge reaches: the target out of sight"


def _fails(what: str, line: RushLine, spd: int, reach: float) -> OddsAnswer:
    return OddsAnswer(
        Dist.from_mapping({0: 1.0}), "boxes",
        {f"{what} fails: cannot reach": 1.0, "no damage": 1.0},
        (f'{what} cannot reach: {line.gap:.1f}" to the target, the {what} moves '
         f'{line.run_out:.1f}" (SPD {spd} + {CHARGE_BONUS:g}" or what stops it) and needs '
         f'it within {reach:g}"',))


def _charge(data: HordesData, state: HordesState, me: Model, target: Model,
            stop_short: float) -> OddsAnswer | None:
    line = rush_line(data, state, me, target, False)
    there, moved = arrival(me, line, stop_short)
    weapons = [w for w in data.models[me.card].weapons if w.kind == "melee"]
    reaching = [w for w in weapons if in_melee_range(data, there, target, weapon_reach(w))]
    if not reaching:
        reach = max((weapon_reach(w) for w in weapons), default=0.0)
        return _fails("charge", line, stat(data, me, "spd"), reach)
    if not can_see(data, state, there, target):
        # in melee range but out of sight where it stops: no melee attack can take the
        # target (HOR-MELEE-RANGE, l.338-339), though the charge succeeds
        return OddsAnswer(
            Dist.from_mapping({0: 1.0}), "boxes",
            {CHARGE_OUT_OF_SIGHT: 1.0, "no damage": 1.0},
            (f'charge reaches ({line.gap:.1f}" to the target, moves {moved:.1f}") but the '
             "target is out of its line of sight there: no melee attack can take it",))
    weapon = reaching[0]
    charge = moved >= MOMENTUM - 1e-9
    strike = Strike("melee", weapon.pow, qualities=weapon.qualities, boost_damage=charge,
                    weapon=weapon.name)
    said = (f'charge reaches ({line.gap:.1f}" to the target, moves {moved:.1f}"): the charge '
            f"attack with {weapon.name}, its damage roll boosted" if charge else
            f'charge moves only {moved:.1f}" (less than {MOMENTUM:g}"): the first attack '
            f"with {weapon.name} is no charge attack")
    return _weapon_odds(data, state, there, target, weapon, strike, [said], fury=me.fury)


def _slam(data: HordesData, state: HordesState, me: Model, target: Model,
          stop_short: float) -> OddsAnswer | None:
    line = rush_line(data, state, me, target, True)
    there, moved = arrival(me, line, stop_short)
    if gap(data, there, target) > POWER_ATTACK_RANGE + 1e-9:
        return _fails("slam", line, stat(data, me, "spd"), POWER_ATTACK_RANGE)
    larger = radius(data, target) > radius(data, me)
    strike = Strike("melee", 0, power_attack=True, strength_damage=True, weapon="Slam")
    common = _common(data, state, there, target, strike)
    common["larger_base"] = larger
    if moved < MOMENTUM - 1e-9:
        # a hit without momentum: a damage roll at STR, no slam, no knockdown
        common["attacker"] = ""
        common["bonus"] -= 2 if larger else 0
        del common["larger_base"]
        answer = MeleeOdds(data).odds(WeaponOptions(**common))
        return _with(answer, [_numbers("slam", common),
                              f'slam moves only {moved:.1f}" (less than {MOMENTUM:g}"): a hit'
                              " is a damage roll at STR, not slammed"])
    flight = SlamFlight(data, state, there, target)
    values = slam_effect(me.owner, flight.stopper_at, flight.halved, 1).values
    meets = sum(values) / 6
    parts = []
    for collision, weight in ((False, 1 - meets), (True, meets)):
        if weight > 0:
            options = SlamOptions(collision=collision, **common)
            parts.append((weight, SlamOdds(data).odds(options)))
    answer = _mixed(parts)
    where = ("nothing it would meet" if flight.stopper_at is None else
             f'a model or obstruction {flight.stopper_at:.1f}" behind it')
    return _with(answer, [
        _numbers("slam", common),
        f'slam reaches ({line.gap:.1f}" to the target, moves {moved:.1f}"): a hit slams it '
        f"d6\"{' halved' if flight.halved else ''}; {where}: "
        f"{meets:.0%} chance of the extra damage die"])


def _mixed(parts: Sequence[tuple[float, OddsAnswer]]) -> OddsAnswer:
    """The answers of the slam meeting something or not, weighed by their chances."""
    if len(parts) == 1:
        return parts[0][1]
    totals: dict[int, float] = {}
    named: dict[str, float] = {}
    for weight, answer in parts:
        for value, p in answer.distribution.items():
            totals[value] = totals.get(value, 0.0) + weight * p
        for key, p in answer.named.items():
            named[key] = named.get(key, 0.0) + weight * p
    notes = tuple(dict.fromkeys(n for _, a in parts for n in a.notes))
    first = parts[0][1]
    return OddsAnswer(Dist.from_mapping(totals), first.outcome, named, notes, facts=first.facts)


def _headbutt(data: HordesData, state: HordesState, me: Model, target: Model) -> OddsAnswer:
    strike = Strike("melee", 0, power_attack=True, strength_damage=True, weapon="Headbutt")
    common = _common(data, state, me, target, strike)
    if target.knocked_down:  # hit automatically: its knockdown changes nothing
        common["attacker"] = ""
        answer = MeleeOdds(data).odds(WeaponOptions(**common))
    else:  # an attack roll, knocked down on a hit, STR damage: a slam with no flight
        answer = SlamOdds(data).odds(SlamOptions(larger_base=False, **common))
    return _with(answer, ["headbutt: a hit knocks the target down, damage 2d6 + STR",
                          _numbers("slam", common)])


def _free_strike(data: HordesData, state: HordesState, action: act.FreeStrike
                 ) -> OddsAnswer | None:
    if action.weapon < 0 or not state.stack or not isinstance(state.stack[-1], FreeStrikeOffer):
        return None
    offer = state.stack[-1]
    striker, victim = _model(state, offer.striker), _model(state, offer.victim)
    if striker is None or victim is None:
        return None
    weapons = data.models[striker.card].weapons
    if not 0 <= action.weapon < len(weapons):
        return None
    weapon = weapons[action.weapon]
    return _weapon_odds(data, state, striker, victim, weapon, free_strike(weapon),
                        ["free strike: +2 to hit, its damage roll boosted"])


def _damage_boost(data: HordesData, state: HordesState, action: act.DamageBoost
                  ) -> OddsAnswer | None:
    """The damage roll owed on the target, boosted (one more die, 1 fury) or not, as the
    warlock decides once its attack has hit: the boxes it marks and what it leaves of the
    target, from what is marked on it now (HOR-BOOST, HOR-DAMAGE-ROLL)."""
    owed = state.stack[-1] if state.stack else None
    if not isinstance(owed, DamageRoll) or owed.target != action.target:
        return None
    attacker, target = _model(state, owed.attacker), _model(state, owed.target)
    if attacker is None or target is None or not target.alive:
        return None
    dice = dice_count(action.boost, is_crippled(data, attacker, "body"))
    answer = damage_roll_odds(data, target.card, marks(target), dice=dice, power=owed.power,
                              arm=stat(data, target, "arm"), down=target.knocked_down)
    said = ("boosted: one more die for 1 fury" if action.boost else "not boosted")
    return _with(answer, [f"the attack has hit: its damage roll {said}",
                          *_after(attacker, target)])


# ---------------------------------------------------------------------- words


def distance_words(data: HordesData, state: HordesState, action: Action) -> str:
    """What an option's words add: how far its target is, and whether it reaches (a ranged
    attack's or offensive spell's range, a charge's or slam's run-out); ``""`` for the
    rest."""
    frame = activation(state)
    me = _model(state, frame.model) if frame is not None else None
    target = _model(state, getattr(action, "target", -1))
    if me is None or target is None or me is target:
        return ""
    away = gap(data, me, target)
    if isinstance(action, act.Attack):
        weapons = data.models[me.card].weapons
        if not 0 <= action.weapon < len(weapons) or weapons[action.weapon].kind == "melee":
            return ""
        rng = weapons[action.weapon].rng
        return _reach(away, rng, "spray" in weapons[action.weapon].qualities)
    if isinstance(action, act.Cast | act.Animus):
        spell = action.spell if isinstance(action, act.Cast) else (
            data.models[state.models[action.beast].card].animus
            if 0 <= action.beast < len(state.models) else None)
        record = data.spells.get(spell or "")
        if record is None or not record.off or isinstance(record.rng, str):
            return ""
        return _reach(away, float(record.rng), False)
    if isinstance(action, act.Charge | act.Slam):
        slam = isinstance(action, act.Slam)
        moved = rush_line(data, state, me, target, slam).moved(action.stop_short)
        reaches = rush_reaches(data, state, me, target, slam, action.stop_short)
        verdict = "reaches" if reaches else "cannot reach"
        return f' ({away:.1f}" away, moves {moved:.1f}": {verdict})'
    return ""


def _reach(away: float, rng: float, spray: bool) -> str:
    if away > rng + 1e-9 and not spray:
        return f' ({away:.1f}" away, range {rng:g}": out of range, automatic miss)'
    return f' ({away:.1f}" away, range {rng:g}")'
