"""Play one hand while holding each agent responsible for its own failures.

:func:`play_guarded` is the arena's version of
:func:`pokergym.agents.play_hand`: the same protocol (``reset``, the private
start event, ``act``, every public event through ``observe``), but a failure
never escapes. An exception raised by an agent, or an action the engine
rejects, ends the hand and comes back as a :class:`HandFailure` naming the
seat at fault; the arena voids the hand instead of stopping the match.
Illegal actions are never repaired into legal ones.

The rules of a hand live in one generator, :func:`guarded_hand`, which yields
a :class:`Turn` whenever an agent must choose and leaves the choosing to its
caller. Two small drivers answer the turns: :func:`drive` calls
:meth:`~pokergym.agents.base.Agent.act`, and :func:`drive_async` awaits
:meth:`~pokergym.agents.base.AsyncAgent.act_async` where an agent has it, so
an event loop can play many hands while each waits for its agent. Generators
that contain hands (a block of pairs) ``yield from`` them and are driven the
same way, so both paths run the very same code and give the same results.
"""

from __future__ import annotations

import traceback
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

import numpy as np

from pokergym.agents.base import Agent, AsyncAgent
from pokergym.engine.actions import Action
from pokergym.engine.events import EventFeed
from pokergym.engine.state import HandState
from pokergym.engine.view import PlayerView
from pokergym.errors import IllegalActionError

__all__ = [
    "FailureKind",
    "HandFailure",
    "PlayedLog",
    "Steps",
    "Turn",
    "drive",
    "drive_async",
    "guarded_hand",
    "play_guarded",
]

FailureKind = Literal["exception", "illegal"]
"""``"exception"``: the agent raised; ``"illegal"``: it returned an action the engine refused."""


@dataclass(frozen=True, slots=True)
class HandFailure:
    """Why a hand could not be finished.

    Attributes:
        seat: the seat whose agent failed.
        kind: ``"exception"`` or ``"illegal"``.
        detail: the traceback text, or the rejected action and the engine's reason.
    """

    seat: int
    kind: FailureKind
    detail: str


@dataclass(frozen=True, slots=True)
class Turn:
    """A decision the driver must obtain: ``agent`` is to act on ``view``.

    Attributes:
        agent: the agent whose turn it is.
        view: what it sees.
    """

    agent: Agent
    view: PlayerView


@dataclass(frozen=True, slots=True)
class PlayedLog:
    """The distributions the known seats played at, by action index in the hand's history.

    Attributes:
        seats: the seats whose strategies are logged.
        by_action: for each logged action (its index in the hand's history), the distribution reported.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> class Folder(CallAgent):
        ...     def act(self, view):
        ...         return Action.fold()
        ...     def action_probabilities(self, view):
        ...         return [(Action.fold(), 1.0)]
        >>> log = PlayedLog(frozenset({0}))
        >>> rngs = [np.random.default_rng(0), np.random.default_rng(1)]
        >>> drive(guarded_hand(HandState.new(deck=tuple(range(9))), [Folder(), CallAgent()], rngs, log))
        >>> log.by_action
        {0: [(Action(kind=<ActionKind.FOLD: 0>, amount=0), 1.0)]}
    """

    seats: frozenset[int]
    by_action: dict[int, Sequence[tuple[Action, float]]] = field(default_factory=dict)

    def log(self, index: int, agent: Agent, view: PlayerView) -> None:
        """Record ``agent``'s distribution at ``view`` as that of action ``index`` (if its seat is logged)."""
        if view.seat in self.seats:
            self.by_action[index] = agent.action_probabilities(view)  # type: ignore[attr-defined]

    def played(self, before: HandState, seat: int) -> Sequence[tuple[Action, float]]:
        """The distribution logged for the action taken at ``before`` (AIVAT's strategy lookup)."""
        return self.by_action[len(before.history)]


R = TypeVar("R")

Steps = Generator[Turn, object, R]
"""A game played step by step: yields turns, is sent what the agent returned (or thrown what it raised),
and returns its result."""


