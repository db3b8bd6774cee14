"""PettingZoo front end: the ``hunl_v0`` AEC environment and an agent-to-policy adapter.

Example:
    >>> from pokergym.pettingzoo import hunl_v0
    >>> env = hunl_v0.env()
    >>> env.reset(seed=0)
    >>> env.agents, env.action_space("player_0")
    (['player_0', 'player_1'], Discrete(9))
"""

from pokergym.pettingzoo import hunl_v0
from pokergym.pettingzoo.policy import AgentPolicy

__all__ = ["AgentPolicy", "hunl_v0"]
