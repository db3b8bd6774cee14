"""The agent in ``HUNL-v0``'s seat 1: its generator, its event feed, and how it plays on the engine.

Example:
    >>> from pokergym.agents import CallAgent
    >>> from pokergym.engine.dealer import Dealer
    >>> from pokergym.envs.table import HandTable
    >>> seat = OpponentSeat(CallAgent())
    >>> table = HandTable(button=1)
    >>> hand = table.deal(Dealer.from_seed(0))
    >>> seat.start(hand)
    >>> seat.play(hand)  # the calling station completes the small blind
    >>> hand.actor, [str(record) for record in hand.history]
    (0, ['seat 1 calls 50'])
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pokergym.agents.base import Agent, BaseAgent
from pokergym.agents.simple import CallAgent
from pokergym.engine.actions import ActionKind
from pokergym.engine.events import EventFeed
from pokergym.engine.state import HandState
from pokergym.engine.view import make_view
from pokergym.envs.seeding import key_generator
from pokergym.errors import AgentError

__all__ = ["OPPONENT", "OpponentSeat"]

OPPONENT = 1
"""The opponent's seat."""
_SIZED = (ActionKind.BET, ActionKind.RAISE)
# The engine method taking each action kind that needs no amount.
_TAKE: dict[ActionKind, Callable[[HandState], None]] = {
    ActionKind.FOLD: HandState.fold,
    ActionKind.CHECK: HandState.check,
    ActionKind.CALL: HandState.call,
    ActionKind.ALL_IN: HandState.all_in,
}


class OpponentSeat:
    """An :class:`~pokergym.agents.Agent` in seat 1, with its generator and its view of the events.

    Args:
        agent: the agent.

    Attributes:
        agent: the agent.
        rng: its generator (put in the dealer key's state by :meth:`seed`).
        seeded: whether :meth:`seed` has run.
        listens: whether the agent overrides ``observe`` (it is then sent every event).
        draws: whether the agent draws from its generator (``draws_random``; seeding is skipped otherwise).
        calls: whether it is the calling station, played inline (check or call, no events).
    """

    __slots__ = ("_feed", "agent", "calls", "draws", "listens", "rng", "seeded")

    def __init__(self, agent: Agent) -> None:
        """Record what the agent needs: events, seeding, or neither."""
        self.agent = agent
        self.rng = np.random.Generator(np.random.PCG64(0))
        self.seeded = False
        self.listens = not (isinstance(agent, BaseAgent) and type(agent).observe is BaseAgent.observe)
        self.draws = bool(getattr(agent, "draws_random", True))
        self.calls = type(agent) is CallAgent
        self._feed: EventFeed | None = None

    def seed(self, key: int) -> None:
        """Put the generator in the state of the dealer's ``key`` (if the agent draws at all)."""
        if self.draws:
            key_generator(self.rng, key)
        self.seeded = True

    def reset(self) -> None:
        """Tell the agent a hand starts (``reset(1, rng)``)."""
        self.agent.reset(OPPONENT, self.rng)

    def start(self, hand: HandState) -> None:
        """Reset the agent for ``hand`` and, if it listens, send it the hand's start."""
        agent = self.agent
        agent.reset(OPPONENT, self.rng)
        if self.listens:
            feed = EventFeed(hand)
            self._feed = feed
            agent.observe(feed.start(OPPONENT))

    def play(self, hand: HandState) -> None:
        """Send the agent the new events and let it act while it is the seat to act.

        Raises:
            AgentError: the agent raised an exception or chose an illegal action.
        """
        if self.calls:
            while hand.actor == OPPONENT:
                hand.check_or_call()
            return
        agent = self.agent
        feed = self._feed if self.listens else None
        if feed is not None:
            for event in feed.pending():
                agent.observe(event)
        act = agent.act
        while hand.actor == OPPONENT:
            try:
                action = act(make_view(hand, OPPONENT))
                # The engine's shortcuts check legality like apply() does, at a fraction of its cost.
                kind = action.kind
                if kind in _SIZED:
                    hand.raise_to(action.amount)
                else:
                    _TAKE[kind](hand)
            except Exception as err:  # whatever went wrong, the opponent failed to decide
                raise AgentError(f"opponent {agent.name!r} failed to act: {err!r}") from err
            if feed is not None:
                for event in feed.pending():
                    agent.observe(event)