def guarded_hand(
    state: HandState,
    agents: Sequence[Agent],
    rngs: Sequence[np.random.Generator],
    played: PlayedLog | None = None,
) -> Steps[HandFailure | None]:
    """Play ``state`` to the end, yielding a :class:`Turn` for every decision (see the module docstring).

    Send back what the agent returned, or throw in what it raised; the
    generator returns ``None`` when the hand finished (``state`` is
    terminal), else the failure that stopped it (``state`` is left where it
    stopped). :func:`drive` and :func:`drive_async` do the sending.

    With ``played``, every accepted action of a seat in ``played.seats`` is logged with the distribution its
    agent reports for the same view (``action_probabilities``, asked once the agent has acted): AIVAT's action
    terms (:mod:`pokergym.arena.variance`) then use the strategy played, with no agent asked after the hand.
    An exception raised there is the agent's failure, as one raised by ``act``.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> rngs = [np.random.default_rng(0), np.random.default_rng(1)]
        >>> steps = guarded_hand(HandState.new(deck=tuple(range(9))), [CallAgent(), CallAgent()], rngs)
        >>> turn = next(steps)
        >>> turn.view.seat, turn.view.to_call
        (0, 50)
        >>> steps.send("fold")  # not an Action: the hand ends there
        Traceback (most recent call last):
        StopIteration: HandFailure(seat=0, kind='illegal', detail="act() returned 'fold', which is not an Action")
    """
    feed = EventFeed(state)
    seat = 0
    try:
        for seat in (0, 1):
            agents[seat].reset(seat, rngs[seat])
            agents[seat].observe(feed.start(seat))
        while True:
            for event in feed.pending():
                for seat in (0, 1):
                    agents[seat].observe(event)
            if state.terminal:
                return None
            seat = state.actor
            view = state.view(seat)
            action = yield Turn(agents[seat], view)
            if not isinstance(action, Action):
                return HandFailure(seat, "illegal", f"act() returned {action!r}, which is not an Action")
            if played is not None:
                played.log(len(state.history), agents[seat], view)
            try:
                state.apply(action, seat)
            except IllegalActionError as exc:
                return HandFailure(seat, "illegal", str(exc))
    except Exception:
        return HandFailure(seat, "exception", traceback.format_exc())


def _resume(steps: Steps[R], answer: object = None, error: Exception | None = None) -> Turn | R:
    """Send ``answer`` (or throw ``error``) into ``steps``: the next turn, or the result once it returns."""
    try:
        if error is None:
            return steps.send(answer)
        # Drop the driver's own frame: the traceback starts in the agent, whichever driver asked it.
        return steps.throw(error.with_traceback(error.__traceback__.tb_next if error.__traceback__ else None))
    except StopIteration as stop:
        result: R = stop.value
        return result


def drive(steps: Steps[R]) -> R:
    """Run ``steps`` to the end, calling ``act`` for each turn.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> rngs = [np.random.default_rng(0), np.random.default_rng(1)]
        >>> state = HandState.new(deck=tuple(range(9)))
        >>> drive(guarded_hand(state, [CallAgent(), CallAgent()], rngs)), state.terminal
        (None, True)
    """
    step = _resume(steps)
    while isinstance(step, Turn):
        try:
            answer = step.agent.act(step.view)
        except Exception as exc:
            step = _resume(steps, error=exc)
        else:
            step = _resume(steps, answer)
    return step


async def drive_async(steps: Steps[R]) -> R:
    """Run ``steps`` to the end, awaiting ``act_async`` of agents that have it and calling ``act`` of the others.

    Example:
        >>> import asyncio
        >>> from pokergym.agents import CallAgent
        >>> rngs = [np.random.default_rng(0), np.random.default_rng(1)]
        >>> state = HandState.new(deck=tuple(range(9)))
        >>> asyncio.run(drive_async(guarded_hand(state, [CallAgent(), CallAgent()], rngs))), state.terminal
        (None, True)
    """
    step = _resume(steps)
    while isinstance(step, Turn):
        agent = step.agent
        try:
            answer = await agent.act_async(step.view) if isinstance(agent, AsyncAgent) else agent.act(step.view)
        except Exception as exc:
            step = _resume(steps, error=exc)
        else:
            step = _resume(steps, answer)
    return step


def play_guarded(state: HandState, agents: Sequence[Agent], rngs: Sequence[np.random.Generator]) -> HandFailure | None:
    """Play ``state`` to the end with ``agents[seat]`` acting for each seat.

    Returns:
        ``None`` when the hand finished (``state`` is terminal), else the
        failure that stopped it (``state`` is left where it stopped).

    Example:
        >>> from pokergym.agents import CallAgent
        >>> from pokergym.engine import Action
        >>> class Stubborn(CallAgent):
        ...     def act(self, view):
        ...         return Action.check()
        >>> rngs = [np.random.default_rng(0), np.random.default_rng(1)]
        >>> state = HandState.new(deck=tuple(range(9)))
        >>> failure = play_guarded(state, [Stubborn(), CallAgent()], rngs)
        >>> failure.seat, failure.kind, state.terminal
        (0, 'illegal', False)
        >>> play_guarded(HandState.new(deck=tuple(range(9))), [CallAgent(), CallAgent()], rngs) is None
        True
    """
    return drive(guarded_hand(state, agents, rngs))
