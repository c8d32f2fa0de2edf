r"""How an Armada battle is won, in words, and how it stands (the web table shows both).

Everything said is read from the rules :mod:`.rounds` ends the battle by: a side with no
active fleet is beaten (ARM-END-BEATEN), and at the engine's round limit the build points
of enemy fleets beaten decide (ARM-END-LIMIT); the standing gives each side's active fleets
and the build points it has beaten, and what the battle would end in, judged by
:func:`.rounds.battle_verdict` itself.

It is judged from the seat's own view (ARM-OFF-SCAN): an enemy fleet's build points are
known to a seat only once its scans have taught the fleet's statistics and special
abilities (its class, size and tier, and what its abilities cost), and a spectator knows
no fleet's. A fleet beaten whose build points the view does not know is named as such,
never counted by the prior its observation holds in their place; and while one is, the
standing says the build points beaten cannot yet tell who would win.

>>> from warbench.core.engine import Game
>>> from warbench.rulesets.armada import ArmadaRuleset
>>> rules = ArmadaRuleset()
>>> game = Game.new(rules, rules.default_setup(), seed=1, players=2)
>>> print(victory_text(rules.observe(game.state, 0)).headline.replace(" · ", "\n"))
Round 1 of 10
build points beaten: Vanguard Picket 0, Red Talon Raiders 0
if it ended now: a draw
"""

from __future__ import annotations

from warbench.core.procedures import Outcome
from warbench.core.victory import APART, Victory, verdict
from warbench.core.words import counted, one_of, player_name
from warbench.rulesets.armada.names import fleet_labels, side_label
from warbench.rulesets.armada.rounds import battle_verdict
from warbench.rulesets.armada.sight import ABILITIES, SeenState
from warbench.rulesets.armada.state import ACTIVE, ArmadaState, Fleet


def victory_text(state: ArmadaState) -> Victory:
    """How this battle is won (a side beaten, the round limit's build points) and its
    standing as the view ``state`` knows it."""
    return Victory(_how(state), _standing(state), _headline(state))


def _how(state: ArmadaState) -> tuple[str, ...]:
    sides = " against ".join(f"{side.name} ({player_name(number)})"
                             for number, side in enumerate(state.sides))
    lines = [
        f"{sides}.",
        "A fleet disabled or destroyed is beaten; the battle ends when at most one side still "
        "has an active fleet, and that side wins (none left: a draw) (ARM-END-BEATEN).",
    ]
    if state.max_rounds:
        lines.append(
            f"Otherwise it ends after round {state.max_rounds} (engine default: the rules set "
            "no limit): the side that has disabled or destroyed more build points of enemy "
            "fleets wins; equal build points are a draw (ARM-END-LIMIT).")
        lines.append("An enemy fleet's build points are known to a side once its scans have "
                     "taught the fleet's statistics and special abilities (ARM-OFF-SCAN).")
    else:
        lines.append("No round limit, as the rules play it: the battle goes on until a side "
                     "is beaten (ARM-END-LIMIT).")
    return tuple(lines)


def _known(state: ArmadaState, fleet: Fleet) -> bool:
    """Whether the view knows ``fleet``'s build points: its own fleets, and an enemy's
    whose statistics and abilities its scans taught (a state that is no one seat's view,
    the referee's: all)."""
    if not isinstance(state, SeenState):
        return True
    return state.known[state.fleets.index(fleet)] >= ABILITIES


def _beaten(state: ArmadaState, side: int) -> list[Fleet]:
    """The enemy fleets ``side`` has beaten (disabled or destroyed)."""
    return [f for f in state.fleets if f.side != side and f.status != ACTIVE]


def _unknown(state: ArmadaState) -> list[Fleet]:
    """The fleets beaten whose build points the view does not know."""
    return [f for f in state.fleets if f.status != ACTIVE and not _known(state, f)]


def _round(state: ArmadaState) -> str:
    limit = f" of {state.max_rounds}" if state.max_rounds else " (no round limit)"
    return f"Round {state.round}{limit}"


def _beaten_words(state: ArmadaState, side: int) -> str:
    """``it has beaten 2 enemy fleets: 24 build points`` (or which are not known)."""
    beaten = _beaten(state, side)
    if not beaten:
        return "it has beaten no enemy fleet"
    known = [f for f in beaten if _known(state, f)]
    said = f"it has beaten {counted(len(beaten), 'enemy fleet')}: "
    if len(known) == len(beaten):
        return said + f"{sum(f.cost for f in known)} build points"
    labels = fleet_labels(state.fleets)
    unknown = one_of([labels[f.id] for f in beaten if f not in known], "and")
    if known:
        said += f"{sum(f.cost for f in known)} build points known, and "
    return said + f"{unknown}, whose build points are unknown here (not scanned)"


def _standing(state: ArmadaState) -> tuple[str, ...]:
    if state.round == 0:
        return (f"{_round(state)}: the armadas are setting up.",)
    lines = [f"{_round(state)}."]
    for number in range(len(state.sides)):
        fleets = [f for f in state.fleets if f.side == number]
        active = len(state.active_fleets(number))
        lines.append(f"{side_label(state, number)}: {active} of "
                     f"{counted(len(fleets), 'fleet')} active; " + _beaten_words(state, number))
    if state.outcome is None and state.max_rounds:
        lines.append(f"If the last round ended now: {_ending(state)}.")
    return tuple(lines)


def _judged(state: ArmadaState) -> Outcome | None:
    """What the engine's judgement at the round limit would make of the battle now, where
    the view knows every build point beaten (``None`` where it does not)."""
    if _unknown(state):
        return None
    ending = battle_verdict(state, at_limit=True)
    assert ending is not None  # at the limit the battle always ends
    return ending


def _ending(state: ArmadaState) -> str:
    """The verdict of :func:`_judged`, or which fleets' build points the view lacks."""
    ending = _judged(state)
    if ending is None:
        return ("the build points beaten cannot tell who would win here: "
                + one_of([fleet_labels(state.fleets)[f.id] for f in _unknown(state)], "and")
                + " not scanned")
    return verdict(ending, lambda won: side_label(state, won[0]), "on build points beaten")


def _headline(state: ArmadaState) -> str:
    """The round, each side's build points beaten and what the battle would end in."""
    if state.round == 0:
        return f"{_round(state)}: the armadas are setting up"

    def beaten(side: int) -> str:
        """``Raiders 12``; with fleets not scanned ``Raiders 12 + ? (1 fleet not scanned)``."""
        fleets = _beaten(state, side)
        known = [f.cost for f in fleets if _known(state, f)]
        unknown = len(fleets) - len(known)
        if not unknown:
            return f"{side_label(state, side)} {sum(known)}"
        return (f"{side_label(state, side)} {f'{sum(known)} + ' if known else ''}? "
                f"({counted(unknown, 'fleet')} not scanned)")

    parts = [_round(state), "build points beaten: " + ", ".join(
        beaten(side) for side in range(len(state.sides)))]
    if state.outcome is None and state.max_rounds:
        ending = _judged(state)
        parts.append("if it ended now: " + ("not known here" if ending is None else verdict(
            ending, lambda won: state.sides[won[0]].name)))
    return APART.join(parts)
