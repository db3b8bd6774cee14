"""The interface every pokergym agent implements."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from pokergym.engine.actions import Action
from pokergym.engine.events import Event
from pokergym.engine.view import PlayerView

__all__ = ["Agent", "AsyncAgent", "BaseAgent", "is_memoryless"]


@runtime_checkable
class Agent(Protocol):
    """A poker player: anything with these four members can sit at a table.

    The driver (an environment, the arena, a test) calls :meth:`reset` at the
    start of every hand with the agent's seat and the generator it must draw
    all its randomness from, :meth:`act` whenever the agent is to act, and
    :meth:`observe` with every event of the hand in order (including the
    opponent's cards when shown). An agent never sees the opponent's hole
    cards in a :class:`PlayerView`.
    """

    name: str

    def reset(self, seat: int, rng: np.random.Generator) -> None:
        """Start a new hand in ``seat``; draw all randomness from ``rng``."""

    def act(self, view: PlayerView) -> Action:
        """Choose a legal action for ``view`` (it is this agent's turn)."""
        ...

    def observe(self, event: Event) -> None:
        """Learn from something that happened in the hand."""


@runtime_checkable
class AsyncAgent(Agent, Protocol):
    """An agent that can also choose its action in a coroutine, e.g. while waiting for a remote model.

    Drivers that run many hands at once in an event loop (the arena's
    ``"async"`` backend) await :meth:`act_async` instead of calling
    :meth:`act`; every other driver keeps calling :meth:`act`. Both must choose
    the same action for the same view and generator state, so a match gives
    the same result either way. Agents without these two members are simply
    called through :meth:`act`.
    """

    async def act_async(self, view: PlayerView) -> Action:
        """Choose a legal action for ``view``, awaiting whatever is slow."""
        ...

    async def aclose(self) -> None:
        """Release what :meth:`act_async` opened in the running event loop (called before the loop closes)."""


class BaseAgent:
    """Convenience base class: keeps the seat and generator, ignores events.

    Subclasses implement :meth:`act` and may override :meth:`observe`.

    Attributes:
        name: a display name.
        draws_random: ``False`` promises that the agent never draws from the
            generator it is given, so environments may skip reseeding it
            (class attribute; default ``True``). A subclass that adds
            randomness to a class declaring ``False`` must set it back.
        memoryless: ``True`` promises that the agent's play (and its
            ``action_probabilities``, if it has them) depends on the current
            view only, never on what it remembers of earlier hands or events
            (class attribute; default ``False``, the safe answer). AIVAT's
            action terms and LBR's memo of answers rely on it; see
            :func:`is_memoryless`. A subclass that adds memory to a class
            declaring ``True`` must set it back.
        seat: the seat of the current hand.
        rng: the generator of the current hand.
    """

    name = "agent"
    draws_random = True
    memoryless = False

    def __init__(self, name: str | None = None) -> None:
        """Create the agent, optionally with a display name."""
        if name is not None:
            self.name = name
        self.seat = 0
        self.rng: np.random.Generator = np.random.default_rng(0)

    def reset(self, seat: int, rng: np.random.Generator) -> None:
        """Remember the seat and generator of the new hand."""
        self.seat = seat
        self.rng = rng

    def act(self, view: PlayerView) -> Action:
        """Choose an action; subclasses must implement this."""
        raise NotImplementedError(f"{type(self).__name__} must implement act()")

    def observe(self, event: Event) -> None:
        """Ignore events by default."""

    def __repr__(self) -> str:
        """E.g. ``RandomAgent(name='random')``."""
        return f"{type(self).__name__}(name={self.name!r})"


def is_memoryless(agent: object) -> bool:
    """Whether ``agent`` declares that its play depends on the current view only (``memoryless = True``).

    Agents that do not say are taken to learn (``False``): an estimator that
    needs a fixed strategy must not trust them.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> is_memoryless(CallAgent()), is_memoryless(BaseAgent()), is_memoryless(object())
        (True, False, False)
    """
    return getattr(agent, "memoryless", False) is True
