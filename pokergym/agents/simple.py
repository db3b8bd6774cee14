"""The two simplest opponents, shipped with the environments.

More bots (always-fold, maniac, honest, fish, ...) live in ``baselines``.
"""

from __future__ import annotations

import math

from pokergym.agents.base import BaseAgent
from pokergym.engine.actions import Action
from pokergym.engine.state import LegalActions
from pokergym.engine.view import PlayerView
from pokergym.errors import AgentError

__all__ = ["CallAgent", "RandomAgent"]


def _legal(view: PlayerView) -> LegalActions:
    legal = view.legal
    if legal is None:
        raise AgentError(f"seat {view.seat} is asked to act but it is not its turn")
    return legal


class RandomAgent(BaseAgent):
    """Plays a uniformly random legal action type.

    Each decision picks uniformly among the action types that are legal
    (fold, check or call, bet/raise); a bet or raise is sized log-uniformly
    between the minimum raise-to and all-in, so small and large bets are both
    common. All randomness comes from the generator given to :meth:`reset`.

    Example:
        >>> import numpy as np
        >>> from pokergym.engine import HandState
        >>> agent = RandomAgent(); agent.reset(0, np.random.default_rng(1))
        >>> state = HandState.new(rng=np.random.default_rng(2))
        >>> state.can_apply(agent.act(state.view(0)))
        True
    """

    name = "random"
    memoryless = True

    def act(self, view: PlayerView) -> Action:
        """Pick a random legal action type, then a random size."""
        legal = _legal(view)
        options = 2 + legal.can_raise if legal.can_fold else 1 + legal.can_raise
        pick = int(self.rng.integers(options))
        if legal.can_fold:
            if pick == 0:
                return Action.fold()
            pick -= 1
        if pick == 0:
            return Action.call() if legal.can_call else Action.check()
        low, high = legal.min_raise_to, legal.max_raise_to
        amount = round(math.exp(self.rng.uniform(math.log(low), math.log(high)))) if low < high else high
        return Action.raise_to(min(max(amount, low), high))


class CallAgent(BaseAgent):
    """A calling station: checks when it can, otherwise calls; never folds or raises.

    Example:
        >>> from pokergym.engine import HandState
        >>> str(CallAgent().act(HandState.new(deck=tuple(range(9))).view(0)))
        'call'
    """

    name = "call"
    draws_random = False
    memoryless = True

    def act(self, view: PlayerView) -> Action:
        """Check or call."""
        return Action.call() if _legal(view).can_call else Action.check()
