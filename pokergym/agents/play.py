"""Play hands between two agents: the loop every driver shares."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokergym.agents.base import Agent
from pokergym.engine.events import EventFeed
from pokergym.engine.state import HandState

__all__ = ["broadcast", "play_hand"]


def broadcast(feed: EventFeed, agents: Sequence[Agent]) -> None:
    """Send every pending public event of ``feed`` to both agents, in order."""
    for event in feed.pending():
        for agent in agents:
            agent.observe(event)


def play_hand(state: HandState, agents: Sequence[Agent], rngs: Sequence[np.random.Generator]) -> HandState:
    """Play ``state`` to the end with ``agents[seat]`` acting for each seat.

    Each agent is reset with its seat and generator, receives its private
    start event and then every public event. Actions are checked by the
    engine: an illegal action raises :class:`~pokergym.errors.IllegalActionError`
    and leaves ``state`` as it was before that action.

    Returns:
        ``state``, now terminal.

    Example:
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> state = HandState.new(rng=np.random.default_rng(0))
        >>> rngs = [np.random.default_rng(1), np.random.default_rng(2)]
        >>> play_hand(state, [RandomAgent(), CallAgent()], rngs).terminal
        True
    """
    if len(agents) != 2 or len(rngs) != 2:
        raise ValueError("play_hand needs exactly two agents and two generators")
    feed = EventFeed(state)
    for seat, agent in enumerate(agents):
        agent.reset(seat, rngs[seat])
        agent.observe(feed.start(seat))
    broadcast(feed, agents)
    while not state.terminal:
        seat = state.actor
        state.apply(agents[seat].act(state.view(seat)), seat)
        broadcast(feed, agents)
    return state
