"""Play any pokergym :class:`~pokergym.agents.Agent` as a policy in the PettingZoo environment.

The adapter reads the environment's engine state to build the agent's
:class:`~pokergym.engine.PlayerView`. That is legitimate: a view holds only
what its seat may know (its own cards and public information), exactly what
the AEC observation encodes. The agent's :class:`~pokergym.engine.Action` is
mapped to the nearest legal action of the environment's action mode (for the
discrete mode, the legal pot-fraction size closest in chips).

Example:
    >>> from pokergym.agents import CallAgent, RandomAgent
    >>> from pokergym.pettingzoo import hunl_v0
    >>> env = hunl_v0.env()
    >>> env.reset(seed=3)
    >>> policies = {"player_0": AgentPolicy(RandomAgent(), env, "player_0", seed=1),
    ...             "player_1": AgentPolicy(CallAgent(), env, "player_1")}
    >>> for name in env.agent_iter():
    ...     observation, reward, terminated, truncated, info = env.last()
    ...     env.step(None if terminated or truncated else policies[name](observation, name))
    >>> info["payoffs"][0] + info["payoffs"][1]
    0
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv

from pokergym.agents.base import Agent
from pokergym.agents.specs import resolve_agent
from pokergym.engine.events import EventFeed
from pokergym.engine.state import HandState
from pokergym.pettingzoo.hunl_v0 import raw_env

__all__ = ["AgentPolicy"]


class AgentPolicy:
    """A callable ``policy(observation, agent_name) -> action`` backed by a pokergym agent.

    Each adapter plays one player of the environment. Whenever it is called,
    or :meth:`sync` is, it catches the agent up with the environment: at a new
    hand it delivers what is left of the previous one, resets the agent with
    its seat and the adapter's generator and sends its start event; then it
    delivers the public events since the previous call. Call :meth:`sync`
    after a hand in which the player never had to act (or after the last
    hand) so the agent still sees it.

    Args:
        agent: the pokergym agent, or a spec such as ``"honest"`` (see :mod:`pokergym.agents.specs`).
        env: the PettingZoo environment (wrapped or not) built by :mod:`pokergym.pettingzoo.hunl_v0`.
        player: the agent name it plays, ``"player_0"`` or ``"player_1"``.
        seed: seed of the generator handed to the agent at every hand.

    Attributes:
        agent: the wrapped agent.
        player: the agent name it plays.
    """

    def __init__(
        self,
        agent: Agent | str,
        env: AECEnv[str, dict[str, np.ndarray], Any],
        player: str,
        seed: int | None = None,
    ) -> None:
        """Bind ``agent`` to ``player`` of ``env``.

        Raises:
            TypeError: if ``env`` is not a pokergym PettingZoo environment.
            ValueError: if ``player`` is not one of its agents.
            AgentSpecError: if ``agent`` is a spec that names no installed agent.
        """
        raw = getattr(env, "unwrapped", None)
        if not isinstance(raw, raw_env):
            raise TypeError(f"AgentPolicy needs a pokergym.pettingzoo environment, got {env!r}")
        if player not in raw.possible_agents:
            raise ValueError(f"player must be one of {raw.possible_agents}, got {player!r}")
        self.agent = resolve_agent(agent)
        self.player = player
        self._env = raw
        self._seat = raw.seat_of(player)
        self._rng = np.random.default_rng(seed)
        self._hand: HandState | None = None
        self._feed: EventFeed | None = None

    def __call__(self, observation: object, agent_name: str | None = None) -> Any:
        """The player's action, in the environment's action space (``observation`` is not needed).

        Raises:
            ValueError: if ``agent_name`` is another player, or it is not this player's turn.
            IllegalActionError: if the agent chose an illegal action.
        """
        if agent_name is not None and agent_name != self.player:
            raise ValueError(f"this policy plays {self.player}, not {agent_name}")
        hand = self._env.hand
        if hand.actor != self._seat:
            raise ValueError(f"{self.player} is not the agent to act")
        self.sync()
        action = self.agent.act(hand.view(self._seat))
        return self._env.codec.encode(action, hand)

    def sync(self) -> None:
        """Deliver to the agent everything about the environment's current hand it has not seen yet."""
        hand = self._env.hand
        feed = self._feed
        if hand is not self._hand:
            if feed is not None:
                for event in feed.pending():
                    self.agent.observe(event)
            self._hand = hand
            feed = self._feed = EventFeed(hand)
            self.agent.reset(self._seat, self._rng)
            self.agent.observe(feed.start(self._seat))
        assert feed is not None
        for event in feed.pending():
            self.agent.observe(event)
