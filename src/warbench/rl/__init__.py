"""Learning environments: a PettingZoo AEC environment for every ruleset.

>>> import warbench.rl
>>> game = warbench.rl.env("full-thrust", actions=8)
>>> game.reset(seed=1)
>>> sorted(game.observe(game.agent_selection))
['action_mask', 'observation']

Needs the ``rl`` extra (``pip install warbench[rl]``: pettingzoo, gymnasium). The
encoding of observations and actions is in ``docs/agents.md``; :class:`PolicyAgent` plays a
trained policy as an agent, wherever a bot name is taken.
"""

from warbench.rl.aec import WarbenchEnv, env
from warbench.rl.policy import PolicyAgent

__all__ = ["PolicyAgent", "WarbenchEnv", "env"]
