"""Experience rewards: the XP an armada's officers earn for defeating the enemy armada.

The source sends us to the starship-combat XP rules (``data/experience.toml``, all engine
defaults): the enemy armada's tier against the allied armada's sets the difficulty, the
difficulty a challenge rating relative to the party level (the allied armada's tier), and the
CR the party's total XP, which its player characters share evenly; in armada combat they are
the armada's officers. The side that wins the battle earns it; a draw earns nothing.

>>> from warbench.rulesets.armada.state import ArmadaState, Officer, Side
>>> from warbench.core.rng import RandomStream
>>> from warbench.rulesets.armada.data import shipped_tables
>>> state = ArmadaState(players=2, rng=RandomStream.from_seed(1),
...                     sides=[Side("Blue", 6), Side("Red", 3)],
...                     officers=[Officer("Ana", 0, "admiral", 3, 0),
...                               Officer("Bo", 0, "commander", 2, 0)])
>>> reward = rewards_for(state, (0,), shipped_tables())[0]
>>> reward
Reward(side=0, enemy=1, difficulty='easy', challenge_rating=5, total=1600, officers=2, each=800)
>>> reward_text(state, reward)
'the 2 officers of Blue earn 1600 XP (800 each) for defeating Red (easy, CR 5)'
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.state import ArmadaState


@dataclass(frozen=True, slots=True)
class Reward:
    """The XP ``side`` earns for defeating ``enemy``: the encounter's difficulty and CR, the
    total award and each officer's share (an armada without officers takes it as one share)."""

    side: int
    enemy: int
    difficulty: str
    challenge_rating: int
    total: int
    officers: int
    each: int


def reward(state: ArmadaState, side: int, enemy: int, tables: Tables) -> Reward:
    """The XP ``side``'s officers earn for defeating ``enemy``'s armada."""
    party_level = state.sides[side].tier
    difficulty, rating = tables.experience.encounter(
        tables.challenge, party_level, state.sides[enemy].tier
    )
    total = tables.experience.total_xp(rating, party_level)
    officers = sum(1 for officer in state.officers if officer.side == side)
    return Reward(side, enemy, difficulty, rating, total, officers, total // max(officers, 1))


def rewards_for(
    state: ArmadaState, winners: tuple[int, ...], tables: Tables
) -> tuple[Reward, ...]:
    """What a battle won by ``winners`` earns: the sole winner's reward for each armada it
    defeated; nothing for a draw."""
    if len(winners) != 1:
        return ()
    winner = winners[0]
    return tuple(
        reward(state, winner, enemy, tables) for enemy in range(state.players) if enemy != winner
    )


def reward_text(state: ArmadaState, reward: Reward) -> str:
    """The reward in a sentence for the narrator."""
    side, enemy = state.sides[reward.side].name, state.sides[reward.enemy].name
    why = f"for defeating {enemy} ({reward.difficulty}, CR {reward.challenge_rating})"
    if reward.officers == 0:
        return f"{side} earns {reward.total} XP, with no officers to share it, {why}"
    if reward.officers == 1:
        return f"the officer of {side} earns {reward.total} XP {why}"
    return (
        f"the {reward.officers} officers of {side} earn {reward.total} XP ({reward.each} each) "
        + why
    )
