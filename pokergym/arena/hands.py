"""Play one hand while holding each agent responsible for its own failures.

:func:`play_guarded` is the arena's version of
:func:`pokergym.agents.play_hand`: the same protocol (``reset``, the private
start event, ``act``, every public event through ``observe``), but a failure
never escapes. An exception raised by an agent, or an action the engine
rejects, ends the hand and comes back as a :class:`HandFailure` naming the
seat at fault; the arena voids the hand instead of stopping the match.
Illegal actions are never repaired into legal ones.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from pokergym.agents.base import Agent
from pokergym.engine.actions import Action
from pokergym.engine.events import EventFeed
from pokergym.engine.state import HandState
from pokergym.errors import IllegalActionError

__all__ = ["FailureKind", "HandFailure", "play_guarded"]

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
            action = agents[seat].act(state.view(seat))
            if not isinstance(action, Action):
                return HandFailure(seat, "illegal", f"act() returned {action!r}, which is not an Action")
            try:
                state.apply(action, seat)
            except IllegalActionError as exc:
                return HandFailure(seat, "illegal", str(exc))
    except Exception:
        return HandFailure(seat, "exception", traceback.format_exc())
